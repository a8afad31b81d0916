// SPDX-License-Identifier: GPL-2.0-or-later
/* A port's verdict from its truth and the declared rules (verdict.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "module.h"
#include "net_view.h"
#include "snap_pci.h"
#include "truth.h"
#include "verdict.h"
#include "view.h"

/*
 * The rules.  Where a tool operators already trust publishes a default,
 * that is the threshold (../doc/counters.md, "The verdict"); the others are
 * rdmatop's own, said so.  NVSentinel: NVIDIA NVSentinel
 * docs/nic-health-monitor.md; gpud: leptonai gpud
 * components/accelerator/nvidia/infiniband (scan_flaps.go, PR #1247).
 */
static const struct verdict_rule_def rules[VR_N] = {
	[VR_PORT_DOWN] = { "port_down", "port", "", 1, 1,
			   "IBTA port states: a port not ACTIVE carries no traffic" },
	[VR_PAUSE_RX] = { "pause_rx", "paused", "%", 10, 50,
			  "rdmatop's own: the share of time a priority's sending stood still by "
			  "the peer's pauses (mlx5 rx_prioN_pause_duration, bnxt_en "
			  "pfc_priN_rx_duration_us)" },
	[VR_PAUSE_TX] = { "pause_tx", "pausing peer", "%", 10, 50,
			  "rdmatop's own: the share of time this port held its peer's priority" },
	[VR_PAUSE_STORM] = { "pause_storm", "pause storm", "/s", 1e-9, 1e-9,
			     "mlx5 en_stats.c: the device's stall watermark tripped and it stopped "
			     "sending pauses (tx_pause_storm_error_events; warning events: WARN)" },
	[VR_DISCARDS] = { "discards", "discards", "/s", 1e-9, 100,
			  "rdmatop's own: a lossless fabric drops nothing (PFC on); 100/s: FAIL" },
	[VR_OUT_OF_BUFFER] = { "out_of_buffer", "out-of-buffer", "/s", 1e-9, 100,
			       "rdmatop's own: packets dropped with no receive buffer posted (mlx5 "
			       "out_of_buffer, rx_out_of_buffer)" },
	[VR_SYMBOL] = { "symbol_errors", "symbol errors", "/s", 120.0 / 3600, 120.0 / 3600,
			"NVSentinel: symbol_error above 120 an hour is fatal" },
	[VR_LINK_RECOVERY] = { "link_error_recovery", "link recoveries", "/s", 5.0 / 60, 1e300,
			       "NVSentinel: link_error_recovery above 5 a minute is degrading" },
	[VR_FCS] = { "fcs_errors", "FCS errors", "/s", 1e-9, 120.0 / 3600,
		     "rdmatop's own, the symbol errors' 120 an hour for FAIL: frames lost to the "
		     "wire" },
	[VR_FEC_UNCORR] = { "fec_uncorrectable", "FEC uncorrectable", "/s", 1e-9, 120.0 / 3600,
			    "rdmatop's own, as FCS: blocks FEC could not mend are frames lost" },
	[VR_FEC_BER] = { "fec_ber", "pre-FEC BER", "", 2.4e-5, 2.4e-4,
			 "IEEE 802.3 RS(544,514) FEC (Clause 91, 134): 2.4e-4 the pre-FEC BER "
			 "it is specified to correct, FAIL; rdmatop's own a tenth of it, WARN "
			 "(corrected bits over time x link speed, as mlxlink)" },
	[VR_MOD_RX] = { "module_rx_power", "RX power", "dBm", 0, 0,
			"the module's own thresholds (SFF-8636 page 03h bytes 176-183, CMIS page "
			"02h 192-199, SFF-8472 A2h 32-39): the light reaching its lowest lane",
			"its low warning", "its low alarm" },
	[VR_MOD_TEMP] = { "module_temperature", "module", "C", 0, 0,
			  "the module's own thresholds (SFF-8636 page 03h bytes 128-135, CMIS "
			  "page 02h 128-135, SFF-8472 A2h 0-7), high or low",
			  "its warning", "its alarm" },
	[VR_FLAPS] = { "flaps", "flaps", "", 3, 10,
		       "gpud: 3 returns to ACTIVE make a flapping port; nebius soperator #481: "
		       "link_downed up by more than 10 (flaps seen since rdmatop started or the "
		       "recording began: returns to ACTIVE, or the kernel's down counts)" },
	[VR_LOWER_DOWN] = { "lower_down", "down", "", 1, 1e300,
			    "rdmatop's own: a device beneath an up netdev (a bond's slave, by the "
			    "kernel's lower_* links) with its operstate not up, no carrier or its "
			    "bond's MII monitor not up: the bond runs on fewer links (value: how "
			    "many; the first named)" },
	[VR_SATURATED] = { "saturated", "saturated", "", 1, 1e300,
			   "IBTA PortCounters saturate (16-bit symbol_error, 8-bit link_downed): "
			   "the rate of a counter at its maximum is unknown" },
	[VR_PCIE] = { "pcie_degraded", "PCIe", "", 1, 1e300,
		      "the device's PCIe link trained below its maximum speed or width (sysfs "
		      "current_link_* against max_link_*)" },
	[VR_ERRORS] = { "errors", "errors", "/s", 1e-9, 1e300,
			"rdmatop's own: ERR/s above 0 that no rule above explains (its largest "
			"counter named)" },
};

