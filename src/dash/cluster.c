// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmatop --prometheus: the loop of the cluster view.  Every -d seconds
 * one refresh (every query at once, on the loop: src/prom/client.c); when
 * its answers are in, a worker thread parses them and builds the model
 * (src/prom/work.c), and the loop shows it (the screen) or prints it (-b,
 * --json).  The screen never waits for Prometheus nor for a large fleet's
 * JSON: keys and redraws run while queries are out and while the worker
 * reads them, and an answer that is late is said.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <ev.h>

#include "cluster.h"
#include "fmt.h"
#include "record.h"
#include "stop.h"
#include "util.h"
#include "wfile.h"

#include "cluster_loop.h"

static const enum prom_table ask_table[2] = { PROM_T_PORTS, PROM_T_JOBS };
static const enum prom_q ask_q[2] = { PROM_Q_PORTS, PROM_Q_JOBS };
static const enum cl_pane ask_pane[2] = { CL_PORTS, CL_JOBS };

/*
 * What the Ports and Jobs queries ask for (struct prom_qtop): the rows the
 * screen shows from its first one, and a screen more (in steps of 50, so
 * that a key or two of scrolling asks nothing new), by the pane's sort;
 * in batch, --rows or every row.  Filters become label matchers where
 * they can, else every row is asked for; the open host asks for its own.
 */
static void want(struct cl *c, int k, struct ask *a)
{
	enum prom_table t = ask_table[k];
	const struct prom_col *cols;
	const char *filters[OPTS_MAX_FILTERS];
	size_t nc;
	int sort = -1, nf = 0, i;
	bool reverse = false;

	memset(a, 0, sizeof(*a));
	cols = prom_cols(t, &nc);
	a->top.n = c->rows;
	if (c->screen) {
		int page = c->ui.base.run.rows_n > 9 ? c->ui.base.run.rows_n - 7 : 2;
		size_t from = c->ui.pane == ask_pane[k] ? c->ui.sel[c->ui.pane] : 0;

		if (from > 1000000)	/* End before the rows are drawn */
			from = 1000000;

		if (!c->rows)
			a->top.n = ((long)from + 2 * page) / 50 * 50 + 50;
		sort = c->ui.sort[t];
		reverse = c->ui.reverse[t];
		if (c->ui.filter[0])
			filters[nf++] = c->ui.filter;
		snprintf(a->search, sizeof(a->search), "%s", c->ui.search);
	} else {
		for (i = 0; i < c->n_filters && nf < OPTS_MAX_FILTERS; i++)
			filters[nf++] = c->filters[i];
	}
	if (sort < 0 || (size_t)sort >= nc)
		sort = prom_default_sort(t);
	a->top.col = cols[sort].name;
	a->top.asc = cols[sort].desc == reverse;
	for (i = 0; i < nf; i++) {
		char m[256];

		/* a filter on a column of another table leaves these rows be */
		snprintf(m, sizeof(m), "%s", filters[i]);
		m[strcspn(m, "=!~")] = '\0';
		if (prom_col_find(t, m) < 0)
			continue;
		if (prom_q_filter(ask_q[k], filters[i], a->match, sizeof(a->match)) != 1)
			a->top.n = 0;
	}
	if (c->screen && c->ui.pane == CL_HOST && t == PROM_T_PORTS) {
		/* the open host's ports: every one */
		char one[PROM_KEY_MAX + 16];

		snprintf(one, sizeof(one), "instance=%s", c->ui.host);
		a->match[0] = '\0';
		a->top.n = 0;
		if (prom_q_filter(PROM_Q_PORTS, one, a->match, sizeof(a->match)) != 1)
			a->match[0] = '\0';
	}
}

/* whether what is wanted needs an answer of its own */
static bool ask_differs(const struct ask *now, const struct ask *sent)
{
	if (!sent->top.col)
		return true;
	if ((now->top.n == 0) != (sent->top.n == 0) || now->top.n > sent->top.n)
		return true;
	return strcmp(now->top.col, sent->top.col) || now->top.asc != sent->top.asc ||
	       strcmp(now->match, sent->match) || strcmp(now->search, sent->search);
}

/* a message about Prometheus on the status line, kept to be taken off */
void cl_say(struct cl *c, int of, const char *fmt, const char *why)
{
	ui_set_status(&c->ui.base, ROLE_STATUS_WARN, fmt, why);
	snprintf(c->said, sizeof(c->said), "%s", c->ui.base.run.msg.text);
	c->said_of = of;
}

