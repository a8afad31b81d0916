/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Views: the tables users look at, built from a snapshot.  Rows are indexes
 * into the snapshot's arrays (or into the per-process aggregation), columns
 * are typed, sorting is stable and type aware, filters are expressions like
 * "dev=rxe0", "state!=RTS", "comm~^ib_", "pid=42".  Pure: no output, no curses.
 */
#ifndef RDMATOP_VIEW_H
#define RDMATOP_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "snapshot.h"

enum view_table {
	VIEW_DEVS,
	VIEW_LINKS,
	VIEW_QPS,
	VIEW_CM_IDS,
	VIEW_CQS,
	VIEW_MRS,
	VIEW_PDS,
	VIEW_CTXS,
	VIEW_SRQS,
	VIEW_COUNTERS,
	VIEW_PROCS,
	VIEW_N
};

/* Per-process aggregation of everything a process holds. */
struct view_proc {
	uint32_t pid;		/* Tgid; 0 = kernel-owned or not visible */
	uint32_t uid;
	uint32_t comm;		/* string id in the snapshot */
	uint32_t valid;		/* VIEW_PROC_UID, ... */
	uint32_t n_threads;
	uint32_t threads[8];	/* first thread ids seen as owners */
	uint32_t res[SNAP_RES_N];	/* counts by enum snap_res */
	uint32_t qp_state[16];	/* QPs by state (nl_qp_state_str) */
	uint64_t mr_bytes;
	double psn_rate;	/* sum of its QPs' sq+rq PSN rates */
};

enum { VIEW_PROC_UID = 1 << 0, VIEW_PROC_PSN_RATE = 1 << 1 };

/*
 * Aggregate per process: one entry per process id, plus one per kernel
 * owner name (pid 0, comm = owner).  *out is malloc'd; returns the count or
 * -ENOMEM.
 */
int view_procs(const struct snapshot *s, struct view_proc **out);

enum view_type { VIEW_T_UINT, VIEW_T_DOUBLE, VIEW_T_STR };

struct view_value {
	enum view_type type;
	bool valid;		/* false: "n/a" */
	uint64_t u;
	double d;
	const char *s;
};

/* A table's column: name (as in -s and filters), header, width. */
struct view_col {
	const char *name;
	const char *header;
	int width;
	bool right;		/* right-aligned (numbers) */
};

/* Everything a view needs besides the snapshot. */
struct view_ctx {
	const struct snapshot *s;
	const struct view_proc *procs;	/* for VIEW_PROCS and comm/pid lookups */
	size_t n_procs;
};

const struct view_col *view_cols(enum view_table t, size_t *n);
int view_col_find(enum view_table t, const char *name);	/* index or -1 */
size_t view_count(const struct view_ctx *c, enum view_table t);
/* Value of column `col` of row `row` of table t. */
void view_get(const struct view_ctx *c, enum view_table t, size_t row, int col,
	      struct view_value *v);
/* Format a value for display into buf ("n/a" when invalid). */
const char *view_fmt(const struct view_value *v, char *buf, size_t len);

/* Filters: up to VIEW_FILTER_MAX terms, all must match. */
#define VIEW_FILTER_MAX 16
struct view_filter;
struct view_filter *view_filter_new(void);
void view_filter_free(struct view_filter *f);
/* Add terms from an expression ("dev=rxe0 state!=RTS"); 0 or -EINVAL with
 * a one-line reason in err. */
int view_filter_add(struct view_filter *f, const char *expr, char *err, size_t errlen);
bool view_filter_match(const struct view_filter *f, const struct view_ctx *c,
		       enum view_table t, size_t row);

/*
 * Rows of table t that pass the filter (NULL: all), sorted by column
 * sort_col (-1: natural order) stably, reversed if asked.  *rows is
 * malloc'd; returns the count or -ENOMEM.
 */
ssize_t view_rows(const struct view_ctx *c, enum view_table t,
		  const struct view_filter *f, int sort_col, bool reverse,
		  size_t **rows);

#endif
