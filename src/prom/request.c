// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One request of the HTTP client (client.c runs them): its options from
 * Prometheus's http_config (handle.c), its answer bounded in bytes; the
 * Authorization header; oauth2's token, fetched before the queries; and
 * the proxy of the Prometheus URL (proxy.c decides, from the config and,
 * only when asked, the environment).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "client.h"
#include "fmt.h"
#include "util.h"

/* a header's name (lower case, with its colon) at the start of line p of n bytes */
static bool header_is(const char *p, size_t n, const char *name)
{
	size_t k = strlen(name);

	return n > k && !strncasecmp(p, name, k);
}

/*
 * Each header line of each answer (a redirect's or a 100 Continue's too:
 * a status line starts anew).  At the end of the headers, an answer whose
 * Content-Length passes answer_max stops the transfer before its body is
 * read.  A coded body's (gzip, as Prometheus sends) Content-Length is not
 * the answer's size: it is counted as it is decoded (prom_req_data).
 */
size_t prom_req_header(char *p, size_t size, size_t n, void *arg)
{
	struct req *r = arg;
	size_t len = size * n;
	char num[32];
	char *end;

	if (header_is(p, len, "http/")) {
		r->length = -1;
		r->coded = false;
	} else if (header_is(p, len, "content-length:") && len - 15 < sizeof(num)) {
		long long v;

		memcpy(num, p + 15, len - 15);
		num[len - 15] = '\0';
		errno = 0;
		v = strtoll(num, &end, 10);
		while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n')
			end++;
		r->length = !errno && end != num && !*end && v >= 0 ? v : -1;
	} else if (header_is(p, len, "content-encoding:")) {
		const char *v = p + 17;

		while (v < p + len && (*v == ' ' || *v == '\t'))
			v++;
		r->coded = !header_is(v, (size_t)(p + len - v), "identity");
	} else if ((len == 2 && p[0] == '\r') || (len == 1 && p[0] == '\n')) {
		if (!r->coded && r->length > 0 &&
		    (unsigned long long)r->length > r->c->o.answer_max) {
			r->over = r->unread = true;
			r->size = (size_t)r->length;
			return 0; /* curl stops: CURLE_WRITE_ERROR */
		}
	}
	return len;
}

size_t prom_req_data(char *p, size_t size, size_t n, void *arg)
{
	struct req *r = arg;
	size_t len = size * n;

	if (r->len + len > r->c->o.answer_max) {
		/* never more than the bound held: cut at the chunk that
		 * passes it */
		r->over = true;
		r->size = r->len + len;
		return 0; /* curl stops: CURLE_WRITE_ERROR */
	}
	if (r->len + len + 1 > r->cap) {
		size_t nc = (r->len + len + 1) * 2;
		char *b;

		if (nc > r->c->o.answer_max + 1)
			nc = r->c->o.answer_max + 1;
		b = realloc(r->buf, nc);
		if (!b)
			return 0;
		r->buf = b;
		r->cap = nc;
	}
	memcpy(r->buf + r->len, p, len);
	r->len += len;
	r->buf[r->len] = '\0';
	return len;
}

/* Authorization: TYPE CREDENTIALS on every request to Prometheus */
int prom_req_auth(struct prom_client *c, const char *type, const char *cred)
{
	char *h;

	curl_slist_free_all(c->headers);
	c->headers = NULL;
	if (asprintf(&h, "Authorization: %s %s", type, cred) < 0)
		return -ENOMEM;
	c->headers = curl_slist_append(NULL, h);
	free(h);
	return c->headers ? 0 : -ENOMEM;
}

