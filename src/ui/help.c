// SPDX-License-Identifier: GPL-2.0-or-later
/* The help screen and the one-line key bar. */
#include <stdio.h>
#include <string.h>

#include "priv.h"

static const struct ui_keyhelp keys[] = {
	{ "h ?  F1", "this help (any key closes it)" },
	{ "q  F10", "quit" },
	{ "Tab  S-Tab  1-9 0", "switch table: 1 QPs, 2 Processes, 3 Counters, 4 Connections, "
	  "5 Links, 6 Devices, 7 CQs, 8 MRs, 9 PDs, 0 CTXs; SRQs (Tab), Groups (g)" },
	{ "g", "groups: processes by job, pod, container, unit; Enter: its processes" },
	{ "Up Down PgUp PgDn Home End", "move the selection" },
	{ "Enter", "details: a process's resources, a QP's fields, a link's graphs, a device's "
	  "fields, caps, ports and counters; in CQs ... SRQs, the owner's process" },
	{ "Esc  Backspace", "back from details; clear the filter (and the group shown)" },
	{ "< >  F6", "sort by the previous / next column" },
	{ "R", "reverse the sort order" },
	{ "/  F3", "search: select the next row containing the text" },
	{ "n", "next search match" },
	{ "\\  o  F4", "filter rows: key=val key!=val key~regex key!~regex" },
	{ "p", "show only the selected process (again: all)" },
	{ "e", "counters: errors, flushes and congestion only (again: all)" },
	{ "space", "pause / resume sampling" },
	{ "+ -", "refresh interval up / down" },
	{ "d", "type a refresh interval in seconds" },
	{ "t  C", "next colour theme (in replay, C only)" },
	{ "N", "change the RDMA netns mode (system-wide; asks to type yes first)" },
	{ "Q", "change the selected link's QP counter mode (asks to type the mode)" },
	{ "W", "write the settings (interval, theme, sort, filter, mouse, columns) to the config file" },
	{ "S  F2", "column setup: Space show/hide, [ ] move, Tab next table, Esc done" },
	{ "mouse", "click a header: sort (again: reverse); a tab: switch; a row: select," },
	{ "", "double click: details; wheel: scroll (--no-mouse: off)" },
	{ "t  T", "replay: next / previous sample" },
	{ "b", "replay: go to a time (HH:MM[:SS] or YYYY-MM-DD HH:MM[:SS])" },
	{ "(dim rows)", "QP data older than the interval (--budget: its table is carried; the" },
	{ "", "QPs on screen are read again every sample; the QP tab's title: the table's age)" },
	{ "", "live, a table no tab on screen shows is not read; switching to it reads it at once" },
	{ "sat  65535+", "a counter stopped at its maximum (IB PMA counters saturate, not wrap):" },
	{ "", "its rate is unknown; only a reset (perfquery -R, privileged) clears it" },
};

const struct ui_keyhelp *ui_keys_help(size_t *n)
{
	*n = sizeof(keys) / sizeof(keys[0]);
	return keys;
}

void ui_draw_help(struct ui *u, const struct ui_layout *l)
{
	int y = l->status.y, h = l->keybar.y - y, i, n = (int)(sizeof(keys) / sizeof(keys[0]));
	char buf[128];

	ui_put(y, 0, l->table.w, ROLE_TITLE, "Keys");
	snprintf(buf, sizeof(buf), "theme: %s   (rdmatop --help lists the options)",
		 u->theme.name);
	ui_put_right(y, 0, l->table.w, ROLE_DEFAULT, buf);
	if (u->help_top > n - (h - 1))
		u->help_top = n - (h - 1);
	if (u->help_top < 0)
		u->help_top = 0;
	for (i = u->help_top; i < n && i - u->help_top < h - 1; i++) {
		int row = y + 1 + i - u->help_top;

		ui_put_own(row, 1, 28, ROLE_KEY, keys[i].key);
		ui_put(row, 30, l->table.w - 30, ROLE_DEFAULT, keys[i].what);
	}
}

void ui_draw_keybar(struct ui *u, const struct ui_layout *l)
{
	static const char *const bar[][2] = {
		{ "F1", "Help" }, { "F3", "Search" }, { "F4", "Filter" }, { "F6", "Sort" },
		{ "Tab", "Table" }, { "Enter", "Detail" }, { "Spc", "Pause" }, { "q", "Quit" },
	};
	int y = l->keybar.y, x = 0;
	size_t i;

	if (u->prompt != PROMPT_NONE) {
		char qpcnt_prompt[240];
		const char *what;

		snprintf(qpcnt_prompt, sizeof(qpcnt_prompt), "QP counters of %s are %s; auto mode "
			 "binds QPs created from then on. type the new mode (type, pid, type,pid, "
			 "off): ", u->qpcnt_link, u->qpcnt_now);
		what = u->prompt == PROMPT_FILTER ? "filter: " :
				   u->prompt == PROMPT_SEARCH ? "search: " :
				   u->prompt == PROMPT_TIME ? "go to time: " :
				   u->prompt == PROMPT_NETNS ? (u->netns_want ?
				   "set the RDMA netns mode to SHARED for the whole system (devices "
				   "visible in every namespace)? type yes: " :
				   "set the RDMA netns mode to EXCLUSIVE for the whole system (only "
				   "possible before other namespaces exist)? type yes: ") :
				   u->prompt == PROMPT_QPCNT ? qpcnt_prompt :
				   "delay (s): ";
		char buf[640];

		ui_fill(y, 0, l->keybar.w, ROLE_PROMPT);
		snprintf(buf, sizeof(buf), "%s%s_", what, u->input);
		ui_put(y, 0, l->keybar.w, ROLE_PROMPT, buf);
		return;
	}
	for (i = 0; i < sizeof(bar) / sizeof(bar[0]); i++) {
		int kw = (int)strlen(bar[i][0]), lw = (int)strlen(bar[i][1]);

		if (x + kw + lw + 1 > l->keybar.w)
			break;
		ui_put(y, x, kw, ROLE_KEY, bar[i][0]);
		x += kw;
		ui_put(y, x, lw + 1, ROLE_KEY_LABEL, bar[i][1]);
		x += lw + 1;
	}
	ui_fill(y, x, l->keybar.w - x, ROLE_KEY_LABEL);
}
