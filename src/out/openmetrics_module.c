// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The ports' transceiver modules (src/model/module.c) as OpenMetrics
 * gauges in base units: node_exporter has no transceiver readings (its
 * ethtool collector exports `ethtool -S` only), so the families are
 * rdma_module_*: temperature, supply, per lane bias and optical power,
 * the module's own thresholds, its latched flags, and an info family of
 * its identity.  A copper cable's module has identity only.
 */
#include <inttypes.h>
#include <stdio.h>

#include "module.h"
#include "om.h"

struct mod_at {
	const struct snap_net *n;
	const char *dev;
	char dbuf[16], port[16];
};

/* each netdev with a module decoded, once: fn over it */
static void each(struct om *w, bool optics, void (*fn)(struct om *w, const struct mod_at *a))
{
	size_t i;

	for (i = 0; i < w->s->nets.n; i++) {
		const struct snap_net *n = SNAP_AT(&w->s->nets, struct snap_net, i);
		struct mod_at a = { .n = n };

		if (!(n->valid & SNAP_NET_MOD) || n->dev == SNAP_NONE ||
		    (optics && (n->mod.valid & MOD_V_COPPER)))
			continue;
		a.dev = out_om_dev_label(w->s, n->dev, a.dbuf, sizeof(a.dbuf));
		snprintf(a.port, sizeof(a.port), "%" PRIu32, n->port);
		fn(w, &a);
	}
}

#define LBL(a)                                         \
	{ "device", (a)->dev }, { "port", (a)->port }, \
	{                                              \
		"netdev", (a)->n->ndev                 \
	}

static void info(struct om *w, const struct mod_at *a)
{
	const struct mod_info *m = &a->n->mod;

	out_om_u(w,
		 (struct om_label[]){ LBL(a),
				      { "identifier", mod_id_name(m->id) },
				      { "vendor", m->vendor },
				      { "part", m->pn },
				      { "serial", m->sn },
				      { "revision", m->rev },
				      { "copper", m->valid & MOD_V_COPPER ? "1" : "0" } },
		 9, 1);
}

static void temp(struct om *w, const struct mod_at *a)
{
	if (a->n->mod.valid & MOD_V_MON)
		out_om_d(w, (struct om_label[]){ LBL(a) }, 3, a->n->mod.temp);
}

static void vcc(struct om *w, const struct mod_at *a)
{
	if (a->n->mod.valid & MOD_V_MON)
		out_om_d(w, (struct om_label[]){ LBL(a) }, 3, a->n->mod.vcc);
}

static unsigned cur_q; /* the reading lanes() writes (one at a time) */

static void lanes(struct om *w, const struct mod_at *a)
{
	const struct mod_info *m = &a->n->mod;
	const double *v = cur_q == MOD_BIAS ? m->bias : cur_q == MOD_TXPWR ? m->txpwr : m->rxpwr;
	uint16_t need = cur_q == MOD_BIAS ? MOD_V_LANES : cur_q == MOD_TXPWR ? MOD_V_TX : MOD_V_RX;
	char lane[8];
	unsigned i;

	if (!(m->valid & need))
		return;
	for (i = 0; i < m->lanes && i < MOD_LANES; i++) {
		snprintf(lane, sizeof(lane), "%u", i + 1);
		/* mA and mW in amperes and watts */
		out_om_d(w, (struct om_label[]){ LBL(a), { "lane", lane } }, 4, v[i] / 1000);
	}
}

/* base units: °C, V, A, W */
static double base(unsigned q, double v)
{
	return q == MOD_TEMP || q == MOD_VCC ? v : v / 1000;
}

static void thresholds(struct om *w, const struct mod_at *a)
{
	const struct mod_info *m = &a->n->mod;
	unsigned q, t;

	if (!(m->valid & MOD_V_THR))
		return;
	for (q = 0; q < MOD_Q_N; q++)
		for (t = 0; t < MOD_THR_N; t++)
			out_om_d(w,
				 (struct om_label[]){ LBL(a),
						      { "reading", mod_q_name(q) },
						      { "threshold", mod_thr_name(t) } },
				 5, base(q, m->thr[q][t]));
}

static void flags(struct om *w, const struct mod_at *a)
{
	const struct mod_info *m = &a->n->mod;
	char lane[8];
	unsigned q, t, i;

	if (!(m->valid & MOD_V_FLAGS))
		return;
	for (q = 0; q < MOD_Q_N; q++)
		for (i = 0; i < (q < MOD_BIAS ? 1u : m->lanes) && i < MOD_LANES; i++) {
			snprintf(lane, sizeof(lane), "%u", q < MOD_BIAS ? 0 : i + 1);
			for (t = 0; t < MOD_THR_N; t++)
				out_om_u(w,
					 (struct om_label[]){ LBL(a),
							      { "reading", mod_q_name(q) },
							      { "lane", lane },
							      { "threshold", mod_thr_name(t) } },
					 6, mod_flags(m, q, i) >> t & 1);
		}
}

static bool any(const struct snapshot *s)
{
	size_t i;

	for (i = 0; i < s->nets.n; i++)
		if (SNAP_AT(&s->nets, struct snap_net, i)->valid & SNAP_NET_MOD)
			return true;
	return false;
}

void out_om_module(struct om *w)
{
	if (!any(w->s))
		return;
	out_om_family(w, "rdma_module", OM_INFO, NULL,
		      "The transceiver module of the port's netdev (ethtool netlink "
		      "MODULE_EEPROM_GET, ethtool -m): its SFF-8024 identifier, vendor, part, "
		      "serial, revision; copper 1 for a cable without optics.");
	each(w, false, info);
	out_om_family(w, "rdma_module_temperature_celsius", OM_GAUGE, "celsius",
		      "The module's temperature.");
	each(w, true, temp);
	out_om_family(w, "rdma_module_voltage_volts", OM_GAUGE, "volts",
		      "The module's supply voltage (Vcc).");
	each(w, true, vcc);
	cur_q = MOD_BIAS;
	out_om_family(w, "rdma_module_bias_amperes", OM_GAUGE, "amperes",
		      "The laser bias current per lane.");
	each(w, true, lanes);
	cur_q = MOD_TXPWR;
	out_om_family(w, "rdma_module_tx_power_watts", OM_GAUGE, "watts",
		      "The transmitted optical power per lane.");
	each(w, true, lanes);
	cur_q = MOD_RXPWR;
	out_om_family(w, "rdma_module_rx_power_watts", OM_GAUGE, "watts",
		      "The received optical power per lane (average, or OMA where the module "
		      "measures that).");
	each(w, true, lanes);
	out_om_family(w, "rdma_module_threshold", OM_GAUGE, NULL,
		      "The module's own alarm and warning thresholds, each reading in its base "
		      "unit (celsius, volts, amperes, watts).");
	each(w, true, thresholds);
	out_om_family(w, "rdma_module_flag", OM_GAUGE, NULL,
		      "The module's latched alarm and warning flags (1: set), per lane where "
		      "the reading has lanes (lane 0: the module's own).");
	each(w, true, flags);
}