/* what say() said of this is so no more: off the status line, unless
 * another message took its place */
static void unsay(struct cl *c, int of)
{
	if (c->said_of != of)
		return;
	if (!strcmp(c->ui.base.run.msg.text, c->said))
		c->ui.base.run.msg.text[0] = '\0';
	c->said_of = SAID_NONE;
}

/* The scrape interval the client learnt: its rate window from now on */
static void new_interval(struct cl *c, double interval)
{
	if (interval > 0 && interval != c->v.interval) {
		/* the client asked for it before this refresh's queries,
		 * whose rates used this window */
		c->v.interval = interval;
		c->v.window = prom_window(interval);
		c->ctx.window = c->v.window;
	}
	/* the status request answered at last: its message goes (it stayed
	 * on every pane after Prometheus came back) */
	if (c->v.interval > 0)
		unsay(c, SAID_INTERVAL);
}

/* What the client found out about Prometheus, said once: the recorded
 * series the panes read, why the scrape interval is unknown */
static void client_notes(struct cl *c)
{
	if (c->client && *prom_client_rules(c->client) &&
	    strcmp(prom_client_rules(c->client), c->said_rules)) {
		/* whether the panes read the recorded series: once, and again
		 * when that changes (rules loaded, another window) */
		snprintf(c->said_rules, sizeof(c->said_rules), "%s", prom_client_rules(c->client));
		if (c->screen)
			ui_set_status(&c->ui.base, ROLE_STATUS_INFO, "%s", c->said_rules);
		else
			fprintf(stderr, "rdmatop: %s\n", c->said_rules);
	}
	if (c->v.interval <= 0 && c->client && !c->said_interval &&
	    *prom_client_interval_why(c->client)) {
		const char *why = prom_client_interval_why(c->client);
		char esc[1024];

		/* once: the config Prometheus runs does not change often; the
		 * screen escapes what it draws */
		c->said_interval = true;
		if (c->screen)
			cl_say(c, SAID_INTERVAL, "%s", why);
		else
			fprintf(stderr, "rdmatop: %s\n", fmt_escape(esc, sizeof(esc), why));
	}
}

/* A refresh's queries answered (q, raw; the scrape interval if learnt):
 * their answers go to the worker, the loop goes on */
static void on_done(void *arg, const struct prom_qstate *q, struct prom_raw *raw, double interval)
{
	struct cl *c = arg;
	int ret;

	c->answers = c->v.busy_since > 0 ? clock_sec(CLOCK_REALTIME) - c->v.busy_since : 0;
	new_interval(c, interval);
	client_notes(c);
	c->work_at = c->at;
	c->v.reading = true;
	c->v.reading_since = clock_sec(CLOCK_REALTIME);
	c->v.reading_bytes = 0;
	for (ret = 0; ret < PROM_Q_N; ret++)
		c->v.reading_bytes += raw[ret].buf ? raw[ret].len : 0;
	ret = prom_work_submit(c->work, q, raw, c->at);
	if (ret) {
		/* not while one is read: cl_refresh_now() waits for it */
		c->v.busy = false;
		c->v.reading = false;
		fprintf(stderr, "rdmatop: cannot read Prometheus's answers: %s\n", strerror(-ret));
	}
}

void cl_refresh_now(struct cl *c)
{
	int ret, i;

	if (c->replay) {
		cl_replay_to(c, -1);
		return;
	}
	if (prom_client_busy(c->client) || prom_work_busy(c->work)) {
		c->again = true;	/* once this one is in: one in flight */
		return;
	}
	c->again = false;
	c->ctx.instance = c->screen && c->ui.pane == CL_HOST ? c->ui.host : NULL;
	for (i = 0; i < 2; i++) {
		want(c, i, &c->asked[i]);
		c->asked[i].top.match = c->asked[i].match;
		c->asked[i].top.search = c->asked[i].search;
	}
	c->ctx.ports = c->asked[0].top;
	c->ctx.jobs = c->asked[1].top;
	c->v.busy = true;
	c->v.busy_since = clock_sec(CLOCK_REALTIME);
	ret = prom_client_refresh(c->client, &c->ctx, c->at, c->ctx.instance != NULL, on_done, c);
	if (!ret)
		unsay(c, SAID_REFRESH); /* one that could not start before */
	if (ret) {
		c->v.busy = false;
		if (c->screen)
			cl_say(c, SAID_REFRESH, "cannot ask Prometheus: %s", strerror(-ret));
		else
			fprintf(stderr, "rdmatop: cannot ask Prometheus: %s\n", strerror(-ret));
	}
}

