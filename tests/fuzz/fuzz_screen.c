// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the screen's cell writer (src/ui/cells.c and every
 * pane that draws through it): a snapshot of arbitrary contents
 * (snapgen.c) drawn by ui_draw on a real ncurses screen (newterm on
 * xterm-256color, output thrown away) of a size from the input, after
 * keys from the input (panes, selection, details, sort, help, the error
 * filter).  Then every cell is read back: none may hold a control
 * character (C0, DEL, C1) or a bidi control or separator, and none a '^':
 * the generator never puts one in a name and the UI draws none on a UTF-8
 * terminal, so a '^' is ncurses showing a raw control character that got
 * past the escaping (ncurses draws ESC as "^[").
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <curses.h>

#include "cells.h"
#include "snapgen.h"
#include "ui.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static const int keys[] = {
	'\t', KEY_BTAB, '1', '2', '3', '4', '5', KEY_UP, KEY_DOWN, KEY_NPAGE, KEY_PPAGE,
	KEY_HOME, KEY_END, '\n', 27, '<', '>', 'R', 'e', 'h', ' ',
};

static struct ui screen_ui;
static bool opened;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_screen_env();
	ui_init(&screen_ui, 1.0, NULL, true);
	opened = !ui_screen_open(&screen_ui);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz z = { data, size };
	struct snapshot s;
	struct ui *u = &screen_ui;
	int rows, cols, n_keys, i, by, bx;
	size_t len;
	char *out;

	if (!opened)
		return 0;
	rows = 1 + fz_u8(&z) % 70;
	cols = 1 + fz_u8(&z) % 220;
	n_keys = fz_u8(&z) % 8;
	resizeterm(rows, cols);
	snap_init(&s);
	ui_free(u);
	ui_init(u, 1.0, NULL, true);
	u->view.color = true;
	getmaxyx(stdscr, u->run.rows_n, u->run.cols_n);
	/* keys first, taken from the input's end: the snapshot takes the rest */
	fz_snapshot(&s, &z);
	ui_set_snapshot(u, &s);
	ui_note_events(u, &s);
	for (i = 0; i < n_keys; i++) {
		ui_key(u, keys[data[size - 1 - (size_t)i % size] % (sizeof(keys) / sizeof(keys[0]))]);
		ui_draw(u);
	}
	ui_draw(u);
	out = fz_screen_text(rows, cols, true, &len, &by, &bx);
	if (by >= 0) {
		/* the screen, with the bad cells as '#' */
		fprintf(stderr, "%s", out);
		fprintf(stderr, "cell %d,%d holds a control, bidi or '^' character\n", by, bx);
		abort();
	}
	fz_dump("screen", out, len);
	free(out);
	ui_free(u);
	snap_free(&s);
	return 0;
}
