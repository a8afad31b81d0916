/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The interactive dashboard's event loop (src/dash/app.c). */
#ifndef RDMATOP_APP_H
#define RDMATOP_APP_H

#include <stdbool.h>
#include <stdint.h>

#include "export.h"
#include "settings.h"
#include "source.h"

/*
 * Run the dashboard of settings s (checked: the sort column, filters and
 * columns are known) on src until the user quits or a signal ends it; ex
 * is --listen / --textfile, or NULL (its endpoint runs on the default
 * loop).  0 or -errno.
 * -EINPROGRESS: the sample in flight did not stop within STOP_GRACE_MS
 * (a read that does not return); its thread still uses the source and
 * the recorder, which the caller must then leave alone.
 */
int app_run(const struct settings *s, struct source *src, struct exporter *ex);

#endif
