// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cluster view's worker: a refresh's answers parsed and its model
 * built on a thread of their own.  At 50,000 hosts an answer is about
 * 10 MB of JSON and a refresh's parse and build take seconds of CPU; on
 * the loop they held every key (q took up to 8 s to act).  The loop keeps
 * the transfers (libcurl, cheap) and the screen; the worker keeps each
 * query's last good series (a query that fails keeps its answer, with its
 * age) and hands back a result the loop owns: each query's state and a
 * model that holds its own strings (model.c copies what it keeps), so
 * nothing is shared between the threads once it is handed over.
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <ev.h>

#include "prom.h"
#include "util.h"

struct prom_work {
	struct ev_loop *loop;
	ev_async wake; /* a result is in */
	pthread_t th;
	bool started;
	bool busy; /* the loop's: submitted, not yet handed back */
	size_t series_max;
	prom_work_fn *done;
	void *arg;

	pthread_mutex_t mu; /* guards what follows */
	pthread_cond_t cv;
	bool quit, job, ready;
	struct prom_qstate jq[PROM_Q_N]; /* the job: the client's states */
	struct prom_raw jraw[PROM_Q_N]; /* and answers */
	double jat;
	struct prom_result *out; /* the result, NULL when out of memory */

	/* the worker's alone */
	struct prom_qstate q[PROM_Q_N]; /* each query's state, with its series */
};

void prom_raw_clear(struct prom_raw *r)
{
	free(r->buf);
	memset(r, 0, sizeof(*r));
}

void prom_result_free(struct prom_result *r)
{
	if (!r)
		return;
	prom_model_free(&r->m);
	free(r);
}

static bool quitting(struct prom_work *w)
{
	return __atomic_load_n(&w->quit, __ATOMIC_RELAXED);
}

/*
 * The time Prometheus evaluated an answer at: its samples' (an instant
 * query's are all of its evaluation time), else the time asked for, else
 * now.  Not the time it came: a slow answer, or one a caching front end
 * kept, is as old as its samples.
 */
static double eval_time(double at, const struct prom_vector *v)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		if (isfinite(v->s[i].ts) && v->s[i].ts > 0)
			return v->s[i].ts;
	return at > 0 ? at : clock_sec(CLOCK_REALTIME);
}

/* one query's answer into its state: the client's try, then its body */
static void take(struct prom_work *w, struct prom_qstate *st, const struct prom_qstate *try,
		 struct prom_raw *raw, double at)
{
	st->err = try->err;
	st->took = try->took;
	st->http = try->http;
	memcpy(st->why, try->why, sizeof(st->why));
	if (raw->drop) {
		prom_vector_free(&st->v);
		st->have = false;
		st->bytes = 0;
	}
	if (raw->buf) {
		struct prom_http h = {
			.code = raw->code,
			.type = raw->type[0] ? raw->type : NULL,
			.to = raw->to[0] ? raw->to : NULL,
			.series_max = w->series_max,
			.stop = &w->quit,
		};
		struct prom_vector v;
		char why[256] = "";
		int err = prom_http_answer(&h, raw->buf, raw->len, &v, why, sizeof(why));

		st->err = err;
		snprintf(st->why, sizeof(st->why), "%s", why);
		if (!err) {
			prom_vector_free(&st->v);
			st->v = v;
			st->have = true;
			st->at = eval_time(at, &st->v);
			st->bytes = raw->len;
		}
	}
	prom_raw_clear(raw);
	st->series = st->v.n;
}

void prom_model_timed(struct prom_model *m, const struct prom_qstate *q)
{
	double t0 = clock_sec(CLOCK_MONOTONIC);
	int i;

	if (prom_model_build(m, q))
		fprintf(stderr, "rdmatop: out of memory building the cluster model\n");
	/* what each pane does with it: select and sort its rows */
	for (i = 0; i < PROM_T_N; i++) {
		struct prom_select sel = { .sort = -1 };
		size_t *idx;
		char why[64];

		if (prom_select_rows(m, (enum prom_table)i, &sel, &idx, why, sizeof(why)) >= 0)
			free(idx);
	}
	m->build_seconds = clock_sec(CLOCK_MONOTONIC) - t0;
}

/* The job's answers parsed and the model built: the result, or NULL
 * (out of memory, or stopped) */
