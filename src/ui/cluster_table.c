// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One table of the cluster model on screen, from prom_cols(): the header
 * (the sort column marked), the rows filtered and sorted by
 * prom_select_rows, the selection kept in view and moved by a search to
 * the next row holding its text (as the dashboard's /, n).  Columns that do not fit
 * are left out with a '>' at the right edge; a cut cell ends in '~'.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cluster.h"
#include "priv.h"

static int cell_role(enum prom_table t, const struct prom_col *c, const void *row,
		     const char *text)
{
	double v;
	int r;

	if (!strcmp(text, "n/a"))
		return ROLE_NA;
	if (t == PROM_T_STALLS && (r = ui_cluster_stalls_role(c, text)) >= 0)
		return r;
	if (c->is_str)
		return !strcmp(c->name, "state") ? ui_state_role(text) : ROLE_DEFAULT;
	v = prom_col_num(c, row);
	if (!strcmp(c->name, "up"))
		return v >= 1 ? ROLE_STATE_GOOD : ROLE_STATE_BAD;
	if (c->kind == PROM_K_HEALTH)
		return v >= 2 ? ROLE_STATE_BAD : v >= 1 ? ROLE_STATE_WARN : ROLE_STATE_GOOD;
	if (!strcmp(c->name, "err") || !strcmp(c->name, "qps_err"))
		return v > 0 ? ROLE_ERROR : ROLE_RATE_ZERO;
	if (c->kind == PROM_K_RATE || c->kind == PROM_K_BITS)
		return v > 0 ? ROLE_RATE_HIGH : ROLE_RATE_ZERO;
	if (c->kind == PROM_K_PCT)
		return v >= 0.8 ? ROLE_STATE_WARN : ROLE_DEFAULT;
	return ROLE_DEFAULT;
}

/* text into w cells: cut with a '~' when it does not fit */
static void put_cell(int y, int x, int w, int role, const char *text, bool right)
{
	char buf[PROM_LABEL_MAX + 2];

	if (ui_width(text) > w && w > 1) {
		snprintf(buf, sizeof(buf), "%s", text);
		while (buf[0] && ui_width(buf) > w - 1)
			buf[strlen(buf) - 1] = '\0';
		strcat(buf, "~");
		text = buf;
	}
	if (right)
		ui_put_right(y, x, w, role, text);
	else
		ui_put(y, x, w, role, text);
}

/*
 * The columns' widths: each its table's, and the room to spare when all
 * fit given to the row's name (INSTANCE), up to its longest value shown,
 * so that a long instance is cut only where the terminal has no room.
 */
static void widths(int *cw, const struct prom_col *c, size_t nc, enum prom_table t,
		   const char *base, size_t stride, const size_t *idx, size_t rows, int w)
{
	int g = prom_grow_col(t), spare = w + 1, most = 0;
	size_t k, i;
	char buf[64];

	for (k = 0; k < nc; k++) {
		cw[k] = c[k].width;
		spare -= cw[k] + 1;
	}
	for (i = 0; i < rows && spare > 0; i++) {
		int n = ui_width(prom_cell(&c[g], base + idx[i] * stride, buf, sizeof(buf)));

		most = n > most ? n : most;
	}
	if (spare > 0 && most > cw[g])
		cw[g] += most - cw[g] < spare ? most - cw[g] : spare;
}

/* One table as drawn: its columns, their widths, its rows in order */
struct shown {
	enum prom_table t;
	const struct prom_col *c;
	size_t nc;
	int cw[PROM_COLS_MAX];
	int sort;		/* the sort column */
	const char *base;	/* the rows, stride bytes apart */
	size_t stride;
	const size_t *idx;	/* the rows shown, in order */
	size_t rows;
};

/* A search moves *sel to the next row holding its text (n: past the one
 * selected), or says there is none */
static void search(struct ui_cluster *u, const struct shown *sh, size_t *sel)
{
	size_t from = *sel + (u->search_step == 2), k2;

	for (k2 = 0; k2 < sh->rows; k2++) {
		const void *row = sh->base + sh->idx[(from + k2) % sh->rows] * sh->stride;
		size_t q;

		for (q = 0; q < sh->nc; q++)
			if (sh->c[q].is_str && strstr(prom_col_str(&sh->c[q], row), u->search))
				break;
		if (q < sh->nc)
			break;
	}
	if (k2 < sh->rows)
		*sel = (from + k2) % sh->rows;
	else
		ui_set_status(&u->base, ROLE_STATUS_WARN, "no row holds '%s'", u->search);
	u->search_step = 0;
}

/* The selection within the rows, and in view of the h - 2 shown */
static void keep_in_view(size_t *sel, size_t *top, size_t rows, int h)
{
	if (*sel >= rows)
		*sel = rows ? rows - 1 : 0;
	if (*sel < *top)
		*top = *sel;
	if (*sel >= *top + (size_t)(h - 2))
		*top = *sel - (size_t)(h - 2) + 1;
}

/* "Ports: 12 of 4000 (the top 200 by rx asked)"; n the rows Prometheus sent */
static void draw_title(struct ui_cluster *u, const struct cl_view *v, const struct shown *sh,
		       enum cl_pane p, size_t n, int y, int w)
{
	enum prom_table t = sh->t;
	char title[400];
	double total;

	/* Prometheus sent the top rows only: how many it has */
	total = t == PROM_T_PORTS ? v->m->ports_total : t == PROM_T_JOBS ? v->m->jobs_total : NAN;
	if (p == CL_HOST || isnan(total) || total <= (double)n)
		total = NAN;
	snprintf(title, sizeof(title), "%s%s%s: %ld of %zu%s", prom_table_name(t),
		 p == CL_HOSTS && u->job[0] ? " of job " : "", p == CL_HOSTS ? u->job : "",
		 (long)sh->rows, isnan(total) ? n : (size_t)total, u->filter[0] ? " (filtered)" : "");
	if (!isnan(total))
		snprintf(title + strlen(title), sizeof(title) - strlen(title),
			 " (the top %zu by %s asked)", n, sh->c[sh->sort].name);
	if (t == PROM_T_STALLS)
		ui_cluster_stalls_title(v, title, sizeof(title));
	ui_put(y, 0, w, ROLE_TITLE, title);
	if (ui_width(title) > w)
		ui_put(y, w - 1, 1, ROLE_TITLE, ">");
}

/* The column titles, the sort column marked; '>' for those left out */
static void draw_head(const struct shown *sh, int y, int w)
{
	size_t k;
	int x;

	ui_fill(y, 0, w, ROLE_COLUMN);
	for (k = 0, x = 0; k < sh->nc; k++) {
		if (x + sh->cw[k] > w) {
			ui_put(y, w - 1, 1, ROLE_COLUMN, ">");
			break;
		}
		put_cell(y, x, sh->cw[k], (int)k == sh->sort ? ROLE_COLUMN_SORT : ROLE_COLUMN,
			 sh->c[k].title, !sh->c[k].is_str);
		x += sh->cw[k] + 1;
	}
}

/* Row i at line y; on: it is the selection, whose key Enter opens */
static void draw_row(struct ui_cluster *u, const struct shown *sh, size_t i, bool on, int y,
		     int w)
{
	const void *row = sh->base + sh->idx[i] * sh->stride;
	const struct prom_col *c = sh->c;
	char buf[64];
	size_t k;
	int x;

	if (on) {
		ui_fill(y, 0, w, ROLE_SELECTED);
		/* what Enter opens: the row's host, or its job */
		if (sh->t == PROM_T_JOBS)
			snprintf(u->sel_key, sizeof(u->sel_key), "%s/%s",
				 ((const struct prom_job *)row)->kind,
				 ((const struct prom_job *)row)->group);
		else
			snprintf(u->sel_key, sizeof(u->sel_key), "%s", prom_col_str(&c[0], row));
	}
	for (k = 0, x = 0; k < sh->nc && x + sh->cw[k] <= w; k++) {
		const char *txt = prom_cell(&c[k], row, buf, sizeof(buf));

		put_cell(y, x, sh->cw[k], on ? ROLE_SELECTED : cell_role(sh->t, &c[k], row, txt), txt,
			 !c[k].is_str);
		x += sh->cw[k] + 1;
	}
	if (k < sh->nc)
		ui_put(y, w - 1, 1, on ? ROLE_SELECTED : ROLE_NA, ">");
}

long ui_cluster_table(struct ui_cluster *u, const struct cl_view *v, enum prom_table t,
		      enum cl_pane p, int y, int h, int w, bool focus)
{
	const char *filters[1] = { u->filter };
	struct prom_select s = {
		.filters = filters, .n_filters = u->filter[0] != '\0',
		.sort = u->sort[t], .reverse = u->reverse[t],
		.instance = p == CL_HOST ? u->host : NULL,
		.job = p == CL_HOSTS && u->job[0] ? u->job : NULL,
	};
	struct shown sh = { .t = t };
	size_t n, i, *idx;
	char err[256];
	size_t none = 0, *sel = focus ? &u->sel[p] : &none, top0 = 0;
	size_t *top = focus ? &u->top[p] : &top0;
	long rows;

	sh.c = prom_cols(t, &sh.nc);
	sh.base = prom_rows(v->m, t, &n, &sh.stride);
	sh.sort = u->sort[t] >= 0 ? u->sort[t] : prom_default_sort(t);
	if (h < 2)
		return 0;
	rows = prom_select_rows(v->m, t, &s, &idx, err, sizeof(err));
	if (rows < 0) {
		ui_put(y, 0, w, ROLE_STATUS_WARN, err);
		return 0;
	}
	sh.idx = idx;
	sh.rows = (size_t)rows;
	widths(sh.cw, sh.c, sh.nc, t, sh.base, sh.stride, idx, sh.rows, w);
	if (focus) {
		memcpy(u->col_w, sh.cw, sh.nc * sizeof(*sh.cw));
		u->n_col_w = sh.nc;
	}
	if (focus && u->search_step && rows > 0)
		search(u, &sh, sel);
	keep_in_view(sel, top, sh.rows, h);
	draw_title(u, v, &sh, p, n, y, w);
	y++;
	draw_head(&sh, y, w);
	y++;
	for (i = *top; i < sh.rows && (int)(i - *top) < h - 2; i++, y++)
		draw_row(u, &sh, i, focus && i == *sel, y, w);
	if (focus && !rows)
		u->sel_key[0] = '\0';
	if (sh.rows > *top + (size_t)(h - 2))
		ui_put(y - 1, w - 1, 1, ROLE_NA, "v");	/* more below */
	free(idx);
	return rows;
}
