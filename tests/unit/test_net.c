// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * src/net: DCB PFC, ethtool netlink pause / FEC / link state / link modes
 * and `ethtool -S`, parsed from answers built as the kernel builds them
 * (net/dcb/dcbnl.c dcbnl_ieee_fill, net/ethtool/pause.c pause_fill_reply,
 * fec.c fec_fill_reply, linkstate.c linkstate_fill_reply, 6.12), their
 * rates over two samples, the reasons an input said nothing, a changed
 * byte seen, and a recording's NET records replayed.
 */
#include <errno.h>
#include <unistd.h>

#include <libmnl/libmnl.h>
#include <linux/dcbnl.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/rtnetlink.h>

#include "classify.h"
#include "net.h"
#include "netport.h"
#include "rate.h"
#include "record.h"
#include "source.h"
#include "test.h"

/* dcbnl_ieee_fill: IFNAME, then the IEEE nest with the PFC struct */
static size_t dcb_reply(uint8_t *buf, uint64_t k)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct dcbmsg *d = mnl_nlmsg_put_extra_header(nlh, sizeof(*d));
	struct ieee_pfc pfc = { .pfc_cap = 8, .pfc_en = 1 << 3, .delay = 32 };
	struct nlattr *n;
	int i;

	nlh->nlmsg_type = RTM_GETDCB;
	d->dcb_family = AF_UNSPEC;
	d->cmd = DCB_CMD_IEEE_GET;
	for (i = 0; i < 8; i++) {
		pfc.requests[i] = i == 3 ? 1000 * k : 0;
		pfc.indications[i] = i == 3 ? 50000 * k : (uint64_t)i;
	}
	mnl_attr_put_strz(nlh, DCB_ATTR_IFNAME, "eth0");
	n = mnl_attr_nest_start(nlh, DCB_ATTR_IEEE);
	mnl_attr_put(nlh, DCB_ATTR_IEEE_PFC, sizeof(pfc), &pfc);
	mnl_attr_nest_end(nlh, n);
	mnl_attr_put_u8(nlh, DCB_ATTR_DCBX, DCB_CAP_DCBX_VER_IEEE);
	return nlh->nlmsg_len;
}

static size_t err_reply(uint8_t *buf, int err)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nlmsgerr *e = mnl_nlmsg_put_extra_header(nlh, sizeof(*e));

	nlh->nlmsg_type = NLMSG_ERROR;
	e->error = err;
	return nlh->nlmsg_len;
}

static struct nlmsghdr *genl(uint8_t *buf, uint8_t cmd, uint16_t hdr)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	struct nlattr *h;

	nlh->nlmsg_type = 30;
	g->cmd = cmd;
	g->version = ETHTOOL_GENL_VERSION;
	h = mnl_attr_nest_start(nlh, hdr);
	mnl_attr_put_u32(nlh, ETHTOOL_A_HEADER_DEV_INDEX, 2);
	mnl_attr_put_strz(nlh, ETHTOOL_A_HEADER_DEV_NAME, "eth0");
	mnl_attr_nest_end(nlh, h);
	return nlh;
}

/* pause_fill_reply: AUTONEG, RX, TX, then the STATS nest (PAD first) */
static size_t pause_reply(uint8_t *buf, uint64_t k)
{
	struct nlmsghdr *nlh = genl(buf, ETHTOOL_MSG_PAUSE_GET_REPLY, ETHTOOL_A_PAUSE_HEADER);
	struct nlattr *st;

	mnl_attr_put_u8(nlh, ETHTOOL_A_PAUSE_AUTONEG, 0);
	mnl_attr_put_u8(nlh, ETHTOOL_A_PAUSE_RX, 1);
	mnl_attr_put_u8(nlh, ETHTOOL_A_PAUSE_TX, 1);
	st = mnl_attr_nest_start(nlh, ETHTOOL_A_PAUSE_STATS);
	mnl_attr_put_u64(nlh, ETHTOOL_A_PAUSE_STAT_TX_FRAMES, 1000 * k);
	mnl_attr_put_u64(nlh, ETHTOOL_A_PAUSE_STAT_RX_FRAMES, 50000 * k);
	mnl_attr_nest_end(nlh, st);
	return nlh->nlmsg_len;
}

