// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --prometheus-config: the client side of Prometheus's own HTTP config
 * (prometheus/common config.HTTPClientConfig, the scrape config's and
 * promtool's format): tls_config (ca_file, cert_file, key_file,
 * server_name, insecure_skip_verify, min_version, max_version),
 * basic_auth (username, username_file, password, password_file),
 * authorization (type, credentials, credentials_file), bearer_token and
 * bearer_token_file, oauth2 (client credentials), proxy_url, no_proxy,
 * proxy_from_environment, proxy_connect_header, follow_redirects and
 * enable_http2.  As Prometheus does, an unknown key is an error, two ways
 * to give one secret are refused, and relative file names are relative to
 * the config's own directory; a key of Prometheus's that rdmatop does not
 * take is refused by its name.
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "prom.h"
#include "wfile.h"

#define FILE_MAX (1u << 20)

struct ctx {
	struct prom_config *c;
	const char *dir;	/* the config's directory, or NULL */
	char *err;
	size_t errlen;
	char *pw_file, *user_file, *cred_file, *bearer, *bearer_file, *secret_file;
	bool oauth2;		/* the section is there */
};

static int fail(struct ctx *x, const yaml_node_t *n, const char *fmt, const char *what)
{
	int k = snprintf(x->err, x->errlen, "line %lu: ", n ? (unsigned long)n->start_mark.line + 1 : 0UL);

	if (k >= 0 && (size_t)k < x->errlen)
		snprintf(x->err + k, x->errlen - (size_t)k, fmt, what);
	return -EINVAL;
}

