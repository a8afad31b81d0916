// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Link flaps (flaps.h).  The kernel keeps counts, not times: a netdev's
 * carrier_changes, carrier_up_count and carrier_down_count (net-sysfs.c,
 * rtnetlink's IFLA_CARRIER_*), an IB port's PMA link_downed (8 bits,
 * saturating), rxe's own link_downed (rxe_port_down(), every kernel
 * with rxe counters) and the PHY's link downs of ethtool's LINKSTATE_GET
 * (EXT_DOWN_CNT, 6.6+, where the driver counts them).  So a change is placed between the two samples
 * that saw it, and a down and up between two samples is seen by the
 * counts alone: the state is the same on both sides.
 */
#include <string.h>

#include "flaps.h"
#include "net_view.h"
#include "util.h"

bool flaps_downed(const struct snapshot *s, uint32_t dev, uint32_t port, uint64_t *v,
		  bool *sat)
{
	return flaps_counter(s, dev, port, "link_downed", v, sat);
}

/* the counters a port's flaps_ctr keeps */
static const char *const kept[2] = { "link_downed", "link_error_recovery" };

/* A port's counter's rank: the PMA's first, then the driver's; no other
 * source's counter of that name is a link's. */
static int rank_of(const struct snap_counter *c)
{
	return c->source == SNAP_SRC_PMA ? 2 : c->source == SNAP_SRC_HW ? 1 : 0;
}

static void take(const struct snap_counter *c, uint64_t *v, bool *sat)
{
	*v = c->value;
	if (sat)
		*sat = snap_counter_saturated(c);
}

/*
 * Each port's kept counters, in one walk over the sample's counters: each
 * port asked for them twice a sample (its changes), once a screen (FLAPS)
 * and once in JSON, and a walk each was quadratic in the ports (3 M
 * instructions a sample at 64 ports, more with their netdevs' counters).
 */
static void flaps_index(struct snapshot *s)
{
	struct snap_port *p = NULL;
	size_t i;
	int k;

	for (i = 0; i < s->ports.n; i++)
		memset(SNAP_AT(&s->ports, struct snap_port, i)->flaps_ctr, 0,
		       sizeof(p->flaps_ctr));
	_Static_assert(SNAP_SRC_PMA == SNAP_SRC_HW + 1, "the two sources together");
	for (i = 0; i < s->counters.n && i < UINT32_MAX; i++) {
		const struct snap_counter *c = SNAP_AT(&s->counters, struct snap_counter, i);
		const char *name;
		int r;

		/* most rows are neither (a netdev's hundreds): a run skipped
		 * whole (a netdev's set), the others by one compare */
		if ((uint8_t)(c->source - SNAP_SRC_HW) > 1) {
			size_t run = snap_counter_run(&s->counters, i);

			i += run ? run - 1 : 0;
			continue;
		}
		r = rank_of(c);
		name = snap_s(s, c->name);
		for (k = 0; k < 2 && strcmp(name, kept[k]); k++)
			;
		if (k == 2)
			continue;
		if (!p || p->dev != c->dev || p->port != c->port)
			p = snap_port_find(s, c->dev, c->port);
		if (!p)
			continue;
		/* the first of the highest rank, as a walk finds it */
		if (!p->flaps_ctr[k] ||
		    r > rank_of(SNAP_AT(&s->counters, struct snap_counter, p->flaps_ctr[k] - 1)))
			p->flaps_ctr[k] = (uint32_t)i + 1;
	}
	s->flaps.n = s->counters.n;
	s->flaps.gen = s->strs.gen;
}

bool flaps_counter(const struct snapshot *s, uint32_t dev, uint32_t port, const char *name,
		   uint64_t *v, bool *sat)
{
	const struct snap_counter *c;
	struct snap_ctr_it it;
	int best = 0, k;

	/* indexed, and no counter added or taken since */
	for (k = 0; k < 2 && strcmp(name, kept[k]); k++)
		;
	if (k < 2 && s->flaps.gen && s->flaps.gen == s->strs.gen &&
	    s->flaps.n == s->counters.n) {
		const struct snap_port *p = snap_port_find(s, dev, port);

		if (!p || !p->flaps_ctr[k])
			return false;
		take(SNAP_AT(&s->counters, struct snap_counter, p->flaps_ctr[k] - 1), v, sat);
		return true;
	}
	snap_ctrs_of(s, dev, port, &it);
	while ((c = snap_ctr_next(&it))) {
		int rank = rank_of(c);

		if (c->dev != dev || c->port != port || rank <= best ||
		    strcmp(snap_s(s, c->name), name))
			continue;
		best = rank;
		take(c, v, sat);
	}
	return best > 0;
}

