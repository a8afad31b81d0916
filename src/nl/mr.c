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
	if (tb[RDMA_NLDEV_ATTR_RES_MRN]) {
		m->mrn = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_MRN]);
		m->valid |= SNAP_MR_MRN;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_RKEY]) {
		m->rkey = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_RKEY]);
		m->valid |= SNAP_MR_RKEY;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_LKEY]) {
		m->lkey = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_LKEY]);
		m->valid |= SNAP_MR_LKEY;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_IOVA]) {
		m->iova = mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_RES_IOVA]);
		m->valid |= SNAP_MR_IOVA;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_MRLEN]) {
		m->mrlen = mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_RES_MRLEN]);
		m->valid |= SNAP_MR_LEN;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_PDN]) {
		m->pdn = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_PDN]);
		m->valid |= SNAP_MR_PDN;
	}
	nl_owner(s, tb, &m->own);
	return 0;
}

int nl_mr_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	return nl_res_table(nlh, s, RDMA_NLDEV_ATTR_RES_MR,
			    RDMA_NLDEV_ATTR_RES_MR_ENTRY, mr_entry);
}
