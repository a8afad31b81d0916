// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Owner ids whose /proc files a sample did not read again: the live source
 * saw the same task as in the previous sample (src/source/files.c) and
 * recorded only their ids, as the SOURCE_TASKS_KEPT record.  Parsing it
 * leaves a placeholder per id; snap_carry() fills each from the previous
 * snapshot with what that id's own files gave (status, comm, and a
 * process's cgroup), and snap_tasks_sort() then spreads a process's comm
 * and cgroup to its threads as for files read.  A pure function of the two
 * snapshots, so that a replay rebuilds the tasks the live run had.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "snapshot.h"

int snap_tasks_kept_parse(struct snapshot *s, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	int ret = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char tmp[16];
		unsigned long id;
		char *e;

		if (l && l < sizeof(tmp)) {
			struct snap_task *t;

			memcpy(tmp, p, l);
			tmp[l] = '\0';
			id = strtoul(tmp, &e, 10);
			if (*e || tmp[0] < '0' || tmp[0] > '9' || !id || id > UINT32_MAX) {
				ret = -EBADMSG;
			} else {
				t = snap_task_get(s, (uint32_t)id);
				if (!t)
					return -ENOMEM;
				t->valid |= SNAP_TASK_KEPT;
			}
		} else if (l) {
			ret = -EBADMSG;
		}
		p += l + 1;
	}
	return ret;
}

/* A string id of `from` as an id of `to`. */
uint32_t snap_str_copy(struct snapshot *to, const struct snapshot *from, uint32_t id)
{
	const char *t = snap_s(from, id);

	return id && t[0] ? snap_str(to, t, strlen(t)) : 0;
}

/*
 * What an id's own files set: status (Tgid, Uid, or gone), comm, and the
 * cgroup of a process's own entry; a thread's process comm and cgroup come
 * from its process's entry, spread again by snap_tasks_sort().
 */
static void keep_one(const struct snapshot *prev, struct snapshot *cur, struct snap_task *t,
		     const struct snap_task *p)
{
	uint8_t own = SNAP_TASK_PID | SNAP_TASK_UID | SNAP_TASK_COMM | SNAP_TASK_GONE;
	uint8_t take;

	if (!(p->valid & SNAP_TASK_PID) || p->pid == p->tid)
		own |= SNAP_TASK_CGROUP;
	take = p->valid & own & ~t->valid;	/* what this sample read stays */
	if (take & SNAP_TASK_PID)
		t->pid = p->pid;
	if (take & SNAP_TASK_UID)
		t->uid = p->uid;
	if (take & SNAP_TASK_COMM)
		t->comm = snap_str_copy(cur, prev, p->comm);
	if (take & SNAP_TASK_CGROUP)
		t->cgroup = snap_str_copy(cur, prev, p->cgroup);
	t->valid |= take;
}

bool snap_tasks_keep(const struct snapshot *prev, struct snapshot *cur)
{
	size_t i, n = 0;
	bool any = false;

	for (i = 0; i < cur->tasks.n; i++) {
		struct snap_task *t = SNAP_AT(&cur->tasks, struct snap_task, i);

		if (t->valid & SNAP_TASK_KEPT) {
			const struct snap_task *p = prev ? snap_task_find(prev, t->tid) : NULL;

			t->valid &= (uint8_t)~SNAP_TASK_KEPT;
			if (p)
				keep_one(prev, cur, t, p);
			any = true;
			if (!t->valid)
				continue;	/* nothing to keep it from (a seek): no entry */
		}
		if (n != i)
			*SNAP_AT(&cur->tasks, struct snap_task, n) = *t;
		n++;
	}
	cur->tasks.n = n;
	return any;
}
