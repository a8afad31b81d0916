/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the Ethernet layer under a RoCE port says per second, from the
 * counters of src/net (src/model/net_rates.c): the busiest priority's
 * pause frames received and sent, discards, uncorrectable FEC blocks, and
 * the per-priority table of the link drill-down.  Pure model, no UI.
 */
#ifndef RDMATOP_NET_VIEW_H
#define RDMATOP_NET_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "snapshot.h"

/* The Links pane's columns (NET_RATE_COLS of them), then FCS, SYMBOL: the
 * standard groups' eth-mac FrameCheckSequenceErrors and eth-phy
 * SymbolErrorDuringCarrier (STATS_GET, src/net/stats.c) of the drill-down */
enum {
	NET_RATE_PAUSE_RX, NET_RATE_PAUSE_TX, NET_RATE_DISCARD, NET_RATE_FEC_UNCORR,
	NET_RATE_COLS, NET_RATE_FCS = NET_RATE_COLS, NET_RATE_SYMBOL, NET_RATE_N
};

struct net_prio {
	bool has_rx, has_tx, has_rx_dur, has_tx_dur, has_discard;
	uint64_t rx, tx;		/* pause frames received, sent (values) */
	double rx_rate, tx_rate;	/* per second, 0 without a rate yet */
	bool rx_rated, tx_rated;
	uint64_t rx_dur, tx_dur;	/* pause duration (mlx5: microseconds) */
	/* the share of the interval paused, from the durations' rates
	 * (port_truth's pause): rx, by pauses received */
	bool has_rx_share, has_tx_share;
	double rx_share, tx_share;
	uint64_t discard;		/* dropped on this priority */
	double discard_rate;
	bool discard_rated;
};

struct net_rates {
	bool valid[NET_RATE_N];
	/* a counter of the figure is saturated (an IB PMA counter at its
	 * maximum): its rate is unknown, valid is false and the screen says
	 * "sat", as for the figure alone (truth.h) */
	bool sat[NET_RATE_N];
	double v[NET_RATE_N];
	int prio[2];		/* the busiest priority of PAUSE RX/s, TX/s; -1: the link's
				 * global pause counters (no per-priority ones) */
	struct net_prio p[SNAP_NET_PRIOS];
	bool any_prio;
};

/* The rates of port (dev, port) from s's counters (s rated: rate_compute). */
void net_rates(const struct snapshot *s, uint32_t dev, uint32_t port, struct net_rates *r);
/* The netdev row of a port, NULL when src/net read none for it. */
const struct snap_net *net_of_port(const struct snapshot *s, uint32_t dev, uint32_t port);
/* "on", "off": a priority's PFC */
static inline bool net_pfc_on(const struct snap_net *n, int prio)
{
	return n && (n->valid & SNAP_NET_PFC) && (n->pfc_en >> prio & 1);
}
/* FEC mode of ETHTOOL_A_FEC_ACTIVE ("RS", "BaseR", "Off", "LLRS"), "n/a" */
const char *net_fec_name(const struct snap_net *n);
/* LINKSTATE_EXT_STATE and _SUBSTATE as ethtool prints them ("Autoneg",
 * "No partner detected"); NULL where the table has no name (say the number) */
const char *net_ext_state_name(unsigned int state);
const char *net_ext_substate_name(unsigned int state, unsigned int sub);
/* LINKMODES_DUPLEX: "Half", "Full", "Unknown" */
const char *net_duplex_name(unsigned int duplex);

/*
 * A lower of netdev u as one line of net_lower_head()'s columns (76 wide:
 * name, state, carrier, role in its bond, speed, RX and TX bytes/s, drops
 * a second, carrier changes in the window), "-" where not known; the
 * link's drill-down and -b's LOWERS print it (src/model/lower.c).
 */
const char *net_lower_head(void);
const char *net_lower_line(char *buf, size_t n, const struct snap_net *u,
			   const struct snap_lower *l);
/* "up", "down", "no-carr", "mii-down", ...: why a lower is down */
const char *net_lower_state(const struct snap_lower *l);

/*
 * A lower's health figures, and its upper port's beside them (src/model/
 * lowfig.c): per figure a value and a rate, each from the first
 * alternative of its table the port has (DCB's PFC counters before the
 * driver's per-priority ones before ethtool's pause frames), the same
 * alternative for the port and each lower, so that the port's figure
 * where it is the lowers' sum (snap_lowers_sum) is the lowers' shown
 * summed.  A per-priority figure is its priorities' total.
 */
enum net_fig {
	NET_FIG_PAUSE_RX, NET_FIG_PAUSE_TX, NET_FIG_DISCARD, NET_FIG_FEC_CORR,
	NET_FIG_FEC_UNCORR, NET_FIG_CORR_BITS, NET_FIG_LINK_DOWN, NET_FIG_N
};
struct net_figs {
	uint16_t has, rated;		/* 1 << enum net_fig */
	uint16_t summed;		/* the port's: from its lowers' sums */
	uint8_t alt[NET_FIG_N];		/* the alternative read */
	uint64_t v[NET_FIG_N];
	double rate[NET_FIG_N];
	uint64_t delta[NET_FIG_N];	/* the rates' change in the window */
};
/* The port's figures (alt chosen), then lower l's with the port's alt. */
void net_figs_port(const struct snapshot *s, uint32_t dev, uint32_t port, struct net_figs *f);
void net_figs_lower(const struct snapshot *s, const struct net_figs *port,
		    const struct snap_lower *l, struct net_figs *f);
/* "pause_rx", ...: a figure's key (JSON, -b); its source and name as the
 * alternative read says ("dcb:indications_prio#", "driver:rx_prio#_pause":
 * '#' each priority) */
const char *net_fig_key(unsigned int fig);
const char *net_fig_source(char *buf, size_t n, unsigned int fig, unsigned int alt);
/* The figures as one line under net_figs_head() (76 wide: a label, then
 * each figure's count in the window of window s, LINKDOWN its total,
 * whole numbers that add up; "-" where not known; a label longer than its
 * column cut with '~'; mark_own: '*' after a port's figure that is its
 * own, not its lowers' sum). */
const char *net_figs_head(char *buf, size_t n, double window);
const char *net_figs_line(char *buf, size_t n, const char *label, const struct net_figs *f,
			  bool mark_own);

#endif
