// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_SYS_GET: system-wide settings (nldev.c nldev_sys_get_doit).
 * The four attributes were added over several kernel releases, and stable
 * trees backport some (Debian's 6.1.0-57 sends privileged qkey, captured),
 * so each is valid only when present, whatever the kernel version says.
 */
#include <stddef.h>

#include "nl.h"

#define SYS struct snap_sys

/* the system attributes are RDMA_NLDEV_SYS_ATTR_*, not RDMA_NLDEV_ATTR_* */
static const struct nl_field sys_fields[] = {
	NL_FIELD_A(RDMA_NLDEV_SYS_ATTR_NETNS_MODE, SYS, netns_shared, SNAP_SYS_NETNS_MODE),
	NL_FIELD_A(RDMA_NLDEV_SYS_ATTR_COPY_ON_FORK, SYS, copy_on_fork, SNAP_SYS_COPY_ON_FORK),
	NL_FIELD_A(RDMA_NLDEV_SYS_ATTR_PRIVILEGED_QKEY_MODE, SYS, privileged_qkey,
		   SNAP_SYS_PRIV_QKEY),
	NL_FIELD_A(RDMA_NLDEV_SYS_ATTR_MONITOR_MODE, SYS, monitor_mode, SNAP_SYS_MONITOR),
};

int nl_sys_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	const struct nlattr *tb[RDMA_NLDEV_ATTR_MAX];
	int err;

	err = nl_attrs(nlh, tb);
	if (err)
		return err;
	nl_fields(tb, &s->sys, &s->sys.valid, sys_fields,
		  sizeof(sys_fields) / sizeof(sys_fields[0]));
	return 0;
}
