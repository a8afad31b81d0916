// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Row order: the stable, type-aware sort of a table's filtered rows.
 * Numbers sort numerically (in linear time, by radix), strings with strcmp,
 * and n/a after everything, reversed or not.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view.h"

int view_cmp(const struct view_value *a, const struct view_value *b)
{
	if (!a->valid || !b->valid)
		return (int)!a->valid - (int)!b->valid;
	/* saturated rates: together, above every known rate */
	if (view_rate_unknown(a) || view_rate_unknown(b))
		return (int)view_rate_unknown(a) - (int)view_rate_unknown(b);
	switch (a->type) {
	case VIEW_T_UINT:
		return (a->u > b->u) - (a->u < b->u);
	case VIEW_T_DOUBLE:
		return (a->d > b->d) - (a->d < b->d);
	default:
		return strcmp(a->s, b->s);
	}
}

struct sort_key {
	size_t row;
	struct view_value *v;
};

/* A number column's value as a 64-bit key in the order view_cmp gives. */
static uint64_t num_key(const struct view_value *v)
{
	uint64_t b;
	double d;

	if (v->type == VIEW_T_UINT)
		return v->u;
	/* a saturated counter's rate: the largest unknown (view_cmp) */
	d = view_rate_unknown(v) ? HUGE_VAL : v->d;
	if (d != d || d == 0)
		d = 0;	/* NaN compares equal to all, -0 equals +0 */
	memcpy(&b, &d, sizeof(b));
	return b >> 63 ? ~b : b | (uint64_t)1 << 63;
}

struct num_row {
	uint64_t key;
	size_t row;
};

/*
 * Stable LSD radix sort by key: one pass counts every digit position at
 * once, then one scatter pass per position whose digits are not all the
 * same, back and forth between a and tmp.  16-bit digits for large inputs
 * (their counts come zeroed from calloc, never a memset per pass), bytes
 * for small ones.
 */
static inline __attribute__((always_inline)) int
radix_sort_bits(struct num_row *a, struct num_row *tmp, size_t n, unsigned int bits)
{
	unsigned int passes = 64 / bits, d;
	size_t buckets = (size_t)1 << bits, mask = buckets - 1, i;
	size_t *count = calloc(passes * buckets, sizeof(*count));
	struct num_row *from = a, *to = tmp, *x;

	if (!count)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		for (d = 0; d < passes; d++)
			count[d * buckets + ((a[i].key >> (bits * d)) & mask)]++;
	for (d = 0; d < passes; d++) {
		unsigned int shift = bits * d;
		size_t sum = 0, *c = count + d * buckets;

		if (c[(a[0].key >> shift) & mask] == n)
			continue;	/* every key has this digit */
		for (i = 0; i < buckets; i++) {
			size_t k = c[i];

			c[i] = sum;
			sum += k;
		}
		for (i = 0; i < n; i++)
			to[c[(from[i].key >> shift) & mask]++] = from[i];
		x = from;
		from = to;
		to = x;
	}
	if (from != a)
		memcpy(a, from, n * sizeof(*a));
	free(count);
	return 0;
}

/* bits a constant in each: shifts and masks compile to immediates */
static int radix_sort(struct num_row *a, struct num_row *tmp, size_t n)
{
	return n > 4096 ? radix_sort_bits(a, tmp, n, 16) : radix_sort_bits(a, tmp, n, 8);
}

/*
 * Sort rows by a number column in linear time: the same order as
 * sort_cmp (n/a last in natural order, ties in natural order, reverse
 * flips only the valid values), without a comparison per pair: a qsort of
 * 100k QPs cost more than parsing them.
 */
static int sort_numbers(const struct view_ctx *c, enum view_table t, int col,
			bool reverse, size_t *rows, size_t m)
{
	struct num_row *a = malloc(2 * m * sizeof(*a));
	size_t i, nv = 0, nn = 0;
	struct view_value v;

	if (!a)
		return -ENOMEM;
	for (i = 0; i < m; i++) {
		view_get(c, t, rows[i], col, &v);
		if (!v.valid) {
			rows[nn++] = rows[i];	/* n/a rows, in order, behind */
			continue;
		}
		a[nv].key = reverse ? ~num_key(&v) : num_key(&v);
		a[nv++].row = rows[i];
	}
	memmove(rows + (m - nn), rows, nn * sizeof(*rows));
	if (nv && radix_sort(a, a + m, nv)) {
		free(a);
		return -ENOMEM;
	}
	for (i = 0; i < nv; i++)
		rows[i] = a[i].row;
	free(a);
	return 0;
}

static int sort_cmp(const void *pa, const void *pb, void *arg)
{
	const struct sort_key *a = pa, *b = pb;
	bool reverse = *(const bool *)arg;
	int r = view_cmp(a->v, b->v);

	/* n/a stays last either way; ties keep their natural order */
	if (r && reverse && a->v->valid && b->v->valid)
		r = -r;
	if (!r)
		r = (a->row > b->row) - (a->row < b->row);
	return r;
}

static enum view_type col_type(enum view_table t, int col)
{
	size_t n;
	const struct view_col *cols = view_cols(t, &n);

	return cols && (size_t)col < n ? cols[col].type : VIEW_T_STR;
}

ssize_t view_rows(const struct view_ctx *c, enum view_table t,
		  const struct view_filter *f, int sort_col, bool reverse,
		  size_t **rows)
{
	size_t n = view_count(c, t), m = 0, i;
	struct view_value *vals;
	struct sort_key *keys;
	size_t *out;

	*rows = NULL;
	out = malloc((n ? n : 1) * sizeof(*out));
	if (!out)
		return -ENOMEM;
	if (!view_filter_about(f, t)) {
		for (m = 0; m < n; m++)	/* no term about this table: every row */
			out[m] = m;
	} else {
		m = view_filter_rows(f, c, t, out);
	}
	if (sort_col >= 0 && m > 1 && col_type(t, sort_col) != VIEW_T_STR) {
		if (sort_numbers(c, t, sort_col, reverse, out, m)) {
			free(out);
			return -ENOMEM;
		}
	} else if (sort_col >= 0 && m > 1) {
		vals = malloc(m * sizeof(*vals));
		keys = malloc(m * sizeof(*keys));
		if (!vals || !keys) {
			free(vals);
			free(keys);
			free(out);
			return -ENOMEM;
		}
		for (i = 0; i < m; i++) {
			keys[i].row = out[i];
			keys[i].v = &vals[i];
			view_get(c, t, out[i], sort_col, &vals[i]);
		}
		qsort_r(keys, m, sizeof(*keys), sort_cmp, &reverse);
		for (i = 0; i < m; i++)
			out[i] = keys[i].row;
		free(vals);
		free(keys);
	} else if (reverse) {
		for (i = 0; i < m / 2; i++) {
			size_t x = out[i];

			out[i] = out[m - 1 - i];
			out[m - 1 - i] = x;
		}
	}
	*rows = out;
	return (ssize_t)m;
}
