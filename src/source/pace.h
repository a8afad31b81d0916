/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The live source's own cost (src/source/pace.c): the clock its requests
 * are timed with, their kinds, the pacing of the resource dumps to the
 * budget (include/budget.h), and the cost record fed with each sample.
 * Private to src/source.
 */
#ifndef RDMATOP_SOURCE_PACE_H
#define RDMATOP_SOURCE_PACE_H

#include "budget.h"
#include "source.h"

/*
 * One slot per device (index and name) of the last device list,
 * SNAP_RES_N tables each, planned together against the one budget.
 * Devices past PACE_DEVS are dumped every sample.
 */
#define PACE_DEVS (BUDGET_TABLES_MAX / SNAP_RES_N)

struct pace_slots {
	size_t n;
	uint32_t dev[PACE_DEVS];
	char name[PACE_DEVS][SNAP_DEV_NAME_MAX];
	struct budget_table t[PACE_DEVS * SNAP_RES_N];
	bool due[PACE_DEVS * SNAP_RES_N];
};

struct source_pace {
	struct pace_slots cur, spare;	/* spare: the next plan's slots, built aside */
	double gets;	/* EWMA of a sample's per-QP GETs, seconds: off the budget */
	bool gets_measured;
};

/* Monotonic seconds. */
double source_now(void);
/* The kind a request's cost is counted under (struct snap_self). */
enum snap_cost source_cost_kind(uint16_t cmd);
/* Plan this sample's resource dumps: budget in percent of one CPU. */
void source_pace_plan(struct source_pace *p, const struct snapshot *s, double budget,
		      double interval, double now);
/* This sample's per-QP GETs cost secs (0: none were asked). */
void source_pace_gets(struct source_pace *p, double secs);
/* Device dev's tables and their due[] flags, or NULL when it is not paced. */
struct budget_table *source_pace_slot(struct source_pace *p, uint32_t dev, const bool **due);
/* Feed what this sample cost (SOURCE_SELF), t0 its start (source_now). */
void source_feed_self(struct source *src, struct snapshot *s, double t0);

#endif
