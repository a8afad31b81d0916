// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sparklines and area graphs as strings of cells.  Every finite sample is
 * drawn at least one eighth high, so a quiet link (all zeros) shows a
 * baseline and only a gap (NAN: no data, or a counter reset) is blank.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "graph.h"

/* U+2581..U+2588: "lower one eighth block" .. "full block" */
static const char *const eighths[9] = {
	" ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588",
};
static const char spark_ascii[] = " .-=#";
static const char area_ascii[] = " .:#";

/* The samples shown in `width` columns: the newest ones, right-aligned. */
static size_t shown(size_t n, int width, size_t *first, int *pad)
{
	size_t k = n < (size_t)width ? n : (size_t)width;

	*first = n - k;
	*pad = width - (int)k;
	return k;
}

/* The largest finite sample (negative ones count as 0). */
static double largest(const double *v, size_t n)
{
	double m = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (isfinite(v[i]) && v[i] > m)
			m = v[i];
	return m;
}

/*
 * How many of `units` a sample fills against top: at least 1 for a finite
 * sample, 0 for a gap.  top <= 0 only when every sample is <= 0.
 */
static int fill(double x, double top, int units)
{
	double f;
	long u;

	if (!isfinite(x))
		return 0;
	if (x <= 0 || !(top > 0))
		return 1;
	f = x >= top ? 1.0 : x / top;
	u = lround(f * units);
	return u < 1 ? 1 : u > units ? units : (int)u;
}

/* Append one cell if it and the final NUL fit; false when it does not. */
static bool put(char *out, size_t outlen, size_t *pos, const char *cell, size_t len)
{
	if (*pos + len + 1 > outlen)
		return false;
	memcpy(out + *pos, cell, len);
	*pos += len;
	out[*pos] = '\0';
	return true;
}

int graph_spark(char *out, size_t outlen, const double *v, size_t n, int width, double max,
		bool ascii)
{
	size_t first, k, i, pos = 0;
	double top;
	int pad, cells = 0;

	if (!out || !outlen)
		return 0;
	out[0] = '\0';
	if (width < 1)
		return 0;
	if (!v)
		n = 0;
	k = shown(n, width, &first, &pad);
	if (k)
		v += first;
	top = max > 0 ? max : largest(v, k);
	for (; pad > 0; pad--, cells++)
		if (!put(out, outlen, &pos, " ", 1))
			return cells;
	for (i = 0; i < k; i++, cells++) {
		int u = fill(v[i], top, ascii ? 4 : 8);
		bool ok;

		if (ascii)
			ok = put(out, outlen, &pos, &spark_ascii[u], 1);
		else
			ok = put(out, outlen, &pos, eighths[u], strlen(eighths[u]));
		if (!ok)
			return cells;
	}
	return cells;
}

int graph_area(char **rows, int height, int width, const double *v, size_t n, double max,
	       bool ascii, double *scale)
{
	int units = ascii ? 3 : 8, r, c, pad;
	size_t first, k;
	double top;

	if (!rows || height < 1 || width < 1)
		return -EINVAL;
	for (r = 0; r < height; r++)
		if (!rows[r])
			return -EINVAL;
	if (!v)
		n = 0;
	k = shown(n, width, &first, &pad);
	if (k)
		v += first;
	top = max > 0 ? max : graph_nice(largest(v, k));
	if (scale)
		*scale = top;
	for (r = 0; r < height; r++) {
		/* cells of this row lie `below` units above the bottom edge */
		int below = (height - 1 - r) * units;
		char *p = rows[r];

		for (c = 0; c < width; c++) {
			int u = c < pad ? 0 : fill(v[c - pad], top, height * units) - below;

			u = u < 0 ? 0 : u > units ? units : u;
			if (ascii) {
				*p++ = area_ascii[u];
			} else {
				memcpy(p, eighths[u], strlen(eighths[u]));
				p += strlen(eighths[u]);
			}
		}
		*p = '\0';
	}
	return 0;
}

double graph_nice(double v)
{
	static const double steps[] = { 1, 2, 5, 10 };
	double cand;
	size_t i;
	int e;

	if (!(v > 0))
		return 1;
	if (isinf(v))
		return v;
	e = (int)floor(log10(v));
	for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		/* n / 10^k rather than n * 10^-k: 2e-5 must stay 2e-5 */
		cand = e >= 0 ? steps[i] * pow(10, e) : steps[i] / pow(10, -e);
		if (v <= cand)
			return cand;
	}
	/* log10() rounded down by more than one step: cannot happen for finite v */
	return v;
}