/* fec_fill_reply: MODES bitset left out here, AUTO, ACTIVE, STATS arrays */
static size_t fec_reply(uint8_t *buf, uint64_t k)
{
	struct nlmsghdr *nlh = genl(buf, ETHTOOL_MSG_FEC_GET_REPLY, ETHTOOL_A_FEC_HEADER);
	uint64_t corr[3] = { 900 * k, 500 * k, 400 * k }, unc[3] = { 7 * k, 7 * k, 0 };
	struct nlattr *st;

	mnl_attr_put_u8(nlh, ETHTOOL_A_FEC_AUTO, 0);
	mnl_attr_put_u32(nlh, ETHTOOL_A_FEC_ACTIVE, ETHTOOL_LINK_MODE_FEC_RS_BIT);
	st = mnl_attr_nest_start(nlh, ETHTOOL_A_FEC_STATS);
	mnl_attr_put(nlh, ETHTOOL_A_FEC_STAT_CORRECTED, sizeof(corr), corr);
	mnl_attr_put(nlh, ETHTOOL_A_FEC_STAT_UNCORR, sizeof(unc), unc);
	mnl_attr_nest_end(nlh, st);
	return nlh->nlmsg_len;
}

static size_t estats(uint8_t *buf, uint64_t k)
{
	static const char *const names[] = { "rx_prio3_pause", "rx0_packets", "rx_discards_phy",
					     "tx_pause_storm_error_events" };
	struct ethtool_gstrings gs = { .cmd = ETHTOOL_GSTRINGS, .string_set = ETH_SS_STATS,
				       .len = 4 };
	struct ethtool_stats st = { .cmd = ETHTOOL_GSTATS, .n_stats = 4 };
	uint64_t v[4] = { 50000 * k, 12345 * k, 3 * k, k };
	size_t off = 0, i;

	memcpy(buf, &gs, sizeof(gs));
	off = sizeof(gs);
	for (i = 0; i < 4; i++) {
		memset(buf + off, 0, ETH_GSTRING_LEN);
		memcpy(buf + off, names[i], strlen(names[i]));
		off += ETH_GSTRING_LEN;
	}
	memcpy(buf + off, &st, sizeof(st));
	off += sizeof(st);
	memcpy(buf + off, v, sizeof(v));
	return off + sizeof(v);
}

static void sample(struct snapshot *s, uint64_t k)
{
	uint8_t buf[2048];

	test_port_on(s, "eth0");
	s->mono.tv_sec = (time_t)k;
	CHECK_EQ_U(net_parse(s, SNAP_NET_DCB, "eth0", 0, buf, dcb_reply(buf, k)), 0);
	CHECK_EQ_U(net_parse(s, SNAP_NET_PAUSE, "eth0", 0, buf, pause_reply(buf, k)), 0);
	CHECK_EQ_U(net_parse(s, SNAP_NET_FEC, "eth0", 0, buf, fec_reply(buf, k)), 0);
	CHECK_EQ_U(net_parse(s, SNAP_NET_DRV, "eth0", 0, buf, estats(buf, k)), 0);
	CHECK_EQ_U(net_parse(s, SNAP_NET_LINKSTATE, "eth0", 0, buf, err_reply(buf, -EOPNOTSUPP)),
		   0);
}

