// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The devices beneath a port's netdev (src/sysfs/lower.c, src/model/lower.c):
 * a bond's files as the kernel writes them (drivers/net/bonding/
 * bond_sysfs.c, bond_sysfs_slave.c; net/core/net-sysfs.c) through the
 * sysfs parser, two samples, the slaves' rates, a slave down under the up
 * bond judged WARN naming it, and the same in JSON, -b and OpenMetrics.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "net_view.h"
#include "out.h"
#include "rate.h"
#include "sysfs.h"
#include "test.h"
#include "verdict.h"

#define BOND "/sys/class/net/bond0/"
#define FEED(s, path, text) sysfs_parse(s, path, 0, text, strlen(text))

struct slave {
	const char *name, *oper, *carrier, *mii, *state;
	uint64_t rx, tx, drop;
	uint32_t changes;
};

static void feed_slave(struct snapshot *s, const struct slave *l)
{
	char path[160], num[32];

	snprintf(path, sizeof(path), BOND "lower_%s/operstate", l->name);
	CHECK_EQ_U(FEED(s, path, l->oper), 0);
	snprintf(path, sizeof(path), BOND "lower_%s/carrier", l->name);
	if (l->carrier)
		CHECK_EQ_U(FEED(s, path, l->carrier), 0);
	else /* net-sysfs.c carrier_show: -EINVAL while the device is down */
		CHECK_EQ_U(sysfs_parse(s, path, -EINVAL, NULL, 0), 0);
	snprintf(path, sizeof(path), BOND "lower_%s/speed", l->name);
	CHECK_EQ_U(FEED(s, path, l->carrier ? "25000\n" : "-1\n"), 0);
	snprintf(path, sizeof(path), BOND "lower_%s/bonding_slave/mii_status", l->name);
	CHECK_EQ_U(FEED(s, path, l->mii), 0);
	snprintf(path, sizeof(path), BOND "lower_%s/bonding_slave/state", l->name);
	CHECK_EQ_U(FEED(s, path, l->state), 0);
	snprintf(path, sizeof(path), BOND "lower_%s/carrier_changes", l->name);
	snprintf(num, sizeof(num), "%u\n", l->changes);
	CHECK_EQ_U(FEED(s, path, num), 0);
	snprintf(path, sizeof(path), BOND "lower_%s/statistics/rx_bytes", l->name);
	snprintf(num, sizeof(num), "%llu\n", (unsigned long long)l->rx);
	CHECK_EQ_U(FEED(s, path, num), 0);
	snprintf(path, sizeof(path), BOND "lower_%s/statistics/tx_bytes", l->name);
	snprintf(num, sizeof(num), "%llu\n", (unsigned long long)l->tx);
	CHECK_EQ_U(FEED(s, path, num), 0);
	snprintf(path, sizeof(path), BOND "lower_%s/statistics/rx_dropped", l->name);
	snprintf(num, sizeof(num), "%llu\n", (unsigned long long)l->drop);
	CHECK_EQ_U(FEED(s, path, num), 0);
}

/* rxe0/1 on bond0 (active-backup over eth0, eth1) at second sec */
static void sample(struct snapshot *s, long sec, const struct slave *a, const struct slave *b,
		   const char *active)
{
	struct snap_dev *d;
	struct snap_port *p;

	snap_clear(s);
	s->mono.tv_sec = sec;
	s->wall.tv_sec = 1764633600 + sec;
	d = snap_push(&s->devs, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "rxe0");
	p = snap_push(&s->ports, sizeof(*p));
	p->port = 1;
	SNAP_SET(p, state, SNAP_PORT_STATE, 4);
	snprintf(p->ndev, sizeof(p->ndev), "bond0");
	p->valid |= SNAP_PORT_NDEV;
	CHECK_EQ_U(FEED(s, BOND "uevent", "DEVTYPE=bond\nINTERFACE=bond0\nIFINDEX=4\n"), 0);
	CHECK_EQ_U(FEED(s, BOND "operstate", "up\n"), 0);
	CHECK_EQ_U(FEED(s, BOND "bonding/mode", "active-backup 1\n"), 0);
	CHECK_EQ_U(FEED(s, BOND "bonding/active_slave", active), 0);
	feed_slave(s, a);
	feed_slave(s, b);
}

static char *text_of(int (*out)(FILE *, const struct snapshot *, const void *),
		     const struct snapshot *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK(f != NULL);
	CHECK_EQ_U(out(f, s, NULL), 0);
	fclose(f);
	return buf;
}

