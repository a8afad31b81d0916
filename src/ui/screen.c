// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The terminal: curses set-up and tear-down (also at exit and on fatal
 * paths), colours from the theme's roles, and the only text primitives the
 * panes use.  Every string is escaped before it reaches the terminal, so a
 * process or device name cannot carry an escape sequence through.
 */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

/* the wide-character calls (cchar_t) where pkg-config gave no flags */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#include "fmt.h"
#include "priv.h"
/* after every other header: it defines lines, columns, ... as macros */
#include <term.h>

static bool screen_open;
static bool atexit_done;
static attr_t role_attr[ROLE_N];
/*
 * A role's cells as waddch() makes them (ncurses' render_char): its
 * attributes with the background's merged in, the background's colour
 * only where the role has none.  The background is set in one place, with
 * the roles.
 */
static attr_t role_cell[ROLE_N];
/* the locale is UTF-8: curses decodes the text it is given as UTF-8 */
static bool screen_utf8;

static void restore_at_exit(void)
{
	ui_screen_close();
}

static attr_t theme_attrs(uint16_t a)
{
	attr_t r = A_NORMAL;

	if (a & THEME_BOLD)
		r |= A_BOLD;
	if (a & THEME_DIM)
		r |= A_DIM;
	if (a & THEME_REVERSE)
		r |= A_REVERSE;
	if (a & THEME_UNDERLINE)
		r |= A_UNDERLINE;
#ifdef A_ITALIC
	if (a & THEME_ITALIC)
		r |= A_ITALIC;
#endif
	return r;
}

static int16_t fit_color(int16_t c)
{
	if (c < 0)
		return -1;
	if (c >= COLORS)
		return theme_color8(c);
	return c;
}

/* (Re)apply the current theme's roles to colour pairs. */
void ui_screen_theme(struct ui *u)
{
	bool color = u->color && has_colors();
	chtype bg;
	int i;

	for (i = 0; i < ROLE_N; i++) {
		const struct theme_style *st = &u->theme.role[i];

		role_attr[i] = theme_attrs(st->attrs);
		if (color && i + 1 < COLOR_PAIRS) {
			init_pair((short)(i + 1), fit_color(st->fg), fit_color(st->bg));
			role_attr[i] |= COLOR_PAIR(i + 1);
		}
	}
	bkgdset(' ' | role_attr[ROLE_DEFAULT]);
	bg = getbkgd(stdscr) & A_ATTRIBUTES;
	for (i = 0; i < ROLE_N; i++)
		role_cell[i] = role_attr[i] |
			       (bg & ((role_attr[i] & A_COLOR) ? ~(chtype)A_COLOR : ~(chtype)0));
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

/* the marks of a cut text ("…") and of columns left out ("»"), and on an
 * ASCII screen */
static const char *cut_mark = "\u2026", *more_mark = "\u00bb";

int ui_screen_open(struct ui *u)
{
	const char *cs;
	int colors;

	if (screen_open)
		return 0;
	if (check_term())
		return -ENOTTY;
	setlocale(LC_ALL, "");
	cs = nl_langinfo(CODESET);
	screen_utf8 = cs && !strcmp(cs, "UTF-8");
	if (!screen_utf8)
		u->ascii = true;	/* graphs and lines in ASCII */
	cut_mark = u->ascii ? "~" : "\u2026";
	more_mark = u->ascii ? ">" : "\u00bb";
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
	if (u->mouse.on) {
		/* presses, not clicks: no wait for a release; double clicks
		 * are told apart in ui_mouse */
		mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
			  | BUTTON5_PRESSED
#endif
			  , NULL);
		mouseinterval(0);
	}
	u->color = false;
	colors = tigetnum("colors");
	if (has_colors() && colors >= 8 && !(getenv("NO_COLOR") && *getenv("NO_COLOR"))) {
		start_color();
		use_default_colors();
		u->color = true;
	} else if (strcmp(u->theme.name, "mono")) {
		/* fewer than 8 colours (vt100, a serial console): a colour
		 * theme would leave the selection and the headers plain */
		char err[256];

		if (theme_load(&u->theme, "mono", ui_theme_dirs(), err, sizeof(err)))
			theme_builtin_mono(&u->theme);
	}
	ui_screen_theme(u);
	getmaxyx(stdscr, u->rows_n, u->cols_n);
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
	getmaxyx(stdscr, u->rows_n, u->cols_n);
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

/* Cells that escaped text takes (fmt_escape's output: valid UTF-8). */
static int escaped_width(const char *text)
{
	const unsigned char *p = (const unsigned char *)text;
	int w = 0;

	while (*p) {
		uint32_t cp;
		int n, cw;

		if (*p < 0x80) {
			/* ASCII, escaped: one cell (most of every screen) */
			p++;
			w++;
			continue;
		}
		n = fmt_utf8(p, &cp);
		if (cp == FMT_UTF8_BAD) {
			/* cannot happen after fmt_escape */
			p += n;
			w++;
			continue;
		}
		cw = wcwidth((wchar_t)cp);
		w += cw > 0 ? cw : 0;
		p += n;
	}
	return w;
}

/* printable ASCII but the backslash (0x5c): what fmt_escape leaves as it is */
static const bool plain_byte[256] = { [0x20 ... 0x5b] = true, [0x5d ... 0x7e] = true };

/*
 * The length of text when it is printable ASCII without a backslash (every
 * number and most names), else -1.
 */
static int plain_len(const char *text)
{
	const unsigned char *p = (const unsigned char *)text;

	while (plain_byte[*p])
		p++;
	return *p ? -1 : (int)(p - (const unsigned char *)text);
}

/* Cells that text takes once escaped, as ui_put shows it. */
int ui_width(const char *text)
{
	char buf[1024];
	int n = plain_len(text);

	return n >= 0 ? n : escaped_width(fmt_escape(buf, sizeof(buf), text));
}

/* the most cells a text is written in at once; longer ones go through
 * curses' string calls */
#define CELLS_MAX 256

static attr_t attr_of(int role)
{
	return role_attr[role < ROLE_N ? role : ROLE_DEFAULT];
}

static attr_t cell_of(int role)
{
	return role_cell[role < ROLE_N ? role : ROLE_DEFAULT];
}

/*
 * Printable ASCII straight into the window's cells: waddnstr() takes every
 * byte through the multibyte conversion, a tenth of a screen's cost.  The
 * cells get what waddch() would give them (role_cell).
 */
static bool put_ascii(int y, int x, const char *s, int n, int role)
{
	chtype cells[CELLS_MAX], a = cell_of(role);
	int i;

	if (n <= 0 || n > CELLS_MAX)
		return false;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c > 0x7e)
			return false;
		cells[i] = c | a;
	}
	mvwaddchnstr(stdscr, y, x, cells, n);
	return true;
}

