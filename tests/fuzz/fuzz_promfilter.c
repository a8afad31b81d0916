// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the cluster view's filters and search
 * (src/prom/cols.c: parse_filter through prom_filter_check and
 * prom_select_rows).  Input: an expression, a NUL, a search text, a NUL,
 * then a Prometheus answer that builds the model (every query the same
 * answer, as fuzz_promjson).  Checked on every table: a refused filter is
 * refused by prom_filter_check too, with a reason; rows come back once
 * each and in range; a filter and its negation (key=v and key!=v, key~r
 * and key!~r) split the rows exactly; the search keeps exactly the rows
 * that hold it in a text column; and "instance=X" keeps every row whose
 * instance is X, however long or strange X is.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prom.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* the rows of t the selection keeps, checked in range and unique; -1 refused */
static long rows(const struct prom_model *m, enum prom_table t, const struct prom_select *s,
		 unsigned char *seen)
{
	size_t *idx = NULL, n, stride, i;
	char err[256] = "";
	long k = prom_select_rows(m, t, s, &idx, err, sizeof(err));

	prom_rows(m, t, &n, &stride);
	if (k < 0) {
		if (!err[0] || idx)
			abort();
		return -1;
	}
	memset(seen, 0, n);
	for (i = 0; i < (size_t)k; i++) {
		if (idx[i] >= n || seen[idx[i]])
			abort();
		seen[idx[i]] = 1;
	}
	free(idx);
	return k;
}

static void table(const struct prom_model *m, enum prom_table t, const char *e, const char *search,
		  int checked)
{
	struct prom_select s = { .sort = -1 };
	const struct prom_col *c;
	size_t n, stride, nc, i, q, want = 0;
	const char *base = prom_rows(m, t, &n, &stride);
	unsigned char *seen = malloc(n + 1), *other = malloc(n + 1);
	const char *op = strpbrk(e, "=!~");
	char *neg = malloc(strlen(e) + 2);
	long all, k, kn;
	int in_col = prom_col_find(t, "instance");

	if (!seen || !other || !neg)
		abort();
	c = prom_cols(t, &nc);
	all = rows(m, t, &s, seen);
	if (all != (long)n)
		abort();
	/* the expression and its negation */
	s.filters = &e;
	s.n_filters = 1;
	k = rows(m, t, &s, seen);
	if (k < 0 && !checked)
		abort();
	if (op && op > e && *op != '!' && (size_t)(op - e) < 64) {
		const char *ne = neg;

		sprintf(neg, "%.*s!%s", (int)(op - e), e, op);
		s.filters = &ne;
		kn = rows(m, t, &s, other);
		if ((k < 0) != (kn < 0))
			abort();
		if (k >= 0) {
			char key[64];

			snprintf(key, sizeof(key), "%.*s", (int)(op - e), e);
			if (prom_col_find(t, key) >= 0) {
				if (k + kn != all)
					abort();
				for (i = 0; i < n; i++)
					if (seen[i] == other[i])
						abort();
			} else if (k != all || kn != all) {
				abort();
			}
		}
	}
	/* the search: exactly the rows holding it in a text column */
	s.filters = NULL;
	s.n_filters = 0;
	s.search = search;
	k = rows(m, t, &s, seen);
	for (i = 0; i < n; i++) {
		bool has = !*search;

		for (q = 0; q < nc && !has; q++)
			has = c[q].is_str && strstr(prom_col_str(&c[q], base + i * stride), search);
		if (has != (seen[i] == 1))
			abort();
		want += has;
	}
	if (k != (long)want)
		abort();
	/* each row's instance, whole, keeps that row */
	s.search = NULL;
	for (i = 0; in_col >= 0 && i < n && i < 8; i++) {
		const char *inst = prom_col_str(&c[in_col], base + i * stride);
		char *f = malloc(strlen(inst) + 10);
		const char *fe = f;

		if (!f)
			abort();
		sprintf(f, "instance=%s", inst);
		s.filters = &fe;
		s.n_filters = 1;
		if (rows(m, t, &s, seen) < 1 || !seen[i])
			abort();
		free(f);
	}
	free(neg);
	free(seen);
	free(other);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct prom_qstate q[PROM_Q_N];
	const char *e = (const char *)data, *search, *ans;
	char *copy = malloc(size + 2), err[256];
	struct prom_model m;
	size_t el, sl;
	int qi, t, checked;

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = copy[size + 1] = '\0';
	e = copy;
	el = strlen(e);
	search = e + el + (el < size);
	sl = strlen(search);
	ans = search + sl + (search + sl < copy + size);
	checked = prom_filter_check(e, err, sizeof(err));
	if (checked && !err[0])
		abort();
	if (prom_parse_answer(ans, size - (size_t)(ans - copy), 50, &q[0].v, err, sizeof(err)))
		memset(&q[0].v, 0, sizeof(q[0].v));
	for (qi = 0; qi < PROM_Q_N; qi++) {
		q[qi].have = true;
		if (qi)
			q[qi].v = q[0].v;
	}
	if (!prom_model_build(&m, q)) {
		for (t = 0; t < PROM_T_N; t++)
			table(&m, (enum prom_table)t, e, search, checked);
		prom_model_free(&m);
	}
	for (qi = 1; qi < PROM_Q_N; qi++)
		memset(&q[qi].v, 0, sizeof(q[qi].v));
	prom_vector_free(&q[0].v);
	free(copy);
	return 0;
}
