// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The bit error rate (truth.h ber) and its verdict rule: mlx5's
 * rx_corrected_bits_phy over the RDMA port's sysfs rate, and FEC_GET
 * answers with the FEC histogram (Linux 6.18 net/ethtool/fec.c
 * fec_put_stats, fec_put_hist: built here with libmnl in its attribute
 * order) parsed by src/net over two samples, their speed LINKMODES_GET's:
 * the bins, their rates, the BER against the arithmetic and the rule's
 * thresholds; a malformed bin refused.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>

#include "advance.h"
#include "net.h"
#include "test.h"
#include "truthctr.h"
#include "truth.h"
#include "verdict.h"

#define A_FEC_STAT_HIST 5 /* 6.18 uapi */
enum { A_HIST_PAD = 1, A_HIST_LOW, A_HIST_HIGH, A_HIST_VAL, A_HIST_LANES };

static bool near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fabs(b);
}

static const struct verdict_reason *find_reason(const struct verdict *v, int rule)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		if (v->r[i].rule == rule)
			return &v->r[i];
	return NULL;
}

/* mlx5 RoCE without FEC_GET's statistics: the driver's corrected bits
 * over the sysfs rate (100 Gb/s), and the rule at each threshold */
static void test_mlx5_bits(void)
{
	static const double rates[] = { 2.3e6, 2.5e6, 3e7 };
	static const int want[] = { VERDICT_OK, VERDICT_WARN, VERDICT_FAIL };
	size_t i;

	CHECK(near(truth_ber_of(2.5e6, 100e9), 2.5e-5));
	CHECK(isnan(truth_ber_of(1, 0)) && isnan(truth_ber_of(-1, 1e9)));
	for (i = 0; i < 3; i++) {
		struct snapshot s;
		struct snap_port *p;
		struct port_truth t;
		struct verdict v;
		const struct verdict_reason *r;

		snap_init(&s);
		p = snap_port_get(&s, 3, 1);
		p->valid |= SNAP_PORT_LINK_LAYER | SNAP_PORT_STATE | SNAP_PORT_RATE;
		p->state = 4;
		snprintf(p->link_layer, sizeof(p->link_layer), "Ethernet");
		snprintf(p->rate, sizeof(p->rate), "100 Gb/sec (4X EDR)");
		truth_ctr_push(&s, 1, SNAP_SRC_DRV, "rx_corrected_bits_phy", rates[i]);
		s.rated++;
		truth_port(&s, 3, 1, &t);
		CHECK(t.f[TRUTH_CORR_BITS].valid && t.f[TRUTH_CORR_BITS].v == rates[i]);
		CHECK_EQ_S(snap_s(&s, t.f[TRUTH_CORR_BITS].name), "rx_corrected_bits_phy");
		CHECK(t.ber_valid && near(t.ber, rates[i] / 100e9) && t.ber_bps == 100e9);
		verdict_port(&s, p, &v);
		r = find_reason(&v, VR_FEC_BER);
		if (want[i] == VERDICT_OK) {
			CHECK(!r);
		} else {
			CHECK(r && r->level == want[i]);
			CHECK(r && r->threshold == (want[i] == VERDICT_FAIL ? 2.4e-4 : 2.4e-5));
			CHECK(r && !strcmp(snap_s(&s, r->counter), "rx_corrected_bits_phy"));
		}
		snap_free(&s);
	}
}

/* ethnl_fill_reply_header's genl message for ens1f0np0 */
static struct nlmsghdr *genl(void *b, uint8_t cmd, uint16_t hdr)
{
	struct nlmsghdr *h = mnl_nlmsg_put_header(b);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(h, sizeof(*g));
	struct nlattr *n;

	h->nlmsg_type = 30;
	g->cmd = cmd;
	g->version = ETHTOOL_GENL_VERSION;
	n = mnl_attr_nest_start(h, hdr);
	mnl_attr_put_strz(h, ETHTOOL_A_HEADER_DEV_NAME, "ens1f0np0");
	mnl_attr_nest_end(h, n);
	return h;
}

/* a FEC_GET answer: corrected bits, then 3 bins (0: u32 with 2 lanes;
 * 1-3: a u64 value; 4-15: u32), bin 1-3's value short by bad bytes */
static size_t fec_answer(void *b, uint64_t bits, uint64_t k, int bad)
{
	struct nlmsghdr *h = genl(b, ETHTOOL_MSG_FEC_GET_REPLY, ETHTOOL_A_FEC_HEADER);
	uint64_t lanes[2] = { 1000 + k, 2000 + k };
	struct nlattr *st, *hn;

	mnl_attr_put_u32(h, ETHTOOL_A_FEC_ACTIVE, ETHTOOL_LINK_MODE_FEC_RS_BIT);
	st = mnl_attr_nest_start(h, ETHTOOL_A_FEC_STATS);
	mnl_attr_put(h, ETHTOOL_A_FEC_STAT_CORR_BITS, 8, &bits);
	hn = mnl_attr_nest_start(h, A_FEC_STAT_HIST);
	mnl_attr_put_u32(h, A_HIST_LOW, 0);
	mnl_attr_put_u32(h, A_HIST_HIGH, 0);
	mnl_attr_put_u32(h, A_HIST_VAL, (uint32_t)(3000 + 2 * k));
	mnl_attr_put(h, A_HIST_LANES, sizeof(lanes), lanes);
	mnl_attr_nest_end(h, hn);
	hn = mnl_attr_nest_start(h, A_FEC_STAT_HIST);
	mnl_attr_put_u32(h, A_HIST_LOW, 1);
	mnl_attr_put_u32(h, A_HIST_HIGH, 3);
	if (bad)
		mnl_attr_put(h, A_HIST_VAL, 3, "abc");
	else
		mnl_attr_put_u64(h, A_HIST_VAL, (1ULL << 33) + 10 * k);
	mnl_attr_nest_end(h, hn);
	hn = mnl_attr_nest_start(h, A_FEC_STAT_HIST);
	mnl_attr_put_u32(h, A_HIST_LOW, 4);
	mnl_attr_put_u32(h, A_HIST_HIGH, 15);
	mnl_attr_put_u32(h, A_HIST_VAL, 5);
	mnl_attr_nest_end(h, hn);
	mnl_attr_nest_end(h, st);
	return h->nlmsg_len;
}

