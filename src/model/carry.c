// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tables a paced sample did not dump (--budget) are carried over from the
 * previous sample: the rows, the time they are from, and their owners'
 * tasks.  Only in samples that say they were paced (the budget in their
 * SOURCE_SELF record).  A pure function of the two snapshots, so that a replay of a
 * paced recording rebuilds the very tables and ages the live run showed.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "flaps.h"
#include "snap_proc.h"
#include "snapshot.h"
#include "util.h"

/* A string id of prev as an id of cur. */
static uint32_t restr(const struct snapshot *prev, struct snapshot *cur, uint32_t id)
{
	return snap_str_copy(cur, prev, id);
}

/*
 * The string fields of an object, moved to cur's strings.  Every object's
 * owner may carry a kernel name; QPs a driver subtype, SRQs their QP list.
 */
static void restr_obj(const struct snapshot *prev, struct snapshot *cur, enum snap_res r,
		      void *obj)
{
	struct snap_owner *o = (struct snap_owner *)((char *)obj + snap_res_info[r].own);

	if (o->valid & SNAP_OWN_KERN)
		o->kern = restr(prev, cur, o->kern);
	if (r == SNAP_RES_QP) {
		struct snap_qp *q = obj;

		if (q->valid & SNAP_QP_SUBTYPE)
			q->subtype = restr(prev, cur, q->subtype);
		if (q->valid & SNAP_QP_RAW)
			q->raw = restr(prev, cur, q->raw);
	} else if (r == SNAP_RES_SRQ) {
		struct snap_srq *q = obj;

		if (q->valid & SNAP_SRQ_LQPN)
			q->lqpn = restr(prev, cur, q->lqpn);
	}
}

/* An object's driver attributes (rdma -dd's drv_*), moved to cur's drvs. */
static int carry_drv(const struct snapshot *prev, struct snapshot *cur, struct snap_owner *o)
{
	uint32_t first = (uint32_t)cur->drvs.n;
	size_t k;

	if (!o->ndrv)
		return 0;
	if ((size_t)o->drv + o->ndrv > prev->drvs.n) {
		o->ndrv = 0;
		return 0;
	}
	for (k = 0; k < o->ndrv; k++) {
		const struct snap_drv *p = SNAP_AT(&prev->drvs, struct snap_drv, o->drv + k);
		struct snap_drv *d = snap_push(&cur->drvs, sizeof(*d));

		if (!d)
			return -ENOMEM;
		*d = *p;
		d->name = restr(prev, cur, p->name);
		if (p->kind == SNAP_DRV_STR)
			d->str = restr(prev, cur, p->str);
	}
	o->drv = first;
	return 0;
}

static int carry_task(const struct snapshot *prev, struct snapshot *cur, uint32_t tid)
{
	const struct snap_task *p = snap_task_find(prev, tid);
	struct snap_task *t;

	if (!p || snap_task_find(cur, tid))
		return 0;
	t = snap_task_get(cur, tid);
	if (!t)
		return -ENOMEM;
	*t = *p;
	t->comm = restr(prev, cur, p->comm);
	t->pcomm = restr(prev, cur, p->pcomm);
	t->cgroup = restr(prev, cur, p->cgroup);
	return 0;
}

/*
 * The rows per-QP GETs read in cur for one device (SNAP_QP_WHEN, and
 * SNAP_QP_GONE markers), taken out of cur->qps and sorted by LQPN: the
 * carried table takes them in the places of the rows they refresh.
 */
struct fresh {
	struct snap_qp *v;
	bool *used;
	size_t n;
};

static int by_lqpn(const void *a, const void *b)
{
	const struct snap_qp *x = a, *y = b;

	return x->lqpn < y->lqpn ? -1 : x->lqpn > y->lqpn;
}

static int fresh_take(struct snapshot *cur, uint32_t dev, struct fresh *f)
{
	size_t i, m = 0, n = 0;

	memset(f, 0, sizeof(*f));
	for (i = 0; i < cur->qps.n; i++)
		n += SNAP_AT(&cur->qps, struct snap_qp, i)->dev == dev;
	if (!n)
		return 0;
	f->v = malloc(n * sizeof(*f->v));
	f->used = calloc(n, sizeof(*f->used));
	if (!f->v || !f->used) {
		free(f->v);
		free(f->used);
		return -ENOMEM;
	}
	for (i = 0; i < cur->qps.n; i++) {
		struct snap_qp *q = SNAP_AT(&cur->qps, struct snap_qp, i);

		if (q->dev == dev)
			f->v[f->n++] = *q;
		else
			*SNAP_AT(&cur->qps, struct snap_qp, m++) = *q;
	}
	cur->qps.n = m;
	qsort(f->v, f->n, sizeof(*f->v), by_lqpn);
	return 0;
}

/* The fresh row (or gone marker) of lqpn, or NULL. */
static const struct snap_qp *fresh_find(const struct fresh *f, uint32_t lqpn)
{
	struct snap_qp key = { .lqpn = lqpn };
	const struct snap_qp *q = f->n ? bsearch(&key, f->v, f->n, sizeof(*f->v), by_lqpn) : NULL;

	if (q)
		f->used[q - f->v] = true;
	return q;
}

