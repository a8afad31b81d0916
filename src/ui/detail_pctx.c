// SPDX-License-Identifier: GPL-2.0-or-later
/* A process's context in its detail view: command line, user, CPU, memory,
 * state and start (include/snap_proc.h). */
#include <stdio.h>

#include "fmt.h"
#include "priv.h"
#include "snap_proc.h"

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
		view_fmt(&val, v, sizeof(v));
		snprintf(b, sizeof(b), "%-9s %s", cols[show[i]].header, v);
		emit(ctx, ROLE_DEFAULT, 0, b);
	}
	if (st->valid & SNAP_PST_STAT) {
		snprintf(b, sizeof(b), "%-9s %c", "STATE", st->state);
		emit(ctx, ROLE_DEFAULT, 0, b);
	}
}
