// SPDX-License-Identifier: GPL-2.0-or-later
/* A snapshot from fuzz input, and the bounded output stream (snapgen.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* fopencookie */
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "out.h"
#include "snap_pci.h"
#include "snap_proc.h"
#include "snapgen.h"

uint8_t fz_u8(struct fz *z)
{
	if (!z->n)
		return 0;
	z->n--;
	return *z->p++;
}

uint32_t fz_u32(struct fz *z)
{
	uint32_t v = 0;
	int i;

	for (i = 0; i < 4; i++)
		v = v << 8 | fz_u8(z);
	return v;
}

uint64_t fz_u64(struct fz *z)
{
	uint64_t hi = fz_u32(z);

	return hi << 32 | fz_u32(z);
}

double fz_double(struct fz *z)
{
	uint64_t b = fz_u64(z);
	double d;

	memcpy(&d, &b, sizeof(d));	/* NaN and infinities too */
	return d;
}

/* A name: a length byte (up to max - 1), then that many bytes. */
void fz_name(struct fz *z, char *buf, size_t max)
{
	size_t len = fz_u8(z) % max, i;

	for (i = 0; i < len; i++) {
		char c = (char)fz_u8(z);

		buf[i] = c == '^' ? '?' : c;	/* see snapgen.h */
	}
	buf[len] = '\0';
}

/*
 * A name as the kernel's attributes carry it: a length byte, then bytes,
 * NULs among them, escaped as the parsers do (snap_name_esc); *len bytes
 * of dst filled.
 */
static void fz_kname(struct fz *z, char *dst, size_t max)
{
	char raw[256];
	size_t len = fz_u8(z) % (max / 4 > 1 ? max / 4 : 1), i;

	for (i = 0; i < len; i++) {
		char c = (char)fz_u8(z);

		raw[i] = c == '^' ? '?' : c;	/* see snapgen.h */
	}
	snap_name_esc(dst, max, raw, len);
}

uint32_t fz_str(struct snapshot *s, struct fz *z)
{
	char buf[256];

	fz_name(z, buf, sizeof(buf));
	return snap_str(s, buf, sizeof(buf));
}

/*
 * Whether a and b are one label value in an exposition: bytes that are not
 * UTF-8 all become U+FFFD there.  Kernel owners' module names are unique.
 */
static bool same_label(const char *a, const char *b)
{
	char la[1024], lb[1024];
	FILE *f;

	f = fmemopen(la, sizeof(la), "w");
	out_om_label(f, a);
	fputc('\0', f);
	fclose(f);
	f = fmemopen(lb, sizeof(lb), "w");
	out_om_label(f, b);
	fputc('\0', f);
	fclose(f);
	return !strcmp(la, lb);
}

/* One of the devices already made (their indexes), or the first. */
uint32_t fz_dev(const struct snapshot *s, struct fz *z)
{
	uint8_t k = fz_u8(z);

	if (!s->devs.n)
		return 0;
	return SNAP_AT(&s->devs, struct snap_dev, k % s->devs.n)->index;
}

static uint32_t kern[4];
static size_t n_kern;

struct snap_owner fz_owner(struct fz *z)
{
	struct snap_owner o = { 0 };
	uint8_t k = fz_u8(z);

	if (k & 1) {
		o.valid |= SNAP_OWN_TID;
		o.tid = 1 + fz_u8(z) % 32;	/* among the tasks below */
	}
	if ((k & 2) && n_kern) {
		o.valid |= SNAP_OWN_KERN;
		o.kern = kern[fz_u8(z) % n_kern];
	}
	return o;
}

/* Kernel owners: a few module names (KBUILD_MODNAME), one label each. */
static void fz_kern(struct snapshot *s, struct fz *z)
{
	unsigned int n = fz_u8(z) % 4, i, j;

	n_kern = 0;
	for (i = 0; i < n; i++) {
		uint32_t id = fz_str(s, z);

		for (j = 0; j < n_kern; j++)
			if (same_label(snap_s(s, kern[j]), snap_s(s, id)))
				break;
		if (j == n_kern)
			kern[n_kern++] = id;
	}
}

