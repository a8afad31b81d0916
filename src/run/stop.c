// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Ending on SIGINT, SIGTERM and SIGHUP (see stop.h).  Everything the
 * handlers call is async-signal-safe: stores to lock-free atomics,
 * ev_async_send (libev documents it for signal context), timer_settime,
 * tcsetattr, write, sigaction, sigprocmask and raise.
 */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "stop.h"

static const int stop_sigs[] = { SIGINT, SIGTERM, SIGHUP };

static volatile sig_atomic_t got;
static struct source *_Atomic cancel_src;
static struct ev_loop *wake_loop;
static ev_async *_Atomic wake_w;
static atomic_bool hup_kept;		/* SIGHUP does not stop */
static ev_async *_Atomic hup_w;		/* ... and is sent here */
static timer_t watchdog;
static bool have_watchdog;

/* the terminal, while the dashboard has it */
static atomic_bool scr_on;
static int scr_fd = -1;
static char scr_seq[256];
static size_t scr_len;
static struct termios scr_tio;

static void die(int sig)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	sigset_t set;

	if (atomic_exchange(&scr_on, false)) {
		ssize_t r;

		tcsetattr(scr_fd, TCSANOW, &scr_tio);
		r = write(scr_fd, scr_seq, scr_len);
		(void)r;
	}
	sigaction(sig, &dfl, NULL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	raise(sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	_exit(128 + sig);	/* not reached: the signal's default ends us */
}

/*
 * A duplicate of the first signal, not a second one: timeout(1) (coreutils
 * timeout.c cleanup(), without --foreground) sends its signal to the child
 * and then to the child's process group, so the child gets it twice in a
 * row from its parent; under load the handler runs in between.  The same
 * signal from the parent within a second is that copy.
 */
static pid_t got_from;
static struct timespec got_at;

static bool duplicate(int sig, const siginfo_t *si)
{
	struct timespec now;
	long ms;

	if (sig != got || !si || si->si_code != SI_USER || si->si_pid != got_from ||
	    si->si_pid != getppid() || clock_gettime(CLOCK_MONOTONIC, &now))
		return false;
	ms = (now.tv_sec - got_at.tv_sec) * 1000 + (now.tv_nsec - got_at.tv_nsec) / 1000000;
	return ms >= 0 && ms < 1000;
}

static void on_stop(int sig, siginfo_t *si, void *uc)
{
	struct source *src;
	ev_async *w;
	struct itimerspec grace = {
		.it_value = { .tv_sec = STOP_GRACE_MS / 1000,
			      .tv_nsec = (STOP_GRACE_MS % 1000) * 1000000L },
	};

	(void)uc;
	if (sig == SIGHUP && atomic_load(&hup_kept)) {
		w = atomic_load(&hup_w);
		if (w)
			ev_async_send(wake_loop, w);
		return;
	}
	if (got && duplicate(sig, si))
		return;
	if (got)
		die(sig);	/* the second one: at once */
	got = sig;
	got_from = si && si->si_code == SI_USER ? si->si_pid : 0;
	clock_gettime(CLOCK_MONOTONIC, &got_at);
	src = atomic_load(&cancel_src);
	if (src)
		source_cancel(src);
	w = atomic_load(&wake_w);
	if (w)
		ev_async_send(wake_loop, w);
	if (have_watchdog)
		timer_settime(watchdog, 0, &grace, NULL);
}

static void on_watchdog(int sig)
{
	(void)sig;
	die(got ? got : SIGTERM);
}

int stop_init(void)
{
	struct sigaction sa = { .sa_sigaction = on_stop, .sa_flags = SA_SIGINFO }, old;
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGALRM };
	size_t i;

	/* no SA_RESTART: a blocking read or write returns EINTR */
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(stop_sigs) / sizeof(stop_sigs[0]); i++) {
		if (sigaction(stop_sigs[i], NULL, &old))
			return -errno;
		/* nohup's SIGHUP stays ignored; SIGINT is ignored for every
		 * background job of a script, and must end rdmatop anyway */
		if (stop_sigs[i] == SIGHUP && old.sa_handler == SIG_IGN)
			continue;
		if (sigaction(stop_sigs[i], &sa, NULL))
			return -errno;
	}
	sa.sa_flags = 0;
	sa.sa_handler = on_watchdog;
	if (sigaction(SIGALRM, &sa, NULL))
		return -errno;
	if (timer_create(CLOCK_MONOTONIC, &sev, &watchdog))
		return -errno;
	have_watchdog = true;
	return 0;
}

void stop_source(struct source *src)
{
	atomic_store(&cancel_src, src);
	if (src && got)
		source_cancel(src);
}

void stop_wake(struct ev_loop *loop, ev_async *w)
{
	atomic_store(&wake_w, NULL);
	wake_loop = loop;
	atomic_store(&wake_w, w);
	if (w && got)
		ev_async_send(loop, w);
}

void stop_hup(bool keep, ev_async *w)
{
	atomic_store(&hup_w, w);
	atomic_store(&hup_kept, keep);
}

void stop_screen(int fd, const char *seq, size_t len, const struct termios *tio)
{
	atomic_store(&scr_on, false);
	if (!seq || !tio)
		return;
	if (len > sizeof(scr_seq))
		len = sizeof(scr_seq);
	memcpy(scr_seq, seq, len);
	scr_len = len;
	scr_tio = *tio;
	scr_fd = fd;
	atomic_store(&scr_on, true);
}

int stop_requested(void)
{
	return got;
}
