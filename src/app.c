// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The interactive loop (libev).  Sampling runs on its own thread, so a QP
 * dump of 100k entries (seconds of kernel time) or a slow /proc read never
 * stalls keys or drawing: the loop asks for a sample on each tick, the
 * sampler fills a spare snapshot and wakes the loop with an ev_async, and
 * the loop computes rates and swaps it in.  The snapshots are plain data;
 * exactly one thread owns each at any time (handed over under the mutex).
 *
 * Callbacks only change state and mark the screen dirty; one ev_prepare
 * watcher draws at most once per loop pass.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <ev.h>

#include "app.h"
#include "events.h"
#include "history.h"
#include "netns.h"
#include "qpcnt.h"
#include "opts.h"
#include "rate.h"
#include "stop.h"
#include "ui.h"
#include "util.h"
#include "wfile.h"

/*
 * The hand-off of a sample between the loop and the sampler thread, under
 * a->mu: the loop asks (IDLE -> ASKED), the thread takes the request and
 * owns the source while it samples (BUSY), then leaves the sample for the
 * loop (READY), which takes it (-> IDLE, or ENDED at the end of a
 * recording, where only a jump asks again).
 */
enum sampler_state {
	SAMPLER_IDLE,
	SAMPLER_ASKED,
	SAMPLER_BUSY,
	SAMPLER_READY,
	SAMPLER_ENDED,
	SAMPLER_QUIT,	/* the thread is to stop */
};

/* A sample asked for: the next one, or (replay) sample number `target`. */
struct sample_req {
	bool set;
	long target;	/* -1: the next one */
	double delay;	/* the interval at the time of asking */
};

struct app {
	struct ev_loop *loop;
	ev_timer tick;
	ev_timer again_w;	/* request_sample() again, once on_done took one */
	ev_io input;
	ev_io events;		/* the kernel's notify group, where it has one */
	ev_async done;
	ev_prepare redraw;
	ev_async stop_w;	/* SIGINT, SIGTERM, SIGHUP (stop.h) */
	ev_signal sig_winch, sig_tstp, sig_cont;
	struct termios tio;	/* the tty before the screen opened */
	bool have_tio;

	/* sampler thread */
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct source *src;
	enum sampler_state state;
	struct sample_req req;		/* what ASKED asks for (its target) */
	struct sample_req pending;	/* asked for while READY: asked once it is taken */
	/* what the thread leaves with a READY sample */
	int result;
	bool pair;		/* it filled work2 (prev) and work (cur): a jump */
	bool restart;		/* it went to sample 0: there is no previous one */
	struct snapshot snaps[4];
	struct snapshot *cur, *prev, *work, *work2;
	unsigned long samples;
	long iterations, taken;	/* -n: quit once this many are on screen */

	struct ui ui;
	bool dirty;
	int exit_status;
	struct exporter *exporter;
	const struct opts *settings;
};

static void *sampler_main(void *arg)
{
	struct app *a = arg;
	sigset_t set;

	/* signals are the loop's business: never run their handlers here */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGWINCH);
	sigaddset(&set, SIGTSTP);
	sigaddset(&set, SIGCONT);
	sigaddset(&set, SIGALRM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);

	pthread_mutex_lock(&a->mu);
	for (;;) {
		struct snapshot *s;
		long target;
		bool pair;
		int ret;

		while (a->state != SAMPLER_ASKED && a->state != SAMPLER_QUIT)
			pthread_cond_wait(&a->cv, &a->mu);
		if (a->state == SAMPLER_QUIT)
			break;
		a->state = SAMPLER_BUSY;
		s = a->work;
		target = a->req.target;
		a->src->interval = a->req.delay;	/* the pacing follows the interval */
		a->req.set = false;
		pthread_mutex_unlock(&a->mu);

		pair = false;
		if (target >= 0 && a->src->ops->seek) {
			/* a jump: the sample before the target too, for rates */
			ret = a->src->ops->seek(a->src, target ? target - 1 : 0);
			if (!ret && target > 0) {
				snap_clear(a->work2);
				ret = source_sample(a->src, a->work2);
				pair = ret == 0;
			}
		}
		snap_clear(s);
		ret = source_sample(a->src, s);

		pthread_mutex_lock(&a->mu);
		if (a->state == SAMPLER_QUIT)
			break;
		a->pair = pair;
		a->restart = target == 0;
		a->result = ret;
		a->state = SAMPLER_READY;
		ev_async_send(a->loop, &a->done);
	}
	pthread_mutex_unlock(&a->mu);
	return NULL;
}

