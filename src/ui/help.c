// SPDX-License-Identifier: GPL-2.0-or-later
/* The help screen (drawn from the key table of keys.c) and the key bar. */
#include <stdio.h>
#include <string.h>

#include "priv.h"

/* Lines the help takes at width w (descriptions wrapped), and with
 * draw, those from line top on drawn from row y, at most h of them. */
static int help_lines(const struct ui *u, int w, int y, int top, int h, bool draw)
{
	int kw = w >= 70 ? 28 : 18, dw = w - kw - 2, line = 0;
	size_t i, n;
	const struct ui_keydef *keys = ui_keys(&n);

	(void)u;
	for (i = 0; i < n; i++) {
		char text[512];
		const char *p = text, *key = keys[i].key;
		bool first = true;
		size_t k = (size_t)snprintf(text, sizeof(text), "%s", keys[i].what);

		/* rows without a key go on the text of the one before */
		while (i + 1 < n && !keys[i + 1].key[0] && k < sizeof(text))
			k += (size_t)snprintf(text + k, sizeof(text) - k, " %s", keys[++i].what);

		do {
			size_t len = ui_wrap_at(p, dw > 10 ? dw : 10);
			char part[256];

			if (draw && line >= top && line - top < h) {
				int row = y + line - top;

				if (first)
					ui_put_own(row, 1, kw, ROLE_KEY, key);
				snprintf(part, sizeof(part), "%.*s", (int)len, p);
				ui_put(row, kw + 2, dw, ROLE_DEFAULT, part);
			}
			p += len;
			while (*p == ' ')
				p++;
			first = false;
			line++;
		} while (*p);
	}
	return line;
}

void ui_draw_help(struct ui *u, const struct ui_layout *l)
{
	/* a page below the status line, which keeps its message */
	int y = l->page.y, h = l->page.h - 1, n = help_lines(u, l->table.w, 0, 0, 0, false);
	char buf[160];
	int k;

	if (h < 1)
		h = 1;
	if (u->view.help.top > n - h)
		u->view.help.top = n - h;
	if (u->view.help.top < 0)
		u->view.help.top = 0;
	u->view.help.page = h;
	ui_clear(&l->page);
	ui_put(y, 0, l->table.w, ROLE_TITLE, "Keys");
	/* where the page is, and how to move: the rest may be below the fold;
	 * q quits here too (ui_key), every other key closes the help */
	k = snprintf(buf, sizeof(buf),
		     "lines %d-%d of %d  PgUp PgDn Home End: scroll  q quits, other keys close",
		     u->view.help.top + 1, u->view.help.top + h < n ? u->view.help.top + h : n, n);
	if (k + 20 + (int)strlen(u->view.theme.name) < l->table.w)
		snprintf(buf + k, sizeof(buf) - (size_t)k, "   theme: %s", u->view.theme.name);
	ui_put_right(y, 6, l->table.w - 6, ROLE_DEFAULT, buf);
	help_lines(u, l->table.w, y + 1, u->view.help.top, h, true);
}

/*
 * The prompt's question: the long one where it fits with what is typed,
 * else the short one (the help has the rest).
 */
static const char *question(const struct ui *u, int w, char *buf, size_t len)
{
	const char *q[2];
	int i;

	switch (u->view.prompt.kind) {
	case PROMPT_FILTER: return "filter: ";
	case PROMPT_SEARCH: return "search: ";
	case PROMPT_TIME: return "go to time: ";
	case PROMPT_NETNS:
		q[0] = u->view.netns_want ? "set the RDMA netns mode to SHARED for the whole system "
				       "(devices visible in every namespace)? type yes: " :
				       "set the RDMA netns mode to EXCLUSIVE for the whole system "
				       "(only possible before other namespaces exist)? type yes: ";
		q[1] = u->view.netns_want ? "RDMA netns mode SHARED, system-wide? type yes: " :
				       "RDMA netns mode EXCLUSIVE, system-wide? type yes: ";
		return (int)strlen(q[0]) + (int)u->view.prompt.len + 1 <= w ? q[0] : q[1];
	case PROMPT_QPCNT:
		for (i = 0; i < 2; i++) {
			snprintf(buf, len, i ? "QP counters of %s (%s) to type, pid, type,pid or "
				 "off: " : "QP counters of %s are %s; auto mode binds QPs created "
				 "from then on. type the new mode (type, pid, type,pid, off): ",
				 u->view.qpcnt_link, u->view.qpcnt_now);
			if (ui_width(buf) + (int)u->view.prompt.len + 1 <= w)
				break;
		}
		return buf;
	case PROMPT_CONTROL: return u->view.ctl.prompt;
	default: return "delay (s): ";
	}
}

