// SPDX-License-Identifier: GPL-2.0-or-later
/* Round trips for CQ, MR, PD, CTX and SRQ dumps and hardware counters. */
#include <errno.h>

#include "nl.h"
#include "view.h"
#include "test.h"

static unsigned char buf[NL_BUF_SIZE];
static struct nlattr *table_nest;

static struct nlmsghdr *res_msg(uint16_t cmd, uint16_t table)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, cmd);
	nlh->nlmsg_flags = NLM_F_MULTI;
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 2);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, "siw0");
	mnl_attr_put_u32(nlh, 250, 1);
	table_nest = table ? mnl_attr_nest_start(nlh, table) : NULL;
	return nlh;
}

/* close the table nest opened by res_msg and parse the message */
static int res_end(struct snapshot *s, struct nlmsghdr *nlh, uint16_t cmd)
{
	struct nl_req req = { .cmd = cmd, .flags = NLM_F_DUMP, .dev = 2, .port = SNAP_NONE };
	struct nl_result res = { 0 };

	mnl_attr_nest_end(nlh, table_nest);
	return nl_parse(s, &req, nlh, nlh->nlmsg_len, &res);
}

static void owner(struct nlmsghdr *nlh, const char *kern)
{
	if (kern)
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_RES_KERN_NAME, kern);
	else
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PID, 4242);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_MAX + 5, 9);
}

static void test_cq(void)
{
	struct snapshot s;
	struct nlmsghdr *nlh = res_msg(RDMA_NLDEV_CMD_RES_CQ_GET, RDMA_NLDEV_ATTR_RES_CQ);
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CQ_ENTRY);
	const struct snap_cq *c;

	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CQN, 3);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CQE, 1023);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_USECNT, 2);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_POLL_CTX, 2);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DEV_DIM, 1);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CTXN, 6);
	owner(nlh, NULL);
	mnl_attr_nest_end(nlh, e);
	snap_init(&s);
	CHECK_EQ_U(res_end(&s, nlh, RDMA_NLDEV_CMD_RES_CQ_GET), 1);
	CHECK_EQ_U(s.cqs.n, 1);
	c = SNAP_AT(&s.cqs, struct snap_cq, 0);
	CHECK_EQ_U(c->dev, 2);
	CHECK_EQ_U(c->cqn, 3);
	CHECK_EQ_U(c->cqe, 1023);
	CHECK_EQ_U(c->users, 2);
	CHECK_EQ_S(snap_poll_ctx_str(c->poll_ctx), "WORKQUEUE");
	CHECK_EQ_U(c->dim, 1);
	CHECK_EQ_U(c->ctxn, 6);
	CHECK_EQ_U(c->own.tid, 4242);
	CHECK_EQ_U(c->valid, SNAP_CQ_CQE | SNAP_CQ_USERS | SNAP_CQ_POLL_CTX | SNAP_CQ_DIM |
		   SNAP_CQ_CTXN | SNAP_CQ_CQN);
	snap_free(&s);
}

/* An entry's driver nest (rdma_nl_put_driver_*()): every value type, hex,
 * a negative number, a value without a name and a name without a value. */
static void test_driver(void)
{
	struct snapshot s;
	struct nlmsghdr *nlh = res_msg(RDMA_NLDEV_CMD_RES_CQ_GET, RDMA_NLDEV_ATTR_RES_CQ);
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CQ_ENTRY), *d;
	struct view_ctx c = { .s = &s };
	char out[256];

	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CQN, 3);
	owner(nlh, NULL);
	d = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_DRIVER);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DRIVER_U32, 7);	/* no name: skipped */
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DRIVER_STRING, "cqn");
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DRIVER_U32, 1031);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DRIVER_STRING, "flags");
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DRIVER_PRINT_TYPE, RDMA_NLDEV_PRINT_TYPE_HEX);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_DRIVER_U64, 0x3005);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DRIVER_STRING, "delta");
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DRIVER_S32, (uint32_t)-5);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DRIVER_STRING, "big");
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_DRIVER_S64, (uint64_t)-6);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DRIVER_STRING, "odp");
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DRIVER_STRING, "implicit");
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DRIVER_STRING, "dangling");
	mnl_attr_nest_end(nlh, d);
	mnl_attr_nest_end(nlh, e);
	snap_init(&s);
	CHECK_EQ_U(res_end(&s, nlh, RDMA_NLDEV_CMD_RES_CQ_GET), 1);
	CHECK_EQ_U(s.cqs.n, 1);
	CHECK_EQ_U(s.drvs.n, 5);
	CHECK_EQ_U(SNAP_AT(&s.cqs, struct snap_cq, 0)->own.ndrv, 5);
	CHECK_EQ_U(view_driver(&c, VIEW_CQS, 0, out, sizeof(out)), 5);
	CHECK_EQ_S(out, "drv_cqn 1031 drv_flags 0x3005 drv_delta -5 drv_big -6 drv_odp implicit");
	/* cut short, never past the buffer */
	CHECK(view_driver(&c, VIEW_CQS, 0, out, 10) <= 5);
	CHECK_EQ_U(strlen(out), 9);
	CHECK_EQ_U(view_driver(&c, VIEW_QPS, 0, out, sizeof(out)), 0);
	snap_free(&s);
}

