// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The screen's own state: which pane, sort, filter, selection.  Rebuilt
 * from each new snapshot; the selection follows its object (by identity,
 * not by row number) as rows move between refreshes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "classify.h"
#include "names.h"
#include "stall.h"
#include "util.h"
#include "priv.h"

/* The tabs' places are a permutation: each taken once (snap_res.h's orders) */
#define PANE_BIT(ID, ...) | (1ull << UI_##ID##S)
_Static_assert(UI_PANE_N < 64 && (0 SNAP_RES_LIST(PANE_BIT) | 1ull << UI_PROCS |
				  1ull << UI_COUNTERS | 1ull << UI_LINKS | 1ull << UI_DEVS |
				  1ull << UI_GROUPS | 1ull << UI_STALLS) == (1ull << UI_PANE_N) - 1,
	       "tab places");
#undef PANE_BIT

static const enum view_table pane_table[UI_PANE_N] = {
	[UI_PROCS] = VIEW_PROCS, [UI_COUNTERS] = VIEW_COUNTERS, [UI_LINKS] = VIEW_LINKS,
	[UI_DEVS] = VIEW_DEVS, [UI_GROUPS] = VIEW_GROUPS, [UI_STALLS] = VIEW_QPS,
#define PANE_TABLE(ID, ...) [UI_##ID##S] = VIEW_##ID##S,
	SNAP_RES_LIST(PANE_TABLE)
#undef PANE_TABLE
};

enum view_table ui_pane_table(enum ui_pane p)
{
	return p < UI_PANE_N ? pane_table[p] : VIEW_QPS;
}

bool ui_pane_is_obj(enum ui_pane p)
{
	return p < UI_PANE_N && p != UI_QPS && p != UI_CONNS && pane_table[p] >= VIEW_RES;
}

/* A newer object's pane shows where the kernel has the object (snap_res_seen). */
bool ui_pane_shown(const struct ui *u, enum ui_pane p)
{
	return !ui_pane_is_obj(p) || (u->run.s && snap_res_seen(u->run.s, pane_table[p] - VIEW_RES));
}

enum ui_pane ui_pane_step(const struct ui *u, int dir)
{
	int p = u->view.pane, i;

	for (i = 0; i < UI_PANE_N; i++) {
		p = (p + UI_PANE_N + dir) % UI_PANE_N;
		if (ui_pane_shown(u, (enum ui_pane)p))
			break;
	}
	return (enum ui_pane)p;
}

#define NEED(r) (1u << SNAP_RES_##r)
#define NEED_ALL ((1u << SNAP_RES_N) - 1)
/*
 * The resource tables each tab shows.  Processes and groups sum every
 * table per owner; counters, links and devices show none (the header's
 * counts are the resource summary's, read every sample).
 */
static const uint32_t pane_needs[UI_PANE_N] = {
	[UI_PROCS] = NEED_ALL, [UI_COUNTERS] = 0, [UI_LINKS] = 0, [UI_DEVS] = 0,
	[UI_GROUPS] = NEED_ALL, [UI_STALLS] = NEED(QP),
#define PANE_NEED(ID, ...) [UI_##ID##S] = NEED(ID),
	SNAP_RES_LIST(PANE_NEED)
#undef PANE_NEED
};

static uint32_t needs_of(enum ui_pane pane, enum ui_detail detail);

/*
 * The tables of newer objects are asked for whatever the pane (a request
 * per device, no rows on most): whether the kernel answers says whether
 * their tabs show (ui_pane_shown).
 */
#define NEWER_BIT(ID, name, cmd, dump, proc, flags, tab) | (((flags) & SNAP_RES_NEWER) ? NEED(ID) : 0)
#define NEED_NEWER (0 SNAP_RES_LIST(NEWER_BIT))

uint32_t ui_needs(enum ui_pane pane, enum ui_detail detail)
{
	return NEED_NEWER | needs_of(pane, detail);
}

static uint32_t needs_of(enum ui_pane pane, enum ui_detail detail)
{
	switch (detail) {
	case DETAIL_PROC:
		return NEED_ALL;	/* everything the process holds */
	case DETAIL_QP:
		return NEED(QP) | NEED(CM_ID);	/* the QP and its CM_ID */
	case DETAIL_LINK:
	case DETAIL_DEV:
		return 0;
	case DETAIL_NONE:
		break;
	}
	return pane < UI_PANE_N ? pane_needs[pane] : NEED_ALL;
}
#undef NEED
#undef NEED_ALL
#undef NEED_NEWER
#undef NEWER_BIT

static void col_u(const struct ui *u, enum view_table t, size_t row, int c, uint32_t *out)
{
	struct view_value v;

	*out = 0;
	view_get(&u->cache.vc, t, row, c, &v);
	if (v.valid && v.type == VIEW_T_UINT)
		*out = (uint32_t)v.u;
}

