/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Pacing the expensive tables (the per-device resource dumps) to a budget
 * of CPU: a pure rule, fed the measured cost of each table's dumps.
 *
 * Each table's cost is an EWMA of the wall time of its dumps.  The budget
 * (a fraction of one CPU) is shared out by water-filling: tables that cost
 * less than an equal share are refreshed every interval and give back what
 * they leave; the others get an equal share of the rest, which sets their
 * period (cost / share).  A period is a whole number of intervals, kept
 * until the cost moves by more than a fifth (no oscillation between two
 * neighbours), and at most the maximum age (no table starves).  A table
 * never measured is due at once: the first sample is complete.
 */
#ifndef RDMATOP_BUDGET_H
#define RDMATOP_BUDGET_H

#include <stdbool.h>
#include <stddef.h>

#define BUDGET_ALPHA 0.25	/* weight of the newest cost in the EWMA */
#define BUDGET_MAX_AGE 30.0	/* seconds: the oldest a table may get */
#define BUDGET_HYSTERESIS 0.2	/* a period changes when the cost moves more */
#define BUDGET_TABLES_MAX 256	/* tables one plan paces; more are always due */

struct budget_table {
	double cost;		/* EWMA of its dumps' wall time, seconds */
	double last;		/* monotonic seconds of its last refresh */
	unsigned int every;	/* its period in intervals (0: not planned yet) */
	bool measured;		/* cost holds a measurement */
	bool refreshed;		/* last holds a refresh */
};

/* A dump of the table cost `secs` at monotonic time `now`. */
void budget_cost(struct budget_table *t, double secs, double now);

/*
 * Plan one sample at monotonic time `now`: share is the budget as a
 * fraction of one CPU (0: no pacing, every table is due), interval the
 * sampling interval in seconds, max_age the oldest a table may get.
 * Sets due[i] for each of the n tables and updates their periods.
 */
void budget_plan(struct budget_table *t, size_t n, double share, double interval,
		 double max_age, double now, bool *due);

#endif