/*
 * plain_len and put_ascii's cells in one pass: the cells of text in the
 * role (the first CELLS_MAX of them) while it is printable ASCII without a
 * backslash; its length, else -1.
 */
static int plain_cells(const char *text, chtype *cells, int role)
{
	const unsigned char *p = (const unsigned char *)text;
	chtype a = cell_of(role);
	int n, rest;

	for (n = 0; n < CELLS_MAX; n++) {
		if (!plain_byte[p[n]])
			return p[n] ? -1 : n;
		cells[n] = p[n] | a;
	}
	rest = plain_len(text + CELLS_MAX);
	return rest < 0 ? -1 : CELLS_MAX + rest;
}

/*
 * Where curses' string calls leave the cursor after text that ends before
 * column end of row y: past it, or at the start of the next row when it
 * ends at the edge (at the last column of the last row).  The cursor is
 * hidden, but the update ends with a move to it.
 */
static void cursor_after(int y, int end)
{
	int h, w;

	getmaxyx(stdscr, h, w);
	if (end < w)
		wmove(stdscr, y, end);
	else if (y + 1 < h)
		wmove(stdscr, y + 1, 0);
	else
		wmove(stdscr, y, w - 1);
}

/*
 * The len bytes of escaped UTF-8 s straight into cells, cells and cursor
 * as waddnstr() leaves them, where the locale is UTF-8 and every character
 * takes one cell (a link's sparkline, the marks, a name's box-drawing
 * prefix): curses takes such text byte by byte, through mbrtowc().  A run
 * of one character (a quiet link's sparkline) is made once.  false:
 * nothing done.
 */
static bool put_utf8(int y, int x, const char *s, int len, int role)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	cchar_t cells[CELLS_MAX];
	attr_t a = cell_of(role);
	uint32_t last = FMT_UTF8_BAD;
	int n;

	if (!screen_utf8 || len <= 0)
		return false;
	for (n = 0; p < end; n++) {
		wchar_t wc[2] = { 0, 0 };
		uint32_t cp;
		int k = fmt_utf8(p, &cp);

		if (cp == FMT_UTF8_BAD || k > end - p || n == CELLS_MAX)
			return false;
		p += k;
		if (cp == last) {
			cells[n] = cells[n - 1];
			continue;
		}
		if (cp < 0x20 || wcwidth((wchar_t)cp) != 1)
			return false;
		wc[0] = (wchar_t)cp;
		if (setcchar(&cells[n], wc, a, (short)PAIR_NUMBER(a), NULL) != OK)
			return false;
		last = cp;
	}
	if (x + n > getmaxx(stdscr))
		return false;	/* curses would go on on the next row */
	if (wmove(stdscr, y, x) == ERR)
		return true;	/* as curses: nothing written */
	wadd_wchnstr(stdscr, cells, n);
	cursor_after(y, x + n);
	return true;
}

