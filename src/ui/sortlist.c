// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sort by (htop's F6): the table's columns in a list, each with the order
 * it sorts in first (high to low, or low to high), whether it is on screen
 * and what it is; Enter sorts by the one selected, Esc keeps the sort.  The
 * columns that do not fit the width are in it too (the key bar says the
 * sort when its column is off screen).
 */
#include <stdio.h>
#include <string.h>

#include <curses.h>

#include "priv.h"

#define LIST_MAX (UI_COLS_MAX + 1)

/* The list: natural order (-1), then the pane's columns that have
 * anything to show, in their order; its length. */
static size_t sort_list(const struct ui *u, int *ids)
{
	enum view_table t = ui_pane_table(u->view.pane);
	size_t i, m = 0;

	ids[m++] = -1;
	for (i = 0; i < u->view.panes[u->view.pane].n_cols && m < LIST_MAX; i++)
		if (ui_col_shown(u, t, u->view.panes[u->view.pane].cols[i]))
			ids[m++] = u->view.panes[u->view.pane].cols[i];
	return m;
}

void ui_sortlist_open(struct ui *u)
{
	int ids[LIST_MAX];
	size_t n = sort_list(u, ids), i;

	u->view.sortlist = true;
	u->view.sortlist_sel = 0;
	for (i = 0; i < n; i++)
		if (ids[i] == u->view.panes[u->view.pane].sort)
			u->view.sortlist_sel = i;
}

/* A line of the list, with a mark at the edge where it is cut. */
static void put_line(const struct ui *u, int y, int w, int role, const char *text)
{
	ui_put(y, 0, w, role, text);
	if (ui_width(text) > w)
		ui_put_own(y, w - 1, 1, role, u->view.ascii ? "~" : "\u2026");
}

void ui_draw_sortlist(struct ui *u, const struct ui_layout *l)
{
	enum view_table t = ui_pane_table(u->view.pane);
	/* a page below the status line, which keeps its message */
	int ids[LIST_MAX], fit[UI_COLS_MAX], y = l->page.y, h = l->page.h - 2, top, nfit;
	int w = l->table.w;
	size_t n = sort_list(u, ids), i, nvc;
	const struct view_col *vc = view_cols(t, &nvc);
	char buf[320], now[48];

	nfit = ui_table_fit(u, u->view.pane, w, fit, UI_COLS_MAX);
	if (u->view.sortlist_sel >= n)
		u->view.sortlist_sel = n - 1;
	snprintf(buf, sizeof(buf), "Sort the %s table by (now: %s)", view_table_name(t),
		 ui_sort_label(u, now, sizeof(now))[0] ? now : "natural order");
	ui_clear(&l->page);
	put_line(u, y++, w, ROLE_TITLE, buf);
	if (h < 1)
		return;
	ui_fill(y, 0, w, ROLE_COLUMN);
	put_line(u, y++, w, ROLE_COLUMN, " COLUMN     NAME             FIRST SHOWN WHAT");
	top = (int)u->view.sortlist_sel >= h ? (int)u->view.sortlist_sel - h + 1 : 0;
	for (i = (size_t)top; i < n && (int)(i - (size_t)top) < h; i++, y++) {
		const struct view_col *c = ids[i] < 0 ? NULL : &vc[ids[i]];
		bool sel = i == u->view.sortlist_sel, on = !c;
		int k;

		for (k = 0; k < nfit && !on; k++)
			on = fit[k] == ids[i];
		if (c)
			snprintf(buf, sizeof(buf), " %-10s %-16s %-5s %-5s %s", c->header, c->name,
				 ui_sort_desc_first(t, ids[i]) ? "high" : "low", on ? "yes" : "no",
				 c->desc ? c->desc : "");
		else
			snprintf(buf, sizeof(buf), " %-10s %-16s %-11s %s", "-", "(none)", "",
				 "as the kernel lists them");
		if (sel)
			ui_fill(y, 0, w, ROLE_SELECTED);
		put_line(u, y, w, sel ? ROLE_SELECTED : on ? ROLE_DEFAULT : ROLE_NA, buf);
	}
}

enum ui_action ui_sortlist_key(struct ui *u, int key)
{
	int ids[LIST_MAX];
	size_t n = sort_list(u, ids), page = u->run.rows_n > 8 ? (size_t)u->run.rows_n - 6 : 1;
	char now[48];

	switch (key) {
	case '\n':
	case '\r':
	case KEY_ENTER:
		u->view.sortlist = false;
		if (u->view.sortlist_sel < n)
			ui_sort_pick(u, ids[u->view.sortlist_sel]);
		ui_set_status(u, ROLE_STATUS_INFO, "sort: %s",
			      ui_sort_label(u, now, sizeof(now))[0] ? now : "natural order");
		break;
	case 27:
	case KEY_F(6):
	case 'q':
	case KEY_BACKSPACE:
	case 127:
	case 8:
	case KEY_LEFT:
		u->view.sortlist = false;
		break;
	case KEY_UP:
		if (u->view.sortlist_sel)
			u->view.sortlist_sel--;
		break;
	case KEY_DOWN:
		if (u->view.sortlist_sel + 1 < n)
			u->view.sortlist_sel++;
		break;
	case KEY_PPAGE:
		u->view.sortlist_sel = u->view.sortlist_sel > page ? u->view.sortlist_sel - page :
								     0;
		break;
	case KEY_NPAGE:
		u->view.sortlist_sel =
			u->view.sortlist_sel + page < n ? u->view.sortlist_sel + page : n - 1;
		break;
	case KEY_HOME:
		u->view.sortlist_sel = 0;
		break;
	case KEY_END:
		u->view.sortlist_sel = n - 1;
		break;
	default:
		break;
	}
	return UI_REDRAW;
}
