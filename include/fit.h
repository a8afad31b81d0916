/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef RDMATOP_FIT_H
#define RDMATOP_FIT_H
/*
 * The screen's layout rule (src/ui/fit.c): which columns of a table fit a
 * width, where, and how wide.  No curses: unit-tested on its own.
 */
#include <stdbool.h>
#include <stddef.h>

struct ui_fit {
	int w;		/* in: its width; out: its width on screen (widened) */
	int want;	/* in: the cells its longest visible value takes (0: none) */
	int maxw;	/* in: it widens to at most this */
	bool key;	/* in: placed before every other column */
	int x;		/* out: where it starts, -1 where it is left out */
};

/* Place the n columns (in their order on screen) in width cells; returns
 * how many are left out (then the last 2 cells are free for the mark). */
int ui_fit(struct ui_fit *c, size_t n, int width);

#endif
