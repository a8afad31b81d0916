// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live source's own cost: its requests timed by kind, the resource
 * dumps paced to the budget, and what a sample cost fed as SOURCE_SELF
 * (so the recorder keeps it and a replay shows it).
 */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "nl.h"
#include "pace.h"

double source_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

enum snap_cost source_cost_kind(uint16_t cmd)
{
	size_t r;

	for (r = 0; r < SNAP_RES_N; r++)
		if (cmd == nl_res_cmd((enum snap_res)r))
			return SNAP_COST_RES + r;
	switch (cmd) {
	case RDMA_NLDEV_CMD_SYS_GET:
		return SNAP_COST_SYS;
	case RDMA_NLDEV_CMD_RES_GET:
		return SNAP_COST_SUMMARY;
	case RDMA_NLDEV_CMD_PORT_GET:
		return SNAP_COST_PORTS;
	case RDMA_NLDEV_CMD_STAT_GET:
		return SNAP_COST_STATS;
	default:
		return SNAP_COST_DEVS;
	}
}

/*
 * The slots follow the device list (a device new here, or another one
 * under a reused index, starts unmeasured: due at once), then one plan
 * over every table.
 */
void source_pace_plan(struct source_pace *ps, const struct snapshot *s, double budget,
		      double interval, double now)
{
	struct pace_slots *old = &ps->cur, *p = &ps->spare;
	size_t i, j, r;
	double share;

	p->n = s->devs.n < PACE_DEVS ? s->devs.n : PACE_DEVS;
	for (i = 0; i < p->n; i++) {
		const struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, i);

		p->dev[i] = d->index;
		snprintf(p->name[i], sizeof(p->name[i]), "%s", d->name);
		for (j = 0; j < old->n; j++)
			if (old->dev[j] == d->index && !strcmp(old->name[j], d->name))
				break;
		for (r = 0; r < SNAP_RES_N; r++)
			p->t[i * SNAP_RES_N + r] = j < old->n ? old->t[j * SNAP_RES_N + r] :
				(struct budget_table){ 0 };
	}
	ps->cur = *p;
	p = &ps->cur;
	if (interval <= 0)
		interval = 1;
	/* the GETs of the QPs on screen come every interval: the dumps
	 * share what they leave, and never less than a tenth (pacing
	 * stays on; the tables' maximum age bounds the rest) */
	share = budget > 0 ? budget / 100 : 0;
	if (share > 0 && ps->gets > 0)
		share = share - ps->gets / interval > share / 10 ? share - ps->gets / interval :
								    share / 10;
	budget_plan(p->t, p->n * SNAP_RES_N, share, interval, BUDGET_MAX_AGE, now, p->due);
}

void source_pace_gets(struct source_pace *p, double secs)
{
	p->gets = p->gets_measured ? p->gets + BUDGET_ALPHA * (secs - p->gets) : secs;
	p->gets_measured = true;
}

struct budget_table *source_pace_slot(struct source_pace *ps, uint32_t dev, const bool **due)
{
	size_t i;

	*due = NULL;
	for (i = 0; i < ps->cur.n; i++)
		if (ps->cur.dev[i] == dev) {
			*due = &ps->cur.due[i * SNAP_RES_N];
			return &ps->cur.t[i * SNAP_RES_N];
		}
	return NULL;
}

void source_feed_self(struct source *src, struct snapshot *s, double t0)
{
	struct snap_self m = s->self;
	struct rusage ru;
	char text[1024];
	int n;

	if (!getrusage(RUSAGE_SELF, &ru)) {
		m.utime = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
		m.stime = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	}
	m.wall = source_now() - t0;
	m.budget = src->budget > 0 ? src->budget : 0;
	m.skip = src->skip & ((1u << SNAP_RES_N) - 1);
	n = snap_self_format(&m, text, sizeof(text));
	if (n > 0)
		source_feed_file(src, s, SOURCE_SELF, 0, text, (size_t)n);
}
