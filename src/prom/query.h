/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What query.c (the queries' templates) and matcher.c (label matchers)
 * share. */
#ifndef RDMATOP_PROM_QUERY_H
#define RDMATOP_PROM_QUERY_H

#include <stddef.h>

#include "prom.h"

/* s into buf at *at as the inside of a PromQL string: 0, -ENOSPC */
int prom_put_quoted(char *buf, size_t len, size_t *at, const char *s);
/* s into buf at *at as it is: 0, -ENOSPC */
int prom_put_str(char *buf, size_t len, size_t *at, const char *s);
/* s as RE2 takes it literally, into dst */
void prom_re_escape(char *dst, size_t len, const char *s);
/* the labels a search of query q's rows looks in (Ports, Jobs), or NULL */
const char *const *prom_q_search(enum prom_q q);

#endif
