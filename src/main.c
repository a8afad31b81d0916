// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmatop: options -> mode: the dashboard (src/dash/app.c), else batch
 * mode (src/run/batch.c).
 */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <ev.h>

#include "app.h"
#include "batch.h"
#include "cluster.h"
#include "prom.h"
#include "events.h"
#include "export.h"
#include "http.h"
#include "http_ops.h"
#include "netns.h"
#include "qpcnt.h"
#include "settings.h"
#include "verdict.h"
#include "record.h"
#include "out.h"
#include "rate.h"
#include "snapshot.h"
#include "source.h"
#include "stall.h"
#include "stop.h"
#include "ui.h"
#include "view.h"
#include "webcfg.h"
#include "wfile.h"

/* The settings: defaults, the config file, the command line; --help and
 * --version answered.  -1 to go on, else the exit status. */
static int load_settings(struct settings *o, int argc, char **argv)
{
	char err[512];

	settings_defaults(o);
	if (cfg_load(o, cfg_path(err, sizeof(err)), stderr))
		return 2;
	if (settings_parse(o, argc, argv, stderr))
		return 2;
	if (o->help) {
		settings_usage(stdout);
		return 0;
	}
	if (o->version) {
		printf("rdmatop %s\n", RDMATOP_VERSION);
		return 0;
	}
	stall_set_after(o->stall_after);
	if (verdict_set_thresholds(o->thresholds, o->n_thresholds, err, sizeof(err))) {
		fprintf(stderr, "rdmatop: --%s\n", err);
		return 2;
	}
	return -1;
}

/* The controls (--set-netns, --set-qp-counters, ...): each says what
 * happened, printed here; the exit status. */
static int run_control(const struct settings *o)
{
	char link[256], say[1024] = "";
	const char *sp = o->set_qp_counters ? strchr(o->set_qp_counters, ' ') : NULL;
	const char *a = o->bind_qp_counter ? o->bind_qp_counter : o->unbind_qp_counter;
	const char *sl = a ? strrchr(a, '/') : NULL;
	int ret;

	if (o->set_qp_counters && sp) {
		snprintf(link, sizeof(link), "%.*s", (int)(sp - o->set_qp_counters),
			 o->set_qp_counters);
		ret = qpcnt_mode_set(link, sp + 1, say, sizeof(say));
	} else if (o->set_netns >= 0 || o->set_qp_counters) {
		ret = netns_mode_set(o->set_netns == 1, say, sizeof(say));
	} else if (o->move_netns) {
		ret = dev_netns_move(o->move_netns, say, sizeof(say));
	} else if (o->opt_counters) {
		ret = optcnt_set(o->opt_counters, say, sizeof(say));
	} else if (!sl || sl == a) {
		snprintf(say, sizeof(say), "--%s: LINK/LQPN, e.g. mlx5_0/1/289, not '%s'",
			 o->bind_qp_counter ? "bind-qp-counter" : "unbind-qp-counter", a);
		ret = 2;
	} else {
		snprintf(link, sizeof(link), "%.*s", (int)(sl - a), a);
		ret = qpcnt_bind(link, sl + 1, !o->bind_qp_counter, say, sizeof(say));
	}
	fprintf(ret ? stderr : stdout, "%s%s\n", ret ? "rdmatop: " : "", say);
	return ret;
}

/* --listen's address and --web-config's file, checked before anything
 * opens: 0, or 2 (said on stderr). */
static int check_listen(const struct settings *o, struct webcfg *web)
{
	struct sockaddr_storage ss;
	socklen_t len;
	char err[512];

	if (http_parse_listen(o->listen, &ss, &len, err, sizeof(err))) {
		fprintf(stderr, "rdmatop: bad value for --listen: %s\n", err);
		return 2;
	}
	if (o->web_config && webcfg_load(web, o->web_config, err, sizeof(err))) {
		fprintf(stderr, "rdmatop: --web-config %s\n", err);
		return 2;
	}
	if (web->warning[0])
		fprintf(stderr, "rdmatop: warning: --web-config %s: %s\n", o->web_config,
			web->warning);
	/* a password or TLS is what the warning asks for */
	if (http_addr_is_wildcard(&ss) && !web->tls && !web->n_users)
		fprintf(stderr, "rdmatop: warning: --listen %s serves every network "
				"without TLS; anyone who reaches the port reads the metrics "
				"(see --web-config)\n", o->listen);
	return 0;
}

