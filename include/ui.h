/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The interactive screen.  The UI reads snapshots and keeps its own state
 * (pane, sort, filter, selection, history for graphs); it never writes the
 * model.  Callbacks only mark it dirty; src/dash/app.c draws once per loop pass.
 */
#ifndef RDMATOP_UI_H
#define RDMATOP_UI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "history.h"
#include "nlreq.h"
#include "snapshot.h"
#include "theme.h"
#include "view.h"

/*
 * The tabs, by their place (keys 1-9 and 0 pick the first ten; g the
 * groups): one per object at the place SNAP_RES_LIST gives it (UI_QPS,
 * UI_CQS, ...: UI_<ID>S), and the panes that are no object's.  Each place
 * is taken once (a static assert in src/ui/state.c).
 */
#define UI_RES_PANE(ID, name, cmd, dump, proc, flags, tab) UI_##ID##S = (tab),
#define UI_RES_ONE(...) +1
enum ui_pane {
	SNAP_RES_LIST(UI_RES_PANE)
	UI_PROCS = 1, UI_COUNTERS = 2, UI_LINKS = 4, UI_DEVS = 5, UI_GROUPS = 11,
	UI_CONNS = UI_CM_IDS,	/* the CM_IDs' pane: the Connections */
	/* the stalled and erred QPs (src/model/stall.c): the last tab, s */
	UI_STALLS = 5 SNAP_RES_LIST(UI_RES_ONE),
	UI_PANE_N
};

#define UI_COLS_MAX 32	/* columns a pane can show */

enum ui_prompt {
	PROMPT_NONE, PROMPT_FILTER, PROMPT_SEARCH, PROMPT_DELAY, PROMPT_TIME, PROMPT_NETNS,
	PROMPT_QPCNT, PROMPT_CONTROL,
};

/* X: a control on the selected row, typed (src/ui/control.c). */
enum ui_control_kind { UI_CTL_NONE, UI_CTL_BIND, UI_CTL_UNBIND, UI_CTL_OPTCNT, UI_CTL_NETNS };
struct ui_control {
	enum ui_control_kind kind;
	char link[80];		/* "mlx5_0/1" (a device's name for UI_CTL_NETNS) */
	uint32_t lqpn, cntn;	/* the QP and its counter (bind N: the one typed) */
	char prompt[384];	/* what the prompt says it would do */
	/* once typed: the control's argument (qpcnt_bind's QP, optcnt_set's
	 * and dev_netns_move's arg) */
	char arg[352];
};

enum ui_detail { DETAIL_NONE, DETAIL_PROC, DETAIL_QP, DETAIL_LINK, DETAIL_DEV };

/* Identity of a row, so the selection follows the object as rows move. */
struct ui_rowkey {
	bool set;
	uint32_t a, b;		/* dev+lqpn, pid+comm id, dev+port, ... */
	char name[64];		/* comm of a kernel owner, counter name */
};

/* What a key asks the loop to do. */
enum ui_action {
	UI_NONE,
	UI_REDRAW,
	UI_QUIT,
	UI_DELAY,	/* refresh interval changed */
	UI_PAUSE,	/* pause toggled */
	UI_STEP,	/* replay: next sample */
	UI_STEP_BACK,	/* replay: previous sample */
	UI_JUMP,	/* replay: to the sample at jump_wall */
	UI_SAVE,	/* write the settings to the config file */
	UI_NETNS,	/* confirmed: set the netns mode to netns_want */
	UI_QPCNT,	/* typed: set qpcnt_link's QP counter mode to qpcnt_mode */
	UI_CONTROL,	/* typed: run ctl (struct ui_control) */
};

struct settings_store;

/* One pane's state, kept while the others are shown (htop's
 * ScreenSettings): its sort, selection, scroll and columns. */
struct ui_pane_state {
	int sort;
	bool reverse;
	size_t sel, top;
	/* Left/Right: the columns that are not key columns scrolled out to the
	 * left (htop's horizontal scroll; the key columns stay) */
	int hskip;
	struct ui_rowkey selkey;	/* the selected row's object */
	/* the columns it shows, in order (F2 Setup changes them) */
	int cols[UI_COLS_MAX];
	size_t n_cols;
};

/*
 * The prompt at the bottom line: which, what is typed so far, where the
 * cursor is (bytes before it), and whether the text it opened with is
 * selected (typing replaces it, as in readline's and htop's users' other
 * programs; a movement key first unselects it).
 */