static void test_parse(void)
{
	struct snapshot a, b;
	const struct snap_net *n;
	const struct snap_counter *c;

	snap_init(&a);
	snap_init(&b);
	sample(&a, 1);
	sample(&b, 2);
	n = snap_net_find(&b, "eth0");
	CHECK(n && (n->valid & SNAP_NET_PFC) && (n->valid & SNAP_NET_PAUSE_CFG) &&
	      (n->valid & SNAP_NET_FEC_MODE));
	if (n) {
		CHECK_EQ_U(n->pfc_cap, 8);
		CHECK_EQ_U(n->pfc_en, 8);
		CHECK_EQ_U(n->delay, 32);
		CHECK_EQ_U(n->pause_rx, 1);
		CHECK_EQ_U(n->fec_active, ETHTOOL_LINK_MODE_FEC_RS_BIT);
		CHECK_EQ_U(n->err[SNAP_NET_LINKSTATE], (uint64_t)-EOPNOTSUPP);
		CHECK_EQ_U(n->err[SNAP_NET_DCB], 0);
		CHECK_EQ_U(n->dev, 0);
		CHECK_EQ_U(n->port, 1);
	}
	CHECK_EQ_U(rate_compute(&a, &b), 0);
	c = test_counter(&b, SNAP_SRC_DCB, "indications_prio3");
	CHECK(c && c->value == 100000 && c->rate_status == RATE_DATA && c->rate == 50000);
	c = test_counter(&b, SNAP_SRC_DCB, "requests_prio3");
	CHECK(c && c->value == 2000);
	c = test_counter(&b, SNAP_SRC_ETHNL, "rx_pause_frames");
	CHECK(c && c->value == 100000);
	c = test_counter(&b, SNAP_SRC_ETHNL, "fec_uncorrectable_blocks");
	CHECK(c && c->value == 14 && c->rate == 7);
	c = test_counter(&b, SNAP_SRC_ETHNL, "fec_corrected_blocks");
	CHECK(c && c->value == 1800);
	c = test_counter(&b, SNAP_SRC_DRV, "rx_discards_phy");
	CHECK(c && c->value == 6);
	CHECK(test_counter(&b, SNAP_SRC_DRV, "rx_prio3_pause"));
	CHECK(!test_counter(&b, SNAP_SRC_DRV, "rx0_packets"));	/* per queue: left out */
	snap_free(&a);
	snap_free(&b);
}

static void test_why(void)
{
	struct snapshot s;
	uint8_t buf[512];
	const struct snap_net *n;

	snap_init(&s);
	test_port_on(&s, "efa0");
	CHECK_EQ_U(net_parse(&s, SNAP_NET_DCB, "efa0", 0, buf, err_reply(buf, -EOPNOTSUPP)), 0);
	CHECK_EQ_U(net_parse(&s, SNAP_NET_FAMILY, "efa0", -ENOENT, NULL, 0), 0);
	CHECK_EQ_U(net_parse(&s, SNAP_NET_DRV, "efa0", -ENODEV, NULL, 0), 0);
	n = snap_net_find(&s, "efa0");
	CHECK(n && n->err[SNAP_NET_DCB] == -EOPNOTSUPP && n->err[SNAP_NET_FEC] == -ENOENT &&
	      n->err[SNAP_NET_DRV] == -ENODEV && !(n->valid & SNAP_NET_PFC));
	CHECK_EQ_S(net_why(-EOPNOTSUPP), "not supported by the driver or kernel");
	CHECK_EQ_U(s.counters.n, 0);
	snap_free(&s);
}

/* a changed byte is seen: a short PFC struct, an attribute overrunning
 * its message, a count of names past the buffer; none leaves a row */
static void test_bad(void)
{
	struct snapshot s;
	uint8_t buf[2048];
	size_t len, at;
	const struct snap_net *n;

	snap_init(&s);
	test_port_on(&s, "eth0");
	len = dcb_reply(buf, 1);
	/* the PFC attribute's length: shorter than a struct ieee_pfc */
	at = MNL_NLMSG_HDRLEN + MNL_ALIGN(sizeof(struct dcbmsg)) + MNL_ALIGN(4 + 5) + 4;
	CHECK_EQ_U(buf[at + 2], DCB_ATTR_IEEE_PFC);
	buf[at] = 20;
	CHECK_EQ_U(net_parse(&s, SNAP_NET_DCB, "eth0", 0, buf, len), 0);
	n = snap_net_find(&s, "eth0");
	CHECK(n && n->err[SNAP_NET_DCB] == -EBADMSG && !(n->valid & SNAP_NET_PFC));
	len = pause_reply(buf, 1);
	buf[len - 12] = 0xff;	/* the RX_FRAMES attribute's length */
	CHECK_EQ_U(net_parse(&s, SNAP_NET_PAUSE, "eth0", 0, buf, len), 0);
	n = snap_net_find(&s, "eth0");
	CHECK(n && n->err[SNAP_NET_PAUSE] == -EBADMSG);
	len = estats(buf, 1);
	buf[8] = 5;		/* gstrings.len: one name more than sent */
	CHECK_EQ_U(net_parse(&s, SNAP_NET_DRV, "eth0", 0, buf, len), 0);
	CHECK_EQ_U(s.counters.n, 0);
	CHECK(s.notes.n >= 3);
	snap_free(&s);
}

