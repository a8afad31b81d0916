// SPDX-License-Identifier: GPL-2.0-or-later
#include <math.h>
#include <stdio.h>

#include "rate.h"
#include "test.h"

static struct snap_counter *add_counter(struct snapshot *s, uint32_t dev, uint32_t port,
					uint8_t src, const char *name, uint64_t v,
					uint8_t bits)
{
	struct snap_counter *c = snap_push(&s->counters, sizeof(*c));

	c->dev = dev;
	c->port = port;
	c->source = src;
	c->name = snap_str(s, name, 64);
	c->value = v;
	c->bits = bits;
	c->unit = SNAP_UNIT_PACKETS;
	return c;
}

static struct snap_qp *add_qp(struct snapshot *s, uint32_t dev, uint32_t lqpn,
			      uint32_t sq, uint32_t rq)
{
	struct snap_qp *q = snap_push(&s->qps, sizeof(*q));

	q->dev = dev;
	q->lqpn = lqpn;
	q->sq_psn = sq;
	q->rq_psn = rq;
	q->type = 2;
	q->valid = SNAP_QP_SQ_PSN | SNAP_QP_RQ_PSN | SNAP_QP_TYPE;
	q->own.valid = SNAP_OWN_TID;
	q->own.tid = 100;
	return q;
}

static void at(struct snapshot *s, long sec, long nsec)
{
	s->mono.tv_sec = sec;
	s->mono.tv_nsec = nsec;
}

static struct snap_counter *ctr(struct snapshot *s, size_t i)
{
	return SNAP_AT(&s->counters, struct snap_counter, i);
}

static struct snap_qp *qp(struct snapshot *s, size_t i)
{
	return SNAP_AT(&s->qps, struct snap_qp, i);
}

static void test_delta(void)
{
	uint64_t d;

	CHECK_EQ_U(rate_delta(10, 25, 64, &d), RATE_DATA);
	CHECK_EQ_U(d, 15);
	CHECK_EQ_U(rate_delta(25, 10, 64, &d), RATE_RESET);
	CHECK_EQ_U(d, 0);
	/* 32-bit wrap */
	CHECK_EQ_U(rate_delta(0xfffffff0u, 0x10, 32, &d), RATE_DATA);
	CHECK_EQ_U(d, 0x20);
	/* a 32-bit counter holding a value past 32 bits cannot have wrapped */
	CHECK_EQ_U(rate_delta(0x1ffffffffULL, 5, 32, &d), RATE_RESET);
	/* 64-bit near the top */
	CHECK_EQ_U(rate_delta(UINT64_MAX - 5, UINT64_MAX, 64, &d), RATE_DATA);
	CHECK_EQ_U(d, 5);
	CHECK_EQ_U(rate_delta(UINT64_MAX, 3, 64, &d), RATE_RESET);
	CHECK_EQ_U(rate_delta(7, 7, 32, &d), RATE_DATA);
	CHECK_EQ_U(d, 0);
}

static void test_psn_delta(void)
{
	CHECK_EQ_U(rate_psn_delta(100, 150), 50);
	CHECK_EQ_U(rate_psn_delta(0xfffff0, 0x10), 0x20);
	CHECK_EQ_U(rate_psn_delta(5, 5), 0);
}

static void test_first_sample(void)
{
	struct snapshot s;

	snap_init(&s);
	at(&s, 10, 0);
	add_counter(&s, 0, 1, SNAP_SRC_HW, "sent_pkts", 5, 64);
	add_qp(&s, 0, 17, 1, 2);
	CHECK_EQ_U(rate_compute(NULL, &s), 0);
	CHECK_EQ_U(ctr(&s, 0)->rate_status, RATE_INIT);
	CHECK(s.interval == 0);
	CHECK(!(qp(&s, 0)->valid & SNAP_QP_PSN_RATE));
	snap_free(&s);
}

