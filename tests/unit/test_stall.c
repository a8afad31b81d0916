// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * QP stalls (src/model/stall.c) on made-up sample sequences through the
 * sample pipeline (snap_advance): stalled after --stall-after seconds of
 * still PSNs, idle (never moved in RTS) never stalled, ERR with the time
 * it was first seen so, an owner gone, a carried row that does not age,
 * and the Stalls table's rows, JSON and text.
 */
#include <math.h>
#include <stdlib.h>

#include "advance.h"
#include "out.h"
#include "stall.h"
#include "test.h"

enum { RC = 2, UD = 4, RTR = 2, RTS = 3, ERR = 6 };

struct q {
	uint32_t lqpn, rqpn;
	uint8_t type, state;
	uint32_t sq, rq;
	uint32_t tid;
};

/* One sample at sec: rxe0's QP table dumped (or carried: the rows of
 * prev), its QPs, and their owners (tid 300 gone when gone). */
static void sample(struct snapshot *s, const struct snapshot *prev, double sec, const struct q *qs,
		   size_t n, bool gone)
{
	struct snap_dev *d;
	size_t i;

	snap_clear(s);
	s->mono.tv_sec = (time_t)sec;
	s->mono.tv_nsec = (long)((sec - floor(sec)) * 1e9);
	s->wall.tv_sec = 1764633600 + s->mono.tv_sec;
	s->wall.tv_nsec = s->mono.tv_nsec;
	d = snap_push(&s->devs, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "rxe0");
	d->res_asked = 1u << SNAP_RES_QP;
	d->res_when[SNAP_RES_QP] = s->mono;
	if (!qs && prev) { /* not dumped: snap_carry brings the rows */
		d->res_asked = 0;
		s->self.valid = SNAP_SELF_CPU | SNAP_SELF_BUDGET;
		s->self.budget = 3;
	}
	for (i = 0; qs && i < n; i++) {
		struct snap_qp *q = snap_push(&s->qps, sizeof(*q));

		q->lqpn = qs[i].lqpn;
		q->rqpn = qs[i].rqpn;
		q->type = qs[i].type;
		q->state = qs[i].state;
		q->sq_psn = qs[i].sq;
		q->rq_psn = qs[i].rq;
		q->port = 1;
		q->valid = SNAP_QP_TYPE | SNAP_QP_STATE | SNAP_QP_SQ_PSN | SNAP_QP_RQ_PSN |
			   SNAP_QP_RQPN | SNAP_QP_PORT;
		q->own.valid = SNAP_OWN_TID;
		q->own.tid = qs[i].tid;
	}
	for (uint32_t tid = 100; tid <= 300; tid += 100) {
		struct snap_task *t = snap_task_get(s, tid);

		t->pid = tid;
		t->comm = snap_str(s, tid == 300 ? "victim" : "ib_rc_pingpong", 64);
		t->pcomm = t->comm;
		t->valid = SNAP_TASK_PID | SNAP_TASK_COMM | SNAP_TASK_PCOMM;
		if (tid == 300 && gone)
			t->valid = SNAP_TASK_GONE;
	}
	SNAP_SET(snap_task_get(s, 100), cgroup, SNAP_TASK_CGROUP,
		 snap_str(s, "/system.slice/slurmstepd.scope/job_4242/step_0/user/task_0", 255));
	snap_tasks_sort(s);
	CHECK_EQ_U(snap_advance(prev, s), 0);
}

static struct stall_info of(const struct snapshot *s, uint32_t lqpn)
{
	struct stall_info st = { STALL_N, -1, -1, true };
	size_t i;

	for (i = 0; i < s->qps.n; i++)
		if (SNAP_AT(&s->qps, struct snap_qp, i)->lqpn == lqpn)
			stall_of(s, SNAP_AT(&s->qps, struct snap_qp, i), &st);
	return st;
}

#define NEAR(a, b) CHECK(fabs((a) - (b)) < 1e-6)

/*
 * 17 moves until 1.5 s and stands still; 18 reaches RTS and never moves
 * (a server waiting on its first receive); 19 goes to ERR at 5.5 s; 20 is
 * UD; 21 moves and stops like 17, its owner gone at the end.
 */
