// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * QP stalls (stall.h).  What the kernel's QP dump gives per QP is its
 * state and two PSNs (nldev.c fill_res_qp_entry_query: sq_psn and, for
 * RC/UC, rq_psn from ib_query_qp).  rxe (rxe_qp.c rxe_qp_to_attr, 6.1 to
 * 7.x) answers sq_psn = qp->req.psn, the next PSN its requester sends,
 * and rq_psn = qp->resp.psn, the next one its responder expects: each
 * moves with every packet of new data and neither with a retransmission.
 * mlx5 (qp.c mlx5_ib_query_qp) reads next_send_psn and next_rcv_psn from
 * the QP context: the same.  So what moved is known from sample to
 * sample, not what is posted: the rules and their limits are stall.h's.
 */
#include <errno.h>
#include <stdlib.h>

#include "stall.h"
#include "util.h"

/* enum ib_qp_state, enum ib_qp_type (include/rdma/ib_verbs.h) */
enum { QPS_RTR = 2, QPS_RTS = 3, QPS_SQE = 5, QPS_ERR = 6 };
enum { QPT_RC = 2, QPT_UC = 3, QPT_XRC_INI = 9, QPT_XRC_TGT = 10 };

static double after = STALL_AFTER_DEF;

void stall_set_after(double secs)
{
	after = secs;
}

double stall_after(void)
{
	return after;
}

static bool same_state(const struct snap_qp *a, const struct snap_qp *b)
{
	return SNAP_HAS(a, SNAP_QP_STATE) && SNAP_HAS(b, SNAP_QP_STATE) && a->state == b->state;
}

/*
 * PSN b is past a (24 bits, IBTA 9.7.1): a forward step of less than half
 * the space.  A requester retrying goes back to its oldest unacknowledged
 * PSN and forward again (rxe_req.c req_retry, 6.1 to 7.x: qp->req.psn =
 * the first WQE's), so its sq_psn swings over its window while nothing
 * is acknowledged: only a PSN past the highest seen is progress.
 */
static bool psn_past(uint32_t a, uint32_t b)
{
	uint32_t d = (b - a) & 0xffffff;

	return d && d < 0x800000;
}

static bool psn_moved(const struct snap_qp *p, struct snap_qp *q)
{
	bool moved = false;

	q->sq_hi = p->sq_hi;
	q->rq_hi = p->rq_hi;
	if ((p->valid & q->valid & SNAP_QP_SQ_PSN) && psn_past(p->sq_hi, q->sq_psn)) {
		q->sq_hi = q->sq_psn;
		moved = true;
	}
	if ((p->valid & q->valid & SNAP_QP_RQ_PSN) && psn_past(p->rq_hi, q->rq_psn)) {
		q->rq_hi = q->rq_psn;
		moved = true;
	}
	return moved;
}

void stall_pair(const struct snap_qp *p, struct snap_qp *q)
{
	/* its peer seen here stays known whatever its state (a survivor goes
	 * to ERR after its peer went) */
	q->track = p->track & SNAP_QP_T_PEER;
	/* a new state starts the rest again: stall_track times it at this row */
	if (!(p->track & SNAP_QP_T_SEEN) || !same_state(p, q))
		return;
	q->track = p->track & (SNAP_QP_T_SEEN | SNAP_QP_T_MOVED | SNAP_QP_T_PEER | SNAP_QP_T_PRE);
	q->state_at = p->state_at;
	q->quiet_at = p->quiet_at;
	if (psn_moved(p, q))
		q->track |= SNAP_QP_T_MOVED | SNAP_QP_T_NOW;
}

static bool has_rqpn(const struct snap_qp *q)
{
	return SNAP_HAS(q, SNAP_QP_RQPN) && q->rqpn;
}

/*
 * Each connected QP's peer where it is on this host (a job of two
 * processes here, or one device in loopback): the QPs that have an rqpn
 * in a hash table by lqpn (open addressing, a power of two at least twice
 * their count), each looked up by its rqpn: O(QPs) a sample (a sort cost
 * 770 instructions a QP at 100,000 QPs, tests/bench).
 */
static uint32_t qpn_hash(uint32_t qpn, unsigned int shift)
{
	return (uint32_t)((qpn * 2654435761u) >> shift);
}

/* The QP connected to q (its lqpn q's rqpn, its rqpn q's lqpn), one of
 * q's device first (QP numbers are per device): index + 1, or 0. */
