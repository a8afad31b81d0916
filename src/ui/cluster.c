// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cluster view's screen: header (Prometheus, the time evaluated, the
 * scrape interval and rate window, how old the answers are), tabs, the
 * pane, the status line (a failing or slow query, the ssh line) and the
 * key bar; and its keys, those of the dashboard where they mean the same
 * (Tab and 1-4, arrows, < > R, / n, \ o, Enter, Esc, space, + -, C, h).
 * The terminal, themes and text primitives are the dashboard's (screen.c,
 * cells.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <curses.h>

#include "cluster.h"
#include "fmt.h"
#include "priv.h"

static const char *const tab_names[CL_PANE_N] = { "1 Hosts", "2 Ports", "3 Jobs", "4 Stalls",
							 "Host" };
static const enum prom_table pane_table[CL_PANE_N] = {
	PROM_T_HOSTS, PROM_T_PORTS, PROM_T_JOBS, PROM_T_STALLS, PROM_T_PORTS,
};

/* The cluster view's own keys: a screen of its own, not the dashboard's keydefs[] */
static const struct {
	const char *key;
	const char *what;
} keys[] = {
	{ "h ?  F1", "this help (any key closes it)" },
	{ "q  F10", "quit" },
	{ "Tab  1 2 3 4", "Hosts, Ports (the worst of the fleet), Jobs, Stalls (hung QPs" },
	{ "", "and their other ends, the most suspect host first)" },
	{ "Up Down PgUp PgDn Home End", "move the selection" },
	{ "Enter", "a host (of a stalled QP: its own): its links, processes and" },
	{ "", "groups; a job: its hosts" },
	{ "Esc  Backspace", "back; clear the filter" },
	{ "s", "the line to look at the selected host itself (ssh HOST rdmatop)" },
	{ "< >  F6", "sort by the previous / next column" },
	{ "R", "reverse the sort order" },
	{ "/  F3", "search: select the next row containing the text" },
	{ "n", "next search match" },
	{ "\\  o  F4", "filter rows: key=val key!=val key~regex key!~regex" },
	{ "space", "pause / resume the refresh" },
	{ "+ -", "refresh interval up / down" },
	{ "t  T", "time travel: one interval later / earlier (Prometheus's history)" },
	{ "b", "go to a time: HH:MM[:SS] in UTC of today (in a replay: of the" },
	{ "", "sample's day), YYYY-MM-DDTHH:MM:SSZ, Unix seconds; empty: now" },
	{ "C", "next colour theme" },
	{ "mouse", "click a tab: switch; a header: sort (again: reverse); a row: select," },
	{ "", "double click: open it; wheel: scroll (--no-mouse: off)" },
};

int ui_cluster_init(struct ui_cluster *u, double delay, const char *theme, double at)
{
	int i, ret;

	memset(u, 0, sizeof(*u));
	ret = ui_init(&u->base, delay, theme, false);
	if (ret)
		return ret;
	for (i = 0; i < PROM_T_N; i++)
		u->sort[i] = -1;
	u->delay = delay;
	u->at = at;
	return 0;
}

void ui_cluster_free(struct ui_cluster *u)
{
	ui_free(&u->base);
}

