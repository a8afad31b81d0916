// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmatop: options -> mode.  Batch mode samples, computes rates and prints
 * each sample (text or JSON) like `top -b`.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <ev.h>

#include "app.h"
#include "events.h"
#include "export.h"
#include "http.h"
#include "http_ops.h"
#include "netns.h"
#include "qpcnt.h"
#include "opts.h"
#include "record.h"
#include "out.h"
#include "rate.h"
#include "snapshot.h"
#include "source.h"
#include "stop.h"
#include "ui.h"
#include "view.h"
#include "webcfg.h"
#include "wfile.h"

static void add_ns(struct timespec *t, double secs)
{
	long ns = (long)(secs * 1e9);

	t->tv_sec += ns / 1000000000L;
	t->tv_nsec += ns % 1000000000L;
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

/*
 * A sample with nothing to show: say why, on stderr.  With said (an
 * exporter, which keeps serving rdma_up 0 and tries again every sample),
 * only when the reason changes: *said is the last one told.
 */
static bool no_rdma(const struct snapshot *s, int *said)
{
	int why = s->flags & SNAP_F_NO_NETLINK ? s->nl_err : s->flags & SNAP_F_NO_DEVICES ? 1 : 0;

	if (said) {
		if (why == *said)
			return why != 0;
		if (!why)
			fprintf(stderr, "rdmatop: RDMA state is readable now\n");
		*said = why;
	}
	if (s->flags & SNAP_F_NO_NETLINK) {
		fprintf(stderr, "rdmatop: cannot read RDMA state: %s%s%s\n", strerror(-s->nl_err),
			s->nl_err == -EPROTONOSUPPORT ?
			" (no NETLINK_RDMA: this kernel has no RDMA support or ib_core is not loaded)" : "",
			said ? "; serving rdma_up 0, trying again every sample" : "");
		return true;
	}
	if (s->flags & SNAP_F_NO_DEVICES) {
		fprintf(stderr, "rdmatop: %s%s\n", snap_no_devices_why(s),
			said ? "; looking again every sample" : "");
		return true;
	}
	return false;
}

static void on_wake(struct ev_loop *loop, ev_timer *w, int revents)
{
	(void)loop;
	(void)w;
	(void)revents;
}

/* SIGHUP to an exporter: its --web-config again, else nothing */
static void on_hup(struct ev_loop *loop, ev_async *w, int revents)
{
	struct exporter *ex = w->data;
	char err[512];

	(void)loop;
	(void)revents;
	switch (export_reload(ex, err, sizeof(err))) {
	case 0:
		fprintf(stderr, "rdmatop: SIGHUP: the web config read again\n");
		break;
	case 1:
		fprintf(stderr, "rdmatop: SIGHUP: no --web-config to read again; going on\n");
		break;
	default:
		fprintf(stderr, "rdmatop: SIGHUP: the old web config still serves; the new one: %s\n",
			err);
	}
}

static void on_stop(struct ev_loop *loop, ev_async *w, int revents)
{
	(void)w;
	(void)revents;
	ev_break(loop, EVBREAK_ONE);
}

/*
 * Sleep until `until` (NULL: until a signal).  With a --listen endpoint the
 * loop runs meanwhile, so scrapes are answered between samples; a signal
 * wakes it (stop_wake), and it wakes at least every 0.25 s anyway.
 */
static void batch_wait(struct exporter *ex, const struct timespec *until)
{
	struct ev_loop *loop = export_loop(ex);
	ev_timer wake;

	if (!loop) {
		double dog = http_watchdog_interval() / 2;
		struct timespec step;

		/* a signal interrupts the sleep (no SA_RESTART); systemd's
		 * watchdog hears from us every half of its interval */
		while (!stop_requested()) {
			clock_gettime(CLOCK_MONOTONIC, &step);
			add_ns(&step, dog > 0 ? dog : 86400);
			if (until && (step.tv_sec > until->tv_sec ||
				      (step.tv_sec == until->tv_sec && step.tv_nsec > until->tv_nsec)))
				step = *until;
			if (!clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &step, NULL) &&
			    until && step.tv_sec == until->tv_sec && step.tv_nsec == until->tv_nsec)
				break;
			http_notify_alive();
		}
		return;
	}
	while (!stop_requested()) {
		struct timespec now;
		double left = 0.25;

		clock_gettime(CLOCK_MONOTONIC, &now);
		if (until) {
			left = (double)(until->tv_sec - now.tv_sec) +
			       (double)(until->tv_nsec - now.tv_nsec) / 1e9;
			if (left <= 0)
				break;
		}
		ev_timer_init(&wake, on_wake, left < 0.25 ? left : 0.25, 0.);
		ev_timer_start(loop, &wake);
		ev_run(loop, EVRUN_ONCE);
		ev_timer_stop(loop, &wake);
		http_notify_alive();
	}
}

