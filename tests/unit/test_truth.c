// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The port truth and the verdict (truth.h, verdict.h): the tables walked
 * against the counter table and the units, a port's figures and ERR/s
 * from counters laid out as mlx5 RoCE, bnxt_re and an IB port have them,
 * and each verdict rule tripped, then not with its threshold moved.
 */
#include <errno.h>
#include <math.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "sysfs.h"
#include "test.h"
#include "truthctr.h"
#include "truth.h"
#include "verdict.h"
#include "view.h"

/* the unit a name says, by regular expressions of its own (not cnt_unit's
 * code): a size bucket counts packets, a duration microseconds */
static int unit_by_name(const char *name)
{
	static regex_t bucket, bytes, dur, pkts;
	static bool init;

	if (!init) {
		regcomp(&bucket, "(^|_)[0-9]+(_to_[0-9]+)?_bytes",
			REG_EXTENDED | REG_NOSUB | REG_ICASE);
		regcomp(&bytes, "bytes|octets", REG_EXTENDED | REG_NOSUB | REG_ICASE);
		regcomp(&dur, "duration", REG_EXTENDED | REG_NOSUB | REG_ICASE);
		regcomp(&pkts, "pkts|packets", REG_EXTENDED | REG_NOSUB | REG_ICASE);
		init = true;
	}
	if (!regexec(&dur, name, 0, NULL, 0))
		return SNAP_UNIT_USEC;
	if (!regexec(&bucket, name, 0, NULL, 0))
		return SNAP_UNIT_PACKETS;
	if (!regexec(&bytes, name, 0, NULL, 0))
		return SNAP_UNIT_BYTES;
	if (!regexec(&pkts, name, 0, NULL, 0))
		return SNAP_UNIT_PACKETS;
	return -1;
}

/* Every name of the counter table and of the hardware fixtures' drivers
 * (tests/hw/gen_net_drivers.h) has the unit its name says. */
/* every counter source has its row, and its own name (sources.c) */
static void test_sources(void)
{
	unsigned int i, j;

	for (i = 0; i < SNAP_SRC_N; i++) {
		CHECK(snap_src(i) && snap_src(i)->name && snap_src(i)->what);
		for (j = 0; j < i; j++)
			CHECK(strcmp(snap_src_name(i), snap_src_name(j)));
	}
	CHECK(!snap_src(SNAP_SRC_N));
	CHECK_EQ_S(snap_src_name(SNAP_SRC_N), "n/a");
	CHECK_EQ_S(truth_src_name(SNAP_SRC_DRV), "driver");
}

static void test_units(void)
{
	static const char *const more[] = {
		"rx_prio3_bytes",
		"tx_prio3_bytes",
		"rx_prio3_pause_duration",
		"tx_prio0_pause_duration",
		"rx_global_pause_duration",
		"pfc_pri3_rx_duration_us",
		"rx_65_to_127_bytes_phy",
		"rx_64_bytes_phy",
		"rx_1519_to_2047_bytes_phy",
		"rx_vport_rdma_unicast_bytes",
		"rx_bytes_phy",
		"rx_packets_phy",
		"rx0_bytes",
	};
	size_t ng, i, k, n = 0;
	const struct cnt_group *g = cnt_groups(&ng);
	char *fix = test_slurp("tests/hw/gen_net_drivers.h", NULL), *p;

	for (i = 0; i < ng; i++)
		for (k = 0; k < g[i].n; k++) {
			const char *name = g[i].e[k].name;
			int want = unit_by_name(name);

			n++;
			if (want >= 0 && cnt_unit(name) != want)
				fprintf(stderr, "%s: unit %s, its name says %s\n", name,
					cnt_unit_name(cnt_unit(name)),
					cnt_unit_name((uint8_t)want));
			CHECK(want < 0 || cnt_unit(name) == want);
		}
	for (i = 0; i < sizeof(more) / sizeof(more[0]); i++) {
		CHECK_EQ_U(cnt_unit(more[i]), unit_by_name(more[i]));
		n++;
	}
	/* the fixtures' driver names: S("name", ...) */
	CHECK(fix != NULL);
	for (p = fix; p && (p = strstr(p, "S(\"")); p++) {
		char name[96];
		const char *e = strchr(p + 3, '"');
		int want;

		if (!e || e - p - 3 >= (long)sizeof(name))
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)(e - p - 3), p + 3);
		want = unit_by_name(name);
		if (want >= 0 && cnt_unit(name) != want)
			fprintf(stderr, "%s: unit %s, its name says %s\n", name,
				cnt_unit_name(cnt_unit(name)), cnt_unit_name((uint8_t)want));
		CHECK(want < 0 || cnt_unit(name) == want);
		n++;
	}
	free(fix);
	CHECK(n > 400);
	CHECK_EQ_S(cnt_unit_name(SNAP_UNIT_USEC), "microseconds");
}

