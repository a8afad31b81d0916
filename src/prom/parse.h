/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What parse.c and parse_vec.c share: the answer's parse, whole and a
 * series at a time. */
#ifndef RDMATOP_PROM_PARSE_H
#define RDMATOP_PROM_PARSE_H

#include <stddef.h>

#include <jansson.h>

#include "prom.h"

/* one element of data.result ({"metric": {...}, "value": [t, "v"]}) */
int prom_series_of(json_t *r, struct prom_series *s);
/* the index after the JSON string that begins at s[i] ('"'), or len:
 * inline, one loop for the cost, the scan and nothing else */
static inline size_t prom_str_end(const char *s, size_t i, size_t len)
{
	for (i++; i < len; i++) {
		if (s[i] == '"')
			return i + 1;
		if (s[i] == '\\')
			i++;
	}
	return len;
}
/* a sample's value as Prometheus writes it ("1.5", "NaN", "+Inf") */
int prom_value_str(const char *s, double *v);
/* one element read straight from its bytes where it is plain (no escape,
 * no non-ASCII byte, keys metric and value once): 0, or 1 when not taken
 * (jansson decides: prom_series_of), or -ENOMEM (parse_elem.c) */
int prom_series_plain(const char *s, size_t len, struct prom_series *out);
/* what jansson would take to hold buf (PROM_PARSE_MEMORY_MAX) */
size_t prom_parse_cost(const char *buf, size_t len, size_t *values, size_t *at);

#endif
