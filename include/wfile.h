/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The files rdmatop writes (src/wfile.c): recordings (-w), the metrics
 * textfile (--textfile) and the config (W).  None is written through a
 * symbolic link an attacker could plant, none replaces a file rdmatop did
 * not write, and a replaced file is never seen half written.
 */
#ifndef RDMATOP_WFILE_H
#define RDMATOP_WFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Does a file starting with these bytes (n of them, at most 64) belong to us? */
typedef bool wfile_ours_fn(const uint8_t *head, size_t n);

enum { WFILE_NONE = 0, WFILE_OURS = 1 };
/*
 * What is at path, not following a symbolic link: WFILE_NONE (nothing),
 * WFILE_OURS (a regular file, empty or one `ours` accepts), or -ELOOP (a
 * symbolic link), -EINVAL (not a regular file), -EEXIST (a file of
 * someone else's), -errno.
 */
int wfile_probe(const char *path, wfile_ours_fn *ours);
/* A message for a wfile_probe() error (strerror for the others). */
const char *wfile_strerror(int err);
/* mode without the bits of the process's umask (read once, at start). */
mode_t wfile_mode(mode_t mode);
void wfile_init(void);
/*
 * Replace path atomically with buf: a temporary file in path's directory
 * (created O_EXCL: it follows no link), written, given mode (less the
 * umask), fsynced, renamed over path, and the directory fsynced.  A
 * symbolic link at path is replaced, not followed: callers probe first.
 */
int wfile_replace(const char *path, const void *buf, size_t len, mode_t mode);

#endif
