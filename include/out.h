/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Batch writers: text tables, JSON (one object per sample), OpenMetrics. */
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
	bool bytes;				/* link throughput in bytes (--bytes) */
	bool ascii;				/* text: a cut ends in ~, not U+2026 */
};

/*
 * Write one sample.  JSON: one object on one line (doc/json.md); text:
 * top -b style tables.  o may be NULL (everything, natural order).
 * 0, or -ENOMEM / -EIO.
 */
int out_json(FILE *f, const struct snapshot *s, const struct out_opts *o);
int out_text(FILE *f, const struct snapshot *s, const struct out_opts *o);
/*
 * For other text tables (the cluster view's, src/prom/out.c): the cells
 * s takes escaped, as the screen counts them; s escaped into width cells,
 * cut by the screen's rule when wider and marked '~' (the last column of
 * a line, left-aligned, whole).
 */
int out_text_cells(const char *s);
void out_text_cell(FILE *f, const char *s, int width, bool right, bool last);

/*
 * Rows of table t as the writers show them: o->filter, o->pid (the row's
 * process id or owner thread id; tables without owners are not narrowed),
 * and for VIEW_QPS o->sort_col / o->reverse.  As view_rows().
 */
ssize_t out_rows(const struct view_ctx *c, enum view_table t, const struct out_opts *o,
		 size_t **rows);

/* The two text expositions Prometheus reads (doc/rdmatop.1, METRICS). */
enum out_om_format {
	OUT_OM_OPENMETRICS,	/* OpenMetrics 1.0.0, ends with "# EOF" */
	OUT_OM_PROMETHEUS,	/* text 0.0.4: node_exporter's textfile collector */
};

#define OUT_OM_CT_OPENMETRICS "application/openmetrics-text; version=1.0.0; charset=utf-8"
#define OUT_OM_CT_PROMETHEUS "text/plain; version=0.0.4; charset=utf-8"

struct out_om_opts {
	enum out_om_format format;
	unsigned int max_procs;	/* processes with series of their own; the
				 * rest are summed into pid="other" */
	double sample_seconds;	/* how long sampling took; < 0: unknown */
	bool timed;		/* add rdma_scrape_duration_seconds (not in
				 * golden tests: it varies) */
	/* the groups' ledgers (rdma_group_psns_total, rdma_group_qp_hw_total),
	 * kept across samples by the caller; NULL: no such families */
	struct out_om_psns *psns;
	bool textfile;		/* add rdmatop_textfile_write_errors_total */
	uint64_t textfile_errors;
};

/* A ledger of the groups' PSNs and bound counter events, for
 * out_om_opts.psns: counted once per sample however many expositions are
 * written of it. */
struct out_om_psns *out_om_psns_new(void);
void out_om_psns_free(struct out_om_psns *l);

/*
 * Write one sample as an exposition (o NULL: OpenMetrics, 50 processes).
 * Filters and -p do not apply: a scrape target exports the whole host.
 * 0, or -ENOMEM / -EIO.
 */
int out_openmetrics(FILE *f, const struct snapshot *s, const struct out_om_opts *o);
/* A label value, escaped for both formats (\\, \", \n; other control
 * characters become U+FFFD, and so does each ill-formed UTF-8 unit of
 * fmt_utf8).  Always ends: every step advances. */
void out_om_label(FILE *f, const char *str);

#endif
