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
	if (tb[RDMA_NLDEV_ATTR_RES_CQN]) {
		c->cqn = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_CQN]);
		c->valid |= SNAP_CQ_CQN;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_CQE]) {
		c->cqe = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_CQE]);
		c->valid |= SNAP_CQ_CQE;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_USECNT]) {
		c->users = mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_RES_USECNT]);
		c->valid |= SNAP_CQ_USERS;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_POLL_CTX]) {
		c->poll_ctx = mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_RES_POLL_CTX]);
		c->valid |= SNAP_CQ_POLL_CTX;
	}
	if (tb[RDMA_NLDEV_ATTR_DEV_DIM]) {
		c->dim = mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_DEV_DIM]);
		c->valid |= SNAP_CQ_DIM;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_CTXN]) {
		c->ctxn = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_CTXN]);
		c->valid |= SNAP_CQ_CTXN;
	}
	nl_owner(s, tb, &c->own);
	return 0;
}

int nl_cq_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	return nl_res_table(nlh, s, RDMA_NLDEV_ATTR_RES_CQ,
			    RDMA_NLDEV_ATTR_RES_CQ_ENTRY, cq_entry);
}