/* The bytes of already-escaped UTF-8 s that fit w cells; *used: their cells. */
static int clip_len(const char *s, int w, int *used)
{
	const unsigned char *p = (const unsigned char *)s;

	*used = 0;
	while (*p && *used < w) {
		uint32_t cp;
		int n, cw;

		if (*p < 0x80) {
			p++;
			(*used)++;
			continue;
		}
		n = fmt_utf8(p, &cp);
		if (cp == FMT_UTF8_BAD)
			break;	/* cannot happen after fmt_escape */
		cw = wcwidth((wchar_t)cp);
		if (cw < 0)
			cw = 1;
		if (*used + cw > w)
			break;
		*used += cw;
		p += n;
	}
	return (int)(p - (const unsigned char *)s);
}

/* the cut mark at x in the role's cells, as waddstr() would put it;
 * false: not done */
static bool mark_cell(int y, int x, int role)
{
	int n = (int)strlen(cut_mark);

	if (y >= 0 && y < getmaxy(stdscr) && x >= 0 && x + n <= getmaxx(stdscr) &&
	    put_ascii(y, x, cut_mark, n, role)) {
		cursor_after(y, x + n);
		return true;
	}
	return put_utf8(y, x, cut_mark, n, role);
}

/*
 * Print at most w cells of already-escaped UTF-8 in the role, in one call
 * (a curses call per character cost more than everything else a table cell
 * takes), the window's attributes the role's; wider text ends in the cut
 * mark: nothing is cut without a visible mark.
 */
static void put_clipped(int y, int x, int w, const char *s, int role)
{
	int used, len = clip_len(s, w, &used);

	if (s[len]) {
		len = clip_len(s, w - 1, &used);
		if (used < w - 1)
			mvhline(y, x + used, ' ', w - 1 - used);
		if (!mark_cell(y, x + w - 1, role))
			mvaddstr(y, x + w - 1, cut_mark);
	}
	if (!put_ascii(y, x, s, len, role) && !put_utf8(y, x, s, len, role))
		mvaddnstr(y, x, s, len);
}

/* n characters of plain ASCII s (cells: plain_cells' of s, or NULL),
 * through curses where the line is longer than a cell buffer */
static void draw_ascii(int y, int x, const char *s, const chtype *cells, int n, int role)
{
	if (n <= 0)
		return;
	if (cells && n <= CELLS_MAX) {
		mvwaddchnstr(stdscr, y, x, cells, n);
		return;
	}
	if (put_ascii(y, x, s, n, role))
		return;
	attrset(attr_of(role));
	mvaddnstr(y, x, s, n);
	attrset(role_attr[ROLE_DEFAULT]);
}

/* the cut mark at x in the role */
static void put_mark(int y, int x, int role)
{
	if (mark_cell(y, x, role))
		return;
	attrset(attr_of(role));
	mvaddstr(y, x, cut_mark);
	attrset(role_attr[ROLE_DEFAULT]);
}

/* text that is not plain ASCII, escaped, in w cells (as put_aligned) */
static __attribute__((noinline)) void put_escaped(int y, int x, int w, int role, const char *text,
						  bool right)
{
	char buf[1024];
	int n;

	fmt_escape(buf, sizeof(buf), text);
	if (right) {
		n = escaped_width(buf);
		if (n < w)
			x += w - n;
	}
	attrset(attr_of(role));
	put_clipped(y, x, w, buf, role);
	attrset(role_attr[ROLE_DEFAULT]);
}

/*
 * text in w cells: at their left, or right-aligned when right is set;
 * cells and n are plain_cells' of text
 */
static void put_aligned(int y, int x, int w, int role, const char *text, bool right,
			const chtype *cells, int n)
{
	if (n > w) {
		/* plain ASCII wider than its cells: its start, the mark */
		draw_ascii(y, x, text, cells, w - 1, role);
		put_mark(y, x + w - 1, role);
	} else if (n > 0 && n <= CELLS_MAX) {
		mvwaddchnstr(stdscr, y, right ? x + w - n : x, cells, n);
	} else {
		put_escaped(y, x, w, role, text, right);
	}
}

