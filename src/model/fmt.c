// SPDX-License-Identifier: GPL-2.0-or-later
/* Numbers with units, GUIDs, time stamps and safe display of strings. */
#include <arpa/inet.h>
#include <math.h>
#include <stdbool.h>
#include <sys/socket.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"

char *fmt_digits(char *end, uint64_t v)
{
	/* two digits at a time: half the divisions */
	static const char pairs[] =
		"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
		"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
		"8081828384858687888990919293949596979899";

	while (v >= 100) {
		unsigned int d = (unsigned int)(v % 100) * 2;

		v /= 100;
		*--end = pairs[d + 1];
		*--end = pairs[d];
	}
	if (v >= 10) {
		*--end = pairs[v * 2 + 1];
		*--end = pairs[v * 2];
	} else {
		*--end = (char)('0' + v);
	}
	return end;
}

/*
 * m rounded to the nearest integer as printf rounds the decimal it prints:
 * m = v * 10^decimals is off from the exact product by far less than 1e-6
 * for the magnitudes the callers allow, so rounding it agrees with printf
 * unless it lies within 1e-6 of a tie; false there (the caller asks
 * snprintf).
 */
static bool round_clear_of_tie(double m, uint64_t *r)
{
	double f = floor(m);

	if (fabs(m - f - 0.5) < 1e-6)
		return false;
	*r = (uint64_t)f + (m - f > 0.5);
	return true;
}

/*
 * v with 0 or 1 decimals, then sep and unit: what "%.*f%s%s" prints, without
 * printf's cost (a screen has hundreds of these).
 */
static const char *scaled_put(char *buf, size_t len, double v, int dec, const char *sep,
			      const char *unit)
{
	char tmp[32], *p = tmp + sizeof(tmp) - 1;
	const char *parts[3];
	size_t k, n = 0;
	uint64_t r;

	if (v * (dec ? 10 : 1) >= 1e15 || !round_clear_of_tie(v * (dec ? 10 : 1), &r)) {
		snprintf(buf, len, "%.*f%s%s", dec, v, sep, unit);
		return buf;
	}
	*p = '\0';
	if (dec) {
		*--p = (char)('0' + r % 10);
		*--p = '.';
		r /= 10;
	}
	parts[0] = fmt_digits(p, r);
	parts[1] = sep;
	parts[2] = unit;
	if (!len)
		return buf;
	for (k = 0; k < 3; k++)
		for (const char *c = parts[k]; *c && n + 1 < len; c++)
			buf[n++] = *c;
	buf[n] = '\0';
	return buf;
}

static const char *scaled(char *buf, size_t len, double v, double base,
			  const char *const *units, size_t n_units, const char *sep)
{
	size_t u = 0;

	if (!isfinite(v)) {
		snprintf(buf, len, "n/a");
		return buf;
	}
	if (v < 0)
		v = 0;
	while (v >= base && u + 1 < n_units) {
		v /= base;
		u++;
	}
	if (!u)
		return scaled_put(buf, len, v, 0, *units[0] ? sep : "", units[0]);
	if (v >= 99.95)
		return scaled_put(buf, len, v, 0, sep, units[u]);
	return scaled_put(buf, len, v, 1, sep, units[u]);
}

const char *fmt_si(char *buf, size_t len, double v)
{
	static const char *const u[] = { "", "K", "M", "G", "T", "P", "E" };

	/* 999.6 would print as "1000": move to the next unit first */
	if (v >= 999.5 && v < 1000)
		v = 1000;
	return scaled(buf, len, v, 1000, u, sizeof(u) / sizeof(u[0]), "");
}

const char *fmt_iec(char *buf, size_t len, double v)
{
	static const char *const u[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };

	if (v >= 1023.5 && v < 1024)
		v = 1024;
	return scaled(buf, len, v, 1024, u, sizeof(u) / sizeof(u[0]), " ");
}

/*
 * A byte rate in bits per second, decimal, as a link's rate is spelt
 * (sysfs ports/N/rate "400 Gb/sec", ethtool "Speed: 100000Mb/s"):
 * "0 b/s", "850 Kb/s", "12.3 Gb/s".
 */
const char *fmt_bits(char *buf, size_t len, double bytes)
{
	static const char *const u[] = { "b/s", "Kb/s", "Mb/s", "Gb/s", "Tb/s", "Pb/s", "Eb/s" };
	double v = bytes * 8;

	if (v >= 999.5 && v < 1000)
		v = 1000;
	return scaled(buf, len, v, 1000, u, sizeof(u) / sizeof(u[0]), " ");
}

const char *fmt_gid(char *buf, size_t len, const uint8_t gid[16])
{
	size_t i, o = 0;

	if (!len)
		return buf;
	buf[0] = '\0';
	for (i = 0; i < 16 && o + 6 <= len; i += 2)
		o += (size_t)snprintf(buf + o, len - o, "%s%02x%02x", i ? ":" : "", gid[i], gid[i + 1]);
	return buf;
}