/* NET records written through the recorder's sink read back the same */
static void test_record(void)
{
	char path[64], err[256];
	struct rec_writer *w;
	struct rec_reader *r;
	struct raw_sink *k;
	struct snapshot s;
	struct source src = { 0 };
	const uint8_t *p;
	uint8_t buf[2048];
	size_t len;
	const struct snap_counter *c;
	const struct snap_net *n;

	snap_init(&s);
	snprintf(path, sizeof(path), "/tmp/rdmatop-net-%d.rdrec", (int)getpid());
	CHECK_EQ_U(rec_writer_open(&w, path), 0);
	k = rec_writer_sink(w);
	s.mono.tv_sec = 5;
	CHECK_EQ_U(k->begin(k->ctx, &s), 0);
	CHECK(k->net != NULL);
	CHECK_EQ_U(k->net(k->ctx, SNAP_NET_DCB, "eth0", 0, buf, dcb_reply(buf, 3)), 0);
	CHECK_EQ_U(k->net(k->ctx, SNAP_NET_DRV, "eth0", 0, buf, estats(buf, 3)), 0);
	CHECK_EQ_U(k->net(k->ctx, SNAP_NET_FAMILY, "eth0", -ENOENT, NULL, 0), 0);
	CHECK_EQ_U(k->end(k->ctx, &s), 0);
	CHECK_EQ_U(rec_writer_close(w), 0);
	CHECK_EQ_U(rec_reader_open(&r, path, err, sizeof(err)), 0);
	CHECK_EQ_U(rec_reader_next(r, &p, &len, err, sizeof(err)), 1);
	snap_clear(&s);
	test_port_on(&s, "eth0");
	CHECK_EQ_U(source_replay_sample(&src, &s, p, len), 0);
	c = test_counter(&s, SNAP_SRC_DCB, "indications_prio3");
	CHECK(c && c->value == 150000);
	c = test_counter(&s, SNAP_SRC_DRV, "tx_pause_storm_error_events");
	CHECK(c && c->value == 3);
	n = snap_net_find(&s, "eth0");
	CHECK(n && n->err[SNAP_NET_PAUSE] == -ENOENT);
	rec_reader_close(r);
	unlink(path);
	snap_free(&s);
}

/* ethtool -a's RX / TX negotiated from both sides' Pause (P) and
 * Asym_Pause (A), every combination, against IEEE 802.3 Table 28B-3 as
 * ethtool's pause_autoneg_cb applies it; nothing without autoneg or
 * without either side's modes */
static void test_negotiated(void)
{
	enum { P = SNAP_NET_ADV_PAUSE, A = SNAP_NET_ADV_ASYM };
	static const struct {
		uint8_t ours, peer;
		bool rx, tx;
	} t[] = {
		{ 0, 0, false, false }, { P, P, true, true }, { P | A, P, true, true },
		{ P | A, A, true, false }, { A, P | A, false, true }, { A, A, false, false },
		{ P, A, false, false }, { A, P, false, false }, { P | A, P | A, true, true },
		{ 0, P | A, false, false },
	};
	struct snap_net n = { .valid = SNAP_NET_PAUSE_CFG | SNAP_NET_OURS | SNAP_NET_PEER,
			      .pause_autoneg = 1 };
	bool rx, tx;
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		n.adv_pause = t[i].ours;
		n.lp_pause = t[i].peer;
		rx = tx = !t[i].rx;
		CHECK(snap_net_pause_negotiated(&n, &rx, &tx));
		if (rx != t[i].rx || tx != t[i].tx)
			fprintf(stderr, "case %zu: rx %d tx %d\n", i, rx, tx);
		CHECK(rx == t[i].rx && tx == t[i].tx);
	}
	n.pause_autoneg = 0;
	CHECK(!snap_net_pause_negotiated(&n, &rx, &tx));
	n.pause_autoneg = 1;
	n.valid &= ~(uint32_t)SNAP_NET_PEER;	/* no partner advertising */
	CHECK(!snap_net_pause_negotiated(&n, &rx, &tx));
}

/* one ethtool -S answer whose third name is "rx_discards_phy" with the
 * letter at 'at' changed to c (unchanged for c == 0) */
static size_t estats_named(uint8_t *buf, uint64_t k, size_t at, char c)
{
	size_t len = estats(buf, k);

	if (c)
		buf[sizeof(struct ethtool_gstrings) + 2 * ETH_GSTRING_LEN + at] = (uint8_t)c;
	return len;
}

