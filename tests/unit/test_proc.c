// SPDX-License-Identifier: GPL-2.0-or-later
/* /proc inputs: thread -> process, comm, cgroup, our own privileges. */
#include "sysfs.h"
#include "test.h"
#include "view.h"

#define FEED(s, path, text) sysfs_parse(s, path, 0, text, strlen(text))

static void test_thread_to_process(void)
{
	struct snapshot s;
	const struct snap_task *t;

	snap_init(&s);
	/* rping: the CM thread 395 created resources of process 393 */
	CHECK_EQ_U(FEED(&s, "/proc/395/status", "Name:\trping\nTgid:\t393\nPid:\t395\n"
			"Uid:\t1000\t1000\t1000\t1000\n"), 0);
	CHECK_EQ_U(FEED(&s, "/proc/395/comm", "rping\n"), 0);
	CHECK_EQ_U(FEED(&s, "/proc/393/comm", "rping-main\n"), 0);
	CHECK_EQ_U(FEED(&s, "/proc/393/cgroup", "0::/user.slice/job-42.scope\n"), 0);
	CHECK_EQ_U(sysfs_parse(&s, "/proc/396/status", -2, "", 0), 0);	/* exited */
	snap_tasks_sort(&s);
	t = snap_task_find(&s, 395);
	CHECK(t && t->pid == 393 && t->uid == 1000);
	CHECK(t && (t->valid & SNAP_TASK_PCOMM) && !strcmp(snap_s(&s, t->pcomm), "rping-main"));
	CHECK(t && !strcmp(snap_s(&s, t->comm), "rping"));
	CHECK(t && (t->valid & SNAP_TASK_CGROUP) &&
	      !strcmp(snap_s(&s, t->cgroup), "/user.slice/job-42.scope"));
	t = snap_task_find(&s, 396);
	CHECK(t && (t->valid & SNAP_TASK_GONE) && !(t->valid & SNAP_TASK_PID));
	/* malformed: no Tgid */
	CHECK(FEED(&s, "/proc/500/status", "Name:\tx\n") < 0);
	snap_free(&s);
}

static void test_cgroup_v1(void)
{
	struct snapshot s;

	snap_init(&s);
	FEED(&s, "/proc/7/status", "Tgid:\t7\n");
	CHECK_EQ_U(FEED(&s, "/proc/7/cgroup", "12:pids:/docker/abc\n11:memory:/docker/abc\n"), 0);
	CHECK_EQ_S(snap_s(&s, snap_task_find(&s, 7)->cgroup), "/docker/abc");
	CHECK(FEED(&s, "/proc/7/cgroup", "garbage") < 0);
	snap_free(&s);
}

static void test_privileges(void)
{
	struct snapshot s;

	snap_init(&s);
	CHECK_EQ_U(FEED(&s, "/proc/self/status", "Name:\trdmatop\nCapEff:\t0000000000000000\n"), 0);
	CHECK(s.flags & SNAP_F_UNPRIVILEGED);
	CHECK_EQ_U(s.notes.n, 1);
	snap_clear(&s);
	CHECK_EQ_U(FEED(&s, "/proc/self/status", "CapEff:\t000001ffffffffff\n"), 0);
	CHECK(!(s.flags & SNAP_F_UNPRIVILEGED));
	CHECK_EQ_U(s.notes.n, 0);
	snap_free(&s);
}

/*
 * Ids are looked up afresh every sample: a thread id that exited and was
 * reused by another process maps to the new process, and an owner whose
 * /proc entry is gone is not given the old one's process.
 */
static void test_reused_ids(void)
{
	struct snapshot s;
	const struct snap_task *t;

	snap_init(&s);
	FEED(&s, "/proc/4242/status", "Tgid:\t4240\nUid:\t1000\t1000\t1000\t1000\n");
	FEED(&s, "/proc/4242/comm", "trainer\n");
	snap_tasks_sort(&s);
	t = snap_task_find(&s, 4242);
	CHECK(t && t->pid == 4240);
	/* next sample: 4242 now belongs to another process */
	snap_clear(&s);
	FEED(&s, "/proc/4242/status", "Tgid:\t4242\nUid:\t0\t0\t0\t0\n");
	FEED(&s, "/proc/4242/comm", "nvme-target\n");
	snap_tasks_sort(&s);
	t = snap_task_find(&s, 4242);
	CHECK(t && t->pid == 4242 && t->uid == 0);
	CHECK(t && !strcmp(snap_s(&s, t->comm), "nvme-target"));
	/* and the sample after: it exited */
	snap_clear(&s);
	CHECK_EQ_U(sysfs_parse(&s, "/proc/4242/status", -2, "", 0), 0);
	snap_tasks_sort(&s);
	t = snap_task_find(&s, 4242);
	CHECK(t && (t->valid & SNAP_TASK_GONE) && !(t->valid & SNAP_TASK_PID));
	{
		struct snap_owner o = { .tid = 4242, .valid = SNAP_OWN_TID };

		CHECK_EQ_U(snap_owner_pid(&s, &o), 0);
	}
	snap_free(&s);
}

TEST_MAIN(test_thread_to_process, test_cgroup_v1, test_privileges, test_reused_ids)
