// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A port's network figures from the devices beneath its netdev
 * (src/net/lowctr.c, src/model/lowsum.c, src/model/lowfig.c): RoCE on
 * bond0 over two mlx5-like slaves whose `ethtool -S` answers (the
 * SIOCETHTOOL GSTRINGS and GSTATS buffers, net/ethtool/ioctl.c) go through
 * the parser under each slave's name, as the live source feeds them.  The
 * port's rows are the slaves' summed where bond0 has none of its own; a
 * slave lacking a counter adds nothing to it; a slave gone or a counter
 * gone back gives no false rate; bond0's own counter stands.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ethtool.h>

#include "advance.h"
#include "net.h"
#include "net_view.h"
#include "netport.h"
#include "out.h"
#include "sysfs.h"
#include "test.h"
#include "verdict.h"

#define FEED(s, path, text) sysfs_parse(s, path, 0, text, strlen(text))

/* mlx5 en_stats.c names (6.12): per priority pause and discards, the
 * corrected bits, link down events, and a traffic counter kept out */
static const char *const mlx5_names[] = { "rx_prio3_pause",	  "tx_prio3_pause",
					  "rx_prio3_discards",	  "link_down_events_phy",
					  "rx_bytes_phy",	  "rx_prio3_pause_duration",
					  "rx_corrected_bits_phy" };
#define N_NAMES 7

/* ethtool -S of a slave: the first n names, values v */
static size_t estats(uint8_t *buf, size_t n, const uint64_t *v)
{
	struct ethtool_gstrings gs = { .cmd = ETHTOOL_GSTRINGS,
				       .string_set = ETH_SS_STATS,
				       .len = (uint32_t)n };
	struct ethtool_stats st = { .cmd = ETHTOOL_GSTATS, .n_stats = (uint32_t)n };
	size_t off = sizeof(gs), i;

	memcpy(buf, &gs, sizeof(gs));
	for (i = 0; i < n; i++) {
		memset(buf + off, 0, ETH_GSTRING_LEN);
		memcpy(buf + off, mlx5_names[i], strlen(mlx5_names[i]));
		off += ETH_GSTRING_LEN;
	}
	memcpy(buf + off, &st, sizeof(st));
	off += sizeof(st);
	memcpy(buf + off, v, n * sizeof(*v));
	return off + n * sizeof(*v);
}

struct slave {
	const char *name;
	size_t n; /* its names: eth1 lacks the corrected bits */
	uint64_t v[N_NAMES];
};

/* rxe0 port 1 on bond0 at second sec over the slaves given (NULL: none) */
static void sample(struct snapshot *s, long sec, const struct slave *a, const struct slave *b,
		   const uint64_t *own)
{
	uint8_t buf[1024];
	const struct slave *sl[2] = { a, b };
	char path[128];
	int i;

	snap_clear(s);
	s->mono.tv_sec = sec;
	test_port_on(s, "bond0");
	CHECK_EQ_U(FEED(s, "/sys/class/net/bond0/uevent", "DEVTYPE=bond\nINTERFACE=bond0\n"), 0);
	for (i = 0; i < 2; i++) {
		if (!sl[i])
			continue;
		snprintf(path, sizeof(path), "/sys/class/net/bond0/lower_%s/operstate",
			 sl[i]->name);
		CHECK_EQ_U(FEED(s, path, "up\n"), 0);
	}
	/* bonding has no ETH_SS_STATS set (6.12): -EOPNOTSUPP, unless own */
	if (own)
		CHECK_EQ_U(net_parse(s, SNAP_NET_DRV, "bond0", 0, buf, estats(buf, 1, own)), 0);
	else
		CHECK_EQ_U(net_parse(s, SNAP_NET_DRV, "bond0", -EOPNOTSUPP, NULL, 0), 0);
	for (i = 0; i < 2; i++)
		if (sl[i])
			CHECK_EQ_U(net_parse(s, SNAP_NET_DRV, sl[i]->name, 0, buf,
					     estats(buf, sl[i]->n, sl[i]->v)),
				   0);
}

