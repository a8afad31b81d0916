// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * soak: the dashboard's refresh cycle for a long time over a recording of
 * churn (QPs and processes created and destroyed every sample, devices
 * unregistering and coming back under new indexes), replayed in a loop at
 * a fixed pace, with memory watched: the resident size at the end must be
 * within the allowed growth of the one after the warm-up.  Each is the
 * highest of a window (the last WINDOW seconds before the warm-up ends, and
 * of the run): malloc gives pages back now and then, and a single reading
 * can fall in such a dip.  The warm-up lasts at least the graphs' memory of
 * a vanished link (HIST_FORGET samples) and half again: devices come and go
 * in the recording, and their histories are held that long (about 10 KiB
 * each), so the table of them reaches its size only then.
 *
 * Each refresh does what src/dash/app.c does with a new sample (replay source,
 * rates, change events, graph history, per-process aggregation, the QP
 * pane filtered and sorted) and draws the screen into curses (stdout may be
 * /dev/null).  Every few refreshes the pane, sort and filter change, as a
 * user would.
 *
 *   soak FILE SECONDS [RATE_HZ [WARMUP_SECONDS [MAX_GROWTH_PERCENT]]]
 *
 * prints "soak: ..." lines on stderr; exit 0 when memory stayed flat.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "advance.h"
#include "events.h"
#include "history.h"
#include "rate.h"
#include "record.h"
#include "source.h"
#include "ui.h"
#include "util.h"

static long rss_kib(void)
{
	char line[256];
	long v = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "VmRSS:", 6))
			v = strtol(line + 6, NULL, 10);
	fclose(f);
	return v;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return ts_sec(&t);
}

static int open_source(struct source *src, const char *path)
{
	char err[256];
	int ret = source_replay_open(src, path, err, sizeof(err));

	if (ret)
		fprintf(stderr, "soak: %s\n", err);
	return ret;
}

int main(int argc, char **argv)
{
	static const char *const filters[] = { NULL, "state=RTS", "type=RC", "comm~^(ib|nv)" };
	static const enum ui_pane panes[] = { UI_QPS, UI_PROCS, UI_COUNTERS, UI_LINKS };
	static const enum view_table tables[] = { VIEW_QPS, VIEW_PROCS, VIEW_COUNTERS,
						   VIEW_LINKS };
	struct snapshot snaps[2], *prev = &snaps[0], *cur = &snaps[1], *x;
	double secs, hz, warm, growth, t0, next;
	long rss_warm = 0, rss_end = 0, rss_max = 0, refreshes = 0, loops = 0;
	const double window = 30;
	struct source src = { 0 };
	bool have_prev = false;
	struct ui u;

	if (argc < 3) {
		fprintf(stderr, "usage: soak FILE SECONDS [HZ [WARMUP [GROWTH%%]]]\n");
		return 2;
	}
	secs = atof(argv[2]);
	hz = argc > 3 ? atof(argv[3]) : 10;
	warm = argc > 4 ? atof(argv[4]) : secs / 6;
	growth = argc > 5 ? atof(argv[5]) : 5;
	if (hz > 0 && warm < 1.5 * HIST_FORGET / hz)
		warm = 1.5 * HIST_FORGET / hz;
	if (secs < warm + 2 * window) {
		fprintf(stderr, "soak: %.0f s is too short: the warm-up is %.0f s at %.0f/s, then %.0f s at least\n",
			secs, warm, hz, 2 * window);
		return 2;
	}
	snap_mem_init();	/* as rdmatop's main() */
	snap_init(prev);
	snap_init(cur);
	if (open_source(&src, argv[1]))
		return 1;
	if (ui_init(&u, 1 / hz, NULL, true) || ui_screen_open(&u)) {
		fprintf(stderr, "soak: cannot open the screen\n");
		return 1;
	}
	t0 = now();
	next = t0;
	while (now() - t0 < secs) {
		int ret;

		snap_clear(cur);
		ret = source_sample(&src, cur);
		if (ret == 1) {
			/* the end: the recording again, from a fresh reader */
			source_close(&src);
			if (open_source(&src, argv[1]))
				return 1;
			loops++;
			continue;
		}
		if (ret < 0) {
			fprintf(stderr, "soak: sample: %s\n", strerror(-ret));
			return 1;
		}
		/* a loop starts the clock again: no rates across it */
		snap_advance(have_prev ? prev : NULL, cur);
		hist_update(&u.run.hist, cur);
		ui_note_events(&u, cur);
		if (refreshes % 50 == 0) {
			size_t k = (size_t)(refreshes / 50);

			u.view.pane = panes[k % 4];
			u.view.panes[u.view.pane].sort =
				k % 3 ? view_col_find(tables[k % 4], "psn_rate") : -1;
			u.view.panes[u.view.pane].reverse = k & 1;
			ui_set_filter(&u, filters[k % 4]);
		}
		ui_set_snapshot(&u, cur);
		ui_draw(&u);
		x = prev;
		prev = cur;
		cur = x;
		have_prev = true;
		refreshes++;
		{
			double t = now() - t0;
			long rss = rss_kib();

			if (t >= warm - window && t < warm && rss > rss_warm)
				rss_warm = rss;
			if (t >= secs - window && rss > rss_end)
				rss_end = rss;
			if (rss > rss_max)
				rss_max = rss;
		}
		if (refreshes % (long)(hz * 30) == 0)
			fprintf(stderr, "soak: %4.0f s  RSS %ld KiB\n", now() - t0, rss_kib());
		next += 1 / hz;
		while (now() < next) {
			struct timespec ts = { 0, 1000000 };

			nanosleep(&ts, NULL);
		}
	}
	ui_screen_close();
	fprintf(stderr, "soak: %ld refreshes in %.0f s (%.1f/s), %ld passes over the recording\n",
		refreshes, now() - t0, (double)refreshes / (now() - t0), loops + 1);
	fprintf(stderr, "soak: highest RSS in the %.0f s before the warm-up's end (%.0f s) %ld KiB, in the last %.0f s %ld KiB (%+.1f%%), peak %ld KiB\n",
		window, warm, rss_warm, window, rss_end, rss_warm > 0 ? 100.0 * (double)(rss_end - rss_warm) / (double)rss_warm : 0,
		rss_max);
	ui_free(&u);
	source_close(&src);
	snap_free(prev);
	snap_free(cur);
	if (rss_warm <= 0 || rss_end <= 0 ||
	    (double)rss_end > (double)rss_warm * (1 + growth / 100)) {
		fprintf(stderr, "soak: memory grew more than %.0f%%\n", growth);
		return 1;
	}
	return 0;
}
