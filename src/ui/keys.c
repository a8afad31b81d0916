// SPDX-License-Identifier: GPL-2.0-or-later
/* Keys: htop/top habits (see help.c for the list shown to users). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <curses.h>

#include "opts.h"
#include "priv.h"

#define KEY_ESC 27
#define KEY_TAB '\t'

static const double delays[] = { 0.1, 0.2, 0.5, 1, 2, 3, 5, 10, 30, 60 };
#define N_DELAYS (sizeof(delays) / sizeof(delays[0]))

static void step_delay(struct ui *u, int dir)
{
	size_t i;

	if (dir > 0) {
		for (i = 0; i < N_DELAYS; i++)
			if (delays[i] > u->delay + 1e-9) {
				u->delay = delays[i];
				return;
			}
	} else {
		for (i = N_DELAYS; i-- > 0;)
			if (delays[i] < u->delay - 1e-9) {
				u->delay = delays[i];
				return;
			}
	}
}

void ui_move_sel(struct ui *u, long by)
{
	size_t *sel = &u->sel[u->pane];
	long v = (long)*sel + by;

	if (!u->n_rows)
		return;
	if (v < 0)
		v = 0;
	if (v >= (long)u->n_rows)
		v = (long)u->n_rows - 1;
	*sel = (size_t)v;
	ui_row_key(u, u->pane, u->rows[*sel], &u->selkey[u->pane]);
}

void ui_set_pane(struct ui *u, enum ui_pane p)
{
	u->pane = p;
	ui_refresh_rows(u);
}

/* The link Q is about: the link detail's, or the Links table's selected
 * row; its QP counter mode must be known.  Fills qpcnt_link and _now. */
static bool qpcnt_link(struct ui *u)
{
	const struct snap_dev *d = NULL;
	const struct snap_port *p = NULL;
	uint32_t port = 0;

	if (u->replay || !u->s)
		return false;
	if (u->detail == DETAIL_LINK) {
		d = snap_dev_by_name(u->s, u->detail_key.name);
		port = u->detail_key.a;
	} else if (u->pane == UI_LINKS && u->sel[u->pane] < u->n_rows) {
		const struct snap_port *sp = SNAP_AT(&u->s->ports, struct snap_port,
						     u->rows[u->sel[u->pane]]);

		d = snap_dev_find(u->s, sp->dev);
		port = sp->port;
	}
	if (d)
		p = snap_port_find(u->s, d->index, port);
	if (!p || !SNAP_HAS(p, SNAP_PORT_QP_MODE))
		return false;
	snprintf(u->qpcnt_link, sizeof(u->qpcnt_link), "%s/%u", d->name, port);
	view_qp_mode_str(p, u->qpcnt_now, sizeof(u->qpcnt_now));
	return true;
}

/* Next sort column among those the pane shows; -1 (natural order) too. */
static void step_sort(struct ui *u, int dir)
{
	size_t n = u->n_cols[u->pane], i;
	const int *ids = u->cols[u->pane];
	long pos = -1;

	for (i = 0; i < n; i++)
		if (ids[i] == u->sort[u->pane])
			pos = (long)i;
	pos += dir;
	if (pos < -1)
		pos = (long)n - 1;
	if (pos >= (long)n)
		pos = -1;
	u->sort[u->pane] = pos < 0 ? -1 : ids[pos];
	ui_refresh_rows(u);
}

static bool row_contains(struct ui *u, size_t row, const char *needle)
{
	enum view_table t = ui_pane_table(u->pane);
	size_t n, c;

	view_cols(t, &n);
	for (c = 0; c < n; c++) {
		struct view_value v;
		char buf[128];

		view_get(&u->vc, t, u->rows[row], (int)c, &v);
		if (strcasestr(view_fmt(&v, buf, sizeof(buf)), needle))
			return true;
	}
	return false;
}

static void search_next(struct ui *u)
{
	size_t i, start = u->sel[u->pane];

	if (!u->search[0] || !u->n_rows)
		return;
	for (i = 1; i <= u->n_rows; i++) {
		size_t r = (start + i) % u->n_rows;

		if (row_contains(u, r, u->search)) {
			u->sel[u->pane] = r;
			ui_row_key(u, u->pane, u->rows[r], &u->selkey[u->pane]);
			ui_set_status(u, ROLE_STATUS_INFO, "search: %s", u->search);
			return;
		}
	}
	ui_set_status(u, ROLE_STATUS_WARN, "search: \"%s\" not found", u->search);
}

