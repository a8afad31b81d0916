// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The main table: QPs, processes, counters, connections, links, devices,
 * CQs, MRs, PDs, CTXs or SRQs (their tabs: tabs.c; their columns and
 * titles: panes.c), the sort column marked,
 * and the selection kept on its object.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "fit.h"
#include "priv.h"
#include "stall.h"

/*
 * The columns of bound counters, optional counters and QP counter modes
 * show where the sample has any: on rxe they would be n/a throughout.
 */
bool ui_col_shown(const struct ui *u, enum view_table t, int col)
{
	const struct snapshot *s = u->run.s;
	size_t i;

	if ((t == VIEW_PROCS && col >= VC_PROC_HW_FIRST) ||
	    (t == VIEW_GROUPS && col >= VC_GRP_HW_FIRST))
		return s && s->qpcnts.n;
	if (t == VIEW_COUNTERS && col == VC_CNT_OPTIONAL)
		return s && s->optcnts.n;
	/* the PCI locality, where the host has a PCI bus (not in recordings
	 * made before it was read) */
	if (t == VIEW_DEVS && (col == VC_DEV_NUMA || col == VC_DEV_PCIE || col == VC_DEV_GPU))
		return s && s->pcis.n;
	/* where a process holding QPs has GPUs open */
	if ((t == VIEW_QPS && col == VC_QP_GPU) || (t == VIEW_PROCS && col == VC_PROC_GPU))
		return s && (s->flags & SNAP_F_GPU_REL);
	/* the netdev's own (pauses, FEC, FCS, the transceiver), where one was
	 * read, as on the link lines: not on InfiniBand, EFA or a recording
	 * made before src/net (DISCARD/s and SYMBOL/s have the PMA's too) */
	if (t == VIEW_LINKS && (col == VC_LINK_PAUSE_RX || col == VC_LINK_PAUSE_TX ||
				col == VC_LINK_FEC_UNCORR || col == VC_LINK_FCS ||
				col == VC_LINK_RXPWR || col == VC_LINK_TEMP || col == VC_LINK_BER))
		return s && s->nets.n;
	if (t == VIEW_LINKS && col == VC_LINK_QP_MODE) {
		for (i = 0; s && i < s->ports.n; i++)
			if (SNAP_AT(&s->ports, struct snap_port, i)->qp_mode != SNAP_QPCNT_NONE)
				return true;
		return false;
	}
	return true;
}

const char *ui_cell_text(const struct ui *u, const struct view_col *col,
			 const struct view_value *v, char *buf, size_t len)
{
	/* say why a key is missing rather than "n/a": the kernel sends MR and
	 * PD keys only to CAP_NET_ADMIN */
	if (!v->valid && u->run.s && (u->run.s->flags & SNAP_F_UNPRIVILEGED) && (col->flags & VIEW_C_KEY))
		return "hidden";
	/* an owner the kernel gave no pid: it lives outside our PID namespace
	 * (a table's narrow PID column shows the first word) */
	if (!v->valid && v->outside)
		return "outside this PID namespace";
	return view_fmt(v, buf, len);
}

int ui_value_role(const struct view_col *col, const struct view_value *v, const char *text)
{
	if (!v->valid)
		return ROLE_NA;
	if (v->sat)
		return ROLE_STATE_WARN;	/* a counter stopped at its maximum */
	if (col->flags & VIEW_C_STATE)
		return ui_state_role(text);
	if (v->type == VIEW_T_DOUBLE) {
		if (v->d <= 0)
			return ROLE_RATE_ZERO;
		return v->d >= 1e6 ? ROLE_RATE_HIGH : ROLE_RATE_LOW;
	}
	return ROLE_DEFAULT;
}

/* Whether QP row `row` is older than the interval: its own time (a per-QP
 * GET refreshes the rows on screen), else its table's. */