static double thr[VR_N][2];
static bool thr_set;

const struct verdict_rule_def *verdict_rules(void)
{
	return rules;
}

void verdict_thresholds(enum verdict_rule r, double *warn, double *fail)
{
	if ((unsigned)r >= VR_N) {
		*warn = *fail = INFINITY;
		return;
	}
	*warn = thr_set ? thr[r][0] : rules[r].warn;
	*fail = thr_set ? thr[r][1] : rules[r].fail;
}

int verdict_set_thresholds(const char *const *spec, int n, char *err, size_t errlen)
{
	double t[VR_N][2];
	int i, r;

	for (r = 0; r < VR_N; r++) {
		t[r][0] = rules[r].warn;
		t[r][1] = rules[r].fail;
	}
	for (i = 0; i < n; i++) {
		const char *eq = strchr(spec[i], '=');
		char *end;
		double w, f;

		for (r = 0; eq && r < VR_N; r++)
			if (strlen(rules[r].id) == (size_t)(eq - spec[i]) &&
			    !strncmp(spec[i], rules[r].id, (size_t)(eq - spec[i])))
				break;
		if (eq && r < VR_N && rules[r].own_warn) {
			snprintf(err, errlen,
				 "threshold '%.64s': that rule's thresholds are each "
				 "module's own",
				 spec[i]);
			return -EINVAL;
		}
		if (!eq || r == VR_N) {
			snprintf(err, errlen,
				 "threshold '%.64s': RULE=WARN[,FAIL] with RULE one "
				 "of the rules (man rdmatop, THRESHOLDS)",
				 spec[i]);
			return -EINVAL;
		}
		w = strtod(eq + 1, &end);
		f = w;
		if (*end == ',')
			f = strtod(end + 1, &end);
		if (*end || end == eq + 1 || !isfinite(w) || !isfinite(f) || w < 0 || f < w) {
			snprintf(err, errlen,
				 "threshold '%.64s': WARN and FAIL are numbers, "
				 "0 <= WARN <= FAIL",
				 spec[i]);
			return -EINVAL;
		}
		t[r][0] = w;
		t[r][1] = f;
	}
	memcpy(thr, t, sizeof(thr));
	thr_set = true;
	return 0;
}

static void reason(struct verdict *v, enum verdict_rule r, double value, int prio, uint32_t counter,
		   uint8_t src)
{
	double w, f;
	uint8_t level;

	verdict_thresholds(r, &w, &f);
	if (!(value >= w) || !(w > 0 || value > 0))
		return;
	level = value >= f ? VERDICT_FAIL : VERDICT_WARN;
	if (v->n < VERDICT_REASONS)
		v->r[v->n++] = (struct verdict_reason){ .rule = (uint8_t)r,
							.level = level,
							.prio = (int8_t)prio,
							.value = value,
							.threshold = level == VERDICT_FAIL ? f : w,
							.counter = counter,
							.src = src };
	if (level > v->level)
		v->level = level;
}

