// SPDX-License-Identifier: GPL-2.0-or-later
/* One truth per port from its counters and the tables of truth_tab.c (truth.h). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "truth.h"
#include "truth_names.h"
#include "view.h"

enum truth_ll truth_port_ll(const struct snapshot *s, const struct snap_port *p)
{
	const struct snap_dev *d;

	if (SNAP_HAS(p, SNAP_PORT_LINK_LAYER))
		return !strcmp(p->link_layer, "Ethernet")   ? TRUTH_LL_ETH :
		       !strcmp(p->link_layer, "InfiniBand") ? TRUTH_LL_IB :
							      TRUTH_LL_ANY;
	d = snap_dev_find(s, p->dev);
	if (d && (!strcmp(d->protocol, "roce") || !strcmp(d->protocol, "iw")))
		return TRUTH_LL_ETH;
	return d && !strcmp(d->protocol, "ib") ? TRUTH_LL_IB : TRUTH_LL_ANY;
}

/* (kept here, beside its one caller: the walk of every counter of a port
 * calls it, tests/bench's Links table at 64 netdevs) */
/* A string id's known[] index, kept per thread for the snapshot's strings. */
#define IDS_N 4096
static __thread struct ids {
	const struct snapshot *s;
	uint64_t gen;
	size_t used;
	uint32_t id[IDS_N];
	int16_t ki[IDS_N];
} ids;

static int known_of(const struct snapshot *s, uint32_t id)
{
	struct ids *c = &ids;
	size_t k, probes;

	if (c->s != s || c->gen != s->strs.gen) {
		memset(c->id, 0, sizeof(c->id));
		c->s = s;
		c->gen = s->strs.gen;
		c->used = 0;
	}
	if (!id)
		return -1;
	k = (id * 2654435761u) & (IDS_N - 1);
	for (probes = 0; probes < 32; probes++, k = (k + 1) & (IDS_N - 1)) {
		if (c->id[k] == id)
			return c->ki[k];
		if (!c->id[k])
			break;
	}
	{
		int ki = truth_known_of_name(snap_s(s, id));

		if (probes < 32 && !c->id[k] && c->used < IDS_N * 3 / 4) {
			c->id[k] = id;
			c->ki[k] = (int16_t)ki;
			c->used++;
		}
		return ki;
	}
}

/*
 * A port's counters, from one walk of them: the first of each known name
 * and source, whether it has finer errors than its netdev's totals, and
 * the counters the errors and pauses look at (class error, or a pause
 * duration), in the port's order.
 */
struct port_ctrs {
	const struct snapshot *s;
	const struct snap_counter **v;
	int16_t *ki; /* each one's known[] index */
	size_t n;
	bool finer; /* finer_error() of one of the port's counters */
	/* known[] index -> a bit a source: at[][src] holds its counter (at[]
	 * is not cleared: 9 KiB a port, where has[] is 192 bytes) */
	uint8_t has[KNOWN_MAX];
	const struct snap_counter *at[KNOWN_MAX][SNAP_SRC_N];
};

_Static_assert(SNAP_SRC_N <= 8, "a source is a bit of port_ctrs.has");

static const struct snap_counter *find_ki(const struct port_ctrs *pc, int ki, uint8_t src)
{
	return ki >= 0 && src < SNAP_SRC_N && (pc->has[ki] >> src & 1) ? pc->at[ki][src] : NULL;
}

/* Sum rule r (rules[ri])'s counters into *tv; false when the port lacks
 * its first. */
static bool rule_value(const struct port_ctrs *pc, const struct truth_rule *r, size_t ri,
		       struct truth_val *tv)
{
	const struct snap_counter *c = find_ki(pc, rule_ki[ri][0], r->n[0].src);
	int i;

	if (!c)
		return false;
	memset(tv, 0, sizeof(*tv));
	tv->there = true;
	tv->src = c->source;
	tv->name = c->name;
	tv->valid = true;
	for (i = 0; i < TRUTH_SUM_MAX && r->n[i].name; i++) {
		if (i && !(c = find_ki(pc, rule_ki[ri][i], r->n[i].src)))
			continue;
		tv->nsum++;
		if (snap_counter_saturated(c))
			tv->sat = true;
		if (c->rate_status == RATE_DATA)
			tv->v += c->rate;
		else
			tv->valid = false;
	}
	if (tv->sat)
		tv->valid = false;
	return true;
}

