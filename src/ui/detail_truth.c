// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The link drill-down's first section: the port's verdict with each
 * reason, its threshold and the counter it is from; which counter each
 * headline figure is (and another register of the same count where the
 * port has one: where the two differ, said); and ERR/s's counters,
 * largest first.  Lines go to the drill-down through emit (detail.c).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "priv.h"
#include "truth.h"
#include "verdict.h"

static const char *rate(char *buf, size_t len, double v, bool bytes)
{
	if (!bytes && v > 0 && v < 1) { /* 120 an hour: 0.033/s */
		snprintf(buf, len, "%.2g/s", v);
		return buf;
	}
	struct view_value val = { .type = VIEW_T_DOUBLE,
				  .fmt = bytes ? VIEW_F_BPS : VIEW_F_RATE,
				  .valid = true,
				  .d = v };

	return view_fmt(&val, buf, len);
}

static void reasons(const struct snapshot *s, const struct snap_port *p, ui_emit_fn emit, void *ctx)
{
	const struct verdict_rule_def *rules = verdict_rules();
	char line[256], text[96], thr[48], a[32];
	struct verdict v;
	int i;

	verdict_port(s, p, &v);
	snprintf(line, sizeof(line), "verdict %s%s", verdict_level_name(v.level),
		 v.level == VERDICT_NONE ? " (rates need a second sample)" : "");
	emit(ctx,
	     v.level == VERDICT_FAIL ? ROLE_STATE_BAD :
	     v.level == VERDICT_WARN ? ROLE_STATE_WARN :
	     v.level == VERDICT_OK   ? ROLE_STATE_GOOD :
				       ROLE_NA,
	     2, line);
	for (i = 0; i < v.n; i++) {
		const struct verdict_reason *r = &v.r[i];
		const struct verdict_rule_def *d = &rules[r->rule];

		/* the threshold it reached: ">= 100/s", "> 0/s" for "any";
		 * the module's own: "< -10.30 dBm, its low warning" */
		if (d->own_warn)
			snprintf(thr, sizeof(thr), "%s %.2f %s, %s",
				 r->value < r->threshold ? "<" : ">", r->threshold, d->unit,
				 r->level == VERDICT_FAIL ? d->own_fail : d->own_warn);
		else if (r->threshold < 1e-6 && r->rule != VR_FEC_BER)
			snprintf(thr, sizeof(thr), "> 0%s", d->unit);
		else if (!strcmp(d->unit, "/s"))
			snprintf(thr, sizeof(thr), ">= %s",
				 rate(a, sizeof(a), r->threshold, false));
		else
			snprintf(thr, sizeof(thr), ">= %g%s", r->threshold, d->unit);
		snprintf(line, sizeof(line), "%-4s %s (%s%s%s%s%s)", verdict_level_name(r->level),
			 verdict_reason_text(s, r, text, sizeof(text)), thr, r->counter ? "; " : "",
			 r->counter ? truth_src_name(r->src) : "", r->counter ? ":" : "",
			 r->counter ? snap_s(s, r->counter) : "");
		emit(ctx, r->level == VERDICT_FAIL ? ROLE_STATE_BAD : ROLE_STATE_WARN, 4, line);
	}
}

