// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The main table's tab bar: a tab a pane shown, its key and title (brief
 * ones where the full do not fit), how old a paced table is, where the
 * window is in the rows (12-31/148), and where each tab is for the mouse.
 */
#include <stdio.h>
#include <string.h>

#include "priv.h"

/* the labels' forms, widest first: " 2 Processes ", "2Procs", "2Proc" */
enum tab_form { TAB_FULL, TAB_BRIEF, TAB_SHORT };

/*
 * A tab's label: its key (1-9, 0, g; none for the rest) and title; brief,
 * the key glued to a brief title as in the key bar's "F1Help"; a paced QP
 * table says how old its oldest rows are (age >= 0.5 s).
 */
static int tab_label(char *buf, size_t len, size_t i, enum tab_form form, const double *age)
{
	char title[96], made[32];
	bool brief = form != TAB_FULL;
	const char *t = brief ? ui_pane_brief((enum ui_pane)i, made, sizeof(made)) :
				ui_pane_title((enum ui_pane)i, made, sizeof(made));

	if (form == TAB_SHORT) { /* the brief title, no plural, 4 cells */
		size_t n = strlen(t);

		n -= n > 1 && t[n - 1] == 's';
		snprintf(title, sizeof(title), "%.*s", (int)(n < 4 ? n : 4), t);
		t = title;
	}
	if (i == UI_GROUPS) /* its key a letter, brief or not */
		return snprintf(buf, len, brief ? "g%s" : " g %s ", t);
	if (i == UI_STALLS)
		return snprintf(buf, len, brief ? "s%s" : " s %s ", t);
	/* the QPs' table, the devices' resource summary (both paced) */
	if ((i == UI_QPS || i == UI_DEVS) && age[i == UI_DEVS] >= 0.5) {
		double a = age[i == UI_DEVS];
		char aged[80];

		snprintf(aged, sizeof(aged), brief ? "%s %.0fs" : "%s, %.0fs old", t, a);
		snprintf(title, sizeof(title), "%s", aged);
		t = title;
	}
	if (i < 10)
		return snprintf(buf, len, brief ? "%zu%s" : " %zu %s ", (i + 1) % 10, t);
	return snprintf(buf, len, brief ? "%s" : " %s ", t);
}

/*
 * Where the window is: the first and last rows on screen and how many
 * (rows 12-31 of 148; brief 12-31/148).
 */
static int position(const struct ui *u, int body, bool brief, char *buf, size_t len)
{
	size_t top = u->view.panes[u->view.pane].top, last = top + (size_t)(body > 0 ? body : 0);

	if (last > u->cache.n_rows)
		last = u->cache.n_rows;
	if (!u->cache.n_rows)
		return snprintf(buf, len, brief ? "0/0" : "no rows");
	if (brief)
		return snprintf(buf, len, "%zu-%zu/%zu", top + 1, last, u->cache.n_rows);
	return snprintf(buf, len, "rows %zu-%zu of %zu", top + 1, last, u->cache.n_rows);
}

/* The cells the tabs take in a form, a blank after each. */
static int tabs_width(const struct ui *u, enum tab_form form, const double *age)
{
	char buf[96];
	int n = 0;
	size_t i;

	for (i = 0; i < UI_PANE_N; i++)
		if (ui_pane_shown(u, (enum ui_pane)i))
			n += tab_label(buf, sizeof(buf), i, form, age) + 1;
	return n;
}

/*
 * The tabs: full titles, two blanks apart, when they fit with the window's
 * position; else the brief titles one blank apart, else the short ones
 * (80 columns and a dozen tabs), the position at the right; at last the
 * brief titles without it, cut with a mark.
 */
void ui_draw_tabs(struct ui *u, int y, int w, int body)
{
	int x = 0, full = 0, len[UI_PANE_N], plen, tw = w;
	size_t i;
	char buf[96], pos[64], label[UI_PANE_N][96];
	enum tab_form form = TAB_FULL;
	bool brief;
	double age[2] = { u->run.s ? snap_table_age(u->run.s, SNAP_RES_QP) : 0, 0 };

	for (i = 0; u->run.s && i < u->run.s->devs.n; i++) {
		double a = snap_sum_age(u->run.s, SNAP_AT(&u->run.s->devs, struct snap_dev, i));

		age[1] = a > age[1] ? a : age[1];
	}
	plen = position(u, body, false, pos, sizeof(pos));
	/* the full labels, kept for when they are drawn */
	for (i = 0; i < UI_PANE_N; i++)
		if (ui_pane_shown(u, (enum ui_pane)i)) {
			len[i] = tab_label(label[i], sizeof(label[i]), i, TAB_FULL, age);
			full += len[i] + 1;
		}
	brief = full + plen + 1 >= w;
	if (brief) {
		plen = position(u, body, true, pos, sizeof(pos));
		form = tabs_width(u, TAB_BRIEF, age) + plen + 1 <= w ? TAB_BRIEF : TAB_SHORT;
		/* none fits beside the position (14 tabs at 80 columns, a
		 * position of three numbers): the short titles cut before it,
		 * with a mark, the position kept (every tab has its key) */
		if (form == TAB_SHORT && tabs_width(u, TAB_SHORT, age) + plen + 1 > w &&
		    plen + 8 < w)
			tw = w - plen - 1;
	}
	ui_fill(y, 0, w, ROLE_TITLE);
	u->view.mouse.hit.tabs_y = y;
	for (i = 0; i < UI_PANE_N; i++) {
		int n;

		if (!ui_pane_shown(u, (enum ui_pane)i)) {
			/* no tab: no click */
			u->view.mouse.hit.tab_x[i] = u->view.mouse.hit.tab_x[i + 1] = x;
			continue;
		}
		n = brief ? tab_label(buf, sizeof(buf), i, form, age) : len[i];
		ui_put(y, x, tw - x, i == u->view.pane ? ROLE_TAB_ACTIVE : ROLE_TITLE,
		       brief ? buf : label[i]);
		u->view.mouse.hit.tab_x[i] = x;
		x += n + 1;
		u->view.mouse.hit.tab_x[i + 1] = x < tw ? x : tw;
		if (x >= tw) {
			bool more = x > tw;

			for (i++; i < UI_PANE_N; i++) { /* the tabs cut off: none */
				more |= ui_pane_shown(u, (enum ui_pane)i);
				u->view.mouse.hit.tab_x[i] = u->view.mouse.hit.tab_x[i + 1] = tw;
			}
			if (more) /* cut: a mark says so */
				ui_put(y, tw - 1, 1, ROLE_TITLE, ">");
			if (tw < w) /* the position kept beside them */
				ui_put_right(y, tw, w - tw - 1, ROLE_TITLE, pos);
			return;
		}
	}
	if (x + plen + 1 <= w)
		ui_put_right(y, x, w - x - 1, ROLE_TITLE, pos);
}
