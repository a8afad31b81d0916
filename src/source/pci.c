// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live source's PCI walk: the function behind each RDMA device (its
 * sysfs `device` link, or its port's netdev's for Soft-RoCE and siw), the
 * host's GPUs and NICs, and every bridge above them up to the root port.
 * The tree changes only by hot-plug, which changes the RDMA devices (their
 * indices: a re-registered device gets a new one), so the walk is done once
 * and again when the devices' indices, names or netdevs change; each sample
 * feeds the walk's text (SYSFS_PCI), so a recording replays it.
 * Measured in doc/design.md against hwloc, which reads the same files.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "live.h"
#include "snap_pci.h"

struct text {
	char *v;
	size_t n, cap;
	bool oom;
};

static void put(struct text *t, const char *fmt, const char *a, const char *b, const char *c)
{
	int n;

	for (;;) {
		size_t room = t->cap - t->n;

		n = t->v ? snprintf(t->v + t->n, room, fmt, a, b, c) : -1;
		if (n >= 0 && (size_t)n < room)
			break;
		if (t->oom)
			return;
		char *nv = realloc(t->v, t->cap ? t->cap * 2 : 8192);

		if (!nv) {
			t->oom = true;
			return;
		}
		t->v = nv;
		t->cap = t->cap ? t->cap * 2 : 8192;
	}
	t->n += (size_t)n;
}

/*
 * A sysfs or procfs file's start into out ("" when unreadable): 0 or
 * -errno.  Only a regular file is read, opened without blocking: a FIFO
 * in a --sysroot tree held open() for ever, a device could do anything.
 */
static int read_start(const char *full, char *out, size_t outlen)
{
	struct stat st;
	ssize_t r;
	int fd = open(full, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);

	out[0] = '\0';
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	r = read(fd, out, outlen - 1);
	close(fd);
	if (r < 0)
		return -errno;
	out[r] = '\0';
	return 0;
}

/* A sysfs file's first line into out ("" when unreadable): 0 or -errno. */
static int first_line(const char *full, char *out, size_t outlen)
{
	int ret = read_start(full, out, outlen);

	out[strcspn(out, "\n")] = '\0';
	return ret;
}

/* The resolved sysfs path of `rel` (sysroot-relative), without the sysroot:
 * "/sys/devices/..." or "". */
static void resolve(const struct live *l, const char *realroot, const char *rel,
		    char *out, size_t outlen)
{
	char full[PATH_MAX], res[PATH_MAX];
	size_t rl = strlen(realroot);

	out[0] = '\0';
	snprintf(full, sizeof(full), "%s%s", l->sysroot, rel);
	if (!realpath(full, res) || strncmp(res, realroot, rl) ||
	    strncmp(res + rl, "/sys/devices/", 13) || strlen(res + rl) >= outlen)
		return;
	memcpy(out, res + rl, strlen(res + rl) + 1);
}

struct fn {
	char addr[SNAP_PCI_ADDR_MAX];
	char path[SNAP_PCI_PATH_MAX];
	struct snap_pci p;	/* class and vendor, for the kind */
	bool want;
};

static int fn_cmp(const void *a, const void *b)
{
	return strcmp(((const struct fn *)a)->addr, ((const struct fn *)b)->addr);
}

static struct fn *fn_find(struct fn *v, size_t n, const char *addr)
{
	struct fn key;

	snprintf(key.addr, sizeof(key.addr), "%s", addr);
	return n ? bsearch(&key, v, n, sizeof(key), fn_cmp) : NULL;
}

static const char *const attrs[] = {
	"class", "vendor", "device", "numa_node", "local_cpulist", "current_link_speed",
	"max_link_speed", "current_link_width", "max_link_width",
};

/*
 * The device nodes a process opens a GPU by: its DRM render node
 * (drm_sysfs.c puts drm/renderDN under the PCI device, 6.1 and 6.12) and
 * NVIDIA's /dev/nvidiaN, whose N the driver's procfs gives
 * (kernel-open/nvidia/nv-procfs.c, open-gpu-kernel-modules 570: "Device
 * Minor: \t %u"; /proc/driver/nvidia is readable by anyone).
 */
