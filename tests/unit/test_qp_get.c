// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-QP GETs of a paced QP table: the doit answer as the kernel builds it
 * (nldev.c res_get_common_doit: fill_nldev_handle, then fill_res_qp_entry's
 * attributes at the top level, no RES_QP nest; 6.1 to 7.x), the -ENOENT of
 * a QP gone since, the request as built and recorded, the rows it
 * refreshes in the carried table, and rates over each row's own span.
 */
#include <errno.h>
#include <math.h>

#include "nl.h"
#include "rate.h"
#include "test.h"

static unsigned char buf[NL_BUF_SIZE];

static const struct nl_req get5 = { .cmd = RDMA_NLDEV_CMD_RES_QP_GET, .dev = 0, .port = 1,
				    .kind = NL_REQ_OBJ, .id = 5 };

/* The reply to get5: rxe0's RC QP 5, sq_psn psn (fill_res_qp_entry's order). */
static struct nlmsghdr *reply(uint32_t lqpn, uint32_t psn)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_QP_GET);
	nlh->nlmsg_flags = 0;
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 0);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, "rxe0");
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, lqpn);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PDN, 3);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PID, 4242);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_RQPN, 6);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_RQ_PSN, 77);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_SQ_PSN, psn);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_PATH_MIG_STATE, 0);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, 2);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_STATE, 3);
	return nlh;
}

/* NLMSG_ERROR err, as netlink_ack() answers a request the doit refused. */
static struct nlmsghdr *error(int err)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nlmsgerr *e;

	nlh->nlmsg_type = NLMSG_ERROR;
	nlh->nlmsg_flags = NLM_F_CAPPED;
	e = mnl_nlmsg_put_extra_header(nlh, sizeof(*e));
	e->error = err;
	e->msg.nlmsg_len = sizeof(e->msg);
	e->msg.nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_QP_GET);
	return nlh;
}

static int feed(struct snapshot *s, const struct nl_req *req, const struct nlmsghdr *nlh)
{
	struct nl_result res = { 0 };

	return nl_parse(s, req, nlh, nlh->nlmsg_len, &res);
}

static void sample(struct snapshot *s, long sec, bool asked_qp)
{
	struct snap_dev *d;

	snap_init(s);
	s->mono.tv_sec = sec;
	s->self.valid = SNAP_SELF_CPU | SNAP_SELF_BUDGET;
	s->self.budget = 3;
	d = snap_push(&s->devs, sizeof(*d));
	d->index = 0;
	snprintf(d->name, sizeof(d->name), "rxe0");
	if (asked_qp) {
		d->res_asked = 1u << SNAP_RES_QP;
		d->res_when[SNAP_RES_QP] = s->mono;
	}
}

static void qp(struct snapshot *s, uint32_t lqpn, uint32_t psn)
{
	struct snap_qp *q = snap_push(&s->qps, sizeof(*q));

	q->dev = 0;
	q->port = 1;
	q->lqpn = lqpn;
	q->sq_psn = psn;
	q->type = 2;	/* RC, owned by 4242: the same QP as reply()'s */
	q->own.tid = 4242;
	q->own.valid = SNAP_OWN_TID;
	q->valid = SNAP_QP_SQ_PSN | SNAP_QP_PORT | SNAP_QP_TYPE;
}

static const struct snap_qp *find(const struct snapshot *s, uint32_t lqpn)
{
	size_t i;

	for (i = 0; i < s->qps.n; i++)
		if (SNAP_AT(&s->qps, struct snap_qp, i)->lqpn == lqpn)
			return SNAP_AT(&s->qps, struct snap_qp, i);
	return NULL;
}

static bool near(double a, double b)
{
	return fabs(a - b) < 1e-6;
}

/* The request: DEV_INDEX, PORT_INDEX, RES_LQPN, no NLM_F_DUMP (rdma res
 * show qp link rxe0/1 lqpn 5 sends these, and DRIVER_DETAILS, which the
 * doit does not read). */
static void test_request(void)
{
	struct nlmsghdr *nlh = nl_req_build(buf, &get5, 9);
	const struct nlattr *a;
	uint32_t seen[3], n = 0;

	CHECK_EQ_U(nlh->nlmsg_flags, NLM_F_REQUEST);
	CHECK_EQ_U(nlh->nlmsg_type, RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_QP_GET));
	mnl_attr_for_each(a, nlh, 0) {
		if (n < 3)
			seen[n] = mnl_attr_get_type(a);
		n++;
	}
	CHECK_EQ_U(n, 3);
	CHECK_EQ_U(seen[0], RDMA_NLDEV_ATTR_DEV_INDEX);
	CHECK_EQ_U(seen[1], RDMA_NLDEV_ATTR_PORT_INDEX);
	CHECK_EQ_U(seen[2], RDMA_NLDEV_ATTR_RES_LQPN);
	a = (const struct nlattr *)((const char *)mnl_nlmsg_get_payload(nlh) + 16);
	CHECK_EQ_U(mnl_attr_get_u32(a), 5);
}

/* The answer is one row with its own time; no table is marked dumped. */
static void test_reply(void)
{
	struct snapshot s;
	const struct snap_qp *q;

	sample(&s, 20, false);
	CHECK_EQ_U(feed(&s, &get5, reply(5, 1000)), 0);
	CHECK_EQ_U(s.qps.n, 1);
	q = find(&s, 5);
	CHECK(q && q->sq_psn == 1000 && q->rq_psn == 77 && q->rqpn == 6 && q->port == 1);
	CHECK(q && q->own.tid == 4242 && q->type == 2 && q->state == 3 && q->pdn == 3);
	CHECK(q && (q->valid & SNAP_QP_WHEN) && q->when.tv_sec == 20);
	CHECK_EQ_U(snap_dev_find(&s, 0)->res_asked, 0);
	CHECK_EQ_U(s.notes.n, 0);
	/* another QP than the one asked for: not taken */
	CHECK(feed(&s, &get5, reply(6, 1)) < 0);
	CHECK_EQ_U(s.qps.n, 1);
	snap_free(&s);
}

