// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The RoCE ports' netdev families (src/net): PFC per priority (DCB),
 * the link's pause frames and FEC blocks (ethtool netlink), the standard
 * groups of STATS_GET (`ethtool -S --all-groups`), the driver's
 * `ethtool -S` counters.  One series per priority and direction, so
 * rate(rdma_netdev_pfc_frames_total{priority="3",direction="rx"}) is the
 * pause storm.  Present only where a netdev was read.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "om.h"
#include "truth.h"

/* the counters of one source, each through emit; returns whether any */
static bool each(struct om *w, uint8_t src, bool (*want)(const char *name),
		 void (*emit)(struct om *w, const struct snap_counter *c, const char *ndev))
{
	const struct snapshot *s = w->s;
	bool any = false;
	size_t i;

	for (i = 0; i < s->counters.n; i++) {
		const struct snap_counter *c = SNAP_AT(&s->counters, struct snap_counter, i);
		const struct snap_port *p;

		if (c->source != src || (want && !want(snap_s(s, c->name))))
			continue;
		p = snap_port_find(s, c->dev, c->port);
		emit(w, c, p ? p->ndev : "");
		any = true;
	}
	return any;
}

/* src/net/dcb.c's names: requests_prioN, indications_prioN */
static bool is_pfc(const char *n)
{
	return !strncmp(n, "indications_prio", 16) || !strncmp(n, "requests_prio", 13);
}

static void pfc(struct om *w, const struct snap_counter *c, const char *ndev)
{
	const char *name = snap_s(w->s, c->name);
	bool rx = !strncmp(name, "indications_prio", 16);
	char dbuf[16], port[16];
	const char *prio = name + (rx ? 16 : 13);	/* after "requests_prio" */

	snprintf(port, sizeof(port), "%" PRIu32, c->port);
	out_om_u(w, (struct om_label[]){
			 { "device", out_om_dev_label(w->s, c->dev, dbuf, sizeof(dbuf)) },
			 { "port", port }, { "netdev", ndev }, { "priority", prio },
			 { "direction", rx ? "rx" : "tx" } }, 5, out_om_value(w, c));
}

static bool is_pause(const char *n)
{
	return !strcmp(n, "rx_pause_frames") || !strcmp(n, "tx_pause_frames");
}

static bool is_fec(const char *n)
{
	return !strcmp(n, "fec_corrected_blocks") || !strcmp(n, "fec_uncorrectable_blocks");
}

/* c's value, labelled with its device, port and netdev, then the n of extra */
static void link_u(struct om *w, const struct snap_counter *c, const char *ndev,
		   const struct om_label *extra, size_t n)
{
	char dbuf[16], port[16];
	struct om_label l[5] = {
		{ "device", out_om_dev_label(w->s, c->dev, dbuf, sizeof(dbuf)) },
		{ "port", port },
		{ "netdev", ndev },
	};

	snprintf(port, sizeof(port), "%" PRIu32, c->port);
	memcpy(l + 3, extra, n * sizeof(*extra));
	out_om_u(w, l, 3 + n, out_om_value(w, c));
}

static void link_pause(struct om *w, const struct snap_counter *c, const char *ndev)
{
	const struct om_label l[] = {
		{ "direction", snap_s(w->s, c->name)[0] == 'r' ? "rx" : "tx" },
	};

	link_u(w, c, ndev, l, NL(l));
}

static void fec(struct om *w, const struct snap_counter *c, const char *ndev)
{
	const struct om_label l[] = {
		{ "kind", strstr(snap_s(w->s, c->name), "uncorr") ? "uncorrectable" : "corrected" },
	};

	link_u(w, c, ndev, l, NL(l));
}

/* src/net/ethtool.c's FEC histogram bins: fec_hist_binN */
static bool is_hist(const char *n)
{
	return !strncmp(n, "fec_hist_bin", 12);
}

/* a bin's codewords, labelled with its range (the netdev's row: the
 * kernel's bin_low and bin_high, ethtool --json --show-fec -I's keys) */
static void hist(struct om *w, const struct snap_counter *c, const char *ndev)
{
	const struct snap_net *n = snap_net_find(w->s, ndev);
	unsigned int k = (unsigned int)strtoul(snap_s(w->s, c->name) + 12, NULL, 10);
	char lo[16], hi[16];
	const struct om_label l[] = { { "bin_low", lo }, { "bin_high", hi } };

	if (!n || k >= n->n_fec_bins)
		return;
	snprintf(lo, sizeof(lo), "%" PRIu32, n->fec_bin[k].low);
	snprintf(hi, sizeof(hi), "%" PRIu32, n->fec_bin[k].high);
	link_u(w, c, ndev, l, NL(l));
}