/* target: replay sample to go to, or -1 for the next sample */
static void request_sample(struct app *a, long target)
{
	pthread_mutex_lock(&a->mu);
	switch (a->state) {
	case SAMPLER_READY:
		/* a sample is in but on_done has not run (libev may call this
		 * first): starting now would fill the snapshot it is to take */
		a->pending = (struct sample_req){ .set = true, .target = target,
						  .delay = a->ui.delay };
		break;
	case SAMPLER_ASKED:
	case SAMPLER_BUSY:
		/* still sampling the last tick: the interval stretches */
		if (target < 0)
			a->ui.stretched = true;
		break;
	case SAMPLER_ENDED:
		if (target < 0)
			break;	/* the recording is over: only a jump goes on */
		/* fall through */
	case SAMPLER_IDLE:
		a->req = (struct sample_req){ .set = true, .target = target,
					      .delay = a->ui.delay };
		a->state = SAMPLER_ASKED;
		pthread_cond_signal(&a->cv);
		break;
	case SAMPLER_QUIT:
		break;
	}
	pthread_mutex_unlock(&a->mu);
}

/*
 * The kernel announced a change: sample now instead of at the next tick
 * (the sample reads the notifications).  The watcher stays stopped until
 * that sample is in, so the still-readable socket does not spin the loop.
 */
static void on_kernel_event(struct ev_loop *loop, ev_io *w, int revents)
{
	struct app *a = container_of(w, struct app, events);

	(void)revents;
	ev_io_stop(loop, w);
	request_sample(a, -1);
}

static void watch_events(struct app *a)
{
	int fd = a->src->ops->event_fd ? a->src->ops->event_fd(a->src) : -1;

	if (fd < 0 || ev_is_active(&a->events))
		return;
	ev_io_init(&a->events, on_kernel_event, fd, EV_READ);
	ev_io_start(a->loop, &a->events);
}

/* The --listen endpoint serves this sample from now on; --textfile gets it. */
static void export_to_fleet(struct app *a)
{
	int ret = a->exporter ? export_sample(a->exporter, a->cur) : 0;

	if (ret)
		ui_set_status(&a->ui, ROLE_STATUS_WARN, "metrics textfile: %s", strerror(-ret));
}

static void on_done(struct ev_loop *loop, ev_async *w, int revents)
{
	struct app *a = container_of(w, struct app, done);
	struct snapshot *old;
	int ret;

	(void)loop;
	(void)revents;
	pthread_mutex_lock(&a->mu);
	if (a->state != SAMPLER_READY) {
		pthread_mutex_unlock(&a->mu);
		return;
	}
	a->state = SAMPLER_IDLE;
	if (a->pending.set) {
		/* asked for while this one waited: after it, ask again */
		ev_timer_set(&a->again_w, 0, 0);
		ev_timer_start(loop, &a->again_w);
	}
	ret = a->result;
	a->result = 0;
	if (ret > 0) {
		a->state = SAMPLER_ENDED;
		pthread_mutex_unlock(&a->mu);
		ui_set_status(&a->ui, ROLE_STATUS_INFO, "end of recording");
		a->dirty = true;
		return;
	}
	if (ret < 0) {
		pthread_mutex_unlock(&a->mu);
		ui_set_status(&a->ui, ROLE_STATUS_WARN, "sampling failed: %s", strerror(-ret));
		a->dirty = true;
		return;
	}
	if (a->pair) {
		/* a replay jump: both samples are new */
		struct snapshot *p = a->prev, *c = a->cur;

		a->prev = a->work2;
		a->cur = a->work;
		a->work2 = p;
		a->work = c;
		a->samples = 1;
		rate_compute(NULL, a->prev);
	} else {
		/* rotate: the new sample becomes current, the oldest is reused */
		old = a->prev;
		a->prev = a->cur;
		a->cur = a->work;
		a->work = old;
		if (a->restart)
			a->samples = 0;
	}
	/* the stale ones give their large vectors back until they are refilled */
	snap_clear(a->work);
	snap_clear(a->work2);
	if (a->pair || a->restart)
		hist_free(&a->ui.hist);	/* the graphs restart at the jump */
	if (a->src->ops->tell)
		a->ui.sample_no = a->src->ops->tell(a->src);
	pthread_mutex_unlock(&a->mu);

	snap_carry(++a->samples > 1 ? a->prev : NULL, a->cur);
	rate_compute(a->samples > 1 ? a->prev : NULL, a->cur);
	export_to_fleet(a);
	events_diff(a->samples > 1 ? a->prev : NULL, a->cur);
	hist_update(&a->ui.hist, a->cur);
	ui_note_events(&a->ui, a->cur);
	watch_events(a);
	ui_set_snapshot(&a->ui, a->cur);
	a->dirty = true;
	if (a->iterations && ++a->taken >= a->iterations) {
		/* -n N: the Nth sample on screen, then the end, as top -n */
		a->dirty = false;
		ui_draw(&a->ui);
		ev_break(loop, EVBREAK_ALL);
	}
}

