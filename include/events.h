/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Changes between two snapshots that the kernel does not announce (device
 * renames, port state, netdev changes; and everything on kernels without
 * the notify group), as events of source SNAP_EV_POLL appended to cur.
 * A pure function of the two snapshots, like rate_compute.
 */
#ifndef RDMATOP_EVENTS_H
#define RDMATOP_EVENTS_H

#include "snapshot.h"

/* prev may be NULL (first sample): nothing is appended.  0 or -ENOMEM. */
int events_diff(const struct snapshot *prev, struct snapshot *cur);

#endif
