// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --web-config (see webcfg.h).  The text is read with libyaml, Debian's C
 * YAML parser, and walked strictly against the one schema: quoting,
 * escapes, block scalars (an inline PEM is a `|` block), comments and
 * document markers are YAML's and are read as YAML reads them; the file
 * comes from configuration management as often as from a person, and a
 * hand-written subset would refuse valid files the toolkit accepts, or
 * worse read them differently.  The walker refuses what the format has no
 * use for (anchors, aliases, tags, sequences, several documents), unknown
 * and repeated keys, and values of the wrong kind, naming the line.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <crypt.h>
#include <yaml.h>

#include "webcfg.h"

struct walk {
	yaml_parser_t p;
	yaml_event_t ev;
	bool have;
	const char *dir;
	char *err;
	size_t errlen;
};

/* what a key's value is */
enum kind { K_FILE, K_PEM, K_BOOL, K_IGNORED_BOOL, K_AUTH, K_VERSION, K_TLS, K_HTTP,
	    K_USERS, K_UNSUPPORTED };

struct key {
	const char *name;
	enum kind kind;
	size_t off;		/* field of struct webcfg, for values */
};

#define F(field) offsetof(struct webcfg, field)

static const struct key tls_keys[] = {
	{ "cert_file", K_FILE, F(cert_file) },
	{ "key_file", K_FILE, F(key_file) },
	{ "client_ca_file", K_FILE, F(client_ca_file) },
	{ "cert", K_PEM, F(cert_pem) },
	{ "key", K_PEM, F(key_pem) },
	{ "client_ca", K_PEM, F(client_ca_pem) },
	{ "client_auth_type", K_AUTH, F(client_auth) },
	{ "min_version", K_VERSION, F(min_version) },
	{ "max_version", K_VERSION, F(max_version) },
	{ "prefer_server_cipher_suites", K_BOOL, F(prefer_server_ciphers) },
	{ "cipher_suites", K_UNSUPPORTED, 0 },
	{ "curve_preferences", K_UNSUPPORTED, 0 },
	{ "client_allowed_sans", K_UNSUPPORTED, 0 },
	{ NULL, 0, 0 },
};

static const struct key http_keys[] = {
	{ "http2", K_IGNORED_BOOL, 0 },
	{ "headers", K_UNSUPPORTED, 0 },
	{ NULL, 0, 0 },
};

static const struct key top_keys[] = {
	{ "tls_server_config", K_TLS, 0 },
	{ "http_server_config", K_HTTP, 0 },
	{ "basic_auth_users", K_USERS, 0 },
	{ "rate_limit", K_UNSUPPORTED, 0 },
	{ NULL, 0, 0 },
};

/* exporter-toolkit's names; "RequireClientCert" is its old spelling */
static const struct {
	const char *name;
	enum webcfg_client_auth auth;
} auth_names[] = {
	{ "NoClientCert", WEBCFG_NO_CLIENT_CERT },
	{ "RequestClientCert", WEBCFG_REQUEST_CLIENT_CERT },
	{ "RequireAnyClientCert", WEBCFG_REQUIRE_ANY_CLIENT_CERT },
	{ "RequireClientCert", WEBCFG_REQUIRE_ANY_CLIENT_CERT },
	{ "VerifyClientCertIfGiven", WEBCFG_VERIFY_CLIENT_CERT_IF_GIVEN },
	{ "RequireAndVerifyClientCert", WEBCFG_REQUIRE_AND_VERIFY_CLIENT_CERT },
};

const char *webcfg_client_auth_name(enum webcfg_client_auth a)
{
	size_t i;

	for (i = 0; i < sizeof(auth_names) / sizeof(auth_names[0]); i++)
		if (auth_names[i].auth == a)
			return auth_names[i].name;
	return "unknown";
}

