// SPDX-License-Identifier: GPL-2.0-or-later
/* The snapshot model: storage, interned strings, lookups, rollback. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "snapshot.h"

/* The vectors snap_mark/snap_rollback cover (SNAP_VECS), in one place:
 * their offsets in struct snapshot, the resource tables first. */
static const size_t vec_off[] = {
	offsetof(struct snapshot, devs),    offsetof(struct snapshot, ports),
	offsetof(struct snapshot, counters), offsetof(struct snapshot, notes),
	offsetof(struct snapshot, events),  offsetof(struct snapshot, objcnts),
	offsetof(struct snapshot, qpcnts),  offsetof(struct snapshot, optcnts),
	offsetof(struct snapshot, drvs),    offsetof(struct snapshot, gids),
	offsetof(struct snapshot, nets),    offsetof(struct snapshot, pcis),
	offsetof(struct snapshot, pstats),  offsetof(struct snapshot, ctr_ix),
	offsetof(struct snapshot, lowctrs),
};
_Static_assert(sizeof(vec_off) / sizeof(vec_off[0]) + SNAP_RES_N == SNAP_VECS,
	       "snap_mark covers every vector");

static struct snap_vec *snap_vecs(struct snapshot *s, size_t i)
{
	if (i < SNAP_RES_N)
		return &s->res[i];
	i -= SNAP_RES_N;
	return i < sizeof(vec_off) / sizeof(vec_off[0]) ?
		       (struct snap_vec *)((char *)s + vec_off[i]) : NULL;
}

/*
 * Large vectors are given back when a snapshot is cleared, and allocated at
 * their last size in one piece when it fills again: a snapshot waiting to be
 * refilled (the dashboard keeps up to four) costs no memory, and at 100k QPs
 * the refill is a few allocations.  Small ones are kept, to spare malloc.
 */
#define SNAP_KEEP_BYTES (64 * 1024)

static struct snap_vec vec_recycle(struct snap_vec *v)
{
	struct snap_vec k = *v;

	if (k.cap * k.esz >= SNAP_KEEP_BYTES) {
		free(k.v);
		k.v = NULL;
		k.cap = 0;
		k.hint = k.n;
	}
	k.n = 0;
	return k;
}

/*
 * glibc raises its mmap threshold to the size of every mmapped block freed
 * (up to 32 MiB), after which blocks that size come from the heap and are
 * not returned when freed: resident memory would stay at its worst.  A
 * fixed threshold keeps every large block mmapped, returned on free.
 */
void snap_mem_init(void)
{
#ifdef M_MMAP_THRESHOLD
	mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
}

/* a new generation of a snapshot's strings (snap_str_memo) */
static uint64_t strs_gen(void)
{
	static uint64_t gen;

	return __atomic_add_fetch(&gen, 1, __ATOMIC_RELAXED);
}

void snap_init(struct snapshot *s)
{
	memset(s, 0, sizeof(*s));
	s->strs.gen = strs_gen();
}

void snap_clear(struct snapshot *s)
{
	struct snap_vec *v;
	struct snap_strs strs = s->strs;
	struct snap_vec keep[SNAP_VECS + 1];	/* and the tasks */
	size_t i;

	for (i = 0; (v = snap_vecs(s, i)); i++)
		keep[i] = vec_recycle(v);
	keep[i] = vec_recycle(&s->tasks);

	memset(s, 0, sizeof(*s));
	for (i = 0; (v = snap_vecs(s, i)); i++)
		*v = keep[i];
	s->tasks = keep[i];
	s->strs = strs;
	s->strs.len = 0;
	s->strs.gen = strs_gen();
}

void snap_free(struct snapshot *s)
{
	struct snap_vec *v;
	size_t i;

	for (i = 0; (v = snap_vecs(s, i)); i++)
		free(v->v);
	free(s->tasks.v);
	free(s->strs.buf);
	memset(s, 0, sizeof(*s));
	s->strs.gen = strs_gen();
}

size_t snap_bytes(const struct snapshot *s)
{
	struct snapshot *m = (struct snapshot *)s;	/* snap_vecs only reads it here */
	const struct snap_vec *v;
	size_t i, n = s->strs.len + s->tasks.n * sizeof(struct snap_task);

	for (i = 0; (v = snap_vecs(m, i)); i++)
		n += v->n * v->esz;
	return n;
}

void *snap_push(struct snap_vec *vec, size_t size)
{
	void *p;

	if (vec->n == vec->cap) {
		size_t cap = vec->cap ? vec->cap * 2 :
			     vec->hint ? vec->hint + vec->hint / 16 + 16 : 16;
		void *nv = realloc(vec->v, cap * size);

		if (!nv)
			return NULL;
		vec->v = nv;
		vec->cap = cap;
		vec->esz = size;
	}
	p = (char *)vec->v + vec->n * size;
	memset(p, 0, size);
	vec->n++;
	return p;
}