static void fz_devs(struct snapshot *s, struct fz *z)
{
	unsigned int n = fz_u8(z) % 6, i;
	int r;

	for (i = 0; i < n; i++) {
		char name[SNAP_DEV_NAME_MAX];
		uint32_t index = fz_u8(z);
		struct snap_dev *d;

		fz_kname(z, name, sizeof(name));
		/* the kernel's device indexes are unique; names that meet
		 * (a recording's, or escaped) are snap_dedup()'s */
		if (snap_dev_find(s, index))
			continue;
		d = snap_push(&s->devs, sizeof(*d));
		if (!d)
			return;
		d->index = index;
		memcpy(d->name, name, sizeof(name));
		d->valid = fz_u8(z);
		fz_name(z, d->fw, sizeof(d->fw));
		fz_name(z, d->protocol, sizeof(d->protocol));
		d->caps = fz_u64(z);
		d->node_guid = fz_u64(z);
		d->sys_image_guid = fz_u64(z);
		d->num_ports = fz_u8(z);
		d->node_type = fz_u8(z);
		d->dim = fz_u8(z);
		d->res_valid = (uint16_t)(fz_u8(z) & ((1u << SNAP_RES_N) - 1));
		for (r = 0; r < SNAP_RES_N; r++)
			if (d->res_valid & (1u << r))
				d->res[r] = fz_u32(z);
		for (r = 0; r < SNAP_TBL_N; r++)
			d->tbl_err[r] = (fz_u8(z) & 7) == 7 ? -(int)(fz_u8(z) % 140) : 0;
	}
}

/* An object's driver attributes (rdma -dd's drv_*), names from the input. */
void fz_drv(struct snapshot *s, struct fz *z, struct snap_owner *o)
{
	unsigned int n = fz_u8(z) % 4, i;

	o->drv = (uint32_t)s->drvs.n;
	o->ndrv = 0;
	for (i = 0; i < n; i++) {
		struct snap_drv *d = snap_push(&s->drvs, sizeof(*d));

		if (!d)
			return;
		d->name = fz_str(s, z);
		d->str = fz_str(s, z);
		d->v = fz_u64(z);
		d->kind = fz_u8(z) % 5;
		d->hex = fz_u8(z) & 1;
		o->ndrv++;
	}
}

/* A port's GID table and P_Keys, as sysfs gives them. */
static void fz_gids(struct snapshot *s, struct fz *z, struct snap_port *p)
{
	unsigned int n = fz_u8(z) % 4, i, k;
	uint8_t b;

	for (i = 0; i < n; i++) {
		struct snap_gid *g = snap_push(&s->gids, sizeof(*g));

		if (!g)
			return;
		g->dev = p->dev;
		g->port = p->port;
		g->index = i;
		for (k = 0; k < sizeof(g->gid); k++)
			g->gid[k] = fz_u8(z);
		g->type = fz_u8(z) % 5;
		b = fz_u8(z);
		g->has_type = b & 1;
		/* a VLAN id from the same byte and the GID's last two */
		g->has_vlan = (b & 2) != 0;
		g->vlan = (uint16_t)((g->gid[14] << 8 | g->gid[15]) & 0xfff);
		fz_name(z, g->ndev, sizeof(g->ndev));
	}
	p->npkeys = fz_u8(z) % (SNAP_PKEYS_MAX + 1);
	for (i = 0; i < p->npkeys; i++)
		p->pkeys[i] = (uint16_t)fz_u32(z);
	p->guid = fz_u64(z);
	p->ndev_mtu = fz_u32(z);
}

