// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The HTTP client: libcurl's multi interface driven by the dashboard's
 * libev loop (curl's "multi_socket" API: curl says which sockets to watch
 * and when to wake it; ev_io and one ev_timer do so), so no query ever
 * blocks the screen.  A refresh sends every query at once (POST
 * /api/v1/query, the form Prometheus takes for long queries), each answer
 * bounded in bytes and series; a query that fails keeps its last good
 * answer, with its age, and says why.  With oauth2, a token is fetched
 * first (and again when it expires or Prometheus answers 401).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <curl/curl.h>
#include <ev.h>

#include "client.h"
#include "fmt.h"
#include "prom.h"
#include "record.h"
#include "util.h"

struct sock {
	ev_io io;
	struct prom_client *c;
};

static void check_done(struct prom_client *c);
static int step(struct prom_client *c);

static void on_io(struct ev_loop *loop, ev_io *w, int revents)
{
	struct sock *s = (struct sock *)w;
	struct prom_client *c = s->c;	/* curl may free s (CURL_POLL_REMOVE) */
	int running, flags = (revents & EV_READ ? CURL_CSELECT_IN : 0) |
			     (revents & EV_WRITE ? CURL_CSELECT_OUT : 0);

	(void)loop;
	curl_multi_socket_action(c->m, w->fd, flags, &running);
	check_done(c);
}

static void on_timer(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct prom_client *c = (struct prom_client *)((char *)w - offsetof(struct prom_client, timer));
	int running;

	(void)loop;
	(void)revents;
	curl_multi_socket_action(c->m, CURL_SOCKET_TIMEOUT, 0, &running);
	check_done(c);
}

static int on_socket(CURL *e, curl_socket_t fd, int what, void *arg, void *sockp)
{
	struct prom_client *c = arg;
	struct sock *s = sockp;

	(void)e;
	if (what == CURL_POLL_REMOVE) {
		if (s) {
			ev_io_stop(c->loop, &s->io);
			free(s);
			curl_multi_assign(c->m, fd, NULL);
		}
		return 0;
	}
	if (!s) {
		s = calloc(1, sizeof(*s));
		if (!s)
			return -1;
		s->c = c;
		curl_multi_assign(c->m, fd, s);
	} else {
		ev_io_stop(c->loop, &s->io);
	}
	ev_io_init(&s->io, on_io, fd, (what & CURL_POLL_IN ? EV_READ : 0) |
				      (what & CURL_POLL_OUT ? EV_WRITE : 0));
	ev_io_start(c->loop, &s->io);
	return 0;
}

static int on_timeout(CURLM *m, long ms, void *arg)
{
	struct prom_client *c = arg;

	(void)m;
	ev_timer_stop(c->loop, &c->timer);
	if (ms >= 0) {
		ev_timer_set(&c->timer, ms / 1000.0, 0);
		ev_timer_start(c->loop, &c->timer);
	}
	return 0;
}

static int ports_top_in(struct prom_client *c, struct req *r, const struct prom_http *h,
			char *why, size_t len);

