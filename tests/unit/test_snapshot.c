// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "snapshot.h"
#include "test.h"

static void test_strings(void)
{
	struct snapshot s;
	uint32_t a, b;

	snap_init(&s);
	CHECK_EQ_U(snap_str(&s, "", 10), 0);
	a = snap_str(&s, "rxe0", 64);
	b = snap_str(&s, "ibv_rc_pingpong-and-more", 15);
	CHECK_EQ_S(snap_s(&s, a), "rxe0");
	CHECK_EQ_S(snap_s(&s, b), "ibv_rc_pingpong");
	CHECK_EQ_S(snap_s(&s, 0), "");
	CHECK_EQ_S(snap_s(&s, 999999), "");
	snap_clear(&s);
	CHECK_EQ_S(snap_s(&s, a), "");
	a = snap_str(&s, "again", 64);
	CHECK_EQ_S(snap_s(&s, a), "again");
	snap_free(&s);
}

static void test_tasks_sorted(void)
{
	struct snapshot s;
	uint32_t ids[] = { 50, 7, 900, 8, 49, 1 };
	size_t i;

	snap_init(&s);
	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
		snap_task_get(&s, ids[i])->pid = ids[i] + 1000;
	CHECK_EQ_U(s.tasks.n, 6);
	for (i = 1; i < s.tasks.n; i++)
		CHECK(SNAP_AT(&s.tasks, struct snap_task, i - 1)->tid <
		      SNAP_AT(&s.tasks, struct snap_task, i)->tid);
	CHECK_EQ_U(snap_task_find(&s, 900)->pid, 1900);
	CHECK(snap_task_find(&s, 2) == NULL);
	CHECK(snap_task_get(&s, 7) == snap_task_find(&s, 7));
	CHECK_EQ_U(s.tasks.n, 6);
	snap_free(&s);
}

static void test_rollback(void)
{
	struct snapshot s;
	struct snap_mark m;
	struct snap_qp *q;

	snap_init(&s);
	q = snap_push(&s.qps, sizeof(*q));
	q->lqpn = 1;
	snap_mark(&s, &m);
	q = snap_push(&s.qps, sizeof(*q));
	q->lqpn = 2;
	snap_note(&s, -5, 0, "dump of %s failed", "qp");
	snap_note(&s, -5, 0, "dump of %s failed", "qp");
	CHECK_EQ_U(s.notes.n, 1);
	snap_rollback(&s, &m);
	CHECK_EQ_U(s.qps.n, 1);
	CHECK_EQ_U(s.notes.n, 0);
	CHECK_EQ_U(SNAP_AT(&s.qps, struct snap_qp, 0)->lqpn, 1);
	snap_free(&s);
}

static void test_owner(void)
{
	struct snapshot s;
	struct snap_owner k = { .valid = SNAP_OWN_KERN }, u = { .valid = SNAP_OWN_TID, .tid = 390 };
	struct snap_task *t;

	snap_init(&s);
	k.kern = snap_str(&s, "ib_core", 64);
	CHECK_EQ_S(snap_owner_comm(&s, &k), "ib_core");
	CHECK_EQ_U(snap_owner_pid(&s, &k), 0);
	CHECK_EQ_S(snap_owner_comm(&s, &u), "");
	t = snap_task_get(&s, 390);
	t->pid = 387;
	t->comm = snap_str(&s, "rping", 16);
	t->valid = SNAP_TASK_PID | SNAP_TASK_COMM;
	CHECK_EQ_U(snap_owner_pid(&s, &u), 387);
	CHECK_EQ_S(snap_owner_comm(&s, &u), "rping");
	snap_free(&s);
}

/* A container's network namespace in exclusive mode sees no device: say
 * why, not "load a driver". */
static void test_no_devices_why(void)
{
	struct snapshot s;

	snap_init(&s);
	s.flags |= SNAP_F_NO_DEVICES;
	CHECK(strstr(snap_no_devices_why(&s), "load a driver") != NULL);
	s.sys.valid |= SNAP_SYS_NETNS_MODE;
	s.sys.netns_shared = 1;
	CHECK(strstr(snap_no_devices_why(&s), "load a driver") != NULL);
	s.sys.netns_shared = 0;
	CHECK(strstr(snap_no_devices_why(&s), "this network namespace sees none of the host's"));
	CHECK(strstr(snap_no_devices_why(&s), "mode is exclusive"));
	CHECK(strstr(snap_no_devices_why(&s), "rdma dev set DEV netns NS"));
	CHECK(!strstr(snap_no_devices_why(&s), "load a driver"));
	snap_free(&s);
}

/*
 * Devices and ports found whatever the order they are asked in (the last
 * one found and the next are tried first): in order, backwards, the same
 * again, one missing, another snapshot's in between.
 */
static void test_find_order(void)
{
	struct snapshot a, b;
	uint32_t i, k;

	snap_init(&a);
	snap_init(&b);
	for (i = 0; i < 40; i++) {
		struct snap_dev *d = snap_push(&a.devs, sizeof(*d));

		d->index = 100 - i;
		CHECK(snap_port_get(&a, 100 - i, 1 + i % 2) != NULL);
		CHECK(snap_port_get(&b, i, 1) != NULL);
	}
	for (k = 0; k < 3; k++)
		for (i = 0; i < 40; i++) {
			uint32_t j = k == 1 ? 39 - i : k == 2 ? (i * 7) % 40 : i;
			const struct snap_port *p = snap_port_find(&a, 100 - j, 1 + j % 2);
			const struct snap_dev *d = snap_dev_find(&a, 100 - j);

			CHECK(p && p->dev == 100 - j && p->port == 1 + j % 2);
			CHECK(d && d->index == 100 - j);
			CHECK(snap_port_find(&a, 100 - j, 1 + j % 2) == p);
			CHECK(!snap_port_find(&a, 100 - j, 2 - j % 2));
			p = snap_port_find(&b, j, 1);
			CHECK(p && p->dev == j);
		}
	CHECK(!snap_dev_find(&a, 7));
	CHECK_EQ_U(a.ports.n, 40);
	snap_free(&a);
	snap_free(&b);
}

TEST_MAIN(test_strings, test_tasks_sorted, test_rollback, test_owner, test_no_devices_why,
	  test_find_order)
