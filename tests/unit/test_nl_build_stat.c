// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Round trips for the counters of objects (nldev.c): a bound counter
 * (fill_res_counter_entry), the port's QP counter mode
 * (stat_get_doit_qp), the optional counters (STAT_GET_STATUS) and the
 * MR stats (fill_stat_mr_entry); and their errors on a device without
 * them, which are no failure.
 */
#include <errno.h>
#include <string.h>

#include "nl.h"
#include "rate.h"
#include "test.h"

static unsigned char buf[NL_BUF_SIZE];

static struct nlmsghdr *stat_msg(uint16_t cmd, uint16_t flags)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, cmd);
	nlh->nlmsg_flags = flags;
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 3);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, "mlx5_0");
	mnl_attr_put_u32(nlh, 250, 1);	/* a type from a newer kernel */
	return nlh;
}

static int parse(struct snapshot *s, struct nlmsghdr *nlh, uint16_t cmd, uint16_t flags,
		 uint16_t kind)
{
	struct nl_req req = { .cmd = cmd, .flags = flags, .dev = 3, .port = SNAP_NONE,
			      .kind = kind };
	struct nl_result res = { 0 };

	return nl_parse(s, &req, nlh, nlh->nlmsg_len, &res);
}

static void put_values(struct nlmsghdr *nlh, const char *const *names, const uint64_t *v, int n)
{
	struct nlattr *t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTERS), *e;
	int i;

	for (i = 0; i < n; i++) {
		e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME, names[i]);
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE, v[i]);
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, t);
}

static void put_counter(struct nlmsghdr *nlh, uint32_t id, uint64_t oos)
{
	static const char *const names[] = { "out_of_sequence", "local_ack_timeout_err" };
	uint64_t v[] = { oos, 9 };
	struct nlattr *e, *q, *qe;
	uint32_t lqpn;

	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, id);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_MODE, RDMA_COUNTER_MODE_AUTO);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, 2);	/* IB_QPT_RC */
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PID, 4242);
	q = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	for (lqpn = 0x120; lqpn <= 0x121; lqpn++) {
		qe = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, lqpn);
		mnl_attr_nest_end(nlh, qe);
	}
	mnl_attr_nest_end(nlh, q);
	put_values(nlh, names, v, 2);
	mnl_attr_nest_end(nlh, e);
}

static void bound(struct snapshot *s, uint64_t oos)
{
	struct nlmsghdr *nlh = stat_msg(RDMA_NLDEV_CMD_STAT_GET, NLM_F_MULTI);
	struct nlattr *t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER);

	put_counter(nlh, 1, oos);
	mnl_attr_nest_end(nlh, t);
	/* 1: a dump waits for its NLMSG_DONE */
	CHECK_EQ_U(parse(s, nlh, RDMA_NLDEV_CMD_STAT_GET, NLM_F_DUMP, NL_REQ_STAT_QP), 1);
}

static void test_bound(void)
{
	struct snapshot a, b;
	const struct snap_qpcnt *c;
	const struct snap_counter *v;

	snap_init(&a);
	snap_init(&b);
	bound(&a, 40);
	CHECK_EQ_U(a.qpcnts.n, 1);
	CHECK_EQ_U(a.objcnts.n, 2);
	c = SNAP_AT(&a.qpcnts, struct snap_qpcnt, 0);
	CHECK_EQ_U(c->cntn, 1);
	CHECK_EQ_U(c->port, 1);
	CHECK_EQ_U(c->n_lqpn, 2);
	CHECK_EQ_S(snap_s(&a, c->lqpns), "288,289");
	CHECK(SNAP_HAS(c, SNAP_QPCNT_MODE) && c->mode == SNAP_QPCNT_AUTO);
	CHECK(SNAP_HAS(c, SNAP_QPCNT_TYPE) && c->qp_type == 2);
	CHECK(c->own.valid & SNAP_OWN_TID);
	CHECK_EQ_U(c->own.tid, 4242);
	CHECK(snap_qpcnt_of(&a, 3, 0x121) == c);
	CHECK(snap_qpcnt_of(&a, 3, 0x12) == NULL);
	CHECK(snap_qpcnt_of(&a, 4, 0x120) == NULL);
	v = SNAP_AT(&a.objcnts, struct snap_counter, 0);
	CHECK_EQ_S(snap_s(&a, v->name), "out_of_sequence");
	CHECK_EQ_U(v->value, 40);
	CHECK_EQ_U(v->obj, 1);
	CHECK_EQ_U(v->kind, SNAP_OBJ_QPCNT);
	/* none of it is a port counter */
	CHECK_EQ_U(a.counters.n, 0);

	/* a second sample: the rate of the bound counter's value */
	b.mono.tv_sec = 2;
	a.mono.tv_sec = 1;
	bound(&b, 45);
	CHECK_EQ_U(rate_compute(&a, &b), 0);
	v = SNAP_AT(&b.objcnts, struct snap_counter, 0);
	CHECK_EQ_U(v->rate_status, RATE_DATA);
	CHECK_EQ_U(v->delta, 5);
	snap_free(&a);
	snap_free(&b);
}

