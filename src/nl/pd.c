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
	if (tb[RDMA_NLDEV_ATTR_RES_PDN])
		SNAP_SET(p, pdn, SNAP_PD_PDN, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_PDN]));
	if (tb[RDMA_NLDEV_ATTR_RES_LOCAL_DMA_LKEY])
		SNAP_SET(p, local_dma_lkey, SNAP_PD_LOCAL_DMA_LKEY,
			 mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_LOCAL_DMA_LKEY]));
	if (tb[RDMA_NLDEV_ATTR_RES_UNSAFE_GLOBAL_RKEY])
		SNAP_SET(p, unsafe_global_rkey, SNAP_PD_UNSAFE_RKEY,
			 mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_UNSAFE_GLOBAL_RKEY]));
	if (tb[RDMA_NLDEV_ATTR_RES_USECNT])
		SNAP_SET(p, users, SNAP_PD_USERS, mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_RES_USECNT]));
	if (tb[RDMA_NLDEV_ATTR_RES_CTXN])
		SNAP_SET(p, ctxn, SNAP_PD_CTXN, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_CTXN]));
	nl_owner(s, tb, &p->own);
	return 0;
}

int nl_pd_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	return nl_res_table(nlh, s, RDMA_NLDEV_ATTR_RES_PD,
			    RDMA_NLDEV_ATTR_RES_PD_ENTRY, pd_entry);
}
