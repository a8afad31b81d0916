// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The controls' answers as the kernel sends them (af_netlink.c
 * netlink_ack(), nldev.c nldev_stat_set_doit()): a STAT_SET reply with the
 * counter the QP went to, then the ack; an error with the request echoed
 * whole or capped and its extended-ack text; another request's answer
 * skipped; errors the callers could not negate; and a bound counter's QP
 * list matched by whole numbers.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "../../src/nl/nlset.h"
#include "test.h"

static unsigned char buf[4096];
static size_t used;

/* A message appended to buf. */
static struct nlmsghdr *put(uint16_t type, uint16_t flags, uint32_t seq)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf + used);

	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = flags;
	nlh->nlmsg_seq = seq;
	return nlh;
}

static void done(struct nlmsghdr *nlh)
{
	used += MNL_ALIGN(nlh->nlmsg_len);
}

/* The bind request qpcnt_bind.c sends, as the error echoes it. */
static void put_request(struct nlmsghdr *into, uint32_t seq)
{
	unsigned char r[256];
	struct nlmsghdr *req = mnl_nlmsg_put_header(r);

	req->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_STAT_SET);
	req->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	req->nlmsg_seq = seq;
	mnl_attr_put_u32(req, RDMA_NLDEV_ATTR_STAT_MODE, RDMA_COUNTER_MODE_MANUAL);
	mnl_attr_put_u32(req, RDMA_NLDEV_ATTR_RES_LQPN, 289);
	memcpy(mnl_nlmsg_put_extra_header(into, req->nlmsg_len), req, req->nlmsg_len);
}

static void put_error(uint32_t seq, int err, bool capped, const char *text)
{
	struct nlmsghdr *nlh = put(NLMSG_ERROR, capped ? NLM_F_CAPPED : 0, seq);
	struct nlmsgerr *e = mnl_nlmsg_put_extra_header(nlh, sizeof(int));

	e->error = err;
	if (capped) {
		struct nlmsghdr *h = mnl_nlmsg_put_extra_header(nlh, sizeof(*h));

		h->nlmsg_len = 40; /* the request's length; its body left out */
		h->nlmsg_seq = seq;
	} else {
		put_request(nlh, seq);
	}
	if (text) {
		nlh->nlmsg_flags |= NLM_F_ACK_TLVS;
		mnl_attr_put_strz(nlh, NLMSGERR_ATTR_MSG, text);
	}
	done(nlh);
}

static void test_bind_reply(void)
{
	struct nlset_answer an = { 0 };
	struct nlmsghdr *nlh;

	used = 0;
	nlh = put(RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_STAT_SET), 0, 7);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 3);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, 2);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, 289);
	done(nlh);
	nlset_read_answer(buf, used, 7, &an);
	CHECK(an.have_cntn && !an.done);
	CHECK_EQ_U(an.cntn, 2);
	/* then the ack, a datagram of its own */
	used = 0;
	put_error(7, 0, true, NULL);
	nlset_read_answer(buf, used, 7, &an);
	CHECK(an.done);
	CHECK_EQ_U(an.err, 0);
	CHECK_EQ_S(an.msg, "");
}

static void test_errors(void)
{
	struct nlset_answer an = { 0 };

	/* the request echoed whole, then the text */
	used = 0;
	put_error(8, -EINVAL, false, "QP is bound already");
	nlset_read_answer(buf, used, 8, &an);
	CHECK(an.done && an.err == -EINVAL);
	CHECK_EQ_S(an.msg, "QP is bound already");
	/* capped: the request's header only */
	memset(&an, 0, sizeof(an));
	used = 0;
	put_error(9, -EPERM, true, "no CAP_NET_ADMIN");
	nlset_read_answer(buf, used, 9, &an);
	CHECK(an.done && an.err == -EPERM);
	CHECK_EQ_S(an.msg, "no CAP_NET_ADMIN");
	/* another request's answer first: skipped */
	memset(&an, 0, sizeof(an));
	used = 0;
	put_error(10, -ENOENT, true, "other");
	put_error(11, -EBUSY, true, NULL);
	nlset_read_answer(buf, used, 11, &an);
	CHECK(an.done && an.err == -EBUSY);
	CHECK_EQ_S(an.msg, "");
	/* errors no kernel sends, which the callers' strerror(-err) could
	 * not take: EPROTO */
	memset(&an, 0, sizeof(an));
	used = 0;
	put_error(12, 5, true, NULL);
	nlset_read_answer(buf, used, 12, &an);
	CHECK(an.done && an.err == -EPROTO);
	memset(&an, 0, sizeof(an));
	used = 0;
	put_error(13, INT_MIN, true, NULL);
	nlset_read_answer(buf, used, 13, &an);
	CHECK(an.done && an.err == -EPROTO);
}

static void test_damaged(void)
{
	struct nlset_answer an = { 0 };
	struct nlmsghdr *nlh;

	/* a length that mnl_nlmsg_ok() would take for -1: not read at all */
	used = 0;
	nlh = put(RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_STAT_SET), 0, 7);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, 2);
	done(nlh);
	nlh->nlmsg_len = 0xffffffff;
	nlset_read_answer(buf, used, 7, &an);
	CHECK(!an.done && !an.have_cntn);
	/* an echoed request shorter than its header: no text read */
	used = 0;
	put_error(8, -EINVAL, false, "text");
	((struct nlmsgerr *)mnl_nlmsg_get_payload((struct nlmsghdr *)buf))->msg.nlmsg_len = 4;
	nlset_read_answer(buf, used, 8, &an);
	CHECK(an.done && an.err == -EINVAL);
	CHECK_EQ_S(an.msg, "");
}

static void test_lqpn_listed(void)
{
	CHECK(nlset_lqpn_listed("289", 289));
	CHECK(nlset_lqpn_listed("288,289,290", 289));
	CHECK(nlset_lqpn_listed("1289,289", 289));
	CHECK(!nlset_lqpn_listed("1289,2890", 289));
	CHECK(!nlset_lqpn_listed("28,89", 289));
	CHECK(!nlset_lqpn_listed("", 0));
	CHECK(nlset_lqpn_listed("0", 0));
}

TEST_MAIN(test_bind_reply, test_errors, test_damaged, test_lqpn_listed)
