// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live source's reads of the resources' owners: /proc/TID/{status,comm}
 * of each owner, once per process its stat, comm, cmdline, GPU device
 * files and cgroup; an owner whose /proc/ID is still the one read before
 * is kept and read again only in its turn (src/source/files.c reads the
 * ports' and netdevs' files).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "live.h"
#include "pace.h"
#include "snap_proc.h"
#include "sysfs.h"

static int name_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

static int u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

static void collect_owner(uint32_t **ids, size_t *n, size_t *cap,
			  const struct snap_owner *o)
{
	if (!(o->valid & SNAP_OWN_TID))
		return;
	if (*n && (*ids)[*n - 1] == o->tid)
		return;		/* rows of one owner tend to be adjacent */
	if (*n == *cap) {
		size_t nc = *cap ? *cap * 2 : 64;
		uint32_t *ni = realloc(*ids, nc * sizeof(*ni));

		if (!ni)
			return;
		*ids = ni;
		*cap = nc;
	}
	(*ids)[(*n)++] = o->tid;
}

enum { LIVE_TASK_OWNER = 1, LIVE_TASK_PROC = 2 };

static int task_cmp(const void *a, const void *b)
{
	return u32_cmp(&((const struct live_task *)a)->tid, &((const struct live_task *)b)->tid);
}

static const struct live_task *task_find(const struct live_task *v, size_t n, uint32_t tid)
{
	struct live_task key = { .tid = tid };

	return n ? bsearch(&key, v, n, sizeof(key), task_cmp) : NULL;
}

/*
 * Which task /proc/ID is: its inode number and change time.  procfs makes
 * the inode of /proc/ID when it is looked up, bound to that task's struct
 * pid (proc_pid_make_inode: a number from get_next_ino(), the times of
 * that moment), and drops it once no task has that struct pid
 * (pid_revalidate, pid_delete_dentry): a new task with the same id is
 * looked up afresh, with a new number and a later time (fs/proc/base.c,
 * so since 2.6; tests/unit/test_tasks_kept.c reuses an id on the real
 * /proc of a pid namespace of its own).  The
 * inode can also be dropped while the task lives (memory pressure): then
 * the id is merely read again.  One stat, where /proc/ID/stat's start time
 * is a file to open, format and parse.
 */
static bool task_stat(struct live *l, struct snapshot *s, uint32_t id, struct live_task *e)
{
	char full[320];
	struct stat st;
	double t0 = source_now();
	bool ok;

	snprintf(full, sizeof(full), "%s/proc/%u", l->sysroot, id);
	ok = !stat(full, &st);
	s->self.cost[SNAP_COST_PROC] += source_now() - t0;
	e->ino = ok ? (uint64_t)st.st_ino : 0;
	e->sec = ok ? (int64_t)st.st_ctim.tv_sec : 0;
	e->nsec = ok ? st.st_ctim.tv_nsec : 0;
	return ok;
}

/* e (just stat'ed) may take what the last sample read for its id. */
static bool task_same(const struct live *l, const struct live_task *e, uint8_t role)
{
	const struct live_task *o = task_find(l->tasks.v, l->tasks.n, e->tid);

	return o && o->ok && e->ino && o->ino == e->ino && o->sec == e->sec &&
	       o->nsec == e->nsec && o->role == role &&
	       (l->tasks_seq + e->tid) % LIVE_TASKS_REREAD;
}

static struct live_task *task_push(struct live_tasks *t)
{
	if (t->n == t->cap) {
		size_t nc = t->cap ? t->cap * 2 : 64;
		struct live_task *nv = realloc(t->v, nc * sizeof(*nv));

		if (!nv)
			return NULL;
		t->v = nv;
		t->cap = nc;
	}
	memset(&t->v[t->n], 0, sizeof(t->v[0]));
	return &t->v[t->n++];
}

/* A file of process pid failed: read it again next time. */
static void proc_failed(struct live_tasks *t, size_t owners, uint32_t pid)
{
	struct live_task *e = (struct live_task *)task_find(t->v, owners, pid);

	if (!e)	/* not an owner: after them, in pid order */
		e = (struct live_task *)task_find(t->v + owners, t->n - owners, pid);
	if (e)
		e->ok = false;
}

static bool read_ok(struct source *src, struct snapshot *s, const char *fmt, uint32_t id)
{
	char path[64];

	snprintf(path, sizeof(path), fmt, id);
	return live_read_file(src, s, path) >= 0;
}

