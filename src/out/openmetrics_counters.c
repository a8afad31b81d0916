// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The port counters of every source (driver hardware counters, IB PMA,
 * the bound netdev's statistics), one unit per family as the Prometheus
 * naming guide asks: a rate() of a family is then always bytes, packets or
 * events per second, never a sum of both.
 *
 * The traffic counters node_exporter also exports have families of their
 * own, named as its infiniband and netdev collectors name them
 * (port_data_received_bytes_total, ...), so that dashboards built for one
 * read the other.  Every other counter goes, by its source and unit
 * (snap_counter.unit, from its name), into one of the generic families
 * with the kernel's name in label "counter" and its class (classify.h) in
 * label "class": the error rules select by those two labels.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "classify.h"
#include "om.h"

/* the counters with a family of their own: node_exporter's names */
static const struct {
	uint8_t src;		/* enum snap_src */
	const char *counter;	/* the kernel's name */
	const char *family, *unit, *help;
} named[] = {
	{ SNAP_SRC_PMA, "port_rcv_data", "rdma_pma_port_data_received_bytes", "bytes",
	  "IB PMA PortRcvData: data octets received on all VLs (sysfs counts 4-octet words: "
	  "times 4)." },
	{ SNAP_SRC_PMA, "port_xmit_data", "rdma_pma_port_data_transmitted_bytes", "bytes",
	  "IB PMA PortXmitData: data octets sent on all VLs (sysfs counts 4-octet words: "
	  "times 4)." },
	{ SNAP_SRC_PMA, "port_rcv_packets", "rdma_pma_port_packets_received", NULL,
	  "IB PMA PortRcvPkts: packets received on all VLs, errors included." },
	{ SNAP_SRC_PMA, "port_xmit_packets", "rdma_pma_port_packets_transmitted", NULL,
	  "IB PMA PortXmitPkts: packets sent on all VLs, errors included." },
	{ SNAP_SRC_PMA, "unicast_rcv_packets", "rdma_pma_unicast_packets_received", NULL,
	  "IB PMA PortUnicastRcvPkts: unicast packets received, errors included." },
	{ SNAP_SRC_PMA, "unicast_xmit_packets", "rdma_pma_unicast_packets_transmitted", NULL,
	  "IB PMA PortUnicastXmitPkts: unicast packets sent, errors included." },
	{ SNAP_SRC_PMA, "multicast_rcv_packets", "rdma_pma_multicast_packets_received", NULL,
	  "IB PMA PortMulticastRcvPkts: multicast packets received, errors included." },
	{ SNAP_SRC_PMA, "multicast_xmit_packets", "rdma_pma_multicast_packets_transmitted", NULL,
	  "IB PMA PortMulticastXmitPkts: multicast packets sent, errors included." },
	{ SNAP_SRC_NETDEV, "rx_bytes", "rdma_netdev_receive_bytes", "bytes",
	  "Bytes the port's netdev received (sysfs statistics/rx_bytes), all of its traffic." },
	{ SNAP_SRC_NETDEV, "tx_bytes", "rdma_netdev_transmit_bytes", "bytes",
	  "Bytes the port's netdev sent (sysfs statistics/tx_bytes), all of its traffic." },
	{ SNAP_SRC_NETDEV, "rx_packets", "rdma_netdev_receive_packets", NULL,
	  "Packets the port's netdev received (sysfs statistics/rx_packets)." },
	{ SNAP_SRC_NETDEV, "tx_packets", "rdma_netdev_transmit_packets", NULL,
	  "Packets the port's netdev sent (sysfs statistics/tx_packets)." },
};

/* the others, by source and unit */
static const struct {
	const char *family, *unit, *help;
} generic[SNAP_SRC_N][SNAP_UNIT_N] = {
	[SNAP_SRC_HW] = {
		[SNAP_UNIT_EVENTS] = { "rdma_hw_stat", NULL,
			"Hardware counter of the driver counting events (netlink STAT_GET, as rdma "
			"stat show), named by the kernel; port 0 is device-wide; class as rdmatop "
			"classes it (error, flush, congestion, traffic, info)." },
		[SNAP_UNIT_PACKETS] = { "rdma_hw_stat_packets", NULL,
			"Hardware counter of the driver counting packets (a name with pkts or "
			"packets), named by the kernel; port 0 is device-wide; class as rdmatop "
			"classes it." },
		[SNAP_UNIT_BYTES] = { "rdma_hw_stat_bytes", "bytes",
			"Hardware counter of the driver counting bytes (a name with bytes or "
			"octets), named by the kernel; port 0 is device-wide; class as rdmatop "
			"classes it." },
	},
	[SNAP_SRC_PMA] = {
		[SNAP_UNIT_EVENTS] = { "rdma_pma_stat", NULL,
			"InfiniBand PMA port counter from sysfs ports/N/counters counting events "
			"(errors, link events, transmit wait ticks), named by the kernel; class as "
			"rdmatop classes it." },
		[SNAP_UNIT_PACKETS] = { "rdma_pma_stat_packets", NULL,
			"InfiniBand PMA port counter counting packets that has no family of its own, "
			"named by the kernel; class as rdmatop classes it." },
		[SNAP_UNIT_BYTES] = { "rdma_pma_stat_bytes", "bytes",
			"InfiniBand PMA data counter that has no family of its own, in bytes (sysfs "
			"counts 4-octet words), named by the kernel; class as rdmatop classes it." },
	},
	[SNAP_SRC_NETDEV] = {
		[SNAP_UNIT_EVENTS] = { "rdma_netdev_stat", NULL,
			"Statistic of the netdev the port is bound to counting events (sysfs "
			"statistics/: errors, drops, multicast); class as rdmatop classes it." },
		[SNAP_UNIT_PACKETS] = { "rdma_netdev_stat_packets", NULL,
			"Statistic of the netdev the port is bound to counting packets, that has no "
			"family of its own; class as rdmatop classes it." },
		[SNAP_UNIT_BYTES] = { "rdma_netdev_stat_bytes", "bytes",
			"Statistic of the netdev the port is bound to counting bytes, that has no "
			"family of its own; class as rdmatop classes it." },
	},
};

