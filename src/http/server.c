// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The --listen endpoint on the libev loop.  A scrape only copies bytes that
 * were rendered when the sample came in, so no client can make rdmatop dump
 * the kernel, and no client can hold the loop: sockets are non-blocking,
 * each connection has one fixed deadline from accept (a slowloris that
 * trickles bytes gains nothing), the head is read into a fixed buffer, and
 * past HTTP_CONNS_MAX connections a new one gets a 503 and is closed.
 * Every response carries Connection: close; after the last byte the write
 * side is shut and the client's remaining bytes drained until it closes, so
 * a client that sent more than it should does not turn our close into a
 * reset that loses the end of the response.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "http.h"
#include "out.h"
#include "util.h"

#define ACCEPT_BURST 128	/* accepts per callback: others get a turn */
#define DRAIN_TIMEOUT 2.0	/* seconds to wait for the client's close */

/* An exposition, shared by the connections still sending it. */
struct http_body {
	unsigned int refs;
	size_t len;
	char *data;
};

struct http_conn {
	struct http_server *hs;
	struct http_conn *prev, *next;
	ev_io io;
	ev_timer timer;
	int fd;
	bool draining;
	size_t in_len;
	char in[HTTP_HEAD_MAX];
	char head[320];
	size_t head_len;
	struct http_body *body;	/* NULL: no body (errors carry theirs in head) */
	size_t off;		/* bytes of head + body sent */
};

struct http_server {
	struct ev_loop *loop;
	int fd;
	ev_io listen;
	ev_timer pause;		/* out of file descriptors: accept again later */
	struct http_conn *conns;
	unsigned int n_conns;
	struct http_body *om, *prom;
	char addr[64];
};

static void body_put(struct http_body *b)
{
	if (b && !--b->refs) {
		free(b->data);
		free(b);
	}
}

static struct http_body *body_new(char *data, size_t len)
{
	struct http_body *b = malloc(sizeof(*b));

	if (!b) {
		free(data);
		return NULL;
	}
	b->refs = 1;
	b->data = data;
	b->len = len;
	return b;
}

static void conn_close(struct http_conn *c)
{
	struct http_server *hs = c->hs;

	ev_io_stop(hs->loop, &c->io);
	ev_timer_stop(hs->loop, &c->timer);
	close(c->fd);
	body_put(c->body);
	if (c->prev)
		c->prev->next = c->next;
	else
		hs->conns = c->next;
	if (c->next)
		c->next->prev = c->prev;
	hs->n_conns--;
	free(c);
}

static void on_timeout(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)loop;
	(void)revents;
	conn_close(container_of(w, struct http_conn, timer));
}

/* Read and drop what the client still sends; close at its EOF. */
static void drain(struct http_conn *c)
{
	char buf[4096];
	ssize_t n;

	while ((n = recv(c->fd, buf, sizeof(buf), 0)) > 0)
		;
	if (n == 0 || (errno != EAGAIN && errno != EINTR))
		conn_close(c);
}