/* The tables agree with the counter table: a byte figure's counters count
 * bytes, a packet figure's packets, an error figure's and every `sames`
 * name are errors; every rule cites its file. */
static void test_tables(void)
{
	size_t nr, ns, i, k;
	const struct truth_rule *r = truth_rules(&nr);
	const struct truth_same *sm = truth_sames(&ns);

	CHECK(nr > 30 && ns > 10);
	for (i = 0; i < nr; i++) {
		CHECK(r[i].file && *r[i].file && r[i].driver && r[i].why && r[i].n[0].name);
		CHECK(r[i].fig < TRUTH_FIG_N);
		for (k = 0; k < TRUTH_SUM_MAX && r[i].n[k].name; k++) {
			const char *n = r[i].n[k].name;
			int words;

			switch (r[i].fig) {
			case TRUTH_RX_BYTES:
			case TRUTH_TX_BYTES:
				CHECK(r[i].n[k].src == SNAP_SRC_PMA ?
					      sysfs_pma_unit(n, &words) == SNAP_UNIT_BYTES :
					      cnt_unit(n) == SNAP_UNIT_BYTES ||
						      !strncmp(n, "eth-mac-Octets", 14));
				break;
			case TRUTH_RX_PKTS:
			case TRUTH_TX_PKTS:
				CHECK(cnt_unit(n) == SNAP_UNIT_PACKETS || strstr(n, "Frames"));
				break;
			case TRUTH_CORR_BITS: {
				/* bits FEC mended: nothing lost, not in ERR/s */
				uint8_t fl;

				CHECK(strstr(n, "corrected_bits") != NULL);
				CHECK_EQ_U(cnt_classify(n, &fl), CNT_INFO);
				break;
			}
			default: {
				uint8_t fl;

				if (cnt_classify(n, &fl) != CNT_ERROR)
					fprintf(stderr, "rule %zu: %s is not an error\n", i, n);
				CHECK_EQ_U(cnt_classify(n, &fl), CNT_ERROR);
			}
			}
		}
	}
	for (i = 0; i < ns; i++)
		for (k = 0; k < TRUTH_SUM_MAX && sm[i].n[k].name; k++) {
			char n[96];
			uint8_t fl;
			char *h;

			snprintf(n, sizeof(n), "%s", sm[i].n[k].name);
			if ((h = strchr(n, '#')))
				*h = '3';
			if (cnt_classify(n, &fl) != CNT_ERROR)
				fprintf(stderr, "same %s: %s is not an error\n", sm[i].what, n);
			CHECK_EQ_U(cnt_classify(n, &fl), CNT_ERROR);
		}
}

struct ctr {
	uint8_t src;
	const char *name;
	double rate;
};

/* A snapshot of one port (device 3, port 1, link layer ll) with these
 * counters, each classed by its name and rated. */