/* The PCI walk (include/snap_pci.h): functions under a few root
 * complexes, paths from a small alphabet of addresses so that they nest,
 * some carrying a device's name; after everything else, so that older
 * inputs mean what they meant. */
static void fz_pcis(struct snapshot *s, struct fz *z)
{
	static const char *const addr[] = { "0000:10:01.0", "0000:11:00.0", "0000:12:00.0", "0000:13:00.0",
					    "0000:90:01.0", "0000:91:00.0" };
	unsigned int n = fz_u8(z) % 8, i, k;

	for (i = 0; i < n; i++) {
		struct snap_pci *p = snap_push(&s->pcis, sizeof(*p));
		unsigned int depth = fz_u8(z) % 5;
		size_t o;

		if (!p)
			return;
		p->valid = fz_u32(z);
		o = (size_t)snprintf(p->path, sizeof(p->path), "/sys/devices/pci0000:%s",
				     fz_u8(z) & 1 ? "90" : "10");
		for (k = 0; k <= depth && o < sizeof(p->path); k++)
			o += (size_t)snprintf(p->path + o, sizeof(p->path) - o, "/%s",
					      addr[fz_u8(z) % 6]);
		snprintf(p->addr, sizeof(p->addr), "%s", strrchr(p->path, '/') + 1);
		p->class_code = fz_u32(z) & 0xffffff;
		p->vendor = (uint16_t)fz_u32(z);
		p->numa = (int32_t)(fz_u8(z) % 4) - 1;
		p->cur_speed = fz_double(z);
		p->max_speed = fz_double(z);
		p->cur_width = fz_u8(z);
		p->max_width = fz_u8(z);
		if (fz_u8(z) & 1)
			fz_name(z, p->ib, sizeof(p->ib));
	}
}

/* The processes' context (include/snap_proc.h) */
static void fz_pstats(struct snapshot *s, struct fz *z)
{
	unsigned int n = fz_u8(z) % 4, i;

	for (i = 0; i < n; i++) {
		struct snap_pstat *p = snap_push(&s->pstats, sizeof(*p));

		if (!p)
			return;
		p->pid = fz_u32(z) % 8;
		p->valid = fz_u32(z);
		p->state = (char)fz_u8(z);
		p->ticks = fz_u64(z);
		p->start = fz_u64(z);
		p->rss = fz_u64(z);
		p->cmdline = fz_str(s, z);
		p->cpu = fz_double(z);
	}
	s->uptime = fz_double(z);
	snap_pstats_keep(NULL, s);	/* sorted by pid, as every sample */
}

/* GPUs a process has open (after everything else, as fz_pcis): device
 * nodes for some processes, render nodes and NVIDIA minors for some
 * functions, then the relations each sample computes (src/model/pgpu.c). */
static void fz_gpus(struct snapshot *s, struct fz *z)
{
	static const char *const nodes[] = {
		"/dev/nvidia0\n", "/dev/nvidia1\n/dev/nvidiactl\n", "/dev/dri/renderD128\n",
		"/dev/dri/renderD129\n/dev/nvidia-uvm\n", "",
	};
	size_t i;

	for (i = 0; i < s->pcis.n; i++) {
		struct snap_pci *p = SNAP_AT(&s->pcis, struct snap_pci, i);
		uint8_t b = fz_u8(z);

		if (b & 1)
			SNAP_SET(p, render, SNAP_PCI_RENDER, 128 + (b >> 1) % 2);
		if (b & 8)
			SNAP_SET(p, nv_minor, SNAP_PCI_NV_MINOR, (b >> 4) % 2);
		if (b & 64)	/* a 3D controller: a GPU for the topology */
			SNAP_SET(p, class_code, SNAP_PCI_CLASS, 0x030200);
		else if ((b & 128) && s->devs.n)	/* an RDMA device's function */
			snprintf(p->ib, sizeof(p->ib), "%s",
				 SNAP_AT(&s->devs, struct snap_dev, i % s->devs.n)->name);
	}
	for (i = 0; i < s->pstats.n; i++) {
		struct snap_pstat *p = SNAP_AT(&s->pstats, struct snap_pstat, i);
		uint8_t b = fz_u8(z);
		const char *t = nodes[b % 5];

		if (b & 8)
			SNAP_SET(p, gpus, SNAP_PST_GPUS, snap_str(s, t, strlen(t)));
	}
	snap_pstats_gpus(s);
}

