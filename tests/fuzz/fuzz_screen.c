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
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include <curses.h>

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
	int fd = open("/dev/null", O_WRONLY);

	(void)argc;
	(void)argv;
	/* a UTF-8 terminal that ncurses knows; no user's config or themes */
	setenv("TERM", "xterm-256color", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	setenv("HOME", "/nonexistent", 1);
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("NO_COLOR");
	/* the terminal's bytes go nowhere; cells are read back instead */
	if (fd >= 0) {
		dup2(fd, STDOUT_FILENO);
		close(fd);
	}
	ui_init(&screen_ui, 1.0, NULL, true);
	opened = !ui_screen_open(&screen_ui);
	return 0;
}

static bool cell_bad(wchar_t c)
{
	return c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x061c || c == 0x200e ||
	       c == 0x200f || (c >= 0x2028 && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) ||
	       c == '^';
}

/* The screen as text, one line a row, for fz_fail and the dump. */
static char *screen_text(int rows, int cols, size_t *len, int *bad_y, int *bad_x)
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

				if (cell_bad(wch[k]) && *bad_y < 0) {
					*bad_y = y;
					*bad_x = x;
				}
				memset(&ms, 0, sizeof(ms));
				n = wcrtomb(out + o, cell_bad(wch[k]) ? L'#' : wch[k], &ms);
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
	u->color = true;
	getmaxyx(stdscr, u->rows_n, u->cols_n);
	/* keys first, taken from the input's end: the snapshot takes the rest */
	fz_snapshot(&s, &z);
	ui_set_snapshot(u, &s);
	ui_note_events(u, &s);
	for (i = 0; i < n_keys; i++) {
		ui_key(u, keys[data[size - 1 - (size_t)i % size] % (sizeof(keys) / sizeof(keys[0]))]);
		ui_draw(u);
	}
	ui_draw(u);
	out = screen_text(rows, cols, &len, &by, &bx);
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