static double wall_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void when(char *buf, size_t len, double t)
{
	struct tm tm;
	time_t s = (time_t)t;

	if (!gmtime_r(&s, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, len, "n/a");
}

/* a line of text in w cells: cut with a '>' at the edge when it does not fit */
static void put_line(int y, int w, int role, const char *text)
{
	ui_put(y, 0, w, role, text);
	if (ui_width(text) > w && w > 0)
		ui_put_own(y, w - 1, 1, role, ">");
}

/*
 * How old an answer evaluated at t is: now, "3s old" (ago: "of 3s ago");
 * at a time asked for (--at, t, T, b), against that time, never against
 * the clock: "of that time", "30s before that time" (ago: "of 30s before
 * that time": a failed query's answer kept from the time asked before).
 */
static const char *age(const struct cl_view *v, double t, double now, bool ago, char *buf,
		       size_t len)
{
	double d = (v->at > 0 ? v->at : now) - t;

	if (v->at <= 0)
		snprintf(buf, len, ago ? "of %.0fs ago" : "%.0fs old", d > 0 ? d : 0);
	else if (fabs(d) < 0.5)
		snprintf(buf, len, "of that time");
	else
		snprintf(buf, len, "%s%.0fs %s that time", ago ? "of " : "", fabs(d),
			 d > 0 ? "before" : "after");
	return buf;
}

static void draw_header(struct ui_cluster *u, const struct cl_view *v, int w)
{
	char buf[512], at[96], age_buf[64], bytes[32];
	double now = wall_now();
	size_t i, up = 0;

	if (v->at > 0)
		when(at, sizeof(at), v->at);
	else
		snprintf(at, sizeof(at), "now");
	if (v->sample_no > 0 && v->answered > 0) {
		char rec[40];

		when(rec, sizeof(rec), v->answered);
		snprintf(at + strlen(at), sizeof(at) - strlen(at), " (replay: %.20s #%ld)", rec,
			 v->sample_no);
	}
	for (i = 0; i < v->m->n_hosts; i++)
		up += v->m->hosts[i].up >= 1;
	snprintf(buf, sizeof(buf), "rdmatop cluster  %s%s%s%s  at %s  hosts %zu (%zu up)", v->url,
		 v->match && *v->match ? " {" : "", v->match && *v->match ? v->match : "",
		 v->match && *v->match ? "}" : "", at, v->m->n_hosts, up);
	put_line(0, w, ROLE_HEADER, buf);
	if (v->interval > 0)
		snprintf(buf, sizeof(buf), "scrape %gs  rate[%gs]  every %.1fs%s", v->interval,
			 v->window, u->delay, u->paused ? " PAUSED" : "");
	else
		snprintf(buf, sizeof(buf), "scrape interval unknown  rate[%gs]  every %.1fs%s",
			 v->window, u->delay, u->paused ? " PAUSED" : "");
	if (v->answered > 0 && !v->sample_no)
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "  answers %s",
			 age(v, v->answered, now, false, age_buf, sizeof(age_buf)));
	/* Prometheus answered and the answers are being read (a large
	 * fleet's take seconds): said as that, not as Prometheus being slow */
	if (v->busy && v->reading && now - v->reading_since >= 1)
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
			 "  reading %s of answers: %.0fs",
			 fmt_iec(bytes, sizeof(bytes), (double)v->reading_bytes),
			 now - v->reading_since);
	else if (v->busy && !v->reading && now - v->busy_since >= 2)
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
			 "  Prometheus slow: waiting %.0fs", now - v->busy_since);
	put_line(1, w,
		 v->busy && !v->reading && now - v->busy_since >= 2 ? ROLE_STATUS_WARN :
								      ROLE_HEADER_VALUE,
		 buf);
}

static void draw_tabs(struct ui_cluster *u, int y, int w)
{
	int x = 0, i;
	char host[2 * PROM_LABEL_MAX + 8], cut[2 * PROM_LABEL_MAX];

	for (i = 0; i < CL_PANE_N; i++) {
		const char *name = tab_names[i];

		if (i == CL_HOST) {
			if (u->pane != CL_HOST)
				continue;
			snprintf(host, sizeof(host), "Host %s", fmt_cut(cut, sizeof(cut), u->host));
			name = host;
		}
		if (x + ui_width(name) + 2 > w) {
			ui_put_own(y, w - 1, 1, ROLE_TITLE, ">");
			break;
		}
		ui_put(y, x, ui_width(name) + 2, i == (int)u->pane ? ROLE_SELECTED : ROLE_TITLE, name);
		x += ui_width(name) + 2;
	}
}

