// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The PromQL of one refresh, from one table: the exporter's metric names
 * (README's metric table, src/out/openmetrics*.c) are spelled here only,
 * but for the Stalls pane's joins (query_stall.c).
 * Every query aggregates in Prometheus (sum by, count by), so the number
 * of series is that of hosts, or of the rows a pane shows (Ports and Jobs
 * ask for their top rows: table_text), and the number of queries is fixed.  Several fields of one kind share a query: each part is
 * label_replace'd with its name in label "f" and joined with `or`.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prom.h"
#include "query.h"
#include "util.h"

/* the exporter's names */
#define M_UP "up"
#define M_SAMPLE_TS "rdma_sample_timestamp_seconds"
#define M_DEVICE "rdma_device_info"
#define M_PORT "rdma_port_info"
#define M_SPEED "rdma_port_speed_bytes_per_second"
#define M_RX "rdma_port_receive_bytes_total"
#define M_TX "rdma_port_transmit_bytes_total"
#define M_HEALTH "rdma_port_health"	/* the ports' verdicts (src/model/verdict.c) */
#define M_STATS "rdma_(hw|pma|netdev)_stat_total"	/* events, with label class */
#define M_ERRORS "rdma_port_errors_total"	/* ERR/s's counters, each event once */
#define M_QPS "rdma_qps"
#define M_PROCS "rdma_processes"
#define M_PROC_QPS "rdma_process_qps"
#define M_PROC_RES "rdma_process_resources"
#define M_GROUP_QPS "rdma_group_qps"
#define M_GROUP_PROCS "rdma_group_processes"
#define M_GROUP_PSNS "rdma_group_psns_total"
#define M_GROUP_HW "rdma_group_qp_hw_total"	/* class retransmits, errors, cnps */
#define M_PFC "rdma_netdev_pfc_frames_total"	/* priority, direction */
#define M_PAUSE "rdma_netdev_pause_frames_total"	/* direction */
#define M_DRV "rdma_netdev_driver_stat_total"	/* counter */
#define M_ANY "rdma_up"	/* a job with it is an rdmatop's */

/*
 * The recorded series of contrib/prometheus/rdmatop.rules.yml (group
 * rdmatop.cluster), per port with the target's labels, each the rate of
 * the raw series over the rules' window: used instead of the raw
 * expressions while that window is rdmatop's (struct prom_qctx.recorded).
 */
#define R_INFO "rdma:rdmatop_rules_info"	/* label window_seconds */
#define R_RX "rdma:port_receive_bytes:rate"
#define R_TX "rdma:port_transmit_bytes:rate"
#define R_ERRORS "rdma:port_errors:rate"
#define R_CLASS "rdma:port_class_events:rate"	/* class error, flush, congestion */
#define R_PAUSE "rdma:port_pause_frames:rate"	/* direction */
#define R_GROUP_PSNS "rdma:group_psns:rate"
#define R_GROUP_HW "rdma:group_qp_hw:rate"	/* class */

/*
 * A port's pause frames/s in direction D (rx, tx), every priority: DCB's
 * PFC counters where the port has them, else the driver's per-priority
 * ones where DCB gave none (ethtool -S: mlx5 en_stats.c rx_prio3_pause,
 * 6.1 to 6.12), else the link's pause frames (ethtool PAUSE_GET), as the
 * Links pane takes them (src/model/net_rates.c): `or` keeps the first of
 * each port.
 */
#define PAUSES(D)                                                                      \
	"sum by (instance, device, port) (rate(" M_PFC "{$S direction=\"" D "\"}[$W]))" \
	" or sum by (instance, device, port) (rate(" M_DRV "{$S counter=~\"" D          \
	"_prio[0-7]_pause\"}[$W]))"                                                     \
	" or sum by (instance, device, port) (rate(" M_PAUSE "{$S direction=\"" D "\"}[$W]))"
#define PAUSES_R(D) "sum by (instance, device, port) (" R_PAUSE "{$S direction=\"" D "\"})"

/*
 * Each query: its name and its text, where $S is the selector (--match,
 * with a comma after it when not empty), $W the rate window ("4s") and $I
 * the open host's instance.
 */
static const struct {
	const char *name, *text;
	const char *rec;	/* the text with the recorded series, if it differs */
} queries[PROM_Q_N] = {
	[PROM_Q_UP] = { "up",
		M_UP "{$S} and on (job) group by (job) (" M_ANY "{$S})" },
	[PROM_Q_HOST] = { "host",
		"label_replace(sum by (instance) (rate(" M_RX "{$S}[$W])), \"f\", \"rx\", \"\", \"\")"
		" or label_replace(sum by (instance) (rate(" M_TX "{$S}[$W])), \"f\", \"tx\", \"\", \"\")"
		" or label_replace(sum by (instance) (" M_SPEED "{$S}), \"f\", \"speed\", \"\", \"\")"
		" or label_replace(count by (instance) (" M_DEVICE "{$S}), \"f\", \"devices\", \"\", \"\")"
		/* PROCS: the processes the drill-down lists (its query below),
		 * from the same series; 0 where the exporter names none */
		" or label_replace(count by (instance)"
		" (group by (instance, pid, comm) (" M_PROC_RES "{$S}))"
		" or 0 * sum by (instance) (" M_PROCS "{$S}), \"f\", \"procs\", \"\", \"\")"
		" or label_replace(max by (instance) (time() - timestamp(" M_SAMPLE_TS "{$S})),"
		" \"f\", \"age\", \"\", \"\")"
		" or label_replace(sum by (instance) (" PAUSES("rx") "), \"f\", \"pause_rx\", \"\", \"\")"
		" or label_replace(sum by (instance) (" PAUSES("tx") "), \"f\", \"pause_tx\", \"\", \"\")"
		" or label_replace(max by (instance) (" M_HEALTH "{$S}), \"f\", \"health\", \"\", \"\")",
		"label_replace(sum by (instance) (" R_RX "{$S}), \"f\", \"rx\", \"\", \"\")"
		" or label_replace(sum by (instance) (" R_TX "{$S}), \"f\", \"tx\", \"\", \"\")"
		" or label_replace(sum by (instance) (" M_SPEED "{$S}), \"f\", \"speed\", \"\", \"\")"
		" or label_replace(count by (instance) (" M_DEVICE "{$S}), \"f\", \"devices\", \"\", \"\")"
		" or label_replace(sum by (instance) (" M_PROCS "{$S}), \"f\", \"procs\", \"\", \"\")"
		" or label_replace(max by (instance) (time() - timestamp(" M_SAMPLE_TS "{$S})),"
		" \"f\", \"age\", \"\", \"\")"
		" or label_replace(sum by (instance) (" PAUSES_R("rx") "), \"f\", \"pause_rx\", \"\", \"\")"
		" or label_replace(sum by (instance) (" PAUSES_R("tx") "), \"f\", \"pause_tx\", \"\", \"\")"
		" or label_replace(max by (instance) (" M_HEALTH "{$S}), \"f\", \"health\", \"\", \"\")" },
	[PROM_Q_PORTSTATE] = { "ports_state", "count by (instance, state) (" M_PORT "{$S})" },
	/* errors: the ports' ERR/s (rdma_port_errors_total, each event
	 * once); an exporter before it, the class's counters summed */
	[PROM_Q_ERR] = { "errors",
		"label_replace(sum by (instance) (rate(" M_ERRORS "{$S}[$W])),"
		" \"class\", \"error\", \"\", \"\")"
		" or sum by (instance, class) (rate({__name__=~\"" M_STATS "\",$S"
		"class=~\"error|flush|congestion\"}[$W]))",
		"label_replace(sum by (instance) (" R_ERRORS "{$S}), \"class\", \"error\", \"\", \"\")"
		" or sum by (instance, class) (" R_CLASS "{$S})" },
	[PROM_Q_QPS] = { "qps", "sum by (instance, state) (" M_QPS "{$S})" },
	[PROM_Q_HOSTGROUPS] = { "host_groups",
		"sum by (instance, kind, group) (" M_GROUP_PROCS "{$S})" },
	/* built from their fields' tables below (table_text) */
	[PROM_Q_JOBS] = { "jobs", NULL },
	[PROM_Q_PORTS] = { "ports", NULL },
	/* one row per process the exporter names (rdma_process_resources,
	 * as PROCS counts them), its QPs 0 where it holds none */
	[PROM_Q_PROCS] = { "processes",
		"label_replace(sum by (pid, comm) (" M_PROC_QPS "{$S instance=\"$I\"}),"
		" \"f\", \"qps\", \"\", \"\")"
		" or label_replace(0 * group by (pid, comm) (" M_PROC_RES "{$S instance=\"$I\"}),"
		" \"f\", \"qps\", \"\", \"\")"
		" or label_replace(sum by (pid, comm)"
		" (" M_PROC_QPS "{$S instance=\"$I\", state=\"ERR\"}),"
		" \"f\", \"qps_err\", \"\", \"\")" },
	/* the Stalls pane's, its joins in query_stall.c */
	[PROM_Q_STALLS] = { "stalls", NULL },
};

/*
 * The Ports and Jobs queries, one part per field (label f), the top rows
 * only when asked (struct prom_qtop): Prometheus picks the n rows by the
 * sort column's own expression (topk, bottomk; a row without it ranks
 * last as NaN, as the screen sorts n/a last), the rows a search names,
 * and counts every row ("total"), so the answer grows with the screen,
 * not with the fleet.
 */
struct field {
	const char *f, *expr;
	const char *rec;	/* the expression with the recorded series, or NULL */
};

#define PK "instance, device, port"
static const struct field port_fields[] = {
	{ "rx", "sum by (" PK ") (rate(" M_RX "{$S}[$W]))", "sum by (" PK ") (" R_RX "{$S})" },
	{ "tx", "sum by (" PK ") (rate(" M_TX "{$S}[$W]))", "sum by (" PK ") (" R_TX "{$S})" },
	{ "speed", "sum by (" PK ") (" M_SPEED "{$S})", NULL },
	{ "err", "sum by (" PK ") (rate(" M_ERRORS "{$S}[$W]))"
		 " or sum by (" PK ") (rate({__name__=~\"" M_STATS "\",$S class=\"error\"}[$W]))",
	  "sum by (" PK ") (" R_ERRORS "{$S}) or sum by (" PK ") (" R_CLASS "{$S class=\"error\"})" },
	{ "cong", "sum by (" PK ") (rate({__name__=~\"" M_STATS "\",$S class=\"congestion\"}[$W]))",
	  "sum by (" PK ") (" R_CLASS "{$S class=\"congestion\"})" },
	{ "state", "max by (" PK ", state) (" M_PORT "{$S})", NULL },
	{ "pause_rx", PAUSES("rx"), PAUSES_R("rx") },
	{ "pause_tx", PAUSES("tx"), PAUSES_R("tx") },
	{ "health", "max by (" PK ") (" M_HEALTH "{$S})", NULL },
	/* a sort key only: max(rx, tx) / speed, as model.c's util() */
	{ "util", "((RX) >= (TX) or (TX) >= (RX) or (RX) or (TX)) / ((SPEED) > 0)", NULL },
};

#define JK "kind, group"
static const struct field job_fields[] = {
	{ "hosts", "count by (" JK ") (sum by (instance, " JK ") (" M_GROUP_PROCS "{$S}))", NULL },
	{ "qps", "sum by (" JK ") (" M_GROUP_QPS "{$S})", NULL },
	{ "qps_err", "sum by (" JK ") (" M_GROUP_QPS "{$S state=\"ERR\"})", NULL },
	{ "psn", "sum by (" JK ") (rate(" M_GROUP_PSNS "{$S}[$W]))",
	  "sum by (" JK ") (" R_GROUP_PSNS "{$S})" },
	{ "err", "sum by (" JK ") (rate(" M_GROUP_HW "{$S class=~\"retransmits|errors\"}[$W]))",
	  "sum by (" JK ") (" R_GROUP_HW "{$S class=~\"retransmits|errors\"})" },
	{ "cnp", "sum by (" JK ") (rate(" M_GROUP_HW "{$S class=\"cnps\"}[$W]))",
	  "sum by (" JK ") (" R_GROUP_HW "{$S class=\"cnps\"})" },
};

static const struct qtable {
	const char *keys;			/* the row's labels */
	const struct field *f;
	size_t nf, fetched;			/* fields; those fetched (the rest: keys) */
	const char *const *base;		/* metrics every row has one of */
	const char *const *search;		/* labels a search looks in */
} qtables[] = {
	[0] = { PK, port_fields, ARRAY_SIZE(port_fields), ARRAY_SIZE(port_fields) - 1,
		(const char *const[]){ M_PORT, NULL },
		(const char *const[]){ "instance", "device", "port", "state", NULL } },
	[1] = { JK, job_fields, ARRAY_SIZE(job_fields), ARRAY_SIZE(job_fields),
		(const char *const[]){ M_GROUP_PROCS, M_GROUP_QPS, NULL },
		(const char *const[]){ "kind", "group", NULL } },
};

/* a growing text; err set once it does not fit */
struct sb {
	char *buf;
	size_t len, at;
	int err;
};

static void sb_put(struct sb *b, const char *s)
{
	size_t n = strlen(s);

	if (b->err || b->at + n >= b->len) {
		b->err = -ENOSPC;
		return;
	}
	memcpy(b->buf + b->at, s, n + 1);
	b->at += n;
}

static void sb_printf(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->err)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->buf + b->at, b->len - b->at, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= b->len - b->at)
		b->err = -ENOSPC;
	else
		b->at += (size_t)n;
}

