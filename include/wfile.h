/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The files rdmatop writes (src/util/wfile.c): recordings (-w), the metrics
 * textfile (--textfile) and the config (W).  None is written through a
 * symbolic link an attacker could plant, none replaces a file rdmatop did
 * not write, and a replaced file is never seen half written.
 */
#ifndef RDMATOP_WFILE_H
#define RDMATOP_WFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <sys/types.h>

/* Does a file starting with these bytes (n of them, at most 64) belong to us? */
typedef bool wfile_ours_fn(const uint8_t *head, size_t n);

enum { WFILE_NONE = 0, WFILE_OURS = 1 };
/* Refused as root: a directory or link on the path that another user
 * could change (wfile_strerror() names it). */
#define WFILE_EUNSAFE (-EPERM)
/*
 * What is at path, not following a symbolic link: WFILE_NONE (nothing),
 * WFILE_OURS (a regular file, empty or one `ours` accepts), or -ELOOP (a
 * symbolic link), -EINVAL (not a regular file), -EEXIST (a file of
 * someone else's), -errno.
 */
int wfile_probe(const char *path, wfile_ours_fn *ours);
int wfile_probe_at(int dfd, const char *leaf, wfile_ours_fn *ours);
/*
 * The directory holding path's last component (*leaf, a pointer into
 * path), opened by a walk from / that follows no link it does not trust:
 * as root (euid 0) every directory on the way must be root's and writable
 * by no one else, or root's and sticky, and every symbolic link root's;
 * else WFILE_EUNSAFE.  create: missing directories are made on the way.
 * A descriptor, or -errno.
 */
int wfile_dir_open(const char *path, bool create, const char **leaf);
/*
 * A whole regular file of at most max bytes, NUL-terminated in a buffer to
 * free (*out, *len bytes; its mode in *mode when mode is not NULL).  Opened
 * without blocking: a FIFO (or a device) in its place would hold the
 * start-up forever in open() or read(), so anything but a regular file is
 * refused (-EINVAL); -EFBIG when larger, -errno.
 */
int wfile_read(const char *path, size_t max, char **out, size_t *len, mode_t *mode);
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
 * The directory is wfile_dir_open()'s: as root, a safe one.
 */
int wfile_replace(const char *path, const void *buf, size_t len, mode_t mode);
int wfile_replace_at(int dfd, const char *leaf, const void *buf, size_t len, mode_t mode);
/* Probe and replace in one walk: path's directory is opened once. */
int wfile_write(const char *path, wfile_ours_fn *ours, const void *buf, size_t len, mode_t mode);

#endif
