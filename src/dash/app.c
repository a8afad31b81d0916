// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The interactive loop (libev).  Sampling runs on its own thread
 * (src/dash/sampler.c): the loop asks for a sample on each tick, and when the
 * sampler's ev_async says one is in, takes it, computes rates and shows it.
 *
 * Callbacks only change state and mark the screen dirty; one ev_prepare
 * watcher draws at most once per loop pass.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include <ev.h>

#include "advance.h"
#include "app.h"
#include "events.h"
#include "history.h"
#include "netns.h"
#include "qpcnt.h"
#include "settings.h"
#include "rate.h"
#include "sampler.h"
#include "stop.h"
#include "ui.h"
#include "util.h"
#include "wfile.h"

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

	struct sampler sp;	/* the thread, and the snapshots: sp.cur, sp.prev */
	uint32_t skip;		/* the tables the last request left out */
	struct source *src;
	unsigned long samples;
	long iterations, taken;	/* -n: quit once this many are on screen */
	double asked;		/* ev_now of the last tick that asked for a sample */
	/* t steps: the sample in flight is one (a step, or the playback's
	 * next, which a step pressed meanwhile takes as its own), and those
	 * pressed while it was read, asked for one by one as each comes in */
	bool step_in_flight;
	unsigned steps_owed;

	struct ui ui;
	bool dirty;
	int exit_status;
	struct exporter *exporter;
	struct settings_store set;	/* as started, then as the screen changes them */
};

/* target: replay sample to go to, or -1 for the next sample */
static enum sampler_ask request_sample(struct app *a, long target)
{
	struct nl_want want[NL_WANT_MAX];
	size_t n = ui_want_qps(&a->ui, want, NL_WANT_MAX);
	/* live: no dump of a table no view shows (a replay has what it has;
	 * --listen and --textfile export every table) */
	uint32_t skip = a->ui.run.replay || a->exporter ? 0 :
			((1u << SNAP_RES_N) - 1) & ~ui_needs(a->ui.view.pane, a->ui.view.detail.kind);
	enum sampler_ask r = sampler_request(&a->sp, target, a->ui.run.delay, want, n, skip);

	if (r == SAMPLER_ASK_STARTED || r == SAMPLER_ASK_PENDING)
		a->skip = skip;
	/* still sampling the last tick: the interval stretches */
	if (r == SAMPLER_ASK_BUSY && target < 0)
		ui_set_stretched(&a->ui);
	return r;
}

/* t: the next sample, or after the one being read; never dropped (the
 * man page's promise: a key asked for while a sample is read is made) */
static void step(struct app *a)
{
	enum sampler_ask r = request_sample(a, -1);

	if (r == SAMPLER_ASK_STARTED || r == SAMPLER_ASK_PENDING)
		a->step_in_flight = true;
	else if (r == SAMPLER_ASK_BUSY && a->step_in_flight)
		a->steps_owed++;
	else if (r == SAMPLER_ASK_BUSY)
		a->step_in_flight = true;
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
	int ret = a->exporter ? export_sample(a->exporter, a->sp.cur) : 0;

	if (ret)
		ui_set_status(&a->ui, ROLE_STATUS_WARN, "metrics textfile: %s", strerror(-ret));
}

