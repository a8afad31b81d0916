/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where samples come from.  A source produces raw inputs (netlink response
 * bytes and file contents) for one sample; every input is handed to the
 * sink (the recorder, when recording) and fed to the snapshot parsers.
 * Implementations: live (the kernel) and replay (a recording).
 */
#ifndef RDMATOP_SOURCE_H
#define RDMATOP_SOURCE_H

#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "nlreq.h"
#include "record.h"
#include "snapshot.h"

/*
 * Not a file: a FILE record with this path and -ENOBUFS says the kernel's
 * notifications overflowed their socket in this sample (live.c feeds it,
 * so that a replay says so too).
 */
#define SOURCE_EVENTS_LOST "rdmatop:events-lost"

/*
 * Not a file either: a FILE record with this path holds what the sample
 * cost (struct snap_self) as "key value" lines (doc/recording.md).
 */
#define SOURCE_SELF "rdmatop:self"

/*
 * Not a file: the owner ids whose /proc files this sample did not read
 * again (the same task as in the previous sample), one a line; the model
 * takes their tasks from the previous sample (src/model/tasks.c).
 */
#define SOURCE_TASKS_KEPT "rdmatop:tasks-kept"

struct source;

/*
 * A live source reads an owner's /proc files again at least every
 * SOURCE_REREAD samples and records "kept" in between (the model carries
 * those owners from the sample before): a replay that jumps reads this
 * many samples before its target first, so the target is whole.
 */
#define SOURCE_REREAD 10

struct source_ops {
	const char *name;
	/* Fill `s` (already cleared) with one sample.  0, 1 at end of input
	 * (replay), or -errno; partial failures are notes in the snapshot. */
	int (*sample)(struct source *src, struct snapshot *s);
	void (*close)(struct source *src);
	/* Optional (replay): make sample number `index` (0-based) the next
	 * one sample() returns; 0, or -ERANGE past the end. */
	int (*seek)(struct source *src, long index);
	/* Optional (replay): number of the next sample sample() returns. */
	long (*tell)(struct source *src);
	/* Optional (live): a descriptor that becomes readable when the kernel
	 * announces a change (a sample then reads it), or -1. */
	int (*event_fd)(struct source *src);
	/* Optional (replay): index of the first sample at or after `wall`. */
	int (*find_time)(struct source *src, time_t wall, long *index);
	/* Optional (replay): the samples in the recording, counted when it
	 * was opened (0: not known). */
	long (*count)(struct source *src);
};

struct source {
	const struct source_ops *ops;
	struct raw_sink *sink;		/* may be NULL */
	void *priv;
	/* A dump spans several datagrams, each fed on its own; the parser's
	 * state (where an interrupted dump rolls back to) is kept here from
	 * the first datagram of a request to its last, live or replayed. */
	bool in_dump;
	struct nl_req dump_req;
	struct nl_result dump_res;
	/* set by source_cancel(), from any thread or a signal handler */
	atomic_bool cancel;
	/* --budget in percent of one CPU (0: no pacing) and the interval the
	 * samples are asked at: the live source paces its resource dumps to
	 * them (include/budget.h); set by whoever asks for samples. */
	double budget, interval;
	/* the QPs the dashboard shows (set by whoever asks for samples):
	 * where the QP table is paced and not due, each is asked for by a
	 * GET of its own (NL_REQ_OBJ), at most NL_WANT_MAX a sample */
	struct nl_want want[NL_WANT_MAX];
	size_t n_want;
	/* resource tables (1 << enum snap_res) no view needs: not dumped
	 * (the dashboard's; 0 elsewhere: batch and export need all) */
	uint32_t skip;
};

/* Live source: the kernel's NETLINK_RDMA plus sysfs and /proc. */
int source_live_open(struct source *src, const char *sysroot);


/* Replay source over a recording (src/source/replay.c); 0 or -errno with a
 * one-line reason in err. */
int source_replay_open(struct source *src, const char *path, char *err, size_t errlen);
/*
 * Feed one sample payload of a recording (the records of src/record's
 * layout) through the source's feed path into s.  0, or -EBADMSG for a
 * malformed payload (what was fed stays).
 */
int source_replay_sample(struct source *src, struct snapshot *s, const uint8_t *buf, size_t len);

/*
 * The bound of one sample, live and replayed alike: past SOURCE_SAMPLE_BYTES
 * of input (datagrams and files, with their record headers) or
 * SOURCE_SAMPLE_ROWS bytes of rows and strings built from it, the rest of
 * the sample is neither parsed nor recorded, and a note says so.  A crafted
 * recording of 9 KB decodes to 60 MB of 12-byte QP entries, each an 80-byte
 * row and more in the views: the bytes alone do not bound the memory.  A
 * kernel QP entry is ~85 bytes on the wire, so both bounds come at about
 * 800k QPs (100k QPs: ~9 MB of input, ~8 MB of QP rows).
 */
#define SOURCE_SAMPLE_BYTES (64u << 20)
#define SOURCE_SAMPLE_ROWS (64u << 20)
/* Hand one input to the sink (if any) and the parsers; used by sources. */
int source_feed_nl(struct source *src, struct snapshot *s, const struct nl_req *req,
		   const void *buf, size_t len, struct nl_result *res);
/* A netdev's input (enum snap_net_in): to the sink (recorder), then to
 * net_parse (src/net). */
int source_feed_net(struct source *src, struct snapshot *s, unsigned int what, const char *ndev,
		    int err, const void *buf, size_t len);
int source_feed_file(struct source *src, struct snapshot *s, const char *path,
		     int err, const void *buf, size_t len);

/*
 * Stop the sample in flight at its next input and refuse further ones:
 * sample() returns -ECANCELED, and a recorder gets no partial sample.
 * Async-signal-safe.
 */
static inline void source_cancel(struct source *src)
{
	atomic_store(&src->cancel, true);
}

static inline bool source_cancelled(struct source *src)
{
	return atomic_load_explicit(&src->cancel, memory_order_relaxed);
}

static inline int source_sample(struct source *src, struct snapshot *s)
{
	if (source_cancelled(src))
		return -ECANCELED;
	return src->ops->sample(src, s);
}

static inline void source_close(struct source *src)
{
	if (src->ops && src->ops->close)
		src->ops->close(src);
}

#endif