static uint64_t drv_value(uint64_t k, size_t at, char c, const char *name)
{
	struct snapshot s;
	const struct snap_counter *cn;
	uint8_t buf[2048];
	uint64_t v = UINT64_MAX;

	snap_init(&s);
	test_port_on(&s, "eth0");
	CHECK_EQ_U(net_parse(&s, SNAP_NET_DRV, "eth0", 0, buf, estats_named(buf, k, at, c)), 0);
	cn = test_counter(&s, SNAP_SRC_DRV, name);
	if (cn)
		v = cn->value;
	/* the per-queue name stays out whether the set was known or not */
	CHECK(!test_counter(&s, SNAP_SRC_DRV, "rx0_packets"));
	CHECK_EQ_U(s.counters.n, 3);
	snap_free(&s);
	return v;
}

/* the string sets kept from sample to sample (estats.c): the values are
 * each sample's, a set changed in one letter is its own, and sets beyond
 * those kept still parse right when they come back */
static void test_string_sets(void)
{
	const struct snap_counter *cn;
	struct snapshot s;
	uint8_t buf[2048];
	char c;

	CHECK_EQ_U(drv_value(1, 0, 0, "rx_discards_phy"), 3);
	CHECK_EQ_U(drv_value(5, 0, 0, "rx_discards_phy"), 15);	/* the set known */
	CHECK_EQ_U(drv_value(2, 14, 'z', "rx_discards_phz"), 6);
	CHECK_EQ_U(drv_value(2, 14, 0, "rx_discards_phz"), UINT64_MAX);
	for (c = 'a'; c <= 'x'; c++)	/* 24 sets: more than are kept */
		CHECK_EQ_U(drv_value(3, 14, c, (char[]){ 'r', 'x', '_', 'd', 'i', 's', 'c', 'a', 'r',
						       'd', 's', '_', 'p', 'h', c, 0 }),
			   9);
	CHECK_EQ_U(drv_value(4, 14, 'a', "rx_discards_pha"), 12);
	CHECK_EQ_U(drv_value(4, 0, 0, "rx_discards_phy"), 12);
	/* the classes come with the set: a discard is an error, a pause not */
	snap_init(&s);
	test_port_on(&s, "eth0");
	CHECK_EQ_U(net_parse(&s, SNAP_NET_DRV, "eth0", 0, buf, estats(buf, 1)), 0);
	cn = test_counter(&s, SNAP_SRC_DRV, "rx_discards_phy");
	CHECK(cn && cn->cls == CNT_ERROR);
	cn = test_counter(&s, SNAP_SRC_DRV, "rx_prio3_pause");
	CHECK(cn && cn->cls == CNT_FLOW && cn->unit == SNAP_UNIT_EVENTS);
	snap_free(&s);
}

/* every counter row's name is one of the inputs' names (no id left from
 * another snapshot or from strings rolled back) */
static void names_right(const struct snapshot *s, uint64_t k)
{
	const struct snap_counter *c;

	c = test_counter(s, SNAP_SRC_DCB, "requests_prio3");
	CHECK(c && c->value == 1000 * k);
	c = test_counter(s, SNAP_SRC_DCB, "indications_prio3");
	CHECK(c && c->value == 50000 * k);
	c = test_counter(s, SNAP_SRC_ETHNL, "rx_pause_frames");
	CHECK(c && c->value == 50000 * k);
	c = test_counter(s, SNAP_SRC_ETHNL, "fec_corrected_blocks_lane1");
	CHECK(c && c->value == 400 * k);
	c = test_counter(s, SNAP_SRC_DRV, "tx_pause_storm_error_events");
	CHECK(c && c->value == k);
	CHECK_EQ_U(s->counters.n, 16 + 2 + 6 + 3);
}

static void inputs(struct snapshot *s, uint64_t k)
{
	uint8_t buf[2048];

	CHECK_EQ_U(net_parse(s, SNAP_NET_DCB, "eth0", 0, buf, dcb_reply(buf, k)), 0);
	CHECK_EQ_U(net_parse(s, SNAP_NET_PAUSE, "eth0", 0, buf, pause_reply(buf, k)), 0);
	CHECK_EQ_U(net_parse(s, SNAP_NET_FEC, "eth0", 0, buf, fec_reply(buf, k)), 0);
	CHECK_EQ_U(net_parse(s, SNAP_NET_DRV, "eth0", 0, buf, estats(buf, k)), 0);
}