static struct prom_result *work(struct prom_work *w, struct prom_qstate *jq, struct prom_raw *jraw,
				double at)
{
	struct prom_result *res;
	int i;

	for (i = 0; i < PROM_Q_N; i++) {
		if (quitting(w)) {
			for (; i < PROM_Q_N; i++)
				prom_raw_clear(&jraw[i]);
			return NULL;
		}
		take(w, &w->q[i], &jq[i], &jraw[i], at);
	}
	res = calloc(1, sizeof(*res));
	if (!res)
		return NULL;
	prom_model_timed(&res->m, w->q);
	for (i = 0; i < PROM_Q_N; i++) {
		res->q[i] = w->q[i];
		memset(&res->q[i].v, 0, sizeof(res->q[i].v));
	}
	return res;
}

static void *run(void *arg)
{
	struct prom_work *w = arg;
	struct prom_qstate jq[PROM_Q_N];
	struct prom_raw jraw[PROM_Q_N];

	pthread_mutex_lock(&w->mu);
	for (;;) {
		struct prom_result *res;
		double at;

		while (!w->job && !w->quit)
			pthread_cond_wait(&w->cv, &w->mu);
		if (w->quit)
			break;
		w->job = false;
		memcpy(jq, w->jq, sizeof(jq));
		memcpy(jraw, w->jraw, sizeof(jraw));
		memset(w->jraw, 0, sizeof(w->jraw));
		at = w->jat;
		pthread_mutex_unlock(&w->mu);
		res = work(w, jq, jraw, at);
		pthread_mutex_lock(&w->mu);
		prom_result_free(w->out);
		w->out = res;
		w->ready = true;
		ev_async_send(w->loop, &w->wake);
	}
	pthread_mutex_unlock(&w->mu);
	return NULL;
}

/* on the loop: the result handed to done() */
static void on_wake(struct ev_loop *loop, ev_async *a, int revents)
{
	struct prom_work *w = (struct prom_work *)((char *)a - offsetof(struct prom_work, wake));
	struct prom_result *res;
	bool ready;

	(void)loop;
	(void)revents;
	pthread_mutex_lock(&w->mu);
	ready = w->ready;
	res = w->out;
	w->out = NULL;
	w->ready = false;
	pthread_mutex_unlock(&w->mu);
	if (!ready)
		return;
	w->busy = false;
	w->done(w->arg, res);
}

int prom_work_new(struct prom_work **out, struct ev_loop *loop, size_t series_max,
		  prom_work_fn *done, void *arg)
{
	struct prom_work *w = calloc(1, sizeof(*w));
	sigset_t all, old;
	int ret;

	*out = NULL;
	if (!w)
		return -ENOMEM;
	w->loop = loop;
	w->series_max = series_max ? series_max : PROM_SERIES_MAX_DEFAULT;
	w->done = done;
	w->arg = arg;
	pthread_mutex_init(&w->mu, NULL);
	pthread_cond_init(&w->cv, NULL);
	ev_async_init(&w->wake, on_wake);
	ev_async_start(loop, &w->wake);
	/* signals (a resize, SIGTERM) go to the loop's thread, whose
	 * watchers take them: the worker starts with every one blocked */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	ret = pthread_create(&w->th, NULL, run, w);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (ret) {
		prom_work_free(w);
		return -ret;
	}
	w->started = true;
	*out = w;
	return 0;
}

int prom_work_submit(struct prom_work *w, const struct prom_qstate *q, struct prom_raw *raw,
		     double at)
{
	int i;

	if (w->busy)
		return -EBUSY;
	pthread_mutex_lock(&w->mu);
	memcpy(w->jq, q, sizeof(w->jq));
	for (i = 0; i < PROM_Q_N; i++) {
		memset(&w->jq[i].v, 0, sizeof(w->jq[i].v));
		w->jraw[i] = raw[i];
		raw[i].buf = NULL;
	}
	w->jat = at;
	w->job = true;
	w->busy = true;
	pthread_cond_signal(&w->cv);
	pthread_mutex_unlock(&w->mu);
	return 0;
}

bool prom_work_busy(const struct prom_work *w)
{
	return w && w->busy;
}

void prom_work_free(struct prom_work *w)
{
	int i;

	if (!w)
		return;
	pthread_mutex_lock(&w->mu);
	__atomic_store_n(&w->quit, true, __ATOMIC_RELAXED);
	pthread_cond_signal(&w->cv);
	pthread_mutex_unlock(&w->mu);
	if (w->started)
		pthread_join(w->th, NULL);
	ev_async_stop(w->loop, &w->wake);
	for (i = 0; i < PROM_Q_N; i++) {
		prom_vector_free(&w->q[i].v);
		prom_raw_clear(&w->jraw[i]);
	}
	prom_result_free(w->out);
	pthread_cond_destroy(&w->cv);
	pthread_mutex_destroy(&w->mu);
	free(w);
}