/* a control character (CR, LF, ...) in s */
static bool has_ctl(const char *s)
{
	for (; s && *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return true;
	return false;
}

static int str_of(struct ctx *x, yaml_document_t *d, yaml_node_t *v, const char *key, char **out)
{
	(void)d;
	if (v->type != YAML_SCALAR_NODE)
		return fail(x, v, "%s must be a string", key);
	if (*out)
		return fail(x, v, "%s given twice", key);
	*out = strndup((const char *)v->data.scalar.value, v->data.scalar.length);
	if (!*out)
		return -ENOMEM;
	if (strlen(*out) != v->data.scalar.length) {
		free(*out);
		*out = NULL;
		return fail(x, v, "%s holds a NUL byte", key);
	}
	return 0;
}

/*
 * Every key the config may hold, under its section ("": the top level),
 * and what it fills: a string, a boolean or a TLS version of the config, a
 * string the ctx holds until settle() (a secret's file, the bearer token),
 * a list of strings or of name and value (off_n: their count); or a key of
 * Prometheus's refused by name.  The strings are freed through it
 * (prom_config_free, parse_in).
 */
enum kind { K_SECTION, K_STR, K_FLAG, K_HELD, K_VERSION, K_LIST, K_MAP, K_HEADERS, K_REFUSED };

#define C(field) offsetof(struct prom_config, field)
#define X(field) offsetof(struct ctx, field)

static const struct key {
	const char *section, *name;
	enum kind kind;
	size_t off;		/* in struct prom_config; K_HELD: in struct ctx */
	size_t off_n;		/* K_LIST, K_MAP, K_HEADERS: the count */
} keys[] = {
	{ "", "tls_config", K_SECTION, 0, 0 },
	{ "", "basic_auth", K_SECTION, 0, 0 },
	{ "", "authorization", K_SECTION, 0, 0 },
	{ "", "oauth2", K_SECTION, 0, 0 },
	{ "", "bearer_token", K_HELD, X(bearer), 0 },
	{ "", "bearer_token_file", K_HELD, X(bearer_file), 0 },
	{ "", "follow_redirects", K_FLAG, C(follow_redirects), 0 },
	{ "", "enable_http2", K_FLAG, C(enable_http2), 0 },
	{ "", "proxy_url", K_STR, C(proxy_url), 0 },
	{ "", "no_proxy", K_STR, C(no_proxy), 0 },
	{ "", "proxy_from_environment", K_FLAG, C(proxy_from_environment), 0 },
	{ "", "proxy_connect_header", K_HEADERS, C(connect_headers), C(n_connect_headers) },
	{ "", "http_headers", K_REFUSED, 0, 0 },
	{ "tls_config", "ca_file", K_STR, C(ca_file), 0 },
	{ "tls_config", "cert_file", K_STR, C(cert_file), 0 },
	{ "tls_config", "key_file", K_STR, C(key_file), 0 },
	{ "tls_config", "server_name", K_STR, C(server_name), 0 },
	{ "tls_config", "insecure_skip_verify", K_FLAG, C(insecure_skip_verify), 0 },
	{ "tls_config", "min_version", K_VERSION, C(tls_min), 0 },
	{ "tls_config", "max_version", K_VERSION, C(tls_max), 0 },
	{ "tls_config", "ca", K_REFUSED, 0, 0 },
	{ "tls_config", "cert", K_REFUSED, 0, 0 },
	{ "tls_config", "key", K_REFUSED, 0, 0 },
	{ "tls_config", "ca_ref", K_REFUSED, 0, 0 },
	{ "tls_config", "cert_ref", K_REFUSED, 0, 0 },
	{ "tls_config", "key_ref", K_REFUSED, 0, 0 },
	{ "tls_config", "next_protos", K_REFUSED, 0, 0 },
	{ "basic_auth", "username", K_STR, C(username), 0 },
	{ "basic_auth", "username_file", K_HELD, X(user_file), 0 },
	{ "basic_auth", "password", K_STR, C(password), 0 },
	{ "basic_auth", "password_file", K_HELD, X(pw_file), 0 },
	{ "basic_auth", "username_ref", K_REFUSED, 0, 0 },
	{ "basic_auth", "password_ref", K_REFUSED, 0, 0 },
	{ "authorization", "type", K_STR, C(auth_type), 0 },
	{ "authorization", "credentials", K_STR, C(credentials), 0 },
	{ "authorization", "credentials_file", K_HELD, X(cred_file), 0 },
	{ "authorization", "credentials_ref", K_REFUSED, 0, 0 },
	{ "oauth2", "client_id", K_STR, C(client_id), 0 },
	{ "oauth2", "client_secret", K_STR, C(client_secret), 0 },
	{ "oauth2", "client_secret_file", K_HELD, X(secret_file), 0 },
	{ "oauth2", "token_url", K_STR, C(token_url), 0 },
	{ "oauth2", "scopes", K_LIST, C(scopes), C(n_scopes) },
	{ "oauth2", "endpoint_params", K_MAP, C(params), C(n_params) },
	{ "oauth2", "client_secret_ref", K_REFUSED, 0, 0 },
	{ "oauth2", "tls_config", K_REFUSED, 0, 0 },
	{ "oauth2", "proxy_url", K_REFUSED, 0, 0 },
	{ "oauth2", "no_proxy", K_REFUSED, 0, 0 },
	{ "oauth2", "proxy_from_environment", K_REFUSED, 0, 0 },
	{ "oauth2", "proxy_connect_header", K_REFUSED, 0, 0 },
};
#define N_KEYS (sizeof(keys) / sizeof(keys[0]))

static const struct key *find(const char *section, const char *name)
{
	const struct key *k;

	for (k = keys; k < keys + N_KEYS; k++)
		if (!strcmp(k->section, section) && !strcmp(k->name, name))
			return k;
	return NULL;
}

/* the strings of base (a struct prom_config, or a struct ctx for
 * K_HELD) that the keys of kind `kind` fill */
static void free_strings(void *base, enum kind kind)
{
	const struct key *k;

	for (k = keys; k < keys + N_KEYS; k++)
		if (k->kind == kind)
			free(*(char **)(void *)((char *)base + k->off));
}

static const char *const tls_names[] = { "TLS10", "TLS11", "TLS12", "TLS13" };

static int version_of(struct ctx *x, yaml_node_t *v, const char *key, int *out)
{
	size_t i;

	if (v->type == YAML_SCALAR_NODE)
		for (i = 0; i < sizeof(tls_names) / sizeof(tls_names[0]); i++)
			if (!strcmp((const char *)v->data.scalar.value, tls_names[i])) {
				*out = 10 + (int)i;
				return 0;
			}
	return fail(x, v, "%s: not a TLS version (TLS10, TLS11, TLS12, TLS13)", key);
}

/* a list of strings (scopes), or one string of Prometheus's header values */
static int list_of(struct ctx *x, yaml_document_t *d, yaml_node_t *v, const char *key,
		   char ***out, size_t *n)
{
	yaml_node_item_t *i;

	if (*n)
		return fail(x, v, "%s given twice", key);
	if (v->type != YAML_SEQUENCE_NODE)
		return fail(x, v, "%s must be a list of strings", key);
	for (i = v->data.sequence.items.start; i < v->data.sequence.items.top; i++) {
		yaml_node_t *e = yaml_document_get_node(d, *i);
		char **p = realloc(*out, (*n + 1) * sizeof(**out));
		int ret;

		if (!p)
			return -ENOMEM;
		*out = p;
		p[*n] = NULL;
		if (!e)
			return fail(x, v, "%s must be a list of strings", key);
		ret = str_of(x, d, e, key, &p[*n]);
		if (ret)
			return ret;
		(*n)++;
	}
	return 0;
}

/* endpoint_params (name: value) or proxy_connect_header (name: [values]):
 * one pair per value */
static int map_of(struct ctx *x, yaml_document_t *d, yaml_node_t *v, const struct key *e,
		  struct prom_kv **out, size_t *n)
{
	yaml_node_pair_t *p;

	if (*n)
		return fail(x, v, "%s given twice", e->name);
	if (v->type != YAML_MAPPING_NODE)
		return fail(x, v, "%s must be a mapping", e->name);
	for (p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(d, p->key);
		yaml_node_t *val = yaml_document_get_node(d, p->value);
		yaml_node_item_t *first = NULL, *last = NULL, *i;
		char *name = NULL;
		int ret;

		if (!k || !val)
			return fail(x, v, "%s: a name without a value", e->name);
		ret = str_of(x, d, k, e->name, &name);
		if (ret)
			return ret;
		if (e->kind == K_HEADERS && val->type == YAML_SEQUENCE_NODE) {
			first = val->data.sequence.items.start;
			last = val->data.sequence.items.top;
		}
		if (e->kind == K_HEADERS && !first) {
			free(name);
			return fail(x, val, "%s: a header's values must be a list of strings",
				    e->name);
		}
		for (i = first; !first || i < last; i++) {
			yaml_node_t *one = first ? yaml_document_get_node(d, *i) : val;
			struct prom_kv *kv = realloc(*out, (*n + 1) * sizeof(**out));

			if (!kv) {
				free(name);
				return -ENOMEM;
			}
			*out = kv;
			kv[*n].value = NULL;
			kv[*n].name = strdup(name);
			if (!kv[*n].name) {
				free(name);
				return -ENOMEM;
			}
			(*n)++;
			ret = one ? str_of(x, d, one, e->name, &kv[*n - 1].value) :
				    fail(x, val, "%s: a value is not a string", e->name);
			if (ret || !first) {
				free(name);
				return ret;
			}
		}
		free(name);
	}
	return 0;
}

/* the value v of key e */
static int value(struct ctx *x, yaml_document_t *d, const struct key *e, yaml_node_t *v)
{
	void *f = (char *)(e->kind == K_HELD ? (void *)x : (void *)x->c) + e->off;
	size_t *n = (size_t *)(void *)((char *)x->c + e->off_n);

	switch (e->kind) {
	case K_FLAG: {
		const char *s = (const char *)v->data.scalar.value;

		if (v->type != YAML_SCALAR_NODE || (strcmp(s, "true") && strcmp(s, "false")))
			return fail(x, v, "%s must be true or false", e->name);
		*(bool *)f = !strcmp(s, "true");
		return 0;
	}
	case K_VERSION:
		return version_of(x, v, e->name, f);
	case K_LIST:
		return list_of(x, d, v, e->name, f, n);
	case K_MAP:
	case K_HEADERS:
		return map_of(x, d, v, e, f, n);
	default:
		return str_of(x, d, v, e->name, f);
	}
}

/* the keys of section `what` ("": the top level), a mapping node */
static int mapping(struct ctx *x, yaml_document_t *d, yaml_node_t *n, const char *what)
{
	yaml_node_pair_t *p;

	if (n->type != YAML_MAPPING_NODE)
		return fail(x, n, "%s must be a mapping", *what ? what : "the config");
	for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(d, p->key);
		yaml_node_t *v = yaml_document_get_node(d, p->value);
		const struct key *e;
		const char *name;
		char q[160];
		int ret;

		if (!k || !v || k->type != YAML_SCALAR_NODE)
			return fail(x, k, "a key of %s is not a string", *what ? what : "the config");
		name = (const char *)k->data.scalar.value;
		e = find(what, name);
		if (!e)
			return fail(x, k, "unknown key '%.64s' (Prometheus's http_config keys only)", name);
		if (e->kind == K_REFUSED) {
			snprintf(q, sizeof(q), "%s%s%s", what, *what ? "." : "", name);
			return fail(x, k, "%s: a key of Prometheus's that rdmatop does not take "
				    "(rdmatop(1) lists those it takes)", q);
		}
		if (e->kind == K_SECTION && !strcmp(name, "oauth2"))
			x->oauth2 = true;
		ret = e->kind == K_SECTION ? mapping(x, d, v, name) : value(x, d, e, v);
		if (ret)
			return ret;
	}
	return 0;
}

