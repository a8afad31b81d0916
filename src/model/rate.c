// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-second rates from two snapshots.  Objects are matched by identity
 * through a hash of the previous snapshot's rows, so the cost is linear in
 * the number of counters and QPs whatever order they arrive in.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "rate.h"
#include "stall.h"
#include "snap_proc.h"
#include "util.h"

enum rate_status rate_delta(uint64_t old_v, uint64_t new_v, unsigned int bits,
			    uint64_t *delta)
{
	*delta = 0;
	if (new_v >= old_v) {
		*delta = new_v - old_v;
		return RATE_DATA;
	}
	/* a narrow counter that went down wrapped, if both values fit */
	if (bits && bits < 64 && !(old_v >> bits) && !(new_v >> bits)) {
		uint64_t mod = (uint64_t)1 << bits;

		*delta = mod - old_v + new_v;
		return RATE_DATA;
	}
	return RATE_RESET;
}

uint32_t rate_psn_delta(uint32_t old_psn, uint32_t new_psn)
{
	return (new_psn - old_psn) & 0xffffff;
}

/* An open-addressing table of row indexes (+1; 0 = empty). */
struct rate_tab {
	size_t *slot;
	size_t mask;
};

static int tab_init(struct rate_tab *t, size_t n)
{
	size_t cap = 16;

	while (cap < n * 2)
		cap *= 2;
	t->slot = calloc(cap, sizeof(*t->slot));
	t->mask = cap - 1;
	return t->slot ? 0 : -ENOMEM;
}

/*
 * The names of one rate computation: each name's hash by its string id,
 * and the pairs of ids found equal, each remembered for the ids of one
 * snapshot (a netdev's counter names are one string for all its ports:
 * src/net interns them once a sample), so a name is hashed and compared
 * once, not once a row.
 */
#define NAME_CACHE 4096
struct names {
	struct {
		uint32_t id[NAME_CACHE / 4];
		uint64_t h[NAME_CACHE / 4];
	} hash[2];		/* cur's, prev's (the table's, rarely made) */
	uint32_t pair[NAME_CACHE][2];	/* cur's id, prev's equal one */
};

static size_t slot_of(uint32_t id)
{
	return (id * 2654435761u) >> 20 & (NAME_CACHE - 1);
}

static const char *str_of(const struct snapshot *s, uint32_t id)
{
	return id && id < s->strs.len ? s->strs.buf + id : "";
}

static uint64_t name_hash(const struct snapshot *s, struct names *nm, int which, uint32_t id)
{
	size_t k = slot_of(id) / 4;

	if (nm->hash[which].id[k] != id || !id) {
		nm->hash[which].id[k] = id;
		nm->hash[which].h[k] = hash_str(str_of(s, id));
	}
	return nm->hash[which].h[k];
}

/* counter_same, the names through nm */
static inline bool counter_same_nm(const struct snapshot *prev, const struct snap_counter *p,
			    const struct snapshot *cur, const struct snap_counter *c,
			    struct names *nm)
{
	size_t k;

	if (p->dev != c->dev || p->port != c->port || p->source != c->source ||
	    p->obj != c->obj || p->kind != c->kind)
		return false;
	k = slot_of(c->name);
	if (c->name && nm->pair[k][0] == c->name && nm->pair[k][1] == p->name)
		return true;
	if (strcmp(str_of(prev, p->name), str_of(cur, c->name)))
		return false;
	nm->pair[k][0] = c->name;
	nm->pair[k][1] = p->name;
	return true;
}

static uint64_t counter_hash(const struct snapshot *s, const struct snap_counter *c,
			     struct names *nm, int which)
{
	uint64_t h = hash_mix(c->dev, c->port);

	h = hash_mix(hash_mix(h, c->source), hash_mix(c->obj, c->kind));
	return hash_fmix(hash_mix(h, name_hash(s, nm, which, c->name)));
}

/*
 * IB PMA data counters are kept in bytes, 4-octet words * 4 (sysfs.c makes
 * every PMA byte counter so): a 32-bit port_xmit_data wraps at 2^32 words,
 * that is 2^34 bytes.
 */
static unsigned int counter_bits(const struct snap_counter *c)
{
	if (c->bits == 32 && c->source == SNAP_SRC_PMA && c->unit == SNAP_UNIT_BYTES)
		return 34;
	return c->bits;
}

/*
 * A counter that saturates (IB PMA) never wraps: one lower than before
 * was reset (perfquery -R, a driver reload), and that is also how one
 * leaves its maximum.  One that reached its maximum since the previous
 * sample counted at least up to it: that delta, marked saturated by the
 * parser.  At its maximum in both, nothing is known of its rate: RATE_SAT,
 * never a rate of 0.
 */
