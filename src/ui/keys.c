// SPDX-License-Identifier: GPL-2.0-or-later
/* Keys: htop/top habits, one table of keys and their help (keydefs[]). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <curses.h>

#include "priv.h"

#define KEY_ESC 27
#define KEY_TAB '\t'

static const double delays[] = { 0.1, 0.2, 0.5, 1, 2, 3, 5, 10, 30, 60 };
#define N_DELAYS (sizeof(delays) / sizeof(delays[0]))

static void find_delay(struct ui *u, int dir)
{
	size_t i;

	if (dir > 0) {
		for (i = 0; i < N_DELAYS; i++)
			if (delays[i] > u->run.delay + 1e-9) {
				u->run.delay = delays[i];
				return;
			}
	} else {
		for (i = N_DELAYS; i-- > 0;)
			if (delays[i] < u->run.delay - 1e-9) {
				u->run.delay = delays[i];
				return;
			}
	}
}

static void step_delay(struct ui *u, int dir)
{
	find_delay(u, dir);
	ui_setting(u, SET_DELAY, "%g", u->run.delay);
}

/* The link Q is about: the link detail's, or the Links table's selected
 * row; its QP counter mode must be known.  Fills qpcnt_link and _now. */
static bool qpcnt_link(struct ui *u)
{
	const struct snap_dev *d = NULL;
	const struct snap_port *p = NULL;
	uint32_t port = 0;

	if (u->run.replay || !u->run.s)
		return false;
	if (u->view.detail.kind == DETAIL_LINK) {
		d = snap_dev_by_name(u->run.s, u->view.detail.key.name);
		port = u->view.detail.key.a;
	} else if (u->view.pane == UI_LINKS && u->view.panes[u->view.pane].sel < u->cache.n_rows) {
		const struct snap_port *sp = SNAP_AT(&u->run.s->ports, struct snap_port,
						     u->cache.rows[u->view.panes[u->view.pane].sel]);

		d = snap_dev_find(u->run.s, sp->dev);
		port = sp->port;
	}
	if (d)
		p = snap_port_find(u->run.s, d->index, port);
	if (!p || !SNAP_HAS(p, SNAP_PORT_QP_MODE))
		return false;
	snprintf(u->view.qpcnt_link, sizeof(u->view.qpcnt_link), "%s/%u", d->name, port);
	view_qp_mode_str(p, u->view.qpcnt_now, sizeof(u->view.qpcnt_now));
	return true;
}

/*
 * The next sort column among those on screen (as many as fit the width),
 * natural order (-1) between the last and the first; a column chosen
 * sorts in its first order (ui_sort_desc_first).
 */
static void step_sort(struct ui *u, int dir)
{
	int idx[UI_COLS_MAX], n = ui_table_fit(u, u->view.pane, u->run.cols_n, idx, UI_COLS_MAX), i;
	int pos = -1;

	for (i = 0; i < n; i++)
		if (idx[i] == u->view.panes[u->view.pane].sort)
			pos = i;
	if (pos < 0 && u->view.panes[u->view.pane].sort >= 0 && dir < 0)
		pos = n;	/* from a column off screen: '<' to the last on it */
	pos += dir;
	if (pos < -1)
		pos = n - 1;
	if (pos >= n)
		pos = -1;
	ui_sort_pick(u, pos < 0 ? -1 : idx[pos]);
}

/*
 * The main screen's keys (the detail view, the help, the setup and the
 * prompts take theirs first): what each does, one function a row, or k_do
 * for the keys whose row names a prompt to open or a function to call.
 */
static const struct ui_keydef *key_row(int key);

/* A key that does what its row names: opens a prompt (the search's with
 * the last text searched for, selected), or calls. */
static enum ui_action k_do(struct ui *u, int key)
{
	const struct ui_keydef *d = key_row(key);

	if (d->prompt != PROMPT_NONE)
		ui_start_prompt(u, d->prompt, d->prompt == PROMPT_SEARCH ? u->view.search : "");
	else if (d->call)
		d->call(u);
	return UI_REDRAW;
}