/* The answer of one request, into its query's state. */
static void finish(struct prom_client *c, struct req *r, CURLcode rc)
{
	/* the Ports query's first step fails as the Ports query */
	int q = r->q == Q_PORTS_TOP ? PROM_Q_PORTS : r->q;
	struct prom_qstate *st = q < PROM_Q_N ? &c->q[q] : NULL;
	struct prom_http h = {
		.over = r->over,
		.unread = r->unread,
		.size = r->size,
		.err = rc == CURLE_OK ? 0 : rc == CURLE_OPERATION_TIMEDOUT ? -ETIMEDOUT : -EIO,
		.err_why = r->errbuf[0] ? r->errbuf : curl_easy_strerror(rc),
		.answer_max = c->o.answer_max,
		.series_max = c->o.series_max,
	};
	struct prom_vector v;
	struct prom_raw *raw = q < PROM_Q_N ? &c->raw[q] : NULL;
	char why[256] = "", err_why[CURL_ERROR_SIZE + 400];
	int err;

	curl_easy_getinfo(r->e, CURLINFO_RESPONSE_CODE, &h.code);
	curl_easy_getinfo(r->e, CURLINFO_REDIRECT_URL, &h.to);
	curl_easy_getinfo(r->e, CURLINFO_CONTENT_TYPE, &h.type);
	if (rc != CURLE_OK) {
		prom_handle_why(c->o.cfg, rc, r->q == Q_TOKEN ? NULL : c->proxy, c->proxy_from,
				h.err_why, err_why, sizeof(err_why));
		h.err_why = err_why;
	}
	if (r->q == Q_TOKEN) {
		prom_req_token_in(c, r, &h);
		return;
	}
	err = prom_http_transfer(&h, why, sizeof(why));
	if (err == -EACCES && h.code == 401 && c->token.token) {
		/* the token refused (revoked, or expired early): a new one */
		prom_token_free(&c->token);
		snprintf(why + strlen(why), sizeof(why) - strlen(why),
			 "; a new oauth2 token next refresh");
		snprintf(c->token_why, sizeof(c->token_why),
			 "oauth2: Prometheus refused the token (HTTP 401): a new one next refresh");
	}
	if (r->q == Q_PORTS_TOP) {
		/* the top rows in: the Ports query sent for their hosts */
		if (!err)
			err = ports_top_in(c, r, &h, why, sizeof(why));
		if (!err)
			return;
	}
	if (r->q == Q_RULES) {
		/* a check that failed leaves the rules as they were (-1: not
		 * known, the raw queries) */
		if (!err)
			err = prom_http_answer(&h, r->buf ? r->buf : "", r->len, &v, why, sizeof(why));
		if (!err) {
			c->rules_window = prom_rules_window(&v, c->ctx.window);
			prom_vector_free(&v);
		}
		return;
	}
	if (!err && c->o.record)
		rec_writer_prom(c->o.record, (unsigned int)q, (uint64_t)(c->at * 1000),
				r->buf ? r->buf : "", r->len);
	if (r->q == Q_STATUS) {
		if (!err)
			c->interval = prom_http_interval(&h, r->buf ? r->buf : "", r->len,
							 c->interval_why, sizeof(c->interval_why));
		else /* the request named, as a query is */
			snprintf(c->interval_why, sizeof(c->interval_why), "status/config: %s",
				 why);
		return;
	}
	/* the Ports query's two steps in one */
	st->took = clock_sec(CLOCK_MONOTONIC) - (q == PROM_Q_PORTS && c->top_t0 > 0 ? c->top_t0 : r->t0);
	st->err = err;
	/* the version the answer came in: HTTP/2 where enable_http2 and TLS's
	 * ALPN agreed on it (src/prom/handle.c), else 1.1 */
	st->http = 0;
	curl_easy_getinfo(r->e, CURLINFO_HTTP_VERSION, &st->http);
	snprintf(st->why, sizeof(st->why), "%s", why);
	/* a query that keeps timing out sits out 1, 3, then 7 refreshes:
	 * Prometheus is not asked the same heavy query every refresh */
	if (err == -ETIMEDOUT) {
		int n = ++c->timeouts[q];

		c->skip[q] = (1 << (n > 3 ? 3 : n - 1)) - 1;
		if (c->skip[q])
			snprintf(st->why, sizeof(st->why),
				 "timed out after %.1f s, %d times in a row: asked again in %d "
				 "refreshes (--prometheus-timeout)", st->took, n, c->skip[q] + 1);
		else
			snprintf(st->why, sizeof(st->why), "timed out after %.1f s (--prometheus-timeout)",
				 st->took);
	} else {
		c->timeouts[q] = 0;
	}
	if (!err) {
		/* the body is read off the loop (work.c): a large fleet's
		 * answers take seconds to parse */
		prom_raw_clear(raw);
		raw->buf = r->buf ? r->buf : strdup("");
		raw->len = r->buf ? r->len : 0;
		r->buf = NULL;
		raw->code = h.code;
		if (h.type)
			snprintf(raw->type, sizeof(raw->type), "%s", h.type);
		if (h.to)
			snprintf(raw->to, sizeof(raw->to), "%s", h.to);
		if (!raw->buf) {
			st->err = -ENOMEM;
			snprintf(st->why, sizeof(st->why), "out of memory");
		}
	}
}