const char *fmt_gid_addr(char *buf, size_t len, const uint8_t gid[16])
{
	static const uint8_t v4[12] = { [10] = 0xff, [11] = 0xff };
	const char *s;

	if (!memcmp(gid, v4, sizeof(v4)))
		s = inet_ntop(AF_INET, gid + 12, buf, (socklen_t)len);
	else
		s = inet_ntop(AF_INET6, gid, buf, (socklen_t)len);
	if (!s && len)
		buf[0] = '\0';
	return s ? s : NULL;
}

const char *fmt_guid(char *buf, size_t len, uint64_t g)
{
	snprintf(buf, len, "%04x:%04x:%04x:%04x", (unsigned int)(g >> 48) & 0xffff,
		 (unsigned int)(g >> 32) & 0xffff, (unsigned int)(g >> 16) & 0xffff,
		 (unsigned int)g & 0xffff);
	return buf;
}

const char *fmt_time(char *buf, size_t len, const struct timespec *ts)
{
	struct tm tm;
	time_t t = ts->tv_sec;
	char day[32];

	if (!gmtime_r(&t, &tm) || !strftime(day, sizeof(day), "%Y-%m-%dT%H:%M:%S", &tm))
		snprintf(day, sizeof(day), "1970-01-01T00:00:00");
	snprintf(buf, len, "%s.%03ldZ", day, (long)(ts->tv_nsec / 1000000) % 1000);
	return buf;
}

/*
 * What "%.3f" prints with the trailing zeros cut, without printf's cost (a
 * JSON sample of 20k QPs has 40k rates): for 0 <= v < 1e6, v * 1000 is off
 * by less than 1e-7, so rounding it gives printf's digits unless it lies
 * within 1e-6 of a tie; those and the rest take the snprintf path.
 */
static bool num_fast(char *buf, size_t len, double v)
{
	char tmp[24], *p = tmp + sizeof(tmp) - 1;
	uint64_t r, frac;
	int digits = 3;

	if (!(v >= 0 && v < 1e6) || len < sizeof(tmp) || !round_clear_of_tie(v * 1000, &r))
		return false;
	frac = r % 1000;
	*p = '\0';
	if (frac) {
		while (frac % 10 == 0) {
			frac /= 10;
			digits--;
		}
		while (digits--) {
			*--p = (char)('0' + frac % 10);
			frac /= 10;
		}
		*--p = '.';
	}
	p = fmt_digits(p, r / 1000);
	memcpy(buf, p, (size_t)(tmp + sizeof(tmp) - p));
	return true;
}

const char *fmt_num(char *buf, size_t len, double v)
{
	char *p;

	if (num_fast(buf, len, v))
		return buf;
	if (!isfinite(v)) {
		snprintf(buf, len, "0");
		return buf;
	}
	snprintf(buf, len, "%.3f", v);
	p = strchr(buf, '.');
	if (p) {
		char *e = buf + strlen(buf) - 1;

		while (e > p && *e == '0')
			*e-- = '\0';
		if (e == p)
			*e = '\0';
	}
	if (!strcmp(buf, "-0"))
		snprintf(buf, len, "0");
	return buf;
}

const char *fmt_addr(char *buf, size_t len, const struct snap_addr *a)
{
	char ip[INET6_ADDRSTRLEN];

	if ((a->family != AF_INET && a->family != AF_INET6) ||
	    !inet_ntop(a->family, a->addr, ip, sizeof(ip)))
		return NULL;
	snprintf(buf, len, "%s:%u", ip, a->port);
	return buf;
}

int fmt_utf8(const unsigned char *s, uint32_t *cp)
{
	/* the second byte's range depends on the lead (Unicode 15, table 3-7):
	 * E0 and F0 would be overlong below it, ED a surrogate and F4 past
	 * U+10FFFF above it; every later byte is 80..BF */
	unsigned char lo = 0x80, hi = 0xbf;
	uint32_t c;
	int n, i;

	*cp = FMT_UTF8_BAD;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 1;	/* a continuation byte, C0/C1 (overlong), F5..FF */
	if (s[0] < 0xe0) {
		n = 2;
		c = s[0] & 0x1f;
	} else if (s[0] < 0xf0) {
		n = 3;
		c = s[0] & 0x0f;
		lo = s[0] == 0xe0 ? 0xa0 : 0x80;
		hi = s[0] == 0xed ? 0x9f : 0xbf;
	} else {
		n = 4;
		c = s[0] & 0x07;
		lo = s[0] == 0xf0 ? 0x90 : 0x80;
		hi = s[0] == 0xf4 ? 0x8f : 0xbf;
	}
	for (i = 1; i < n; i++) {
		/* a NUL or any byte out of range ends the sequence early: the
		 * bytes so far are one ill-formed unit (its maximal subpart) */
		if (s[i] < lo || s[i] > hi)
			return i;
		c = (c << 6) | (s[i] & 0x3f);
		lo = 0x80;
		hi = 0xbf;
	}
	*cp = c;
	return n;
}

bool fmt_cp_control(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
}

