// SPDX-License-Identifier: GPL-2.0-or-later
/* Screen layout (pure; see layout.h). */
#include <string.h>

#include "layout.h"

static struct ui_rect rect(int y, int x, int h, int w)
{
	struct ui_rect r = { y, x, h > 0 ? h : 0, w > 0 ? w : 0 };

	if (!r.h || !r.w)
		r.h = r.w = 0;
	return r;
}

void ui_layout(int rows, int cols, size_t n_links, int status_rows, struct ui_layout *l)
{
	int y = 0, left, links_h, want, sh = status_rows < 1 ? 1 : status_rows > 3 ? 3 : status_rows;

	memset(l, 0, sizeof(*l));
	if (rows < UI_MIN_ROWS || cols < UI_MIN_COLS) {
		l->too_small = true;
		return;
	}
	/* identity, totals and the verdict line; below 9 rows the verdict
	 * takes the totals' place (the table keeps its 4 rows) */
	l->header = rect(y, 0, rows >= UI_MIN_ROWS + 1 ? 3 : 2, cols);
	y += l->header.h;
	/* a long status wraps while the table keeps its 4 rows and a link
	 * its title and row */
	while (sh > 1 && rows - 1 - (y + sh) < 4 + (n_links ? 2 : 0))
		sh--;
	l->status = rect(y, 0, sh, cols);
	y += sh;
	l->keybar = rect(rows - 1, 0, 1, cols);
	left = rows - 1 - y;	/* rows between the status line and the key bar */
	l->page = rect(y, 0, left, cols);

	/* links: a title and one row each, at most a third of what is left,
	 * and always leave the table its tabs, header and 2 rows */
	want = n_links ? (int)(n_links > 64 ? 64 : n_links) + 1 : 0;
	links_h = want;
	if (links_h > left / 3 + 1)
		links_h = left / 3 + 1;
	if (left - links_h < 4)
		links_h = left - 4;
	if (links_h < 2)
		links_h = 0;	/* no room for even one link */
	l->links = rect(y, 0, links_h, cols);
	y += l->links.h;
	l->table = rect(y, 0, rows - 1 - y, cols);
	/* graphs where there is room beside the link columns */
	l->spark_w = cols >= 140 ? 30 : cols >= 120 ? 20 : cols >= 100 ? 10 : 0;
}