/* one sample of port 1 of device 3 on ens1f0np0: its speed (25 Gb/s) and
 * its FEC answer */
static void sample(struct snapshot *s, long sec, uint64_t bits, uint64_t k, int bad)
{
	static uint64_t b[1024];
	struct snap_port *p;
	struct nlmsghdr *h;

	snap_init(s);
	s->mono.tv_sec = sec;
	p = snap_port_get(s, 3, 1);
	p->valid |= SNAP_PORT_NDEV | SNAP_PORT_LINK_LAYER | SNAP_PORT_STATE;
	p->state = 4;
	snprintf(p->ndev, sizeof(p->ndev), "ens1f0np0");
	snprintf(p->link_layer, sizeof(p->link_layer), "Ethernet");
	h = genl(b, ETHTOOL_MSG_LINKMODES_GET_REPLY, ETHTOOL_A_LINKMODES_HEADER);
	mnl_attr_put_u32(h, ETHTOOL_A_LINKMODES_SPEED, 25000);
	CHECK_EQ_U(net_parse(s, SNAP_NET_LINKMODES, "ens1f0np0", 0, b, h->nlmsg_len), 0);
	CHECK_EQ_U(net_parse(s, SNAP_NET_FEC, "ens1f0np0", 0, b, fec_answer(b, bits, k, bad)), 0);
	snap_dedup(s);
}

static const struct snap_counter *ctr(const struct snapshot *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->counters.n; i++) {
		const struct snap_counter *c = SNAP_AT(&s->counters, struct snap_counter, i);

		if (c->source == SNAP_SRC_ETHNL && !strcmp(snap_s(s, c->name), name))
			return c;
	}
	return NULL;
}

static void test_hist(void)
{
	struct snapshot a, b;
	const struct snap_net *n;
	const struct snap_counter *c;
	struct port_truth t;
	struct verdict v;
	const struct verdict_reason *r;

	sample(&a, 1, 1000000, 0, 0);
	sample(&b, 3, 1000000 + 15000000, 50, 0); /* 7.5e6 bits/s over 25 Gb/s: 3e-4 */
	snap_advance(NULL, &a);
	snap_advance(&a, &b);
	n = snap_net_find(&b, "ens1f0np0");
	CHECK(n && (n->valid & SNAP_NET_FEC_HIST) && n->n_fec_bins == 3 && !n->fec_bins_more);
	if (n) {
		CHECK(n->fec_bin[0].low == 0 && n->fec_bin[0].high == 0);
		CHECK_EQ_U(n->fec_bin[0].total, 3100);
		CHECK(n->fec_bin[0].n_lanes == 2 && n->fec_bin[0].lane[1] == 2050);
		CHECK(n->fec_bin[1].low == 1 && n->fec_bin[1].high == 3);
		CHECK_EQ_U(n->fec_bin[1].total, (1ULL << 33) + 500);
		CHECK(n->fec_bin[1].n_lanes == 0);
		CHECK(n->fec_bin[2].low == 4 && n->fec_bin[2].high == 15);
	}
	/* each bin's total a counter with its rate: 100 in 2 s, 500 in 2 s */
	c = ctr(&b, "fec_hist_bin0");
	CHECK(c && c->rate_status == RATE_DATA && c->rate == 50);
	c = ctr(&b, "fec_hist_bin1");
	CHECK(c && c->rate_status == RATE_DATA && c->rate == 250);
	truth_port(&b, 3, 1, &t);
	CHECK_EQ_S(snap_s(&b, t.f[TRUTH_CORR_BITS].name), "fec_corrected_bits");
	CHECK(t.ber_bps == 25e9 && t.ber_valid && near(t.ber, 7.5e6 / 25e9));
	verdict_port(&b, snap_port_find(&b, 3, 1), &v);
	r = find_reason(&v, VR_FEC_BER);
	CHECK(r && r->level == VERDICT_FAIL && near(r->value, 3e-4));
	snap_free(&a);
	snap_free(&b);
	/* a bin's value of 3 bytes: the answer refused, said so */
	sample(&a, 1, 1, 0, 1);
	n = snap_net_find(&a, "ens1f0np0");
	CHECK(n && !(n->valid & SNAP_NET_FEC_HIST) && !n->n_fec_bins);
	CHECK(!ctr(&a, "fec_hist_bin0"));
	CHECK(n && n->err[SNAP_NET_FEC] == -EBADMSG);
	snap_free(&a);
}

TEST_MAIN(test_mlx5_bits, test_hist)
