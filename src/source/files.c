// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live source's file reads: each file read once and fed whole
 * (sysfs of the ports and their netdevs, /proc of the resources' owners).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "live.h"
#include "pace.h"
#include "sysfs.h"

/* Read one file and feed it: its length, or -errno. */
ssize_t live_read_file(struct source *src, struct snapshot *s, const char *path)
{
	struct live *l = src->priv;
	char full[1024];
	ssize_t n = 0, r;
	int fd, err = 0;
	double t0 = source_now();

	if (source_cancelled(src))
		return -ECANCELED;
	snprintf(full, sizeof(full), "%s%s", l->sysroot, path);
	fd = open(full, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
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
	for (i = 0; i < sizeof(netstats) / sizeof(netstats[0]); i++) {
		snprintf(path, sizeof(path), "/sys/class/net/%s/statistics/%s", ndev,
			 netstats[i]);
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

static int u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

static void collect_owner(uint32_t **ids, size_t *n, size_t *cap,
			  const struct snap_owner *o)
{
	if (!(o->valid & SNAP_OWN_TID))
		return;
	if (*n && (*ids)[*n - 1] == o->tid)
		return;		/* rows of one owner tend to be adjacent */
	if (*n == *cap) {
		size_t nc = *cap ? *cap * 2 : 64;
		uint32_t *ni = realloc(*ids, nc * sizeof(*ni));

		if (!ni)
			return;
		*ids = ni;
		*cap = nc;
	}
	(*ids)[(*n)++] = o->tid;
}

/* /proc once per distinct owner id, then once per process not yet read. */
void live_read_tasks(struct source *src, struct snapshot *s)
{
	uint32_t *ids = NULL;
	size_t n = 0, cap = 0, i, u = 0;
	char path[64];
	int r;

	for (r = 0; r < SNAP_RES_N; r++)
		for (i = 0; i < s->res[r].n; i++)
			collect_owner(&ids, &n, &cap,
				      snap_res_owner(snap_res_at(s, (enum snap_res)r, i),
						     (enum snap_res)r));
	if (!n)
		goto out;
	qsort(ids, n, sizeof(*ids), u32_cmp);
	for (i = 0; i < n; i++)
		if (!u || ids[u - 1] != ids[i])
			ids[u++] = ids[i];
	for (i = 0; i < u; i++) {
		snprintf(path, sizeof(path), "/proc/%u/status", ids[i]);
		live_read_file(src, s, path);
		snprintf(path, sizeof(path), "/proc/%u/comm", ids[i]);
		live_read_file(src, s, path);
	}
	/*
	 * Then once per process: its comm where only other threads owned
	 * resources, and its cgroup (the job or pod).  Reading creates task
	 * entries, so collect the process ids first.
	 */
	n = 0;
	for (i = 0; i < s->tasks.n; i++) {
		const struct snap_task *t = SNAP_AT(&s->tasks, struct snap_task, i);

		if (!(t->valid & SNAP_TASK_PID) || n == u)
			continue;
		ids[n++] = t->pid;	/* ids has room: at most one per task read */
	}
	qsort(ids, n, sizeof(*ids), u32_cmp);
	for (i = 0, u = 0; i < n; i++)
		if (!u || ids[u - 1] != ids[i])
			ids[u++] = ids[i];
	for (i = 0; i < u; i++) {
		const struct snap_task *pt = snap_task_find(s, ids[i]);

		if (!pt || !(pt->valid & SNAP_TASK_COMM)) {
			snprintf(path, sizeof(path), "/proc/%u/comm", ids[i]);
			live_read_file(src, s, path);
		}
	}
	for (i = 0; i < u; i++) {
		const struct snap_task *pt;

		snprintf(path, sizeof(path), "/proc/%u/cgroup", ids[i]);
		live_read_file(src, s, path);
		pt = snap_task_find(s, ids[i]);
		if (!pt || !(pt->valid & SNAP_TASK_CGROUP))
			break;	/* unreadable here (hidepid, LSM): do not retry per process */
	}
out:
	free(ids);
}
