// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Text into the terminal's cells: the colour roles' attributes (from the
 * theme), the widths and wrapping of text, and the only text primitives the
 * panes use.  Every string is escaped before it reaches the terminal, so a
 * process or device name cannot carry an escape sequence through.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <wchar.h>

/* the wide-character calls (cchar_t) where pkg-config gave no flags */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#include "fmt.h"
#include "priv.h"

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

/* the marks of a cut text ("…") and of columns left out ("»"), and on an
 * ASCII screen */
static const char *cut_mark = "\u2026", *more_mark = "\u00bb", *less_mark = "\u00ab";

void ui_cells_init(bool utf8, bool ascii)
{
	screen_utf8 = utf8;
	cut_mark = ascii ? "~" : "\u2026";
	more_mark = ascii ? ">" : "\u00bb";
	less_mark = ascii ? "<" : "\u00ab";
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
	bool color = u->view.color && has_colors();
	chtype bg;
	int i;

	for (i = 0; i < ROLE_N; i++) {
		const struct theme_style *st = &u->view.theme.role[i];

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
		return false; /* curses would go on on the next row */
	if (wmove(stdscr, y, x) == ERR)
		return true; /* as curses: nothing written */
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
			break; /* cannot happen after fmt_escape */
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

/* columns scrolled out to the left: "«" beside the right edge's mark */
void ui_put_less(int y, int w, int role)
{
	if (w > 1)
		ui_put_own(y, w - 2, 1, role, less_mark);
}

void ui_fill(int y, int x, int w, int role)
{
	if (w <= 0)
		return;
	attrset(role_attr[role < ROLE_N ? role : ROLE_DEFAULT]);
	mvhline(y, x, ' ', w);
	attrset(role_attr[ROLE_DEFAULT]);
}

void ui_clear(const struct ui_rect *r)
{
	int y;

	for (y = r->y; y < r->y + r->h; y++)
		ui_fill(y, r->x, r->w, ROLE_DEFAULT);
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
