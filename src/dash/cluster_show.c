// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a refresh's answers become in the cluster view: the model the
 * view reads, shown (the screen) or printed (-b, --json); the worker's
 * result (live) or a replay's sample, built on the loop as the user
 * steps.  The loop itself is src/dash/cluster.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <ev.h>

#include "cluster.h"
#include "fmt.h"
#include "util.h"

#include "cluster_loop.h"

/* What the view reads from now on: the model m of the answers q, evaluated
 * at `at`, the refresh's times.  Returns how many queries failed. */
static int show_model(struct cl *c, struct prom_model *m, const struct prom_qstate *q, double at,
		      double answers)
{
	int i, failed = 0;

	m->answers_seconds = answers;
	m->interval = c->v.interval;
	m->window = c->v.window;
	m->eval_at = at;
	/* whether the answers took the recording rules (a replay does not
	 * know: the recording keeps the answers, not how they were asked) */
	m->rules = c->client ? prom_client_rules_used(c->client) : -1;
	snprintf(m->rules_why, sizeof(m->rules_why), "%s",
		 c->client ? prom_client_rules(c->client) : "");
	c->v.q = q;
	c->v.m = m;
	c->v.at = at;
	/* the age on screen: that of the oldest answer kept */
	c->v.answered = 0;
	for (i = 0; i < PROM_Q_N; i++) {
		failed += q[i].err != 0;
		if (q[i].have && (!c->v.answered || q[i].at < c->v.answered))
			c->v.answered = q[i].at;
	}
	return failed;
}

/* A replay's model from its answers q, built on the loop (a recording's
 * answers are read as the user steps). */
static int build_model(struct cl *c, const struct prom_qstate *q)
{
	prom_model_free(&c->m);
	prom_model_timed(&c->m, q);
	return show_model(c, &c->m, q, c->at, 0);
}

/* On screen: draw, then stop, or refresh again if asked meanwhile */
static void show_done(struct cl *c)
{
	/* a search asked Prometheus for its rows: now they are here,
	 * the selection goes to the first (it found none before) */
	if (strcmp(c->asked[0].search, c->searched) && c->ui.pane != CL_HOSTS &&
	    c->ui.pane != CL_HOST && c->asked[0].search[0]) {
		snprintf(c->searched, sizeof(c->searched), "%s", c->asked[0].search);
		c->ui.search_step = 1;
		c->ui.sel[c->ui.pane] = 0;
	}
	ui_cluster_draw(&c->ui, &c->v);
	if (c->iterations && ++c->done >= c->iterations)
		ev_break(c->loop, EVBREAK_ALL);
	else if (c->again)
		cl_refresh_now(c);
}

/* In batch: the failed queries on stderr, the model on stdout */
static void print_done(struct cl *c, const struct prom_qstate *q, int failed)
{
	int i;

	for (i = 0; i < PROM_Q_N; i++) {
		char esc[sizeof(q[i].why) * 4];

		/* Prometheus's own error text, or its bytes quoted: escaped */
		if (q[i].err)
			fprintf(stderr, "rdmatop: query %s: %s\n", prom_q_name((enum prom_q)i),
				fmt_escape(esc, sizeof(esc), q[i].why));
	}
	if (c->json)
		prom_out_json(stdout, c->v.m, q, &c->sel);
	else
		prom_out_text(stdout, c->v.m, q, &c->sel);
	fflush(stdout);
	if (failed == PROM_Q_N - 1 || failed == PROM_Q_N)
		c->status = 1;
	if ((c->iterations && ++c->done >= c->iterations) ||
	    (c->at > 0 && !c->iterations && !c->replay))
		ev_break(c->loop, EVBREAK_ALL);
}

/* What the worker made of a refresh's answers: shown or printed */
void cl_on_result(void *arg, struct prom_result *res)
{
	struct cl *c = arg;
	int failed;

	c->v.busy = false;
	c->v.reading = false;
	if (!res) {
		/* out of memory: what is shown stays, said */
		if (c->screen)
			cl_say(c, SAID_REFRESH, "%s", "out of memory reading Prometheus's answers");
		else
			fprintf(stderr, "rdmatop: out of memory reading Prometheus's answers\n");
		c->status = 1;
		if (!c->screen)
			ev_break(c->loop, EVBREAK_ALL);
		return;
	}
	failed = show_model(c, &res->m, res->q, c->work_at, c->answers);
	/* the last result goes once the view reads the new one */
	prom_result_free(c->res);
	c->res = res;
	if (c->screen)
		show_done(c);
	else
		print_done(c, res->q, failed);
}

/* A replay's sample (q, as read): the model built at once */
static void replay_done(struct cl *c, const struct prom_qstate *q)
{
	int failed;

	c->v.busy = false;
	failed = build_model(c, q);
	if (c->screen)
		show_done(c);
	else
		print_done(c, q, failed);
}

/* replay: sample no (-1: the next) as if its answers had just come */
void cl_replay_to(struct cl *c, long no)
{
	double interval = 0, wall = 0, at = 0;
	char err[256] = "";
	int ret = prom_replay_read(c->replay, no, c->rq, &interval, &wall, &at, err, sizeof(err));

	if (ret <= 0) {
		if (!c->screen) {
			char esc[sizeof(err) * 4];

			if (ret < 0)
				fprintf(stderr, "rdmatop: %s\n", fmt_escape(esc, sizeof(esc), err));
			c->status = ret < 0;
			ev_break(c->loop, EVBREAK_ALL);
		} else {
			ui_set_status(&c->ui.base, ret ? ROLE_STATUS_WARN : ROLE_STATUS_INFO, "%s",
				      ret ? err : "end of recording");
			ui_cluster_draw(&c->ui, &c->v);
		}
		return;
	}
	c->at = at;
	c->v.sample_no = prom_replay_tell(c->replay) + 1;
	if (interval > 0) {
		c->v.interval = interval;
		c->v.window = c->ctx.window = prom_window(interval);
	}
	replay_done(c, c->rq);
	c->v.answered = wall;
}