static void gpu_nodes(const struct live *l, struct text *t, const char *addr)
{
	char full[PATH_MAX], v[512], info[2048];
	struct dirent *de;
	const char *p;
	DIR *dh;

	snprintf(full, sizeof(full), "%s/sys/bus/pci/devices/%s/drm", l->sysroot, addr);
	dh = opendir(full);
	while (dh && (de = readdir(dh)))
		if (!strncmp(de->d_name, "renderD", 7) && strlen(de->d_name) < 32)
			put(t, "%s %s %s\n", addr, "drm", de->d_name);
	if (dh)
		closedir(dh);
	snprintf(full, sizeof(full), "%s/proc/driver/nvidia/gpus/%s/information", l->sysroot, addr);
	if (read_start(full, info, sizeof(info)))
		return;
	for (p = info; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		unsigned int minor;

		if (sscanf(p, "Device Minor: %u", &minor) == 1) {
			snprintf(v, sizeof(v), "%u", minor);
			put(t, "%s %s %s\n", addr, "nvidia_minor", v);
			break;
		}
	}
}

/* The PCI functions under sysroot's /sys/bus/pci/devices, sorted by
 * address, each with its path under /sys/devices, class and vendor (the
 * GPUs and NICs wanted); -1 without the bus (a container, a non-PCI host) */
static long list_fns(const struct live *l, const char *realroot, struct fn **out)
{
	char full[PATH_MAX], v[256];
	struct fn *fns = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	DIR *dh;

	snprintf(full, sizeof(full), "%s/sys/bus/pci/devices", l->sysroot);
	dh = opendir(full);
	if (!dh)
		return -1;
	while ((de = readdir(dh))) {
		struct fn *f;
		char rel[128];

		if (de->d_name[0] == '.' || strlen(de->d_name) >= SNAP_PCI_ADDR_MAX)
			continue;
		if (n == cap) {
			struct fn *nf = realloc(fns, (cap = cap ? cap * 2 : 64) * sizeof(*nf));

			if (!nf)
				break;
			fns = nf;
		}
		f = &fns[n];
		memset(f, 0, sizeof(*f));
		/* the length is checked above; gcc -O1 cannot see it */
		memcpy(f->addr, de->d_name, strlen(de->d_name) + 1);
		snprintf(rel, sizeof(rel), "/sys/bus/pci/devices/%s", f->addr);
		resolve(l, realroot, rel, f->path, sizeof(f->path));
		if (!f->path[0])
			continue;
		snprintf(full, sizeof(full), "%s%s/class", l->sysroot, rel);
		if (!first_line(full, v, sizeof(v)))
			SNAP_SET(&f->p, class_code, SNAP_PCI_CLASS, (uint32_t)strtoul(v, NULL, 16));
		snprintf(full, sizeof(full), "%s%s/vendor", l->sysroot, rel);
		if (!first_line(full, v, sizeof(v)))
			SNAP_SET(&f->p, vendor, SNAP_PCI_VENDOR, (uint16_t)strtoul(v, NULL, 16));
		f->want = snap_pci_kind(&f->p) == SNAP_PCI_GPU || snap_pci_kind(&f->p) == SNAP_PCI_NIC;
		n++;
	}
	closedir(dh);
	if (n)	/* qsort of NULL is undefined, even of none */
		qsort(fns, n, sizeof(*fns), fn_cmp);
	*out = fns;
	return (long)n;
}

/* the function behind each RDMA device, wanted and written ("ib DEV ADDR") */
static void mark_rdma(const struct live *l, const char *realroot, const struct snapshot *s,
		      struct fn *fns, size_t n, struct text *t)
{
	char full[PATH_MAX], path[SNAP_PCI_PATH_MAX];
	size_t i, k;

	for (i = 0; i < s->devs.n; i++) {
		const struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, i);
		const char *addr;
		struct fn *f;

		snprintf(full, sizeof(full), "/sys/class/infiniband/%s/device", d->name);
		resolve(l, realroot, full, path, sizeof(path));
		for (k = 0; !path[0] && k < s->ports.n; k++) {
			const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, k);