static void conn_write(struct http_conn *c)
{
	struct http_server *hs = c->hs;
	size_t blen = c->body ? c->body->len : 0;

	while (c->off < c->head_len + blen) {
		struct iovec iov[2];
		struct msghdr msg = { .msg_iov = iov };
		ssize_t n;

		if (c->off < c->head_len) {
			iov[0].iov_base = c->head + c->off;
			iov[0].iov_len = c->head_len - c->off;
			iov[1].iov_base = c->body ? c->body->data : NULL;
			iov[1].iov_len = blen;
			msg.msg_iovlen = blen ? 2 : 1;
		} else {
			iov[0].iov_base = c->body->data + (c->off - c->head_len);
			iov[0].iov_len = blen - (c->off - c->head_len);
			msg.msg_iovlen = 1;
		}
		n = sendmsg(c->fd, &msg, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return;		/* the socket says when it has room */
		if (n <= 0) {
			conn_close(c);
			return;
		}
		c->off += (size_t)n;
	}
	shutdown(c->fd, SHUT_WR);
	c->draining = true;
	ev_io_stop(hs->loop, &c->io);
	ev_io_set(&c->io, c->fd, EV_READ);
	ev_io_start(hs->loop, &c->io);
	if (ev_timer_remaining(hs->loop, &c->timer) > DRAIN_TIMEOUT) {
		ev_timer_stop(hs->loop, &c->timer);
		ev_timer_set(&c->timer, DRAIN_TIMEOUT, 0.);
		ev_timer_start(hs->loop, &c->timer);
	}
	drain(c);
}

static void respond_error(struct http_conn *c, const char *status, const char *extra)
{
	const char *text = strchr(status, ' ') + 1;

	c->head_len = (size_t)snprintf(c->head, sizeof(c->head),
				       "HTTP/1.1 %s\r\nContent-Type: text/plain; charset=utf-8\r\n"
				       "Content-Length: %zu\r\n%sConnection: close\r\n\r\n%s\n",
				       status, strlen(text) + 1, extra, text);
}

static void respond(struct http_conn *c, ssize_t ret, const struct http_req *r)
{
	struct http_server *hs = c->hs;
	struct http_body *b;

	if (ret == -E2BIG)
		respond_error(c, "431 Request Header Fields Too Large", "");
	else if (ret < 0)
		respond_error(c, "400 Bad Request", "");
	else if (r->method == HTTP_OTHER)
		respond_error(c, "405 Method Not Allowed", "Allow: GET, HEAD\r\n");
	else if (!r->metrics)
		respond_error(c, "404 Not Found", "");
	else if (!(b = r->openmetrics ? hs->om : hs->prom))
		respond_error(c, "503 Service Unavailable", "Retry-After: 1\r\n");
	else {
		c->head_len = (size_t)snprintf(c->head, sizeof(c->head),
					       "HTTP/1.1 200 OK\r\nContent-Type: %s\r\n"
					       "Content-Length: %zu\r\nConnection: close\r\n\r\n",
					       r->openmetrics ? OUT_OM_CT_OPENMETRICS :
								OUT_OM_CT_PROMETHEUS, b->len);
		if (r->method == HTTP_GET) {
			b->refs++;
			c->body = b;
		}
	}
	if (c->head_len >= sizeof(c->head))
		c->head_len = sizeof(c->head) - 1;
	if (ret > 0 && r->method == HTTP_HEAD) {
		/* the headers of the answer a GET would get, without its body */
		char *end = strstr(c->head, "\r\n\r\n");

		if (end)
			c->head_len = (size_t)(end + 4 - c->head);
	}
	ev_io_stop(hs->loop, &c->io);
	ev_io_set(&c->io, c->fd, EV_WRITE);
	ev_io_start(hs->loop, &c->io);
	conn_write(c);
}

static void on_conn(struct ev_loop *loop, ev_io *w, int revents)
{
	struct http_conn *c = container_of(w, struct http_conn, io);
	struct http_req r;
	ssize_t n, ret;

	(void)loop;
	if (c->draining) {
		drain(c);
		return;
	}
	if (revents & EV_WRITE) {
		conn_write(c);
		return;
	}
	n = recv(c->fd, c->in + c->in_len, sizeof(c->in) - c->in_len, 0);
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		conn_close(c);	/* gone before the head was complete */
		return;
	}
	c->in_len += (size_t)n;
	ret = http_parse(c->in, c->in_len, &r);
	if (ret == 0)
		return;
	respond(c, ret, &r);
}

/* Over the limit: say so at once, in what the socket buffer surely holds. */
static void refuse(int fd)
{
	static const char busy[] = "HTTP/1.1 503 Service Unavailable\r\n"
				   "Content-Type: text/plain; charset=utf-8\r\n"
				   "Content-Length: 20\r\nRetry-After: 1\r\n"
				   "Connection: close\r\n\r\ntoo many connections\n";

	if (send(fd, busy, sizeof(busy) - 1, MSG_NOSIGNAL | MSG_DONTWAIT) < 0) {
		/* nothing more to do for it */
	}
	close(fd);
}