static void check_done(struct prom_client *c)
{
	CURLMsg *msg;
	int left;

	while ((msg = curl_multi_info_read(c->m, &left))) {
		struct req *r;

		if (msg->msg != CURLMSG_DONE)
			continue;
		curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, (char **)&r);
		finish(c, r, msg->data.result);
		curl_multi_remove_handle(c->m, r->e);
		curl_easy_cleanup(r->e);
		c->reqs[r->q] = NULL;
		free(r->buf);
		free(r);
		c->pending--;
	}
	/* the step's requests are in (or said why not): the next step */
	if (c->pending == 0 && c->done)
		step(c);
}

int prom_client_new(struct prom_client **out, struct ev_loop *loop,
		    const struct prom_client_opts *o, char *err, size_t errlen)
{
	struct prom_client *c;
	size_t n;

	*out = NULL;
	if (strncmp(o->url, "http://", 7) && strncmp(o->url, "https://", 8)) {
		snprintf(err, errlen, "--prometheus %s: not an http:// or https:// URL", o->url);
		return -EINVAL;
	}
	if (curl_global_init(CURL_GLOBAL_DEFAULT)) {
		snprintf(err, errlen, "libcurl cannot start");
		return -EIO;
	}
	c = calloc(1, sizeof(*c));
	if (!c)
		return -ENOMEM;
	c->loop = loop;
	c->o = *o;
	c->rules_window = -1;
	if (!c->o.answer_max)
		c->o.answer_max = PROM_ANSWER_MAX_DEFAULT;
	if (!c->o.series_max)
		c->o.series_max = PROM_SERIES_MAX_DEFAULT;
	if (c->o.timeout <= 0)
		c->o.timeout = 10;	/* the loop gives --prometheus-timeout's default */
	c->url = strdup(o->url);
	if (!c->url)
		goto nomem;
	n = strlen(c->url);
	while (n > 8 && c->url[n - 1] == '/')
		c->url[--n] = '\0';
	if (o->cfg && o->cfg->credentials &&
	    prom_req_auth(c, o->cfg->auth_type ? o->cfg->auth_type : "Bearer", o->cfg->credentials))
		goto nomem;
	/* the proxy is the URL's, as given (Go's tls_config.server_name
	 * changes only what the certificate is checked against) */
	if (prom_req_proxy(c))
		goto nomem;
	if (o->cfg && o->cfg->server_name &&
	    prom_handle_server_name(&c->url, o->cfg->server_name, &c->connect_list, err, errlen)) {
		prom_client_free(c);
		return -EINVAL;
	}
	if (o->cfg && o->cfg->client_id && !(c->token_form = prom_oauth2_form(o->cfg)))
		goto nomem;
	c->m = curl_multi_init();
	if (!c->m)
		goto nomem;
	curl_multi_setopt(c->m, CURLMOPT_SOCKETFUNCTION, on_socket);
	curl_multi_setopt(c->m, CURLMOPT_SOCKETDATA, c);
	curl_multi_setopt(c->m, CURLMOPT_TIMERFUNCTION, on_timeout);
	curl_multi_setopt(c->m, CURLMOPT_TIMERDATA, c);
	ev_timer_init(&c->timer, on_timer, 0, 0);
	*out = c;
	return 0;
nomem:
	prom_client_free(c);
	snprintf(err, errlen, "out of memory");
	return -ENOMEM;
}

void prom_client_free(struct prom_client *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < ARRAY_SIZE(c->reqs); i++) {
		struct req *r = c->reqs[i];

		if (!r)
			continue;
		curl_multi_remove_handle(c->m, r->e);
		curl_easy_cleanup(r->e);
		free(r->buf);
		free(r);
	}
	if (c->m)
		curl_multi_cleanup(c->m);
	ev_timer_stop(c->loop, &c->timer);
	for (i = 0; i < PROM_Q_N; i++)
		prom_raw_clear(&c->raw[i]);
	curl_slist_free_all(c->headers);
	curl_slist_free_all(c->connect_list);
	curl_slist_free_all(c->proxy_headers);
	prom_token_free(&c->token);
	free(c->proxy);
	free(c->token_form);
	free(c->url);
	free(c);
}