static enum ui_action k_help(struct ui *u, int key)
{
	(void)key;
	u->view.help.on = true;
	u->view.help.top = 0;
	return UI_REDRAW;
}

static enum ui_action k_quit(struct ui *u, int key)
{
	(void)u, (void)key;
	return UI_QUIT;
}

static enum ui_action k_pane(struct ui *u, int key)
{
	if (key == KEY_TAB)
		ui_set_pane(u, ui_pane_step(u, 1));
	else if (key == KEY_BTAB)
		ui_set_pane(u, ui_pane_step(u, -1));
	else if (key == '0')	/* the tenth tab */
		ui_set_pane(u, (enum ui_pane)9);
	else
		ui_set_pane(u, (enum ui_pane)(key - '1'));
	return UI_REDRAW;
}

/*
 * Left/Right: scroll the columns that are not key columns (htop's
 * horizontal scroll), one a key, within what the last screen showed: no
 * further right than the last column, no further left than the first.
 */
static enum ui_action k_hscroll(struct ui *u, int key)
{
	int *skip = &u->view.panes[u->view.pane].hskip;

	if (key == KEY_RIGHT && u->view.mouse.hit.right > 0)
		(*skip)++;
	else if (key == KEY_LEFT && *skip > 0)
		(*skip)--;
	else
		ui_set_status(u, ROLE_STATUS_INFO, "%s",
			      key == KEY_RIGHT ? "the last column is on screen" :
						 "the first column is on screen");
	return UI_REDRAW;
}

static enum ui_action k_groups(struct ui *u, int key)
{
	(void)key;
	ui_set_pane(u, UI_GROUPS);
	return UI_REDRAW;
}

static enum ui_action k_stalls(struct ui *u, int key)
{
	(void)key;
	ui_set_pane(u, UI_STALLS);
	return UI_REDRAW;
}

static enum ui_action k_move(struct ui *u, int key)
{
	long page = (long)(u->run.rows_n > 12 ? u->run.rows_n - 12 : 1);

	switch (key) {
	case KEY_UP: ui_move_sel(u, -1); break;
	case KEY_DOWN: ui_move_sel(u, 1); break;
	case KEY_PPAGE: ui_move_sel(u, -page); break;
	case KEY_NPAGE: ui_move_sel(u, page); break;
	case KEY_HOME: ui_move_sel(u, -(long)u->cache.n_rows); break;
	case KEY_END: ui_move_sel(u, (long)u->cache.n_rows); break;
	}
	return UI_REDRAW;
}

static enum ui_action k_back(struct ui *u, int key)
{
	(void)key;
	if (u->view.filter_text[0] || u->view.pid || u->view.group_set) {
		u->view.pid = 0;
		u->view.group_set = false;
		ui_set_filter(u, NULL);
		ui_filter_setting(u);
		ui_set_status(u, ROLE_STATUS_INFO, "filter cleared");
	}
	return UI_REDRAW;
}

static enum ui_action k_sort(struct ui *u, int key)
{
	step_sort(u, key == '<' ? -1 : 1);
	return UI_REDRAW;
}

static enum ui_action k_reverse(struct ui *u, int key)
{
	(void)key;
	u->view.panes[u->view.pane].reverse = !u->view.panes[u->view.pane].reverse;
	ui_sort_changed(u);
	return UI_REDRAW;
}

/* the filter's prompt starts from the filter in force, selected: typing
 * replaces it, End or Right edits it */
static enum ui_action k_filter(struct ui *u, int key)
{
	(void)key;
	ui_start_prompt(u, PROMPT_FILTER, u->view.filter_text);
	return UI_REDRAW;
}

static enum ui_action k_pid(struct ui *u, int key)
{
	(void)key;
	u->view.pid = u->view.pid ? 0 : ui_selected_pid(u);
	if (u->view.pid)
		ui_set_status(u, ROLE_STATUS_INFO, "showing process %u (p: all)", u->view.pid);
	ui_refresh_rows(u);
	return UI_REDRAW;
}

