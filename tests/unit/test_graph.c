// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <math.h>

#include "graph.h"
#include "test.h"

/* The eighth blocks, so the expected strings read as pictures. */
#define E1 "\u2581"
#define E2 "\u2582"
#define E3 "\u2583"
#define E4 "\u2584"
#define E5 "\u2585"
#define E6 "\u2586"
#define E7 "\u2587"
#define E8 "\u2588"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void test_spark_scale(void)
{
	static const double ramp[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
	static const double half[] = { 4, 8, 16 };
	static const double neg[] = { -5, 2, -1e9, 4 };
	char out[64];

	/* max 8: each step of 1 is one eighth; 0 is the baseline */
	CHECK_EQ_U(graph_spark(out, sizeof(out), ramp, N(ramp), 9, 8, false), 9);
	CHECK_EQ_S(out, E1 E1 E2 E3 E4 E5 E6 E7 E8);
	/* max <= 0: scaled to the largest sample shown */
	CHECK_EQ_U(graph_spark(out, sizeof(out), ramp, N(ramp), 9, 0, false), 9);
	CHECK_EQ_S(out, E1 E1 E2 E3 E4 E5 E6 E7 E8);
	CHECK_EQ_U(graph_spark(out, sizeof(out), ramp, N(ramp), 9, -1, false), 9);
	CHECK_EQ_S(out, E1 E1 E2 E3 E4 E5 E6 E7 E8);
	/* only the last `width` samples are shown, and scaled among themselves */
	CHECK_EQ_U(graph_spark(out, sizeof(out), ramp, N(ramp), 2, 0, false), 2);
	CHECK_EQ_S(out, E7 E8);
	CHECK_EQ_U(graph_spark(out, sizeof(out), half, N(half), 3, 0, false), 3);
	CHECK_EQ_S(out, E2 E4 E8);
	/* samples above max are clipped, negative ones are 0 */
	CHECK_EQ_U(graph_spark(out, sizeof(out), half, N(half), 3, 8, false), 3);
	CHECK_EQ_S(out, E4 E8 E8);
	CHECK_EQ_U(graph_spark(out, sizeof(out), neg, N(neg), 4, 0, false), 4);
	CHECK_EQ_S(out, E1 E4 E1 E8);
}

static void test_spark_empty(void)
{
	static const double one[] = { 5 };
	char out[64];

	CHECK_EQ_U(graph_spark(out, sizeof(out), NULL, 0, 5, 0, false), 5);
	CHECK_EQ_S(out, "     ");
	CHECK_EQ_U(graph_spark(out, sizeof(out), one, 0, 3, 0, true), 3);
	CHECK_EQ_S(out, "   ");
	/* fewer samples than width: blank on the left, newest on the right */
	CHECK_EQ_U(graph_spark(out, sizeof(out), one, 1, 4, 0, false), 4);
	CHECK_EQ_S(out, "   " E8);
	CHECK_EQ_U(graph_spark(out, sizeof(out), one, 1, 4, 10, true), 4);
	CHECK_EQ_S(out, "   -");
}

/* A counter reset leaves a NAN in the rate history: drawn as a gap. */
static void test_spark_gap(void)
{
	const double v[] = { 8, 8, NAN, 2, 4, INFINITY, -INFINITY };
	const double gaps[] = { NAN, NAN };
	char out[64];

	CHECK_EQ_U(graph_spark(out, sizeof(out), v, N(v), 7, 0, false), 7);
	CHECK_EQ_S(out, E8 E8 " " E2 E4 "  ");
	CHECK_EQ_U(graph_spark(out, sizeof(out), v, N(v), 7, 0, true), 7);
	CHECK_EQ_S(out, "## .-  ");
	/* only gaps: nothing but blanks */
	CHECK_EQ_U(graph_spark(out, sizeof(out), gaps, 2, 3, 0, false), 3);
	CHECK_EQ_S(out, "   ");
}

static void test_spark_zero(void)
{
	const double v[] = { 0, 0, 0, -3 };
	char out[64];

	CHECK_EQ_U(graph_spark(out, sizeof(out), v, N(v), 4, 0, false), 4);
	CHECK_EQ_S(out, E1 E1 E1 E1);
	CHECK_EQ_U(graph_spark(out, sizeof(out), v, N(v), 6, 0, true), 6);
	CHECK_EQ_S(out, "  ....");
	CHECK_EQ_U(graph_spark(out, sizeof(out), v, N(v), 4, 100, false), 4);
	CHECK_EQ_S(out, E1 E1 E1 E1);
}

static void test_spark_ascii(void)
{
	static const double v[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
	char out[64];

	CHECK_EQ_U(graph_spark(out, sizeof(out), v, N(v), 9, 8, true), 9);
	CHECK_EQ_S(out, "...--==##");
}

static void test_spark_tiny(void)
{
	static const double v[] = { 1, 2, 3, 4 };
	char out[64];

	CHECK_EQ_U(graph_spark(out, sizeof(out), v, N(v), 1, 0, false), 1);
	CHECK_EQ_S(out, E8);
	CHECK_EQ_U(graph_spark(out, sizeof(out), v, N(v), 2, 0, false), 2);
	CHECK_EQ_S(out, E6 E8);
	CHECK_EQ_U(graph_spark(out, sizeof(out), v, N(v), 3, 0, true), 3);
	CHECK_EQ_S(out, "-=#");
	/* width < 1: no cells, an empty string */
	out[0] = 'x';
	CHECK_EQ_U(graph_spark(out, sizeof(out), v, N(v), 0, 0, false), 0);
	CHECK_EQ_S(out, "");
	out[0] = 'x';
	CHECK_EQ_U(graph_spark(out, sizeof(out), v, N(v), -7, 0, false), 0);
	CHECK_EQ_S(out, "");
}

static void test_spark_outlen(void)
{
	static const double v[] = { 8, 8, 8, 8 };
	char out[16];

	/* room for 2 three-byte cells and the NUL, not for a third */
	memset(out, 'x', sizeof(out));
	CHECK_EQ_U(graph_spark(out, 9, v, N(v), 4, 0, false), 2);
	CHECK_EQ_S(out, E8 E8);
	CHECK(out[9] == 'x');
	CHECK_EQ_U(graph_spark(out, 10, v, N(v), 4, 0, false), 3);
	CHECK_EQ_S(out, E8 E8 E8);
	CHECK_EQ_U(graph_spark(out, 13, v, N(v), 4, 0, false), 4);
	/* padding counts as cells too */
	memset(out, 'x', sizeof(out));
	CHECK_EQ_U(graph_spark(out, 4, v, 1, 6, 0, true), 3);
	CHECK_EQ_S(out, "   ");
	CHECK(out[4] == 'x');
	memset(out, 'x', sizeof(out));
	CHECK_EQ_U(graph_spark(out, 1, v, N(v), 4, 0, false), 0);
	CHECK_EQ_S(out, "");
	CHECK(out[1] == 'x');
	CHECK_EQ_U(graph_spark(out, 0, v, N(v), 4, 0, false), 0);
	CHECK(out[0] == '\0');
	CHECK_EQ_U(graph_spark(NULL, 0, v, N(v), 4, 0, false), 0);
}

static void test_nice(void)
{
	static const struct {
		double in, out;
	} t[] = {
		{ 0, 1 },	   { -5, 1 },	      { 1, 1 },		{ 1.01, 2 },
		{ 2, 2 },	   { 2.5, 5 },	      { 5, 5 },		{ 7, 10 },
		{ 10, 10 },	   { 11, 20 },	      { 999, 1000 },	{ 1000, 1000 },
		{ 1234, 2000 },	   { 0.3, 0.5 },      { 0.1, 0.1 },	{ 0.0007, 0.001 },
		{ 2e-5, 2e-5 },	   { 3e9, 5e9 },      { 12.5e9, 2e10 }, { 1e15, 1e15 },
		{ 4.9e-7, 5e-7 },
	};
	size_t i;

	for (i = 0; i < N(t); i++) {
		if (graph_nice(t[i].in) != t[i].out)
			fprintf(stderr, "graph_nice(%g) = %.17g\n", t[i].in, graph_nice(t[i].in));
		CHECK(graph_nice(t[i].in) == t[i].out);
	}
	CHECK(graph_nice(NAN) == 1);
	CHECK(isinf(graph_nice(INFINITY)));
	for (i = 1; i < 2000; i++) {
		double v = i * 0.37e-3 * (double)(i % 7 + 1);

		CHECK(graph_nice(v) >= v && graph_nice(v) <= 2.5 * v);
	}
}

static void test_area_ramp(void)
{
	static const double v[] = { 0, 1, 2, 3, 4 };
	char r0[64], r1[64], *rows[] = { r0, r1 };
	double scale = 0;

	/* largest 4 -> scale 5; 2 rows of 8 eighths: 1,2,3,4 are 3,6,10,13 eighths */
	CHECK_EQ_U(graph_area(rows, 2, 4, v, N(v), 0, false, &scale), 0);
	CHECK(scale == 5);
	CHECK_EQ_S(r0, "  " E2 E5);
	CHECK_EQ_S(r1, E3 E6 E8 E8);
	/* the whole ramp, wider than the history: blank left, 0 as baseline */
	CHECK_EQ_U(graph_area(rows, 2, 6, v, N(v), 8, false, &scale), 0);
	CHECK(scale == 8);
	CHECK_EQ_S(r0, "      ");
	CHECK_EQ_S(r1, " " E1 E2 E4 E6 E8);
	/* ASCII: thirds of a cell, '.' and ':' partials under '#' */
	CHECK_EQ_U(graph_area(rows, 2, 5, v, N(v), 4, true, &scale), 0);
	CHECK_EQ_S(r0, "   :#");
	CHECK_EQ_S(r1, ".:###");
}

static void test_area_gap_zero(void)
{
	const double v[] = { 10, NAN, 0, 3 };
	const double zero[] = { 0, 0, 0 };
	char r0[64], r1[64], r2[64], *rows[] = { r0, r1, r2 };
	double scale = 0;

	/* scale 10, 3 rows = 24 eighths: 3 -> 7.2 -> 7 */
	CHECK_EQ_U(graph_area(rows, 3, 4, v, N(v), 0, false, &scale), 0);
	CHECK(scale == 10);
	CHECK_EQ_S(r0, E8 "   ");
	CHECK_EQ_S(r1, E8 "   ");
	CHECK_EQ_S(r2, E8 " " E1 E7);
	CHECK_EQ_U(graph_area(rows, 3, 3, zero, N(zero), 0, true, &scale), 0);
	CHECK(scale == 1);
	CHECK_EQ_S(r0, "   ");
	CHECK_EQ_S(r1, "   ");
	CHECK_EQ_S(r2, "...");
	CHECK_EQ_U(graph_area(rows, 1, 2, NULL, 0, 0, false, &scale), 0);
	CHECK(scale == 1);
	CHECK_EQ_S(r0, "  ");
}

static void test_area_sizes(void)
{
	static const double v[] = { 1, 2 };
	char r0[64], *rows[] = { r0, NULL };

	CHECK_EQ_U(graph_area(rows, 0, 4, v, 2, 0, false, NULL), -EINVAL);
	CHECK_EQ_U(graph_area(rows, 1, 0, v, 2, 0, false, NULL), -EINVAL);
	CHECK_EQ_U(graph_area(rows, -1, -1, v, 2, 0, false, NULL), -EINVAL);
	CHECK_EQ_U(graph_area(NULL, 1, 4, v, 2, 0, false, NULL), -EINVAL);
	CHECK_EQ_U(graph_area(rows, 2, 4, v, 2, 0, false, NULL), -EINVAL);
	/* 1x1: the newest sample against its own nice scale (2) */
	CHECK_EQ_U(graph_area(rows, 1, 1, v, 2, 0, false, NULL), 0);
	CHECK_EQ_S(r0, E8);
	CHECK_EQ_U(graph_area(rows, 1, 1, v, 2, 0, true, NULL), 0);
	CHECK_EQ_S(r0, "#");
}

TEST_MAIN(test_spark_scale, test_spark_empty, test_spark_gap, test_spark_zero, test_spark_ascii,
	  test_spark_tiny, test_spark_outlen, test_nice, test_area_ramp, test_area_gap_zero,
	  test_area_sizes)