static int carry_table(const struct snapshot *prev, struct snapshot *cur,
		       const struct snap_dev *pd, enum snap_res r, const struct fresh *f)
{
	size_t size = snap_res_info[r].size, i;

	for (i = 0; i < prev->res[r].n; i++) {
		const void *src = snap_res_at(prev, r, i);
		const struct snap_owner *o;
		void *obj;

		if (*(const uint32_t *)src != pd->index)
			continue;	/* dev is every object's first field */
		if (f && f->n) {
			const struct snap_qp *q = fresh_find(f, ((const struct snap_qp *)src)->lqpn);

			if (q && (q->valid & SNAP_QP_GONE))
				continue;	/* destroyed since: no ghost row */
			if (q) {
				/* read again in this sample: cur's own row */
				if (!(obj = snap_push(&cur->qps, size)))
					return -ENOMEM;
				memcpy(obj, q, size);
				continue;
			}
		}
		obj = snap_push(&cur->res[r], size);
		if (!obj)
			return -ENOMEM;
		memcpy(obj, src, size);
		restr_obj(prev, cur, r, obj);
		if (carry_drv(prev, cur, (struct snap_owner *)((char *)obj + snap_res_info[r].own)))
			return -ENOMEM;
		o = snap_res_owner(obj, r);
		if ((o->valid & SNAP_OWN_TID) && carry_task(prev, cur, o->tid))
			return -ENOMEM;
	}
	return 0;
}

/* What each object's last dump cost, this sample's or the one before. */
static void last_dumps(const struct snapshot *prev, struct snapshot *cur)
{
	unsigned int asked = 0;
	size_t i;
	int r;

	for (i = 0; i < cur->devs.n; i++)
		asked |= SNAP_AT(&cur->devs, struct snap_dev, i)->res_asked;
	for (r = 0; r < SNAP_RES_N; r++)
		cur->self.dump[r] = (asked & (1u << r)) || !prev ?
			cur->self.cost[SNAP_COST_RES + r] : prev->self.dump[r];
}

/* Fresh rows no carried row took (a QP new to prev: a replay's seek). */
static int fresh_rest(struct snapshot *cur, const struct fresh *f)
{
	size_t i;

	for (i = 0; i < f->n; i++) {
		struct snap_qp *q;

		if (f->used[i] || (f->v[i].valid & SNAP_QP_GONE))
			continue;
		if (!(q = snap_push(&cur->qps, sizeof(*q))))
			return -ENOMEM;
		*q = f->v[i];
	}
	return 0;
}

/*
 * Rows of per-QP GETs outside a carried table: gone markers are no rows,
 * and where the device's table was dumped in this sample the dump is the
 * table (a GET there is not asked for, only a crafted recording has one).
 */
static void fresh_strip(struct snapshot *cur)
{
	size_t i, m = 0;

	for (i = 0; i < cur->qps.n; i++) {
		const struct snap_qp *q = SNAP_AT(&cur->qps, struct snap_qp, i);
		const struct snap_dev *d;

		if (q->valid & SNAP_QP_GONE)
			continue;
		if ((q->valid & SNAP_QP_WHEN) && (d = snap_dev_find(cur, q->dev)) &&
		    (d->res_asked & (1u << SNAP_RES_QP)))
			continue;
		*SNAP_AT(&cur->qps, struct snap_qp, m++) = *q;
	}
	cur->qps.n = m;
}

static int carry_qps(const struct snapshot *prev, struct snapshot *cur,
		     const struct snap_dev *pd)
{
	struct fresh f;
	int err = fresh_take(cur, pd->index, &f);

	if (err)
		return err;
	err = carry_table(prev, cur, pd, SNAP_RES_QP, &f);
	if (!err)
		err = fresh_rest(cur, &f);
	free(f.v);
	free(f.used);
	return err;
}

/*
 * Device d's resource summary where this sample did not read it: the
 * counts of the tables it dumped from their rows (the kernel's summary
 * counts the same objects: rdma_restrack_count and the dumps skip the same
 * ones, other PID namespaces' and, without DRIVER_DETAILS, the driver's
 * own), the others, the limits and the types without a table from pd's.
 */
static void carry_summary(const struct snapshot *cur, const struct snap_dev *pd,
			  struct snap_dev *d)
{
	size_t i;
	int r;

	if (d->sum_asked)
		return;
	if (pd && (pd->sum_asked || pd->sum_carried)) {
		d->res_valid = pd->res_valid;
		memcpy(d->res, pd->res, sizeof(d->res));
		d->res_max_valid = pd->res_max_valid;
		memcpy(d->res_max, pd->res_max, sizeof(d->res_max));
		d->n_res_other = pd->n_res_other;
		memcpy(d->res_other, pd->res_other, sizeof(d->res_other));
		d->sum_carried = true;
		d->sum_when = pd->sum_when;
	}
	for (r = 0; r < SNAP_RES_N; r++) {
		uint64_t n = 0;

		if (!(d->res_asked & (1u << r)) || d->tbl_err[SNAP_TBL_RES + r])
			continue;
		for (i = 0; i < cur->res[r].n; i++) {
			const void *o = snap_res_at(cur, r, i);

			if (*(const uint32_t *)o != d->index)
				continue;
			if (r == SNAP_RES_QP &&
			    (((const struct snap_qp *)o)->valid & (SNAP_QP_WHEN | SNAP_QP_GONE)))
				continue;	/* a GET's row, not the dump's */
			n++;
		}
		d->res[r] = n;
		d->res_valid |= (uint16_t)(1u << r);
	}
}

