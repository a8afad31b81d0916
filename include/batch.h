/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Batch mode (src/run/batch.c): -b, JSON, OpenMetrics, and the exporters. */
#ifndef RDMATOP_BATCH_H
#define RDMATOP_BATCH_H

#include <stdbool.h>

#include "settings.h"
#include "out.h"
#include "source.h"

struct exporter;

/*
 * Sample src until -n or a signal, each sample printed to stdout (after a
 * clear when clear_screen) and handed to ex; quiet: only export
 * (--listen/--textfile without -b, not on a terminal).  0, or 1 on an
 * error already said on stderr.
 */
int run_batch(const struct settings *o, struct source *src, const struct out_opts *oo,
	      bool clear_screen, struct exporter *ex, bool quiet);

#endif
