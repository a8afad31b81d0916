// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The terminal: curses set-up and tear-down (also at exit and on fatal
 * paths), colours from the theme's roles, and the only text primitives the
 * panes use.  Every string is escaped before it reaches the terminal, so a
 * process or device name cannot carry an escape sequence through.
 */
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

#include <curses.h>

#include "fmt.h"
#include "priv.h"

static bool screen_open;
static bool atexit_done;
static attr_t role_attr[ROLE_N];

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
}

int ui_screen_open(struct ui *u)
{
	const char *cs;

	if (screen_open)
		return 0;
	setlocale(LC_ALL, "");
	cs = nl_langinfo(CODESET);
	if (!cs || strcmp(cs, "UTF-8"))
		u->ascii = true;	/* graphs and lines in ASCII */
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
	nodelay(stdscr, TRUE);
	curs_set(0);
	set_escdelay(25);
	if (u->mouse) {
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
	if (has_colors() && !(getenv("NO_COLOR") && *getenv("NO_COLOR"))) {
		start_color();
		use_default_colors();
		u->color = true;
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

/* Cells that text takes once escaped, as ui_put shows it. */
int ui_width(const char *text)
{
	char buf[1024];

	return escaped_width(fmt_escape(buf, sizeof(buf), text));
}

/*
 * Printable ASCII straight into the window's cells: waddnstr() takes every
 * byte through the multibyte conversion, a tenth of a screen's cost.  The
 * cells get what waddch() would give them (ncurses' render_char): the
 * role's attributes with the background's merged in, the background's
 * colour only where the role has none.
 */
static bool put_ascii(int y, int x, const char *s, int n, attr_t a)
{
	chtype cells[256], bg = getbkgd(stdscr) & A_ATTRIBUTES;
	int i;

	if (n <= 0 || n > (int)(sizeof(cells) / sizeof(cells[0])))
		return false;
	a |= bg & ((a & A_COLOR) ? ~(chtype)A_COLOR : ~(chtype)0);
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
 * Print at most w cells of already-escaped UTF-8 in role attributes a, in
 * one call: a curses call per character cost more than everything else a
 * table cell takes.
 */
static void put_clipped(int y, int x, int w, const char *s, attr_t a)
{
	const unsigned char *p = (const unsigned char *)s;
	int used = 0;
	bool ascii = true;

	while (*p && used < w) {
		uint32_t cp;
		int n, cw;

		if (*p < 0x80) {
			p++;
			used++;
			continue;
		}
		ascii = false;
		n = fmt_utf8(p, &cp);
		if (cp == FMT_UTF8_BAD)
			break;	/* cannot happen after fmt_escape */
		cw = wcwidth((wchar_t)cp);
		if (cw < 0)
			cw = 1;
		if (used + cw > w)
			break;
		used += cw;
		p += n;
	}
	if (!ascii || !put_ascii(y, x, s, (int)(p - (const unsigned char *)s), a))
		mvaddnstr(y, x, s, (int)(p - (const unsigned char *)s));
}

void ui_put(int y, int x, int w, int role, const char *text)
{
	char buf[1024];

	if (w <= 0 || !text)
		return;
	fmt_escape(buf, sizeof(buf), text);
	attrset(role_attr[role < ROLE_N ? role : ROLE_DEFAULT]);
	put_clipped(y, x, w, buf, role_attr[role < ROLE_N ? role : ROLE_DEFAULT]);
	attrset(role_attr[ROLE_DEFAULT]);
}

void ui_put_own(int y, int x, int w, int role, const char *text)
{
	if (w <= 0 || !text)
		return;
	attrset(role_attr[role < ROLE_N ? role : ROLE_DEFAULT]);
	put_clipped(y, x, w, text, role_attr[role < ROLE_N ? role : ROLE_DEFAULT]);
	attrset(role_attr[ROLE_DEFAULT]);
}

void ui_put_right(int y, int x, int w, int role, const char *text)
{
	char buf[1024];
	int tw;

	if (w <= 0 || !text)
		return;
	fmt_escape(buf, sizeof(buf), text);
	tw = escaped_width(buf);
	if (tw < w)
		x += w - tw;
	attrset(role_attr[role < ROLE_N ? role : ROLE_DEFAULT]);
	put_clipped(y, x, w, buf, role_attr[role < ROLE_N ? role : ROLE_DEFAULT]);
	attrset(role_attr[ROLE_DEFAULT]);
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
	ui_layout(u->rows_n, u->cols_n, n_links, &l);
	u->hit.tabs_y = -1;	/* until the table is drawn again */
	if (l.too_small) {
		/* whatever fits of the notice, never past the edge; and not in
		 * the lower-right cell of a one-line screen: ncurses 6.4 reads
		 * before the line to redraw that corner (valgrind, at 1x1) */
		ui_put(0, 0, u->rows_n > 1 ? u->cols_n : u->cols_n - 1, ROLE_STATUS_WARN,
		       "terminal too small");
		if (u->rows_n > 2)
			ui_put(1, 0, u->cols_n, ROLE_DEFAULT, "q quits");
		refresh();
		return;
	}
	ui_draw_header(u, &l);
	if (u->setup) {
		ui_draw_setup(u, &l);
	} else if (u->help) {
		ui_draw_help(u, &l);
	} else if (u->detail != DETAIL_NONE) {
		ui_draw_detail(u, &l);
	} else {
		ui_draw_links(u, &l);
		ui_draw_table(u, &l);
	}
	ui_draw_keybar(u, &l);
	refresh();
}
