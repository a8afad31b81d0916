// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * User names in recordings (SNAP_USERS: src/source/users.c, src/model/users.c):
 * the live source names each uid as ps does (ps itself the oracle), the
 * recording keeps the names and a replay shows those, not this machine's;
 * a recording made before the record shows "uid N".
 */
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../src/source/live.h"
#include "record.h"
#include "test.h"

static void test_parse(void)
{
	struct snapshot s;
	char b[96];
	static const char good[] = "0 root\n1000 alice\n4294967295 nobody at all\n";
	static const char bad[] =
		"12 ok\n13\n14 \n-1 x\n4294967296 big\n15 a\x1b]0;x\n"
		"16 ctl\x7f\n 17 lead\n18  two\n19 "
		"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n20 last";

	snap_init(&s);
	/* no record: no name, and not this machine's either */
	CHECK_EQ_S(snap_user(&s, 1000, b, sizeof(b)), "uid 1000");
	CHECK_EQ_S(snap_user(&s, 0, b, sizeof(b)), "uid 0");
	CHECK_EQ_U(snap_users_parse(&s, good, sizeof(good) - 1), 0);
	CHECK(s.flags & SNAP_F_USERS);
	CHECK_EQ_S(snap_user(&s, 1000, b, sizeof(b)), "alice");
	CHECK_EQ_S(snap_user(&s, 0, b, sizeof(b)), "root");
	CHECK_EQ_S(snap_user(&s, 4294967295u, b, sizeof(b)), "nobody at all");
	/* the record, but no name for it: the number, as ps shows it */
	CHECK_EQ_S(snap_user(&s, 1001, b, sizeof(b)), "1001");
	snap_clear(&s);
	CHECK_EQ_U(snap_users_parse(&s, bad, sizeof(bad) - 1), (uint64_t)-EBADMSG);
	CHECK_EQ_S(snap_user(&s, 12, b, sizeof(b)), "ok");
	CHECK_EQ_S(snap_user(&s, 20, b, sizeof(b)), "last");
	CHECK_EQ_S(snap_user(&s, 15, b, sizeof(b)), "15");
	CHECK_EQ_S(snap_user(&s, 16, b, sizeof(b)), "16");
	CHECK_EQ_S(snap_user(&s, 17, b, sizeof(b)), "17");
	CHECK_EQ_S(snap_user(&s, 19, b, sizeof(b)), "19");
	CHECK_EQ_S(snap_user(&s, 18, b, sizeof(b)), " two");
	/* an empty record names no one, and says the sample has names */
	snap_clear(&s);
	CHECK_EQ_U(snap_users_parse(&s, NULL, 0), 0);
	CHECK_EQ_S(snap_user(&s, 0, b, sizeof(b)), "0");
	snap_free(&s);
}

