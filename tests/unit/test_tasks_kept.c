// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /proc reads kept across samples (src/source/files.c, src/model/tasks.c):
 * the live source's owner reads over a --sysroot tree, sample after sample,
 * against a source that reads everything each time; a new task behind an id
 * is read again, a renamed one within LIVE_TASKS_REREAD samples; the
 * recording of the run replays to the very tasks the live run had; and on
 * the real /proc of a new pid namespace, an id reused by another process
 * is read again.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../src/source/live.h"
#include "record.h"
#include "test.h"

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

/* /proc/TID of a task as 6.x prints its status, comm and cgroup. */
static void task(uint32_t tid, uint32_t pid, uint32_t uid, const char *comm, const char *cg)
{
	char rel[128], text[256];

	snprintf(rel, sizeof(rel), "%s/proc/%u", root, tid);
	mkdir(rel, 0755);
	snprintf(rel, sizeof(rel), "proc/%u/status", tid);
	snprintf(text, sizeof(text), "Name:\t%s\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t%u\n"
		 "Ngid:\t0\nPid:\t%u\nPPid:\t1\nUid:\t%u\t%u\t%u\t%u\n", comm, pid, tid, uid,
		 uid, uid, uid);
	put(rel, text);
	snprintf(rel, sizeof(rel), "proc/%u/comm", tid);
	snprintf(text, sizeof(text), "%s\n", comm);
	put(rel, text);
	snprintf(rel, sizeof(rel), "proc/%u/cgroup", tid);
	snprintf(text, sizeof(text), "0::%s\n", cg);
	put(rel, text);
}

static void setup_root(void)
{
	char p[96];

	snprintf(root, sizeof(root), "/tmp/rdmatop-kept-%d", (int)getpid());
	mkdir(root, 0755);
	snprintf(p, sizeof(p), "%s/proc", root);
	mkdir(p, 0755);
	/* a trainer of two threads, both owners; a server whose main thread
	 * owns nothing (its comm and cgroup are still read, for its thread) */
	task(100, 100, 1000, "trainer", "/slurm/job-7");
	task(101, 100, 1000, "trainer-cq", "/slurm/job-7");
	task(200, 200, 0, "srv-main", "/system.slice/srv.service");
	task(201, 200, 0, "srv-io", "/system.slice/srv.service");
}

static void rm_root(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	CHECK_EQ_U(system(cmd), 0);
}

/* A snapshot whose QPs are owned by the given ids (one each). */
static void owners(struct snapshot *s, const uint32_t *tids, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct snap_qp *q = snap_push(&s->res[SNAP_RES_QP], sizeof(*q));

		q->lqpn = (uint32_t)i + 2;
		q->own.tid = tids[i];
		q->own.valid = SNAP_OWN_TID;
	}
}

static int same_tasks(const struct snapshot *a, const struct snapshot *b)
{
	size_t i;

	if (a->tasks.n != b->tasks.n)
		return 0;
	for (i = 0; i < a->tasks.n; i++) {
		const struct snap_task *x = SNAP_AT(&a->tasks, struct snap_task, i);
		const struct snap_task *y = SNAP_AT(&b->tasks, struct snap_task, i);

		if (x->tid != y->tid || x->valid != y->valid || x->pid != y->pid ||
		    x->uid != y->uid || strcmp(snap_s(a, x->comm), snap_s(b, y->comm)) ||
		    strcmp(snap_s(a, x->pcomm), snap_s(b, y->pcomm)) ||
		    strcmp(snap_s(a, x->cgroup), snap_s(b, y->cgroup))) {
			fprintf(stderr, "task %u: %u/%u %s/%s %s/%s\n", x->tid, x->valid,
				y->valid, snap_s(a, x->comm), snap_s(b, y->comm),
				snap_s(a, x->cgroup), snap_s(b, y->cgroup));
			return 0;
		}
	}
	return 1;
}

/* Counts what the live source reads, then hands it to the recorder. */
struct tap {
	struct raw_sink sink, *next;
	int status, kept;	/* /proc/ID/status files; kept records */
};

