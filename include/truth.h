/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One truth per port: what each headline figure of a port is (RX/s, TX/s,
 * the packet rates, DISCARD/s, SYMBOL/s, FCS/s, ERR/s, the share of time
 * paused) and which counter said so, from declared tables
 * (src/model/truth_tab.c): for each figure a ranked list of the sources
 * rdmatop reads, per link layer, each citing the driver file that fills
 * it; and the counters that count one physical event under two names, so
 * ERR/s counts every error of the port once.  Panes and writers read
 * this, never a counter of their own choosing.  Pure model, no UI.
 */
#ifndef RDMATOP_TRUTH_H
#define RDMATOP_TRUTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "snapshot.h"

enum truth_fig {
	TRUTH_RX_BYTES,
	TRUTH_TX_BYTES,
	TRUTH_RX_PKTS,
	TRUTH_TX_PKTS,
	TRUTH_DISCARD, /* packets the port discarded (its own discard counters) */
	TRUTH_OOB, /* packets dropped for want of a posted receive buffer */
	TRUTH_SYMBOL, /* symbol errors (the PHY) */
	TRUTH_FCS, /* frames with a bad frame check sequence */
	TRUTH_CORR_BITS, /* bits FEC corrected: the pre-FEC bit errors */
	TRUTH_FIG_N
};

/* a rule's link layer: any, InfiniBand, Ethernet (RoCE, iWARP) */
enum truth_ll { TRUTH_LL_ANY, TRUTH_LL_IB, TRUTH_LL_ETH };

#define TRUTH_SUM_MAX 6

/* One counter of a rule: its source (enum snap_src) and name as read. */
struct truth_name {
	uint8_t src;
	const char *name;
};

/*
 * One row of the ranked table: figure fig of a port of link layer ll is the
 * sum of these counters (the first must be there; the others are added
 * where the port has them).  The first row of a figure whose first counter
 * the port has wins; a saturated one yields to any lower row that counts.
 * Rows with the same `agree` letter count the same thing from another
 * register: where both are there and differ by more than
 * TRUTH_AGREE_PCT, the link detail says so.
 */
struct truth_rule {
	uint8_t fig, ll;
	struct truth_name n[TRUTH_SUM_MAX];
	char agree;
	const char *driver; /* "mlx5_core", "ib_core", ... */
	const char *file; /* the kernel file that fills them, versions */
	const char *why; /* why it ranks where it does */
};
#define TRUTH_AGREE_PCT 5.0

/*
 * The same physical event under several names: the first of `n` the port
 * has is counted in ERR/s, the others are shown as the same.  A name with
 * a trailing '#' stands for its per-priority or per-lane forms; `part`
 * marks names that are parts of the row's first (rx_prio3_discards of
 * rx_discards_phy): counted, all of them, only where the whole is absent.
 */
struct truth_same {
	const char *what; /* "FCS errors" */
	struct truth_name n[TRUTH_SUM_MAX];
	bool part;
	const char *file;
};

const struct truth_rule *truth_rules(size_t *n);
const struct truth_same *truth_sames(size_t *n);
/* "rx_bytes", ... (the figure's JSON key) */
const char *truth_fig_key(enum truth_fig f);
/* hw, pma, netdev, dcb, ethtool, driver: the Counters tab's names */
const char *truth_src_name(uint8_t src);

/* A figure of one port. */
struct truth_val {
	bool valid; /* a rate this sample */
	bool sat; /* its counter is saturated: the rate is unknown */
	bool there; /* the port has a counter for it (valid or not) */
	double v; /* per second */
	uint8_t src; /* enum snap_src of its first counter */
	uint8_t nsum; /* counters summed */
	uint32_t name; /* string id (s->strs) of its first counter */
	int16_t rule; /* index in truth_rules() */
	/* another row of the same `agree` letter, where there: its value */
	bool other_valid;
	int16_t other_rule;
	double other;
};