/* the pre-FEC bit error rate of each port with one (truth.h ber) */
static void pre_ber(struct om *w)
{
	const struct snapshot *s = w->s;
	bool open = false;
	size_t i;

	for (i = 0; i < s->ports.n; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);
		char dbuf[16], port[16];
		struct port_truth t;

		truth_port(s, p->dev, p->port, &t);
		if (!t.ber_valid)
			continue;
		if (!open)
			out_om_family(w, "rdma_netdev_fec_pre_ber", OM_GAUGE, NULL,
				      "The bit error rate before FEC of the port's netdev: FEC's "
				      "corrected bits a second over the link's speed, as rdmatop's "
				      "BER column (ethtool FEC_GET corrected bits, mlx5 "
				      "rx_corrected_bits_phy).");
		open = true;
		snprintf(port, sizeof(port), "%" PRIu32, p->port);
		out_om_d(w, (struct om_label[]){
				 { "device", out_om_dev_label(s, p->dev, dbuf, sizeof(dbuf)) },
				 { "port", port }, { "netdev", p->ndev } }, 3, t.ber);
	}
}

/* src/net/stats.c's names: "eth-mac-FrameCheckSequenceErrors",
 * "rmon-rx-etherStatsPkts65to127Octets" */
static bool is_std(const char *n)
{
	return (!strncmp(n, "eth-", 4) && strchr(n + 4, '-')) || !strncmp(n, "rmon-", 5);
}

static void std_stat(struct om *w, const struct snap_counter *c, const char *ndev)
{
	const char *name = snap_s(w->s, c->name);
	const char *sep = name[0] == 'r' ? name + 4 : strchr(name + 4, '-');
	char dbuf[16], port[16], grp[16];

	snprintf(port, sizeof(port), "%" PRIu32, c->port);
	snprintf(grp, sizeof(grp), "%.*s", (int)(sep - name), name);
	out_om_u(w, (struct om_label[]){
			 { "device", out_om_dev_label(w->s, c->dev, dbuf, sizeof(dbuf)) },
			 { "port", port }, { "netdev", ndev }, { "group", grp },
			 { "counter", sep + 1 }, { "class", cnt_class_name(c->cls) } },
		 6, out_om_value(w, c));
}

static void drv(struct om *w, const struct snap_counter *c, const char *ndev)
{
	const struct om_label l[] = {
		{ "counter", snap_s(w->s, c->name) },
		{ "class", cnt_class_name(c->cls) },
	};

	link_u(w, c, ndev, l, NL(l));
}

static void fam(struct om *w, uint8_t src, bool (*want)(const char *),
		void (*emit)(struct om *, const struct snap_counter *, const char *),
		const char *name, const char *help)
{
	size_t i;

	for (i = 0; i < w->s->counters.n; i++) {
		const struct snap_counter *c = SNAP_AT(&w->s->counters, struct snap_counter, i);

		if (c->source == src && (!want || want(snap_s(w->s, c->name)))) {
			out_om_family(w, name, OM_COUNTER, NULL, help);
			each(w, src, want, emit);
			return;
		}
	}
}

void out_om_net(struct om *w)
{
	if (!w->s->nets.n)
		return;
	fam(w, SNAP_SRC_DCB, is_pfc, pfc, "rdma_netdev_pfc_frames",
	    "PFC pause frames of the port's netdev per priority (DCB netlink, struct ieee_pfc "
	    "as dcb -s pfc show prints it): direction rx = received (indications), tx = sent "
	    "(requests).");
	fam(w, SNAP_SRC_ETHNL, is_pause, link_pause, "rdma_netdev_pause_frames",
	    "Pause frames of the port's netdev (ethtool netlink PAUSE_GET statistics, "
	    "ethtool -I -a).");
	fam(w, SNAP_SRC_ETHNL, is_fec, fec, "rdma_netdev_fec_blocks",
	    "FEC blocks of the port's netdev (ethtool netlink FEC_GET statistics, ethtool -I "
	    "--show-fec): kind corrected or uncorrectable (frames lost).");
	fam(w, SNAP_SRC_ETHNL, is_hist, hist, "rdma_netdev_fec_histogram_codewords",
	    "FEC codewords of the port's netdev by the symbol errors FEC corrected in each, "
	    "bin_low to bin_high (ethtool netlink FEC_GET histogram, Linux 6.18+, ethtool -I "
	    "--show-fec).");
	pre_ber(w);
	fam(w, SNAP_SRC_ETHNL, is_std, std_stat, "rdma_netdev_standard_stat",
	    "The IEEE 802.3 and RMON statistics of the port's netdev (ethtool netlink "
	    "STATS_GET, ethtool -S --all-groups): group eth-phy, eth-mac, eth-ctrl or rmon, "
	    "counter as ethtool names it (rmon's rx-/tx- packet size buckets); class as rdmatop "
	    "classes it.");
	fam(w, SNAP_SRC_DRV, NULL, drv, "rdma_netdev_driver_stat",
	    "The driver's own statistics of the port's netdev (ethtool -S, per-queue counters "
	    "left out), named by the driver; class as rdmatop classes it (flow: pauses).");
	out_om_module(w);
}
