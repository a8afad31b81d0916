// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The setters through which the dashboard's loop (src/dash) changes the
 * screen's state: the settings it starts with, the replay's place, the
 * clock and the graphs' history.  The loop reads struct ui; it writes it
 * only here.
 */
#include "history.h"
#include "priv.h"

void ui_start_run(struct ui *u, struct settings_store *set, const struct settings *s,
		  long sample_total)
{
	u->run.set = set;
	u->run.sample_total = sample_total;
	u->cache.vc.bytes = s->bytes;
	ui_set_look(u, s->ascii, !s->no_mouse);
}

void ui_start_view(struct ui *u, const struct settings *s)
{
	u->view.pid = (uint32_t)s->pid;
	if (s->groups)
		u->view.pane = UI_GROUPS;
	if (s->sort && view_col_find(VIEW_QPS, s->sort) >= 0) {
		u->view.panes[UI_QPS].sort = view_col_find(VIEW_QPS, s->sort);
		u->view.panes[UI_QPS].reverse = s->reverse;
	}
}

void ui_set_look(struct ui *u, bool ascii, bool mouse)
{
	u->view.ascii = ascii;
	u->view.mouse.on = mouse;
}

void ui_set_sample_no(struct ui *u, long no)
{
	u->run.sample_no = no;
}

void ui_replay_ended(struct ui *u)
{
	u->run.at_end = true;
	if (u->run.sample_no > 0)
		u->run.sample_total = u->run.sample_no;
}

void ui_set_stretched(struct ui *u)
{
	u->run.stretched = true;
}

void ui_pause(struct ui *u)
{
	u->run.paused = true;
}

void ui_history_gap(struct ui *u)
{
	hist_gap(&u->run.hist);
}

int ui_history_add(struct ui *u, const struct snapshot *s)
{
	return hist_update(&u->run.hist, s);
}
