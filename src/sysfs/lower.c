// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The devices beneath a port's netdev (include/snap_net.h struct
 * snap_lower), from the files the live source reads through the kernel's
 * own links, /sys/class/net/UPPER/lower_NAME/... (net/core/dev.c
 * netdev_adjacent_sysfs_add, 3.13+; the link names the lower's device
 * directory, so its files are the lower's own):
 *   UPPER/uevent                 DEVTYPE=bond or vlan (drivers/net/bonding/
 *                                bond_main.c bond_type, net/8021q/vlan_dev.c
 *                                vlan_type; an IPoIB child has none)
 *   UPPER/operstate              net/core/net-sysfs.c operstates[]
 *   UPPER/bonding/mode           "active-backup 1" (bond_sysfs.c
 *                                bonding_show_mode: the name, the number)
 *   UPPER/bonding/active_slave   a slave's name, or an empty line
 *   UPPER/lower_NAME/{operstate,carrier,speed,carrier_changes}
 *   UPPER/lower_NAME/statistics/{rx,tx}_{bytes,packets,dropped,errors}
 *   UPPER/lower_NAME/bonding_slave/{state,mii_status} (bond_sysfs_slave.c:
 *                                "active"/"backup"; bond_slave_link_status()
 *                                "up", "going down", "down", "going back")
 * Checked against 6.1, 6.12 and 7.3's sources: the same texts.  A file
 * that cannot be read (carrier and speed of a device down: -EINVAL) leaves
 * its field n/a.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sysfs.h"

static const char *const stat_names[SNAP_LOW_STATS] = {
	[SNAP_LOW_RX_BYTES] = "rx_bytes",     [SNAP_LOW_TX_BYTES] = "tx_bytes",
	[SNAP_LOW_RX_PACKETS] = "rx_packets", [SNAP_LOW_TX_PACKETS] = "tx_packets",
	[SNAP_LOW_RX_DROPPED] = "rx_dropped", [SNAP_LOW_TX_DROPPED] = "tx_dropped",
	[SNAP_LOW_RX_ERRORS] = "rx_errors",   [SNAP_LOW_TX_ERRORS] = "tx_errors",
};

static const char *const opers[] = {
	"unknown", "notpresent", "down", "lowerlayerdown", "testing", "dormant", "up",
};

static const char *const miis[] = { "up", "going down", "down", "going back" };

const char *sysfs_lower_stat_name(unsigned int i)
{
	return i < SNAP_LOW_STATS ? stat_names[i] : "unknown";
}

const char *sysfs_oper_name(unsigned int i)
{
	return i < sizeof(opers) / sizeof(opers[0]) ? opers[i] : "unknown";
}

const char *sysfs_mii_name(unsigned int i)
{
	return i < sizeof(miis) / sizeof(miis[0]) ? miis[i] : "unknown";
}

/* index of the one-line text buf in names, -1 if none */
static int word_of(const char *const *names, size_t n, const char *buf, size_t len)
{
	char w[32];
	size_t i;

	sysfs_line(w, sizeof(w), buf, len);
	for (i = 0; i < n; i++)
		if (!strcmp(w, names[i]))
			return (int)i;
	return -1;
}

/* a decimal number of the file, -EBADMSG for anything else; *neg a "-1" */
static int number(const char *buf, size_t len, uint64_t *v, bool *neg)
{
	*neg = len >= 2 && buf[0] == '-' && buf[1] == '1';
	return *neg ? 0 : sysfs_u64(buf, len, 10, v);
}

static struct snap_lower *lower_get(struct snap_net *n, const char *name)
{
	size_t i, len = strlen(name);

	for (i = 0; i < n->n_lower; i++)
		if (!strcmp(n->lower[i].name, name))
			return &n->lower[i];
	if (n->n_lower == SNAP_NET_LOWERS) {
		n->lower_more = 1;
		return NULL;
	}
	memset(&n->lower[i], 0, sizeof(n->lower[i]));
	memcpy(n->lower[i].name, name, len);
	n->n_lower++;
	return &n->lower[i];
}

static int lower_file(struct snap_lower *l, const char *rest, const char *buf, size_t len)
{
	uint64_t v = 0;
	bool neg;
	int k;

	if (!strncmp(rest, "statistics/", 11)) {
		for (k = 0; k < SNAP_LOW_STATS && strcmp(rest + 11, stat_names[k]); k++)
			;
		if (k == SNAP_LOW_STATS)
			return 0;
		if (number(buf, len, &v, &neg) || neg)
			return -EBADMSG;
		l->stat[k] = v;
		l->stat_valid |= (uint16_t)(1u << k);
	} else if (!strcmp(rest, "operstate")) {
		if ((k = word_of(opers, sizeof(opers) / sizeof(opers[0]), buf, len)) < 0)
			return -EBADMSG;
		SNAP_SET(l, oper, SNAP_LOW_OPER, (uint8_t)k);
	} else if (!strcmp(rest, "carrier") || !strcmp(rest, "carrier_changes") ||
		   !strcmp(rest, "speed")) {
		if (number(buf, len, &v, &neg) || v > UINT32_MAX)
			return -EBADMSG;
		if (rest[0] == 's') /* -1: SPEED_UNKNOWN (a link down) */
			SNAP_SET(l, speed, SNAP_LOW_SPEED, neg ? UINT32_MAX : (uint32_t)v);
		else if (neg)
			return -EBADMSG;
		else if (!strcmp(rest, "carrier"))
			SNAP_SET(l, carrier, SNAP_LOW_CARRIER, v != 0);
		else
			SNAP_SET(l, carrier_changes, SNAP_LOW_CHANGES, (uint32_t)v);
	} else if (!strcmp(rest, "bonding_slave/state")) {
		static const char *const st[] = { "active", "backup" };

		if ((k = word_of(st, 2, buf, len)) < 0)
			return 0; /* "UNKNOWN": said nothing */
		SNAP_SET(l, backup, SNAP_LOW_STATE, (uint8_t)k);
	} else if (!strcmp(rest, "bonding_slave/mii_status")) {
		if ((k = word_of(miis, sizeof(miis) / sizeof(miis[0]), buf, len)) < 0)
			return -EBADMSG;
		SNAP_SET(l, mii, SNAP_LOW_MII, (uint8_t)k);
	}
	return 0;
}

/* UPPER's own files: uevent, operstate, bonding/{mode,active_slave} */
static int upper_file(struct snap_net *n, const char *rest, const char *buf, size_t len)
{
	int k;

	if (!strcmp(rest, "uevent")) {
		const char *p = buf, *end = buf + len;

		while (p < end) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

			if (l == 12 && !memcmp(p, "DEVTYPE=bond", 12))
				n->upper = SNAP_UPPER_BOND;
			else if (l == 12 && !memcmp(p, "DEVTYPE=vlan", 12))
				n->upper = SNAP_UPPER_VLAN;
			p += l + 1;
		}
	} else if (!strcmp(rest, "operstate")) {
		if ((k = word_of(opers, sizeof(opers) / sizeof(opers[0]), buf, len)) < 0)
			return -EBADMSG;
		SNAP_SET(n, oper, SNAP_NET_OPER, (uint8_t)k);
	} else if (!strcmp(rest, "bonding/mode")) {
		const char *sp = memchr(buf, ' ', len);
		uint64_t v;
		bool neg;

		if (!sp || number(sp + 1, len - (size_t)(sp + 1 - buf), &v, &neg) || neg || v > 6)
			return -EBADMSG;
		SNAP_SET(n, bond_mode, SNAP_NET_BOND_MODE, (uint8_t)v);
		n->upper = SNAP_UPPER_BOND;
	} else if (!strcmp(rest, "bonding/active_slave")) {
		sysfs_line(n->active, sizeof(n->active), buf, len);
		n->valid |= SNAP_NET_ACTIVE;
	}
	return 0;
}

static bool upper_path(const char *rest)
{
	return !strcmp(rest, "uevent") || !strcmp(rest, "operstate") ||
	       !strncmp(rest, "bonding/", 8);
}

int sysfs_lower_parse(struct snapshot *s, const char *ndev, const char *rest, int err,
		      const char *buf, size_t len)
{
	char name[SNAP_IFNAME_MAX];
	struct snap_lower *l;
	struct snap_net *n;
	size_t k;
	int ret;

	if (strncmp(rest, "lower_", 6) && !upper_path(rest))
		return 0;
	if (strncmp(rest, "lower_", 6)) {
		if (err)
			return 1;
		if (!(n = snap_net_get(s, ndev)))
			return -ENOMEM;
		ret = upper_file(n, rest, buf, len);
		return ret ? ret : 1;
	}
	rest += 6;
	k = strcspn(rest, "/");
	if (!k || k >= sizeof(name) || !rest[k])
		return 1;
	memcpy(name, rest, k);
	name[k] = '\0';
	if (!(n = snap_net_get(s, ndev)))
		return -ENOMEM;
	if (!(l = lower_get(n, name)) || err)
		return 1;
	ret = lower_file(l, rest + k + 1, buf, len);
	return ret ? ret : 1;
}
