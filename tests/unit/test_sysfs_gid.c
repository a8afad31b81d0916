// SPDX-License-Identifier: GPL-2.0-or-later
/* A port's GID and P_Key tables and MTU from sysfs (src/sysfs/gid.c). */
#include <errno.h>
#include <string.h>

#include "fmt.h"
#include "sysfs.h"
#include "test.h"
#include "view.h"

#define FEED(s, path, text) sysfs_parse(s, path, 0, text, strlen(text))
#define P "/sys/class/infiniband/mlx5_0/ports/1/"

static struct snap_port *setup(struct snapshot *s, const char *protocol, const char *ll)
{
	struct snap_dev *d = snap_push(&s->devs, sizeof(*d));
	struct snap_port *p;

	strcpy(d->name, "mlx5_0");
	d->index = 3;
	strcpy(d->protocol, protocol);
	d->valid = SNAP_DEV_PROTOCOL;
	p = snap_port_get(s, 3, 1);
	p->valid |= SNAP_PORT_NDEV;
	strcpy(p->ndev, "eth0");
	CHECK_EQ_U(FEED(s, P "link_layer", ll), 0);
	return p;
}

static void test_roce(void)
{
	struct snapshot s;
	struct snap_port *p;
	const struct snap_gid *g;
	char buf[48];

	snap_init(&s);
	p = setup(&s, "roce", "Ethernet\n");
	CHECK_EQ_U(FEED(&s, P "gids/0", "fe80:0000:0000:0000:0e42:a1ff:fe65:1234\n"), 0);
	CHECK_EQ_U(FEED(&s, P "gid_attrs/types/0", "IB/RoCE v1\n"), 0);
	CHECK_EQ_U(FEED(&s, P "gid_attrs/ndevs/0", "eth0\n"), 0);
	CHECK_EQ_U(FEED(&s, P "gids/1", "0000:0000:0000:0000:0000:ffff:0a00:0001\n"), 0);
	CHECK_EQ_U(FEED(&s, P "gid_attrs/types/1", "RoCE v2\n"), 0);
	/* empty, malformed, out of order: none kept */
	CHECK_EQ_U(FEED(&s, P "gids/2", "0000:0000:0000:0000:0000:0000:0000:0000\n"), 0);
	CHECK_EQ_U(FEED(&s, P "gids/3", "fe80::cefff:1\n"), 0);
	CHECK_EQ_U(FEED(&s, P "gid_attrs/types/7", "RoCE v2\n"), 0);
	CHECK_EQ_U(FEED(&s, P "gids/x", "fe80::1\n"), 0);
	CHECK_EQ_U(FEED(&s, P "pkeys/0", "0xffff\n"), 0);
	CHECK_EQ_U(FEED(&s, P "pkeys/1", "0x0000\n"), 0);
	CHECK_EQ_U(FEED(&s, P "pkeys/3", "0x8001\n"), 0);
	CHECK_EQ_U(FEED(&s, "/sys/class/net/eth0/mtu", "1500\n"), 0);
	CHECK_EQ_U(s.gids.n, 2);
	g = SNAP_AT(&s.gids, struct snap_gid, 0);
	CHECK_EQ_S(fmt_gid(buf, sizeof(buf), g->gid), "fe80:0000:0000:0000:0e42:a1ff:fe65:1234");
	CHECK_EQ_S(view_gid_type_str(g->type), "RoCE v1");
	CHECK_EQ_S(g->ndev, "eth0");
	g = SNAP_AT(&s.gids, struct snap_gid, 1);
	CHECK_EQ_S(view_gid_type_str(g->type), "RoCE v2");
	CHECK_EQ_S(g->ndev, "");
	CHECK(SNAP_HAS(p, SNAP_PORT_GUID) && p->guid == 0x0e42a1fffe651234ull);
	CHECK_EQ_U(p->npkeys, 1);
	CHECK_EQ_U(p->pkeys[0], 0xffff);
	/* iboe_get_mtu(): 1500 - 96 = 1404 -> 1024; 9000 -> 4096; 4200 -> 4096 */
	CHECK_EQ_U(view_port_active_mtu(&s, p), 1024);
	CHECK_EQ_U(FEED(&s, "/sys/class/net/eth0/mtu", "9000\n"), 0);
	CHECK_EQ_U(view_port_active_mtu(&s, p), 4096);
	CHECK_EQ_U(FEED(&s, "/sys/class/net/eth0/mtu", "4191\n"), 0);
	CHECK_EQ_U(view_port_active_mtu(&s, p), 2048);
	CHECK_EQ_U(FEED(&s, "/sys/class/net/eth0/mtu", "300\n"), 0);
	CHECK_EQ_U(view_port_active_mtu(&s, p), 0);
	CHECK(sysfs_gid_zero("0000:0000:0000:0000:0000:0000:0000:0000\n", 40));
	CHECK(sysfs_gid_zero("garbage", 7));
	CHECK(!sysfs_gid_zero("fe80::1", 7));
	snap_free(&s);
}