static const struct field *field_of(const struct qtable *t, const char *f)
{
	size_t i;

	for (i = 0; f && i < t->nf; i++)
		if (!strcmp(t->f[i].f, f))
			return &t->f[i];
	return NULL;
}

/* a field's expression (rec: of the recorded series where it has one):
 * util's RX, TX and SPEED are the ports' fields */
static void put_expr(struct sb *b, const struct qtable *t, const struct field *f, bool rec)
{
	const char *p;

	for (p = rec && f->rec ? f->rec : f->expr; *p; p++) {
		static const char *const sub[] = { "RX", "TX", "SPEED" };
		size_t k;

		for (k = 0; k < ARRAY_SIZE(sub); k++)
			if (!strncmp(p, sub[k], strlen(sub[k])) && t == &qtables[0]) {
				char lower[8];
				size_t j;

				for (j = 0; sub[k][j]; j++)
					lower[j] = (char)tolower((unsigned char)sub[k][j]);
				lower[j] = '\0';
				put_expr(b, t, field_of(t, lower), rec);
				p += strlen(sub[k]) - 1;
				break;
			}
		if (k == ARRAY_SIZE(sub)) {
			char ch[2] = { *p, '\0' };

			sb_put(b, ch);
		}
	}
}

/* every row, once: the base metrics grouped by the row's labels, each
 * selector ending with extra (a search's matcher, or ""); sel 's' for
 * every row of the fleet ($s: the rows' restriction left out), 'S' for
 * those asked */