static void test_rates(void)
{
	struct snapshot a, b;

	snap_init(&a);
	snap_init(&b);
	at(&a, 10, 0);
	at(&b, 12, 500000000);
	add_counter(&a, 0, 1, SNAP_SRC_HW, "sent_pkts", 1000, 64);
	add_counter(&a, 0, 1, SNAP_SRC_HW, "rcvd_pkts", 900, 64);
	add_counter(&a, 0, 1, SNAP_SRC_PMA, "symbol_error", 0xfffffffe, 32);
	add_counter(&a, 0, 1, SNAP_SRC_HW, "gone", 1, 64);
	add_counter(&b, 0, 1, SNAP_SRC_HW, "sent_pkts", 3500, 64);
	add_counter(&b, 0, 1, SNAP_SRC_HW, "rcvd_pkts", 100, 64);	/* reset */
	add_counter(&b, 0, 1, SNAP_SRC_PMA, "symbol_error", 3, 32);	/* wrap */
	add_counter(&b, 0, 1, SNAP_SRC_HW, "new_one", 7, 64);
	/* same name, other source / port / device: distinct counters */
	add_counter(&b, 0, 1, SNAP_SRC_NETDEV, "sent_pkts", 1, 64);
	add_counter(&b, 0, 2, SNAP_SRC_HW, "sent_pkts", 1, 64);
	add_counter(&b, 5, 1, SNAP_SRC_HW, "sent_pkts", 1, 64);
	CHECK_EQ_U(rate_compute(&a, &b), 0);
	CHECK(fabs(b.interval - 2.5) < 1e-9);
	CHECK_EQ_U(ctr(&b, 0)->rate_status, RATE_DATA);
	CHECK_EQ_U(ctr(&b, 0)->delta, 2500);
	CHECK(fabs(ctr(&b, 0)->rate - 1000.0) < 1e-9);
	CHECK_EQ_U(ctr(&b, 1)->rate_status, RATE_RESET);
	CHECK(ctr(&b, 1)->rate == 0);
	CHECK_EQ_U(ctr(&b, 2)->rate_status, RATE_DATA);
	CHECK_EQ_U(ctr(&b, 2)->delta, 5);
	CHECK_EQ_U(ctr(&b, 3)->rate_status, RATE_INIT);
	CHECK_EQ_U(ctr(&b, 4)->rate_status, RATE_INIT);
	CHECK_EQ_U(ctr(&b, 5)->rate_status, RATE_INIT);
	CHECK_EQ_U(ctr(&b, 6)->rate_status, RATE_INIT);
	snap_free(&a);
	snap_free(&b);
}

static void test_pma_data_wrap(void)
{
	struct snapshot a, b;
	struct snap_counter *c;

	snap_init(&a);
	snap_init(&b);
	at(&a, 1, 0);
	at(&b, 2, 0);
	/* port_xmit_data in bytes: 32-bit words * 4 wrap at 2^34 */
	c = add_counter(&a, 0, 1, SNAP_SRC_PMA, "port_xmit_data", 0xfffffff0ULL * 4, 32);
	c->unit = SNAP_UNIT_BYTES;
	c = add_counter(&b, 0, 1, SNAP_SRC_PMA, "port_xmit_data", 0x10ULL * 4, 32);
	c->unit = SNAP_UNIT_BYTES;
	rate_compute(&a, &b);
	CHECK_EQ_U(ctr(&b, 0)->rate_status, RATE_DATA);
	CHECK_EQ_U(ctr(&b, 0)->delta, 0x20 * 4);
	snap_free(&a);
	snap_free(&b);
}

static void test_order_independent(void)
{
	struct snapshot a, b;
	char name[32];
	int i;

	snap_init(&a);
	snap_init(&b);
	at(&a, 1, 0);
	at(&b, 2, 0);
	for (i = 0; i < 500; i++) {
		snprintf(name, sizeof(name), "c%d", i);
		add_counter(&a, (uint32_t)i % 3, 1, SNAP_SRC_HW, name, (uint64_t)i, 64);
		add_qp(&a, (uint32_t)i % 3, (uint32_t)i, (uint32_t)i, 0);
	}
	/* the next sample in reverse order, each counter advanced by i */
	for (i = 499; i >= 0; i--) {
		snprintf(name, sizeof(name), "c%d", i);
		add_counter(&b, (uint32_t)i % 3, 1, SNAP_SRC_HW, name, (uint64_t)i * 2, 64);
		add_qp(&b, (uint32_t)i % 3, (uint32_t)i, (uint32_t)i * 3, 0);
	}
	rate_compute(&a, &b);
	for (i = 0; i < 500; i++) {
		struct snap_counter *c = ctr(&b, (size_t)(499 - i));

		CHECK_EQ_U(c->rate_status, RATE_DATA);
		CHECK_EQ_U(c->delta, (uint64_t)i);
		CHECK(qp(&b, (size_t)(499 - i))->valid & SNAP_QP_PSN_RATE);
		CHECK_EQ_U((uint64_t)qp(&b, (size_t)(499 - i))->sq_psn_rate, (uint64_t)i * 2);
	}
	snap_free(&a);
	snap_free(&b);
}

