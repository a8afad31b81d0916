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

static int cell_role(const struct prom_col *c, const void *row, const char *text)
{
	double v;

	if (!strcmp(text, "n/a"))
		return ROLE_NA;
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
	size_t nc, n, stride, i, k, *idx;
	const struct prom_col *c = prom_cols(t, &nc);
	const char *base = prom_rows(v->m, t, &n, &stride);
	int sort = u->sort[t] >= 0 ? u->sort[t] : prom_default_sort(t);
	char err[256], buf[64], title[400];
	size_t none = 0, *sel = focus ? &u->sel[p] : &none, top0 = 0;
	size_t *top = focus ? &u->top[p] : &top0;
	long rows;
	double total;
	int x, cw[PROM_COLS_MAX];

	if (h < 2)
		return 0;
	rows = prom_select_rows(v->m, t, &s, &idx, err, sizeof(err));
	if (rows < 0) {
		ui_put(y, 0, w, ROLE_STATUS_WARN, err);
		return 0;
	}
	widths(cw, c, nc, t, base, stride, idx, (size_t)rows, w);
	if (focus) {
		memcpy(u->col_w, cw, nc * sizeof(*cw));
		u->n_col_w = nc;
	}
	/* the selection within the rows, and in view */
	if (focus && u->search_step && rows > 0) {
		size_t from = *sel + (u->search_step == 2), k2;

		for (k2 = 0; k2 < (size_t)rows; k2++) {
			const void *row = base + idx[(from + k2) % (size_t)rows] * stride;
			size_t q;

			for (q = 0; q < nc; q++)
				if (c[q].is_str && strstr(prom_col_str(&c[q], row), u->search))
					break;
			if (q < nc)
				break;
		}
		if (k2 < (size_t)rows)
			*sel = (from + k2) % (size_t)rows;
		else
			ui_set_status(&u->base, ROLE_STATUS_WARN, "no row holds '%s'", u->search);
		u->search_step = 0;
	}
	if (*sel >= (size_t)rows)
		*sel = rows ? (size_t)rows - 1 : 0;
	if (*sel < *top)
		*top = *sel;
	if (*sel >= *top + (size_t)(h - 2))
		*top = *sel - (size_t)(h - 2) + 1;
	/* Prometheus sent the top rows only: how many it has */
	total = t == PROM_T_PORTS ? v->m->ports_total : t == PROM_T_JOBS ? v->m->jobs_total : NAN;
	if (p == CL_HOST || isnan(total) || total <= (double)n)
		total = NAN;
	snprintf(title, sizeof(title), "%s%s%s: %ld of %zu%s", prom_table_name(t),
		 p == CL_HOSTS && u->job[0] ? " of job " : "", p == CL_HOSTS ? u->job : "", rows,
		 isnan(total) ? n : (size_t)total, u->filter[0] ? " (filtered)" : "");
	if (!isnan(total))
		snprintf(title + strlen(title), sizeof(title) - strlen(title),
			 " (the top %zu by %s asked)", n, c[sort].name);
	ui_put(y, 0, w, ROLE_TITLE, title);
	if (ui_width(title) > w)
		ui_put(y, w - 1, 1, ROLE_TITLE, ">");
	y++;
	ui_fill(y, 0, w, ROLE_COLUMN);
	for (k = 0, x = 0; k < nc; k++) {
		if (x + cw[k] > w) {
			ui_put(y, w - 1, 1, ROLE_COLUMN, ">");
			break;
		}
		put_cell(y, x, cw[k], (int)k == sort ? ROLE_COLUMN_SORT : ROLE_COLUMN, c[k].title,
			 !c[k].is_str);
		x += cw[k] + 1;
	}
	y++;
	for (i = *top; i < (size_t)rows && (int)(i - *top) < h - 2; i++, y++) {
		const void *row = base + idx[i] * stride;
		bool on = focus && i == *sel;

		if (on) {
			ui_fill(y, 0, w, ROLE_SELECTED);
			/* what Enter opens: the row's host, or its job */
			if (t == PROM_T_JOBS)
				snprintf(u->sel_key, sizeof(u->sel_key), "%s/%s",
					 ((const struct prom_job *)row)->kind,
					 ((const struct prom_job *)row)->group);
			else
				snprintf(u->sel_key, sizeof(u->sel_key), "%s",
					 prom_col_str(&c[0], row));
		}
		for (k = 0, x = 0; k < nc && x + cw[k] <= w; k++) {
			const char *txt = prom_cell(&c[k], row, buf, sizeof(buf));

			put_cell(y, x, cw[k], on ? ROLE_SELECTED : cell_role(&c[k], row, txt), txt,
				 !c[k].is_str);
			x += cw[k] + 1;
		}
		if (k < nc)
			ui_put(y, w - 1, 1, on ? ROLE_SELECTED : ROLE_NA, ">");
	}
	if (focus && !rows)
		u->sel_key[0] = '\0';
	if ((size_t)rows > *top + (size_t)(h - 2))
		ui_put(y - 1, w - 1, 1, ROLE_NA, "v");	/* more below */
	free(idx);
	return rows;
}