/* the status line: the ssh line, else a failing query, else a message */
static void draw_status(struct ui_cluster *u, const struct cl_view *v, int y, int w)
{
	char buf[512], age_buf[64];
	double now = wall_now();
	int q;

	if (u->ssh[0]) {
		put_line(y, w, ROLE_STATUS_INFO, u->ssh);
		return;
	}
	for (q = 0; q < PROM_Q_N; q++) {
		if (!v->q[q].err)
			continue;
		if (v->q[q].have && !v->sample_no)
			snprintf(buf, sizeof(buf), "query %s failed (its answer %s shown): %s",
				 prom_q_name((enum prom_q)q),
				 age(v, v->q[q].at, now, true, age_buf, sizeof(age_buf)),
				 v->q[q].why);
		else
			snprintf(buf, sizeof(buf), "query %s failed: %s", prom_q_name((enum prom_q)q),
				 v->q[q].why);
		put_line(y, w, ROLE_STATUS_WARN, buf);
		return;
	}
	if (u->base.run.msg.text[0])
		put_line(y, w, u->base.run.msg.role, u->base.run.msg.text);
}

static void draw_keybar(struct ui_cluster *u, int y, int w)
{
	static const char *const bar[][2] = {
		{ "F1", "Help" }, { "Tab", "Pane" }, { "Enter", "Open" }, { "s", "ssh" },
		{ "F6", "Sort" }, { "F4", "Filter" }, { "t/T/b", "Time" }, { "q", "Quit" },
	};
	size_t i;
	int x = 0;

	if (u->base.view.prompt.kind != PROMPT_NONE) {
		enum ui_prompt k = u->base.view.prompt.kind;

		ui_draw_input(&u->base.view.prompt, y, w, k == PROMPT_FILTER ? "filter: " :
			      k == PROMPT_SEARCH ? "search: " : "go to time: ", u->base.view.ascii);
		return;
	}
	for (i = 0; i < sizeof(bar) / sizeof(bar[0]); i++) {
		int kw = (int)strlen(bar[i][0]), lw = (int)strlen(bar[i][1]);

		if (x + kw + lw + 1 > w)
			break;
		ui_put_own(y, x, kw, ROLE_KEY, bar[i][0]);
		ui_put_own(y, x + kw, lw + 1, ROLE_KEY_LABEL, bar[i][1]);
		x += kw + lw + 1;
	}
}

static void draw_help(int y, int h, int w)
{
	size_t i;

	ui_put_own(y, 0, w, ROLE_TITLE, "rdmatop --prometheus: keys");
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]) && (int)i + 1 < h; i++) {
		ui_put_own(y + 1 + (int)i, 0, 16, ROLE_KEY, keys[i].key);
		ui_put_own(y + 1 + (int)i, 17, w - 17, ROLE_DEFAULT, keys[i].what);
	}
	if ((int)i + 1 >= h && i < sizeof(keys) / sizeof(keys[0]))
		ui_put_own(y + h - 1, w - 1, 1, ROLE_NA, "v");
}

void ui_cluster_draw(struct ui_cluster *u, const struct cl_view *v)
{
	int rows, cols;

	getmaxyx(stdscr, rows, cols);
	u->base.run.rows_n = rows;
	u->base.run.cols_n = cols;
	erase();
	if (rows < 6 || cols < 20) {
		ui_put(0, 0, rows > 1 ? cols : cols - 1, ROLE_STATUS_WARN, "terminal too small");
		refresh();
		return;
	}
	draw_header(u, v, cols);
	draw_tabs(u, 2, cols);
	if (u->help)
		draw_help(3, rows - 5, cols);
	else if (u->pane == CL_HOST)
		ui_cluster_host(u, v, 3, rows - 5, cols);
	else
		ui_cluster_table(u, v, pane_table[u->pane], u->pane, 3, rows - 5, cols, true);
	draw_status(u, v, rows - 2, cols);
	draw_keybar(u, rows - 1, cols);
	refresh();
}

static void set_pane(struct ui_cluster *u, enum cl_pane p)
{
	u->pane = p;
	u->ssh[0] = '\0';
}

static enum cl_action prompt_key(struct ui_cluster *u, const struct cl_view *v, int key)
{
	struct ui *b = &u->base;
	enum ui_prompt p = ui_input_key(&b->view.prompt, key);

