// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A process's GPUs and its QPs' distance to them (src/model/pgpu.c): the
 * PCI walk's GPU device nodes, the /proc/PID/fd record, the relation per
 * device and the farthest over the devices with its QPs; what is not a
 * GPU's node, an unreadable fd directory, and a record carried to the
 * next sample.
 */
#include "snap_pci.h"
#include "snap_proc.h"
#include "sysfs.h"
#include "test.h"

#define FEED(s, path, text) sysfs_parse(s, path, 0, text, strlen(text))

/* One socket's switch with GPU0 and mlx5_0, GPU1 and mlx5_1 on the other
 * node (two root complexes). */
static const char walk[] =
	"ib mlx5_0 0000:15:00.0\n"
	"ib mlx5_1 0000:97:00.0\n"
	"0000:13:00.0 path /sys/devices/pci0000:10/0000:10:01.0/0000:11:00.0/0000:12:00.0/"
	"0000:13:00.0\n"
	"0000:13:00.0 class 0x030200\n"
	"0000:13:00.0 numa_node 0\n"
	"0000:13:00.0 nvidia_minor 0\n"
	"0000:13:00.0 drm renderD128\n"
	"0000:15:00.0 path /sys/devices/pci0000:10/0000:10:01.0/0000:11:00.0/0000:12:02.0/"
	"0000:15:00.0\n"
	"0000:15:00.0 class 0x020000\n"
	"0000:15:00.0 numa_node 0\n"
	"0000:93:00.0 path /sys/devices/pci0000:90/0000:90:01.0/0000:93:00.0\n"
	"0000:93:00.0 class 0x030200\n"
	"0000:93:00.0 numa_node 1\n"
	"0000:93:00.0 nvidia_minor 1\n"
	"0000:97:00.0 path /sys/devices/pci0000:90/0000:90:02.0/0000:97:00.0\n"
	"0000:97:00.0 class 0x020000\n"
	"0000:97:00.0 numa_node 1\n";

static void add_dev(struct snapshot *s, uint32_t index, const char *name)
{
	struct snap_dev *d = snap_push(&s->devs, sizeof(*d));

	d->index = index;
	snprintf(d->name, sizeof(d->name), "%s", name);
}

static void add_qp(struct snapshot *s, uint32_t dev, uint32_t tid)
{
	struct snap_qp *q = snap_push(&s->qps, sizeof(*q));

	q->dev = dev;
	q->own.tid = tid;
	q->own.valid |= SNAP_OWN_TID;
}

static void setup(struct snapshot *s)
{
	snap_init(s);
	add_dev(s, 3, "mlx5_0");
	add_dev(s, 4, "mlx5_1");
	CHECK_EQ_U(sysfs_pci_parse(s, 0, walk, strlen(walk)), 0);
	/* process 100 (its thread 101 owns a QP too), 200, 300 */
	FEED(s, "/proc/100/status", "Tgid:\t100\n");
	FEED(s, "/proc/101/status", "Tgid:\t100\n");
	FEED(s, "/proc/200/status", "Tgid:\t200\n");
	FEED(s, "/proc/300/status", "Tgid:\t300\n");
	FEED(s, "/proc/100/stat", "100 (a) S 1 100 100 0 -1 0 0 0 0 0 5 5 0 0 20 0 1 0 1000 1 1");
	FEED(s, "/proc/200/stat", "200 (b) S 1 200 200 0 -1 0 0 0 0 0 5 5 0 0 20 0 1 0 1000 1 1");
	add_qp(s, 3, 100);
	add_qp(s, 4, 101);
	add_qp(s, 3, 200);
	add_qp(s, 3, 300);
}

