// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_RES_CQ_GET: CQs of one device (nldev.c fill_res_cq_entry).
 * poll-ctx exists only for kernel CQs and ctxn only for user CQs (6.1 and
 * 6.12 rxe, captured); DIM is the CQ's adaptive-moderation flag.
 */
#include <errno.h>

#include "nl.h"

static int cq_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	struct snap_cq *c = snap_push(&s->cqs, sizeof(*c));

	if (!c)
		return -ENOMEM;
	c->dev = *(const uint32_t *)arg;
	if (tb[RDMA_NLDEV_ATTR_RES_CQN])
		SNAP_SET(c, cqn, SNAP_CQ_CQN, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_CQN]));
	if (tb[RDMA_NLDEV_ATTR_RES_CQE])
		SNAP_SET(c, cqe, SNAP_CQ_CQE, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_CQE]));
	if (tb[RDMA_NLDEV_ATTR_RES_USECNT])
		SNAP_SET(c, users, SNAP_CQ_USERS, mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_RES_USECNT]));
	if (tb[RDMA_NLDEV_ATTR_RES_POLL_CTX])
		SNAP_SET(c, poll_ctx, SNAP_CQ_POLL_CTX,
			 mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_RES_POLL_CTX]));
	if (tb[RDMA_NLDEV_ATTR_DEV_DIM])
		SNAP_SET(c, dim, SNAP_CQ_DIM, mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_DEV_DIM]));
	if (tb[RDMA_NLDEV_ATTR_RES_CTXN])
		SNAP_SET(c, ctxn, SNAP_CQ_CTXN, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_CTXN]));
	nl_owner(s, tb, &c->own);
	return 0;
}

int nl_cq_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	return nl_res_table(nlh, s, RDMA_NLDEV_ATTR_RES_CQ,
			    RDMA_NLDEV_ATTR_RES_CQ_ENTRY, cq_entry);
}