/* NL_REQ_DD: DRIVER_DETAILS = 1 in the request, not a netlink flag; a
 * refusal is an -EINVAL/-EOPNOTSUPP answer to such a request only. */
static void test_req_dd(void)
{
	static unsigned char rb[256];
	struct nl_req r = { .cmd = RDMA_NLDEV_CMD_RES_QP_GET, .flags = NLM_F_DUMP | NL_REQ_DD,
			    .dev = 3, .port = SNAP_NONE };
	struct nlmsghdr *nlh = nl_req_build(rb, &r, 7);
	const struct nlattr *a;
	bool dd = false;

	CHECK_EQ_U(nlh->nlmsg_flags, NLM_F_REQUEST | NLM_F_DUMP);
	mnl_attr_for_each(a, nlh, 0)
		if (mnl_attr_get_type(a) == RDMA_NLDEV_ATTR_DRIVER_DETAILS)
			dd = mnl_attr_get_u8(a) == 1;
	CHECK(dd);
	CHECK(nl_dd_refused(&r, -EINVAL));
	CHECK(nl_dd_refused(&r, -EOPNOTSUPP));
	CHECK(!nl_dd_refused(&r, -EPERM));
	CHECK(!nl_dd_refused(&r, 0));
	r.flags = NLM_F_DUMP;
	CHECK(!nl_dd_refused(&r, -EINVAL));
	nlh = nl_req_build(rb, &r, 8);
	dd = false;
	mnl_attr_for_each(a, nlh, 0)
		dd |= mnl_attr_get_type(a) == RDMA_NLDEV_ATTR_DRIVER_DETAILS;
	CHECK(!dd);
}

