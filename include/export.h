/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Fleet export: every sample rendered once for the --listen endpoint and
 * rewritten atomically into the --textfile for node_exporter.  Used by the
 * batch loop and the dashboard alike, from the loop's thread.
 */
#ifndef RDMATOP_EXPORT_H
#define RDMATOP_EXPORT_H

#include <stdbool.h>
#include <stddef.h>

#include <ev.h>

#include "snapshot.h"
#include "webcfg.h"

struct export_opts {
	const char *listen;	/* ADDR:PORT, or NULL */
	const char *textfile;	/* PATH, or NULL */
	const struct webcfg *web;	/* --web-config, or NULL */
	const char *web_path;	/* its file, read again by export_reload */
	const char *path;	/* --telemetry-path */
	unsigned int max_procs;	/* per-process series before "other" */
	unsigned int prefix4, prefix6;	/* --listen-prefix4/6 */
	bool live;		/* samples are read now (not replayed): their
				 * start time gives rdma_sample_duration_seconds */
};

struct exporter;

/* 0, -EINVAL for a bad --listen value, or -errno; reason in err. */
int export_open(struct exporter **ex, struct ev_loop *loop, const struct export_opts *o,
		char *err, size_t errlen);
/*
 * A new sample (rates computed): serve it from now on and rewrite the
 * textfile.  0, or -errno of the textfile (the old file stays whole).
 */
int export_sample(struct exporter *ex, const struct snapshot *s);
/* The address served ("127.0.0.1:19101"), NULL without --listen; *passed:
 * the socket came from systemd. */
const char *export_addr(const struct exporter *ex, bool *passed);
/* SIGHUP: read --web-config again, served from the next connection on.  0,
 * 1 without a --web-config (nothing to do), or -errno with the reason in
 * err, the old config still serving. */
int export_reload(struct exporter *ex, char *err, size_t errlen);
/* The loop the endpoint runs on, NULL when there is no --listen. */
struct ev_loop *export_loop(const struct exporter *ex);
/* A message about --textfile that is due (its failures rate-limited), or NULL. */
const char *export_textfile_msg(struct exporter *ex);
/* Atomically replace path with buf: a temp file beside it, fsync, rename. */
int export_write_file(const char *path, const char *buf, size_t len);
void export_close(struct exporter *ex);

#endif
