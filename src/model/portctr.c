// SPDX-License-Identifier: GPL-2.0-or-later
/* Each port's counters, found once a sample (include/snapshot.h). */
#include <errno.h>
#include <stdlib.h>

#include "snapshot.h"

/* a run of one port's rows: the sources push each port's together */
struct run {
	uint32_t start, len, port;
};

int snap_ctrs_index(struct snapshot *s)
{
	const struct snap_counter *cv = s->counters.v;
	struct snap_port *ports = s->ports.v;
	struct run *runs = NULL;
	size_t i, j, k, nr = 0, cap = 0, first = 0, n = s->counters.n;
	uint32_t *ix;

	s->ctrs.gen = 0;
	s->ctr_ix.n = 0;
	for (i = 0; i < s->ports.n; i++)
		ports[i].ctr_first = ports[i].ctr_n = 0;
	if (n >= UINT32_MAX)
		return 0; /* no index: every row read */
	for (i = 0; i < n; i = j) {
		const struct snap_port *p = snap_port_find(s, cv[i].dev, cv[i].port);

		/* a run is one port's (a netdev's set): taken whole */
		for (j = i + (snap_counter_run(&s->counters, i) ? cv[i].run : 1);
		     j < n && cv[j].dev == cv[i].dev && cv[j].port == cv[i].port;
		     j += snap_counter_run(&s->counters, j) ? cv[j].run : 1)
			;
		if (!p)
			continue; /* a device's own rows */
		if (nr == cap) {
			struct run *nw = realloc(runs, (cap = cap ? cap * 2 : 64) * sizeof(*runs));

			if (!nw) {
				free(runs);
				return -ENOMEM;
			}
			runs = nw;
		}
		runs[nr++] = (struct run){ (uint32_t)i, (uint32_t)(j - i), (uint32_t)(p - ports) };
		ports[p - ports].ctr_n += (uint32_t)(j - i);
	}
	for (i = 0; i < s->ports.n; i++) {
		ports[i].ctr_first = (uint32_t)first;
		first += ports[i].ctr_n;
		ports[i].ctr_n = 0;
	}
	ix = first ? snap_push_n(&s->ctr_ix, sizeof(*ix), first) : NULL;
	if (first && !ix) {
		free(runs);
		return -ENOMEM;
	}
	/* each port's rows in their order: its runs one after the other
	 * (by index: runs is NULL where there are none) */
	for (i = 0; i < nr; i++) {
		const struct run *r = &runs[i];
		struct snap_port *p = &ports[r->port];
		uint32_t *to = ix + p->ctr_first + p->ctr_n;

		for (k = 0; k < r->len; k++)
			to[k] = r->start + (uint32_t)k;
		p->ctr_n += r->len;
	}
	free(runs);
	s->ctrs.n = n;
	s->ctrs.ports = s->ports.n;
	s->ctrs.gen = s->strs.gen;
	return 0;
}

void snap_ctrs_of(const struct snapshot *s, uint32_t dev, uint32_t port, struct snap_ctr_it *it)
{
	const struct snap_port *p;

	it->s = s;
	it->i = 0;
	it->ix = NULL;
	it->n = s->counters.n;
	if (!s->ctrs.gen || s->ctrs.gen != s->strs.gen || s->ctrs.n != s->counters.n ||
	    s->ctrs.ports != s->ports.n)
		return;
	p = snap_port_find(s, dev, port);
	it->n = p ? p->ctr_n : 0;
	/* none: no pointer into an index that may have no memory */
	it->ix = it->n ? (const uint32_t *)s->ctr_ix.v + p->ctr_first : NULL;
}
