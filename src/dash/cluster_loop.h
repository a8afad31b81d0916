/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The cluster view's loop state (src/dash/cluster.c), shared with the
 * check of its options (src/dash/cluster_opts.c).  Private to src/dash.
 */
#ifndef RDMATOP_DASH_CLUSTER_LOOP_H
#define RDMATOP_DASH_CLUSTER_LOOP_H

#include <stdbool.h>

#include <ev.h>

#include "cluster.h"
#include "settings.h"

/* what a message the loop said about Prometheus is of (struct cl.said_of) */
enum { SAID_NONE, SAID_INTERVAL, SAID_REFRESH };

/* what a table's query asks (prom_qtop and the texts it points to) */
struct ask {
	struct prom_qtop top;
	char match[PROM_KEY_MAX + 512];
	char search[256];
};

struct cl {
	struct ev_loop *loop;
	struct prom_client *client;
	struct prom_replay *replay;	/* -r: a recording instead */
	struct prom_qstate rq[PROM_Q_N];	/* the replay's answers */
	struct prom_work *work;		/* the answers parsed, the model built */
	struct prom_result *res;	/* its last result, shown */
	double answers;			/* the refresh's seconds to its last answer */
	double work_at;			/* the time it was evaluated at (--at, T) */
	struct prom_model m;		/* a replay's (built on the loop) */
	struct prom_qstate none[PROM_Q_N];
	struct prom_qctx ctx;
	struct prom_select sel;		/* batch: -f, --sort, -R */
	struct cl_view v;
	struct ui_cluster ui;
	bool screen, json;
	bool said_interval;		/* why the scrape interval is unknown, said */
	char said[256];			/* that, or why a refresh could not start, as
					 * put on the status line: taken off once it
					 * is no longer so */
	int said_of;			/* SAID_*: what it is of */
	char said_rules[320];		/* the recording rules' line, said when it changes */
	long rows;			/* --rows: 0 for the screen's own */
	const char *const *filters;	/* -f (batch) */
	int n_filters;
	struct ask ask[2], asked[2];	/* Ports, Jobs: wanted now, and sent */
	bool again;			/* a refresh wanted while one ran */
	char searched[256];		/* the search whose rows came */
	long iterations, done;
	double delay, at;
	ev_timer tick, clock;
	ev_io input;
	ev_async stop_w;
	ev_signal winch;
	int status;
};

/* cluster.c: a refresh now, or once the one out is read (c->again) */
void cl_refresh_now(struct cl *c);
/* a message about Prometheus on the status line, of SAID_*, kept to be
 * taken off once it is no longer so */
void cl_say(struct cl *c, int of, const char *fmt, const char *why);

/* cluster_show.c: the worker's result (prom_work_fn), shown or printed */
void cl_on_result(void *arg, struct prom_result *res);
/* replay: sample no (-1: the next) as if its answers had just come */
void cl_replay_to(struct cl *c, long no);

/* --match, --sort, the filters and --at checked, and taken into c: 0, or
 * -1 (said on stderr); *sort the Hosts sort column or left as it is. */
int cl_check_options(struct cl *c, const struct settings *o, int *sort);

#endif