/* the port's counter of that source and name: its rate, 0 when none */
static const struct snap_counter *ctr(const struct snapshot *s, const struct snap_port *p,
				      uint8_t src, const char *name)
{
	const struct snap_counter *c;
	struct snap_ctr_it it;

	snap_ctrs_of(s, p->dev, p->port, &it);
	while ((c = snap_ctr_next(&it)))
		if (c->dev == p->dev && c->port == p->port && c->source == src && !c->kind &&
		    !strcmp(snap_s(s, c->name), name))
			return c;
	return NULL;
}

static void figure(struct verdict *v, const struct port_truth *t, enum truth_fig f,
		   enum verdict_rule r)
{
	if (t->f[f].valid)
		reason(v, r, t->f[f].v, -1, t->f[f].name, t->f[f].src);
}

/* the flaps among the changes seen (flaps.c): in each, a return to ACTIVE,
 * or the kernel's count of downs in its window (link_downed, the PHY's
 * downs, a carrier lost and got back), whichever says more */
static unsigned int returns(const struct snap_port *p)
{
	unsigned int n = 0, i;

	for (i = 0; i < p->nchanges && i < SNAP_CHANGES_MAX; i++) {
		const struct snap_link_change *c = &p->changes[i];
		unsigned int k = c->state == 4 && c->from_state && c->from_state != 4;

		if (c->downed > k)
			k = c->downed;
		if (c->down_events > k)
			k = c->down_events;
		if ((c->carrier + 1) / 2 > k)
			k = (c->carrier + 1) / 2;
		n += k;
	}
	return n;
}

static int reason_cmp(const void *a, const void *b)
{
	const struct verdict_reason *x = a, *y = b;

	if (x->level != y->level)
		return x->level > y->level ? -1 : 1;
	return x->rule < y->rule ? -1 : x->rule > y->rule;
}

/* ERR/s less what the rules above judge (whether or not they tripped),
 * and the largest counter of the rest */
static void other_errors(const struct snapshot *s, const struct snap_port *p,
			 const struct port_truth *t, struct verdict *v)
{
	static const char *const judged[] = {
		"tx_pause_storm_error_events",
		"link_error_recovery",
		"fec_uncorrectable_blocks",
	};
	static const enum truth_fig figs[] = { TRUTH_DISCARD, TRUTH_OOB, TRUTH_SYMBOL, TRUTH_FCS };
	const struct snap_counter *c;
	double rest;
	size_t i, k;

	if (!t->err_valid || !(t->err > 0))
		return;
	rest = t->err;
	for (i = 0; i < sizeof(figs) / sizeof(figs[0]); i++)
		if (t->f[figs[i]].valid)
			rest -= t->f[figs[i]].v;
	for (i = 0; i < sizeof(judged) / sizeof(judged[0]); i++)
		if ((c = ctr(s, p,
			     i == 1 ? SNAP_SRC_PMA :
			     i	    ? SNAP_SRC_ETHNL :
				      SNAP_SRC_DRV,
			     judged[i])) &&
		    c->rate_status == RATE_DATA)
			rest -= c->rate;
	if (!(rest > 1e-9 * t->err))
		return;
	/* the largest counter no figure or rule above is */
	for (i = 0; i < TRUTH_ERRS && (t->errs[i].rate > 0 || t->errs[i].sat); i++) {
		const char *n = snap_s(s, t->errs[i].name);
		bool seen = false;

		for (k = 0; k < sizeof(judged) / sizeof(judged[0]); k++)
			seen |= !strcmp(n, judged[k]);
		for (k = 0; k < sizeof(figs) / sizeof(figs[0]); k++)
			seen |= t->f[figs[k]].there && t->f[figs[k]].name == t->errs[i].name;
		if (!seen)
			break;
	}
	reason(v, VR_ERRORS, rest, -1, i < TRUTH_ERRS ? t->errs[i].name : 0,
	       i < TRUTH_ERRS ? t->errs[i].src : 0);
}

/* a reason judged by the module's own thresholds: value and threshold in
 * the rule's unit, lane (prio) -1 for the module's */
static void own(struct verdict *v, enum verdict_rule r, uint8_t level, double value,
		double threshold, int lane)
{
	struct verdict_reason x = { .rule = (uint8_t)r,
				    .level = level,
				    .prio = (int8_t)lane,
				    .value = value,
				    .threshold = threshold };

	if (v->n < VERDICT_REASONS)
		v->r[v->n++] = x;
	if (level > v->level)
		v->level = level;
}