static void test_relations(void)
{
	const struct snap_pstat *p;
	const struct snap_pci *g[4];
	struct snapshot s;

	setup(&s);
	CHECK(snap_pci_of_node(&s, "/dev/nvidia0") == snap_pci_find(&s, "0000:13:00.0"));
	CHECK(snap_pci_of_node(&s, "/dev/dri/renderD128") == snap_pci_find(&s, "0000:13:00.0"));
	CHECK(snap_pci_of_node(&s, "/dev/nvidia1") == snap_pci_find(&s, "0000:93:00.0"));
	CHECK(!snap_pci_of_node(&s, "/dev/nvidiactl"));
	CHECK(!snap_pci_of_node(&s, "/dev/nvidia-uvm"));
	CHECK(!snap_pci_of_node(&s, "/dev/nvidia7"));
	CHECK(!snap_pci_of_node(&s, "/dev/dri/card0"));
	/* 100: GPU0 (near mlx5_0, SYS from mlx5_1); 200: GPU1 by the
	 * driver's nodes beside it; 300: only the control node */
	CHECK_EQ_U(FEED(&s, "/proc/100/fd", "/dev/dri/renderD128\n"), 0);
	CHECK_EQ_U(FEED(&s, "/proc/200/fd", "/dev/nvidia-uvm\n/dev/nvidia1\n/dev/nvidiactl\n"), 0);
	CHECK_EQ_U(FEED(&s, "/proc/300/fd", "/dev/nvidiactl\n"), 0);
	CHECK(FEED(&s, "/proc/300/fd", "socket:[1]\n") < 0);
	snap_tasks_sort(&s);
	snap_carry(NULL, &s);
	CHECK(s.flags & SNAP_F_GPU_REL);
	p = snap_pstat_find(&s, 100);
	CHECK(p && snap_pstat_gpus(&s, p, g, 4) == 1 && g[0]->addr[5] == '1');
	CHECK_EQ_U(snap_gpu_rel(&s, 100, 3), SNAP_TOPO_PIX);
	CHECK_EQ_U(snap_gpu_rel(&s, 100, 4), SNAP_TOPO_SYS);
	/* its QPs on both: the farthest */
	CHECK(p && p->qp_rel == SNAP_TOPO_SYS);
	CHECK_EQ_U(snap_gpu_rel(&s, 200, 3), SNAP_TOPO_SYS);
	CHECK_EQ_U(snap_gpu_rel(&s, 200, 4), SNAP_TOPO_PHB);
	p = snap_pstat_find(&s, 200);
	CHECK(p && p->qp_rel == SNAP_TOPO_SYS);
	CHECK(snap_topo_far(SNAP_TOPO_SYS) && snap_topo_far(SNAP_TOPO_NODE) &&
	      !snap_topo_far(SNAP_TOPO_PHB) && !snap_topo_far(SNAP_TOPO_PIX));
	/* no GPU open, an unknown device */
	CHECK_EQ_U(snap_gpu_rel(&s, 300, 3), SNAP_TOPO_N);
	CHECK_EQ_U(snap_gpu_rel(&s, 100, 9), SNAP_TOPO_N);
	CHECK_EQ_U(snap_gpu_rel(&s, 0, 3), SNAP_TOPO_N);
	snap_free(&s);
}

static void test_unreadable_and_kept(void)
{
	struct snapshot a, b;
	const struct snap_pstat *p;

	setup(&a);
	CHECK_EQ_U(FEED(&a, "/proc/100/fd", "/dev/nvidia1\n"), 0);
	/* another user's: EACCES, nothing known */
	CHECK_EQ_U(sysfs_parse(&a, "/proc/200/fd", -13, NULL, 0), 0);
	snap_tasks_sort(&a);
	snap_carry(NULL, &a);
	CHECK_EQ_U(snap_gpu_rel(&a, 100, 3), SNAP_TOPO_SYS);
	p = snap_pstat_find(&a, 200);
	CHECK(!p || !(p->valid & (SNAP_PST_GPUS | SNAP_PST_GPU_REL)));
	/* the next sample does not read 100's files again: carried */
	setup(&b);
	snap_tasks_sort(&b);
	snap_carry(&a, &b);
	CHECK_EQ_U(snap_gpu_rel(&b, 100, 3), SNAP_TOPO_SYS);
	/* and none at all: no flag, nothing per QP */
	snap_free(&b);
	setup(&b);
	snap_tasks_sort(&b);
	snap_carry(NULL, &b);
	CHECK(!(b.flags & SNAP_F_GPU_REL));
	snap_free(&a);
	snap_free(&b);
}

TEST_MAIN(test_relations, test_unreadable_and_kept)
