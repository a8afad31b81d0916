/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The --listen endpoint's accept path (src/http/accept.c), private to
 * src/http: connections accepted, counted per client prefix, and handed
 * to libmicrohttpd once their first byte (TLS) or head (plain) is in.
 */
#ifndef RDMATOP_HTTP_ACCEPT_H
#define RDMATOP_HTTP_ACCEPT_H

#include <stdbool.h>
#include <sys/socket.h>

#include <ev.h>

#include "http.h"

/* What the accept path asks the server, which holds MHD's connections. */
struct http_accept_ops {
	/* connections MHD holds, in all and from one client */
	unsigned int (*total)(void *cls);
	unsigned int (*count)(void *cls, const struct http_prefix *who);
	/* fd is the server's from now on (closed by it on failure) */
	void (*hand_over)(void *cls, int fd, const struct sockaddr *sa, socklen_t len,
			  ev_tstamp start);
};

struct http_accept;
/* Accept on the listening fd (not taken: the caller closes it). */
int http_accept_start(struct http_accept **a, struct ev_loop *loop, int fd, bool tls,
		      unsigned int p4, unsigned int p6, const struct http_accept_ops *ops,
		      void *cls);
/* Whether what comes in must be TLS (the web config changed). */
void http_accept_set_tls(struct http_accept *a, bool tls);
/* Connections waiting here, in all and from one client. */
unsigned int http_accept_n(const struct http_accept *a);
unsigned int http_accept_count(const struct http_accept *a, const struct http_prefix *who);
void http_accept_stop(struct http_accept *a);

#endif