/* An error counter of the port as ERR/s takes it. */
struct truth_err {
	uint32_t name;
	uint8_t src;
	bool sat;
	double rate;
};

#define TRUTH_ERRS 24
#define TRUTH_PRIOS 8

struct port_truth {
	struct truth_val f[TRUTH_FIG_N];
	/* ERR/s: every class-error counter of every source, each event once */
	bool err_valid, err_sat;
	double err;
	/* the same counters' values summed: the exposition's
	 * rdma_port_errors_total (a member that resets or saturates stalls
	 * the sum, as it does ERR/s) */
	bool err_total_valid;
	uint64_t err_total;
	uint16_t n_err; /* counted, with a rate or saturated */
	uint16_t n_same; /* left out as another's event */
	struct truth_err errs[TRUTH_ERRS]; /* counted, largest first */
	/*
	 * The share of time a priority was paused, 0..1 (a share past 1 is
	 * cut to 1: the counter ran ahead of the clock; pause_raw keeps what
	 * it said, pause_over where by more than 5%): rx, the pauses the
	 * port received (its sending stopped); tx, those it sent.  Index
	 * TRUTH_PRIOS: the link's global pause (no PFC).
	 */
	bool pause_valid[2][TRUTH_PRIOS + 1];
	double pause[2][TRUTH_PRIOS + 1];
	double pause_raw[2][TRUTH_PRIOS + 1];
	bool pause_over[2][TRUTH_PRIOS + 1];
	uint32_t pause_name[2][TRUTH_PRIOS + 1]; /* its counter (s->strs) */
	int pause_worst[2]; /* the priority paused most, -1 none */
	/*
	 * The bit error rate before FEC: TRUTH_CORR_BITS's rate over the bits
	 * the link carried in the window, at its speed (ber_bps: ethtool's
	 * LINKMODES speed, else the RDMA port's sysfs rate), as mlxlink and
	 * UFM take it (corrected bits / (time x link speed)).  The speed is
	 * the data rate, not the lanes' signalling rate with the FEC's
	 * overhead (100GBASE-CR4: 4 x 25.78125 GBd): the drivers' counters and
	 * the published thresholds are against it.  After FEC: the
	 * uncorrectable blocks' rate (ber_post_blocks) and, estimated, each
	 * such block counted as one bit (ber_post: a floor, not a measure:
	 * the kernel counts blocks, not the bits they lost).
	 */
	bool ber_valid, ber_post_valid;
	double ber, ber_post, ber_post_blocks, ber_bps;
};

/* Figure f's counters' values summed (a counter, not a rate: the
 * exposition's rdma_port_*_total) and *src its first's source; false
 * where the port has none of its rows. */
bool truth_value(const struct snapshot *s, uint32_t dev, uint32_t port, enum truth_fig f,
		 uint64_t *v, uint8_t *src);
/* The truth of port (dev, port) of s (rated: rate_compute), kept for the
 * next asker while s holds (view_port_value). */
void truth_port(const struct snapshot *s, uint32_t dev, uint32_t port, struct port_truth *t);
/* The same, worked out again (tests). */
void truth_port_fill(const struct snapshot *s, uint32_t dev, uint32_t port, void *out);
/* bits_per_s over link_bps: the BER; NAN where link_bps is not > 0 */
double truth_ber_of(double bits_per_s, double link_bps);
/* The link's speed in bits a second (truth.h ber: ethtool's, else sysfs's),
 * 0 where neither says */
double truth_link_bps(const struct snapshot *s, const struct snap_port *p);
/* The BER fields of t (its figures filled: truth_port_fill calls it) */
void truth_ber_fill(const struct snapshot *s, const struct snap_port *p, struct port_truth *t);
/* A port's link layer by its sysfs link_layer, else its device's protocol;
 * TRUTH_LL_ANY where neither says. */
enum truth_ll truth_port_ll(const struct snapshot *s, const struct snap_port *p);

#endif
