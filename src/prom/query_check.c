// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a refresh's queries are asked with: the rate() window from the
 * scrape interval, whether the recording rules' window is that one (and
 * the line that says so), and --match checked before it goes into every
 * selector.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prom.h"

double prom_rules_window(const struct prom_vector *v, double want)
{
	double first = 0;
	size_t i;

	for (i = 0; v && i < v->n; i++) {
		char *end;
		const char *l = prom_label(&v->s[i], "window_seconds");
		double w = strtod(l, &end);

		if (end == l || *end || !isfinite(w) || w <= 0)
			continue;
		if (fabs(w - want) < 0.5)
			return w;
		if (!first)
			first = w;
	}
	return first;
}

/* short enough for the status line at 80 columns */
bool prom_rules_say(double rules_window, double window, char *why, size_t len)
{
	if (rules_window < 0)
		snprintf(why, len, "recording rules not known: raw queries, rate[%gs]", window);
	else if (rules_window == 0)
		snprintf(why, len, "no recording rules: raw queries, rate[%gs]", window);
	else if (fabs(rules_window - window) >= 0.5)
		snprintf(why, len, "recording rules' window %gs, not rate[%gs]: raw queries",
			 rules_window, window);
	else
		snprintf(why, len, "recording rules: rates as recorded, rate[%gs]", window);
	return rules_window > 0 && fabs(rules_window - window) < 0.5;
}

double prom_window(double scrape_interval)
{
	double w = 4 * scrape_interval;

	return w < 1 ? 1 : w;
}

/*
 * name op "value" [, ...]: what goes between a selector's braces.  Checked
 * here so that a typo is said at start, not as Prometheus's parse error of
 * a query the user never wrote.
 */
int prom_match_check(const char *m, char *err, size_t len)
{
	const char *p = m;

	while (*p) {
		const char *name = p;

		while (*p == ' ')
			p++;
		name = p;
		if (!(isalpha((unsigned char)*p) || *p == '_'))
			goto bad;
		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		if (!strncmp(p, "=~", 2) || !strncmp(p, "!~", 2) || !strncmp(p, "!=", 2))
			p += 2;
		else if (*p == '=')
			p++;
		else
			goto bad;
		if (*p != '"')
			goto bad;
		for (p++; *p && *p != '"'; p++)
			if (*p == '\\' && p[1])
				p++;
		if (*p != '"')
			goto bad;
		p++;
		while (*p == ' ')
			p++;
		if (*p == ',')
			p++;
		else if (*p)
			goto bad;
		continue;
bad:
		snprintf(err, len,
			 "bad selector '%s' at '%.20s': label matchers are "
			 "name=\"value\" (=, !=, =~, !~), comma-separated",
			 m, name);
		return -EINVAL;
	}
	return 0;
}
