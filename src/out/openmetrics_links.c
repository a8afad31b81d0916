// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The ports' flaps in the exposition: the bound netdev's carrier counts
 * (net-sysfs.c carrier_changes, carrier_up_count, carrier_down_count;
 * node_exporter's node_network_carrier_*_total are the same numbers) and
 * the time of the last change rdmatop saw (src/model/flaps.c).  The IB
 * link_downed and link_error_recovery counters are PMA counters:
 * rdma_pma_stat_total has them.  Each family only where a port has it.
 */
#include <inttypes.h>
#include <stdio.h>

#include "flaps.h"
#include "om.h"
#include "truth.h"
#include "verdict.h"

/* The verdict: rdma_port_health 0 OK, 1 WARN, 2 FAIL, and a series per
 * reason in force, its label one of the rules' ids (a bounded set: the
 * table of src/model/verdict.c) */
static void om_health(struct om *w)
{
	const struct verdict_rule_def *rules = verdict_rules();
	const struct snapshot *s = w->s;
	bool any = false, any_h = false;
	size_t i;
	int k;

	for (k = 0; k < 2; k++)
		for (i = 0; i < s->ports.n; i++) {
			const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);
			char dbuf[16], port[16];
			struct verdict v;
			int r;

			verdict_port(s, p, &v);
			/* no verdict yet (a first sample's rates): no series, not
			 * an OK the counters have not given */
			if (v.level == VERDICT_NONE)
				continue;
			snprintf(port, sizeof(port), "%" PRIu32, p->port);
			if (!k) {
				if (!any_h)
					out_om_family(w, "rdma_port_health", OM_GAUGE, NULL,
						      "The port's verdict: 0 OK, 1 WARN, 2 FAIL "
						      "(man rdmatop, THRESHOLDS).");
				any_h = true;
				out_om_u(w,
					 (struct om_label[]){
						 { "device", out_om_dev_label(s, p->dev, dbuf,
									      sizeof(dbuf)) },
						 { "port", port } },
					 2, v.level >= VERDICT_OK ? v.level - VERDICT_OK : 0);
				continue;
			}
			for (r = 0; r < v.n; r++) {
				if (!any)
					out_om_family(w, "rdma_port_health_reason", OM_GAUGE, NULL,
						      "A reason of the port's verdict in force: "
						      "1 WARN, 2 FAIL; reason is the rule.");
				any = true;
				out_om_u(w,
					 (struct om_label[]){
						 { "device", out_om_dev_label(s, p->dev, dbuf,
									      sizeof(dbuf)) },
						 { "port", port },
						 { "reason", rules[v.r[r].rule].id } },
					 3, v.r[r].level - VERDICT_OK);
			}
		}
}

/* ERR/s as a counter: the values of every class-error counter of every
 * source of the port, each event once (truth.h), so that Prometheus's
 * rate() of it is the dashboard's ERR/s */
static void om_errors(struct om *w)
{
	const struct snapshot *s = w->s;
	bool any = false;
	size_t i;

	for (i = 0; i < s->ports.n; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);
		char dbuf[16], port[16];
		struct port_truth t;

		truth_port(s, p->dev, p->port, &t);
		if (!t.err_total_valid)
			continue;
		if (!any)
			out_om_family(w, "rdma_port_errors", OM_COUNTER, NULL,
				      "Errors of the port, each event once: the sum of every "
				      "class-error counter of every source (doc/counters.md), "
				      "whose rate is ERR/s.");
		any = true;
		snprintf(port, sizeof(port), "%" PRIu32, p->port);
		out_om_u(w,
			 (struct om_label[]){
				 { "device", out_om_dev_label(s, p->dev, dbuf, sizeof(dbuf)) },
				 { "port", port } },
			 2, t.err_total);
	}
}

void out_om_links(struct om *w)
{
	static const struct {
		const char *family, *help;
		uint32_t bit;
		size_t off;
	} f[] = {
		{ "rdma_port_carrier_changes",
		  "Carrier changes of the port's netdev (sysfs carrier_changes, IFLA_CARRIER_CHANGES).",
		  SNAP_PORT_CARRIER_CHANGES, offsetof(struct snap_port, carrier_changes) },
		{ "rdma_port_carrier_up_changes",
		  "Times the port's netdev got its carrier (sysfs carrier_up_count).",
		  SNAP_PORT_CARRIER_UP, offsetof(struct snap_port, carrier_up) },
		{ "rdma_port_carrier_down_changes",
		  "Times the port's netdev lost its carrier (sysfs carrier_down_count).",
		  SNAP_PORT_CARRIER_DOWN, offsetof(struct snap_port, carrier_down) },
	};
	const struct snapshot *s = w->s;
	size_t i, k;
	bool any;

	om_health(w);
	om_errors(w);
	for (k = 0; k < NL(f) + 1; k++) {
		any = false;
		for (i = 0; i < s->ports.n; i++) {
			const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);
			uint32_t bit = k < NL(f) ? f[k].bit : SNAP_PORT_LAST_CHANGE;
			char dbuf[16], port[16];
			struct om_label l[] = {
				{ "device", out_om_dev_label(s, p->dev, dbuf, sizeof(dbuf)) },
				{ "port", port },
			};

			if (!(p->valid & bit))
				continue;
			if (!any && k < NL(f))
				out_om_family(w, f[k].family, OM_COUNTER, NULL, f[k].help);
			else if (!any)
				out_om_family(
					w, "rdma_port_last_change_timestamp_seconds", OM_GAUGE,
					"seconds",
					"When rdmatop last saw the port change (state, carrier "
					"or link_downed), between this sample and the one "
					"before it.");
			any = true;
			snprintf(port, sizeof(port), "%" PRIu32, p->port);
			if (k < NL(f))
				out_om_u(w, l, NL(l),
					 *(const uint32_t *)((const char *)p + f[k].off));
			else
				out_om_d(w, l, NL(l),
					 (double)p->last_change.tv_sec +
						 (double)p->last_change.tv_nsec / 1e9);
		}
	}
}