static int tap_file(void *ctx, const char *path, int err, const void *buf, size_t len)
{
	struct tap *t = ctx;

	if (strstr(path, "/status"))
		t->status++;
	if (!strcmp(path, SOURCE_TASKS_KEPT))
		t->kept++;
	return t->next ? t->next->file(t->next->ctx, path, err, buf, len) : 0;
}

/* One sample as live_sample() takes it: owners, their /proc, the commit. */
static void sample(struct source *src, struct snapshot *s, const struct snapshot *prev,
		   const uint32_t *tids, size_t n, struct tap *t, long no)
{
	snap_clear(s);
	s->mono.tv_sec = 100 + no;
	s->wall.tv_sec = 1700000000 + no;
	t->status = t->kept = 0;
	if (t->next)
		CHECK_EQ_U(t->next->begin(t->next->ctx, s), 0);
	owners(s, tids, n);
	live_read_tasks(src, s);
	snap_tasks_sort(s);
	if (t->next)
		CHECK_EQ_U(t->next->end(t->next->ctx, s), 0);
	live_tasks_commit(src->priv, true);
	CHECK_EQ_U(snap_carry(prev, s), 0);
}

static const uint32_t tids[] = { 100, 101, 201 };
#define NTID (sizeof(tids) / sizeof(tids[0]))
#define NSAMPLES 24

static void test_kept_equals_read(void)
{
	struct source live = { 0 }, fresh = { 0 }, rp = { 0 };
	struct snapshot snaps[NSAMPLES], back[2], ref, *prev = NULL;
	struct tap tap = { .sink = { .ctx = &tap, .file = tap_file } };
	struct rec_writer *w;
	char rec[96], err[256], p[160];
	long i, renamed_at = -1, seen_at = -1;

	setup_root();
	snprintf(rec, sizeof(rec), "%s.rdrec", root);
	CHECK_EQ_U(rec_writer_open(&w, rec), 0);
	tap.next = rec_writer_sink(w);
	CHECK_EQ_U(source_live_open(&live, root), 0);
	live.sink = &tap.sink;
	snap_init(&ref);
	for (i = 0; i < NSAMPLES; i++) {
		const struct snap_task *t;

		snap_init(&snaps[i]);
		/* sample 3: thread 201 renames itself (prctl: same task) */
		if (i == 3) {
			put("proc/201/comm", "srv-io-2\n");
			put("proc/201/status", "Name:\tsrv-io-2\nTgid:\t200\nUid:\t0\t0\t0\t0\n");
			renamed_at = i;
		}
		/* sample 5: id 101 exits and a new process gets it (a new
		 * /proc/101: another inode, the old one kept aside so that its
		 * number is not reused) */
		if (i == 5) {
			char q[160];

			snprintf(p, sizeof(p), "%s/proc/101", root);
			snprintf(q, sizeof(q), "%s/proc/old-101", root);
			CHECK_EQ_U(rename(p, q), 0);
			task(101, 101, 33, "nginx", "/system.slice/nginx.service");
		}
		sample(&live, &snaps[i], prev, tids, NTID, &tap, i);
		/* the reference: a source with nothing to keep, every sample */
		CHECK_EQ_U(source_live_open(&fresh, root), 0);
		snap_clear(&ref);
		owners(&ref, tids, NTID);
		live_read_tasks(&fresh, &ref);
		snap_tasks_sort(&ref);
		snap_carry(NULL, &ref);
		source_close(&fresh);

		t = snap_task_find(&snaps[i], 201);
		CHECK(t && (t->valid & SNAP_TASK_PCOMM) &&
		      !strcmp(snap_s(&snaps[i], t->pcomm), "srv-main"));
		CHECK(t && !strcmp(snap_s(&snaps[i], t->cgroup), "/system.slice/srv.service"));
		if (i == 0)
			CHECK_EQ_U(tap.kept, 0);
		if (i == 1 || i == 2) {
			/* nothing changed: nothing read, every id kept */
			CHECK_EQ_U(tap.status, 0);
			CHECK_EQ_U(tap.kept, 1);
		}
		if (i == 5) {
			/* the new task behind 101 is read at once */
			const struct snap_task *n = snap_task_find(&snaps[i], 101);

			CHECK_EQ_U(tap.status, 1);
			CHECK(n && n->pid == 101 && n->uid == 33 &&
			      !strcmp(snap_s(&snaps[i], n->comm), "nginx"));
		}
		if (seen_at < 0 && t && !strcmp(snap_s(&snaps[i], t->comm), "srv-io-2"))
			seen_at = i;
		/* a kept task is the task a read gives, except a rename that
		 * the periodic read has not seen yet */
		if (renamed_at < 0 || seen_at >= 0 || i < renamed_at)
			CHECK(same_tasks(&snaps[i], &ref));
		prev = &snaps[i];
	}
	/* the rename is seen at 201's periodic read: within LIVE_TASKS_REREAD */
	CHECK(seen_at > renamed_at && seen_at - renamed_at <= LIVE_TASKS_REREAD);
	CHECK_EQ_U((seen_at + 201) % LIVE_TASKS_REREAD, 0);	/* its turn: (sample + id) % N */
	source_close(&live);
	CHECK_EQ_U(rec_writer_close(w), 0);

	/* the recording replays to the live run's tasks, sample by sample */
	CHECK_EQ_U(source_replay_open(&rp, rec, err, sizeof(err)), 0);
	prev = NULL;
	snap_init(&back[0]);
	snap_init(&back[1]);
	for (i = 0; i < NSAMPLES; i++) {
		struct snapshot *s = &back[i & 1];

		snap_clear(s);
		CHECK_EQ_U(source_sample(&rp, s), 0);
		CHECK_EQ_U(snap_carry(prev, s), 0);
		CHECK(same_tasks(s, &snaps[i]));
		prev = s;
	}
	snap_free(&back[0]);
	snap_free(&back[1]);
	source_close(&rp);
	unlink(rec);
	for (i = 0; i < NSAMPLES; i++)
		snap_free(&snaps[i]);
	snap_free(&ref);
	rm_root();
}