bool prom_client_busy(const struct prom_client *c)
{
	return c->pending > 0;
}

double prom_client_interval(const struct prom_client *c)
{
	return c->interval;
}

/* An instant query's form body: the PromQL of n bytes, escaped, and the
 * evaluation time when one is set (--at); NULL without memory. */
static char *query_form(const struct prom_client *c, const char *text, int n)
{
	char *esc = curl_easy_escape(NULL, text, n), *form;
	int k;

	if (!esc)
		return NULL;
	if (c->at > 0)
		k = asprintf(&form, "query=%s&time=%.3f", esc, c->at);
	else
		k = asprintf(&form, "query=%s", esc);
	curl_free(esc);
	return k < 0 ? NULL : form;
}

/*
 * The Ports query's first step answered r: its top rows' hosts become
 * the Ports query's matcher, and it is sent (its answer is the pane's,
 * as the one step's was).  The answer is small (the top rows' labels)
 * and parsed here.  0, or -errno after why.
 */
static int ports_top_in(struct prom_client *c, struct req *r, const struct prom_http *h,
			char *why, size_t len)
{
	char text[131072], *form;
	struct prom_vector v;
	int n;

	n = prom_http_answer(h, r->buf ? r->buf : "", r->len, &v, why, len);
	if (n)
		return n;
	n = prom_q_rows(&v, c->rows, sizeof(c->rows));
	prom_vector_free(&v);
	if (n == -ENOMEM) {
		snprintf(why, len, "out of memory");
		return n;
	}
	/* hosts past the room: every port computed, as in one step */
	c->ctx.ports.rows = c->rows;
	n = prom_q_text(PROM_Q_PORTS, &c->ctx, text, sizeof(text));
	c->ctx.ports.rows = NULL;
	if (n == -ENOSPC)
		n = prom_q_text(PROM_Q_PORTS, &c->ctx, text, sizeof(text));
	if (n < 0) {
		snprintf(why, len, "the query does not fit: %s", strerror(-n));
		return n;
	}
	form = query_form(c, text, n);
	if (!form) {
		snprintf(why, len, "out of memory");
		return -ENOMEM;
	}
	n = prom_req_start(c, PROM_Q_PORTS, "/api/v1/query", form);
	free(form);
	if (n)
		snprintf(why, len, "cannot send the query: %s", strerror(-n));
	return n;
}

/* the queries of c->ctx; a query not asked says nothing (its message of
 * a past failure goes: the processes' of a host no longer open) */
static int send_queries(struct prom_client *c)
{
	/* the longest query (stalls: 12 KiB, query_stall.c) holds the
	 * selector 46 times: room for a --match of 2,500 characters */
	char text[131072];
	int q, ret = 0;

	if (c->interval > 0)
		c->ctx.window = prom_window(c->interval);
	c->ctx.recorded = prom_rules_say(c->rules_window, c->ctx.window, c->rules_why,
					 sizeof(c->rules_why));
	c->top_t0 = 0;
	for (q = 0; q < PROM_Q_N && !ret; q++) {
		char *form;
		bool two;
		int n;

		if (q == PROM_Q_PROCS && !c->want_procs) {
			c->raw[q].drop = true;
			c->q[q].err = 0;
			c->q[q].why[0] = '\0';
			c->timeouts[q] = c->skip[q] = 0;
			continue;
		}
		if (c->skip[q] > 0) {
			c->skip[q]--;
			continue;
		}
		/* Ports in two steps where it ranks its rows (prom.h) */
		n = q == PROM_Q_PORTS ? prom_q_top_text((enum prom_q)q, &c->ctx, text, sizeof(text)) :
					-ENOENT;
		two = n >= 0;
		if (two)
			c->top_t0 = clock_sec(CLOCK_MONOTONIC);
		else
			n = prom_q_text((enum prom_q)q, &c->ctx, text, sizeof(text));
		if (n < 0) {
			ret = n;
			break;
		}
		form = query_form(c, text, n);
		if (!form)
			return -ENOMEM;
		ret = prom_req_start(c, two ? Q_PORTS_TOP : q, "/api/v1/query", form);
		free(form);
	}
	return ret;
}