static void port_of(struct snapshot *s, const char *ll, const struct ctr *c, size_t n)
{
	struct snap_dev *d;
	struct snap_port *p;
	size_t i;

	snap_init(s);
	d = snap_push(&s->devs, sizeof(*d));
	d->index = 3;
	snprintf(d->name, sizeof(d->name), "mlx5_0");
	p = snap_port_get(s, 3, 1);
	p->valid |= SNAP_PORT_LINK_LAYER | SNAP_PORT_STATE | SNAP_PORT_NDEV;
	p->state = 4;
	snprintf(p->link_layer, sizeof(p->link_layer), "%s", ll);
	snprintf(p->ndev, sizeof(p->ndev), "ens1f0np0");
	for (i = 0; i < n; i++)
		truth_ctr_push(s, 1, c[i].src, c[i].name, c[i].rate);
	s->rated++;
}

#define DRV SNAP_SRC_DRV
#define NL SNAP_SRC_ETHNL
#define ND SNAP_SRC_NETDEV
#define HW SNAP_SRC_HW
#define PMA SNAP_SRC_PMA

/* mlx5 RoCE in a pause storm, as tests/hw/gen_net_drivers.h lays it out */
static const struct ctr roce[] = {
	{ ND, "rx_bytes", 0 },
	{ ND, "tx_bytes", 0 },
	{ ND, "rx_errors", 40 },
	{ ND, "rx_dropped", 200 },
	{ HW, "out_of_buffer", 0 },
	{ HW, "packet_seq_err", 1 },
	{ DRV, "rx_bytes_phy", 280e6 },
	{ DRV, "tx_bytes_phy", 260e6 },
	{ DRV, "rx_packets_phy", 70e3 },
	{ DRV, "tx_packets_phy", 65e3 },
	{ NL, "eth-mac-OctetsReceivedOK", 280e6 },
	{ NL, "eth-mac-OctetsTransmittedOK", 200e6 },
	{ DRV, "rx_crc_errors_phy", 3 },
	{ NL, "eth-mac-FrameCheckSequenceErrors", 3 },
	{ DRV, "rx_symbol_err_phy", 35 },
	{ NL, "eth-phy-SymbolErrorDuringCarrier", 35 },
	{ DRV, "rx_discards_phy", 2500 },
	{ DRV, "tx_discards_phy", 0 },
	{ DRV, "rx_prio3_discards", 2500 },
	{ DRV, "rx_out_of_buffer", 200 },
	{ DRV, "tx_pause_storm_error_events", 5 },
	{ DRV, "rx_prio3_pause_duration", 920000 },
	{ DRV, "tx_prio3_pause_duration", 3000 },
	{ NL, "fec_uncorrectable_blocks", 10 },
};