static uint32_t peer_find(const struct snapshot *s, const uint32_t *slot, uint32_t mask,
			  unsigned int shift, const struct snap_qp *q)
{
	uint32_t h = qpn_hash(q->rqpn, shift), best = 0;

	for (; slot[h]; h = (h + 1) & mask) {
		const struct snap_qp *r = SNAP_AT(&s->qps, struct snap_qp, slot[h] - 1);

		if (r == q || r->lqpn != q->rqpn || r->rqpn != q->lqpn)
			continue;
		if (r->dev == q->dev)
			return slot[h];
		if (!best || slot[h] < best)
			best = slot[h];
	}
	return best;
}

static void stall_peers(struct snapshot *s)
{
	uint32_t *slot, size = 2;
	unsigned int shift = 31;
	size_t i;

	for (i = 0; i < s->qps.n; i++)
		SNAP_AT(&s->qps, struct snap_qp, i)->peer = 0;
	if (!s->qps.n || s->qps.n >= UINT32_MAX / 4)
		return;
	while (size < 2 * s->qps.n) {
		size <<= 1;
		shift--;
	}
	slot = calloc(size, sizeof(*slot));
	if (!slot)
		return; /* no peers this sample: the column says remote */
	for (i = 0; i < s->qps.n; i++) {
		const struct snap_qp *q = SNAP_AT(&s->qps, struct snap_qp, i);
		uint32_t h;

		if (!has_rqpn(q))
			continue;
		for (h = qpn_hash(q->lqpn, shift); slot[h]; h = (h + 1) & (size - 1))
			;
		slot[h] = (uint32_t)i + 1;
	}
	for (i = 0; i < s->qps.n; i++) {
		struct snap_qp *q = SNAP_AT(&s->qps, struct snap_qp, i);

		if (!has_rqpn(q) || !(q->peer = peer_find(s, slot, size - 1, shift, q)))
			continue;
		q->track |= SNAP_QP_T_PEER;
	}
	free(slot);
}

void stall_track(struct snapshot *s, bool first)
{
	uint32_t dev = UINT32_MAX;
	double t = 0;
	size_t i;

	stall_peers(s);
	for (i = 0; i < s->qps.n; i++) {
		struct snap_qp *q = SNAP_AT(&s->qps, struct snap_qp, i);
		struct timespec w;

		if ((q->track & SNAP_QP_T_SEEN) && !(q->track & SNAP_QP_T_NOW))
			continue;
		/* the row's own time: its dump's, or its GET's (carry.c) */
		if ((q->valid & SNAP_QP_WHEN) || q->dev != dev) {
			w = snap_qp_when(s, q);
			t = ts_sec(&w);
			dev = (q->valid & SNAP_QP_WHEN) ? UINT32_MAX : q->dev;
		}
		if (!(q->track & SNAP_QP_T_SEEN)) {
			q->state_at = q->quiet_at = t;
			q->sq_hi = q->sq_psn;
			q->rq_hi = q->rq_psn;
			q->track = (uint8_t)(SNAP_QP_T_SEEN | (first ? SNAP_QP_T_PRE : 0) |
					     (q->track & SNAP_QP_T_PEER));
		} else {
			q->quiet_at = t;
			q->track &= (uint8_t)~SNAP_QP_T_NOW;
		}
	}
}

static bool connected(const struct snap_qp *q)
{
	return SNAP_HAS(q, SNAP_QP_TYPE) && (q->type == QPT_RC || q->type == QPT_UC ||
					     q->type == QPT_XRC_INI || q->type == QPT_XRC_TGT);
}

/* Its owner's process is known gone: /proc said so (a kernel owner and an
 * owner not read are alive). */
static bool owner_gone(const struct snapshot *s, const struct snap_qp *q)
{
	const struct snap_task *t;

	if (!(q->own.valid & SNAP_OWN_TID) || (q->own.valid & SNAP_OWN_KERN))
		return false;
	t = snap_task_find(s, q->own.tid);
	return t && (t->valid & SNAP_TASK_GONE);
}