bool fmt_cp_invisible(uint32_t cp)
{
	/* Unicode 15's format characters (Cf) and the other default
	 * ignorables (fillers, variation selectors): a terminal draws them in
	 * no cell, so "node1" and "node1\u200b" would look the same */
	switch (cp) {
	case 0x00ad:			/* SOFT HYPHEN */
	case 0x034f:			/* COMBINING GRAPHEME JOINER */
	case 0x0600 ... 0x0605:		/* Arabic number signs (prepended) */
	case 0x061c:			/* ARABIC LETTER MARK */
	case 0x06dd: case 0x070f:	/* Arabic end of ayah, Syriac abbreviation */
	case 0x0890 ... 0x0891:		/* Arabic pound and piastre marks above */
	case 0x08e2:			/* ARABIC DISPUTED END OF AYAH */
	case 0x115f: case 0x1160:	/* HANGUL CHOSEONG / JUNGSEONG FILLER */
	case 0x17b4: case 0x17b5:	/* KHMER VOWEL INHERENT AQ, AA */
	case 0x180b ... 0x180f:		/* Mongolian variation selectors, vowel separator */
	case 0x200b ... 0x200f:		/* ZWSP, ZWNJ, ZWJ, LRM, RLM */
	case 0x2028 ... 0x202e:		/* LINE / PARAGRAPH SEPARATOR, LRE, RLE, PDF, LRO, RLO */
	case 0x2060 ... 0x206f:		/* WORD JOINER, invisible operators, LRI..PDI */
	case 0x3164: case 0xffa0:	/* HANGUL FILLER, its halfwidth form */
	case 0xfe00 ... 0xfe0f:		/* VARIATION SELECTORS */
	case 0xfeff:			/* ZERO WIDTH NO-BREAK SPACE (BOM) */
	case 0xfff0 ... 0xfffb:		/* unassigned, interlinear annotation */
	case 0x110bd: case 0x110cd:	/* KAITHI NUMBER SIGN (ABOVE) */
	case 0x13430 ... 0x1343f:	/* Egyptian hieroglyph format controls */
	case 0x1bca0 ... 0x1bca3:	/* shorthand format controls */
	case 0x1d173 ... 0x1d17a:	/* musical symbol formatting */
	case 0xe0000 ... 0xe0fff:	/* TAGS, VARIATION SELECTORS SUPPLEMENT */
		return true;
	default:
		return false;
	}
}

const char *fmt_escape(char *buf, size_t len, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t o = 0;

	if (!len)
		return buf;
	while (*s) {
		char tmp[12];
		uint32_t cp;
		int n;
		size_t tl;

		/* printable ASCII, most of every string: as it is; a space
		 * that begins or ends it by its code, so "node1 " and
		 * "node1" do not look the same */
		if (*s >= 0x20 && *s < 0x7f && *s != '\\' &&
		    (*s != ' ' || (s != (const unsigned char *)str && s[1]))) {
			if (o + 1 >= len)
				break;
			buf[o++] = (char)*s++;
			continue;
		}
		n = fmt_utf8(s, &cp);
		if (cp == '\\') {
			memcpy(tmp, "\\\\", 2);
			tl = 2;
		} else if (cp == ' ') {
			memcpy(tmp, "\\x20", 4);
			tl = 4;
		} else if (cp != FMT_UTF8_BAD && !fmt_cp_control(cp) && !fmt_cp_invisible(cp)) {
			memcpy(tmp, s, (size_t)n);
			tl = (size_t)n;
		} else if (cp != FMT_UTF8_BAD && !fmt_cp_control(cp)) {
			/* an invisible character: by its code point, as JSON
			 * writes it (\u200b; \U000e0001 past the BMP) */
			tl = (size_t)snprintf(tmp, sizeof(tmp), cp > 0xffff ? "\\U%08x" : "\\u%04x",
					      (unsigned int)cp);
		} else {
			/* a control character, or a byte that is not UTF-8:
			 * escape the first byte, look again at the next
			 * (each byte of the unit is \xNN in the end) */
			snprintf(tmp, sizeof(tmp), "\\x%02x", s[0]);
			tl = 4;
			n = 1;
		}
		if (o + tl >= len)
			break;
		memcpy(buf + o, tmp, tl);
		o += tl;
		s += n;
	}
	buf[o] = '\0';
	return buf;
}

const char *fmt_cut(char *buf, size_t len, const char *s)
{
	static const char mark[] = "\xe2\x80\xa6";	/* … */
	size_t n = strlen(s), o = 0, room;

	if (!len)
		return buf;
	if (n < len) {
		memcpy(buf, s, n + 1);
		return buf;
	}
	room = len > sizeof(mark) ? len - sizeof(mark) : len - 1;
	while (s[o]) {
		uint32_t cp;
		size_t u = (size_t)fmt_utf8((const unsigned char *)s + o, &cp);

		if (o + u > room)
			break;
		o += u;
	}
	memcpy(buf, s, o);
	if (len > sizeof(mark)) {
		memcpy(buf + o, mark, sizeof(mark));
		return buf;
	}
	buf[o] = '\0';
	return buf;
}
