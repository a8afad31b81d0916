// SPDX-License-Identifier: GPL-2.0-or-later
/* Layout across every terminal size: no overlap, nothing off screen. */
#include <math.h>

#include "classify.h"
#include "history.h"
#include "layout.h"
#include "test.h"

static int inside(const struct ui_rect *r, int rows, int cols)
{
	if (!r->h)
		return 1;
	return r->y >= 0 && r->x >= 0 && r->y + r->h <= rows && r->x + r->w <= cols;
}

static int overlap(const struct ui_rect *a, const struct ui_rect *b)
{
	if (!a->h || !b->h)
		return 0;
	return a->y < b->y + b->h && b->y < a->y + a->h;
}

static void test_sweep(void)
{
	int rows, cols;
	size_t links;

	for (rows = 1; rows <= 80; rows++)
		for (cols = 1; cols <= 220; cols += (cols < 50 ? 1 : 7))
			for (links = 0; links <= 70; links += (links < 4 ? 1 : 33))
				for (int st = 0; st <= 4; st++) {
					struct ui_layout l;
					const struct ui_rect *r[5];
					int i, j, want = st < 1 ? 1 : st > 3 ? 3 : st;

					ui_layout(rows, cols, links, st, &l);
					if (rows < UI_MIN_ROWS || cols < UI_MIN_COLS) {
						CHECK(l.too_small);
						continue;
					}
					CHECK(!l.too_small);
					r[0] = &l.header, r[1] = &l.status, r[2] = &l.links;
					r[3] = &l.table, r[4] = &l.keybar;
					for (i = 0; i < 5; i++) {
						CHECK(inside(r[i], rows, cols));
						for (j = i + 1; j < 5; j++)
							CHECK(!overlap(r[i], r[j]));
					}
					/* a page: the links' and the table's rows, the
					 * status's and key bar's not */
					CHECK(inside(&l.page, rows, cols));
					CHECK(!overlap(&l.page, &l.status) &&
					      !overlap(&l.page, &l.keybar));
					CHECK_EQ_U(l.page.y, l.status.y + l.status.h);
					CHECK_EQ_U(l.page.h, l.keybar.y - l.page.y);
					/* the table always has its tabs, header and 2 rows */
					CHECK(l.table.h >= 4);
					CHECK(l.keybar.y == rows - 1);
					/* a link row for every link while it fits in a third */
					if (links && rows >= 30 && links < 5)
						CHECK_EQ_U(l.links.h, links + 1);
					CHECK(l.spark_w == 0 || l.spark_w + 90 <= cols + 10);
					/* the status wraps to what it asks, 1 to 3 rows, while
					 * the table keeps 4 rows and a link its title and row */
					CHECK(l.status.h >= 1 && l.status.h <= 3);
					CHECK(l.status.h <= want);
					if (links && rows >= 30)
						CHECK(l.links.h >= 2);
					if (rows >= 24)
						CHECK_EQ_U(l.status.h, want);
				}
}

static void test_history(void)
{
	struct history h = { 0 };
	struct snapshot s;
	struct snap_dev *d;
	struct snap_port *p;
	struct snap_counter *c;
	double out[HIST_LEN];
	size_t n, i;

	snap_init(&s);
	d = snap_push(&s.devs, sizeof(*d));
	d->index = 3;
	snprintf(d->name, sizeof(d->name), "mlx5_0");
	p = snap_port_get(&s, 3, 1);
	(void)p;
	c = snap_push(&s.counters, sizeof(*c));
	c->dev = 3;
	c->port = 1;
	c->name = snap_str(&s, "port_rcv_errors", 64);
	c->cls = cnt_classify(snap_s(&s, c->name), &c->cls_flags);
	c->source = SNAP_SRC_PMA;
	for (i = 0; i < HIST_LEN + 5; i++) {
		c->rate_status = i == 2 ? RATE_RESET : RATE_DATA;
		c->rate = (double)i;
		s.rated++; /* new rates, as rate_compute() says them */
		CHECK_EQ_U(hist_update(&h, &s), 0);
	}
	n = hist_get(&h, 3, 1, "mlx5_0", HIST_ERRORS, out, HIST_LEN);
	CHECK_EQ_U(n, HIST_LEN);
	CHECK(out[n - 1] == (double)(HIST_LEN + 4));
	CHECK(out[0] == 5.0);
	/* a reset is a gap, not a value */
	n = hist_get(&h, 3, 1, "mlx5_0", HIST_ERRORS, out, 3);
	CHECK_EQ_U(n, 3);
	CHECK_EQ_U(hist_get(&h, 3, 1, "other", HIST_ERRORS, out, 3), 0);
	hist_free(&h);
	snap_free(&s);
}

static void test_history_gap(void)
{
	struct history h = { 0 };
	struct snapshot s;
	struct snap_dev *d;
	struct snap_counter *c;
	double out[8];
	size_t n;

	snap_init(&s);
	d = snap_push(&s.devs, sizeof(*d));
	d->index = 0;
	snprintf(d->name, sizeof(d->name), "rxe0");
	snap_port_get(&s, 0, 1);
	c = snap_push(&s.counters, sizeof(*c));
	c->name = snap_str(&s, "rcvd_seq_err", 64);
	c->cls = cnt_classify(snap_s(&s, c->name), &c->cls_flags);
	c->port = 1;
	c->rate_status = RATE_DATA;
	c->rate = 1;
	hist_update(&h, &s);
	c->rate_status = RATE_RESET;
	s.rated++; /* new rates, as rate_compute() says them */
	hist_update(&h, &s);
	c->rate_status = RATE_DATA;
	c->rate = 3;
	s.rated++;
	hist_update(&h, &s);
	n = hist_get(&h, 0, 1, "rxe0", HIST_ERRORS, out, 8);
	CHECK_EQ_U(n, 3);
	CHECK(out[0] == 1 && isnan(out[1]) && out[2] == 3);
	hist_free(&h);
	snap_free(&s);
}

TEST_MAIN(test_sweep, test_history, test_history_gap)