struct ui_input {
	enum ui_prompt kind;
	char buf[256];
	size_t len, pos;
	bool sel;
};

/* The help screen: open, its first line shown and how many (as drawn). */
struct ui_help {
	bool on;
	int top, page;
};

/* A drill-down: which, of what row, scrolled to where. */
struct ui_detail_state {
	enum ui_detail kind;
	struct ui_rowkey key;
	int top;
};

/* The mouse: on unless --no-mouse; where the table was last drawn, and the
 * last click (double clicks). */
struct ui_mouse {
	bool on;
	struct ui_hit {
		int tabs_y, head_y, body_y, body_h;	/* -1: not drawn */
		int tab_x[UI_PANE_N + 1];	/* tab i spans [tab_x[i], tab_x[i + 1]) */
		int n;			/* columns shown */
		int x[32], w[32], col[32];
		int left, right;	/* columns out of view to the left, to the right */
	} hit;
	size_t click_row;
	long long click_ms;
};

/* Recent changes: the last ones for the status line, and the devices
 * that changed for the rows' marks. */
struct ui_log {
	char events[8][160];
	size_t n;
	uint64_t tick;			/* samples shown so far */
	uint32_t changed_dev[16];	/* devices that changed recently */
	uint64_t changed_tick[16];
};

/*
 * The dashboard's state in three parts: what the user chose (view), the
 * run it belongs to (run: the sample shown, the clock, the replay's place)
 * and what is computed from both once a sample or a choice changes
 * (cache).  The sample is read, never written: the UI does not change the
 * model.  Outside src/ui, the dashboard's loop (src/dash/app.c) changes
 * them through the setters below, never a member.
 */
struct ui_view {
	/* what is shown: the pane, each pane's own state, a filter over all */
	enum ui_pane pane;
	struct ui_pane_state panes[UI_PANE_N];
	struct view_filter *filter;
	char filter_text[256];
	char search[64];
	uint32_t pid;		/* show one process, 0 = all */
	bool group_set;		/* processes: only those of `group` (Enter on a group) */
	struct view_group_key group;
	bool errors_only;	/* counters table: error/congestion counters only */
	struct ui_detail_state detail;
	struct ui_help help;
	bool setup;		/* the column setup screen is open */
	size_t setup_sel;
	bool sortlist;		/* F6's list of columns to sort by is open */
	size_t sortlist_sel;

	/* the bottom line: a prompt */
	struct ui_input prompt;

	/* the controls: N, Q, X */
	bool netns_want;	/* N: the mode to switch to (true = shared) */
	char qpcnt_link[80];	/* Q: the link ("mlx5_0/1") and its mode now */
	char qpcnt_now[32];
	char qpcnt_mode[16];	/* Q: the mode typed (type, pid, type,pid, off) */
	struct ui_control ctl;	/* X */

	/* the look: theme, colour, line drawing */
	struct theme theme;
	char themes[16][32];
	size_t n_themes, theme_idx;
	bool ascii, color;
	struct ui_mouse mouse;
};

struct ui_run {
	/* the sample shown (read-only) */
	const struct snapshot *s;

	/* time: the interval, pause, replay */
	bool paused, replay;
	double delay;
	bool stretched;		/* sampling took longer than the interval */
	long sample_no;		/* replay: number of the sample shown, from 1 */
	long sample_total;	/* replay: samples in the recording (0: not known) */
	bool at_end;		/* replay: the recording ended after the sample shown */
	time_t jump_wall;	/* replay: where 'b' asked to go */

	/* the terminal's size */
	int rows_n, cols_n;
	/* the last message (ui_set_status; until the next key) */
	struct ui_msg {
		char text[256];
		int role;
	} msg;
	struct history hist;	/* the link graphs' history */
	struct ui_log log;
	/* the settings as the screen changed them (W saves them); NULL: none
	 * kept.  Changed only through ui_setting() (src/ui/setup.c). */
	struct settings_store *set;
};

struct ui_cache {
	/* the sample's views, processes and groups */
	struct view_ctx vc;
	struct view_proc *procs;
	size_t n_procs;
	struct view_group *groups;
	size_t n_groups;
	size_t *rows;		/* rows of the current pane, filtered + sorted */
	size_t n_rows;
	/* the status line made from the filter, the message and the sample's
	 * notes, once a frame (src/ui/status.c), and its role */
	char status[400];
	int status_role;
};

