/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Themes: semantic colour roles -> colours.  Panes ask for a role
 * (ROLE_RATE_HIGH, ROLE_STATE_BAD, ...); a theme says how each role looks.
 * This file is curses-free: src/ui/ applies a theme to the terminal.
 */
#ifndef RDMATOP_THEME_H
#define RDMATOP_THEME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum theme_role {
	ROLE_DEFAULT,		/* ordinary text */
	ROLE_HEADER,		/* header labels */
	ROLE_HEADER_VALUE,	/* header values */
	ROLE_TITLE,		/* pane titles */
	ROLE_COLUMN,		/* table column headers */
	ROLE_COLUMN_SORT,	/* the column the table is sorted by */
	ROLE_SELECTED,		/* the selected row */
	ROLE_STATE_GOOD,	/* ACTIVE, LINK_UP, RTS */
	ROLE_STATE_WARN,	/* INIT, ARMED, RTR, SQD, POLLING */
	ROLE_STATE_BAD,		/* DOWN, DISABLED, ERR, SQE */
	ROLE_RATE_ZERO,		/* a rate of 0 */
	ROLE_RATE_LOW,
	ROLE_RATE_HIGH,
	ROLE_ERROR,		/* an error counter moving */
	ROLE_NA,		/* "n/a" */
	ROLE_KEY,		/* key names in the key bar and help */
	ROLE_KEY_LABEL,		/* their labels */
	ROLE_STATUS_INFO,
	ROLE_STATUS_WARN,
	ROLE_GRAPH_RX,
	ROLE_GRAPH_TX,
	ROLE_GRAPH_ERR,
	ROLE_CHANGED,		/* a row that just appeared or changed */
	ROLE_PROMPT,		/* filter / search input */
	ROLE_PROMPT_SEL,	/* the text selected in it, and its cursor */
	ROLE_TAB_ACTIVE,	/* the tab of the table shown */
	ROLE_N
};

enum {
	THEME_BOLD = 1 << 0,
	THEME_DIM = 1 << 1,
	THEME_REVERSE = 1 << 2,
	THEME_UNDERLINE = 1 << 3,
	THEME_ITALIC = 1 << 4,
};

#define THEME_COLOR_DEFAULT (-1)	/* the terminal's own colour */

struct theme_style {
	int16_t fg, bg;		/* -1 default, 0..255 (0..7 basic, 8..15 bright) */
	uint16_t attrs;
};

struct theme {
	char name[32];
	struct theme_style role[ROLE_N];
};

const char *theme_role_name(enum theme_role r);

/* The compiled-in themes: "default" (dark) and "mono" (attributes only). */
void theme_builtin_default(struct theme *t);
void theme_builtin_mono(struct theme *t);

/*
 * Parse a theme file's text over t (roles not mentioned keep their value):
 * lines "role = fg [bg] [attr...]" with the role names of theme_role_name()
 * ("normal", "header-value", "state-bad", ...), '#' comments, colours as
 * names (black, red, ..., white, bright-red, ..., default) or 0..255, attrs
 * bold dim reverse underline italic.  Lines of at most 256 bytes, CRLF
 * allowed, each role at most once.  0, or -EINVAL with "line N: reason" in
 * err; t is then unchanged.
 */
int theme_parse(struct theme *t, const char *text, size_t len, char *err, size_t errlen);

/*
 * Load theme `name`: NAME.theme from $XDG_CONFIG_HOME/rdmatop/themes
 * (~/.config/...), so that a user's copy of default.theme wins; else the
 * built-ins; else NAME.theme in each of `dirs` (NULL-terminated; e.g. the
 * install dir and ./themes).  A file's roles apply over the default theme.
 * Names with '/', a leading '.', control characters or over 31 bytes are
 * refused (-EINVAL), files over 64 KiB too (-EFBIG).  0, or -errno with a
 * one-line reason in err (t then holds the default theme).
 */
int theme_load(struct theme *t, const char *name, const char *const *dirs, char *err,
	       size_t errlen);

/*
 * Names of the themes found: the built-ins, then the others sorted, each
 * once.  Returns how many were stored in names (at most max).
 */
size_t theme_list(const char *const *dirs, char names[][32], size_t max);

/*
 * The nearest of the 8 basic colours for a 0..255 colour, for terminals
 * with fewer colours: 8..15 to their dark twins, greys to black or white by
 * lightness, the others by hue.  -1 (or out of range) gives -1.
 */
int16_t theme_color8(int16_t c);

#endif