static const struct snap_counter *row(const struct snapshot *s, const char *name)
{
	return test_counter(s, SNAP_SRC_DRV, name);
}

static void check_figs_add_up(const struct snapshot *s)
{
	const struct snap_net *n = snap_net_find(s, "bond0");
	struct net_figs port, low[SNAP_NET_LOWERS];
	unsigned int f;
	size_t j;

	CHECK(n != NULL);
	net_figs_port(s, 0, 1, &port);
	for (j = 0; j < n->n_lower; j++)
		net_figs_lower(s, &port, &n->lower[j], &low[j]);
	for (f = 0; f < NET_FIG_N; f++) {
		uint64_t v = 0;
		double r = 0;
		bool rated = true;

		if (!(port.has >> f & 1))
			continue;
		CHECK(port.summed >> f & 1);
		for (j = 0; j < n->n_lower; j++) {
			v += low[j].has >> f & 1 ? low[j].v[f] : 0;
			if (low[j].has >> f & 1) {
				rated = rated && (low[j].rated >> f & 1);
				r += low[j].rate[f];
			}
		}
		CHECK_EQ_U(port.v[f], v);
		CHECK_EQ_U(!!(port.rated >> f & 1), rated);
		if (rated)
			CHECK(fabs(port.rate[f] - r) < 1e-9);
	}
}