__attribute__((format(printf, 2, 3))) static int fail(struct walk *w, const char *fmt, ...)
{
	size_t n = 0;
	va_list ap;

	if (w->have)
		n = (size_t)snprintf(w->err, w->errlen, "%zu: ", w->ev.start_mark.line + 1);
	if (n >= w->errlen)
		n = 0;
	va_start(ap, fmt);
	vsnprintf(w->err + n, w->errlen - n, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* The next event; what the format never uses is refused here, once. */
static int next(struct walk *w)
{
	const yaml_event_t *e = &w->ev;
	const char *anchor = NULL, *tag = NULL;

	if (w->have)
		yaml_event_delete(&w->ev);
	w->have = false;
	if (!yaml_parser_parse(&w->p, &w->ev)) {
		snprintf(w->err, w->errlen, "%zu: %s%s%s", w->p.problem_mark.line + 1,
			 w->p.problem ? w->p.problem : "not YAML", w->p.context ? " " : "",
			 w->p.context ? w->p.context : "");
		return -EINVAL;
	}
	w->have = true;
	switch (e->type) {
	case YAML_ALIAS_EVENT:
		return fail(w, "aliases (*name) are not supported");
	case YAML_SCALAR_EVENT:
		anchor = (const char *)e->data.scalar.anchor;
		tag = (const char *)e->data.scalar.tag;
		break;
	case YAML_MAPPING_START_EVENT:
		anchor = (const char *)e->data.mapping_start.anchor;
		tag = (const char *)e->data.mapping_start.tag;
		break;
	case YAML_SEQUENCE_START_EVENT:
		anchor = (const char *)e->data.sequence_start.anchor;
		tag = (const char *)e->data.sequence_start.tag;
		break;
	default:
		break;
	}
	if (anchor)
		return fail(w, "anchors (&name) are not supported");
	if (tag)
		return fail(w, "tags (%s) are not supported", tag);
	return 0;
}

static const char *sval(const struct walk *w)
{
	return (const char *)w->ev.data.scalar.value;
}

/* YAML's null: an empty value, ~ or null, unquoted */
static bool is_null(const struct walk *w)
{
	const char *v = sval(w);

	return w->ev.type == YAML_SCALAR_EVENT &&
	       w->ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
	       (!*v || !strcmp(v, "~") || !strcmp(v, "null") || !strcmp(v, "Null") ||
		!strcmp(v, "NULL"));
}

static int want_scalar(struct walk *w, const char *key)
{
	if (w->ev.type == YAML_SCALAR_EVENT)
		return 0;
	return fail(w, "%s: expected a single value", key);
}

/* YAML 1.1 booleans, as the toolkit's Go YAML reads them */
static int get_bool(struct walk *w, const char *key, bool *out)
{
	static const char *const yes[] = { "true", "True", "TRUE", "yes", "Yes", "YES",
					   "on", "On", "ON" };
	static const char *const no[] = { "false", "False", "FALSE", "no", "No", "NO",
					  "off", "Off", "OFF" };
	size_t i;

	if (want_scalar(w, key))
		return -EINVAL;
	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (!strcmp(sval(w), yes[i]))
			return *out = true, 0;
		if (!strcmp(sval(w), no[i]))
			return *out = false, 0;
	}
	return fail(w, "%s: '%s' is not true or false", key, sval(w));
}

static int get_string(struct walk *w, const struct key *k, char **out)
{
	const char *v;

	if (want_scalar(w, k->name))
		return -EINVAL;
	if (is_null(w))
		return 0;
	v = sval(w);
	if (strlen(v) != w->ev.data.scalar.length)
		return fail(w, "%s: a NUL byte in the value", k->name);
	if (k->kind == K_FILE && v[0] != '/' && w->dir) {
		if (asprintf(out, "%s/%s", w->dir, v) < 0)
			*out = NULL;
	} else {
		*out = strdup(v);
	}
	return *out ? 0 : -ENOMEM;
}

static int get_version(struct walk *w, const char *key, unsigned int *out)
{
	static const char *const names[] = { "TLS10", "TLS11", "TLS12", "TLS13" };
	unsigned int i;

	if (want_scalar(w, key))
		return -EINVAL;
	for (i = 0; i < 4; i++)
		if (!strcmp(sval(w), names[i]))
			return *out = WEBCFG_TLS10 + i, 0;
	return fail(w, "%s: '%s' is not TLS10, TLS11, TLS12 or TLS13", key, sval(w));
}

static int get_auth(struct walk *w, const char *key, enum webcfg_client_auth *out)
{
	size_t i;

	if (want_scalar(w, key))
		return -EINVAL;
	if (is_null(w))
		return *out = WEBCFG_NO_CLIENT_CERT, 0;
	for (i = 0; i < sizeof(auth_names) / sizeof(auth_names[0]); i++)
		if (!strcmp(sval(w), auth_names[i].name))
			return *out = auth_names[i].auth, 0;
	return fail(w, "%s: '%s' is not NoClientCert, RequestClientCert, RequireAnyClientCert, "
		       "VerifyClientCertIfGiven or RequireAndVerifyClientCert", key, sval(w));
}

static int users(struct walk *w, struct webcfg *c)
{
	int ret;

	while (!(ret = next(w)) && w->ev.type != YAML_MAPPING_END_EVENT) {
		struct webcfg_user *u;
		const char *name, *hash;
		size_t i;
		int cost;

		if (want_scalar(w, "basic_auth_users"))
			return -EINVAL;
		name = sval(w);
		if (!*name || strlen(name) != w->ev.data.scalar.length || strchr(name, ':'))
			return fail(w, "user '%s': a name is not empty and has no ':' or NUL "
				       "(Basic authentication could not send it)", name);
		for (i = 0; i < c->n_users; i++)
			if (!strcmp(c->users[i].name, name))
				return fail(w, "user '%s' is given twice", name);
		u = realloc(c->users, (c->n_users + 1) * sizeof(*u));
		if (!u)
			return -ENOMEM;
		c->users = u;
		u = &c->users[c->n_users];
		u->hash = NULL;
		u->name = strdup(name);
		if (!u->name)
			return -ENOMEM;
		c->n_users++;
		if ((ret = next(w)) || want_scalar(w, u->name))
			return ret ? ret : -EINVAL;
		hash = sval(w);
		if (strlen(hash) != w->ev.data.scalar.length)
			return fail(w, "user '%s': a NUL byte in the password hash", u->name);
		/* the cost before crypt_checksalt(), which takes 03, 31 and
		 * even "0t": crypt() then fails every login, or takes
		 * minutes each */
		cost = webcfg_bcrypt_cost(hash);
		if (cost >= 0 && (cost < WEBCFG_COST_MIN || cost > WEBCFG_COST_MAX))
			return fail(w, "user '%s': bcrypt cost %d is outside %d..%d (htpasswd -nBC 10 "
				       "USER makes one of 10)", u->name, cost, WEBCFG_COST_MIN,
				    WEBCFG_COST_MAX);
		/* bcrypt only: the toolkit takes nothing else, and the weaker
		 * hashes crypt() knows (MD5, DES) are no protection */
		if ((strncmp(hash, "$2y$", 4) && strncmp(hash, "$2b$", 4) &&
		     strncmp(hash, "$2a$", 4)) || cost < 0 ||
		    crypt_checksalt(hash) != CRYPT_SALT_OK || strlen(hash) != 60)
			return fail(w, "user '%s': the password is not a bcrypt hash ($2y$, $2b$ "
				       "or $2a$; htpasswd -nBC 10 USER makes one)", u->name);
		u->hash = strdup(hash);
		if (!u->hash)
			return -ENOMEM;
	}
	return ret;
}

static int mapping(struct walk *w, struct webcfg *c, const struct key *keys, const char *where);

/* The field of c that key k fills. */
static void *field_of(struct webcfg *c, const struct key *k)
{
	return (char *)c + k->off;
}

/* The value of key k, its first event current. */
static int value(struct walk *w, struct webcfg *c, const struct key *k)
{
	void *field = field_of(c, k);
	bool ignored;

	switch (k->kind) {
	case K_FILE:
	case K_PEM:
		return get_string(w, k, field);
	case K_BOOL:
		return get_bool(w, k->name, field);
	case K_IGNORED_BOOL:
		return get_bool(w, k->name, &ignored);
	case K_AUTH:
		return get_auth(w, k->name, field);
	case K_VERSION:
		return get_version(w, k->name, field);
	case K_TLS:
	case K_HTTP:
	case K_USERS:
		if (is_null(w))
			return 0;
		if (w->ev.type != YAML_MAPPING_START_EVENT)
			return fail(w, "%s: expected keys and values", k->name);
		if (k->kind == K_USERS)
			return users(w, c);
		return mapping(w, c, k->kind == K_TLS ? tls_keys : http_keys, k->name);
	case K_UNSUPPORTED:
		break;
	}
	return fail(w, "%s is not supported by rdmatop", k->name);
}

/* The keys of one mapping, its start event current, up to its end. */
static int mapping(struct walk *w, struct webcfg *c, const struct key *keys, const char *where)
{
	unsigned int seen = 0;
	int ret;

	while (!(ret = next(w)) && w->ev.type != YAML_MAPPING_END_EVENT) {
		const struct key *k;

		if (w->ev.type != YAML_SCALAR_EVENT)
			return fail(w, "%s: expected a key", where);
		for (k = keys; k->name && strcmp(k->name, sval(w)); k++)
			;
		if (!k->name)
			return fail(w, "unknown key '%s'%s%s", sval(w), *where ? " in " : "",
				    where);
		if (seen & (1u << (k - keys)))
			return fail(w, "'%s' is given twice", k->name);
		seen |= 1u << (k - keys);
		if ((ret = next(w)) || (ret = value(w, c, k)))
			return ret;
	}
	return ret;
}

static int document(struct walk *w, struct webcfg *c)
{
	int ret;

	if ((ret = next(w)))	/* stream start */
		return ret;
	if ((ret = next(w)))
		return ret;
	if (w->ev.type == YAML_STREAM_END_EVENT)
		return 0;	/* an empty file: plain HTTP, no users */
	if ((ret = next(w)))	/* past the document start */
		return ret;
	if (w->ev.type == YAML_MAPPING_START_EVENT)
		ret = mapping(w, c, top_keys, "");
	else if (!is_null(w))
		ret = fail(w, "expected keys and values (tls_server_config, basic_auth_users)");
	if (ret || (ret = next(w)) || (ret = next(w)))
		return ret;
	if (w->ev.type != YAML_STREAM_END_EVENT)
		return fail(w, "one document only (a second '---')");
	return 0;
}

/* What the toolkit also refuses once the keys are read. */
static int check(struct walk *w, struct webcfg *c)
{
	bool any = c->cert_file || c->cert_pem || c->key_file || c->key_pem ||
		   c->client_ca_file || c->client_ca_pem || c->client_auth;

	w->have = false;	/* messages without a line from here */
	if ((c->cert_file && c->cert_pem) || (c->key_file && c->key_pem) ||
	    (c->client_ca_file && c->client_ca_pem))
		return fail(w, "tls_server_config: give cert or cert_file, key or key_file, "
			       "client_ca or client_ca_file, not both");
	if (!any)
		return 0;
	if (!c->cert_file && !c->cert_pem)
		return fail(w, "tls_server_config: missing one of cert or cert_file");
	if (!c->key_file && !c->key_pem)
		return fail(w, "tls_server_config: missing one of key or key_file");
	if ((c->client_ca_file || c->client_ca_pem) && c->client_auth == WEBCFG_NO_CLIENT_CERT)
		return fail(w, "tls_server_config: client CAs are configured without a "
			       "client_auth_type");
	if (c->client_auth >= WEBCFG_VERIFY_CLIENT_CERT_IF_GIVEN && !c->client_ca_file &&
	    !c->client_ca_pem)
		return fail(w, "tls_server_config: client_auth_type %s needs client_ca_file",
			    webcfg_client_auth_name(c->client_auth));
	if (c->min_version > c->max_version)
		return fail(w, "tls_server_config: min_version is above max_version");
	c->tls = true;
	return 0;
}

int webcfg_parse(struct webcfg *c, const char *text, size_t len, const char *dir,
		 char *err, size_t errlen)
{
	struct walk w = { .dir = dir, .err = err, .errlen = errlen };
	int ret;

	memset(c, 0, sizeof(*c));
	c->min_version = WEBCFG_TLS10 + 2;
	c->max_version = WEBCFG_TLS13;
	c->prefer_server_ciphers = true;
	if (len > WEBCFG_FILE_MAX) {
		snprintf(err, errlen, "larger than %d bytes", WEBCFG_FILE_MAX);
		return -EINVAL;
	}
	if (!yaml_parser_initialize(&w.p))
		return -ENOMEM;
	yaml_parser_set_input_string(&w.p, (const unsigned char *)text, len);
	ret = document(&w, c);
	if (w.have)
		yaml_event_delete(&w.ev);
	yaml_parser_delete(&w.p);
	if (!ret)
		ret = check(&w, c);
	if (ret == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	if (ret)
		webcfg_free(c);
	return ret;
}

int webcfg_bcrypt_cost(const char *hash)
{
	if (strlen(hash) < 7 || hash[0] != '$' || hash[1] != '2' || hash[3] != '$' ||
	    hash[4] < '0' || hash[4] > '9' || hash[5] < '0' || hash[5] > '9' || hash[6] != '$')
		return -1;
	return (hash[4] - '0') * 10 + (hash[5] - '0');
}

void webcfg_free(struct webcfg *c)
{
	const struct key *k;
	size_t i;

	if (c->key_pem)
		explicit_bzero(c->key_pem, strlen(c->key_pem));
	/* the file names and PEM texts: the strings tls_keys fill (a new
	 * one is freed with its row) */
	for (k = tls_keys; k->name; k++)
		if (k->kind == K_FILE || k->kind == K_PEM)
			free(*(char **)field_of(c, k));
	for (i = 0; i < c->n_users; i++) {
		free(c->users[i].name);
		free(c->users[i].hash);
	}
	free(c->users);
	memset(c, 0, sizeof(*c));
}