static int batch_print(const struct opts *o, const struct snapshot *s,
		       const struct out_opts *oo, struct out_om_psns *psns)
{
	struct out_om_opts mo = { .format = OUT_OM_OPENMETRICS, .max_procs = o->metrics_procs,
				  .sample_seconds = -1, .timed = true, .psns = psns };

	if (!o->read) {
		/* as the --listen exposition: from the sample's start to now */
		struct timespec now;

		clock_gettime(CLOCK_MONOTONIC, &now);
		mo.sample_seconds = (double)(now.tv_sec - s->mono.tv_sec) +
				    (double)(now.tv_nsec - s->mono.tv_nsec) / 1e9;
	}
	switch (o->output) {
	case OPT_OUT_JSON:
		return out_json(stdout, s, oo);
	case OPT_OUT_OPENMETRICS:
	case OPT_OUT_PROMETHEUS:
		if (o->output == OPT_OUT_PROMETHEUS)
			mo.format = OUT_OM_PROMETHEUS;
		return out_openmetrics(stdout, s, &mo);
	default:
		return out_text(stdout, s, oo);
	}
}

/* quiet: only export (--listen/--textfile without -b, not on a terminal) */
static int run_batch(const struct opts *o, struct source *src, const struct out_opts *oo,
		     bool clear_screen, struct exporter *ex, bool quiet)
{
	int export_err = 0, e, said = 0;
	struct snapshot snaps[2], *prev = NULL, *cur;
	const char *msg;
	struct ev_loop *loop = export_loop(ex);
	struct timespec next;
	ev_async stop_w, hup_w;
	bool absent;
	long i;
	int ret = 0;
	/* the groups' PSN counters of -o openmetrics: kept across samples */
	struct out_om_psns *psns = out_om_psns_new();

	if (loop) {
		ev_async_init(&stop_w, on_stop);
		ev_async_start(loop, &stop_w);
		stop_wake(loop, &stop_w);
		ev_async_init(&hup_w, on_hup);
		hup_w.data = ex;
		ev_async_start(loop, &hup_w);
	}
	/* an exporter's SIGHUP (logrotate, systemctl reload) is no stop */
	if (ex)
		stop_hup(true, loop ? &hup_w : NULL);
	snap_init(&snaps[0]);
	snap_init(&snaps[1]);
	clock_gettime(CLOCK_MONOTONIC, &next);
	for (i = 0; !o->iterations || i < o->iterations; i++) {
		cur = &snaps[i & 1];
		snap_clear(cur);
		ret = source_sample(src, cur);
		if (stop_requested()) {
			ret = 0;	/* the sample was cut short: not shown */
			break;
		}
		if (ret < 0) {
			fprintf(stderr, "rdmatop: sampling failed: %s\n", strerror(-ret));
			ret = 1;
			break;
		}
		if (ret > 0) {	/* end of input */
			ret = 0;
			if (loop) {
				fprintf(stderr, "rdmatop: end of the recording; serving its last "
						"sample until stopped\n");
				batch_wait(ex, NULL);
			}
			break;
		}
		/* a live exporter outlives a missing ib_core or a driver that
		 * loads late: it serves the sample (rdma_up 0) and retries */
		absent = no_rdma(cur, ex && !o->read ? &said : NULL);
		if (absent && (!ex || o->read)) {
			ret = 1;
			break;
		}
		snap_carry(prev, cur);
		rate_compute(prev, cur);
		events_diff(prev, cur);
		e = export_sample(ex, cur);
		if (e && !prev && o->textfile) {
			/* the first write: a textfile that cannot be written
			 * is an error at start, not a service that runs on */
			fprintf(stderr, "rdmatop: cannot write --textfile %s: %s\n", o->textfile,
				wfile_strerror(e));
			ret = 1;
			break;
		}
		if (e && !o->textfile && e != export_err)
			fprintf(stderr, "rdmatop: cannot publish the metrics: %s\n",
				wfile_strerror(e));
		if ((msg = export_textfile_msg(ex)))
			fprintf(stderr, "rdmatop: %s\n", msg);
		export_err = e;
		if (quiet || absent)
			goto next;
		if (clear_screen)
			fputs("\033[H\033[2J", stdout);
		ret = batch_print(o, cur, oo, psns);
		if (fflush(stdout) || ret) {
			/* stdout closed (a pager quit): not an error of ours */
			ret = errno == EPIPE ? 0 : 1;
			break;
		}
next:
		prev = cur;
		if (o->iterations && i + 1 >= o->iterations)
			break;
		if (o->delay <= 0)
			continue;
		add_ns(&next, o->delay);
		{
			struct timespec now;

			/* behind by a whole interval (stopped with SIGSTOP, or a
			 * sample longer than the interval): go on from now, not
			 * with a burst of samples to catch up */
			clock_gettime(CLOCK_MONOTONIC, &now);
			if (now.tv_sec > next.tv_sec ||
			    (now.tv_sec == next.tv_sec && now.tv_nsec > next.tv_nsec))
				next = now;
		}
		batch_wait(ex, &next);
		if (stop_requested())
			break;
	}
	stop_hup(false, NULL);
	if (loop) {
		stop_wake(NULL, NULL);
		ev_async_stop(loop, &stop_w);
		ev_async_stop(loop, &hup_w);
	}
	snap_free(&snaps[0]);
	snap_free(&snaps[1]);
	out_om_psns_free(psns);
	return ret;
}