/* The named family of a counter, or NL(named) when it has none. */
static size_t named_ix(const struct snapshot *s, const struct snap_counter *c)
{
	const char *name = snap_s(s, c->name);
	size_t k;

	for (k = 0; k < NL(named); k++)
		if (named[k].src == c->source && !strcmp(named[k].counter, name))
			return k;
	return NL(named);
}

static void series(struct om *w, const struct snap_counter *c, bool labelled)
{
	char dbuf[16], port[16];
	struct om_label l[] = {
		{ "device", out_om_dev_label(w->s, c->dev, dbuf, sizeof(dbuf)) },
		{ "port", port },
		{ "counter", snap_s(w->s, c->name) },
		{ "class", cnt_class_name(c->cls) },
	};

	snprintf(port, sizeof(port), "%" PRIu32, c->port);
	out_om_u(w, l, labelled ? NL(l) : 2, out_om_value(w, c));
}

void out_om_counters(struct om *w)
{
	const struct snapshot *s = w->s;
	unsigned int src, unit;
	size_t i, k;
	bool any;

	for (k = 0; k < NL(named); k++) {
		any = false;
		for (i = 0; i < s->counters.n; i++) {
			const struct snap_counter *c = SNAP_AT(&s->counters, struct snap_counter, i);

			if (named_ix(s, c) != k)
				continue;
			if (!any)
				out_om_family(w, named[k].family, OM_COUNTER, named[k].unit,
					      named[k].help);
			any = true;
			series(w, c, false);
		}
	}
	for (src = 0; src < SNAP_SRC_N; src++)
		for (unit = 0; unit < SNAP_UNIT_N; unit++) {
			/* the netdevs' sources have families of their own
			 * (openmetrics_net.c) */
			if (!generic[src][unit].family)
				continue;
			/* the events families are always there, the others where a
			 * counter is in them */
			any = unit == SNAP_UNIT_EVENTS;
			if (any)
				out_om_family(w, generic[src][unit].family, OM_COUNTER,
					      generic[src][unit].unit, generic[src][unit].help);
			for (i = 0; i < s->counters.n; i++) {
				const struct snap_counter *c =
					SNAP_AT(&s->counters, struct snap_counter, i);
				unsigned int u = c->unit < SNAP_UNIT_N ? c->unit : SNAP_UNIT_EVENTS;

				/* no driver counter of these sources counts time:
				 * one would go with the events */
				if (!generic[src][u].family)
					u = SNAP_UNIT_EVENTS;

				if (c->source != src || u != unit || named_ix(s, c) < NL(named))
					continue;
				if (!any)
					out_om_family(w, generic[src][unit].family, OM_COUNTER,
						      generic[src][unit].unit,
						      generic[src][unit].help);
				any = true;
				series(w, c, true);
			}
		}
	/* A saturated counter's series stands still at its maximum, as an
	 * idle one does: this says which are stuck (only a PMA reset,
	 * perfquery -R, clears them).  Present only where one is; the
	 * source tells a PMA counter from a driver's of the same name. */
	any = false;
	for (i = 0; i < s->counters.n; i++) {
		const struct snap_counter *c = SNAP_AT(&s->counters, struct snap_counter, i);
		char dbuf[16], port[16];

		if (!snap_counter_saturated(c))
			continue;
		if (!any)
			out_om_family(w, "rdma_stat_saturated", OM_GAUGE, NULL,
				      "1: the counter stopped at its maximum (2^bits - 1) and no "
				      "longer counts; IB PMA counters saturate, they do not wrap, "
				      "and only a PMA reset (perfquery -R) clears them.");
		any = true;
		snprintf(port, sizeof(port), "%" PRIu32, c->port);
		out_om_u(w, (struct om_label[]){
				 { "device", out_om_dev_label(s, c->dev, dbuf, sizeof(dbuf)) },
				 { "port", port },
				 { "counter", snap_s(s, c->name) },
				 { "source", snap_src_name(c->source) },
			 }, 4, 1);
	}
}
