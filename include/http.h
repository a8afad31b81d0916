/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The metrics endpoint of --listen: a deliberately small HTTP/1.1 server on
 * the libev loop that answers GET /metrics with the latest sample's
 * exposition and nothing else.  Every resource a client can make it use is
 * bounded: head size, header lines, connections, and time per connection.
 * The request parser is pure (src/http/request.c) and unit-tested.
 */
#ifndef RDMATOP_HTTP_H
#define RDMATOP_HTTP_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <ev.h>

#define HTTP_HEAD_MAX 8192	/* request line and headers, bytes */
#define HTTP_HEADERS_MAX 64	/* header lines */
#define HTTP_CONNS_MAX 64	/* open connections; more get a 503 */
#define HTTP_TIMEOUT 10.0	/* seconds a connection may live, in all */

enum http_method { HTTP_GET, HTTP_HEAD, HTTP_OTHER };

struct http_req {
	enum http_method method;
	bool metrics;		/* the target is /metrics (a query is ignored) */
	bool openmetrics;	/* Accept prefers OpenMetrics to 0.0.4 text */
};

/*
 * Parse a request head from the bytes received so far.  Returns the head's
 * length once it is complete, 0 when more bytes are needed, -E2BIG when
 * HTTP_HEAD_MAX bytes hold no complete head or there are more than
 * HTTP_HEADERS_MAX header lines, or -EBADMSG for a malformed head.
 */
ssize_t http_parse(const char *buf, size_t len, struct http_req *r);

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

struct http_server;

/* Listen on spec with watchers on loop; 0 or -errno, reason in err. */
int http_server_start(struct http_server **hs, struct ev_loop *loop, const char *spec,
		      char *err, size_t errlen);
/*
 * Serve these expositions from now on.  The server takes both malloc'd
 * buffers (also on failure); a response being sent keeps the one it began
 * with.  0 or -ENOMEM.
 */
int http_server_publish(struct http_server *hs, char *om, size_t om_len, char *prom,
			size_t prom_len);
/* The address actually bound ("127.0.0.1:9101"). */
const char *http_server_addr(const struct http_server *hs);
void http_server_stop(struct http_server *hs);

#endif
