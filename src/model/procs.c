// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-process aggregation.  The kernel names the thread that created a
 * resource; threads are folded into their process through the Tgid read
 * from /proc.  Every resource becomes one (owner key, resource) item, the
 * items are sorted by key, and each run of equal keys is one entry.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "view.h"

/* Entry kinds, in the order entries are listed. */
enum { K_PROC, K_KERN, K_HIDDEN };

struct item {
	uint8_t kind;
	uint8_t res;		/* enum snap_res */
	uint32_t id;		/* pid (K_PROC), tid (K_HIDDEN) */
	uint32_t tid;		/* owner thread id, 0 if none */
	const char *kern;	/* K_KERN: the owner's name */
	uint32_t kern_id;	/* ... as a string id */
	const void *obj;	/* the resource row */
};

const char *view_owner_pcomm(const struct snapshot *s, const struct snap_owner *o)
{
	const struct snap_task *t;

	if (!(o->valid & SNAP_OWN_TID))
		return "";
	t = snap_task_find(s, o->tid);
	if (!t)
		return "";
	if (t->valid & SNAP_TASK_PCOMM)
		return snap_s(s, t->pcomm);
	if (t->valid & SNAP_TASK_COMM)
		return snap_s(s, t->comm);
	return "";
}

static int item_cmp(const void *pa, const void *pb)
{
	const struct item *a = pa, *b = pb;
	int r;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->kind == K_KERN) {
		r = strcmp(a->kern, b->kern);
		if (r)
			return r;
	} else if (a->id != b->id) {
		return a->id < b->id ? -1 : 1;
	}
	return (a->tid > b->tid) - (a->tid < b->tid);
}

static bool same_key(const struct item *a, const struct item *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == K_KERN)
		return !strcmp(a->kern, b->kern);
	return a->id == b->id;
}

static void item_set(const struct snapshot *s, struct item *it, const struct snap_owner *o,
		     enum snap_res res, const void *obj)
{
	uint32_t pid = snap_owner_pid(s, o);

	memset(it, 0, sizeof(*it));
	it->res = (uint8_t)res;
	it->obj = obj;
	if (o->valid & SNAP_OWN_TID)
		it->tid = o->tid;
	if (pid) {
		it->kind = K_PROC;
		it->id = pid;
	} else if (o->valid & SNAP_OWN_KERN) {
		it->kind = K_KERN;
		it->kern = snap_s(s, o->kern);
		it->kern_id = o->kern;
	} else {
		it->kind = K_HIDDEN;
		it->id = it->tid;
	}
}

/* The owner of element i of a resource vector. */
static const struct snap_owner *res_owner(const struct snapshot *s, enum snap_res r,
					  size_t i, const void **obj)
{
	switch (r) {
	case SNAP_RES_PD:
		*obj = SNAP_AT(&s->pds, struct snap_pd, i);
		return &((const struct snap_pd *)*obj)->own;
	case SNAP_RES_CQ:
		*obj = SNAP_AT(&s->cqs, struct snap_cq, i);
		return &((const struct snap_cq *)*obj)->own;
	case SNAP_RES_QP:
		*obj = SNAP_AT(&s->qps, struct snap_qp, i);
		return &((const struct snap_qp *)*obj)->own;
	case SNAP_RES_CM_ID:
		*obj = SNAP_AT(&s->cm_ids, struct snap_cm_id, i);
		return &((const struct snap_cm_id *)*obj)->own;
	case SNAP_RES_MR:
		*obj = SNAP_AT(&s->mrs, struct snap_mr, i);
		return &((const struct snap_mr *)*obj)->own;
	case SNAP_RES_CTX:
		*obj = SNAP_AT(&s->ctxs, struct snap_ctx, i);
		return &((const struct snap_ctx *)*obj)->own;
	case SNAP_RES_SRQ:
	default:
		*obj = SNAP_AT(&s->srqs, struct snap_srq, i);
		return &((const struct snap_srq *)*obj)->own;
	}
}

static const struct snap_vec *res_vec(const struct snapshot *s, enum snap_res r)
{
	const struct snap_vec *v[SNAP_RES_N] = {
		[SNAP_RES_PD] = &s->pds, [SNAP_RES_CQ] = &s->cqs, [SNAP_RES_QP] = &s->qps,
		[SNAP_RES_CM_ID] = &s->cm_ids, [SNAP_RES_MR] = &s->mrs,
		[SNAP_RES_CTX] = &s->ctxs, [SNAP_RES_SRQ] = &s->srqs,
	};

	return v[r];
}