static void col_s(const struct ui *u, enum view_table t, size_t row, int c, char *out,
		  size_t len)
{
	struct view_value v;
	char tmp[128];

	out[0] = '\0';
	view_get(&u->cache.vc, t, row, c, &v);
	if (v.valid)
		snprintf(out, len, "%s", view_fmt(&v, tmp, sizeof(tmp)));
}

/* The identity of a row of a pane's table. */
void ui_row_key(const struct ui *u, enum ui_pane p, size_t row, struct ui_rowkey *k)
{
	enum view_table t = ui_pane_table(p);

	memset(k, 0, sizeof(*k));
	k->set = true;
	switch (p) {
	case UI_QPS:
	case UI_STALLS:
		col_s(u, t, row, VC_QP_DEV, k->name, sizeof(k->name));
		col_u(u, t, row, VC_QP_LQPN, &k->a);
		break;
	case UI_PROCS:
		k->a = u->cache.procs[row].pid;
		k->b = u->cache.procs[row].n_threads ? u->cache.procs[row].threads[0] : 0;
		snprintf(k->name, sizeof(k->name), "%s", snap_s(u->run.s, u->cache.procs[row].comm));
		break;
	case UI_COUNTERS: {
		char dev[64], src[16], name[64];

		col_s(u, t, row, VC_CNT_DEV, dev, sizeof(dev));
		col_s(u, t, row, VC_CNT_NAME, name, sizeof(name));
		col_u(u, t, row, VC_CNT_PORT, &k->a);
		col_s(u, t, row, VC_CNT_SOURCE, src, sizeof(src));
		/* a hw and a netdev counter may share a name: both in the key */
		snprintf(k->name, sizeof(k->name), "%.20s/%.6s/%.34s", dev, src, name);
		break;
	}
	case UI_CONNS:
		col_s(u, t, row, VC_CM_DEV, k->name, sizeof(k->name));
		col_u(u, t, row, VC_CM_IDN, &k->a);
		break;
	case UI_LINKS:
		col_s(u, t, row, VC_LINK_DEV, k->name, sizeof(k->name));
		col_u(u, t, row, VC_LINK_PORT, &k->a);
		break;
	case UI_GROUPS:
		/* names (container ids, paths) outgrow the key: their hash too */
		k->a = u->cache.groups[row].key.kind;
		k->b = (uint32_t)hash_str(u->cache.groups[row].key.name);
		snprintf(k->name, sizeof(k->name), "%.63s", u->cache.groups[row].key.name);
		break;
	case UI_DEVS:
		col_s(u, t, row, VC_DEV_NAME, k->name, sizeof(k->name));
		break;
	default:
		if (!ui_pane_is_obj(p)) {
			k->set = false;
			break;
		}
		/* the device, then the object's number: its second column */
		col_s(u, t, row, view_col_role(t, VIEW_ROLE_DEV), k->name, sizeof(k->name));
		col_u(u, t, row, 1, &k->a);
		break;
	}
}

static bool key_eq(const struct ui_rowkey *x, const struct ui_rowkey *y)
{
	return x->set && y->set && x->a == y->a && x->b == y->b && !strcmp(x->name, y->name);
}

/*
 * A cheap first test of a row against the selection's key, on its number
 * alone: building every row's full key (formatted device names) cost more
 * than parsing 100k QPs.
 */
static bool row_may_match(const struct ui *u, enum ui_pane p, size_t row,
			  const struct ui_rowkey *k)
{
	struct view_value v;

	if (p == UI_PROCS)
		return u->cache.procs[row].pid == k->a;
	if (p != UI_QPS && p != UI_STALLS)
		return true;
	view_get(&u->cache.vc, VIEW_QPS, row, VC_QP_LQPN, &v);
	return v.valid && v.u == k->a;
}

/*
 * The Stalls tab: of the QP rows the filter kept, those stall_rows lists,
 * in its order (stalled, err, sqe, gone; the oldest first) unless a column
 * sorts them.
 */
static ssize_t stall_keep(struct ui *u, size_t n)
{
	size_t nq = u->run.s->qps.n, *st, i, m = 0;
	ssize_t ns = stall_rows(u->run.s, &st);
	uint8_t *in;

	if (ns < 0)
		return ns;
	in = calloc(nq ? nq : 1, 1);
	if (!in) {
		free(st);
		return -ENOMEM;
	}
	for (i = 0; i < (size_t)ns; i++)
		in[st[i]] = 1;
	if (u->view.panes[UI_STALLS].sort < 0) {
		for (i = 0; i < n; i++)
			in[u->cache.rows[i]] |= 2;
		for (i = 0; i < (size_t)ns; i++)
			if (in[st[i]] == 3)
				u->cache.rows[m++] = st[i];
	} else {
		for (i = 0; i < n; i++)
			if (in[u->cache.rows[i]])
				u->cache.rows[m++] = u->cache.rows[i];
	}
	free(in);
	free(st);
	return (ssize_t)m;
}