/*
 * The GPU device nodes process pid has open, as one SNAP_PROC_FD record:
 * the targets of its /proc/PID/fd links under /dev/nvidia and
 * /dev/dri/renderD, sorted, each once.  Another user's process's fd
 * directory is refused without CAP_SYS_PTRACE (proc_fd_access_allowed(),
 * fs/proc/fd.c, 6.1 and 6.12): its error is the record.  The first
 * LIVE_FDS_MAX descriptors only (a process opens its GPUs early; the
 * directory lists them in order).
 */
#define LIVE_FDS_MAX 4096

static void read_gpu_fds(struct source *src, struct snapshot *s, uint32_t pid)
{
	struct live *l = src->priv;
	char full[320], link[64], (*nodes)[64] = NULL;
	size_t n = 0, cap = 0, k = 0, o = 0, i;
	double t0 = source_now();
	struct dirent *de;
	int err = 0;
	DIR *dh;

	snprintf(full, sizeof(full), "%s/proc/%u/fd", l->sysroot, pid);
	dh = opendir(full);
	if (!dh)
		err = -errno;
	while (dh && (de = readdir(dh)) && k++ < LIVE_FDS_MAX + 2) {
		char p[600];
		ssize_t r;

		if (de->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/%s", full, de->d_name);
		r = readlink(p, link, sizeof(link) - 1);
		if (r <= 0)
			continue;
		link[r] = '\0';
		if (strncmp(link, "/dev/nvidia", 11) && strncmp(link, "/dev/dri/renderD", 16))
			continue;
		if (n == cap) {
			void *nv = realloc(nodes, (cap = cap ? cap * 2 : 8) * sizeof(*nodes));

			if (!nv)
				break;
			nodes = nv;
		}
		memcpy(nodes[n++], link, (size_t)r + 1);
	}
	if (dh)
		closedir(dh);
	if (n > 1)
		qsort(nodes, n, sizeof(*nodes), name_cmp);
	for (i = 0; i < n && o + 64 < l->fcap && o + 64 <= SNAP_PROC_FD_MAX; i++)
		if (!i || strcmp(nodes[i], nodes[i - 1]))
			o += (size_t)snprintf(l->fbuf + o, l->fcap - o, "%s\n", nodes[i]);
	free(nodes);
	s->self.cost[SNAP_COST_PROC] += source_now() - t0;
	snprintf(full, sizeof(full), "/proc/%u/" SNAP_PROC_FD, pid);
	source_feed_file(src, s, full, err, err ? NULL : l->fbuf, err ? 0 : o);
}

/* The kept ids as one SOURCE_TASKS_KEPT record, in tid order. */
static void feed_kept(struct source *src, struct snapshot *s, struct live_tasks *t)
{
	size_t i, n = 0;
	char *buf;

	if (t->n > 1)	/* none yet: v is NULL, which qsort must not get */
		qsort(t->v, t->n, sizeof(t->v[0]), task_cmp);
	for (i = 0; i < t->n; i++)
		n += t->v[i].kept;
	if (!n)
		return;
	buf = malloc(n * 11);	/* "4294967295\n" */
	if (!buf) {
		t->n = 0;	/* the next sample reads them all */
		return;
	}
	for (i = 0, n = 0; i < t->n; i++)
		if (t->v[i].kept)
			n += (size_t)sprintf(buf + n, "%u\n", t->v[i].tid);
	source_feed_file(src, s, SOURCE_TASKS_KEPT, 0, buf, n);
	free(buf);
}

/*
 * /proc once per distinct owner id, then once per process not yet read;
 * ids whose task is the one the last sample saw (task_stat) are kept.
 */
/* ids[0..n) sorted and each kept once: the count kept */
static size_t unique_ids(uint32_t *ids, size_t n)
{
	size_t i, u = 0;

	if (n)
		qsort(ids, n, sizeof(*ids), u32_cmp);
	for (i = 0; i < n; i++)
		if (!u || ids[u - 1] != ids[i])
			ids[u++] = ids[i];
	return u;
}

/* each owner of a resource (ids, sorted, once each): kept from the last
 * sample when it is the same task, else its status and comm read; false
 * when out of memory */
static bool read_owners(struct source *src, struct snapshot *s, const uint32_t *ids, size_t u)
{
	struct live *l = src->priv;
	struct live_tasks *nt = &l->next;
	size_t i;

	for (i = 0; i < u; i++) {
		struct live_task *e = task_push(nt);
		const struct live_task *o;
		const struct snap_task *t;

		if (!e)
			return false;
		e->tid = ids[i];
		task_stat(l, s, ids[i], e);
		o = task_find(l->tasks.v, l->tasks.n, ids[i]);
		/* a process's own thread is its process too */
		if (o && task_same(l, e, o->pid == o->tid ? LIVE_TASK_OWNER | LIVE_TASK_PROC :
							     LIVE_TASK_OWNER)) {
			*e = *o;
			e->kept = true;
			continue;
		}
		e->role = LIVE_TASK_OWNER;
		e->ok = read_ok(src, s, "/proc/%u/status", ids[i]);
		e->ok &= read_ok(src, s, "/proc/%u/comm", ids[i]);
		t = snap_task_find(s, ids[i]);
		e->pid = t && (t->valid & SNAP_TASK_PID) ? t->pid : 0;
		e->ok &= e->pid != 0;
	}
	return true;
}

/* which processes (ids, sorted) are kept: an owner whole or not at all;
 * a kept one's id becomes 0 (its files are not read again); false when
 * out of memory */
static bool keep_procs(struct live *l, struct snapshot *s, size_t owners, uint32_t *ids,
		       size_t u)
{
	struct live_tasks *nt = &l->next;
	size_t i;

	for (i = 0; i < u; i++) {
		const struct live_task *o = task_find(nt->v, owners, ids[i]);
		struct live_task *e;

		if (o) {
			e = &nt->v[o - nt->v];
			e->role |= LIVE_TASK_PROC;
			if (e->kept)
				ids[i] = 0;
			continue;
		}
		e = task_push(nt);	/* in pid order after the owners */
		if (!e)
			return false;
		e->tid = ids[i];
		task_stat(l, s, ids[i], e);
		if (task_same(l, e, LIVE_TASK_PROC)) {
			*e = *task_find(l->tasks.v, l->tasks.n, ids[i]);
			e->kept = true;
			ids[i] = 0;
			continue;
		}
		e->role = LIVE_TASK_PROC;
		e->ok = true;
	}
	return true;
}

/* the files of each process not kept (a nonzero id): its comm where only
 * other threads owned resources, cmdline, GPU files and cgroup (the job
 * or pod) */
static void read_procs(struct source *src, struct snapshot *s, size_t owners, const uint32_t *ids,
		       size_t u)
{
	struct live_tasks *nt = &((struct live *)src->priv)->next;
	bool cg_off = false;
	size_t i;

	for (i = 0; i < u; i++) {
		const struct snap_task *pt = ids[i] ? snap_task_find(s, ids[i]) : NULL;

		if (ids[i] && (!pt || !(pt->valid & SNAP_TASK_COMM)) &&
		    !read_ok(src, s, "/proc/%u/comm", ids[i]))
			proc_failed(nt, owners, ids[i]);
	}
	for (i = 0; i < u; i++)
		if (ids[i]) {
			read_ok(src, s, "/proc/%u/cmdline", ids[i]);
			read_gpu_fds(src, s, ids[i]);
		}
	for (i = 0; i < u && !cg_off; i++) {
		const struct snap_task *pt;

		if (!ids[i])
			continue;
		if (!read_ok(src, s, "/proc/%u/cgroup", ids[i]))
			proc_failed(nt, owners, ids[i]);
		pt = snap_task_find(s, ids[i]);
		/* unreadable here (hidepid, LSM): not tried for the others */
		cg_off = !pt || !(pt->valid & SNAP_TASK_CGROUP);
	}
}

void live_read_tasks(struct source *src, struct snapshot *s)
{
	struct live *l = src->priv;
	struct live_tasks *nt = &l->next;
	uint32_t *ids = NULL;
	size_t n = 0, cap = 0, i, u, owners;
	int r;

	nt->n = 0;
	for (r = 0; r < SNAP_RES_N; r++)
		for (i = 0; i < s->res[r].n; i++)
			collect_owner(&ids, &n, &cap,
				      snap_res_owner(snap_res_at(s, (enum snap_res)r, i),
						     (enum snap_res)r));
	if (!n || !read_owners(src, s, ids, unique_ids(ids, n)))
		goto out;
	owners = nt->n;	/* sorted by tid */
	/* then once per process */
	n = 0;
	for (i = 0; i < owners; i++)
		if (nt->v[i].pid && n < cap)
			ids[n++] = nt->v[i].pid;
	u = unique_ids(ids, n);
	/* each process's stat every sample (CPU, memory: snap_proc.h), its
	 * cmdline where its files are read again (below) */
	for (i = 0; i < u; i++)
		read_ok(src, s, "/proc/%u/stat", ids[i]);
	if (u)
		live_read_file(src, s, SNAP_UPTIME);
	if (keep_procs(l, s, owners, ids, u))
		read_procs(src, s, owners, ids, u);
out:
	feed_kept(src, s, nt);
	free(ids);
}

void live_tasks_commit(struct live *l, bool ok)
{
	struct live_tasks t = l->tasks;

	/* what the model has of the sample before is what the next keeps */
	l->tasks = l->next;
	l->next = t;
	l->next.n = 0;
	if (!ok)
		l->tasks.n = 0;
	l->tasks_seq++;
}