static void fz_ports(struct snapshot *s, struct fz *z)
{
	unsigned int n = s->devs.n ? fz_u8(z) % 8 : 0, i;

	for (i = 0; i < n; i++) {
		struct snap_port *p = snap_port_get(s, fz_dev(s, z), fz_u8(z) % 4);

		if (!p)
			return;
		p->valid = fz_u32(z);
		p->lid = fz_u32(z);
		p->sm_lid = fz_u32(z);
		p->ndev_index = fz_u32(z);
		p->cap_flags = fz_u64(z);
		p->subnet_prefix = fz_u64(z);
		p->lmc = fz_u8(z);
		p->state = fz_u8(z);
		p->phys_state = fz_u8(z);
		fz_name(z, p->ndev, sizeof(p->ndev));
		if (fz_u8(z) & 1)
			/* the form sysfs has, with a number of the input */
			snprintf(p->rate, sizeof(p->rate), "%u Gb/sec (4X EDR)", fz_u32(z));
		else
			fz_name(z, p->rate, sizeof(p->rate));
		fz_name(z, p->link_layer, sizeof(p->link_layer));
		fz_gids(s, z, p);
		/* flaps (src/model/flaps.c): only where the valid bits say a
		 * change was seen, so older seeds keep their meaning */
		if (p->valid & SNAP_PORT_LAST_CHANGE) {
			unsigned int k;

			p->carrier_changes = fz_u32(z);
			p->carrier_up = fz_u32(z);
			p->carrier_down = fz_u32(z);
			p->last_change.tv_sec = (time_t)(fz_u32(z) % 4000000000u);
			p->last_change.tv_nsec = fz_u32(z) % 1000000000;
			p->nchanges = fz_u8(z) % (SNAP_CHANGES_MAX + 1);
			for (k = 0; k < p->nchanges; k++) {
				struct snap_link_change *c = &p->changes[k];

				c->when = p->last_change;
				c->window = (float)fz_u8(z) / 4;
				c->from_state = fz_u8(z);
				c->state = fz_u8(z);
				c->from_phys = fz_u8(z);
				c->phys = fz_u8(z);
				c->carrier = fz_u32(z);
				c->downed = fz_u32(z);
			}
		}
	}
}

/* the netdev rows of src/net: a port's netdev, any fields, some reasons */
static void fz_nets(struct snapshot *s, struct fz *z)
{
	size_t i, k;

	for (i = 0; i < s->ports.n && i < 4; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);
		struct snap_net *n;

		if (!(p->valid & SNAP_PORT_NDEV) || !(fz_u8(z) & 1) || snap_net_find(s, p->ndev))
			continue;
		n = snap_push(&s->nets, sizeof(*n));
		if (!n)
			return;
		memcpy(n->ndev, p->ndev, sizeof(n->ndev));
		n->dev = p->dev;
		n->port = p->port;
		n->valid = fz_u32(z);
		n->pfc_cap = fz_u8(z);
		n->pfc_en = fz_u8(z);
		n->mbc = fz_u8(z);
		n->delay = (uint16_t)fz_u32(z);
		n->pause_autoneg = fz_u8(z);
		n->pause_rx = fz_u8(z);
		n->pause_tx = fz_u8(z);
		n->fec_active = fz_u8(z);
		n->link = fz_u8(z);
		n->ext_down_cnt = fz_u32(z);
		n->speed = fz_u32(z);
		n->lanes = fz_u32(z);
		for (k = 0; k < SNAP_NET_N; k++)
			n->err[k] = -(int)(fz_u8(z) % 4 == 0 ? fz_u8(z) : 0);
		/* from the values drawn, so that older inputs draw as before */
		n->std_groups = (uint8_t)(n->valid >> 16);
		n->ext_state = (uint8_t)(n->pfc_cap ^ n->link);
		n->ext_substate = n->mbc;
		n->duplex = n->pause_tx;
		n->autoneg = n->pause_rx;
	}
}

