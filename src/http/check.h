/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The password step of a request (src/http/check.c), private to src/http:
 * basic authentication with bcrypt run by the workers while libmicrohttpd
 * holds the connection suspended.
 */
#ifndef RDMATOP_HTTP_CHECK_H
#define RDMATOP_HTTP_CHECK_H

#include <microhttpd.h>

#include "http.h"

enum http_check_state { CHECK_NONE, CHECK_WAIT, CHECK_PASSED, CHECK_FAILED, CHECK_BUSY };

/* One connection's check, in the server's connection. */
struct http_check {
	struct http_check *prev, *next;	/* the checks waiting */
	enum http_check_state state;
	struct MHD_Connection *mc;
	struct http_prefix who;
};

enum http_check_result {
	HTTP_CHECK_PASS,	/* the request goes on */
	HTTP_CHECK_WAIT,	/* suspended: the request comes again once checked */
	HTTP_CHECK_DENIED,	/* 401 */
	HTTP_CHECK_BUSY,	/* 429 */
};

struct http_checker;
/* wake(cls) runs on the loop after a connection was resumed (MHD_run it).
 * 0 or -errno. */
int http_checker_new(struct http_checker **k, struct ev_loop *loop, const struct webcfg *web,
		     void (*wake)(void *cls), void *cls);
enum http_check_result http_check(struct http_checker *k, struct http_check *c);
/* The workers stopped, every waiting connection resumed (refused). */
void http_checker_free(struct http_checker *k);

#endif
