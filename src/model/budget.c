// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The pacing rule (include/budget.h): pure arithmetic on measured costs.
 */
#include <math.h>
#include <stdbool.h>

#include "budget.h"

void budget_cost(struct budget_table *t, double secs, double now)
{
	if (!(secs >= 0))
		secs = 0;
	t->cost = t->measured ? t->cost + BUDGET_ALPHA * (secs - t->cost) : secs;
	t->measured = true;
	t->last = now;
	t->refreshed = true;
}

double budget_floor(double share, double interval)
{
	return share > 0 && interval > 0 ? BUDGET_FLOOR * share * interval : 0;
}

/*
 * The period of a table given its share of the budget (share_left) and
 * the dumps' whole part (part): the share's, at most the maximum age where
 * the table fits the dumps' part at that age.  One that does not (a dump
 * of 40000 QPs costs 1.5-2.5 s under TCG: 5-8 % of a CPU once every 30 s)
 * gets older instead, as its share allows: the budget holds, and the
 * screen says the table's age.
 */
static unsigned int period(const struct budget_table *t, double share_left, double part,
			   double interval, double max_age)
{
	double want = share_left > 0 ? t->cost / share_left / interval : BUDGET_PERIOD_MAX;
	double cap = floor(max_age / interval);
	bool fits = max_age > 0 && t->cost / max_age <= part;
	unsigned int every;

	if (cap < 1)
		cap = 1;
	if (want > cap && fits)
		want = cap;
	if (want > BUDGET_PERIOD_MAX)
		want = BUDGET_PERIOD_MAX;
	if (want < 1)
		want = 1;
	/* keep the period while the cost stays within the hysteresis */
	if (t->every && want <= t->every * (1 + BUDGET_HYSTERESIS) &&
	    want >= t->every * (1 - BUDGET_HYSTERESIS) && (t->every <= cap || !fits))
		return t->every;
	every = (unsigned int)ceil(want - 1e-9);
	return every ? every : 1;
}

double budget_plan(struct budget_table *t, size_t n, const struct budget_in *in, bool *due)
{
	bool planned[BUDGET_TABLES_MAX];
	double interval = in->interval > 0 ? in->interval : 1;
	double share = in->share, lo, rest, low;
	size_t i, j, left = 0;

	for (i = 0; i < n; i++) {
		/* never measured, or never refreshed: due now, outside the plan */
		due[i] = share <= 0 || !t[i].measured || !t[i].refreshed;
		if (i < BUDGET_TABLES_MAX)
			planned[i] = due[i];
	}
	if (share <= 0)
		return 0;
	/* what the process spends besides its dumps comes off first ... */
	rest = share - (in->rest > 0 ? in->rest : 0);
	/* ... then the tables under the floor: never paced */
	low = budget_floor(share, interval);
	for (i = 0; i < n && i < BUDGET_TABLES_MAX; i++) {
		if (planned[i])
			continue;
		if (t[i].cost < low) {
			planned[i] = due[i] = true;
			t[i].every = 1;
			rest -= t[i].cost / interval;
		} else {
			left++;
		}
	}
	lo = BUDGET_DUMPS_MIN * share;
	if (rest < lo)
		rest = lo;
	share = rest;
	/*
	 * Water-filling, cheapest first (a few tables per device: a
	 * selection by cost is enough).  planned[] marks the tables done.
	 */
	for (; left; left--) {
		size_t k = n;
		double need, s = rest > 0 ? rest / (double)left : 0;

		for (j = 0; j < n && j < BUDGET_TABLES_MAX; j++)
			if (!planned[j] && (k == n || t[j].cost < t[k].cost))
				k = j;
		if (k == n)
			break;
		planned[k] = true;
		need = t[k].cost / interval;
		if (need <= s) {
			t[k].every = 1;
			rest -= need;
		} else {
			t[k].every = period(&t[k], s, share, interval, in->max_age);
			rest -= t[k].cost / (t[k].every * interval);
		}
		/* due once its age reaches its period, within half an interval
		 * (jitter in the sampling must not skip a turn) */
		due[k] = in->now - t[k].last >= (t[k].every - 0.5) * interval;
	}
	/* past the planner's room: not paced */
	for (i = BUDGET_TABLES_MAX; i < n; i++)
		due[i] = true;
	return share;
}

double budget_interval(const struct budget_table *t, size_t n, const struct budget_in *in,
		       double per_sample)
{
	double low = budget_floor(in->share, in->interval), every = per_sample > 0 ? per_sample : 0;
	double forced = 0, left, want;
	size_t i;

	if (in->share <= 0 || in->interval <= 0)
		return in->interval;
	for (i = 0; i < n; i++) {
		if (!t[i].measured)
			continue;
		if (t[i].cost < low)
			every += t[i].cost;
		else if (in->max_age > 0)
			forced += t[i].cost / in->max_age;
	}
	left = in->share - forced;
	if (left < BUDGET_DUMPS_MIN * in->share)
		left = BUDGET_DUMPS_MIN * in->share;
	want = every / left;
	/* a tenth over the interval before stretching: no flapping around it */
	if (want <= in->interval * 1.1)
		return in->interval;
	return want < BUDGET_STRETCH_MAX ? want : BUDGET_STRETCH_MAX > in->interval ?
	       BUDGET_STRETCH_MAX : in->interval;
}
