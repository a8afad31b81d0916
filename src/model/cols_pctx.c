// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The process-context columns of the Processes and Groups tables
 * (include/snap_proc.h): command line, user, CPU %, RSS, start time, and
 * how far its QPs are from its GPUs (src/model/pgpu.c; the QPs' too).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cols.h"
#include "snap_pci.h"
#include "snap_proc.h"

/* A relation as the GPU columns show it: "PIX", far ones marked "SYS!". */
static void gpu_rel(unsigned int rel, struct view_value *v)
{
	if (rel >= SNAP_TOPO_N)
		return;
	snprintf(v->tmp, sizeof(v->tmp), "%s%s", snap_topo_str((enum snap_topo)rel),
		 snap_topo_far((enum snap_topo)rel) ? "!" : "");
	v->s = v->tmp;
	v->valid = true;
}

void view_get_qp_gpu(const struct view_ctx *c, const void *row, const struct view_col *col,
		     struct view_value *v)
{
	const struct snap_qp *q = row;

	(void)col;
	v->valid = false;
	v->s = "";
	if (c->s->flags & SNAP_F_GPU_REL)
		gpu_rel(snap_gpu_rel(c->s, snap_owner_pid(c->s, &q->own), q->dev), v);
}

/* JSON's gpu_relation (no mark) and gpu_far of a QP */
void view_get_qp_gpu_rel(const struct view_ctx *c, const void *row, const struct view_col *col,
			 struct view_value *v)
{
	const struct snap_qp *q = row;
	unsigned int r;

	(void)col;
	v->valid = false;
	v->s = "";
	if (!(c->s->flags & SNAP_F_GPU_REL))
		return;
	r = snap_gpu_rel(c->s, snap_owner_pid(c->s, &q->own), q->dev);
	if (r < SNAP_TOPO_N) {
		v->s = snap_topo_str((enum snap_topo)r);
		v->u = snap_topo_far((enum snap_topo)r);
		v->valid = true;
	}
}

void view_get_qp_gpu_far(const struct view_ctx *c, const void *row, const struct view_col *col,
			 struct view_value *v)
{
	view_get_qp_gpu_rel(c, row, col, v);
	v->type = VIEW_T_UINT;
}

void view_get_pctx(const struct view_ctx *c, const void *row, const struct view_col *col,
		   struct view_value *v)
{
	const struct view_proc *p = row;
	const struct snap_pstat *st = p->pid ? snap_pstat_find(c->s, p->pid) : NULL;
	time_t t, now;
	struct tm tm, tn;
	double w;

	v->valid = false;
	v->s = "";
	switch (col->arg) {
	case VC_PROC_CMDLINE:
		if (st && (st->valid & SNAP_PST_CMDLINE)) {
			v->s = snap_s(c->s, st->cmdline);
			v->valid = true;
		}
		return;
	case VC_PROC_USER:
		if (p->valid & VIEW_PROC_UID) {
			/* the recorded name (src/model/users.c) */
			v->s = snap_user(c->s, p->uid, v->tmp, sizeof(v->tmp));
			v->valid = true;
		}
		return;
	case VC_PROC_CPU:
		v->valid = p->valid & VIEW_PROC_CPU;
		v->d = p->cpu;
		return;
	case VC_PROC_RSS:
		v->valid = p->valid & VIEW_PROC_RSS;
		v->u = p->rss;
		return;
	case VC_PROC_GPU:
		if (st && (st->valid & SNAP_PST_GPU_REL))
			gpu_rel(st->qp_rel, v);
		return;
	case VC_PROC_START:
		w = st ? snap_pstat_start_wall(c->s, st) : 0;
		if (!(w > 0))
			return;
		t = (time_t)w;
		now = c->s->wall.tv_sec;
		gmtime_r(&t, &tm);
		gmtime_r(&now, &tn);
		/* as ps's STIME: the time today, else the day (UTC) */
		if (tm.tm_year == tn.tm_year && tm.tm_yday == tn.tm_yday)
			strftime(v->tmp, sizeof(v->tmp), "%H:%M", &tm);
		else
			strftime(v->tmp, sizeof(v->tmp), "%b%d", &tm);
		v->s = v->tmp;
		v->valid = true;
		return;
	default:
		return;
	}
}

void view_get_gctx(const struct view_ctx *c, const void *row, const struct view_col *col,
		   struct view_value *v)
{
	const struct view_group *g = row;

	(void)c;
	if (col->arg == VC_GRP_CPU) {
		v->valid = g->valid & VIEW_PROC_CPU;
		v->d = g->cpu;
	} else {
		v->valid = g->valid & VIEW_PROC_RSS;
		v->u = g->rss;
	}
}
