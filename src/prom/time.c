// SPDX-License-Identifier: GPL-2.0-or-later
/* The times --at and the `b` key take. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "prom.h"

/* seconds since the epoch ("1764558720", "1764558720.5"), or RFC 3339 in
 * UTC ("2026-12-01T03:12:00Z", as Prometheus's API takes it) */
int prom_parse_time(const char *s, double *t)
{
	struct tm tm = { 0 };
	char *end;
	const char *p;

	if (!s || !*s)
		return -EINVAL;
	*t = strtod(s, &end);
	if (end != s && !*end && *t > 0)
		return 0;
	p = strptime(s, "%Y-%m-%dT%H:%M:%S", &tm);
	if (!p)
		p = strptime(s, "%Y-%m-%d %H:%M:%S", &tm);
	if (!p || (*p && strcmp(p, "Z")))
		return -EINVAL;
	*t = (double)timegm(&tm);
	return *t > 0 ? 0 : -EINVAL;
}
