/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * File inputs: sysfs port counters and attributes, netdev statistics, and
 * /proc task files.  Like the netlink parsers, these parse bytes (a file's
 * contents as read) keyed by the canonical path, so that a recording replays
 * through the same code.
 */
#ifndef RDMATOP_SYSFS_H
#define RDMATOP_SYSFS_H

#include <stddef.h>

#include "snapshot.h"

/*
 * Parse the contents of the file at canonical `path` (e.g.
 * "/sys/class/infiniband/rxe0/ports/1/counters/port_xmit_data",
 * "/sys/class/net/eth0/statistics/rx_bytes", "/proc/123/status",
 * "/proc/123/comm") into `s`.  `err` is 0 or the -errno of the read (a
 * missing /proc entry marks the task gone).  Unknown paths are ignored.
 * Returns 0 or -errno for malformed contents.
 */
int sysfs_parse(struct snapshot *s, const char *path, int err,
		const char *buf, size_t len);

/* /proc/ID/{status,comm}, path given without "/proc/" (src/sysfs/proc.c). */
int sysfs_proc_parse(struct snapshot *s, const char *rest, int err,
		     const char *buf, size_t len);

/* Unit of an IB PMA counter file, and whether it counts 4-octet words. */
enum snap_unit sysfs_pma_unit(const char *name, int *words);

/* ports/N/{gids,gid_attrs/{types,ndevs},pkeys}/K of port p (gid.c): 1 when
 * rest is one of them, 0 when not, -ENOMEM. */
int sysfs_port_table(struct snapshot *s, struct snap_port *p, const char *rest,
		     const char *buf, size_t len);
#define SYSFS_VLAN_CONFIG "/proc/net/vlan/config"
/* /proc/net/vlan/config (gid.c): the VLAN id of each GID whose netdev it
 * lists; 0, or -EBADMSG for a line not in its form (the others are kept). */
int sysfs_vlan_parse(struct snapshot *s, int err, const char *buf, size_t len);
/* Whether the text of a gids/K file is the empty (all-zero) GID, or no GID. */
bool sysfs_gid_zero(const char *buf, size_t len);
/* A file's number (base as strtoull's; at most 31 bytes, a newline may
 * end it): 0, or -EBADMSG for anything else (a sign, a blank, junk). */
int sysfs_u64(const char *buf, size_t len, int base, uint64_t *v);

/* Copy a one-line text value (at most dstlen - 1 bytes) without its
 * newline, control chars kept (they are escaped where shown). */
void sysfs_line(char *dst, size_t dstlen, const char *buf, size_t len);
/*
 * /sys/class/net/NDEV/{uevent,operstate,bonding/FILE,lower_NAME/...}
 * (lower.c), rest the path after NDEV/: 1 when it is one of them (parsed
 * into NDEV's struct snap_net), 0 when not, -EBADMSG, -ENOMEM.
 */
int sysfs_lower_parse(struct snapshot *s, const char *ndev, const char *rest, int err,
		      const char *buf, size_t len);
/* "rx_bytes", ... (enum snap_lower_stat); "up", ... (enum snap_oper);
 * "up", "going down", ... (enum snap_mii) */
const char *sysfs_lower_stat_name(unsigned int i);
const char *sysfs_oper_name(unsigned int i);
const char *sysfs_mii_name(unsigned int i);
/* Unit of a netdev statistics file (rx_bytes -> bytes, ...). */
enum snap_unit sysfs_netdev_unit(const char *name);

#endif
