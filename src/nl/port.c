// SPDX-License-Identifier: GPL-2.0-or-later
/* RDMA_NLDEV_CMD_PORT_GET: one message per port (nldev.c fill_port_info). */
#include <errno.h>

#include "nl.h"

int nl_port_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	const struct nlattr *tb[RDMA_NLDEV_ATTR_MAX];
	struct snap_port *p;
	uint32_t dev;
	int err;

	err = nl_attrs(nlh, tb);
	if (err)
		return err;
	if (nl_dev_index(tb, &dev) || !tb[RDMA_NLDEV_ATTR_PORT_INDEX])
		return -EBADMSG;
	if (!nl_dev_get(s, tb))
		return -ENOMEM;
	p = snap_port_get(s, dev, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_PORT_INDEX]));
	if (!p)
		return -ENOMEM;

	/* IB only: RoCE/iWARP ports (rxe on 6.1 and 6.12) send no LID/SM/caps */
	if (tb[RDMA_NLDEV_ATTR_CAP_FLAGS])
		SNAP_SET(p, cap_flags, SNAP_PORT_CAP_FLAGS,
			 mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_CAP_FLAGS]));
	if (tb[RDMA_NLDEV_ATTR_SUBNET_PREFIX])
		SNAP_SET(p, subnet_prefix, SNAP_PORT_SUBNET_PREFIX,
			 mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_SUBNET_PREFIX]));
	if (tb[RDMA_NLDEV_ATTR_LID])
		SNAP_SET(p, lid, SNAP_PORT_LID, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_LID]));
	if (tb[RDMA_NLDEV_ATTR_SM_LID])
		SNAP_SET(p, sm_lid, SNAP_PORT_SM_LID, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_SM_LID]));
	if (tb[RDMA_NLDEV_ATTR_LMC])
		SNAP_SET(p, lmc, SNAP_PORT_LMC, mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_LMC]));
	if (tb[RDMA_NLDEV_ATTR_PORT_STATE])
		SNAP_SET(p, state, SNAP_PORT_STATE,
			 mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_PORT_STATE]));
	if (tb[RDMA_NLDEV_ATTR_PORT_PHYS_STATE])
		SNAP_SET(p, phys_state, SNAP_PORT_PHYS_STATE,
			 mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_PORT_PHYS_STATE]));
	/*
	 * The netdev comes as a pair, and only while one is bound (a port
	 * whose netdev was deleted has neither); rdma prints it only with both.
	 */
	if (tb[RDMA_NLDEV_ATTR_NDEV_INDEX] && tb[RDMA_NLDEV_ATTR_NDEV_NAME]) {
		p->ndev_index = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_NDEV_INDEX]);
		nl_strlcpy(p->ndev, sizeof(p->ndev), tb[RDMA_NLDEV_ATTR_NDEV_NAME]);
		p->valid |= SNAP_PORT_NDEV;
	} else {
		p->ndev[0] = '\0';
		p->valid &= ~(uint32_t)SNAP_PORT_NDEV;
	}
	return 0;
}
