// SPDX-License-Identifier: GPL-2.0-or-later
/* The pacing rule, fed synthetic costs. */
#include "budget.h"
#include "test.h"

/*
 * Run `samples` samples of interval 1 s over n tables whose dumps cost
 * cost[i] (times (1 + jitter) on odd samples); counts refreshes and the
 * longest gap between refreshes of each table, and the period changes
 * after the first ten samples.
 */
static int clock_s;	/* the simulated monotonic clock, seconds */

struct run {
	unsigned int refreshes[8], max_gap[8], changes[8];
	double spent;
};

static void simulate(struct budget_table *t, size_t n, const double *cost, double jitter,
		     double share, int samples, struct run *r)
{
	unsigned int gap[8] = { 0 }, every[8] = { 0 };
	bool due[8];
	int k;
	size_t i;

	memset(r, 0, sizeof(*r));
	for (k = 0; k < samples; k++) {
		budget_plan(t, n, share, 1.0, BUDGET_MAX_AGE, clock_s, due);
		for (i = 0; i < n; i++) {
			double c = cost[i] * ((k & 1) ? 1 + jitter : 1 - jitter);

			if (k > 10 && every[i] && t[i].every != every[i])
				r->changes[i]++;
			every[i] = t[i].every;
			if (!due[i]) {
				if (++gap[i] > r->max_gap[i])
					r->max_gap[i] = gap[i];
				continue;
			}
			gap[i] = 0;
			r->refreshes[i]++;
			r->spent += c;
			budget_cost(&t[i], c, clock_s);
		}
		clock_s++;
	}
}

/* The first plan asks for every table: the first sample is complete. */
static void test_first_complete(void)
{
	struct budget_table t[3] = { { 0 } };
	bool due[3] = { false };

	budget_plan(t, 3, 0.03, 1.0, BUDGET_MAX_AGE, 0, due);
	CHECK(due[0] && due[1] && due[2]);
}

/* 0 = off: every table every sample, whatever it costs. */
static void test_off(void)
{
	struct budget_table t[2] = { { 0 } };
	const double cost[2] = { 0.5, 2.0 };
	struct run r;

	simulate(t, 2, cost, 0, 0, 50, &r);
	CHECK_EQ_U(r.refreshes[0], 50);
	CHECK_EQ_U(r.refreshes[1], 50);
}

/* One table of 0.1 s under 2 %: every 5 s, spending the budget, no more. */
static void test_converges(void)
{
	struct budget_table t[1] = { { 0 } };
	const double cost[1] = { 0.1 };
	struct run r;

	simulate(t, 1, cost, 0, 0.02, 300, &r);
	CHECK_EQ_U(t[0].every, 5);
	CHECK(r.spent / 300 <= 0.02 * 1.05);
	CHECK(r.spent / 300 >= 0.02 * 0.8);
	CHECK_EQ_U(r.changes[0], 0);
}

/* Costs jittering by 15 % around a period's boundary: the period holds. */
static void test_stable(void)
{
	struct budget_table t[1] = { { 0 } };
	const double cost[1] = { 0.12 };
	struct run r;

	simulate(t, 1, cost, 0.15, 0.03, 400, &r);
	CHECK_EQ_U(r.changes[0], 0);
	CHECK(t[0].every == 4 || t[0].every == 5);
}

/* A table costing more than the whole budget allows still comes at the maximum age. */
static void test_never_starves(void)
{
	struct budget_table t[1] = { { 0 } };
	const double cost[1] = { 5.0 };
	struct run r;

	simulate(t, 1, cost, 0, 0.01, 200, &r);
	CHECK(r.max_gap[0] < BUDGET_MAX_AGE);
	CHECK(r.refreshes[0] >= 200 / (unsigned int)BUDGET_MAX_AGE);
}

/* Cheap tables stay at the interval; the expensive one gets what is left. */
static void test_water_filling(void)
{
	struct budget_table t[3] = { { 0 } };
	const double cost[3] = { 0.0002, 0.0003, 0.2 };
	struct run r;

	simulate(t, 3, cost, 0, 0.03, 200, &r);
	CHECK_EQ_U(r.refreshes[0], 200);
	CHECK_EQ_U(r.refreshes[1], 200);
	CHECK_EQ_U(t[2].every, 7);	/* 0.2 / (0.03 - 0.0005) = 6.8 */
	CHECK(r.spent / 200 <= 0.03 * 1.05);
}

/* A cost that rises tenfold: the period follows within a few dumps. */
static void test_follows(void)
{
	struct budget_table t[1] = { { 0 } };
	double cost[1] = { 0.01 };
	struct run r;

	simulate(t, 1, cost, 0, 0.02, 50, &r);
	CHECK_EQ_U(t[0].every, 1);
	cost[0] = 0.1;
	simulate(t, 1, cost, 0, 0.02, 200, &r);
	CHECK_EQ_U(t[0].every, 5);
}

TEST_MAIN(test_first_complete, test_off, test_converges, test_stable, test_never_starves,
	  test_water_filling, test_follows)