enum rate_status rate_counter_delta(const struct snap_counter *p, const struct snap_counter *c,
				    uint64_t *delta)
{
	*delta = 0;
	if (!(c->sat & SNAP_CNT_SATURATES))
		return rate_delta(p->value, c->value, counter_bits(c), delta);
	if (c->value < p->value)
		return RATE_RESET;
	/* p at c's maximum: p's own mark may be missing (a replay's jump
	 * hands over samples whose rates were never computed) */
	if ((snap_counter_saturated(p) || p->value == snap_counter_max(c)) &&
	    snap_counter_saturated(c) && p->value == c->value)
		return RATE_SAT;
	*delta = c->value - p->value;
	return RATE_DATA;
}

/*
 * A row's link and a driver counter's saturation (snap_counter_mark), for
 * a row its parser did not class with snap_counter_class (every parser's
 * row has them: a lookup each sample for each row was most of a sample's
 * rates).
 */
static void mark_row(const struct snapshot *s, struct snap_counter *c)
{
	if (!c->link)
		snap_counter_mark(c, cnt_lookup(snap_s(s, c->name)));
}

/* prev's rows through a table */
static int tab_fill(struct rate_tab *t, const struct snapshot *prev, const struct snap_vec *pv,
		    struct names *nm)
{
	size_t j;

	if (tab_init(t, pv->n))
		return -ENOMEM;
	for (j = 0; j < pv->n; j++) {
		const struct snap_counter *p = SNAP_AT(pv, struct snap_counter, j);
		size_t k = counter_hash(prev, p, nm, 1) & t->mask;

		while (t->slot[k])
			k = (k + 1) & t->mask;
		t->slot[k] = j + 1;
	}
	return 0;
}

/* c's rate from p, its row in the sample before (status RATE_NODATA) */
static inline void rate_pair(const struct snap_counter *p, struct snap_counter *c, double dt)
{
	if (dt <= 0)
		return;	/* RATE_NODATA */
	/* the common case inline: a wrapping counter that grew */
	if (!(c->sat & SNAP_CNT_SATURATES) && c->value >= p->value) {
		c->delta = c->value - p->value;
		c->rate_status = RATE_DATA;
	} else {
		c->rate_status = rate_counter_delta(p, c, &c->delta);
	}
	if (c->rate_status == RATE_DATA)
		c->rate = (double)c->delta / dt;
}

/*
 * A run of rows (struct snap_counter's run) at cur's index i whose like is
 * at prev's same index (the same template, device and port): its rows
 * rated pairwise, no row looked up.  A kept template's rows have their
 * link (mark_row has nothing to do) and no object.  False where
 * there is no such pair of runs.
 */
static bool run_pair(const struct snap_vec *pv, struct snap_vec *cv, size_t i, double dt)
{
	struct snap_counter *c = SNAP_AT(cv, struct snap_counter, i);
	const struct snap_counter *p;
	size_t n = snap_counter_run(cv, i), k;

	if (!n || n != snap_counter_run(pv, i))
		return false;
	p = SNAP_AT(pv, struct snap_counter, i);
	if (p->set != c->set || p->dev != c->dev || p->port != c->port || p->source != c->source)
		return false;
	for (k = 0; k < n; k++) {
		c[k].rate = 0;
		c[k].delta = 0;
		c[k].rate_status = RATE_NODATA;
		rate_pair(&p[k], &c[k], dt);
	}
	return true;
}

/*
 * The rates of one vector of counters: s->counters, s->objcnts or
 * s->lowctrs (a lower's rows: its key in dev and obj).  A
 * sample's sources push their counters in the same order each time, so
 * the row at the same index of prev is tried first; the table of prev's
 * rows is made at the first row that is not there.
 */
