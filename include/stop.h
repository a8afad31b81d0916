/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SIGINT, SIGTERM and SIGHUP end rdmatop within a second, whatever it is
 * doing (src/run/stop.c).  The first one asks: the source stops at its next
 * input (source_cancel), a blocking call of the main thread returns EINTR
 * (no SA_RESTART), the loop is woken, and a watchdog is armed.  Whoever is
 * still running STOP_GRACE_MS later (a write to a pipe nobody reads, a read
 * that never returns) is ended by the watchdog: it puts the terminal back
 * when the dashboard said how, and rdmatop dies of the signal it got.  A
 * second signal does the same at once (not the parent's copy of the
 * first: timeout(1) sends it twice).  SIGHUP ignored when rdmatop
 * started (nohup) stays ignored; an exporter takes it as "reload"
 * (stop_hup).
 *
 * Signal handlers take no argument, so this module keeps its state in
 * statics: there is one process and one stop.
 */
#ifndef RDMATOP_STOP_H
#define RDMATOP_STOP_H

#include <stdbool.h>
#include <stddef.h>
#include <termios.h>

#include <ev.h>

#include "source.h"

#define STOP_GRACE_MS 500

/* Install the handlers (before any thread starts); 0 or -errno. */
int stop_init(void);
/* The source whose sample the first signal cancels (NULL: none). */
void stop_source(struct source *src);
/* An async watcher of `loop` the first signal sends (NULL: none). */
void stop_wake(struct ev_loop *loop, ev_async *w);
/*
 * keep: SIGHUP no longer stops rdmatop (an exporter: a reload, or nothing
 * to do); it sends w of the stop_wake loop when w is given.  keep false:
 * SIGHUP stops again.
 */
void stop_hup(bool keep, ev_async *w);
/*
 * While the screen is open: the bytes that give the terminal on fd back
 * (leave the alternate screen, show the cursor) and the tty settings from
 * before it opened, for the watchdog.  seq NULL: the screen is closed.
 */
void stop_screen(int fd, const char *seq, size_t len, const struct termios *tio);
/* 0, or the signal that asked rdmatop to stop. */
int stop_requested(void);

#endif
