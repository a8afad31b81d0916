// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The --listen endpoint: libmicrohttpd (MHD), driven from the libev loop.
 *
 * Why on the loop and not on MHD's own thread: the loop already is where
 * the endpoint lives in every mode (the dashboard runs it all the time,
 * batch mode between samples), the exposition is published on it, and the
 * connection bookkeeping below (per-address counts, the deadline) is read
 * by MHD's callbacks; on one thread all of that needs no lock, and no
 * second thread exists to take a SIGTERM meant for the main loop.  MHD is
 * run in its "external" epoll mode: one ev_io on MHD's epoll descriptor
 * and one ev_timer at MHD_get_timeout(), both calling MHD_run(), which
 * never blocks.  What a client can make that thread do is bounded: a
 * scrape copies a response built once per sample; TLS handshakes are
 * limited by the connection limits; bcrypt never runs here (src/http/
 * check.c: the workers run it while the connection is suspended).  The
 * cost: in batch mode a scrape that comes while a sample is read waits
 * for it, as before.
 *
 * Limits: the accept path (src/http/accept.c, which hands connections to
 * MHD) closes connections past HTTP_CONNS_HARD in all and HTTP_ADDR_HARD
 * from one client (an address cut to --listen-prefix4/6), and MHD times
 * out HTTP_IDLE_TIMEOUT seconds without a byte (a stalled head).  Below
 * those, a request finds 503 past HTTP_CONNS_MAX open connections and 429
 * past HTTP_ADDR_MAX from its client, with the request read, so the
 * client gets the answer and not a reset.  MHD's timeout restarts with every byte, so a client trickling
 * a byte at a time would never end: each connection also has a deadline
 * of HTTP_TIMEOUT from accept, after which its socket is shut down (MHD
 * then sees the end and closes it).  Every response says Connection:
 * close, so a deadline never cuts a second request on the same socket.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gnutls/gnutls.h>
#include <microhttpd.h>

#include "accept.h"
#include "check.h"
#include "http.h"
#include "http_ops.h"
#include "pages.h"
#include "util.h"

struct http_conn {
	struct http_conn *prev, *next;
	struct sockaddr_storage addr;
	struct http_prefix who;
	ev_tstamp start;
	int fd;
	bool cut;		/* past its deadline, shut down */
	struct http_check check;	/* its password step (src/http/check.c) */
};


struct http_server {
	struct ev_loop *loop;
	struct MHD_Daemon *d;
	int fd;
	ev_io io;		/* MHD's epoll descriptor */
	ev_timer run;		/* MHD's next timeout */
	ev_timer deadline;	/* the oldest connection's HTTP_TIMEOUT */
	struct http_conn *head, *tail;	/* oldest first */
	unsigned int n_conns;
	const struct webcfg *web;
	struct webcfg *own;	/* the web config a reload read, or NULL */
	struct http_checker *auth;	/* NULL: no users */
	struct http_accept *acc;
	unsigned int prefix4, prefix6;
	ev_tstamp adding;	/* the accept time of the connection being added */
	struct http_pages pages;	/* what it answers */
	char *err;		/* MHD's first message while starting */
	size_t errlen;
	char addr[64];
	bool passed;		/* the socket came from systemd */
};

static void pump(struct http_server *hs)
{
	MHD_UNSIGNED_LONG_LONG ms;

	MHD_run(hs->d);
	ev_timer_stop(hs->loop, &hs->run);
	if (MHD_get_timeout(hs->d, &ms) == MHD_YES) {
		ev_timer_set(&hs->run, (double)ms / 1000., 0.);
		ev_timer_start(hs->loop, &hs->run);
	}
}

static void on_io(struct ev_loop *loop, ev_io *w, int revents)
{
	(void)loop;
	(void)revents;
	pump(container_of(w, struct http_server, io));
}

static void on_run(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)loop;
	(void)revents;
	pump(container_of(w, struct http_server, run));
}

static void on_deadline(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct http_server *hs = container_of(w, struct http_server, deadline);
	ev_tstamp now = ev_now(loop);
	struct http_conn *c;

	(void)revents;
	for (c = hs->head; c; c = c->next) {
		if (c->cut)
			continue;
		if (c->start + HTTP_TIMEOUT > now) {
			ev_timer_set(&hs->deadline, c->start + HTTP_TIMEOUT - now, 0.);
			ev_timer_start(loop, &hs->deadline);
			return;
		}
		/* not close(): the descriptor stays MHD's until it closes it */
		shutdown(c->fd, SHUT_RDWR);
		c->cut = true;
	}
}

