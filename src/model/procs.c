// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-process aggregation.  The kernel names the thread that created a
 * resource; threads are folded into their process through the Tgid read
 * from /proc.  The resources are summed per owner (thread id or kernel
 * name) in one hashed pass, the owners are sorted by process, and each run
 * of owners of one process is one entry.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "snap_proc.h"
#include "view.h"

/* Entry kinds, in the order entries are listed. */
enum { K_PROC, K_KERN, K_HIDDEN };

struct item {
	uint8_t kind;
	uint32_t id;		/* pid (K_PROC), tid (K_HIDDEN) */
	uint32_t tid;		/* owner thread id, 0 if none */
	const char *kern;	/* K_KERN: the owner's name */
	uint32_t kern_id;	/* ... as a string id */
	const struct view_proc *acc;	/* what this owner holds */
};

/*
 * Everything one owner (a thread id, a kernel name, or nobody) holds,
 * summed in one pass over the resources; only these few sums are sorted,
 * not 100k resources.
 */
struct group {
	struct snap_owner own;	/* of its first resource */
	uint64_t hash;
	struct view_proc acc;
};

struct groups {
	struct group *g;
	size_t n, cap;
	size_t *slot;		/* open addressing: index + 1, 0 = empty */
	size_t mask;
	size_t last;		/* the previous resource's group + 1 */
	size_t last2;		/* the one before that (0: none) */
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
		     const struct view_proc *acc)
{
	uint32_t pid = snap_owner_pid(s, o);

	memset(it, 0, sizeof(*it));
	it->acc = acc;
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

static uint64_t owner_hash(const struct snapshot *s, const struct snap_owner *o)
{
	uint64_t h = (uint64_t)o->valid << 32 | ((o->valid & SNAP_OWN_TID) ? o->tid : 0);

	if (o->valid & SNAP_OWN_KERN)
		h = hash_mix(h, hash_str(snap_s(s, o->kern)));
	return hash_fmix(h);
}

static inline __attribute__((always_inline)) bool
owner_eq(const struct snapshot *s, const struct snap_owner *a, const struct snap_owner *b)
{
	if (a->valid != b->valid)
		return false;
	if ((a->valid & SNAP_OWN_TID) && a->tid != b->tid)
		return false;
	return !(a->valid & SNAP_OWN_KERN) || a->kern == b->kern ||
	       !strcmp(snap_s(s, a->kern), snap_s(s, b->kern));
}

static int groups_grow(struct groups *gs)
{
	size_t cap = gs->cap ? gs->cap * 2 : 64, i;
	struct group *ng = realloc(gs->g, cap * sizeof(*ng));
	size_t *slot;

	if (!ng)
		return -ENOMEM;
	gs->g = ng;
	gs->cap = cap;
	slot = calloc(cap * 2, sizeof(*slot));
	if (!slot)
		return -ENOMEM;
	free(gs->slot);
	gs->slot = slot;
	gs->mask = cap * 2 - 1;
	for (i = 0; i < gs->n; i++) {
		size_t k = gs->g[i].hash & gs->mask;

		while (gs->slot[k])
			k = (k + 1) & gs->mask;
		gs->slot[k] = i + 1;
	}
	return 0;
}

/* The group of an owner, found or added; NULL when memory ran out. */
static inline struct view_proc *group_of(const struct snapshot *s, struct groups *gs,
				  const struct snap_owner *o)
{
	struct group *g;
	uint64_t h;
	size_t k;

	/* resources of one owner tend to come one after another, or those
	 * of two threads taking turns */
	if (gs->last && owner_eq(s, &gs->g[gs->last - 1].own, o))
		return &gs->g[gs->last - 1].acc;
	if (gs->last2 && owner_eq(s, &gs->g[gs->last2 - 1].own, o)) {
		size_t t = gs->last;

		gs->last = gs->last2;
		gs->last2 = t;
		return &gs->g[gs->last - 1].acc;
	}
	h = owner_hash(s, o);
	for (k = gs->slot ? h & gs->mask : 0; gs->slot && gs->slot[k]; k = (k + 1) & gs->mask) {
		g = &gs->g[gs->slot[k] - 1];
		if (g->hash == h && owner_eq(s, &g->own, o)) {
			gs->last2 = gs->last;
			gs->last = gs->slot[k];
			return &g->acc;
		}
	}
	if (gs->n == gs->cap) {
		if (groups_grow(gs))
			return NULL;
		k = h & gs->mask;
		while (gs->slot[k])
			k = (k + 1) & gs->mask;
	}
	g = &gs->g[gs->n];
	memset(g, 0, sizeof(*g));
	g->own = *o;
	g->hash = h;
	gs->slot[k] = ++gs->n;
	gs->last2 = gs->last;
	gs->last = gs->n;
	return &g->acc;
}

static inline void add_qp(struct view_proc *p, const struct snap_qp *q)
{
	p->res[SNAP_RES_QP]++;
	if ((q->valid & SNAP_QP_STATE) && q->state < 16)
		p->qp_state[q->state]++;
	p->psn_adv += q->psn_adv;
	if (q->valid & SNAP_QP_PSN_RATE) {
		p->psn_rate += q->sq_psn_rate;
		p->valid |= VIEW_PROC_PSN_RATE;
	}
	if (q->valid & SNAP_QP_RQ_PSN_RATE) {
		p->psn_rate += q->rq_psn_rate;
		p->valid |= VIEW_PROC_PSN_RATE;
	}
}

/* A resource other than a QP (those go through add_qp). */
static void add_res(struct view_proc *p, enum snap_res res, const void *obj)
{
	p->res[res]++;
	if (res == SNAP_RES_MR) {
		const struct snap_mr *m = obj;

		if (m->valid & SNAP_MR_LEN)
			p->mr_bytes += m->mrlen;
	}
}

void view_proc_add_res(struct view_proc *sum, const struct view_proc *p)
{
	size_t i;

	for (i = 0; i < SNAP_RES_N; i++)
		sum->res[i] += p->res[i];
	for (i = 0; i < 16; i++)
		sum->qp_state[i] += p->qp_state[i];
	sum->mr_bytes += p->mr_bytes;
}

/* Add an owner's sums to its process entry. */
static void add_acc(struct view_proc *p, const struct view_proc *a)
{
	view_proc_add_res(p, a);
	p->psn_rate += a->psn_rate;
	p->psn_adv += a->psn_adv;
	p->valid |= a->valid & VIEW_PROC_PSN_RATE;
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

bool view_pid_match(const struct view_ctx *c, enum view_table t, size_t row, uint32_t pid)
{
	struct view_value v;
	int col;
	uint32_t i;

	if (t == VIEW_PROCS) {
		const struct view_proc *p = &c->procs[row];

		if (p->pid == pid)
			return true;
		for (i = 0; i < p->n_threads && i < VIEW_PROC_THREADS; i++)
			if (p->threads[i] == pid)
				return true;
		return false;
	}
	if (t == VIEW_GROUPS) {
		/* a group holds pid when one of its processes is pid */
		struct view_group_key k;

		for (i = 0; i < c->n_procs; i++) {
			if (!view_pid_match(c, VIEW_PROCS, i, pid))
				continue;
			view_proc_group(c->s, &c->procs[i], &k);
			if (view_group_key_eq(&k, &c->groups[row].key))
				return true;
		}
		return false;
	}
	col = view_col_role(t, VIEW_ROLE_PID);
	if (col < 0)
		return true;
	view_get(c, t, row, col, &v);
	if (v.valid && v.u == pid)
		return true;
	view_get(c, t, row, view_col_role(t, VIEW_ROLE_TID), &v);
	return v.valid && v.u == pid;
}

int view_procs(const struct snapshot *s, struct view_proc **out)
{
	struct view_proc *procs = NULL;
	struct groups gs = { 0 };
	struct item *items;
	size_t n = 0, i, np = 0;
	int r;

	*out = NULL;
	/* QPs first and apart: the most numerous by far (100k on one host) */
	for (i = 0; i < s->qps.n; i++) {
		const struct snap_qp *q = SNAP_AT(&s->qps, struct snap_qp, i);
		struct view_proc *acc = group_of(s, &gs, &q->own);

		if (!acc)
			goto nomem;
		add_qp(acc, q);
	}
	for (r = 0; r < SNAP_RES_N; r++) {
		if (r == SNAP_RES_QP || !snap_res_owned(r))
			continue;
		for (i = 0; i < s->res[r].n; i++) {
			const void *obj = snap_res_at(s, (enum snap_res)r, i);
			struct view_proc *acc = group_of(s, &gs, snap_res_owner(obj, (enum snap_res)r));

			if (!acc)
				goto nomem;
			add_res(acc, (enum snap_res)r, obj);
		}
	}
	free(gs.slot);
	n = gs.n;
	items = malloc((n ? n : 1) * sizeof(*items));
	if (!items) {
		free(gs.g);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++)
		item_set(s, &items[i], &gs.g[i].own, &gs.g[i].acc);
	qsort(items, n, sizeof(*items), item_cmp);

	/* entries: count runs of equal keys */
	for (i = 0; i < n; i++)
		if (!i || !same_key(&items[i], &items[i - 1]))
			np++;
	procs = calloc(np ? np : 1, sizeof(*procs));
	if (!procs) {
		free(items);
		free(gs.g);
		return -ENOMEM;
	}
	np = 0;
	for (i = 0; i < n;) {
		struct view_proc *p = &procs[np++];
		size_t j = i;

		while (j < n && same_key(&items[j], &items[i]))
			j++;
		for (size_t k = i; k < j; k++) {
			add_acc(p, items[k].acc);
			if (items[k].tid && (k == i || items[k].tid != items[k - 1].tid)) {
				if (p->n_threads < VIEW_PROC_THREADS)
					p->threads[p->n_threads] = items[k].tid;
				p->n_threads++;
			}
		}
		if (items[i].kind == K_PROC) {
			const struct snap_pstat *st;

			p->pid = items[i].id;
			proc_identity(s, p, &items[i], j - i);
			st = snap_pstat_find(s, p->pid);
			if (st && (st->valid & SNAP_PST_CPU))
				SNAP_SET(p, cpu, VIEW_PROC_CPU, st->cpu);
			if (st && (st->valid & SNAP_PST_STAT))
				SNAP_SET(p, rss, VIEW_PROC_RSS, snap_pstat_rss_bytes(st));
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
	free(gs.g);
	view_procs_hw(s, procs, np);
	*out = procs;
	return (int)np;
nomem:
	free(gs.g);
	free(gs.slot);
	return -ENOMEM;
}
