// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mouse, as htop has it: a click on a column header sorts by it (again:
 * reverses), on a tab switches, on a row selects it, twice on one row opens
 * its details; the wheel scrolls.  Where things are comes from the last
 * drawing of the table (u->mouse.hit, set by table.c and tabs.c); no curses
 * here.
 */
#include "priv.h"

#define DOUBLE_MS 400	/* a second click on a row within this: details */
#define WHEEL_ROWS 3

static enum ui_action click_header(struct ui *u, int x)
{
	int i;

	for (i = 0; i < u->view.mouse.hit.n; i++) {
		if (x < u->view.mouse.hit.x[i] || x >= u->view.mouse.hit.x[i] + u->view.mouse.hit.w[i] + 1)
			continue;
		if (u->view.panes[u->view.pane].sort == u->view.mouse.hit.col[i])
			u->view.panes[u->view.pane].reverse = !u->view.panes[u->view.pane].reverse;
		ui_sort_pick(u, u->view.mouse.hit.col[i]);	/* a new one: in its first order */
		return UI_REDRAW;
	}
	return UI_NONE;
}

static enum ui_action click_tab(struct ui *u, int x)
{
	int i;

	for (i = 0; i < UI_PANE_N; i++)
		if (x >= u->view.mouse.hit.tab_x[i] && x < u->view.mouse.hit.tab_x[i + 1] - 1) {
			ui_set_pane(u, (enum ui_pane)i);
			return UI_REDRAW;
		}
	return UI_NONE;
}

static enum ui_action click_row(struct ui *u, int y, long long ms)
{
	size_t row = u->view.panes[u->view.pane].top + (size_t)(y - u->view.mouse.hit.body_y);
	long long since = ms - u->view.mouse.click_ms;
	bool twice = row == u->view.mouse.click_row && since >= 0 && since <= DOUBLE_MS;

	if (row >= u->cache.n_rows)
		return UI_NONE;
	u->view.panes[u->view.pane].sel = row;
	ui_row_key(u, u->view.pane, u->cache.rows[row], &u->view.panes[u->view.pane].selkey);
	u->view.mouse.click_row = row;
	u->view.mouse.click_ms = twice ? -DOUBLE_MS - 1 : ms;	/* a third click is a first one */
	if (twice)
		ui_open_detail(u);
	return UI_REDRAW;
}

enum ui_action ui_mouse(struct ui *u, int what, int y, int x, long long ms)
{
	if (!u->view.mouse.on || u->view.prompt.kind != PROMPT_NONE || u->view.setup || u->view.sortlist)
		return UI_NONE;
	if (u->view.help.on) {
		u->view.help.top += what == 4 ? -WHEEL_ROWS : what == 5 ? WHEEL_ROWS : 0;
		return UI_REDRAW;
	}
	if (u->view.detail.kind != DETAIL_NONE) {
		u->view.detail.top += what == 4 ? -WHEEL_ROWS : what == 5 ? WHEEL_ROWS : 0;
		if (u->view.detail.top < 0)
			u->view.detail.top = 0;
		return UI_REDRAW;
	}
	if (what == 4 || what == 5) {
		ui_move_sel(u, what == 4 ? -WHEEL_ROWS : WHEEL_ROWS);
		return UI_REDRAW;
	}
	if (what != 1 || u->view.mouse.hit.tabs_y < 0)
		return UI_NONE;
	if (y == u->view.mouse.hit.head_y)
		return click_header(u, x);
	if (y == u->view.mouse.hit.tabs_y)
		return click_tab(u, x);
	if (y >= u->view.mouse.hit.body_y && y < u->view.mouse.hit.body_y + u->view.mouse.hit.body_h)
		return click_row(u, y, ms);
	return UI_NONE;
}
