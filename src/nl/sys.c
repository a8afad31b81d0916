// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_SYS_GET: system-wide settings (nldev.c nldev_sys_get_doit).
 * The four attributes were added over several kernel releases, and stable
 * trees backport some (Debian's 6.1.0-57 sends privileged qkey, captured),
 * so each is valid only when present, whatever the kernel version says.
 */
#include "nl.h"

int nl_sys_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	const struct nlattr *tb[RDMA_NLDEV_ATTR_MAX];
	struct snap_sys *y = &s->sys;
	int err;

	err = nl_attrs(nlh, tb);
	if (err)
		return err;
	if (tb[RDMA_NLDEV_SYS_ATTR_NETNS_MODE])
		SNAP_SET(y, netns_shared, SNAP_SYS_NETNS_MODE,
			 mnl_attr_get_u8(tb[RDMA_NLDEV_SYS_ATTR_NETNS_MODE]));
	if (tb[RDMA_NLDEV_SYS_ATTR_COPY_ON_FORK])
		SNAP_SET(y, copy_on_fork, SNAP_SYS_COPY_ON_FORK,
			 mnl_attr_get_u8(tb[RDMA_NLDEV_SYS_ATTR_COPY_ON_FORK]));
	if (tb[RDMA_NLDEV_SYS_ATTR_PRIVILEGED_QKEY_MODE])
		SNAP_SET(y, privileged_qkey, SNAP_SYS_PRIV_QKEY,
			 mnl_attr_get_u8(tb[RDMA_NLDEV_SYS_ATTR_PRIVILEGED_QKEY_MODE]));
	if (tb[RDMA_NLDEV_SYS_ATTR_MONITOR_MODE])
		SNAP_SET(y, monitor_mode, SNAP_SYS_MONITOR,
			 mnl_attr_get_u8(tb[RDMA_NLDEV_SYS_ATTR_MONITOR_MODE]));
	return 0;
}
