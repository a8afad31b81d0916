// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench: the dashboard's work per refresh, on a recording, as src/dash/app.c
 * and the replay source do it.  bench_decode reads one frame of the file
 * (CRC, zstd: what the live source does not do); bench_refresh feeds its
 * netlink datagrams and files through the parsers into a snapshot (the
 * replay source's source_replay_sample), computes rates against the previous
 * snapshot, change events, graph history, the per-process aggregation, and
 * filters and sorts the QP pane; bench_render draws one full screen into a
 * real curses screen (stdout may be /dev/null; TERM and LINES/COLUMNS set
 * the screen).  Two snapshots are alive throughout, as in the dashboard.
 *
 *   bench FILE [REFRESHES]
 *
 * prints, after REFRESHES refreshes (default: every sample but the first):
 *   qps N refreshes N decode_ns MEDIAN refresh_ns MEDIAN render_ns MEDIAN
 *   rss_base KiB rss_peak KiB rows N
 * on stderr.  Under `valgrind --tool=callgrind --toggle-collect=bench_refresh`
 * (or bench_decode, bench_render) the collected instructions are those of
 * that step alone.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "advance.h"
#include "events.h"
#include "rate.h"
#include "record.h"
#include "source.h"
#include "ui.h"

#define MAX_REFRESH 1000

static long rss_kib(const char *key)
{
	char line[256];
	long v = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, strlen(key)))
			v = strtol(line + strlen(key), NULL, 10);
	fclose(f);
	return v;
}

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* Not static: callgrind finds them by name (--toggle-collect). */
int bench_decode(struct rec_reader *r, const uint8_t **buf, size_t *len);
int bench_refresh(struct source *src, struct snapshot *prev, struct snapshot *cur,
		  struct ui *u, const uint8_t *buf, size_t len);
void bench_render(struct ui *u);

__attribute__((noinline)) int bench_decode(struct rec_reader *r, const uint8_t **buf,
					   size_t *len)
{
	char err[256];

	return rec_reader_next(r, buf, len, err, sizeof(err)) == 1 ? 0 : -1;
}

/* Everything between two screens but reading the file and drawing. */
static __attribute__((noinline)) int refresh(struct source *src, struct snapshot *prev,
					     struct snapshot *cur, struct ui *u,
					     const uint8_t *buf, size_t len)
{
	snap_clear(cur);
	/* what replay_sample() does with a frame (its series checked too) */
	src->in_dump = false;
	if (source_replay_sample(src, cur, buf, len))
		return -1;
	snap_tasks_sort(cur);
	snap_dedup(cur);
	snap_advance(prev, cur);
	hist_update(&u->run.hist, cur);
	ui_note_events(u, cur);
	ui_set_snapshot(u, cur);
	return 0;
}

/* the refreshes measured: not the first, which has no rates to compute */
__attribute__((noinline)) int bench_refresh(struct source *src, struct snapshot *prev,
					    struct snapshot *cur, struct ui *u,
					    const uint8_t *buf, size_t len)
{
	int ret = refresh(src, prev, cur, u, buf, len);

	/* no tail call: callgrind must see refresh() return inside */
	__asm__ volatile("" ::: "memory");
	return ret;
}

__attribute__((noinline)) void bench_render(struct ui *u)
{
	ui_draw(u);
}

static int dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	static double t_decode[MAX_REFRESH], t_refresh[MAX_REFRESH], t_render[MAX_REFRESH];
	struct snapshot snaps[2], *prev = &snaps[0], *cur = &snaps[1], *x;
	long rss_base, want = argc > 2 ? atol(argv[2]) : MAX_REFRESH, n = 0;
	struct source src = { 0 };
	struct rec_reader *r;
	const uint8_t *buf;
	size_t len;
	char err[256];
	struct ui u;
	int ret;

	if (argc < 2) {
		fprintf(stderr, "usage: bench FILE [REFRESHES]\n");
		return 2;
	}
	if (want > MAX_REFRESH)
		want = MAX_REFRESH;
	snap_mem_init();
	rss_base = rss_kib("VmRSS:");
	snap_init(prev);
	snap_init(cur);
	ret = rec_reader_open(&r, argv[1], err, sizeof(err));
	if (ret) {
		fprintf(stderr, "bench: %s\n", err);
		return 1;
	}
	ret = ui_init(&u, 1.0, NULL, true);
	if (!ret)
		ret = ui_screen_open(&u);
	if (ret) {
		fprintf(stderr, "bench: cannot open the screen\n");
		return 1;
	}
	/* the QP pane, busiest first, only QPs ready to send */
	u.view.pane = UI_QPS;
	u.view.panes[UI_QPS].sort = view_col_find(VIEW_QPS, "psn_rate");
	u.view.panes[UI_QPS].reverse = true;
	ret = ui_set_filter(&u, "state=RTS");
	/* the first sample has nothing to compare with */
	if (!ret)
		ret = bench_decode(r, &buf, &len);
	if (!ret)
		ret = refresh(&src, NULL, prev, &u, buf, len);
	/* the first paint of a blank screen; later ones change what changed */
	if (!ret)
		ui_draw(&u);
	if (ret) {
		ui_screen_close();
		fprintf(stderr, "bench: no first sample\n");
		return 1;
	}
	while (n < want) {
		double t0, t1, t2;

		/* as the dashboard's sampler: the snapshot to refill is emptied
		 * first, then the frame read, then parsed into it */
		snap_clear(cur);
		t0 = now_ns();
		if (bench_decode(r, &buf, &len))
			break;
		t1 = now_ns();
		if (bench_refresh(&src, prev, cur, &u, buf, len))
			break;
		t2 = now_ns();
		bench_render(&u);
		t_decode[n] = t1 - t0;
		t_refresh[n] = t2 - t1;
		t_render[n] = now_ns() - t2;
		n++;
		x = prev;
		prev = cur;
		cur = x;
	}
	ui_screen_close();
	if (!n) {
		fprintf(stderr, "bench: no refresh\n");
		return 1;
	}
	qsort(t_decode, (size_t)n, sizeof(double), dbl_cmp);
	qsort(t_refresh, (size_t)n, sizeof(double), dbl_cmp);
	qsort(t_render, (size_t)n, sizeof(double), dbl_cmp);
	/* the replay reader holds the decoded frame between refreshes (and the
	 * next one too while it decodes): replay only (live reads 32 KiB at a
	 * time) */
	fprintf(stderr, "qps %zu refreshes %ld decode_ns %.0f refresh_ns %.0f render_ns %.0f "
		"rss_base %ld rss_peak %ld rows %zu reader_kib %zu\n", prev->qps.n, n,
		t_decode[n / 2], t_refresh[n / 2], t_render[n / 2], rss_base, rss_kib("VmHWM:"),
		u.cache.n_rows, len / 1024);
	ui_free(&u);
	rec_reader_close(r);
	snap_free(prev);
	snap_free(cur);
	return 0;
}
