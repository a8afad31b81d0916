/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A verdict per port: OK, WARN or FAIL with its reasons, from a declared
 * table of rules (src/model/verdict.c), each with its thresholds and where
 * they come from, over the port's truth (truth.h), its state, its changes
 * and its PCIe link.  The thresholds can be moved with --threshold
 * RULE=WARN[,FAIL] (and the config file's `threshold` lines).  Pure model,
 * no UI: the verdict line, the HEALTH column, -b, JSON and OpenMetrics
 * read it.
 */
#ifndef RDMATOP_VERDICT_H
#define RDMATOP_VERDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "snapshot.h"

enum verdict_level { VERDICT_NONE, VERDICT_OK, VERDICT_WARN, VERDICT_FAIL };

enum verdict_rule {
	VR_PORT_DOWN,
	VR_PAUSE_RX,
	VR_DISCARDS,
	VR_OUT_OF_BUFFER,
	VR_PAUSE_STORM,
	VR_PAUSE_TX,
	VR_SYMBOL,
	VR_LINK_RECOVERY,
	VR_FCS,
	VR_FEC_UNCORR,
	VR_FEC_BER, /* the pre-FEC bit error rate (truth.h ber) */
	VR_MOD_RX, /* RX power under the module's own low warning or alarm */
	VR_MOD_TEMP, /* the module's temperature past its own warning or alarm */
	VR_FLAPS,
	VR_LOWER_DOWN, /* a bond's slave (a lower device) down under an up netdev */
	VR_SATURATED,
	VR_PCIE,
	VR_ERRORS, /* ERR/s where no rule above says why */
	VR_N
};

struct verdict_rule_def {
	const char *id; /* the reason's label, JSON rule, --threshold key */
	const char *what; /* "paused", "discards": the reason's words */
	const char *unit; /* "%", "/s", "" */
	double warn, fail; /* default thresholds: value >= warn is WARN,
				 * >= fail FAIL (a rule with one has them equal) */
	const char *source; /* where the thresholds come from */
	/* a rule judged by thresholds each module carries (warn and fail
	 * unused; --threshold refuses it): what each is */
	const char *own_warn, *own_fail;
};

const struct verdict_rule_def *verdict_rules(void);

/* One reason of a verdict. */
struct verdict_reason {
	uint8_t rule; /* enum verdict_rule */
	uint8_t level; /* VERDICT_WARN, VERDICT_FAIL */
	int8_t prio; /* the priority (pause rules), -1 */
	double value, threshold;
	uint32_t counter; /* the counter it is from (s->strs), 0 for none */
	uint8_t src; /* its enum snap_src */
	char lower[SNAP_IFNAME_MAX]; /* the lower it names (VR_LOWER_DOWN), "" */
	bool slave; /* that lower is a bond's slave */
};

#define VERDICT_REASONS VR_N

struct verdict {
	uint8_t level; /* enum verdict_level; NONE: nothing to judge */
	uint8_t n;
	struct verdict_reason r[VERDICT_REASONS]; /* worst first, then by the table */
};

/* The verdict of port p of s (rated). */
void verdict_port(const struct snapshot *s, const struct snap_port *p, struct verdict *v);
/* The worst port of s: its index in s->ports, -1 when s has none; *v its
 * verdict, *bad (where not NULL) how many ports are WARN or FAIL. */
long verdict_worst(const struct snapshot *s, struct verdict *v, size_t *bad);
/* "OK", "WARN", "FAIL", "n/a" */
const char *verdict_level_name(uint8_t level);
/* One reason as words ("prio 3 paused 92%", "discards 2.5K/s") in buf. */
const char *verdict_reason_text(const struct snapshot *s, const struct verdict_reason *r, char *buf,
				size_t n);
/*
 * The reasons of v as one line, at most w columns (a cut ends in "…" or
 * "~" with ascii, as the screen marks a cut): "prio 3 paused 92%, discards 2.5K/s"; buf of n bytes.
 */
const char *verdict_reasons_line(const struct snapshot *s, const struct verdict *v, int w,
				 bool ascii, char *buf, size_t n);
/* How many reasons verdict_reasons_line() put whole in w columns. */
int verdict_reasons_fit(const struct snapshot *s, const struct verdict *v, int w);
/*
 * Set the thresholds from "RULE=WARN[,FAIL]" entries (--threshold), process
 * wide, before the first sample.  0, or -EINVAL with a message in err.
 */
int verdict_set_thresholds(const char *const *spec, int n, char *err, size_t errlen);
/* A rule's thresholds in force. */
void verdict_thresholds(enum verdict_rule r, double *warn, double *fail);

#endif
