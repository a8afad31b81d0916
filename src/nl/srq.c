// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_RES_SRQ_GET: SRQs of one device (nldev.c fill_res_srq_entry;
 * 6.1 and 6.12 answer it, with no SRQ under rxe in our captures).  The QPs
 * attached to an SRQ come as a nested RES_QP list whose entries hold one
 * LQPN or a MIN_RANGE..MAX_RANGE run (the kernel folds consecutive QP
 * numbers); we keep them as rdma prints them: "3,5-7".
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "nl.h"

/* iproute2 res-srq.c builds the list in 256 bytes; so do we, to agree. */
#define SRQ_QPS_MAX 256

struct qps {
	char buf[SRQ_QPS_MAX];
	size_t len;
};

static void qps_add(struct qps *q, uint32_t lo, uint32_t hi)
{
	char one[32];
	int n;

	if (lo == hi)
		n = snprintf(one, sizeof(one), "%s%u", q->len ? "," : "", lo);
	else
		n = snprintf(one, sizeof(one), "%s%u-%u", q->len ? "," : "", lo, hi);
	if (n <= 0 || q->len + (size_t)n >= sizeof(q->buf))
		return;		/* full: rdma truncates here too */
	memcpy(q->buf + q->len, one, (size_t)n + 1);
	q->len += (size_t)n;
}

static int qp_item(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	struct qps *q = arg;

	(void)s;
	if (tb[RDMA_NLDEV_ATTR_RES_LQPN]) {
		uint32_t n = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_LQPN]);

		qps_add(q, n, n);
	} else if (tb[RDMA_NLDEV_ATTR_MIN_RANGE] && tb[RDMA_NLDEV_ATTR_MAX_RANGE]) {
		uint32_t lo = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_MIN_RANGE]);
		uint32_t hi = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_MAX_RANGE]);

		if (lo > hi)
			return -EBADMSG;
		qps_add(q, lo, hi);
	} else {
		return -EBADMSG;
	}
	return 0;
}

static int srq_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	struct snap_srq *r;
	struct qps q = { .len = 0 };
	int err;

	/* the QP list first: it may fail, and the row is pushed only after */
	if (tb[RDMA_NLDEV_ATTR_RES_QP]) {
		err = nl_entries(s, tb[RDMA_NLDEV_ATTR_RES_QP],
				 RDMA_NLDEV_ATTR_RES_QP_ENTRY, qp_item, &q);
		if (err)
			return err;
	}
	r = snap_push(&s->srqs, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->dev = *(const uint32_t *)arg;
	if (tb[RDMA_NLDEV_ATTR_RES_SRQN])
		SNAP_SET(r, srqn, SNAP_SRQ_SRQN, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_SRQN]));
	if (tb[RDMA_NLDEV_ATTR_RES_TYPE])
		SNAP_SET(r, type, SNAP_SRQ_TYPE, mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_RES_TYPE]));
	if (tb[RDMA_NLDEV_ATTR_RES_PDN])
		SNAP_SET(r, pdn, SNAP_SRQ_PDN, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_PDN]));
	if (tb[RDMA_NLDEV_ATTR_RES_CQN])
		SNAP_SET(r, cqn, SNAP_SRQ_CQN, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_CQN]));
	/* an SRQ with no QP attached has an empty list: rdma omits lqpn */
	if (q.len)
		SNAP_SET(r, lqpn, SNAP_SRQ_LQPN, snap_str(s, q.buf, sizeof(q.buf)));
	nl_owner(s, tb, &r->own);
	return 0;
}

int nl_srq_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	return nl_res_table(nlh, s, RDMA_NLDEV_ATTR_RES_SRQ,
			    RDMA_NLDEV_ATTR_RES_SRQ_ENTRY, srq_entry);
}