static void test_qp_psn(void)
{
	struct snapshot a, b;
	struct snap_qp *q;

	snap_init(&a);
	snap_init(&b);
	at(&a, 1, 0);
	at(&b, 3, 0);
	add_qp(&a, 0, 17, 0xfffff0, 100);
	add_qp(&a, 0, 18, 10, 10);
	add_qp(&a, 0, 19, 10, 10);
	q = add_qp(&a, 0, 20, 10, 10);
	q->valid &= ~SNAP_QP_RQ_PSN;
	add_qp(&b, 0, 17, 0x10, 300);		/* 24-bit wrap */
	q = add_qp(&b, 0, 18, 50, 50);
	q->own.tid = 999;			/* other owner: a new QP */
	add_qp(&b, 1, 19, 50, 50);		/* other device */
	add_qp(&b, 0, 20, 30, 50);		/* rq-psn appeared */
	add_qp(&b, 0, 21, 30, 50);		/* new */
	rate_compute(&a, &b);
	CHECK(qp(&b, 0)->valid & SNAP_QP_PSN_RATE);
	CHECK(qp(&b, 0)->valid & SNAP_QP_RQ_PSN_RATE);
	CHECK(fabs(qp(&b, 0)->sq_psn_rate - 16.0) < 1e-6);
	CHECK(fabs(qp(&b, 0)->rq_psn_rate - 100.0) < 1e-6);
	CHECK(!(qp(&b, 1)->valid & SNAP_QP_PSN_RATE));
	CHECK(!(qp(&b, 2)->valid & SNAP_QP_PSN_RATE));
	CHECK(qp(&b, 3)->valid & SNAP_QP_PSN_RATE);
	CHECK(!(qp(&b, 3)->valid & SNAP_QP_RQ_PSN_RATE));
	CHECK(!(qp(&b, 4)->valid & SNAP_QP_PSN_RATE));
	/* the PSNs themselves, what the groups' counters add up: both
	 * queues of a matched QP, only its send queue when rq-psn is new */
	CHECK_EQ_U(qp(&b, 0)->psn_adv, 0x20 + 200);
	CHECK_EQ_U(qp(&b, 1)->psn_adv, 0);
	CHECK_EQ_U(qp(&b, 3)->psn_adv, 20);
	CHECK_EQ_U(qp(&b, 4)->psn_adv, 0);
	/* no time between the two: nothing counted again */
	rate_compute(&b, &b);
	CHECK_EQ_U(qp(&b, 0)->psn_adv, 0);
	snap_free(&a);
	snap_free(&b);
}

static void test_zero_interval(void)
{
	struct snapshot a, b;

	snap_init(&a);
	snap_init(&b);
	at(&a, 5, 0);
	at(&b, 5, 0);
	add_counter(&a, 0, 1, SNAP_SRC_HW, "x", 1, 64);
	add_counter(&b, 0, 1, SNAP_SRC_HW, "x", 9, 64);
	add_qp(&a, 0, 17, 1, 1);
	add_qp(&b, 0, 17, 9, 9);
	rate_compute(&a, &b);
	CHECK_EQ_U(ctr(&b, 0)->rate_status, RATE_NODATA);
	CHECK(!(qp(&b, 0)->valid & SNAP_QP_PSN_RATE));
	CHECK(b.interval == 0);
	/* clock going backwards: the same */
	at(&b, 4, 0);
	rate_compute(&a, &b);
	CHECK_EQ_U(ctr(&b, 0)->rate_status, RATE_NODATA);
	snap_free(&a);
	snap_free(&b);
}