static void test_mode_status_mr(void)
{
	static const char *const mrn[] = { "page_faults", "page_invalidations" };
	uint64_t mv[] = { 184, 12 };
	struct snapshot s;
	struct nlmsghdr *nlh;
	struct nlattr *t, *e;
	const struct snap_port *p;
	const struct snap_optcnt *o;
	const char *cc = "cc_rx_cnp_pkts";
	uint64_t ccv = 7;
	int i;

	snap_init(&s);
	/* the port's counters first, with an optional one enabled */
	nlh = stat_msg(RDMA_NLDEV_CMD_STAT_GET, 0);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	put_values(nlh, &cc, &ccv, 1);
	CHECK_EQ_U(parse(&s, nlh, RDMA_NLDEV_CMD_STAT_GET, 0, NL_REQ_PLAIN), 0);
	CHECK_EQ_U(s.counters.n, 1);

	nlh = stat_msg(RDMA_NLDEV_CMD_STAT_GET, 0);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_MODE, RDMA_COUNTER_MODE_AUTO);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_AUTO_MODE_MASK,
			 RDMA_COUNTER_MASK_QP_TYPE | RDMA_COUNTER_MASK_PID);
	CHECK_EQ_U(parse(&s, nlh, RDMA_NLDEV_CMD_STAT_GET, 0, NL_REQ_STAT_QP), 0);
	p = snap_port_find(&s, 3, 1);
	CHECK(p && SNAP_HAS(p, SNAP_PORT_QP_MODE) && p->qp_mode == SNAP_QPCNT_AUTO);
	CHECK(p && SNAP_HAS(p, SNAP_PORT_QP_MASK) &&
	      p->qp_mask == (SNAP_QPCNT_BY_TYPE | SNAP_QPCNT_BY_PID));
	CHECK(p && !SNAP_HAS(p, SNAP_PORT_QP_OPCNT));	/* before 6.15: not said */
	CHECK_EQ_U(s.counters.n, 1);	/* no counters from the mode */
	/* 6.15+: auto mode's counters count the optional counters too */
	nlh = stat_msg(RDMA_NLDEV_CMD_STAT_GET, 0);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_MODE, RDMA_COUNTER_MODE_AUTO);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_AUTO_MODE_MASK, RDMA_COUNTER_MASK_PID);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_STAT_OPCOUNTER_ENABLED, 1);
	CHECK_EQ_U(parse(&s, nlh, RDMA_NLDEV_CMD_STAT_GET, 0, NL_REQ_STAT_QP), 0);
	p = snap_port_find(&s, 3, 1);
	CHECK(p && SNAP_HAS(p, SNAP_PORT_QP_OPCNT) && p->qp_opcnt == 1);
	CHECK(p && p->qp_mask == SNAP_QPCNT_BY_PID);

	nlh = stat_msg(RDMA_NLDEV_CMD_STAT_GET_STATUS, 0);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTERS);
	for (i = 0; i < 3; i++) {
		static const char *const n[] = { "rx_write_requests", "cc_rx_ce_pkts",
						 "cc_rx_cnp_pkts" };

		e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME, n[i]);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX, (uint32_t)i + 30);
		if (i)
			mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_DYNAMIC, i == 2);
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, t);
	CHECK_EQ_U(parse(&s, nlh, RDMA_NLDEV_CMD_STAT_GET_STATUS, 0, NL_REQ_PLAIN), 0);
	CHECK_EQ_U(s.optcnts.n, 2);	/* the always-on counter is not optional */
	o = SNAP_AT(&s.optcnts, struct snap_optcnt, 0);
	CHECK_EQ_S(snap_s(&s, o->name), "cc_rx_ce_pkts");
	CHECK_EQ_U(o->index, 31);
	CHECK_EQ_U(o->enabled, 0);
	o = SNAP_AT(&s.optcnts, struct snap_optcnt, 1);
	CHECK_EQ_U(o->enabled, 1);
	CHECK_EQ_U(SNAP_AT(&s.counters, struct snap_counter, 0)->optional, 1);

	nlh = stat_msg(RDMA_NLDEV_CMD_STAT_GET, NLM_F_MULTI);
	t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_MR);
	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_MR_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_MRN, 11);
	put_values(nlh, mrn, mv, 2);
	mnl_attr_nest_end(nlh, e);
	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_MR_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_MRN, 4);	/* no stats */
	mnl_attr_nest_end(nlh, e);
	mnl_attr_nest_end(nlh, t);
	CHECK_EQ_U(parse(&s, nlh, RDMA_NLDEV_CMD_STAT_GET, NLM_F_DUMP, NL_REQ_STAT_MR), 1);
	CHECK_EQ_U(s.objcnts.n, 2);
	CHECK_EQ_U(SNAP_AT(&s.objcnts, struct snap_counter, 1)->value, 12);
	CHECK_EQ_U(SNAP_AT(&s.objcnts, struct snap_counter, 1)->obj, 11);
	CHECK_EQ_U(SNAP_AT(&s.objcnts, struct snap_counter, 1)->kind, SNAP_OBJ_MR);
	snap_free(&s);
}