static void test_roce(void)
{
	struct snapshot s;
	struct port_truth t;
	struct view_link_rates r;
	char buf[64];

	port_of(&s, "Ethernet", roce, sizeof(roce) / sizeof(roce[0]));
	truth_port(&s, 3, 1, &t);
	/* the wire's bytes, not the netdev's 0 */
	CHECK(t.f[TRUTH_RX_BYTES].valid && t.f[TRUTH_RX_BYTES].v == 280e6);
	CHECK_EQ_S(snap_s(&s, t.f[TRUTH_RX_BYTES].name), "rx_bytes_phy");
	CHECK_EQ_U(t.f[TRUTH_RX_BYTES].src, DRV);
	/* the standard group's count agrees for RX, not for TX (200e6 of 260e6) */
	CHECK(t.f[TRUTH_RX_BYTES].other_valid && t.f[TRUTH_RX_BYTES].other == 280e6);
	CHECK(t.f[TRUTH_TX_BYTES].other_valid && t.f[TRUTH_TX_BYTES].other == 200e6);
	view_link_rates(&s, 3, 1, &r);
	CHECK_EQ_S(view_link_src_label(&s, &r, 0, buf, sizeof(buf)), "driver:rx_bytes_phy");
	/* SYMBOL/s and FCS/s from the standard groups, DISCARD the port's */
	CHECK(t.f[TRUTH_SYMBOL].valid && t.f[TRUTH_SYMBOL].v == 35 && t.f[TRUTH_SYMBOL].src == NL);
	CHECK(t.f[TRUTH_FCS].valid && t.f[TRUTH_FCS].v == 3);
	CHECK(t.f[TRUTH_DISCARD].valid && t.f[TRUTH_DISCARD].v == 2500 &&
	      t.f[TRUTH_DISCARD].nsum == 2);
	CHECK(t.f[TRUTH_OOB].valid && t.f[TRUTH_OOB].v == 200 && t.f[TRUTH_OOB].nsum == 2);
	/* ERR/s: FCS 3 + symbol 35 + discards 2500 + out-of-buffer 200 +
	 * storm 5 + FEC 10 + packet_seq_err 1, each once: not the driver's FCS
	 * and symbol counts again, not priority 3's discards, not the
	 * netdev's rx_errors and rx_dropped */
	CHECK(t.err_valid && fabs(t.err - 2754) < 1e-9);
	CHECK_EQ_U(t.n_same, 5);
	CHECK_EQ_S(snap_s(&s, t.errs[0].name), "rx_discards_phy");
	CHECK_EQ_S(snap_s(&s, t.errs[1].name), "rx_out_of_buffer");
	/* 920000 microseconds a second: 92% */
	CHECK(t.pause_valid[0][3] && fabs(t.pause[0][3] - 0.92) < 1e-9);
	CHECK_EQ_U(t.pause_worst[0], 3);
	snap_free(&s);
}

/* A pause duration past the window (a counter read late, a recording's
 * clock): the share cut to 100%, what the counter said kept; a late read
 * within 5% is not called out */
static void test_pause_over(void)
{
	static const struct ctr c[] = {
		{ DRV, "rx_prio3_pause_duration", 8994110 },
		{ DRV, "tx_prio3_pause_duration", 1030000 },
		{ DRV, "rx_prio1_pause_duration", 500000 },
	};
	struct snapshot s;
	struct port_truth t;
	struct verdict v;

	port_of(&s, "Ethernet", c, 3);
	truth_port(&s, 3, 1, &t);
	CHECK(t.pause[0][3] == 1 && t.pause_over[0][3]);
	CHECK(fabs(t.pause_raw[0][3] - 8.99411) < 1e-9);
	CHECK(t.pause[1][3] == 1 && !t.pause_over[1][3]);
	CHECK(t.pause[0][1] == 0.5 && !t.pause_over[0][1]);
	CHECK_EQ_U(t.pause_worst[0], 3);
	verdict_port(&s, snap_port_find(&s, 3, 1), &v);
	CHECK(v.n > 0 && v.r[0].rule == VR_PAUSE_RX && v.r[0].value == 100);
	snap_free(&s);
}

/* Without the whole, a priority's discards count; without the driver's
 * error counters, the netdev's totals do. */
static void test_parts(void)
{
	static const struct ctr c[] = {
		{ DRV, "rx_prio3_discards", 7 },
		{ DRV, "rx_prio4_discards", 2 },
		{ ND, "rx_errors", 40 },
	};
	static const struct ctr nd[] = { { ND, "rx_errors", 40 }, { ND, "rx_dropped", 2 } };
	struct snapshot s;
	struct port_truth t;

	port_of(&s, "Ethernet", c, 3);
	truth_port(&s, 3, 1, &t);
	CHECK(fabs(t.err - 9) < 1e-9 && t.n_same == 1);
	snap_free(&s);
	port_of(&s, "Ethernet", nd, 2);
	truth_port(&s, 3, 1, &t);
	CHECK(fabs(t.err - 42) < 1e-9 && t.n_same == 0);
	snap_free(&s);
}

