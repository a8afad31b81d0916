// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cluster model in batch mode: text tables (-b) and one JSON object
 * per refresh (--json), written from the same column tables as the
 * screen.  JSON numbers are Prometheus's values as they came (null where
 * it had none); the text is the screen's cells.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "prom.h"

static const enum prom_table shown[] = { PROM_T_HOSTS, PROM_T_PORTS, PROM_T_JOBS,
					 PROM_T_HOSTGROUPS };

/* the selection for table t: the filters for all, the sort for the hosts */
static struct prom_select sel_for(const struct prom_select *s, enum prom_table t)
{
	struct prom_select r = { .sort = -1 };

	if (s) {
		r.filters = s->filters;
		r.n_filters = s->n_filters;
		if (t == PROM_T_HOSTS) {
			r.sort = s->sort;
			r.reverse = s->reverse;
		}
	}
	return r;
}

static json_t *table_json(const struct prom_model *m, enum prom_table t,
			  const struct prom_select *s)
{
	struct prom_select sel = sel_for(s, t);
	size_t nc, n, stride, i, k;
	const struct prom_col *c = prom_cols(t, &nc);
	const char *base = prom_rows(m, t, &n, &stride);
	json_t *a = json_array();
	size_t *idx;
	char err[64];
	long rows = prom_select_rows(m, t, &sel, &idx, err, sizeof(err));

	for (i = 0; a && rows > 0 && i < (size_t)rows; i++) {
		const void *row = base + idx[i] * stride;
		json_t *o = json_object();

		for (k = 0; o && k < nc; k++) {
			double v = prom_col_num(&c[k], row);

			json_object_set_new(o, c[k].name, c[k].is_str ?
					    json_string(prom_col_str(&c[k], row)) :
					    isnan(v) || isinf(v) ? json_null() : json_real(v));
		}
		json_array_append_new(a, o);
	}
	if (rows >= 0)
		free(idx);
	return a;
}

static json_t *queries_json(const struct prom_qstate *q)
{
	json_t *a = json_array();
	int i;

	for (i = 0; a && i < PROM_Q_N; i++) {
		json_t *o = json_object();

		json_object_set_new(o, "name", json_string(prom_q_name((enum prom_q)i)));
		json_object_set_new(o, "ok", json_boolean(q[i].have && !q[i].err));
		json_object_set_new(o, "series", json_integer((json_int_t)q[i].v.n));
		json_object_set_new(o, "bytes", json_integer((json_int_t)q[i].bytes));
		json_object_set_new(o, "seconds", json_real(q[i].took));
		if (q[i].err)
			json_object_set_new(o, "error", json_string(q[i].why));
		json_array_append_new(a, o);
	}
	return a;
}

int prom_out_json(FILE *f, const struct prom_model *m, const struct prom_qstate *q,
		  const struct prom_select *s)
{
	json_t *o = json_object();
	size_t i;
	int ret;

	if (!o)
		return -1;
	json_object_set_new(o, "time", m->eval_at > 0 ? json_real(m->eval_at) : json_null());
	json_object_set_new(o, "scrape_interval", json_real(m->interval));
	json_object_set_new(o, "rate_window", json_real(m->window));
	json_object_set_new(o, "answers_seconds", json_real(m->answers_seconds));
	json_object_set_new(o, "build_seconds", json_real(m->build_seconds));
	json_object_set_new(o, "queries", queries_json(q));
	for (i = 0; i < sizeof(shown) / sizeof(shown[0]); i++)
		json_object_set_new(o, prom_table_name(shown[i]), table_json(m, shown[i], s));
	ret = json_dumpf(o, f, JSON_COMPACT | JSON_REAL_PRECISION(17));
	json_decref(o);
	fputc('\n', f);
	return ret ? -1 : 0;
}

static void table_text(FILE *f, const struct prom_model *m, enum prom_table t,
		       const struct prom_select *s)
{
	struct prom_select sel = sel_for(s, t);
	size_t nc, n, stride, i, k;
	const struct prom_col *c = prom_cols(t, &nc);
	const char *base = prom_rows(m, t, &n, &stride);
	size_t *idx;
	char err[64], buf[64];
	long rows = prom_select_rows(m, t, &sel, &idx, err, sizeof(err));

	if (rows < 0) {
		fprintf(f, "%s: %s\n\n", prom_table_name(t), err);
		return;
	}
	fprintf(f, "%s: %ld\n", prom_table_name(t), rows);
	for (k = 0; k < nc; k++)
		fprintf(f, c[k].is_str ? "%-*s " : "%*s ", c[k].width, c[k].title);
	fputc('\n', f);
	for (i = 0; i < (size_t)rows; i++) {
		const void *row = base + idx[i] * stride;

		for (k = 0; k < nc; k++)
			fprintf(f, c[k].is_str ? "%-*s " : "%*s ", c[k].width,
				prom_cell(&c[k], row, buf, sizeof(buf)));
		fputc('\n', f);
	}
	fputc('\n', f);
	free(idx);
}

int prom_out_text(FILE *f, const struct prom_model *m, const struct prom_qstate *q,
		  const struct prom_select *s)
{
	size_t i;
	int k;

	if (m->interval > 0)
		fprintf(f, "rdmatop cluster: scrape interval %gs, rate window %gs\n", m->interval,
			m->window);
	else
		fprintf(f, "rdmatop cluster: scrape interval unknown, rate window %gs\n", m->window);
	for (k = 0; k < PROM_Q_N; k++)
		if (q[k].err)
			fprintf(f, "query %s: %s\n", prom_q_name((enum prom_q)k), q[k].why);
	for (i = 0; i < sizeof(shown) / sizeof(shown[0]); i++)
		table_text(f, m, shown[i], s);
	return ferror(f) ? -1 : 0;
}
