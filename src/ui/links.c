// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Devices/links pane: one row per port with state, netdev, speed,
 * throughput, error rate, the verdict and sparklines of the recent history.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit.h"
#include "fmt.h"
#include "graph.h"
#include "history.h"
#include "names.h"
#include "net_view.h"
#include "priv.h"
#include "util.h"
#include "verdict.h"

struct lcol {
	const char *hdr;
	int w;
	bool right;
};

static const struct lcol cols[] = {
	{ "DEV", 10, false }, { "PORT", 4, true }, { "STATE", 6, false },
	{ "PHYS", 8, false }, { "NETDEV", 10, false }, { "RATE", 19, false },
	{ "RX/s", 10, true }, { "TX/s", 10, true }, { "RXPKT/s", 8, true },
	{ "TXPKT/s", 8, true }, { "ERR/s", 7, true }, { "HEALTH", 6, false },
	{ "UTIL%", 6, true }, { "FLAPS", 5, true }, { "LASTCHG", 7, true },
	/* the netdev's (src/net): pauses of the busiest priority, drops, FEC */
	{ "PAUSE RX/s", 10, true }, { "PAUSE TX/s", 10, true }, { "DISCARD/s", 9, true },
	{ "FEC-UNCORR/s", 12, true },
	/* which counter RX/s is: the least asked, last */
	{ "SRC", 12, false },
};
/* the port's verdict, and the first of the columns after it: utilisation,
 * source, flaps, age */
#define COL_HEALTH 11
#define COL_UTIL 12
#define NCOLS (sizeof(cols) / sizeof(cols[0]))
#define NBASE 15	/* the port's columns; the netdev's follow the history and them */
#define COL_SRC ((int)NCOLS - 1)	/* after the netdev's */
/* the netdev's columns (a recording made before src/net has none) */
#define IS_NET(c) ((c) >= (int)NBASE && (c) < COL_SRC)

int ui_state_role(const char *state)
{
	static const char *const good[] = { "ACTIVE", "LINK_UP", "RTS", "CONNECT", "LISTEN" };
	static const char *const bad[] = { "DOWN", "DISABLED", "ERR", "SQE", "LINK_ERROR_RECOVERY" };
	size_t i;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		if (!strcmp(state, good[i]))
			return ROLE_STATE_GOOD;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (!strcmp(state, bad[i]))
			return ROLE_STATE_BAD;
	return ROLE_STATE_WARN;
}

/* formatted as the tables format rates (view_fmt: "0 b/s", "1.2K/s") */
static void rate_cell(int y, int x, int w, bool valid, double v, enum view_fmt fmt, bool error,
		      bool sat)
{
	struct view_value val = {
		.type = VIEW_T_DOUBLE, .fmt = fmt, .valid = valid,
		.d = v, .sat = sat,
	};
	char buf[32];
	int role;

	if (!valid)
		role = ROLE_NA;
	else if (sat)
		role = ROLE_STATE_WARN;	/* "sat": a counter stopped at its maximum */
	else if (v <= 0)
		role = ROLE_RATE_ZERO;
	else if (error)
		role = ROLE_ERROR;
	else
		role = v >= 1e6 ? ROLE_RATE_HIGH : ROLE_RATE_LOW;
	ui_put_right(y, x, w, role, view_fmt(&val, buf, sizeof(buf)));
}

/*
 * UTIL%, FLAPS, LASTCHG and SRC (cols[c]) of port p at x in w cells: the
 * cells of the links table's columns (src/model/cols.c).
 */
