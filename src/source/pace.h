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
 * One slot per device (index and name) of the last device list, its
 * SNAP_RES_N tables and its resource summary (PACE_SUMMARY), planned
 * together against the one budget.  Devices past PACE_DEVS are dumped
 * every sample.
 */
#define PACE_SUMMARY SNAP_RES_N
#define PACE_PER_DEV (SNAP_RES_N + 1)
#define PACE_DEVS (BUDGET_TABLES_MAX / PACE_PER_DEV)

struct pace_slots {
	size_t n;
	uint32_t dev[PACE_DEVS];
	char name[PACE_DEVS][SNAP_DEV_NAME_MAX];
	struct budget_table t[PACE_DEVS * PACE_PER_DEV];
	bool due[PACE_DEVS * PACE_PER_DEV];
};

/*
 * The rest: what the process spent besides the planned dumps between two
 * plans (its user and system time from getrusage, every thread, less the
 * dumps' CPU time), a fraction of a CPU, as an EWMA.
 */
struct source_pace {
	struct pace_slots cur, spare;	/* spare: the next plan's slots, built aside */
	double rest;		/* EWMA, fraction of one CPU */
	bool rest_measured;
	double cpu0, wall0;	/* the process's CPU seconds and the clock at the last plan */
	double dumps;		/* CPU seconds of the planned dumps since then */
	bool have0;
	double given;		/* the last plan's part for the dumps, fraction of a CPU */
	double per_sample;	/* EWMA: the rest's CPU seconds per sample */
	double hold;		/* the interval the budget holds the samples to (budget_interval) */
};

/* Monotonic seconds. */
double source_now(void);
/* The calling thread's CPU seconds (a request's cost to the budget). */
double source_cpu_now(void);
/* The kind a request's cost is counted under (struct snap_self). */
enum snap_cost source_cost_kind(uint16_t cmd);
/* Plan this sample's resource dumps: budget in percent of one CPU. */
void source_pace_plan(struct source_pace *p, const struct snapshot *s, double budget,
		      double interval, double now);
/* A planned dump (a table's or the summary) cost secs: not part of the rest. */
void source_pace_dumped(struct source_pace *p, double secs);
/* Device dev's PACE_PER_DEV slots and their due[] flags, or NULL when it is not paced. */
struct budget_table *source_pace_slot(struct source_pace *p, uint32_t dev, const bool **due);
/* Feed what this sample cost (SOURCE_SELF), t0 its start (source_now). */
void source_feed_self(struct source *src, struct snapshot *s, double t0);

#endif
