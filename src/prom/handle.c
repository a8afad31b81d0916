// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The options of one transfer from Prometheus's http_config: tls_config
 * (CA, client certificate, server certificate check, the TLS versions),
 * follow_redirects (on by default, as Prometheus's; at most 10, Go's
 * limit), enable_http2 (HTTP/2 over TLS only, as Go negotiates it) and the
 * proxy prom_proxy_for() picked ("" when none: libcurl would otherwise
 * read http_proxy from the environment by itself).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "client.h"

static long tls_version(int min, int max)
{
	static const long lo[] = { CURL_SSLVERSION_TLSv1_0, CURL_SSLVERSION_TLSv1_1,
				   CURL_SSLVERSION_TLSv1_2, CURL_SSLVERSION_TLSv1_3 };
	static const long hi[] = { CURL_SSLVERSION_MAX_TLSv1_0, CURL_SSLVERSION_MAX_TLSv1_1,
				   CURL_SSLVERSION_MAX_TLSv1_2, CURL_SSLVERSION_MAX_TLSv1_3 };

	return (min ? lo[min - 10] : CURL_SSLVERSION_DEFAULT) |
	       (max ? hi[max - 10] : CURL_SSLVERSION_MAX_DEFAULT);
}

void prom_handle_setup(CURL *e, const struct prom_config *cfg, bool tls, const char *proxy,
		       struct curl_slist *connect)
{
	bool follow = !cfg || cfg->follow_redirects, h2 = !cfg || cfg->enable_http2;

	curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, follow ? 1L : 0L);
	curl_easy_setopt(e, CURLOPT_MAXREDIRS, 10L);
	curl_easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(e, CURLOPT_HTTP_VERSION,
			 h2 ? (long)CURL_HTTP_VERSION_2TLS : (long)CURL_HTTP_VERSION_1_1);
	/* the proxy decided here, the environment's never read by curl */
	curl_easy_setopt(e, CURLOPT_PROXY, proxy ? proxy : "");
	curl_easy_setopt(e, CURLOPT_NOPROXY, "");
	if (proxy && connect) {
		/* as Go's ProxyConnectHeader: on the CONNECT of an https://
		 * URL only, not to Prometheus */
		curl_easy_setopt(e, CURLOPT_HEADEROPT, (long)CURLHEADER_SEPARATE);
		curl_easy_setopt(e, CURLOPT_PROXYHEADER, tls ? connect : NULL);
	}
	if (!cfg)
		return;
	if (cfg->ca_file)
		curl_easy_setopt(e, CURLOPT_CAINFO, cfg->ca_file);
	if (cfg->cert_file)
		curl_easy_setopt(e, CURLOPT_SSLCERT, cfg->cert_file);
	if (cfg->key_file)
		curl_easy_setopt(e, CURLOPT_SSLKEY, cfg->key_file);
	if (cfg->insecure_skip_verify) {
		curl_easy_setopt(e, CURLOPT_SSL_VERIFYPEER, 0L);
		curl_easy_setopt(e, CURLOPT_SSL_VERIFYHOST, 0L);
	}
	if (cfg->tls_min || cfg->tls_max)
		curl_easy_setopt(e, CURLOPT_SSLVERSION, tls_version(cfg->tls_min, cfg->tls_max));
}

void prom_handle_why(const struct prom_config *cfg, CURLcode rc, const char *proxy,
		     const char *from, const char *why, char *buf, size_t len)
{
	char msg[768], url[256], v[64] = "", mn[24] = "", mx[24] = "";

	if (cfg && (cfg->tls_min || cfg->tls_max) && rc == CURLE_SSL_CONNECT_ERROR) {
		if (cfg->tls_min)
			snprintf(mn, sizeof(mn), " min_version TLS%d", cfg->tls_min);
		if (cfg->tls_max)
			snprintf(mx, sizeof(mx), " max_version TLS%d", cfg->tls_max);
		snprintf(v, sizeof(v), " (tls_config%s%s)", mn, mx);
	}
	if (proxy && rc != CURLE_OPERATION_TIMEDOUT)
		snprintf(msg, sizeof(msg), "through proxy %s (%s): %s%s%s",
			 prom_url_redacted(proxy, url, sizeof(url)), from ? from : "proxy",
			 *v ? "TLS handshake failed: " : "", why, v);
	else
		snprintf(msg, sizeof(msg), "%s%s%s", *v ? "TLS handshake failed: " : "", why, v);
	fmt_cut(buf, len, msg);
}

void prom_handle_token(CURL *e, const struct prom_config *cfg)
{
	char *id = prom_oauth2_escape(cfg->client_id);
	char *secret = prom_oauth2_escape(cfg->client_secret ? cfg->client_secret : "");

	prom_handle_setup(e, NULL, false, NULL, NULL);
	curl_easy_setopt(e, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
	curl_easy_setopt(e, CURLOPT_USERNAME, id ? id : "");
	curl_easy_setopt(e, CURLOPT_PASSWORD, secret ? secret : "");
	free(id);
	free(secret);
}

int prom_handle_connect_headers(const struct prom_config *cfg, struct curl_slist **list)
{
	size_t i;

	for (i = 0; cfg && i < cfg->n_connect_headers; i++) {
		struct curl_slist *l;
		char *h;

		if (asprintf(&h, "%s: %s", cfg->connect_headers[i].name,
			     cfg->connect_headers[i].value) < 0)
			return -ENOMEM;
		l = curl_slist_append(*list, h);
		free(h);
		if (!l)
			return -ENOMEM;
		*list = l;
	}
	return 0;
}

int prom_handle_server_name(char **url, const char *name, struct curl_slist **list, char *err,
			    size_t len)
{
	CURLU *u = curl_url();
	char *host = NULL, *port = NULL, *nu = NULL, *to = NULL;
	int ret = -EINVAL;

	if (!u)
		return -ENOMEM;
	if (curl_url_set(u, CURLUPART_URL, *url, 0) || curl_url_get(u, CURLUPART_HOST, &host, 0) ||
	    curl_url_get(u, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT)) {
		snprintf(err, len, "--prometheus %s: not a URL", *url);
		goto out;
	}
	ret = -ENOMEM;
	if (asprintf(&to, "%s:%s:%s:%s", name, port, host, port) < 0 ||
	    curl_url_set(u, CURLUPART_HOST, name, 0) || curl_url_get(u, CURLUPART_URL, &nu, 0))
		goto out;
	*list = curl_slist_append(NULL, to);
	free(*url);
	*url = strdup(nu);
	if (*url && (*url)[0] && (*url)[strlen(*url) - 1] == '/')
		(*url)[strlen(*url) - 1] = '\0';
	ret = *list && *url ? 0 : -ENOMEM;
out:
	free(to);
	curl_free(host);
	curl_free(port);
	curl_free(nu);
	curl_url_cleanup(u);
	return ret;
}

/* the HTTP version an answer came in, as curl numbers it */
const char *prom_http_version(long v)
{
	switch (v) {
	case CURL_HTTP_VERSION_1_0:
		return "1.0";
	case CURL_HTTP_VERSION_1_1:
		return "1.1";
	case CURL_HTTP_VERSION_2_0:
		return "2";
	case CURL_HTTP_VERSION_3:
		return "3";
	default:
		return "?";
	}
}