	if (p == PROMPT_FILTER) {
		char why[256];

		if (b->view.prompt.buf[0] && prom_filter_check(b->view.prompt.buf, why, sizeof(why))) {
			ui_set_status(b, ROLE_STATUS_WARN, "%s", why);
			return CL_NONE;
		}
		snprintf(u->filter, sizeof(u->filter), "%s", b->view.prompt.buf);
	} else if (p == PROMPT_SEARCH) {
		snprintf(u->search, sizeof(u->search), "%s", b->view.prompt.buf);
		u->search_step = 1;
	} else if (p == PROMPT_TIME) {
		/* a clock time is of today, in a replay of the sample's day */
		double day = v->sample_no > 0 && v->answered > 0 ? v->answered : (double)time(NULL);
		char why[256];
		double t;

		if (!b->view.prompt.buf[0]) {
			u->at = 0;
			ui_set_status(b, ROLE_STATUS_INFO, "time: now");
			return CL_TIME;
		}
		if (prom_parse_time(b->view.prompt.buf, day, &t, why, sizeof(why))) {
			ui_set_status(b, ROLE_STATUS_WARN, "time: %s", why);
			return CL_NONE;
		}
		u->at = t;
		return CL_TIME;
	}
	return CL_NONE;
}

static void step_sort(struct ui_cluster *u, int by)
{
	enum prom_table t = pane_table[u->pane];
	size_t n;
	int cur = u->sort[t] >= 0 ? u->sort[t] : prom_default_sort(t);

	prom_cols(t, &n);
	u->sort[t] = (int)(((size_t)cur + n + (size_t)by) % n);
	ui_set_status(&u->base, ROLE_STATUS_INFO, "sorted by %s", prom_cols(t, &n)[u->sort[t]].name);
}

/* time travel: from now, the first step back starts at the clock */
static enum cl_action travel(struct ui_cluster *u, double by)
{
	double base = u->at > 0 ? u->at : (double)time(NULL);

	u->at = base + by;
	if (u->at >= (double)time(NULL)) {
		u->at = 0;
		ui_set_status(&u->base, ROLE_STATUS_INFO, "time: now");
	}
	return CL_TIME;
}

/* Up Down PgUp PgDn Home End: the pane's selection (drawing clamps it) */
static void move_sel(struct ui_cluster *u, int key)
{
	size_t page = u->base.run.rows_n > 7 ? (size_t)u->base.run.rows_n - 7 : 1;
	size_t *sel = &u->sel[u->pane];

	switch (key) {
	case KEY_UP: if (*sel) (*sel)--; break;
	case KEY_DOWN: (*sel)++; break;
	case KEY_PPAGE: *sel = *sel > page ? *sel - page : 0; break;
	case KEY_NPAGE: *sel += page; break;
	case KEY_HOME: *sel = 0; break;
	case KEY_END: *sel = (size_t)-1 / 2; break;
	}
}

/* Enter: a job narrows the hosts to it; a host (of Hosts or Ports) opens */
static enum cl_action open_row(struct ui_cluster *u)
{
	if (!u->sel_key[0])
		return CL_NONE;
	if (u->pane == CL_JOBS) {
		fmt_cut(u->job, sizeof(u->job), u->sel_key);	/* kind/group: fits */
		u->sel[CL_HOSTS] = 0;
		set_pane(u, CL_HOSTS);
	} else if (u->pane != CL_HOST) {
		snprintf(u->host, sizeof(u->host), "%s", u->sel_key);
		u->back = u->pane;
		u->sel[CL_HOST] = 0;
		set_pane(u, CL_HOST);
		return CL_REFRESH;	/* its processes */
	}
	return CL_NONE;
}

/* Esc: out of a host, else the filter off, else the job off */
static void go_back(struct ui_cluster *u)
{
	if (u->pane == CL_HOST)
		set_pane(u, u->back);
	else if (u->filter[0])
		u->filter[0] = '\0';
	else if (u->job[0])
		u->job[0] = '\0';
	u->ssh[0] = '\0';
}

/* s: the line to look at the selected host itself */
static void ssh_line(struct ui_cluster *u)
{
	/* instance is host:port; ssh wants the host (an IPv6 [addr] bare) */
	const char *in = u->pane == CL_HOST ? u->host : u->sel_key;
	char host[PROM_KEY_MAX];
	char *colon;

	if (!in[0] || u->pane == CL_JOBS)
		return;
	snprintf(host, sizeof(host), "%s", in[0] == '[' ? in + 1 : in);
	colon = strrchr(host, in[0] == '[' ? ']' : ':');
	if (colon)
		*colon = '\0';
	snprintf(u->ssh, sizeof(u->ssh), "ssh %s rdmatop", host);
}