static uint32_t selected_pid(struct ui *u)
{
	enum view_table t = ui_pane_table(u->pane);
	size_t row;
	struct view_value v;
	int c;

	if (!u->n_rows)
		return 0;
	row = u->rows[u->sel[u->pane]];
	if (t == VIEW_PROCS)
		return u->procs[row].pid;
	c = view_col_role(t, VIEW_ROLE_PID);
	if (c < 0)
		return 0;
	view_get(&u->vc, t, row, c, &v);
	return v.valid ? (uint32_t)v.u : 0;
}

void ui_open_detail(struct ui *u)
{
	enum view_table t = ui_pane_table(u->pane);
	struct ui_rowkey *k = &u->detail_key;
	size_t row;
	struct view_value v;
	char buf[128];

	if (!u->n_rows)
		return;
	row = u->rows[u->sel[u->pane]];
	memset(k, 0, sizeof(*k));
	k->set = true;
	u->detail_top = 0;
	switch (u->pane) {
	case UI_QPS:
		ui_row_key(u, u->pane, row, k);
		u->detail = DETAIL_QP;
		break;
	case UI_LINKS:
	case UI_COUNTERS:
		view_get(&u->vc, t, row, view_col_role(t, VIEW_ROLE_DEV), &v);
		snprintf(k->name, sizeof(k->name), "%s", view_fmt(&v, buf, sizeof(buf)));
		view_get(&u->vc, t, row, view_col_role(t, VIEW_ROLE_PORT), &v);
		k->a = v.valid ? (uint32_t)v.u : 0;
		u->detail = DETAIL_LINK;
		break;
	case UI_PROCS: {
		const struct view_proc *p = &u->procs[row];

		k->a = p->pid;
		k->b = (p->valid & VIEW_PROC_HIDDEN) && p->n_threads ? p->threads[0] : 0;
		snprintf(k->name, sizeof(k->name), "%s", snap_s(u->s, p->comm));
		u->detail = DETAIL_PROC;
		break;
	}
	case UI_GROUPS:
		/* drill down: the group's processes */
		u->group = u->groups[row].key;
		u->group_set = true;
		u->detail = DETAIL_NONE;
		ui_set_pane(u, UI_PROCS);
		ui_set_status(u, ROLE_STATUS_INFO, "processes of %s %.60s (Esc: all)",
			      view_group_kind_str(u->group.kind), u->group.name);
		break;
	case UI_DEVS:
		view_get(&u->vc, t, row, VC_DEV_NAME, &v);
		snprintf(k->name, sizeof(k->name), "%s", view_fmt(&v, buf, sizeof(buf)));
		u->detail = DETAIL_DEV;
		break;
	case UI_CONNS: case UI_CQS: case UI_MRS: case UI_PDS: case UI_CTXS: case UI_SRQS:
		/* the owner's process, as from the process table */
		k->a = selected_pid(u);
		view_get(&u->vc, t, row, view_col_role(t, VIEW_ROLE_TID), &v);
		k->b = !k->a && v.valid ? (uint32_t)v.u : 0;
		view_get(&u->vc, t, row, view_col_role(t, VIEW_ROLE_COMM), &v);
		snprintf(k->name, sizeof(k->name), "%s", view_fmt(&v, buf, sizeof(buf)));
		u->detail = DETAIL_PROC;
		break;
	default:
		break;
	}
}

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

