/* SPDX-License-Identifier: GPL-2.0-or-later */
/* netshim_stats.c: the ethtool family's string sets and standard statistics */
#ifndef NETSHIM_H
#define NETSHIM_H

#include <stddef.h>
#include <stdint.h>

struct nlmsghdr;

/* STRSET_GET's answer into b (its length), or 0 and *err */
size_t netshim_strset(const struct nlmsghdr *req, uint16_t family, unsigned char *b, size_t cap,
		      int *err);
/* the groups (bits 1 << ETHTOOL_STATS_*) a STATS_GET request names */
uint32_t netshim_stats_groups(const struct nlmsghdr *req);
/* a stored STATS_GET answer cut to the groups asked for: its new length */
size_t netshim_stats_cut(unsigned char *b, size_t len, uint32_t groups);
/* the kernel's names of a standard group and of its statistic attr */
const char *netshim_std_group(uint32_t grp);
const char *netshim_std_name(uint32_t grp, uint32_t attr);

/* MODULE_EEPROM_GET's answer into b (its length), or 0 and *err */
size_t netshim_module(const struct nlmsghdr *req, const char *ndev, uint16_t family,
		      unsigned char *b, size_t cap, int *err);

#endif
