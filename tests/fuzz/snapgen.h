/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared by the writer fuzz targets: a snapshot built from the fuzz input
 * (snapgen.c), output captured in a bounded buffer, and the checkers of
 * what each writer must give (check.c).
 */
#ifndef RDMATOP_FUZZ_SNAPGEN_H
#define RDMATOP_FUZZ_SNAPGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "snapshot.h"

/* Input consumed from the front; zeros once it runs out. */
struct fz {
	const uint8_t *p;
	size_t n;
};

uint8_t fz_u8(struct fz *z);
uint32_t fz_u32(struct fz *z);
uint64_t fz_u64(struct fz *z);
double fz_double(struct fz *z);
/* A name: a length byte (up to max - 1), then that many bytes. */
void fz_name(struct fz *z, char *buf, size_t max);
/* A name interned in s; one of the devices made (or the first); an owner;
 * its driver attributes. */
uint32_t fz_str(struct snapshot *s, struct fz *z);
uint32_t fz_dev(const struct snapshot *s, struct fz *z);
struct snap_owner fz_owner(struct fz *z);
void fz_drv(struct snapshot *s, struct fz *z, struct snap_owner *o);
/* snapgen_res.c: every resource table; the events and notes */
void fz_res(struct snapshot *s, struct fz *z);
void fz_events(struct snapshot *s, struct fz *z);

/*
 * Fill s (snap_init'ed) from the input: host, kernel, devices, ports,
 * counters, tasks, every resource table, events and notes, each name and
 * value taken from the input.  Names may hold any byte but NUL and '^'
 * (the screen target reads '^' as ncurses' mark of a raw control
 * character); device and counter names may hold NULs too, escaped as the
 * parsers do (snap_name_esc).  What the kernel guarantees holds: device
 * indexes are unique, kernel owners are a few module names, resources name
 * devices that exist.  Device and counter names may meet (the same bytes,
 * or the same once printed): snap_dedup() runs last, as after every
 * sample, and the checkers abort on any series or key twice.
 */
void fz_snapshot(struct snapshot *s, struct fz *z);

/*
 * A stream whose contents are kept in memory, at most cap bytes: one byte
 * more aborts the run (a writer that does not end, or writes far more than
 * its input can account for).  fz_out_close returns the contents
 * (NUL-terminated, caller frees) and their length.
 */
FILE *fz_out_open(size_t cap);
char *fz_out_close(FILE *f, size_t *len);

/* The output bound of every writer target: 64 KiB + 1 KiB per input byte. */
#define FZ_OUT_CAP(insize) ((size_t)65536 + (size_t)1024 * (insize))

/* Abort with the reason and the line it was found on. */
void fz_fail(const char *what, const char *out, size_t len, size_t at)
	__attribute__((noreturn));

/* check.c: each aborts through fz_fail on the first fault. */
/* Valid UTF-8 and no raw C0 (but '\n'), DEL, C1 or bidi control / separator. */
void fz_check_terminal_text(const char *out, size_t len);
/* JSON Lines: each line one strict RFC 8259 value, strings holding no raw
 * C1 or bidi control either. */
void fz_check_json_lines(const char *out, size_t len);
/* An exposition: OpenMetrics 1.0 (om) or the Prometheus 0.0.4 text. */
void fz_check_exposition(const char *out, size_t len, bool om);

/*
 * When RDMATOP_FUZZ_DUMP names a directory, the targets also write each
 * output there (the smoke run feeds them to promtool and a real
 * OpenMetrics parser).
 */
void fz_dump(const char *ext, const char *out, size_t len);

/*
 * writer.c: one run of a batch writer over a snapshot from the input (the
 * writer's options first: see each kind), its output bounded, checked by
 * the kind's checker and dumped.  Always 0 (libFuzzer's return).
 */
enum fz_writer { FZ_TEXT, FZ_JSON, FZ_OPENMETRICS, FZ_PROMETHEUS };
int fz_writer_run(const uint8_t *data, size_t size, enum fz_writer which);

#endif