static void on_tick(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct cl *c = w->data;

	(void)loop;
	(void)revents;
	if (!c->screen || !c->ui.paused)
		cl_refresh_now(c);
}

/* the ages on screen move every second, answers or not */
static void on_clock(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct cl *c = w->data;

	(void)loop;
	(void)revents;
	ui_cluster_draw(&c->ui, &c->v);
}

static void on_input(struct ev_loop *loop, ev_io *w, int revents)
{
	struct cl *c = w->data;
	int key;

	(void)revents;
	while ((key = ui_screen_getkey()) != -1) {
		switch (ui_cluster_key(&c->ui, &c->v, key)) {
		case CL_QUIT:
			ev_break(loop, EVBREAK_ALL);
			return;
		case CL_TIME:
			if (c->replay) {
				long no = c->ui.at > 0 ? prom_replay_find(c->replay, c->ui.at) : 0;

				if (no < 0)
					ui_set_status(&c->ui.base, ROLE_STATUS_WARN,
						      "no sample at or after that time");
				else
					cl_replay_to(c, no);
				break;
			}
			c->at = c->ui.at;
			cl_refresh_now(c);
			break;
		case CL_STEP:
			if (c->replay)
				cl_replay_to(c, -1);
			break;
		case CL_STEP_BACK:
			if (c->replay && prom_replay_tell(c->replay) > 0)
				cl_replay_to(c, prom_replay_tell(c->replay) - 1);
			else
				ui_set_status(&c->ui.base, ROLE_STATUS_INFO, "at the first sample");
			break;
		case CL_REFRESH:
			cl_refresh_now(c);
			break;
		case CL_DELAY:
			c->tick.repeat = c->ui.delay;
			ev_timer_again(loop, &c->tick);
			break;
		default:
			break;
		}
		/* a search moves the selection where the rows are drawn: before
		 * the next key (Enter) acts on it */
		if (c->ui.search_step)
			ui_cluster_draw(&c->ui, &c->v);
	}
	ui_cluster_draw(&c->ui, &c->v);
	/* a scroll past the rows asked for, another sort, filter or search:
	 * asked now, not at the next tick */
	if (c->client && !c->ui.paused) {
		struct ask a;
		int k;

		for (k = 0; k < 2; k++) {
			want(c, k, &a);
			if (ask_differs(&a, &c->asked[k])) {
				cl_refresh_now(c);
				break;
			}
		}
	}
}

static void on_winch(struct ev_loop *loop, ev_signal *w, int revents)
{
	struct cl *c = w->data;

	(void)loop;
	(void)revents;
	ui_screen_resize(&c->ui.base);
	ui_cluster_draw(&c->ui, &c->v);
}

static void on_stop(struct ev_loop *loop, ev_async *w, int revents)
{
	(void)w;
	(void)revents;
	ev_break(loop, EVBREAK_ALL);
}

/* The screen: its state from the options, the terminal, its watchers
 * (keys, size, the clock) and the first frame.  0, or -1. */
static int open_screen(struct cl *c, const struct settings *o, int sort)
{
	if (ui_cluster_init(&c->ui, o->delay, o->theme, c->at))
		return -1;
	c->ui.replay = c->replay != NULL;
	ui_set_look(&c->ui.base, o->ascii, !o->no_mouse);
	if (o->n_filters)
		snprintf(c->ui.filter, sizeof(c->ui.filter), "%s", o->filters[0]);
	if (sort >= 0) {
		c->ui.sort[PROM_T_HOSTS] = sort;
		c->ui.reverse[PROM_T_HOSTS] = o->reverse;
	}
	if (ui_screen_open(&c->ui.base)) {
		fprintf(stderr, "rdmatop: this terminal cannot be used\n");
		ui_cluster_free(&c->ui);
		return -1;
	}
	ev_io_init(&c->input, on_input, STDIN_FILENO, EV_READ);
	c->input.data = c;
	ev_io_start(c->loop, &c->input);
	ev_signal_init(&c->winch, on_winch, SIGWINCH);
	c->winch.data = c;
	ev_signal_start(c->loop, &c->winch);
	ev_timer_init(&c->clock, on_clock, 1, 1);
	c->clock.data = c;
	ev_timer_start(c->loop, &c->clock);
	ui_cluster_draw(&c->ui, &c->v);
	return 0;
}

