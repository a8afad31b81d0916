// SPDX-License-Identifier: GPL-2.0-or-later
/* RDMA_NLDEV_CMD_PORT_GET: one message per port (nldev.c fill_port_info). */
#include <errno.h>

#include "cols.h"
#include "nl.h"

/* the capability flags: no column (named in the port's details) */
static const struct nl_field port_caps[] = {
	NL_FIELD(CAP_FLAGS, struct snap_port, cap_flags, SNAP_PORT_CAP_FLAGS),
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
	/* the fields its table declares (src/model/cols.c) */
	nl_tab_fields(tb, p, &p->valid, &view_links_tab);
	nl_fields(tb, p, &p->valid, port_caps, 1);
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