static bool row_old(const struct ui *u, size_t row)
{
	if (!u->run.s || row >= u->run.s->qps.n)
		return false;
	return snap_qp_age(u->run.s, SNAP_AT(&u->run.s->qps, struct snap_qp, row)) > u->run.delay / 2;
}

/*
 * A pane's key columns, kept at every width (src/ui/fit.c): the device,
 * port, process and the sort column everywhere, and each pane's own.
 */
static bool col_key(const struct ui *u, enum ui_pane p, enum view_table t, int k,
		    const struct view_col *vc)
{
	static const char *const names[] = { "dev", "port", "pid", "comm", "lqpn", "state",
					     "psn_rate" };
	size_t i;

	if (k == u->view.panes[p].sort)
		return true;
	if (p == UI_STALLS)	/* who, on which QP, since when */
		return k == VC_QP_DEV || k == VC_QP_PORT || k == VC_QP_LQPN || k == VC_QP_RQPN ||
		       k == VC_QP_STALL || k == VC_QP_STALL_AGE || k == VC_QP_PID ||
		       k == VC_QP_COMM;
	switch (t) {
	case VIEW_PROCS:
		return k == VC_PROC_PID || k == VC_PROC_COMM || k == VC_PROC_OF(QP) ||
		       k == VC_PROC_PSN_RATE;
	case VIEW_COUNTERS:
		return k == VC_CNT_DEV || k == VC_CNT_PORT || k == VC_CNT_NAME ||
		       k == VC_CNT_VALUE || k == VC_CNT_RATE;
	case VIEW_LINKS:	/* the link lines above keep STATE and the rates */
		return k == VC_LINK_DEV || k == VC_LINK_PORT;
	case VIEW_DEVS:
		return k == VC_DEV_NAME || k == VC_DEV_OF(QP);
	case VIEW_GROUPS:
		return k == VC_GRP_KIND || k == VC_GRP_NAME || k == VC_GRP_OF(QP) ||
		       k == VC_GRP_PSN_RATE;
	default:	/* the QPs, connections and objects: by the field's name */
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (!strcmp(vc->name, names[i]))
				return true;
		return false;
	}
}

/* Whether a cell shows an error: the rate of an error counter, a link's errors. */
static bool cell_error(const struct ui *u, enum view_table t, size_t row, int col,
		       const struct view_value *v)
{
	return v->valid && v->d > 0 &&
	       ((t == VIEW_COUNTERS && col == VC_CNT_RATE &&
		 cnt_is_error(SNAP_AT(&u->run.s->counters, struct snap_counter, row)->cls)) ||
		(t == VIEW_LINKS && col == VC_LINK_ERR));
}

/* A name cell as names_want formatted it: its text, role by its value,
 * and whether it shows an error. */
struct name_cell {
	const char *text;
	int role;
	bool error;
	char buf[128];
};

/*
 * The name cells of the rows on screen, formatted once a screen: names_want
 * reads them for their widths, and the rows are drawn from them.
 */
struct name_cells {
	size_t from, rows;	/* the rows from..from+rows */
	size_t n;		/* the columns kept, by id in col[] */
	int col[UI_COLS_MAX];
	struct name_cell *cell;	/* rows x n, row by row */
};

/* Where each of the n columns ids is kept in nc: its place, or -1. */
static void name_slots(const struct name_cells *nc, const int *ids, size_t n, int *slot)
{
	size_t c, k;

	for (c = 0; c < n; c++) {
		slot[c] = -1;
		for (k = 0; k < nc->n; k++)
			if (nc->col[k] == ids[c])
				slot[c] = (int)k;
	}
}

/*
 * The cells the longest value of rows from..to takes in each placed text
 * column (f[i].want, up to UI_NAME_MAX): returns whether one wants more.
 * With nc, the cells are kept there (nothing kept where memory runs out).
 */
static bool names_want(const struct ui *u, enum view_table t, const struct view_col *vcols,
		       struct ui_fit *f, const int *ids, size_t n, size_t from, size_t to,
		       struct name_cells *nc)
{
	bool more = false;
	size_t c, r, k = 0;