static void on_done(struct ev_loop *loop, ev_async *w, int revents)
{
	struct app *a = container_of(w, struct app, done);
	struct sampler_took t;
	long no;

	(void)revents;
	if (!sampler_take(&a->sp, &t))
		return;
	/* a step came in: the next one owed is asked for after this one */
	if (a->steps_owed && !t.pending) {
		a->steps_owed--;
		ev_timer_set(&a->again_w, 0, 0);
		ev_timer_start(loop, &a->again_w);
	} else if (!t.pending) {
		a->step_in_flight = false;
	}
	if (t.pending) {
		/* asked for while this one waited: after it, ask again */
		ev_timer_set(&a->again_w, 0, 0);
		ev_timer_start(loop, &a->again_w);
	}
	if (t.result > 0) {
		/* the header says it until playback moves, whatever keys come */
		ui_set_status(&a->ui, ROLE_STATUS_INFO, "end of recording");
		ui_replay_ended(&a->ui);
		a->steps_owed = 0;	/* no step past the end */
		a->step_in_flight = false;
		a->dirty = true;
		return;
	}
	if (t.result < 0) {
		ui_set_status(&a->ui, ROLE_STATUS_WARN, "sampling failed: %s", strerror(-t.result));
		a->dirty = true;
		return;
	}
	if (t.pair) {
		/* a jump: the sample before the target is a first sample (its
		 * rates none, its QPs' states begun at or before it) */
		a->samples = 1;
		snap_advance(NULL, a->sp.prev);
	} else if (t.restart) {
		a->samples = 0;
	}
	if (t.pair || t.restart)
		ui_history_gap(&a->ui);	/* the graphs go on, a gap at the jump */
	if ((no = sampler_tell(&a->sp)) >= 0)
		ui_set_sample_no(&a->ui, no);

	snap_advance(++a->samples > 1 ? a->sp.prev : NULL, a->sp.cur);
	export_to_fleet(a);
	ui_history_add(&a->ui, a->sp.cur);
	ui_note_events(&a->ui, a->sp.cur);
	watch_events(a);
	ui_set_snapshot(&a->ui, a->sp.cur);
	ui_sample_shown(&a->ui);
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
	struct sample_req r = sampler_pending(&a->sp);

	(void)loop;
	(void)revents;
	if (r.set)
		request_sample(a, r.target);
	else if (a->step_in_flight)
		request_sample(a, -1);	/* a step owed (on_done) */
}

static void on_tick(struct ev_loop *loop, ev_timer *w, int revents)
{
	struct app *a = container_of(w, struct app, tick);
	/* live, the budget may hold the samples further apart than the
	 * interval (budget_interval): a tick before that asks for none */
	double hold = !a->ui.run.replay && a->samples ? a->sp.cur->self.hold : 0;

	(void)revents;
	if (a->ui.run.paused)
		return;
	if (hold > a->ui.run.delay)
		ui_set_stretched(&a->ui);
	if (hold > a->ui.run.delay && ev_now(loop) - a->asked < hold - a->ui.run.delay / 2)
		return;
	a->asked = ev_now(loop);
	request_sample(a, -1);
}

static void set_delay(struct app *a)
{
	a->tick.repeat = a->ui.run.delay;
	ev_timer_again(a->loop, &a->tick);
}

static void save_settings(struct app *a)
{
	struct ui *u = &a->ui;
	char path[4096];
	int ret;

	if (!cfg_path(path, sizeof(path))) {
		ui_set_status(u, ROLE_STATUS_WARN, "no HOME or XDG_CONFIG_HOME: nowhere to save");
		return;
	}
	ret = cfg_save(path, &a->set.s);
	if (ret)
		ui_set_status(u, ROLE_STATUS_WARN, "cannot write %s: %s", path, wfile_strerror(ret));
	else
		ui_set_status(u, ROLE_STATUS_INFO, "settings written to %s", path);
}

/* Confirmed by the user: change a mode and say what the kernel now has
 * (netns_mode_set or qpcnt_mode_set, their messages to the status line). */
static void set_mode(struct app *a, bool qpcnt)
{
	char say[512] = "";
	int ret = qpcnt ? qpcnt_mode_set(a->ui.view.qpcnt_link, a->ui.view.qpcnt_mode, say, sizeof(say)) :
			  netns_mode_set(a->ui.view.netns_want, say, sizeof(say));

	ui_set_status(&a->ui, ret ? ROLE_STATUS_WARN : ROLE_STATUS_INFO, "%s", say);
	request_sample(a, -1);
}

/* Typed by the user (X): a control on the selected row, its message to the
 * status line (src/ui/control.c; qpcnt_bind, optcnt_set, dev_netns_move). */
static void run_control(struct app *a)
{
	const struct ui_control *c = &a->ui.view.ctl;
	char say[512] = "";
	int ret;

	if (c->kind == UI_CTL_BIND || c->kind == UI_CTL_UNBIND)
		ret = qpcnt_bind(c->link, c->arg, c->kind == UI_CTL_UNBIND, say, sizeof(say));
	else if (c->kind == UI_CTL_OPTCNT)
		ret = optcnt_set(c->arg, say, sizeof(say));
	else
		ret = dev_netns_move(c->arg, say, sizeof(say));
	ui_set_status(&a->ui, ret ? ROLE_STATUS_WARN : ROLE_STATUS_INFO, "%s", say);
	request_sample(a, -1);
}