static void test_device_reregistered(void)
{
	struct snapshot a, b;

	snap_init(&a);
	snap_init(&b);
	at(&a, 1, 0);
	at(&b, 2, 0);
	/* rxe0 was index 0, deleted and added again as index 3 */
	add_counter(&a, 0, 1, SNAP_SRC_HW, "sent_pkts", 100000, 64);
	add_counter(&b, 3, 1, SNAP_SRC_HW, "sent_pkts", 10, 64);
	rate_compute(&a, &b);
	CHECK_EQ_U(ctr(&b, 0)->rate_status, RATE_INIT);
	CHECK(ctr(&b, 0)->rate == 0);
	snap_free(&a);
	snap_free(&b);
}

static struct snap_dev *add_dev(struct snapshot *s, uint32_t index, const char *name)
{
	struct snap_dev *d = snap_push(&s->devs, sizeof(*d));

	d->index = index;
	snprintf(d->name, sizeof(d->name), "%s", name);
	return d;
}

/* The Devices table's dQP, ...: each summary count's change, where both
 * samples have it, on the same device (index and name). */
static void test_res_change(void)
{
	struct snapshot a, b;
	struct snap_dev *o, *d, *r;

	snap_init(&a);
	snap_init(&b);
	at(&a, 1, 0);
	at(&b, 2, 0);
	o = add_dev(&a, 0, "rxe0");
	o->res[SNAP_RES_QP] = 7;
	o->res[SNAP_RES_CQ] = 2;
	o->res_valid = 1u << SNAP_RES_QP | 1u << SNAP_RES_CQ;
	add_dev(&a, 1, "rxe1")->res_valid = 1u << SNAP_RES_QP;
	d = add_dev(&b, 0, "rxe0");
	d->res[SNAP_RES_QP] = 4;
	d->res[SNAP_RES_MR] = 9;
	d->res[SNAP_RES_CQ] = 2;
	d->res_valid = 1u << SNAP_RES_QP | 1u << SNAP_RES_MR | 1u << SNAP_RES_CQ;
	/* index 1 is another device now: no change to report */
	r = add_dev(&b, 1, "mlx5_0");
	r->res[SNAP_RES_QP] = 3;
	r->res_valid = 1u << SNAP_RES_QP;
	d = SNAP_AT(&b.devs, struct snap_dev, 0);	/* the push may have moved it */
	rate_compute(&a, &b);
	CHECK_EQ_U(d->res_chg_valid, 1u << SNAP_RES_QP | 1u << SNAP_RES_CQ);
	CHECK(d->res_chg[SNAP_RES_QP] == -3);
	CHECK(d->res_chg[SNAP_RES_CQ] == 0);
	CHECK_EQ_U(r->res_chg_valid, 0);
	/* the first sample has none */
	rate_compute(NULL, &b);
	CHECK_EQ_U(d->res_chg_valid, 0);
	snap_free(&a);
	snap_free(&b);
}

/*
 * Names shared by many rows (a netdev's counters: one string for all its
 * ports), matched by position where the layout holds and by the table
 * where it does not: a row whose name differs at its position, or whose
 * string has the same id in both samples but another text, is not the
 * same counter.
 */
static void test_shared_names(void)
{
	struct snapshot a, b;
	uint32_t ax, ay, bx, by, bz;
	uint32_t p;
	size_t i;

	snap_init(&a);
	snap_init(&b);
	at(&a, 1, 0);
	at(&b, 2, 0);
	ax = snap_str(&a, "rx_pause", 8);
	ay = snap_str(&a, "tx_pause", 8);
	/* the same ids in b, the texts swapped: an id is no identity */
	bx = snap_str(&b, "tx_pause", 8);
	by = snap_str(&b, "rx_pause", 8);
	bz = snap_str(&b, "rx_discards", 11);
	CHECK(ax == bx && ay == by);
	for (p = 1; p <= 64; p++) {
		add_counter(&a, 0, p, SNAP_SRC_DRV, "", p, 64)->name = ax;
		add_counter(&a, 0, p, SNAP_SRC_DRV, "", 1000 + p, 64)->name = ay;
	}
	for (p = 1; p <= 64; p++) {
		/* b's port 10 has rx_discards where rx_pause was; ports 60
		 * on come tx first */
		uint32_t first = p == 10 ? bz : p >= 60 ? bx : by;
		uint32_t second = p >= 60 ? by : bx;
		uint64_t v1 = first == bx ? 1000 + 3 * p : 2 * p;
		uint64_t v2 = second == bx ? 1000 + 3 * p : 2 * p;

		add_counter(&b, 0, p, SNAP_SRC_DRV, "", v1, 64)->name = first;
		add_counter(&b, 0, p, SNAP_SRC_DRV, "", v2, 64)->name = second;
	}
	CHECK_EQ_U(rate_compute(&a, &b), 0);
	for (i = 0; i < b.counters.n; i++) {
		struct snap_counter *c = ctr(&b, i);

		if (c->name == bz) {
			CHECK_EQ_U(c->rate_status, RATE_INIT);
			continue;
		}
		CHECK_EQ_U(c->rate_status, RATE_DATA);
		/* rx_pause p -> 2p, tx_pause 1000 + p -> 1000 + 3p */
		CHECK_EQ_U(c->delta, c->name == bx ? 2 * (uint64_t)c->port : c->port);
	}
	snap_free(&a);
	snap_free(&b);
}