/* Rebuild the current pane's rows and put the selection back on its object. */
void ui_refresh_rows(struct ui *u)
{
	enum view_table t = ui_pane_table(u->view.pane);
	struct ui_rowkey k;
	ssize_t n;
	size_t i;

	free(u->cache.rows);
	u->cache.rows = NULL;
	u->cache.n_rows = 0;
	if (!u->run.s)
		return;
	n = view_rows(&u->cache.vc, t, u->view.filter, u->view.panes[u->view.pane].sort, u->view.panes[u->view.pane].reverse,
		      &u->cache.rows);
	if (n >= 0 && u->view.pane == UI_STALLS)
		n = stall_keep(u, (size_t)n);
	if (n < 0)
		return;
	/* -p / 'p': one process only (the procs table and resource tables) */
	if (u->view.pid) {
		size_t m = 0;

		for (i = 0; i < (size_t)n; i++)
			if (view_pid_match(&u->cache.vc, t, u->cache.rows[i], u->view.pid))
				u->cache.rows[m++] = u->cache.rows[i];
		n = (ssize_t)m;
	}
	/* Enter on a group: the processes of that group */
	if (u->view.group_set && t == VIEW_PROCS) {
		size_t m = 0;
		struct view_group_key gk;

		for (i = 0; i < (size_t)n; i++) {
			view_proc_group(u->run.s, &u->cache.procs[u->cache.rows[i]], &gk);
			if (view_group_key_eq(&gk, &u->view.group))
				u->cache.rows[m++] = u->cache.rows[i];
		}
		n = (ssize_t)m;
	}
	if (u->view.errors_only && t == VIEW_COUNTERS) {
		size_t m = 0;

		/* errors, flushes, congestion and flow control (classify.h), by the
		 * table or by a rule */
		for (i = 0; i < (size_t)n; i++)
			if (cnt_is_problem(SNAP_AT(&u->run.s->counters, struct snap_counter,
						   u->cache.rows[i])->cls))
				u->cache.rows[m++] = u->cache.rows[i];
		n = (ssize_t)m;
	}
	u->cache.n_rows = (size_t)n;
	if (u->view.panes[u->view.pane].selkey.set) {
		for (i = 0; i < u->cache.n_rows; i++) {
			if (!row_may_match(u, u->view.pane, u->cache.rows[i], &u->view.panes[u->view.pane].selkey))
				continue;
			ui_row_key(u, u->view.pane, u->cache.rows[i], &k);
			if (key_eq(&k, &u->view.panes[u->view.pane].selkey)) {
				u->view.panes[u->view.pane].sel = i;
				break;
			}
		}
	}
	if (u->view.panes[u->view.pane].sel >= u->cache.n_rows)
		u->view.panes[u->view.pane].sel = u->cache.n_rows ? u->cache.n_rows - 1 : 0;
	if (u->cache.n_rows)
		ui_row_key(u, u->view.pane, u->cache.rows[u->view.panes[u->view.pane].sel], &u->view.panes[u->view.pane].selkey);
}

void ui_set_snapshot(struct ui *u, const struct snapshot *s)
{
	int n;

	if (s) {
		free(u->cache.procs);
		u->cache.procs = NULL;
		u->cache.n_procs = 0;
		u->run.s = s;
		n = view_procs(s, &u->cache.procs);
		u->cache.n_procs = n > 0 ? (size_t)n : 0;
		free(u->cache.groups);
		u->cache.groups = NULL;
		n = view_groups(s, u->cache.procs, u->cache.n_procs, &u->cache.groups, NULL);
		u->cache.n_groups = n > 0 ? (size_t)n : 0;
		u->cache.vc.s = s;
		u->cache.vc.procs = u->cache.procs;
		u->cache.vc.n_procs = u->cache.n_procs;
		u->cache.vc.groups = u->cache.groups;
		u->cache.vc.n_groups = u->cache.n_groups;
	}
	ui_refresh_rows(u);
}

#define CHANGED_SAMPLES 3	/* a changed row stays marked this long */

