// SPDX-License-Identifier: GPL-2.0-or-later
/* A link's throughput and use from its port's counters (view.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "net_view.h"
#include "truth.h"
#include "verdict.h"
#include "view.h"

/*
 * A link's throughput is its port's truth (truth.h): the ranked counters
 * of src/model/truth_tab.c.  Its source is named as the Counters tab names
 * them: hw (the RDMA device's), pma, netdev, ethtool, driver (`ethtool -S`).
 */
const char *view_link_src_name(uint8_t src)
{
	return truth_src_name(src);
}

const char *view_link_src_label(const struct snapshot *s, const struct view_link_rates *r,
				int k, char *buf, size_t n)
{
	if (k < 0 || k > 3 || !r->valid[k])
		return "n/a";
	snprintf(buf, n, "%s:%s%s", truth_src_name(r->src[k]), snap_s(s, r->name[k]),
		 r->nsum[k] > 1 ? "+" : "");
	return buf;
}

const struct snap_counter *view_link_counter(const struct snapshot *s, uint32_t dev,
					     uint32_t port, int kind)
{
	struct port_truth t;
	const struct snap_counter *c;
	struct snap_ctr_it it;

	if (kind < 0 || kind > TRUTH_TX_PKTS)
		return NULL;
	truth_port(s, dev, port, &t);
	if (!t.f[kind].there)
		return NULL;
	snap_ctrs_of(s, dev, port, &it);
	while ((c = snap_ctr_next(&it)))
		if (c->dev == dev && c->port == port && c->name == t.f[kind].name &&
		    c->source == t.f[kind].src && !c->kind)
			return c;
	return NULL;
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
#define PORT_VALUES 5
static __thread struct port_value {
	view_port_fill *fill;
	struct port_memo m;
	union {
		struct view_link_rates link;
		struct net_rates net;
		struct port_truth truth;
		struct verdict verdict;
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
		/* claimed first: a fill that asks for another value (the
		 * link's rates ask the truth) is given another slot */
		k->fill = fill;
		memset(&k->m, 0, sizeof(k->m));
		fill(s, dev, port, &k->v);
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
	struct port_truth t;
	int k;

	memset(r, 0, sizeof(*r));
	truth_port(s, dev, port, &t);
	for (k = 0; k < 4; k++) {
		const struct truth_val *f = &t.f[k];

		if (!f->there || (!f->valid && !f->sat))
			continue;
		r->valid[k] = true;
		r->sat[k] = f->sat;
		r->src[k] = f->src;
		r->name[k] = f->name;
		r->nsum[k] = f->nsum;
		r->v[k] = f->valid ? f->v : 0;
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
