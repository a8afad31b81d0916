/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The exposition writer's primitives, shared by openmetrics.c and
 * openmetrics_procs.c: a family's HELP/TYPE/UNIT lines, and samples with
 * escaped labels, in OpenMetrics or the Prometheus 0.0.4 text.
 */
#ifndef RDMATOP_OUT_OM_H
#define RDMATOP_OUT_OM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "out.h"

enum om_type { OM_GAUGE, OM_COUNTER, OM_INFO };

struct om_sums;

struct om {
	FILE *f;
	bool prom;		/* Prometheus 0.0.4 text, not OpenMetrics */
	const struct snapshot *s;
	const struct om_sums *sums;	/* the summed counters' ledger, or NULL */
	const char *family;	/* current family's base name */
	enum om_type type;
};

struct om_label {
	const char *k, *v;
};

#define NL(l) (sizeof(l) / sizeof(l[0]))

/* Start a family: name without _total/_info, unit (OpenMetrics) or NULL. */
void out_om_family(struct om *w, const char *name, enum om_type type, const char *unit,
		   const char *help);
void out_om_u(struct om *w, const struct om_label *l, size_t n, uint64_t v);
void out_om_d(struct om *w, const struct om_label *l, size_t n, double v);
/*
 * An enum value as a series key: every value the name table does not know
 * is one key (OM_UNKNOWN_KEY, named "UNKNOWN" like them), or two states a
 * newer kernel added would be two series of the same labels.
 */
#define OM_UNKNOWN_KEY 0xfe
uint8_t out_om_known(uint8_t v, const char *(*name)(uint8_t));
/* One sample per class of what bound counters counted (hw by enum
 * view_hw_class; the bytes have a family of their own), labelled l[0..n)
 * and class: l has room for n + 1. */
void out_om_hw_classes(struct om *w, struct om_label *l, size_t n, const uint64_t *hw);
/* A device's name, or its index when the snapshot has no such device. */
const char *out_om_dev_label(const struct snapshot *s, uint32_t index, char *buf, size_t len);
/*
 * The ledger of the ports' counters summed from their lowers
 * (openmetrics_sums.c): *l counted to sample s (made at the first call;
 * a sample counted once however many expositions are written of it), and
 * the value a counter row is exported with: a sum's ledger total, else
 * its own value.
 */
int out_om_sums_count(struct om_sums **l, const struct snapshot *s);
void out_om_sums_free(struct om_sums *l);
uint64_t out_om_value(const struct om *w, const struct snap_counter *c);
/* the ledger the caller keeps in its out_om_psns (openmetrics_groups.c) */
struct om_sums **out_om_psns_sums(struct out_om_psns *l);
/* The port counters' families, one unit each (openmetrics_counters.c). */
void out_om_counters(struct om *w);
/* The netdevs' families: PFC per priority, pause, FEC, ethtool -S (openmetrics_net.c). */
void out_om_net(struct om *w);
/* The lowers' families: a bond's slaves, a VLAN's real device
 * (openmetrics_lower.c). */
void out_om_lowers(struct om *w);
/* The transceiver modules' families (openmetrics_module.c). */
void out_om_module(struct om *w);
/* The ports' carrier counts and last change seen (openmetrics_links.c). */
void out_om_links(struct om *w);
/* The devices' PCI locality families (openmetrics_pci.c). */
void out_om_pci(struct om *w);
/* The per-process families, capped at max_procs (openmetrics_procs.c). */
int out_om_procs(struct om *w, unsigned int max_procs);
/* The per-group families, capped at max_groups (openmetrics_groups.c). */
int out_om_groups(struct om *w, unsigned int max_groups, struct out_om_psns *psns);
/* The stalled and erred QPs, at most OM_STALL_MAX series (openmetrics_stall.c). */
#define OM_STALL_MAX 100
int out_om_stalls(struct om *w);
/* Each port's GIDs: rdma_port_gid_info (openmetrics_stall.c). */
void out_om_gids(struct om *w);

#endif