/* The client certificate policy, set on each TLS session before its
 * handshake: MHD itself only ever asks for a certificate, and does not
 * check one. */
static void tls_policy(const struct http_server *hs, struct MHD_Connection *mc)
{
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(mc, MHD_CONNECTION_INFO_GNUTLS_SESSION);
	gnutls_session_t s = ci ? (gnutls_session_t)ci->tls_session : NULL;
	enum webcfg_client_auth a = hs->web->client_auth;

	if (!s)
		return;
	gnutls_certificate_server_set_request(
		s, a == WEBCFG_NO_CLIENT_CERT ? GNUTLS_CERT_IGNORE :
		   a == WEBCFG_REQUIRE_ANY_CLIENT_CERT ||
				   a == WEBCFG_REQUIRE_AND_VERIFY_CLIENT_CERT ?
			   GNUTLS_CERT_REQUIRE :
			   GNUTLS_CERT_REQUEST);
	/* the handshake fails on a certificate the CAs did not sign; with
	 * GNUTLS_CERT_REQUEST it would fail on none too (GnuTLS 3.7), so a
	 * certificate given "if given" is checked after the handshake */
	if (a == WEBCFG_REQUIRE_AND_VERIFY_CLIENT_CERT)
		gnutls_session_set_verify_cert(s, NULL, 0);
}

/* The policy once more after the handshake, on what the session holds:
 * a certificate required and given, and signed by the CAs where asked. */
static bool tls_peer_ok(const struct http_server *hs, struct MHD_Connection *mc)
{
	const union MHD_ConnectionInfo *ci;
	unsigned int n = 0, status = 1;
	enum webcfg_client_auth a;
	gnutls_session_t s;

	if (!hs->web || !hs->web->tls)
		return true;
	a = hs->web->client_auth;
	ci = MHD_get_connection_info(mc, MHD_CONNECTION_INFO_GNUTLS_SESSION);
	s = ci ? (gnutls_session_t)ci->tls_session : NULL;
	if (!s)
		return false;
	if (!gnutls_certificate_get_peers(s, &n))
		n = 0;
	if (!n)
		return a != WEBCFG_REQUIRE_ANY_CLIENT_CERT &&
		       a != WEBCFG_REQUIRE_AND_VERIFY_CLIENT_CERT;
	if (a < WEBCFG_VERIFY_CLIENT_CERT_IF_GIVEN)
		return true;
	return !gnutls_certificate_verify_peers3(s, NULL, &status) && !status;
}

static void on_connection(void *cls, struct MHD_Connection *mc, void **ctx,
			  enum MHD_ConnectionNotificationCode code)
{
	struct http_server *hs = cls;
	const union MHD_ConnectionInfo *fd, *addr;
	struct http_conn *c = *ctx;

	if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
		if (!c)
			return;
		*(c->prev ? &c->prev->next : &hs->head) = c->next;
		*(c->next ? &c->next->prev : &hs->tail) = c->prev;
		hs->n_conns--;
		free(c);
		*ctx = NULL;
		return;
	}
	if (hs->web && hs->web->tls)
		tls_policy(hs, mc);
	fd = MHD_get_connection_info(mc, MHD_CONNECTION_INFO_CONNECTION_FD);
	addr = MHD_get_connection_info(mc, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	c = calloc(1, sizeof(*c));
	if (!c || !fd || !addr) {
		free(c);
		return;		/* its request gets a 503 */
	}
	c->fd = fd->connect_fd;
	c->start = hs->adding > 0 ? hs->adding : ev_now(hs->loop);
	c->check.mc = mc;
	memcpy(&c->addr, addr->client_addr,
	       addr->client_addr->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6) :
							 sizeof(struct sockaddr_in));
	http_prefix_of(addr->client_addr, hs->prefix4, hs->prefix6, &c->who);
	c->check.who = c->who;
	c->prev = hs->tail;
	*(hs->tail ? &hs->tail->next : &hs->head) = c;
	hs->tail = c;
	hs->n_conns++;
	if (!ev_is_active(&hs->deadline)) {
		ev_timer_set(&hs->deadline, HTTP_TIMEOUT, 0.);
		ev_timer_start(hs->loop, &hs->deadline);
	}
	*ctx = c;
}

/* MHD's connections from one client (its prefix: src/http/limits.c) */
static unsigned int from_prefix(const struct http_server *hs, const struct http_prefix *who)
{
	const struct http_conn *o;
	unsigned int n = 0;

	for (o = hs->head; o; o = o->next)
		n += http_prefix_eq(&o->who, who);
	return n;
}

