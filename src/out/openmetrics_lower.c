// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The devices beneath the ports' netdevs (a bond's slaves, a VLAN's real
 * device, an IPoIB child's parent: include/snap_net.h struct snap_lower),
 * one series per lower, labelled with its upper (netdev) and itself
 * (lower): whether it is up, whether it is its bond's active slave, its
 * statistics (sysfs statistics/, as node_exporter's
 * node_network_*_total read them), its carrier changes, and its health
 * figures (pause frames, priority discards, FEC, link downs: the counts
 * its port's are the sum of, src/model/lowfig.c).
 */
#include <stdio.h>
#include <string.h>

#include "net_view.h"
#include "om.h"

typedef bool (*lower_fn)(const struct snap_net *n, const struct snap_lower *l, uint64_t *v,
			 const char **dir);

static bool any_lower(const struct snapshot *s)
{
	size_t i;

	for (i = 0; i < s->nets.n; i++)
		if (SNAP_AT(&s->nets, struct snap_net, i)->n_lower)
			return true;
	return false;
}

/* one family: a sample per lower (and direction) fn gives a value for */
static void fam(struct om *w, const char *name, enum om_type type, const char *help, lower_fn fn,
		bool dirs)
{
	const struct snapshot *s = w->s;
	bool started = false;
	size_t i, j;
	int d;

	for (i = 0; i < s->nets.n; i++) {
		const struct snap_net *n = SNAP_AT(&s->nets, struct snap_net, i);

		for (j = 0; j < n->n_lower; j++)
			for (d = 0; d < (dirs ? 2 : 1); d++) {
				const char *dir = d ? "tx" : "rx";
				uint64_t v;

				if (!fn(n, &n->lower[j], &v, &dir))
					continue;
				if (!started)
					out_om_family(w, name, type, NULL, help);
				started = true;
				if (dirs)
					out_om_u(w,
						 (struct om_label[]){ { "netdev", n->ndev },
								      { "lower", n->lower[j].name },
								      { "direction", dir } },
						 3, v);
				else
					out_om_u(w,
						 (struct om_label[]){
							 { "netdev", n->ndev },
							 { "lower", n->lower[j].name } },
						 2, v);
			}
	}
}

static bool up(const struct snap_net *n, const struct snap_lower *l, uint64_t *v, const char **d)
{
	(void)n;
	(void)d;
	*v = !snap_lower_down(l);
	return l->valid & (SNAP_LOW_OPER | SNAP_LOW_CARRIER | SNAP_LOW_MII);
}

static bool active(const struct snap_net *n, const struct snap_lower *l, uint64_t *v,
		   const char **d)
{
	(void)d;
	*v = !strcmp(n->active, l->name);
	return (n->valid & SNAP_NET_ACTIVE) && n->active[0];
}

static bool changes(const struct snap_net *n, const struct snap_lower *l, uint64_t *v,
		    const char **d)
{
	(void)n;
	(void)d;
	*v = l->carrier_changes;
	return l->valid & SNAP_LOW_CHANGES;
}

/* statistic k of direction *d (each tx_ stat follows its rx_) */
static bool stat(const struct snap_lower *l, int k, uint64_t *v, const char **d)
{
	int i = k + (**d == 't');

	*v = l->stat[i];
	return l->stat_valid >> i & 1;
}

static bool bytes(const struct snap_net *n, const struct snap_lower *l, uint64_t *v, const char **d)
{
	(void)n;
	return stat(l, SNAP_LOW_RX_BYTES, v, d);
}

static bool packets(const struct snap_net *n, const struct snap_lower *l, uint64_t *v,
		    const char **d)
{
	(void)n;
	return stat(l, SNAP_LOW_RX_PACKETS, v, d);
}

static bool dropped(const struct snap_net *n, const struct snap_lower *l, uint64_t *v,
		    const char **d)
{
	(void)n;
	return stat(l, SNAP_LOW_RX_DROPPED, v, d);
}

static bool errors(const struct snap_net *n, const struct snap_lower *l, uint64_t *v,
		   const char **d)
{
	(void)n;
	return stat(l, SNAP_LOW_RX_ERRORS, v, d);
}

/*
 * One family of a health figure (src/model/lowfig.c): per lower its count,
 * figures rx and tx its directions (tx < 0: none), read as its port's
 * figure is, so that the lowers' samples add up to the port's.
 */
static void fig_fam(struct om *w, const char *name, const char *help, int rx, int tx)
{
	const struct snapshot *s = w->s;
	struct net_figs pf, lf;
	bool started = false;
	size_t i, j;
	int d;

	for (i = 0; i < s->nets.n; i++) {
		const struct snap_net *n = SNAP_AT(&s->nets, struct snap_net, i);

		if (!n->n_lower || n->dev == SNAP_NONE)
			continue;
		net_figs_port(s, n->dev, n->port, &pf);
		for (j = 0; j < n->n_lower; j++) {
			net_figs_lower(s, &pf, &n->lower[j], &lf);
			for (d = 0; d < (tx >= 0 ? 2 : 1); d++) {
				int k = d ? tx : rx;

				if (!(lf.has >> k & 1))
					continue;
				if (!started)
					out_om_family(w, name, OM_COUNTER, NULL, help);
				started = true;
				if (tx >= 0)
					out_om_u(w,
						 (struct om_label[]){
							 { "netdev", n->ndev },
							 { "lower", n->lower[j].name },
							 { "direction", d ? "tx" : "rx" } },
						 3, lf.v[k]);
				else
					out_om_u(w,
						 (struct om_label[]){
							 { "netdev", n->ndev },
							 { "lower", n->lower[j].name } },
						 2, lf.v[k]);
			}
		}
	}
}

/* the lowers' health figures: what a bond's port is the sum of */
static void fig_fams(struct om *w)
{
	fig_fam(w, "rdma_netdev_lower_pause_frames",
		"Pause frames the lower received (rx) and sent (tx), every priority's summed: "
		"DCB's PFC indications and requests, else the driver's rx_prioN_pause, "
		"tx_prioN_pause (ethtool -S), else ethtool's pause statistics; the port of a "
		"bond without its own counts the sum of its slaves'.",
		NET_FIG_PAUSE_RX, NET_FIG_PAUSE_TX);
	fig_fam(w, "rdma_netdev_lower_priority_discards",
		"Packets the lower dropped on a priority's buffer, every priority's summed "
		"(ethtool -S rx_prioN_discards).",
		NET_FIG_DISCARD, -1);
	fig_fam(w, "rdma_netdev_lower_fec_corrected_blocks",
		"FEC blocks the lower corrected (ethtool --show-fec -I).", NET_FIG_FEC_CORR, -1);
	fig_fam(w, "rdma_netdev_lower_fec_uncorrectable_blocks",
		"FEC blocks the lower could not correct (ethtool --show-fec -I).",
		NET_FIG_FEC_UNCORR, -1);
	fig_fam(w, "rdma_netdev_lower_fec_corrected_bits",
		"Bits FEC corrected on the lower (ethtool's fec_corrected_bits, else ethtool -S "
		"rx_corrected_bits_phy).",
		NET_FIG_CORR_BITS, -1);
	fig_fam(w, "rdma_netdev_lower_link_down_events",
		"The lower's link down events (ethtool's LINKSTATE ext_down_cnt, else ethtool -S "
		"link_down_events_phy).",
		NET_FIG_LINK_DOWN, -1);
}

void out_om_lowers(struct om *w)
{
	if (!any_lower(w->s))
		return;
	fam(w, "rdma_netdev_lower_up", OM_GAUGE,
	    "1 while a device beneath the port's netdev (lower: a bond's slave, a VLAN's real "
	    "device, by the kernel's lower_* links) is up: operstate up, carrier, its bond's "
	    "MII status up.",
	    up, false);
	fam(w, "rdma_netdev_lower_active", OM_GAUGE,
	    "1 for the bond's active slave (bonding/active_slave), 0 for the others.", active,
	    false);
	fam(w, "rdma_netdev_lower_carrier_changes", OM_COUNTER,
	    "Carrier changes of the lower (sysfs carrier_changes).", changes, false);
	fam(w, "rdma_netdev_lower_bytes", OM_COUNTER,
	    "Bytes of the lower (sysfs statistics/rx_bytes, tx_bytes).", bytes, true);
	fam(w, "rdma_netdev_lower_packets", OM_COUNTER,
	    "Packets of the lower (sysfs statistics/rx_packets, tx_packets).", packets, true);
	fam(w, "rdma_netdev_lower_dropped", OM_COUNTER,
	    "Packets the lower dropped (sysfs statistics/rx_dropped, tx_dropped).", dropped, true);
	fam(w, "rdma_netdev_lower_errors", OM_COUNTER,
	    "Errors of the lower (sysfs statistics/rx_errors, tx_errors).", errors, true);
	fig_fams(w);
}