void ui_detail_truth(const struct snapshot *s, const struct snap_port *p, ui_emit_fn emit,
		     void *ctx)
{
	static const char *const words[TRUTH_FIG_N] = {
		"RX/s",		 "TX/s",	  "RXPKT/s",	"TXPKT/s",	 "discards",
		"out-of-buffer", "symbol errors", "FCS errors", "FEC corr bits",
	};
	size_t nr, i;
	const struct truth_rule *rules = truth_rules(&nr);
	char line[256], a[32], b[32];
	struct port_truth t;
	int k, d;

	emit(ctx, ROLE_TITLE, 0, "the port's truth");
	reasons(s, p, emit, ctx);
	truth_port(s, p->dev, p->port, &t);
	for (k = 0; k < TRUTH_FIG_N; k++) {
		const struct truth_val *f = &t.f[k];
		bool bytes = k <= TRUTH_TX_BYTES;

		if (!f->there)
			continue;
		snprintf(line, sizeof(line), "%-13s %10s  %s:%s%s", words[k],
			 f->sat	  ? "sat" :
			 f->valid ? rate(a, sizeof(a), f->v, bytes) :
				    "n/a",
			 truth_src_name(f->src), snap_s(s, f->name),
			 rules[f->rule].n[1].name ? " + the rest of its sum" : "");
		emit(ctx, ROLE_DEFAULT, 2, line);
		/* the same count from another register, where the port has it */
		if (f->other_valid && f->other_rule >= 0 && (size_t)f->other_rule < nr) {
			double hi = fmax(fabs(f->v), fabs(f->other));
			double pct = hi > 0 ? fabs(f->v - f->other) / hi * 100 : 0;
			bool off = f->valid && pct > TRUTH_AGREE_PCT;

			snprintf(line, sizeof(line), "%-13s %10s  %s:%s %s", "",
				 rate(b, sizeof(b), f->other, bytes),
				 truth_src_name(rules[f->other_rule].n[0].src),
				 rules[f->other_rule].n[0].name,
				 !f->valid ? "" :
				 off	   ? "DIFFERS (the same count)" :
					     "agrees");
			if (off)
				snprintf(line + strlen(line), sizeof(line) - strlen(line),
					 " by %.0f%%", pct);
			emit(ctx, off ? ROLE_STATUS_WARN : ROLE_NA, 2, line);
		}
	}
	/* ERR/s and what it sums, largest first */
	snprintf(line, sizeof(line), "%-13s %10s  %u counter%s summed", "ERR/s",
		 t.err_sat   ? "sat" :
		 t.err_valid ? rate(a, sizeof(a), t.err, false) :
			       "n/a",
		 (unsigned)t.n_err, t.n_err == 1 ? "" : "s");
	if (t.n_same)
		snprintf(line + strlen(line), sizeof(line) - strlen(line),
			 ", %u counted under another name", (unsigned)t.n_same);
	emit(ctx, ROLE_DEFAULT, 2, line);
	for (i = 0; i < TRUTH_ERRS && (t.errs[i].rate > 0 || t.errs[i].sat); i++) {
		snprintf(line, sizeof(line), "%-13s %10s  %s:%s", "",
			 t.errs[i].sat ? "sat" : rate(a, sizeof(a), t.errs[i].rate, false),
			 truth_src_name(t.errs[i].src), snap_s(s, t.errs[i].name));
		emit(ctx, ROLE_ERROR, 2, line);
	}
	/* the share of time each priority was paused */
	for (k = 0; k <= TRUTH_PRIOS; k++)
		if (t.pause_valid[0][k] || t.pause_valid[1][k]) {
			char who[16];

			snprintf(who, sizeof(who), k < TRUTH_PRIOS ? "prio %d" : "link", k);
			snprintf(
				line, sizeof(line),
				"%-13s paused %s (pauses received), pausing "
				"its peer %s",
				who,
				t.pause_valid[0][k] ?
					(snprintf(a, sizeof(a), "%.0f%%", t.pause[0][k] * 100), a) :
					"n/a",
				t.pause_valid[1][k] ?
					(snprintf(b, sizeof(b), "%.0f%%", t.pause[1][k] * 100), b) :
					"n/a");
			for (d = 0; d < 2; d++)
				if (t.pause_over[d][k])
					snprintf(line + strlen(line), sizeof(line) - strlen(line),
						 "; %s says %.0f%%: ahead of the clock",
						 snap_s(s, t.pause_name[d][k]),
						 t.pause_raw[d][k] * 100);
			emit(ctx,
			     t.pause[0][k] >= 0.1 || t.pause[1][k] >= 0.1 ? ROLE_STATUS_WARN :
									    ROLE_DEFAULT,
			     2, line);
		}
	emit(ctx, ROLE_DEFAULT, 0, "");
}
