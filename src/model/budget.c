// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The pacing rule (include/budget.h): pure arithmetic on measured costs.
 */
#include <math.h>

#include "budget.h"

void budget_cost(struct budget_table *t, double secs, double now)
{
	if (secs < 0)
		secs = 0;
	t->cost = t->measured ? t->cost + BUDGET_ALPHA * (secs - t->cost) : secs;
	t->measured = true;
	t->last = now;
	t->refreshed = true;
}

/* The period of a table of cost `cost` given its share of the budget. */
static unsigned int period(const struct budget_table *t, double share_left,
			   double interval, double max_age)
{
	double want = share_left > 0 ? t->cost / share_left / interval : HUGE_VAL;
	double cap = floor(max_age / interval);
	unsigned int every;

	if (cap < 1)
		cap = 1;
	if (want > cap)
		want = cap;
	if (want < 1)
		want = 1;
	/* keep the period while the cost stays within the hysteresis */
	if (t->every && want <= t->every * (1 + BUDGET_HYSTERESIS) &&
	    want >= t->every * (1 - BUDGET_HYSTERESIS) && t->every <= cap)
		return t->every;
	every = (unsigned int)ceil(want - 1e-9);
	return every ? every : 1;
}

void budget_plan(struct budget_table *t, size_t n, double share, double interval,
		 double max_age, double now, bool *due)
{
	bool planned[BUDGET_TABLES_MAX];
	size_t i, j, left = 0;
	double rest = share;

	if (interval <= 0)
		interval = 1;
	for (i = 0; i < n; i++) {
		/* never measured, or never refreshed: due now, outside the plan */
		due[i] = share <= 0 || !t[i].measured || !t[i].refreshed;
		if (!due[i])
			left++;
	}
	if (share <= 0)
		return;
	/*
	 * Water-filling, cheapest first (a few tables per device: a
	 * selection by cost is enough).  planned[] marks the tables done.
	 */
	for (i = 0; i < n && i < BUDGET_TABLES_MAX; i++)
		planned[i] = due[i];
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
			t[k].every = period(&t[k], s, interval, max_age);
			rest -= t[k].cost / (t[k].every * interval);
		}
		/* due once its age reaches its period, within half an interval
		 * (jitter in the sampling must not skip a turn) */
		due[k] = now - t[k].last >= (t[k].every - 0.5) * interval;
	}
	/* past the planner's room: not paced */
	for (i = BUDGET_TABLES_MAX; i < n; i++)
		due[i] = true;
}