static void test_sum(void)
{
	struct snapshot s[2];
	struct slave e0 = { "eth0", 7, { 100, 10, 5, 1, 1000000, 5000, 700 } };
	struct slave e1 = { "eth1", 6, { 200, 20, 0, 2, 2000000, 9000 } };
	const struct snap_counter *c;
	struct net_rates r;

	snap_init(&s[0]);
	snap_init(&s[1]);
	sample(&s[0], 10, &e0, &e1, NULL);
	CHECK_EQ_U(snap_advance(NULL, &s[0]), 0);
	c = row(&s[0], "rx_prio3_pause");
	CHECK(c && c->value == 300 && c->rate_status == RATE_INIT && c->dev == 0 && c->port == 1);
	/* traffic stays the port's own: no slave's bytes summed */
	CHECK(row(&s[0], "rx_bytes_phy") == NULL);
	CHECK(s[0].lowctrs.n == 11); /* 6 kept of eth0's 7, 5 of eth1's 6 */

	/* 2 s later: eth0 +40 pauses, eth1 +60; eth0 alone has corrected bits */
	e0.v[0] += 40, e0.v[6] += 2000, e0.v[3] += 1;
	e1.v[0] += 60;
	/* paused 0.9 s of the 2 on eth0, 0.3 s on eth1 (microseconds) */
	e0.v[5] += 900000, e1.v[5] += 300000;
	sample(&s[1], 12, &e0, &e1, NULL);
	CHECK_EQ_U(snap_advance(&s[0], &s[1]), 0);
	c = row(&s[1], "rx_prio3_pause");
	CHECK(c && c->value == 400 && c->rate_status == RATE_DATA && c->delta == 100);
	CHECK(fabs(c->rate - 50) < 1e-9);
	c = row(&s[1], "rx_corrected_bits_phy");
	CHECK(c && c->value == 2700 && c->rate_status == RATE_DATA && fabs(c->rate - 1000) < 1e-9);
	c = row(&s[1], "link_down_events_phy");
	CHECK(c && c->value == 4 && fabs(c->rate - 0.5) < 1e-9);
	/* a time counted is the longest lower's, not the two added: the
	 * share of the window paused stays a share (45%, not 60%) */
	c = row(&s[1], "rx_prio3_pause_duration");
	CHECK(c && c->value == 905000 && fabs(c->rate - 450000) < 1e-9);
	/* the Links columns read the sums: PAUSE RX/s the busiest priority's */
	net_rates(&s[1], 0, 1, &r);
	CHECK(r.valid[NET_RATE_PAUSE_RX] && fabs(r.v[NET_RATE_PAUSE_RX] - 50) < 1e-9);
	CHECK(r.prio[0] == 3);
	check_figs_add_up(&s[1]);
	/* advanced again (a replay's jump): the sums made anew, not twice */
	CHECK_EQ_U(snap_advance(&s[0], &s[1]), 0);
	CHECK_EQ_U(s[1].counters.n, s[1].lowsum - 1 + 6);
	c = row(&s[1], "rx_prio3_pause");
	CHECK(c && c->value == 400 && fabs(c->rate - 50) < 1e-9);

	/* eth1 leaves the bond: the sum drops to eth0's, its rate eth0's,
	 * never a fall read as a reset or a rise */
	e0.v[0] += 10;
	sample(&s[0], 14, &e0, NULL, NULL);
	CHECK_EQ_U(snap_advance(&s[1], &s[0]), 0);
	c = row(&s[0], "rx_prio3_pause");
	CHECK(c && c->value == 150 && c->rate_status == RATE_DATA && fabs(c->rate - 5) < 1e-9);
	check_figs_add_up(&s[0]);

	/* eth1 back: its rows new, the sum has no rate this sample */
	e0.v[0] += 10;
	sample(&s[1], 16, &e0, &e1, NULL);
	CHECK_EQ_U(snap_advance(&s[0], &s[1]), 0);
	c = row(&s[1], "rx_prio3_pause");
	CHECK(c && c->value == 420 && c->rate_status == RATE_INIT && c->rate == 0);
	check_figs_add_up(&s[1]);

	/* eth0's counter goes back (driver reload): no rate, not a huge one */
	e0.v[0] = 3;
	e1.v[0] += 8;
	sample(&s[0], 18, &e0, &e1, NULL);
	CHECK_EQ_U(snap_advance(&s[1], &s[0]), 0);
	c = row(&s[0], "rx_prio3_pause");
	CHECK(c && c->value == 271 && c->rate_status == RATE_RESET && c->rate == 0);
	check_figs_add_up(&s[0]);

	/* bond0 answering rx_prio3_pause itself: its own stands, the other
	 * names still the slaves' */
	sample(&s[1], 20, &e0, &e1, (const uint64_t[]){ 7 });
	CHECK_EQ_U(snap_advance(&s[0], &s[1]), 0);
	c = row(&s[1], "rx_prio3_pause");
	CHECK(c && c->value == 7 &&
	      (size_t)(c - (const struct snap_counter *)s[1].counters.v) < s[1].lowsum - 1);
	c = row(&s[1], "tx_prio3_pause");
	CHECK(c && c->value == 30);
	snap_free(&s[0]);
	snap_free(&s[1]);
}

/* The verdict sees the slaves' discards on the bond's port. */
static void test_verdict(void)
{
	struct snapshot s[2];
	struct slave e0 = { "eth0", 7, { 0 } };
	struct slave e1 = { "eth1", 7, { 0 } };
	struct net_rates r;

	snap_init(&s[0]);
	snap_init(&s[1]);
	sample(&s[0], 10, &e0, &e1, NULL);
	CHECK_EQ_U(snap_advance(NULL, &s[0]), 0);
	e1.v[2] += 200000; /* 100k discards a second on priority 3, eth1's */
	sample(&s[1], 12, &e0, &e1, NULL);
	CHECK_EQ_U(snap_advance(&s[0], &s[1]), 0);
	net_rates(&s[1], 0, 1, &r);
	CHECK(r.p[3].discard_rated && fabs(r.p[3].discard_rate - 100000) < 1e-6);
	snap_free(&s[0]);
	snap_free(&s[1]);
}

/* the exported value of the line of the exposition of s holding every
 * one of the texts a, b and c; ~0 when there is none */
