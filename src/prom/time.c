// SPDX-License-Identifier: GPL-2.0-or-later
/* The times --at and the `b` key take. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "prom.h"

#define PROM_TIME_FORMS "HH:MM or HH:MM:SS (UTC), YYYY-MM-DDTHH:MM:SSZ or Unix seconds"

/*
 * "HH:MM" or "HH:MM:SS", two digits each: true with the fields in f[] and
 * their number in *n.  "1:2:3:4" and "3:12" are not clock times; "24:00"
 * has the shape and is refused by the caller with the field named.
 */
static bool clock_shape(const char *s, int f[3], int *n)
{
	int i;

	for (i = 0; i < 3; i++) {
		if (s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9')
			return false;
		f[i] = (s[0] - '0') * 10 + (s[1] - '0');
		s += 2;
		if (!*s) {
			*n = i + 1;
			return i > 0;
		}
		if (*s++ != ':')
			return false;
	}
	return false;
}

/*
 * Seconds since the epoch ("1764558720", "1764558720.5"); RFC 3339 in UTC
 * ("2026-12-01T03:12:00Z", as Prometheus's API takes it; the Z may be left
 * out and a space may stand for the T); or a clock time "HH:MM[:SS]" in UTC
 * on the day (UTC) of DAY, the time the caller calls today.  Prometheus and
 * the exporters keep UTC, so a local clock time would be a guess.
 */
int prom_parse_time(const char *s, double day, double *t, char *why, size_t len)
{
	static const char *const max_of[] = { "hour", "minute", "second" };
	static const int max[] = { 23, 59, 59 };
	struct tm tm = { 0 };
	int f[3] = { 0 }, n, i;
	char *end;
	const char *p;

	if (!s || !*s) {
		snprintf(why, len, "no time: give " PROM_TIME_FORMS);
		return -EINVAL;
	}
	*t = strtod(s, &end);
	if (end != s && !*end && *t > 0)
		return 0;
	if (clock_shape(s, f, &n)) {
		for (i = 0; i < n; i++)
			if (f[i] > max[i]) {
				snprintf(why, len, "'%s': %s %02d is past %02d", s, max_of[i], f[i],
					 max[i]);
				return -ERANGE;
			}
		if (day <= 0) {
			snprintf(why, len, "'%s': no day to put it on", s);
			return -EINVAL;
		}
		/* Unix time has no leap seconds: a UTC day is 86400 of them */
		*t = (double)((long long)(day / 86400) * 86400 + f[0] * 3600 + f[1] * 60 + f[2]);
		return 0;
	}
	p = strptime(s, "%Y-%m-%dT%H:%M:%S", &tm);
	if (!p)
		p = strptime(s, "%Y-%m-%d %H:%M:%S", &tm);
	if (p && (!*p || !strcmp(p, "Z"))) {
		*t = (double)timegm(&tm);
		if (*t > 0)
			return 0;
	}
	snprintf(why, len, "'%s' is not a time: give " PROM_TIME_FORMS, s);
	return -EINVAL;
}
