// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live source's own cost: its requests timed by kind, the resource
 * dumps paced to the budget, and what a sample cost fed as SOURCE_SELF
 * (so the recorder keeps it and a replay shows it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "nl.h"
#include "pace.h"
#include "util.h"

double source_now(void)
{
	return clock_sec(CLOCK_MONOTONIC);
}

double source_cpu_now(void)
{
	struct timespec t;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t))
		return source_now();
	return ts_sec(&t);
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

static bool no_hold(void)
{
	const char *v = getenv("RDMATOP_BUDGET_HOLD");

	return v && !strcmp(v, "0");
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
	struct budget_in in = { .max_age = BUDGET_MAX_AGE, .now = now };
	struct rusage ru;
	size_t i, j, r;

	p->n = s->devs.n < PACE_DEVS ? s->devs.n : PACE_DEVS;
	for (i = 0; i < p->n; i++) {
		const struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, i);

		p->dev[i] = d->index;
		snprintf(p->name[i], sizeof(p->name[i]), "%s", d->name);
		for (j = 0; j < old->n; j++)
			if (old->dev[j] == d->index && !strcmp(old->name[j], d->name))
				break;
		for (r = 0; r < PACE_PER_DEV; r++)
			p->t[i * PACE_PER_DEV + r] = j < old->n ? old->t[j * PACE_PER_DEV + r] :
				(struct budget_table){ 0 };
	}
	ps->cur = *p;
	p = &ps->cur;
	/* the rest since the last plan: the whole process, every thread
	 * (the sampler's GETs, counters, sysfs and /proc, the loop's drawing
	 * and exports), less the planned dumps */
	if (!getrusage(RUSAGE_SELF, &ru)) {
		double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
			     (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
		double dt = now - ps->wall0;

		if (ps->have0 && dt > 0) {
			double c1 = cpu - ps->cpu0 - ps->dumps, r1;

			c1 = c1 < 0 ? 0 : c1;
			r1 = c1 / dt > 1 ? 1 : c1 / dt;
			ps->rest = ps->rest_measured ? ps->rest + BUDGET_ALPHA * (r1 - ps->rest) : r1;
			ps->per_sample = ps->rest_measured ?
				ps->per_sample + BUDGET_ALPHA * (c1 - ps->per_sample) : c1;
			ps->rest_measured = true;
		}
		ps->cpu0 = cpu;
		ps->wall0 = now;
		ps->dumps = 0;
		ps->have0 = true;
	}
	in.share = budget > 0 ? budget / 100 : 0;
	in.interval = interval > 0 ? interval : 1;
	/* the interval held to (by the loop that asks) is the plan's */
	if (in.share > 0 && ps->hold > in.interval)
		in.interval = ps->hold;
	in.rest = ps->rest;
	ps->given = budget_plan(p->t, p->n * PACE_PER_DEV, &in, p->due);
	in.interval = interval > 0 ? interval : 1;
	/* RDMATOP_BUDGET_HOLD=0: never held (tests that pace the shim's
	 * microsecond dumps with a budget below what any sample costs) */
	ps->hold = in.share > 0 && ps->rest_measured && !no_hold() ?
		budget_interval(p->t, p->n * PACE_PER_DEV, &in, ps->per_sample) : 0;
	if (ps->hold <= in.interval)
		ps->hold = 0;
}

void source_pace_dumped(struct source_pace *p, double secs)
{
	if (secs > 0)
		p->dumps += secs;
}

struct budget_table *source_pace_slot(struct source_pace *ps, uint32_t dev, const bool **due)
{
	size_t i;

	*due = NULL;
	for (i = 0; i < ps->cur.n; i++)
		if (ps->cur.dev[i] == dev) {
			*due = &ps->cur.due[i * PACE_PER_DEV];
			return &ps->cur.t[i * PACE_PER_DEV];
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
