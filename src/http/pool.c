// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The bcrypt workers (see http.h).  A check takes from a millisecond (cost
 * 4) to most of a second (cost 14): on the loop's thread it would stall
 * the sampler's hand-off, the dashboard's keys and every other scrape, so
 * HTTP_AUTH_WORKERS threads run them and the loop only queues and collects.
 * The queue is bounded (HTTP_AUTH_QUEUE) and ordered by the client's
 * tokens left when the check was asked, so a client's first login (a full
 * budget) runs before the next guess of a client that spends its budget
 * on wrong passwords, whatever came first.  Finished checks go back to the
 * loop through an ev_async (ev_async_send is the one libev call that may
 * come from another thread).
 *
 * A stop never waits for a worker: a check of a costly hash may run for a
 * second, and a SIGTERM must end the process at once.  The workers are
 * detached and hold a reference to the pool; the last one out frees it.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>

#include "http.h"
#include "util.h"

struct http_pool {
	pthread_mutex_t lock;
	pthread_cond_t work;
	struct http_auth_job *queue;	/* waiting, in no order */
	struct http_auth_job *done;	/* run, for the loop */
	unsigned int queued, refs;
	bool quit;
	struct ev_loop *loop;
	ev_async async;
	void (*cb)(void *cls, struct http_auth_job *job);
	void *cls;
};

static void free_list(struct http_auth_job *j)
{
	while (j) {
		struct http_auth_job *next = j->next;

		http_auth_job_free(j);
		j = next;
	}
}

/* Drop a reference, under the lock; the last frees the pool. */
static void unref(struct http_pool *p)
{
	bool last = !--p->refs;

	pthread_mutex_unlock(&p->lock);
	if (!last)
		return;
	free_list(p->queue);
	free_list(p->done);
	pthread_cond_destroy(&p->work);
	pthread_mutex_destroy(&p->lock);
	free(p);
}

/* Hand *j back unrun, under the lock. */
static void evict(struct http_pool *p, struct http_auth_job **j)
{
	struct http_auth_job *out = *j;

	*j = out->next;
	p->queued--;
	out->evicted = true;
	out->next = p->done;
	p->done = out;
	ev_async_send(p->loop, &p->async);
}

/* The waiting job with the most tokens left (the oldest of equals: the
 * list is newest first, so the last of equals found); those that waited
 * too long go back. */
static struct http_auth_job *take(struct http_pool *p)
{
	struct http_auth_job **best = NULL, **j;
	double old = clock_sec(CLOCK_MONOTONIC) - HTTP_AUTH_WAIT;

	for (j = &p->queue; *j;) {
		if ((*j)->queued < old) {
			evict(p, j);
			continue;
		}
		if (!best || (*j)->prio >= (*best)->prio)
			best = j;
		j = &(*j)->next;
	}
	if (best) {
		struct http_auth_job *b = *best;

		*best = b->next;
		p->queued--;
		return b;
	}
	return NULL;
}

static void *worker(void *arg)
{
	struct http_pool *p = arg;
	struct http_auth_job *job = NULL;

	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (!p->quit && !(job = take(p)))
			pthread_cond_wait(&p->work, &p->lock);
		if (p->quit)
			break;
		pthread_mutex_unlock(&p->lock);
		http_auth_run(job);
		pthread_mutex_lock(&p->lock);
		if (p->quit) {
			http_auth_job_free(job);
			break;
		}
		job->next = p->done;
		p->done = job;
		ev_async_send(p->loop, &p->async);
	}
	unref(p);
	return NULL;
}

static void on_async(struct ev_loop *loop, ev_async *w, int revents)
{
	struct http_pool *p = container_of(w, struct http_pool, async);
	struct http_auth_job *done, *next;

	(void)loop;
	(void)revents;
	pthread_mutex_lock(&p->lock);
	done = p->done;
	p->done = NULL;
	pthread_mutex_unlock(&p->lock);
	for (; done; done = next) {
		next = done->next;
		p->cb(p->cls, done);
	}
}

int http_pool_new(struct http_pool **out, struct ev_loop *loop,
		  void (*done)(void *cls, struct http_auth_job *job), void *cls)
{
	struct http_pool *p = calloc(1, sizeof(*p));
	sigset_t all, old;
	pthread_attr_t attr;
	int i, ret = 0;

	if (!p)
		return -ENOMEM;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->work, NULL);
	p->loop = loop;
	p->cb = done;
	p->cls = cls;
	p->refs = 1;
	ev_async_init(&p->async, on_async);
	ev_async_start(loop, &p->async);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	/* the signals are the loop's (src/run/stop.c): no worker takes one */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	for (i = 0; i < HTTP_AUTH_WORKERS; i++) {
		pthread_t t;

		pthread_mutex_lock(&p->lock);
		p->refs++;
		pthread_mutex_unlock(&p->lock);
		ret = -pthread_create(&t, &attr, worker, p);
		if (ret) {
			pthread_mutex_lock(&p->lock);
			p->refs--;
			pthread_mutex_unlock(&p->lock);
			break;
		}
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&attr);
	if (ret) {
		http_pool_stop(p);
		return ret;
	}
	*out = p;
	return 0;
}

int http_pool_submit(struct http_pool *p, struct http_auth_job *job)
{
	int ret = 0;

	pthread_mutex_lock(&p->lock);
	if (!p->quit && p->queued >= HTTP_AUTH_QUEUE) {
		/* full: the least deserving waiting one gives way, so that a
		 * client's first login is not refused for others' guesses */
		struct http_auth_job **low = NULL, **j;

		for (j = &p->queue; *j; j = &(*j)->next)
			if (!low || (*j)->prio < (*low)->prio)
				low = j;
		if (low && (*low)->prio < job->prio)
			evict(p, low);
	}
	if (p->quit || p->queued >= HTTP_AUTH_QUEUE) {
		ret = -EBUSY;
	} else {
		job->queued = clock_sec(CLOCK_MONOTONIC);
		job->next = p->queue;
		p->queue = job;
		p->queued++;
		pthread_cond_signal(&p->work);
	}
	pthread_mutex_unlock(&p->lock);
	return ret;
}

void http_pool_stop(struct http_pool *p)
{
	if (!p)
		return;
	/* no worker sends once quit is set: the watcher can stop */
	pthread_mutex_lock(&p->lock);
	p->quit = true;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->lock);
	ev_async_stop(p->loop, &p->async);
	pthread_mutex_lock(&p->lock);
	unref(p);
}
