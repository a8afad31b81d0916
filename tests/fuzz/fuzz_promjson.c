// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for Prometheus's answers (--prometheus): any bytes as
 * an /api/v1/query answer and as /api/v1/status/config's.  The parser
 * takes them or says why; what it takes stays within its limits (series),
 * builds a cluster model whose fields stay UTF-8 (cut where a character
 * ends), and is written as text and JSON, both checked (check.c): no raw
 * control or invisible character, strict JSON with every row's instance
 * and a refused answer's error.  The parse a series at a time
 * (parse_vec.c) has the outcome, words and series of the parse of the
 * whole tree (parse.c's reference) on every input.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "prom.h"
#include "snapgen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t count(const char *s, const char *what)
{
	size_t n = 0;

	for (; (s = strstr(s, what)); s++)
		n++;
	return n;
}

/*
 * The text and the JSON of model m, checked: no raw control, bidi or
 * invisible character; one strict JSON line, its rows each with their
 * instance, a refused answer's "error" kept (json_string() of a value cut
 * inside a character made jansson drop keys).
 */
static void outputs(const struct prom_model *m, const struct prom_qstate *q, bool failed,
		    size_t insize)
{
	FILE *f = fz_out_open(FZ_OUT_CAP(insize));
	/* every row that names a host: the Stalls pane's rows and suspects too */
	size_t len, rows = m->n_hosts + m->n_ports + m->n_hgroups + m->n_stalls + m->n_suspects;
	char *out, head[32];

	if (!f)
		return;
	prom_out_text(f, m, q, NULL);
	out = fz_out_close(f, &len);
	if (!out)
		return;
	fz_check_terminal_text(out, len);
	snprintf(head, sizeof(head), "\nhosts: %zu\n", m->n_hosts);
	if (!strstr(out, head))
		fz_fail("text: not every host", out, len, 0);
	free(out);
	f = fz_out_open(FZ_OUT_CAP(insize));
	if (!f)
		return;
	prom_out_json(f, m, q, NULL);
	out = fz_out_close(f, &len);
	if (!out)
		return;
	fz_check_json_lines(out, len);
	if (count(out, "\"instance\":") != rows)
		fz_fail("JSON: a row without its instance", out, len, 0);
	if (count(out, "\"error\":") != (failed ? 1 : 0))
		fz_fail("JSON: a query's error dropped", out, len, 0);
	free(out);
}

static bool same_num(double a, double b)
{
	return (isnan(a) && isnan(b)) || !memcmp(&a, &b, sizeof(a));
}

/* the series-at-a-time parse against the whole tree's */
static void same_parse(const char *buf, size_t len, int ret, const char *err,
		       const struct prom_vector *v)
{
	struct prom_vector w;
	char why[256] = "";
	size_t i, k;
	int r = prom_parse_answer_whole(buf, len, 100, &w, why, sizeof(why), NULL);

	if (r != ret || (ret && strcmp(why, err)))
		fz_fail("a parse a series at a time differs from the whole tree's", why, strlen(why), 0);
	if (!ret && w.n != v->n)
		fz_fail("series a series at a time differ from the whole tree's", why, 0, 0);
	for (i = 0; !ret && i < w.n; i++) {
		const struct prom_series *a = &v->s[i], *b = &w.s[i];

		if (a->n_labels != b->n_labels || !same_num(a->value, b->value) ||
		    !same_num(a->ts, b->ts))
			fz_fail("a series' value or labels differ from the whole tree's", why, 0, 0);
		for (k = 0; k < a->n_labels; k++)
			if (strcmp(a->labels[k].name, b->labels[k].name) ||
			    strcmp(a->labels[k].value, b->labels[k].value))
				fz_fail("a label differs from the whole tree's", a->labels[k].name,
					strlen(a->labels[k].name), 0);
	}
	prom_vector_free(&w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct prom_qstate q[PROM_Q_N];
	struct prom_model m;
	char err[256];
	size_t i;
	int ret, qi;

	err[0] = '\0';
	ret = prom_parse_answer((const char *)data, size, 100, &q[0].v, err, sizeof(err));
	if (ret && (!err[0] || q[0].v.n || q[0].v.s))
		abort();
	if (!ret && q[0].v.n > 100)
		abort();
	same_parse((const char *)data, size, ret, err, &q[0].v);
	/* the same answer for every query: the model takes any shape */
	for (qi = 0; qi < PROM_Q_N; qi++) {
		q[qi].have = !ret;
		if (qi && !ret)
			q[qi].v = q[0].v;
		q[qi].series = ret ? 0 : q[0].v.n;
	}
	/* a refused answer's reason (Prometheus's own "error" text, any
	 * bytes it holds) goes out with the rest */
	q[0].err = ret;
	snprintf(q[0].why, sizeof(q[0].why), "%s", ret ? err : "");
	if (!prom_model_build(&m, q)) {
		outputs(&m, q, ret != 0, size);
		/* a field holds its label cut where a character ends:
		 * jansson's strings are UTF-8, so the field stays so; the
		 * instance is whole */
		for (i = 0; i < m.n_hosts; i++) {
			const unsigned char *p = (const unsigned char *)m.hosts[i].job;
			uint32_t cp;

			if (!m.hosts[i].instance || !memchr(p, '\0', sizeof(m.hosts[i].job)))
				abort();
			for (; *p; p += fmt_utf8(p, &cp))
				if (fmt_utf8(p, &cp), cp == FMT_UTF8_BAD)
					abort();
		}
		prom_model_free(&m);
	}
	for (qi = 1; qi < PROM_Q_N; qi++)
		memset(&q[qi].v, 0, sizeof(q[qi].v));
	prom_vector_free(&q[0].v);
	err[0] = '\0';
	if (prom_parse_interval((const char *)data, size, err, sizeof(err)) <= 0 && !err[0])
		abort();
	return 0;
}
