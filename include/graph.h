/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Graphs as pure functions: samples + size -> cells (UTF-8 strings).  No
 * curses; the panes print the cells.  A NAN sample is a gap (no data, or a
 * counter reset) and is drawn blank, as are infinities; negative samples
 * count as 0, and every other sample is drawn at least one step high, so
 * that a history of zeros shows as a baseline.
 */
#ifndef RDMATOP_GRAPH_H
#define RDMATOP_GRAPH_H

#include <stdbool.h>
#include <stddef.h>

/*
 * One-row sparkline of the last `width` samples (v[n-1] newest, drawn
 * rightmost; fewer samples leave the left blank) with eighth blocks
 * (U+2581..U+2588), or ASCII " .-=#" when ascii.  max <= 0: scale to the
 * largest sample shown.  Writes a NUL-terminated string into out; returns
 * the number of cells written (always width when outlen suffices: at least
 * width * 3 + 1 bytes; otherwise the cells that fit whole).  width < 1
 * writes "" and returns 0.
 */
int graph_spark(char *out, size_t outlen, const double *v, size_t n, int width,
		double max, bool ascii);

/*
 * A height x width area graph (full-width history), each row a
 * NUL-terminated UTF-8 string of `width` cells in rows[r] (row 0 at the
 * top), each rows[r] at least width * 3 + 1 bytes.  Full blocks below the
 * top eighth block of each column, or '#' under '.'/':' (thirds) when
 * ascii.  *scale (may be NULL) receives the value of the top edge: max when
 * max > 0, else graph_nice() of the largest sample shown.  Returns 0, or
 * -EINVAL for a size < 1 or a NULL row.
 */
int graph_area(char **rows, int height, int width, const double *v, size_t n,
	       double max, bool ascii, double *scale);

/* Round up to a "nice" scale value: 1, 2, 5 x 10^k; 1 for v <= 0 or NAN. */
double graph_nice(double v);

#endif