/* The prompt in the key bar: the question and the text typed (prompt.c). */
static void draw_prompt(const struct ui *u, const struct ui_layout *l)
{
	char q[240];

	ui_draw_input(&u->view.prompt, l->keybar.y, l->keybar.w, question(u, l->keybar.w, q, sizeof(q)),
		      u->view.ascii);
}

struct bar_key {
	const char *key, *label;
};

/* Keys and what they do, left to right, as many as fit; the next x. */
static int draw_bar(const struct ui_layout *l, const struct bar_key *bar, size_t n)
{
	int y = l->keybar.y, x = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		int kw = (int)strlen(bar[i].key), lw = (int)strlen(bar[i].label);

		if (x + kw + lw + 1 > l->keybar.w)
			break;
		ui_put_own(y, x, kw, ROLE_KEY, bar[i].key);
		x += kw;
		if (strchr(bar[i].key, ' ') && x + lw + 2 <= l->keybar.w)
			x++;	/* "Home End Scroll", not "Home EndScroll" */
		ui_put(y, x, lw + 1, ROLE_KEY_LABEL, bar[i].label);
		x += lw + 1;
	}
	ui_fill(y, x, l->keybar.w - x, ROLE_KEY_LABEL);
	return x;
}

#define BAR(b) b, sizeof(b) / sizeof(b[0])

/*
 * The key bar: the keys of what is on screen (the main screen, a detail,
 * the help, the column setup, the sort list), or the prompt.  The main
 * screen's ends with the sort ("sorted by PSN/s ▼"), as much as fits.
 */
void ui_draw_keybar(struct ui *u, const struct ui_layout *l)
{
	static const struct bar_key bar[] = {
		{ "F1", "Help" }, { "F3", "Search" }, { "F4", "Filter" }, { "F6", "Sort" },
		{ "Tab", "Table" }, { "Enter", "Detail" }, { "Spc", "Pause" }, { "q", "Quit" },
	};
	static const struct bar_key detail[] = {
		{ "Esc", "Back" }, { "Up Dn PgUp PgDn Home End", "Scroll" }, { "F1", "Help" },
		{ "Spc", "Pause" }, { "q", "Quit" },
	};
	/* live, the detail of a QP or device has X; a link's Q and X (80 columns) */
	static const struct bar_key control[] = {
		{ "Esc", "Back" }, { "Up Dn PgUp PgDn Home End", "Scroll" }, { "F1", "Help" },
		{ "Spc", "Pause" }, { "X", "Control" }, { "q", "Quit" },
	};
	static const struct bar_key link[] = {
		{ "Esc", "Back" }, { "Up Dn PgUp PgDn Home End", "Scroll" }, { "F1", "Help" },
		{ "Spc", "Pause" }, { "Q", "QP mode" }, { "X", "Control" }, { "q", "Quit" },
	};
	static const struct bar_key help[] = {
		{ "Up Dn PgUp PgDn Home End", "Scroll" }, { "Esc", "Close" }, { "q", "Quit" },
	};
	static const struct bar_key setup[] = {
		{ "Space", "Show/hide" }, { "[ ]", "Move" }, { "Tab", "Next table" },
		{ "W", "Save" }, { "Esc", "Done" },
	};
	static const struct bar_key sortlist[] = {
		{ "Enter", "Sort" }, { "Esc", "Cancel" }, { "Up Dn PgUp PgDn Home End", "Move" },
	};
	char sort[64];
	const char *forms[3];
	int x, i, w = l->keybar.w;

	if (u->view.prompt.kind != PROMPT_NONE) {
		draw_prompt(u, l);
		return;
	}
	if (u->view.setup) {
		draw_bar(l, BAR(setup));
		return;
	}
	if (u->view.sortlist) {
		draw_bar(l, BAR(sortlist));
		return;
	}
	if (u->view.help.on) {
		draw_bar(l, BAR(help));
		return;
	}
	if (u->view.detail.kind != DETAIL_NONE) {
		if (u->view.detail.kind == DETAIL_LINK && !u->run.replay)
			draw_bar(l, BAR(link));
		else if (u->view.detail.kind != DETAIL_PROC && !u->run.replay)
			draw_bar(l, BAR(control));
		else
			draw_bar(l, BAR(detail));
		return;
	}
	x = draw_bar(l, BAR(bar));
	if (!ui_sort_label(u, sort, sizeof(sort))[0])
		return;
	/* "sorted by PSN/s ▼", "by PSN/s ▼" or "PSN/s ▼" */
	forms[0] = "sorted by ";
	forms[1] = "by ";
	forms[2] = "";
	for (i = 0; i < 3; i++) {
		char buf[96];
		int bw;

		snprintf(buf, sizeof(buf), "%s%s", forms[i], sort);
		bw = ui_width(buf);
		if (x + bw + 1 <= w) {
			ui_put_right(l->keybar.y, x, w - x, ROLE_KEY_LABEL, buf);
			return;
		}
	}
}