/* A passwd(5) file's text: the first line of a uid, hostile lines neither crash nor name. */
static void test_passwd(void)
{
	static const char pw[] =
		"# a comment 1000\n"
		"\n"
		"root:x:0:0:root:/root:/bin/bash\n"
		"+nis:x:7:7::/:/bin/sh\n"
		"-gone:x:8:8::/:/bin/sh\n"
		"  alice:x:1000:1000:Alice,,,:/home/alice:/bin/bash\n"
		"mallory:x:1000:1000::/:/bin/sh\n"
		"nccl:*:1001:1001::/home/nccl:/usr/sbin/nologin\n"
		"esc\x1b]0;pwned\x07:x:1002:1002::/:/bin/sh\n"
		":x:1003:1003::/:/bin/sh\n"
		"long-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx:x:1004:1::/:\n"
		"nogid:x:1005\n"
		"neg:x:-1006:1::/:\n"
		"big:x:4294967296:1::/:\n"
		"hex:x:0x10:1::/:\n"
		"sp:x: 1007:1::/:\n"
		"max:x:4294967295:1::/:\n"
		"two words:x:1008:1::/:\n"
		"last:x:1009:1::/:/bin/sh";
	char b[SNAP_USER_MAX + 1];
	size_t n = sizeof(pw) - 1;

	CHECK_EQ_U(snap_passwd_name(pw, n, 0, b, sizeof(b)), 0);
	CHECK_EQ_S(b, "root");
	/* leading blanks skipped; the first line of a uid wins, as getpwuid's */
	CHECK_EQ_U(snap_passwd_name(pw, n, 1000, b, sizeof(b)), 0);
	CHECK_EQ_S(b, "alice");
	CHECK_EQ_U(snap_passwd_name(pw, n, 1001, b, sizeof(b)), 0);
	CHECK_EQ_S(b, "nccl");
	CHECK_EQ_U(snap_passwd_name(pw, n, 4294967295u, b, sizeof(b)), 0);
	CHECK_EQ_S(b, "max");
	CHECK_EQ_U(snap_passwd_name(pw, n, 1008, b, sizeof(b)), 0);
	CHECK_EQ_S(b, "two words");
	/* no newline at the end */
	CHECK_EQ_U(snap_passwd_name(pw, n, 1009, b, sizeof(b)), 0);
	CHECK_EQ_S(b, "last");
	/* NIS compat lines, a commented uid */
	CHECK_EQ_U(snap_passwd_name(pw, n, 7, b, sizeof(b)), (uint64_t)-ENOENT);
	CHECK_EQ_U(snap_passwd_name(pw, n, 8, b, sizeof(b)), (uint64_t)-ENOENT);
	/* an escape, an empty and a too long name: no name, the number shows */
	CHECK_EQ_U(snap_passwd_name(pw, n, 1002, b, sizeof(b)), (uint64_t)-EINVAL);
	CHECK_EQ_U(snap_passwd_name(pw, n, 1003, b, sizeof(b)), (uint64_t)-EINVAL);
	CHECK_EQ_U(snap_passwd_name(pw, n, 1004, b, sizeof(b)), (uint64_t)-EINVAL);
	/* malformed uid fields name no one */
	CHECK_EQ_U(snap_passwd_name(pw, n, 1005, b, sizeof(b)), (uint64_t)-ENOENT);
	CHECK_EQ_U(snap_passwd_name(pw, n, 1006, b, sizeof(b)), (uint64_t)-ENOENT);
	CHECK_EQ_U(snap_passwd_name(pw, n, 0x10, b, sizeof(b)), (uint64_t)-ENOENT);
	CHECK_EQ_U(snap_passwd_name(pw, n, 1007, b, sizeof(b)), (uint64_t)-ENOENT);
	CHECK_EQ_U(snap_passwd_name(pw, n, 2, b, sizeof(b)), (uint64_t)-ENOENT);
	/* truncated before the uid's end; an empty or absent file */
	CHECK_EQ_U(snap_passwd_name(pw, 26, 0, b, sizeof(b)), (uint64_t)-ENOENT);
	CHECK_EQ_U(snap_passwd_name(pw, 27, 0, b, sizeof(b)), 0);
	CHECK_EQ_U(snap_passwd_name(pw, 0, 0, b, sizeof(b)), (uint64_t)-ENOENT);
	CHECK_EQ_U(snap_passwd_name(NULL, 0, 0, b, sizeof(b)), (uint64_t)-ENOENT);
	/* a name longer than the caller's buffer */
	CHECK_EQ_U(snap_passwd_name(pw, n, 1000, b, 5), (uint64_t)-EINVAL);
}

/* Every uid ps names on this machine, named the same by the live source. */
static void test_names_as_ps(void)
{
	FILE *f = popen("ps -eo uid=,user:64= 2>/dev/null", "r");
	char line[256], name[SNAP_USER_MAX + 1];
	unsigned int uid, n = 0;
	char user[128];

	if (!f) {
		printf("# ps cannot run: names not compared\n");
		return;
	}
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%u %127s", &uid, user) == 2) {
			char num[16];

			snprintf(num, sizeof(num), "%u", uid);
			if (!strcmp(user, num)) {
				/* ps has no name for it: neither has the source */
				CHECK(live_user_name(uid, name, sizeof(name)) != 0);
				continue;
			}
			CHECK_EQ_U(live_user_name(uid, name, sizeof(name)), 0);
			CHECK_EQ_S(name, user);
			n++;
		}
	if (pclose(f) || !n)
		printf("# ps named no process here: names not compared\n");
	else
		printf("# %u processes' users named as ps names them\n", n);
	/* a uid no one has */
	CHECK(live_user_name(4000000001u, name, sizeof(name)) == -ENOENT);
}

static char root[64];

