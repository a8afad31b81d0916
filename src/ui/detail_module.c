// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The link drill-down's transceiver module (src/model/module.c): its
 * identity, temperature and supply against the module's own thresholds,
 * then a table a lane a row (bias, TX and RX power in mW and dBm) with the
 * module's warning and alarm thresholds as rows beneath in the same
 * columns.  A value past a threshold ends in "!", a lane whose module
 * latched a flag names it (FLAGS); both draw as warnings.  76 columns with
 * the indent: whole at 80.
 */
#include <stdio.h>
#include <string.h>

#include "module.h"
#include "net.h"
#include "net_view.h"
#include "priv.h"

/* v with "!" where it crosses a threshold of reading q */
static const char *val(char *buf, size_t len, const struct mod_info *m, unsigned q, double v,
		       int prec, bool dbm)
{
	bool past = mod_crossed(m, q, v) != 0;

	snprintf(buf, len, "%.*f%s", prec, dbm ? mod_dbm(v) : v, past ? "!" : "");
	return buf;
}

/* the latched flags of a lane: "RX lo warn,bias hi alarm" */
static void flags(char *buf, size_t len, const struct mod_info *m, unsigned lane)
{
	static const char *const q_name[MOD_Q_N] = { "temp", "Vcc", "bias", "TX", "RX" };
	static const char *const t_name[MOD_THR_N] = { "hi alarm", "lo alarm", "hi warn",
						       "lo warn" };
	size_t k = 0;
	unsigned q, t;

	buf[0] = '\0';
	for (q = MOD_BIAS; q < MOD_Q_N; q++)
		for (t = 0; t < MOD_THR_N && k < len; t++)
			if (mod_flags(m, q, lane) & (1u << t))
				k += (size_t)snprintf(buf + k, len - k, "%s%s %s", k ? "," : "",
						      q_name[q], t_name[t]);
}

/* temperature or supply: value, warning and alarm ranges, latched flags */
static void module_line(const struct mod_info *m, unsigned q, ui_emit_fn emit, void *ctx)
{
	static const char *const t_name[MOD_THR_N] = { "high alarm", "low alarm", "high warning",
						       "low warning" };
	double v = q == MOD_TEMP ? m->temp : m->vcc;
	int prec = q == MOD_TEMP ? 2 : 4;
	uint8_t f = mod_flags(m, q, 0), x = mod_crossed(m, q, v);
	char line[256], a[32];
	size_t k;
	unsigned t;

	k = (size_t)snprintf(line, sizeof(line), "%s %s %s",
			     q == MOD_TEMP ? "temperature" : "supply",
			     val(a, sizeof(a), m, q, v, prec, false), q == MOD_TEMP ? "C" : "V");
	if (m->valid & MOD_V_THR)
		k += (size_t)snprintf(line + k, sizeof(line) - k,
				      ", warning %.*f..%.*f, alarm %.*f..%.*f", prec,
				      m->thr[q][MOD_LWARN], prec, m->thr[q][MOD_HWARN], prec,
				      m->thr[q][MOD_LALARM], prec, m->thr[q][MOD_HALARM]);
	for (t = 0; t < MOD_THR_N && k < sizeof(line); t++)
		if (f & (1u << t))
			k += (size_t)snprintf(line + k, sizeof(line) - k, ", %s flag", t_name[t]);
	emit(ctx, f || x ? ROLE_STATUS_WARN : ROLE_DEFAULT, 2, line);
}

