/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The cluster view (--prometheus): its loop (src/dash/cluster.c) and its screen
 * (src/ui/cluster*.c), which reads the model built from Prometheus's
 * answers and never changes it.
 */
#ifndef RDMATOP_CLUSTER_H
#define RDMATOP_CLUSTER_H

#include <stdbool.h>

#include "settings.h"
#include "prom.h"
#include "ui.h"

/* The panes, in tab order; HOST is one host's drill-down. */
enum cl_pane { CL_HOSTS, CL_PORTS, CL_JOBS, CL_STALLS, CL_HOST, CL_PANE_N };

enum cl_action {
	CL_NONE, CL_QUIT, CL_REFRESH, CL_DELAY,
	CL_TIME,	/* evaluate at u->at (0: now) */
	CL_STEP, CL_STEP_BACK,	/* replay: the next / previous sample */
};

/* What the screen shows: the model and how it came (read-only). */
struct cl_view {
	const struct prom_model *m;
	const struct prom_qstate *q;	/* PROM_Q_N */
	const char *url, *match;
	double interval, window;
	double at;		/* evaluation time, 0: now */
	double answered;	/* live: the time Prometheus evaluated the oldest
				 * answer kept at; replay: the sample's wall time;
				 * 0: none yet */
	bool busy;		/* a refresh is under way */
	long sample_no;		/* replay: the sample shown, from 1; 0: live */
	double busy_since;
	/* its answers are in and being read (the worker: parsed, the model
	 * built) since reading_since, reading_bytes of them */
	bool reading;
	double reading_since;
	size_t reading_bytes;
};

struct ui_cluster {
	struct ui base;		/* theme, colours, screen size, status, prompts */
	enum cl_pane pane, back;	/* back: where Esc returns from CL_HOST */
	int sort[PROM_T_N];
	bool reverse[PROM_T_N];
	size_t sel[CL_PANE_N], top[CL_PANE_N];
	char host[PROM_KEY_MAX];	/* CL_HOST's instance, whole; CL_HOSTS of a job */
	char job[2 * PROM_LABEL_MAX];	/* Enter on a job: its hosts ("kind/group") */
	char filter[256], search[256];
	int search_step;	/* 1: select the next row holding search (from
				 * the selection), 2: from the one after it */
	char ssh[PROM_KEY_MAX + 32];	/* the `ssh HOST rdmatop` line, once asked */
	double at;		/* time travel: 0 = now */
	double delay;
	bool paused, help;
	bool replay;		/* -r: t, T and b move in the recording */
	/* the rows on screen of the current pane (instance of the selected,
	 * whole: two hosts that share their first 127 bytes are two) */
	char sel_key[PROM_KEY_MAX];
	/* the focused table's columns as last drawn (INSTANCE takes the room
	 * to spare), where the mouse finds them */
	int col_w[PROM_COLS_MAX];
	size_t n_col_w;
};

int ui_cluster_init(struct ui_cluster *u, double delay, const char *theme, double at);
void ui_cluster_free(struct ui_cluster *u);
void ui_cluster_draw(struct ui_cluster *u, const struct cl_view *v);
enum cl_action ui_cluster_key(struct ui_cluster *u, const struct cl_view *v, int key);

/* Drawing one table of the model in a box of the screen (cluster_table.c);
 * returns the rows it has (after filters). */
long ui_cluster_table(struct ui_cluster *u, const struct cl_view *v, enum prom_table t,
		      enum cl_pane p, int y, int h, int w, bool focus);
/* A mouse event (KEY_MOUSE): *enter set for a double click, which opens
 * the row as Enter does (cluster_mouse.c). */
enum cl_action ui_cluster_mouse(struct ui_cluster *u, int *enter);
/* The Stalls pane's own (cluster_stalls.c): its title's cut and suspect,
 * appended to buf; a cell's role (-1: the table's own). */
void ui_cluster_stalls_title(const struct cl_view *v, char *buf, size_t len);
int ui_cluster_stalls_role(const struct prom_col *c, const char *text);
/* The host drill-down: its links, processes and groups (cluster_host.c). */
void ui_cluster_host(struct ui_cluster *u, const struct cl_view *v, int y, int h, int w);

/* The loop (src/dash/cluster.c): the whole of `rdmatop --prometheus`. */
int cluster_main(const struct settings *o);

#endif