static void figures(const struct port_ctrs *pc, enum truth_ll ll, struct port_truth *t)
{
	size_t nr, i, j;
	const struct truth_rule *rules = truth_rules(&nr);

	for (i = 0; i < TRUTH_FIG_N; i++)
		t->f[i].rule = t->f[i].other_rule = -1;
	for (i = 0; i < nr; i++) {
		const struct truth_rule *r = &rules[i];
		struct truth_val *best = &t->f[r->fig], tv;

		/* a port whose link layer is not known takes every row */
		if (r->ll != TRUTH_LL_ANY && ll != TRUTH_LL_ANY && r->ll != ll)
			continue;
		if (i >= 128 || !rule_value(pc, r, i, &tv))
			continue;
		tv.rule = (int16_t)i;
		tv.other_rule = -1;
		/* a saturated counter tells no rate: any lower row that
		 * counts goes before it */
		if (best->rule < 0 || (best->sat && !tv.sat)) {
			*best = tv;
			continue;
		}
		/* the first other row of the same letter: compared */
		if (r->agree && best->other_rule < 0 && rules[best->rule].agree == r->agree &&
		    tv.valid) {
			best->other_rule = (int16_t)i;
			best->other = tv.v;
			best->other_valid = true;
		}
	}
	for (j = 0; j < TRUTH_FIG_N; j++)
		if (t->f[j].rule >= 0 && !t->f[j].other_valid)
			t->f[j].other_rule = -1;
}

/* Whether error counter c (known[] index ki) is another's event on this
 * port: a better name of one of its `sames` rows is there, or the whole of
 * a part is. */
static bool same_event(const struct port_ctrs *pc, const struct snap_counter *c, int ki)
{
	size_t ns, i;
	const struct truth_same *sames = truth_sames(&ns);

	if (ki < 0)
		return false;
	for (i = 0; i < known[ki].n; i++) {
		const struct memb *m = &known[ki].m[i];
		const struct truth_same *sm = &sames[m->row];
		int k;

		if (!m->same || m->src != c->source || !m->pos)
			continue;
		if (sm->part) {
			if (find_ki(pc, same_ki[m->row][0], sm->n[0].src))
				return true;
			continue;
		}
		for (k = 0; k < m->pos; k++)
			if (find_ki(pc, same_ki[m->row][k], sm->n[k].src))
				return true;
	}
	return false;
}

/* The netdev's totals (rx_errors, rx_dropped, ...) are what the driver
 * folds from its MAC registers (mlx5 en_main.c mlx5e_get_stats, bnxt_en
 * bnxt_get_stats64, ice ice_update_vsi_stats): where the port has the
 * driver's own error counters or the standard groups, those count. */
static bool finer_error(const struct snapshot *s, const struct snap_counter *c)
{
	return cnt_is_error(c->cls) &&
	       (c->source == SNAP_SRC_DRV ||
		(c->source == SNAP_SRC_ETHNL && strchr(snap_s(s, c->name), '-')));
}

static int err_cmp(const struct truth_err *x, const struct truth_err *y)
{
	if (x->sat != y->sat)
		return x->sat ? -1 : 1;
	return x->rate > y->rate ? -1 : x->rate < y->rate ? 1 : 0;
}

/* Saturated first, then by rate, largest first; alike ones in the port's
 * order (stable, as glibc's merge sort left them: a library call and a
 * buffer for at most 24 rows). */
static void errs_sort(struct truth_err *e, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		struct truth_err x = e[i];

		for (j = i; j > 0 && err_cmp(&x, &e[j - 1]) < 0; j--)
			e[j] = e[j - 1];
		e[j] = x;
	}
}

