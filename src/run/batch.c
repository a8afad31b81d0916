// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Batch mode (see batch.h): samples, the one pipeline (snap_advance), the
 * exports, and each sample printed (text, JSON or OpenMetrics) like
 * `top -b`; between samples the exporter's loop answers scrapes.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <ev.h>

#include "advance.h"
#include "batch.h"
#include "export.h"
#include "http.h"
#include "http_ops.h"
#include "out.h"
#include "snapshot.h"
#include "source.h"
#include "stop.h"
#include "util.h"
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
			left = ts_diff(&now, until);
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

static int batch_print(const struct settings *o, const struct snapshot *s,
		       const struct out_opts *oo, struct out_om_psns *psns)
{
	struct out_om_opts mo = { .format = OUT_OM_OPENMETRICS, .max_procs = o->metrics_procs,
				  .sample_seconds = -1, .timed = true, .psns = psns };

	if (!o->read) {
		/* as the --listen exposition: from the sample's start to now */
		struct timespec now;

		clock_gettime(CLOCK_MONOTONIC, &now);
		mo.sample_seconds = ts_diff(&s->mono, &now);
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

/*
 * The sample to the exporter, and what went wrong said (a failure to
 * publish once until it changes).  -1 when the first write of a textfile
 * fails: an error at start, not a service that runs on.
 */
static int publish(const struct settings *o, struct exporter *ex, const struct snapshot *cur,
		   bool first, int *export_err)
{
	int e = export_sample(ex, cur);
	const char *msg;

	if (e && first && o->textfile) {
		fprintf(stderr, "rdmatop: cannot write --textfile %s: %s\n", o->textfile,
			wfile_strerror(e));
		return -1;
	}
	if (e && !o->textfile && e != *export_err)
		fprintf(stderr, "rdmatop: cannot publish the metrics: %s\n", wfile_strerror(e));
	if ((msg = export_textfile_msg(ex)))
		fprintf(stderr, "rdmatop: %s\n", msg);
	*export_err = e;
	return 0;
}

/* When the next sample is due: an interval after this one's, later when
 * the budget holds samples apart. */
static void pace_next(const struct settings *o, const struct snapshot *cur, struct timespec *next)
{
	struct timespec now;

	add_ns(next, o->delay);
	/* live, the budget may hold the samples further apart
	 * (budget_interval) */
	if (!o->read && cur->self.hold > o->delay)
		add_ns(next, cur->self.hold - o->delay);
	/* behind by a whole interval (stopped with SIGSTOP, or a
	 * sample longer than the interval): go on from now, not
	 * with a burst of samples to catch up */
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (now.tv_sec > next->tv_sec || (now.tv_sec == next->tv_sec && now.tv_nsec > next->tv_nsec))
		*next = now;
}

int run_batch(const struct settings *o, struct source *src, const struct out_opts *oo,
		     bool clear_screen, struct exporter *ex, bool quiet)
{
	int export_err = 0, said = 0;
	struct snapshot snaps[2], *prev = NULL, *cur;
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
		snap_advance(prev, cur);
		if (publish(o, ex, cur, !prev, &export_err)) {
			ret = 1;
			break;
		}
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
		pace_next(o, cur, &next);
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
