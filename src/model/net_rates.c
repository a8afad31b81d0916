// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Links pane's network columns and the drill-down's per-priority
 * table, from the counters src/net read (net_view.h).  Per priority the
 * DCB counters come first (struct ieee_pfc, every driver with dcbnl's
 * ieee_getpfc); where a driver fills none, its own `ethtool -S` names:
 * mlx5 en_stats.c rx_prio3_pause, tx_prio3_pause, *_pause_duration,
 * rx_prio3_discards (6.1 to 6.12).  Without per-priority counters, the
 * link's pause frames (ethtool netlink PAUSE_GET stats) stand for them.
 */
#include <stdio.h>
#include <string.h>

#include <linux/ethtool.h>

#include "net_view.h"
#include "rate.h"
#include "truth.h"
#include "view.h"

const struct snap_net *net_of_port(const struct snapshot *s, uint32_t dev, uint32_t port)
{
	const struct snap_port *p = snap_port_find(s, dev, port);

	return p && (p->valid & SNAP_PORT_NDEV) ? snap_net_find(s, p->ndev) : NULL;
}

const char *net_fec_name(const struct snap_net *n)
{
	if (!n || !(n->valid & SNAP_NET_FEC_MODE))
		return "n/a";
	/* ethtool's names for the link mode bits (ethtool.c fec_modes) */
	switch (n->fec_active) {
	case ETHTOOL_LINK_MODE_FEC_NONE_BIT:
		return "Off";
	case ETHTOOL_LINK_MODE_FEC_RS_BIT:
		return "RS";
	case ETHTOOL_LINK_MODE_FEC_BASER_BIT:
		return "BaseR";
	case ETHTOOL_LINK_MODE_FEC_LLRS_BIT:
		return "LLRS";
	}
	return "unknown";
}

const char *net_ext_state_name(unsigned int state)
{
	/* enum ethtool_link_ext_state (5.10+), ethtool's names for it
	 * (netlink/settings.c, 6.1) */
	static const char *const names[] = {
		[ETHTOOL_LINK_EXT_STATE_AUTONEG] = "Autoneg",
		[ETHTOOL_LINK_EXT_STATE_LINK_TRAINING_FAILURE] = "Link training failure",
		[ETHTOOL_LINK_EXT_STATE_LINK_LOGICAL_MISMATCH] = "Logical mismatch",
		[ETHTOOL_LINK_EXT_STATE_BAD_SIGNAL_INTEGRITY] = "Bad signal integrity",
		[ETHTOOL_LINK_EXT_STATE_NO_CABLE] = "No cable",
		[ETHTOOL_LINK_EXT_STATE_CABLE_ISSUE] = "Cable issue",
		[ETHTOOL_LINK_EXT_STATE_EEPROM_ISSUE] = "EEPROM issue",
		[ETHTOOL_LINK_EXT_STATE_CALIBRATION_FAILURE] = "Calibration failure",
		[ETHTOOL_LINK_EXT_STATE_POWER_BUDGET_EXCEEDED] = "Power budget exceeded",
		[ETHTOOL_LINK_EXT_STATE_OVERHEAT] = "Overheat",
	};

	return state < sizeof(names) / sizeof(names[0]) ? names[state] : NULL;
}

const char *net_ext_substate_name(unsigned int state, unsigned int sub)
{
	/* enum ethtool_link_ext_substate_autoneg (5.10+, from 1) */
	static const char *const an[] = {
		[ETHTOOL_LINK_EXT_SUBSTATE_AN_NO_PARTNER_DETECTED] = "No partner detected",
		[ETHTOOL_LINK_EXT_SUBSTATE_AN_ACK_NOT_RECEIVED] = "Ack not received",
		[ETHTOOL_LINK_EXT_SUBSTATE_AN_NEXT_PAGE_EXCHANGE_FAILED] =
			"Next page exchange failed",
		[ETHTOOL_LINK_EXT_SUBSTATE_AN_NO_PARTNER_DETECTED_FORCE_MODE] =
			"No partner detected during force mode",
		[ETHTOOL_LINK_EXT_SUBSTATE_AN_FEC_MISMATCH_DURING_OVERRIDE] =
			"FEC mismatch during override",
		[ETHTOOL_LINK_EXT_SUBSTATE_AN_NO_HCD] = "No HCD",
	};

	if (state == ETHTOOL_LINK_EXT_STATE_AUTONEG && sub < sizeof(an) / sizeof(an[0]))
		return an[sub];
	return NULL;
}

