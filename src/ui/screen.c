// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The terminal: curses set-up and tear-down (also at exit and on fatal
 * paths), its keys and size, and the frame every screen is drawn in.  Text
 * reaches its cells through cells.c.
 */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <curses.h>

#include "priv.h"
/* after every other header: it defines lines, columns, ... as macros */
#include <term.h>

static bool screen_open;
static bool atexit_done;

static void restore_at_exit(void)
{
	ui_screen_close();
}

/*
 * A terminal the dashboard can draw on: known to terminfo, with cursor
 * addressing.  TERM=dumb (Emacs shells, some CI logs) and a TERM the
 * system has no entry for are refused with one line and the batch modes,
 * which work anywhere; curses would draw garbage or exit.  0 or -ENOTTY.
 */
static int check_term(void)
{
	const char *term = getenv("TERM");
	char *cup;
	int err = 0;

	if (!term || !*term || setupterm(NULL, STDOUT_FILENO, &err) != OK) {
		fprintf(stderr, "rdmatop: TERM=%s is %s; use batch mode: rdmatop -b (or -j)\n",
			term && *term ? term : "",
			!term || !*term ? "not set" : "unknown here");
		return -ENOTTY;
	}
	cup = tigetstr("cup");
	if (!cup || cup == (char *)-1 || tigetflag("gn") > 0 || tigetflag("hc") > 0) {
		fprintf(stderr, "rdmatop: TERM=%s cannot draw the dashboard; use batch mode: "
				"rdmatop -b (or -j)\n", term);
		del_curterm(cur_term);
		return -ENOTTY;
	}
	del_curterm(cur_term);
	return 0;
}

/*
 * Home, End, PgUp and PgDn as every terminal sends them, whatever its
 * terminfo entry says: tmux and screen send ESC [ 1 ~ and ESC [ 4 ~ for
 * Home and End even with TERM=xterm-256color (whose entry has ESC O H and
 * ESC O F), the Linux console ESC [ 1 ~ / ESC [ 4 ~ too, rxvt ESC [ 7 ~ /
 * ESC [ 8 ~, xterm ESC [ H / ESC [ F or ESC O H / ESC O F by its cursor
 * key mode; PgUp and PgDn are ESC [ 5 ~ and ESC [ 6 ~ everywhere.
 * Without these, ESC [ 4 ~ reads as four keys and '4' switches the tab.
 * The function keys the key bar names likewise: tmux, screen, xterm and
 * the Linux console send ESC [ 17 ~ for F6 whatever TERM says (vt100's
 * entry has ESC O u), F1-F4 ESC O P-S (the console ESC [ [ A-D).
 */
static void define_keys(void)
{
	static const struct {
		const char *seq;
		int key;
	} keys[] = {
		{ "\033[1~", KEY_HOME }, { "\033[7~", KEY_HOME }, { "\033[H", KEY_HOME },
		{ "\033OH", KEY_HOME },  { "\033[4~", KEY_END },  { "\033[8~", KEY_END },
		{ "\033[F", KEY_END },   { "\033OF", KEY_END },   { "\033[5~", KEY_PPAGE },
		{ "\033[6~", KEY_NPAGE },
		{ "\033OP", KEY_F(1) },  { "\033[11~", KEY_F(1) }, { "\033[[A", KEY_F(1) },
		{ "\033OQ", KEY_F(2) },  { "\033[12~", KEY_F(2) }, { "\033[[B", KEY_F(2) },
		{ "\033OR", KEY_F(3) },  { "\033[13~", KEY_F(3) }, { "\033[[C", KEY_F(3) },
		{ "\033OS", KEY_F(4) },  { "\033[14~", KEY_F(4) }, { "\033[[D", KEY_F(4) },
		{ "\033[17~", KEY_F(6) }, { "\033[18~", KEY_F(7) }, { "\033[19~", KEY_F(8) },
		{ "\033[21~", KEY_F(10) },
	};
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (key_defined(keys[i].seq) != keys[i].key)
			define_key(keys[i].seq, keys[i].key);
}

