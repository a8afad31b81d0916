/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The metrics endpoint of --listen: libmicrohttpd on the libev loop,
 * answering GET /metrics with the latest sample's exposition and nothing
 * else, over TLS and with basic authentication when --web-config says so.
 * Every resource a client can make it use is bounded: connections (in all
 * and per address), memory and time per connection, and the bcrypt checks
 * a stranger can ask for.  Content negotiation and the listen address are
 * pure functions (src/http/request.c), the password check has its own
 * file (src/http/auth.c); all are unit-tested.
 */
#ifndef RDMATOP_HTTP_H
#define RDMATOP_HTTP_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <ev.h>

#include "webcfg.h"

/*
 * Limits.  Past the hard ones libmicrohttpd closes a new connection at
 * once (it has no way to answer there); between the soft and the hard
 * ones a request is answered 503 (all connections) or 429 (this address).
 */
#define HTTP_CONNS_MAX 64	/* open connections, soft: 503 */
#define HTTP_CONNS_HARD 128	/* open connections, closed past this */
#define HTTP_ADDR_MAX 8		/* from one address, soft: 429 */
#define HTTP_ADDR_HARD 16	/* from one address, closed past this */
#define HTTP_IDLE_TIMEOUT 3	/* seconds without a byte (a stalled head) */
#define HTTP_TIMEOUT 10.0	/* seconds a connection may live, in all */
#define HTTP_CONN_MEMORY 16384	/* bytes per connection: head and buffers */
#define HTTP_AUTH_RATE 4.0	/* bcrypt checks of unknown credentials a second */
#define HTTP_AUTH_BURST 8.0	/* ... and in a burst */

/*
 * Whether an Accept header value prefers OpenMetrics: its q is above 0 and
 * at least that of text/plain.  Wildcards choose the 0.0.4 text, which
 * every client reads.
 */
bool http_accept_openmetrics(const char *v, size_t len);

/*
 * "ADDR:PORT", ":PORT" (127.0.0.1), "[IPV6]:PORT" or "PORT" to a socket
 * address.  0, or -EINVAL with a one-line reason in err.
 */
int http_parse_listen(const char *spec, struct sockaddr_storage *ss, socklen_t *len,
		      char *err, size_t errlen);
/* The address is 0.0.0.0 or :: (every interface). */
bool http_addr_is_wildcard(const struct sockaddr_storage *ss);

/* Basic authentication against bcrypt hashes (src/http/auth.c). */
enum http_auth_result {
	HTTP_AUTH_OK,
	HTTP_AUTH_DENIED,	/* unknown user or wrong password */
	HTTP_AUTH_BUSY,		/* over the budget of bcrypt checks: try later */
};
struct http_auth;
/* The users are referenced, not copied.  0 or -ENOMEM. */
int http_auth_new(struct http_auth **a, const struct webcfg_user *users, size_t n);
/*
 * Check a user and password at time now (seconds, monotonic).  A pair
 * that passed recently is recognised from a salted digest without bcrypt;
 * any other costs one bcrypt run of the user's hash (an unknown user's of
 * the costliest one, so the time does not tell whether the name exists),
 * taken from a budget of HTTP_AUTH_RATE a second.
 */
enum http_auth_result http_auth_check(struct http_auth *a, const char *user, const char *pass,
				      double now);
void http_auth_free(struct http_auth *a);

struct http_server;

struct http_server_opts {
	const char *listen;		/* ADDR:PORT */
	const struct webcfg *web;	/* NULL: plain HTTP, no users */
	const char *path;		/* of the metrics; NULL: /metrics */
};

/* Listen with watchers on loop; 0 or -errno, reason in err. */
int http_server_start(struct http_server **hs, struct ev_loop *loop,
		      const struct http_server_opts *o, char *err, size_t errlen);
/*
 * Serve these expositions from now on.  The server takes both malloc'd
 * buffers (also on failure); a response being sent keeps the one it began
 * with.  0 or -ENOMEM.
 */
int http_server_publish(struct http_server *hs, char *om, size_t om_len, char *prom,
			size_t prom_len);
/* The address actually bound ("127.0.0.1:19101"). */
const char *http_server_addr(const struct http_server *hs);
/* The socket came from systemd (LISTEN_FDS), not from binding --listen. */
bool http_server_passed(const struct http_server *hs);
/*
 * Read the web config at path again and serve with it from the next
 * connection on, on the same listening socket.  0, or -errno with the
 * reason in err: the old config then still serves.
 */
int http_server_reload(struct http_server *hs, const char *path, char *err, size_t errlen);
void http_server_stop(struct http_server *hs);

#endif
