// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The ledger of the ports' counters summed from their lowers (a bond's
 * slaves: src/model/lowsum.c), kept across samples by the caller beside
 * the groups' (struct out_om_psns).  The sum itself falls when a slave
 * leaves the bond and leaps by a joining slave's lifetime count; exported
 * as a _total, Prometheus reads the fall as a reset (rate() then counts
 * the whole remaining sum again) and the leap as that many events in one
 * window.  The ledger adds each sample's delta instead, what the lowers
 * rated in both samples advanced (lowsum.c), so the series only rises,
 * by what was counted.  A sum first seen starts at its value; one gone
 * from the sample leaves the ledger (back, it starts again, a reset).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "om.h"
#include "snapshot.h"

struct sum_entry {
	uint32_t dev, port;
	uint8_t source;
	char name[64];
	uint64_t total;
};

struct om_sums {
	struct sum_entry *e; /* sorted by sum_cmp */
	size_t n;
	struct timespec mono; /* the sample they count to */
	bool counted;
};

static int sum_cmp(const void *pa, const void *pb)
{
	const struct sum_entry *a = pa, *b = pb;

	if (a->dev != b->dev)
		return a->dev < b->dev ? -1 : 1;
	if (a->port != b->port)
		return a->port < b->port ? -1 : 1;
	if (a->source != b->source)
		return a->source < b->source ? -1 : 1;
	return strcmp(a->name, b->name);
}

static void key(struct sum_entry *k, const struct snapshot *s, const struct snap_counter *c)
{
	memset(k, 0, sizeof(*k));
	k->dev = c->dev;
	k->port = c->port;
	k->source = c->source;
	snprintf(k->name, sizeof(k->name), "%s", snap_s(s, c->name));
}

static const struct sum_entry *find(const struct om_sums *l, const struct sum_entry *k)
{
	return l && l->n ? bsearch(k, l->e, l->n, sizeof(*l->e), sum_cmp) : NULL;
}

void out_om_sums_free(struct om_sums *l)
{
	if (l)
		free(l->e);
	free(l);
}

int out_om_sums_count(struct om_sums **lp, const struct snapshot *s)
{
	struct om_sums *l = *lp;
	size_t from = s->lowsum ? s->lowsum - 1 : s->counters.n, n, i;
	struct sum_entry *e;

	if (!l) {
		l = calloc(1, sizeof(*l));
		if (!l)
			return -ENOMEM;
		*lp = l;
	} else if (l->counted && l->mono.tv_sec == s->mono.tv_sec &&
		   l->mono.tv_nsec == s->mono.tv_nsec) {
		return 0; /* this sample counted (another exposition of it) */
	}
	n = from < s->counters.n ? s->counters.n - from : 0;
	e = calloc(n ? n : 1, sizeof(*e));
	if (!e)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		const struct snap_counter *c = SNAP_AT(&s->counters, struct snap_counter, from + i);
		const struct sum_entry *was;

		key(&e[i], s, c);
		was = find(l, &e[i]);
		e[i].total = was ? was->total + c->delta : c->value;
	}
	qsort(e, n, sizeof(*e), sum_cmp);
	free(l->e);
	l->e = e;
	l->n = n;
	l->mono = s->mono;
	l->counted = true;
	return 0;
}

uint64_t out_om_value(const struct om *w, const struct snap_counter *c)
{
	const struct snapshot *s = w->s;
	const struct snap_counter *first = s->counters.v;
	const struct sum_entry *e;
	struct sum_entry k;

	if (!w->sums || !s->lowsum || c < first + (s->lowsum - 1) || c >= first + s->counters.n)
		return c->value;
	key(&k, s, c);
	e = find(w->sums, &k);
	return e ? e->total : c->value;
}
