// SPDX-License-Identifier: GPL-2.0-or-later
/* A process's context in its detail view: command line, user, CPU, memory,
 * state and start (include/snap_proc.h), the GPUs it has open and how far
 * the devices of its QPs are from them (src/model/pgpu.c), its cgroup and
 * the job, pod, container or unit it makes (src/model/groups.c). */
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "priv.h"
#include "snap_pci.h"
#include "snap_proc.h"

/* The command line whole (the reader keeps 4 KiB), in lines of at most
 * 400 bytes cut between characters, the later ones indented under it. */
static void cmdline(const char *t, ui_emit_fn emit, void *ctx)
{
	char b[512];
	bool first = true;

	do {
		size_t n = strlen(t);

		if (n > 400) {
			n = 400;
			while (n && ((unsigned char)t[n] & 0xc0) == 0x80)
				n--;
		}
		snprintf(b, sizeof(b), "%-9s %.*s", first ? "COMMAND" : "", (int)n, t);
		emit(ctx, ROLE_DEFAULT, 0, b);
		t += n;
		first = false;
	} while (*t);
}

/* The GPUs the process has open, its relation and each device's. */
static void gpus(const struct view_ctx *c, const struct snap_pstat *st, uint32_t pid,
		 ui_emit_fn emit, void *ctx)
{
	const struct snapshot *s = c->s;
	const struct snap_pci *g[16];
	uint32_t devs[64];
	unsigned int ng, nd = 0, i, k;
	char b[512];
	size_t o;

	if (!(st->valid & SNAP_PST_GPUS))
		return;
	ng = snap_pstat_gpus(s, st, g, 16);
	o = (size_t)snprintf(b, sizeof(b), "%-9s", "GPUS");
	for (i = 0; i < ng && o < sizeof(b); i++)
		o += (size_t)snprintf(b + o, sizeof(b) - o, " %s", g[i]->addr);
	if (!ng)
		snprintf(b + o, sizeof(b) - o, " none on a PCI function read (%s)",
			 *snap_s(s, st->gpus) ? "device nodes open" : "no GPU device node open");
	emit(ctx, ROLE_DEFAULT, 0, b);
	if (!ng || !(st->valid & SNAP_PST_GPU_REL) || st->qp_rel >= SNAP_TOPO_N)
		return;
	snprintf(b, sizeof(b), "%-9s %s%s", "GPU", snap_topo_str((enum snap_topo)st->qp_rel),
		 snap_topo_far((enum snap_topo)st->qp_rel)
			 ? "! far: QPs cross sockets or root complexes to its GPUs"
			 : " (its QPs' farthest device to its nearest GPU)");
	emit(ctx, snap_topo_far((enum snap_topo)st->qp_rel) ? ROLE_STATE_WARN : ROLE_DEFAULT, 0, b);
	for (i = 0; i < s->qps.n; i++) {
		const struct snap_qp *q = SNAP_AT(&s->qps, struct snap_qp, i);

		if (snap_owner_pid(s, &q->own) != pid)
			continue;
		for (k = 0; k < nd && devs[k] != q->dev; k++)
			;
		if (k == nd && nd < 64)
			devs[nd++] = q->dev;
	}
	for (k = 0; k < nd; k++) {
		const struct snap_dev *d = snap_dev_find(s, devs[k]);
		unsigned int r = snap_gpu_rel(s, pid, devs[k]);

		if (!d || r >= SNAP_TOPO_N)
			continue;
		snprintf(b, sizeof(b), "  %-14s %s%s", d->name, snap_topo_str((enum snap_topo)r),
			 snap_topo_far((enum snap_topo)r) ? "!" : "");
		emit(ctx, snap_topo_far((enum snap_topo)r) ? ROLE_STATE_WARN : ROLE_DEFAULT, 0, b);
	}
}

void ui_detail_pctx(const struct view_ctx *c, size_t row, ui_emit_fn emit, void *ctx)
{
	const struct view_proc *p = &c->procs[row];
	const struct snap_pstat *st = p->pid ? snap_pstat_find(c->s, p->pid) : NULL;
	const struct view_col *cols;
	char b[600], v[512];
	static const int show[] = { VC_PROC_CMDLINE, VC_PROC_USER, VC_PROC_CPU, VC_PROC_RSS,
				    VC_PROC_START };
	size_t n, i;

	if (!st)
		return;
	cols = view_cols(VIEW_PROCS, &n);
	for (i = 0; i < sizeof(show) / sizeof(show[0]); i++) {
		struct view_value val;

		view_get(c, VIEW_PROCS, row, show[i], &val);
		if (show[i] == VC_PROC_CMDLINE && val.valid) {
			cmdline(val.s, emit, ctx);
			continue;
		}
		view_fmt(&val, v, sizeof(v));
		snprintf(b, sizeof(b), "%-9s %s", cols[show[i]].header, v);
		emit(ctx, ROLE_DEFAULT, 0, b);
	}
	if (st->valid & SNAP_PST_STAT) {
		snprintf(b, sizeof(b), "%-9s %c", "STATE", st->state);
		emit(ctx, ROLE_DEFAULT, 0, b);
	}
	gpus(c, st, p->pid, emit, ctx);
}

void ui_detail_group(const struct snapshot *s, const struct view_proc *p, ui_emit_fn emit,
		     void *ctx)
{
	const char *path = p->cgroup ? snap_s(s, p->cgroup) : "", *qos;
	struct view_group_key k;
	char b[600];

	if (!path[0])
		return;
	snprintf(b, sizeof(b), "%-9s %s", "CGROUP", path);
	emit(ctx, ROLE_DEFAULT, 0, b);
	view_group_classify(path, &k);
	switch (k.kind) {
	case VIEW_G_JOB:
		snprintf(b, sizeof(b), "%-9s %s (%s)", "JOB", k.name, k.runtime);
		break;
	case VIEW_G_POD:
		qos = view_group_qos(path);
		snprintf(b, sizeof(b), "%-9s %s (%s, QoS %s)", "POD", k.name, k.runtime,
			 qos ? qos : "n/a");
		if (k.container[0]) {
			emit(ctx, ROLE_DEFAULT, 0, b);
			snprintf(b, sizeof(b), "%-9s %s", "CONTAINER", k.container);
		}
		break;
	case VIEW_G_CONTAINER:
		snprintf(b, sizeof(b), "%-9s %s (%s)", "CONTAINER", k.name, k.runtime);
		break;
	case VIEW_G_UNIT:
		snprintf(b, sizeof(b), "%-9s %s (%s)", "UNIT", k.name, k.runtime);
		break;
	default:
		/* a cgroup of no known kind: the path above is all */
		return;
	}
	emit(ctx, ROLE_DEFAULT, 0, b);
}
