// SPDX-License-Identifier: GPL-2.0-or-later
/* RDMA_NLDEV_CMD_GET: one message per device (nldev.c fill_dev_info). */
#include <errno.h>
#include <string.h>

#include "nl.h"

struct snap_dev *nl_dev_get(struct snapshot *s, const struct nlattr **tb)
{
	struct snap_dev *d;
	uint32_t index;

	if (nl_dev_index(tb, &index))
		return NULL;
	d = snap_dev_find(s, index);
	if (!d) {
		d = snap_push(&s->devs, sizeof(*d));
		if (!d)
			return NULL;
		d->index = index;
	}
	/* every NLDEV answer names the device: keep the latest name (renames) */
	if (tb[RDMA_NLDEV_ATTR_DEV_NAME])
		nl_strlcpy(d->name, sizeof(d->name), tb[RDMA_NLDEV_ATTR_DEV_NAME]);
	return d;
}

int nl_msg_dev(const struct nlmsghdr *nlh, struct snapshot *s, const struct nlattr **tb,
	       struct snap_dev **d)
{
	int err = nl_attrs(nlh, tb);

	if (err)
		return err;
	*d = nl_dev_get(s, tb);
	if (!*d)
		return tb[RDMA_NLDEV_ATTR_DEV_INDEX] ? -ENOMEM : -EBADMSG;
	return 0;
}

int nl_dev_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	const struct nlattr *tb[RDMA_NLDEV_ATTR_MAX];
	struct snap_dev *d;
	int err;

	err = nl_attrs(nlh, tb);
	if (err)
		return err;
	if (!tb[RDMA_NLDEV_ATTR_DEV_INDEX] || !tb[RDMA_NLDEV_ATTR_DEV_NAME])
		return -EBADMSG;
	d = nl_dev_get(s, tb);
	if (!d)
		return -ENOMEM;

	if (tb[RDMA_NLDEV_ATTR_CAP_FLAGS])
		SNAP_SET(d, caps, SNAP_DEV_CAPS, mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_CAP_FLAGS]));
	if (tb[RDMA_NLDEV_ATTR_FW_VERSION]) {
		nl_strlcpy(d->fw, sizeof(d->fw), tb[RDMA_NLDEV_ATTR_FW_VERSION]);
		d->valid |= SNAP_DEV_FW;
	}
	if (tb[RDMA_NLDEV_ATTR_NODE_GUID])
		SNAP_SET(d, node_guid, SNAP_DEV_NODE_GUID,
			 mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_NODE_GUID]));
	if (tb[RDMA_NLDEV_ATTR_SYS_IMAGE_GUID])
		SNAP_SET(d, sys_image_guid, SNAP_DEV_SYS_GUID,
			 mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_SYS_IMAGE_GUID]));
	if (tb[RDMA_NLDEV_ATTR_DEV_NODE_TYPE])
		SNAP_SET(d, node_type, SNAP_DEV_NODE_TYPE,
			 mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_DEV_NODE_TYPE]));
	/* iproute2 6.1 does not print it, though the 6.1 kernel sends it */
	if (tb[RDMA_NLDEV_ATTR_DEV_PROTOCOL]) {
		nl_strlcpy(d->protocol, sizeof(d->protocol),
			   tb[RDMA_NLDEV_ATTR_DEV_PROTOCOL]);
		d->valid |= SNAP_DEV_PROTOCOL;
	}
	if (tb[RDMA_NLDEV_ATTR_DEV_DIM])
		SNAP_SET(d, dim, SNAP_DEV_DIM, mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_DEV_DIM]));
	/* 6.12+ (mlx5 IB SMI sub-devices, nldev.c fill_dev_info): the type and
	 * the parent's name */
	if (tb[RDMA_NLDEV_ATTR_DEV_TYPE])
		SNAP_SET(d, type, SNAP_DEV_TYPE, mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_DEV_TYPE]));
	if (tb[RDMA_NLDEV_ATTR_PARENT_NAME]) {
		nl_strlcpy(d->parent, sizeof(d->parent), tb[RDMA_NLDEV_ATTR_PARENT_NAME]);
		d->valid |= SNAP_DEV_PARENT;
	}
	/* in a device message PORT_INDEX is the number of ports */
	if (tb[RDMA_NLDEV_ATTR_PORT_INDEX])
		SNAP_SET(d, num_ports, SNAP_DEV_NUM_PORTS,
			 mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_PORT_INDEX]));
	return 0;
}