	if (to > u->cache.n_rows)
		to = u->cache.n_rows;
	if (from > to)
		from = to;
	if (nc) {
		for (c = 0; c < n; c++)
			if (f[c].x >= 0 && vcols[ids[c]].type == VIEW_T_STR && !vcols[ids[c]].right)
				nc->col[k++] = ids[c];
		nc->cell = k && to > from ? malloc((to - from) * k * sizeof(*nc->cell)) : NULL;
		nc->from = from;
		nc->rows = nc->cell ? to - from : 0;
		nc->n = nc->cell ? k : 0;
		k = 0;
	}
	for (c = 0; c < n; c++) {
		const struct view_col *vc = &vcols[ids[c]];

		if (f[c].x < 0 || vc->type != VIEW_T_STR || vc->right)
			continue;
		f[c].maxw = vc->width < UI_NAME_MAX ? UI_NAME_MAX : vc->width;
		for (r = from; r < to; r++) {
			struct name_cell one, *cell = &one;
			struct view_value v;
			int tw;

			if (nc && nc->n)
				cell = &nc->cell[(r - from) * nc->n + k];
			view_get(&u->cache.vc, t, u->cache.rows[r], ids[c], &v);
			cell->text = ui_cell_text(u, vc, &v, cell->buf, sizeof(cell->buf));
			if (cell != &one) {
				cell->role = ui_value_role(vc, &v, cell->text);
				cell->error = cell_error(u, t, u->cache.rows[r], ids[c], &v);
			}
			tw = ui_width(cell->text);
			if (tw > f[c].want)
				f[c].want = tw;
		}
		k++;
		more |= f[c].want > f[c].w;
	}
	return more;
}

/*
 * The columns of pane p on w cells by the layout rule (src/ui/fit.c):
 * their indexes, and with wid their widths, names widened to the longest
 * of the rows from..to (their cells kept in nc, where given; freed by the
 * caller).  The pane's first hskip columns that are not key columns are
 * scrolled out to the left (two cells kept at the edge for the marks).
 * Returns how many; *hidden: how many left out at the right, *left: how
 * many scrolled out.
 */
static int table_fit(const struct ui *u, enum ui_pane p, int w, int *idx, int *wid, int max,
		     size_t from, size_t to, int *hidden, int *left, struct name_cells *nc)
{
	enum view_table t = ui_pane_table(p);
	size_t nvc, c;
	const struct view_col *vcols = view_cols(t, &nvc);
	struct ui_fit f[UI_COLS_MAX];
	int ids[UI_COLS_MAX], n = 0, shown = 0, h, used, skip = u->view.panes[p].hskip, out = 0;

	for (c = 0; c < u->view.panes[p].n_cols && n < UI_COLS_MAX; c++) {
		int k = u->view.panes[p].cols[c];
		const struct view_col *vc = &vcols[k];
		bool key;

		if ((size_t)k >= nvc || !ui_col_shown(u, t, k))
			continue;
		key = col_key(u, p, t, k, vc);
		if (!key && out < skip) {
			out++;
			continue;
		}
		f[n] = (struct ui_fit){ .w = vc->width, .maxw = vc->width, .key = key };
		ids[n++] = k;
	}
	if (left)
		*left = out;
	if (out && w > 2)
		w -= 2;		/* the marks' cells */
	h = ui_fit(f, (size_t)n, w);
	/* names widen to their longest visible value: read only for the
	 * columns placed, and only where cells are left over */
	for (c = 0, used = 0; c < (size_t)n; c++)
		used += f[c].x >= 0 ? f[c].w + 1 : 0;
	if (wid && used <= (h && w > 2 ? w - 2 : w) &&
	    names_want(u, t, vcols, f, ids, (size_t)n, from, to, nc))
		h = ui_fit(f, (size_t)n, w);	/* the same columns, the names wider */
	for (c = 0; c < (size_t)n && shown < max; c++) {
		if (f[c].x < 0)
			continue;
		if (wid)
			wid[shown] = f[c].w;
		idx[shown++] = ids[c];
	}
	if (hidden)
		*hidden = h;
	return shown;
}