static const char *slurp_why(int err)
{
	return err == -EINVAL ? "not a regular file" : err == -EFBIG ? "larger than 1 MiB" :
	       strerror(-err);
}

/* a secret's file, without its last newline (Prometheus trims space) */
static int read_secret(struct ctx *x, const char *name, char **out)
{
	char path[4096];
	char *buf;
	size_t n;
	int ret;

	if (name[0] != '/' && x->dir)
		snprintf(path, sizeof(path), "%s/%s", x->dir, name);
	else
		snprintf(path, sizeof(path), "%s", name);
	ret = wfile_read(path, FILE_MAX, &buf, &n, NULL);
	if (ret) {
		snprintf(x->err, x->errlen, "cannot read %.200s: %s", path, slurp_why(ret));
		return ret;
	}
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' '))
		n--;
	buf[n] = '\0';
	free(*out);
	*out = buf;
	return 0;
}

/* a relative certificate or key file, as Prometheus reads it */
static int resolve(struct ctx *x, char **p)
{
	char *n;

	if (!*p || (*p)[0] == '/' || !x->dir)
		return 0;
	if (asprintf(&n, "%s/%s", x->dir, *p) < 0)
		return -ENOMEM;
	free(*p);
	*p = n;
	return 0;
}

static int top(struct ctx *x, yaml_document_t *d, yaml_node_t *root)
{
	if (root->type == YAML_SCALAR_NODE && !root->data.scalar.length)
		return 0;	/* an empty file: no TLS, no auth */
	return mapping(x, d, root, "");
}