static void link_tail(struct ui *u, const struct snap_port *p, const struct view_link_rates *r,
		      int c, int y, int x, int w)
{
	const int id = c == COL_SRC ? VC_LINK_SOURCE : c == COL_UTIL ? VC_LINK_UTIL :
		       c == COL_UTIL + 1 ? VC_LINK_FLAPS : VC_LINK_LAST_CHANGE;
	struct view_ctx vc = { .s = u->run.s };
	const struct view_col *vcols, *col;
	struct view_value v;
	size_t n;
	char buf[32];
	int role;

	vcols = view_cols(VIEW_LINKS, &n);
	col = &vcols[id];
	v = (struct view_value){ .type = col->type, .fmt = col->fmt };
	/* utilisation and source from the row's rates, as the columns'
	 * getters take them */
	if (id == VC_LINK_UTIL) {
		v.valid = view_link_util_of(p, r, &v.d);
	} else if (id == VC_LINK_SOURCE) {
		/* "driver:rx_bytes_phy" where it fits, else the counter's
		 * name alone (at 80 columns) */
		char lab[64];

		v.valid = r->valid[0] || r->valid[1];
		v.s = v.valid ? snap_s(u->run.s, r->name[r->valid[0] ? 0 : 1]) : "n/a";
		if (v.valid &&
		    ui_width(view_link_src_label(u->run.s, r, r->valid[0] ? 0 : 1, lab, sizeof(lab))) <= w) {
			ui_put_name(y, x, w, ROLE_DEFAULT, lab);
			return;
		}
	} else {
		col->get(&vc, p, col, &v);
	}
	view_fmt(&v, buf, sizeof(buf));
	role = !v.valid ? ROLE_NA : v.sat ? ROLE_STATE_WARN :
	       id == VC_LINK_FLAPS && v.u ? ROLE_ERROR : ROLE_DEFAULT;
	if (id == VC_LINK_LAST_CHANGE && v.valid && v.d < 60)
		role = ROLE_STATE_WARN;	/* changed in the last minute */
	if (cols[c].right)
		ui_put_right(y, x, w, role, buf);
	else if (id == VC_LINK_SOURCE)
		ui_put_name(y, x, w, role, buf);	/* rx_vport_rd…cast_bytes */
	else
		ui_put(y, x, w, role, buf);
}

/*
 * The order of the port rows: a sub-device's ports (6.12+ mlx5 SMI,
 * PARENT_NAME) right after its parent's, the others as the kernel lists
 * them.  Returns the number of indexes put in ord (at most max).
 */
static size_t port_order(const struct snapshot *s, size_t *ord, size_t max)
{
	size_t i, j, n = 0;

	for (i = 0; i < s->ports.n && n < max; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);
		const struct snap_dev *d = snap_dev_find(s, p->dev);
		const struct snap_port *next = i + 1 < s->ports.n ?
			SNAP_AT(&s->ports, struct snap_port, i + 1) : NULL;

		if (d && SNAP_HAS(d, SNAP_DEV_PARENT) && snap_dev_by_name(s, d->parent))
			continue;	/* placed under its parent */
		ord[n++] = i;
		if (!d || (next && next->dev == p->dev))
			continue;	/* not the device's last port yet */
		for (j = 0; j < s->ports.n && n < max; j++) {
			const struct snap_port *q = SNAP_AT(&s->ports, struct snap_port, j);
			const struct snap_dev *e = snap_dev_find(s, q->dev);

			if (e && SNAP_HAS(e, SNAP_DEV_PARENT) && !strcmp(e->parent, d->name))
				ord[n++] = j;
		}
	}
	return n;
}

/*
 * The history's width: the layout's, narrowed (to 10 at least) where that
 * lets every column after it fit whole (200 columns with a netdev's: 15).
 */
static int spark_width(const struct ui_layout *l, bool net, int widen)
{
	int base = widen, rest = 0, fit;
	size_t c;

	for (c = 0; c < COL_SRC; c++)
		if (net || !IS_NET((int)c))
			*(c < COL_UTIL ? &base : &rest) += cols[c].w + 1;
	/* and the mark of the columns left out (SRC, last) */
	fit = l->links.w - base - rest - 2;
	if (!l->spark_w || fit >= l->spark_w || fit < 10)
		return l->spark_w;
	return fit;
}