			if (p->dev != d->index || !(p->valid & SNAP_PORT_NDEV) || !p->ndev[0] ||
			    strchr(p->ndev, '/') || !strcmp(p->ndev, ".."))
				continue;
			snprintf(full, sizeof(full), "/sys/class/net/%s/device", p->ndev);
			resolve(l, realroot, full, path, sizeof(path));
		}
		/* the function itself, or the one a virtio device sits on
		 * (/sys/devices/pci0000:00/0000:00:03.0/virtio0) */
		f = NULL;
		while ((addr = strrchr(path, '/')) && addr > path + 13 && !(f = fn_find(fns, n, addr + 1)))
			*(char *)addr = '\0';
		if (!f)
			continue;
		f->want = true;
		put(t, "%s %s %s\n", "ib", d->name, f->addr);
	}
}

/* the bridges above each wanted function, wanted too */
static void mark_bridges(struct fn *fns, size_t n)
{
	char path[SNAP_PCI_PATH_MAX];
	size_t i;

	for (i = 0; i < n; i++) {
		char *p, *q;

		if (!fns[i].want)
			continue;
		snprintf(path, sizeof(path), "%s", fns[i].path);
		while ((p = strrchr(path, '/')) && p > path + 13) {
			struct fn *f;

			*p = '\0';
			q = strrchr(path, '/');
			if (!q || !(f = fn_find(fns, n, q + 1)))
				break;
			f->want = true;
		}
	}
}

/* The walk's text, or NULL (no PCI bus: a container, a non-PCI host). */
static char *walk(struct live *l, const struct snapshot *s, size_t *len)
{
	char full[PATH_MAX], realroot[PATH_MAX], v[256];
	struct text t = { 0 };
	struct fn *fns = NULL;
	size_t i, k;
	long n;

	snprintf(full, sizeof(full), "%s/", l->sysroot[0] ? l->sysroot : "");
	if (!realpath(full, realroot))
		return NULL;
	if (!strcmp(realroot, "/"))
		realroot[0] = '\0';
	n = list_fns(l, realroot, &fns);
	if (n < 0)
		return NULL;
	mark_rdma(l, realroot, s, fns, (size_t)n, &t);
	mark_bridges(fns, (size_t)n);
	for (i = 0; i < (size_t)n; i++) {
		if (!fns[i].want)
			continue;
		put(&t, "%s %s %s\n", fns[i].addr, "path", fns[i].path);
		for (k = 0; k < sizeof(attrs) / sizeof(attrs[0]); k++) {
			snprintf(full, sizeof(full), "%s/sys/bus/pci/devices/%s/%s", l->sysroot,
				 fns[i].addr, attrs[k]);
			if (!first_line(full, v, sizeof(v)) && v[0])
				put(&t, "%s %s %s\n", fns[i].addr, attrs[k], v);
		}
		if (snap_pci_kind(&fns[i].p) == SNAP_PCI_GPU)
			gpu_nodes(l, &t, fns[i].addr);
	}
	free(fns);
	if (t.oom) {
		free(t.v);
		return NULL;
	}
	*len = t.n;
	return t.v;
}

/* what the walk depends on: each device's index, name and netdevs */
static char *walk_key(const struct snapshot *s)
{
	struct text t = { 0 };
	char idx[16];
	size_t i, k;

	put(&t, "%s%s%s", "", "", "");
	for (i = 0; i < s->devs.n; i++) {
		const struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, i);

		snprintf(idx, sizeof(idx), "%u", d->index);
		put(&t, "%s %s%s", idx, d->name, "");
		for (k = 0; k < s->ports.n; k++) {
			const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, k);

			if (p->dev == d->index && (p->valid & SNAP_PORT_NDEV))
				put(&t, " %s%s%s", p->ndev, "", "");
		}
		put(&t, "%s%s%s\n", "", "", "");
	}
	if (t.oom) {
		free(t.v);
		return NULL;
	}
	return t.v;
}

void live_read_pci(struct source *src, struct snapshot *s)
{
	struct live *l = src->priv;
	double t0 = source_now();
	char *key = walk_key(s);

	if (!key)
		return;
	if (!l->pci_key || strcmp(key, l->pci_key)) {
		free(l->pci);
		l->pci = walk(l, s, &l->pci_len);
		free(l->pci_key);
		l->pci_key = key;
		l->pci_walks++;
	} else {
		free(key);
	}
	s->self.cost[SNAP_COST_FILES] += source_now() - t0;
	if (l->pci)
		source_feed_file(src, s, SYSFS_PCI, 0, l->pci, l->pci_len);
}