static bool scheme_in(const char *url, const char *const *schemes)
{
	for (; *schemes; schemes++)
		if (!strncasecmp(url, *schemes, strlen(*schemes)))
			return true;
	return false;
}

/* oauth2 (Prometheus's HTTPClientConfig.Validate): alone, with a client
 * id and a token URL, one way to give the secret */
static int oauth2_rules(struct ctx *x)
{
	static const char *const web[] = { "http://", "https://", NULL };
	struct prom_config *c = x->c;

	if (!x->oauth2)
		return 0;
	if (c->username || c->password || x->pw_file || x->user_file || c->credentials ||
	    x->cred_file || c->auth_type || x->bearer || x->bearer_file)
		return fail(x, NULL, "%s",
			    "oauth2 and basic_auth/authorization/bearer_token are exclusive");
	if (!c->client_id || !*c->client_id)
		return fail(x, NULL, "%s", "oauth2: client_id missing");
	if (!c->token_url || !*c->token_url)
		return fail(x, NULL, "%s", "oauth2: token_url missing");
	if (!scheme_in(c->token_url, web) || has_ctl(c->token_url))
		return fail(x, NULL, "%s", "oauth2: token_url is not an http:// or https:// URL");
	if (c->client_secret && x->secret_file)
		return fail(x, NULL, "%s",
			    "oauth2: client_secret and client_secret_file are exclusive");
	return 0;
}

