// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_RES_MR_GET: MRs of one device (nldev.c fill_res_mr_entry).
 * rkey, lkey and iova are sent only to CAP_NET_ADMIN readers; on 6.1 rxe
 * the rkey of a local-only MR is sent as 0 (captured), which is a value,
 * not an absence.
 */
#include <errno.h>

#include "nl.h"

static int mr_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	struct snap_mr *m = snap_push(&s->mrs, sizeof(*m));

	if (!m)
		return -ENOMEM;
	m->dev = *(const uint32_t *)arg;
	if (tb[RDMA_NLDEV_ATTR_RES_MRN])
		SNAP_SET(m, mrn, SNAP_MR_MRN, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_MRN]));
	if (tb[RDMA_NLDEV_ATTR_RES_RKEY])
		SNAP_SET(m, rkey, SNAP_MR_RKEY, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_RKEY]));
	if (tb[RDMA_NLDEV_ATTR_RES_LKEY])
		SNAP_SET(m, lkey, SNAP_MR_LKEY, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_LKEY]));
	if (tb[RDMA_NLDEV_ATTR_RES_IOVA])
		SNAP_SET(m, iova, SNAP_MR_IOVA, mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_RES_IOVA]));
	if (tb[RDMA_NLDEV_ATTR_RES_MRLEN])
		SNAP_SET(m, mrlen, SNAP_MR_LEN, mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_RES_MRLEN]));
	if (tb[RDMA_NLDEV_ATTR_RES_PDN])
		SNAP_SET(m, pdn, SNAP_MR_PDN, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_PDN]));
	nl_owner(s, tb, &m->own);
	return 0;
}

int nl_mr_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	return nl_res_table(nlh, s, RDMA_NLDEV_ATTR_RES_MR,
			    RDMA_NLDEV_ATTR_RES_MR_ENTRY, mr_entry);
}
