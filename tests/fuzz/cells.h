/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The curses screen (rows x cols) as UTF-8 text, one line a row (caller
 * frees), each bad cell written '#': a control character (C0, DEL, C1), a
 * bidi control or separator, and when caret, a '^' (ncurses' mark of a raw
 * control character, for screens whose contents hold none).  *bad_y and
 * *bad_x: the first bad cell, or -1.
 */
#ifndef RDMATOP_FUZZ_CELLS_H
#define RDMATOP_FUZZ_CELLS_H

#include <stdbool.h>
#include <stddef.h>

/* The environment of the screen targets: a UTF-8 terminal ncurses knows,
 * no user's config or themes, the terminal's bytes sent to /dev/null (the
 * cells are read back instead). */
void fz_screen_env(void);

char *fz_screen_text(int rows, int cols, bool caret, size_t *len, int *bad_y, int *bad_x);

#endif
