// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * src/net/stats.c: ETHTOOL_MSG_STATS_GET's standard groups, parsed from
 * answers built as net/ethtool/stats.c stats_fill_reply builds them (6.12:
 * ETHTOOL_A_STATS_SRC first; a GRP nest per group asked, its GRP_STAT
 * nests one u64 each, rmon's HIST_RX buckets before its statistics): the
 * counters' names, units and classes, which groups answered, FCS errors
 * left out of ERR/s (the netdev's rx_crc_errors count them) and symbol
 * errors in it, every group empty said as -ENODATA, a refusal, a cut
 * answer, and the request's groups bitset.
 */
#include <errno.h>
#include <math.h>

#include <libmnl/libmnl.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>

#include "classify.h"
#include "history.h"
#include "net.h"
#include "net_view.h"
#include "netport.h"
#include "rate.h"
#include "test.h"

static const struct snap_counter *cnt(const struct snapshot *s, const char *name)
{
	return test_counter(s, SNAP_SRC_ETHNL, name);
}

static void stat_put(struct nlmsghdr *h, uint16_t attr, uint64_t v)
{
	struct nlattr *n = mnl_attr_nest_start(h, ETHTOOL_A_STATS_GRP_STAT);

	mnl_attr_put_u64(h, attr, v);
	mnl_attr_nest_end(h, n);
}

/* stats_fill_reply, all four groups asked; empty: no driver ops */
static size_t reply(uint8_t *buf, uint64_t k, bool empty)
{
	struct nlmsghdr *h = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(h, sizeof(*g));
	struct nlattr *n, *b;
	uint32_t grp;

	h->nlmsg_type = 30;
	g->cmd = ETHTOOL_MSG_STATS_GET_REPLY;
	g->version = ETHTOOL_GENL_VERSION;
	n = mnl_attr_nest_start(h, ETHTOOL_A_STATS_HEADER);
	mnl_attr_put_u32(h, ETHTOOL_A_HEADER_DEV_INDEX, 2);
	mnl_attr_put_strz(h, ETHTOOL_A_HEADER_DEV_NAME, "eth0");
	mnl_attr_nest_end(h, n);
	mnl_attr_put_u32(h, 5 /* ETHTOOL_A_STATS_SRC, 6.4+ */, 0);
	for (grp = 0; grp < 4; grp++) {
		n = mnl_attr_nest_start(h, ETHTOOL_A_STATS_GRP);
		mnl_attr_put_u32(h, ETHTOOL_A_STATS_GRP_ID, grp);
		mnl_attr_put_u32(h, ETHTOOL_A_STATS_GRP_SS_ID, ETH_SS_STATS_ETH_PHY + grp);
		if (!empty && grp == ETHTOOL_STATS_ETH_PHY)
			stat_put(h, ETHTOOL_A_STATS_ETH_PHY_5_SYM_ERR, 7 * k);
		if (!empty && grp == ETHTOOL_STATS_ETH_MAC) {
			stat_put(h, ETHTOOL_A_STATS_ETH_MAC_5_RX_PKT, 1000 * k);
			stat_put(h, ETHTOOL_A_STATS_ETH_MAC_6_FCS_ERR, 3 * k);
			stat_put(h, ETHTOOL_A_STATS_ETH_MAC_14_RX_BYTES, 64000 * k);
		}
		if (!empty && grp == ETHTOOL_STATS_RMON) {
			b = mnl_attr_nest_start(h, ETHTOOL_A_STATS_GRP_HIST_RX);
			mnl_attr_put_u32(h, ETHTOOL_A_STATS_GRP_HIST_BKT_LOW, 0);
			mnl_attr_put_u32(h, ETHTOOL_A_STATS_GRP_HIST_BKT_HI, 64);
			mnl_attr_put_u64(h, ETHTOOL_A_STATS_GRP_HIST_VAL, 10 * k);
			mnl_attr_nest_end(h, b);
			stat_put(h, ETHTOOL_A_STATS_RMON_JABBER, 0);
		}
		mnl_attr_nest_end(h, n);
	}
	return h->nlmsg_len;
}

static void test_groups(void)
{
	struct snapshot a, b;
	const struct snap_net *n;
	const struct snap_counter *c;
	struct net_rates r;
	uint8_t buf[2048];
	bool any;
	int k;

	snap_init(&a);
	snap_init(&b);
	for (k = 1; k <= 2; k++) {
		struct snapshot *s = k == 1 ? &a : &b;

		test_port_on(s, "eth0");
		s->mono.tv_sec = k;
		CHECK_EQ_U(net_parse(s, SNAP_NET_STATS, "eth0", 0, buf,
				     reply(buf, (uint64_t)k, false)),
			   0);
	}
	n = snap_net_find(&b, "eth0");
	CHECK(n && n->err[SNAP_NET_STATS] == 0);
	/* eth-ctrl came back empty: not one of the groups answered */
	CHECK(n && n->std_groups == (1 << ETHTOOL_STATS_ETH_PHY | 1 << ETHTOOL_STATS_ETH_MAC |
				     1 << ETHTOOL_STATS_RMON));
	CHECK_EQ_U(rate_compute(&a, &b), 0);
	c = cnt(&b, "eth-phy-SymbolErrorDuringCarrier");
	CHECK(c && c->value == 14 && c->cls == CNT_ERROR && !(c->cls_flags & CNT_F_NETDEV));
	c = cnt(&b, "eth-mac-FrameCheckSequenceErrors");
	CHECK(c && c->value == 6 && c->cls == CNT_ERROR && (c->cls_flags & CNT_F_NETDEV));
	c = cnt(&b, "eth-mac-FramesReceivedOK");
	CHECK(c && c->unit == SNAP_UNIT_PACKETS && c->cls == CNT_TRAFFIC);
	c = cnt(&b, "eth-mac-OctetsReceivedOK");
	CHECK(c && c->unit == SNAP_UNIT_BYTES && c->value == 128000);
	c = cnt(&b, "rmon-rx-etherStatsPkts0to64Octets");
	CHECK(c && c->value == 20 && c->unit == SNAP_UNIT_PACKETS);
	CHECK(cnt(&b, "rmon-etherStatsJabbers") != NULL);
	/* ERR/s: the symbol errors (7/s) and the FCS errors (3/s), each
	 * once: no netdev statistics here to count them again */
	CHECK(fabs(hist_error_rate(&b, 0, 1, &any) - 10) < 1e-9 && any);
	net_rates(&b, 0, 1, &r);
	CHECK(r.valid[NET_RATE_FCS] && fabs(r.v[NET_RATE_FCS] - 3) < 1e-9);
	CHECK(r.valid[NET_RATE_SYMBOL] && fabs(r.v[NET_RATE_SYMBOL] - 7) < 1e-9);
	snap_free(&a);
	snap_free(&b);
}

static void test_refused(void)
{
	struct snapshot s;
	const struct snap_net *n;
	struct nlmsghdr *h;
	struct nlmsgerr *e;
	uint8_t buf[2048];
	size_t len;

	snap_init(&s);
	test_port_on(&s, "eth0");
	/* a driver without the ops: every group empty */
	CHECK_EQ_U(net_parse(&s, SNAP_NET_STATS, "eth0", 0, buf, reply(buf, 1, true)), 0);
	n = snap_net_find(&s, "eth0");
	CHECK(n && n->err[SNAP_NET_STATS] == -ENODATA && !n->std_groups);
	CHECK_EQ_S(net_why(-ENODATA), "not reported by the driver");
	CHECK_EQ_U(s.counters.n, 0);
	/* a kernel before 5.13: no such command */
	h = mnl_nlmsg_put_header(buf);
	h->nlmsg_type = NLMSG_ERROR;
	e = mnl_nlmsg_put_extra_header(h, sizeof(*e));
	e->error = -EOPNOTSUPP;
	CHECK_EQ_U(net_parse(&s, SNAP_NET_STATS, "eth0", 0, buf, h->nlmsg_len), 0);
	n = snap_net_find(&s, "eth0");
	CHECK(n && n->err[SNAP_NET_STATS] == -EOPNOTSUPP);
	CHECK_EQ_S(net_why_in(SNAP_NET_STATS, -EOPNOTSUPP),
		   "no such command in this kernel (STATS_GET: 5.13+)");
	CHECK_EQ_S(net_why_in(SNAP_NET_FEC, -EOPNOTSUPP), "not supported by the driver or kernel");
	/* a cut answer: the last GRP_STAT's u64 one byte short */
	len = reply(buf, 1, false);
	buf[len - 12] = 11;
	CHECK_EQ_U(net_parse(&s, SNAP_NET_STATS, "eth0", 0, buf, len), 0);
	n = snap_net_find(&s, "eth0");
	CHECK(n && n->err[SNAP_NET_STATS] == -EBADMSG);
	CHECK_EQ_U(s.counters.n, 0);
	CHECK(s.notes.n >= 1);
	snap_free(&s);
}

static int bitset_cb(const struct nlattr *a, void *data)
{
	uint32_t *v = data;

	if (mnl_attr_get_type(a) == ETHTOOL_A_BITSET_VALUE)
		*v = mnl_attr_get_u32(a);
	if (mnl_attr_get_type(a) == ETHTOOL_A_BITSET_SIZE)
		v[1] = mnl_attr_get_u32(a);
	if (mnl_attr_get_type(a) == ETHTOOL_A_BITSET_NOMASK)
		v[2] = 1;
	return MNL_CB_OK;
}

static int req_cb(const struct nlattr *a, void *data)
{
	if (mnl_attr_get_type(a) == ETHTOOL_A_STATS_GROUPS)
		mnl_attr_parse_nested(a, bitset_cb, data);
	if (mnl_attr_get_type(a) == ETHTOOL_A_STATS_HEADER)
		((uint32_t *)data)[3] = 1;
	return MNL_CB_OK;
}

static void test_request(void)
{
	uint8_t buf[256];
	uint32_t v[4] = { 0 };
	size_t len = net_stats_req(buf, sizeof(buf), 30, "eth0", 0x6, 9);
	const struct nlmsghdr *h = (const void *)buf;

	CHECK(len > 0 && len == h->nlmsg_len);
	CHECK_EQ_U(((const struct genlmsghdr *)mnl_nlmsg_get_payload(h))->cmd,
		   ETHTOOL_MSG_STATS_GET);
	mnl_attr_parse(h, sizeof(struct genlmsghdr), req_cb, v);
	CHECK_EQ_U(v[0], 0x6); /* eth-mac, eth-ctrl */
	CHECK_EQ_U(v[1], 4);
	CHECK_EQ_U(v[2], 1);
	CHECK_EQ_U(v[3], 1);
	/* no group: the kernel would say "no stats requested" */
	CHECK_EQ_U(net_stats_req(buf, sizeof(buf), 30, "eth0", 0, 9), 0);
	CHECK_EQ_S(net_std_group_name(ETHTOOL_STATS_RMON), "rmon");
}

TEST_MAIN(test_groups, test_refused, test_request)