#define FEED(s, path, text) source_feed_file(&none, s, path, 0, text, strlen(text))

/*
 * The record alone: ids one a line; a bad line is noted, the others kept;
 * an id the previous sample lacks (a seek, the first sample) has no entry;
 * what this sample read of an id stays; a thread takes its process's comm
 * and cgroup again, from whichever sample they come.
 */
static void test_kept_record(void)
{
	struct source none = { 0 };
	struct snapshot a, b;
	const struct snap_task *t;

	snap_init(&a);
	snap_init(&b);
	FEED(&a, "/proc/395/status", "Tgid:\t393\nUid:\t1000\t1000\t1000\t1000\n");
	FEED(&a, "/proc/395/comm", "rping\n");
	FEED(&a, "/proc/393/comm", "rping-main\n");
	FEED(&a, "/proc/393/cgroup", "0::/job-1\n");
	snap_tasks_sort(&a);

	CHECK_EQ_U(FEED(&b, SOURCE_TASKS_KEPT, "395\n393\nx12\n0\n77\n"), 0);
	CHECK_EQ_U(b.notes.n, 1);	/* "unexpected contents in rdmatop:tasks-kept" */
	FEED(&b, "/proc/393/cgroup", "0::/job-2\n");	/* read again: it moved */
	snap_tasks_sort(&b);
	CHECK_EQ_U(b.tasks.n, 3);
	CHECK_EQ_U(snap_carry(&a, &b), 0);
	CHECK_EQ_U(b.tasks.n, 2);	/* 77: not in the sample before */
	t = snap_task_find(&b, 395);
	CHECK(t && t->pid == 393 && t->uid == 1000 && !(t->valid & SNAP_TASK_KEPT));
	CHECK(t && !strcmp(snap_s(&b, t->comm), "rping"));
	CHECK(t && !strcmp(snap_s(&b, t->pcomm), "rping-main"));
	CHECK(t && !strcmp(snap_s(&b, t->cgroup), "/job-2"));
	t = snap_task_find(&b, 393);
	CHECK(t && !strcmp(snap_s(&b, t->comm), "rping-main") &&
	      !strcmp(snap_s(&b, t->cgroup), "/job-2"));
	/* with nothing before: no entries made up */
	snap_clear(&b);
	FEED(&b, SOURCE_TASKS_KEPT, "395\n393");
	CHECK_EQ_U(snap_carry(NULL, &b), 0);
	CHECK_EQ_U(b.tasks.n, 0);
	snap_free(&a);
	snap_free(&b);
}