const char *net_duplex_name(unsigned int duplex)
{
	return duplex == DUPLEX_FULL ? "Full" : duplex == DUPLEX_HALF ? "Half" : "Unknown";
}

/* "rx_prio3_pause" and the like: the priority, or -1 */
static int prio_of(const char *name, const char *pre, const char *post)
{
	size_t lp = strlen(pre);
	int p;

	if (strncmp(name, pre, lp) || name[lp] < '0' || name[lp] > '7')
		return -1;
	p = name[lp] - '0';
	return strcmp(name + lp + 1, post) ? -1 : p;
}

static void put(uint64_t *val, double *rate, bool *rated, bool *has, const struct snap_counter *c)
{
	*val = c->value;
	*has = true;
	if (c->rate_status == RATE_DATA) {
		*rate = c->rate;
		*rated = true;
	}
}

static void net_rates_of(const struct snapshot *s, uint32_t dev, uint32_t port, void *out);

void net_rates(const struct snapshot *s, uint32_t dev, uint32_t port, struct net_rates *r)
{
	view_port_value(s, dev, port, net_rates_of, r, sizeof(*r));
}

static void net_rates_of(const struct snapshot *s, uint32_t dev, uint32_t port, void *out)
{
	struct net_rates *r = out;
	bool dcb = false, fec = false;
	double glob[2] = { 0 };
	bool gvalid[2] = { false };
	struct port_truth t;
	const struct snap_counter *c;
	struct snap_ctr_it it;
	int k;

	memset(r, 0, sizeof(*r));
	r->prio[0] = r->prio[1] = -1;
	snap_ctrs_of(s, dev, port, &it);
	while ((c = snap_ctr_next(&it)))
		if (c->dev == dev && c->port == port && c->source == SNAP_SRC_DCB)
			dcb = true;
	snap_ctrs_of(s, dev, port, &it);
	while ((c = snap_ctr_next(&it))) {
		const char *name;
		int p;

		if (c->dev != dev || c->port != port)
			continue;
		name = snap_s(s, c->name);
		if (c->source == SNAP_SRC_DCB) {
			if ((p = prio_of(name, "indications_prio", "")) >= 0)
				put(&r->p[p].rx, &r->p[p].rx_rate, &r->p[p].rx_rated,
				    &r->p[p].has_rx, c);
			else if ((p = prio_of(name, "requests_prio", "")) >= 0)
				put(&r->p[p].tx, &r->p[p].tx_rate, &r->p[p].tx_rated,
				    &r->p[p].has_tx, c);
		} else if (c->source == SNAP_SRC_DRV) {
			if (!dcb && (p = prio_of(name, "rx_prio", "_pause")) >= 0)
				put(&r->p[p].rx, &r->p[p].rx_rate, &r->p[p].rx_rated,
				    &r->p[p].has_rx, c);
			else if (!dcb && (p = prio_of(name, "tx_prio", "_pause")) >= 0)
				put(&r->p[p].tx, &r->p[p].tx_rate, &r->p[p].tx_rated,
				    &r->p[p].has_tx, c);
			else if ((p = prio_of(name, "rx_prio", "_pause_duration")) >= 0) {
				r->p[p].rx_dur = c->value;
				r->p[p].has_rx_dur = true;
			} else if ((p = prio_of(name, "tx_prio", "_pause_duration")) >= 0) {
				r->p[p].tx_dur = c->value;
				r->p[p].has_tx_dur = true;
			} else if ((p = prio_of(name, "rx_prio", "_discards")) >= 0)
				put(&r->p[p].discard, &r->p[p].discard_rate,
				    &r->p[p].discard_rated, &r->p[p].has_discard, c);
		} else if (c->source == SNAP_SRC_ETHNL) {
			k = !strcmp(name, "rx_pause_frames") ? 0 :
			    !strcmp(name, "tx_pause_frames") ? 1 : -1;
			if (k >= 0 && c->rate_status == RATE_DATA) {
				glob[k] = c->rate;
				gvalid[k] = true;
			}
			if (!strcmp(name, "fec_uncorrectable_blocks") &&
			    c->rate_status == RATE_DATA) {
				r->v[NET_RATE_FEC_UNCORR] = c->rate;
				fec = true;
			}
		}
	}
	for (k = 0; k < 2; k++) {
		double best = -1;
		int p;

		for (p = 0; p < SNAP_NET_PRIOS; p++) {
			const struct net_prio *q = &r->p[p];
			bool rated = k ? q->tx_rated : q->rx_rated;
			double v = k ? q->tx_rate : q->rx_rate;

			if (q->has_rx || q->has_tx)
				r->any_prio = true;
			if (rated && v > best) {
				best = v;
				r->prio[k] = p;
			}
		}
		if (best >= 0) {
			r->valid[k] = true;
			r->v[k] = best;
		} else if (gvalid[k]) {
			r->valid[k] = true;
			r->v[k] = glob[k];
		}
	}
	/* the port's drops, FCS and symbol errors: its truth (truth_tab.c) */
	truth_port(s, dev, port, &t);
	/* a part saturated leaves the sum unknown (mlx5 IB, 16-bit PMA
	 * port_xmit_discards at 65535), never the other part's rate alone */
	r->sat[NET_RATE_DISCARD] = t.f[TRUTH_DISCARD].sat || t.f[TRUTH_OOB].sat;
	r->valid[NET_RATE_DISCARD] = !r->sat[NET_RATE_DISCARD] &&
				     (t.f[TRUTH_DISCARD].valid || t.f[TRUTH_OOB].valid);
	r->v[NET_RATE_DISCARD] = (t.f[TRUTH_DISCARD].valid ? t.f[TRUTH_DISCARD].v : 0) +
				 (t.f[TRUTH_OOB].valid ? t.f[TRUTH_OOB].v : 0);
	r->sat[NET_RATE_FCS] = t.f[TRUTH_FCS].sat;
	r->valid[NET_RATE_FCS] = t.f[TRUTH_FCS].valid;
	r->v[NET_RATE_FCS] = t.f[TRUTH_FCS].v;
	r->sat[NET_RATE_SYMBOL] = t.f[TRUTH_SYMBOL].sat;
	r->valid[NET_RATE_SYMBOL] = t.f[TRUTH_SYMBOL].valid;
	r->v[NET_RATE_SYMBOL] = t.f[TRUTH_SYMBOL].v;
	r->valid[NET_RATE_FEC_UNCORR] = fec;
	for (k = 0; k < SNAP_NET_PRIOS && k < TRUTH_PRIOS; k++) {
		r->p[k].has_rx_share = t.pause_valid[0][k];
		r->p[k].rx_share = t.pause[0][k];
		r->p[k].has_tx_share = t.pause_valid[1][k];
		r->p[k].tx_share = t.pause[1][k];
	}
}

/* ethtool netlink/pause.c's rule (pause_autoneg_cb), from the bits the
 * kernel's LINKMODES_GET answered (linkmodes.c: OURS the advertising
 * mask, PEER lp_advertising, sent only when the partner advertises) */
bool snap_net_pause_negotiated(const struct snap_net *n, bool *rx, bool *tx)
{
	bool op = n->adv_pause & SNAP_NET_ADV_PAUSE, oa = n->adv_pause & SNAP_NET_ADV_ASYM;
	bool pp = n->lp_pause & SNAP_NET_ADV_PAUSE, pa = n->lp_pause & SNAP_NET_ADV_ASYM;

	if (!(n->valid & SNAP_NET_PAUSE_CFG) || !n->pause_autoneg ||
	    (n->valid & (SNAP_NET_OURS | SNAP_NET_PEER)) != (SNAP_NET_OURS | SNAP_NET_PEER))
		return false;
	*rx = (op && pp) || (oa && pa && op);
	*tx = (op && pp) || (oa && pa && !op && pp);
	return true;
}
