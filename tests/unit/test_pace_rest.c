// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live source's plan against the whole process (src/source/pace.c):
 * what the process spends besides the resource dumps comes off the budget
 * before the dumps share it, never leaving them less than a tenth.
 */
#include "../../src/source/pace.h"
#include "test.h"

/* One device with one table of each object, all measured at `cost`. */
static void one_dev(struct snapshot *s, struct source_pace *p, double cost)
{
	struct snap_dev *d = snap_push(&s->devs, sizeof(*d));
	const bool *due;
	struct budget_table *t;
	size_t r;

	d->index = 1;
	snprintf(d->name, sizeof(d->name), "mlx5_0");
	source_pace_plan(p, s, 0, 1, 0);	/* the slot, unpaced */
	t = source_pace_slot(p, 1, &due);
	for (r = 0; t && r < SNAP_RES_N; r++)
		budget_cost(&t[r], cost, 0);
}

/* How many of the next 60 one-second samples dump the QP table. */
static unsigned int qp_dumps(struct source_pace *p, const struct snapshot *s, double budget)
{
	unsigned int n = 0, i;

	for (i = 1; i <= 60; i++) {
		const bool *due;
		struct budget_table *t;

		source_pace_plan(p, s, budget, 1, i);
		t = source_pace_slot(p, 1, &due);
		if (t && due[SNAP_RES_QP]) {
			budget_cost(&t[SNAP_RES_QP], 0.01, i);
			n++;
		}
	}
	return n;
}

static void test_rest(void)
{
	struct source_pace a = { 0 }, b = { 0 }, c = { 0 };
	struct snapshot s;
	unsigned int free_run, loaded, floor;
	int i;

	snap_init(&s);
	one_dev(&s, &a, 0.01);
	one_dev(&s, &b, 0.01);
	one_dev(&s, &c, 0.01);
	/* a: nothing besides the dumps; b: 3% of a CPU besides them (a
	 * sample spends 40 ms of CPU, 10 ms of it dumping); c: more than
	 * the budget besides them */
	for (i = 0; i < 20; i++) {
		source_pace_rest(&a, 0.01 * i, i, 0.01);
		source_pace_rest(&b, 0.04 * i, i, 0.01);
		source_pace_rest(&c, 0.20 * i, i, 0.01);
	}
	CHECK(b.rest > 0.029 && b.rest < 0.031);
	CHECK(a.rest < 1e-9);
	free_run = qp_dumps(&a, &s, 4);
	loaded = qp_dumps(&b, &s, 4);
	floor = qp_dumps(&c, &s, 4);
	/* 7 tables of 10 ms against 4%: paced; with 3 points spent besides,
	 * the QP table is dumped less often, and with all of it spent, at a
	 * tenth of the budget — never starved (every 30 s at the most) */
	CHECK(loaded < free_run);
	CHECK(floor <= loaded);
	CHECK(floor >= 2);
	/* a budget of 0 paces nothing, whatever is spent besides */
	CHECK_EQ_U(qp_dumps(&c, &s, 0), 60);
	/* a step back in time or a first sample measures nothing */
	{
		struct source_pace d = { 0 };

		source_pace_rest(&d, 5, 10, 0);
		CHECK(!d.rest_measured);
		source_pace_rest(&d, 6, 10, 0);
		CHECK(!d.rest_measured);
	}
	snap_free(&s);
}

TEST_MAIN(test_rest)