/* An entry without its counter id is refused, and what it added rolled back. */
static void test_bad_entry(void)
{
	struct snapshot s;
	struct nlmsghdr *nlh = stat_msg(RDMA_NLDEV_CMD_STAT_GET, NLM_F_MULTI);
	struct nlattr *t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER), *e;

	snap_init(&s);
	put_counter(nlh, 1, 5);
	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	mnl_attr_nest_end(nlh, e);
	mnl_attr_nest_end(nlh, t);
	CHECK(parse(&s, nlh, RDMA_NLDEV_CMD_STAT_GET, NLM_F_DUMP, NL_REQ_STAT_QP) == -EBADMSG);
	CHECK_EQ_U(s.qpcnts.n, 0);
	CHECK_EQ_U(s.objcnts.n, 0);
	snap_free(&s);
}

/* rxe (6.1, 6.12): no counter ops, -EOPNOTSUPP: no note, no failed table */
static void test_unsupported(void)
{
	static const int errs[] = { -EOPNOTSUPP, -EINVAL, -ENOENT };
	struct snapshot s;
	size_t i;

	snap_init(&s);
	((struct snap_dev *)snap_push(&s.devs, sizeof(struct snap_dev)))->index = 3;
	for (i = 0; i < sizeof(errs) / sizeof(errs[0]); i++) {
		struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
		struct nlmsgerr *me;

		nlh->nlmsg_type = NLMSG_ERROR;
		me = mnl_nlmsg_put_extra_header(nlh, sizeof(*me));
		me->error = errs[i];
		me->msg.nlmsg_len = sizeof(struct nlmsghdr);
		CHECK(parse(&s, nlh, RDMA_NLDEV_CMD_STAT_GET, NLM_F_DUMP, NL_REQ_STAT_QP) == errs[i]);
		CHECK(parse(&s, nlh, RDMA_NLDEV_CMD_STAT_GET_STATUS, 0, NL_REQ_PLAIN) == errs[i]);
	}
	CHECK_EQ_U(s.notes.n, 0);
	/* a real failure is told */
	{
		struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
		struct nlmsgerr *me;

		nlh->nlmsg_type = NLMSG_ERROR;
		me = mnl_nlmsg_put_extra_header(nlh, sizeof(*me));
		me->error = -EPERM;
		me->msg.nlmsg_len = sizeof(struct nlmsghdr);
		parse(&s, nlh, RDMA_NLDEV_CMD_STAT_GET, NLM_F_DUMP, NL_REQ_STAT_MR);
		CHECK_EQ_U(s.notes.n, 1);
		CHECK(strstr(snap_s(&s, SNAP_AT(&s.notes, struct snap_note, 0)->text), "MR stats"));
	}
	snap_free(&s);
}

TEST_MAIN(test_bound, test_mode_status_mr, test_bad_entry, test_unsupported)