static void test_mr_pd_ctx(void)
{
	struct snapshot s;
	struct nlmsghdr *nlh;
	struct nlattr *e;
	const struct snap_mr *m;
	const struct snap_pd *p;
	const struct snap_ctx *c;

	snap_init(&s);
	nlh = res_msg(RDMA_NLDEV_CMD_RES_MR_GET, RDMA_NLDEV_ATTR_RES_MR);
	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_MR_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_MRN, 8);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_RKEY, 0xad3);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LKEY, 0xad4);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_IOVA, 0x7f0000001000ull);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_MRLEN, 1ull << 33);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PDN, 6);
	owner(nlh, NULL);
	mnl_attr_nest_end(nlh, e);
	/* unprivileged reader: no keys, no iova */
	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_MR_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_MRN, 9);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_MRLEN, 16);
	owner(nlh, "nvme_rdma");
	mnl_attr_nest_end(nlh, e);
	CHECK_EQ_U(res_end(&s, nlh, RDMA_NLDEV_CMD_RES_MR_GET), 1);
	CHECK_EQ_U(s.mrs.n, 2);
	m = SNAP_AT(&s.mrs, struct snap_mr, 0);
	CHECK_EQ_U(m->mrn, 8);
	CHECK_EQ_U(m->rkey, 0xad3);
	CHECK_EQ_U(m->lkey, 0xad4);
	CHECK_EQ_U(m->iova, 0x7f0000001000ull);
	CHECK_EQ_U(m->mrlen, 1ull << 33);
	CHECK_EQ_U(m->pdn, 6);
	CHECK_EQ_U(m->valid, SNAP_MR_RKEY | SNAP_MR_LKEY | SNAP_MR_IOVA | SNAP_MR_LEN |
		   SNAP_MR_PDN | SNAP_MR_MRN);
	m = SNAP_AT(&s.mrs, struct snap_mr, 1);
	CHECK_EQ_U(m->valid, SNAP_MR_LEN | SNAP_MR_MRN);
	CHECK_EQ_S(snap_owner_comm(&s, &m->own), "nvme_rdma");

	nlh = res_msg(RDMA_NLDEV_CMD_RES_PD_GET, RDMA_NLDEV_ATTR_RES_PD);
	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_PD_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PDN, 1);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LOCAL_DMA_LKEY, 0x1de);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_UNSAFE_GLOBAL_RKEY, 0x55);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_USECNT, 5);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CTXN, 4);
	owner(nlh, NULL);
	mnl_attr_nest_end(nlh, e);
	CHECK_EQ_U(res_end(&s, nlh, RDMA_NLDEV_CMD_RES_PD_GET), 1);
	CHECK_EQ_U(s.pds.n, 1);
	p = SNAP_AT(&s.pds, struct snap_pd, 0);
	CHECK_EQ_U(p->pdn, 1);
	CHECK_EQ_U(p->local_dma_lkey, 0x1de);
	CHECK_EQ_U(p->unsafe_global_rkey, 0x55);
	CHECK_EQ_U(p->users, 5);
	CHECK_EQ_U(p->ctxn, 4);
	CHECK_EQ_U(p->valid, SNAP_PD_LOCAL_DMA_LKEY | SNAP_PD_UNSAFE_RKEY | SNAP_PD_USERS |
		   SNAP_PD_CTXN | SNAP_PD_PDN);

	nlh = res_msg(RDMA_NLDEV_CMD_RES_CTX_GET, RDMA_NLDEV_ATTR_RES_CTX);
	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CTX_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CTXN, 4);
	owner(nlh, NULL);
	mnl_attr_nest_end(nlh, e);
	CHECK_EQ_U(res_end(&s, nlh, RDMA_NLDEV_CMD_RES_CTX_GET), 1);
	CHECK_EQ_U(s.ctxs.n, 1);
	c = SNAP_AT(&s.ctxs, struct snap_ctx, 0);
	CHECK_EQ_U(c->dev, 2);
	CHECK_EQ_U(c->ctxn, 4);
	CHECK_EQ_U(c->own.tid, 4242);
	snap_free(&s);
}

static void put_qpn(struct nlmsghdr *nlh, uint32_t lo, uint32_t hi)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);

	if (lo == hi) {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, lo);
	} else {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_MIN_RANGE, lo);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_MAX_RANGE, hi);
	}
	mnl_attr_nest_end(nlh, e);
}

static void test_srq(void)
{
	struct snapshot s;
	struct nlmsghdr *nlh = res_msg(RDMA_NLDEV_CMD_RES_SRQ_GET, RDMA_NLDEV_ATTR_RES_SRQ);
	struct nlattr *e, *qps;
	const struct snap_srq *r;

	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SRQ_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_SRQN, 2);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, 1);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PDN, 3);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CQN, 4);
	qps = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	put_qpn(nlh, 3, 3);
	put_qpn(nlh, 5, 7);
	put_qpn(nlh, 12, 12);
	mnl_attr_nest_end(nlh, qps);
	owner(nlh, NULL);
	mnl_attr_nest_end(nlh, e);
	/* an SRQ no QP uses: an empty list */
	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SRQ_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_SRQN, 9);
	qps = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	mnl_attr_nest_end(nlh, qps);
	owner(nlh, "ib_srpt");
	mnl_attr_nest_end(nlh, e);
	snap_init(&s);
	CHECK_EQ_U(res_end(&s, nlh, RDMA_NLDEV_CMD_RES_SRQ_GET), 1);
	CHECK_EQ_U(s.srqs.n, 2);
	r = SNAP_AT(&s.srqs, struct snap_srq, 0);
	CHECK_EQ_U(r->srqn, 2);
	CHECK_EQ_S(snap_srq_type_str(r->type), "XRC");
	CHECK_EQ_U(r->pdn, 3);
	CHECK_EQ_U(r->cqn, 4);
	CHECK_EQ_S(snap_s(&s, r->lqpn), "3,5-7,12");
	CHECK_EQ_U(r->valid, SNAP_SRQ_TYPE | SNAP_SRQ_PDN | SNAP_SRQ_CQN | SNAP_SRQ_LQPN |
		   SNAP_SRQ_SRQN);
	r = SNAP_AT(&s.srqs, struct snap_srq, 1);
	CHECK_EQ_U(r->valid, SNAP_SRQ_SRQN);
	CHECK_EQ_S(snap_owner_comm(&s, &r->own), "ib_srpt");
	snap_free(&s);
}

