// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * src/net's rows as runs (runs.c, estats.c; struct snap_counter's run): a
 * driver's kept set and one netlink answer's rows for a netdev of one
 * port, paired with the sample before's by position; none where names
 * meet or a netdev has two ports.  And the nests every answer is walked
 * by (net_attr_parse_nested).
 */
#include <libmnl/libmnl.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>

#include "net.h"
#include "netport.h"
#include "rate.h"
#include "test.h"

/* two samples of port 1 of device 0 on eth0, at 1 s and at t s */
static void two_samples(struct snapshot *a, struct snapshot *b, time_t t)
{
	snap_init(a);
	snap_init(b);
	test_port_on(a, "eth0");
	test_port_on(b, "eth0");
	a->mono.tv_sec = 1;
	b->mono.tv_sec = t;
}

/* an ethtool -S answer of n names, value k * (i + 1) each */
static size_t estats_of(uint8_t *buf, const char *const *names, uint32_t n, uint64_t k)
{
	struct ethtool_gstrings gs = { .cmd = ETHTOOL_GSTRINGS,
				       .string_set = ETH_SS_STATS,
				       .len = n };
	struct ethtool_stats st = { .cmd = ETHTOOL_GSTATS, .n_stats = n };
	size_t off = sizeof(gs), i;

	memcpy(buf, &gs, sizeof(gs));
	for (i = 0; i < n; i++, off += ETH_GSTRING_LEN) {
		memset(buf + off, 0, ETH_GSTRING_LEN);
		memcpy(buf + off, names[i], strlen(names[i]));
	}
	memcpy(buf + off, &st, sizeof(st));
	off += sizeof(st);
	for (i = 0; i < n; i++, off += 8) {
		uint64_t v = k * (i + 1);

		memcpy(buf + off, &v, 8);
	}
	return off;
}

/*
 * A kept set's rows are a run a port (struct snap_counter's run), rated
 * pairwise the sample after; a set with two names that print alike (a
 * driver may have them) is none, and snap_dedup keeps the first.
 */
static void test_runs(void)
{
	static const char *const good[] = { "rx_prio3_pause", "rx0_packets", "rx_discards_phy",
					    "tx_pause_storm_error_events" };
	static const char *const twice[] = { "rx_out_of_buffer", "rx_discards\x01",
					     "rx_discards\x02" };
	struct snapshot a, b;
	uint8_t buf[2048];
	size_t i;

	two_samples(&a, &b, 2);
	CHECK_EQ_U(net_parse(&a, SNAP_NET_DRV, "eth0", 0, buf, estats_of(buf, good, 4, 1)), 0);
	CHECK_EQ_U(net_parse(&b, SNAP_NET_DRV, "eth0", 0, buf, estats_of(buf, good, 4, 3)), 0);
	CHECK_EQ_U(b.counters.n, 3);
	CHECK_EQ_U(SNAP_AT(&b.counters, struct snap_counter, 0)->run, 3);
	CHECK(SNAP_AT(&b.counters, struct snap_counter, 0)->set != 0);
	snap_dedup(&b);
	CHECK_EQ_U(snap_counter_run(&b.counters, 0), 3);
	CHECK_EQ_U(rate_compute(&a, &b), 0);
	/* rx_prio3_pause 1 -> 3, rx_discards_phy 3 -> 9, the storm 4 -> 12 */
	for (i = 0; i < 3; i++) {
		const struct snap_counter *c = SNAP_AT(&b.counters, struct snap_counter, i);

		CHECK(c->rate_status == RATE_DATA && c->rate == 2.0 * (i ? i + 2 : 1));
	}
	snap_clear(&a);
	test_port_on(&a, "eth0");
	CHECK_EQ_U(net_parse(&a, SNAP_NET_DRV, "eth0", 0, buf, estats_of(buf, twice, 3, 1)), 0);
	CHECK_EQ_U(a.counters.n, 3);
	for (i = 0; i < 3; i++)
		CHECK_EQ_U(SNAP_AT(&a.counters, struct snap_counter, i)->run, 0);
	snap_dedup(&a);
	CHECK_EQ_U(a.counters.n, 2);
	snap_free(&a);
	snap_free(&b);
}

static int count_cb(const struct nlattr *a, void *data)
{
	(void)a;
	++*(int *)data;
	return MNL_CB_OK;
}

/* a nest of 1 to 3 bytes is refused (mnl_attr_validate's MNL_TYPE_NESTED
 * rule, which no caller asks first), an empty one is none */
static void test_nest(void)
{
	uint8_t buf[64] __attribute__((aligned(4)));
	struct nlattr *a = (struct nlattr *)buf, *in = (struct nlattr *)(buf + 4);
	int n = 0;
	uint16_t len;

	memset(buf, 0, sizeof(buf));
	in->nla_len = 8;
	in->nla_type = 1;
	for (len = 4; len <= 12; len++) {
		a->nla_len = len;
		n = 0;
		CHECK_EQ_U(net_attr_parse_nested(a, count_cb, &n) < 0, len > 4 && len != 12);
		CHECK_EQ_U(n, len == 12);
	}
}