static enum ui_action k_errors(struct ui *u, int key)
{
	(void)key;
	u->view.errors_only = !u->view.errors_only;
	ui_set_status(u, ROLE_STATUS_INFO, "counters: %s", u->view.errors_only ?
		      "errors, flushes, congestion and flow control only (e: all)" : "all");
	if (u->view.errors_only && u->view.pane != UI_COUNTERS)
		u->view.pane = UI_COUNTERS;
	ui_refresh_rows(u);
	return UI_REDRAW;
}

/* Space, on the main screen and in a detail: said on the status line too
 * (the header's PAUSED is one word among many) */
static enum ui_action k_pause(struct ui *u, int key)
{
	(void)key;
	u->run.paused = !u->run.paused;
	ui_set_status(u, u->run.paused ? ROLE_STATUS_WARN : ROLE_STATUS_INFO, "%s",
		      u->run.paused ? "paused (Space: resume)" : "resumed");
	return UI_PAUSE;
}

static enum ui_action k_delay(struct ui *u, int key)
{
	double was = u->run.delay;

	step_delay(u, key == '+' ? 1 : -1);
	ui_set_status(u, ROLE_STATUS_INFO, "refresh interval %gs%s", u->run.delay,
		      u->run.delay == was ? (key == '+' ? " (+ goes no higher; d types any)" :
					 " (- goes no lower; d types any)") : "");
	return UI_DELAY;
}

static enum ui_action k_theme(struct ui *u, int key)
{
	char err[256];

	/* in a replay t steps; C cycles themes in both modes */
	if (key == 't' && u->run.replay)
		return UI_STEP;
	if (!u->view.n_themes)
		return UI_REDRAW;
	u->view.theme_idx = (u->view.theme_idx + 1) % u->view.n_themes;
	if (theme_load(&u->view.theme, u->view.themes[u->view.theme_idx], ui_theme_dirs(), err, sizeof(err)))
		ui_set_status(u, ROLE_STATUS_WARN, "%s", err);
	else
		ui_set_status(u, ROLE_STATUS_INFO, "theme: %s", u->view.theme.name);
	ui_setting(u, SET_THEME, "%s", u->view.theme.name);
	ui_screen_theme(u);
	return UI_REDRAW;
}

static enum ui_action k_netns(struct ui *u, int key)
{
	(void)key;
	/* a change rdmatop makes (Q is the other): only live, only confirmed */
	if (u->run.replay || !u->run.s || !(u->run.s->sys.valid & SNAP_SYS_NETNS_MODE)) {
		ui_set_status(u, ROLE_STATUS_WARN, "netns mode: %s", u->run.replay ?
			      "not while replaying" : "not reported by this kernel");
		return UI_REDRAW;
	}
	u->view.netns_want = !u->run.s->sys.netns_shared;
	ui_start_prompt(u, PROMPT_NETNS, "");
	return UI_REDRAW;
}

static enum ui_action k_qpcnt(struct ui *u, int key)
{
	(void)key;
	/* a port's QP counter mode: only live, only typed */
	if (!qpcnt_link(u)) {
		ui_set_status(u, ROLE_STATUS_WARN, "QP counters: %s", u->run.replay ?
			      "not while replaying" : "select a link whose kernel reports its "
			      "QP counter mode (5 Links, or a link's detail)");
		return UI_REDRAW;
	}
	ui_start_prompt(u, PROMPT_QPCNT, "");
	return UI_REDRAW;
}

/* a link's throughput in bits (its rate's unit) or bytes per second */
static enum ui_action k_units(struct ui *u, int key)
{
	(void)key;
	u->cache.vc.bytes = !u->cache.vc.bytes;
	ui_setting(u, SET_BYTES, "%s", u->cache.vc.bytes ? "yes" : "no");
	ui_set_status(u, ROLE_STATUS_INFO, "link throughput in %s per second (u: %s)",
		      u->cache.vc.bytes ? "bytes" : "bits", u->cache.vc.bytes ? "bits" : "bytes");
	return UI_REDRAW;
}

static enum ui_action k_save(struct ui *u, int key)
{
	(void)u, (void)key;
	return UI_SAVE;
}

static enum ui_action k_setup(struct ui *u, int key)
{
	(void)key;
	u->view.setup = true;
	u->view.setup_sel = 0;
	return UI_REDRAW;
}