/* ... and those still in the accept path */
static unsigned int from_host(const struct http_server *hs, const struct http_conn *c)
{
	return from_prefix(hs, &c->who) + http_accept_count(hs->acc, &c->who);
}

static unsigned int ops_total(void *cls)
{
	return ((const struct http_server *)cls)->n_conns;
}

static unsigned int ops_count(void *cls, const struct http_prefix *who)
{
	return from_prefix(cls, who);
}

static void ops_hand_over(void *cls, int fd, const struct sockaddr *sa, socklen_t len,
			  ev_tstamp start)
{
	struct http_server *hs = cls;

	hs->adding = start;
	MHD_add_connection(hs->d, fd, sa, len);	/* closes fd when it fails */
	hs->adding = 0;
	pump(hs);
}

static const struct http_accept_ops accept_ops = {
	.total = ops_total, .count = ops_count, .hand_over = ops_hand_over,
};

static enum MHD_Result answer(struct http_server *hs, struct MHD_Connection *mc, int which)
{
	return MHD_queue_response(mc, http_answers[which].status, hs->pages.answer[which]);
}

/* A connection resumed: MHD goes on with it now, not at the next event. */
static void on_resumed(void *cls)
{
	pump(cls);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *mc, const char *url,
				  const char *method, const char *version,
				  const char *upload_data, size_t *upload_size, void **req_cls)
{
	struct http_server *hs = cls;
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(mc, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	struct http_conn *c = ci ? ci->socket_context : NULL;
	struct MHD_Response *r;
	unsigned int status;
	int no;

	(void)version;
	(void)upload_data;
	(void)upload_size;
	(void)req_cls;
	if (!c || hs->n_conns + http_accept_n(hs->acc) > HTTP_CONNS_MAX)
		return answer(hs, mc, R_BUSY);
	if (from_host(hs, c) > HTTP_ADDR_MAX)
		return answer(hs, mc, R_ADDR_BUSY);
	if (!tls_peer_ok(hs, mc))
		return answer(hs, mc, R_BAD_CERT);
	if (hs->auth && (no = http_check(hs->auth, &c->check)) != HTTP_CHECK_PASS)
		return no == HTTP_CHECK_WAIT ? MHD_YES :
		       answer(hs, mc, no == HTTP_CHECK_BUSY ? R_AUTH_BUSY : R_UNAUTHORIZED);
	if (strcmp(method, MHD_HTTP_METHOD_GET) && strcmp(method, MHD_HTTP_METHOD_HEAD))
		return answer(hs, mc, R_NOT_ALLOWED);
	r = http_pages_route(&hs->pages, url,
			     MHD_lookup_connection_value(mc, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT),
			     MHD_lookup_connection_value(mc, MHD_HEADER_KIND,
							 MHD_HTTP_HEADER_ACCEPT_ENCODING),
			     &status);
	return MHD_queue_response(mc, status, r);
}

/* MHD's messages: the first one while starting says why it failed;
 * later ones (a client that went away, a limit reached) are the
 * clients' business, and a flood of them would fill the log. */
static void on_log(void *cls, const char *fmt, va_list ap)
{
	struct http_server *hs = cls;
	size_t n;

	if (!hs->err || hs->err[0])
		return;
	vsnprintf(hs->err, hs->errlen, fmt, ap);
	n = strlen(hs->err);
	while (n && (hs->err[n - 1] == '\n' || hs->err[n - 1] == '.'))
		hs->err[--n] = '\0';
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

static int open_socket(struct http_server *hs, const char *spec, char *err, size_t errlen)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int one = 1, ret;

	ret = http_parse_listen(spec, &ss, &len, err, errlen);
	if (ret)
		return ret;
	/* socket activation: systemd's socket instead of --listen's address */
	ret = http_passed_socket(err, errlen);
	if (ret == -EINVAL)
		return ret;
	if (ret >= 0) {
		hs->fd = ret;
		hs->passed = true;
		if (fcntl(hs->fd, F_SETFL, fcntl(hs->fd, F_GETFL) | O_NONBLOCK) ||
		    fcntl(hs->fd, F_SETFD, FD_CLOEXEC))
			goto fail;
		goto bound;
	}
	hs->fd = socket(ss.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (hs->fd < 0)
		goto fail;
	/* a restart must not wait for the last run's TIME_WAIT sockets */
	setsockopt(hs->fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(hs->fd, (struct sockaddr *)&ss, len) || listen(hs->fd, 128))
		goto fail;
bound:
	len = sizeof(ss);
	getsockname(hs->fd, (struct sockaddr *)&ss, &len);
	addr_str(&ss, hs->addr, sizeof(hs->addr));
	return 0;
fail:
	ret = -errno;
	snprintf(err, errlen, "cannot listen on %s: %s", spec, strerror(errno));
	return ret;
}

/* GnuTLS priorities for the toolkit's min_version .. max_version. */
static void priorities(const struct webcfg *w, char *buf, size_t len)
{
	static const char *const names[] = { "TLS1.0", "TLS1.1", "TLS1.2", "TLS1.3" };
	size_t n = (size_t)snprintf(buf, len, "NORMAL:-VERS-ALL");
	unsigned int v;

	for (v = w->min_version; v <= w->max_version && n < len; v++)
		n += (size_t)snprintf(buf + n, len - n, ":+VERS-%s", names[v - WEBCFG_TLS10]);
	if (w->prefer_server_ciphers && n < len)
		snprintf(buf + n, len - n, ":%%SERVER_PRECEDENCE");
}

static int start_daemon(struct http_server *hs, char *err, size_t errlen)
{
	const struct webcfg *w = hs->web;
	struct MHD_OptionItem o[16];
	unsigned int flags = MHD_USE_EPOLL | MHD_USE_ERROR_LOG | MHD_USE_NO_LISTEN_SOCKET |
			     MHD_ALLOW_SUSPEND_RESUME;
	char prio[128];
	size_t n = 0;

#define OPT(opt, v, p) (o[n++] = (struct MHD_OptionItem){ (opt), (intptr_t)(v), (p) })
	OPT(MHD_OPTION_EXTERNAL_LOGGER, on_log, hs);
	OPT(MHD_OPTION_CONNECTION_LIMIT, HTTP_CONNS_HARD, NULL);
	OPT(MHD_OPTION_PER_IP_CONNECTION_LIMIT, HTTP_ADDR_HARD, NULL);
	OPT(MHD_OPTION_CONNECTION_TIMEOUT, HTTP_IDLE_TIMEOUT, NULL);
	OPT(MHD_OPTION_CONNECTION_MEMORY_LIMIT, HTTP_CONN_MEMORY, NULL);
	OPT(MHD_OPTION_NOTIFY_CONNECTION, on_connection, hs);
	/* 0.9.75 at 1: HTTP/1.1 without Host and a space in the URL are
	 * refused; folded lines, bare LF and NUL it takes at every level,
	 * so a plain head is checked before MHD sees it (src/http/accept.c) */
	OPT(MHD_OPTION_STRICT_FOR_CLIENT, 1, NULL);
	if (w && w->tls) {
		flags |= MHD_USE_TLS;
		priorities(w, prio, sizeof(prio));
		OPT(MHD_OPTION_HTTPS_MEM_CERT, 0, w->cert_pem);
		OPT(MHD_OPTION_HTTPS_MEM_KEY, 0, w->key_pem);
		OPT(MHD_OPTION_HTTPS_PRIORITIES, 0, prio);
		if (w->client_ca_pem)
			OPT(MHD_OPTION_HTTPS_MEM_TRUST, 0, w->client_ca_pem);
	}
	OPT(MHD_OPTION_END, 0, NULL);
#undef OPT
	err[0] = '\0';
	hs->err = err;
	hs->errlen = errlen;
	hs->d = MHD_start_daemon(flags, 0, NULL, NULL, on_request, hs, MHD_OPTION_ARRAY, o,
				 MHD_OPTION_END);
	hs->err = NULL;
	if (!hs->d) {
		char why[200];

		snprintf(why, sizeof(why), "%s", err[0] ? err : "libmicrohttpd cannot start");
		snprintf(err, errlen, "cannot serve %s: %s", hs->addr, why);
		return -EINVAL;
	}
	return 0;
}

int http_server_start(struct http_server **out, struct ev_loop *loop,
		      const struct http_server_opts *o, char *err, size_t errlen)
{
	const union MHD_DaemonInfo *info;
	struct http_server *hs;
	int ret;

	hs = calloc(1, sizeof(*hs));
	if (!hs)
		return -ENOMEM;
	hs->loop = loop;
	hs->web = o->web;
	hs->fd = -1;
	hs->prefix4 = o->prefix4 ? o->prefix4 : HTTP_PREFIX4;
	hs->prefix6 = o->prefix6 ? o->prefix6 : HTTP_PREFIX6;
	ret = open_socket(hs, o->listen, err, errlen);
	if (!ret && hs->web && hs->web->n_users)
		ret = http_checker_new(&hs->auth, loop, hs->web, on_resumed, hs);
	if (!ret)
		ret = http_pages_init(&hs->pages, o->path ? o->path : "/metrics");
	if (!ret)
		ret = start_daemon(hs, err, errlen);
	info = ret ? NULL : MHD_get_daemon_info(hs->d, MHD_DAEMON_INFO_EPOLL_FD);
	if (!ret && !info) {
		snprintf(err, errlen, "libmicrohttpd has no epoll descriptor");
		ret = -EINVAL;
	}
	if (ret) {
		if (ret == -ENOMEM)
			snprintf(err, errlen, "out of memory");
		http_server_stop(hs);
		return ret;
	}
	ev_io_init(&hs->io, on_io, info->epoll_fd, EV_READ);
	ev_io_start(loop, &hs->io);
	ev_init(&hs->run, on_run);
	ev_init(&hs->deadline, on_deadline);
	ret = http_accept_start(&hs->acc, loop, hs->fd, hs->web && hs->web->tls, hs->prefix4,
				hs->prefix6, &accept_ops, hs);
	if (ret) {
		snprintf(err, errlen, "out of memory");
		http_server_stop(hs);
		return ret;
	}
	pump(hs);
	*out = hs;
	return 0;
}


int http_server_publish(struct http_server *hs, char *om, size_t om_len, char *prom,
			size_t prom_len)
{
	return http_pages_publish(&hs->pages, om, om_len, prom, prom_len);
}

/*
 * Read the web config again (SIGHUP): a new daemon with the new TLS
 * material and users.  The listening socket is the accept path's, never
 * MHD's (src/http/accept.c), so clients never find the port closed while
 * the daemons change; the old one is stopped with the connections it had.
 * Whatever fails leaves the old config serving.
 */
int http_server_reload(struct http_server *hs, const char *path, char *err, size_t errlen)
{
	const struct webcfg *old_web = hs->web;
	struct webcfg *w = calloc(1, sizeof(*w)), *old_own = hs->own;
	struct http_checker *auth = NULL, *old_auth = hs->auth;
	struct MHD_Daemon *old = hs->d, *d;
	const union MHD_DaemonInfo *info = NULL;
	int ret;

	if (!w)
		return -ENOMEM;
	ret = webcfg_load(w, path, err, errlen);
	if (!ret && w->n_users)
		ret = http_checker_new(&auth, hs->loop, w, on_resumed, hs);
	if (!ret) {
		hs->web = w;
		ret = start_daemon(hs, err, errlen);
		if (!ret && !(info = MHD_get_daemon_info(hs->d, MHD_DAEMON_INFO_EPOLL_FD))) {
			MHD_stop_daemon(hs->d);
			snprintf(err, errlen, "libmicrohttpd has no epoll descriptor");
			ret = -EINVAL;
		}
	}
	if (ret) {
		hs->web = old_web;
		hs->d = old;
		http_checker_free(auth);
		webcfg_free(w);
		free(w);
		return ret;
	}
	/* the old daemon's connections end: those waiting for a password
	 * check are resumed first (MHD must not stop with one suspended) */
	d = hs->d;
	hs->d = old;
	http_checker_free(old_auth);
	ev_io_stop(hs->loop, &hs->io);
	ev_timer_stop(hs->loop, &hs->run);
	MHD_stop_daemon(old);
	hs->d = d;
	hs->auth = auth;
	hs->own = w;
	if (old_own) {
		webcfg_free(old_own);
		free(old_own);
	}
	http_accept_set_tls(hs->acc, w->tls);
	ev_io_set(&hs->io, info->epoll_fd, EV_READ);
	ev_io_start(hs->loop, &hs->io);
	pump(hs);
	return 0;
}

const char *http_server_addr(const struct http_server *hs)
{
	return hs->addr;
}

bool http_server_passed(const struct http_server *hs)
{
	return hs->passed;
}

void http_server_stop(struct http_server *hs)
{
	if (!hs)
		return;
	http_accept_stop(hs->acc);
	/* MHD must not be stopped with a connection suspended */
	http_checker_free(hs->auth);
	hs->auth = NULL;
	if (hs->d) {
		ev_io_stop(hs->loop, &hs->io);
		ev_timer_stop(hs->loop, &hs->run);
		ev_timer_stop(hs->loop, &hs->deadline);
		MHD_stop_daemon(hs->d);
	}
	if (hs->fd >= 0)
		close(hs->fd);
	http_pages_free(&hs->pages);
	if (hs->own) {
		webcfg_free(hs->own);
		free(hs->own);
	}
	free(hs);
}
