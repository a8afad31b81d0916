// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Paced samples: tables carried over from the previous sample, their ages,
 * and PSN rates over each QP's own span when the devices' ages differ.
 */
#include <math.h>

#include "rate.h"
#include "test.h"

static void dev(struct snapshot *s, uint32_t index, const char *name, bool asked_qp)
{
	struct snap_dev *d = snap_push(&s->devs, sizeof(*d));

	d->index = index;
	snprintf(d->name, sizeof(d->name), "%s", name);
	if (asked_qp) {
		d->res_asked = 1u << SNAP_RES_QP;
		d->res_when[SNAP_RES_QP] = s->mono;
	}
}

static void qp(struct snapshot *s, uint32_t d, uint32_t lqpn, uint32_t psn, uint32_t tid)
{
	struct snap_qp *q = snap_push(&s->qps, sizeof(*q));

	q->dev = d;
	q->lqpn = lqpn;
	q->sq_psn = psn;
	q->type = 2;
	q->valid = SNAP_QP_SQ_PSN | SNAP_QP_TYPE;
	q->own.valid = SNAP_OWN_TID;
	q->own.tid = tid;
}

static void sample(struct snapshot *s, long sec, bool paced)
{
	snap_init(s);
	s->mono.tv_sec = sec;
	if (paced) {
		s->self.valid = SNAP_SELF_CPU | SNAP_SELF_BUDGET;
		s->self.budget = 3;
	}
}

static const struct snap_qp *find(const struct snapshot *s, uint32_t d, uint32_t lqpn)
{
	size_t i;

	for (i = 0; i < s->qps.n; i++) {
		const struct snap_qp *q = SNAP_AT(&s->qps, struct snap_qp, i);

		if (q->dev == d && q->lqpn == lqpn)
			return q;
	}
	return NULL;
}

static bool near(double a, double b)
{
	return fabs(a - b) < 1e-6;
}

/*
 * rxe0 and rxe1 dumped at 9 and 10; at 11 only rxe0, at 12 only rxe1.
 * A rate over the samples' interval would be 40/s for rxe1 at 12; over
 * its own span (10 to 12) it is 20/s.
 */
static void test_mixed_ages(void)
{
	struct snapshot s0, s1, s2, s3;
	const struct snap_qp *q;
	struct snap_task *t;

	sample(&s0, 9, true);
	dev(&s0, 0, "rxe0", true);
	dev(&s0, 1, "rxe1", true);
	qp(&s0, 0, 5, 50, 100);
	qp(&s0, 1, 7, 190, 200);
	rate_compute(NULL, &s0);

	sample(&s1, 10, true);
	dev(&s1, 0, "rxe0", true);
	dev(&s1, 1, "rxe1", true);
	qp(&s1, 0, 5, 100, 100);
	qp(&s1, 1, 7, 200, 200);
	t = snap_task_get(&s1, 200);
	t->pid = 200;
	t->comm = snap_str(&s1, "ib_write_bw", 64);
	t->valid = SNAP_TASK_PID | SNAP_TASK_COMM;
	CHECK_EQ_U(snap_carry(&s0, &s1), 0);
	rate_compute(&s0, &s1);
	CHECK(near(find(&s1, 1, 7)->sq_psn_rate, 10));

	sample(&s2, 11, true);
	dev(&s2, 0, "rxe0", true);
	dev(&s2, 1, "rxe1", false);
	qp(&s2, 0, 5, 150, 100);
	CHECK_EQ_U(snap_carry(&s1, &s2), 0);
	rate_compute(&s1, &s2);
	CHECK_EQ_U(s2.qps.n, 2);
	q = find(&s2, 1, 7);
	CHECK(q && q->sq_psn == 200);
	/* carried: the rate of its own last span, not 0 over this one */
	CHECK(q && (q->valid & SNAP_QP_PSN_RATE) && near(q->sq_psn_rate, 10));
	CHECK(near(find(&s2, 0, 5)->sq_psn_rate, 50));
	CHECK(near(snap_res_age(&s2, snap_dev_find(&s2, 1), SNAP_RES_QP), 1));
	CHECK(near(snap_res_age(&s2, snap_dev_find(&s2, 0), SNAP_RES_QP), 0));
	CHECK(near(snap_table_age(&s2, SNAP_RES_QP), 1));
	/* the owner's task came along, its strings into s2's */
	CHECK(snap_task_find(&s2, 200) != NULL);
	CHECK_EQ_S(snap_s(&s2, snap_task_find(&s2, 200)->comm), "ib_write_bw");

	sample(&s3, 12, true);
	dev(&s3, 0, "rxe0", false);
	dev(&s3, 1, "rxe1", true);
	qp(&s3, 1, 7, 240, 200);
	CHECK_EQ_U(snap_carry(&s2, &s3), 0);
	rate_compute(&s2, &s3);
	q = find(&s3, 1, 7);
	CHECK(q && near(q->sq_psn_rate, 20));
	q = find(&s3, 0, 5);
	CHECK(q && q->sq_psn == 150 && near(q->sq_psn_rate, 50));
	CHECK(near(snap_table_age(&s3, SNAP_RES_QP), 1));
	CHECK(near(snap_res_age(&s3, snap_dev_find(&s3, 0), SNAP_RES_QP), 1));

	snap_free(&s0);
	snap_free(&s1);
	snap_free(&s2);
	snap_free(&s3);
}