static enum ui_action prompt_key(struct ui *u, int key)
{
	if (key == KEY_ESC) {
		u->prompt = PROMPT_NONE;
		return UI_REDRAW;
	}
	if (key == KEY_BACKSPACE || key == 127 || key == 8) {
		if (u->input_len)
			u->input[--u->input_len] = '\0';
		return UI_REDRAW;
	}
	if (key == '\n' || key == '\r' || key == KEY_ENTER) {
		enum ui_prompt p = u->prompt;

		u->prompt = PROMPT_NONE;
		if (p == PROMPT_FILTER) {
			ui_set_filter(u, u->input);
		} else if (p == PROMPT_SEARCH) {
			snprintf(u->search, sizeof(u->search), "%.63s", u->input);
			u->sel[u->pane] = u->sel[u->pane] ? u->sel[u->pane] - 1 : u->n_rows;
			search_next(u);
		} else if (p == PROMPT_NETNS) {
			if (strcmp(u->input, "yes")) {
				ui_set_status(u, ROLE_STATUS_INFO, "netns mode: nothing changed");
				return UI_REDRAW;
			}
			return UI_NETNS;
		} else if (p == PROMPT_QPCNT) {
			static const char *const modes[] = { "type", "pid", "type,pid", "pid,type", "off" };
			size_t i;

			for (i = 0; i < sizeof(modes) / sizeof(modes[0]) && strcmp(u->input, modes[i]); i++)
				;
			if (i == sizeof(modes) / sizeof(modes[0])) {
				ui_set_status(u, ROLE_STATUS_INFO, "QP counters of %s: nothing changed",
					      u->qpcnt_link);
				return UI_REDRAW;
			}
			snprintf(u->qpcnt_mode, sizeof(u->qpcnt_mode), "%s", modes[i]);
			return UI_QPCNT;
		} else if (p == PROMPT_TIME) {
			if (parse_time(u, u->input, &u->jump_wall)) {
				ui_set_status(u, ROLE_STATUS_WARN,
					      "time: give HH:MM, HH:MM:SS or YYYY-MM-DD HH:MM:SS");
				return UI_REDRAW;
			}
			return UI_JUMP;
		} else if (p == PROMPT_DELAY) {
			const struct opt_def *o = opts_def(OPT_DELAY);
			double d;

			/* the bounds of -d */
			if (opts_number(OPT_DELAY, u->input, &d)) {
				ui_set_status(u, ROLE_STATUS_WARN, "delay: give seconds from %g to %g",
					      o->min, o->max);
				return UI_REDRAW;
			}
			u->delay = d;
			return UI_DELAY;
		}
		return UI_REDRAW;
	}
	if (key >= 32 && key < 127 && u->input_len + 1 < sizeof(u->input)) {
		u->input[u->input_len++] = (char)key;
		u->input[u->input_len] = '\0';
	}
	return UI_REDRAW;
}

static void start_prompt(struct ui *u, enum ui_prompt p, const char *initial)
{
	u->prompt = p;
	snprintf(u->input, sizeof(u->input), "%s", initial);
	u->input_len = strlen(u->input);
}

/*
 * Mouse events from curses, to ui_mouse(): the button pressed and its cell.
 * Events that arrive together (a fast double click) wait in curses's
 * queue: all of them, oldest first.
 */