/* the cells the longest RX/s counter's label takes (SRC: "pma:port_rcv_data") */
static int src_want(const struct snapshot *s, const size_t *ord, size_t nord)
{
	char lab[64];
	int want = 0;
	size_t i;

	for (i = 0; i < nord; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, ord[i]);
		struct view_link_rates r;
		int tw;

		view_link_rates(s, p->dev, p->port, &r);
		if (!r.valid[0] && !r.valid[1])
			continue;
		tw = ui_width(view_link_src_label(s, &r, r.valid[0] ? 0 : 1, lab, sizeof(lab)));
		want = tw > want ? tw : want;
	}
	return want;
}

/* the history's place among the columns: right after HEALTH */
#define COL_HIST ((int)NCOLS)

/*
 * Where each column goes (x[c], -1 where it is left out) and how wide
 * (w[c]), by the layout rule of every table (src/ui/fit.c): DEV, PORT,
 * STATE, RX/s, TX/s and ERR/s kept at every width, then the others in
 * their order while they fit, the names widened to the longest.  Returns
 * how many are left out.
 */
static int link_layout(const struct ui *u, const struct ui_layout *l, const size_t *ord,
		       size_t nord, int *x, int *w)
{
	const struct snapshot *s = u->run.s;
	struct ui_fit f[NCOLS + 1];
	int ids[NCOLS + 1], n = 0, c, sw, hidden, dmax = 0, nmax = 0;
	size_t i;

	/* what the names widen DEV and NETDEV by, which the history gives up */
	for (i = 0; i < nord; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, ord[i]);
		const struct snap_dev *d = snap_dev_find(s, p->dev);
		int dw = d ? ui_width(d->name) + SNAP_HAS(d, SNAP_DEV_PARENT) - cols[0].w : 0;
		int nw = (p->valid & SNAP_PORT_NDEV) ? ui_width(p->ndev) - cols[4].w : 0;

		dmax = dw > dmax ? dw : dmax;
		nmax = nw > nmax ? nw : nmax;
	}
	sw = spark_width(l, s->nets.n > 0, dmax + nmax);

	for (c = 0; c < (int)NCOLS; c++) {
		if (c == COL_UTIL && sw) {
			f[n] = (struct ui_fit){ .w = sw, .maxw = sw };
			ids[n++] = COL_HIST;
		}
		if (IS_NET(c) && !s->nets.n)
			continue;	/* no netdev read (a recording made before src/net) */
		/* SRC is a key column too: RX/s is only as good as the
		 * counter it is, named at every width (at 80 columns it
		 * takes PHYS's place) */
		f[n] = (struct ui_fit){ .w = cols[c].w, .maxw = cols[c].w,
					.key = c <= 2 || c == 6 || c == 7 || c == 10 ||
					       c == COL_HEALTH || c == COL_SRC };
		if (c == COL_SRC) {	/* widens to the longest counter label */
			f[n].maxw = UI_NAME_MAX;
			f[n].want = src_want(s, ord, nord);
		}
		if (c == 0 || c == 4 || c == 5) {	/* DEV, NETDEV, RATE widen */
			f[n].maxw = UI_NAME_MAX;
			for (i = 0; i < nord; i++) {
				const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, ord[i]);
				const struct snap_dev *d = snap_dev_find(s, p->dev);
				const char *t = c == 0 ? (d ? d->name : "?") :
						c == 4 ? ((p->valid & SNAP_PORT_NDEV) ? p->ndev : "") :
						((p->valid & SNAP_PORT_RATE) ? p->rate : "");
				int tw = ui_width(t) + (c == 0 && d && SNAP_HAS(d, SNAP_DEV_PARENT));

				if (tw > f[n].want)
					f[n].want = tw;
			}
		}
		ids[n++] = c;
	}
	hidden = ui_fit(f, (size_t)n, l->links.w);
	for (c = 0; c <= COL_HIST; c++)
		x[c] = -1;
	for (c = 0; c < n; c++) {
		x[ids[c]] = f[c].x;
		w[ids[c]] = f[c].w;
	}
	return hidden;
}