/* the recording rules' check: one series whatever the fleet */
static int rules_check(struct prom_client *c)
{
	const char *text = prom_q_rules();
	char *form = query_form(c, text, (int)strlen(text));
	int ret;

	if (!form)
		return -ENOMEM;
	if (c->interval > 0)
		c->ctx.window = prom_window(c->interval);
	c->rules_at = c->at;
	c->rules_next = clock_sec(CLOCK_MONOTONIC) + PROM_RULES_RECHECK;
	ret = prom_req_start(c, Q_RULES, "/api/v1/query", form);
	free(form);
	return ret;
}

/* every query to be asked fails for want of a token */
static void no_token(struct prom_client *c)
{
	int q;

	snprintf(c->interval_why, sizeof(c->interval_why), "%s", c->token_why);
	for (q = 0; q < PROM_Q_N; q++) {
		if ((q == PROM_Q_PROCS && !c->want_procs) || c->skip[q] > 0)
			continue;
		c->q[q].err = -EACCES;
		c->q[q].took = 0;
		snprintf(c->q[q].why, sizeof(c->q[q].why), "%s", c->token_why);
	}
}

/* The refresh's next steps, as far as one that waits for answers: 0, or
 * -errno when a request cannot start. */
static int step(struct prom_client *c)
{
	const struct prom_config *cfg = c->o.cfg;
	bool oauth2 = cfg && cfg->client_id;
	int ret = 0, q;

	while (!ret && !c->pending) {
		switch (c->step++) {
		case S_TOKEN:
			if (oauth2 && (!c->token.token ||
				       clock_sec(CLOCK_MONOTONIC) >= c->token_until)) {
				prom_token_free(&c->token);
				ret = prom_req_start(c, Q_TOKEN, NULL, c->token_form);
			}
			break;
		case S_STATUS:
			/* the rates need the window: the interval first, then
			 * the queries, each sent once */
			if (c->interval <= 0 && (!oauth2 || c->token.token))
				ret = prom_req_start(c, Q_STATUS, "/api/v1/status/config", NULL);
			break;
		case S_RULES:
			/* at start, every PROM_RULES_RECHECK seconds and at
			 * another evaluation time: rules loaded later, or a
			 * time before they were */
			if ((!oauth2 || c->token.token) &&
			    (c->rules_next == 0 || c->at != c->rules_at ||
			     clock_sec(CLOCK_MONOTONIC) >= c->rules_next))
				ret = rules_check(c);
			break;
		case S_QUERIES:
			if (oauth2 && !c->token.token)
				no_token(c);
			else
				ret = send_queries(c);
			break;
		default: {
			prom_done_fn *fn = c->done;

			if (c->o.record)
				rec_writer_prom_end(c->o.record);
			c->done = NULL;
			if (fn)
				fn(c->arg, c->q, c->raw, c->interval);
			for (q = 0; q < PROM_Q_N; q++)
				prom_raw_clear(&c->raw[q]);
			return 0;
		}
		}
	}
	return ret;
}

int prom_client_refresh(struct prom_client *c, const struct prom_qctx *ctx, double at,
			bool want_procs, prom_done_fn *done, void *arg)
{
	int ret, q;

	if (c->pending)
		return -EBUSY;
	c->done = done;
	c->arg = arg;
	c->at = at;
	c->ctx = *ctx;
	c->want_procs = want_procs;
	if (c->o.record) {
		struct timespec now;

		clock_gettime(CLOCK_REALTIME, &now);
		rec_writer_prom_begin(c->o.record, &now, c->url);
	}
	/* curl starts the transfers from the loop (its timer callback) */
	c->step = S_TOKEN;
	/* a refresh that failed to start may have left answers */
	for (q = 0; q < PROM_Q_N; q++)
		prom_raw_clear(&c->raw[q]);
	ret = step(c);
	if (ret)
		c->done = NULL;
	return ret;
}

const char *prom_client_interval_why(const struct prom_client *c)
{
	return c->interval_why;
}

const char *prom_client_rules(const struct prom_client *c)
{
	return c->rules_why;
}

bool prom_client_rules_used(const struct prom_client *c)
{
	return c->ctx.recorded;
}

/* curl's CURL_HTTP_VERSION_* as HTTP names it */