static enum ui_action mouse_key(struct ui *u)
{
	enum ui_action r = UI_NONE, a;
	struct timespec ts;
	MEVENT ev;
	int i;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	for (i = 0; i < 16 && getmouse(&ev) == OK; i++) {
		int what = 0;

		if (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))
			what = 1;
		else if (ev.bstate & BUTTON4_PRESSED)
			what = 4;
#ifdef BUTTON5_PRESSED
		else if (ev.bstate & BUTTON5_PRESSED)
			what = 5;
#endif
		a = ui_mouse(u, what, ev.y, ev.x,
			     (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
		if (a != UI_NONE)
			r = a;
	}
	return r;
}

enum ui_action ui_key(struct ui *u, int key)
{
	if (key == KEY_MOUSE)
		return mouse_key(u);
	if (u->prompt != PROMPT_NONE)
		return prompt_key(u, key);
	if (u->setup)
		return ui_setup_key(u, key);
	if (key == 'q' || key == KEY_F(10))
		return UI_QUIT;
	if (u->help) {
		if (key == KEY_DOWN)
			u->help_top++;
		else if (key == KEY_UP)
			u->help_top--;
		else
			u->help = false;
		return UI_REDRAW;
	}
	u->status[0] = '\0';
	if (u->detail != DETAIL_NONE) {
		switch (key) {
		case KEY_ESC: case KEY_BACKSPACE: case 127: case 8: case KEY_LEFT:
			u->detail = DETAIL_NONE;
			break;
		case KEY_DOWN: u->detail_top++; break;
		case KEY_UP: u->detail_top--; break;
		case KEY_NPAGE: u->detail_top += 10; break;
		case KEY_PPAGE: u->detail_top -= 10; break;
		case KEY_HOME: u->detail_top = 0; break;
		case 'h': case '?': case KEY_F(1): u->help = true; break;
		case ' ': u->paused = !u->paused; return UI_PAUSE;
		default: break;
		}
		return UI_REDRAW;
	}
	switch (key) {
	case 'h': case '?': case KEY_F(1):
		u->help = true;
		u->help_top = 0;
		break;
	case KEY_TAB:
		ui_set_pane(u, (enum ui_pane)((u->pane + 1) % UI_PANE_N));
		break;
	case KEY_BTAB:
		ui_set_pane(u, (enum ui_pane)((u->pane + UI_PANE_N - 1) % UI_PANE_N));
		break;
	case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
		ui_set_pane(u, (enum ui_pane)(key - '1'));
		break;
	case '0':	/* the tenth tab */
		ui_set_pane(u, UI_CTXS);
		break;
	case 'g':
		ui_set_pane(u, UI_GROUPS);
		break;
	case KEY_F(2): case 'S':
		u->setup = true;
		u->setup_sel = 0;
		break;
	case KEY_UP: ui_move_sel(u, -1); break;
	case KEY_DOWN: ui_move_sel(u, 1); break;
	case KEY_PPAGE: ui_move_sel(u, -(long)(u->rows_n > 12 ? u->rows_n - 12 : 1)); break;
	case KEY_NPAGE: ui_move_sel(u, (long)(u->rows_n > 12 ? u->rows_n - 12 : 1)); break;
	case KEY_HOME: ui_move_sel(u, -(long)u->n_rows); break;
	case KEY_END: ui_move_sel(u, (long)u->n_rows); break;
	case '\n': case '\r': case KEY_ENTER:
		ui_open_detail(u);
		break;
	case KEY_ESC: case KEY_BACKSPACE: case 127: case 8:
		if (u->filter_text[0] || u->pid || u->group_set) {
			u->pid = 0;
			u->group_set = false;
			ui_set_filter(u, NULL);
			ui_set_status(u, ROLE_STATUS_INFO, "filter cleared");
		}
		break;
	case '<': step_sort(u, -1); break;
	case '>': case KEY_F(6): step_sort(u, 1); break;
	case 'W':
		return UI_SAVE;
	case 'N':
		/* a change rdmatop makes (Q is the other): only live, only confirmed */
		if (u->replay || !u->s || !(u->s->sys.valid & SNAP_SYS_NETNS_MODE)) {
			ui_set_status(u, ROLE_STATUS_WARN, "netns mode: %s", u->replay ?
				      "not while replaying" : "not reported by this kernel");
			break;
		}
		u->netns_want = !u->s->sys.netns_shared;
		start_prompt(u, PROMPT_NETNS, "");
		break;
	case 'Q':
		/* a port's QP counter mode: only live, only typed */
		if (!qpcnt_link(u)) {
			ui_set_status(u, ROLE_STATUS_WARN, "QP counters: %s", u->replay ?
				      "not while replaying" : "select a link whose kernel reports its "
				      "QP counter mode (5 Links, or a link's detail)");
			break;
		}
		start_prompt(u, PROMPT_QPCNT, "");
		break;
	case 'e':
		u->errors_only = !u->errors_only;
		ui_set_status(u, ROLE_STATUS_INFO, "counters: %s", u->errors_only ?
			      "errors, flushes and congestion only (e: all)" : "all");
		if (u->errors_only && u->pane != UI_COUNTERS)
			u->pane = UI_COUNTERS;
		ui_refresh_rows(u);
		break;
	case 'R':
		u->reverse[u->pane] = !u->reverse[u->pane];
		ui_refresh_rows(u);
		break;
	case '/': case KEY_F(3):
		start_prompt(u, PROMPT_SEARCH, "");
		break;
	case 'n':
		search_next(u);
		break;
	case '\\': case 'o': case KEY_F(4):
		start_prompt(u, PROMPT_FILTER, u->filter_text);
		break;
	case 'p':
		u->pid = u->pid ? 0 : selected_pid(u);
		if (u->pid)
			ui_set_status(u, ROLE_STATUS_INFO, "showing process %u (p: all)", u->pid);
		ui_refresh_rows(u);
		break;
	case ' ':
		u->paused = !u->paused;
		return UI_PAUSE;
	case '+': step_delay(u, 1); return UI_DELAY;
	case '-': step_delay(u, -1); return UI_DELAY;
	case 'd':
		start_prompt(u, PROMPT_DELAY, "");
		break;
	case 't':
		if (u->replay)
			return UI_STEP;
		/* in live mode t cycles themes */
		__attribute__((fallthrough));
	case 'C': {
		char err[256];

		if (!u->n_themes)
			break;
		u->theme_idx = (u->theme_idx + 1) % u->n_themes;
		if (theme_load(&u->theme, u->themes[u->theme_idx], ui_theme_dirs(), err,
			       sizeof(err)))
			ui_set_status(u, ROLE_STATUS_WARN, "%s", err);
		else
			ui_set_status(u, ROLE_STATUS_INFO, "theme: %s", u->theme.name);
		ui_screen_theme(u);
		break;
	}
	case 'T':
		if (u->replay)
			return UI_STEP_BACK;
		break;
	case 'b':
		if (u->replay)
			start_prompt(u, PROMPT_TIME, "");
		break;
	case KEY_RESIZE:
		break;
	default:
		break;
	}
	return UI_REDRAW;
}