/* What the batch writers take from the settings: the sort, columns and
 * filters checked, the text's marks.  0, or the exit status (said on
 * stderr); *filter is the caller's to free. */
static int out_options(const struct settings *o, struct out_opts *oo,
		       struct view_filter **filter)
{
	char err[512];
	int i;

	if (o->sort) {
		oo->sort_col = view_col_find(VIEW_QPS, o->sort);
		if (oo->sort_col < 0) {
			fprintf(stderr, "rdmatop: unknown sort column '%s' (QP columns:", o->sort);
			size_t n, k;
			const struct view_col *cols = view_cols(VIEW_QPS, &n);

			for (k = 0; k < n; k++)
				fprintf(stderr, " %s", cols[k].name);
			fprintf(stderr, ")\n");
			return 2;
		}
	}
	for (i = 0; i < o->n_columns; i++)
		if (ui_columns_check(o->columns[i], err, sizeof(err))) {
			fprintf(stderr, "rdmatop: %s\n", err);
			return 2;
		}
	oo->reverse = o->reverse;
	oo->pid = o->pid;
	oo->bytes = o->bytes;
	if (o->batch && o->output == OPT_OUT_TEXT) {
		/* text cut to its column ends in the screen's mark, "~" where
		 * the terminal's codeset is not UTF-8 (src/ui/screen.c); the
		 * character type also gives wcwidth() its cells */
		const char *cs;

		setlocale(LC_CTYPE, "");
		cs = nl_langinfo(CODESET);
		oo->ascii = o->ascii || !cs || strcmp(cs, "UTF-8");
	}
	if (o->n_filters) {
		*filter = view_filter_new();
		if (!*filter) {
			fprintf(stderr, "rdmatop: out of memory\n");
			return 1;
		}
		for (i = 0; i < o->n_filters; i++) {
			if (view_filter_add(*filter, o->filters[i], err, sizeof(err))) {
				fprintf(stderr, "rdmatop: %s\n", err);
				view_filter_free(*filter);
				*filter = NULL;
				return 2;
			}
		}
		oo->filter = *filter;
	}
	return 0;
}

/* The source: the recording (-r) or the live host; *play_delay is the
 * dashboard's pace through a recording.  0 or an error, said. */
static int open_source(struct settings *o, struct source *src, double *play_delay)
{
	char err[512];
	int ret;

	if (o->read) {
		ret = source_replay_open(src, o->read, err, sizeof(err));
		if (ret) {
			fprintf(stderr, "rdmatop: %s\n", err);
			return ret;
		}
		/* in batch mode a recording plays as fast as it is read; the
		 * dashboard plays one sample per -d */
		*play_delay = o->delay;
		/* ... except for a scraper, who needs a steady pace */
		if (!o->listen)
			o->delay = 0;
	} else {
		ret = source_live_open(src, o->sysroot);
		if (ret) {
			fprintf(stderr, "rdmatop: %s\n", strerror(-ret));
			return ret;
		}
		src->budget = o->budget;
		src->interval = o->delay;
	}
	return 0;
}

/* -w: the recording the source's raw inputs go to.  0 or an error, said. */
static int open_recorder(const struct settings *o, struct source *src, struct rec_writer **rec)
{
	int ret = rec_writer_open(rec, o->write);

	if (ret) {
		fprintf(stderr, "rdmatop: cannot write %s: %s\n", o->write, wfile_strerror(ret));
		return ret;
	}
	ret = rec_writer_rotate(*rec, o->write_max, o->write_keep);
	if (ret) {
		fprintf(stderr, "rdmatop: cannot rotate %s: a file it would replace: %s\n",
			o->write, wfile_strerror(ret));
		return ret;
	}
	src->sink = rec_writer_sink(*rec);
	return 0;
}

/* --listen, --textfile: the exporter, and where it listens.  0 or an
 * error, said. */
