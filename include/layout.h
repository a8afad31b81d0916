/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Screen layout as a pure function of the terminal size and the number of
 * links, so it can be tested across every size (no overlap, nothing outside
 * the screen).
 */
#ifndef RDMATOP_LAYOUT_H
#define RDMATOP_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>

#define UI_MIN_COLS 40
#define UI_MIN_ROWS 8

struct ui_rect {
	int y, x, h, w;		/* h == 0: not shown */
};

struct ui_layout {
	bool too_small;		/* below UI_MIN_COLS x UI_MIN_ROWS: a notice only */
	struct ui_rect header;	/* 3 rows: identity, totals, the verdict (2
				 * below 9 rows: the verdict replaces the totals) */
	struct ui_rect status;	/* 1 to 3 rows: warnings and notes, wrapped */
	struct ui_rect links;	/* title row + one row per link */
	struct ui_rect table;	/* tabs row + column header + rows */
	struct ui_rect keybar;	/* last row */
	/* a page over the links and the table (help, column setup, sort
	 * list, a detail): below the status, above the key bar */
	struct ui_rect page;
	int spark_w;		/* width of the sparklines in the links pane, 0 = none */
};

/* status_rows: the rows the status text wraps to (1-3; fewer where the
 * table and the links would lose their minimum) */
void ui_layout(int rows, int cols, size_t n_links, int status_rows, struct ui_layout *l);

#endif