void ui_put(int y, int x, int w, int role, const char *text)
{
	chtype cells[CELLS_MAX];

	if (w <= 0 || !text)
		return;
	put_aligned(y, x, w, role, text, false, cells, plain_cells(text, cells, role));
}

void ui_put_right(int y, int x, int w, int role, const char *text)
{
	chtype cells[CELLS_MAX];

	if (w <= 0 || !text)
		return;
	put_aligned(y, x, w, role, text, true, cells, plain_cells(text, cells, role));
}

/*
 * A name in w cells, cut in the middle when it is wider (its start, the
 * mark, its end): a dual-port NIC's rocep24s0f0 and rocep24s0f1 never read
 * the same.  Non-ASCII names are cut at the end.
 */
void ui_put_name(int y, int x, int w, int role, const char *text)
{
	chtype cells[CELLS_MAX];
	int n, tail, head;

	if (w <= 0 || !text)
		return;
	n = plain_cells(text, cells, role);
	if (w < 5 || n <= w) {
		put_aligned(y, x, w, role, text, false, cells, n);
		return;
	}
	tail = (w - 1) / 3;
	head = w - 1 - tail;
	draw_ascii(y, x, text, cells, head, role);
	put_mark(y, x + head, role);
	draw_ascii(y, x + head + 1, text + n - tail, n <= CELLS_MAX ? cells + n - tail : NULL, tail,
		   role);
}

void ui_put_own(int y, int x, int w, int role, const char *text)
{
	if (w <= 0 || !text)
		return;
	attrset(attr_of(role));
	put_clipped(y, x, w, text, role);
	attrset(role_attr[ROLE_DEFAULT]);
}

void ui_put_more(int y, int w, int role)
{
	if (w > 0)
		ui_put_own(y, w - 1, 1, role, more_mark);
}

void ui_fill(int y, int x, int w, int role)
{
	if (w <= 0)
		return;
	attrset(role_attr[role < ROLE_N ? role : ROLE_DEFAULT]);
	mvhline(y, x, ' ', w);
	attrset(role_attr[ROLE_DEFAULT]);
}

void ui_draw(struct ui *u)
{
	struct ui_layout l;
	size_t n_links = u->s ? u->s->ports.n : 0;

	if (!screen_open)
		return;
	getmaxyx(stdscr, u->rows_n, u->cols_n);
	erase();
	ui_layout(u->rows_n, u->cols_n, n_links, ui_status_rows(u, u->cols_n), &l);
	u->mouse.hit.tabs_y = -1;	/* until the table is drawn again */
	if (l.too_small) {
		/* whatever fits of the notice, never past the edge; and not in
		 * the lower-right cell of a one-line screen: ncurses 6.4 reads
		 * before the line to redraw that corner (valgrind, at 1x1) */
		char msg[80];

		/* the size it has and the size it needs, where they fit */
		snprintf(msg, sizeof(msg), "terminal too small: %dx%d", u->cols_n, u->rows_n);
		ui_put(0, 0, u->rows_n > 1 ? u->cols_n : u->cols_n - 1, ROLE_STATUS_WARN, msg);
		snprintf(msg, sizeof(msg), "needs %dx%d (columns x rows)", UI_MIN_COLS,
			 UI_MIN_ROWS);
		if (u->rows_n > 2)
			ui_put(1, 0, u->cols_n, ROLE_STATUS_WARN, msg);
		if (u->rows_n > 3)
			ui_put(2, 0, u->cols_n, ROLE_DEFAULT, "q quits");
		refresh();
		return;
	}
	ui_draw_header(u, &l);
	if (u->setup) {
		ui_draw_setup(u, &l);
	} else if (u->sortlist) {
		ui_draw_sortlist(u, &l);
	} else if (u->help.on) {
		ui_draw_help(u, &l);
	} else if (u->detail.kind != DETAIL_NONE) {
		ui_draw_detail(u, &l);
	} else {
		ui_draw_links(u, &l);
		ui_draw_table(u, &l);
	}
	ui_draw_keybar(u, &l);
	refresh();
}

size_t ui_wrap_at(const char *text, int w)
{
	size_t n = strlen(text), cut;

	if (w < 1)
		w = 1;
	if ((int)n <= w)
		return n;
	for (cut = (size_t)w; cut > 0 && text[cut] != ' '; cut--)
		;
	return cut ? cut : (size_t)w;
}