int main(int argc, char **argv)
{
	struct view_filter *filter = NULL;
	struct out_opts oo = { .sort_col = -1 };
	struct source src = { 0 };
	struct rec_writer *rec = NULL;
	struct exporter *ex = NULL;
	struct webcfg web = { 0 };
	struct opts o;
	double play_delay = 1.0;
	char err[512];
	int i, ret;

	snap_mem_init();
	wfile_init();
	opts_defaults(&o);
	if (cfg_load(&o, cfg_path(err, sizeof(err)), stderr))
		return 2;
	if (opts_parse(&o, argc, argv, stderr))
		return 2;
	if (o.help) {
		opts_usage(stdout);
		return 0;
	}
	if (o.version) {
		printf("rdmatop %s\n", RDMATOP_VERSION);
		return 0;
	}
	if (o.set_netns >= 0)
		return netns_mode_set(o.set_netns == 1, stdout, stderr);
	if (o.set_qp_counters) {
		char link[256];
		const char *sp = strchr(o.set_qp_counters, ' ');

		snprintf(link, sizeof(link), "%.*s", (int)(sp - o.set_qp_counters), o.set_qp_counters);
		return qpcnt_mode_set(link, sp + 1, stdout, stderr);
	}
	if (o.listen) {
		struct sockaddr_storage ss;
		socklen_t len;

		if (http_parse_listen(o.listen, &ss, &len, err, sizeof(err))) {
			fprintf(stderr, "rdmatop: bad value for --listen: %s\n", err);
			return 2;
		}
		if (o.web_config && webcfg_load(&web, o.web_config, err, sizeof(err))) {
			fprintf(stderr, "rdmatop: --web-config %s\n", err);
			return 2;
		}
		if (web.warning[0])
			fprintf(stderr, "rdmatop: warning: --web-config %s: %s\n", o.web_config,
				web.warning);
		/* a password or TLS is what the warning asks for */
		if (http_addr_is_wildcard(&ss) && !web.tls && !web.n_users)
			fprintf(stderr, "rdmatop: warning: --listen %s serves every network "
					"without TLS; anyone who reaches the port reads the metrics "
					"(see --web-config)\n", o.listen);
	}
	if (o.sort) {
		oo.sort_col = view_col_find(VIEW_QPS, o.sort);
		if (oo.sort_col < 0) {
			fprintf(stderr, "rdmatop: unknown sort column '%s' (QP columns:", o.sort);
			size_t n, k;
			const struct view_col *cols = view_cols(VIEW_QPS, &n);

			for (k = 0; k < n; k++)
				fprintf(stderr, " %s", cols[k].name);
			fprintf(stderr, ")\n");
			return 2;
		}
	}
	for (i = 0; i < o.n_columns; i++)
		if (ui_columns_check(o.columns[i], err, sizeof(err))) {
			fprintf(stderr, "rdmatop: %s\n", err);
			return 2;
		}
	oo.reverse = o.reverse;
	oo.pid = o.pid;
	if (o.n_filters) {
		filter = view_filter_new();
		if (!filter) {
			fprintf(stderr, "rdmatop: out of memory\n");
			return 1;
		}
		for (i = 0; i < o.n_filters; i++) {
			if (view_filter_add(filter, o.filters[i], err, sizeof(err))) {
				fprintf(stderr, "rdmatop: %s\n", err);
				view_filter_free(filter);
				return 2;
			}
		}
		oo.filter = filter;
	}

	ret = stop_init();
	if (ret) {
		fprintf(stderr, "rdmatop: cannot set up signal handling: %s\n", strerror(-ret));
		goto out;
	}
	signal(SIGPIPE, SIG_IGN);

	if (o.read) {
		ret = source_replay_open(&src, o.read, err, sizeof(err));
		if (ret) {
			fprintf(stderr, "rdmatop: %s\n", err);
			goto out;
		}
		/* in batch mode a recording plays as fast as it is read; the
		 * dashboard plays one sample per -d */
		play_delay = o.delay;
		/* ... except for a scraper, who needs a steady pace */
		if (!o.listen)
			o.delay = 0;
	} else {
		ret = source_live_open(&src, o.sysroot);
		if (ret) {
			fprintf(stderr, "rdmatop: %s\n", strerror(-ret));
			goto out;
		}
		src.budget = o.budget;
		src.interval = o.delay;
	}
	stop_source(&src);
	if (o.write) {
		ret = rec_writer_open(&rec, o.write);
		if (ret) {
			fprintf(stderr, "rdmatop: cannot write %s: %s\n", o.write, wfile_strerror(ret));
			goto out;
		}
		ret = rec_writer_rotate(rec, o.write_max, o.write_keep);
		if (ret) {
			fprintf(stderr, "rdmatop: cannot rotate %s: a file it would replace: %s\n",
				o.write, wfile_strerror(ret));
			goto out;
		}
		src.sink = rec_writer_sink(rec);
	}
	if (o.listen || o.textfile) {
		struct export_opts eo = {
			.listen = o.listen, .textfile = o.textfile,
			.web = o.web_config ? &web : NULL, .web_path = o.web_config,
			.path = o.telemetry_path,
			.max_procs = o.metrics_procs, .live = !o.read,
			.prefix4 = (unsigned int)o.listen_prefix4,
			.prefix6 = (unsigned int)o.listen_prefix6,
		};

		ret = export_open(&ex, EV_DEFAULT, &eo, err, sizeof(err));
		if (ret) {
			fprintf(stderr, "rdmatop: %s\n", err);
			goto out;
		}
		if (o.listen) {
			bool passed;
			const char *at = export_addr(ex, &passed);

			fprintf(stderr, "rdmatop %s: listening on %s%s, metrics at %s%s%s\n",
				RDMATOP_VERSION, at, passed ? " (the socket systemd passed)" : "",
				o.telemetry_path, web.tls ? " (TLS)" : "",
				web.n_users ? " (basic auth)" : "");
		}
	}
	if (!o.batch && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
		struct app_opts ao = {
			.src = &src, .delay = o.read ? play_delay : o.delay, .theme = o.theme,
			.replay = o.read != NULL, .ascii = o.ascii, .filters = o.filters,
			.n_filters = o.n_filters, .pid = o.pid, .sort_col = oo.sort_col,
			.reverse = o.reverse, .iterations = o.iterations, .exporter = ex,
			.settings = &o,
		};

		/* the dashboard shows filters itself; they were checked above */
		ret = app_run(&ao);
		if (ret == -EINPROGRESS) {
			fprintf(stderr, "rdmatop: a sample was still being read; "
					"not waiting for it\n");
			stop_source(NULL);
			export_close(ex);
			return 0;
		}
		if (ret)
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