/* The column titles of the columns shown (xs[c] >= 0) */
static void draw_head(const int *xs, const int *ws, int y)
{
	size_t c;

	for (c = 0; c <= (size_t)COL_HIST; c++) {
		if (xs[c] < 0)
			continue;
		if (c == (size_t)COL_HIST)
			ui_put(y, xs[c], ws[c], ROLE_COLUMN, "RX+TX history");
		else if (cols[c].right)
			ui_put_right(y, xs[c], ws[c], ROLE_COLUMN, cols[c].hdr);
		else
			ui_put(y, xs[c], ws[c], ROLE_COLUMN, cols[c].hdr);
	}
}

/* DEV PORT STATE PHYS NETDEV RATE: what the port is */
static void port_cells(const struct ui *u, const struct snap_port *p, const struct snap_dev *d,
		       const int *xs, const int *ws, int y)
{
	bool sub = d && SNAP_HAS(d, SNAP_DEV_PARENT);
	char name[SNAP_DEV_NAME_MAX + 4];
	const char *st = (p->valid & SNAP_PORT_STATE) ? snap_port_state_str(p->state) : "n/a";
	const char *ph = (p->valid & SNAP_PORT_PHYS_STATE) ?
			 snap_phys_state_str(p->phys_state) : "n/a";
	char buf[64];

	/* a sub-device is drawn as a branch of its parent */
	snprintf(name, sizeof(name), "%s%s", sub ? (u->view.ascii ? "`" : "\u2514") : "",
		 d ? d->name : "?");
	if (xs[0] >= 0)
		ui_put_name(y, xs[0], ws[0], d && ui_dev_changed(u, d->index) ?
			    ROLE_CHANGED : ROLE_DEFAULT, name);
	snprintf(buf, sizeof(buf), "%u", p->port);
	if (xs[1] >= 0)
		ui_put_right(y, xs[1], ws[1], ROLE_DEFAULT, buf);
	if (xs[2] >= 0)
		ui_put(y, xs[2], ws[2], ui_state_role(st), st);
	if (xs[3] >= 0)
		ui_put(y, xs[3], ws[3], ui_state_role(ph), ph);
	if (xs[4] >= 0)
		ui_put_name(y, xs[4], ws[4], (p->valid & SNAP_PORT_NDEV) ? ROLE_DEFAULT :
			    ROLE_NA, (p->valid & SNAP_PORT_NDEV) ? p->ndev : "n/a");
	if (xs[5] >= 0)
		ui_put(y, xs[5], ws[5], (p->valid & SNAP_PORT_RATE) ? ROLE_DEFAULT : ROLE_NA,
		       (p->valid & SNAP_PORT_RATE) ? p->rate : "n/a");
}

/* RX/s TX/s RXPKT/s TXPKT/s ERR/s HEALTH: how it does */
static void rate_cells(const struct ui *u, const struct snapshot *s, const struct snap_port *p,
		       const struct view_link_rates *r, const int *xs, const int *ws, int y)
{
	double ev;
	bool evalid, esat;
	size_t c;

	for (c = 0; c < 4; c++)
		if (xs[6 + c] >= 0)
			rate_cell(y, xs[6 + c], ws[6 + c], r->valid[c], r->v[c],
				  c >= 2 ? VIEW_F_RATE : u->cache.vc.bytes ? VIEW_F_BPS :
				  VIEW_F_BITPS, false, r->sat[c]);
	if (xs[10] >= 0) {
		evalid = hist_error(s, p->dev, p->port, &ev, &esat);
		rate_cell(y, xs[10], ws[10], evalid || esat, ev, VIEW_F_RATE, true, esat);
	}
	if (xs[COL_HEALTH] >= 0) {
		struct verdict v;

		verdict_port(s, p, &v);
		ui_put(y, xs[COL_HEALTH], ws[COL_HEALTH],
		       v.level == VERDICT_FAIL ? ROLE_STATE_BAD :
		       v.level == VERDICT_WARN ? ROLE_STATE_WARN : ROLE_STATE_GOOD,
		       verdict_level_name(v.level));
	}
}

