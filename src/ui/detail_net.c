// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The link drill-down's Ethernet part: the netdev's PFC, pause, FEC and
 * link state in one line each, then the per-priority table (pause frames
 * received and sent with their rates, the share of the interval paused,
 * discards), and why an
 * input said nothing (once per port: "dcb: not supported by the driver"),
 * the devices beneath the netdev (a bond's slaves: a line each, and their
 * figures beside the port's, their sum), then the
 * FEC histogram (detail_fec.c) and the transceiver module (detail_module.c).
 * Lines go to the drill-down through emit (detail.c).
 */
#include <stdio.h>
#include <string.h>

#include "net.h"
#include "net_view.h"
#include "priv.h"

static const char *rate(char *buf, size_t len, bool valid, double v)
{
	struct view_value val = { .type = VIEW_T_DOUBLE, .fmt = VIEW_F_RATE, .valid = valid,
				  .d = v };

	return view_fmt(&val, buf, len);
}

/* a rate of the port's truth: "sat" when a counter under it is saturated,
 * as the NETWORK pane's column says it */
static const char *rate_sat(char *buf, size_t len, const struct net_rates *r, int k)
{
	struct view_value val = { .type = VIEW_T_DOUBLE, .fmt = VIEW_F_RATE,
				  .valid = r->valid[k] || r->sat[k], .sat = r->sat[k], .d = r->v[k] };

	return view_fmt(&val, buf, len);
}

/* a count as the tables print one (2.9M) */
static const char *count(char *buf, size_t len, bool valid, uint64_t v)
{
	struct view_value val = { .type = VIEW_T_UINT, .fmt = VIEW_F_COUNT, .valid = valid,
				  .u = v };

	return view_fmt(&val, buf, len);
}

/* the share of the interval paused: "92%" */
static const char *share(char *buf, size_t len, bool valid, double v)
{
	if (!valid)
		return "n/a";
	snprintf(buf, len, "%.0f%%", v * 100);
	return buf;
}

static const char *num(char *buf, size_t len, bool valid, uint64_t v)
{
	if (!valid)
		return "n/a";
	snprintf(buf, len, "%llu", (unsigned long long)v);
	return buf;
}

/* "eth2: PFC on priorities 0,3, delay 10" */
static void pfc_line(const struct snap_net *n, ui_emit_fn emit, void *ctx)
{
	char line[512], a[32], f[32];
	int i;

	f[0] = '\0';
	if (n->valid & SNAP_NET_PFC) {
		size_t k = 0;

		/* "0,3,5": at most 15 characters */
		for (i = 0; i < SNAP_NET_PRIOS; i++)
			if (n->pfc_en >> i & 1) {
				if (k)
					f[k++] = ',';
				f[k++] = (char)('0' + i);
			}
		f[k] = '\0';
		snprintf(a, sizeof(a), "%u", n->delay);
	}
	if (!f[0])
		snprintf(f, sizeof(f), "%s", "none");
	snprintf(line, sizeof(line), "%s: PFC on priorities %s%s%s", n->ndev,
		 (n->valid & SNAP_NET_PFC) ? f : "n/a", (n->valid & SNAP_NET_PFC) ? ", delay " : "",
		 (n->valid & SNAP_NET_PFC) ? a : "");
	emit(ctx, ROLE_DEFAULT, 2, line);
}

/* "link pause: rx on, tx on, autoneg on (negotiated rx on, tx off)" */
static void pause_line(const struct snap_net *n, ui_emit_fn emit, void *ctx)
{
	char line[512];
	bool rx, tx, neg;

	if (!(n->valid & SNAP_NET_PAUSE_CFG))
		return;
	neg = snap_net_pause_negotiated(n, &rx, &tx);
	snprintf(line, sizeof(line), "link pause: rx %s, tx %s, autoneg %s%s%s%s%s",
		 n->pause_rx ? "on" : "off", n->pause_tx ? "on" : "off",
		 n->pause_autoneg ? "on" : "off", neg ? " (negotiated rx " : "",
		 neg ? (rx ? "on" : "off") : "", neg ? ", tx " : "",
		 neg ? (tx ? "on)" : "off)") : "");
	emit(ctx, ROLE_DEFAULT, 2, line);
}

/*
 * A bond's netdev has neither DCB nor FEC of its own (bonding registers no
 * dcbnl_ops and no get_fecparam, 6.1 to 7.x): the rows of its lowers,
 * which the live source asks too, stand for it.  The PFC priorities on in
 * every lower that answered; *differ where the lowers do not agree.
 */
static bool lowers_pfc(const struct snapshot *s, const struct snap_net *n, uint8_t *en,
		       bool *differ)
{
	bool any = false;
	size_t i;

	*differ = false;
	*en = 0;
	for (i = 0; !(n->valid & SNAP_NET_PFC) && i < n->n_lower; i++) {
		const struct snap_net *l = snap_net_find(s, n->lower[i].name);

		if (!l || !(l->valid & SNAP_NET_PFC))
			continue;
		if (any && l->pfc_en != *en)
			*differ = true;
		*en = any ? (uint8_t)(*en & l->pfc_en) : l->pfc_en;
		any = true;
	}
	return any;
}

/* Its FEC mode: its own, else its lowers' ("RS (2 lowers)", or each one's
 * where they differ) */
static const char *fec_of(const struct snapshot *s, const struct snap_net *n, char *buf,
			  size_t len)
{
	const char *first = NULL;
	size_t i, k = 0, n_fec = 0;
	bool same = true;

	if ((n->valid & SNAP_NET_FEC_MODE) || !n->n_lower)
		return net_fec_name(n);
	for (i = 0; i < n->n_lower; i++) {
		const struct snap_net *l = snap_net_find(s, n->lower[i].name);

		if (!l || !(l->valid & SNAP_NET_FEC_MODE))
			continue;
		same = same && (!first || !strcmp(first, net_fec_name(l)));
		first = first ? first : net_fec_name(l);
		n_fec++;
	}
	if (!n_fec)
		return net_fec_name(n);
	if (same && n_fec == n->n_lower) {
		snprintf(buf, len, "%s (its %zu lower%s)", first, n_fec, n_fec == 1 ? "" : "s");
		return buf;
	}
	/* each lower's, "n/a" where one said nothing */
	buf[0] = '\0';
	for (i = 0; i < n->n_lower && k < len; i++) {
		const struct snap_net *l = snap_net_find(s, n->lower[i].name);

		k += (size_t)snprintf(buf + k, len - k, "%s%s %s", k ? ", " : "", n->lower[i].name,
				      l ? net_fec_name(l) : "n/a");
	}
	return buf;
}

/* FEC and the errors the wire made, from the port's truth (truth_tab.c:
 * the standard groups, PMA or the driver's counters, whichever it has) */
static void error_lines(const char *fec, const struct snap_net *n, const struct net_rates *r,
			ui_emit_fn emit, void *ctx)
{
	char line[512], a[32], b[32];

	snprintf(line, sizeof(line), "FEC %s, uncorrectable %s", fec,
		 rate(a, sizeof(a), r->valid[NET_RATE_FEC_UNCORR], r->v[NET_RATE_FEC_UNCORR]));
	emit(ctx, ROLE_DEFAULT, 2, line);
	if (n->std_groups || r->valid[NET_RATE_FCS] || r->sat[NET_RATE_FCS] ||
	    r->valid[NET_RATE_SYMBOL] || r->sat[NET_RATE_SYMBOL]) {
		snprintf(line, sizeof(line), "FCS errors %s, symbol errors %s",
			 rate_sat(a, sizeof(a), r, NET_RATE_FCS),
			 rate_sat(b, sizeof(b), r, NET_RATE_SYMBOL));
		emit(ctx, (r->valid[NET_RATE_FCS] && r->v[NET_RATE_FCS] > 0) ||
				  (r->valid[NET_RATE_SYMBOL] && r->v[NET_RATE_SYMBOL] > 0) ||
				  r->sat[NET_RATE_FCS] || r->sat[NET_RATE_SYMBOL] ?
			  ROLE_STATUS_WARN : ROLE_DEFAULT, 2, line);
	}
}

/* "link down (Autoneg, No partner detected), speed 100000 Mb/s, ..." */
static void link_line(const struct snap_net *n, ui_emit_fn emit, void *ctx)
{
	char line[512], a[32], b[32], c[32], d[32], e[32], ls[128];
	const char *st, *sub;

	if (!(n->valid & (SNAP_NET_LINK | SNAP_NET_SPEED)))
		return;
	/* why it is down, as ethtool says it: "(Autoneg, No partner detected)" */
	st = n->valid & SNAP_NET_EXT_STATE ? net_ext_state_name(n->ext_state) : NULL;
	sub = n->valid & SNAP_NET_SUBSTATE ? net_ext_substate_name(n->ext_state, n->ext_substate) :
					     NULL;
	snprintf(ls, sizeof(ls), "%s", !(n->valid & SNAP_NET_LINK) ? "n/a" :
				       n->link ? "up" : "down");
	if (n->valid & SNAP_NET_EXT_STATE) {
		snprintf(d, sizeof(d), "%u", n->ext_state);
		snprintf(e, sizeof(e), "%u", n->ext_substate);
		snprintf(ls + strlen(ls), sizeof(ls) - strlen(ls), " (%s%s%s)", st ? st : d,
			 n->valid & SNAP_NET_SUBSTATE ? ", " : "",
			 !(n->valid & SNAP_NET_SUBSTATE) ? "" : sub ? sub : e);
	}
	snprintf(line, sizeof(line), "link %s, speed %s Mb/s, lanes %s, down events %s", ls,
		 num(a, sizeof(a), (n->valid & SNAP_NET_SPEED) && n->speed != UINT32_MAX, n->speed),
		 num(b, sizeof(b), n->valid & SNAP_NET_LANES, n->lanes),
		 num(c, sizeof(c), n->valid & SNAP_NET_DOWN_CNT, n->ext_down_cnt));
	emit(ctx, ROLE_DEFAULT, 2, line);
}

/* The per-priority table: pause frames each way, their rates, the share
 * of the interval paused, discards */
static void prio_table(bool pfc, uint8_t pfc_en, const struct net_rates *r, ui_emit_fn emit,
		       void *ctx)
{
	char line[512], a[32], b[32], c[32], d[32], e[32], f[32], g[32];
	int i;

	if (!r->any_prio)
		return;
	/* 76 columns with its indent: whole at 80; the durations as the
	 * share of the interval paused (microseconds a second) */
	snprintf(line, sizeof(line), "%4s %-3s %10s %8s %10s %8s %7s %8s %8s", "PRIO", "PFC",
		 "PAUSE RX", "RX/s", "PAUSE TX", "TX/s", "PAUSED", "PAUSING", "DISC/s");
	emit(ctx, ROLE_COLUMN, 2, line);
	for (i = 0; i < SNAP_NET_PRIOS; i++) {
		const struct net_prio *q = &r->p[i];

		snprintf(line, sizeof(line), "%4d %-3s %10s %8s %10s %8s %7s %8s %8s", i,
			 !pfc ? "n/a" : pfc_en >> i & 1 ? "on" : "off",
			 count(a, sizeof(a), q->has_rx, q->rx),
			 rate(b, sizeof(b), q->rx_rated, q->rx_rate),
			 count(c, sizeof(c), q->has_tx, q->tx),
			 rate(d, sizeof(d), q->tx_rated, q->tx_rate),
			 share(e, sizeof(e), q->has_rx_share, q->rx_share),
			 share(f, sizeof(f), q->has_tx_share, q->tx_share),
			 rate(g, sizeof(g), q->discard_rated, q->discard_rate));
		emit(ctx, i == r->prio[0] && q->rx_rated && q->rx_rate > 0 ?
		     ROLE_STATUS_WARN : ROLE_DEFAULT, 2, line);
	}
}

/* Part i of n failed for the same reason as an earlier part (said there) */
static bool why_said(const struct snap_net *n, int i, const char *why)
{
	int j;

	for (j = 0; j < i; j++)
		if (n->err[j] && j != SNAP_NET_FAMILY &&
		    !strcmp(net_why_in((unsigned int)j, n->err[j]), why))
			return true;
	return false;
}

/* the parts ethtool did not give, those with one reason on one line
 * (gpu-node: six parts, each "no such netdev here") */
static void why_lines(const struct snap_net *n, ui_emit_fn emit, void *ctx)
{
	char line[512];
	int i, j;

	for (i = 0; i < SNAP_NET_N; i++) {
		const char *why = net_why_in((unsigned int)i, n->err[i]);
		size_t k = 0;

		if (!n->err[i] || i == SNAP_NET_FAMILY || why_said(n, i, why))
			continue;
		/* whose answer it is: the counts above come from sysfs */
		snprintf(line, sizeof(line), "ethtool netlink: %s:", why);
		emit(ctx, ROLE_NA, 2, line);
		for (j = i; j < SNAP_NET_N && k < sizeof(line); j++)
			if (n->err[j] && j != SNAP_NET_FAMILY &&
			    !strcmp(net_why_in((unsigned int)j, n->err[j]), why))
				k += (size_t)snprintf(line + k, sizeof(line) - k, "%s%s",
						      k ? ", " : "", net_in_name((unsigned int)j));
		emit(ctx, ROLE_NA, 4, line);
	}
}

/* The devices beneath the netdev (a bond's slaves, a VLAN's real device):
 * what it is, then a line each (net_lower_line), a lower down marked */
static void lower_lines(const struct snap_net *n, ui_emit_fn emit, void *ctx)
{
	static const char *const modes[] = { "balance-rr", "active-backup", "balance-xor",
					     "broadcast",  "802.3ad",	    "balance-tlb",
					     "balance-alb" };
	char line[160], mode[48] = "";
	size_t i;

	if (!n->n_lower)
		return;
	if (n->valid & SNAP_NET_BOND_MODE)
		snprintf(mode, sizeof(mode), " (%s)", modes[n->bond_mode < 7 ? n->bond_mode : 0]);
	snprintf(line, sizeof(line), "%s %s%s%s%s, %u lower%s%s",
		 n->upper == SNAP_UPPER_BOND ? "bond" : n->upper == SNAP_UPPER_VLAN ? "vlan" :
										"upper",
		 n->ndev, mode, (n->valid & SNAP_NET_ACTIVE) && n->active[0] ? ", active " : "",
		 (n->valid & SNAP_NET_ACTIVE) ? n->active : "", n->n_lower,
		 n->n_lower == 1 ? "" : "s", n->lower_more ? " (more left out)" : "");
	emit(ctx, ROLE_DEFAULT, 2, line);
	emit(ctx, ROLE_COLUMN, 2, net_lower_head());
	for (i = 0; i < n->n_lower; i++)
		emit(ctx, snap_lower_down(&n->lower[i]) ? ROLE_STATUS_WARN : ROLE_DEFAULT, 2,
		     net_lower_line(line, sizeof(line), n, &n->lower[i]));
}

/*
 * The port's figures from the devices beneath it (src/model/lowsum.c,
 * lowfig.c): a line each lower, then the port's, which is their sum where
 * the upper has none of its own ('*' and a note where it has), so that the
 * lines add up to the port's figure on screen.  Only where a lower
 * answered any.
 */
static void lower_figs(const struct snapshot *s, uint32_t dev, uint32_t port,
		       const struct snap_net *n, ui_emit_fn emit, void *ctx)
{
	struct net_figs pf, lf[SNAP_NET_LOWERS];
	char line[160], label[SNAP_IFNAME_MAX + 4];
	uint16_t any = 0;
	size_t i;

	net_figs_port(s, dev, port, &pf);
	for (i = 0; i < n->n_lower && i < SNAP_NET_LOWERS; i++) {
		net_figs_lower(s, &pf, &n->lower[i], &lf[i]);
		any |= lf[i].has;
	}
	if (!any)
		return;
	emit(ctx, ROLE_COLUMN, 2, net_figs_head(line, sizeof(line), s->interval));
	for (i = 0; i < n->n_lower && i < SNAP_NET_LOWERS; i++)
		emit(ctx, ROLE_DEFAULT, 2,
		     net_figs_line(line, sizeof(line), n->lower[i].name, &lf[i], false));
	snprintf(label, sizeof(label), "%s sum", n->ndev);
	emit(ctx, ROLE_DEFAULT, 2, net_figs_line(line, sizeof(line), label, &pf, true));
	if (pf.has & ~pf.summed) {
		snprintf(line, sizeof(line), "* %s's own counter: its lowers' not added", n->ndev);
		emit(ctx, ROLE_NA, 2, line);
	}
}

/* The section's lines in the order they are drawn, each from its own
 * input (PFC, pause, FEC, link, priorities, refusals). */
void ui_detail_net(const struct snapshot *s, uint32_t dev, uint32_t port, ui_emit_fn emit,
		   void *ctx)
{
	const struct snap_net *n = net_of_port(s, dev, port);
	struct net_rates r;
	char fec[128];
	bool pfc, differ;
	uint8_t pfc_en;
	size_t i;

	if (!n)
		return;
	net_rates(s, dev, port, &r);
	emit(ctx, ROLE_TITLE, 0, "network");
	pfc = (n->valid & SNAP_NET_PFC) != 0;
	pfc_en = n->pfc_en;
	if (!pfc && lowers_pfc(s, n, &pfc_en, &differ)) {
		/* each lower's own line: a bond over ens1f0np0 and ens1f1np1 */
		for (i = 0; i < n->n_lower; i++) {
			const struct snap_net *l = snap_net_find(s, n->lower[i].name);

			if (l && (l->valid & SNAP_NET_PFC))
				pfc_line(l, emit, ctx);
		}
		if (differ)
			emit(ctx, ROLE_STATUS_WARN, 2,
			     "PFC differs between the lowers: PFC below is on where on in all");
		pfc = true;
	} else {
		pfc_line(n, emit, ctx);
	}
	pause_line(n, emit, ctx);
	error_lines(fec_of(s, n, fec, sizeof(fec)), n, &r, emit, ctx);
	link_line(n, emit, ctx);
	lower_lines(n, emit, ctx);
	if (n->n_lower)
		lower_figs(s, dev, port, n, emit, ctx);
	prio_table(pfc, pfc_en, &r, emit, ctx);
	why_lines(n, emit, ctx);
	emit(ctx, ROLE_DEFAULT, 0, "");
	ui_detail_fec(s, dev, port, emit, ctx);
	ui_detail_module(s, dev, port, emit, ctx);
}
