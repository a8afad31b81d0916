// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The layout rule of every table on the screen (the panes' tables and the
 * link lines at the top), in one place:
 *   1. the key columns (a pane's own: DEV, PORT, STATE, the rates and
 *      ERR/s of Links; PID, COMM, PSN/s of Processes; ... and the sort
 *      column) are placed first, at their width, in their order;
 *   2. then the others in their order, while they fit whole: the first
 *      that does not ends them (never a later, narrower one in its place);
 *   3. what is left widens the columns whose longest visible value is
 *      wider than their width (names), up to their maximum, in order;
 *   4. when a column is left out, two cells stay free at the right edge
 *      for the mark that says so (ui_fit_mark).
 * Columns are one blank apart; the last may end at the edge.
 */
#include "fit.h"

static int place(struct ui_fit *c, size_t n, int width)
{
	int used = 0, hidden = 0;	/* used: the placed widths, each + 1 */
	bool stop = false;
	size_t i;
	int pass;

	for (i = 0; i < n; i++)
		c[i].x = -1;
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; i++) {
			if (c[i].key != (pass == 0))
				continue;
			if (!stop && c[i].w > 0 && used + c[i].w <= width) {
				c[i].x = 0;
				used += c[i].w + 1;
			} else if (pass == 1) {
				stop = true;	/* the first that does not fit ends them */
			}
		}
	for (i = 0; i < n; i++)
		hidden += c[i].x < 0;
	return hidden;
}

int ui_fit(struct ui_fit *c, size_t n, int width)
{
	int hidden, used = 0, spare, x = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (c[i].w < 0)
			c[i].w = 0;
	hidden = place(c, n, width);
	if (hidden && width > 2)
		hidden = place(c, n, width - 2);	/* room for the mark */
	for (i = 0; i < n; i++)
		if (c[i].x >= 0)
			used += c[i].w + 1;
	spare = (hidden && width > 2 ? width - 2 : width) - (used ? used - 1 : 0);
	for (i = 0; i < n && spare > 0; i++) {
		int want = c[i].want < c[i].maxw ? c[i].want : c[i].maxw, add;

		if (c[i].x < 0 || want <= c[i].w)
			continue;
		add = want - c[i].w < spare ? want - c[i].w : spare;
		c[i].w += add;
		spare -= add;
	}
	for (i = 0; i < n; i++)
		if (c[i].x >= 0) {
			c[i].x = x;
			x += c[i].w + 1;
		}
	return hidden;
}