static void test_sequence(void)
{
	struct snapshot a, b, *prev = NULL, *cur = &a;
	struct q qs[] = {
		{ 17, 18, RC, RTS, 100, 200, 100 }, { 18, 17, RC, RTS, 5000, 6000, 200 },
		{ 19, 33, RC, RTS, 7, 9, 200 },	    { 20, 0, UD, RTS, 1, 0, 200 },
		{ 21, 40, RC, RTS, 1, 1, 300 },
	};
	double t;

	stall_set_after(10);
	snap_init(&a);
	snap_init(&b);
	for (t = 0.5; t < 12.6; t += 1) {
		if (t < 2) { /* 17 and 21 move, both ways */
			qs[0].sq += 10;
			qs[0].rq += 3;
			qs[4].sq++;
		}
		if (t > 5)
			qs[2].state = ERR;
		sample(cur, prev, t, qs, 5, t > 12);
		/* 17: moved last at 1.5, stalled from 11.5 on */
		CHECK_EQ_U(of(cur, 17).kind,
			   t < 11.4 ? (t < 0.9 ? STALL_IDLE : STALL_OK) : STALL_STALLED);
		if (t > 1)
			NEAR(of(cur, 17).age, t - 1.5);
		CHECK_EQ_U(of(cur, 18).kind, STALL_IDLE);
		CHECK_EQ_U(of(cur, 19).kind, t > 5 ? STALL_ERR : STALL_IDLE);
		if (t > 5) /* first seen in ERR at 5.5 */
			NEAR(of(cur, 19).age, t - 5.5);
		/* idle since the first sample: since then or before; in ERR
		 * from after the first sample: exact */
		CHECK_EQ_U(of(cur, 19).before, t < 5);
		/* 17 in RTS since the first sample, quiet since before it
		 * until it moves (at 1.5): from then on exact */
		CHECK_EQ_U(of(cur, 17).before, t < 0.9);
		CHECK_EQ_U(of(cur, 20).kind, STALL_NA);
		prev = cur;
		cur = cur == &a ? &b : &a;
	}
	/* at 12.5: 17 stalled 11 s, 21 gone (owner exited), 19 in ERR 7 s */
	CHECK_EQ_U(of(prev, 21).kind, STALL_GONE);
	{
		size_t *rows;
		ssize_t n = stall_rows(prev, &rows);

		CHECK_EQ_U(n, 3);
		if (n == 3) {
			CHECK_EQ_U(SNAP_AT(&prev->qps, struct snap_qp, rows[0])->lqpn, 17);
			CHECK_EQ_U(SNAP_AT(&prev->qps, struct snap_qp, rows[1])->lqpn, 19);
			CHECK_EQ_U(SNAP_AT(&prev->qps, struct snap_qp, rows[2])->lqpn, 21);
		}
		free(rows);
	}
	/* a sample whose QP table is carried: the rows keep their own time
	 * (12.5), so a stall does not age on rows nobody read */
	sample(cur, prev, 14.5, NULL, 0, true);
	CHECK_EQ_U(cur->qps.n, 5);
	NEAR(of(cur, 17).age, 11);
	/* a shorter --stall-after: the same rows, stalled sooner */
	stall_set_after(12);
	CHECK_EQ_U(of(cur, 17).kind, STALL_OK);
	stall_set_after(10);
	snap_free(&a);
	snap_free(&b);
}

/*
 * A requester retrying (RNR NAKs, ACK timeouts) swings its sq_psn back to
 * its oldest unacknowledged PSN and forward (rxe_req.c req_retry): not
 * progress, so it stalls.  Its peer 18, here in loopback, is known; once
 * 18 is destroyed and 17 goes to ERR, 17's peer is gone (not remote).
 */
static void test_retry_peer(void)
{
	struct snapshot a, b, *prev = NULL, *cur = &a;
	struct q qs[] = { { 17, 18, RC, RTS, 1000, 50, 100 }, { 18, 17, RC, RTS, 50, 1000, 300 } };
	static const uint32_t swing[] = { 1000, 1100, 1000, 1050, 1100, 1000, 1020,
					  1100, 1000, 1080, 1100, 1000, 1100, 1050 };
	struct stall_info st;
	size_t k;

	stall_set_after(10);
	snap_init(&a);
	snap_init(&b);
	for (k = 0; k < sizeof(swing) / sizeof(swing[0]); k++) {
		qs[0].sq = swing[k];
		/* 18 received up to 1100 at sample 0 */
		qs[1].rq = 1100;
		sample(cur, prev, 10.0 + (double)k, qs, k < 12 ? 2 : 1, false);
		if (k == 1) /* 17 moved once: 1000 -> 1100 at k=0 vs first seen */
			CHECK_EQ_U(of(cur, 17).kind, STALL_OK);
		if (k < 12)
			CHECK_EQ_U(stall_peer_of(cur, SNAP_AT(&cur->qps, struct snap_qp, 0), &st),
				   STALL_PEER_HERE);
		prev = cur;
		cur = cur == &a ? &b : &a;
	}
	/* first seen at 10 with 1000, 1100 at 11: quiet since 11 whatever it
	 * swings; at 21 stalled (not before) */
	NEAR(of(prev, 17).age, 23 - 11);
	CHECK_EQ_U(of(prev, 17).kind, STALL_STALLED);
	/* at 22 and 23 its peer is gone; 17 in ERR keeps knowing it was here */
	qs[0].state = ERR;
	sample(cur, prev, 24, qs, 1, false);
	CHECK_EQ_U(of(cur, 17).kind, STALL_ERR);
	CHECK_EQ_U(stall_peer_of(cur, SNAP_AT(&cur->qps, struct snap_qp, 0), &st), STALL_PEER_GONE);
	/* a QP whose peer was never here: remote */
	snap_clear(prev);
	sample(prev, NULL, 30, qs, 1, false);
	CHECK_EQ_U(stall_peer_of(prev, SNAP_AT(&prev->qps, struct snap_qp, 0), &st),
		   STALL_PEER_AWAY);
	snap_free(&a);
	snap_free(&b);
}