static int json(FILE *f, const struct snapshot *s, const void *o)
{
	(void)o;
	return out_json(f, s, NULL);
}

static int text(FILE *f, const struct snapshot *s, const void *o)
{
	(void)o;
	return out_text(f, s, NULL);
}

static int om(FILE *f, const struct snapshot *s, const void *o)
{
	struct out_om_opts opts = { 0 };

	(void)o;
	return out_openmetrics(f, s, &opts);
}

static void test_bond(void)
{
	const struct slave a0 = { "eth0", "up\n", "1\n", "up\n", "active\n", 1000, 2000, 0, 1 };
	const struct slave b0 = { "eth1", "up\n", "1\n", "up\n", "backup\n", 50, 0, 3, 1 };
	/* 2 s on: eth1 taken down (its carrier file refuses), the bond
	 * still up on eth0 */
	const struct slave a1 = { "eth0", "up\n", "1\n", "up\n", "active\n", 5000, 10000, 0, 1 };
	const struct slave b1 = { "eth1", "down\n", NULL, "down\n", "backup\n", 50, 0, 7, 2 };
	struct snapshot x, y;
	const struct snap_net *n;
	struct verdict v;
	char line[160], *out;

	snap_init(&x);
	snap_init(&y);
	sample(&x, 10, &a0, &b0, "eth0\n");
	CHECK_EQ_U(rate_compute(NULL, &x), 0);
	n = snap_net_find(&x, "bond0");
	CHECK(n != NULL);
	CHECK_EQ_U(n->n_lower, 2);
	CHECK_EQ_U(n->upper, SNAP_UPPER_BOND);
	CHECK_EQ_U(n->bond_mode, 1);
	CHECK_EQ_S(n->active, "eth0");
	CHECK_EQ_U(n->lower[1].stat[SNAP_LOW_RX_DROPPED], 3);
	CHECK(!(n->lower[0].valid & SNAP_LOW_RATES));
	verdict_port(&x, SNAP_AT(&x.ports, struct snap_port, 0), &v);
	CHECK(v.level != VERDICT_WARN && v.level != VERDICT_FAIL);

	sample(&y, 12, &a1, &b1, "eth0\n");
	CHECK_EQ_U(rate_compute(&x, &y), 0);
	n = snap_net_find(&y, "bond0");
	CHECK(n && n->n_lower == 2);
	CHECK(n->lower[0].rate_valid >> SNAP_LOW_RX_BYTES & 1);
	CHECK(n->lower[0].rate[SNAP_LOW_RX_BYTES] == 2000);
	CHECK(n->lower[0].rate[SNAP_LOW_TX_BYTES] == 4000);
	CHECK(n->lower[1].rate[SNAP_LOW_RX_DROPPED] == 2);
	CHECK_EQ_U(n->lower[1].flaps, 1);
	CHECK(!(n->lower[1].valid & SNAP_LOW_CARRIER));
	CHECK_EQ_U(n->lower[1].speed, UINT32_MAX);
	CHECK(snap_lower_down(&n->lower[1]) && !snap_lower_down(&n->lower[0]));
	CHECK_EQ_S(net_lower_state(&n->lower[1]), "down");
	CHECK_EQ_S(net_lower_line(line, sizeof(line), n, &n->lower[0]),
		   "eth0            up       yes active    25G     2.0K     4.0K       0     0");
	CHECK(strlen(net_lower_head()) == strlen(line));

	verdict_port(&y, SNAP_AT(&y.ports, struct snap_port, 0), &v);
	CHECK_EQ_U(v.level, VERDICT_WARN);
	CHECK(v.n == 1 && v.r[0].rule == VR_LOWER_DOWN);
	CHECK_EQ_S(v.r[0].lower, "eth1");
	CHECK_EQ_S(verdict_reason_text(&y, &v.r[0], line, sizeof(line)), "slave eth1 down");

	out = text_of(json, &y);
	CHECK(strstr(out, "\"slave\":\"eth1\"") != NULL);
	CHECK(strstr(out, "\"lowers\":{\"upper_kind\":\"bond\",\"operstate\":\"up\","
			  "\"bond_mode\":1,\"active_slave\":\"eth0\",\"devices\":[") != NULL);
	CHECK(strstr(out, "\"ifname\":\"eth0\",\"operstate\":\"up\",\"carrier\":true,"
			  "\"speed\":25000,\"bond_state\":\"active\",\"mii_status\":\"up\","
			  "\"active\":true,\"down\":false,\"carrier_changes\":1,\"stats64\":"
			  "{\"rx\":{\"bytes\":5000,\"dropped\":0},\"tx\":{\"bytes\":10000}},"
			  "\"rx_bytes_per_sec\":2000") != NULL);
	free(out);
	out = text_of(text, &y);
	CHECK(strstr(out, "verdict: WARN rxe0/1 bond0: slave eth1 down") != NULL);
	CHECK(strstr(out, "\nLOWERS\nNETDEV          LOWER ") != NULL);
	CHECK(strstr(out, "\nbond0           eth1            down     -   backup      -") != NULL);
	free(out);
	out = text_of(om, &y);
	CHECK(strstr(out, "rdma_netdev_lower_up{netdev=\"bond0\",lower=\"eth1\"} 0\n") != NULL);
	CHECK(strstr(out, "rdma_netdev_lower_up{netdev=\"bond0\",lower=\"eth0\"} 1\n") != NULL);
	CHECK(strstr(out, "rdma_netdev_lower_active{netdev=\"bond0\",lower=\"eth0\"} 1\n") != NULL);
	CHECK(strstr(out, "rdma_netdev_lower_bytes_total{netdev=\"bond0\",lower=\"eth0\","
			  "direction=\"tx\"} 10000\n") != NULL);
	free(out);

	/* the bond itself down: its slaves' states are no reason of their own */
	CHECK_EQ_U(FEED(&y, BOND "operstate", "down\n"), 0);
	y.rated++; /* the kept verdict is old */
	verdict_port(&y, SNAP_AT(&y.ports, struct snap_port, 0), &v);
	CHECK(v.n == 0 || v.r[0].rule != VR_LOWER_DOWN);
	snap_free(&x);
	snap_free(&y);
}