static void on_again(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct app *a = container_of(w, struct app, again_w);

	(void)loop;
	(void)revents;
	struct sample_req r;

	pthread_mutex_lock(&a->mu);
	r = a->pending;
	a->pending.set = false;
	pthread_mutex_unlock(&a->mu);
	if (r.set)
		request_sample(a, r.target);
}

static void on_tick(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct app *a = container_of(w, struct app, tick);

	(void)loop;
	(void)revents;
	if (!a->ui.paused)
		request_sample(a, -1);
}

static void set_delay(struct app *a)
{
	a->tick.repeat = a->ui.delay;
	ev_timer_again(a->loop, &a->tick);
}

static void save_settings(struct app *a)
{
	struct ui *u = &a->ui;
	size_t n;
	const struct view_col *cols = view_cols(VIEW_QPS, &n);
	struct opts v = *a->settings;	/* as started, then what the screen changed */
	char path[4096], cols_spec[UI_PANE_N][512];
	size_t i;
	int ret;

	v.delay = u->delay;
	v.theme = u->theme.name;
	v.sort = u->sort[UI_QPS] >= 0 && (size_t)u->sort[UI_QPS] < n ?
		 cols[u->sort[UI_QPS]].name : NULL;
	v.reverse = u->reverse[UI_QPS];
	v.n_filters = u->filter_text[0] != '\0';
	v.filters[0] = u->filter_text;
	v.ascii = u->ascii;
	v.no_mouse = !u->mouse;
	v.n_columns = 0;
	for (i = 0; i < UI_PANE_N; i++) {
		ui_columns_spec(u, (enum ui_pane)i, cols_spec[i], sizeof(cols_spec[i]));
		if (cols_spec[i][0])
			v.columns[v.n_columns++] = cols_spec[i];
	}

	if (!cfg_path(path, sizeof(path))) {
		ui_set_status(u, ROLE_STATUS_WARN, "no HOME or XDG_CONFIG_HOME: nowhere to save");
		return;
	}
	ret = cfg_save(path, &v);
	if (ret)
		ui_set_status(u, ROLE_STATUS_WARN, "cannot write %s: %s", path, wfile_strerror(ret));
	else
		ui_set_status(u, ROLE_STATUS_INFO, "settings written to %s", path);
}

/* Confirmed by the user: change a mode and say what the kernel now has
 * (netns_mode_set or qpcnt_mode_set, their messages to the status line). */
static void set_mode(struct app *a, bool qpcnt)
{
	char out[512] = "", err[512] = "";
	FILE *fo = fmemopen(out, sizeof(out) - 1, "w"), *fe = fmemopen(err, sizeof(err) - 1, "w");
	int ret;

	if (!fo || !fe) {
		if (fo)
			fclose(fo);
		if (fe)
			fclose(fe);
		return;
	}
	ret = qpcnt ? qpcnt_mode_set(a->ui.qpcnt_link, a->ui.qpcnt_mode, fo, fe) :
		      netns_mode_set(a->ui.netns_want, fo, fe);
	fclose(fo);
	fclose(fe);
	out[strcspn(out, "\n")] = '\0';
	err[strcspn(err, "\n")] = '\0';
	ui_set_status(&a->ui, ret ? ROLE_STATUS_WARN : ROLE_STATUS_INFO, "%s",
		      ret ? err + (strncmp(err, "rdmatop: ", 9) ? 0 : 9) : out);
	request_sample(a, -1);
}

