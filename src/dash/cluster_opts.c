// SPDX-License-Identifier: GPL-2.0-or-later
/* rdmatop --prometheus: the cluster view's options checked before its
 * loop starts (cluster_loop.h). */
#include <stdio.h>
#include <time.h>

#include "cluster_loop.h"

int cl_check_options(struct cl *c, const struct settings *o, int *sort)
{
	char err[512];
	int i;

	c->ctx.match = o->match ? o->match : "";
	if (o->match && prom_match_check(o->match, err, sizeof(err))) {
		fprintf(stderr, "rdmatop: --match: %s\n", err);
		return -1;
	}
	if (o->sort && (*sort = prom_col_find(PROM_T_HOSTS, o->sort)) < 0) {
		size_t n, k;
		const struct prom_col *cols = prom_cols(PROM_T_HOSTS, &n);

		fprintf(stderr, "rdmatop: unknown sort column '%s' (Hosts columns:", o->sort);
		for (k = 0; k < n; k++)
			fprintf(stderr, " %s", cols[k].name);
		fprintf(stderr, ")\n");
		return -1;
	}
	for (i = 0; i < o->n_filters; i++)
		if (prom_filter_check(o->filters[i], err, sizeof(err))) {
			fprintf(stderr, "rdmatop: %s\n", err);
			return -1;
		}
	c->rows = o->rows;
	c->filters = o->filters;
	c->n_filters = o->n_filters;
	c->sel.filters = o->filters;
	c->sel.n_filters = o->n_filters;
	c->sel.sort = *sort;
	c->sel.reverse = o->reverse;
	if (o->at && prom_parse_time(o->at, (double)time(NULL), &c->at, err, sizeof(err))) {
		fprintf(stderr, "rdmatop: bad value for --at: %s\n", err);
		return -1;
	}
	return 0;
}
