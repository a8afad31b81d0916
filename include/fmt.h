/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Formatting helpers shared by the batch writers and the screen: numbers
 * with units, GUIDs, time stamps, and making untrusted strings (process
 * names, device names) safe to show.  Each writes into the caller's buffer
 * and returns it.
 */
#ifndef RDMATOP_FMT_H
#define RDMATOP_FMT_H

#include <stdbool.h>
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
/* A byte rate as bits per second, powers of 1000: 0 b/s, 850 Kb/s, 12.3 Gb/s. */
const char *fmt_bits(char *buf, size_t len, double bytes);
/* A GUID as rdma prints it: "0000:00ff:fe00:0001". */
const char *fmt_guid(char *buf, size_t len, uint64_t guid);
/* A GID as sysfs gids/K prints it: eight groups of four hex digits. */
const char *fmt_gid(char *buf, size_t len, const uint8_t gid[16]);
/* A GID as an address, as a QP's peer is spelt (rdma_qp_stall_seconds's
 * peer): the IPv4 address of an IPv4-mapped GID ("10.0.0.2"), else the
 * GID in IPv6 notation ("fe80::1"); NULL (buf "") when len is too short. */
const char *fmt_gid_addr(char *buf, size_t len, const uint8_t gid[16]);
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
 * Copy s for display on a terminal: valid printable UTF-8 passes, control
 * characters (C0, DEL, C1) and bytes that are not UTF-8 become \xNN per
 * byte (\\ for a backslash), and the invisible characters of
 * fmt_cp_invisible() their code point (\u200b, \U000e0001), and a space
 * that begins or ends s \x20, so a hostile name cannot move the cursor,
 * retitle the terminal, reorder what is shown or pass for another ("node1 "
 * for "node1").  Always NUL-terminates; truncates, never inside an
 * escape or a character.
 */
const char *fmt_escape(char *buf, size_t len, const char *s);

/*
 * Copy s into buf of len bytes: whole when it fits, else cut on a
 * character boundary and ended in "…" (U+2026), the cut marked, so a
 * value that was valid UTF-8 stays so (a cut inside a character made
 * jansson's json_string() return NULL and a key vanish).  Always
 * NUL-terminates.
 */
const char *fmt_cut(char *buf, size_t len, const char *s);

/* *cp of a unit that is not UTF-8 (above any code point) */
#define FMT_UTF8_BAD 0xffffffffu

/*
 * The UTF-8 unit at s: its length, 1-4, and its code point in *cp.  Bytes
 * that are not valid UTF-8 (a stray continuation byte, C0, C1, F5..FF,
 * overlong forms, surrogates, code points past U+10FFFF, a sequence cut
 * short, also by the terminating NUL) make a unit of their own, the
 * maximal subpart of Unicode's recommended practice: *cp is FMT_UTF8_BAD
 * and the length is at least 1, so a caller that steps by it always
 * advances and replaces each unit with one U+FFFD as Python's and the
 * WHATWG decoders do.  Reads no further than a NUL.
 */
int fmt_utf8(const unsigned char *s, uint32_t *cp);

/* C0, DEL and C1 control characters. */
bool fmt_cp_control(uint32_t cp);
/*
 * Characters that are not seen or that change how the text around them is
 * shown: the bidi controls (U+202A-U+202E embeddings and overrides,
 * U+2066-U+2069 isolates, LRM/RLM U+200E/U+200F, ALM U+061C), the line
 * and paragraph separators U+2028/U+2029, and every other format character
 * and default ignorable (U+200B zero width space, U+00AD soft hyphen,
 * U+2060 word joiner, U+FEFF, variation selectors, tags).  A process
 * named with U+202E would otherwise show reversed next to the names
 * around it, and "node1\u200b" as "node1".
 */
bool fmt_cp_invisible(uint32_t cp);

#endif
