// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The devices beneath a link's netdev in JSON (doc/json.md, "lowers"):
 * per lower its name, state and statistics under `ip -s -j link`'s keys
 * (iproute2 ip/ipaddress.c: ifname, operstate, stats64's rx and tx
 * bytes, packets, errors, dropped; operstate as sysfs spells it), its
 * bond's view of it (bonding_slave/state and mii_status), rdmatop's
 * rates over the window, and its health figures (pauses, priority
 * discards, FEC, link downs) beside the port's, their sum.
 */
#include <stdio.h>
#include <string.h>

#include "jw.h"
#include "net_view.h"
#include "sysfs.h"

static void stats64(struct jw *w, const struct snap_lower *l)
{
	static const char *const keys[] = { "bytes", "packets", "dropped", "errors" };
	static const int rx[] = { SNAP_LOW_RX_BYTES, SNAP_LOW_RX_PACKETS, SNAP_LOW_RX_DROPPED,
				  SNAP_LOW_RX_ERRORS };
	int d, k;

	if (!l->stat_valid)
		return;
	jw_open(w, "stats64", '{');
	for (d = 0; d < 2; d++) {
		jw_open(w, d ? "tx" : "rx", '{');
		for (k = 0; k < 4; k++) {
			int i = rx[k] + d; /* each tx_ stat follows its rx_ */

			if (l->stat_valid >> i & 1)
				jw_u(w, keys[k], l->stat[i]);
		}
		jw_close(w, '}');
	}
	jw_close(w, '}');
}

static void rates(struct jw *w, const struct snap_lower *l)
{
	char key[40];
	int i;

	for (i = 0; i < SNAP_LOW_STATS; i++)
		if (l->rate_valid >> i & 1) {
			snprintf(key, sizeof(key), "%s_per_sec",
				 sysfs_lower_stat_name((unsigned)i));
			jw_d(w, key, l->rate[i]);
		}
	if (l->valid & SNAP_LOW_RATES && l->valid & SNAP_LOW_CHANGES)
		jw_u(w, "flaps", l->flaps);
}

/*
 * The health figures (net_view.h struct net_figs) under "figures": per
 * figure its value, its rate where known, and where they are read
 * ("driver:rx_prio#_pause", '#' each priority summed); the port's under the
 * lowers' "port_figures", each with "summed": whether it is the lowers'
 * sum or the upper's own counter.
 */
static void figures(struct jw *w, const char *key, const struct net_figs *f, bool port)
{
	char src[64];
	unsigned int i;

	if (!f->has)
		return;
	jw_open(w, key, '{');
	for (i = 0; i < NET_FIG_N; i++) {
		if (!(f->has >> i & 1))
			continue;
		jw_open(w, net_fig_key(i), '{');
		jw_u(w, "value", f->v[i]);
		if (f->rated >> i & 1) {
			jw_d(w, "per_sec", f->rate[i]);
			jw_u(w, "delta", f->delta[i]);
		}
		jw_s(w, "source", net_fig_source(src, sizeof(src), i, f->alt[i]));
		if (port)
			jw_b(w, "summed", f->summed >> i & 1);
		jw_close(w, '}');
	}
	jw_close(w, '}');
}

/* The lower's own PFC and FEC settings, from its row (the live source
 * asks a lower as it asks the port's netdev): a bond has none of its own
 * (bonding registers no dcbnl_ops nor get_fecparam, 6.1 to 7.x), so these
 * are the ones the port's traffic meets; dcb's and ethtool's keys */
static void settings(struct jw *w, const struct snap_net *ln)
{
	int i;

	if (!ln)
		return;
	if (ln->valid & SNAP_NET_PFC) {
		jw_open(w, "prio_pfc", '[');
		for (i = 0; i < SNAP_NET_PRIOS; i++)
			jw_b(w, NULL, ln->pfc_en >> i & 1);
		jw_close(w, ']');
		jw_u(w, "pfc_delay", ln->delay);
	}
	if (ln->valid & SNAP_NET_FEC_MODE) {
		jw_open(w, "fec_active", '[');
		jw_s(w, NULL, net_fec_name(ln));
		jw_close(w, ']');
	}
}

static void lower(struct jw *w, const struct snapshot *s, const struct snap_net *n,
		  const struct snap_lower *l, const struct net_figs *f)
{
	jw_open(w, NULL, '{');
	jw_s(w, "ifname", l->name);
	if (l->valid & SNAP_LOW_OPER)
		jw_s(w, "operstate", sysfs_oper_name(l->oper));
	if (l->valid & SNAP_LOW_CARRIER)
		jw_b(w, "carrier", l->carrier);
	if ((l->valid & SNAP_LOW_SPEED) && l->speed != UINT32_MAX)
		jw_u(w, "speed", l->speed);
	if (l->valid & SNAP_LOW_STATE)
		jw_s(w, "bond_state", l->backup ? "backup" : "active");
	if (l->valid & SNAP_LOW_MII)
		jw_s(w, "mii_status", sysfs_mii_name(l->mii));
	if (n->valid & SNAP_NET_ACTIVE && n->active[0])
		jw_b(w, "active", !strcmp(n->active, l->name));
	jw_b(w, "down", snap_lower_down(l));
	if (l->valid & SNAP_LOW_CHANGES)
		jw_u(w, "carrier_changes", l->carrier_changes);
	settings(w, snap_net_find(s, l->name));
	stats64(w, l);
	rates(w, l);
	figures(w, "figures", f, false);
	jw_close(w, '}');
}

void out_json_lowers(struct jw *w, const struct snapshot *s, uint32_t dev, uint32_t port,
		     const struct snap_net *n)
{
	static const char *const uppers[] = { "other", "bond", "vlan" };
	struct net_figs pf, lf;
	size_t i;

	if (!n || !n->n_lower)
		return;
	net_figs_port(s, dev, port, &pf);
	jw_open(w, "lowers", '{');
	jw_s(w, "upper_kind", uppers[n->upper < 3 ? n->upper : 0]);
	if (n->valid & SNAP_NET_OPER)
		jw_s(w, "operstate", sysfs_oper_name(n->oper));
	if (n->valid & SNAP_NET_BOND_MODE)
		jw_u(w, "bond_mode", n->bond_mode);
	if (n->valid & SNAP_NET_ACTIVE)
		jw_s(w, "active_slave", n->active);
	if (n->lower_more)
		jw_b(w, "cut", true);
	figures(w, "port_figures", &pf, true);
	jw_open(w, "devices", '[');
	for (i = 0; i < n->n_lower; i++) {
		net_figs_lower(s, &pf, &n->lower[i], &lf);
		lower(w, s, n, &n->lower[i], &lf);
	}
	jw_close(w, ']');
	jw_close(w, '}');
}