/* InfiniBand: the PMA's bytes; a saturated one yields to the next row */
static void test_ib(void)
{
	static const struct ctr c[] = {
		{ PMA, "port_rcv_data", 4e9 },
		{ PMA, "port_xmit_data", 1 },
		{ ND, "rx_bytes", 10 },
		{ ND, "tx_bytes", 20 },
		{ PMA, "symbol_error", 1 },
		{ DRV, "rx_bytes_phy", 99 }, /* an Ethernet row: not on IB */
	};
	struct snapshot s;
	struct port_truth t;
	struct snap_counter *x;

	port_of(&s, "InfiniBand", c, sizeof(c) / sizeof(c[0]));
	x = SNAP_AT(&s.counters, struct snap_counter, 1);
	x->sat = SNAP_CNT_SATURATES | SNAP_CNT_SATURATED;
	x->rate_status = RATE_SAT;
	truth_port(&s, 3, 1, &t);
	CHECK(t.f[TRUTH_RX_BYTES].v == 4e9 && t.f[TRUTH_RX_BYTES].src == PMA);
	CHECK(t.f[TRUTH_TX_BYTES].valid && t.f[TRUTH_TX_BYTES].v == 20 &&
	      t.f[TRUTH_TX_BYTES].src == ND);
	CHECK(t.f[TRUTH_SYMBOL].valid && t.f[TRUTH_SYMBOL].src == PMA);
	snap_free(&s);
}