/* A sample that is not paced (no budget recorded) carries nothing: a
 * table missing there is an error of that sample. */
static void test_unpaced_no_carry(void)
{
	struct snapshot a, b;

	sample(&a, 1, false);
	dev(&a, 0, "rxe0", true);
	qp(&a, 0, 5, 1, 100);
	sample(&b, 2, false);
	dev(&b, 0, "rxe0", false);
	CHECK_EQ_U(snap_carry(&a, &b), 0);
	CHECK_EQ_U(b.qps.n, 0);
	snap_free(&a);
	snap_free(&b);
}

/* Another device under the same index: its rows are not the old one's. */
static void test_renamed_no_carry(void)
{
	struct snapshot a, b;

	sample(&a, 1, true);
	dev(&a, 0, "rxe0", true);
	qp(&a, 0, 5, 1, 100);
	sample(&b, 2, true);
	dev(&b, 0, "mlx5_0", false);
	CHECK_EQ_U(snap_carry(&a, &b), 0);
	CHECK_EQ_U(b.qps.n, 0);
	snap_free(&a);
	snap_free(&b);
}

/* The cost record's text reads back as written; damaged text is refused. */
static void test_self_record(void)
{
	struct snapshot s;
	struct snap_self m = { .budget = 2.5, .utime = 1.25, .stime = 0.5, .wall = 0.04 };
	char buf[1024];
	int n;

	m.cost[SNAP_COST_RES + SNAP_RES_QP] = 0.038;
	n = snap_self_format(&m, buf, sizeof(buf));
	CHECK(n > 0);
	snap_init(&s);
	CHECK_EQ_U(snap_self_parse(&s, buf, (size_t)n), 0);
	CHECK(near(s.self.budget, 2.5) && near(s.self.stime, 0.5));
	CHECK(near(s.self.cost[SNAP_COST_RES + SNAP_RES_QP], 0.038));
	CHECK(s.self.valid & SNAP_SELF_BUDGET);
	CHECK(snap_self_parse(&s, "utime x\n", 8) != 0);
	CHECK(snap_self_parse(&s, "utime -1\n", 9) != 0);
	CHECK(near(s.self.utime, 1.25));	/* untouched by the bad ones */
	CHECK_EQ_U(snap_self_parse(&s, "newkey 3\nutime 2\n", 17), 0);
	CHECK(near(s.self.utime, 2) && !(s.self.valid & SNAP_SELF_BUDGET));
	snap_free(&s);
}