static int open_export(const struct settings *o, struct webcfg *web, struct exporter **ex)
{
	struct export_opts eo = {
		.listen = o->listen, .textfile = o->textfile,
		.web = o->web_config ? web : NULL, .web_path = o->web_config,
		.path = o->telemetry_path,
		.max_procs = o->metrics_procs, .live = !o->read,
		.prefix4 = (unsigned int)o->listen_prefix4,
		.prefix6 = (unsigned int)o->listen_prefix6,
	};
	char err[512];
	int ret = export_open(ex, EV_DEFAULT, &eo, err, sizeof(err));

	if (ret) {
		fprintf(stderr, "rdmatop: %s\n", err);
		return ret;
	}
	if (o->listen) {
		bool passed;
		const char *at = export_addr(*ex, &passed);

		fprintf(stderr, "rdmatop %s: listening on %s%s, metrics at %s%s%s\n",
			RDMATOP_VERSION, at, passed ? " (the socket systemd passed)" : "",
			o->telemetry_path, web->tls ? " (TLS)" : "",
			web->n_users ? " (basic auth)" : "");
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct view_filter *filter = NULL;
	struct out_opts oo = { .sort_col = -1 };
	struct source src = { 0 };
	struct rec_writer *rec = NULL;
	struct exporter *ex = NULL;
	struct webcfg web = { 0 };
	struct settings o;
	double play_delay = 1.0;
	int i, ret;

	snap_mem_init();
	wfile_init();
	if ((ret = load_settings(&o, argc, argv)) >= 0)
		return ret;

	/* the modes that are not one host's samples */
	if (o.prometheus || (o.read && prom_replay_is(o.read))) {
		/* the whole cluster, or its recording: its own loop (src/dash/cluster.c) */
		if (stop_init())
			return 1;
		signal(SIGPIPE, SIG_IGN);
		return cluster_main(&o);
	}
	if (o.set_netns >= 0 || o.set_qp_counters || o.move_netns || o.opt_counters ||
	    o.bind_qp_counter || o.unbind_qp_counter)
		return run_control(&o);

	/* every setting checked before anything opens */
	if (o.listen && (ret = check_listen(&o, &web)))
		return ret;
	if ((ret = out_options(&o, &oo, &filter)))
		return ret;

	/* open: signals, the source, the recorder, the exporter */
	ret = stop_init();
	if (ret) {
		fprintf(stderr, "rdmatop: cannot set up signal handling: %s\n", strerror(-ret));
		goto out;
	}
	signal(SIGPIPE, SIG_IGN);
	ret = open_source(&o, &src, &play_delay);
	if (ret)
		goto out;
	stop_source(&src);
	if (o.write && (ret = open_recorder(&o, &src, &rec)))
		goto out;
	if ((o.listen || o.textfile) && (ret = open_export(&o, &web, &ex)))
		goto out;

	/* run: the dashboard on a terminal, else samples printed */
	if (!o.batch && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
		/* the dashboard plays a recording one sample per -d; it shows
		 * filters itself (they were checked above) */
		if (o.read)
			o.delay = play_delay;
		ret = app_run(&o, &src, ex);
		if (ret == -EINPROGRESS) {
			fprintf(stderr, "rdmatop: a sample was still being read; "
					"not waiting for it\n");
			stop_source(NULL);
			export_close(ex);
			return 0;
		}
		/* -ENOTTY: the terminal was refused, with its own message */
		if (ret && ret != -ENOTTY)
			fprintf(stderr, "rdmatop: cannot run the dashboard: %s\n",
				ret == -1 ? "this terminal cannot be used" : strerror(-ret));
	} else {
		/* not a terminal: print samples like -b */
		ret = run_batch(&o, &src, &oo, false, ex, !o.batch && ex);
	}
	if (rec && (i = rec_writer_close(rec))) {
		fprintf(stderr, "rdmatop: writing %s failed: %s\n", o.write, wfile_strerror(i));
		ret = 1;
	}
	rec = NULL;
out:
	stop_source(NULL);
	export_close(ex);
	webcfg_free(&web);
	source_close(&src);
	rec_writer_close(rec);
	view_filter_free(filter);
	return ret ? 1 : 0;
}
