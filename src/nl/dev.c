// SPDX-License-Identifier: GPL-2.0-or-later
/* RDMA_NLDEV_CMD_GET: one message per device (nldev.c fill_dev_info). */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "cols.h"
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

int nl_dev_parse(struct snapshot *s, const struct nlattr **tb, struct snap_dev *d)
{
	(void)s;
	if (!tb[RDMA_NLDEV_ATTR_DEV_NAME])
		return -EBADMSG;
	/* the fields the device's table declares (src/model/cols.c) */
	nl_tab_fields(tb, d, &d->valid, &view_devs_tab);
	return 0;
}
