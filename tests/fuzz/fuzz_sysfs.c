// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the file parsers (sysfs port counters and
 * attributes, GID and P_Key tables, netdev statistics and MTU, /proc status,
 * comm and cgroup, /proc/net/vlan/config, the kept ids' record filled
 * from a sample before, the PCI walk's record, /proc/PID/{stat,cmdline},
 * the GPU device nodes of /proc/PID/fd (and the relations snap_carry
 * computes from them and the walk), /proc/uptime, the user names' record
 * (and each task's user looked up in it), a --sysroot tree's etc/passwd
 * (each task's uid and a few more named from it), the groups a cgroup path
 * makes, the devices beneath a netdev: bonding/, lower_NAME/...): input is a
 * path, a NUL, and the file's contents; a second NUL-separated pair may
 * follow.  The snapshot knows a device rxe0 (index 0) with port 1 on netdev
 * dummy0, a GID on its VLAN device dummy0.7, and a few tasks, so every path
 * kind reaches its parser.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "net_view.h"
#include "sysfs.h"
#include "view.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A tree's etc/passwd (src/source/users.c): every task's uid and a few
 * more; a name found is one SNAP_USERS can hold. */
static void passwd_names(const struct snapshot *s, const char *buf, size_t len)
{
	static const uint32_t more[] = { 0, 1, 1000, 4294967295u };
	char name[SNAP_USER_MAX + 1];
	size_t i, n = s->tasks.n + sizeof(more) / sizeof(more[0]);

	for (i = 0; i < n; i++) {
		uint32_t uid = i < s->tasks.n ? SNAP_AT(&s->tasks, struct snap_task, i)->uid :
						more[i - s->tasks.n];
		size_t k, nl;

		if (snap_passwd_name(buf, len, uid, name, sizeof(name)))
			continue;
		nl = strlen(name);
		if (!nl || nl > SNAP_USER_MAX)
			abort();
		for (k = 0; k < nl; k++)
			if ((unsigned char)name[k] < 0x20 || name[k] == 0x7f)
				abort();
	}
}

static void setup(struct snapshot *s)
{
	struct snap_dev *d = snap_push(&s->devs, sizeof(*d));
	struct snap_port *p = snap_port_get(s, 0, 1);
	struct snap_task *t;

	if (d)
		strcpy(d->name, "rxe0");
	if (p) {
		struct snap_gid *g = snap_push(&s->gids, sizeof(*g));

		p->valid |= SNAP_PORT_NDEV;
		strcpy(p->ndev, "dummy0");
		if (g) {
			g->port = 1;
			strcpy(g->ndev, "dummy0.7");
		}
	}
	t = snap_task_get(s, 914);
	if (t) {
		t->pid = 914;
		t->valid |= SNAP_TASK_PID;
	}
	t = snap_task_get(s, 916);
	if (t) {
		t->pid = 914;
		t->valid |= SNAP_TASK_PID;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct snapshot s;
	size_t off = 0;
	int k;

	snap_init(&s);
	setup(&s);
	for (k = 0; k < 2 && off < size; k++) {
		const uint8_t *nul = memchr(data + off, '\0', size - off);
		size_t plen, clen;
		char *path, *buf;
		const uint8_t *end;

		if (!nul)
			break;
		plen = (size_t)(nul - (data + off));
		end = memchr(nul + 1, '\0', size - (size_t)(nul + 1 - data));
		clen = (size_t)((end ? end : data + size) - (nul + 1));
		path = malloc(plen + 1);
		buf = malloc(clen ? clen : 1);
		if (path && buf) {
			memcpy(path, data + off, plen);
			path[plen] = '\0';
			memcpy(buf, nul + 1, clen);
			/* the contents are not NUL-terminated: ASan sees overreads */
			if (!strcmp(path, "rdmatop:self")) /* SOURCE_SELF, fed beside */
				snap_self_parse(&s, buf, clen);
			else if (!strcmp(path, "rdmatop:tasks-kept")) /* SOURCE_TASKS_KEPT */
				snap_tasks_kept_parse(&s, buf, clen);
			else if (!strcmp(path, SNAP_USERS))
				snap_users_parse(&s, buf, clen);
			else if (!strcmp(path, "etc/passwd"))
				passwd_names(&s, buf, clen);
			else
				sysfs_parse(&s, path, (k == 1 && clen == 0) ? -2 : 0, buf, clen);
		}
		free(path);
		free(buf);
		off = (size_t)((end ? end + 1 : data + size) - data);
	}
	/* kept ids filled from a sample before that knows 914 and 916 */
	{
		struct snapshot prev;

		snap_init(&prev);
		setup(&prev);
		snap_tasks_sort(&s);
		snap_carry(&prev, &s);
		snap_free(&prev);
	}
	/* the lowers (src/sysfs/lower.c): rated against themselves, and
	 * each one's drill-down line */
	snap_lowers_rate(&s, &s, 1.0);
	for (k = 0; k < (int)s.nets.n; k++) {
		const struct snap_net *n = SNAP_AT(&s.nets, struct snap_net, (size_t)k);
		char line[160];
		size_t j;

		for (j = 0; j < n->n_lower; j++)
			if (strlen(net_lower_line(line, sizeof(line), n, &n->lower[j])) >= sizeof(line) - 1)
				abort();
	}
	for (k = 0; k < (int)s.tasks.n; k++) {
		const struct snap_task *t = SNAP_AT(&s.tasks, struct snap_task, (size_t)k);
		struct view_group_key g;

		char user[96];

		if (t->valid & SNAP_TASK_CGROUP) {
			view_group_classify(snap_s(&s, t->cgroup), &g);
			view_group_qos(snap_s(&s, t->cgroup));
		}
		snap_user(&s, t->uid, user, sizeof(user));
	}
	snap_free(&s);
	return 0;
}