static void errors(const struct port_ctrs *pc, struct port_truth *t)
{
	size_t i;

	for (i = 0; i < pc->n; i++) {
		const struct snap_counter *c = pc->v[i];
		bool sat = snap_counter_saturated(c);
		struct truth_err *e;

		if (!cnt_is_error(c->cls))
			continue;
		if ((c->source == SNAP_SRC_NETDEV && pc->finer) || same_event(pc, c, pc->ki[i])) {
			t->n_same++;
			continue;
		}
		if (sat)
			t->err_sat = true;
		t->err_total += c->value;
		t->err_total_valid = true;
		if (c->rate_status != RATE_DATA && !sat)
			continue;
		if (c->rate_status == RATE_DATA) {
			t->err += c->rate;
			t->err_valid = true;
		}
		t->n_err++;
		if (!sat && !(c->rate > 0))
			continue;
		if (t->n_err > TRUTH_ERRS) {
			/* keep the largest: replace the smallest kept */
			errs_sort(t->errs, TRUTH_ERRS);
			e = &t->errs[TRUTH_ERRS - 1];
			if (!sat && e->rate >= c->rate)
				continue;
		} else {
			e = &t->errs[t->n_err - 1];
		}
		*e = (struct truth_err){ c->name, c->source, sat,
					 c->rate_status == RATE_DATA ? c->rate : 0 };
	}
	/* the kept ones are those with a rate or saturated: pack them */
	{
		size_t n = t->n_err < TRUTH_ERRS ? t->n_err : TRUTH_ERRS, k = 0;

		for (i = 0; i < n; i++)
			if (t->errs[i].sat || t->errs[i].rate > 0)
				t->errs[k++] = t->errs[i];
		memset(t->errs + k, 0, (TRUTH_ERRS - k) * sizeof(t->errs[0]));
		errs_sort(t->errs, k);
	}
}

/* "rx_prio3_pause_duration" (mlx5 en_stats.c, microseconds), 
 * "pfc_pri3_rx_duration_us" (bnxt_en bnxt_ethtool.c): the direction and
 * priority, TRUTH_PRIOS for the link's global pause (mlx5
 * rx_global_pause_duration); -1 when not a pause duration */
static int pause_of(const char *n, int *dir)
{
	if (!strncmp(n, "rx_prio", 7) || !strncmp(n, "tx_prio", 7)) {
		*dir = n[0] == 't';
		if (n[7] >= '0' && n[7] <= '7' && !strcmp(n + 8, "_pause_duration"))
			return n[7] - '0';
		return -1;
	}
	if (!strncmp(n, "pfc_pri", 7) && n[7] >= '0' && n[7] <= '7') {
		if (!strcmp(n + 8, "_rx_duration_us") || !strcmp(n + 8, "_tx_duration_us")) {
			*dir = n[9] == 't';
			return n[7] - '0';
		}
		return -1;
	}
	if (!strcmp(n, "rx_global_pause_duration") || !strcmp(n, "tx_global_pause_duration")) {
		*dir = n[0] == 't';
		return TRUTH_PRIOS;
	}
	return -1;
}

/* whether counter c (known[] index ki) may be a pause duration of pauses() */
static bool pause_ctr(const struct snap_counter *c, int ki)
{
	return c->source == SNAP_SRC_DRV && c->rate_status == RATE_DATA && ki >= 0 && known[ki].n &&
	       known[ki].m[known[ki].n - 1].row == PAUSE_ROW;
}

static void pauses(const struct port_ctrs *pc, struct port_truth *t)
{
	double worst[2] = { -1, -1 };
	size_t i;
	int d;

	t->pause_worst[0] = t->pause_worst[1] = -1;
	for (i = 0; i < pc->n; i++) {
		const struct snap_counter *c = pc->v[i];
		int p;

		if (!pause_ctr(c, pc->ki[i]) || (p = pause_of(snap_s(pc->s, c->name), &d)) < 0)
			continue;
		/* microseconds paused a second: the share of the second; no
		 * priority is paused longer than the window (a counter read
		 * late or a recording's clock: cut, and said where past 5%) */
		t->pause_raw[d][p] = c->rate / 1e6;
		t->pause[d][p] = t->pause_raw[d][p] > 1 ? 1 : t->pause_raw[d][p];
		t->pause_over[d][p] = t->pause_raw[d][p] > 1.05;
		t->pause_name[d][p] = c->name;
		t->pause_valid[d][p] = true;
	}
	for (d = 0; d < 2; d++)
		for (i = 0; i <= TRUTH_PRIOS; i++)
			if (t->pause_valid[d][i] && t->pause[d][i] > worst[d]) {
				worst[d] = t->pause[d][i];
				t->pause_worst[d] = (int)i;
			}
}