/* pause_fill_reply (net/ethtool/pause.c, 6.12): the statistics nest; in
 * changed answers the RX frames twice, or before the TX ones */
enum { PLAIN, TWICE, RX_FIRST };
static size_t pause_reply(uint8_t *buf, uint64_t k, int how)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	struct nlattr *st;

	nlh->nlmsg_type = 21; /* the family's id: at or above GENL_START_ALLOC */
	g->cmd = ETHTOOL_MSG_PAUSE_GET_REPLY;
	st = mnl_attr_nest_start(nlh, ETHTOOL_A_PAUSE_HEADER);
	mnl_attr_put_strz(nlh, ETHTOOL_A_HEADER_DEV_NAME, "eth0");
	mnl_attr_nest_end(nlh, st);
	mnl_attr_put_u8(nlh, ETHTOOL_A_PAUSE_AUTONEG, 0);
	st = mnl_attr_nest_start(nlh, ETHTOOL_A_PAUSE_STATS);
	if (how == RX_FIRST)
		mnl_attr_put_u64(nlh, ETHTOOL_A_PAUSE_STAT_RX_FRAMES, 50000 * k);
	mnl_attr_put_u64(nlh, ETHTOOL_A_PAUSE_STAT_TX_FRAMES, 1000 * k);
	if (how != RX_FIRST)
		mnl_attr_put_u64(nlh, ETHTOOL_A_PAUSE_STAT_RX_FRAMES, 50000 * k);
	if (how == TWICE)
		mnl_attr_put_u64(nlh, ETHTOOL_A_PAUSE_STAT_RX_FRAMES, 7);
	mnl_attr_nest_end(nlh, st);
	return nlh->nlmsg_len;
}

static const struct snap_counter *row(const struct snapshot *s, size_t i)
{
	return SNAP_AT(&s->counters, struct snap_counter, i);
}

/*
 * One answer's rows through net_push_name: a run on a netdev of one port,
 * the same template the sample after (rated pairwise), none where a name
 * comes twice (the series check keeps the first) or the netdev has two
 * ports.
 */
static void test_answer_runs(void)
{
	struct snapshot a, b;
	struct snap_port *p;
	uint8_t buf[1024];

	two_samples(&a, &b, 3);
	CHECK_EQ_U(net_parse(&a, SNAP_NET_PAUSE, "eth0", 0, buf, pause_reply(buf, 1, PLAIN)), 0);
	CHECK_EQ_U(net_parse(&b, SNAP_NET_PAUSE, "eth0", 0, buf, pause_reply(buf, 3, PLAIN)), 0);
	CHECK_EQ_U(b.counters.n, 2);
	CHECK_EQ_U(snap_counter_run(&b.counters, 0), 2);
	CHECK(row(&b, 0)->set != 0 && row(&b, 0)->set == row(&a, 0)->set);
	CHECK_EQ_U(rate_compute(&a, &b), 0);
	CHECK(row(&b, 0)->rate_status == RATE_DATA && row(&b, 0)->rate == 1000);
	CHECK(row(&b, 1)->rate_status == RATE_DATA && row(&b, 1)->rate == 50000);
	/* another template (RX first): each row found by its name */
	snap_clear(&b);
	test_port_on(&b, "eth0");
	b.mono.tv_sec = 3;
	CHECK_EQ_U(net_parse(&b, SNAP_NET_PAUSE, "eth0", 0, buf, pause_reply(buf, 3, RX_FIRST)), 0);
	CHECK_EQ_U(snap_counter_run(&b.counters, 0), 2);
	CHECK(row(&b, 0)->set != row(&a, 0)->set);
	CHECK_EQ_U(rate_compute(&a, &b), 0);
	CHECK(row(&b, 0)->rate_status == RATE_DATA && row(&b, 0)->rate == 50000);
	CHECK(row(&b, 1)->rate_status == RATE_DATA && row(&b, 1)->rate == 1000);
	/* rx_pause_frames twice: no run, the first kept */
	snap_clear(&a);
	test_port_on(&a, "eth0");
	CHECK_EQ_U(net_parse(&a, SNAP_NET_PAUSE, "eth0", 0, buf, pause_reply(buf, 1, TWICE)), 0);
	CHECK_EQ_U(a.counters.n, 3);
	CHECK_EQ_U(snap_counter_run(&a.counters, 0), 0);
	snap_dedup(&a);
	CHECK_EQ_U(a.counters.n, 2);
	CHECK_EQ_U(row(&a, 1)->value, 50000);
	/* two RDMA ports on the netdev (a bond's): a row a port each push */
	snap_clear(&a);
	test_port_on(&a, "eth0");
	p = snap_port_get(&a, 1, 1);
	p->valid |= SNAP_PORT_NDEV;
	snprintf(p->ndev, sizeof(p->ndev), "%s", "eth0");
	CHECK_EQ_U(net_parse(&a, SNAP_NET_PAUSE, "eth0", 0, buf, pause_reply(buf, 1, PLAIN)), 0);
	CHECK_EQ_U(a.counters.n, 4);
	CHECK_EQ_U(snap_counter_run(&a.counters, 0), 0);
	snap_free(&a);
	snap_free(&b);
}

TEST_MAIN(test_runs, test_answer_runs, test_nest)
