// SPDX-License-Identifier: GPL-2.0-or-later
/* A process's context in JSON (doc/json.md, processes and groups), and a
 * QP's distance to its process's GPUs. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "jw.h"
#include "snap_pci.h"
#include "snap_proc.h"

/* The GPUs a process has open and how far its QPs are from them. */
static void json_gpus(struct jw *w, const struct snapshot *s, const struct snap_pstat *st)
{
	const struct snap_pci *g[16];
	unsigned int n, i;
	const char *t;

	if (!(st->valid & SNAP_PST_GPUS))
		return;
	jw_open(w, "gpu_nodes", '[');
	for (t = snap_s(s, st->gpus); *t;) {
		size_t l = strcspn(t, "\n");
		char node[64];

		snprintf(node, sizeof(node), "%.*s", (int)(l < sizeof(node) ? l : sizeof(node) - 1),
			 t);
		jw_s(w, NULL, node);
		t += l + (t[l] == '\n');
	}
	jw_close(w, ']');
	n = snap_pstat_gpus(s, st, g, 16);
	if (!n)
		return;
	jw_open(w, "gpus", '[');
	for (i = 0; i < n; i++)
		jw_s(w, NULL, g[i]->addr);
	jw_close(w, ']');
	if ((st->valid & SNAP_PST_GPU_REL) && st->qp_rel < SNAP_TOPO_N) {
		jw_s(w, "gpu_relation", snap_topo_str((enum snap_topo)st->qp_rel));
		jw_b(w, "gpu_far", snap_topo_far((enum snap_topo)st->qp_rel));
	}
}

void out_json_pctx(struct jw *w, const struct snapshot *s, const struct view_proc *p)
{
	const struct snap_pstat *st = p->pid ? snap_pstat_find(s, p->pid) : NULL;
	char buf[64], state[2] = "";
	double start;

	if (!st)
		return;
	if (st->valid & SNAP_PST_CMDLINE)
		jw_s(w, "cmdline", snap_s(s, st->cmdline));
	if (st->valid & SNAP_PST_STAT) {
		state[0] = st->state;
		jw_s(w, "state", state);
	}
	if (p->valid & VIEW_PROC_CPU)
		jw_d(w, "cpu_percent", p->cpu);
	if (p->valid & VIEW_PROC_RSS)
		jw_u(w, "rss_bytes", p->rss);
	start = snap_pstat_start_wall(s, st);
	if (start > 0) {
		struct timespec ts = { .tv_sec = (time_t)start,
				       .tv_nsec = (long)((start - floor(start)) * 1e9) };

		jw_s(w, "start_time", fmt_time(buf, sizeof(buf), &ts));
	}
	json_gpus(w, s, st);
}

void out_json_gctx(struct jw *w, const struct view_group *g)
{
	if (g->valid & VIEW_PROC_CPU)
		jw_d(w, "cpu_percent", g->cpu);
	if (g->valid & VIEW_PROC_RSS)
		jw_u(w, "rss_bytes", g->rss);
}
