// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_RES_CTX_GET: user contexts (one per opened device file)
 * of one device (nldev.c fill_res_ctx_entry).
 */
#include <errno.h>

#include "nl.h"

static int ctx_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	struct snap_ctx *c;

	if (!tb[RDMA_NLDEV_ATTR_RES_CTXN])
		return -EBADMSG;
	c = snap_push(&s->ctxs, sizeof(*c));
	if (!c)
		return -ENOMEM;
	c->dev = *(const uint32_t *)arg;
	c->ctxn = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_CTXN]);
	nl_owner(s, tb, &c->own);
	return 0;
}

int nl_ctx_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	return nl_res_table(nlh, s, RDMA_NLDEV_ATTR_RES_CTX,
			    RDMA_NLDEV_ATTR_RES_CTX_ENTRY, ctx_entry);
}