void ui_detail_module(const struct snapshot *s, uint32_t dev, uint32_t port, ui_emit_fn emit,
		      void *ctx)
{
	static const char *const maps[] = { "", "SFF-8472", "SFF-8636", "CMIS" };
	static const char *const rows[MOD_THR_N] = { "hi alarm", "lo alarm", "hi warn", "lo warn" };
	static const unsigned order[MOD_THR_N] = { MOD_LALARM, MOD_LWARN, MOD_HWARN, MOD_HALARM };
	const struct snap_net *n = net_of_port(s, dev, port);
	const struct mod_info *m;
	char line[256], a[24], b[24], c[24], d[24], e[24], fl[64];
	unsigned i, k;

	if (!n || !(n->valid & SNAP_NET_MOD))
		return;
	m = &n->mod;
	emit(ctx, ROLE_TITLE, 0, "module");
	snprintf(line, sizeof(line), "%s %s %s rev %s, serial %s (%s%s)", mod_id_name(m->id),
		 m->vendor[0] ? m->vendor : "n/a", m->pn, m->rev, m->sn, maps[m->map & 3],
		 m->valid & MOD_V_EXTCAL ? ", externally calibrated" : "");
	emit(ctx, ROLE_DEFAULT, 2, line);
	if (m->valid & MOD_V_COPPER) {
		emit(ctx, ROLE_NA, 2, "a copper cable: no optics to read");
		emit(ctx, ROLE_DEFAULT, 0, "");
		return;
	}
	if (m->valid & MOD_V_MON) {
		module_line(m, MOD_TEMP, emit, ctx);
		module_line(m, MOD_VCC, emit, ctx);
	}
	if (!(m->valid & MOD_V_LANES) && !(m->valid & MOD_V_RX)) {
		emit(ctx, ROLE_DEFAULT, 0, "");
		return;
	}
	snprintf(line, sizeof(line), "%-9s %8s %8s %8s %8s %8s  %s", "LANE", "BIAS mA", "TX mW",
		 "TX dBm", "RX mW", "RX dBm", "FLAGS");
	emit(ctx, ROLE_COLUMN, 2, line);
	for (i = 0; i < m->lanes && i < MOD_LANES; i++) {
		bool tx = m->valid & MOD_V_TX, rx = m->valid & MOD_V_RX, warn;

		flags(fl, sizeof(fl), m, i);
		snprintf(line, sizeof(line), "%-9u %8s %8s %8s %8s %8s  %s", i + 1,
			 val(a, sizeof(a), m, MOD_BIAS, m->bias[i], 3, false),
			 tx ? val(b, sizeof(b), m, MOD_TXPWR, m->txpwr[i], 4, false) : "n/a",
			 tx ? val(c, sizeof(c), m, MOD_TXPWR, m->txpwr[i], 2, true) : "n/a",
			 rx ? val(d, sizeof(d), m, MOD_RXPWR, m->rxpwr[i], 4, false) : "n/a",
			 rx ? val(e, sizeof(e), m, MOD_RXPWR, m->rxpwr[i], 2, true) : "n/a", fl);
		warn = fl[0] || mod_crossed(m, MOD_BIAS, m->bias[i]) ||
		       (tx && mod_crossed(m, MOD_TXPWR, m->txpwr[i])) ||
		       (rx && mod_crossed(m, MOD_RXPWR, m->rxpwr[i]));
		emit(ctx, warn ? ROLE_STATUS_WARN : ROLE_DEFAULT, 2, line);
	}
	/* the module's own thresholds, in the lanes' columns */
	for (k = 0; (m->valid & MOD_V_THR) && k < MOD_THR_N; k++) {
		unsigned t = order[k];

		snprintf(a, sizeof(a), "%.3f", m->thr[MOD_BIAS][t]);
		snprintf(b, sizeof(b), "%.4f", m->thr[MOD_TXPWR][t]);
		snprintf(c, sizeof(c), "%.2f", mod_dbm(m->thr[MOD_TXPWR][t]));
		snprintf(d, sizeof(d), "%.4f", m->thr[MOD_RXPWR][t]);
		snprintf(e, sizeof(e), "%.2f", mod_dbm(m->thr[MOD_RXPWR][t]));
		snprintf(line, sizeof(line), "%-9s %8s %8s %8s %8s %8s", rows[t], a, b, c, d, e);
		emit(ctx, ROLE_NA, 2, line);
	}
	emit(ctx, ROLE_DEFAULT, 0, "");
}