static void on_input(struct ev_loop *loop, ev_io *w, int revents)
{
	struct app *a = container_of(w, struct app, input);
	int key;

	(void)revents;
	while ((key = ui_screen_getkey()) != -1) {
		switch (ui_key(&a->ui, key)) {
		case UI_QUIT:
			ev_break(loop, EVBREAK_ALL);
			return;
		case UI_DELAY:
			set_delay(a);
			break;
		case UI_PAUSE:
			if (!a->ui.paused)
				request_sample(a, -1);
			break;
		case UI_STEP:
			request_sample(a, -1);
			break;
		case UI_SAVE:
			save_settings(a);
			break;
		case UI_NETNS:
			set_mode(a, false);
			break;
		case UI_QPCNT:
			set_mode(a, true);
			break;
		case UI_STEP_BACK:
			if (a->ui.sample_no >= 2) {
				request_sample(a, a->ui.sample_no - 2);
			} else {
				ui_set_status(&a->ui, ROLE_STATUS_INFO, "at the first sample");
			}
			break;
		case UI_JUMP: {
			long ix;

			if (!a->src->ops->find_time) {
				break;
			}
			/* the sampler thread owns the source while busy */
			pthread_mutex_lock(&a->mu);
			if (a->state == SAMPLER_ASKED || a->state == SAMPLER_BUSY) {
				pthread_mutex_unlock(&a->mu);
				ui_set_status(&a->ui, ROLE_STATUS_WARN, "busy: try again");
				break;
			}
			if (a->src->ops->find_time(a->src, a->ui.jump_wall, &ix)) {
				pthread_mutex_unlock(&a->mu);
				ui_set_status(&a->ui, ROLE_STATUS_WARN,
					      "no sample at or after that time");
				break;
			}
			pthread_mutex_unlock(&a->mu);
			request_sample(a, ix);
			break;
		}
		default:
			break;
		}
		a->dirty = true;
	}
}

static void on_redraw(struct ev_loop *loop, ev_prepare *w, int revents)
{
	struct app *a = container_of(w, struct app, redraw);

	(void)loop;
	(void)revents;
	if (!a->dirty)
		return;
	a->dirty = false;
	ui_draw(&a->ui);
}

static void on_winch(struct ev_loop *loop, ev_signal *w, int revents)
{
	struct app *a = container_of(w, struct app, sig_winch);

	(void)loop;
	(void)revents;
	ui_screen_resize(&a->ui);
	a->dirty = true;
}

static void on_stop(struct ev_loop *loop, ev_async *w, int revents)
{
	(void)revents;
	(void)w;
	ev_break(loop, EVBREAK_ALL);
}

/* The screen, and what the stop watchdog needs to give the terminal back. */
static int screen_open(struct app *a)
{
	char seq[256];
	size_t n;
	int ret;

	a->have_tio = !tcgetattr(STDOUT_FILENO, &a->tio);
	ret = ui_screen_open(&a->ui);
	if (ret || !a->have_tio)
		return ret;
	n = ui_screen_rescue(seq, sizeof(seq));
	stop_screen(STDOUT_FILENO, seq, n, &a->tio);
	return 0;
}

static void screen_close(void)
{
	stop_screen(-1, NULL, 0, NULL);
	ui_screen_close();
}

static void on_tstp(struct ev_loop *loop, ev_signal *w, int revents)
{
	(void)loop;
	(void)revents;
	(void)w;
	/* give the terminal back, stop; SIGCONT brings us here again */
	screen_close();
	raise(SIGSTOP);
}

static void on_cont(struct ev_loop *loop, ev_signal *w, int revents)
{
	struct app *a = container_of(w, struct app, sig_cont);

	(void)loop;
	(void)revents;
	screen_open(a);
	ui_screen_resize(&a->ui);
	a->dirty = true;
}

/* pthread_join, giving up after ms: 0, or -ETIMEDOUT */
static int join_within(pthread_t t, long ms)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += ms / 1000;
	until.tv_nsec += (ms % 1000) * 1000000L;
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	return pthread_timedjoin_np(t, NULL, &until) ? -ETIMEDOUT : 0;
}