/* Each rule trips on its counters, and does not with its threshold moved. */
static void test_verdict(void)
{
	static const struct {
		struct ctr c;
		const char *rule, *moved, *text;
		uint8_t level;
	} cs[] = {
		{ { DRV, "rx_prio3_pause_duration", 920000 },
		  "pause_rx",
		  "pause_rx=95",
		  "prio 3 paused 92%",
		  VERDICT_FAIL },
		{ { DRV, "tx_prio2_pause_duration", 200000 },
		  "pause_tx",
		  "pause_tx=30,60",
		  "prio 2 pausing peer 20%",
		  VERDICT_WARN },
		{ { DRV, "rx_discards_phy", 2500 },
		  "discards",
		  "discards=3000",
		  "discards 2.5K/s",
		  VERDICT_FAIL },
		{ { DRV, "rx_out_of_buffer", 40 },
		  "out_of_buffer",
		  "out_of_buffer=50",
		  "out-of-buffer 40/s",
		  VERDICT_WARN },
		{ { DRV, "tx_pause_storm_error_events", 5 },
		  "pause_storm",
		  "pause_storm=10",
		  "pause storm 5/s",
		  VERDICT_FAIL },
		{ { DRV, "rx_symbol_err_phy", 0.05 },
		  "symbol_errors",
		  "symbol_errors=0.1",
		  "symbol errors 0.05/s",
		  VERDICT_FAIL },
		{ { PMA, "link_error_recovery", 0.1 },
		  "link_error_recovery",
		  "link_error_recovery=1",
		  "link recoveries 0.1/s",
		  VERDICT_WARN },
		{ { DRV, "rx_crc_errors_phy", 1 },
		  "fcs_errors",
		  "fcs_errors=2",
		  "FCS errors 1/s",
		  VERDICT_FAIL },
		{ { NL, "fec_uncorrectable_blocks", 0.01 },
		  "fec_uncorrectable",
		  "fec_uncorrectable=0.02",
		  "FEC uncorrectable 0.01/s",
		  VERDICT_WARN },
		/* an error no rule judges: ERR/s is never beside an OK */
		{ { PMA, "port_rcv_errors", 1 },
		  "errors",
		  "errors=5",
		  "errors 1/s (port_rcv_errors)",
		  VERDICT_WARN },
	};
	const struct verdict_rule_def *rules = verdict_rules();
	char err[256], text[96];
	size_t i;

	for (i = 0; i < sizeof(cs) / sizeof(cs[0]); i++) {
		const char *spec[] = { cs[i].moved };
		struct snapshot s;
		struct verdict v;

		port_of(&s, "Ethernet", &cs[i].c, 1);
		CHECK_EQ_U(verdict_set_thresholds(NULL, 0, err, sizeof(err)), 0);
		verdict_port(&s, SNAP_AT(&s.ports, struct snap_port, 0), &v);
		CHECK_EQ_U(v.level, cs[i].level);
		CHECK(v.n == 1);
		if (v.n) {
			CHECK_EQ_S(rules[v.r[0].rule].id, cs[i].rule);
			CHECK_EQ_S(verdict_reason_text(&s, &v.r[0], text, sizeof(text)),
				   cs[i].text);
		}
		CHECK_EQ_U(verdict_set_thresholds(spec, 1, err, sizeof(err)), 0);
		s.rated++; /* a verdict is kept while its sample is: a new one */
		verdict_port(&s, SNAP_AT(&s.ports, struct snap_port, 0), &v);
		CHECK_EQ_U(v.level, VERDICT_OK);
		CHECK_EQ_U(v.n, 0);
		snap_free(&s);
	}
	/* flaps: a carrier lost and got back 3 times in one window, then 12
	 * link downs in another */
	{
		struct snapshot s;
		struct snap_port *p;
		struct verdict v;

		CHECK_EQ_U(verdict_set_thresholds(NULL, 0, err, sizeof(err)), 0);
		port_of(&s, "Ethernet", NULL, 0);
		p = SNAP_AT(&s.ports, struct snap_port, 0);
		p->nchanges = 1;
		p->changes[0] =
			(struct snap_link_change){ .from_state = 4, .state = 4, .carrier = 6 };
		verdict_port(&s, p, &v);
		CHECK(v.level == VERDICT_WARN && v.n == 1 && v.r[0].rule == VR_FLAPS);
		CHECK_EQ_S(verdict_reason_text(&s, &v.r[0], text, sizeof(text)), "3 flaps");
		p->nchanges = 2;
		p->changes[1] =
			(struct snap_link_change){ .from_state = 1, .state = 4, .downed = 12 };
		s.rated++;
		verdict_port(&s, p, &v);
		CHECK(v.level == VERDICT_FAIL && v.n == 1 && v.r[0].value == 15);
		snap_free(&s);
	}
	/* a port down; an unknown rule and bad numbers refused */
	{
		const char *bad[] = { "nosuch=1",     "discards=",   "discards=5,1",
				      "discards=nan", "discards=-1", "discards" };
		struct snapshot s;
		struct verdict v;

		CHECK_EQ_U(verdict_set_thresholds(NULL, 0, err, sizeof(err)), 0);
		port_of(&s, "Ethernet", NULL, 0);
		SNAP_AT(&s.ports, struct snap_port, 0)->state = 1;
		verdict_port(&s, SNAP_AT(&s.ports, struct snap_port, 0), &v);
		CHECK(v.level == VERDICT_FAIL && v.n == 1 && v.r[0].rule == VR_PORT_DOWN);
		snap_free(&s);
		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
			CHECK(verdict_set_thresholds(&bad[i], 1, err, sizeof(err)) == -EINVAL &&
			      strstr(err, "threshold"));
	}
}

