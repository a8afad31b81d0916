// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A link's transceiver module in JSON (doc/json.md, "links[].module"),
 * under the keys `ethtool --json -m` uses (ethtool's module_info.json:
 * vendor_name, vendor_pn, vendor_sn, vendor_rev, module_temperature,
 * module_voltage, laser_tx_bias_current, transmit_avg_optical_power,
 * rx_power.values; the thresholds' objects laser_bias_current,
 * laser_output_power, module_temperature, module_voltage, laser_rx_power
 * with high_alarm_threshold ...), here under "thresholds" since the
 * readings take the same names.  Values at ethtool's precision: °C to
 * 1/100, V, mW to 1/10000, mA to 1/1000.
 */
#include <stdio.h>
#include <string.h>

#include "jw.h"
#include "module.h"

/* ethtool's names of the readings (its thresholds' objects) */
static const char *const thr_key[MOD_Q_N] = {
	[MOD_TEMP] = "module_temperature", [MOD_VCC] = "module_voltage",
	[MOD_BIAS] = "laser_bias_current", [MOD_TXPWR] = "laser_output_power",
	[MOD_RXPWR] = "laser_rx_power",
};
static const int prec[MOD_Q_N] = { 2, 4, 3, 4, 4 };

static void jd(struct jw *w, const char *k, double v, int p)
{
	char buf[48];

	if (k)
		jw_key(w, k);
	else
		jw_sep(w);
	snprintf(buf, sizeof(buf), "%.*f", p, v);
	if (!strcmp(buf, "-0.00") || !strcmp(buf, "-0.0000") || !strcmp(buf, "-0.000"))
		memmove(buf, buf + 1, strlen(buf));
	jw_write(w, buf, strlen(buf));
}

static void lanes(struct jw *w, const char *k, const double *v, unsigned n, int p)
{
	unsigned i;

	jw_open(w, k, '[');
	for (i = 0; i < n; i++)
		jd(w, NULL, v[i], p);
	jw_close(w, ']');
}

static void flag_list(struct jw *w, const char *k, uint8_t f)
{
	unsigned t;

	jw_open(w, k, '[');
	for (t = 0; t < MOD_THR_N; t++)
		if (f & (1u << t))
			jw_s(w, NULL, mod_thr_name(t));
	jw_close(w, ']');
}

void out_json_module(struct jw *w, const struct mod_info *m)
{
	static const char *const maps[] = { "none", "SFF-8472", "SFF-8636", "CMIS" };
	unsigned q, t, i, n = m->lanes < MOD_LANES ? m->lanes : MOD_LANES;
	char buf[32];
	double mw;

	jw_open(w, "module", '{');
	snprintf(buf, sizeof(buf), "0x%02x", m->id);
	jw_s(w, "identifier", buf);
	jw_s(w, "identifier_name", mod_id_name(m->id));
	jw_s(w, "memory_map", maps[m->map < 4 ? m->map : 0]);
	if (m->valid & MOD_V_IDENT) {
		jw_s(w, "vendor_name", m->vendor);
		jw_s(w, "vendor_pn", m->pn);
		jw_s(w, "vendor_sn", m->sn);
		jw_s(w, "vendor_rev", m->rev);
	}
	if (m->valid & MOD_V_COPPER)
		jw_b(w, "copper", true); /* no optics: the readings are not light */
	if (m->map == MOD_MAP_SFF8472 && (m->valid & MOD_V_MON))
		jw_b(w, "external_calibration", m->valid & MOD_V_EXTCAL);
	if (m->valid & MOD_V_MON) {
		jd(w, "module_temperature", m->temp, 2);
		jd(w, "module_voltage", m->vcc, 4);
	}
	if (m->valid & MOD_V_LANES)
		lanes(w, "laser_tx_bias_current", m->bias, n, 3);
	if (m->valid & MOD_V_TX)
		lanes(w, "transmit_avg_optical_power", m->txpwr, n, 4);
	if (m->valid & MOD_V_RX) {
		jw_open(w, "rx_power", '{');
		lanes(w, "values", m->rxpwr, n, 4);
		jw_close(w, '}');
	}
	if (mod_rx_min(m, &mw, &i)) {
		jd(w, "rx_power_min_dbm", mod_dbm(mw), 2);
		jw_u(w, "rx_power_min_lane", i + 1);
	}
	if (m->valid & MOD_V_THR) {
		jw_open(w, "thresholds", '{');
		for (q = 0; q < MOD_Q_N; q++) {
			jw_open(w, thr_key[q], '{');
			for (t = 0; t < MOD_THR_N; t++) {
				snprintf(buf, sizeof(buf), "%s_threshold", mod_thr_name(t));
				jd(w, buf, m->thr[q][t], prec[q]);
			}
			jw_close(w, '}');
		}
		jw_close(w, '}');
	}
	if (m->valid & MOD_V_FLAGS) {
		/* the latched flags: the crossed thresholds' names, per lane */
		jw_open(w, "flags", '{');
		flag_list(w, thr_key[MOD_TEMP], m->flag_temp);
		flag_list(w, thr_key[MOD_VCC], m->flag_vcc);
		for (q = MOD_BIAS; q < MOD_Q_N; q++) {
			jw_open(w, thr_key[q], '[');
			for (i = 0; i < n; i++)
				flag_list(w, NULL, m->flag[q][i]);
			jw_close(w, ']');
		}
		jw_close(w, '}');
	}
	jw_close(w, '}');
}
