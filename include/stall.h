/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A QP's stall state (src/model/stall.c): from the PSNs and states of its
 * rows sample after sample, no more than the kernel's QP dump gives.
 *
 * A connected QP (RC, UC, XRC) in RTS (or RTR: a receive-only QP, as
 * perftest's passive side, stays there) is
 *  - idle while its PSNs have not moved since it was first seen in RTS:
 *    a QP that never sent nor received since it got there has nothing
 *    posted that anyone answered (a server blocked on its first receive);
 *  - stalled once its PSNs moved in RTS and then stood still for
 *    --stall-after seconds while its owner lives: it had traffic and the
 *    traffic stopped (its peer stopped, died, or the network dropped it).
 *    A QP retrying (RNR NAKs, ACK timeouts) sends but moves no PSN, so a
 *    per-QP counter that counts packets does not clear it;
 *  - gone-owner when its owner's /proc entry is missing (the process
 *    exited; the kernel has not destroyed the QP yet).
 * A QP in SQE or ERR is erred, its age since the first row seen so.
 * What it cannot tell: the kernel gives no send or receive queue depth, so
 * a QP that had traffic and is quiet because its application has nothing
 * to say (a job between phases longer than --stall-after) is reported
 * stalled; and a QP that hangs before its first packet is idle.
 */
#ifndef RDMATOP_STALL_H
#define RDMATOP_STALL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "snapshot.h"
#include "view.h"

/* worst last: the Stalls table sorts by it, highest first */
enum stall_kind {
	STALL_NA, /* not a connected QP, or no PSNs */
	STALL_OK, /* moving, or quiet for less than --stall-after */
	STALL_IDLE, /* RTS, nothing moved since it got there */
	STALL_OTHER, /* RESET, INIT, SQD */
	STALL_GONE, /* quiet, its owner's process is gone */
	STALL_STALLED,
	STALL_SQE,
	STALL_ERR,
	STALL_N
};

struct stall_info {
	enum stall_kind kind;
	double age; /* seconds: quiet (stalled), in the state (SQE, ERR) */
	double since; /* monotonic seconds the age counts from */
	bool before; /* it began at or before since (SNAP_QP_T_PRE): age is a
		      * lower bound */
};

/* The default --stall-after, seconds. */
#define STALL_AFTER_DEF 10.0

/* --stall-after: set once at start, read by every thread. */
void stall_set_after(double secs);
double stall_after(void);

/* rate_qps (src/model/rate.c): q is p a sample later; carries p's tracking. */
void stall_pair(const struct snap_qp *p, struct snap_qp *q);
/* snap_advance, after the rates: the times of the rows that started a
 * state or moved, from the rows' own times (a replay's are the recording's);
 * first: no sample before (the run's first, a replay's jump), so a state
 * seen now began at or before now. */
void stall_track(struct snapshot *s, bool first);

void stall_of(const struct snapshot *s, const struct snap_qp *q, struct stall_info *st);

/*
 * Its peer, where the other end is on this host (a mutual pair: the QP
 * whose lqpn is its rqpn and whose rqpn is its lqpn): HERE (st its
 * stall), GONE (seen here in this state, now not: destroyed, its process
 * exited), AWAY (never seen here: another host, or not connected yet).
 */
enum stall_peer { STALL_PEER_NA, STALL_PEER_HERE, STALL_PEER_GONE, STALL_PEER_AWAY };
enum stall_peer stall_peer_of(const struct snapshot *s, const struct snap_qp *q,
			      struct stall_info *st);
const char *stall_kind_str(enum stall_kind k);
/* The wall time of monotonic second mono of s's clock (a replay's: the
 * recording's). */
void stall_wall(const struct snapshot *s, double mono, struct timespec *out);
/* STALLED, GONE, SQE, ERR: the Stalls table's rows */
bool stall_listed(enum stall_kind k);
/* The QPs of s the Stalls table lists (indexes into s->qps), worst and
 * oldest first; their count, or -ENOMEM.  *rows is malloc'd (NULL at 0). */
ssize_t stall_rows(const struct snapshot *s, size_t **rows);

/*
 * The Stalls table's columns, QP table ids (VC_QP_*), -1 last: the
 * dashboard's Stalls tab, -b's STALLS and JSON's "stalls" read it.  A QP
 * column added to the QP table (its peer's address) joins them here.
 */
#define STALL_COLS                                                                                \
	VC_QP_DEV, VC_QP_PORT, VC_QP_LQPN, VC_QP_RQPN, VC_QP_STATE, VC_QP_STALL, VC_QP_STALL_AGE, \
		VC_QP_PEER_STATE, VC_QP_HEALTH, VC_QP_PID, VC_QP_COMM, VC_QP_GROUP, VC_QP_PEER,   \
		VC_QP_PEER_LID
extern const int stall_table_cols[];

/* The QP table's stall columns (src/model/stall_cols.c): its kind, its
 * age, its owner's group ("job:ID", "unit:NAME", ...) and its port's
 * verdict. */
void stall_get_kind(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v);
void stall_get_age(const struct view_ctx *c, const void *row, const struct view_col *col,
		   struct view_value *v);
void stall_get_group(const struct view_ctx *c, const void *row, const struct view_col *col,
		     struct view_value *v);
void stall_get_peer(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v);
void stall_get_health(const struct view_ctx *c, const void *row, const struct view_col *col,
		      struct view_value *v);

#endif
