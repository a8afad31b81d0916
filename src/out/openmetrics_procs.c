// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-process series of the exposition, capped: the processes holding the
 * most QPs (then the most resources) keep series of their own, the rest are
 * summed into pid="other", and owners whose process is not visible from
 * here are one pid="hidden" series, so short-lived processes or another PID
 * namespace's thread ids cannot grow a TSDB without bound.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"
#include "om.h"
#include "snap_pci.h"
#include "snap_proc.h"

enum { OM_PROC, OM_KERN, OM_HIDDEN, OM_OTHER };

struct om_proc {
	const struct view_proc *p;	/* NULL: a sum (hidden, other) */
	int kind;
	struct view_proc sum;
	const char *name, *comm;	/* name: pid label when not a number */
	char pidbuf[16];
	size_t order;
};

static uint64_t proc_total(const struct view_proc *p)
{
	uint64_t t = 0;
	int r;

	for (r = 0; r < SNAP_RES_N; r++)
		t += p->res[r];
	return t;
}

/* (entries move when sorted: the label is found here, not kept as a pointer) */
static const char *om_pid(const struct om_proc *e)
{
	return e->name ? e->name : e->pidbuf;
}

static const struct view_proc *om_pv(const struct om_proc *e)
{
	return e->p ? e->p : &e->sum;
}

/* Most QPs first, then most resources, then as view_procs lists them. */
static int proc_rank_cmp(const void *pa, const void *pb)
{
	const struct om_proc *a = pa, *b = pb;
	const struct view_proc *x = om_pv(a), *y = om_pv(b);
	uint64_t tx = proc_total(x), ty = proc_total(y);

	if (x->res[SNAP_RES_QP] != y->res[SNAP_RES_QP])
		return x->res[SNAP_RES_QP] > y->res[SNAP_RES_QP] ? -1 : 1;
	if (tx != ty)
		return tx > ty ? -1 : 1;
	return (a->order > b->order) - (a->order < b->order);
}

static void proc_add(struct view_proc *sum, const struct view_proc *p)
{
	int i;

	view_proc_add_res(sum, p);
	for (i = 0; i < VIEW_HW_N; i++)
		sum->hw[i] += p->hw[i];
	sum->valid |= p->valid & VIEW_PROC_HW;
}

/*
 * rdma_process_qp_hw_total{pid,comm,class} and rdma_process_qp_hw_bytes_total
 * {pid,comm}: what the counters bound to a process's QPs counted, by class
 * (view_hw_class), the bytes apart (one unit per family); only where a
 * counter is bound (mlx5 in auto or manual mode), capped as the others.
 */
void out_om_hw_classes(struct om *w, struct om_label *l, size_t n, const uint64_t *hw)
{
	static const char *const cls[VIEW_HW_N] = {
		[VIEW_HW_RETX] = "retransmits", [VIEW_HW_ERR] = "errors", [VIEW_HW_CNP] = "cnps",
	};
	int c;

	for (c = 0; c < VIEW_HW_N; c++) {
		if (!cls[c])
			continue;
		l[n] = (struct om_label){ "class", cls[c] };
		out_om_u(w, l, n + 1, hw[c]);
	}
}

static void om_proc_hw(struct om *w, const struct om_proc *e, size_t shown)
{
	size_t k;

	if (!w->s->qpcnts.n)
		return;
	out_om_family(w, "rdma_process_qp_hw", OM_COUNTER, NULL,
		      "What the hardware counters bound to a process's QPs counted, by class "
		      "(retransmits, errors, cnps; rdma statistic qp).");
	for (k = 0; k < shown; k++) {
		const struct view_proc *p = om_pv(&e[k]);
		struct om_label lab[3] = { { "pid", om_pid(&e[k]) }, { "comm", e[k].comm } };

		if (p->valid & VIEW_PROC_HW)
			out_om_hw_classes(w, lab, 2, p->hw);
	}
	out_om_family(w, "rdma_process_qp_hw_bytes", OM_COUNTER, "bytes",
		      "Bytes the hardware counters bound to a process's QPs counted "
		      "(their traffic counters in bytes; rdma statistic qp).");
	for (k = 0; k < shown; k++) {
		const struct view_proc *p = om_pv(&e[k]);

		if (p->valid & VIEW_PROC_HW)
			out_om_u(w, (struct om_label[]){ { "pid", om_pid(&e[k]) },
							 { "comm", e[k].comm } },
				 2, p->hw[VIEW_HW_BYTES]);
	}
}

