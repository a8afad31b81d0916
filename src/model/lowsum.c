// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A port's network figures from the devices beneath its netdev
 * (include/snap_net.h snap_lowers_sum).  RoCE over a bond (mlx5 LAG:
 * mlx5_bond_0 on bond0) keeps its PFC, pause, FEC and driver statistics
 * on the slaves and none on the bond; the slaves' rows (s->lowctrs,
 * src/net/lowctr.c), each rated against its own lower's row of the
 * sample before, are summed per (source, name) onto the upper's ports,
 * where the upper has no row of its own of that source and name (the
 * upper's own stands); a time counted is the longest lower's (add).
 * The truth, the Links columns, the verdict and every writer then read
 * them as the port's counters.  A sum's rate is
 * the lowers' rates summed, never its value's change: a slave that
 * leaves or joins changes the value, not the rate, and a sum is rated
 * only where every lower's row is (a lower just come, or whose counter
 * went back, leaves the sum without a rate for that sample).  A sum's
 * delta is what the lowers rated in both samples advanced, with a rate or
 * without (a lower come, gone or gone back adds nothing): the exporter's
 * ledger adds it up (openmetrics_sums.c), so that a _total never falls
 * when a slave leaves nor leaps by a joining slave's lifetime count.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "snapshot.h"
#include "util.h"

void snap_lower_key(const char *ndev, uint32_t *dev, uint32_t *obj)
{
	uint64_t h = hash_str(ndev);

	*dev = (uint32_t)(h >> 32);
	*obj = (uint32_t)h;
}

void snap_lowers_unsum(struct snapshot *s)
{
	if (s->lowsum && s->lowsum - 1 <= s->counters.n) {
		if (s->flaps.n == s->counters.n)
			s->flaps.n = s->lowsum - 1;
		s->counters.n = s->lowsum - 1;
		snap_ctrs_index(s);
	}
	s->lowsum = 0;
}

static bool same_name(const struct snapshot *s, uint32_t a, uint32_t b)
{
	return a == b || !strcmp(snap_s(s, a), snap_s(s, b));
}

/* port p has a row of its own of c's source and name */
static bool own(const struct snapshot *s, const struct snap_port *p, const struct snap_counter *c)
{
	const struct snap_counter *o;
	struct snap_ctr_it it;

	snap_ctrs_of(s, p->dev, p->port, &it);
	while ((o = snap_ctr_next(&it)))
		if (o->dev == p->dev && o->port == p->port && !o->kind && o->source == c->source &&
		    same_name(s, o->name, c->name))
			return true;
	return false;
}

/*
 * c added to sum: values, and rates while every part has one.  A time
 * counted (SNAP_UNIT_USEC: mlx5's rx_prio3_pause_duration) is no sum: each
 * slave's link is paused on its own, and the truth reads the rate as the
 * share of the window paused (truth.c pauses), which two links' added
 * would take past 100%; the port's is the lower paused longest, whole.
 */
static void add(struct snap_counter *sum, const struct snap_counter *c)
{
	if (c->unit == SNAP_UNIT_USEC) {
		bool data = sum->rate_status == RATE_DATA && c->rate_status == RATE_DATA;

		if (data ? c->rate > sum->rate :
			   c->rate_status != RATE_DATA && sum->rate_status != RATE_SAT) {
			sum->value = c->value;
			sum->delta = c->delta;
			sum->rate = c->rate;
			sum->rate_status = c->rate_status;
		}
		return;
	}
	sum->value += c->value;
	sum->sat |= c->sat;
	if (c->rate_status == RATE_DATA)
		sum->delta += c->delta;
	if (c->rate_status != RATE_DATA && sum->rate_status != RATE_SAT)
		sum->rate_status = c->rate_status;
	if (sum->rate_status == RATE_DATA)
		sum->rate += c->rate;
	else
		sum->rate = 0;
}

struct sums {
	struct snap_counter *v;
	size_t n, cap;
};

/* the sum of c's source and name, at hint first (lowers of one driver
 * list their rows in one order); NULL where there is none yet */
static struct snap_counter *sum_of(const struct snapshot *s, struct sums *u,
				   const struct snap_counter *c, size_t hint)
{
	size_t i;

	if (hint < u->n && u->v[hint].source == c->source && same_name(s, u->v[hint].name, c->name))
		return &u->v[hint];
	for (i = 0; i < u->n; i++)
		if (u->v[i].source == c->source && same_name(s, u->v[i].name, c->name))
			return &u->v[i];
	return NULL;
}

/* a new sum, c's copy; NULL: no memory */
static struct snap_counter *sum_new(struct sums *u, const struct snap_counter *c)
{
	if (u->n == u->cap) {
		size_t cap = u->cap ? u->cap * 2 : 64;
		struct snap_counter *nv = realloc(u->v, cap * sizeof(*nv));

		if (!nv)
			return NULL;
		u->v = nv;
		u->cap = cap;
	}
	u->v[u->n] = *c;
	u->v[u->n].obj = 0;
	if (c->rate_status != RATE_DATA)
		u->v[u->n].delta = 0;
	return &u->v[u->n++];
}

/* the sums of upper n's lowers' rows that its first port p lacks */
static int sum_net(const struct snapshot *s, const struct snap_net *n, const struct snap_port *p,
		   struct sums *u)
{
	size_t j, i;

	u->n = 0;
	for (j = 0; j < n->n_lower; j++) {
		uint32_t kd, ko;
		size_t k = 0;

		snap_lower_key(n->lower[j].name, &kd, &ko);
		for (i = 0; i < s->lowctrs.n; i++) {
			const struct snap_counter *c = SNAP_AT(&s->lowctrs, struct snap_counter, i);
			struct snap_counter *sum;

			if (c->dev != kd || c->obj != ko || c->port != SNAP_NONE)
				continue;
			if (own(s, p, c))
				continue;
			if ((sum = sum_of(s, u, c, k++)))
				add(sum, c);
			else if (!sum_new(u, c))
				return -ENOMEM;
		}
	}
	return 0;
}

int snap_lowers_sum(struct snapshot *s)
{
	struct sums u = { NULL, 0, 0 };
	size_t i, k, from;
	int ret = 0;

	snap_lowers_unsum(s);
	from = s->counters.n;
	for (i = 0; i < s->nets.n && s->lowctrs.n && !ret; i++) {
		const struct snap_net *n = SNAP_AT(&s->nets, struct snap_net, i);
		const struct snap_port *p;
		size_t it = 0;

		if (!n->n_ports || !n->n_lower)
			continue;
		if (!(p = snap_ndev_port(s, n->ndev, &it)) || (ret = sum_net(s, n, p, &u)) || !u.n)
			continue;
		for (it = 0; !ret && (p = snap_ndev_port(s, n->ndev, &it));) {
			struct snap_counter *c = snap_push_n(&s->counters, sizeof(*c), u.n);

			if (!c) {
				ret = -ENOMEM;
				break;
			}
			for (k = 0; k < u.n; k++) {
				c[k] = u.v[k];
				c[k].dev = p->dev;
				c[k].port = p->port;
			}
		}
	}
	free(u.v);
	if (s->counters.n == from)
		return ret;
	s->lowsum = from + 1;
	/* the flaps' index reads HW and PMA rows: the sums are none */
	if (s->flaps.n == from)
		s->flaps.n = s->counters.n;
	snap_ctrs_index(s);
	return ret;
}