static void test_ib(void)
{
	struct snapshot s;
	struct snap_port *p;

	snap_init(&s);
	p = setup(&s, "ib", "InfiniBand\n");
	CHECK_EQ_U(FEED(&s, P "gids/0", "fe80:0000:0000:0000:b83f:d203:00a1:b2c4\n"), 0);
	CHECK_EQ_U(FEED(&s, P "gid_attrs/types/0", "IB/RoCE v1\n"), 0);
	CHECK_EQ_U(s.gids.n, 1);
	CHECK_EQ_S(view_gid_type_str(SNAP_AT(&s.gids, struct snap_gid, 0)->type), "IB");
	CHECK_EQ_U(p->guid, 0xb83fd20300a1b2c4ull);
	CHECK_EQ_U(FEED(&s, "/sys/class/net/eth0/mtu", "9000\n"), 0);
	CHECK_EQ_U(view_port_active_mtu(&s, p), 0);	/* not RoCE */
	snap_free(&s);
}

/* /proc/net/vlan/config as vlanproc.c prints it: "%-15s| %d  | %s" */
static void test_vlan(void)
{
	static const char cfg[] =
		"VLAN Dev name\t | VLAN ID\n"
		"Name-Type: VLAN_NAME_TYPE_RAW_PLUS_VID_NO_PAD\n"
		"eth0.100       | 100  | eth0\n"
		"vlan|4094long15| 4094  | eth0\n";
	struct snapshot s;
	const struct snap_gid *g;

	snap_init(&s);
	setup(&s, "roce", "Ethernet\n");
	CHECK_EQ_U(FEED(&s, P "gids/0", "fe80:0000:0000:0000:0e42:a1ff:fe65:1234\n"), 0);
	CHECK_EQ_U(FEED(&s, P "gid_attrs/ndevs/0", "eth0\n"), 0);
	CHECK_EQ_U(FEED(&s, P "gids/1", "0000:0000:0000:0000:0000:ffff:0a64:0001\n"), 0);
	CHECK_EQ_U(FEED(&s, P "gid_attrs/ndevs/1", "eth0.100\n"), 0);
	CHECK_EQ_U(FEED(&s, P "gids/2", "0000:0000:0000:0000:0000:ffff:0a65:0001\n"), 0);
	CHECK_EQ_U(FEED(&s, P "gid_attrs/ndevs/2", "vlan|4094long15\n"), 0);
	/* unreadable (0600, not root) or absent (no 8021q): no ids */
	CHECK_EQ_U(sysfs_parse(&s, "/proc/net/vlan/config", -13, NULL, 0), 0);
	CHECK(!SNAP_AT(&s.gids, struct snap_gid, 1)->has_vlan);
	CHECK_EQ_U(FEED(&s, "/proc/net/vlan/config", cfg), 0);
	g = SNAP_AT(&s.gids, struct snap_gid, 0);
	CHECK(!g->has_vlan);
	g = SNAP_AT(&s.gids, struct snap_gid, 1);
	CHECK(g->has_vlan && g->vlan == 100);
	g = SNAP_AT(&s.gids, struct snap_gid, 2);
	CHECK(g->has_vlan && g->vlan == 4094);
	/* a line not in the form: refused, the others kept */
	CHECK(FEED(&s, "/proc/net/vlan/config", "x | 5000  | eth0\neth0.100 | 7  | eth0\n") == -EBADMSG);
	CHECK_EQ_U(SNAP_AT(&s.gids, struct snap_gid, 1)->vlan, 7);
	CHECK(FEED(&s, "/proc/net/vlan/config", "a b| 7  | eth0\n|  | x\n| 7  | eth0\n") == -EBADMSG);
	snap_free(&s);
}

TEST_MAIN(test_roce, test_ib, test_vlan)
