// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The prompts of the key bar (filter, search, interval, time, and the
 * confirmations of N, Q and X), the main screen's and the cluster's: what
 * is typed and edited, how it is drawn, and what Enter does with it.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <curses.h>

#include "priv.h"

#define KEY_ESC 27

/* "HH:MM[:SS]" on the shown sample's day, or "YYYY-MM-DD HH:MM[:SS]", local time. */
static int parse_time(const struct ui *u, const char *in, time_t *out)
{
	static const char *const forms[] = {
		"%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%H:%M:%S", "%H:%M",
	};
	time_t base = u->run.s ? u->run.s->wall.tv_sec : time(NULL);
	struct tm day, tm;
	size_t i;

	if (!localtime_r(&base, &day))
		memset(&day, 0, sizeof(day));	/* a time past what struct tm holds */
	day.tm_sec = 0;
	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		const char *end;

		tm = day;	/* strptime leaves a failed attempt's fields behind */
		end = strptime(in, forms[i], &tm);
		if (end && !*end) {
			tm.tm_isdst = -1;
			*out = mktime(&tm);
			return *out == (time_t)-1 ? -1 : 0;
		}
	}
	return -1;
}

/* the start of the character before (dir -1) or after (+1) byte pos */
static size_t step_char(const struct ui_input *in, size_t pos, int dir)
{
	if (dir < 0) {
		while (pos > 0 && ((unsigned char)in->buf[--pos] & 0xc0) == 0x80)
			;
		return pos;
	}
	while (pos < in->len && ((unsigned char)in->buf[++pos] & 0xc0) == 0x80)
		;
	return pos;
}

/* delete the bytes [from, to) */
static void cut(struct ui_input *in, size_t from, size_t to)
{
	memmove(in->buf + from, in->buf + to, in->len - to + 1);
	in->len -= to - from;
	in->pos = from;
}

enum ui_prompt ui_input_key(struct ui_input *in, int key)
{
	enum ui_prompt p = in->kind;
	bool sel = in->sel;

	if (key == KEY_ESC) {
		in->kind = PROMPT_NONE;
		return PROMPT_NONE;
	}
	if (key == '\n' || key == '\r' || key == KEY_ENTER) {
		in->kind = PROMPT_NONE;
		return p;
	}
	if (key == KEY_RESIZE || key == KEY_MOUSE)
		return PROMPT_NONE;	/* the selection stays */
	in->sel = false;
	if (sel && (key == KEY_BACKSPACE || key == 127 || key == 8 || key == KEY_DC ||
		    (key >= 32 && key < 127))) {
		/* the text selected goes: deleted, or replaced by what is typed */
		in->len = in->pos = 0;
		in->buf[0] = '\0';
		if (key < 32 || key >= 127)
			return PROMPT_NONE;
	}
	switch (key) {
	case KEY_BACKSPACE: case 127: case 8:
		if (in->pos)
			cut(in, step_char(in, in->pos, -1), in->pos);
		break;
	case KEY_DC: case 'D' & 0x1f:
		if (in->pos < in->len)
			cut(in, in->pos, step_char(in, in->pos, 1));
		break;
	case KEY_LEFT: case 'B' & 0x1f:
		in->pos = step_char(in, in->pos, -1);
		break;
	case KEY_RIGHT: case 'F' & 0x1f:
		in->pos = step_char(in, in->pos, 1);
		break;
	case KEY_HOME: case 'A' & 0x1f:
		in->pos = 0;
		break;
	case KEY_END: case 'E' & 0x1f:
		in->pos = in->len;
		break;
	case 'U' & 0x1f:	/* readline's: the text before the cursor */
		cut(in, 0, in->pos);
		break;
	case 'K' & 0x1f:	/* and after it */
		in->len = in->pos;
		in->buf[in->len] = '\0';
		break;
	default:
		if (key >= 32 && key < 127 && in->len + 1 < sizeof(in->buf)) {
			memmove(in->buf + in->pos + 1, in->buf + in->pos, in->len - in->pos + 1);
			in->buf[in->pos++] = (char)key;
			in->len++;
		} else if (!(key >= 32 && key < 127)) {
			in->sel = sel;	/* a key the prompt does not take */
		}
		break;
	}
	return PROMPT_NONE;
}

enum ui_action ui_prompt_key(struct ui *u, int key)
{
	enum ui_prompt p = ui_input_key(&u->view.prompt, key);

