// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live source's file reads: each file read once and fed whole
 * (sysfs of the ports and their netdevs; the owners' /proc files are
 * src/source/tasks.c's).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "live.h"
#include "pace.h"
#include "snap_proc.h"
#include "sysfs.h"

/* Read one file and feed it: its length, or -errno. */
ssize_t live_read_file(struct source *src, struct snapshot *s, const char *path)
{
	struct live *l = src->priv;
	char full[1024];
	struct stat st;
	ssize_t n = 0, r;
	int fd, err = 0;
	double t0 = source_now();

	if (source_cancelled(src))
		return -ECANCELED;
	snprintf(full, sizeof(full), "%s%s", l->sysroot, path);
	/* a regular file only, opened without blocking: a FIFO in a
	 * --sysroot tree held open() for ever */
	fd = open(full, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		err = -errno;
	} else if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		err = -EINVAL;
		close(fd);
	} else {
		while ((r = read(fd, l->fbuf + n, l->fcap - 1 - (size_t)n)) > 0) {
			n += r;
			if ((size_t)n == l->fcap - 1)
				break;	/* files we read are small */
		}
		if (r < 0)
			err = -errno;
		close(fd);
	}
	if (err)
		n = 0;
	l->fbuf[n] = '\0';
	s->self.cost[strncmp(path, "/proc/", 6) || !strncmp(path, "/proc/net/", 10) ?
		     SNAP_COST_FILES : SNAP_COST_PROC] += source_now() - t0;
	source_feed_file(src, s, path, err, l->fbuf, (size_t)n);
	return err ? err : n;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

void live_read_port_files(struct source *src, struct snapshot *s,
			    const struct snap_dev *d, const struct snap_port *p)
{
	static const char *const netstats[] = {
		"rx_bytes", "tx_bytes", "rx_packets", "tx_packets",
		"rx_errors", "tx_errors", "rx_dropped", "tx_dropped",
	};
	static const char *const carrier[] = {
		"carrier_changes", "carrier_up_count", "carrier_down_count",
	};
	struct live *l = src->priv;
	char dir[160], path[512], full[1024];
	char ndev[SNAP_IFNAME_MAX];
	struct dirent *de;
	bool has_ndev = p->valid & SNAP_PORT_NDEV;
	DIR *dh;
	size_t i;

	/* p points into s->ports, which reads below may not grow; copy */
	snprintf(ndev, sizeof(ndev), "%s", p->ndev);
	snprintf(dir, sizeof(dir), "/sys/class/infiniband/%s/ports/%u", d->name, p->port);
	snprintf(path, sizeof(path), "%s/rate", dir);
	live_read_file(src, s, path);
	snprintf(path, sizeof(path), "%s/link_layer", dir);
	live_read_file(src, s, path);
	/* the GID and P_Key tables, each up to its first empty entry */
	for (i = 0; i < 256; i++) {
		snprintf(path, sizeof(path), "%s/gids/%zu", dir, i);
		if (live_read_file(src, s, path) <= 0 || sysfs_gid_zero(l->fbuf, strlen(l->fbuf)))
			break;
		snprintf(path, sizeof(path), "%s/gid_attrs/types/%zu", dir, i);
		live_read_file(src, s, path);
		snprintf(path, sizeof(path), "%s/gid_attrs/ndevs/%zu", dir, i);
		live_read_file(src, s, path);
	}
	for (i = 0; i < SNAP_PKEYS_MAX; i++) {
		snprintf(path, sizeof(path), "%s/pkeys/%zu", dir, i);
		if (live_read_file(src, s, path) <= 0 || strtoul(l->fbuf, NULL, 16) == 0)
			break;
	}

	/* IB PMA counters; Soft-RoCE (rxe) has no counters/ directory */
	snprintf(full, sizeof(full), "%s%s/counters", l->sysroot, dir);
	dh = opendir(full);
	if (dh) {
		char names[128][64];
		size_t n = 0;

		while ((de = readdir(dh)) && n < 128) {
			size_t len = strlen(de->d_name);

			if (de->d_name[0] == '.' || len >= sizeof(names[0]))
				continue;
			memcpy(names[n++], de->d_name, len + 1);
		}
		closedir(dh);
		/* a stable order, so recordings of equal states are equal */
		qsort(names, n, sizeof(names[0]), name_cmp);
		for (i = 0; i < n; i++) {
			snprintf(path, sizeof(path), "%s/counters/%.63s", dir, names[i]);
			live_read_file(src, s, path);
		}
	}

	/* RoCE and iWARP bytes are only visible on the bound netdev */
	if (!has_ndev || !ndev[0] || strchr(ndev, '/') || !strcmp(ndev, ".."))
		return;
	snprintf(path, sizeof(path), "/sys/class/net/%s/mtu", ndev);
	live_read_file(src, s, path);
	/* the flaps of the link (src/model/flaps.c) */
	for (i = 0; i < sizeof(carrier) / sizeof(carrier[0]); i++) {
		snprintf(path, sizeof(path), "/sys/class/net/%s/%s", ndev, carrier[i]);
		live_read_file(src, s, path);
	}
	for (i = 0; i < sizeof(netstats) / sizeof(netstats[0]); i++) {
		snprintf(path, sizeof(path), "/sys/class/net/%s/statistics/%s", ndev,
			 netstats[i]);
		live_read_file(src, s, path);
	}
	live_read_lowers(src, s, ndev);
}

/* the kernel's lower_NAME links of /sys/class/net/NDEV, sorted: their count */
static size_t lower_names(const struct live *l, const char *ndev,
			  char (*names)[SNAP_IFNAME_MAX], size_t max)
{
	char full[1024];
	struct dirent *de;
	size_t n = 0;
	DIR *dh;

	snprintf(full, sizeof(full), "%s/sys/class/net/%s", l->sysroot, ndev);
	if (!(dh = opendir(full)))
		return 0;
	while ((de = readdir(dh)) && n < max) {
		size_t len = strlen(de->d_name);

		if (strncmp(de->d_name, "lower_", 6) || len - 6 >= SNAP_IFNAME_MAX || len == 6)
			continue;
		memcpy(names[n++], de->d_name + 6, len - 6 + 1);
	}
	closedir(dh);
	qsort(names, n, sizeof(names[0]), name_cmp);
	return n;
}

/*
 * The devices beneath netdev ndev (src/sysfs/lower.c): a bond's slaves, a
 * VLAN's real device, an IPoIB child's parent, each read through its
 * lower_NAME link so the path names the upper and the lower both.
 * SNAP_NET_LOWERS + 1 are listed: the parser says when some are left out.
 */
void live_read_lowers(struct source *src, struct snapshot *s, const char *ndev)
{
	static const char *const upper[] = {
		"uevent", "operstate", "bonding/mode", "bonding/active_slave",
	};
	static const char *const lower[] = {
		"operstate", "carrier", "speed", "carrier_changes",
		"bonding_slave/state", "bonding_slave/mii_status",
		"statistics/rx_bytes", "statistics/tx_bytes", "statistics/rx_packets",
		"statistics/tx_packets", "statistics/rx_dropped", "statistics/tx_dropped",
		"statistics/rx_errors", "statistics/tx_errors",
	};
	char names[SNAP_NET_LOWERS + 1][SNAP_IFNAME_MAX], path[512], full[1024];
	struct live *l = src->priv;
	size_t n = lower_names(l, ndev, names, SNAP_NET_LOWERS + 1), i, k;
	bool bond;

	if (!n)
		return;
	snprintf(full, sizeof(full), "%s/sys/class/net/%s/bonding", l->sysroot, ndev);
	bond = !access(full, F_OK);
	for (i = 0; i < sizeof(upper) / sizeof(upper[0]); i++) {
		if (!bond && !strncmp(upper[i], "bonding/", 8))
			continue;
		snprintf(path, sizeof(path), "/sys/class/net/%s/%s", ndev, upper[i]);
		live_read_file(src, s, path);
	}
	for (k = 0; k < n; k++)
		for (i = 0; i < sizeof(lower) / sizeof(lower[0]); i++) {
			if (!bond && !strncmp(lower[i], "bonding_slave/", 14))
				continue;
			snprintf(path, sizeof(path), "/sys/class/net/%s/lower_%s/%s", ndev,
				 names[k], lower[i]);
			live_read_file(src, s, path);
		}
}

/*
 * Whether a GID's netdev is not its port's: an upper device (VLAN, macvlan,
 * bond), whose VLAN id /proc/net/vlan/config may give.
 */
static bool vlan_gids(const struct snapshot *s)
{
	size_t i;

	for (i = 0; i < s->gids.n; i++) {
		const struct snap_gid *g = SNAP_AT(&s->gids, struct snap_gid, i);
		const struct snap_port *p = snap_port_find(s, g->dev, g->port);

		if (g->ndev[0] && p && strcmp(g->ndev, p->ndev))
			return true;
	}
	return false;
}

void live_read_vlans(struct source *src, struct snapshot *s)
{
	if (vlan_gids(s))
		live_read_file(src, s, SYSFS_VLAN_CONFIG);
}