bool flaps_down_events(const struct snapshot *s, uint32_t dev, uint32_t port, uint64_t *v)
{
	/* the port's netdev row holds it (src/net/ethtool.c): no walk over
	 * every counter of the sample, twice for each port */
	const struct snap_net *n = net_of_port(s, dev, port);

	if (!n || !(n->valid & SNAP_NET_DOWN_CNT))
		return false;
	*v = n->ext_down_cnt;
	return true;
}

bool flaps_count(const struct snapshot *s, const struct snap_port *p, uint64_t *n,
		 const char **what, bool *sat)
{
	bool ib = (p->valid & SNAP_PORT_LINK_LAYER) && !strcmp(p->link_layer, "InfiniBand");
	bool downed = flaps_downed(s, p->dev, p->port, n, sat);

	*what = "link_downed";
	if (downed && ib)
		return true;
	if (SNAP_HAS(p, SNAP_PORT_CARRIER_DOWN)) {
		*n = p->carrier_down;
		*what = "carrier_down_count";
		if (sat)
			*sat = false;
		return true;
	}
	return downed;
}

bool flaps_age(const struct snapshot *s, const struct snap_port *p, double *sec)
{
	if (!SNAP_HAS(p, SNAP_PORT_LAST_CHANGE))
		return false;
	*sec = ts_diff(&p->last_change, &s->wall);
	if (*sec < 0)
		*sec = 0;
	return true;
}

/* What changed on port c since p; true when anything did. */
static bool changed(const struct snapshot *prev, const struct snap_port *p,
		    const struct snapshot *cur, const struct snap_port *c,
		    struct snap_link_change *ch)
{
	uint64_t od, nd;

	memset(ch, 0, sizeof(*ch));
	if (p->valid & SNAP_PORT_STATE)
		ch->from_state = p->state;
	if (c->valid & SNAP_PORT_STATE)
		ch->state = c->state;
	if (p->valid & SNAP_PORT_PHYS_STATE)
		ch->from_phys = p->phys_state;
	if (c->valid & SNAP_PORT_PHYS_STATE)
		ch->phys = c->phys_state;
	/* a lower count is a new netdev or a reset (a driver reload), not a
	 * change of its own */
	if ((p->valid & c->valid & SNAP_PORT_CARRIER_CHANGES) &&
	    c->carrier_changes > p->carrier_changes)
		ch->carrier = c->carrier_changes - p->carrier_changes;
	if (flaps_downed(prev, p->dev, p->port, &od, NULL) &&
	    flaps_downed(cur, c->dev, c->port, &nd, NULL) && nd > od)
		ch->downed = nd - od > UINT32_MAX ? UINT32_MAX : (uint32_t)(nd - od);
	/* the PHY's own count sees a down the carrier files may not (a
	 * netdev in another namespace, a bond's lower device) */
	if (flaps_down_events(prev, p->dev, p->port, &od) &&
	    flaps_down_events(cur, c->dev, c->port, &nd)) {
		ch->down_known = true;
		if (nd > od)
			ch->down_events = nd - od > UINT32_MAX ? UINT32_MAX : (uint32_t)(nd - od);
	}
	return (ch->from_state && ch->state && ch->from_state != ch->state) ||
	       (ch->from_phys && ch->phys && ch->from_phys != ch->phys) || ch->carrier ||
	       ch->downed || ch->down_events;
}

void snap_flaps(const struct snapshot *prev, struct snapshot *cur)
{
	size_t i;

	flaps_index(cur);
	for (i = 0; prev && i < cur->ports.n; i++) {
		struct snap_port *c = SNAP_AT(&cur->ports, struct snap_port, i);
		const struct snap_port *p = snap_port_find(prev, c->dev, c->port);
		const struct snap_dev *pd = snap_dev_find(prev, c->dev);
		const struct snap_dev *cd = snap_dev_find(cur, c->dev);
		struct snap_link_change ch;

		/* a device re-registered under the index starts again */
		if (!p || !pd || !cd || strcmp(pd->name, cd->name))
			continue;
		c->nchanges = p->nchanges < SNAP_CHANGES_MAX ? p->nchanges : SNAP_CHANGES_MAX;
		memcpy(c->changes, p->changes, c->nchanges * sizeof(c->changes[0]));
		c->last_change = p->last_change;
		c->valid |= p->valid & SNAP_PORT_LAST_CHANGE;
		if (!changed(prev, p, cur, c, &ch))
			continue;
		ch.when = cur->wall;
		ch.window = (float)ts_diff(&prev->wall, &cur->wall);
		if (c->nchanges == SNAP_CHANGES_MAX) {
			memmove(c->changes, c->changes + 1, (SNAP_CHANGES_MAX - 1) * sizeof(ch));
			c->nchanges--;
		}
		c->changes[c->nchanges++] = ch;
		c->last_change = cur->wall;
		c->valid |= SNAP_PORT_LAST_CHANGE;
	}
}
