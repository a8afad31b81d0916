/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a counter counts: one table of the kernel's counter names (the
 * drivers' hardware counters, the IB PMA port counters, the netdev
 * statistics), each with its class, and explicit keyword rules for names
 * the table does not know.  Pure data, no UI: the parsers classify every
 * counter they read (snap_counter.cls), and ERR/s, the `e` view, the
 * error graph, the processes' counter sums and the metrics read that.
 * doc/counters.md lists the table; tests/unit/test_classify.c keeps the
 * two equal.
 */
#ifndef RDMATOP_CLASSIFY_H
#define RDMATOP_CLASSIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum cnt_class {
	CNT_INFO,	/* neither traffic nor a problem: resource counts, events */
	CNT_TRAFFIC,	/* packets, bytes, requests that went through */
	CNT_ERROR,	/* something failed or was lost: ERR/s sums these */
	CNT_FLUSH,	/* work requests flushed when a QP entered the error
			 * state: expected at every QP teardown, not in ERR/s */
	CNT_CONGESTION,	/* CNPs, ECN marks, flow-control waits, slow restarts */
	CNT_FLOW,	/* link-level flow control: pause and PFC frames sent
			 * and received, their durations; the lossless
			 * fabric working, not failing: not in ERR/s */
	CNT_CLASS_N
};

/* cnt_flags: what else the table says of a counter */
enum {
	CNT_F_RETX = 1 << 0,	/* a request or packet was sent again (retransmits) */
	CNT_F_CNP = 1 << 1,	/* counts congestion notification packets */
	CNT_F_NETDEV = 1 << 2,	/* an error the netdev statistics count too (the
				 * driver folds the same MAC register into
				 * rx_crc_errors, rx_length_errors, ...): not
				 * added to ERR/s again */
	CNT_F_RULE = 1 << 4,	/* classed by a keyword rule, not by the table */
	CNT_F_DEFAULT = 1 << 5,	/* no rule either: taken as info */
};

/* How wide a counter is, where the table says (the IB PMA group). */
enum cnt_width {
	CNT_W_64,	/* not stated: a 64-bit counter (rdma_hw_stats, netdev) */
	CNT_W_FIXED,	/* always `bits` wide */
	CNT_W_EXT,	/* `bits` wide, 64 where the port has PortCountersExtended */
	CNT_W_EXT_ONLY,	/* only in PortCountersExtended: 64 bits */
};

/* What a driver's counter is to its link's throughput (view_link_rates):
 * the whole port's bytes or packets in one direction. */
enum cnt_link {
	CNT_L_NONE,
	CNT_L_RX_BYTES, CNT_L_TX_BYTES, CNT_L_RX_PKTS, CNT_L_TX_PKTS,
};

/* One group of the table: the names one kernel file declares. */
struct cnt_entry {
	const char *name;
	uint8_t cls;	/* enum cnt_class */
	uint8_t flags;	/* CNT_F_RETX, CNT_F_CNP */
	uint8_t bits;	/* the width the kernel reads (CNT_W_FIXED, CNT_W_EXT) */
	uint8_t width;	/* enum cnt_width */
	bool sat;	/* stops at its maximum instead of wrapping */
	uint8_t link;	/* enum cnt_link: a hardware counter of the link's traffic */
};

struct cnt_group {
	const char *driver;	/* "rxe", "mlx5", ..., "ib" (PMA), "netdev" */
	const char *file;	/* the kernel file that names them */
	const char *kernel;	/* the kernel versions they are from */
	const struct cnt_entry *e;
	size_t n;
};

/* A keyword rule for names the table does not know: a name containing
 * one of its words (case-insensitive) gets its class. */
struct cnt_rule {
	const char *const *words;
	uint8_t cls;
	const char *why;
};

/* What a counter name is: its table entry (NULL when none), its class
 * (the table's, else the rules') and CNT_F_* (CNT_F_RULE or CNT_F_DEFAULT
 * when not in the table). */
struct cnt_info {
	const struct cnt_entry *e;
	uint8_t cls, flags;
	uint8_t unit;	/* cnt_name's unit_of(name); 0 without */
};
/* A name's, kept process-wide for names shorter than CNT_MEMO_NAME: the
 * parsers ask it of every counter every sample. */
#define CNT_MEMO_NAME 48
struct cnt_info cnt_info(const char *name);
/*
 * The same of a name as its source gave it (len bytes; trailing NULs
 * dropped, one inside printed \x00 as snap_name does), with its unit by
 * the parser's unit_of (NULL: none), kept process-wide per unit_of; and,
 * where id is not NULL, its string in s (snap_name's), interned once a
 * fill of s for every row that has it.
 */
struct snapshot;
struct cnt_info cnt_name(struct snapshot *s, const char *raw, size_t len,
			 uint8_t (*unit_of)(const char *name), uint32_t *id);
/*
 * What a counter's name says it counts (enum snap_unit): "duration" a time
 * in microseconds (mlx5 en_stats.c rx_prio3_pause_duration, bnxt_en
 * pfc_pri3_rx_duration_us), "bytes" or "octets" bytes except a size
 * bucket's (rx_65_to_127_bytes_phy, rx_64_bytes_phy: packets), "pkts" or
 * "packets" packets, anything else events; in any case (irdma's
 * ip4InOctets, ip4InPkts).
 */
uint8_t cnt_unit(const char *name);
/* "events", "packets", "bytes", "microseconds"; "events" out of range */
const char *cnt_unit_name(uint8_t unit);
/* Its class (cnt_info); *flags gets its flags. */
uint8_t cnt_classify(const char *name, uint8_t *flags);
/* The IB PMA group's entry for a ports/N/counters/ file, NULL when the
 * name is not one the kernel's table declares. */
const struct cnt_entry *cnt_pma_lookup(const char *name);
/* The table's entry for a name, NULL when it has none (cnt_info). */
const struct cnt_entry *cnt_lookup(const char *name);
/* "error", ...; "info" for values out of range */
const char *cnt_class_name(uint8_t cls);
/* "table", "rule" or "default", from CNT_F_* */
const char *cnt_by_name(uint8_t flags);
/* The table's groups and the rules, in order (docs and tests). */
const struct cnt_group *cnt_groups(size_t *n);
const struct cnt_rule *cnt_rules(size_t *n);
/* Counted in ERR/s: class error, by the table or by a rule. */
static inline bool cnt_is_error(uint8_t cls)
{
	return cls == CNT_ERROR;
}
/* Shown by the counters' `e` view: errors, flushes and congestion. */
static inline bool cnt_is_problem(uint8_t cls)
{
	return cls == CNT_ERROR || cls == CNT_FLUSH || cls == CNT_CONGESTION || cls == CNT_FLOW;
}

#endif