/* the proxy keys (Prometheus's ProxyConfig.Validate), and what libcurl
 * would take apart from Prometheus: a header's CR or LF */
static int proxy_rules(struct ctx *x)
{
	static const char *const schemes[] = { "http://", "https://", "socks5://", "socks5h://",
					       NULL };
	struct prom_config *c = x->c;
	size_t i;

	if (c->proxy_url && !*c->proxy_url) {
		free(c->proxy_url);
		c->proxy_url = NULL;
	}
	if (c->n_connect_headers && !c->proxy_url && !c->proxy_from_environment)
		return fail(x, NULL, "%s", "proxy_connect_header needs proxy_url or "
			    "proxy_from_environment");
	if (c->proxy_from_environment && c->proxy_url)
		return fail(x, NULL, "%s", "proxy_from_environment and proxy_url are exclusive");
	if (c->proxy_from_environment && c->no_proxy && *c->no_proxy)
		return fail(x, NULL, "%s", "proxy_from_environment and no_proxy are exclusive "
			    "(the environment's NO_PROXY serves)");
	if (c->no_proxy && *c->no_proxy && !c->proxy_url)
		return fail(x, NULL, "%s", "no_proxy needs proxy_url");
	if (c->proxy_url && (!scheme_in(c->proxy_url, schemes) || has_ctl(c->proxy_url)))
		return fail(x, NULL, "%s", "proxy_url: not an http://, https://, socks5:// or "
			    "socks5h:// URL");
	for (i = 0; i < c->n_connect_headers; i++) {
		const char *n = c->connect_headers[i].name;

		if (!*n || has_ctl(n) || strpbrk(n, ": ") || has_ctl(c->connect_headers[i].value))
			return fail(x, NULL, "%s", "proxy_connect_header: a name with a colon or "
				    "space, or a control character");
	}
	return 0;
}

/* Prometheus's rules: one way to give each secret, one kind of auth */
static int settle(struct ctx *x)
{
	struct prom_config *c = x->c;
	int ret = 0;

	if (c->password && x->pw_file)
		return fail(x, NULL, "%s", "basic_auth: password and password_file are exclusive");
	if (c->credentials && x->cred_file)
		return fail(x, NULL, "%s",
			    "authorization: credentials and credentials_file are exclusive");
	if (x->bearer && x->bearer_file)
		return fail(x, NULL, "%s", "bearer_token and bearer_token_file are exclusive");
	if ((c->username || c->password || x->pw_file) &&
	    (c->credentials || x->cred_file || x->bearer || x->bearer_file || c->auth_type))
		return fail(x, NULL, "%s", "basic_auth and authorization/bearer_token are exclusive");
	if ((c->credentials || x->cred_file || c->auth_type) && (x->bearer || x->bearer_file))
		return fail(x, NULL, "%s", "authorization and bearer_token are exclusive");
	if (c->auth_type && !strcasecmp(c->auth_type, "basic"))
		return fail(x, NULL, "%s", "authorization type Basic: use basic_auth");
	if (c->username && x->user_file)
		return fail(x, NULL, "%s", "basic_auth: username and username_file are exclusive");
	if ((c->password || x->pw_file) && !c->username && !x->user_file)
		return fail(x, NULL, "%s", "basic_auth without username");
	ret = oauth2_rules(x);
	if (!ret)
		ret = proxy_rules(x);
	if (!ret && c->tls_min && c->tls_max && c->tls_max < c->tls_min)
		return fail(x, NULL, "%s", "tls_config: max_version below min_version");
	if (!ret && x->user_file)
		ret = read_secret(x, x->user_file, &c->username);
	if (!ret && x->secret_file)
		ret = read_secret(x, x->secret_file, &c->client_secret);
	if (!ret && x->pw_file)
		ret = read_secret(x, x->pw_file, &c->password);
	if (!ret && x->cred_file)
		ret = read_secret(x, x->cred_file, &c->credentials);
	if (!ret && x->bearer_file)
		ret = read_secret(x, x->bearer_file, &c->credentials);
	if (!ret && x->bearer) {
		c->credentials = x->bearer;
		x->bearer = NULL;
	}
	if (!ret && c->credentials && !c->auth_type && !(c->auth_type = strdup("Bearer")))
		ret = -ENOMEM;
	/* they go out as "Authorization: TYPE CREDENTIALS" as they are: a CR or
	 * LF would end that header and start one of the file's making */
	if (!ret && (has_ctl(c->auth_type) || has_ctl(c->credentials)))
		return fail(x, NULL, "%s",
			    "authorization: a control character in the type or credentials");
	if (!ret)
		ret = resolve(x, &c->ca_file);
	if (!ret)
		ret = resolve(x, &c->cert_file);
	if (!ret)
		ret = resolve(x, &c->key_file);
	if (!ret && !!c->cert_file != !!c->key_file)
		return fail(x, NULL, "%s", "tls_config: cert_file and key_file go together");
	return ret;
}

