// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Column setup (htop's F2 Setup): which columns a table shows and in which
 * order.  The list has the shown columns first, in their order, then the
 * hidden ones; Space shows or hides one, [ and ] (or F7, F8) move a shown
 * one; W saves every table's choice as a `columns` line of the config.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <curses.h>

#include "priv.h"

static void columns_setting(struct ui *u);

/* The setup list of pane p: column ids, shown ones first; returns its length. */
static size_t setup_list(const struct ui *u, enum ui_pane p, int *ids)
{
	size_t n, i, k, m = 0;

	view_cols(ui_pane_table(p), &n);
	for (i = 0; i < u->view.panes[p].n_cols; i++)
		ids[m++] = u->view.panes[p].cols[i];
	for (i = 0; i < n && m < 64; i++) {
		for (k = 0; k < u->view.panes[p].n_cols && u->view.panes[p].cols[k] != (int)i; k++)
			;
		if (k == u->view.panes[p].n_cols)
			ids[m++] = (int)i;
	}
	return m;
}

void ui_draw_setup(struct ui *u, const struct ui_layout *l)
{
	enum ui_pane p = u->view.pane;
	const struct view_col *vc;
	/* a page below the status line, which keeps its message */
	int ids[64], y = l->page.y, h = l->page.h - 2, top;
	size_t n = setup_list(u, p, ids), i, nvc;
	char buf[256];

	vc = view_cols(ui_pane_table(p), &nvc);
	if (u->view.setup_sel >= n)
		u->view.setup_sel = n ? n - 1 : 0;
	ui_clear(&l->page);
	snprintf(buf, sizeof(buf), "Columns of the %s table: %zu of %zu shown",
		 view_table_name(ui_pane_table(p)), u->view.panes[p].n_cols, n);
	ui_put(y++, 0, l->table.w, ROLE_TITLE, buf);
	ui_put(y++, 0, l->table.w, ROLE_DEFAULT,
	       "Space show/hide  [ ] or F7 F8 move  Esc done  W save  Tab other table");
	if (h < 1)
		return;
	top = (int)u->view.setup_sel >= h ? (int)u->view.setup_sel - h + 1 : 0;
	for (i = (size_t)top; i < n && (int)(i - (size_t)top) < h; i++, y++) {
		const struct view_col *c = &vc[ids[i]];
		bool shown = i < u->view.panes[p].n_cols, sel = i == u->view.setup_sel;

		snprintf(buf, sizeof(buf), " %s %-3zu %-16s %-12s %s", shown ? "[x]" : "[ ]",
			 shown ? i + 1 : 0, c->name, c->header, c->desc ? c->desc : "");
		if (!shown)
			memcpy(buf + 5, "   ", 3);
		if (sel)
			ui_fill(y, 0, l->table.w, ROLE_SELECTED);
		ui_put(y, 0, l->table.w, sel ? ROLE_SELECTED : shown ? ROLE_DEFAULT : ROLE_NA, buf);
	}
}

/* Show or hide the column at list position i. */
static void toggle(struct ui *u, enum ui_pane p, const int *ids, size_t i)
{
	if (i < u->view.panes[p].n_cols) {
		if (u->view.panes[p].n_cols == 1)
			return;	/* one column at least */
		memmove(&u->view.panes[p].cols[i], &u->view.panes[p].cols[i + 1],
			(u->view.panes[p].n_cols - i - 1) * sizeof(u->view.panes[p].cols[0]));
		u->view.panes[p].n_cols--;
		u->view.setup_sel = u->view.panes[p].n_cols;	/* it is now the first hidden one */
		return;
	}
	if (u->view.panes[p].n_cols >= UI_COLS_MAX)
		return;
	u->view.panes[p].cols[u->view.panes[p].n_cols] = ids[i];
	u->view.setup_sel = u->view.panes[p].n_cols++;	/* shown last */
}

static void move_col(struct ui *u, enum ui_pane p, int by)
{
	size_t i = u->view.setup_sel, j = (size_t)((long)i + by);
	int t;

	if (i >= u->view.panes[p].n_cols || j >= u->view.panes[p].n_cols)
		return;
	t = u->view.panes[p].cols[i];
	u->view.panes[p].cols[i] = u->view.panes[p].cols[j];
	u->view.panes[p].cols[j] = t;
	u->view.setup_sel = j;
}

enum ui_action ui_setup_key(struct ui *u, int key)
{
	enum ui_pane p = u->view.pane;
	int ids[64];
	size_t n = setup_list(u, p, ids);

	switch (key) {
	case 27: case KEY_F(2): case 'S': case 'q': case '\n': case '\r': case KEY_ENTER:
		u->view.setup = false;
		ui_refresh_rows(u);
		break;
	case KEY_UP: if (u->view.setup_sel) u->view.setup_sel--; break;
	case KEY_DOWN: if (u->view.setup_sel + 1 < n) u->view.setup_sel++; break;
	case KEY_HOME: u->view.setup_sel = 0; break;
	case KEY_END: u->view.setup_sel = n ? n - 1 : 0; break;
	case ' ':
		if (u->view.setup_sel < n)
			toggle(u, p, ids, u->view.setup_sel);
		columns_setting(u);
		break;
	case '[': case KEY_F(7): move_col(u, p, -1); columns_setting(u); break;
	case ']': case KEY_F(8): move_col(u, p, 1); columns_setting(u); break;
	case '\t':
		ui_set_pane(u, (enum ui_pane)((p + 1) % UI_PANE_N));
		u->view.setup_sel = 0;
		break;
	case 'W':
		return UI_SAVE;
	default:
		break;
	}
	return UI_REDRAW;
}

