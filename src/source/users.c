// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The user names of the uids the live source has seen, recorded with every
 * sample as one SNAP_USERS record (doc/recording.md): a replay on another
 * machine shows the users ps showed here, not whoever has that uid there.
 * Each uid is looked up once (a lookup may ask a directory server), the
 * first time a task of it is read.
 *
 * Under --sysroot DIR the tasks are DIR/proc's, so their users are
 * DIR/etc/passwd's (parsed by snap_passwd_name), never this machine's: a
 * tree without the file names no one, and its uids show as numbers.  A
 * live run asks NSS instead (getpwuid_r), as ps does: users from LDAP or
 * sssd are in no passwd file.
 */
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "live.h"

int live_user_name(uint32_t uid, char *buf, size_t size)
{
	struct passwd pw, *res = NULL;
	char tmp[4096];
	size_t n, i;

	if (getpwuid_r((uid_t)uid, &pw, tmp, sizeof(tmp), &res) || !res || !res->pw_name)
		return -ENOENT;
	n = strlen(res->pw_name);
	if (!n || n > SNAP_USER_MAX || n >= size)
		return -EINVAL;
	for (i = 0; i < n; i++)
		if ((unsigned char)res->pw_name[i] < 0x20 || res->pw_name[i] == 0x7f)
			return -EINVAL;
	memcpy(buf, res->pw_name, n + 1);
	return 0;
}

static struct live_user *user_find(struct live_users *u, uint32_t uid)
{
	size_t i;

	for (i = 0; i < u->n; i++)
		if (u->v[i].uid == uid)
			return &u->v[i];
	return NULL;
}

/* The tree's etc/passwd under --sysroot, read once per sample that meets a new uid. */
struct passwd_text {
	const char *sysroot;
	char *buf;
	size_t len;
	bool read;
};

#define PASSWD_MAX (16u << 20) /* a larger file is no passwd */

static void passwd_load(struct passwd_text *pt)
{
	char path[300];
	struct stat st;
	FILE *f;

	pt->read = true;
	snprintf(path, sizeof(path), "%s/etc/passwd", pt->sysroot);
	f = fopen(path, "re");
	if (!f)
		return;
	if (!fstat(fileno(f), &st) && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (unsigned long long)st.st_size <= PASSWD_MAX) {
		pt->buf = malloc((size_t)st.st_size);
		if (pt->buf)
			pt->len = fread(pt->buf, 1, (size_t)st.st_size, f);
	}
	fclose(f);
}

static bool user_named(struct passwd_text *pt, uint32_t uid, char *buf, size_t size)
{
	if (!pt->sysroot[0])
		return !live_user_name(uid, buf, size);
	if (!pt->read)
		passwd_load(pt);
	return !snap_passwd_name(pt->buf, pt->len, uid, buf, size);
}

static void user_add(struct live_users *u, struct passwd_text *pt, uint32_t uid)
{
	struct live_user *e;

	if (user_find(u, uid) || u->n >= LIVE_USERS_MAX)
		return;
	if (u->n == u->cap) {
		size_t cap = u->cap ? u->cap * 2 : 8;
		void *nv = realloc(u->v, cap * sizeof(*u->v));

		if (!nv)
			return;
		u->v = nv;
		u->cap = cap;
	}
	e = &u->v[u->n++];
	memset(e, 0, sizeof(*e));
	e->uid = uid;
	e->named = user_named(pt, uid, e->name, sizeof(e->name));
}

void live_read_users(struct source *src, struct snapshot *s)
{
	struct live *l = src->priv;
	struct live_users *u = &l->users;
	struct passwd_text pt = { .sysroot = l->sysroot };
	double t0 = source_now();
	size_t i, n = 0;
	char *buf;

	if (!s->tasks.n)
		return;
	for (i = 0; i < s->tasks.n; i++) {
		const struct snap_task *t = SNAP_AT(&s->tasks, struct snap_task, i);

		/* a kept task's uid was read, and added, before */
		if (t->valid & SNAP_TASK_UID)
			user_add(u, &pt, t->uid);
	}
	free(pt.buf);
	buf = malloc(u->n * (11 + SNAP_USER_MAX + 1) + 1);
	if (!buf)
		return;
	for (i = 0; i < u->n; i++)
		if (u->v[i].named)
			n += (size_t)sprintf(buf + n, "%u %s\n", u->v[i].uid, u->v[i].name);
	s->self.cost[SNAP_COST_PROC] += source_now() - t0;
	source_feed_file(src, s, SNAP_USERS, 0, buf, n);
	free(buf);
}
