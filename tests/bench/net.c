// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The netdev sources' parse cost (make bench, tests/bench/run): 64 RoCE
 * ports, each on its own mlx5-like netdev, one sample = per netdev the DCB
 * answer (dcbnl_ieee_fill's shape), PAUSE_GET and FEC_GET with stats,
 * LINKSTATE_GET, LINKMODES_GET, STATS_GET of the four standard groups as
 * mlx5 fills them (stats.c: eth-phy 1, eth-mac 12, eth-ctrl 3, rmon 4 and
 * 10 receive buckets) and `ethtool -S` of 200 port-level names plus 64
 * channels' per-queue ones (left out by the parser), fed through
 * net_parse and the series check the sources end a sample with
 * (snap_dedup) (bench_net_sample); then the sample's pipeline, its rates
 * above all (bench_net_advance); after the last, every column of the
 * Links table (bench_net_links).  64 devices of one port each, as 64
 * single-port adapters.
 *   net [SAMPLES]   (callgrind: --toggle-collect=bench_net_sample
 *                    --toggle-collect=bench_net_advance)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/dcbnl.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/rtnetlink.h>

#include "net.h"
#include "advance.h"
#include "view.h"

#define PORTS 64
#define NAMES 200
#define QUEUES 64

void bench_net_sample(struct snapshot *s, int k);
int bench_net_advance(const struct snapshot *prev, struct snapshot *cur);
void bench_net_links(const struct snapshot *s);

static unsigned char dcb[1024], pause_b[512], fec[512], lstate[256], lmodes[256], std[2048], *drv;
static size_t ldcb, lpause, lfec, llstate, llmodes, lstd, ldrv, nstat;

/* the ethtool family's id as the kernel gave it (genetlink assigns one at
 * or above GENL_START_ALLOC; below NLMSG_MIN_TYPE an answer is a control
 * message, which the parser refuses as it should) */
#define FAMILY 21

static struct nlmsghdr *genl(unsigned char *b, uint8_t cmd)
{
	struct nlmsghdr *h = mnl_nlmsg_put_header(b);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(h, sizeof(*g));

	h->nlmsg_type = FAMILY;
	g->cmd = cmd;
	return h;
}

static void stat(struct nlmsghdr *h, uint16_t attr, uint64_t v)
{
	struct nlattr *n = mnl_attr_nest_start(h, ETHTOOL_A_STATS_GRP_STAT);

	mnl_attr_put_u64(h, attr, v);
	mnl_attr_nest_end(h, n);
}

static void build_std(int k)
{
	/* the attributes mlx5e_stats_eth_mac_get sets (en_stats.c) */
	static const uint16_t mac[] = { 0, 3, 4, 6, 12, 14, 15, 17, 18, 19, 20, 21 };
	struct nlmsghdr *h = genl(std, ETHTOOL_MSG_STATS_GET_REPLY);
	struct nlattr *n, *b;
	uint32_t g, i;

	for (g = 0; g < 4; g++) {
		n = mnl_attr_nest_start(h, ETHTOOL_A_STATS_GRP);
		mnl_attr_put_u32(h, ETHTOOL_A_STATS_GRP_ID, g);
		mnl_attr_put_u32(h, ETHTOOL_A_STATS_GRP_SS_ID, ETH_SS_STATS_ETH_PHY + g);
		if (g == 0)
			stat(h, 0, 7u * k);
		for (i = 0; g == 1 && i < sizeof(mac) / sizeof(mac[0]); i++)
			stat(h, mac[i], 1000u * k + i);
		for (i = 0; g == 2 && i < 3; i++)
			stat(h, (uint16_t)i, 100u * k);
		for (i = 0; g == 3 && i < 10; i++) {
			b = mnl_attr_nest_start(h, ETHTOOL_A_STATS_GRP_HIST_RX);
			mnl_attr_put_u32(h, ETHTOOL_A_STATS_GRP_HIST_BKT_LOW, i * 1000);
			mnl_attr_put_u32(h, ETHTOOL_A_STATS_GRP_HIST_BKT_HI, i * 1000 + 999);
			mnl_attr_put_u64(h, ETHTOOL_A_STATS_GRP_HIST_VAL, 10000u * k);
			mnl_attr_nest_end(h, b);
		}
		for (i = 0; g == 3 && i < 4; i++)
			stat(h, (uint16_t)i, 0);
		mnl_attr_nest_end(h, n);
	}
	lstd = h->nlmsg_len;
	h = genl(lstate, ETHTOOL_MSG_LINKSTATE_GET_REPLY);
	mnl_attr_put_u8(h, ETHTOOL_A_LINKSTATE_LINK, 1);
	mnl_attr_put_u32(h, 7 /* EXT_DOWN_CNT, 6.6+ */, 2);
	llstate = h->nlmsg_len;
	h = genl(lmodes, ETHTOOL_MSG_LINKMODES_GET_REPLY);
	mnl_attr_put_u8(h, ETHTOOL_A_LINKMODES_AUTONEG, 0);
	mnl_attr_put_u32(h, ETHTOOL_A_LINKMODES_SPEED, 100000);
	mnl_attr_put_u8(h, ETHTOOL_A_LINKMODES_DUPLEX, 1);
	mnl_attr_put_u32(h, ETHTOOL_A_LINKMODES_LANES, 4);
	llmodes = h->nlmsg_len;
}

static void build(int k)
{
	struct nlmsghdr *h = mnl_nlmsg_put_header(dcb);
	struct dcbmsg *m = mnl_nlmsg_put_extra_header(h, sizeof(*m));
	struct ieee_pfc pfc = { .pfc_cap = 8, .pfc_en = 8 };
	struct nlattr *n;
	uint64_t v3[3] = { 100u * k, 50u * k, 50u * k };
	struct ethtool_gstrings gs = { .cmd = ETHTOOL_GSTRINGS, .string_set = ETH_SS_STATS };
	struct ethtool_stats st = { .cmd = ETHTOOL_GSTATS };
	size_t i, off;

	h->nlmsg_type = RTM_GETDCB;
	m->cmd = DCB_CMD_IEEE_GET;
	pfc.indications[3] = 1000000u * k;
	pfc.requests[3] = 100u * k;
	mnl_attr_put_strz(h, DCB_ATTR_IFNAME, "eth");
	n = mnl_attr_nest_start(h, DCB_ATTR_IEEE);
	mnl_attr_put(h, DCB_ATTR_IEEE_PFC, sizeof(pfc), &pfc);
	mnl_attr_nest_end(h, n);
	ldcb = h->nlmsg_len;
	h = genl(pause_b, ETHTOOL_MSG_PAUSE_GET_REPLY);
	mnl_attr_put_u8(h, ETHTOOL_A_PAUSE_RX, 1);
	n = mnl_attr_nest_start(h, ETHTOOL_A_PAUSE_STATS);
	mnl_attr_put_u64(h, ETHTOOL_A_PAUSE_STAT_TX_FRAMES, 100u * k);
	mnl_attr_put_u64(h, ETHTOOL_A_PAUSE_STAT_RX_FRAMES, 1000000u * k);
	mnl_attr_nest_end(h, n);
	lpause = h->nlmsg_len;
	h = genl(fec, ETHTOOL_MSG_FEC_GET_REPLY);
	mnl_attr_put_u32(h, ETHTOOL_A_FEC_ACTIVE, ETHTOOL_LINK_MODE_FEC_RS_BIT);
	n = mnl_attr_nest_start(h, ETHTOOL_A_FEC_STATS);
	mnl_attr_put(h, ETHTOOL_A_FEC_STAT_CORRECTED, sizeof(v3), v3);
	mnl_attr_put(h, ETHTOOL_A_FEC_STAT_UNCORR, sizeof(v3), v3);
	mnl_attr_nest_end(h, n);
	lfec = h->nlmsg_len;
	nstat = NAMES + QUEUES * 8;
	gs.len = st.n_stats = (uint32_t)nstat;
	ldrv = sizeof(gs) + nstat * ETH_GSTRING_LEN + sizeof(st) + nstat * 8;
	if (!drv)
		drv = calloc(1, ldrv);
	memcpy(drv, &gs, sizeof(gs));
	for (i = 0; i < nstat; i++) {
		char *p = (char *)drv + sizeof(gs) + i * ETH_GSTRING_LEN;

		if (i < NAMES)
			snprintf(p, ETH_GSTRING_LEN, "rx_prio%zu_stat%zu_phy", i % 8, i);
		else
			snprintf(p, ETH_GSTRING_LEN, "rx%zu_stat%zu", (i - NAMES) / 8, i % 8);
	}
	off = sizeof(gs) + nstat * ETH_GSTRING_LEN;
	build_std(k);
	memcpy(drv + off, &st, sizeof(st));
	for (i = 0; i < nstat; i++) {
		uint64_t v = i * (uint64_t)k;

		memcpy(drv + off + sizeof(st) + i * 8, &v, 8);
	}
}

void bench_net_sample(struct snapshot *s, int k)
{
	char nd[16];
	int p;

	for (p = 0; p < PORTS; p++) {
		snprintf(nd, sizeof(nd), "eth%d", p);
		net_parse(s, SNAP_NET_DCB, nd, 0, dcb, ldcb);
		net_parse(s, SNAP_NET_PAUSE, nd, 0, pause_b, lpause);
		net_parse(s, SNAP_NET_FEC, nd, 0, fec, lfec);
		net_parse(s, SNAP_NET_LINKSTATE, nd, 0, lstate, llstate);
		net_parse(s, SNAP_NET_LINKMODES, nd, 0, lmodes, llmodes);
		net_parse(s, SNAP_NET_STATS, nd, 0, std, lstd);
		net_parse(s, SNAP_NET_DRV, nd, 0, drv, ldrv);
	}
	/* as the live and replay sources end a sample (one series each) */
	snap_dedup(s);
	(void)k;
}

/* the sample's pipeline on it (carry, flaps, rates, events): what the
 * netdevs' counters cost a sample after they are parsed */
__attribute__((noinline)) int bench_net_advance(const struct snapshot *prev, struct snapshot *cur)
{
	return snap_advance(prev, cur);
}

/* the Links table's every column of every port, as a screen or JSON asks
 * them of a sample */
__attribute__((noinline)) void bench_net_links(const struct snapshot *s)
{
	struct view_ctx c = { .s = s };
	size_t n, row;
	int col;

	view_cols(VIEW_LINKS, &n);
	for (row = 0; row < s->ports.n; row++)
		for (col = 0; col < (int)n; col++) {
			struct view_value v;

			view_get(&c, VIEW_LINKS, row, col, &v);
		}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 2, k, p;
	struct snapshot a, b, *prev = &a, *cur = &b, *t;

	snap_init(&a);
	snap_init(&b);
	for (k = 1; k <= n; k++) {
		snap_clear(cur);
		cur->mono.tv_sec = k;
		/* a device a port, as 64 single-port adapters: the writers
		 * label each series with its device's name */
		for (p = 0; p < PORTS; p++) {
			struct snap_dev *d = snap_push(&cur->devs, sizeof(*d));
			struct snap_port *q = snap_port_get(cur, (uint32_t)p, 1);

			if (!d || !q)
				return 1;
			d->index = (uint32_t)p;
			snprintf(d->name, sizeof(d->name), "mlx5_%d", p);

			snprintf(q->ndev, sizeof(q->ndev), "eth%d", p);
			q->valid |= SNAP_PORT_NDEV;
		}
		build(k);
		bench_net_sample(cur, k);
		if (bench_net_advance(k > 1 ? prev : NULL, cur))
			return 1;
		t = prev;
		prev = cur;
		cur = t;
	}
	bench_net_links(prev);
	printf("ports %d counters %zu notes %zu\n", PORTS, prev->counters.n, prev->notes.n);
	/* every answer parsed: a note would be one refused, measuring the
	 * wrong path */
	if (prev->notes.n) {
		fprintf(stderr, "net: %s\n",
			snap_s(prev, SNAP_AT(&prev->notes, struct snap_note, 0)->text));
		return 1;
	}
	snap_free(&a);
	snap_free(&b);
	free(drv);
	return 0;
}
