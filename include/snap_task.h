/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Threads and their processes: the kernel names the thread that created a
 * resource; /proc/TID/status gives its process (Tgid), comm and uid, and
 * /proc/PID/cgroup its cgroup.  The users' names of a recording.
 * Included by snapshot.h.
 */
#ifndef RDMATOP_SNAP_TASK_H
#define RDMATOP_SNAP_TASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct snapshot;

/* ---- thread -> process (from /proc/TID/status and comm) ---- */
enum {
	SNAP_TASK_PID = 1 << 0,		/* Tgid known */
	SNAP_TASK_COMM = 1 << 1,	/* comm of the thread */
	SNAP_TASK_UID = 1 << 2,
	SNAP_TASK_PCOMM = 1 << 3,	/* comm of the process */
	SNAP_TASK_GONE = 1 << 4,	/* /proc entry missing (exited) */
	SNAP_TASK_CGROUP = 1 << 5,	/* cgroup of the process */
	SNAP_TASK_KEPT = 1 << 6,	/* not read again: filled from the previous
					 * sample by snap_carry (src/model/tasks.c) */
};

struct snap_task {
	uint32_t tid;
	uint32_t pid;		/* Tgid */
	uint32_t uid;
	uint32_t comm;		/* string id: /proc/TID/comm */
	uint32_t pcomm;		/* string id: /proc/PID/comm */
	uint32_t cgroup;	/* string id: /proc/PID/cgroup (v2 path) */
	uint8_t valid;
};

/* Find a task by thread id (tasks must be sorted: snap_tasks_sort). */
const struct snap_task *snap_task_find(const struct snapshot *s, uint32_t tid);
struct snap_task *snap_task_get(struct snapshot *s, uint32_t tid);
/* Sort the tasks and give each thread its process's comm and cgroup
 * (call once all /proc files of a sample are in). */
void snap_tasks_sort(struct snapshot *s);
/*
 * The SOURCE_TASKS_KEPT record: ids, one a line, whose /proc files were not
 * read again; each gets a SNAP_TASK_KEPT entry.  0 or -EBADMSG (the good
 * lines kept), -ENOMEM.
 */
int snap_tasks_kept_parse(struct snapshot *s, const char *buf, size_t len);
/*
 * Fill cur's SNAP_TASK_KEPT entries from prev (NULL: none; an entry prev
 * lacks goes away).  Called by snap_carry; true when there were any (then
 * cur's tasks need snap_tasks_sort again).
 */
bool snap_tasks_keep(const struct snapshot *prev, struct snapshot *cur);
/*
 * Not a file: the user names of the uids the recording has seen, "UID
 * NAME" a line, as the recording machine's user database (NSS) gave them
 * (src/source/users.c; doc/recording.md), so that a replay names them as
 * ps did there.  A sample without it (an older recording) names no one.
 */
#define SNAP_USERS "rdmatop:users"
#define SNAP_USER_MAX 64	/* a name's bytes at most */
/* The SNAP_USERS record: sets SNAP_F_USERS; 0 or -EBADMSG (the good lines
 * kept), -ENOMEM. */
int snap_users_parse(struct snapshot *s, const char *buf, size_t len);
/*
 * uid's name in a passwd(5) file's text (buf, len bytes; not NUL-ended), as
 * glibc's files backend finds it: the first "name:pw:uid:..." line of that
 * uid; blank lines, '#' comments and NIS "+"/"-" lines skipped.  Into out
 * (size bytes): 0; -ENOENT (no line has it); -EINVAL (its name is empty,
 * longer than SNAP_USER_MAX or has control bytes, which no name shows).
 */
int snap_passwd_name(const char *buf, size_t len, uint32_t uid, char *out, size_t size);
/*
 * uid as its user, into buf (size bytes): the recorded name; the number
 * where the sample has the record but no name for it (as ps shows it);
 * "uid N" where the sample has no record (an older recording: the name
 * this machine gives that uid may be anyone's).  Returns buf.
 */
const char *snap_user(const struct snapshot *s, uint32_t uid, char *buf, size_t size);

#endif