static int u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

static int u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/*
 * Which of the shown series a QP's owner counts in: its process's, its
 * kernel owner's, "hidden", or "other" past the cap -- the same keys
 * view_procs() groups by (Tgid, kernel name, not visible).
 */
static size_t qp_series(const struct snapshot *s, const struct om_proc *e, size_t shown,
			const uint32_t *pids, const size_t *pid_ix, size_t n_pids,
			size_t other, const struct snap_qp *q)
{
	uint32_t pid = snap_owner_pid(s, &q->own);
	size_t k;

	if (q->own.valid & SNAP_OWN_KERN) {
		const char *kern = snap_owner_comm(s, &q->own);

		for (k = 0; k < shown; k++)
			if (e[k].kind == OM_KERN && !strcmp(e[k].comm, kern))
				return k;
		return other;
	}
	if (pid) {
		const uint32_t *f = bsearch(&pid, pids, n_pids, sizeof(*pids), u32_cmp);

		return f ? pid_ix[f - pids] : other;
	}
	for (k = 0; k < shown; k++)
		if (e[k].kind == OM_HIDDEN)
			return k;
	return other;
}

/* rdma_process_qps{pid,comm,device,state}: a key per QP, counted in runs. */
static int om_proc_qps(struct om *w, const struct om_proc *e, size_t shown, bool any_other)
{
	const struct snapshot *s = w->s;
	size_t n = s->qps.n, i, j, k, n_pids = 0, other = any_other ? shown - 1 : SIZE_MAX;
	uint64_t *keys = malloc((n ? n : 1) * sizeof(*keys));
	uint32_t *pids = malloc((shown ? shown : 1) * sizeof(*pids));
	size_t *pid_ix = malloc((shown ? shown : 1) * sizeof(*pid_ix));
	uint64_t m = 0;

	if (!keys || !pids || !pid_ix) {
		free(keys);
		free(pids);
		free(pid_ix);
		return -ENOMEM;
	}
	for (k = 0; k < shown; k++)
		if (e[k].kind == OM_PROC)
			pids[n_pids++] = e[k].p->pid;
	qsort(pids, n_pids, sizeof(*pids), u32_cmp);
	for (i = 0; i < n_pids; i++)
		for (k = 0; k < shown; k++)
			if (e[k].kind == OM_PROC && e[k].p->pid == pids[i])
				pid_ix[i] = k;
	for (i = 0; i < n; i++) {
		const struct snap_qp *q = SNAP_AT(&s->qps, struct snap_qp, i);
		size_t ix = qp_series(s, e, shown, pids, pid_ix, n_pids, other, q);

		if (ix == SIZE_MAX)
			continue;	/* cannot happen: past the cap there is "other" */
		keys[m++] = (uint64_t)ix << 41 | (uint64_t)q->dev << 9 |
			    (q->valid & SNAP_QP_STATE ? out_om_known(q->state, snap_qp_state_str) : 0x100);
	}
	qsort(keys, m, sizeof(*keys), u64_cmp);
	out_om_family(w, "rdma_process_qps", OM_GAUGE, NULL,
		      "Queue pairs held by a process on a device, by QP state.");
	for (i = 0; i < m; i = j) {
		const struct om_proc *x = &e[keys[i] >> 41];
		uint32_t state = keys[i] & 0x1ff;
		char dbuf[16];
		const struct snap_dev *d = snap_dev_find(s, (uint32_t)(keys[i] >> 9));

		for (j = i; j < m && keys[j] == keys[i]; j++)
			;
		if (!d)
			snprintf(dbuf, sizeof(dbuf), "%" PRIu32, (uint32_t)(keys[i] >> 9));
		out_om_u(w, (struct om_label[]){
				 { "pid", om_pid(x) }, { "comm", x->comm },
				 { "device", d ? d->name : dbuf },
				 { "state", state > 0xff ? "unknown" : snap_qp_state_str((uint8_t)state) } },
			 4, j - i);
	}
	free(keys);
	free(pids);
	free(pid_ix);
	return 0;
}

/* The farthest relation of a process's QPs to the GPUs it has open, where
 * it has any open (src/model/pgpu.c); the family only where one has. */
static const struct snap_pstat *proc_gpu(const struct snapshot *s, const struct om_proc *e)
{
	const struct snap_pstat *st;

	if (e->kind != OM_PROC || !(st = snap_pstat_find(s, e->p->pid)))
		return NULL;
	return (st->valid & SNAP_PST_GPU_REL) && st->qp_rel < SNAP_TOPO_N ? st : NULL;
}

