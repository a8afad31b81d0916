// SPDX-License-Identifier: GPL-2.0-or-later
/* Per-link rate history for graphs (see history.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "history.h"
#include "truth.h"
#include "util.h"
#include "view.h"

static struct hist_link *find(const struct history *h, uint32_t dev, uint32_t port,
			      const char *name)
{
	size_t i;

	for (i = 0; i < h->n; i++) {
		struct hist_link *l = &h->links[i];

		if (l->dev == dev && l->port == port && !strcmp(l->name, name))
			return l;
	}
	return NULL;
}

bool hist_error(const struct snapshot *s, uint32_t dev, uint32_t port, double *rate, bool *sat)
{
	struct port_truth t;

	/* every error of the port once (truth.h: src/model/truth_tab.c's
	 * table of the names one event goes by) */
	truth_port(s, dev, port, &t);
	*rate = t.err;
	*sat = t.err_sat;
	return t.err_valid;
}

double hist_error_rate(const struct snapshot *s, uint32_t dev, uint32_t port, bool *any)
{
	double rate;
	bool sat;

	*any = hist_error(s, dev, port, &rate, &sat);
	return rate;
}

int hist_update(struct history *h, const struct snapshot *s)
{
	size_t i, k;

	h->tick++;
	for (i = 0; i < s->ports.n; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);
		const struct snap_dev *d = snap_dev_find(s, p->dev);
		struct view_link_rates r;
		struct hist_link *l;
		double v[HIST_N];
		bool any;

		if (!d)
			continue;
		l = find(h, p->dev, p->port, d->name);
		if (!l) {
			struct hist_link *nl = vec_grow(h->links, h->n, &h->cap, sizeof(*nl), 8);

			if (!nl)
				return -ENOMEM;
			h->links = nl;
			l = &h->links[h->n++];
			memset(l, 0, sizeof(*l));
			l->dev = p->dev;
			l->port = p->port;
			memcpy(l->name, d->name, sizeof(l->name));
		}
		view_link_rates(s, p->dev, p->port, &r);
		for (k = 0; k < 4; k++)
			v[k] = r.valid[k] && !r.sat[k] ? r.v[k] : NAN;
		v[HIST_ERRORS] = hist_error_rate(s, p->dev, p->port, &any);
		if (!any)
			v[HIST_ERRORS] = NAN;
		for (k = 0; k < HIST_N; k++)
			l->v[k][l->head] = (float)v[k];
		l->head = (l->head + 1) % HIST_LEN;
		if (l->n < HIST_LEN)
			l->n++;
		l->last_tick = h->tick;
	}
	/* forget links that have been gone for a long time */
	for (i = 0; i < h->n;) {
		if (h->tick - h->links[i].last_tick > HIST_FORGET)
			h->links[i] = h->links[--h->n];
		else
			i++;
	}
	return 0;
}

size_t hist_get(const struct history *h, uint32_t dev, uint32_t port, const char *name,
		enum hist_series k, double *out, size_t max)
{
	const struct hist_link *l = find(h, dev, port, name);
	size_t n, i, start;

	if (!l || k >= HIST_N)
		return 0;
	n = l->n < max ? l->n : max;
	start = (l->head + HIST_LEN - n) % HIST_LEN;
	for (i = 0; i < n; i++)
		out[i] = l->v[k][(start + i) % HIST_LEN];
	return n;
}

void hist_gap(struct history *h)
{
	size_t i, k;

	for (i = 0; i < h->n; i++) {
		struct hist_link *l = &h->links[i];

		if (!l->n)
			continue;	/* nothing to keep apart */
		for (k = 0; k < HIST_N; k++)
			l->v[k][l->head] = NAN;
		l->head = (l->head + 1) % HIST_LEN;
		if (l->n < HIST_LEN)
			l->n++;
	}
}

void hist_free(struct history *h)
{
	free(h->links);
	memset(h, 0, sizeof(*h));
}
