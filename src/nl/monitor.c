// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_MONITOR: notifications of the RDMA_NL_GROUP_NOTIFY
 * multicast group (Debian's 6.12 kernel has it, 6.1 does not).  With rxe on
 * 6.12, `rdma link add` sends REGISTER then NETDEV_ATTACH (port, netdev
 * index and name); deleting a link or its netdev sends UNREGISTER only;
 * renames and port state changes send nothing, so polling still runs.
 */
#include <errno.h>

#include "nl.h"

int nl_monitor_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	const struct nlattr *tb[RDMA_NLDEV_ATTR_MAX] = { 0 };
	struct snap_event *e;
	int ret = nl_attrs(nlh, tb);

	if (ret)
		return ret;
	if (!tb[RDMA_NLDEV_ATTR_EVENT_TYPE])
		return 0;	/* not an event we can name: skip it */
	e = snap_push(&s->events, sizeof(*e));
	if (!e)
		return -ENOMEM;
	e->source = SNAP_EV_KERNEL;
	e->type = mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_EVENT_TYPE]);
	if (tb[RDMA_NLDEV_ATTR_DEV_INDEX])
		SNAP_SET(e, dev, SNAP_EV_DEV, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_DEV_INDEX]));
	if (tb[RDMA_NLDEV_ATTR_DEV_NAME])
		SNAP_SET(e, name, SNAP_EV_NAME,
			 snap_name(s, mnl_attr_get_str(tb[RDMA_NLDEV_ATTR_DEV_NAME]),
				   mnl_attr_get_payload_len(tb[RDMA_NLDEV_ATTR_DEV_NAME])));
	if (tb[RDMA_NLDEV_ATTR_PORT_INDEX])
		SNAP_SET(e, port, SNAP_EV_PORT, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_PORT_INDEX]));
	if (tb[RDMA_NLDEV_ATTR_NDEV_INDEX])
		SNAP_SET(e, ndev_index, SNAP_EV_NDEV_INDEX,
			 mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_NDEV_INDEX]));
	if (tb[RDMA_NLDEV_ATTR_NDEV_NAME])
		SNAP_SET(e, ndev, SNAP_EV_NDEV_NAME,
			 snap_str(s, mnl_attr_get_str(tb[RDMA_NLDEV_ATTR_NDEV_NAME]), SNAP_IFNAME_MAX));
	return 0;
}