/* "TABLE:COL,..." -> pane, column ids and their count; 0 or -EINVAL */
static int parse_spec(const char *spec, size_t *pane, int *ids, size_t *count, char *err,
		      size_t len)
{
	const char *colon = strchr(spec, ':'), *c;
	size_t n = 0, p;

	for (p = 0; colon && p < UI_PANE_N; p++) {
		const char *name = view_table_name(ui_pane_table((enum ui_pane)p));

		if (strlen(name) == (size_t)(colon - spec) && !strncmp(spec, name, strlen(name)))
			break;
	}
	if (!colon || p == UI_PANE_N) {
		snprintf(err, len, "columns '%s': want TABLE:COL,... with TABLE one of qps, "
			 "processes, counters, cm_ids, links, groups", spec);
		return -EINVAL;
	}
	for (c = colon + 1; *c;) {
		size_t l = strcspn(c, ",");
		char name[64];
		int k;

		snprintf(name, sizeof(name), "%.*s", (int)(l < 63 ? l : 63), c);
		k = view_col_find(ui_pane_table((enum ui_pane)p), name);
		if (k < 0 || n == UI_COLS_MAX) {
			snprintf(err, len, "columns '%.40s': %s '%s'", spec,
				 k < 0 ? "no such column" : "too many columns at", name);
			return -EINVAL;
		}
		ids[n++] = k;
		c += l + (c[l] == ',');
	}
	if (!n) {
		snprintf(err, len, "columns '%s': no column named", spec);
		return -EINVAL;
	}
	*pane = p;
	*count = n;
	return 0;
}

int ui_columns_check(const char *spec, char *err, size_t len)
{
	int ids[UI_COLS_MAX];
	size_t p, n;

	return parse_spec(spec, &p, ids, &n, err, len);
}

int ui_set_columns(struct ui *u, const char *spec, char *err, size_t len)
{
	int ids[UI_COLS_MAX];
	size_t p, n;
	int r = parse_spec(spec, &p, ids, &n, err, len);

	if (r)
		return r;
	memcpy(u->view.panes[p].cols, ids, n * sizeof(ids[0]));
	u->view.panes[p].n_cols = n;
	return 0;
}

void ui_columns_spec(const struct ui *u, enum ui_pane p, char *buf, size_t len)
{
	const struct view_col *vc;
	const int *def;
	size_t n, nd, i, k;

	buf[0] = '\0';
	def = ui_pane_cols_default(p, &nd);
	if (nd == u->view.panes[p].n_cols && !memcmp(def, u->view.panes[p].cols, nd * sizeof(*def)))
		return;
	vc = view_cols(ui_pane_table(p), &n);
	k = (size_t)snprintf(buf, len, "%s:", view_table_name(ui_pane_table(p)));
	for (i = 0; i < u->view.panes[p].n_cols && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s", i ? "," : "",
				      vc[u->view.panes[p].cols[i]].name);
}

int ui_setting(struct ui *u, enum setting_id id, const char *fmt, ...)
{
	struct settings scratch;
	char text[640];
	va_list ap;

	if (fmt) {
		va_start(ap, fmt);
		vsnprintf(text, sizeof(text), fmt, ap);
		va_end(ap);
	}
	if (u->run.set)
		return settings_store_set(u->run.set, id, fmt ? text : NULL);
	settings_defaults(&scratch);
	return fmt ? settings_set(&scratch, id, text) : 0;
}

void ui_sort_setting(struct ui *u)
{
	size_t n;
	const struct view_col *cols = view_cols(VIEW_QPS, &n);
	int c = u->view.panes[UI_QPS].sort;

	if (c >= 0 && (size_t)c < n)
		ui_setting(u, SET_SORT, "%s", cols[c].name);
	else
		ui_setting(u, SET_SORT, NULL);
	ui_setting(u, SET_REVERSE, "%s", u->view.panes[UI_QPS].reverse ? "yes" : "no");
}

void ui_filter_setting(struct ui *u)
{
	ui_setting(u, SET_FILTER, NULL);
	if (u->view.filter_text[0])
		ui_setting(u, SET_FILTER, "%s", u->view.filter_text);
}

/* every pane's columns that differ from its default, as --columns */
static void columns_setting(struct ui *u)
{
	char spec[512];
	size_t i;

	ui_setting(u, SET_COLUMNS, NULL);
	for (i = 0; i < UI_PANE_N; i++) {
		ui_columns_spec(u, (enum ui_pane)i, spec, sizeof(spec));
		if (spec[0])
			ui_setting(u, SET_COLUMNS, "%s", spec);
	}
}