void ui_note_events(struct ui *u, const struct snapshot *s)
{
	size_t i, k;

	u->run.log.tick++;
	for (i = 0; i < s->events.n; i++) {
		const struct snap_event *e = SNAP_AT(&s->events, struct snap_event, i);
		char line[160];
		struct tm tm;
		time_t t = s->wall.tv_sec;
		size_t slot = 0;

		/* a recording's time may be past what struct tm holds */
		k = localtime_r(&t, &tm) ? (size_t)strftime(line, sizeof(line), "%H:%M:%S ", &tm) : 0;
		snprintf(line + k, sizeof(line) - k, "%s %s%s%s%s%s%s", snap_event_str(e->type),
			 snap_s(s, e->name), (e->valid & SNAP_EV_NDEV_NAME) ? " netdev " : "",
			 snap_s(s, e->ndev), e->from ? " " : "", snap_s(s, e->from),
			 e->to ? (e->from ? " -> " : " ") : "");
		if (e->to)
			snprintf(line + strlen(line), sizeof(line) - strlen(line), "%s",
				 snap_s(s, e->to));
		memmove(u->run.log.events[1], u->run.log.events[0], sizeof(u->run.log.events[0]) * 7);
		snprintf(u->run.log.events[0], sizeof(u->run.log.events[0]), "%s", line);
		if (u->run.log.n < 8)
			u->run.log.n++;
		if (!(e->valid & SNAP_EV_DEV))
			continue;
		/* remember the device: reuse its slot, else the oldest one */
		for (k = 0; k < 16; k++) {
			if (u->run.log.changed_tick[k] && u->run.log.changed_dev[k] == e->dev) {
				slot = k;
				break;
			}
			if (u->run.log.changed_tick[k] < u->run.log.changed_tick[slot])
				slot = k;
		}
		u->run.log.changed_dev[slot] = e->dev;
		u->run.log.changed_tick[slot] = u->run.log.tick;
	}
	if (s->events.n)
		ui_set_status(u, ROLE_CHANGED, "%s%s", u->run.log.events[0],
			      s->events.n > 1 ? " (+ more: Enter on a link for details)" : "");
	/* lost notifications: the list of changes has gaps, say so first */
	if (s->flags & SNAP_F_EVENTS_LOST)
		ui_set_status(u, ROLE_STATUS_WARN, "event queue overflowed: state re-read "
			      "in full; changes may be missing from the list");
}

bool ui_dev_changed(const struct ui *u, uint32_t dev)
{
	size_t k;

	for (k = 0; k < 16; k++)
		if (u->run.log.changed_tick[k] && u->run.log.changed_dev[k] == dev &&
		    u->run.log.tick - u->run.log.changed_tick[k] < CHANGED_SAMPLES)
			return true;
	return false;
}

int ui_set_filter(struct ui *u, const char *expr)
{
	struct view_filter *f;
	char err[200];

	if (!expr || !*expr) {
		view_filter_free(u->view.filter);
		u->view.filter = NULL;
		u->view.filter_text[0] = '\0';
		ui_refresh_rows(u);
		return 0;
	}
	f = view_filter_new();
	if (!f)
		return -ENOMEM;
	if (view_filter_add(f, expr, err, sizeof(err))) {
		view_filter_free(f);
		ui_set_status(u, ROLE_STATUS_WARN, "%s", err);
		return -EINVAL;
	}
	view_filter_free(u->view.filter);
	u->view.filter = f;
	snprintf(u->view.filter_text, sizeof(u->view.filter_text), "%s", expr);
	ui_refresh_rows(u);
	return 0;
}

const char *const *ui_theme_dirs(void)
{
	static const char *const dirs[] = { RDMATOP_DATADIR "/themes", "themes", NULL };

	return dirs;
}

int ui_init(struct ui *u, double delay, const char *theme, bool replay)
{
	const char *const *dirs = ui_theme_dirs();
	char err[256];
	size_t i;

	memset(u, 0, sizeof(*u));
	for (i = 0; i < UI_PANE_N; i++)
		u->view.panes[i].sort = -1;
	u->view.mouse.on = true;
	u->view.mouse.hit.tabs_y = -1;
	for (i = 0; i < UI_PANE_N; i++) {
		size_t n;
		const int *c = ui_pane_cols_default((enum ui_pane)i, &n);

		if (n > UI_COLS_MAX)
			n = UI_COLS_MAX;
		memcpy(u->view.panes[i].cols, c, n * sizeof(*c));
		u->view.panes[i].n_cols = n;
	}
	u->run.delay = delay;
	u->run.replay = replay;
	u->view.n_themes = theme_list(dirs, u->view.themes, sizeof(u->view.themes) / sizeof(u->view.themes[0]));
	if (!theme && getenv("NO_COLOR") && *getenv("NO_COLOR"))
		theme = "mono";
	if (theme_load(&u->view.theme, theme ? theme : "default", dirs, err, sizeof(err)))
		ui_set_status(u, ROLE_STATUS_WARN, "%s; using the default theme", err);
	for (i = 0; i < u->view.n_themes; i++)
		if (!strcmp(u->view.themes[i], u->view.theme.name))
			u->view.theme_idx = i;
	return 0;
}

void ui_free(struct ui *u)
{
	free(u->cache.rows);
	free(u->cache.procs);
	free(u->cache.groups);
	view_filter_free(u->view.filter);
	hist_free(&u->run.hist);
	memset(u, 0, sizeof(*u));
}
