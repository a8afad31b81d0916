/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Per-link history of rates, for the screen's graphs.  Pure data: filled
 * from successive snapshots, read by the panes; survives pane switches.
 */
#ifndef RDMATOP_HISTORY_H
#define RDMATOP_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "snapshot.h"

#define HIST_LEN 512	/* samples kept per series */
#define HIST_FORGET 600	/* samples a vanished link's history is kept */

enum hist_series {
	HIST_RX_BYTES,
	HIST_TX_BYTES,
	HIST_RX_PKTS,
	HIST_TX_PKTS,
	HIST_ERRORS,	/* ERR/s: hist_error_rate() */
	HIST_N
};

struct hist_link {
	uint32_t dev, port;
	char name[SNAP_DEV_NAME_MAX];	/* device name: an index can be reused */
	uint64_t last_tick;
	size_t n;			/* samples stored, up to HIST_LEN */
	size_t head;			/* next write position */
	float v[HIST_N][HIST_LEN];	/* NAN: no rate for that sample */
};

struct history {
	struct hist_link *links;
	size_t n, cap;
	uint64_t tick;
};

/* Append one sample for every link of s; links gone for long are dropped. */
int hist_update(struct history *h, const struct snapshot *s);
/* Copy up to max samples of a series, oldest first; returns the count. */
size_t hist_get(const struct history *h, uint32_t dev, uint32_t port, const char *name,
		enum hist_series k, double *out, size_t max);
/* A jump (a replay's T or b): every link's series gets one sample of no
 * rate, so the graphs keep what they showed, with a gap where time jumped. */
void hist_gap(struct history *h);
void hist_free(struct history *h);

/* ERR/s: the sum of the rates of a port's counters of class error
 * (classify.h: by the table or by a rule; not flushes, not congestion), in
 * one pass with *sat: one of them is saturated, so the ERR/s is not known
 * (shown as "sat").  Returns whether one had a rate. */
bool hist_error(const struct snapshot *s, uint32_t dev, uint32_t port, double *rate, bool *sat);
/* The same without the saturation (the history's series). */
double hist_error_rate(const struct snapshot *s, uint32_t dev, uint32_t port, bool *any);

#endif
