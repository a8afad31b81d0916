// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The dashboard's sampler thread.  A QP dump of 100k entries (seconds of
 * kernel time) or a slow /proc read never stalls keys or drawing: the loop
 * asks for a sample, this thread fills a spare snapshot and wakes the loop
 * with an ev_async, and the loop takes it (rates, the screen).  The
 * snapshots are plain data; exactly one thread owns each at any time,
 * handed over under the mutex.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "sampler.h"

/*
 * A replay jump to target > 0: the sample before it in work2, for rates;
 * where that one takes from the samples before it (owners a recording
 * kept, tables a paced one carried), built from up to SOURCE_REREAD
 * samples before it.
 * 0, or -errno (then no pair).
 */
static int preroll(struct sampler *sp, long target)
{
	long from = target - 1 - SOURCE_REREAD, i;
	int ret;

	if ((ret = sp->src->ops->seek(sp->src, target - 1)))
		return ret;
	snap_clear(sp->work2);
	if ((ret = source_sample(sp->src, sp->work2)) || !snap_carries(sp->work2) || target == 1)
		return ret;
	if (from < 0)
		from = 0;
	if ((ret = sp->src->ops->seek(sp->src, from)))
		return ret;
	snap_clear(sp->work2);
	if ((ret = source_sample(sp->src, sp->work2)))
		return ret;
	for (i = from + 1; i < target; i++) {
		struct snapshot *t = sp->work;

		snap_clear(t);
		if ((ret = source_sample(sp->src, t)))
			return ret;
		snap_carry(sp->work2, t);
		sp->work = sp->work2;	/* the thread owns both while BUSY */
		sp->work2 = t;
	}
	return 0;
}

static void *sampler_main(void *arg)
{
	struct sampler *sp = arg;
	sigset_t set;

	/* signals are the loop's business: never run their handlers here */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGWINCH);
	sigaddset(&set, SIGTSTP);
	sigaddset(&set, SIGCONT);
	sigaddset(&set, SIGALRM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);

	pthread_mutex_lock(&sp->mu);
	for (;;) {
		struct snapshot *s;
		long target;
		bool pair;
		int ret;

		while (sp->state != SAMPLER_ASKED && sp->state != SAMPLER_QUIT)
			pthread_cond_wait(&sp->cv, &sp->mu);
		if (sp->state == SAMPLER_QUIT)
			break;
		sp->state = SAMPLER_BUSY;
		target = sp->req.target;
		sp->src->interval = sp->req.delay;	/* the pacing follows the interval */
		memcpy(sp->src->want, sp->req.want, sp->req.n_want * sizeof(sp->req.want[0]));
		sp->src->n_want = sp->req.n_want;
		sp->src->skip = sp->req.skip;
		sp->req.set = false;
		pthread_mutex_unlock(&sp->mu);

		pair = target > 0 && sp->src->ops->seek && !preroll(sp, target);
		if (target >= 0 && sp->src->ops->seek && !pair)
			sp->src->ops->seek(sp->src, target);
		s = sp->work;
		snap_clear(s);
		ret = source_sample(sp->src, s);

		pthread_mutex_lock(&sp->mu);
		if (sp->state == SAMPLER_QUIT)
			break;
		sp->pair = pair;
		sp->restart = target == 0;
		sp->result = ret;
		sp->state = SAMPLER_READY;
		ev_async_send(sp->loop, sp->done);
	}
	pthread_mutex_unlock(&sp->mu);
	return NULL;
}

int sampler_start(struct sampler *sp, struct source *src, struct ev_loop *loop,
		  ev_async *done)
{
	int i;

	memset(sp, 0, sizeof(*sp));
	sp->src = src;
	sp->loop = loop;
	sp->done = done;
	for (i = 0; i < 4; i++)
		snap_init(&sp->snaps[i]);
	sp->cur = &sp->snaps[0];
	sp->prev = &sp->snaps[1];
	sp->work = &sp->snaps[2];
	sp->work2 = &sp->snaps[3];
	pthread_mutex_init(&sp->mu, NULL);
	pthread_cond_init(&sp->cv, NULL);
	if (pthread_create(&sp->thread, NULL, sampler_main, sp))
		return -EAGAIN;
	sp->running = true;
	return 0;
}

/* A request, with its own copy of the QPs wanted. */
static void ask(struct sample_req *r, long target, double delay, const struct nl_want *want,
		size_t n, uint32_t skip)
{
	r->skip = skip;
	r->set = true;
	r->target = target;
	r->delay = delay;
	r->n_want = n < NL_WANT_MAX ? n : NL_WANT_MAX;
	if (r->n_want)
		memcpy(r->want, want, r->n_want * sizeof(*want));
}

