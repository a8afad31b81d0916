// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check: the fast paths the benchmark asked for give the answers of the
 * plain ones, on a large generated host (fed straight from the generator
 * into the parsers): the linear-time number sort of view_rows() against a
 * comparison sort with the documented order, every column, both
 * directions; the per-owner aggregation of view_procs() against counting
 * every resource one by one; rates of QPs that moved.
 *
 *   check          prints "check: N passed, N failed"
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kgen.h"
#include "nl.h"
#include "rate.h"
#include "source.h"
#include "view.h"

static int passed, failed;

static void check(bool ok, const char *fmt, const char *a, int b)
{
	printf("%s ", ok ? "ok" : "not ok");
	printf(fmt, a, b);
	printf("\n");
	if (ok)
		passed++;
	else
		failed++;
}

/* A sink that parses what the generator sends, as the live source would. */
struct feed {
	struct source src;
	struct snapshot *s;
};

static int f_begin(void *ctx, const struct snapshot *s)
{
	struct feed *f = ctx;

	f->s->mono = s->mono;
	f->s->wall = s->wall;
	return 0;
}

static int f_nl(void *ctx, const struct nl_req *req, const void *buf, size_t len)
{
	struct feed *f = ctx;
	int ret = source_feed_nl(&f->src, f->s, req, buf, len, NULL);

	return ret < 0 ? ret : 0;
}

static int f_file(void *ctx, const char *path, int err, const void *buf, size_t len)
{
	struct feed *f = ctx;

	return source_feed_file(&f->src, f->s, path, err, buf, len);
}

static int f_end(void *ctx, const struct snapshot *s)
{
	(void)s;
	snap_tasks_sort(((struct feed *)ctx)->s);
	return 0;
}

/* The documented order: n/a last, valid values by view_cmp (flipped when
 * reversed), ties in natural order. */
struct ref {
	size_t row;
	struct view_value v;
};

static bool ref_reverse;

static int ref_cmp(const void *pa, const void *pb)
{
	const struct ref *a = pa, *b = pb;
	int r = view_cmp(&a->v, &b->v);

	if (r && ref_reverse && a->v.valid && b->v.valid)
		r = -r;
	return r ? r : (a->row > b->row) - (a->row < b->row);
}

static void check_sort(const struct view_ctx *c, enum view_table t)
{
	size_t ncol, col, i;
	const struct view_col *cols = view_cols(t, &ncol);
	int rev;

	for (col = 0; col < ncol; col++) {
		if (cols[col].type == VIEW_T_STR)
			continue;
		for (rev = 0; rev < 2; rev++) {
			size_t n = view_count(c, t), *rows = NULL;
			struct ref *ref = calloc(n ? n : 1, sizeof(*ref));
			ssize_t m = view_rows(c, t, NULL, (int)col, rev, &rows);
			bool same = ref && m == (ssize_t)n;
			char what[96];

			for (i = 0; ref && i < n; i++) {
				ref[i].row = i;
				view_get(c, t, i, (int)col, &ref[i].v);
			}
			ref_reverse = rev;
			if (ref)
				qsort(ref, n, sizeof(*ref), ref_cmp);
			for (i = 0; same && i < n; i++)
				same = rows[i] == ref[i].row;
			snprintf(what, sizeof(what), "%s by %s%s", view_table_name(t),
				 cols[col].name, rev ? " reversed" : "");
			check(same, "sort %s: %d rows as a comparison sort orders them", what,
			      (int)n);
			free(rows);
			free(ref);
		}
	}
}

static void check_procs(const struct snapshot *s)
{
	struct view_proc *p;
	int n = view_procs(s, &p), i;
	size_t q, sum = 0, bad = 0;

	check(n > 100, "%sview_procs: %d entries", "", n);
	for (i = 0; i < n; i++) {
		size_t mine = 0;

		sum += p[i].res[SNAP_RES_QP];
		if (!p[i].pid)
			continue;
		for (q = 0; q < s->qps.n; q++) {
			const struct snap_qp *x = SNAP_AT(&s->qps, struct snap_qp, q);

			mine += snap_owner_pid(s, &x->own) == p[i].pid;
		}
		bad += mine != p[i].res[SNAP_RES_QP];
	}
	check(sum == s->qps.n && !bad,
	      "%sview_procs: every QP counted once, under its process (%d processes off)", "",
	      (int)bad);
	free(p);
}