static int rate_counters(const struct snapshot *prev, struct snapshot *cur, double dt,
			 size_t vec)
{
	const struct snap_vec *pv = prev ? (const struct snap_vec *)((const char *)prev + vec) : NULL;
	struct snap_vec *cv = (struct snap_vec *)((char *)cur + vec);
	struct rate_tab t = { NULL, 0 };
	struct names *nm = NULL;
	struct snap_vec own;
	size_t i;
	int err = 0;

	/* prev's lowers' sums are no rows of their own (snap_lowers_sum) */
	if (pv && vec == offsetof(struct snapshot, counters) && prev->lowsum &&
	    prev->lowsum - 1 < pv->n) {
		own = *pv;
		own.n = prev->lowsum - 1;
		pv = &own;
	}
	if (prev && cv->n && !(nm = calloc(1, sizeof(*nm))))
		err = -ENOMEM;	/* the rates cleared all the same */
	/* one pass: each row's rate cleared, then its own computed */
	for (i = 0; i < cv->n; i++) {
		struct snap_counter *c = SNAP_AT(cv, struct snap_counter, i);
		const struct snap_counter *p = NULL;
		size_t k;

		c->rate = 0;
		c->delta = 0;
		c->rate_status = prev ? RATE_NODATA : RATE_INIT;
		if (vec == offsetof(struct snapshot, counters))
			mark_row(cur, c);
		if (!prev || err)
			continue;
		if (run_pair(pv, cv, i, dt)) {
			i += c->run - 1u;
			continue;
		}
		if (i < pv->n && counter_same_nm(prev, SNAP_AT(pv, struct snap_counter, i), cur, c, nm)) {
			p = SNAP_AT(pv, struct snap_counter, i);
		} else {
			if (!t.slot && tab_fill(&t, prev, pv, nm)) {
				err = -ENOMEM;
				continue;
			}
			for (k = counter_hash(cur, c, nm, 0) & t.mask; t.slot[k];
			     k = (k + 1) & t.mask) {
				p = SNAP_AT(pv, struct snap_counter, t.slot[k] - 1);
				if (counter_same_nm(prev, p, cur, c, nm))
					break;
				p = NULL;
			}
		}
		if (!p) {
			c->rate_status = RATE_INIT;
			continue;
		}
		rate_pair(p, c, dt);
	}
	free(t.slot);
	free(nm);
	return err;
}

static uint64_t qp_hash(const struct snap_qp *q)
{
	return hash_fmix(hash_mix(hash_mix(0, q->dev), q->lqpn));
}

/*
 * The same QP number on the same device, of the same type and owner: a QP
 * destroyed and created again between two samples starts from a random PSN
 * and must not get a rate.
 */
static bool qp_same(const struct snap_qp *a, const struct snap_qp *b)
{
	if (a->dev != b->dev || a->lqpn != b->lqpn)
		return false;
	if ((a->valid & SNAP_QP_TYPE) != (b->valid & SNAP_QP_TYPE) ||
	    ((a->valid & SNAP_QP_TYPE) && a->type != b->type))
		return false;
	if (a->own.valid != b->own.valid || a->own.tid != b->own.tid)
		return false;
	return true;
}

/* Index + 1 of the QP of prev that is q, through the hash; 0 if none. */
static size_t qp_lookup(const struct snapshot *prev, const struct rate_tab *t,
			const struct snap_qp *q)
{
	size_t k = qp_hash(q) & t->mask;

	for (; t->slot[k]; k = (k + 1) & t->mask)
		if (qp_same(SNAP_AT(&prev->qps, struct snap_qp, t->slot[k] - 1), q))
			return t->slot[k];
	return 0;
}

/*
 * Seconds between the QP rows of device dev in prev and in cur: the times
 * of their own dumps (a paced table is older than its sample), else the
 * samples' interval.  0 when cur's rows were carried over from prev.
 */
/*
 * The span of a QP's rates: from the time of its previous row to its
 * current one's, each its own (a per-QP GET) or its table's (the dump it
 * is from, carried or not): never a mix.  The table's time is looked up
 * once per device.
 */
struct span_cache {
	uint32_t dev;
	bool table;		/* the device's QP table has a time */
	struct timespec when;
};

static struct timespec row_when(const struct snapshot *s, const struct snap_qp *q,
				struct span_cache *c)
{
	if (q->valid & SNAP_QP_WHEN)
		return q->when;
	if (c->dev != q->dev) {
		const struct snap_dev *d = snap_dev_find(s, q->dev);

		c->dev = q->dev;
		c->table = d && ((d->res_asked | d->res_carried) & (1u << SNAP_RES_QP));
		if (c->table)
			c->when = d->res_when[SNAP_RES_QP];
	}
	return c->table ? c->when : s->mono;
}

static double qp_span(const struct snapshot *prev, const struct snapshot *cur,
		      const struct snap_qp *p, const struct snap_qp *q,
		      struct span_cache *pc, struct span_cache *cc)
{
	struct timespec a = row_when(prev, p, pc), b = row_when(cur, q, cc);

	return ts_diff(&a, &b);
}

#define QP_AHEAD 4	/* rows a positional match may skip (QPs destroyed) */