static void put_base(struct sb *b, const struct qtable *t, const char *extra, char sel)
{
	size_t i;

	for (i = 0; t->base[i]; i++)
		sb_printf(b, "%sgroup by (%s) (%s{$%c%s})", i ? " or " : "", t->keys, t->base[i],
			  sel, extra);
}

const char *const *prom_q_search(enum prom_q q)
{
	return q == PROM_Q_PORTS ? qtables[0].search : q == PROM_Q_JOBS ? qtables[1].search : NULL;
}

bool prom_q_top_col(enum prom_q q, const char *col)
{
	const struct qtable *t = q == PROM_Q_PORTS ? &qtables[0] : q == PROM_Q_JOBS ? &qtables[1] : NULL;

	return t && col && field_of(t, col) && strcmp(col, "state");
}

/* the top rows: topk (bottomk) by the key, a row without it last (NaN),
 * and those a label of which holds the search */
static void put_top(struct sb *b, const struct qtable *t, const struct field *key,
		    const struct prom_qtop *top, bool rec)
{
	size_t i;

	sb_printf(b, "%s(%ld, (", top->asc ? "bottomk" : "topk", top->n);
	put_expr(b, t, key, rec);
	sb_put(b, ") or (");
	put_base(b, t, "", 'S');
	sb_put(b, ") * NaN)");
	if (top->search && *top->search) {
		/* and the top rows among those a label of which holds it */
		sb_printf(b, " or %s(%ld, ((", top->asc ? "bottomk" : "topk", top->n);
		put_expr(b, t, key, rec);
		sb_put(b, ") or (");
		put_base(b, t, "", 'S');
		sb_printf(b, ") * NaN) and on (%s) (", t->keys);
		for (i = 0; t->search[i]; i++) {
			char m[64];

			snprintf(m, sizeof(m), " %s=~\".*$Q.*\"", t->search[i]);
			if (i)
				sb_put(b, " or ");
			put_base(b, t, m, 'S');
		}
		sb_put(b, "))");
	}
}