/* The names' memos (struct net_name, the string sets' rows) keep a string
 * id per snapshot generation: snapshots taken in turn, or strings rolled
 * back and their room reused, get the names right. */
static void test_name_memos(void)
{
	static const char pad[] = "0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdef";
	struct snapshot a, b;
	struct snap_mark m;
	size_t i;

	snap_init(&a);
	snap_init(&b);
	test_port_on(&a, "eth0");
	test_port_on(&b, "eth0");
	snap_str(&b, pad, sizeof(pad));	/* b's ids differ from a's */
	inputs(&a, 1);
	inputs(&b, 2);
	names_right(&a, 1);
	names_right(&b, 2);
	snap_clear(&a);
	test_port_on(&a, "eth0");
	inputs(&a, 3);
	names_right(&a, 3);
	/* rolled back, the room taken by other strings: names again */
	snap_clear(&b);
	test_port_on(&b, "eth0");
	snap_mark(&b, &m);
	inputs(&b, 4);
	snap_rollback(&b, &m);
	for (i = 0; i < 40; i++)
		snap_str(&b, pad, sizeof(pad));
	inputs(&b, 5);
	names_right(&b, 5);
	snap_free(&a);
	snap_free(&b);
}

/* snap_push_n: n elements at once, growing past the capacity */
static void test_push_n(void)
{
	struct snap_vec v = { 0 };
	uint64_t *p;
	size_t i;

	for (i = 0; i < 5; i++) {
		p = snap_push_n(&v, sizeof(*p), 100);
		CHECK(p != NULL);
		if (p)
			p[99] = i;
	}
	CHECK_EQ_U(v.n, 500);
	CHECK(v.cap >= 500);
	CHECK_EQ_U(((uint64_t *)v.v)[399], 3);
	free(v.v);
}

/* a netdev's RDMA ports by name, whole names only: eth1 is not eth10's,
 * nor eth1's ports another's; a name is the same after other netdevs' */
static void test_ports_by_name(void)
{
	static const struct {
		uint32_t dev, port;
		const char *ndev;
	} ports[] = { { 0, 1, "eth1" }, { 1, 1, "eth10" }, { 2, 1, "eth1" }, { 3, 1, "eth" },
		      { 4, 1, "ens1f0np0" }, { 4, 2, "ens1f1np1" } };
	static const struct {
		const char *ndev;
		size_t n;
		uint32_t dev0;
	} want[] = { { "eth1", 2, 0 }, { "eth10", 1, 1 }, { "eth", 1, 3 }, { "et", 0, 0 },
		     { "ens1f1np1", 1, 4 }, { "ens1f0np0", 1, 4 }, { "eth1", 2, 0 } };
	struct snapshot s;
	uint8_t buf[2048];
	size_t i;

	snap_init(&s);
	for (i = 0; i < sizeof(ports) / sizeof(ports[0]); i++) {
		struct snap_port *p = snap_port_get(&s, ports[i].dev, ports[i].port);

		snprintf(p->ndev, sizeof(p->ndev), "%s", ports[i].ndev);
		p->valid |= SNAP_PORT_NDEV;
	}
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const struct snap_net *n;

		CHECK_EQ_U(net_parse(&s, SNAP_NET_DCB, want[i].ndev, 0, buf, dcb_reply(buf, 1)), 0);
		n = snap_net_find(&s, want[i].ndev);
		CHECK(n != NULL);
		if (!n)
			continue;
		CHECK_EQ_U(n->n_ports, want[i].n);
		if (want[i].n)
			CHECK_EQ_U(n->dev, want[i].dev0);
	}
	CHECK_EQ_U(s.nets.n, 6);
	CHECK(!snap_net_find(&s, "eth100"));
	/* a port's counters on its own netdev's rows: 16 DCB counters each
	 * for eth1 (2 ports, twice), eth10, eth, the two ens */
	CHECK_EQ_U(s.counters.n, 16 * (2 * 2 + 1 + 1 + 1 + 1));
	snap_free(&s);
}

TEST_MAIN(test_parse, test_why, test_bad, test_record, test_negotiated, test_string_sets,
	  test_name_memos, test_push_n, test_ports_by_name)