int ui_table_fit(const struct ui *u, enum ui_pane p, int w, int *idx, int max)
{
	return table_fit(u, p, w, idx, NULL, max, 0, 0, NULL, NULL, NULL);
}

/*
 * The sort column's header with its arrow (htop's: ▼ high to low), never
 * without it: a header the arrow does not fit beside takes the blank
 * between the columns, else gives up its last letter.
 */
static void sort_header(const struct ui *u, const struct view_col *vc, int y, int x, int w,
			int edge)
{
	char hdr[48];
	int hw = (int)strlen(vc->header);
	/* the blank before a right-aligned header, after a left-aligned one */
	bool spill = hw + 1 > w && hw <= w && (vc->right ? x > 0 : x + w < edge);

	if (hw + 1 <= w || spill)
		snprintf(hdr, sizeof(hdr), "%s%s", vc->header, ui_sort_arrow(u));
	else
		snprintf(hdr, sizeof(hdr), "%.*s%s", w > 1 ? w - 1 : 0, vc->header,
			 ui_sort_arrow(u));
	if (spill) {
		x -= vc->right ? 1 : 0;
		w++;
	}
	if (vc->right)
		ui_put_right(y, x, w, ROLE_COLUMN_SORT, hdr);
	else
		ui_put(y, x, w, ROLE_COLUMN_SORT, hdr);
}

/* The columns drawn: their ids, widths and kept name cells' slots */
struct drawn {
	enum view_table t;
	const struct view_col *vcols;
	int idx[32], wid[32], slot[32], shown;
	struct name_cells nc;
};

/* top: the selection in the body rows shown, and no row past the last */
static void keep_top(size_t sel, size_t *top, size_t n_rows, int body)
{
	if (body <= 0 || !n_rows)
		return;
	if (sel < *top)
		*top = sel;
	if (sel >= *top + (size_t)body)
		*top = sel - (size_t)body + 1;
	if (*top + (size_t)body > n_rows)
		*top = n_rows > (size_t)body ? n_rows - (size_t)body : 0;
}

/* The column titles at y, each's place kept for the mouse */
static void draw_head(struct ui *u, const struct drawn *dw, int y, int w)
{
	int c, x;

	ui_fill(y, 0, w, ROLE_COLUMN);
	u->view.mouse.hit.head_y = y;
	u->view.mouse.hit.n = dw->shown;
	for (c = 0, x = 0; c < dw->shown; c++) {
		const struct view_col *vc = &dw->vcols[dw->idx[c]];

		u->view.mouse.hit.x[c] = x;
		u->view.mouse.hit.w[c] = dw->wid[c];
		u->view.mouse.hit.col[c] = dw->idx[c];
		if (dw->idx[c] == u->view.panes[u->view.pane].sort)
			sort_header(u, vc, y, x, dw->wid[c], w);
		else if (vc->right)
			ui_put_right(y, x, dw->wid[c], ROLE_COLUMN, vc->header);
		else
			ui_put(y, x, dw->wid[c], ROLE_COLUMN, vc->header);
		x += dw->wid[c] + 1;
	}
}