/* The module under the port's netdev (src/model/module.c): its lowest RX
 * power against its low warning and alarm, its temperature against its
 * warnings and alarms.  A copper cable has no light to judge. */
static void module_rules(const struct snapshot *s, const struct snap_port *p, struct verdict *v)
{
	const struct snap_net *n = net_of_port(s, p->dev, p->port);
	const struct mod_info *m = n && (n->valid & SNAP_NET_MOD) ? &n->mod : NULL;
	unsigned lane;
	uint8_t f;
	double mw;

	if (!m || (m->valid & MOD_V_COPPER) || !(m->valid & MOD_V_THR))
		return;
	if (mod_rx_min(m, &mw, &lane)) {
		f = mod_crossed(m, MOD_RXPWR, mw);
		if (f & (1u << MOD_LALARM))
			own(v, VR_MOD_RX, VERDICT_FAIL, mod_dbm(mw),
			    mod_dbm(m->thr[MOD_RXPWR][MOD_LALARM]), (int)lane + 1);
		else if (f & (1u << MOD_LWARN))
			own(v, VR_MOD_RX, VERDICT_WARN, mod_dbm(mw),
			    mod_dbm(m->thr[MOD_RXPWR][MOD_LWARN]), (int)lane + 1);
	}
	if (m->valid & MOD_V_MON) {
		f = mod_crossed(m, MOD_TEMP, m->temp);
		if (f & (1u << MOD_HALARM | 1u << MOD_LALARM))
			own(v, VR_MOD_TEMP, VERDICT_FAIL, m->temp,
			    m->thr[MOD_TEMP][f & (1u << MOD_HALARM) ? MOD_HALARM : MOD_LALARM], -1);
		else if (f & (1u << MOD_HWARN | 1u << MOD_LWARN))
			own(v, VR_MOD_TEMP, VERDICT_WARN, m->temp,
			    m->thr[MOD_TEMP][f & (1u << MOD_HWARN) ? MOD_HWARN : MOD_LWARN], -1);
	}
}

/* The lowers beneath the port's netdev while it is up: the first one down
 * named, the count the value. */
static void lower_rules(const struct snapshot *s, const struct snap_port *p, struct verdict *v)
{
	const struct snap_net *n = net_of_port(s, p->dev, p->port);
	const struct snap_lower *first = NULL;
	size_t i, down = 0;

	if (!n || !n->n_lower || !(n->valid & SNAP_NET_OPER) || n->oper != SNAP_OPER_UP)
		return;
	for (i = 0; i < n->n_lower; i++)
		if (snap_lower_down(&n->lower[i]) && !down++)
			first = &n->lower[i];
	if (!first)
		return;
	reason(v, VR_LOWER_DOWN, (double)down, -1, 0, 0);
	if (v->n && v->r[v->n - 1].rule == VR_LOWER_DOWN) {
		snprintf(v->r[v->n - 1].lower, sizeof(v->r[0].lower), "%s", first->name);
		v->r[v->n - 1].slave = n->upper == SNAP_UPPER_BOND;
	}
}

static void verdict_fill(const struct snapshot *s, uint32_t dev, uint32_t port, void *out);

/* kept for the next asker while s holds (view_port_value): the header, the
 * link lines and the Links table ask each port's in one screen */
void verdict_port(const struct snapshot *s, const struct snap_port *p, struct verdict *v)
{
	view_port_value(s, p->dev, p->port, verdict_fill, v, sizeof(*v));
}