/* -ENOENT: gone; -EAGAIN (another port now), -EINVAL: no answer, no note. */
static void test_errors(void)
{
	struct snapshot s;

	sample(&s, 20, false);
	CHECK(feed(&s, &get5, error(-ENOENT)) < 0);
	CHECK_EQ_U(s.qps.n, 1);
	CHECK(SNAP_AT(&s.qps, struct snap_qp, 0)->valid & SNAP_QP_GONE);
	CHECK(feed(&s, &get5, error(-EAGAIN)) < 0);
	CHECK(feed(&s, &get5, error(-EINVAL)) < 0);
	CHECK_EQ_U(s.qps.n, 1);
	CHECK_EQ_U(s.notes.n, 0);
	CHECK_EQ_U(snap_dev_find(&s, 0)->tbl_err[SNAP_TBL_QP], 0);
	/* the gone marker is no row: snap_carry takes it out, even unpaced */
	s.self.budget = 0;
	CHECK_EQ_U(snap_carry(NULL, &s), 0);
	CHECK_EQ_U(s.qps.n, 0);
	snap_free(&s);
}

/*
 * QPs 5, 6, 7 dumped at 10 (PSNs 100, 200, 300), at 11 too; at 12 the
 * table is carried and QP 5 read by a GET (PSN 400), QP 7 gone; at 13 the
 * table is carried and nothing read again.
 */
static void test_carry_fresh(void)
{
	struct snapshot s0, s1, s2, s3;
	const struct snap_qp *q;
	struct nl_req get7 = get5;

	sample(&s0, 10, true);
	qp(&s0, 5, 100);
	qp(&s0, 6, 200);
	qp(&s0, 7, 300);
	rate_compute(NULL, &s0);
	sample(&s1, 11, true);
	qp(&s1, 5, 150);
	qp(&s1, 6, 210);
	qp(&s1, 7, 300);
	CHECK_EQ_U(snap_carry(&s0, &s1), 0);
	rate_compute(&s0, &s1);
	CHECK(near(find(&s1, 5)->sq_psn_rate, 50));

	sample(&s2, 12, false);
	CHECK_EQ_U(feed(&s2, &get5, reply(5, 400)), 0);
	get7.id = 7;
	CHECK(feed(&s2, &get7, error(-ENOENT)) < 0);
	CHECK_EQ_U(snap_carry(&s1, &s2), 0);
	rate_compute(&s1, &s2);
	/* the refreshed row in its place, the gone one out, the other carried */
	CHECK_EQ_U(s2.qps.n, 2);
	CHECK_EQ_U(SNAP_AT(&s2.qps, struct snap_qp, 0)->lqpn, 5);
	CHECK_EQ_U(SNAP_AT(&s2.qps, struct snap_qp, 1)->lqpn, 6);
	CHECK(find(&s2, 7) == NULL);
	q = find(&s2, 5);
	/* fresh now, dumped before: over 11 -> 12, not the table's age */
	CHECK(q && q->sq_psn == 400 && near(q->sq_psn_rate, 250));
	CHECK(q && near(snap_qp_age(&s2, q), 0) && snap_qp_paced(&s2, q));
	q = find(&s2, 6);
	/* carried: its last span's rate, its table's age */
	CHECK(q && q->sq_psn == 210 && near(q->sq_psn_rate, 10));
	CHECK(q && near(snap_qp_age(&s2, q), 1));
	CHECK(near(snap_table_age(&s2, SNAP_RES_QP), 1));

	sample(&s3, 13, false);
	CHECK_EQ_U(snap_carry(&s2, &s3), 0);
	rate_compute(&s2, &s3);
	CHECK_EQ_U(s3.qps.n, 2);
	q = find(&s3, 5);
	/* fresh before, carried now: its own time (12) stays, and its rate */
	CHECK(q && (q->valid & SNAP_QP_WHEN) && q->when.tv_sec == 12);
	CHECK(q && near(q->sq_psn_rate, 250) && near(snap_qp_age(&s3, q), 1));
	q = find(&s3, 6);
	CHECK(q && near(snap_qp_age(&s3, q), 2) && near(q->sq_psn_rate, 10));

	snap_free(&s0);
	snap_free(&s1);
	snap_free(&s2);
	snap_free(&s3);
}

/* A GET row where the table was dumped too (only a crafted recording): the
 * dump is the table. */
static void test_dumped_wins(void)
{
	struct snapshot s0, s1;

	sample(&s0, 10, true);
	qp(&s0, 5, 100);
	sample(&s1, 11, true);
	qp(&s1, 5, 150);
	CHECK_EQ_U(feed(&s1, &get5, reply(5, 999)), 0);
	CHECK_EQ_U(snap_carry(&s0, &s1), 0);
	CHECK_EQ_U(s1.qps.n, 1);
	CHECK_EQ_U(find(&s1, 5)->sq_psn, 150);
	snap_free(&s0);
	snap_free(&s1);
}

TEST_MAIN(test_request, test_reply, test_errors, test_carry_fresh, test_dumped_wins)