/*
 * A step or jump in a replay holds playback where it went: a key wins over
 * playback, whose next tick would otherwise move on from there at once
 * (as a player's frame step pauses it).  Space plays on.
 */
static void hold(struct app *a)
{
	if (!a->ui.run.replay || a->ui.run.paused)
		return;
	ui_pause(&a->ui);
	ui_set_status(&a->ui, ROLE_STATUS_WARN, "paused at the step (Space: play on)");
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
			if (!a->ui.run.paused)
				request_sample(a, -1);
			break;
		case UI_STEP:
			hold(a);
			step(a);
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
		case UI_CONTROL:
			run_control(a);
			break;
		case UI_STEP_BACK:
			hold(a);
			if (a->ui.run.sample_no >= 2) {
				request_sample(a, a->ui.run.sample_no - 2);
			} else {
				ui_set_status(&a->ui, ROLE_STATUS_INFO, "at the first sample");
			}
			break;
		case UI_JUMP: {
			long ix;
			int err = sampler_find_time(&a->sp, a->ui.run.jump_wall, &ix);

			if (err == -EBUSY)
				ui_set_status(&a->ui, ROLE_STATUS_WARN, "busy: try again");
			else if (err == -ERANGE)
				ui_set_status(&a->ui, ROLE_STATUS_WARN,
					      "no sample at or after that time");
			else if (!err) {
				hold(a);
				request_sample(a, ix);
			}
			break;
		}
		default:
			break;
		}
		a->dirty = true;
	}
	/* a tab or drill-down now showing a table the last sample left out:
	 * sample at once, not at the next tick */
	if (!a->ui.run.replay && !a->ui.run.paused && (a->skip & ui_needs(a->ui.view.pane, a->ui.view.detail.kind)))
		request_sample(a, -1);
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

static void signal_start(struct app *a, ev_signal *w,
			 void (*cb)(struct ev_loop *, ev_signal *, int), int sig)
{
	ev_signal_init(w, cb, sig);
	ev_signal_start(a->loop, w);
}

int app_run(const struct settings *s, struct source *src, struct exporter *ex)
{
	struct app *a = calloc(1, sizeof(*a));
	int ret, i;

	if (!a)
		return -ENOMEM;
	a->loop = EV_DEFAULT;
	a->src = src;
	a->exporter = ex;
	a->iterations = s->iterations;
	settings_store_init(&a->set, s);

	ret = ui_init(&a->ui, s->delay, s->theme, s->read != NULL);
	if (ret)
		goto out_free;
	/* "sample 3 of 120" (the source is not sampling yet) */
	ui_start_run(&a->ui, &a->set, s, src->ops->count ? src->ops->count(src) : 0);
	for (i = 0; i < s->n_columns; i++) {
		char err[200];

		if (ui_set_columns(&a->ui, s->columns[i], err, sizeof(err))) {
			fprintf(stderr, "rdmatop: %s\n", err);
			ret = -EINVAL;
			goto out_ui;
		}
	}
	for (i = 0; i < s->n_filters; i++)
		if (ui_set_filter(&a->ui, s->filters[i])) {
			fprintf(stderr, "rdmatop: %s\n", a->ui.run.msg.text);
			ret = -EINVAL;
			goto out_ui;
		}
	ui_start_view(&a->ui, s);

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
	ev_async_init(&a->done, on_done);
	if ((ret = sampler_start(&a->sp, a->src, a->loop, &a->done)))
		goto out_screen;
	ev_async_start(a->loop, &a->done);
	ev_io_init(&a->input, on_input, STDIN_FILENO, EV_READ);
	ev_io_start(a->loop, &a->input);
	ev_prepare_init(&a->redraw, on_redraw);
	ev_prepare_start(a->loop, &a->redraw);
	ev_timer_init(&a->again_w, on_again, 0., 0.);
	ev_timer_init(&a->tick, on_tick, 0., a->ui.run.delay);
	ev_timer_start(a->loop, &a->tick);
	a->dirty = true;

	ev_run(a->loop, 0);

	/* the sample in flight stops at its next input; the terminal first,
	 * it may still take a while */
	sampler_quit(&a->sp);
	screen_close();
	/* after a signal, the stop watchdog ends us if it does not stop */
	if (sampler_join(&a->sp, stop_requested() ? -1 : STOP_GRACE_MS)) {
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
	sampler_free(&a->sp);
	settings_store_free(&a->set);
	free(a);
	return ret;
}