/* a run (struct snap_counter's run) of names r0.. in order, or reversed */
static void add_run(struct snapshot *s, uint32_t port, uint32_t set, bool rev,
		    const uint64_t *v, size_t n)
{
	size_t i;
	char name[24];

	for (i = 0; i < n; i++) {
		struct snap_counter *c;

		snprintf(name, sizeof(name), "r%zu", rev ? n - 1 - i : i);
		c = add_counter(s, 0, port, SNAP_SRC_DRV, name, v[i], 64);
		c->link = 1;
		c->set = set;
		c->run = i ? 0 : (uint16_t)n;
	}
}

/*
 * Runs rated pairwise where the sample before has the same template at the
 * same index; else each row found by its name: another template (its
 * names in another order), a run moved by a row before it.
 */
static void test_runs(void)
{
	static const uint64_t a1[] = { 10, 20, 30, 40 }, b1[] = { 11, 22, 33, 4 };
	static const uint64_t a2[] = { 10, 20, 30, 40 }, b2[] = { 45, 34, 23, 12 };
	static const uint64_t a3[] = { 1, 2, 3, 4 }, b3[] = { 6, 7, 8, 9 };
	struct snapshot a, b;
	size_t i;

	snap_init(&a);
	snap_init(&b);
	at(&a, 1, 0);
	at(&b, 3, 0);
	add_run(&a, 1, 5, false, a1, 4);
	add_run(&b, 1, 5, false, b1, 4);
	add_run(&a, 2, 5, false, a2, 4);
	add_run(&b, 2, 6, true, b2, 4);
	add_run(&a, 3, 5, false, a3, 4);
	add_counter(&b, 0, 3, SNAP_SRC_HW, "x", 1, 64);
	add_run(&b, 3, 5, false, b3, 4);
	CHECK_EQ_U(rate_compute(&a, &b), 0);
	for (i = 0; i < 3; i++) {
		CHECK_EQ_U(ctr(&b, i)->rate_status, RATE_DATA);
		CHECK_EQ_U(ctr(&b, i)->delta, i + 1);
		CHECK(fabs(ctr(&b, i)->rate - (double)(i + 1) / 2) < 1e-9);
	}
	CHECK_EQ_U(ctr(&b, 3)->rate_status, RATE_RESET);
	CHECK_EQ_U(ctr(&b, 3)->rate, 0);
	/* port 2, reversed: r3 45 (40 before), r2 34 (30) ... r0 12 (10) */
	for (i = 4; i < 8; i++) {
		CHECK_EQ_U(ctr(&b, i)->rate_status, RATE_DATA);
		CHECK_EQ_U(ctr(&b, i)->delta, 9 - i);
	}
	CHECK_EQ_U(ctr(&b, 8)->rate_status, RATE_INIT);
	for (i = 9; i < 13; i++)
		CHECK_EQ_U(ctr(&b, i)->delta, 5);
	snap_free(&a);
	snap_free(&b);
}

TEST_MAIN(test_delta, test_psn_delta, test_first_sample, test_rates, test_pma_data_wrap,
	  test_order_independent, test_qp_psn, test_zero_interval, test_device_reregistered,
	  test_res_change, test_shared_names, test_runs)