/* A process named `name` that sleeps; returns once the name is set. */
static pid_t spawn(const char *name)
{
	int fd[2];
	char c = 0;
	pid_t p;

	if (pipe(fd))
		return -1;
	p = fork();
	if (!p) {
		prctl(PR_SET_NAME, name);
		if (write(fd[1], &c, 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	close(fd[1]);
	if (p > 0 && read(fd[0], &c, 1) != 1)
		p = -1;
	close(fd[0]);
	return p;
}

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), ok;

	if (fd < 0)
		return -1;
	ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text);
	close(fd);
	return ok ? 0 : -1;
}

/* pid 1 of a new pid namespace, its own /proc mounted: 0, 1, 77 (skip) */
static int reuse_in_ns(void)
{
	struct tap tap = { .sink = { .ctx = &tap, .file = tap_file } };
	struct source src = { 0 };
	struct snapshot s[3];
	const struct snap_task *t;
	uint32_t id;
	char last[16];
	pid_t a, b;
	int i;

	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL))
		return 77;
	a = spawn("first");
	if (a <= 0 || source_live_open(&src, ""))
		return 1;
	src.sink = &tap.sink;
	id = (uint32_t)a;
	for (i = 0; i < 3; i++)
		snap_init(&s[i]);
	sample(&src, &s[0], NULL, &id, 1, &tap, 0);
	sample(&src, &s[1], &s[0], &id, 1, &tap, 1);
	CHECK_EQ_U(tap.kept, 1);	/* the same process: kept */
	CHECK_EQ_U(tap.status, 0);
	/* it exits, and the next process gets its id */
	kill(a, SIGKILL);
	waitpid(a, NULL, 0);
	snprintf(last, sizeof(last), "%d", (int)a - 1);
	if (write_file("/proc/sys/kernel/ns_last_pid", last))
		return 77;
	b = spawn("second");
	if (b != a)
		return 77;
	sample(&src, &s[2], &s[1], &id, 1, &tap, 2);
	CHECK_EQ_U(tap.kept, 0);
	CHECK_EQ_U(tap.status, 1);
	t = snap_task_find(&s[2], id);
	CHECK(t && !strcmp(snap_s(&s[2], t->comm), "second"));
	kill(b, SIGKILL);
	waitpid(b, NULL, 0);
	source_close(&src);
	for (i = 0; i < 3; i++)
		snap_free(&s[i]);
	return test_failures ? 1 : 0;
}

/*
 * The real procfs: a process's id reused by a new process (forced with
 * ns_last_pid in a pid namespace of our own, as root of a user namespace)
 * is a new inode of /proc/ID, so it is read again, not kept.
 */
static void test_real_pid_reuse(void)
{
	int st = 0;
	pid_t p = fork();

	if (!p) {
		char map[64];
		uid_t uid = getuid();
		gid_t gid = getgid();
		pid_t init;

		if (unshare(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS))
			_exit(77);
		snprintf(map, sizeof(map), "0 %u 1", (unsigned int)uid);
		if (write_file("/proc/self/setgroups", "deny") && errno != ENOENT)
			_exit(77);
		if (write_file("/proc/self/uid_map", map))
			_exit(77);
		snprintf(map, sizeof(map), "0 %u 1", (unsigned int)gid);
		if (write_file("/proc/self/gid_map", map))
			_exit(77);
		init = fork();
		if (!init)
			_exit(reuse_in_ns());
		if (init < 0 || waitpid(init, &st, 0) != init || !WIFEXITED(st))
			_exit(1);
		_exit(WEXITSTATUS(st));
	}
	CHECK(p > 0 && waitpid(p, &st, 0) == p && WIFEXITED(st));
	if (WEXITSTATUS(st) == 77)
		printf("# no user and pid namespace here: pid reuse on the real /proc not tried\n");
	else
		CHECK_EQ_U(WEXITSTATUS(st), 0);
}

TEST_MAIN(test_kept_record, test_kept_equals_read, test_real_pid_reuse)
