// SPDX-License-Identifier: GPL-2.0-or-later
/* RDMA_NLDEV_CMD_PORT_GET: one message per port (nldev.c fill_port_info). */
#include <errno.h>

#include "nl.h"

#define PORT struct snap_port

static const struct nl_field port_fields[] = {
	NL_FIELD(CAP_FLAGS, PORT, cap_flags, SNAP_PORT_CAP_FLAGS),
	NL_FIELD(SUBNET_PREFIX, PORT, subnet_prefix, SNAP_PORT_SUBNET_PREFIX),
	NL_FIELD(LID, PORT, lid, SNAP_PORT_LID),
	NL_FIELD(SM_LID, PORT, sm_lid, SNAP_PORT_SM_LID),
	NL_FIELD(LMC, PORT, lmc, SNAP_PORT_LMC),
	NL_FIELD(PORT_STATE, PORT, state, SNAP_PORT_STATE),
	NL_FIELD(PORT_PHYS_STATE, PORT, phys_state, SNAP_PORT_PHYS_STATE),
};

int nl_msg_port(struct snapshot *s, const struct nlattr **tb, const struct snap_dev *d,
		struct snap_port **p)
{
	if (!tb[RDMA_NLDEV_ATTR_PORT_INDEX])
		return -EBADMSG;
	*p = snap_port_get(s, d->index, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_PORT_INDEX]));
	return *p ? 0 : -ENOMEM;
}

int nl_port_parse(struct snapshot *s, const struct nlattr **tb, struct snap_dev *d)
{
	struct snap_port *p;
	int err = nl_msg_port(s, tb, d, &p);

	if (err)
		return err;

	/* IB only: RoCE/iWARP ports (rxe on 6.1 and 6.12) send no LID/SM/caps */
	nl_fields(tb, p, &p->valid, port_fields, sizeof(port_fields) / sizeof(port_fields[0]));
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
