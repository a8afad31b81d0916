// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A process's context: /proc/PID/stat (fs/proc/array.c do_task_stat(),
 * 6.1 and 6.12: "pid (comm) state ppid ..." with utime and stime the 14th
 * and 15th fields, starttime the 22nd, rss the 24th; comm may hold spaces
 * and parentheses, so the fields are counted after the last ')'),
 * /proc/PID/cmdline (the arguments, each NUL-terminated; empty for a
 * kernel thread or a zombie), /proc/uptime ("seconds idle"), and the GPU
 * device nodes the process has open (SNAP_PROC_FD, include/snap_proc.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snap_proc.h"

static struct snap_pstat *pstat_get(struct snapshot *s, uint32_t pid)
{
	struct snap_pstat *p;
	size_t i;

	for (i = s->pstats.n; i-- > 0;) {
		p = SNAP_AT(&s->pstats, struct snap_pstat, i);
		if (p->pid == pid)
			return p;
	}
	p = snap_push(&s->pstats, sizeof(*p));
	if (p)
		p->pid = pid;
	return p;
}

static int parse_stat(struct snap_pstat *p, const char *buf, size_t len)
{
	char tmp[1024], *f, *save = NULL;
	unsigned long long v[25] = { 0 };
	const char *rp;
	char state = 0;
	int k;

	if (len >= sizeof(tmp))
		len = sizeof(tmp) - 1;
	memcpy(tmp, buf, len);
	tmp[len] = '\0';
	if (memchr(tmp, '\0', len))
		return -EBADMSG;
	rp = strrchr(tmp, ')');
	if (!rp)
		return -EBADMSG;
	/* field 3 on */
	for (k = 3, f = strtok_r((char *)rp + 1, " \n", &save); f && k <= 24;
	     k++, f = strtok_r(NULL, " \n", &save)) {
		char *end;

		if (k == 3) {
			if (strlen(f) != 1)
				return -EBADMSG;
			state = f[0];
			continue;
		}
		/* tty_nr, tpgid, priority and nice may be negative */
		errno = 0;
		v[k] = strtoull(f, &end, 10);
		if (*end || end == f || errno)
			return -EBADMSG;
	}
	if (k <= 24)
		return -EBADMSG;
	p->state = state;
	p->ticks = v[14] + v[15];
	p->start = v[22];
	p->rss = v[24];
	p->valid |= SNAP_PST_STAT;
	return 0;
}

int sysfs_pstat_parse(struct snapshot *s, uint32_t pid, const char *file, int err, const char *buf,
		      size_t len)
{
	struct snap_pstat *p;

	if (err || !buf)
		return 0;
	p = pstat_get(s, pid);
	if (!p)
		return -ENOMEM;
	if (!strcmp(file, "stat"))
		return parse_stat(p, buf, len);
	if (!strcmp(file, SNAP_PROC_FD)) {
		/* device paths, one a line: nothing else */
		size_t i;

		if (len > SNAP_PROC_FD_MAX || memchr(buf, '\0', len))
			return -EBADMSG;
		for (i = 0; i < len;) {
			const char *nl = memchr(buf + i, '\n', len - i);
			size_t n = nl ? (size_t)(nl - (buf + i)) : len - i;

			if (n < 6 || memcmp(buf + i, "/dev/", 5))
				return -EBADMSG;
			i += n + 1;
		}
		SNAP_SET(p, gpus, SNAP_PST_GPUS, snap_str(s, buf, len));
		return 0;
	}
	if (!strcmp(file, "cmdline")) {
		char tmp[4096];
		size_t n = len < sizeof(tmp) ? len : sizeof(tmp);

		memcpy(tmp, buf, n);
		while (n && tmp[n - 1] == '\0')
			n--;
		for (size_t i = 0; i < n; i++)
			if (tmp[i] == '\0')
				tmp[i] = ' ';
		SNAP_SET(p, cmdline, SNAP_PST_CMDLINE, snap_str(s, tmp, n));
		return 0;
	}
	return 0;
}

int sysfs_uptime_parse(struct snapshot *s, int err, const char *buf, size_t len)
{
	char tmp[64], *end;
	double v;

	if (err || !buf)
		return 0;
	if (len >= sizeof(tmp))
		len = sizeof(tmp) - 1;
	memcpy(tmp, buf, len);
	tmp[len] = '\0';
	errno = 0;
	v = strtod(tmp, &end);
	if (errno || end == tmp || *end != ' ' || !(v >= 0))
		return -EBADMSG;
	s->uptime = v;
	return 0;
}