/* the key the table's rows are ranked by in Prometheus, or NULL: every row */
static const struct field *top_key(enum prom_q q, const struct prom_qtop *top)
{
	const struct qtable *t = &qtables[q == PROM_Q_PORTS ? 0 : 1];

	if (!top || top->n <= 0 || !prom_q_top_col(q, top->col))
		return NULL;
	return field_of(t, top->col);
}

/* the template of the Ports or Jobs query ($S, $s, $W, $Q as in
 * queries[]): every field of the top rows, and the rows counted */
static int table_text(enum prom_q q, const struct prom_qtop *top, bool rec, struct sb *b)
{
	const struct qtable *t = &qtables[q == PROM_Q_PORTS ? 0 : 1];
	const struct field *key = top_key(q, top);
	size_t i;

	if (key)
		sb_put(b, "(");
	for (i = 0; i < t->fetched; i++)
		sb_printf(b, "%slabel_replace(%s, \"f\", \"%s\", \"\", \"\")", i ? " or " : "",
			  rec && t->f[i].rec ? t->f[i].rec : t->f[i].expr, t->f[i].f);
	if (!key)
		return b->err;
	sb_printf(b, ") and on (%s) (", t->keys);
	put_top(b, t, key, top, rec);
	sb_put(b, ") or label_replace(count(");
	put_base(b, t, "", 's');
	sb_put(b, "), \"f\", \"total\", \"\", \"\")");
	return b->err;
}