static enum ui_action k_step_back(struct ui *u, int key)
{
	(void)key;
	return u->run.replay ? UI_STEP_BACK : UI_REDRAW;
}

static enum ui_action k_time(struct ui *u, int key)
{
	(void)key;
	if (u->run.replay)
		ui_start_prompt(u, PROMPT_TIME, "");
	return UI_REDRAW;
}

#define ESC KEY_ESC
#define BS KEY_BACKSPACE
/*
 * The keys and their help, one row each (tmux's key-bindings.c notes): the
 * key codes, the keys as the help shows them, what the help says, and what
 * they do (k_do: the prompt or the call the row names).  A row without run
 * is the help's only (the mouse, notes).
 */
static const struct ui_keydef keydefs[] = {
	{ { 'h', '?', KEY_F(1) }, "h ?  F1",
	  "this help (Up Down PgUp PgDn Home End scroll it; q quits, any other key closes it)",
	  .run = k_help },
	{ { 'q', KEY_F(10) }, "q  F10", "quit", .run = k_quit },
	{ { KEY_TAB, KEY_BTAB, '1', '2', '3', '4', '5', '6', '7', '8', '9', '0' },
	  "Tab  S-Tab  1-9 0", NULL /* the panes' titles: pane_help() */, .run = k_pane },
	{ { 'g' }, "g", "groups: processes by job, pod, container, unit; Enter: its processes",
	  .run = k_groups },
	{ { 's' }, "s", "stalls: the stalled and erred QPs, the worst and oldest first; Enter: "
	  "the QP, its state and PSNs since when", .run = k_stalls },
	{ { KEY_UP, KEY_DOWN, KEY_PPAGE, KEY_NPAGE, KEY_HOME, KEY_END },
	  "Up Down PgUp PgDn Home End", "move the selection", .run = k_move },
	{ { KEY_LEFT, KEY_RIGHT }, "Left Right",
	  "scroll the columns (the key columns stay; \u00ab \u00bb mark those out of view)",
	  .run = k_hscroll },
	{ { '\n', '\r', KEY_ENTER }, "Enter", "details: a process's resources, a QP's fields, "
	  "a link's graphs, a device's fields, caps, ports and counters; in CQs ... SRQs, the "
	  "owner's process", .run = k_do, .call = ui_open_detail },
	{ { ESC, BS, 127, 8 }, "Esc  Backspace",
	  "back from details (they have their own key bar: Up Down PgUp PgDn Home End scroll, "
	  "Space pauses, Q on a link); clear the filter (and the group shown)", .run = k_back },
	{ { '<', '>' }, "< >", "sort by the previous / next column on screen (rates and counts "
	  "high to low first, the others low to high); the table from its first row, the "
	  "selection there unless it is on the first screen", .run = k_sort },
	{ { KEY_F(6) }, "F6", "sort by: the table's columns, Enter picks one, Esc keeps the sort",
	  .run = k_do, .call = ui_sortlist_open },
	{ { 'R' }, "R", "reverse the sort order (the arrow down: high to low, up: low to "
	  "high; the key bar says the sort)", .run = k_reverse },
	{ { '/', KEY_F(3) }, "/  F3", "search: select the next row containing the text",
	  .run = k_do, .prompt = PROMPT_SEARCH },
	{ { 'n' }, "n", "next search match", .run = k_do, .call = ui_search_next },
	{ { '\\', 'o', KEY_F(4) }, "\\  o  F4",
	  "filter rows: key=val key!=val key~regex key!~regex (the prompt opens with the "
	  "filter in force selected: typing replaces it, End edits it)", .run = k_filter },
	{ { 'p' }, "p", "show only the selected process (again: all)", .run = k_pid },
	{ { 'e' }, "e", "counters: errors, flushes, congestion and flow control (pause, PFC) only (again: all)",
	  .run = k_errors },
	{ { ' ' }, "space", "pause / resume sampling", .run = k_pause },
	{ { '+', '-' }, "+ -", "refresh interval up / down", .run = k_delay },
	{ { 'd' }, "d", "type a refresh interval in seconds", .run = k_do, .prompt = PROMPT_DELAY },
	{ { 't', 'C' }, "t  C", "next colour theme (in replay, C only)", .run = k_theme },
	{ { 'u' }, "u", "a link's throughput in bits per second (as its rate: Gb/s beside "
	  "400 Gb/sec) or bytes (KiB/s, MiB/s)", .run = k_units },
	{ { 'N' }, "N", "change the RDMA netns mode (system-wide; asks to type yes first): "
	  "shared, every namespace sees every device; exclusive, a device only in its own, "
	  "possible only before other namespaces exist", .run = k_netns },
	{ { 'Q' }, "Q", "change the QP counter mode of the link selected or shown (asks to "
	  "type the mode: type, pid, type,pid, off); auto mode binds the QPs created from "
	  "then on", .run = k_qpcnt },
	{ { 'X' }, "X",
	  "on the QP selected or shown: bind or unbind its counter; link: its optional "
	  "counters; device: move it to a network namespace (asks to type it)",
	  .run = ui_control_key },
	{ { 'W' }, "W",
	  "write the settings (interval, theme, sort, filter, units, mouse, columns) to the "
	  "config file",
	  .run = k_save },
	{ { 'S', KEY_F(2) }, "S  F2",
	  "column setup: Space show/hide, [ ] move, Tab next table, Esc done", .run = k_setup },
	{ .key = "marks", .what = "a header ending in a double angle (ASCII >): columns left "
	  "out, F2 or a wider terminal shows them (the key columns stay at any width); an "
	  "ellipsis (ASCII ~): a text cut to fit, a name in the middle" },
	{ .key = "mouse", .what = "click a header: sort (again: reverse); a tab: switch; a row: "
	  "select, double click: details; wheel: scroll (--no-mouse: off)" },
	{ .key = "network", .what = "the line under the header: the worst port and why (or "
	  "network OK); 5 Links: HEALTH, pause frames (PAUSE RX/s, TX/s), discards, FEC "
	  "uncorrectable blocks, FCS and symbol errors per port; Enter on a link: PFC per "
	  "priority (its pauses and the share of time paused), FEC, the verdict's reasons" },
	/* t steps in a replay: k_theme's row has the key */
	{ { 'T' }, "t  T", "replay: next / previous sample (playback pauses there)", .run = k_step_back },
	{ { 'b' }, "b", "replay: go to a time (HH:MM[:SS] or YYYY-MM-DD HH:MM[:SS])",
	  .run = k_time },
	{ .key = "(dim rows)", .what = "QP data older than the interval (--budget: its table is "
	  "carried; the QPs on screen are read again every sample; the QP tab's title: the "
	  "table's age); live, a table no tab on screen shows is not read; switching to it "
	  "reads it at once" },
	{ .key = "sat  65535+", .what = "a counter stopped at its maximum (IB PMA counters "
	  "saturate, not wrap): its rate is unknown; only a reset (perfquery -R, privileged) "
	  "clears it" },
	{ .key = "FLAPS", .what = "link downs the kernel counted since boot or driver load, "
	  "not since rdmatop started (IB link_downed, else carrier_down_count); LASTCHG: since "
	  "the link's last change seen; Enter on a link: the changes" },
	{ .key = "SRC  UTIL%", .what = "where a link's throughput is counted (pma, driver, "
	  "netdev); the busier direction against the link's rate" },
};
#undef BS
#undef ESC
#define N_KEYDEFS (sizeof(keydefs) / sizeof(keydefs[0]))

