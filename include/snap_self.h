/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The snapshot's record of rdmatop's own cost.  Part of the snapshot
 * model: included by snapshot.h, which defines SNAP_RES_N.
 */
#ifndef RDMATOP_SNAP_SELF_H
#define RDMATOP_SNAP_SELF_H

#ifndef RDMATOP_SNAPSHOT_H
#error "include snapshot.h"
#endif

#include <stddef.h>
#include <stdint.h>

/*
 * ---- rdmatop's own cost ----
 * What a live sample cost, recorded with it (the FILE record SOURCE_SELF)
 * so that a replay shows the recorded machine's costs.  Requests by kind:
 * the settings, device and summary requests, the per-device port dumps and
 * counter requests, sysfs and /proc reads, then each object's dumps.
 */
enum snap_cost {
	SNAP_COST_SYS,
	SNAP_COST_DEVS,
	SNAP_COST_SUMMARY,
	SNAP_COST_PORTS,
	SNAP_COST_STATS,
	SNAP_COST_FILES,	/* sysfs */
	SNAP_COST_PROC,		/* /proc of the owners */
	SNAP_COST_RES,		/* + enum snap_res */
	SNAP_COST_QP_GET = SNAP_COST_RES + SNAP_RES_N,	/* the per-QP GETs */
	SNAP_COST_NET,		/* DCB, ethtool netlink, ethtool -S (src/net) */
	SNAP_COST_N
};
extern const char *const snap_cost_name[SNAP_COST_N];	/* "sys", ..., "qps" */

enum {
	SNAP_SELF_CPU = 1 << 0,		/* utime, stime, wall, cost[] */
	SNAP_SELF_RATE = 1 << 1,	/* cpu (from the previous sample) */
	SNAP_SELF_BUDGET = 1 << 2,	/* budget */
	SNAP_SELF_SKIP = 1 << 3,	/* skip */
};

struct snap_self {
	uint32_t valid;
	double utime, stime;	/* the process's CPU seconds so far (getrusage) */
	double wall;		/* seconds the sample took */
	double cost[SNAP_COST_N];	/* wall seconds of this sample's requests */
	double budget;		/* --budget, percent of one CPU (0: no pacing) */
	/* seconds: the interval the budget holds the samples to, where
	 * longer than the one asked (0: as asked; budget_interval) */
	double hold;
	/* the resource tables (1 << enum snap_res) this sample left out
	 * because no view of the dashboard needed them */
	uint32_t skip;
	double cpu;		/* percent of one CPU since the previous sample */
	/* each object's last dump: this sample's cost of its dumps where it
	 * was dumped, else the previous sample's dump[] (snap_carry) */
	double dump[SNAP_RES_N];
};

struct snapshot;
/* The SOURCE_SELF record's text: bytes written, or -ENOSPC; parse: 0 or
 * -EBADMSG (s->self untouched then).  (src/model/self.c) */
int snap_self_format(const struct snap_self *m, char *buf, size_t size);
int snap_self_parse(struct snapshot *s, const char *buf, size_t len);

#endif
