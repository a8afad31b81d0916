/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Batch writers: text tables and JSON (one object per sample). */
#ifndef RDMATOP_OUT_H
#define RDMATOP_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "snapshot.h"
#include "view.h"

struct out_opts {
	const struct view_filter *filter;	/* applies to resource tables */
	int sort_col;				/* column of the QP table, -1 = natural */
	bool reverse;
	uint32_t pid;				/* only this process, 0 = all */
};

int out_json(FILE *f, const struct snapshot *s, const struct out_opts *o);
int out_text(FILE *f, const struct snapshot *s, const struct out_opts *o);

/* JSON string escaping (control characters, quotes, invalid UTF-8). */
void out_json_str(FILE *f, const char *str);

#endif
