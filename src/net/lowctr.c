// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The counter rows of a netdev with no RDMA port of its own: the devices
 * beneath a port's netdev (a bond's slaves, a VLAN's real device, an
 * IPoIB child's parent), whose DCB, ethtool netlink and `ethtool -S`
 * answers the live source asks beside the port's (src/source/net.c).  RoCE
 * over a bond (mlx5 LAG: mlx5_bond_0 on bond0, drivers/net/ethernet/
 * mellanox/mlx5/core/lag) keeps its PFC, pause, FEC and driver statistics
 * on the slaves; the bond has none (bonding has no dcbnl ops, no
 * ETH_SS_STATS set, no pause or FEC statistics: 6.1 to 6.12).  Only the
 * rows of link health are kept: flow control, errors and congestion by
 * their class, and the FEC figures that BER reads (fec_*, the corrected
 * bits) whatever their class; traffic stays the port's own.  They go to
 * s->lowctrs under the lower's key (snap_lower_key) and are summed onto
 * the upper's ports after the rates (src/model/lowsum.c).
 */
#include <errno.h>
#include <string.h>

#include "classify.h"
#include "net.h"

bool net_lower_keeps(const struct snap_counter *row, const char *name)
{
	if (row->cls == CNT_ERROR || row->cls == CNT_FLOW || row->cls == CNT_CONGESTION)
		return true;
	return !strncmp(name, "fec_", 4) || strstr(name, "corrected_bits");
}

int net_push_lower(struct snapshot *s, const struct snap_net *n, const struct snap_counter *row)
{
	struct snap_counter *c = snap_push_raw(&s->lowctrs, sizeof(*c));

	if (!c)
		return -ENOMEM;
	*c = *row;
	snap_lower_key(n->ndev, &c->dev, &c->obj);
	c->port = SNAP_NONE;
	c->kind = 0;
	c->run = 0;
	c->set = 0;
	return 0;
}