int ui_screen_open(struct ui *u)
{
	const char *cs;
	bool utf8;
	int colors;

	if (screen_open)
		return 0;
	if (check_term())
		return -ENOTTY;
	/* the character type only (UTF-8, wcwidth(), ncursesw), as -b takes
	 * it: LC_ALL="" gave LC_NUMERIC=de_DE.UTF-8 a decimal comma, and
	 * strtod() then refused every "1.5" Prometheus sent (the cluster view
	 * read 0 hosts) and the header read "every 1,0s" over "2.2 Gb/s" */
	setlocale(LC_CTYPE, "");
	cs = nl_langinfo(CODESET);
	utf8 = cs && !strcmp(cs, "UTF-8");
	if (!utf8)
		u->view.ascii = true;	/* graphs and lines in ASCII */
	ui_cells_init(utf8, u->view.ascii);
	if (!newterm(NULL, stdout, stdin))
		return -1;
	screen_open = true;
	if (!atexit_done) {
		atexit(restore_at_exit);
		atexit_done = true;
	}
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	define_keys();
	nodelay(stdscr, TRUE);
	curs_set(0);
	set_escdelay(25);
	if (u->view.mouse.on) {
		/* presses, not clicks: no wait for a release; double clicks
		 * are told apart in ui_mouse */
		mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
			  | BUTTON5_PRESSED
#endif
			  , NULL);
		mouseinterval(0);
	}
	u->view.color = false;
	colors = tigetnum("colors");
	if (has_colors() && colors >= 8 && !(getenv("NO_COLOR") && *getenv("NO_COLOR"))) {
		start_color();
		use_default_colors();
		u->view.color = true;
	} else if (strcmp(u->view.theme.name, "mono")) {
		/* fewer than 8 colours (vt100, a serial console): a colour
		 * theme would leave the selection and the headers plain */
		char err[256];

		if (theme_load(&u->view.theme, "mono", ui_theme_dirs(), err, sizeof(err)))
			theme_builtin_mono(&u->view.theme);
	}
	ui_screen_theme(u);
	getmaxyx(stdscr, u->run.rows_n, u->run.cols_n);
	return 0;
}

void ui_screen_close(void)
{
	if (!screen_open)
		return;
	curs_set(1);
	endwin();
	fflush(stdout);
	screen_open = false;
}

void ui_screen_resize(struct ui *u)
{
	struct winsize ws;

	if (!screen_open)
		return;
	/* we own SIGWINCH (libev), so tell curses the new size ourselves;
	 * endwin()+refresh() let ncurses 6.4 read stale line buffers when the
	 * terminal shrank to 1x1 (valgrind: invalid reads in doupdate) */
	if (!ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_row && ws.ws_col)
		resizeterm(ws.ws_row, ws.ws_col);
	getmaxyx(stdscr, u->run.rows_n, u->run.cols_n);
	clear();
}

int ui_screen_getkey(void)
{
	int c;

	if (!screen_open)
		return -1;
	c = getch();
	if (c == ERR)
		return -1;
	return c;
}

void ui_draw(struct ui *u)
{
	struct ui_layout l;
	size_t n_links = u->run.s ? u->run.s->ports.n : 0;

	if (!screen_open)
		return;
	getmaxyx(stdscr, u->run.rows_n, u->run.cols_n);
	erase();
	ui_status_compose(u);	/* the rows it takes are the layout's */
	ui_layout(u->run.rows_n, u->run.cols_n, n_links, ui_status_rows(u, u->run.cols_n), &l);
	u->view.mouse.hit.tabs_y = -1;	/* until the table is drawn again */
	if (l.too_small) {
		/* whatever fits of the notice, never past the edge; and not in
		 * the lower-right cell of a one-line screen: ncurses 6.4 reads
		 * before the line to redraw that corner (valgrind, at 1x1) */
		char msg[80];

		/* the size it has and the size it needs, where they fit */
		snprintf(msg, sizeof(msg), "terminal too small: %dx%d", u->run.cols_n, u->run.rows_n);
		ui_put(0, 0, u->run.rows_n > 1 ? u->run.cols_n : u->run.cols_n - 1, ROLE_STATUS_WARN, msg);
		snprintf(msg, sizeof(msg), "needs %dx%d (columns x rows)", UI_MIN_COLS,
			 UI_MIN_ROWS);
		if (u->run.rows_n > 2)
			ui_put(1, 0, u->run.cols_n, ROLE_STATUS_WARN, msg);
		if (u->run.rows_n > 3)
			ui_put(2, 0, u->run.cols_n, ROLE_DEFAULT, "q quits");
		refresh();
		return;
	}
	ui_draw_header(u, &l);
	if (u->view.setup) {
		ui_draw_setup(u, &l);
	} else if (u->view.sortlist) {
		ui_draw_sortlist(u, &l);
	} else if (u->view.help.on) {
		ui_draw_help(u, &l);
	} else if (u->view.detail.kind != DETAIL_NONE) {
		ui_draw_detail(u, &l);
	} else {
		ui_draw_links(u, &l);
		ui_draw_table(u, &l);
	}
	ui_draw_keybar(u, &l);
	refresh();
}