/*
 * QP entries read through a kept layout (nl/qp.c) equal the same entries
 * read attribute by attribute: two generators with one seed give the same
 * bytes, parsed once each way.
 */
static void check_layouts(const struct kgen_cfg *cfg)
{
	struct snapshot x[2];
	unsigned long hits = nl_qp_layout_hits();
	size_t i, same = 0;
	int k;

	for (k = 0; k < 2; k++) {
		struct feed f = { .s = &x[k] };
		struct raw_sink sink = { .ctx = &f, .begin = f_begin, .nl = f_nl,
					  .file = f_file, .end = f_end };
		struct kgen *g;

		snap_init(&x[k]);
		nl_qp_layouts(k == 0);
		if (kgen_new(&g, cfg) || kgen_sample(g, &sink) || kgen_sample(g, &sink))
			fprintf(stderr, "check: cannot generate\n");
		kgen_free(g);
	}
	nl_qp_layouts(true);
	for (i = 0; i < x[0].qps.n && i < x[1].qps.n; i++)
		same += !memcmp(SNAP_AT(&x[0].qps, struct snap_qp, i),
				SNAP_AT(&x[1].qps, struct snap_qp, i), sizeof(struct snap_qp));
	check(x[0].qps.n > 0 && x[0].qps.n == x[1].qps.n && same == x[0].qps.n,
	      "%sQPs read through kept layouts equal QPs read attribute by attribute: %d",
	      "", (int)same);
	check(nl_qp_layout_hits() - hits > x[0].qps.n / 2,
	      "%smost QP entries read through a kept layout: %d", "",
	      (int)(nl_qp_layout_hits() - hits));
	snap_free(&x[0]);
	snap_free(&x[1]);
}

int main(void)
{
	struct kgen_cfg cfg = { .qps = 20000, .devs = 3, .procs = 150, .churn = 20,
				.proc_churn = 3, .seed = 7 };
	struct snapshot a, b;
	struct feed f = { .s = &a };
	struct raw_sink sink = { .ctx = &f, .begin = f_begin, .nl = f_nl,
				  .file = f_file, .end = f_end };
	struct view_proc *procs = NULL;
	struct view_ctx c;
	struct kgen *g;
	size_t i, moved = 0;
	int n;

	snap_init(&a);
	snap_init(&b);
	if (kgen_new(&g, &cfg) || kgen_sample(g, &sink)) {
		fprintf(stderr, "check: cannot generate\n");
		return 1;
	}
	f.s = &b;
	if (kgen_sample(g, &sink)) {
		fprintf(stderr, "check: cannot generate\n");
		return 1;
	}
	snap_carry(&a, &b);	/* the kept tasks, as every sample takes them */
	rate_compute(NULL, &a);
	rate_compute(&a, &b);
	for (i = 0; i < b.qps.n; i++)
		moved += (SNAP_AT(&b.qps, struct snap_qp, i)->valid & SNAP_QP_PSN_RATE) != 0;
	check(b.qps.n >= 20000 && moved > 19000, "%srates: %d QPs with a PSN rate", "",
	      (int)moved);
	n = view_procs(&b, &procs);
	c = (struct view_ctx){ .s = &b, .procs = procs, .n_procs = n > 0 ? (size_t)n : 0 };
	check_sort(&c, VIEW_QPS);
	check_sort(&c, VIEW_COUNTERS);
	check_sort(&c, VIEW_PROCS);
	check_sort(&c, VIEW_LINKS);
	check_procs(&b);
	check_layouts(&cfg);
	free(procs);
	kgen_free(g);
	snap_free(&a);
	snap_free(&b);
	printf("check: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
