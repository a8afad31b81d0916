/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The interactive dashboard's event loop (src/app.c). */
#ifndef RDMATOP_APP_H
#define RDMATOP_APP_H

#include <stdbool.h>
#include <stdint.h>

#include "export.h"
#include "opts.h"
#include "source.h"

struct app_opts {
	struct source *src;
	double delay;
	const char *theme;	/* NULL: default (mono under NO_COLOR) */
	bool replay;
	bool ascii;		/* no Unicode graphs or lines */
	const char *const *filters;
	int n_filters;
	uint32_t pid;
	int sort_col;		/* QP table column, -1 = natural order */
	bool reverse;
	long iterations;	/* quit after drawing this many samples; 0 = never */
	const struct opts *settings;	/* as parsed: W saves them with the screen's */
	struct exporter *exporter;	/* --listen / --textfile, or NULL; its
					 * endpoint runs on the default loop */
};

/*
 * Run until the user quits or a signal ends it; 0 or -errno.
 * -EINPROGRESS: the sample in flight did not stop within STOP_GRACE_MS
 * (a read that does not return); its thread still uses the source and
 * the recorder, which the caller must then leave alone.
 */
int app_run(const struct app_opts *o);

#endif
