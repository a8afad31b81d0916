// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The rest of Prometheus's http_config (src/prom/config.c, proxy.c,
 * oauth2.c), beside test_prom.c's auth and TLS files: the proxy keys and
 * their rules (prometheus/common's ProxyConfig.Validate), the proxy a
 * request goes through (Go's httpproxy: no_proxy entries, the
 * environment only when asked, loopback direct), tls_config's versions,
 * follow_redirects and enable_http2, oauth2's keys, its token request
 * and its token endpoint's answers; and the keys refused by name.
 */
#include <errno.h>
#include <string.h>

#include "prom.h"
#include "test.h"

static int cfg(const char *text, struct prom_config *c, char *err)
{
	return prom_config_parse(c, text, strlen(text), err, 256);
}

/* a config that must be refused, with want in its message */
static void refused(const char *text, const char *want)
{
	struct prom_config c;
	char err[256] = "";

	CHECK_EQ_U(cfg(text, &c, err), -EINVAL);
	CHECK(strstr(err, want) != NULL);
	if (!strstr(err, want))
		fprintf(stderr, "    want '%s' in '%s'\n", want, err);
}

static void test_keys(void)
{
	struct prom_config c;
	char err[256];

	CHECK_EQ_U(cfg("", &c, err), 0);
	CHECK(c.follow_redirects && c.enable_http2 && !c.proxy_url && !c.tls_min);
	prom_config_free(&c);
	CHECK_EQ_U(cfg("follow_redirects: false\nenable_http2: false\n"
		       "tls_config:\n  min_version: TLS12\n  max_version: TLS13\n"
		       "proxy_url: http://p:3128\nno_proxy: a.example,10.0.0.0/8\n"
		       "proxy_connect_header:\n  Proxy-Authorization: [\"Basic x\", \"Basic y\"]\n",
		       &c, err),
		   0);
	CHECK(!c.follow_redirects && !c.enable_http2);
	CHECK_EQ_U(c.tls_min, 12);
	CHECK_EQ_U(c.tls_max, 13);
	CHECK_EQ_S(c.proxy_url, "http://p:3128");
	CHECK_EQ_S(c.no_proxy, "a.example,10.0.0.0/8");
	CHECK_EQ_U(c.n_connect_headers, 2);
	CHECK_EQ_S(c.connect_headers[1].name, "Proxy-Authorization");
	CHECK_EQ_S(c.connect_headers[1].value, "Basic y");
	prom_config_free(&c);
	CHECK_EQ_U(
		cfg("oauth2:\n  client_id: id\n  client_secret: s\n  token_url: https://t/token\n"
		    "  scopes: [a, b]\n  endpoint_params:\n    audience: prom\n",
		    &c, err),
		0);
	CHECK_EQ_S(c.client_id, "id");
	CHECK_EQ_U(c.n_scopes, 2);
	CHECK_EQ_S(c.scopes[1], "b");
	CHECK_EQ_U(c.n_params, 1);
	CHECK_EQ_S(c.params[0].value, "prom");
	prom_config_free(&c);

	/* Prometheus's rules for the proxy keys */
	refused("proxy_from_environment: true\nproxy_url: http://p\n", "are exclusive");
	refused("proxy_from_environment: true\nno_proxy: a\n", "are exclusive");
	refused("no_proxy: a\n", "no_proxy needs proxy_url");
	refused("proxy_connect_header:\n  A: [b]\n", "needs proxy_url or proxy_from_environment");
	refused("proxy_url: ftp://p\n", "proxy_url: not an http://");
	refused("proxy_url: http://p\nproxy_connect_header:\n  A: b\n", "must be a list");
	refused("proxy_url: http://p\nproxy_connect_header:\n  \"A:B\": [b]\n", "colon");
	refused("proxy_url: http://p\nproxy_connect_header:\n  A: [\"b\\r\\nX: 1\"]\n", "control");
	/* versions */
	refused("tls_config:\n  min_version: TLS14\n", "not a TLS version");
	refused("tls_config:\n  min_version: TLS13\n  max_version: TLS12\n", "below min_version");
	/* oauth2's */
	refused("oauth2:\n  token_url: http://t\n", "client_id missing");
	refused("oauth2:\n  client_id: a\n", "token_url missing");
	refused("oauth2:\n  client_id: a\n  token_url: file:///etc/passwd\n", "not an http://");
	refused("oauth2:\n  client_id: a\n  token_url: http://t\n  client_secret: s\n"
		"  client_secret_file: f\n",
		"are exclusive");
	refused("oauth2:\n  client_id: a\n  token_url: http://t\nbasic_auth:\n  username: u\n",
		"are exclusive");
	refused("oauth2:\n  client_id: a\n  token_url: http://t\n  scopes: a\n", "list of strings");
	/* Prometheus's keys not taken: by name */
	refused("tls_config:\n  ca: x\n",
		"tls_config.ca: a key of Prometheus's that rdmatop does not take");
	refused("http_headers:\n  X: {values: [a]}\n", "http_headers: a key of Prometheus's");
	refused("oauth2:\n  tls_config: {}\n", "oauth2.tls_config: a key of Prometheus's");
	refused("basic_auth:\n  username_ref: x\n", "basic_auth.username_ref");
	refused("tls_config:\n  nosuch: x\n", "unknown key 'nosuch'");
	refused("basic_auth:\n  username: a\n  username_file: b\n", "are exclusive");
}

static const char *fake_env(const char *name)
{
	static const char *const env[][2] = {
		{ "http_proxy", "http://envp:3128" },
		{ "HTTPS_PROXY", "sp:8443" },
		{ "no_proxy", "skip.example,.sub.example,10.1.0.0/16,192.168.1.1:8080" },
	};
	size_t i;

	for (i = 0; i < sizeof(env) / sizeof(env[0]); i++)
		if (!strcmp(env[i][0], name))
			return env[i][1];
	return NULL;
}

/* the proxy of url under config text ("" when none) */
static const char *proxy(const char *text, const char *url)
{
	static char buf[256];
	struct prom_config c;
	const char *from;
	char err[256];

	if (cfg(text, &c, err))
		return "(refused)";
	if (!prom_proxy_for(&c, url, fake_env, buf, sizeof(buf), &from))
		buf[0] = '\0';
	prom_config_free(&c);
	return buf;
}

static void test_proxy(void)
{
	char buf[128];

	/* the environment's only when asked for */
	CHECK_EQ_S(proxy("", "http://prom.example:9090"), "");
	CHECK_EQ_S(proxy("proxy_from_environment: true\n", "http://prom.example:9090"),
		   "http://envp:3128");
	CHECK_EQ_S(proxy("proxy_from_environment: true\n", "https://prom.example"),
		   "http://sp:8443");
	/* NO_PROXY: a domain and its subdomains, a leading dot only these, a
	 * CIDR, an address with its port */
	CHECK_EQ_S(proxy("proxy_from_environment: true\n", "http://skip.example:9090"), "");
	CHECK_EQ_S(proxy("proxy_from_environment: true\n", "http://a.skip.example:9090"), "");
	CHECK_EQ_S(proxy("proxy_from_environment: true\n", "http://noskip.example:9090"),
		   "http://envp:3128");
	CHECK_EQ_S(proxy("proxy_from_environment: true\n", "http://sub.example"),
		   "http://envp:3128");
	CHECK_EQ_S(proxy("proxy_from_environment: true\n", "http://x.sub.example"), "");
	CHECK_EQ_S(proxy("proxy_from_environment: true\n", "http://10.1.2.3:9090"), "");
	CHECK_EQ_S(proxy("proxy_from_environment: true\n", "http://10.2.2.3:9090"),
		   "http://envp:3128");
	CHECK_EQ_S(proxy("proxy_from_environment: true\n", "http://192.168.1.1:8080"), "");
	CHECK_EQ_S(proxy("proxy_from_environment: true\n", "http://192.168.1.1:9090"),
		   "http://envp:3128");
	/* loopback never through the environment's (Go's httpproxy) */
	CHECK_EQ_S(proxy("proxy_from_environment: true\n", "http://127.0.0.2:9090"), "");
	CHECK_EQ_S(proxy("proxy_from_environment: true\n", "http://[::1]:9090"), "");
	CHECK_EQ_S(proxy("proxy_from_environment: true\n", "http://localhost:9090"), "");
	/* proxy_url: every host, loopback too, unless no_proxy decides */
	CHECK_EQ_S(proxy("proxy_url: http://p:1\n", "http://127.0.0.1:9090"), "http://p:1");
	CHECK_EQ_S(proxy("proxy_url: http://p:1\nno_proxy: other\n", "http://127.0.0.1:9090"), "");
	CHECK_EQ_S(proxy("proxy_url: http://p:1\nno_proxy: \"*\"\n", "http://h"), "");
	CHECK_EQ_S(proxy("proxy_url: http://p:1\nno_proxy: \"*.h.example\"\n",
			 "http://a.h.example"),
		   "");
	CHECK_EQ_S(proxy("proxy_url: http://p:1\nno_proxy: \"fd00::/8\"\n", "http://[fd00::1]:80"),
		   "");
	CHECK_EQ_S(proxy("proxy_url: http://p:1\nno_proxy: \" H.Example \"\n", "http://h.example"),
		   "");
	CHECK(prom_no_proxy("a,b", "http://user:pw@b:1/x"));
	CHECK(!prom_no_proxy("a,b", "http://bb:1/x"));
	/* a password in a proxy's URL is not said */
	CHECK_EQ_S(prom_url_redacted("http://u:pw@p:1/", buf, sizeof(buf)), "http://u:xxxxx@p:1/");
	CHECK_EQ_S(prom_url_redacted("http://p:1/a@b", buf, sizeof(buf)), "http://p:1/a@b");
}

static int answer(long code, const char *json, struct prom_token *t, char *why)
{
	return prom_oauth2_answer(code, json, strlen(json), t, why, 256);
}

static void test_oauth2(void)
{
	struct prom_config c;
	struct prom_token t;
	char err[256], *form, *e;

	CHECK_EQ_U(
		cfg("oauth2:\n  client_id: a b\n  token_url: http://t\n  scopes: [read, \"w&x\"]\n"
		    "  endpoint_params: {audience: \"p=q\"}\n",
		    &c, err),
		0);
	form = prom_oauth2_form(&c);
	CHECK_EQ_S(form, "grant_type=client_credentials&scope=read+w%26x&audience=p%3Dq");
	free(form);
	prom_config_free(&c);
	e = prom_oauth2_escape("id:1 é");
	CHECK_EQ_S(e, "id%3A1+%C3%A9");
	free(e);

	CHECK_EQ_U(answer(200,
			  "{\"access_token\":\"tok\",\"token_type\":\"bearer\",\"expires_in\":60}",
			  &t, err),
		   0);
	CHECK_EQ_S(t.token, "tok");
	CHECK_EQ_S(t.type, "Bearer");
	CHECK(t.expires_in == 60);
	prom_token_free(&t);
	CHECK_EQ_U(answer(200, "{\"access_token\":\"tok\",\"expires_in\":\"30\"}", &t, err), 0);
	CHECK_EQ_S(t.type, "Bearer");
	CHECK(t.expires_in == 30);
	prom_token_free(&t);
	CHECK_EQ_U(answer(401, "{\"error\":\"invalid_client\",\"error_description\":\"bad\"}", &t,
			  err),
		   -EACCES);
	CHECK_EQ_S(err, "oauth2: token_url answered HTTP 401: invalid_client (bad): check oauth2 "
			"client_id and client_secret");
	CHECK(!t.token);
	CHECK_EQ_U(answer(500, "<html>", &t, err), -EACCES);
	CHECK_EQ_S(err, "oauth2: token_url answered HTTP 500");
	CHECK_EQ_U(answer(200, "{\"token_type\":\"bearer\"}", &t, err), -EIO);
	CHECK(strstr(err, "no access_token") != NULL);
	/* it goes out in a header: no line break, no space in the type */
	CHECK_EQ_U(answer(200, "{\"access_token\":\"a\\r\\nX-Evil: 1\"}", &t, err), -EIO);
	CHECK(strstr(err, "control character") != NULL);
	CHECK_EQ_U(answer(200, "{\"access_token\":\"a\",\"token_type\":\"Bearer x\"}", &t, err),
		   -EIO);
	CHECK_EQ_U(answer(200, "{\"access_token\":\"a\",\"expires_in\":-5}", &t, err), 0);
	CHECK(t.expires_in == 0);
	prom_token_free(&t);
}

TEST_MAIN(test_keys, test_proxy, test_oauth2)