/* The verdict line's reasons cut with a mark, never a reason in half. */
static void test_line(void)
{
	struct snapshot s;
	struct verdict v;
	char buf[256];

	verdict_set_thresholds(NULL, 0, buf, sizeof(buf));
	port_of(&s, "Ethernet", roce, sizeof(roce) / sizeof(roce[0]));
	verdict_port(&s, SNAP_AT(&s.ports, struct snap_port, 0), &v);
	CHECK_EQ_U(v.level, VERDICT_FAIL);
	/* 55 columns of reasons and one for the mark: more follow */
	CHECK_EQ_S(verdict_reasons_line(&s, &v, 56, false, buf, sizeof(buf)),
		   "prio 3 paused 92%, discards 2.5K/s, out-of-buffer 200/s\xe2\x80\xa6");
	CHECK_EQ_S(verdict_reasons_line(&s, &v, 20, true, buf, sizeof(buf)), "prio 3 paused 92%~");
	CHECK_EQ_U(verdict_reasons_fit(&s, &v, 55), 2);
	CHECK_EQ_U(verdict_reasons_fit(&s, &v, 17), 0);
	CHECK(strstr(verdict_reasons_line(&s, &v, 400, true, buf, sizeof(buf)),
		     "pause storm 5/s, symbol errors 35/s, FCS errors 3/s, FEC uncorrectable 10/s"));
	snap_free(&s);
}

/* doc/counters.md's "The headline figures", written from the tables */
static char *doc_text(void)
{
	static const char *const ll[] = { "any", "IB", "Ethernet" };
	const struct verdict_rule_def *vr = verdict_rules();
	size_t nr, ns, i, k, len = 0;
	const struct truth_rule *r = truth_rules(&nr);
	const struct truth_same *sm = truth_sames(&ns);
	char *buf = NULL;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	fputs("| figure | link layer | counters (summed) | driver | file | why |\n"
	      "|---|---|---|---|---|---|\n",
	      f);
	for (i = 0; i < nr; i++) {
		fprintf(f, "| %s | %s | ", truth_fig_key((enum truth_fig)r[i].fig), ll[r[i].ll]);
		for (k = 0; k < TRUTH_SUM_MAX && r[i].n[k].name; k++)
			fprintf(f, "%s`%s:%s`", k ? " + " : "", truth_src_name(r[i].n[k].src),
				r[i].n[k].name);
		fprintf(f, " | %s | %s | %s%s |\n", r[i].driver, r[i].file, r[i].why,
			r[i].agree ? " (compared with the row of its letter)" : "");
	}
	fputs("\n### One event, one count\n\n"
	      "| event | names, the first the port has counts | |\n|---|---|---|\n",
	      f);
	for (i = 0; i < ns; i++) {
		fprintf(f, "| %s | ", sm[i].what);
		for (k = 0; k < TRUTH_SUM_MAX && sm[i].n[k].name; k++)
			fprintf(f, "%s`%s:%s`", k ? ", " : "", truth_src_name(sm[i].n[k].src),
				sm[i].n[k].name);
		fprintf(f, " | %s%s |\n",
			sm[i].part ? "the others are parts of the first: "
				     "counted only without it; " :
				     "",
			sm[i].file);
	}
	fputs("\n### The verdict\n\n| rule | WARN at | FAIL at | unit | from |\n"
	      "|---|---|---|---|---|\n",
	      f);
	for (i = 0; i < VR_N; i++) {
		char w[32], x[32];

		snprintf(w, sizeof(w), "%.4g", vr[i].warn);
		snprintf(x, sizeof(x), vr[i].fail >= 1e300 ? "never" : "%.4g", vr[i].fail);
		if (vr[i].own_warn) { /* each module's own thresholds */
			snprintf(w, sizeof(w), "%s", vr[i].own_warn);
			snprintf(x, sizeof(x), "%s", vr[i].own_fail);
		}
		fprintf(f, "| `%s` | %s | %s | %s | %s |\n", vr[i].id, w, x, vr[i].unit,
			vr[i].source);
	}
	fclose(f);
	return buf;
}

static void test_doc(void)
{
	test_doc_section("doc/counters.md",
			 "<!-- the headline figures: tests/unit/test_truth.c -->\n",
			 "<!-- end of the headline figures -->\n", doc_text(),
			 "build/tests/test_truth");
}

TEST_MAIN(test_sources, test_units, test_tables, test_roce, test_pause_over, test_parts, test_ib,
	  test_verdict, test_line, test_doc)