static void verdict_fill(const struct snapshot *s, uint32_t dev, uint32_t port, void *out)
{
	const struct snap_port *p = snap_port_find(s, dev, port);
	struct verdict *v = out;
	const struct snap_counter *c;
	const struct snap_dev *d;
	struct port_truth t;
	int k;

	memset(v, 0, sizeof(*v));
	if (!p)
		return;
	v->level = VERDICT_OK;
	if (SNAP_HAS(p, SNAP_PORT_STATE) && p->state != 4)
		reason(v, VR_PORT_DOWN, 1, -1, 0, 0);
	truth_port(s, p->dev, p->port, &t);
	for (k = 0; k < 2; k++)
		if (t.pause_worst[k] >= 0)
			reason(v, k ? VR_PAUSE_TX : VR_PAUSE_RX, t.pause[k][t.pause_worst[k]] * 100,
			       t.pause_worst[k] < TRUTH_PRIOS ? t.pause_worst[k] : -1,
			       t.pause_name[k][t.pause_worst[k]], SNAP_SRC_DRV);
	if ((c = ctr(s, p, SNAP_SRC_DRV, "tx_pause_storm_error_events")) &&
	    c->rate_status == RATE_DATA && c->rate > 0) {
		reason(v, VR_PAUSE_STORM, c->rate, -1, c->name, c->source);
	} else if ((c = ctr(s, p, SNAP_SRC_DRV, "tx_pause_storm_warning_events")) &&
		   c->rate_status == RATE_DATA && c->rate > 0) {
		/* the device's warning: WARN at most */
		size_t n = v->n;

		reason(v, VR_PAUSE_STORM, c->rate, -1, c->name, c->source);
		if (v->n > n && v->r[n].level == VERDICT_FAIL) {
			v->r[n].level = VERDICT_WARN;
			v->level = VERDICT_WARN;
			for (n = 0; n < v->n; n++)
				if (v->r[n].level == VERDICT_FAIL)
					v->level = VERDICT_FAIL;
		}
	}
	figure(v, &t, TRUTH_DISCARD, VR_DISCARDS);
	figure(v, &t, TRUTH_OOB, VR_OUT_OF_BUFFER);
	figure(v, &t, TRUTH_SYMBOL, VR_SYMBOL);
	if ((c = ctr(s, p, SNAP_SRC_PMA, "link_error_recovery")) && c->rate_status == RATE_DATA)
		reason(v, VR_LINK_RECOVERY, c->rate, -1, c->name, c->source);
	figure(v, &t, TRUTH_FCS, VR_FCS);
	if ((c = ctr(s, p, SNAP_SRC_ETHNL, "fec_uncorrectable_blocks")) &&
	    c->rate_status == RATE_DATA)
		reason(v, VR_FEC_UNCORR, c->rate, -1, c->name, c->source);
	if (t.ber_valid)
		reason(v, VR_FEC_BER, t.ber, -1, t.f[TRUTH_CORR_BITS].name,
		       t.f[TRUTH_CORR_BITS].src);
	module_rules(s, p, v);
	reason(v, VR_FLAPS, returns(p), -1, 0, 0);
	lower_rules(s, p, v);
	if (t.err_sat) {
		for (k = 0; k < TRUTH_ERRS && !t.errs[k].sat; k++)
			;
		reason(v, VR_SATURATED, 1, -1, k < TRUTH_ERRS ? t.errs[k].name : 0,
		       k < TRUTH_ERRS ? t.errs[k].src : 0);
	}
	d = snap_dev_find(s, p->dev);
	if (d) {
		const struct snap_pci *pci = snap_pci_of_dev(s, d->name);

		if (pci && snap_pci_degraded(pci))
			reason(v, VR_PCIE, 1, -1, 0, 0);
	}
	/* errors no rule judges: the ERR/s column is never beside an OK */
	other_errors(s, p, &t, v);
	/* nothing found and nothing rated (a first sample): no verdict yet,
	 * not an OK the counters have not given */
	if (!v->n && !t.err_valid && t.pause_worst[0] < 0 && t.pause_worst[1] < 0) {
		for (k = 0; k < TRUTH_FIG_N && !t.f[k].valid; k++)
			;
		if (k == TRUTH_FIG_N)
			v->level = VERDICT_NONE;
	}
	qsort(v->r, v->n, sizeof(v->r[0]), reason_cmp);
}

long verdict_worst(const struct snapshot *s, struct verdict *v, size_t *bad)
{
	long worst = -1;
	size_t i;

	memset(v, 0, sizeof(*v));
	if (bad)
		*bad = 0;
	for (i = 0; i < s->ports.n; i++) {
		struct verdict pv;

		verdict_port(s, SNAP_AT(&s->ports, struct snap_port, i), &pv);
		if (bad && pv.level > VERDICT_OK)
			(*bad)++;
		/* the worst level, then the most reasons of it */
		if (worst < 0 || pv.level > v->level || (pv.level == v->level && pv.n > v->n)) {
			*v = pv;
			worst = (long)i;
		}
	}
	return worst;
}