void stall_of(const struct snapshot *s, const struct snap_qp *q, struct stall_info *st)
{
	struct timespec w;
	double now;

	st->kind = STALL_NA;
	st->age = st->since = 0;
	st->before = false;
	if (!connected(q) || !SNAP_HAS(q, SNAP_QP_STATE) || !(q->track & SNAP_QP_T_SEEN))
		return;
	w = snap_qp_when(s, q);
	now = ts_sec(&w);
	st->before = q->track & SNAP_QP_T_PRE;
	if (q->state == QPS_SQE || q->state == QPS_ERR) {
		st->kind = q->state == QPS_ERR ? STALL_ERR : STALL_SQE;
		st->since = q->state_at;
		st->age = now - q->state_at;
		return;
	}
	/* RTR receives: a receive-only QP stays there (perftest's passive
	 * side, ib_send_bw's server) and stalls as one in RTS */
	if (q->state != QPS_RTS && q->state != QPS_RTR) {
		st->kind = STALL_OTHER;
		st->since = q->state_at;
		st->age = now - q->state_at;
		return;
	}
	if (!(q->valid & (SNAP_QP_SQ_PSN | SNAP_QP_RQ_PSN)))
		return;
	st->since = q->quiet_at;
	st->age = now - q->quiet_at;
	/* a move restarts the quiet time: from then on it is exact */
	if (q->track & SNAP_QP_T_MOVED)
		st->before = false;
	if (!(q->track & SNAP_QP_T_MOVED))
		st->kind = STALL_IDLE;
	else if (st->age < after)
		st->kind = STALL_OK;
	else
		st->kind = owner_gone(s, q) ? STALL_GONE : STALL_STALLED;
	if (st->age < 0)
		st->age = 0;
}

enum stall_peer stall_peer_of(const struct snapshot *s, const struct snap_qp *q,
			      struct stall_info *st)
{
	st->kind = STALL_NA;
	st->age = st->since = 0;
	st->before = false;
	if (!connected(q) || !has_rqpn(q))
		return STALL_PEER_NA;
	if (q->peer && q->peer <= s->qps.n) {
		stall_of(s, SNAP_AT(&s->qps, struct snap_qp, q->peer - 1), st);
		return STALL_PEER_HERE;
	}
	return (q->track & SNAP_QP_T_PEER) ? STALL_PEER_GONE : STALL_PEER_AWAY;
}

void stall_wall(const struct snapshot *s, double mono, struct timespec *out)
{
	long long ns = (long long)s->wall.tv_sec * 1000000000LL + s->wall.tv_nsec -
		       (long long)((ts_sec(&s->mono) - mono) * 1e9);

	out->tv_sec = (time_t)(ns / 1000000000LL);
	out->tv_nsec = (long)(ns % 1000000000LL);
}

const char *stall_kind_str(enum stall_kind k)
{
	static const char *const n[STALL_N] = {
		[STALL_NA] = "n/a",	 [STALL_OK] = "ok",	[STALL_IDLE] = "idle",
		[STALL_OTHER] = "setup", [STALL_GONE] = "gone", [STALL_STALLED] = "stalled",
		[STALL_SQE] = "sqe",	 [STALL_ERR] = "err",
	};

	return (unsigned int)k < STALL_N ? n[k] : "unknown";
}

bool stall_listed(enum stall_kind k)
{
	return k == STALL_STALLED || k == STALL_GONE || k == STALL_SQE || k == STALL_ERR;
}

struct stall_row {
	size_t i;
	enum stall_kind kind;
	double age;
};

/* stalled first (a hang now), then the erred, then the orphans; the
 * oldest of each first, then by index (stable) */
static int rank(enum stall_kind k)
{
	return k == STALL_STALLED ? 3 : k == STALL_ERR ? 2 : k == STALL_SQE ? 1 : 0;
}

static int by_stall(const void *a, const void *b)
{
	const struct stall_row *x = a, *y = b;

	if (rank(x->kind) != rank(y->kind))
		return rank(y->kind) - rank(x->kind);
	if (x->age != y->age)
		return x->age < y->age ? 1 : -1;
	return x->i < y->i ? -1 : x->i > y->i;
}

ssize_t stall_rows(const struct snapshot *s, size_t **rows)
{
	struct stall_row *r = NULL;
	size_t i, n = 0;

	*rows = NULL;
	for (i = 0; i < s->qps.n; i++) {
		struct stall_info st;

		stall_of(s, SNAP_AT(&s->qps, struct snap_qp, i), &st);
		if (!stall_listed(st.kind))
			continue;
		if (!(n & (n + 1)) || !r) {
			struct stall_row *g = realloc(r, (2 * n + 2) * sizeof(*r));

			if (!g) {
				free(r);
				return -ENOMEM;
			}
			r = g;
		}
		r[n++] = (struct stall_row){ i, st.kind, st.age };
	}
	if (!n)
		return 0;
	qsort(r, n, sizeof(*r), by_stall);
	*rows = malloc(n * sizeof(**rows));
	if (!*rows) {
		free(r);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++)
		(*rows)[i] = r[i].i;
	free(r);
	return (ssize_t)n;
}
