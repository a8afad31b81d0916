// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The accept path of the --listen endpoint (see accept.h): rdmatop accepts
 * the connections itself and hands them to libmicrohttpd (MHD) with
 * MHD_add_connection, for three things MHD 0.9.75 cannot do:
 * - limits per client prefix (an IPv6 /64): MHD's own per-IP limit counts
 *   single addresses, of which one host has 2^64; a connection past
 *   HTTP_ADDR_HARD from one prefix is closed at once;
 * - plain HTTP sent to the TLS port gets a 400 that says so, as Go's
 *   servers answer, instead of a failed handshake (a TLS client's first
 *   byte is 0x16, a handshake record);
 * - a plain request head is read (peeked, left in the socket for MHD)
 *   before MHD sees it, and refused with a 400 when it has a NUL, a bare
 *   CR or LF, or a folded line (http_head_check): MHD 0.9.75 takes all
 *   three, even with MHD_OPTION_STRICT_FOR_CLIENT (which only wants Host
 *   and no space in the URL), and a proxy in front could read such a head
 *   differently.  Over TLS the head is inside the records and is MHD's.
 * A connection waits here for its first byte (TLS) or its whole head
 * (plain) under the same rules as in MHD: HTTP_IDLE_TIMEOUT without a
 * byte, HTTP_TIMEOUT from accept.  The socket is made readable only when
 * more than what was peeked has come (SO_RCVLOWAT), so a head that comes
 * in parts does not spin the loop.
 * At most HTTP_STAGED_MAX wait here: a new connection past it (or past
 * HTTP_CONNS_HARD in all) closes the one that sent nothing for longest,
 * so slow clients from many addresses cannot keep a scraper out (200 from
 * 200 loopback addresses filled the hard limit, and a scraper got 0 of 12
 * answers).
 */
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "accept.h"
#include "util.h"

#define ACCEPTS_PER_WAKE 64	/* then the loop's other watchers get a turn */

struct staged {
	struct staged *prev, *next;
	struct http_accept *a;
	struct sockaddr_storage addr;
	socklen_t addrlen;
	struct http_prefix who;
	ev_tstamp start, last;
	size_t seen;
	int fd;
	ev_io io;
	ev_timer timer;
};

struct http_accept {
	struct ev_loop *loop;
	int fd;
	bool tls;
	unsigned int p4, p6;
	ev_io io;
	ev_timer pause;		/* out of descriptors: accept again later */
	struct staged *head;
	unsigned int n;
	const struct http_accept_ops *ops;
	void *cls;
	char peek[HTTP_CONN_MEMORY];
};

static const char not_tls[] = "Client sent an HTTP request to an HTTPS server.\n";
static const char bad_head[] = "Bad Request: the request head is not HTTP/1.1 (RFC 9112)\n";

static void drop(struct staged *s)
{
	struct http_accept *a = s->a;

	ev_io_stop(a->loop, &s->io);
	ev_timer_stop(a->loop, &s->timer);
	*(s->prev ? &s->prev->next : &a->head) = s->next;
	if (s->next)
		s->next->prev = s->prev;
	a->n--;
	if (s->fd >= 0)
		close(s->fd);
	free(s);
}

/* A 400 with its reason, then the end.  What the client sent is read
 * first: a close with unread bytes would send a reset, and the client
 * could lose the answer with it. */
static void refuse(struct staged *s, const char *body)
{
	char buf[512];
	int n, i;

	for (i = 0; i < 16 && recv(s->fd, s->a->peek, sizeof(s->a->peek), 0) > 0; i++)
		;
	n = snprintf(buf, sizeof(buf),
		     "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
		     "Connection: close\r\nContent-Length: %zu\r\n\r\n%s",
		     strlen(body), body);
	if (n > 0 && send(s->fd, buf, (size_t)n, MSG_NOSIGNAL) >= 0)
		shutdown(s->fd, SHUT_WR);
	drop(s);
}

static void hand_over(struct staged *s)
{
	struct http_accept *a = s->a;
	int fd = s->fd, one = 1;

	setsockopt(fd, SOL_SOCKET, SO_RCVLOWAT, &one, sizeof(one));
	s->fd = -1;	/* MHD's now, also when it fails: it closes it */
	a->ops->hand_over(a->cls, fd, (struct sockaddr *)&s->addr, s->addrlen, s->start);
	drop(s);
}

static void arm(struct staged *s, ev_tstamp now)
{
	ev_tstamp left = s->start + HTTP_TIMEOUT - now, idle = s->last + HTTP_IDLE_TIMEOUT - now;

	ev_timer_stop(s->a->loop, &s->timer);
	ev_timer_set(&s->timer, left < idle ? left : idle, 0.);
	ev_timer_start(s->a->loop, &s->timer);
}

static void on_timer(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)loop;
	(void)revents;
	drop(container_of(w, struct staged, timer));
}

