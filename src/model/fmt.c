// SPDX-License-Identifier: GPL-2.0-or-later
/* Numbers with units, GUIDs, time stamps and safe display of strings. */
#include <arpa/inet.h>
#include <math.h>
#include <sys/socket.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"

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
		snprintf(buf, len, "%.0f%s%s", v, *units[0] ? sep : "", units[0]);
	else if (v >= 99.95)
		snprintf(buf, len, "%.0f%s%s", v, sep, units[u]);
	else
		snprintf(buf, len, "%.1f%s%s", v, sep, units[u]);
	return buf;
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

const char *fmt_num(char *buf, size_t len, double v)
{
	char *p;

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
	uint32_t c;
	int n, i;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2;
		c = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3;
		c = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4;
		c = s[0] & 0x07;
	} else {
		return 0;
	}
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10ffff)) ||
	    (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

const char *fmt_escape(char *buf, size_t len, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t o = 0;

	if (!len)
		return buf;
	while (*s) {
		char tmp[8];
		uint32_t cp;
		int n = fmt_utf8(s, &cp);
		size_t tl;

		if (n && cp >= 0x20 && cp != 0x7f && cp != '\\' && !(cp >= 0x80 && cp < 0xa0)) {
			memcpy(tmp, s, (size_t)n);
			tl = (size_t)n;
		} else if (n == 1 && cp == '\\') {
			memcpy(tmp, "\\\\", 2);
			tl = 2;
		} else {
			/* a control character or a byte that is not UTF-8:
			 * escape the first byte, look again at the next */
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