void *snap_push_n(struct snap_vec *vec, size_t size, size_t n)
{
	void *p;

	if (n > vec->cap - vec->n) {
		size_t cap = vec->cap ? vec->cap : vec->hint ? vec->hint + vec->hint / 16 + 16 : 16;
		void *nv;

		while (cap - vec->n < n)
			if ((cap *= 2) > SIZE_MAX / 2 / size)
				return NULL;
		if (!(nv = realloc(vec->v, cap * size)))
			return NULL;
		vec->v = nv;
		vec->cap = cap;
		vec->esz = size;
	}
	p = (char *)vec->v + vec->n * size;
	vec->n += n;
	return p;
}

uint32_t snap_str(struct snapshot *s, const char *str, size_t len)
{
	struct snap_strs *t = &s->strs;
	size_t n = strnlen(str, len);
	uint32_t id;

	if (!n)
		return 0;
	if (!t->len) {
		/* id 0 is the empty string; a snapshot never snap_init'ed
		 * (zeroed) gets its generation here */
		if (!t->gen)
			t->gen = strs_gen();
		if (!t->cap) {
			t->buf = malloc(4096);
			if (!t->buf)
				return 0;
			t->cap = 4096;
		}
		t->buf[0] = '\0';
		t->len = 1;
	}
	if (t->len + n + 1 > t->cap) {
		size_t cap = t->cap;
		char *nb;

		while (t->len + n + 1 > cap)
			cap *= 2;
		if (cap > UINT32_MAX)
			return 0;
		nb = realloc(t->buf, cap);
		if (!nb)
			return 0;
		t->buf = nb;
		t->cap = cap;
	}
	id = (uint32_t)t->len;
	memcpy(t->buf + t->len, str, n);
	t->buf[t->len + n] = '\0';
	t->len += n + 1;
	return id;
}

const char *snap_s(const struct snapshot *s, uint32_t id)
{
	if (!id || id >= s->strs.len)
		return "";
	return s->strs.buf + id;
}

void snap_note(struct snapshot *s, int err, uint32_t dev, const char *fmt, ...)
{
	struct snap_note *n;
	char text[512];
	va_list ap;
	size_t i;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);

	/* one note per distinct text: a failing table is said once */
	for (i = 0; i < s->notes.n; i++) {
		n = SNAP_AT(&s->notes, struct snap_note, i);
		if (!strcmp(snap_s(s, n->text), text))
			return;
	}
	n = snap_push(&s->notes, sizeof(*n));
	if (!n)
		return;
	n->err = err;
	n->dev = dev;
	n->text = snap_str(s, text, sizeof(text));
}

/*
 * Devices and ports are unique in a snapshot (nl_dev_get, snap_port_get
 * find before they add), and asked for mostly in their order or the same
 * one again (a port's rows, its columns): the last one found and the one
 * after it are tried first, then all (each thread its own hint).  At 64
 * ports the walks were quadratic, 3k instructions a port a sample.
 */
static __thread size_t dev_hint, port_hint;

struct snap_dev *snap_dev_find(const struct snapshot *s, uint32_t index)
{
	struct snap_dev *d = s->devs.v;
	size_t i, n = s->devs.n;

	for (i = dev_hint; i < n && i <= dev_hint + 1; i++)
		if (d[i].index == index)
			return &d[dev_hint = i];
	for (i = 0; i < n; i++)
		if (d[i].index == index)
			return &d[dev_hint = i];
	return NULL;
}

struct snap_port *snap_port_find(const struct snapshot *s, uint32_t dev, uint32_t port)
{
	struct snap_port *p = s->ports.v;
	size_t i, n = s->ports.n;

	for (i = port_hint; i < n && i <= port_hint + 1; i++)
		if (p[i].dev == dev && p[i].port == port)
			return &p[port_hint = i];
	for (i = 0; i < n; i++)
		if (p[i].dev == dev && p[i].port == port)
			return &p[port_hint = i];
	return NULL;
}

struct snap_port *snap_port_get(struct snapshot *s, uint32_t dev, uint32_t port)
{
	struct snap_port *p = snap_port_find(s, dev, port);

	if (p)
		return p;
	p = snap_push(&s->ports, sizeof(*p));
	if (p) {
		p->dev = dev;
		p->port = port;
	}
	return p;
}

static int task_cmp(const void *a, const void *b)
{
	const struct snap_task *x = a, *y = b;

	return (x->tid > y->tid) - (x->tid < y->tid);
}

/*
 * Sort, then give every thread its process's comm and cgroup: those files
 * are read once per process into the process's own entry, and spread here
 * in one pass (not per file read: that is quadratic in the tasks).
 */
