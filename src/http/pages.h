/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the --listen endpoint answers (src/http/pages.c): the fixed answers
 * (errors, health), the landing page, and the latest sample's expositions,
 * plain and gzip'd, each one MHD response that every request queues.
 * Private to src/http.
 */
#ifndef RDMATOP_HTTP_PAGES_H
#define RDMATOP_HTTP_PAGES_H

#include <stddef.h>

#include <microhttpd.h>

enum { R_BAD_CERT, R_UNAUTHORIZED, R_AUTH_BUSY, R_BUSY, R_ADDR_BUSY, R_NOT_ALLOWED,
       R_NOT_FOUND, R_NO_SAMPLE, R_HEALTHY, R_READY, R_N };

struct http_answer {
	unsigned int status;
	const char *body, *header, *value;
};
extern const struct http_answer http_answers[R_N];

struct http_pages {
	const char *path;		/* of the metrics */
	struct MHD_Response *answer[R_N], *page;
	struct MHD_Response *om, *prom;	/* the latest sample's */
	struct MHD_Response *om_gz, *prom_gz;	/* the same, gzip'd */
};

/* 0 or -ENOMEM (then free with http_pages_free all the same). */
int http_pages_init(struct http_pages *p, const char *path);
/* Serve these expositions (both malloc'd, taken also on failure) and
 * their gzip'd twins, made here once per sample.  0 or -ENOMEM. */
int http_pages_publish(struct http_pages *p, char *om, size_t om_len, char *prom,
		       size_t prom_len);
/* The answer to a GET or HEAD of url with these Accept and Accept-Encoding
 * headers (NULL: absent), and its status. */
struct MHD_Response *http_pages_route(const struct http_pages *p, const char *url,
				      const char *accept, const char *enc, unsigned int *status);
void http_pages_free(struct http_pages *p);

#endif