static int parse_in(struct prom_config *c, const char *text, size_t len, const char *dir,
		    char *err, size_t errlen)
{
	struct ctx x = { .c = c, .dir = dir, .err = err, .errlen = errlen };
	yaml_parser_t p;
	yaml_document_t d;
	yaml_node_t *root;
	int ret;

	memset(c, 0, sizeof(*c));
	c->follow_redirects = c->enable_http2 = true;	/* Prometheus's defaults */
	if (!yaml_parser_initialize(&p))
		return -ENOMEM;
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	if (!yaml_parser_load(&p, &d)) {
		snprintf(err, errlen, "line %lu: %s", (unsigned long)p.problem_mark.line + 1,
			 p.problem ? p.problem : "not YAML");
		yaml_parser_delete(&p);
		return -EINVAL;
	}
	root = yaml_document_get_root_node(&d);
	ret = root ? top(&x, &d, root) : 0;
	if (!ret)
		ret = settle(&x);
	yaml_document_delete(&d);
	yaml_parser_delete(&p);
	free_strings(&x, K_HELD);
	if (ret)
		prom_config_free(c);
	return ret;
}

int prom_config_parse(struct prom_config *c, const char *text, size_t len, char *err,
		      size_t errlen)
{
	return parse_in(c, text, len, NULL, err, errlen);
}

int prom_config_load(struct prom_config *c, const char *path, char *err, size_t errlen)
{
	char *buf, *dir, *slash;
	size_t n;
	int ret;

	memset(c, 0, sizeof(*c));
	ret = wfile_read(path, FILE_MAX, &buf, &n, NULL);
	if (ret) {
		snprintf(err, errlen, "%s", slurp_why(ret));
		return ret;
	}
	dir = strdup(path);
	if (!dir) {
		free(buf);
		return -ENOMEM;
	}
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	ret = parse_in(c, buf, n, slash ? dir : NULL, err, errlen);
	free(dir);
	free(buf);
	return ret;
}

void prom_config_free(struct prom_config *c)
{
	/* every string of the config is one a key fills (a bearer token is
	 * moved to credentials, its type to auth_type) */
	size_t i;

	free_strings(c, K_STR);
	for (i = 0; i < c->n_scopes; i++)
		free(c->scopes[i]);
	free(c->scopes);
	for (i = 0; i < c->n_connect_headers; i++) {
		free(c->connect_headers[i].name);
		free(c->connect_headers[i].value);
	}
	free(c->connect_headers);
	for (i = 0; i < c->n_params; i++) {
		free(c->params[i].name);
		free(c->params[i].value);
	}
	free(c->params);
	memset(c, 0, sizeof(*c));
}
