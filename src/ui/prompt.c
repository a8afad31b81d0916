// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The prompts of the key bar (filter, search, interval, time, and the
 * confirmations of N, Q and X): what is typed, and what Enter does with it.
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
	time_t base = u->s ? u->s->wall.tv_sec : time(NULL);
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

enum ui_prompt ui_input_key(struct ui_input *in, int key)
{
	enum ui_prompt p = in->kind;

	if (key == KEY_ESC) {
		in->kind = PROMPT_NONE;
	} else if (key == KEY_BACKSPACE || key == 127 || key == 8) {
		if (in->len)
			in->buf[--in->len] = '\0';
	} else if (key == '\n' || key == '\r' || key == KEY_ENTER) {
		in->kind = PROMPT_NONE;
		return p;
	} else if (key >= 32 && key < 127 && in->len + 1 < sizeof(in->buf)) {
		in->buf[in->len++] = (char)key;
		in->buf[in->len] = '\0';
	}
	return PROMPT_NONE;
}

enum ui_action ui_prompt_key(struct ui *u, int key)
{
	enum ui_prompt p = ui_input_key(&u->prompt, key);

	if (p == PROMPT_FILTER) {
		ui_set_filter(u, u->prompt.buf);
		ui_filter_setting(u);
	} else if (p == PROMPT_SEARCH) {
		snprintf(u->search, sizeof(u->search), "%.63s", u->prompt.buf);
		size_t *sel = &u->panes[u->pane].sel;

		*sel = *sel ? *sel - 1 : u->n_rows;
		ui_search_next(u);
	} else if (p == PROMPT_NETNS) {
		if (strcmp(u->prompt.buf, "yes")) {
			ui_set_status(u, ROLE_STATUS_INFO, "netns mode: nothing changed");
			return UI_REDRAW;
		}
		return UI_NETNS;
	} else if (p == PROMPT_QPCNT) {
		static const char *const modes[] = { "type", "pid", "type,pid", "pid,type", "off" };
		size_t i;

		for (i = 0; i < sizeof(modes) / sizeof(modes[0]) &&
			    strcmp(u->prompt.buf, modes[i]);
		     i++)
			;
		if (i == sizeof(modes) / sizeof(modes[0])) {
			ui_set_status(u, ROLE_STATUS_INFO, "QP counters of %s: nothing changed",
				      u->qpcnt_link);
			return UI_REDRAW;
		}
		snprintf(u->qpcnt_mode, sizeof(u->qpcnt_mode), "%s", modes[i]);
		return UI_QPCNT;
	} else if (p == PROMPT_CONTROL) {
		return ui_control_typed(u);
	} else if (p == PROMPT_TIME) {
		if (parse_time(u, u->prompt.buf, &u->jump_wall)) {
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
		ret = settings_number(SET_DELAY, u->prompt.buf, &d);
		if (!ret)
			ret = ui_setting(u, SET_DELAY, "%s", u->prompt.buf);
		if (ret) {
			ui_set_status(u, ROLE_STATUS_WARN, "delay: %s",
				      settings_why(SET_DELAY, u->prompt.buf, ret, why,
						   sizeof(why)));
			return UI_REDRAW;
		}
		u->delay = d;
		return UI_DELAY;
	}
	return UI_REDRAW;
}

void ui_start_prompt(struct ui *u, enum ui_prompt p, const char *initial)
{
	u->prompt.kind = p;
	snprintf(u->prompt.buf, sizeof(u->prompt.buf), "%s", initial);
	u->prompt.len = strlen(u->prompt.buf);
}