static int rate_qps(const struct snapshot *prev, struct snapshot *cur, double dt)
{
	struct rate_tab t = { NULL, 0 };
	struct span_cache pc = { .dev = SNAP_NONE }, cc = { .dev = SNAP_NONE };
	size_t i, j, at = 0, w;
	double span;

	for (i = 0; i < cur->qps.n; i++) {
		struct snap_qp *q = SNAP_AT(&cur->qps, struct snap_qp, i);

		q->valid &= ~(SNAP_QP_PSN_RATE | SNAP_QP_RQ_PSN_RATE);
		q->sq_psn_rate = q->rq_psn_rate = 0;
		q->psn_adv = 0;
		q->track = 0;	/* a QP without a match starts its stall tracking */
	}
	if (!prev || dt <= 0 || !cur->qps.n)
		return 0;
	for (i = 0; i < cur->qps.n; i++) {
		struct snap_qp *q = SNAP_AT(&cur->qps, struct snap_qp, i);
		const struct snap_qp *p = NULL;

		/*
		 * Both dumps list QPs in the kernel's order, so the match is
		 * almost always where the last one left off; the hash (built
		 * the first time it is needed) finds the rest.
		 */
		for (w = 0; w < QP_AHEAD && at + w < prev->qps.n; w++) {
			if (qp_same(SNAP_AT(&prev->qps, struct snap_qp, at + w), q)) {
				p = SNAP_AT(&prev->qps, struct snap_qp, at + w);
				at += w + 1;
				break;
			}
		}
		if (!p) {
			if (!t.slot) {
				if (tab_init(&t, prev->qps.n))
					return -ENOMEM;
				for (j = 0; j < prev->qps.n; j++) {
					size_t k = qp_hash(SNAP_AT(&prev->qps, struct snap_qp, j)) &
						   t.mask;

					while (t.slot[k])
						k = (k + 1) & t.mask;
					t.slot[k] = j + 1;
				}
			}
			j = qp_lookup(prev, &t, q);
			if (!j)
				continue;
			p = SNAP_AT(&prev->qps, struct snap_qp, j - 1);
			at = j;
		}
		stall_pair(p, q);
		span = qp_span(prev, cur, p, q, &pc, &cc);
		if (span == 0) {
			/* the same dump as before: its rates, over its own span */
			q->valid |= p->valid & (SNAP_QP_PSN_RATE | SNAP_QP_RQ_PSN_RATE);
			q->sq_psn_rate = p->sq_psn_rate;
			q->rq_psn_rate = p->rq_psn_rate;
			continue;
		}
		if (span < 0)
			continue;
		if (p->valid & q->valid & SNAP_QP_SQ_PSN) {
			q->psn_adv += rate_psn_delta(p->sq_psn, q->sq_psn);
			SNAP_SET(q, sq_psn_rate, SNAP_QP_PSN_RATE,
				 (float)(rate_psn_delta(p->sq_psn, q->sq_psn) / span));
		}
		if (p->valid & q->valid & SNAP_QP_RQ_PSN) {
			q->psn_adv += rate_psn_delta(p->rq_psn, q->rq_psn);
			SNAP_SET(q, rq_psn_rate, SNAP_QP_RQ_PSN_RATE,
				 (float)(rate_psn_delta(p->rq_psn, q->rq_psn) / span));
		}
	}
	free(t.slot);
	return 0;
}

/* Each summary count's change since the previous sample, by device index
 * and name (a re-registered device starts again). */
static void rate_devs(const struct snapshot *prev, struct snapshot *cur)
{
	size_t i;

	for (i = 0; i < cur->devs.n; i++) {
		struct snap_dev *d = SNAP_AT(&cur->devs, struct snap_dev, i);
		const struct snap_dev *o = prev ? snap_dev_find(prev, d->index) : NULL;
		unsigned int r;

		d->res_chg_valid = 0;
		if (!o || strcmp(o->name, d->name))
			continue;
		for (r = 0; r < SNAP_RES_N; r++) {
			if (!(d->res_valid & o->res_valid & (1u << r)))
				continue;
			d->res_chg[r] = (int64_t)(d->res[r] - o->res[r]);
			d->res_chg_valid |= (uint16_t)(1u << r);
		}
	}
}

int rate_compute(const struct snapshot *prev, struct snapshot *cur)
{
	double dt = 0;
	int err;

	if (prev)
		dt = ts_diff(&prev->mono, &cur->mono);
	cur->rated++;
	cur->interval = dt > 0 ? dt : 0;
	cur->self.valid &= ~SNAP_SELF_RATE;
	if (prev && dt > 0 && (prev->self.valid & cur->self.valid & SNAP_SELF_CPU)) {
		double cpu = cur->self.utime + cur->self.stime - prev->self.utime -
			     prev->self.stime;

		if (cpu >= 0)
			SNAP_SET(&cur->self, cpu, SNAP_SELF_RATE, cpu / dt * 100);
	}
	rate_devs(prev, cur);
	snap_pstats_rate(prev, cur, dt);
	snap_lowers_rate(prev, cur, dt);
	err = rate_counters(prev, cur, dt, offsetof(struct snapshot, counters));
	if (!err)
		err = rate_counters(prev, cur, dt, offsetof(struct snapshot, objcnts));
	if (!err)
		err = rate_counters(prev, cur, dt, offsetof(struct snapshot, lowctrs));
	if (!err)
		err = rate_qps(prev, cur, dt);
	return err;
}