static void signal_start(struct app *a, ev_signal *w,
			 void (*cb)(struct ev_loop *, ev_signal *, int), int sig)
{
	ev_signal_init(w, cb, sig);
	ev_signal_start(a->loop, w);
}

int app_run(const struct app_opts *o)
{
	struct app *a = calloc(1, sizeof(*a));
	int ret, i;

	if (!a)
		return -ENOMEM;
	a->loop = EV_DEFAULT;
	a->src = o->src;
	a->exporter = o->exporter;
	a->settings = o->settings;
	a->iterations = o->iterations;
	for (i = 0; i < 4; i++)
		snap_init(&a->snaps[i]);
	a->cur = &a->snaps[0];
	a->prev = &a->snaps[1];
	a->work = &a->snaps[2];
	a->work2 = &a->snaps[3];
	pthread_mutex_init(&a->mu, NULL);
	pthread_cond_init(&a->cv, NULL);

	ret = ui_init(&a->ui, o->delay, o->theme, o->replay);
	if (ret)
		goto out_free;
	a->ui.ascii = o->ascii;
	a->ui.mouse = !(o->settings && o->settings->no_mouse);
	for (i = 0; o->settings && i < o->settings->n_columns; i++) {
		char err[200];

		if (ui_set_columns(&a->ui, o->settings->columns[i], err, sizeof(err))) {
			fprintf(stderr, "rdmatop: %s\n", err);
			ret = -EINVAL;
			goto out_ui;
		}
	}
	for (i = 0; i < o->n_filters; i++)
		if (ui_set_filter(&a->ui, o->filters[i])) {
			fprintf(stderr, "rdmatop: %s\n", a->ui.status);
			ret = -EINVAL;
			goto out_ui;
		}
	a->ui.pid = o->pid;
	if (o->settings && o->settings->groups)
		a->ui.pane = UI_GROUPS;
	if (o->sort_col >= 0) {
		a->ui.sort[UI_QPS] = o->sort_col;
		a->ui.reverse[UI_QPS] = o->reverse;
	}

	/* signals before the screen, so none is lost while it opens */
	signal_start(a, &a->sig_winch, on_winch, SIGWINCH);
	ev_async_init(&a->stop_w, on_stop);
	ev_async_start(a->loop, &a->stop_w);
	stop_wake(a->loop, &a->stop_w);
	signal_start(a, &a->sig_tstp, on_tstp, SIGTSTP);
	signal_start(a, &a->sig_cont, on_cont, SIGCONT);

	ret = screen_open(a);
	if (ret)
		goto out_ui;
	if (pthread_create(&a->thread, NULL, sampler_main, a)) {
		ret = -EAGAIN;
		goto out_screen;
	}
	ev_async_init(&a->done, on_done);
	ev_async_start(a->loop, &a->done);
	ev_io_init(&a->input, on_input, STDIN_FILENO, EV_READ);
	ev_io_start(a->loop, &a->input);
	ev_prepare_init(&a->redraw, on_redraw);
	ev_prepare_start(a->loop, &a->redraw);
	ev_timer_init(&a->again_w, on_again, 0., 0.);
	ev_timer_init(&a->tick, on_tick, 0., a->ui.delay);
	ev_timer_start(a->loop, &a->tick);
	a->dirty = true;

	ev_run(a->loop, 0);

	pthread_mutex_lock(&a->mu);
	a->state = SAMPLER_QUIT;
	pthread_cond_signal(&a->cv);
	pthread_mutex_unlock(&a->mu);
	/* the sample in flight stops at its next input; the terminal first,
	 * it may still take a while */
	source_cancel(a->src);
	screen_close();
	if (stop_requested()) {
		pthread_join(a->thread, NULL);	/* or the stop watchdog ends us */
	} else if (join_within(a->thread, STOP_GRACE_MS)) {
		/* q, and stuck in a read: the thread keeps `a` and the
		 * source, and the process ends without them */
		return -EINPROGRESS;
	}
	ret = 0;
out_screen:
	screen_close();
out_ui:
	stop_wake(NULL, NULL);
	ui_free(&a->ui);
out_free:
	for (i = 0; i < 4; i++)
		snap_free(&a->snaps[i]);
	pthread_mutex_destroy(&a->mu);
	pthread_cond_destroy(&a->cv);
	free(a);
	return ret;
}