/* C: the next colour theme */
static void next_theme(struct ui_cluster *u)
{
	char err[256];
	struct ui *b = &u->base;

	if (!b->view.n_themes)
		return;
	b->view.theme_idx = (b->view.theme_idx + 1) % b->view.n_themes;
	if (theme_load(&b->view.theme, b->view.themes[b->view.theme_idx], ui_theme_dirs(), err, sizeof(err)))
		ui_set_status(b, ROLE_STATUS_WARN, "%s", err);
	else
		ui_set_status(b, ROLE_STATUS_INFO, "theme: %s", b->view.theme.name);
	ui_screen_theme(b);
}

/* + -: the refresh interval, doubling or halving below a second */
static enum cl_action step_delay(struct ui_cluster *u, int by)
{
	if (by > 0)
		u->delay = u->delay < 1 ? u->delay * 2 : u->delay + 1;
	else
		u->delay = u->delay > 1 ? u->delay - 1 : u->delay > 0.2 ? u->delay / 2 : u->delay;
	return CL_DELAY;
}

/* One branch per key of the cluster view, read as its key table (keys[]
 * above is the help); what takes more than a line is a helper above. */
enum cl_action ui_cluster_key(struct ui_cluster *u, const struct cl_view *v, int key)
{
	enum prom_table t = pane_table[u->pane];

	(void)v;
	if (key == KEY_MOUSE) {
		int enter;

		ui_cluster_mouse(u, &enter);
		if (!enter || u->pane == CL_HOST)
			return CL_NONE;
		key = '\n';	/* a double click opens the row */
	}
	if (u->base.view.prompt.kind != PROMPT_NONE)
		return prompt_key(u, v, key);
	if (u->help) {
		u->help = false;
		return key == 'q' ? CL_QUIT : CL_NONE;
	}
	switch (key) {
	case 'q': case KEY_F(10):
		return CL_QUIT;
	case 'h': case '?': case KEY_F(1):
		u->help = true;
		break;
	case '\t':
		set_pane(u, u->pane >= CL_STALLS ? CL_HOSTS : u->pane + 1);
		break;
	case '1': case '2': case '3': case '4':
		set_pane(u, (enum cl_pane)(key - '1'));
		if (key == '1')
			u->job[0] = '\0';
		break;
	case KEY_UP: case KEY_DOWN: case KEY_PPAGE: case KEY_NPAGE: case KEY_HOME: case KEY_END:
		move_sel(u, key);
		break;
	case '\n': case '\r': case KEY_ENTER:
		return open_row(u);
	case 27: case KEY_BACKSPACE: case 127:
		go_back(u);
		break;
	case 's':
		ssh_line(u);
		break;
	case '<': step_sort(u, -1); break;
	case '>': case KEY_F(6): step_sort(u, 1); break;
	case 'R':
		u->reverse[t] = !u->reverse[t];
		break;
	case '/': case KEY_F(3):
		ui_start_prompt(&u->base, PROMPT_SEARCH, u->search);
		break;
	case 'n':
		if (u->search[0])
			u->search_step = 2;
		break;
	case '\\': case 'o': case KEY_F(4):
		/* the filter in force, selected: typing replaces it */
		ui_start_prompt(&u->base, PROMPT_FILTER, u->filter);
		break;
	case 'b':
		ui_start_prompt(&u->base, PROMPT_TIME, "");
		break;
	case 't':
		return u->replay ? CL_STEP : travel(u, u->delay);
	case 'T':
		return u->replay ? CL_STEP_BACK : travel(u, -u->delay);
	case ' ':
		u->paused = !u->paused;
		return u->paused ? CL_NONE : CL_REFRESH;
	case '+':
		return step_delay(u, 1);
	case '-':
		return step_delay(u, -1);
	case 'C':
		next_theme(u);
		break;
	default:
		break;
	}
	return CL_NONE;
}