static uint64_t om_line(const struct snapshot *s, struct out_om_psns *l, const char *a,
			const char *b, const char *c)
{
	struct out_om_opts o = {
		.format = OUT_OM_OPENMETRICS, .max_procs = 50, .sample_seconds = -1, .psns = l
	};
	char *buf = NULL, *line, *save = NULL;
	unsigned long long v = ~0ULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK(f != NULL);
	if (!f)
		return v;
	CHECK_EQ_U(out_openmetrics(f, s, &o), 0);
	fclose(f);
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (line[0] != '#' && strstr(line, a) && strstr(line, b) && strstr(line, c))
			sscanf(strrchr(line, ' ') + 1, "%llu", &v);
	}
	free(buf);
	return v;
}

#define PAUSE_RX(s, l) \
	om_line(s, l, "rdma_netdev_driver_stat_total{", "port=\"1\"", "counter=\"rx_prio3_pause\"")

/*
 * The exporter's ledger of a sum: it rises by what the slaves rated in
 * both samples advanced, never falls when one leaves (Prometheus would
 * read a reset and count the rest again) nor leaps by a joining slave's
 * lifetime count.  Without a ledger (one exposition) the sum's value.
 */
static void test_ledger(void)
{
	struct snapshot s[2];
	struct slave e0 = { "eth0", 7, { 100, 10, 5, 1, 1000000, 5000, 700 } };
	struct slave e1 = { "eth1", 6, { 200, 20, 0, 2, 2000000, 9000 } };
	struct out_om_psns *l = out_om_psns_new();

	snap_init(&s[0]);
	snap_init(&s[1]);
	sample(&s[0], 10, &e0, &e1, NULL);
	CHECK_EQ_U(snap_advance(NULL, &s[0]), 0);
	CHECK_EQ_U(PAUSE_RX(&s[0], l), 300); /* first seen: its value */
	CHECK_EQ_U(PAUSE_RX(&s[0], l), 300); /* the same sample again: counted once */
	e0.v[0] += 40, e1.v[0] += 60;
	sample(&s[1], 12, &e0, &e1, NULL);
	CHECK_EQ_U(snap_advance(&s[0], &s[1]), 0);
	CHECK_EQ_U(PAUSE_RX(&s[1], l), 400);
	/* eth1 leaves: the sum falls to 150, the ledger takes eth0's +10 */
	e0.v[0] += 10;
	sample(&s[0], 14, &e0, NULL, NULL);
	CHECK_EQ_U(snap_advance(&s[1], &s[0]), 0);
	CHECK_EQ_U(PAUSE_RX(&s[0], NULL), 150);
	CHECK_EQ_U(PAUSE_RX(&s[0], l), 410);
	/* eth1 back with its 260: not counted, eth0's +10 is */
	e0.v[0] += 10;
	sample(&s[1], 16, &e0, &e1, NULL);
	CHECK_EQ_U(snap_advance(&s[0], &s[1]), 0);
	CHECK_EQ_U(PAUSE_RX(&s[1], NULL), 420);
	CHECK_EQ_U(PAUSE_RX(&s[1], l), 420);
	/* eth0 goes back to 3 (a driver reload): eth1's +8 alone */
	e0.v[0] = 3;
	e1.v[0] += 8;
	sample(&s[0], 18, &e0, &e1, NULL);
	CHECK_EQ_U(snap_advance(&s[1], &s[0]), 0);
	CHECK_EQ_U(PAUSE_RX(&s[0], NULL), 271);
	CHECK_EQ_U(PAUSE_RX(&s[0], l), 428);
	/* both +1: rated again, the ledger +2 */
	e0.v[0] += 1, e1.v[0] += 1;
	sample(&s[1], 20, &e0, &e1, NULL);
	CHECK_EQ_U(snap_advance(&s[0], &s[1]), 0);
	CHECK_EQ_U(PAUSE_RX(&s[1], l), 430);
	out_om_psns_free(l);
	snap_free(&s[0]);
	snap_free(&s[1]);
}

TEST_MAIN(test_sum, test_verdict, test_ledger)
