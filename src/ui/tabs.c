// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The main table's tab bar: a tab a pane shown, its key and title (brief
 * ones where the full do not fit), how old a paced table is, the row
 * count, and where each tab is for the mouse.
 */
#include <stdio.h>
#include <string.h>

#include "priv.h"

/*
 * A tab's label: its key (1-9, 0, g; none for the rest) and title (the
 * brief groups tab drops its key to fit 80 columns); a paced QP table says
 * how old its oldest rows are (age >= 0.5 s).
 */
static int tab_label(char *buf, size_t len, size_t i, bool brief, const double *age)
{
	char title[64], made[32];
	const char *t = brief ? ui_pane_brief((enum ui_pane)i, made, sizeof(made)) :
				ui_pane_title((enum ui_pane)i, made, sizeof(made));

	if (i == UI_GROUPS && !brief)
		return snprintf(buf, len, " g %s ", t);
	/* the QPs' table, the devices' resource summary (both paced) */
	if ((i == UI_QPS || i == UI_DEVS) && age[i == UI_DEVS] >= 0.5) {
		double a = age[i == UI_DEVS];

		snprintf(title, sizeof(title), brief ? "%s %.0fs" : "%s, %.0fs old", t, a);
		t = title;
	}
	if (i < 10)
		return snprintf(buf, len, brief ? "%zu %s" : " %zu %s ", (i + 1) % 10, t);
	return snprintf(buf, len, brief ? "%s" : " %s ", t);
}

/*
 * The tabs: full titles, two blanks apart, when they fit with the row
 * count; else the brief titles one blank apart (79 cells: 80 columns).
 */
void ui_draw_tabs(struct ui *u, int y, int w)
{
	int x = 0, full = 0, len[UI_PANE_N];
	size_t i;
	char buf[96], rows[32], label[UI_PANE_N][96];
	bool brief;
	double age[2] = { u->s ? snap_table_age(u->s, SNAP_RES_QP) : 0, 0 };

	for (i = 0; u->s && i < u->s->devs.n; i++) {
		double a = snap_sum_age(u->s, SNAP_AT(&u->s->devs, struct snap_dev, i));

		age[1] = a > age[1] ? a : age[1];
	}
	snprintf(rows, sizeof(rows), "%zu row%s", u->n_rows, u->n_rows == 1 ? "" : "s");
	/* the full labels, kept for when they are drawn */
	for (i = 0; i < UI_PANE_N; i++)
		if (ui_pane_shown(u, (enum ui_pane)i)) {
			len[i] = tab_label(label[i], sizeof(label[i]), i, false, age);
			full += len[i] + 1;
		}
	brief = full + (int)strlen(rows) + 1 >= w;
	ui_fill(y, 0, w, ROLE_TITLE);
	u->mouse.hit.tabs_y = y;
	for (i = 0; i < UI_PANE_N; i++) {
		int n;

		if (!ui_pane_shown(u, (enum ui_pane)i)) {
			/* no tab: no click */
			u->mouse.hit.tab_x[i] = u->mouse.hit.tab_x[i + 1] = x;
			continue;
		}
		n = brief ? tab_label(buf, sizeof(buf), i, true, age) : len[i];
		ui_put(y, x, w - x, i == u->pane ? ROLE_TAB_ACTIVE : ROLE_TITLE,
		       brief ? buf : label[i]);
		u->mouse.hit.tab_x[i] = x;
		x += n + 1;
		u->mouse.hit.tab_x[i + 1] = x < w ? x : w;
		if (x >= w) {
			bool more = x > w;

			for (i++; i < UI_PANE_N; i++) { /* the tabs cut off: none */
				more |= ui_pane_shown(u, (enum ui_pane)i);
				u->mouse.hit.tab_x[i] = u->mouse.hit.tab_x[i + 1] = w;
			}
			if (more) /* cut: a mark says so */
				ui_put(y, w - 1, 1, ROLE_TITLE, ">");
			return;
		}
	}
	if (x + (int)strlen(rows) + 1 < w)
		ui_put_right(y, x, w - x - 1, ROLE_TITLE, rows);
}