	if (p == PROMPT_FILTER) {
		ui_set_filter(u, u->view.prompt.buf);
		ui_filter_setting(u);
	} else if (p == PROMPT_SEARCH) {
		snprintf(u->view.search, sizeof(u->view.search), "%.63s", u->view.prompt.buf);
		size_t *sel = &u->view.panes[u->view.pane].sel;

		*sel = *sel ? *sel - 1 : u->cache.n_rows;
		ui_search_next(u);
	} else if (p == PROMPT_NETNS) {
		if (strcmp(u->view.prompt.buf, "yes")) {
			ui_set_status(u, ROLE_STATUS_INFO, "netns mode: nothing changed");
			return UI_REDRAW;
		}
		return UI_NETNS;
	} else if (p == PROMPT_QPCNT) {
		static const char *const modes[] = { "type", "pid", "type,pid", "pid,type", "off" };
		size_t i;

		for (i = 0; i < sizeof(modes) / sizeof(modes[0]) &&
			    strcmp(u->view.prompt.buf, modes[i]);
		     i++)
			;
		if (i == sizeof(modes) / sizeof(modes[0])) {
			ui_set_status(u, ROLE_STATUS_INFO, "QP counters of %s: nothing changed",
				      u->view.qpcnt_link);
			return UI_REDRAW;
		}
		snprintf(u->view.qpcnt_mode, sizeof(u->view.qpcnt_mode), "%s", modes[i]);
		return UI_QPCNT;
	} else if (p == PROMPT_CONTROL) {
		return ui_control_typed(u);
	} else if (p == PROMPT_TIME) {
		if (parse_time(u, u->view.prompt.buf, &u->run.jump_wall)) {
			ui_set_status(u, ROLE_STATUS_WARN,
				      "time: give HH:MM, HH:MM:SS or YYYY-MM-DD HH:MM:SS");
			return UI_REDRAW;
		}
		return UI_JUMP;
	} else if (p == PROMPT_DELAY) {
		char why[300];
		double d;
		int ret;

		/* the bounds of -d, through the one setter */
		ret = settings_number(SET_DELAY, u->view.prompt.buf, &d);
		if (!ret)
			ret = ui_setting(u, SET_DELAY, "%s", u->view.prompt.buf);
		if (ret) {
			ui_set_status(u, ROLE_STATUS_WARN, "delay: %s",
				      settings_why(SET_DELAY, u->view.prompt.buf, ret, why,
						   sizeof(why)));
			return UI_REDRAW;
		}
		u->run.delay = d;
		return UI_DELAY;
	}
	return UI_REDRAW;
}

void ui_start_prompt(struct ui *u, enum ui_prompt p, const char *initial)
{
	u->view.prompt.kind = p;
	snprintf(u->view.prompt.buf, sizeof(u->view.prompt.buf), "%s", initial);
	u->view.prompt.len = u->view.prompt.pos = strlen(u->view.prompt.buf);
	u->view.prompt.sel = u->view.prompt.len > 0;	/* opened with text: all of it selected */
}

/* the start of the character after the one at byte at of s (n bytes) */
static size_t step_at(const char *s, size_t n, size_t at)
{
	while (++at < n && ((unsigned char)s[at] & 0xc0) == 0x80)
		;
	return at;
}

/* put n bytes of s at *x in the role, at most to the edge end; *x moves on */
static void put_part(int y, int *x, int end, int role, const char *s, size_t n)
{
	char part[640];

	if (!n || *x >= end)
		return;
	snprintf(part, sizeof(part), "%.*s", (int)n, s);
	ui_put(y, *x, end - *x, role, part);
	*x += ui_width(part);
}

/*
 * The prompt on row y, w cells: the question, the text (selected, in its
 * role), the cursor (a block on the character it is on, "_" after the
 * end).  Where it does not fit, the part with the cursor, the end of it
 * where that holds the cursor, and a mark where it is cut.
 */
void ui_draw_input(const struct ui_input *in, int y, int w, const char *question, bool ascii)
{
	char line[640];
	size_t q, at, n, skip = 0;
	int x = 0, cw;

	snprintf(line, sizeof(line), "%s%s", question, in->buf);
	q = strlen(question);
	q = q < strlen(line) ? q : strlen(line);
	n = strlen(line);
	at = q + in->pos < n ? q + in->pos : n;
	ui_fill(y, 0, w, ROLE_PROMPT);
	if (w < 2)
		return;
	/* the cursor's cell counts: "_" after the end */
	cw = ui_width(line) + (at == n);
	if (cw > w) {
		/* the end of the line, where the cursor is in it; else the
		 * part that ends with the cursor's character */
		int after = at < n ? ui_width(line + step_at(line, n, at)) : 0;

		while (skip < n && ui_width(line + skip) + (at == n) > w - 1)
			skip++;
		if (skip > at)
			for (skip = 0; skip < at && ui_width(line + skip) - after > w - 1; skip++)
				;
		while (skip < n && ((unsigned char)line[skip] & 0xc0) == 0x80)
			skip++;	/* not inside a character */
		ui_put_own(y, 0, 1, ROLE_PROMPT, ascii ? "<" : "\u2026");
		x = 1;
	}
	/* the question, the text before the cursor, under it, after it */
	if (skip < q)
		put_part(y, &x, w, ROLE_PROMPT, line + skip, q - skip);
	if (at > q && at > skip) {
		size_t from = skip > q ? skip : q;

		put_part(y, &x, w, in->sel ? ROLE_PROMPT_SEL : ROLE_PROMPT, line + from, at - from);
	}
	if (at < n) {
		size_t next = step_at(line, n, at);

		put_part(y, &x, w, ROLE_PROMPT_SEL, line + at, next - at);
		put_part(y, &x, w, in->sel ? ROLE_PROMPT_SEL : ROLE_PROMPT, line + next, n - next);
	} else if (x < w) {
		ui_put_own(y, x, 1, ROLE_PROMPT, "_");
	}
}