int snap_carry(const struct snapshot *prev, struct snapshot *cur)
{
	bool tasks = snap_tasks_keep(prev, cur);
	size_t i;
	int r, err = 0;

	snap_ctrs_index(cur);	/* none (memory): the walks read every row */
	snap_flaps(prev, cur);	/* the links' changes, kept across samples */
	snap_pstats_keep(prev, cur);

	if (cur->self.valid & SNAP_SELF_CPU)
		last_dumps(prev && (prev->self.valid & SNAP_SELF_CPU) ? prev : NULL, cur);
	/* only a paced sample, or one that left out tables no view needed
	 * (its cost record says which), leaves tables out on purpose: in any
	 * other, a missing table is an error of this sample, not old rows */
	if (!prev || !(((cur->self.valid & SNAP_SELF_BUDGET) && cur->self.budget > 0) ||
		       ((cur->self.valid & SNAP_SELF_SKIP) && cur->self.skip)))
		goto out;
	for (i = 0; i < cur->devs.n && !err; i++) {
		struct snap_dev *d = SNAP_AT(&cur->devs, struct snap_dev, i);
		const struct snap_dev *pd = snap_dev_find(prev, d->index);
		uint32_t all = (1u << SNAP_RES_N) - 1;

		if (pd && strcmp(pd->name, d->name))
			pd = NULL;
		/* the rows counted before any are carried: this sample's dumps */
		carry_summary(cur, pd, d);
		if ((d->res_asked & all) == all || !pd)
			continue;
		for (r = 0; r < SNAP_RES_N && !err; r++) {
			if (d->res_asked & (1u << r))
				continue;
			if (!(pd->res_asked & (1u << r)) && !(pd->res_carried & (1u << r)))
				continue;	/* never dumped: nothing to carry */
			err = r == SNAP_RES_QP ? carry_qps(prev, cur, pd) :
			      carry_table(prev, cur, pd, (enum snap_res)r, NULL);
			/* cur->devs may not move: snap_push grew other vectors only */
			d->res_carried |= 1u << r;
			d->res_when[r] = pd->res_when[r];
			d->tbl_err[SNAP_TBL_RES + r] = pd->tbl_err[SNAP_TBL_RES + r];
			tasks = true;
		}
	}
out:
	fresh_strip(cur);
	if (tasks)
		snap_tasks_sort(cur);
	/* with the QPs carried and their owners known */
	snap_pstats_gpus(cur);
	return err;
}

double snap_res_age(const struct snapshot *s, const struct snap_dev *d, enum snap_res r)
{
	double age;

	if (!(d->res_carried & (1u << r)))
		return 0;
	age = ts_diff(&d->res_when[r], &s->mono);
	return age > 0 ? age : 0;
}

double snap_sum_age(const struct snapshot *s, const struct snap_dev *d)
{
	double age;

	if (!d->sum_carried)
		return 0;
	age = ts_diff(&d->sum_when, &s->mono);
	return age > 0 ? age : 0;
}

double snap_table_age(const struct snapshot *s, enum snap_res r)
{
	double age = 0;
	size_t i;

	for (i = 0; i < s->devs.n; i++) {
		double a = snap_res_age(s, SNAP_AT(&s->devs, struct snap_dev, i), r);

		if (a > age)
			age = a;
	}
	return age;
}

struct timespec snap_qp_when(const struct snapshot *s, const struct snap_qp *q)
{
	const struct snap_dev *d;

	if (q->valid & SNAP_QP_WHEN)
		return q->when;
	d = snap_dev_find(s, q->dev);
	if (d && ((d->res_asked | d->res_carried) & (1u << SNAP_RES_QP)))
		return d->res_when[SNAP_RES_QP];
	return s->mono;
}

double snap_qp_age(const struct snapshot *s, const struct snap_qp *q)
{
	struct timespec w = snap_qp_when(s, q);
	double age = ts_diff(&w, &s->mono);

	return age > 0 ? age : 0;
}

bool snap_qp_paced(const struct snapshot *s, const struct snap_qp *q)
{
	const struct snap_dev *d = snap_dev_find(s, q->dev);

	return d && (d->res_carried & (1u << SNAP_RES_QP));
}

bool snap_carries(const struct snapshot *s)
{
	size_t i;

	if (((s->self.valid & SNAP_SELF_BUDGET) && s->self.budget > 0) ||
	    ((s->self.valid & SNAP_SELF_SKIP) && s->self.skip))
		return true;
	for (i = 0; i < s->tasks.n; i++)
		if (SNAP_AT(&s->tasks, struct snap_task, i)->valid & SNAP_TASK_KEPT)
			return true;
	return false;
}
