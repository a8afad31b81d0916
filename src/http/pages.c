// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the --listen endpoint answers (see pages.h).  Every answer is one
 * MHD response built ahead (the expositions when a sample arrives), so a
 * request only queues it: a scrape costs a copy, never a render or a
 * compression, whatever a scraper asks for.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "http.h"
#include "http_ops.h"
#include "out.h"
#include "pages.h"

const struct http_answer http_answers[R_N] = {
	[R_BAD_CERT] = { 403, "a client certificate is required\n", NULL, NULL },
	[R_UNAUTHORIZED] = { 401, "Unauthorized\n", "WWW-Authenticate", "Basic realm=\"rdmatop\"" },
	[R_AUTH_BUSY] = { 429, "too many password checks\n", "Retry-After", "1" },
	[R_BUSY] = { 503, "too many connections\n", "Retry-After", "1" },
	[R_ADDR_BUSY] = { 429, "too many connections from this address\n", "Retry-After", "1" },
	[R_NOT_ALLOWED] = { 405, "Method Not Allowed\n", "Allow", "GET, HEAD" },
	[R_NOT_FOUND] = { 404, "Not Found\n", NULL, NULL },
	[R_NO_SAMPLE] = { 503, "no sample yet\n", "Retry-After", "1" },
	[R_HEALTHY] = { 200, "rdmatop is healthy.\n", NULL, NULL },
	[R_READY] = { 200, "rdmatop is ready.\n", NULL, NULL },
};

static struct MHD_Response *response(char *body, size_t len, enum MHD_ResponseMemoryMode mode,
				     const char *type)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(len, body, mode);

	if (!r) {
		if (mode == MHD_RESPMEM_MUST_FREE)
			free(body);
		return NULL;
	}
	if (MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type) != MHD_YES ||
	    MHD_add_response_header(r, MHD_HTTP_HEADER_CONNECTION, "close") != MHD_YES) {
		MHD_destroy_response(r);
		return NULL;
	}
	return r;
}

int http_pages_init(struct http_pages *p, const char *path)
{
	char *page = http_landing_page(path, RDMATOP_VERSION);
	int i;

	p->path = path;
	p->page = page ? response(page, strlen(page), MHD_RESPMEM_MUST_FREE,
				  "text/html; charset=utf-8") : NULL;
	if (!p->page)
		return -ENOMEM;

	for (i = 0; i < R_N; i++) {
		p->answer[i] = response((char *)http_answers[i].body, strlen(http_answers[i].body),
					 MHD_RESPMEM_PERSISTENT, "text/plain; charset=utf-8");
		if (!p->answer[i])
			return -ENOMEM;
		if (http_answers[i].header &&
		    MHD_add_response_header(p->answer[i], http_answers[i].header,
					    http_answers[i].value) != MHD_YES)
			return -ENOMEM;
	}
	return 0;
}

/* A response that varies with Accept-Encoding, gzip'd when gz; the body
 * is taken (also on failure). */
static struct MHD_Response *varied(char *body, size_t len, const char *type, bool gz)
{
	struct MHD_Response *r = response(body, len, MHD_RESPMEM_MUST_FREE, type);

	if (r && (MHD_add_response_header(r, MHD_HTTP_HEADER_VARY, "Accept-Encoding") != MHD_YES ||
		  (gz && MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip") !=
				 MHD_YES))) {
		MHD_destroy_response(r);
		r = NULL;
	}
	return r;
}

/* The gzip'd twin of body, made once per sample (every scrape of
 * Prometheus asks for it); NULL (served plain) when out of memory. */
static struct MHD_Response *gzipped(const char *body, size_t len, const char *type)
{
	char *z;
	size_t zlen;

	return http_gzip(body, len, &z, &zlen) ? NULL : varied(z, zlen, type, true);
}

static void replace(struct MHD_Response **slot, struct MHD_Response *r)
{
	/* a connection still sending the old one holds its reference */
	if (*slot)
		MHD_destroy_response(*slot);
	*slot = r;
}

int http_pages_publish(struct http_pages *p, char *om, size_t om_len, char *prom,
		       size_t prom_len)
{
	struct MHD_Response *az = gzipped(om, om_len, OUT_OM_CT_OPENMETRICS);
	struct MHD_Response *bz = gzipped(prom, prom_len, OUT_OM_CT_PROMETHEUS);
	struct MHD_Response *a = varied(om, om_len, OUT_OM_CT_OPENMETRICS, false);
	struct MHD_Response *b = varied(prom, prom_len, OUT_OM_CT_PROMETHEUS, false);

	if (!a || !b) {
		if (a)
			MHD_destroy_response(a);
		if (b)
			MHD_destroy_response(b);
		if (az)
			MHD_destroy_response(az);
		if (bz)
			MHD_destroy_response(bz);
		return -ENOMEM;
	}
	replace(&p->om, a);
	replace(&p->prom, b);
	replace(&p->om_gz, az);
	replace(&p->prom_gz, bz);
	return 0;
}

struct MHD_Response *http_pages_route(const struct http_pages *p, const char *url,
				      const char *accept, const char *enc, unsigned int *status)
{
	struct MHD_Response *r;
	bool gz = enc && http_accept_gzip(enc, strlen(enc));
	int which = R_NOT_FOUND;

	*status = MHD_HTTP_OK;
	if (!strcmp(url, p->path)) {
		if (accept && http_accept_openmetrics(accept, strlen(accept)))
			r = gz && p->om_gz ? p->om_gz : p->om;
		else
			r = gz && p->prom_gz ? p->prom_gz : p->prom;
		if (r)
			return r;
		which = R_NO_SAMPLE;
	} else if (!strcmp(url, "/")) {
		return p->page;
	} else if (!strcmp(url, "/-/healthy")) {
		which = R_HEALTHY;
	} else if (!strcmp(url, "/-/ready")) {
		which = p->prom ? R_READY : R_NO_SAMPLE;
	}
	*status = http_answers[which].status;
	return p->answer[which];
}

void http_pages_free(struct http_pages *p)
{
	int i;

	for (i = 0; i < R_N; i++)
		replace(&p->answer[i], NULL);
	replace(&p->page, NULL);
	replace(&p->om, NULL);
	replace(&p->prom, NULL);
	replace(&p->om_gz, NULL);
	replace(&p->prom_gz, NULL);
}
