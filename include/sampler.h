/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The dashboard's sampler thread (src/dash/sampler.c): it takes a sample from
 * the source when the loop asks, and leaves it for the loop to take.  The
 * sampler owns four snapshots; `cur` and `prev` belong to the loop between
 * takes, the other two to the thread.  Everything that changes hands does
 * so under one mutex.
 */
#ifndef RDMATOP_SAMPLER_H
#define RDMATOP_SAMPLER_H

#include <pthread.h>
#include <stdbool.h>
#include <time.h>

#include <ev.h>

#include "nlreq.h"
#include "snapshot.h"
#include "source.h"

/*
 * Who has the sample, under mu: the loop asks (IDLE -> ASKED), the thread
 * takes the request and owns the source while it samples (BUSY), then
 * leaves the sample for the loop (READY), which takes it (-> IDLE, or
 * ENDED at the end of a recording, where only a jump asks again).
 */
enum sampler_state {
	SAMPLER_IDLE,
	SAMPLER_ASKED,
	SAMPLER_BUSY,
	SAMPLER_READY,
	SAMPLER_ENDED,
	SAMPLER_QUIT,	/* the thread is to stop */
};

/* A sample asked for: the next one, or (replay) sample number `target`. */
struct sample_req {
	bool set;
	long target;	/* -1: the next one */
	double delay;	/* the interval at the time of asking */
	/* the QPs on screen at the time of asking: a copy (source.h) */
	struct nl_want want[NL_WANT_MAX];
	size_t n_want;
	uint32_t skip;	/* the tables no view needs (source.h) */
};

struct sampler {
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	bool running;
	struct source *src;
	struct ev_loop *loop;
	ev_async *done;			/* sent when a sample is READY */
	enum sampler_state state;
	struct sample_req req;		/* what ASKED asks for (its target) */
	struct sample_req pending;	/* asked for while READY: asked once it is taken */
	/* what the thread leaves with a READY sample */
	int result;
	bool pair;		/* it filled work2 (prev) and work (cur): a jump */
	bool restart;		/* it went to sample 0: there is no previous one */
	struct snapshot snaps[4];
	struct snapshot *cur, *prev, *work, *work2;
};

/* What sampler_request() found. */
enum sampler_ask {
	SAMPLER_ASK_STARTED,	/* the thread samples now */
	SAMPLER_ASK_PENDING,	/* kept until the ready sample is taken */
	SAMPLER_ASK_BUSY,	/* a sample is in flight: this ask is dropped */
	SAMPLER_ASK_DROPPED,	/* the recording is over, or quitting */
};

/* What sampler_take() took. */
struct sampler_took {
	int result;	/* 0: cur is new; 1: end of recording; -errno: failed */
	bool pair;	/* cur and prev are both new (a replay jump) */
	bool restart;	/* cur is sample 0: there is no previous one */
	bool pending;	/* a request waits: ask it with sampler_pending() */
};

/* Set up, and start the thread; `done` is sent on loop when a sample is in. */
int sampler_start(struct sampler *sp, struct source *src, struct ev_loop *loop,
		  ev_async *done);
/*
 * Ask for a sample: target is a replay sample number, -1 the next one;
 * want the QPs on screen (n of them, at most NL_WANT_MAX are kept).
 */
enum sampler_ask sampler_request(struct sampler *sp, long target, double delay,
				 const struct nl_want *want, size_t n, uint32_t skip);
/* The request kept while a sample waited, cleared; .set false if none. */
struct sample_req sampler_pending(struct sampler *sp);
/*
 * Take the ready sample: 1 and *t filled (cur and prev rotated, the spares
 * cleared) when there was one, else 0.
 */
int sampler_take(struct sampler *sp, struct sampler_took *t);
/* The source's sample number (replay), or -1 where it has none. */
long sampler_tell(struct sampler *sp);
/* Replay: the first sample at or after wall; -EBUSY while sampling. */
int sampler_find_time(struct sampler *sp, time_t wall, long *index);
/* Tell the thread to stop and cancel the sample in flight (at its next input). */
void sampler_quit(struct sampler *sp);
/*
 * Wait for the thread: wait_ms < 0 waits as long as it takes; otherwise 0,
 * or -ETIMEDOUT when it did not end within wait_ms (a read that does not
 * return: the thread keeps the sampler and the source, which must then be
 * left alone).
 */
int sampler_join(struct sampler *sp, long wait_ms);
/* Free the snapshots and the lock (after sampler_stop returned 0). */
void sampler_free(struct sampler *sp);

#endif