/* Column c of row i at (y, x): a kept name cell or the value's text */
static void draw_cell(const struct ui *u, const struct drawn *dw, size_t i, int c, bool selected,
		      bool old, int y, int x)
{
	const struct view_col *vc = &dw->vcols[dw->idx[c]];
	const struct name_cell *kept = NULL;
	struct view_value v;
	char buf[128];
	const char *text;
	bool error;
	int role;

	if (dw->slot[c] >= 0)
		kept = &dw->nc.cell[(i - dw->nc.from) * dw->nc.n + (size_t)dw->slot[c]];
	if (kept) {
		text = kept->text;
		role = selected ? ROLE_SELECTED : old ? ROLE_NA : kept->role;
		error = kept->error;
	} else {
		view_get(&u->cache.vc, dw->t, u->cache.rows[i], dw->idx[c], &v);
		text = ui_cell_text(u, vc, &v, buf, sizeof(buf));
		role = selected ? ROLE_SELECTED : old ? ROLE_NA : ui_value_role(vc, &v, text);
		error = !selected && cell_error(u, dw->t, u->cache.rows[i], dw->idx[c], &v);
	}
	if (!selected && error)
		role = ROLE_ERROR;
	if (vc->right)
		ui_put_right(y, x, dw->wid[c], role, text);
	else if (vc->type == VIEW_T_STR)
		ui_put_name(y, x, dw->wid[c], role, text);	/* cut in the middle */
	else
		ui_put(y, x, dw->wid[c], role, text);
}

/* Row i at y, the selection highlighted */
static void draw_row(const struct ui *u, const struct drawn *dw, size_t i, bool selected, int y,
		     int w)
{
	/* QP rows older than the interval (a paced table) are dimmed */
	bool old = dw->t == VIEW_QPS && row_old(u, u->cache.rows[i]);
	int c, x;

	if (selected)
		ui_fill(y, 0, w, ROLE_SELECTED);
	for (c = 0, x = 0; c < dw->shown; c++) {
		draw_cell(u, dw, i, c, selected, old, y, x);
		x += dw->wid[c] + 1;
	}
}

void ui_draw_table(struct ui *u, const struct ui_layout *l)
{
	struct drawn dw = { .t = ui_pane_table(u->view.pane) };
	size_t nvc, i;
	int y = l->table.y, body, hidden, left;
	size_t *sel = &u->view.panes[u->view.pane].sel, *top = &u->view.panes[u->view.pane].top;

	dw.vcols = view_cols(dw.t, &nvc);
	u->view.mouse.hit.tabs_y = u->view.mouse.hit.head_y = u->view.mouse.hit.body_y = -1;
	u->view.mouse.hit.n = u->view.mouse.hit.body_h = 0;
	if (!l->table.h)
		return;
	body = l->table.h - 2;
	keep_top(*sel, top, u->cache.n_rows, body);
	ui_draw_tabs(u, y++, l->table.w, body);
	if (l->table.h < 2)
		return;
	dw.shown = table_fit(u, u->view.pane, l->table.w, dw.idx, dw.wid, 32, *top,
			     *top + (size_t)(body > 0 ? body : 0), &hidden, &left, &dw.nc);
	u->view.mouse.hit.left = left;
	u->view.mouse.hit.right = hidden;
	name_slots(&dw.nc, dw.idx, (size_t)dw.shown, dw.slot);
	draw_head(u, &dw, y, l->table.w);
	/* columns left out: the marks at the edge (Left/Right, F2 or a wider
	 * screen): » more to the right, « some scrolled out to the left */
	if (hidden)
		ui_put_more(y, l->table.w, ROLE_COLUMN);
	if (left)
		ui_put_less(y, l->table.w, ROLE_COLUMN);
	y++;
	if (body <= 0)
		goto out;
	u->view.mouse.hit.body_y = y;
	u->view.mouse.hit.body_h = body;
	if (!u->cache.n_rows) {
		ui_put(y, 0, l->table.w, ROLE_NA,
		       !u->run.s ? "(waiting for the first sample)" :
		       (u->run.s->flags & SNAP_F_NO_DEVICES) ? snap_no_devices_why(u->run.s) :
		       u->view.filter_text[0] ? "(nothing to show: no row matches the filter)" :
		       "(nothing to show: no rows)");
		goto out;
	}
	for (i = *top; i < u->cache.n_rows && i < *top + (size_t)body; i++, y++)
		draw_row(u, &dw, i, i == *sel, y, l->table.w);
out:
	free(dw.nc.cell);
}
