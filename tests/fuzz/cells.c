// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The screen read back cell by cell, for the screen targets (fuzz_screen,
 * fuzz_cluster): see cells.h.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include <curses.h>

#include "cells.h"

void fz_screen_env(void)
{
	int fd = open("/dev/null", O_WRONLY);

	setenv("TERM", "xterm-256color", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	setenv("HOME", "/nonexistent", 1);
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("NO_COLOR");
	if (fd >= 0) {
		dup2(fd, STDOUT_FILENO);
		close(fd);
	}
}

static bool cell_bad(wchar_t c, bool caret)
{
	return c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x061c || c == 0x200e || c == 0x200f ||
	       (c >= 0x2028 && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || (caret && c == '^');
}

char *fz_screen_text(int rows, int cols, bool caret, size_t *len, int *bad_y, int *bad_x)
{
	size_t cap = (size_t)rows * ((size_t)cols * 4 * CCHARW_MAX + 1) + 1, o = 0;
	char *out = malloc(cap);
	mbstate_t ms;
	int y, x, k;

	if (!out)
		abort();
	*bad_y = -1;
	for (y = 0; y < rows; y++) {
		for (x = 0; x < cols; x++) {
			wchar_t wch[CCHARW_MAX + 1] = { 0 };
			cchar_t cc;
			attr_t a;
			short pair;

			if (mvin_wch(y, x, &cc) == ERR ||
			    getcchar(&cc, wch, &a, &pair, NULL) == ERR)
				continue;
			for (k = 0; k < CCHARW_MAX && wch[k]; k++) {
				size_t n;

				if (cell_bad(wch[k], caret) && *bad_y < 0) {
					*bad_y = y;
					*bad_x = x;
				}
				memset(&ms, 0, sizeof(ms));
				n = wcrtomb(out + o, cell_bad(wch[k], caret) ? L'#' : wch[k], &ms);
				if (n != (size_t)-1)
					o += n;
			}
		}
		out[o++] = '\n';
	}
	out[o] = '\0';
	*len = o;
	return out;
}
