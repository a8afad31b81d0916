// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the keys act on: the selected row's process, the search through the
 * rows, and the detail a row opens (Enter, a double click).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "priv.h"

static bool row_contains(struct ui *u, size_t row, const char *needle)
{
	enum view_table t = ui_pane_table(u->view.pane);
	size_t n, c;

	view_cols(t, &n);
	for (c = 0; c < n; c++) {
		struct view_value v;
		char buf[128];

		view_get(&u->cache.vc, t, u->cache.rows[row], (int)c, &v);
		if (strcasestr(view_fmt(&v, buf, sizeof(buf)), needle))
			return true;
	}
	return false;
}

void ui_search_next(struct ui *u)
{
	size_t i, start = u->view.panes[u->view.pane].sel;

	if (!u->view.search[0] || !u->cache.n_rows)
		return;
	for (i = 1; i <= u->cache.n_rows; i++) {
		size_t r = (start + i) % u->cache.n_rows;

		if (row_contains(u, r, u->view.search)) {
			u->view.panes[u->view.pane].sel = r;
			ui_row_key(u, u->view.pane, u->cache.rows[r],
				   &u->view.panes[u->view.pane].selkey);
			ui_set_status(u, ROLE_STATUS_INFO, "search: %s", u->view.search);
			return;
		}
	}
	ui_set_status(u, ROLE_STATUS_WARN, "search: \"%s\" not found", u->view.search);
}

uint32_t ui_selected_pid(struct ui *u)
{
	enum view_table t = ui_pane_table(u->view.pane);
	size_t row;
	struct view_value v;
	int c;

	if (!u->cache.n_rows)
		return 0;
	row = u->cache.rows[u->view.panes[u->view.pane].sel];
	if (t == VIEW_PROCS)
		return u->cache.procs[row].pid;
	c = view_col_role(t, VIEW_ROLE_PID);
	if (c < 0)
		return 0;
	view_get(&u->cache.vc, t, row, c, &v);
	return v.valid ? (uint32_t)v.u : 0;
}

void ui_open_detail(struct ui *u)
{
	enum view_table t = ui_pane_table(u->view.pane);
	struct ui_rowkey *k = &u->view.detail.key;
	size_t row;
	struct view_value v;
	char buf[128];

	if (!u->cache.n_rows)
		return;
	row = u->cache.rows[u->view.panes[u->view.pane].sel];
	memset(k, 0, sizeof(*k));
	k->set = true;
	u->view.detail.top = 0;
	switch (u->view.pane) {
	case UI_QPS:
	case UI_STALLS: /* the QP: its stall's history among its fields */
		ui_row_key(u, u->view.pane, row, k);
		u->view.detail.kind = DETAIL_QP;
		break;
	case UI_LINKS:
	case UI_COUNTERS:
		view_get(&u->cache.vc, t, row, view_col_role(t, VIEW_ROLE_DEV), &v);
		snprintf(k->name, sizeof(k->name), "%s", view_fmt(&v, buf, sizeof(buf)));
		view_get(&u->cache.vc, t, row, view_col_role(t, VIEW_ROLE_PORT), &v);
		k->a = v.valid ? (uint32_t)v.u : 0;
		u->view.detail.kind = DETAIL_LINK;
		break;
	case UI_PROCS: {
		const struct view_proc *p = &u->cache.procs[row];

		k->a = p->pid;
		k->b = (p->valid & VIEW_PROC_HIDDEN) && p->n_threads ? p->threads[0] : 0;
		snprintf(k->name, sizeof(k->name), "%s", snap_s(u->run.s, p->comm));
		u->view.detail.kind = DETAIL_PROC;
		break;
	}
	case UI_GROUPS:
		/* drill down: the group's processes */
		u->view.group = u->cache.groups[row].key;
		u->view.group_set = true;
		u->view.detail.kind = DETAIL_NONE;
		ui_set_pane(u, UI_PROCS);
		ui_set_status(u, ROLE_STATUS_INFO, "processes of %s %.60s (Esc: all)",
			      view_group_kind_str(u->view.group.kind), u->view.group.name);
		break;
	case UI_DEVS:
		view_get(&u->cache.vc, t, row, VC_DEV_NAME, &v);
		snprintf(k->name, sizeof(k->name), "%s", view_fmt(&v, buf, sizeof(buf)));
		u->view.detail.kind = DETAIL_DEV;
		break;
	default:
		/* an object with owners: the owner's process, as from the
		 * process table (the panes SNAP_RES_LIST has) */
		if (!(u->view.pane == UI_CONNS || ui_pane_is_obj(u->view.pane)) || t < VIEW_RES ||
		    !snap_res_owned(t - VIEW_RES))
			break;
		k->a = ui_selected_pid(u);
		view_get(&u->cache.vc, t, row, view_col_role(t, VIEW_ROLE_TID), &v);
		k->b = !k->a && v.valid ? (uint32_t)v.u : 0;
		view_get(&u->cache.vc, t, row, view_col_role(t, VIEW_ROLE_COMM), &v);
		snprintf(k->name, sizeof(k->name), "%s", view_fmt(&v, buf, sizeof(buf)));
		u->view.detail.kind = DETAIL_PROC;
		break;
	}
}

