// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_RES_PD_GET: PDs of one device (nldev.c fill_res_pd_entry).
 * local_dma_lkey and unsafe_global_rkey are sent only to CAP_NET_ADMIN, and
 * the rkey only when the PD has one (IB_PD_UNSAFE_GLOBAL_RKEY).
 */
#include <errno.h>

#include "nl.h"

static int pd_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	struct snap_pd *p = snap_push(&s->pds, sizeof(*p));

	if (!p)
		return -ENOMEM;
	p->dev = *(const uint32_t *)arg;
	if (tb[RDMA_NLDEV_ATTR_RES_PDN]) {
		p->pdn = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_PDN]);
		p->valid |= SNAP_PD_PDN;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_LOCAL_DMA_LKEY]) {
		p->local_dma_lkey = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_LOCAL_DMA_LKEY]);
		p->valid |= SNAP_PD_LOCAL_DMA_LKEY;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_UNSAFE_GLOBAL_RKEY]) {
		p->unsafe_global_rkey =
			mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_UNSAFE_GLOBAL_RKEY]);
		p->valid |= SNAP_PD_UNSAFE_RKEY;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_USECNT]) {
		p->users = mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_RES_USECNT]);
		p->valid |= SNAP_PD_USERS;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_CTXN]) {
		p->ctxn = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_CTXN]);
		p->valid |= SNAP_PD_CTXN;
	}
	nl_owner(s, tb, &p->own);
	return 0;
}

int nl_pd_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	return nl_res_table(nlh, s, RDMA_NLDEV_ATTR_RES_PD,
			    RDMA_NLDEV_ATTR_RES_PD_ENTRY, pd_entry);
}
