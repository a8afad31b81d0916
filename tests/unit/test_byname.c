// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Devices by name and ports by netdev (src/model/byname.c): what the
 * index finds is what a walk of every row finds, in its order, through
 * rows added, renamed in place (snap_dedup's NAME~2), another snapshot,
 * a new fill, and past the index's size.
 */
#include <stdio.h>
#include <string.h>

#include "snapshot.h"
#include "test.h"

static struct snap_dev *walk_dev(const struct snapshot *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->devs.n; i++)
		if (!strcmp(SNAP_AT(&s->devs, struct snap_dev, i)->name, name))
			return SNAP_AT(&s->devs, struct snap_dev, i);
	return NULL;
}

static void add_devs(struct snapshot *s, uint32_t from, uint32_t n)
{
	uint32_t i;

	for (i = from; i < from + n; i++) {
		struct snap_dev *d = snap_push(&s->devs, sizeof(*d));

		d->index = i;
		/* every tenth one a second of its name */
		snprintf(d->name, sizeof(d->name), "mlx5_%u", i % 10 == 9 ? i - 1 : i);
	}
}

static void check_devs(const struct snapshot *s, uint32_t n)
{
	char name[32];
	uint32_t i;

	for (i = 0; i < n + 2; i++) {
		snprintf(name, sizeof(name), "mlx5_%u", i);
		CHECK(snap_dev_by_name(s, name) == walk_dev(s, name));
	}
	CHECK(!snap_dev_by_name(s, "mlx5_") && !snap_dev_by_name(s, ""));
}

static void test_devs(void)
{
	struct snapshot a, b;
	struct snap_dev *d;

	snap_init(&a);
	snap_init(&b);
	snap_str(&a, "x", 2); /* a fill of each, its generation */
	snap_str(&b, "x", 2);
	add_devs(&a, 0, 40);
	add_devs(&b, 5, 20);
	check_devs(&a, 40);
	d = snap_dev_by_name(&a, "mlx5_8");
	CHECK(d && d->index == 8); /* the first of two */
	check_devs(&b, 25);
	check_devs(&a, 40);
	/* one renamed in place, as snap_dedup does the second of a name */
	snprintf(SNAP_AT(&a.devs, struct snap_dev, 9)->name, SNAP_DEV_NAME_MAX, "mlx5_8~2");
	d = snap_dev_by_name(&a, "mlx5_8~2");
	CHECK(d && d->index == 9);
	check_devs(&a, 40);
	add_devs(&a, 40, 10); /* more: the index made again */
	check_devs(&a, 50);
	add_devs(&a, 50, 600); /* past it: walked */
	check_devs(&a, 650);
	snap_clear(&a);
	snap_str(&a, "x", 2);
	add_devs(&a, 100, 30);
	d = snap_dev_by_name(&a, "mlx5_100");
	CHECK(d && d->index == 100);
	CHECK(!snap_dev_by_name(&a, "mlx5_0"));
	check_devs(&a, 130);
	snap_free(&a);
	snap_free(&b);
}

static void add_ports(struct snapshot *s, uint32_t from, uint32_t n)
{
	uint32_t i;

	for (i = from; i < from + n; i++) {
		struct snap_port *p = snap_port_get(s, i, 1);

		if (!p)
			continue;
		/* several ports on one netdev; some with a name but not its bit */
		snprintf(p->ndev, sizeof(p->ndev), "eth%u", i % 7);
		if (i % 11 != 3)
			p->valid |= SNAP_PORT_NDEV;
	}
}

/* the ports on ndev as snap_ndev_port gives them and as a walk does */
static void check_ports(const struct snapshot *s, const char *ndev)
{
	const struct snap_port *p;
	size_t it = 0, i, k = 0;

	while ((p = snap_ndev_port(s, ndev, &it))) {
		for (i = k; i < s->ports.n; i++) {
			const struct snap_port *q = SNAP_AT(&s->ports, struct snap_port, i);

			if ((q->valid & SNAP_PORT_NDEV) && !strcmp(q->ndev, ndev))
				break;
		}
		CHECK(i < s->ports.n && p == SNAP_AT(&s->ports, struct snap_port, i));
		k = i + 1;
	}
	for (i = k; i < s->ports.n; i++) {
		const struct snap_port *q = SNAP_AT(&s->ports, struct snap_port, i);

		CHECK(!(q->valid & SNAP_PORT_NDEV) || strcmp(q->ndev, ndev));
	}
	CHECK(!snap_ndev_port(s, ndev, &it)); /* and stays past the last */
}

static void test_ports(void)
{
	struct snapshot a;
	char ndev[16];
	uint32_t i;

	snap_init(&a);
	snap_str(&a, "x", 2);
	add_ports(&a, 0, 60);
	for (i = 0; i < 9; i++) {
		snprintf(ndev, sizeof(ndev), "eth%u", i);
		check_ports(&a, ndev);
	}
	add_ports(&a, 60, 7); /* more ports: the index made again */
	for (i = 0; i < 9; i++) {
		snprintf(ndev, sizeof(ndev), "eth%u", i);
		check_ports(&a, ndev);
	}
	add_ports(&a, 67, 600); /* past it */
	check_ports(&a, "eth1");
	check_ports(&a, "eth9");
	snap_free(&a);
}

TEST_MAIN(test_devs, test_ports)