/* Bad bytes: a note's error, the field left n/a; a name too long skipped. */
static void test_bad(void)
{
	struct snapshot s;
	const struct snap_net *n;

	snap_init(&s);
	CHECK_EQ_U(FEED(&s, BOND "lower_eth0/operstate", "sideways\n"), (uint64_t)-EBADMSG);
	CHECK_EQ_U(FEED(&s, BOND "lower_eth0/statistics/rx_bytes", "-5\n"), (uint64_t)-EBADMSG);
	CHECK_EQ_U(FEED(&s, BOND "lower_eth0/carrier_changes", "4294967296\n"), (uint64_t)-EBADMSG);
	CHECK_EQ_U(FEED(&s, BOND "bonding/mode", "active-backup\n"), (uint64_t)-EBADMSG);
	CHECK_EQ_U(FEED(&s, BOND "lower_a23456789012345678/operstate", "up\n"), 0);
	n = snap_net_find(&s, "bond0");
	CHECK(n && n->n_lower == 1 && !n->lower[0].valid && !n->lower[0].stat_valid);
	CHECK(!(n->valid & SNAP_NET_BOND_MODE));
	/* more than SNAP_NET_LOWERS: said, not kept */
	CHECK_EQ_U(FEED(&s, BOND "lower_eth1/operstate", "up\n"), 0);
	CHECK_EQ_U(FEED(&s, BOND "lower_eth2/operstate", "up\n"), 0);
	CHECK_EQ_U(FEED(&s, BOND "lower_eth3/operstate", "up\n"), 0);
	CHECK_EQ_U(FEED(&s, BOND "lower_eth4/operstate", "up\n"), 0);
	n = snap_net_find(&s, "bond0");
	CHECK(n->n_lower == SNAP_NET_LOWERS && n->lower_more);
	/* a VLAN (net/8021q/vlan_dev.c vlan_type) over its real device */
	CHECK_EQ_U(FEED(&s, "/sys/class/net/eth0.7/uevent", "DEVTYPE=vlan\nINTERFACE=eth0.7\n"), 0);
	CHECK_EQ_U(FEED(&s, "/sys/class/net/eth0.7/lower_eth0/carrier", "1\n"), 0);
	n = snap_net_find(&s, "eth0.7");
	CHECK(n && n->upper == SNAP_UPPER_VLAN && n->n_lower == 1 && n->lower[0].carrier);
	snap_free(&s);
}

TEST_MAIN(test_bond, test_bad)