static void put(const char *rel, const char *text)
{
	char p[256];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", root, rel);
	f = fopen(p, "w");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void task(uint32_t tid, uint32_t uid)
{
	char rel[128], text[256];

	snprintf(rel, sizeof(rel), "%s/proc/%u", root, tid);
	mkdir(rel, 0755);
	snprintf(rel, sizeof(rel), "proc/%u/status", tid);
	snprintf(text, sizeof(text), "Name:\tp%u\nTgid:\t%u\nPid:\t%u\nUid:\t%u\t%u\t%u\t%u\n", tid,
		 tid, tid, uid, uid, uid, uid);
	put(rel, text);
	snprintf(rel, sizeof(rel), "proc/%u/comm", tid);
	snprintf(text, sizeof(text), "p%u\n", tid);
	put(rel, text);
}

/* The live source over a --sysroot tree records the names; the replay shows them. */
static void test_recorded_replayed(void)
{
	static const uint32_t tids[] = { 100, 200 }, uids[] = { 0, 4000000001u };
	struct source live = { 0 }, rp = { 0 };
	struct snapshot s;
	struct rec_writer *w;
	struct raw_sink *k;
	char rec[96], err[256], b[96], cmd[128];
	int i, j;

	snprintf(root, sizeof(root), "/tmp/rdmatop-users-%d", (int)getpid());
	mkdir(root, 0755);
	snprintf(rec, sizeof(rec), "%s/proc", root);
	mkdir(rec, 0755);
	snprintf(rec, sizeof(rec), "%s/etc", root);
	mkdir(rec, 0755);
	/* the tree's users, not this machine's: a name no machine here gives uid 0 */
	put("etc/passwd", "tree-admin:x:0:0:root:/root:/bin/sh\nnccl:x:1001:1001::/:/bin/sh\n");
	for (i = 0; i < 2; i++)
		task(tids[i], uids[i]);
	snprintf(rec, sizeof(rec), "%s.rdrec", root);
	CHECK_EQ_U(rec_writer_open(&w, rec), 0);
	k = rec_writer_sink(w);
	CHECK_EQ_U(source_live_open(&live, root), 0);
	live.sink = k;
	snap_init(&s);
	for (j = 0; j < 3; j++) {
		snap_clear(&s);
		s.mono.tv_sec = 100 + j;
		s.wall.tv_sec = 1700000000 + j;
		CHECK_EQ_U(k->begin(k->ctx, &s), 0);
		for (i = 0; i < 2; i++) {
			struct snap_qp *q = snap_push(&s.res[SNAP_RES_QP], sizeof(*q));

			q->lqpn = (uint32_t)i + 2;
			q->own.tid = tids[i];
			q->own.valid = SNAP_OWN_TID;
		}
		live_read_tasks(&live, &s);
		live_read_users(&live, &s);
		snap_tasks_sort(&s);
		CHECK_EQ_U(k->end(k->ctx, &s), 0);
		live_tasks_commit(live.priv, true);
	}
	/* a third sample's own line: a name this machine gives no uid */
	snap_clear(&s);
	s.mono.tv_sec = 110;
	CHECK_EQ_U(k->begin(k->ctx, &s), 0);
	CHECK_EQ_U(k->file(k->ctx, SNAP_USERS, 0, "0 recorded-root\n", 16), 0);
	CHECK_EQ_U(k->end(k->ctx, &s), 0);
	source_close(&live);
	CHECK_EQ_U(rec_writer_close(w), 0);

	CHECK_EQ_U(source_replay_open(&rp, rec, err, sizeof(err)), 0);
	for (j = 0; j < 4; j++) {
		snap_clear(&s);
		CHECK_EQ_U(source_sample(&rp, &s), 0);
		CHECK(s.flags & SNAP_F_USERS);
		if (j < 3) {
			/* kept tasks too: every sample names every uid seen */
			CHECK_EQ_S(snap_user(&s, 0, b, sizeof(b)), "tree-admin");
			CHECK_EQ_S(snap_user(&s, 4000000001u, b, sizeof(b)), "4000000001");
		} else {
			CHECK_EQ_S(snap_user(&s, 0, b, sizeof(b)), "recorded-root");
		}
	}
	source_close(&rp);
	unlink(rec);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	CHECK_EQ_U(system(cmd), 0);

	/* a recording from before the record: "uid N", never this machine's name */
	CHECK_EQ_U(source_replay_open(&rp, test_data("linux-6.12-rxe/cm.rdrec"), err, sizeof(err)),
		   0);
	snap_clear(&s);
	CHECK_EQ_U(source_sample(&rp, &s), 0);
	CHECK(!(s.flags & SNAP_F_USERS));
	CHECK_EQ_S(snap_user(&s, 0, b, sizeof(b)), "uid 0");
	source_close(&rp);
	snap_free(&s);
}

/* A --sysroot tree without etc/passwd names no one: its uids are numbers, not this machine's users. */
static void test_tree_without_passwd(void)
{
	struct source live = { 0 };
	struct snapshot s;
	char b[96], cmd[128];
	struct snap_qp *q;

	snprintf(root, sizeof(root), "/tmp/rdmatop-nopw-%d", (int)getpid());
	mkdir(root, 0755);
	snprintf(cmd, sizeof(cmd), "%s/proc", root);
	mkdir(cmd, 0755);
	task(100, 0);
	CHECK_EQ_U(source_live_open(&live, root), 0);
	snap_init(&s);
	q = snap_push(&s.res[SNAP_RES_QP], sizeof(*q));
	q->lqpn = 2;
	q->own.tid = 100;
	q->own.valid = SNAP_OWN_TID;
	live_read_tasks(&live, &s);
	live_read_users(&live, &s);
	CHECK(s.tasks.n == 1);
	CHECK(s.flags & SNAP_F_USERS);
	CHECK_EQ_S(snap_user(&s, 0, b, sizeof(b)), "0");
	source_close(&live);
	snap_free(&s);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	CHECK_EQ_U(system(cmd), 0);
}

TEST_MAIN(test_parse, test_passwd, test_names_as_ps, test_recorded_replayed,
	  test_tree_without_passwd)