/* The RX+TX history of device d's port p, sw cells wide at (y, x) */
static void spark_cell(const struct ui *u, const struct snap_port *p, const struct snap_dev *d,
		       int y, int x, int sw)
{
	char spark[HIST_LEN * 3 + 1];
	double hist[HIST_LEN], tx[HIST_LEN];
	size_t n, k, m;

	n = hist_get(&u->run.hist, p->dev, p->port, d->name, HIST_RX_BYTES, hist, (size_t)sw);
	m = hist_get(&u->run.hist, p->dev, p->port, d->name, HIST_TX_BYTES, tx, (size_t)sw);
	for (k = 0; k < n && k < m; k++)
		hist[k] = isnan(hist[k]) ? tx[k] : isnan(tx[k]) ? hist[k] : hist[k] + tx[k];
	graph_spark(spark, sizeof(spark), hist, n, sw, 0, u->view.ascii);
	/* rdmatop's own cells: ui_put escapes a name's leading space (a
	 * look-alike host) and the graph's padding read "\x20    …" */
	ui_put_own(y, x, sw, ROLE_GRAPH_RX, spark);
}

/* The netdev's columns: pauses, discards, FEC */
static void net_cells(const struct snapshot *s, const struct snap_port *p, const int *xs,
		      const int *ws, int y)
{
	struct net_rates nr;
	size_t c;

	net_rates(s, p->dev, p->port, &nr);
	for (c = 0; c < NET_RATE_COLS && (int)(NBASE + c) < COL_SRC; c++)
		/* pauses are flow control, not errors: the rate colours */
		if (xs[NBASE + c] >= 0)
			rate_cell(y, xs[NBASE + c], ws[NBASE + c], nr.valid[c] || nr.sat[c],
				  nr.v[c], VIEW_F_RATE, c >= NET_RATE_DISCARD, nr.sat[c]);
}

/* One port's row at line y */
static void draw_link(struct ui *u, const struct snap_port *p, const int *xs, const int *ws,
		      int y)
{
	const struct snapshot *s = u->run.s;
	const struct snap_dev *d = snap_dev_find(s, p->dev);
	struct view_link_rates r;
	size_t c;

	port_cells(u, p, d, xs, ws, y);
	view_link_rates(s, p->dev, p->port, &r);
	rate_cells(u, s, p, &r, xs, ws, y);
	if (xs[COL_HIST] >= 0 && d)
		spark_cell(u, p, d, y, xs[COL_HIST], ws[COL_HIST]);
	for (c = COL_UTIL; c < NBASE; c++)
		if (xs[c] >= 0)
			link_tail(u, p, &r, (int)c, y, xs[c], ws[c]);
	if (xs[COL_SRC] >= 0)
		link_tail(u, p, &r, COL_SRC, y, xs[COL_SRC], ws[COL_SRC]);
	if (s->nets.n)
		net_cells(s, p, xs, ws, y);
}

void ui_draw_links(struct ui *u, const struct ui_layout *l)
{
	const struct snapshot *s = u->run.s;
	int y = l->links.y, rows = l->links.h - 1, xs[NCOLS + 1], ws[NCOLS + 1];
	size_t i, nord, *ord;

	if (!l->links.h || !s)
		return;
	if (rows > 0 && (size_t)rows > s->ports.n)
		rows = (int)s->ports.n;
	ord = rows > 0 ? calloc((size_t)rows, sizeof(*ord)) : NULL;
	nord = ord ? port_order(s, ord, (size_t)rows) : 0;
	ui_fill(y, 0, l->links.w, ROLE_COLUMN);
	if (link_layout(u, l, ord, nord, xs, ws))	/* columns left out: the mark */
		ui_put_more(y, l->links.w, ROLE_COLUMN);
	draw_head(xs, ws, y);
	for (i = 0; i < nord; i++)
		draw_link(u, SNAP_AT(&s->ports, struct snap_port, ord[i]), xs, ws, ++y);
	free(ord);
}
