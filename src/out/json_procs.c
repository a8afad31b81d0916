// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The JSON of processes and of their groups (doc/json.md): each one's
 * resource counts, QP states, PSN rate and bound counter totals.
 */
#include <stdlib.h>
#include <string.h>

#include "jw.h"
#include "names.h"

/* qp, qp_states, mr_bytes and the other counts of a process or a group */
static void json_res_counts(struct jw *w, const uint32_t *res, const uint32_t *qp_state,
			    uint64_t mr_bytes)
{
	uint32_t i;
	size_t k;

	for (k = 0; k < SNAP_RES_N; k++) {
		enum snap_res r = snap_res_proc(k);

		if (r == SNAP_RES_N)
			continue;	/* an object processes do not hold */
		jw_u(w, snap_res_info[r].table, res[r]);
		if (r == SNAP_RES_QP) {
			uint64_t unknown = 0;

			/* states past the names table (newer kernels) are all
			 * "UNKNOWN": one key, not one per state */
			jw_open(w, "qp_states", '{');
			for (i = 0; i < 16; i++) {
				const char *n = snap_qp_state_str((uint8_t)i);

				if (!qp_state[i])
					continue;
				if (strcmp(n, "UNKNOWN"))
					jw_u(w, n, qp_state[i]);
				else
					unknown += qp_state[i];
			}
			if (unknown)
				jw_u(w, "UNKNOWN", unknown);
			jw_close(w, '}');
		} else if (r == SNAP_RES_MR) {
			jw_u(w, "mr_bytes", mr_bytes);
		}
	}
}

/* a process's or a group's bound counter totals, by enum view_hw_class;
 * rates: NULL for none */
static void json_hw(struct jw *w, uint32_t bound, const uint64_t *hw, const double *rates)
{
	static const char *const hk[VIEW_HW_N][2] = {
		{ "retransmits", "retransmits_per_sec" }, { "errors", "errors_per_sec" },
		{ "cnps", "cnps_per_sec" }, { "bytes", "bytes_per_sec" },
	};
	int c;

	jw_open(w, "hw_counters", '{');
	jw_u(w, "bound", bound);
	for (c = 0; c < VIEW_HW_N; c++) {
		jw_u(w, hk[c][0], hw[c]);
		if (rates)
			jw_d(w, hk[c][1], rates[c]);
	}
	jw_close(w, '}');
}

void out_json_proc(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct view_proc *p = row;
	uint32_t i;

	if (p->valid & VIEW_PROC_KERN)
		jw_b(w, "kernel", true);
	else if (p->valid & VIEW_PROC_HIDDEN)
		jw_b(w, "visible", false);
	else
		jw_u(w, "pid", p->pid);
	if (*snap_s(s, p->comm))
		jw_s(w, "comm", snap_s(s, p->comm));
	if (p->valid & VIEW_PROC_UID)
		jw_u(w, "uid", p->uid);
	if (!(p->valid & VIEW_PROC_KERN)) {
		jw_open(w, "threads", '[');
		for (i = 0; i < p->n_threads && i < VIEW_PROC_THREADS; i++)
			jw_u(w, NULL, p->threads[i]);
		jw_close(w, ']');
		jw_u(w, "n_threads", p->n_threads);
	}
	json_res_counts(w, p->res, p->qp_state, p->mr_bytes);
	if (p->valid & VIEW_PROC_PSN_RATE)
		jw_d(w, "psn_per_sec", p->psn_rate);
	if (p->valid & VIEW_PROC_HW)
		json_hw(w, p->n_qpcnt, p->hw, p->valid & VIEW_PROC_HW_RATE ? p->hw_rate : NULL);
	if (p->cgroup)
		jw_s(w, "cgroup", snap_s(s, p->cgroup));
	out_json_pctx(w, s, p);
}

/* The groups (doc/json.md): totals, and the processes by pid. */
int out_json_groups(struct jw *w, const struct view_ctx *c, const struct out_opts *o,
		    const uint32_t *member_of)
{
	size_t *rows, i, k;
	ssize_t n = out_rows(c, VIEW_GROUPS, o, &rows);

	if (n < 0)
		return (int)n;
	jw_open(w, "groups", '[');
	for (i = 0; i < (size_t)n; i++) {
		const struct view_group *g = &c->groups[rows[i]];
		bool mine = !o->pid;

		/* -p: the group of that process only */
		for (k = 0; k < c->n_procs && !mine; k++)
			mine = member_of[k] == rows[i] && view_pid_match(c, VIEW_PROCS, k, o->pid);
		if (!mine)
			continue;
		jw_open(w, NULL, '{');
		jw_s(w, "kind", view_group_kind_str(g->key.kind));
		if (g->key.runtime[0])
			jw_s(w, "runtime", g->key.runtime);
		jw_s(w, "name", g->key.name);
		jw_u(w, "n_processes", g->n_procs);
		jw_open(w, "pids", '[');
		for (k = 0; k < c->n_procs; k++)
			if (member_of[k] == rows[i] && c->procs[k].pid)
				jw_u(w, NULL, c->procs[k].pid);
		jw_close(w, ']');
		json_res_counts(w, g->res, g->qp_state, g->mr_bytes);
		if (g->valid & VIEW_PROC_PSN_RATE)
			jw_d(w, "psn_per_sec", g->psn_rate);
		if (g->valid & VIEW_PROC_HW)
			json_hw(w, g->n_qpcnt, g->hw, NULL);
		if (g->cgroup)
			jw_s(w, "cgroup", snap_s(c->s, g->cgroup));
		out_json_gctx(w, g);
		jw_close(w, '}');
	}
	jw_close(w, ']');
	free(rows);
	return 0;
}