static void om_proc_gpu(struct om *w, const struct om_proc *e, size_t shown)
{
	bool any = false;
	size_t k;

	for (k = 0; k < shown; k++) {
		const struct snap_pstat *st = proc_gpu(w->s, &e[k]);
		enum snap_topo rel;

		if (!st)
			continue;
		if (!any)
			out_om_family(w, "rdma_process_gpu_far", OM_GAUGE, NULL,
				      "1 when some of a process's QPs are on a device NODE or SYS from "
				      "every GPU it has open (the data crosses root complexes or "
				      "sockets); gpu_relation is the farthest device's relation to its "
				      "nearest GPU (PIX, PXB, PHB, NODE, SYS).");
		any = true;
		rel = (enum snap_topo)st->qp_rel;
		out_om_u(w, (struct om_label[]){ { "pid", om_pid(&e[k]) }, { "comm", e[k].comm },
						 { "gpu_relation", snap_topo_str(rel) } },
			 3, snap_topo_far(rel));
	}
}

int out_om_procs(struct om *w, unsigned int max_procs)
{
	const struct snapshot *s = w->s;
	struct view_proc *pv;
	struct om_proc *e, hidden = { .name = "hidden", .comm = "", .kind = OM_HIDDEN };
	struct om_proc other = { .name = "other", .comm = "", .kind = OM_OTHER };
	size_t n = 0, i, k, shown;
	bool any_hidden = false, any_other = false;
	int np = view_procs(s, &pv), r;

	if (np < 0)
		return np;
	e = calloc((size_t)np + 1, sizeof(*e));
	if (!e) {
		free(pv);
		return -ENOMEM;
	}
	/* owners whose process is not visible are one series: thread ids of
	 * another PID namespace would each be a new, short-lived series */
	for (i = 0; i < (size_t)np; i++) {
		const struct view_proc *p = &pv[i];

		if (p->valid & VIEW_PROC_HIDDEN) {
			proc_add(&hidden.sum, p);
			any_hidden = true;
			continue;
		}
		e[n].p = p;
		e[n].order = i;
		e[n].kind = p->valid & VIEW_PROC_KERN ? OM_KERN : OM_PROC;
		if (p->valid & VIEW_PROC_KERN)
			e[n].name = "kernel";
		else
			snprintf(e[n].pidbuf, sizeof(e[n].pidbuf), "%" PRIu32, p->pid);
		e[n].comm = snap_s(s, p->comm);
		n++;
	}
	if (any_hidden) {
		hidden.order = (size_t)np;
		e[n++] = hidden;
	}
	qsort(e, n, sizeof(*e), proc_rank_cmp);
	shown = n < max_procs ? n : max_procs;
	for (i = shown; i < n; i++) {
		proc_add(&other.sum, om_pv(&e[i]));
		any_other = true;
	}
	if (any_other)
		e[shown++] = other;

	out_om_family(w, "rdma_processes", OM_GAUGE, NULL,
		      "Processes holding RDMA resources (kernel owners and processes not visible "
		      "from here count once each), before the per-process cap.");
	out_om_u(w, NULL, 0, (uint64_t)np);
	out_om_family(w, "rdma_process_resources", OM_GAUGE, NULL,
		      "Resources held by a process, by type; pid=\"kernel\" for kernel owners, "
		      "\"hidden\" for processes not visible here, \"other\" for those past the cap.");
	for (k = 0; k < shown; k++)
		for (r = 0; r < SNAP_RES_N; r++)
			if (snap_res_owned(r))
				out_om_u(w, (struct om_label[]){
					     { "pid", om_pid(&e[k]) }, { "comm", e[k].comm },
					     { "type", snap_res_name((enum snap_res)r) } },
				     3, om_pv(&e[k])->res[r]);
	if (om_proc_qps(w, e, shown, any_other)) {
		free(e);
		free(pv);
		return -ENOMEM;
	}
	out_om_family(w, "rdma_process_memory_region_bytes", OM_GAUGE, "bytes",
		      "Total length of the memory regions a process registered.");
	for (k = 0; k < shown; k++)
		out_om_u(w, (struct om_label[]){ { "pid", om_pid(&e[k]) }, { "comm", e[k].comm } }, 2,
			 om_pv(&e[k])->mr_bytes);
	om_proc_hw(w, e, shown);
	om_proc_gpu(w, e, shown);
	free(e);
	free(pv);
	return 0;
}