int cluster_main(const struct settings *o)
{
	struct prom_config cfg = { 0 };
	struct prom_client_opts co = { .url = o->prometheus ? o->prometheus : "", .timeout = 10 };
	struct cl *c = calloc(1, sizeof(*c));
	struct rec_writer *rec = NULL;
	char err[512];
	int ret = 2, i, sort = -1;

	if (!c)
		return 1;
	c->loop = EV_DEFAULT;
	if (cl_check_options(c, o, &sort))
		goto out;
	if (o->prometheus_config) {
		if (prom_config_load(&cfg, o->prometheus_config, err, sizeof(err))) {
			fprintf(stderr, "rdmatop: --prometheus-config %s: %s\n", o->prometheus_config,
				err);
			goto out;
		}
		co.cfg = &cfg;
	}
	if (o->write) {
		ret = rec_writer_open(&rec, o->write);
		if (!ret)
			ret = rec_writer_rotate(rec, o->write_max, (unsigned int)o->write_keep);
		if (ret) {
			fprintf(stderr, "rdmatop: cannot write %s: %s\n", o->write, wfile_strerror(ret));
			ret = 1;
			goto out;
		}
		co.record = rec;
	}
	if (o->read) {
		if (prom_replay_open(&c->replay, o->read, err, sizeof(err))) {
			fprintf(stderr, "rdmatop: %s\n", err);
			ret = 1;
			goto out;
		}
		c->v.url = o->read;
	} else {
		/* a query may take two refreshes (at least 10 s): a refresh
		 * is never sent while one is out */
		co.timeout = o->prometheus_timeout > 0 ? o->prometheus_timeout :
			     o->delay * 2 > 10 ? o->delay * 2 : 10;
	}
	if (!o->read && prom_client_new(&c->client, c->loop, &co, err, sizeof(err))) {
		fprintf(stderr, "rdmatop: %s\n", err);
		goto out;
	}
	if (!o->read && (i = prom_work_new(&c->work, c->loop, co.series_max, cl_on_result, c))) {
		fprintf(stderr, "rdmatop: cannot start a thread: %s\n", strerror(-i));
		goto out;
	}
	ret = 1;
	c->delay = o->delay;
	c->iterations = o->iterations;
	c->json = o->json || o->output == OPT_OUT_JSON;
	c->screen = !o->batch && !o->json && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	/* before the scrape interval is read, a window of one minute */
	c->v.window = c->ctx.window = 60;
	if (!c->replay)
		c->v.url = o->prometheus;
	c->v.match = c->ctx.match;
	c->v.q = c->none;
	c->v.m = &c->m;
	c->v.at = c->at;

	ev_async_init(&c->stop_w, on_stop);
	ev_async_start(c->loop, &c->stop_w);
	stop_wake(c->loop, &c->stop_w);
	if (c->screen && open_screen(c, o, sort))
		goto out;
	/* a replay in batch mode plays as fast as it is read */
	ev_timer_init(&c->tick, on_tick, 0, c->replay && !c->screen ? 1e-6 : c->delay);
	c->tick.data = c;
	ev_timer_start(c->loop, &c->tick);
	c->status = 0;
	ev_run(c->loop, 0);
	ret = c->status;
	if (c->screen) {
		ui_screen_close();
		ui_cluster_free(&c->ui);
	}
	stop_wake(NULL, NULL);
out:
	/* first the worker: stopped between two answers, not waited for to
	 * the end of a refresh */
	prom_work_free(c->work);
	prom_result_free(c->res);
	prom_client_free(c->client);
	prom_replay_close(c->replay);
	for (i = 0; i < PROM_Q_N; i++)
		prom_vector_free(&c->rq[i].v);
	prom_model_free(&c->m);
	prom_config_free(&cfg);
	if (rec && (i = rec_writer_close(rec))) {
		fprintf(stderr, "rdmatop: writing %s failed: %s\n", o->write, wfile_strerror(i));
		ret = 1;
	}
	free(c);
	return ret;
}