static void on_data(struct ev_loop *loop, ev_io *w, int revents)
{
	struct staged *s = container_of(w, struct staged, io);
	struct http_accept *a = s->a;
	ssize_t n = recv(s->fd, a->peek, a->tls ? 1 : sizeof(a->peek), MSG_PEEK);
	int low, verdict;

	(void)revents;
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	/* an error, the end, or readable with nothing new: the peer is gone */
	if (n <= 0 || (size_t)n <= s->seen) {
		drop(s);
		return;
	}
	if (a->tls) {
		if ((unsigned char)a->peek[0] == 0x16)
			hand_over(s);
		else
			refuse(s, not_tls);
		return;
	}
	verdict = http_head_check(a->peek, (size_t)n);
	if (verdict < 0)
		refuse(s, bad_head);
	else if (verdict > 0 || (size_t)n == sizeof(a->peek))
		hand_over(s);	/* whole, or too large: MHD answers that */
	else {
		s->seen = (size_t)n;
		s->last = ev_now(loop);
		low = (int)s->seen + 1;
		setsockopt(s->fd, SOL_SOCKET, SO_RCVLOWAT, &low, sizeof(low));
		arm(s, s->last);
	}
}

/* The connection waiting here that sent nothing for longest (of two as
 * quiet, the older), or NULL. */
static struct staged *quietest(const struct http_accept *a)
{
	struct staged *s, *q = NULL;

	for (s = a->head; s; s = s->next)
		if (!q || s->last < q->last || (s->last == q->last && s->start <= q->start))
			q = s;
	return q;
}

unsigned int http_accept_count(const struct http_accept *a, const struct http_prefix *who)
{
	const struct staged *s;
	unsigned int n = 0;

	if (!a)
		return 0;
	for (s = a->head; s; s = s->next)
		n += http_prefix_eq(&s->who, who);
	return n;
}

void http_accept_set_tls(struct http_accept *a, bool tls)
{
	a->tls = tls;
}

unsigned int http_accept_n(const struct http_accept *a)
{
	return a ? a->n : 0;
}

static void on_accept(struct ev_loop *loop, ev_io *w, int revents)
{
	struct http_accept *a = container_of(w, struct http_accept, io);
	int i;

	(void)revents;
	for (i = 0; i < ACCEPTS_PER_WAKE; i++) {
		struct sockaddr_storage ss;
		socklen_t len = sizeof(ss);
		struct http_prefix who;
		struct staged *s;
		int fd = accept4(a->fd, (struct sockaddr *)&ss, &len, SOCK_NONBLOCK | SOCK_CLOEXEC);

		if (fd < 0 && (errno == EMFILE || errno == ENFILE || errno == ENOBUFS ||
			       errno == ENOMEM)) {
			/* the connection stays in the backlog and the socket
			 * readable: without a pause the loop would spin */
			ev_io_stop(loop, &a->io);
			ev_timer_set(&a->pause, 0.1, 0.);
			ev_timer_start(loop, &a->pause);
			return;
		}
		if (fd < 0)
			return;	/* EAGAIN, or a client that went (ECONNABORTED): later */
		http_prefix_of((struct sockaddr *)&ss, a->p4, a->p6, &who);
		/* a client past its own limit, or MHD full, is refused before
		 * it can close anyone else's connection */
		if (http_accept_count(a, &who) + a->ops->count(a->cls, &who) >= HTTP_ADDR_HARD ||
		    a->ops->total(a->cls) >= HTTP_CONNS_HARD || !(s = calloc(1, sizeof(*s)))) {
			close(fd);
			continue;
		}
		/* room for the new one: the quietest waiting one goes */
		while (a->head && (a->n >= HTTP_STAGED_MAX ||
				   a->n + a->ops->total(a->cls) >= HTTP_CONNS_HARD))
			drop(quietest(a));
		s->a = a;
		s->fd = fd;
		s->addr = ss;
		s->addrlen = len;
		s->who = who;
		s->start = s->last = ev_now(loop);
		s->next = a->head;
		if (a->head)
			a->head->prev = s;
		a->head = s;
		a->n++;
		ev_io_init(&s->io, on_data, fd, EV_READ);
		ev_io_start(loop, &s->io);
		ev_init(&s->timer, on_timer);
		arm(s, s->start);
	}
}

static void on_pause(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)revents;
	ev_io_start(loop, &container_of(w, struct http_accept, pause)->io);
}

int http_accept_start(struct http_accept **out, struct ev_loop *loop, int fd, bool tls,
		      unsigned int p4, unsigned int p6, const struct http_accept_ops *ops,
		      void *cls)
{
	struct http_accept *a = calloc(1, sizeof(*a));

	if (!a)
		return -ENOMEM;
	a->loop = loop;
	a->fd = fd;
	a->tls = tls;
	a->p4 = p4;
	a->p6 = p6;
	a->ops = ops;
	a->cls = cls;
	ev_io_init(&a->io, on_accept, fd, EV_READ);
	ev_io_start(loop, &a->io);
	ev_init(&a->pause, on_pause);
	*out = a;
	return 0;
}

void http_accept_stop(struct http_accept *a)
{
	if (!a)
		return;
	ev_io_stop(a->loop, &a->io);
	ev_timer_stop(a->loop, &a->pause);
	while (a->head)
		drop(a->head);
	free(a);
}