/*
 * The order a column sorts in when it is chosen (htop's defaultSortDesc):
 * rates, counts, bytes and percentages high to low, the busiest first;
 * names, ids and states low to high.  From the column's own mark, else
 * its type and format.
 */
bool ui_sort_desc_first(enum view_table t, int col)
{
	size_t n;
	const struct view_col *c = view_cols(t, &n);

	if (col < 0 || (size_t)col >= n)
		return false;
	c += col;
	return c->desc_sort || c->type == VIEW_T_DOUBLE || c->fmt == VIEW_F_COUNT ||
	       c->fmt == VIEW_F_BYTES || c->fmt == VIEW_F_BPS || c->fmt == VIEW_F_RATE ||
	       c->fmt == VIEW_F_PCT;
}

/*
 * A new order: the rows sorted again, the window at the top.  The
 * selection stays on its row where that lands on the first screen, else
 * it moves to the first row, and the status line says so (issue 46: by
 * RATE/s the selection stayed on a 0/s row, the busiest above the window).
 */
void ui_sort_changed(struct ui *u)
{
	size_t page = u->view.mouse.hit.body_h > 0 ? (size_t)u->view.mouse.hit.body_h : 1;
	char by[64];

	ui_sort_setting(u);
	ui_refresh_rows(u);
	u->view.panes[u->view.pane].top = 0;
	if (u->view.panes[u->view.pane].sel < page || !u->cache.n_rows)
		return;
	u->view.panes[u->view.pane].sel = 0;
	ui_row_key(u, u->view.pane, u->cache.rows[0], &u->view.panes[u->view.pane].selkey);
	ui_set_status(u, ROLE_STATUS_INFO, "sorted by %s: the selection moved to the first row",
		      ui_sort_label(u, by, sizeof(by)));
}

void ui_sort_pick(struct ui *u, int col)
{
	if (col != u->view.panes[u->view.pane].sort)
		u->view.panes[u->view.pane].reverse =
			ui_sort_desc_first(ui_pane_table(u->view.pane), col);
	u->view.panes[u->view.pane].sort = col;
	ui_sort_changed(u);
}

/* htop's arrows: ▼ high to low (the model's reverse), ▲ low to high. */
const char *ui_sort_arrow(const struct ui *u)
{
	if (u->view.panes[u->view.pane].reverse)
		return u->view.ascii ? "v" : "\u25bc";
	return u->view.ascii ? "^" : "\u25b2";
}

const char *ui_sort_label(const struct ui *u, char *buf, size_t len)
{
	size_t n;
	const struct view_col *c = view_cols(ui_pane_table(u->view.pane), &n);
	int s = u->view.panes[u->view.pane].sort;

	if (s < 0 || (size_t)s >= n)
		snprintf(buf, len, "%s",
			 u->view.panes[u->view.pane].reverse ? "natural order, reversed" : "");
	else
		snprintf(buf, len, "%s %s", c[s].header, ui_sort_arrow(u));
	return buf;
}

void ui_move_sel(struct ui *u, long by)
{
	size_t *sel = &u->view.panes[u->view.pane].sel;
	long v = (long)*sel + by;

	if (!u->cache.n_rows)
		return;
	if (v < 0)
		v = 0;
	if (v >= (long)u->cache.n_rows)
		v = (long)u->cache.n_rows - 1;
	*sel = (size_t)v;
	ui_row_key(u, u->view.pane, u->cache.rows[*sel], &u->view.panes[u->view.pane].selkey);
}

void ui_set_pane(struct ui *u, enum ui_pane p)
{
	u->view.pane = p;
	ui_refresh_rows(u);
}
