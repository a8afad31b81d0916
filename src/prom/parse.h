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
/* what jansson would take to hold buf (PROM_PARSE_MEMORY_MAX) */
size_t prom_parse_cost(const char *buf, size_t len, size_t *values, size_t *at);

#endif