static void on_accept(struct ev_loop *loop, ev_io *w, int revents)
{
	struct http_server *hs = container_of(w, struct http_server, listen);
	int i;

	(void)revents;
	for (i = 0; i < ACCEPT_BURST; i++) {
		int fd = accept4(hs->fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
		struct http_conn *c;

		if (fd < 0) {
			if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS ||
			    errno == ENOMEM) {
				/* the backlog stays readable: wait, or spin */
				ev_io_stop(loop, &hs->listen);
				ev_timer_set(&hs->pause, 1., 0.);
				ev_timer_start(loop, &hs->pause);
				return;
			}
			if (errno == EINTR || errno == ECONNABORTED)
				continue;
			return;		/* EAGAIN: all taken */
		}
		if (hs->n_conns >= HTTP_CONNS_MAX || !(c = calloc(1, sizeof(*c)))) {
			refuse(fd);
			continue;
		}
		c->hs = hs;
		c->fd = fd;
		c->next = hs->conns;
		if (hs->conns)
			hs->conns->prev = c;
		hs->conns = c;
		hs->n_conns++;
		ev_io_init(&c->io, on_conn, fd, EV_READ);
		ev_io_start(loop, &c->io);
		ev_timer_init(&c->timer, on_timeout, HTTP_TIMEOUT, 0.);
		ev_timer_start(loop, &c->timer);
	}
}

static void on_pause_end(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct http_server *hs = container_of(w, struct http_server, pause);

	(void)revents;
	ev_io_start(loop, &hs->listen);
}

static void addr_str(const struct sockaddr_storage *ss, char *buf, size_t len)
{
	char ip[INET6_ADDRSTRLEN] = "?";

	if (ss->ss_family == AF_INET6) {
		const struct sockaddr_in6 *a = (const void *)ss;

		inet_ntop(AF_INET6, &a->sin6_addr, ip, sizeof(ip));
		snprintf(buf, len, "[%s]:%u", ip, ntohs(a->sin6_port));
	} else {
		const struct sockaddr_in *a = (const void *)ss;

		inet_ntop(AF_INET, &a->sin_addr, ip, sizeof(ip));
		snprintf(buf, len, "%s:%u", ip, ntohs(a->sin_port));
	}
}

int http_server_start(struct http_server **out, struct ev_loop *loop, const char *spec,
		      char *err, size_t errlen)
{
	struct sockaddr_storage ss;
	socklen_t len;
	struct http_server *hs;
	int one = 1, ret;

	ret = http_parse_listen(spec, &ss, &len, err, errlen);
	if (ret)
		return ret;
	hs = calloc(1, sizeof(*hs));
	if (!hs)
		return -ENOMEM;
	hs->loop = loop;
	hs->fd = socket(ss.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (hs->fd < 0)
		goto fail;
	/* a restart must not wait for the last run's TIME_WAIT sockets */
	setsockopt(hs->fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(hs->fd, (struct sockaddr *)&ss, len) || listen(hs->fd, 128))
		goto fail;
	len = sizeof(ss);
	getsockname(hs->fd, (struct sockaddr *)&ss, &len);
	addr_str(&ss, hs->addr, sizeof(hs->addr));
	ev_io_init(&hs->listen, on_accept, hs->fd, EV_READ);
	ev_io_start(loop, &hs->listen);
	ev_timer_init(&hs->pause, on_pause_end, 1., 0.);
	*out = hs;
	return 0;
fail:
	ret = -errno;
	snprintf(err, errlen, "cannot listen on %s: %s", spec, strerror(errno));
	if (hs->fd >= 0)
		close(hs->fd);
	free(hs);
	return ret;
}

int http_server_publish(struct http_server *hs, char *om, size_t om_len, char *prom,
			size_t prom_len)
{
	struct http_body *a = body_new(om, om_len), *b = body_new(prom, prom_len);

	if (!a || !b) {
		body_put(a);
		body_put(b);
		return -ENOMEM;
	}
	body_put(hs->om);
	body_put(hs->prom);
	hs->om = a;
	hs->prom = b;
	return 0;
}

const char *http_server_addr(const struct http_server *hs)
{
	return hs->addr;
}

void http_server_stop(struct http_server *hs)
{
	if (!hs)
		return;
	while (hs->conns)
		conn_close(hs->conns);
	ev_io_stop(hs->loop, &hs->listen);
	ev_timer_stop(hs->loop, &hs->pause);
	close(hs->fd);
	body_put(hs->om);
	body_put(hs->prom);
	free(hs);
}