/* The switch-table row's help, from the panes in their order: "1 QPs, ...,
 * 0 CTXs; SRQs, FRMR pools (Tab), Groups (g)". */
static const char *pane_help(void)
{
	static char text[512];
	char made[64];
	size_t i, k;

	if (text[0])
		return text;
	k = (size_t)snprintf(text, sizeof(text), "switch table:");
	for (i = 0; i < UI_PANE_N && k < sizeof(text); i++) {
		const char *t = ui_pane_title((enum ui_pane)i, made, sizeof(made));

		if (i == UI_GROUPS || i == UI_STALLS)
			continue;
		if (i < 10)
			k += (size_t)snprintf(text + k, sizeof(text) - k, "%s %zu %s",
					      i ? "," : "", (i + 1) % 10, t);
		else
			k += (size_t)snprintf(text + k, sizeof(text) - k, "%s %s",
					      i == 10 ? ";" : ",", t);
	}
	if (k < sizeof(text))
		k += (size_t)snprintf(text + k, sizeof(text) - k, " (Tab), %s (g)",
				      ui_pane_title(UI_GROUPS, made, sizeof(made)));
	if (k < sizeof(text))
		snprintf(text + k, sizeof(text) - k, ", %s (s)",
			 ui_pane_title(UI_STALLS, made, sizeof(made)));
	return text;
}