static void fz_counters(struct snapshot *s, struct fz *z)
{
	unsigned int n = s->devs.n ? fz_u8(z) % 48 : 0, i;

	for (i = 0; i < n; i++) {
		struct snap_counter *c = snap_push(&s->counters, sizeof(*c));
		uint8_t b;

		if (!c)
			return;
		c->dev = fz_dev(s, z);
		c->port = fz_u8(z) % 4;
		c->source = fz_u8(z) % SNAP_SRC_N;
		{
			char name[256];

			fz_kname(z, name, sizeof(name));
			c->name = snap_str(s, name, sizeof(name));
		}
		/* as the parsers do: the class of the name */
		c->cls = cnt_classify(snap_s(s, c->name), &c->cls_flags);
		c->unit = fz_u8(z) % SNAP_UNIT_N;
		b = fz_u8(z);
		c->bits = b & 1 ? 32 : 64;
		/* saturating and saturated, from the same byte: the seeds keep
		 * their meaning */
		c->sat = (uint8_t)((b >> 1) & (SNAP_CNT_SATURATES | SNAP_CNT_SATURATED));
		c->rate_status = fz_u8(z) % (RATE_SAT + 1);
		c->value = fz_u64(z);
		c->rate = fz_double(z);
		c->delta = fz_u64(z);
	}
}

static void fz_tasks(struct snapshot *s, struct fz *z)
{
	unsigned int n = fz_u8(z) % 24, i;

	for (i = 0; i < n; i++) {
		struct snap_task *t = snap_task_get(s, 1 + fz_u8(z) % 32);

		if (!t)
			return;
		t->pid = 1 + fz_u8(z) % 32;
		t->uid = fz_u32(z);
		t->valid = fz_u8(z);
		t->comm = fz_str(s, z);
		t->pcomm = fz_u8(z) & 1 ? t->comm : fz_str(s, z);
		t->cgroup = fz_str(s, z);
	}
}

void fz_snapshot(struct snapshot *s, struct fz *z)
{
	s->wall.tv_sec = (time_t)fz_u64(z);
	s->wall.tv_nsec = fz_u32(z) % 1000000000;
	s->mono.tv_sec = fz_u32(z);
	s->interval = fz_double(z);
	s->flags = fz_u8(z);
	fz_name(z, s->host, sizeof(s->host));
	fz_name(z, s->kernel, sizeof(s->kernel));
	s->sys.valid = fz_u8(z);
	s->sys.netns_shared = fz_u8(z) & 1;
	s->sys.copy_on_fork = fz_u8(z) & 1;
	s->sys.privileged_qkey = fz_u8(z) & 1;
	s->sys.monitor_mode = fz_u8(z) & 1;
	fz_devs(s, z);
	fz_ports(s, z);
	fz_counters(s, z);
	fz_nets(s, z);
	fz_tasks(s, z);
	fz_kern(s, z);
	fz_res(s, z);
	fz_events(s, z);
	fz_pcis(s, z);
	fz_pstats(s, z);
	fz_gpus(s, z);
	snap_tasks_sort(s);
	/* as every source does after a sample: then no series or key twice */
	snap_dedup(s);
	/* the last rows a bond's sums of its slaves' (lowsum.c): the metrics
	 * export them through their ledger */
	if (s->counters.n && fz_u8(z) & 1)
		s->lowsum = 1 + fz_u8(z) % s->counters.n;
}