const char *verdict_level_name(uint8_t level)
{
	static const char *const names[] = { "n/a", "OK", "WARN", "FAIL" };

	return level < 4 ? names[level] : "n/a";
}

/* a rate as the screen spells it: 2.5K/s, 35/s, 0.03/s */
static const char *rate_text(char *buf, size_t n, double v)
{
	char si[16];

	if (v < 1 && v > 0)
		snprintf(buf, n, "%.2g/s", v);
	else
		snprintf(buf, n, "%s/s", fmt_si(si, sizeof(si), v));
	return buf;
}

const char *verdict_reason_text(const struct snapshot *s, const struct verdict_reason *r, char *buf,
				size_t n)
{
	const struct verdict_rule_def *d = &rules[r->rule < VR_N ? r->rule : 0];
	char num[24];

	switch (r->rule) {
	case VR_PORT_DOWN:
		snprintf(buf, n, "port not ACTIVE");
		break;
	case VR_PAUSE_RX:
	case VR_PAUSE_TX:
		if (r->prio >= 0)
			snprintf(buf, n, "prio %d %s %.0f%%", r->prio, d->what, r->value);
		else
			snprintf(buf, n, "%s %.0f%%", d->what, r->value);
		break;
	case VR_FLAPS:
		snprintf(buf, n, "%.0f flaps", r->value);
		break;
	case VR_MOD_RX:
		snprintf(buf, n, "RX power %.1f dBm lane %d", r->value, r->prio);
		break;
	case VR_MOD_TEMP:
		snprintf(buf, n, "module %.1f C", r->value);
		break;
	case VR_LOWER_DOWN:
		if (r->value > 1)
			snprintf(buf, n, "%s %s down (+%.0f)", r->slave ? "slave" : "lower",
				 r->lower, r->value - 1);
		else
			snprintf(buf, n, "%s %s down", r->slave ? "slave" : "lower", r->lower);
		break;
	case VR_SATURATED:
		snprintf(buf, n, "%s saturated", r->counter ? snap_s(s, r->counter) : "a counter");
		break;
	case VR_FEC_BER:
		snprintf(buf, n, "pre-FEC BER %.1e", r->value);
		break;
	case VR_PCIE:
		snprintf(buf, n, "PCIe below its maximum");
		break;
	case VR_ERRORS:
		snprintf(buf, n, "errors %s%s%s%s", rate_text(num, sizeof(num), r->value),
			 r->counter ? " (" : "", r->counter ? snap_s(s, r->counter) : "",
			 r->counter ? ")" : "");
		break;
	default:
		snprintf(buf, n, "%s %s", d->what, rate_text(num, sizeof(num), r->value));
	}
	return buf;
}

static const char *reasons(const struct snapshot *s, const struct verdict *v, int w, bool ascii,
			   char *buf, size_t n, int *shown);

const char *verdict_reasons_line(const struct snapshot *s, const struct verdict *v, int w,
				 bool ascii, char *buf, size_t n)
{
	int shown;

	return reasons(s, v, w, ascii, buf, n, &shown);
}

int verdict_reasons_fit(const struct snapshot *s, const struct verdict *v, int w)
{
	char buf[1024];
	int shown;

	reasons(s, v, w, true, buf, sizeof(buf), &shown);
	return shown;
}

static const char *reasons(const struct snapshot *s, const struct verdict *v, int w, bool ascii,
			   char *buf, size_t n, int *shown)
{
	const char *mark = ascii ? "~" : "\xe2\x80\xa6";
	int used = 0, i;

	*shown = 0;
	if (!n)
		return buf;
	buf[0] = '\0';
	for (i = 0; i < v->n; i++) {
		char one[96];
		int len;

		verdict_reason_text(s, &v->r[i], one, sizeof(one));
		len = (int)strlen(one) + (i ? 2 : 0);
		/* room for this one, and for the mark if more follow */
		if (used + len + (i + 1 < v->n ? 1 : 0) > w || (size_t)(used + len) + 4 >= n) {
			if ((size_t)used + strlen(mark) + 1 < n && used + 1 <= w)
				strcat(buf, mark);
			break;
		}
		if (i)
			strcat(buf, ", ");
		strcat(buf, one);
		used += len;
		(*shown)++;
	}
	return buf;
}
