/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Batch writers: text tables and JSON (one object per sample). */
#ifndef RDMATOP_OUT_H
#define RDMATOP_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "snapshot.h"
#include "view.h"

struct out_opts {
	const struct view_filter *filter;	/* applies to every table (see view.h) */
	int sort_col;				/* column of the QP table, -1 = natural */
	bool reverse;
	uint32_t pid;				/* only this process, 0 = all */
};

/*
 * Write one sample.  JSON: one object on one line (doc/json.md); text:
 * top -b style tables.  o may be NULL (everything, natural order).
 * 0, or -ENOMEM / -EIO.
 */
int out_json(FILE *f, const struct snapshot *s, const struct out_opts *o);
int out_text(FILE *f, const struct snapshot *s, const struct out_opts *o);

/*
 * Rows of table t as the writers show them: o->filter, o->pid (the row's
 * process id or owner thread id; tables without owners are not narrowed),
 * and for VIEW_QPS o->sort_col / o->reverse.  As view_rows().
 */
ssize_t out_rows(const struct view_ctx *c, enum view_table t, const struct out_opts *o,
		 size_t **rows);

/* JSON string escaping (control characters, quotes, invalid UTF-8). */
void out_json_str(FILE *f, const char *str);

#endif