void snap_tasks_sort(struct snapshot *s)
{
	size_t i;

	if (s->tasks.n > 1)
		qsort(s->tasks.v, s->tasks.n, sizeof(struct snap_task), task_cmp);
	for (i = 0; i < s->tasks.n; i++) {
		struct snap_task *t = SNAP_AT(&s->tasks, struct snap_task, i);
		const struct snap_task *pt;

		if (!(t->valid & SNAP_TASK_PID))
			continue;
		pt = t->pid == t->tid ? t : snap_task_find(s, t->pid);
		if (!pt)
			continue;
		if (!(t->valid & SNAP_TASK_PCOMM) && (pt->valid & SNAP_TASK_COMM))
			SNAP_SET(t, pcomm, SNAP_TASK_PCOMM, pt->comm);
		if (!(t->valid & SNAP_TASK_CGROUP) && (pt->valid & SNAP_TASK_CGROUP))
			SNAP_SET(t, cgroup, SNAP_TASK_CGROUP, pt->cgroup);
	}
}

const struct snap_task *snap_task_find(const struct snapshot *s, uint32_t tid)
{
	struct snap_task key = { .tid = tid };

	if (!s->tasks.n)
		return NULL;
	return bsearch(&key, s->tasks.v, s->tasks.n, sizeof(key), task_cmp);
}

/*
 * Tasks arrive in any order while a sample is fed; keep the vector sorted
 * by inserting in place (a sample holds few distinct ids: processes, not
 * QPs), so lookups stay binary searches.
 */
struct snap_task *snap_task_get(struct snapshot *s, uint32_t tid)
{
	struct snap_task *t = (struct snap_task *)snap_task_find(s, tid);
	size_t lo = 0, hi = s->tasks.n;

	if (t)
		return t;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (SNAP_AT(&s->tasks, struct snap_task, mid)->tid < tid)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!snap_push(&s->tasks, sizeof(*t)))
		return NULL;
	t = SNAP_AT(&s->tasks, struct snap_task, lo);
	memmove(t + 1, t, (s->tasks.n - 1 - lo) * sizeof(*t));
	memset(t, 0, sizeof(*t));
	t->tid = tid;
	return t;
}

const char *snap_no_devices_why(const struct snapshot *s)
{
	if ((s->sys.valid & SNAP_SYS_NETNS_MODE) && !s->sys.netns_shared)
		return "this network namespace sees none of the host's RDMA devices: the RDMA "
		       "netns mode is exclusive, so a device shows only in the namespace it "
		       "belongs to (move one here from the host: rdma dev set DEV netns NS)";
	return "no RDMA devices found (load a driver, or add a Soft-RoCE link: "
	       "rdma link add rxe0 type rxe netdev eth0)";
}

uint32_t snap_owner_pid(const struct snapshot *s, const struct snap_owner *o)
{
	const struct snap_task *t;

	if (!(o->valid & SNAP_OWN_TID))
		return 0;
	t = snap_task_find(s, o->tid);
	if (t && (t->valid & SNAP_TASK_PID))
		return t->pid;
	return 0;
}

const char *snap_owner_comm(const struct snapshot *s, const struct snap_owner *o)
{
	const struct snap_task *t;

	if (o->valid & SNAP_OWN_KERN)
		return snap_s(s, o->kern);
	if (!(o->valid & SNAP_OWN_TID))
		return "";
	t = snap_task_find(s, o->tid);
	if (t && (t->valid & SNAP_TASK_COMM))
		return snap_s(s, t->comm);
	return "";
}

void snap_mark(const struct snapshot *s, struct snap_mark *m)
{
	size_t i;

	/* in snap_vecs' order, without its call per vector: a netdev's
	 * every input is marked, every sample */
	for (i = 0; i < SNAP_RES_N; i++)
		m->n[i] = s->res[i].n;
	for (i = 0; i < sizeof(vec_off) / sizeof(vec_off[0]); i++)
		m->n[SNAP_RES_N + i] = ((const struct snap_vec *)((const char *)s + vec_off[i]))->n;
	m->strs = s->strs.len;
}

void snap_rollback(struct snapshot *s, const struct snap_mark *m)
{
	struct snap_vec *v;
	size_t i;

	for (i = 0; (v = snap_vecs(s, i)); i++)
		if (v->n > m->n[i])
			v->n = m->n[i];
	/* strings added since the mark are unreferenced now; keep ids valid
	 * for anything older */
	if (s->strs.len > m->strs) {
		s->strs.len = m->strs;
		s->strs.gen = strs_gen();
	}
}

bool snap_lqpns_has(const char *list, uint32_t lqpn)
{
	while (*list) {
		char *end;
		unsigned long v = strtoul(list, &end, 10);

		if (end == list)
			return false;
		if (v == lqpn)
			return true;
		list = *end == ',' ? end + 1 : end;
	}
	return false;
}

const struct snap_qpcnt *snap_qpcnt_of(const struct snapshot *s, uint32_t dev, uint32_t lqpn)
{
	size_t i;

	for (i = 0; i < s->qpcnts.n; i++) {
		const struct snap_qpcnt *c = SNAP_AT(&s->qpcnts, struct snap_qpcnt, i);

		if (c->dev == dev && snap_lqpns_has(snap_s(s, c->lqpns), lqpn))
			return c;
	}
	return NULL;
}