#define PORT_CTRS_STACK 512

void truth_port_fill(const struct snapshot *s, uint32_t dev, uint32_t port, void *out)
{
	const struct snap_counter *stack[PORT_CTRS_STACK], **v = stack, *c;
	int16_t kstack[PORT_CTRS_STACK], *kv = kstack;
	struct port_truth *t = out;
	const struct snap_port *p = snap_port_find(s, dev, port);
	struct port_ctrs pc;
	size_t cap = PORT_CTRS_STACK, i;
	struct snap_ctr_it it;

	truth_known_init();
	memset(t, 0, sizeof(*t));
	pc.s = s;
	pc.n = 0;
	pc.finer = false;
	memset(pc.has, 0, sizeof(pc.has));
	snap_ctrs_of(s, dev, port, &it);
	while ((c = snap_ctr_next(&it))) {
		int ki;

		if (c->dev != dev || c->port != port || c->kind || c->source >= SNAP_SRC_N)
			continue;
		ki = known_of(s, c->name);
		if (ki >= 0 && !(pc.has[ki] >> c->source & 1)) {
			pc.has[ki] |= (uint8_t)(1u << c->source);
			pc.at[ki][c->source] = c;
		}
		if (!pc.finer && finer_error(s, c))
			pc.finer = true;
		if (!cnt_is_error(c->cls) && !pause_ctr(c, ki))
			continue;
		if (pc.n == cap) {
			const struct snap_counter **nv = malloc(cap * 2 * sizeof(*nv));
			int16_t *nk = malloc(cap * 2 * sizeof(*nk));

			if (!nv || !nk) {
				free(nv);
				free(nk);
				break; /* the first cap counters: what memory allows */
			}
			memcpy(nv, v, pc.n * sizeof(*nv));
			memcpy(nk, kv, pc.n * sizeof(*nk));
			if (v != stack) {
				free(v);
				free(kv);
			}
			v = nv;
			kv = nk;
			cap *= 2;
		}
		v[pc.n] = c;
		kv[pc.n++] = (int16_t)ki;
	}
	pc.v = v;
	pc.ki = kv;
	figures(&pc, p ? truth_port_ll(s, p) : TRUTH_LL_ANY, t);
	errors(&pc, t);
	pauses(&pc, t);
	if (p)
		truth_ber_fill(s, p, t);
	if (v != stack) {
		free(v);
		free(kv);
	}
	(void)i;
}

void truth_port(const struct snapshot *s, uint32_t dev, uint32_t port, struct port_truth *t)
{
	view_port_value(s, dev, port, truth_port_fill, t, sizeof(*t));
}

bool truth_value(const struct snapshot *s, uint32_t dev, uint32_t port, enum truth_fig f,
		 uint64_t *v, uint8_t *src)
{
	const struct truth_rule *r;
	struct port_truth t;
	const struct snap_counter *c;
	struct snap_ctr_it it;
	size_t nr;
	int k;

	if ((unsigned)f >= TRUTH_FIG_N)
		return false;
	truth_port(s, dev, port, &t);
	if (t.f[f].rule < 0)
		return false;
	r = &truth_rules(&nr)[t.f[f].rule];
	*v = 0;
	*src = t.f[f].src;
	for (k = 0; k < TRUTH_SUM_MAX && r->n[k].name; k++) {
		snap_ctrs_of(s, dev, port, &it);
		while ((c = snap_ctr_next(&it)))
			if (c->dev == dev && c->port == port && !c->kind &&
			    c->source == r->n[k].src && !strcmp(snap_s(s, c->name), r->n[k].name)) {
				*v += c->value;
				break;
			}
	}
	return true;
}
