// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * oauth2's client credentials grant (RFC 6749 4.4), as Prometheus's
 * http_config asks for it: a POST of grant_type=client_credentials (with
 * scope and endpoint_params) to token_url, the client's id and secret in
 * HTTP basic auth (each form-encoded first, as RFC 6749 2.3.1 says); the
 * token endpoint's JSON answer gives the token, its type and its lifetime.
 * The transfer is client.c's; the form and the answer are here, pure, so
 * the fuzz target (tests/fuzz/fuzz_promhttp.c) drives the answer.
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "fmt.h"
#include "prom.h"

#define TOKEN_MAX 16384 /* bytes of a token: it goes out in every request */

/* s after o, form-encoded (Go's url.QueryEscape) or raw */
static int put(char **o, size_t *n, const char *s, bool raw)
{
	static const char hex[] = "0123456789ABCDEF";
	char *b = realloc(*o, *n + strlen(s) * 3 + 1), *p;

	if (!b)
		return -ENOMEM;
	*o = b;
	p = b + *n;
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (raw || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '.' || ch == '~') {
			*p++ = (char)ch;
		} else if (ch == ' ') {
			*p++ = '+';
		} else {
			*p++ = '%';
			*p++ = hex[ch >> 4];
			*p++ = hex[ch & 15];
		}
	}
	*p = '\0';
	*n = (size_t)(p - b);
	return 0;
}

static int pair(char **o, size_t *n, const char *name, const char *value)
{
	if ((*n && put(o, n, "&", true)) || put(o, n, name, false) || put(o, n, "=", true))
		return -ENOMEM;
	return put(o, n, value, false);
}

char *prom_oauth2_form(const struct prom_config *c)
{
	const char *grant = "client_credentials";
	char *o = NULL, *scope = NULL;
	size_t n = 0, i, sl = 0;
	int err = 0;

	for (i = 0; i < c->n_params; i++) /* as Go's: endpoint_params may set it */
		if (!strcmp(c->params[i].name, "grant_type"))
			grant = c->params[i].value;
	err = pair(&o, &n, "grant_type", grant);
	for (i = 0; !err && i < c->n_scopes; i++) {
		size_t l = strlen(c->scopes[i]);
		char *s = realloc(scope, sl + l + 2);

		if (!s) {
			err = -ENOMEM;
			break;
		}
		scope = s;
		if (sl)
			scope[sl++] = ' ';
		memcpy(scope + sl, c->scopes[i], l + 1);
		sl += l;
	}
	if (!err && scope)
		err = pair(&o, &n, "scope", scope);
	free(scope);
	for (i = 0; !err && i < c->n_params; i++)
		if (strcmp(c->params[i].name, "grant_type"))
			err = pair(&o, &n, c->params[i].name, c->params[i].value);
	if (err) {
		free(o);
		return NULL;
	}
	return o;
}

/* id or secret for basic auth: form-encoded (RFC 6749 2.3.1), malloc'd */
char *prom_oauth2_escape(const char *s)
{
	char *o = NULL;
	size_t n = 0;

	if (put(&o, &n, "", true) || put(&o, &n, s, false)) {
		free(o);
		return NULL;
	}
	return o;
}

/* the reason of a refusal, with the endpoint's own words where it gave any */
static void refused(long code, json_t *root, char *why, size_t len)
{
	const char *e = json_string_value(json_object_get(root, "error"));
	const char *d = json_string_value(json_object_get(root, "error_description"));
	char msg[512];

	snprintf(msg, sizeof(msg), "oauth2: token_url answered HTTP %ld%s%s%s%s%s", code,
		 e ? ": " : "", e ? e : "", d ? " (" : "", d ? d : "", d ? ")" : "");
	if (code == 401 || (e && !strcmp(e, "invalid_client")))
		snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg),
			 ": check oauth2 client_id and client_secret");
	fmt_cut(why, len, msg);
}

static bool ctl(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return true;
	return false;
}

int prom_oauth2_answer(long code, const char *buf, size_t len, struct prom_token *t, char *why,
		       size_t whylen)
{
	json_t *root = json_loadb(buf, len, 0, NULL), *exp;
	const char *tok, *type;
	int ret = -EIO;

	memset(t, 0, sizeof(*t));
	if (code < 200 || code > 299) {
		refused(code, json_is_object(root) ? root : NULL, why, whylen);
		ret = -EACCES;
		goto out;
	}
	tok = json_string_value(json_object_get(root, "access_token"));
	type = json_string_value(json_object_get(root, "token_type"));
	exp = json_object_get(root, "expires_in");
	if (!json_is_object(root) || !tok || !*tok) {
		snprintf(why, whylen,
			 "oauth2: token_url's answer holds no access_token (JSON only)");
		goto out;
	}
	if (strlen(tok) > TOKEN_MAX || ctl(tok) ||
	    (type && (strlen(type) > 64 || ctl(type) || strchr(type, ' ')))) {
		/* they go out as "Authorization: TYPE TOKEN" */
		snprintf(why, whylen,
			 "oauth2: token_url's token or token_type is too long or "
			 "holds a control character");
		goto out;
	}
	/* Go's oauth2 spells the usual types so (Token.Type) */
	if (!type || !*type || !strcasecmp(type, "bearer"))
		type = "Bearer";
	else if (!strcasecmp(type, "mac"))
		type = "MAC";
	else if (!strcasecmp(type, "basic"))
		type = "Basic";
	if (json_is_number(exp))
		t->expires_in = json_number_value(exp);
	else if (json_is_string(exp))
		t->expires_in = strtod(json_string_value(exp), NULL);
	if (!isfinite(t->expires_in) || t->expires_in < 0)
		t->expires_in = 0;
	t->token = strdup(tok);
	t->type = strdup(type);
	if (!t->token || !t->type) {
		prom_token_free(t);
		snprintf(why, whylen, "out of memory");
		ret = -ENOMEM;
		goto out;
	}
	why[0] = '\0';
	ret = 0;
out:
	json_decref(root);
	return ret;
}

void prom_token_free(struct prom_token *t)
{
	free(t->token);
	free(t->type);
	memset(t, 0, sizeof(*t));
}
