// SPDX-License-Identifier: GPL-2.0-or-later
/* The screen's layout rule (src/ui/fit.c): key columns first, then the
 * others in order until one does not fit, names widened with what is left,
 * two cells for the mark when a column is left out. */
#include "fit.h"
#include "test.h"

#define C(w_, key_) { .w = (w_), .maxw = (w_), .key = (key_) }

/* Links at 80 columns: DEV PORT STATE PHYS NETDEV RATE RX/s TX/s ERR/s:
 * RATE does not fit, so nothing after it but the keys */
static void test_keys_first(void)
{
	struct ui_fit c[] = {
		C(10, true), C(4, true), C(6, true), C(8, false), C(10, false), C(19, false),
		C(11, true), C(11, true), C(8, false), C(8, false), C(7, true),
	};
	int hidden = ui_fit(c, 11, 80), i, end = 0;

	CHECK_EQ_U(hidden, 3);	/* RATE, RXPKT/s, TXPKT/s: not TXPKT/s after RATE */
	CHECK(c[3].x >= 0 && c[4].x >= 0);
	CHECK(c[5].x < 0 && c[8].x < 0 && c[9].x < 0);
	CHECK(c[10].x >= 0);	/* ERR/s, a key, at 80 columns */
	/* in their order, one blank apart, the mark's two cells free */
	for (i = 0; i < 11; i++)
		if (c[i].x >= 0) {
			CHECK(c[i].x == end);
			end = c[i].x + c[i].w + 1;
		}
	CHECK(end - 1 <= 78);
}

/* the first column that does not fit ends the others: a later, narrower
 * one never takes its place */
static void test_no_later_narrower(void)
{
	struct ui_fit c[] = { C(10, false), C(30, false), C(3, false) };

	CHECK_EQ_U(ui_fit(c, 3, 30), 2);
	CHECK(c[0].x == 0 && c[1].x < 0 && c[2].x < 0);
}

/* everything fits: no mark's cells taken, the last column may end at the
 * edge; what is left widens a name to its longest value, at most maxw */
static void test_widen(void)
{
	struct ui_fit c[] = {
		{ .w = 10, .want = 11, .maxw = 40 }, C(4, true),
		{ .w = 16, .want = 60, .maxw = 40 },
	};

	CHECK_EQ_U(ui_fit(c, 3, 80), 0);
	CHECK_EQ_U(c[0].w, 11);	/* rocep24s0f0 whole */
	CHECK_EQ_U(c[1].x, 12);
	CHECK_EQ_U(c[2].w, 40);	/* at most its maximum */
	CHECK_EQ_U(c[2].x, 17);
	c[0] = (struct ui_fit){ .w = 10, .want = 11, .maxw = 40 };
	c[1] = (struct ui_fit)C(4, true);
	c[2] = (struct ui_fit){ .w = 5, .want = 60, .maxw = 40 };
	CHECK_EQ_U(ui_fit(c, 3, 22), 0);	/* 10 + 1 + 4 + 1 + 5: one cell spare */
	CHECK_EQ_U(c[0].w, 11);	/* to the first that wants it */
	CHECK_EQ_U(c[2].w, 5);
	CHECK_EQ_U(c[2].x + c[2].w, 22);
}

/* too narrow even for the keys: the keys in order while they fit */
static void test_tiny(void)
{
	struct ui_fit c[] = { C(10, true), C(10, true), C(2, false) };

	CHECK_EQ_U(ui_fit(c, 3, 12), 2);
	CHECK(c[0].x == 0 && c[1].x < 0 && c[2].x < 0);
	CHECK_EQ_U(ui_fit(c, 3, 0), 3);
}

TEST_MAIN(test_keys_first, test_no_later_narrower, test_widen, test_tiny)