static void add_item(struct view_proc *p, const struct item *it)
{
	p->res[it->res]++;
	if (it->res == SNAP_RES_QP) {
		const struct snap_qp *q = it->obj;

		if ((q->valid & SNAP_QP_STATE) && q->state < 16)
			p->qp_state[q->state]++;
		if (q->valid & SNAP_QP_PSN_RATE) {
			p->psn_rate += q->sq_psn_rate;
			p->valid |= VIEW_PROC_PSN_RATE;
		}
		if (q->valid & SNAP_QP_RQ_PSN_RATE) {
			p->psn_rate += q->rq_psn_rate;
			p->valid |= VIEW_PROC_PSN_RATE;
		}
	} else if (it->res == SNAP_RES_MR) {
		const struct snap_mr *m = it->obj;

		if (m->valid & SNAP_MR_LEN)
			p->mr_bytes += m->mrlen;
	}
}

/* Fill comm and uid of a process entry from its threads' tasks. */
static void proc_identity(const struct snapshot *s, struct view_proc *p,
			  const struct item *first, size_t n)
{
	const struct snap_task *main_t = snap_task_find(s, p->pid);
	uint32_t comm = 0;
	size_t i;

	if (main_t && (main_t->valid & SNAP_TASK_COMM))
		comm = main_t->comm;
	for (i = 0; i < n; i++) {
		const struct snap_task *t = snap_task_find(s, first[i].tid);

		if (!t)
			continue;
		if (t->valid & SNAP_TASK_PCOMM) {
			comm = t->pcomm;
		} else if (!comm && (t->valid & SNAP_TASK_COMM)) {
			comm = t->comm;
		}
		if (!p->cgroup && (t->valid & SNAP_TASK_CGROUP))
			p->cgroup = t->cgroup;
		if (!(p->valid & VIEW_PROC_UID) && (t->valid & SNAP_TASK_UID)) {
			p->uid = t->uid;
			p->valid |= VIEW_PROC_UID;
		}
		if (t->valid & SNAP_TASK_PCOMM)
			break;
	}
	p->comm = comm;
}

int view_procs(const struct snapshot *s, struct view_proc **out)
{
	struct view_proc *procs = NULL;
	struct item *items;
	size_t n = 0, i, np = 0;
	int r;

	*out = NULL;
	for (r = 0; r < SNAP_RES_N; r++)
		n += res_vec(s, (enum snap_res)r)->n;
	items = malloc((n ? n : 1) * sizeof(*items));
	if (!items)
		return -ENOMEM;
	n = 0;
	for (r = 0; r < SNAP_RES_N; r++) {
		const struct snap_vec *v = res_vec(s, (enum snap_res)r);

		for (i = 0; i < v->n; i++) {
			const void *obj;
			const struct snap_owner *o = res_owner(s, (enum snap_res)r, i, &obj);

			item_set(s, &items[n++], o, (enum snap_res)r, obj);
		}
	}
	qsort(items, n, sizeof(*items), item_cmp);

	/* entries: count runs of equal keys */
	for (i = 0; i < n; i++)
		if (!i || !same_key(&items[i], &items[i - 1]))
			np++;
	procs = calloc(np ? np : 1, sizeof(*procs));
	if (!procs) {
		free(items);
		return -ENOMEM;
	}
	np = 0;
	for (i = 0; i < n;) {
		struct view_proc *p = &procs[np++];
		size_t j = i;

		while (j < n && same_key(&items[j], &items[i]))
			j++;
		for (size_t k = i; k < j; k++) {
			add_item(p, &items[k]);
			if (items[k].tid && (k == i || items[k].tid != items[k - 1].tid)) {
				if (p->n_threads < VIEW_PROC_THREADS)
					p->threads[p->n_threads] = items[k].tid;
				p->n_threads++;
			}
		}
		if (items[i].kind == K_PROC) {
			p->pid = items[i].id;
			proc_identity(s, p, &items[i], j - i);
		} else if (items[i].kind == K_KERN) {
			p->valid |= VIEW_PROC_KERN;
			p->comm = items[i].kern_id;
		} else {
			const struct snap_task *t = snap_task_find(s, items[i].tid);

			p->valid |= VIEW_PROC_HIDDEN;
			if (t && (t->valid & SNAP_TASK_COMM))
				p->comm = t->comm;
		}
		i = j;
	}
	free(items);
	*out = procs;
	return (int)np;
}
