// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mouse, as htop has it: a click on a column header sorts by it (again:
 * reverses), on a tab switches, on a row selects it, twice on one row opens
 * its details; the wheel scrolls.  Where things are comes from the last
 * drawing of the table (u->hit, set by table.c); no curses here.
 */
#include "priv.h"

#define DOUBLE_MS 400	/* a second click on a row within this: details */
#define WHEEL_ROWS 3

static enum ui_action click_header(struct ui *u, int x)
{
	int i;

	for (i = 0; i < u->hit.n; i++) {
		if (x < u->hit.x[i] || x >= u->hit.x[i] + u->hit.w[i] + 1)
			continue;
		if (u->sort[u->pane] == u->hit.col[i])
			u->reverse[u->pane] = !u->reverse[u->pane];
		ui_sort_pick(u, u->hit.col[i]);	/* a new one: in its first order */
		return UI_REDRAW;
	}
	return UI_NONE;
}

static enum ui_action click_tab(struct ui *u, int x)
{
	int i;

	for (i = 0; i < UI_PANE_N; i++)
		if (x >= u->hit.tab_x[i] && x < u->hit.tab_x[i + 1] - 1) {
			ui_set_pane(u, (enum ui_pane)i);
			return UI_REDRAW;
		}
	return UI_NONE;
}

static enum ui_action click_row(struct ui *u, int y, long long ms)
{
	size_t row = u->top[u->pane] + (size_t)(y - u->hit.body_y);
	bool twice = row == u->click_row && ms - u->click_ms >= 0 && ms - u->click_ms <= DOUBLE_MS;

	if (row >= u->n_rows)
		return UI_NONE;
	u->sel[u->pane] = row;
	ui_row_key(u, u->pane, u->rows[row], &u->selkey[u->pane]);
	u->click_row = row;
	u->click_ms = twice ? -DOUBLE_MS - 1 : ms;	/* a third click is a first one */
	if (twice)
		ui_open_detail(u);
	return UI_REDRAW;
}

enum ui_action ui_mouse(struct ui *u, int what, int y, int x, long long ms)
{
	if (!u->mouse || u->prompt != PROMPT_NONE || u->setup || u->sortlist)
		return UI_NONE;
	if (u->help) {
		u->help_top += what == 4 ? -WHEEL_ROWS : what == 5 ? WHEEL_ROWS : 0;
		return UI_REDRAW;
	}
	if (u->detail != DETAIL_NONE) {
		u->detail_top += what == 4 ? -WHEEL_ROWS : what == 5 ? WHEEL_ROWS : 0;
		if (u->detail_top < 0)
			u->detail_top = 0;
		return UI_REDRAW;
	}
	if (what == 4 || what == 5) {
		ui_move_sel(u, what == 4 ? -WHEEL_ROWS : WHEEL_ROWS);
		return UI_REDRAW;
	}
	if (what != 1 || u->hit.tabs_y < 0)
		return UI_NONE;
	if (y == u->hit.head_y)
		return click_header(u, x);
	if (y == u->hit.tabs_y)
		return click_tab(u, x);
	if (y >= u->hit.body_y && y < u->hit.body_y + u->hit.body_h)
		return click_row(u, y, ms);
	return UI_NONE;
}
