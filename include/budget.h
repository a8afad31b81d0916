/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Pacing the expensive tables (the per-device resource dumps and the
 * resource summary) to a budget of CPU: a pure rule, fed the measured cost
 * of each table's dumps and what the rest of the process spends.
 *
 * Each table's cost is an EWMA of the CPU time of its dumps (the kernel's
 * walk runs in the sampler's recvmsg).  The budget
 * (a fraction of one CPU) bounds the whole process: what it spends besides
 * the dumps (the rest: per-QP GETs, counters, sysfs, /proc, drawing, the
 * exports), measured, comes off it first.  A table whose dump costs under
 * the floor (a tenth of what the budget allows in one interval) is never
 * paced: it is dumped every sample, its cost off the budget too.  What is
 * left is shared out by water-filling among the others: tables that cost
 * less than an equal share are refreshed every interval and give back what
 * they leave; the others get an equal share of the rest, which sets their
 * period (cost / share).  The dumps' part never falls under a tenth of
 * the budget (pacing stays on when the rest alone is over it).  A period
 * is a whole number of intervals, kept until the cost moves by more than a
 * fifth (no oscillation between two neighbours), and at most the maximum
 * age where the table fits the budget there (no table starves); one that
 * does not gets older, as its share allows (the budget is the user's
 * promise: the screen says the table's age).  A table never measured is due at once: the
 * first sample is complete.  Where what every sample costs (the rest and
 * the tables under the floor) and the paced tables at the maximum age do
 * not fit in the budget at the interval asked, the samples come further
 * apart (budget_interval), at most BUDGET_STRETCH_MAX.  doc/design.md,
 * "Pacing", has the numbers.
 */
#ifndef RDMATOP_BUDGET_H
#define RDMATOP_BUDGET_H

#include <stdbool.h>
#include <stddef.h>

#define BUDGET_ALPHA 0.25	/* weight of the newest cost in the EWMA */
#define BUDGET_MAX_AGE 30.0	/* seconds: the oldest a table that fits the budget may get */
#define BUDGET_PERIOD_MAX 1e6	/* intervals: a bound on a period's arithmetic, not a rule */
#define BUDGET_HYSTERESIS 0.2	/* a period changes when the cost moves more */
#define BUDGET_FLOOR 0.1	/* of the budget per interval: a dump under it is never paced */
#define BUDGET_DUMPS_MIN 0.1	/* of the budget: the dumps' part at the least */
#define BUDGET_STRETCH_MAX 5.0	/* seconds: the longest interval the budget stretches to */
#define BUDGET_TABLES_MAX 256	/* tables one plan paces; more are always due */

struct budget_table {
	double cost;		/* EWMA of its dumps' CPU time, seconds */
	double last;		/* monotonic seconds of its last refresh */
	unsigned int every;	/* its period in intervals (0: not planned yet) */
	bool measured;		/* cost holds a measurement */
	bool refreshed;		/* last holds a refresh */
};

/* What one plan is given. */
struct budget_in {
	double share;		/* the budget, a fraction of one CPU (0: no pacing) */
	double interval;	/* the sampling interval, seconds */
	double max_age;		/* the oldest a table may get, seconds */
	double rest;		/* what the process spends besides the dumps, fraction of a CPU */
	double now;		/* monotonic seconds */
};

/* A dump of the table cost `secs` at monotonic time `now`. */
void budget_cost(struct budget_table *t, double secs, double now);

/* The floor, seconds: a table whose dump costs less is never paced. */
double budget_floor(double share, double interval);

/*
 * Plan one sample: sets due[i] for each of the n tables and updates their
 * periods.  Returns the fraction of a CPU the paced dumps were given.
 */
double budget_plan(struct budget_table *t, size_t n, const struct budget_in *in, bool *due);

/*
 * The interval the budget holds at: in->interval, or longer where
 * per_sample (CPU seconds every sample spends besides the planned dumps)
 * and the tables under the floor every sample, with the others at the
 * maximum age, need more than the budget at in->interval (the dumps keep
 * BUDGET_DUMPS_MIN of it); at most BUDGET_STRETCH_MAX.  in->rest unused.
 */
double budget_interval(const struct budget_table *t, size_t n, const struct budget_in *in,
		       double per_sample);

#endif