/* The row that runs key code key (NULL: none). */
static const struct ui_keydef *key_row(int key)
{
	const struct ui_keydef *d;
	size_t i;

	for (d = keydefs; d < keydefs + N_KEYDEFS; d++)
		for (i = 0; d->run && i < sizeof(d->codes) / sizeof(d->codes[0]) && d->codes[i]; i++)
			if (d->codes[i] == key)
				return d;
	return NULL;
}

const struct ui_keydef *ui_keys(size_t *n)
{
	static struct ui_keydef keys[N_KEYDEFS];

	if (!keys[0].key) {
		size_t i;

		for (i = 0; i < N_KEYDEFS; i++) {
			keys[i] = keydefs[i];
			if (!keys[i].what)
				keys[i].what = pane_help();
		}
	}
	*n = N_KEYDEFS;
	return keys;
}

enum ui_action ui_key(struct ui *u, int key)
{
	const struct ui_keydef *d;

	if (key == KEY_MOUSE)
		return ui_mouse_events(u);
	if (u->view.prompt.kind != PROMPT_NONE)
		return ui_prompt_key(u, key);
	if (u->view.setup)
		return ui_setup_key(u, key);
	if (u->view.sortlist)
		return ui_sortlist_key(u, key);
	if (key == 'q' || key == KEY_F(10))
		return UI_QUIT;
	if (u->view.help.on) {
		/* scrolled within bounds when drawn */
		int page = u->view.help.page > 1 ? u->view.help.page - 1 : 1;

		switch (key) {
		case KEY_DOWN: u->view.help.top++; break;
		case KEY_UP: u->view.help.top--; break;
		case KEY_NPAGE: case ' ': u->view.help.top += page; break;
		case KEY_PPAGE: u->view.help.top -= page; break;
		case KEY_HOME: u->view.help.top = 0; break;
		case KEY_END: u->view.help.top = 1 << 20; break;
		case KEY_RESIZE: break;
		default: u->view.help.on = false; break;
		}
		return UI_REDRAW;
	}
	ui_clear_message(u);	/* a message lives until the next key */
	if (u->view.detail.kind != DETAIL_NONE) {
		switch (key) {
		case KEY_ESC: case KEY_BACKSPACE: case 127: case 8: case KEY_LEFT:
			u->view.detail.kind = DETAIL_NONE;
			break;
		case KEY_DOWN: u->view.detail.top++; break;
		case KEY_UP: u->view.detail.top--; break;
		case KEY_NPAGE: u->view.detail.top += 10; break;
		case KEY_PPAGE: u->view.detail.top -= 10; break;
		case KEY_HOME: u->view.detail.top = 0; break;
		case KEY_END: u->view.detail.top = 1 << 20; break;	/* to the end when drawn */
		case 'h': case '?': case KEY_F(1): u->view.help.on = true; u->view.help.top = 0; break;
		case 'Q':	/* the link's QP counter mode, as the key bar says */
			return u->view.detail.kind == DETAIL_LINK ? k_qpcnt(u, key) : UI_REDRAW;
		case 'X':	/* the control of the QP, link or device shown */
			return u->view.detail.kind != DETAIL_PROC ? ui_control_key(u, key) : UI_REDRAW;
		case ' ': return k_pause(u, key);
		case 'u': return k_units(u, key);
		default: break;
		}
		return UI_REDRAW;
	}
	d = key_row(key);
	return d ? d->run(u, key) : UI_REDRAW;
}
