// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --prometheus-config: the client side of Prometheus's own HTTP config
 * (prometheus/common config.HTTPClientConfig, the scrape config's and
 * promtool's format): tls_config (ca_file, cert_file, key_file,
 * server_name, insecure_skip_verify), basic_auth (username, password,
 * password_file), authorization (type, credentials, credentials_file),
 * bearer_token and bearer_token_file.  As Prometheus does, an unknown key
 * is an error, two ways to give one secret are refused, and relative file
 * names are relative to the config's own directory.
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
	char *pw_file, *cred_file, *bearer, *bearer_file;
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
 * and what it fills: a string or a boolean of the config, or a string the
 * ctx holds until settle() (a secret's file, the bearer token).  Both kinds
 * of strings are freed through it (prom_config_free, parse_in).
 */
enum kind { K_SECTION, K_STR, K_FLAG, K_HELD, K_IGNORED };

#define C(field) offsetof(struct prom_config, field)
#define X(field) offsetof(struct ctx, field)

static const struct key {
	const char *section, *name;
	enum kind kind;
	size_t off;		/* in struct prom_config; K_HELD: in struct ctx */
} keys[] = {
	{ "", "tls_config", K_SECTION, 0 },
	{ "", "basic_auth", K_SECTION, 0 },
	{ "", "authorization", K_SECTION, 0 },
	{ "", "bearer_token", K_HELD, X(bearer) },
	{ "", "bearer_token_file", K_HELD, X(bearer_file) },
	{ "", "follow_redirects", K_IGNORED, 0 },	/* curl's defaults serve */
	{ "", "enable_http2", K_IGNORED, 0 },
	{ "tls_config", "ca_file", K_STR, C(ca_file) },
	{ "tls_config", "cert_file", K_STR, C(cert_file) },
	{ "tls_config", "key_file", K_STR, C(key_file) },
	{ "tls_config", "server_name", K_STR, C(server_name) },
	{ "tls_config", "insecure_skip_verify", K_FLAG, C(insecure_skip_verify) },
	{ "basic_auth", "username", K_STR, C(username) },
	{ "basic_auth", "password", K_STR, C(password) },
	{ "basic_auth", "password_file", K_HELD, X(pw_file) },
	{ "authorization", "type", K_STR, C(auth_type) },
	{ "authorization", "credentials", K_STR, C(credentials) },
	{ "authorization", "credentials_file", K_HELD, X(cred_file) },
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

/* where key k's value goes */
static void *field_of(struct ctx *x, const struct key *k)
{
	return (char *)(k->kind == K_HELD ? (void *)x : (void *)x->c) + k->off;
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

/* the keys of section `what`, a mapping node */
static int mapping(struct ctx *x, yaml_document_t *d, yaml_node_t *n, const char *what)
{
	yaml_node_pair_t *p;

	if (n->type != YAML_MAPPING_NODE)
		return fail(x, n, "%s must be a mapping", what);
	for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(d, p->key);
		yaml_node_t *v = yaml_document_get_node(d, p->value);
		const struct key *e;
		const char *name;
		int ret;

		if (!k || !v || k->type != YAML_SCALAR_NODE)
			return fail(x, k, "a key of %s is not a string", what);
		name = (const char *)k->data.scalar.value;
		e = find(what, name);
		if (!e)
			return fail(x, k, "unknown key '%.64s' (Prometheus's http_config keys only)", name);
		if (e->kind == K_FLAG) {
			const char *s = (const char *)v->data.scalar.value;

			if (v->type != YAML_SCALAR_NODE || (strcmp(s, "true") && strcmp(s, "false")))
				return fail(x, v, "%s must be true or false", e->name);
			*(bool *)field_of(x, e) = !strcmp(s, "true");
			continue;
		}
		ret = str_of(x, d, v, e->name, field_of(x, e));
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
	yaml_node_pair_t *p;
	int ret = 0;

	if (root->type == YAML_SCALAR_NODE && !root->data.scalar.length)
		return 0;	/* an empty file: no TLS, no auth */
	if (root->type != YAML_MAPPING_NODE)
		return fail(x, root, "%s", "the config must be a mapping");
	for (p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top && !ret; p++) {
		yaml_node_t *k = yaml_document_get_node(d, p->key);
		yaml_node_t *v = yaml_document_get_node(d, p->value);
		const struct key *e;
		const char *name;

		if (!k || !v || k->type != YAML_SCALAR_NODE)
			return fail(x, k, "%s", "a key is not a string");
		name = (const char *)k->data.scalar.value;
		e = find("", name);
		if (!e)
			return fail(x, k, "unknown key '%.64s' (Prometheus's http_config keys only)",
				    name);
		if (e->kind == K_SECTION)
			ret = mapping(x, d, v, name);
		else if (e->kind == K_HELD)
			ret = str_of(x, d, v, name, field_of(x, e));
		/* else K_IGNORED */
	}
	return ret;
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
	if ((c->password || x->pw_file) && !c->username)
		return fail(x, NULL, "%s", "basic_auth without username");
	if (x->pw_file)
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
	free_strings(c, K_STR);
	memset(c, 0, sizeof(*c));
}
