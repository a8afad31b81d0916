// SPDX-License-Identifier: GPL-2.0-or-later
/* A link's throughput and use from its port's counters (view.h). */
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "net_view.h"
#include "view.h"

/*
 * A link's throughput from its port's counters, from the best source it
 * has: the IB PMA port counters (64-bit with PortCountersExtended), the
 * RDMA device's own counters of the port's traffic (efa, bnxt_re; rxe's
 * packets: its RDMA traffic, which the bound netdev may not see when a
 * device talks to itself), then the bound netdev's statistics.  Which
 * counter is a link's is the counter table's (classify_tab.c, `link`).
 */
const char *view_link_src_name(uint8_t src)
{
	return src == SNAP_SRC_PMA ? "pma" : src == SNAP_SRC_HW ? "driver" :
	       src == SNAP_SRC_NETDEV ? "netdev" : "n/a";
}

/* Whether counter c is the link's traffic of kind k (0..3: rx/tx bytes,
 * rx/tx packets) by the counter table, and the rank of its source. */
static int link_kind(const struct snapshot *s, const struct snap_counter *c, int *k)
{
	static const int rank[SNAP_SRC_N] = {
		[SNAP_SRC_PMA] = 3, [SNAP_SRC_HW] = 2, [SNAP_SRC_NETDEV] = 1,
	};
	const struct cnt_entry *e = NULL;
	uint8_t link = c->link ? (uint8_t)(c->link - 1) : CNT_L_NONE;

	if (c->source >= SNAP_SRC_N)
		return 0;
	if (!c->link) {	/* not through rate_compute(): look it up */
		e = cnt_lookup(snap_s(s, c->name));
		link = e ? e->link : CNT_L_NONE;
	}
	if (link == CNT_L_NONE || link > CNT_L_TX_PKTS)
		return 0;
	/* the PMA's unicast_* are parts of the link's, and a driver
	 * counter named as a netdev statistic is not one (the table's
	 * PMA link counters are its port_* ones) */
	if ((c->source == SNAP_SRC_PMA) != !strncmp(snap_s(s, c->name), "port_", 5))
		return 0;
	*k = link - CNT_L_RX_BYTES;
	return rank[c->source];
}

const struct snap_counter *view_link_counter(const struct snapshot *s, uint32_t dev,
					     uint32_t port, int kind)
{
	const struct snap_counter *best = NULL, *c;
	int best_rk = 0, k, rk;
	struct snap_ctr_it it;

	snap_ctrs_of(s, dev, port, &it);
	while ((c = snap_ctr_next(&it))) {
		if (c->dev != dev || c->port != port || !(rk = link_kind(s, c, &k)) || k != kind ||
		    rk <= best_rk)
			continue;
		best = c;
		best_rk = rk;
	}
	return best;
}

static void link_rates_of(const struct snapshot *s, uint32_t dev, uint32_t port, void *out);

/*
 * A value of one port worked out from s's counters, kept for the next
 * asker (a row's columns ask one after the other): it holds while s has
 * the same strings, counters and rates (rate_compute's runs, s->rated).
 */
struct port_memo {
	const struct snapshot *s;
	uint64_t gen;
	size_t n;
	uint32_t rated, dev, port;
};

static bool memo_hit(const struct port_memo *m, const struct snapshot *s, uint32_t dev,
		     uint32_t port)
{
	return m->s == s && s->strs.gen && m->gen == s->strs.gen && m->n == s->counters.n &&
	       m->rated == s->rated && m->dev == dev && m->port == port;
}

static void memo_set(struct port_memo *m, const struct snapshot *s, uint32_t dev, uint32_t port)
{
	*m = (struct port_memo){ s, s->strs.gen, s->counters.n, s->rated, dev, port };
}

/* the kinds of value kept, at most: each one's own memo */
#define PORT_VALUES 4
static __thread struct port_value {
	view_port_fill *fill;
	struct port_memo m;
	union {
		struct view_link_rates link;
		struct net_rates net;
	} v;
} port_values[PORT_VALUES];

void view_port_value(const struct snapshot *s, uint32_t dev, uint32_t port,
		     view_port_fill *fill, void *out, size_t size)
{
	struct port_value *k = port_values;

	while (k < port_values + PORT_VALUES - 1 && k->fill && k->fill != fill)
		k++;
	if (size > sizeof(k->v)) {
		fill(s, dev, port, out);	/* never: the union holds each */
		return;
	}
	if (k->fill != fill || !memo_hit(&k->m, s, dev, port)) {
		fill(s, dev, port, &k->v);
		k->fill = fill;
		memo_set(&k->m, s, dev, port);
	}
	memcpy(out, &k->v, size);
}

void view_link_rates(const struct snapshot *s, uint32_t dev, uint32_t port,
		     struct view_link_rates *r)
{
	view_port_value(s, dev, port, link_rates_of, r, sizeof(*r));
}

static void link_rates_of(const struct snapshot *s, uint32_t dev, uint32_t port, void *out)
{
	struct view_link_rates *r = out;
	int best[4] = { 0 };
	const struct snap_counter *c;
	struct snap_ctr_it it;
	int k, rk;

	memset(r, 0, sizeof(*r));
	snap_ctrs_of(s, dev, port, &it);
	while ((c = snap_ctr_next(&it))) {
		bool sat = snap_counter_saturated(c);

		if (c->dev != dev || c->port != port || (c->rate_status != RATE_DATA && !sat) ||
		    !(rk = link_kind(s, c, &k)))
			continue;
		/* a saturated counter (a 32-bit port_xmit_data at its top) tells
		 * no rate: any source that counts ranks before it */
		rk = sat ? 1 : rk * 2;
		if (rk <= best[k])
			continue;
		r->valid[k] = true;
		r->sat[k] = sat;
		r->src[k] = c->source;
		r->v[k] = c->rate_status == RATE_DATA ? c->rate : 0;
		best[k] = rk;
	}
}

double view_link_speed(const char *rate)
{
	char *end;
	double g;

	if (!rate || *rate < '0' || *rate > '9')
		return 0;
	g = strtod(rate, &end);
	/* ib_core sysfs.c rate_show(): "%d%s Gb/sec (%dX%s)" */
	if (end == rate || strncmp(end, " Gb/sec", 7) || !(g > 0) || g > 1e6)
		return 0;
	return g * 1e9;
}

bool view_link_util(const struct snapshot *s, const struct snap_port *p, double *pct)
{
	struct view_link_rates r;

	if (!SNAP_HAS(p, SNAP_PORT_RATE) || !(view_link_speed(p->rate) > 0))
		return false;
	view_link_rates(s, p->dev, p->port, &r);
	return view_link_util_of(p, &r, pct);
}

bool view_link_util_of(const struct snap_port *p, const struct view_link_rates *rr, double *pct)
{
	const struct view_link_rates r = *rr;
	double bps = SNAP_HAS(p, SNAP_PORT_RATE) ? view_link_speed(p->rate) : 0, top = -1;
	int k;

	if (!(bps > 0))
		return false;
	for (k = 0; k < 2; k++) {
		if (r.valid[k] && r.sat[k])
			return false;	/* a direction of unknown rate */
		if (r.valid[k] && r.v[k] > top)
			top = r.v[k];
	}
	if (top < 0)
		return false;
	*pct = top * 8 / bps * 100;
	return true;
}