/*
 * The resource summary paced: read at 10 (6 QPs, 2 CQs, a limit, a type
 * without a table); at 12 not read, the CQ table dumped with 3 rows and
 * the QP table carried: the CQ count from the rows, the QPs', the limit
 * and the other type from the summary of 10, 2 s old; at 13 read again.
 */
static void test_summary_carried(void)
{
	struct snapshot a, b, c;
	struct snap_dev *d;
	int i;

	sample(&a, 10, true);
	dev(&a, 0, "rxe0", true);
	d = snap_dev_find(&a, 0);
	d->sum_asked = true;
	d->sum_when = a.mono;
	d->res[SNAP_RES_QP] = 6;
	d->res[SNAP_RES_CQ] = 2;
	d->res_valid = (1u << SNAP_RES_QP) | (1u << SNAP_RES_CQ);
	d->res_max[SNAP_RES_QP] = 1000;
	d->res_max_valid = 1u << SNAP_RES_QP;
	d->n_res_other = 1;
	strcpy(d->res_other[0].name, "comp_cntr");
	d->res_other[0].curr = 4;
	qp(&a, 0, 5, 50, 100);
	CHECK(snap_carry(NULL, &a) == 0);

	sample(&b, 12, true);
	dev(&b, 0, "rxe0", false);
	d = snap_dev_find(&b, 0);
	d->res_asked = 1u << SNAP_RES_CQ;
	d->res_when[SNAP_RES_CQ] = b.mono;
	for (i = 0; i < 3; i++)
		((struct snap_cq *)snap_push(&b.cqs, sizeof(struct snap_cq)))->dev = 0;
	((struct snap_cq *)snap_push(&b.cqs, sizeof(struct snap_cq)))->dev = 7;	/* another */
	CHECK(snap_carry(&a, &b) == 0);
	d = snap_dev_find(&b, 0);
	CHECK(d->sum_carried);
	CHECK(near(snap_sum_age(&b, d), 2));
	CHECK_EQ_U(d->res[SNAP_RES_CQ], 3);
	CHECK_EQ_U(d->res[SNAP_RES_QP], 6);
	CHECK_EQ_U(d->res_valid, (1u << SNAP_RES_QP) | (1u << SNAP_RES_CQ));
	CHECK_EQ_U(d->res_max[SNAP_RES_QP], 1000);
	CHECK_EQ_U(d->n_res_other, 1);
	CHECK(!strcmp(d->res_other[0].name, "comp_cntr"));
	CHECK_EQ_U(d->res_other[0].curr, 4);

	/* carried on: the age counts from the read at 10 */
	sample(&c, 13, true);
	dev(&c, 0, "rxe0", false);
	CHECK(snap_carry(&b, &c) == 0);
	d = snap_dev_find(&c, 0);
	CHECK(near(snap_sum_age(&c, d), 3));
	CHECK_EQ_U(d->res[SNAP_RES_CQ], 3);
	snap_free(&c);

	/* read again: the kernel's counts, no age */
	sample(&c, 13, true);
	dev(&c, 0, "rxe0", false);
	d = snap_dev_find(&c, 0);
	d->sum_asked = true;
	d->sum_when = c.mono;
	d->res[SNAP_RES_CQ] = 9;
	d->res_valid = 1u << SNAP_RES_CQ;
	CHECK(snap_carry(&b, &c) == 0);
	d = snap_dev_find(&c, 0);
	CHECK(!d->sum_carried);
	CHECK(snap_sum_age(&c, d) == 0);
	CHECK_EQ_U(d->res[SNAP_RES_CQ], 9);
	snap_free(&a);
	snap_free(&b);
	snap_free(&c);
}

TEST_MAIN(test_mixed_ages, test_unpaced_no_carry, test_renamed_no_carry, test_self_record,
	  test_summary_carried)
