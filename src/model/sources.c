// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every counter source rdmatop reads, declared once: its name is what
 * JSON's and the exposition's "source", the Counters tab's SRC and the
 * link's SRC prefix ("pma:port_rcv_data") say.  A new source is its enum
 * entry (snap_stat.h) and its row here; a row left out fails to build.
 */
#include "snapshot.h"
#include "util.h"

static const struct snap_src_def srcs[] = {
	[SNAP_SRC_HW] = { .name = "hw",
			  .what = "the RDMA device's hw counters (netlink STAT_GET)" },
	[SNAP_SRC_PMA] = { .name = "pma",
			   .what = "the IB PMA's port counters (sysfs ports/N/counters)" },
	[SNAP_SRC_NETDEV] = { .name = "netdev",
			      .what = "the netdev's statistics (sysfs class/net/NDEV/statistics)" },
	[SNAP_SRC_DCB] = { .name = "dcb", .what = "PFC per priority (DCB netlink)" },
	[SNAP_SRC_ETHNL] = { .name = "ethtool",
			     .what = "ethtool netlink: pause, FEC and the standard groups" },
	[SNAP_SRC_DRV] = { .name = "driver", .what = "the driver's statistics (ethtool -S)" },
};

_Static_assert(ARRAY_SIZE(srcs) == SNAP_SRC_N, "every counter source has its row");

const struct snap_src_def *snap_src(unsigned int src)
{
	return src < SNAP_SRC_N && srcs[src].name ? &srcs[src] : NULL;
}

const char *snap_src_name(unsigned int src)
{
	const struct snap_src_def *d = snap_src(src);

	return d ? d->name : "n/a";
}
