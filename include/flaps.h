/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Link flaps: the kernel's counts of a port's carrier changes and link
 * downs, and the changes seen from sample to sample, kept in the
 * snapshot's ports (struct snap_link_change) and carried to the next
 * sample.  Pure data: the same from a recording (the carrier files and
 * PMA counters are sysfs records) as live.
 */
#ifndef RDMATOP_FLAPS_H
#define RDMATOP_FLAPS_H

#include <stdbool.h>
#include <stdint.h>

#include "snapshot.h"

/*
 * cur's link histories: prev's (NULL: none), and a change where the
 * state or physical state differs from prev's or the carrier changes or
 * link_downed grew.  Called by snap_carry(), live and in replay.
 */
void snap_flaps(const struct snapshot *prev, struct snapshot *cur);

/* The port's link_downed counter (IB PMA first, else the driver's: rxe
 * counts its port downs), false when it has none; *sat: saturated. */
bool flaps_downed(const struct snapshot *s, uint32_t dev, uint32_t port, uint64_t *v,
		  bool *sat);
/* The same for another counter of the port by name (link_error_recovery). */
bool flaps_counter(const struct snapshot *s, uint32_t dev, uint32_t port, const char *name,
		   uint64_t *v, bool *sat);

/* The link downs the netdev's driver counts at its PHY (ethtool netlink
 * LINKSTATE_GET's EXT_DOWN_CNT, 6.6+: mlx5's link_down_events_phy, ...);
 * false where the kernel or driver gives none. */
bool flaps_down_events(const struct snapshot *s, uint32_t dev, uint32_t port, uint64_t *v);

/*
 * FLAPS: how often the link went down, by the kernel's count: link_downed
 * on an InfiniBand port (the PMA's), else the netdev's carrier_down_count,
 * else link_downed of the driver.  *what names the count; false: none.
 */
bool flaps_count(const struct snapshot *s, const struct snap_port *p, uint64_t *n,
		 const char **what, bool *sat);

/* Seconds from the port's last change seen to the sample s; false when
 * none was seen since rdmatop started (or the recording's first sample). */
bool flaps_age(const struct snapshot *s, const struct snap_port *p, double *sec);

#endif