/* the top rows alone (their labels), for the Ports query's first step */
static int top_text(enum prom_q q, const struct prom_qtop *top, bool rec, struct sb *b)
{
	const struct field *key = top_key(q, top);

	if (!key)
		return -ENOENT;
	put_top(b, &qtables[q == PROM_Q_PORTS ? 0 : 1], key, top, rec);
	return b->err;
}

const char *prom_q_name(enum prom_q q)
{
	return (unsigned int)q < PROM_Q_N ? queries[q].name : "unknown";
}

const char *prom_q_rules(void)
{
	return "max by (window_seconds) (" R_INFO ")";
}

/* a template's $S, $s, $W, $I, $Q and label_replace's $1 into buf */
static int expand(const char *text, const struct prom_qctx *c, const struct prom_qtop *top,
		  char *buf, size_t len)
{
	const char *p;
	char w[32], re[1024];
	size_t at = 0;
	int ret = 0;

	snprintf(w, sizeof(w), "%.0fs", c->window < 1 ? 1 : c->window);
	for (p = text; *p && !ret; p++) {
		if (p[0] != '$' || !p[1]) {
			if (at + 1 >= len)
				return -ENOSPC;
			buf[at++] = *p;
			continue;
		}
		p++;
		if (*p == 'S' || *p == 's') {
			/* each matcher followed by a comma: before the next
			 * or the brace, either is valid PromQL */
			const char *m[3] = { c->match, top ? top->match : NULL,
					     top && *p == 'S' ? top->rows : NULL };

			for (size_t k = 0; k < 3 && !ret; k++)
				if (m[k] && *m[k] && !(ret = prom_put_str(buf, len, &at, m[k])))
					ret = prom_put_str(buf, len, &at, ",");
		} else if (*p == 'W') {
			ret = prom_put_str(buf, len, &at, w);
		} else if (*p == 'I') {
			ret = prom_put_quoted(buf, len, &at, c->instance ? c->instance : "");
		} else if (*p == 'Q') {
			prom_re_escape(re, sizeof(re), top && top->search ? top->search : "");
			ret = prom_put_quoted(buf, len, &at, re);
		} else if (isdigit((unsigned char)*p)) {
			/* label_replace's $1: as it is */
			char ref[3] = { '$', *p, '\0' };

			ret = prom_put_str(buf, len, &at, ref);
		}
	}
	if (ret)
		return ret;
	buf[at] = '\0';
	return (int)at;
}

int prom_q_text(enum prom_q q, const struct prom_qctx *c, char *buf, size_t len)
{
	const struct prom_qtop *top = q == PROM_Q_PORTS ? &c->ports : q == PROM_Q_JOBS ? &c->jobs : NULL;
	const char *text;
	char tmpl[8192];
	struct sb b = { tmpl, sizeof(tmpl), 0, 0 };
	int ret;

	/* a window PromQL cannot spell ([infs]) is never sent */
	if ((unsigned int)q >= PROM_Q_N || !len || !isfinite(c->window) || c->window > 1e12)
		return -EINVAL;
	text = c->recorded && queries[q].rec ? queries[q].rec : queries[q].text;
	if (q == PROM_Q_STALLS)
		text = prom_q_stall_text();
	if (!text) {
		tmpl[0] = '\0';
		ret = table_text(q, top, c->recorded, &b);
		if (ret)
			return ret;
		text = tmpl;
	}
	return expand(text, c, top, buf, len);
}

int prom_q_top_text(enum prom_q q, const struct prom_qctx *c, char *buf, size_t len)
{
	char tmpl[8192];
	struct sb b = { tmpl, sizeof(tmpl), 0, 0 };
	int ret;

	if (q != PROM_Q_PORTS || !len || !isfinite(c->window) || c->window > 1e12)
		return -EINVAL;
	tmpl[0] = '\0';
	ret = top_text(q, &c->ports, c->recorded, &b);
	return ret ? ret : expand(tmpl, c, &c->ports, buf, len);
}