struct ui {
	struct ui_view view;
	struct ui_run run;
	struct ui_cache cache;
};

int ui_init(struct ui *u, double delay, const char *theme, bool replay);
void ui_free(struct ui *u);
/* A new sample to show (NULL: keep the current one). */
void ui_set_snapshot(struct ui *u, const struct snapshot *s);
/*
 * The dashboard loop's setters (src/ui/run.c).  At the start: the store W
 * saves into, the recording's sample count (0: not known), the units and
 * the look (ui_start_run); the process, the group pane and the QP sort of
 * -p, -g, -s and -R (ui_start_view, after the columns and filters).
 */
struct settings;
void ui_start_run(struct ui *u, struct settings_store *set, const struct settings *s,
		  long sample_total);
void ui_start_view(struct ui *u, const struct settings *s);
/* Line drawing in ASCII; the mouse on. */
void ui_set_look(struct ui *u, bool ascii, bool mouse);
/* The replay's place: the sample shown is number no; the recording ended
 * after it (then it is the last); sampling took longer than the interval;
 * playback paused. */
void ui_set_sample_no(struct ui *u, long no);
void ui_replay_ended(struct ui *u);
void ui_set_stretched(struct ui *u);
void ui_pause(struct ui *u);
/* The graphs' history: a gap (a jump in the recording), a sample's values. */
void ui_history_gap(struct ui *u);
int ui_history_add(struct ui *u, const struct snapshot *s);
/*
 * The QPs the screen shows (the QP tab's visible rows, a process's QPs in
 * its drill-down, the QP of the QP drill-down), for the sample to read
 * again where their table is paced; at most max.  (src/ui/detail_rows.c)
 */
size_t ui_want_qps(const struct ui *u, struct nl_want *out, size_t max);
/*
 * The resource tables (1 << enum snap_res) a tab or drill-down shows: the
 * dashboard asks for no other dump, and those it leaves out are carried
 * with their age.  (src/ui/state.c)
 */
uint32_t ui_needs(enum ui_pane pane, enum ui_detail detail);
/* Note the sample's events (kernel and polled) for the status line and
 * the row marks; called once per new sample. */
void ui_note_events(struct ui *u, const struct snapshot *s);
/* Whether a device changed in the last few samples (its row is marked). */
bool ui_dev_changed(const struct ui *u, uint32_t dev);
/* Apply a filter expression typed or given with -f; 0 or -EINVAL (status set). */
int ui_set_filter(struct ui *u, const char *expr);
void ui_set_status(struct ui *u, int role, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A new sample is shown: the header's "end of recording" (at_end) no longer holds. */
void ui_sample_shown(struct ui *u);
enum ui_action ui_key(struct ui *u, int key);
/*
 * A mouse event at screen cell (y, x): what = the button pressed (1 left,
 * 4 wheel up, 5 wheel down), at time ms (monotonic, for double clicks).
 * Header: sort by the column (again: reverse); tab: switch; row: select,
 * twice on one row within 400 ms: its details; wheel: scroll (src/ui/mouse.c).
 */
enum ui_action ui_mouse(struct ui *u, int what, int y, int x, long long ms);
/*
 * A pane's columns from "TABLE:COL,COL,..." (--columns, the config), TABLE
 * a table's name (qps, processes, ...): 0, or -EINVAL with the reason in
 * err.  ui_columns_spec writes a pane's as such a line, or "" when they
 * are its default (src/ui/setup.c).
 */
int ui_set_columns(struct ui *u, const char *spec, char *err, size_t len);
int ui_columns_check(const char *spec, char *err, size_t len);
/* A pane's columns before any setup, most useful first (src/ui/table.c). */
const int *ui_pane_cols_default(enum ui_pane p, size_t *n);
void ui_columns_spec(const struct ui *u, enum ui_pane p, char *buf, size_t len);

/* Curses side (src/ui/screen.c). */
int ui_screen_open(struct ui *u);
void ui_screen_close(void);
/* While the screen is open: the terminfo bytes that end it (alternate
 * screen, cursor, attributes) into buf; their length. */
size_t ui_screen_rescue(char *buf, size_t len);
void ui_screen_resize(struct ui *u);
void ui_draw(struct ui *u);
/* Next key from the terminal, or -1 when none is waiting. */
int ui_screen_getkey(void);

#endif
