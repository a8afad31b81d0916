// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /proc task files.  The kernel reports a resource's owner as the id of the
 * thread that created it (task_pid_vnr of the creating task, all kernels
 * with resource tracking), so /proc/TID/status maps it to the process (Tgid),
 * and comm gives the names `rdma` shows.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sysfs.h"

static int field_u32(const char *buf, size_t len, const char *key, uint32_t *v)
{
	size_t klen = strlen(key);
	const char *p = buf, *end = buf + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (l > klen && !memcmp(p, key, klen) && p[klen] == ':') {
			char tmp[32];
			size_t n = l - klen - 1;
			char *e;
			unsigned long x;

			if (n >= sizeof(tmp))
				n = sizeof(tmp) - 1;
			memcpy(tmp, p + klen + 1, n);
			tmp[n] = '\0';
			errno = 0;
			x = strtoul(tmp, &e, 10);
			if (errno || e == tmp || x > UINT32_MAX)
				return -EBADMSG;
			*v = (uint32_t)x;
			return 0;
		}
		p += l + 1;
	}
	return -ENOENT;
}

static int parse_status(struct snapshot *s, struct snap_task *t, const char *buf,
			size_t len)
{
	uint32_t v;

	if (!field_u32(buf, len, "Tgid", &v)) {
		t->pid = v;
		t->valid |= SNAP_TASK_PID;
	}
	/* "Uid:\treal\teffective\tsaved\tfs": the real uid owns the process */
	if (!field_u32(buf, len, "Uid", &v)) {
		t->uid = v;
		t->valid |= SNAP_TASK_UID;
	}
	(void)s;
	return (t->valid & SNAP_TASK_PID) ? 0 : -EBADMSG;
}

static uint32_t comm_str(struct snapshot *s, const char *buf, size_t len)
{
	/* comm is at most 15 bytes + '\n' (TASK_COMM_LEN); 6.x kernels with
	 * long kthread names can print more: keep up to 63 */
	size_t n = len;

	if (n && buf[n - 1] == '\n')
		n--;
	if (n > 63)
		n = 63;
	return snap_str(s, buf, n);
}

int sysfs_proc_parse(struct snapshot *s, const char *rest, int err,
		     const char *buf, size_t len)
{
	unsigned long id;
	struct snap_task *t;
	char *end;
	size_t i;

	id = strtoul(rest, &end, 10);
	if (end == rest || *end != '/' || !id || id > UINT32_MAX)
		return 0;
	end++;
	if (!strcmp(end, "status")) {
		t = snap_task_get(s, (uint32_t)id);
		if (!t)
			return -ENOMEM;
		if (err) {
			/* exited between the dump and this read */
			t->valid |= SNAP_TASK_GONE;
			return 0;
		}
		return parse_status(s, t, buf, len);
	}
	if (strcmp(end, "comm") || err)
		return 0;
	/* the comm of a thread we track, and of every tracked thread whose
	 * process this is */
	{
		uint32_t c = comm_str(s, buf, len);

		t = (struct snap_task *)snap_task_find(s, (uint32_t)id);
		if (t) {
			t->comm = c;
			t->valid |= SNAP_TASK_COMM;
		}
		for (i = 0; i < s->tasks.n; i++) {
			t = SNAP_AT(&s->tasks, struct snap_task, i);
			if ((t->valid & SNAP_TASK_PID) && t->pid == id) {
				t->pcomm = c;
				t->valid |= SNAP_TASK_PCOMM;
			}
		}
	}
	return 0;
}
