// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cluster model in batch mode: text tables (-b) and one JSON object
 * per refresh (--json), written from the same column tables as the
 * screen.  JSON numbers are Prometheus's values as they came (null where
 * it had none, or none that is finite); the text is the screen's cells.
 * Every string is Prometheus's (label values, its error texts): escaped
 * by the local outputs' escapers, text by fmt_escape, JSON by jw_str.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../out/jw.h"
#include "fmt.h"
#include "out.h"
#include "prom.h"

static const enum prom_table shown[] = { PROM_T_HOSTS, PROM_T_PORTS, PROM_T_JOBS,
					 PROM_T_HOSTGROUPS, PROM_T_STALLS };

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

/* a number as it round-trips (shortest of 15 or 17 digits); null when
 * not finite: Prometheus's "+Inf" and "NaN" have no JSON number */
static void num(struct jw *w, const char *k, double v)
{
	char buf[32];

	jw_key(w, k);
	if (!isfinite(v)) {
		jw_write(w, "null", 4);
		return;
	}
	if (v == 0)
		v = 0;	/* Prometheus's "-0" */
	snprintf(buf, sizeof(buf), "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, sizeof(buf), "%.17g", v);
	jw_write(w, buf, strlen(buf));
}

static void table_json(struct jw *w, const struct prom_model *m, enum prom_table t,
		       const struct prom_select *s)
{
	struct prom_select sel = sel_for(s, t);
	size_t nc, n, stride, i, k;
	const struct prom_col *c = prom_cols(t, &nc);
	const char *base = prom_rows(m, t, &n, &stride);
	size_t *idx;
	char err[64];
	long rows = prom_select_rows(m, t, &sel, &idx, err, sizeof(err));

	jw_open(w, prom_table_name(t), '[');
	for (i = 0; rows > 0 && i < (size_t)rows; i++) {
		const void *row = base + idx[i] * stride;

		jw_open(w, NULL, '{');
		for (k = 0; k < nc; k++) {
			if (c[k].is_str)
				jw_s(w, c[k].name, prom_col_str(&c[k], row));
			else
				num(w, c[k].name, prom_col_num(&c[k], row));
		}
		jw_close(w, '}');
	}
	jw_close(w, ']');
	if (rows >= 0)
		free(idx);
}

/* the Stalls pane's hosts, the most suspect first */
static void suspects_json(struct jw *w, const struct prom_model *m)
{
	size_t i;

	jw_open(w, "stall_suspects", '[');
	for (i = 0; i < m->n_suspects; i++) {
		const struct prom_suspect *p = &m->suspects[i];

		jw_open(w, NULL, '{');
		jw_s(w, "instance", p->instance);
		num(w, "blame", p->blame);
		num(w, "rows", p->rows);
		num(w, "health", p->health);
		num(w, "up", p->up);
		jw_close(w, '}');
	}
	jw_close(w, ']');
}

static void queries_json(struct jw *w, const struct prom_qstate *q)
{
	int i;

	jw_open(w, "queries", '[');
	for (i = 0; i < PROM_Q_N; i++) {
		jw_open(w, NULL, '{');
		jw_s(w, "name", prom_q_name((enum prom_q)i));
		jw_b(w, "ok", q[i].have && !q[i].err);
		jw_u(w, "series", q[i].series);
		jw_u(w, "bytes", q[i].bytes);
		num(w, "seconds", q[i].took);
		if (q[i].http)
			jw_s(w, "http", prom_http_version(q[i].http));
		if (q[i].err)
			jw_s(w, "error", q[i].why);
		jw_close(w, '}');
	}
	jw_close(w, ']');
}

/*
 * Written by the local JSON's writer (src/out/jw.h): one escaper for
 * every string, whatever Prometheus sent (controls, C1, invisible
 * characters, bytes that are not UTF-8), and no key ever dropped, which
 * jansson's json_string() did for a value that is not UTF-8 (NULL).
 */
int prom_out_json(FILE *f, const struct prom_model *m, const struct prom_qstate *q,
		  const struct prom_select *s)
{
	struct jw *w = calloc(1, sizeof(*w));
	size_t i;

	if (!w)
		return -1;
	w->f = f;
	w->first[0] = true;
	jw_open(w, NULL, '{');
	if (m->eval_at > 0)
		num(w, "time", m->eval_at);
	else
		num(w, "time", NAN);
	num(w, "scrape_interval", m->interval);
	num(w, "rate_window", m->window);
	num(w, "answers_seconds", m->answers_seconds);
	num(w, "build_seconds", m->build_seconds);
	num(w, "ports_total", m->ports_total);
	num(w, "jobs_total", m->jobs_total);
	num(w, "stalls_total", m->stalls_total);
	num(w, "stalls_omitted", m->stalls_omitted);
	jw_key(w, "recording_rules");
	if (m->rules < 0)
		jw_write(w, "null", 4);
	else
		jw_write(w, m->rules ? "true" : "false", m->rules ? 4 : 5);
	if (m->rules_why[0])
		jw_s(w, "recording_rules_why", m->rules_why);
	queries_json(w, q);
	for (i = 0; i < sizeof(shown) / sizeof(shown[0]); i++)
		table_json(w, m, shown[i], s);
	suspects_json(w, m);
	jw_close(w, '}');
	jw_putc(w, '\n');
	jw_flush(w);
	free(w);
	return ferror(f) ? -1 : 0;
}

/* the Stalls table's title: its cut and the suspect, as on screen */
static void stalls_text(FILE *f, const struct prom_model *m, size_t rows)
{
	char line[PROM_KEY_MAX + 200], esc[sizeof(line) * 4];

	if (!isnan(m->stalls_total) && m->stalls_total > (double)m->n_stalls)
		fprintf(f, " of %.0f (the oldest %d asked)", m->stalls_total, PROM_STALL_ROWS);
	(void)rows;
	if (prom_stall_suspect_line(m, line, sizeof(line)))
		fprintf(f, "; %s", fmt_escape(esc, sizeof(esc), line));
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
	double total;
	int cw[PROM_COLS_MAX], g;

	if (rows < 0) {
		fprintf(f, "%s: %s\n\n", prom_table_name(t), err);
		return;
	}
	fprintf(f, "%s: %ld", prom_table_name(t), rows);
	/* Prometheus sent the top rows only (--rows): how many it has */
	total = t == PROM_T_PORTS ? m->ports_total : t == PROM_T_JOBS ? m->jobs_total : NAN;
	if (!isnan(total))
		fprintf(f, " of %.0f", total);
	if (t == PROM_T_STALLS)
		stalls_text(f, m, (size_t)rows);
	fputc('\n', f);
	/* the screen's columns: each its width, a longer value cut and
	 * marked (~); the row's name (INSTANCE) as wide as its longest,
	 * kept whole as the JSON has it */
	g = prom_grow_col(t);
	for (k = 0; k < nc; k++)
		cw[k] = c[k].width;
	for (i = 0; i < (size_t)rows; i++) {
		const void *row = base + idx[i] * stride;
		int cells = out_text_cells(prom_cell(&c[g], row, buf, sizeof(buf)));

		cw[g] = cells > cw[g] ? cells : cw[g];
	}
	for (k = 0; k < nc; k++) {
		out_text_cell(f, c[k].title, cw[k], !c[k].is_str, k + 1 == nc);
		fputc(k + 1 == nc ? '\n' : ' ', f);
	}
	for (i = 0; i < (size_t)rows; i++) {
		const void *row = base + idx[i] * stride;

		/* a label's value escaped as the local -b escapes a name */
		for (k = 0; k < nc; k++) {
			const char *txt = prom_cell(&c[k], row, buf, sizeof(buf));

			out_text_cell(f, txt, cw[k], !c[k].is_str, k + 1 == nc);
			fputc(k + 1 == nc ? '\n' : ' ', f);
		}
	}
	fputc('\n', f);
	free(idx);
}

int prom_out_text(FILE *f, const struct prom_model *m, const struct prom_qstate *q,
		  const struct prom_select *s)
{
	char esc[sizeof(q->why) * 4];
	size_t i;
	int k;

	if (m->interval > 0)
		fprintf(f, "rdmatop cluster: scrape interval %gs, rate window %gs\n", m->interval,
			m->window);
	else
		fprintf(f, "rdmatop cluster: scrape interval unknown, rate window %gs\n", m->window);
	for (k = 0; k < PROM_Q_N; k++)
		if (q[k].err)
			fprintf(f, "query %s: %s\n", prom_q_name((enum prom_q)k),
				fmt_escape(esc, sizeof(esc), q[k].why));
	for (i = 0; i < sizeof(shown) / sizeof(shown[0]); i++)
		table_text(f, m, shown[i], s);
	return ferror(f) ? -1 : 0;
}