static void test_srq_many_qps(void)
{
	struct snapshot s;
	struct nlmsghdr *nlh = res_msg(RDMA_NLDEV_CMD_RES_SRQ_GET, RDMA_NLDEV_ATTR_RES_SRQ);
	struct nlattr *e, *qps;
	const struct snap_srq *r;
	uint32_t i;

	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SRQ_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_SRQN, 1);
	qps = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	for (i = 0; i < 200; i++)
		put_qpn(nlh, 1000000 + 2 * i, 1000000 + 2 * i);
	mnl_attr_nest_end(nlh, qps);
	owner(nlh, NULL);
	mnl_attr_nest_end(nlh, e);
	snap_init(&s);
	CHECK_EQ_U(res_end(&s, nlh, RDMA_NLDEV_CMD_RES_SRQ_GET), 1);
	r = SNAP_AT(&s.srqs, struct snap_srq, 0);
	/* capped like rdma's 256-byte buffer, cut at a whole number */
	CHECK(strlen(snap_s(&s, r->lqpn)) < 256);
	CHECK(strncmp(snap_s(&s, r->lqpn), "1000000,1000002,", 16) == 0);
	CHECK(snap_s(&s, r->lqpn)[strlen(snap_s(&s, r->lqpn)) - 1] != ',');
	snap_free(&s);
}

static void test_stat(void)
{
	static const struct {
		const char *name;
		uint64_t value;
		uint8_t unit;
	} hw[] = {
		{ "sent_pkts", 52248, SNAP_UNIT_PACKETS },
		{ "rx_write_bytes", 1ull << 40, SNAP_UNIT_BYTES },
		{ "rx_octets", 7, SNAP_UNIT_BYTES },
		{ "tx_packets", 9, SNAP_UNIT_PACKETS },
		{ "duplicate_request", 12, SNAP_UNIT_EVENTS },
	};
	struct snapshot s;
	struct nlmsghdr *nlh = res_msg(RDMA_NLDEV_CMD_STAT_GET, 0);
	struct nlattr *tab, *e;
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_STAT_GET, .dev = 2, .port = 1 };
	struct nl_result res = { 0 };
	size_t i;

	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	tab = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTERS);
	for (i = 0; i < sizeof(hw) / sizeof(hw[0]); i++) {
		e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME, hw[i].name);
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE, hw[i].value);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX, (uint32_t)i);
		mnl_attr_put_u32(nlh, 250, 1);
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, tab);
	snap_init(&s);
	/* a plain (non-dump) request: its one answer completes it */
	CHECK_EQ_U(nl_parse(&s, &req, nlh, nlh->nlmsg_len, &res), 0);
	CHECK(res.done);
	CHECK_EQ_U(s.counters.n, sizeof(hw) / sizeof(hw[0]));
	for (i = 0; i < s.counters.n; i++) {
		const struct snap_counter *c = SNAP_AT(&s.counters, struct snap_counter, i);

		CHECK_EQ_U(c->dev, 2);
		CHECK_EQ_U(c->port, 1);
		CHECK_EQ_S(snap_s(&s, c->name), hw[i].name);
		CHECK_EQ_U(c->value, hw[i].value);
		CHECK_EQ_U(c->unit, hw[i].unit);
		CHECK_EQ_U(c->source, SNAP_SRC_HW);
		CHECK_EQ_U(c->bits, 64);
	}
	snap_free(&s);
}

TEST_MAIN(test_cq, test_driver, test_req_dd, test_mr_pd_ctx, test_srq, test_srq_many_qps, test_stat)