/* JSON's "stalls" and -b's STALLS: the stalled QP with its RQPN, its
 * owner's job, its age and since (the samples' wall clock) */
static void test_outputs(void)
{
	struct snapshot a, b;
	struct q qs[] = { { 17, 18, RC, RTS, 100, 200, 100 } };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	snap_init(&a);
	snap_init(&b);
	sample(&a, NULL, 100, qs, 1, false);
	qs[0].sq++;
	sample(&b, &a, 101, qs, 1, false);
	sample(&a, &b, 113, qs, 1, false);
	f = open_memstream(&buf, &len);
	CHECK_EQ_U(out_json(f, &a, NULL), 0);
	fclose(f);
	CHECK(strstr(buf, "\"stall_after\":10,\"stalls\":[{\"dev\":\"rxe0\",\"port\":1,"
			  "\"lqpn\":17,\"rqpn\":18,\"state\":\"RTS\",\"stall\":\"stalled\","
			  "\"stall_age\":12,") != NULL);
	CHECK(strstr(buf, "\"comm\":\"ib_rc_pingpong\",\"group\":\"job:4242\","
			  "\"since\":\"2025-12-02T00:01:41") != NULL);
	/* it moved at 101: its age is exact */
	CHECK(strstr(buf, "since_or_before") == NULL);
	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &len);
	CHECK_EQ_U(out_text(f, &a, NULL), 0);
	fclose(f);
	CHECK(strstr(buf, "\nSTALLS\nDEV") != NULL);
	CHECK(strstr(buf, "rxe0          1      17      18 RTS   stalled     12s") != NULL);
	if (!strstr(buf, "rxe0          1      17      18 RTS   stalled     12s"))
		fputs(buf, stderr);
	free(buf);
	snap_free(&a);
	snap_free(&b);
}

/* A QP already in ERR at the first sample got there at or before it: its
 * age a lower bound, "2s+" in the text, since_or_before in JSON; a jump
 * (no sample before) starts it so again */
static void test_before(void)
{
	struct snapshot a, b;
	struct q qs[] = { { 17, 18, RC, ERR, 100, 200, 100 } };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	snap_init(&a);
	snap_init(&b);
	sample(&a, NULL, 100, qs, 1, false);
	CHECK_EQ_U(of(&a, 17).kind, STALL_ERR);
	CHECK(of(&a, 17).before);
	sample(&b, &a, 102, qs, 1, false);
	NEAR(of(&b, 17).age, 2);
	CHECK(of(&b, 17).before);
	f = open_memstream(&buf, &len);
	CHECK_EQ_U(out_text(f, &b, NULL), 0);
	fclose(f);
	CHECK(strstr(buf, "rxe0          1      17      18 ERR   err         2s+") != NULL);
	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &len);
	CHECK_EQ_U(out_json(f, &b, NULL), 0);
	fclose(f);
	CHECK(strstr(buf, "\"stall_age\":2,") != NULL);
	CHECK(strstr(buf, "\"since_or_before\":true") != NULL);
	free(buf);
	/* to RTS and back to ERR after the first sample: exact again */
	qs[0].state = RTS;
	sample(&a, &b, 103, qs, 1, false);
	qs[0].state = ERR;
	sample(&b, &a, 104, qs, 1, false);
	sample(&a, &b, 106, qs, 1, false);
	NEAR(of(&a, 17).age, 2);
	CHECK(!of(&a, 17).before);
	snap_free(&a);
	snap_free(&b);
}

TEST_MAIN(test_sequence, test_retry_peer, test_outputs, test_before)
