// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A link's Ethernet layer in JSON (doc/json.md, "links"): under the keys
 * the tools that read the same bytes use.  "pfc" is iproute2's `dcb -j pfc
 * show dev X` (dcb/dcb_pfc.c: pfc_cap, macsec_bypass, delay, prio_pfc,
 * requests, indications); "pause" and "fec" are `ethtool --json -a -I`
 * and `ethtool --json --show-fec -I` (netlink/pause.c, netlink/fec.c:
 * autonegotiate, rx, tx, statistics); "standard" is `ethtool --json -S
 * DEV --all-groups` (netlink/stats.c: a group's object each, rmon's
 * histograms as rx-pktsNtoM / tx-pktsNtoM arrays of low, high, val);
 * "network" has rdmatop's rates.
 */
#include <stdio.h>
#include <string.h>

#include "jw.h"
#include "net.h"
#include "net_view.h"
#include "util.h"

static const struct snap_counter *find(const struct snapshot *s, const struct snap_port *p,
				       uint8_t src, const char *name)
{
	const struct snap_counter *c;
	struct snap_ctr_it it;

	snap_ctrs_of(s, p->dev, p->port, &it);
	while ((c = snap_ctr_next(&it))) {
		if (c->dev == p->dev && c->port == p->port && c->source == src &&
		    !strcmp(snap_s(s, c->name), name))
			return c;
	}
	return NULL;
}

static void pfc(struct jw *w, const struct snapshot *s, const struct snap_port *p,
		const struct snap_net *n)
{
	static const char *const arr[2] = { "requests", "indications" };
	char name[32];
	int i, k;

	jw_open(w, "pfc", '{');
	jw_u(w, "pfc_cap", n->pfc_cap);
	jw_b(w, "macsec_bypass", n->mbc);
	jw_u(w, "delay", n->delay);
	jw_open(w, "prio_pfc", '[');
	for (i = 0; i < SNAP_NET_PRIOS; i++)
		jw_b(w, NULL, n->pfc_en >> i & 1);
	jw_close(w, ']');
	for (k = 0; k < 2; k++) {
		jw_open(w, arr[k], '[');
		for (i = 0; i < SNAP_NET_PRIOS; i++) {
			const struct snap_counter *c;

			snprintf(name, sizeof(name), "%s_prio%d", arr[k], i);
			c = find(s, p, SNAP_SRC_DCB, name);
			jw_u(w, NULL, c ? c->value : 0);
		}
		jw_close(w, ']');
	}
	jw_close(w, '}');
}

static void stat(struct jw *w, const struct snapshot *s, const struct snap_port *p,
		 const char *name, const char *key, bool total)
{
	const struct snap_counter *c = find(s, p, SNAP_SRC_ETHNL, name);

	if (!c)
		return;
	if (total) {
		char lane[48];
		int i;

		jw_open(w, key, '{');
		jw_u(w, "total", c->value);
		for (i = 0; i < 8; i++) {
			const struct snap_counter *l;

			snprintf(lane, sizeof(lane), "%s_lane%d", name, i);
			if (!(l = find(s, p, SNAP_SRC_ETHNL, lane)))
				break;
			if (!i)
				jw_open(w, "lanes", '[');
			jw_u(w, NULL, l->value);
		}
		if (i)
			jw_close(w, ']');
		jw_close(w, '}');
	} else {
		jw_u(w, key, c->value);
	}
}

/*
 * The FEC histogram as ethtool --json --show-fec -I writes it (ethtool 6.19
 * netlink/fec.c fec_show_hist_bin: "hist", each bin's bin_low, bin_high,
 * total and lanes), and rdmatop's own per_sec: the bin's total a second.
 */
static void fec_hist(struct jw *w, const struct snapshot *s, const struct snap_port *p,
		     const struct snap_net *n)
{
	char name[24];
	unsigned int i, l;

	jw_open(w, "hist", '[');
	for (i = 0; i < n->n_fec_bins; i++) {
		const struct snap_fec_bin *b = &n->fec_bin[i];
		const struct snap_counter *c;

		jw_open(w, NULL, '{');
		jw_u(w, "bin_low", b->low);
		jw_u(w, "bin_high", b->high);
		jw_u(w, "total", b->total);
		if (b->n_lanes) {
			jw_open(w, "lanes", '[');
			for (l = 0; l < b->n_lanes; l++)
				jw_u(w, NULL, b->lane[l]);
			jw_close(w, ']');
		}
		snprintf(name, sizeof(name), "fec_hist_bin%u", i);
		c = find(s, p, SNAP_SRC_ETHNL, name);
		if (c && c->rate_status == RATE_DATA)
			jw_d(w, "per_sec", c->rate);
		jw_close(w, '}');
	}
	jw_close(w, ']');
	if (n->fec_bins_more)
		jw_u(w, "hist_bins_not_kept", n->fec_bins_more);
}

/* An ethtool counter under the key ethtool's JSON gives it. */
struct eth_stat {
	const char *name, *key;
};

/* The "statistics" object of pause or FEC, where the port has the first or
 * the second of its counters; total: each as its total and its lanes. */
static void statistics(struct jw *w, const struct snapshot *s, const struct snap_port *p,
		       const struct eth_stat *st, size_t n, bool total, const struct snap_net *fec)
{
	bool hist = fec && (fec->valid & SNAP_NET_FEC_HIST);
	size_t i;

	if (!find(s, p, SNAP_SRC_ETHNL, st[0].name) && !find(s, p, SNAP_SRC_ETHNL, st[1].name) &&
	    !hist)
		return;
	jw_open(w, "statistics", '{');
	for (i = 0; i < n; i++)
		stat(w, s, p, st[i].name, st[i].key, total);
	if (hist)
		fec_hist(w, s, p, fec);
	jw_close(w, '}');
}

/* One standard group's counters (src/net/stats.c: "GROUP-Name"; rmon's
 * buckets "rmon-rx-etherStatsPktsLOWtoHIGHOctets"), hist: the buckets of
 * direction "rx-" or "tx-" instead.  Keys are the kernel's names from
 * stats.c's table, each once, whatever a recording's counters are called. */
static void std_group(struct jw *w, const struct snapshot *s, const struct snap_port *p,
		      unsigned int g, const char *hist)
{
	const char *grp = net_std_group_name(g);
	const struct snap_counter *c;
	struct snap_ctr_it it;
	size_t gl = strlen(grp);
	uint32_t done = 0;
	bool open = false;

	snap_ctrs_of(s, p->dev, p->port, &it);
	while ((c = snap_ctr_next(&it))) {
		const char *name;
		unsigned int lo, hi;

		if (c->dev != p->dev || c->port != p->port || c->source != SNAP_SRC_ETHNL)
			continue;
		name = snap_s(s, c->name);
		if (strncmp(name, grp, gl) || name[gl] != '-')
			continue;
		if (!hist) {
			int k = net_std_stat(g, name);

			if (k < 0 || k >= 32 || (done >> k & 1))
				continue;	/* a bucket, or a name of no group */
			done |= 1u << k;
			jw_u(w, net_std_stat_key(g, k), c->value);
			continue;
		}
		name += gl + 1;
		if (strncmp(name, hist, 3) ||
		    sscanf(name + 3, "etherStatsPkts%uto%uOctets", &lo, &hi) != 2)
			continue;
		if (!open) {
			char key[16];

			snprintf(key, sizeof(key), "%.2s-pktsNtoM", hist);
			jw_open(w, key, '[');
			open = true;
		}
		jw_open(w, NULL, '{');
		jw_u(w, "low", lo);
		jw_u(w, "high", hi);
		jw_u(w, "val", c->value);
		jw_close(w, '}');
	}
	if (open)
		jw_close(w, ']');
}

static void standard(struct jw *w, const struct snapshot *s, const struct snap_port *p,
		     const struct snap_net *n)
{
	unsigned int g;

	jw_open(w, "standard", '{');
	for (g = 0; g < NET_STD_GROUPS; g++) {
		if (!(n->std_groups >> g & 1))
			continue;
		jw_open(w, net_std_group_name(g), '{');
		std_group(w, s, p, g, NULL);
		if (g == NET_STD_GROUPS - 1) {	/* rmon: its histograms */
			std_group(w, s, p, g, "rx-");
			std_group(w, s, p, g, "tx-");
		}
		jw_close(w, '}');
	}
	jw_close(w, '}');
}

/* Long for a reason: the members in their JSON order (doc/json.md), one
 * after another. */
/* "pause": the settings, what was negotiated, the frame counts */
static void pause_info(struct jw *w, const struct snapshot *s, const struct snap_port *p,
		       const struct snap_net *n)
{
	static const struct eth_stat pause_stats[] = {
		{ "tx_pause_frames", "tx_pause_frames" },
		{ "rx_pause_frames", "rx_pause_frames" },
	};
	bool rx, tx;

	jw_open(w, "pause", '{');
	jw_b(w, "autonegotiate", n->pause_autoneg);
	jw_b(w, "rx", n->pause_rx);
	jw_b(w, "tx", n->pause_tx);
	if (snap_net_pause_negotiated(n, &rx, &tx)) {
		jw_open(w, "negotiated", '{');
		jw_b(w, "rx", rx);
		jw_b(w, "tx", tx);
		jw_close(w, '}');
	}
	statistics(w, s, p, pause_stats, ARRAY_SIZE(pause_stats), false, NULL);
	jw_close(w, '}');
}

/* "fec": the active mode and the block counts */
static void fec_info(struct jw *w, const struct snapshot *s, const struct snap_port *p,
		     const struct snap_net *n)
{
	static const struct eth_stat fec_stats[] = {
		{ "fec_corrected_blocks", "corrected_blocks" },
		{ "fec_uncorrectable_blocks", "uncorrectable_blocks" },
		{ "fec_corrected_bits", "corrected_bits" },
	};

	jw_open(w, "fec", '{');
	jw_open(w, "active", '[');
	jw_s(w, NULL, net_fec_name(n));
	jw_close(w, ']');
	statistics(w, s, p, fec_stats, ARRAY_SIZE(fec_stats), true, n);
	jw_close(w, '}');
}

/* The link's state as ethtool shows it: detected, why not, speed, ... */
static void link_state(struct jw *w, const struct snap_net *n)
{
	const char *st;

	if (n->valid & SNAP_NET_LINK)
		jw_b(w, "link_detected", n->link);
	if (n->valid & SNAP_NET_EXT_STATE) {
		st = net_ext_state_name(n->ext_state);
		if (st)
			jw_s(w, "link_ext_state", st);
		else
			jw_u(w, "link_ext_state", n->ext_state);
	}
	if (n->valid & SNAP_NET_SUBSTATE) {
		st = net_ext_substate_name(n->ext_state, n->ext_substate);
		if (st)
			jw_s(w, "link_ext_substate", st);
		else
			jw_u(w, "link_ext_substate", n->ext_substate);
	}
	if (n->valid & SNAP_NET_DOWN_CNT)
		jw_u(w, "link_down_events", n->ext_down_cnt);
	if (n->valid & SNAP_NET_SPEED && n->speed != UINT32_MAX)
		jw_u(w, "speed", n->speed);
	if (n->valid & SNAP_NET_LANES)
		jw_u(w, "lanes", n->lanes);
	if (n->valid & SNAP_NET_DUPLEX)
		jw_s(w, "duplex", net_duplex_name(n->duplex));
	if (n->valid & SNAP_NET_AUTONEG)
		jw_b(w, "autoneg", n->autoneg);
}

/* "network": the rates, and why an input said nothing */
static void network(struct jw *w, const struct snapshot *s, const struct snap_port *p,
		    const struct snap_net *n)
{
	struct net_rates r;
	int i;

	net_rates(s, p->dev, p->port, &r);
	jw_open(w, "network", '{');
	if (r.valid[NET_RATE_PAUSE_RX]) {
		jw_d(w, "pause_rx_per_sec", r.v[NET_RATE_PAUSE_RX]);
		if (r.prio[0] >= 0)
			jw_u(w, "pause_rx_prio", (uint64_t)r.prio[0]);
	}
	if (r.valid[NET_RATE_PAUSE_TX]) {
		jw_d(w, "pause_tx_per_sec", r.v[NET_RATE_PAUSE_TX]);
		if (r.prio[1] >= 0)
			jw_u(w, "pause_tx_prio", (uint64_t)r.prio[1]);
	}
	if (r.valid[NET_RATE_DISCARD])
		jw_d(w, "discard_per_sec", r.v[NET_RATE_DISCARD]);
	if (r.valid[NET_RATE_FEC_UNCORR])
		jw_d(w, "fec_uncorrectable_per_sec", r.v[NET_RATE_FEC_UNCORR]);
	if (r.valid[NET_RATE_FCS])
		jw_d(w, "fcs_errors_per_sec", r.v[NET_RATE_FCS]);
	if (r.valid[NET_RATE_SYMBOL])
		jw_d(w, "symbol_errors_per_sec", r.v[NET_RATE_SYMBOL]);
	/* why an input said nothing, once per port: "dcb": "not supported..." */
	for (i = 0; i < SNAP_NET_N; i++)
		if (n->err[i] && i != SNAP_NET_FAMILY) {
			jw_open(w, "unavailable", '{');
			for (; i < SNAP_NET_N; i++)
				if (n->err[i] && i != SNAP_NET_FAMILY)
					jw_s(w, net_in_name((unsigned int)i),
					     net_why_in((unsigned int)i, n->err[i]));
			jw_close(w, '}');
		}
	jw_close(w, '}');
}

void out_json_link_net(struct jw *w, const struct snapshot *s, const struct snap_port *p)
{
	const struct snap_net *n = net_of_port(s, p->dev, p->port);

	if (!n)
		return;
	if (n->valid & SNAP_NET_PFC)
		pfc(w, s, p, n);
	if (n->valid & SNAP_NET_PAUSE_CFG)
		pause_info(w, s, p, n);
	if (n->valid & SNAP_NET_FEC_MODE)
		fec_info(w, s, p, n);
	if (n->std_groups & ((1u << NET_STD_GROUPS) - 1))
		standard(w, s, p, n);
	link_state(w, n);
	if (n->valid & SNAP_NET_MOD)
		out_json_module(w, &n->mod);
	out_json_lowers(w, s, p->dev, p->port, n);
	network(w, s, p, n);
}
