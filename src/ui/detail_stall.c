// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The QP drill-down's stall lines (src/model/stall.c): its state and
 * since when, when its PSNs last moved and how far, and its peer where it
 * is on this host.  The times are the samples' (a replay's are the
 * recording's), first seen: a change happened between that sample and
 * the one before.
 */
#include <stdio.h>

#include "fmt.h"
#include "names.h"
#include "priv.h"
#include "stall.h"
#include "util.h"

static const char *at(const struct snapshot *s, double mono, char *buf, size_t len)
{
	struct timespec t;

	stall_wall(s, mono, &t);
	return fmt_time(buf, len, &t);
}

void ui_detail_stall(const struct snapshot *s, const struct snap_qp *q, ui_emit_fn emit, void *ctx)
{
	struct stall_info st, ps;
	char line[256], t1[64];
	double now = ts_sec(&s->mono);

	stall_of(s, q, &st);
	if (st.kind == STALL_NA || !(q->track & SNAP_QP_T_SEEN))
		return;
	emit(ctx, ROLE_TITLE, 0, "stall (--stall-after, man rdmatop STALLS)");
	snprintf(line, sizeof(line), "%-14s %s%s", "stall", stall_kind_str(st.kind),
		 stall_listed(st.kind) ? "" : " (not listed)");
	emit(ctx, stall_listed(st.kind) ? ROLE_STATUS_WARN : ROLE_DEFAULT, 2, line);
	/* so at the first sample: it got there at or before then */
	snprintf(line, sizeof(line), "%-14s %s since %s%s (%.0fs%s; first seen so)", "state",
		 snap_qp_state_str(q->state), q->track & SNAP_QP_T_PRE ? "or before " : "",
		 at(s, q->state_at, t1, sizeof(t1)), now - q->state_at,
		 q->track & SNAP_QP_T_PRE ? " or more" : "");
	emit(ctx, ROLE_DEFAULT, 2, line);
	if (q->valid & (SNAP_QP_SQ_PSN | SNAP_QP_RQ_PSN)) {
		snprintf(line, sizeof(line), "%-14s %s %s (%.0fs ago); highest sq %u, rq %u",
			 "PSNs moved", q->track & SNAP_QP_T_MOVED ? "last at" : "never since",
			 at(s, q->quiet_at, t1, sizeof(t1)), now - q->quiet_at, q->sq_hi, q->rq_hi);
		emit(ctx, ROLE_DEFAULT, 2, line);
	}
	switch (stall_peer_of(s, q, &ps)) {
	case STALL_PEER_HERE:
		snprintf(line, sizeof(line), "%-14s QP %u here: %s", "peer",
			 SNAP_AT(&s->qps, struct snap_qp, q->peer - 1)->lqpn,
			 stall_kind_str(ps.kind));
		break;
	case STALL_PEER_GONE:
		snprintf(line, sizeof(line), "%-14s QP %u was here and is gone", "peer", q->rqpn);
		break;
	case STALL_PEER_AWAY:
		snprintf(line, sizeof(line), "%-14s QP %u is not on this host", "peer", q->rqpn);
		break;
	default:
		return;
	}
	emit(ctx, ROLE_DEFAULT, 2, line);
}