/* oauth2's token endpoint answered (or did not) */
void prom_req_token_in(struct prom_client *c, struct req *r, const struct prom_http *h)
{
	char why[sizeof(c->token_why)];
	int err = 0;

	prom_token_free(&c->token);
	if (h->over || h->err) {
		snprintf(why, sizeof(why), "oauth2: token_url: %s",
			 h->over ? "answer too large" : h->err_why);
		fmt_cut(c->token_why, sizeof(c->token_why), why);
		return;
	}
	err = prom_oauth2_answer(h->code, r->buf ? r->buf : "", r->len, &c->token, c->token_why,
				 sizeof(c->token_why));
	if (!err)
		err = prom_req_auth(c, c->token.type, c->token.token);
	if (err) {
		prom_token_free(&c->token);
		return;
	}
	c->token_why[0] = '\0';
	/* as Go's oauth2: a token is renewed 10 s before it expires */
	c->token_until = c->token.expires_in > 0 ?
				 clock_sec(CLOCK_MONOTONIC) + c->token.expires_in - 10 :
				 INFINITY;
}

/* request q: a POST of form (NULL: a GET) to c->url's path, or for the
 * token to oauth2's token_url */
int prom_req_start(struct prom_client *c, int q, const char *path, const char *form)
{
	struct req *r = calloc(1, sizeof(*r));
	const struct prom_config *cfg = c->o.cfg;
	char *url = NULL;
	bool token = q == Q_TOKEN;

	if (!r ||
	    (token ? !(url = strdup(cfg->token_url)) : asprintf(&url, "%s%s", c->url, path) < 0)) {
		free(r);
		return -ENOMEM;
	}
	r->c = c;
	r->q = q;
	r->length = -1;
	r->t0 = clock_sec(CLOCK_MONOTONIC);
	r->e = curl_easy_init();
	if (!r->e) {
		free(url);
		free(r);
		return -ENOMEM;
	}
	curl_easy_setopt(r->e, CURLOPT_URL, url);
	curl_easy_setopt(r->e, CURLOPT_PRIVATE, r);
	curl_easy_setopt(r->e, CURLOPT_WRITEFUNCTION, prom_req_data);
	curl_easy_setopt(r->e, CURLOPT_WRITEDATA, r);
	curl_easy_setopt(r->e, CURLOPT_HEADERFUNCTION, prom_req_header);
	curl_easy_setopt(r->e, CURLOPT_HEADERDATA, r);
	curl_easy_setopt(r->e, CURLOPT_ERRORBUFFER, r->errbuf);
	curl_easy_setopt(r->e, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(r->e, CURLOPT_TIMEOUT_MS, (long)(c->o.timeout * 1000));
	curl_easy_setopt(r->e, CURLOPT_ACCEPT_ENCODING, ""); /* gzip, as Prometheus offers */
	curl_easy_setopt(r->e, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(r->e, CURLOPT_USERAGENT, "rdmatop/" RDMATOP_VERSION);
	if (form)
		curl_easy_setopt(r->e, CURLOPT_COPYPOSTFIELDS, form);
	if (token) {
		prom_handle_token(r->e, cfg);
	} else {
		prom_handle_setup(r->e, cfg, !strncmp(c->url, "https://", 8), c->proxy,
				  c->proxy_headers);
		if (c->headers)
			curl_easy_setopt(r->e, CURLOPT_HTTPHEADER, c->headers);
		if (c->connect_list)
			curl_easy_setopt(r->e, CURLOPT_CONNECT_TO, c->connect_list);
		if (cfg && cfg->username) {
			curl_easy_setopt(r->e, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
			curl_easy_setopt(r->e, CURLOPT_USERNAME, cfg->username);
			curl_easy_setopt(r->e, CURLOPT_PASSWORD,
					 cfg->password ? cfg->password : "");
		}
	}
	free(url);
	if (curl_multi_add_handle(c->m, r->e) != CURLM_OK) {
		curl_easy_cleanup(r->e);
		free(r);
		return -EIO;
	}
	c->reqs[q] = r;
	c->pending++;
	return 0;
}

static const char *env(const char *name)
{
	return getenv(name);
}

/* the proxy of c->url (after server_name), and proxy_connect_header */
int prom_req_proxy(struct prom_client *c)
{
	const struct prom_config *cfg = c->o.cfg;
	char buf[4096];

	if (!prom_proxy_for(cfg, c->url, env, buf, sizeof(buf), &c->proxy_from))
		return 0;
	c->proxy = strdup(buf);
	if (!c->proxy)
		return -ENOMEM;
	return prom_handle_connect_headers(cfg, &c->proxy_headers);
}
