/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Formatting helpers shared by the batch writers and the screen: numbers
 * with units, GUIDs, time stamps, and making untrusted strings (process
 * names, device names) safe to show.  Each writes into the caller's buffer
 * and returns it.
 */
#ifndef RDMATOP_FMT_H
#define RDMATOP_FMT_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "snapshot.h"

/* v's decimal digits, written backwards to end at end (no NUL): their start */
char *fmt_digits(char *end, uint64_t v);
/* 999, 1.2K, 34.5M, 1.2G, 3.0T (powers of 1000), for counts and packets. */
const char *fmt_si(char *buf, size_t len, double v);
/* 512 B, 1.5 KiB, 3.4 MiB, ... (powers of 1024), for bytes. */
const char *fmt_iec(char *buf, size_t len, double v);
/* A GUID as rdma prints it: "0000:00ff:fe00:0001". */
const char *fmt_guid(char *buf, size_t len, uint64_t guid);
/* RFC 3339 UTC with milliseconds: "2026-11-30T05:09:44.123Z". */
const char *fmt_time(char *buf, size_t len, const struct timespec *ts);
/* A double in plain decimal, up to 3 decimals, no trailing zeros: "1234.5". */
const char *fmt_num(char *buf, size_t len, double v);

/*
 * A CM endpoint as rdma prints it: "10.0.0.1:7174", and for IPv6 the
 * address then ":port" without brackets ("fe80::1:7174"), as iproute2's
 * res-cmid.c does.  NULL for other address families.
 */
const char *fmt_addr(char *buf, size_t len, const struct snap_addr *a);

/*
 * Copy s for display on a terminal: valid printable UTF-8 passes, and
 * control characters (C0, DEL, C1), backslashes and bytes that are not
 * UTF-8 become \xNN (\\ for a backslash), so a hostile name cannot move the
 * cursor or retitle the terminal.  Always NUL-terminates; truncates.
 */
const char *fmt_escape(char *buf, size_t len, const char *s);

/*
 * Length of the valid UTF-8 sequence at s (1-4), or 0 if s does not start
 * one (overlong forms, surrogates and code points past U+10FFFF are invalid).
 * *cp receives the code point.
 */
int fmt_utf8(const unsigned char *s, uint32_t *cp);

#endif
