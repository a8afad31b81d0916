// SPDX-License-Identifier: GPL-2.0-or-later
/* RDMA_NLDEV_CMD_GET: one message per device (nldev.c fill_dev_info). */
#include <errno.h>
#include <stddef.h>
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

#define DEV struct snap_dev

/*
 * iproute2 6.1 does not print the protocol, though the 6.1 kernel sends
 * it; DEV_TYPE and PARENT_NAME are 6.12+ (mlx5 IB SMI sub-devices,
 * nldev.c fill_dev_info); in a device message PORT_INDEX is the number of
 * ports.
 */
static const struct nl_field dev_fields[] = {
	NL_FIELD(CAP_FLAGS, DEV, caps, SNAP_DEV_CAPS),
	NL_FIELD(FW_VERSION, DEV, fw, SNAP_DEV_FW),
	NL_FIELD(NODE_GUID, DEV, node_guid, SNAP_DEV_NODE_GUID),
	NL_FIELD(SYS_IMAGE_GUID, DEV, sys_image_guid, SNAP_DEV_SYS_GUID),
	NL_FIELD(DEV_NODE_TYPE, DEV, node_type, SNAP_DEV_NODE_TYPE),
	NL_FIELD(DEV_PROTOCOL, DEV, protocol, SNAP_DEV_PROTOCOL),
	NL_FIELD(DEV_DIM, DEV, dim, SNAP_DEV_DIM),
	NL_FIELD(DEV_TYPE, DEV, type, SNAP_DEV_TYPE),
	NL_FIELD(PARENT_NAME, DEV, parent, SNAP_DEV_PARENT),
	NL_FIELD(PORT_INDEX, DEV, num_ports, SNAP_DEV_NUM_PORTS),
};

int nl_dev_parse(struct snapshot *s, const struct nlattr **tb, struct snap_dev *d)
{
	(void)s;
	if (!tb[RDMA_NLDEV_ATTR_DEV_NAME])
		return -EBADMSG;
	nl_fields(tb, d, &d->valid, dev_fields, sizeof(dev_fields) / sizeof(dev_fields[0]));
	return 0;
}
