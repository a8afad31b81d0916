// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON's "stalls": the stalled and erred QPs (src/model/stall.c), worst
 * and oldest first, each with the Stalls table's columns under their
 * names (stall_table_cols), the wall time its age counts from ("since";
 * "since_or_before" where it was so at the first sample) and the
 * --stall-after in force.
 */
#include <stdlib.h>

#include "fmt.h"
#include "jw.h"
#include "stall.h"
#include "util.h"

int out_json_stalls(struct jw *w, const struct view_ctx *c)
{
	const struct view_col *cols;
	size_t *rows, i, n;
	ssize_t nr = stall_rows(c->s, &rows);
	int k;

	if (nr < 0)
		return (int)nr;
	cols = view_cols(VIEW_QPS, &n);
	jw_d(w, "stall_after", stall_after());
	jw_open(w, "stalls", '[');
	for (i = 0; i < (size_t)nr; i++) {
		const struct snap_qp *q = SNAP_AT(&c->s->qps, struct snap_qp, rows[i]);
		struct stall_info st;
		struct timespec t;
		char buf[64];

		jw_open(w, NULL, '{');
		for (k = 0; stall_table_cols[k] >= 0; k++) {
			struct view_value v;

			if ((size_t)stall_table_cols[k] >= n)
				continue;
			view_get(c, VIEW_QPS, rows[i], stall_table_cols[k], &v);
			if (v.valid)
				out_json_value(w, cols[stall_table_cols[k]].name,
					       &cols[stall_table_cols[k]], &v);
		}
		/* the sample's wall clock less the age: a replay's is the
		 * recording's */
		stall_of(c->s, q, &st);
		stall_wall(c->s, st.since, &t);
		jw_s(w, "since", fmt_time(buf, sizeof(buf), &t));
		/* in its state at the first sample: it began at or before */
		if (st.before)
			jw_b(w, "since_or_before", true);
		jw_close(w, '}');
	}
	jw_close(w, ']');
	free(rows);
	return 0;
}
