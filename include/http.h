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
#define HTTP_STAGED_MAX 32	/* waiting for their head, in all: past this the
				 * one quiet longest is closed for the new one */
#define HTTP_IDLE_TIMEOUT 3	/* seconds without a byte (a stalled head) */
#define HTTP_TIMEOUT 10.0	/* seconds a connection may live, in all */
#define HTTP_CONN_MEMORY 16384	/* bytes per connection: head and buffers */
#define HTTP_AUTH_RATE 1.0	/* bcrypt checks a second, per client (prefix) */
#define HTTP_AUTH_BURST 4.0	/* ... and in a burst */
#define HTTP_AUTH_PER_CLIENT 2	/* checks queued or running, per client */
#define HTTP_AUTH_CLIENTS 256	/* clients whose budget is remembered */
#define HTTP_AUTH_WORKERS 2	/* threads running bcrypt */
#define HTTP_AUTH_WAIT 3.0	/* seconds a check may wait for a worker: 429 past */
#define HTTP_AUTH_QUEUE 32	/* checks waiting for one, in all: 429 past it
				 * (fewer than HTTP_CONNS_MAX: the waiting
				 * connections leave room for the others) */
#define HTTP_PREFIX4 32		/* default IPv4 prefix of one client */
#define HTTP_PREFIX6 64		/* default IPv6 prefix: a host or LAN gets a /64 */

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
/*
 * A plain request head as far as it came (src/http/request.c): 1 when it
 * is whole (up to its empty line), 0 when more is to come, -1 when it
 * holds what RFC 9112 forbids and libmicrohttpd 0.9.75 would take: a NUL,
 * a CR or LF alone, a folded header line.  Empty lines before the request
 * line are allowed (RFC 9112 2.2).
 */
int http_head_check(const char *buf, size_t n);
/* The address is 0.0.0.0 or :: (every interface). */
bool http_addr_is_wildcard(const struct sockaddr_storage *ss);

/*
 * One client, as the limits count them: an address cut to its prefix
 * (src/http/limits.c).  An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is
 * the IPv4 address it carries.
 */
struct http_prefix {
	unsigned char family;	/* AF_INET, AF_INET6, 0: unknown */
	unsigned char addr[16];	/* the bits past the prefix are zero */
};
/* The prefix of sa: IPv4 cut to p4 bits (0..32), IPv6 to p6 (0..128). */
void http_prefix_of(const struct sockaddr *sa, unsigned int p4, unsigned int p6,
		    struct http_prefix *out);
bool http_prefix_eq(const struct http_prefix *a, const struct http_prefix *b);

/*
 * Token buckets of bcrypt checks, one per client: HTTP_AUTH_RATE a second,
 * HTTP_AUTH_BURST at once, HTTP_AUTH_PER_CLIENT queued or running at once;
 * HTTP_AUTH_CLIENTS remembered (the least recently seen client without a
 * check pending is forgotten for a new one).
 */
struct http_budget {
	struct {
		struct http_prefix who;
		double tokens, last;
		unsigned int pending;
		bool used;
	} c[HTTP_AUTH_CLIENTS];
};
/* A check for who at now (seconds): its tokens left (>= 0: the check may
 * run, and is pending until http_budget_done) or -1 (over the budget). */
double http_budget_take(struct http_budget *b, const struct http_prefix *who, double now);
void http_budget_done(struct http_budget *b, const struct http_prefix *who);

/* Basic authentication against bcrypt hashes (src/http/auth.c). */
enum http_auth_result {
	HTTP_AUTH_OK,
	HTTP_AUTH_DENIED,	/* unknown user or wrong password */
	HTTP_AUTH_BUSY,		/* over the budget of bcrypt checks: try later */
	HTTP_AUTH_PENDING,	/* a bcrypt check is to run: *job */
};
/* One bcrypt check, run away from the loop (src/http/pool.c). */
struct http_auth_job {
	struct http_auth_job *next;	/* the pool's queues */
	void *owner;			/* the server's: who waits for it */
	double prio;			/* run first: the most tokens left */
	bool ok;			/* the result */
	bool evicted;			/* not run: its place was taken, or it
					 * waited HTTP_AUTH_WAIT */
	double queued;			/* when it was queued (monotonic s) */
	struct http_prefix who;
	unsigned char digest[32];	/* the pair's, cached once it passed */
	char hash[64];			/* the user's, or the dearest one */
	char dear[64];			/* the dearest, when hash is cheaper */
	double pad;			/* ... then take this long in all (s) */
	double took;			/* measured: seconds of the dearest */
	bool known;			/* the user exists */
	char pass[];
};
struct http_auth;
/* The users are referenced, not copied.  0 or -ENOMEM. */
int http_auth_new(struct http_auth **a, const struct webcfg_user *users, size_t n);
/*
 * Begin checking a user and password of client who at time now (seconds,
 * monotonic).  A pair that passed recently is recognised from a salted
 * digest without bcrypt: HTTP_AUTH_OK.  Any other costs one bcrypt run of
 * the user's hash (an unknown user's of the costliest one, so the time
 * does not tell whether the name exists), taken from the client's budget:
 * HTTP_AUTH_BUSY past it, else HTTP_AUTH_PENDING with *job to run
 * (http_auth_run, any thread) and then to end (http_auth_finish, or
 * http_auth_drop when it will not be run).
 */
enum http_auth_result http_auth_begin(struct http_auth *a, const char *user, const char *pass,
				      const struct http_prefix *who, double now,
				      struct http_auth_job **job);
/* The bcrypt run itself: sets job->ok.  Touches nothing but the job. */
void http_auth_run(struct http_auth_job *job);
/* The job's result (a pass is cached); frees the job. */
enum http_auth_result http_auth_finish(struct http_auth *a, struct http_auth_job *job);
/* A job that was not run: its budget back, the job freed. */
void http_auth_drop(struct http_auth *a, struct http_auth_job *job);
void http_auth_job_free(struct http_auth_job *job);
void http_auth_free(struct http_auth *a);

/*
 * The workers (src/http/pool.c): HTTP_AUTH_WORKERS threads run the jobs,
 * those with the highest prio first, and hand each back to done() on the
 * loop's thread (an ev_async).  submit: 0, or -EBUSY when HTTP_AUTH_QUEUE
 * wait already, none with a lower prio (the lowest is handed back with
 * evicted set, not run, to make room; so is one that waited longer than
 * HTTP_AUTH_WAIT, so that its client gets a 429 rather than its
 * connection's deadline).  stop: the jobs not handed back are freed (a running one
 * when it ends: no thread is waited for), done() is not called again.
 */
struct http_pool;
int http_pool_new(struct http_pool **p, struct ev_loop *loop,
		  void (*done)(void *cls, struct http_auth_job *job), void *cls);
int http_pool_submit(struct http_pool *p, struct http_auth_job *job);
void http_pool_stop(struct http_pool *p);

struct http_server;

struct http_server_opts {
	const char *listen;		/* ADDR:PORT */
	const struct webcfg *web;	/* NULL: plain HTTP, no users */
	unsigned int prefix4, prefix6;	/* one client's prefix; 0: the defaults */
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