enum sampler_ask sampler_request(struct sampler *sp, long target, double delay,
				 const struct nl_want *want, size_t n, uint32_t skip)
{
	enum sampler_ask ret = SAMPLER_ASK_DROPPED;

	pthread_mutex_lock(&sp->mu);
	switch (sp->state) {
	case SAMPLER_READY:
		/* a sample is in but not taken yet (libev may call this
		 * first): starting now would fill the snapshot it is to take;
		 * a jump asked for before stays (a tick does not undo a key) */
		if (target >= 0 || !sp->pending.set || sp->pending.target < 0)
			ask(&sp->pending, target, delay, want, n, skip);
		ret = SAMPLER_ASK_PENDING;
		break;
	case SAMPLER_ASKED:
	case SAMPLER_BUSY:
		/* a jump (a key: T, b) waits for the sample in flight, and is
		 * asked for once it is taken; a tick is dropped */
		if (target >= 0) {
			ask(&sp->pending, target, delay, want, n, skip);
			ret = SAMPLER_ASK_PENDING;
		} else {
			ret = SAMPLER_ASK_BUSY;
		}
		break;
	case SAMPLER_ENDED:
		if (target < 0)
			break;	/* the recording is over: only a jump goes on */
		/* fall through */
	case SAMPLER_IDLE:
		ask(&sp->req, target, delay, want, n, skip);
		sp->state = SAMPLER_ASKED;
		pthread_cond_signal(&sp->cv);
		ret = SAMPLER_ASK_STARTED;
		break;
	case SAMPLER_QUIT:
		break;
	}
	pthread_mutex_unlock(&sp->mu);
	return ret;
}

struct sample_req sampler_pending(struct sampler *sp)
{
	struct sample_req r;

	pthread_mutex_lock(&sp->mu);
	r = sp->pending;
	sp->pending.set = false;
	pthread_mutex_unlock(&sp->mu);
	return r;
}

int sampler_take(struct sampler *sp, struct sampler_took *t)
{
	pthread_mutex_lock(&sp->mu);
	if (sp->state != SAMPLER_READY) {
		pthread_mutex_unlock(&sp->mu);
		return 0;
	}
	sp->state = SAMPLER_IDLE;
	*t = (struct sampler_took){ .result = sp->result, .pair = sp->pair,
				    .restart = sp->restart, .pending = sp->pending.set };
	sp->result = 0;
	if (t->result > 0)
		sp->state = SAMPLER_ENDED;
	if (t->result) {
		pthread_mutex_unlock(&sp->mu);
		return 1;
	}
	if (sp->pair) {
		/* a replay jump: both samples are new */
		struct snapshot *p = sp->prev, *c = sp->cur;

		sp->prev = sp->work2;
		sp->cur = sp->work;
		sp->work2 = p;
		sp->work = c;
	} else {
		/* rotate: the new sample becomes current, the oldest is reused */
		struct snapshot *old = sp->prev;

		sp->prev = sp->cur;
		sp->cur = sp->work;
		sp->work = old;
	}
	/* the stale ones give their large vectors back until they are refilled */
	snap_clear(sp->work);
	snap_clear(sp->work2);
	pthread_mutex_unlock(&sp->mu);
	return 1;
}

long sampler_tell(struct sampler *sp)
{
	long n = -1;

	/* the thread is idle after a take, but tell() reads the source's
	 * position: under the lock, as every access to it from here */
	pthread_mutex_lock(&sp->mu);
	if (sp->src->ops->tell && sp->state != SAMPLER_ASKED && sp->state != SAMPLER_BUSY)
		n = sp->src->ops->tell(sp->src);
	pthread_mutex_unlock(&sp->mu);
	return n;
}

int sampler_find_time(struct sampler *sp, time_t wall, long *index)
{
	int ret;

	if (!sp->src->ops->find_time)
		return -EOPNOTSUPP;
	/* the sampler thread owns the source while busy */
	pthread_mutex_lock(&sp->mu);
	if (sp->state == SAMPLER_ASKED || sp->state == SAMPLER_BUSY)
		ret = -EBUSY;
	else
		ret = sp->src->ops->find_time(sp->src, wall, index) ? -ERANGE : 0;
	pthread_mutex_unlock(&sp->mu);
	return ret;
}

void sampler_quit(struct sampler *sp)
{
	pthread_mutex_lock(&sp->mu);
	sp->state = SAMPLER_QUIT;
	pthread_cond_signal(&sp->cv);
	pthread_mutex_unlock(&sp->mu);
	source_cancel(sp->src);
}

int sampler_join(struct sampler *sp, long wait_ms)
{
	struct timespec until;

	if (!sp->running)
		return 0;
	if (wait_ms < 0) {
		pthread_join(sp->thread, NULL);
		sp->running = false;
		return 0;
	}
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += wait_ms / 1000;
	until.tv_nsec += (wait_ms % 1000) * 1000000L;
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	if (pthread_timedjoin_np(sp->thread, NULL, &until))
		return -ETIMEDOUT;
	sp->running = false;
	return 0;
}

void sampler_free(struct sampler *sp)
{
	int i;

	for (i = 0; i < 4; i++)
		snap_free(&sp->snaps[i]);
	pthread_mutex_destroy(&sp->mu);
	pthread_cond_destroy(&sp->cv);
}
