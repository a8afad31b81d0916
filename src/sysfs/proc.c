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

#include "snap_proc.h"
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

	if (!field_u32(buf, len, "Tgid", &v))
		SNAP_SET(t, pid, SNAP_TASK_PID, v);
	/* "Uid:\treal\teffective\tsaved\tfs": the real uid owns the process */
	if (!field_u32(buf, len, "Uid", &v))
		SNAP_SET(t, uid, SNAP_TASK_UID, v);
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

/*
 * /proc/PID/cgroup: the unified (v2) hierarchy's line "0::/path" names the
 * job, pod or service a process belongs to; on a v1-only host, the first
 * line's path.  Set on every task of that process.
 */
static int parse_cgroup(struct snapshot *s, uint32_t pid, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *path = NULL;
	struct snap_task *t;
	size_t plen = 0;

	/* empty when no cgroup hierarchy is mounted (a minimal initramfs) */
	if (!len || (len == 1 && buf[0] == '\n'))
		return 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *c1 = memchr(p, ':', l), *c2;

		if (c1 && (c2 = memchr(c1 + 1, ':', l - (size_t)(c1 + 1 - p)))) {
			bool v2 = l >= 3 && !memcmp(p, "0::", 3);

			if (v2 || !path) {
				path = c2 + 1;
				plen = l - (size_t)(path - p);
			}
			if (v2)
				break;
		}
		p += l + 1;
	}
	if (!path)
		return -EBADMSG;
	/* on the process's entry; snap_tasks_sort gives it to its threads */
	t = snap_task_get(s, pid);
	if (!t)
		return -ENOMEM;
	SNAP_SET(t, cgroup, SNAP_TASK_CGROUP, snap_str(s, path, plen > 255 ? 255 : plen));
	return 0;
}

/* /proc/self/status of the reader: CapEff says whether keys are sent. */
static int parse_self(struct snapshot *s, const char *buf, size_t len)
{
	const char *p = memmem(buf, len, "CapEff:", 7);
	unsigned long long caps;

	if (!p)
		return 0;
	caps = strtoull(p + 7, NULL, 16);
	/* CAP_NET_ADMIN (12): the kernel sends MR/PD keys only with it */
	if (!(caps & (1ull << 12))) {
		s->flags |= SNAP_F_UNPRIVILEGED;
		snap_note(s, 0, SNAP_NONE, "without CAP_NET_ADMIN the kernel hides MR keys "
			  "(rkey, lkey) and PD keys: run as root to see them");
	}
	return 0;
}

int sysfs_proc_parse(struct snapshot *s, const char *rest, int err,
		     const char *buf, size_t len)
{
	unsigned long id;
	struct snap_task *t;
	char *end;

	if (!strcmp(rest, "self/status"))
		return err ? 0 : parse_self(s, buf, len);
	if (!strcmp(rest, "uptime"))
		return sysfs_uptime_parse(s, err, buf, len);
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
	if (!strcmp(end, "cgroup") && !err)
		return parse_cgroup(s, (uint32_t)id, buf, len);
	if (!strcmp(end, "stat") || !strcmp(end, "cmdline") || !strcmp(end, SNAP_PROC_FD))
		return sysfs_pstat_parse(s, (uint32_t)id, end, err, buf, len);
	if (strcmp(end, "comm") || err)
		return 0;
	/* on that id's own entry; snap_tasks_sort gives a process's comm to
	 * its threads */
	t = snap_task_get(s, (uint32_t)id);
	if (!t)
		return -ENOMEM;
	SNAP_SET(t, comm, SNAP_TASK_COMM, comm_str(s, buf, len));
	return 0;
}
