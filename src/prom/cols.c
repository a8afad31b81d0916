// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cluster view's tables, one row per column (htop's column table):
 * the screen, the text and the JSON all read these, so a column is
 * declared once.  Selecting rows (filters, search, sort) is here too.
 */
#include <errno.h>
#include <math.h>
#include <regex.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prom.h"
#include "view.h"

#define STR(t, f) true, offsetof(struct prom_##t, f), false, false
#define PTR(t, f) true, offsetof(struct prom_##t, f), true, false
#define NUM(t, f) false, offsetof(struct prom_##t, f), false, false
/* a number whose most is the worst (errors, a FAIL, the oldest sample) */
#define BAD(t, f) false, offsetof(struct prom_##t, f), false, true

/* the columns that say which host first: at 80 columns, up to PROCS */
static const struct prom_col hosts[] = {
	{ "instance", "INSTANCE", 20, PROM_K_STR, false, PTR(host, instance) },
	{ "up", "UP", 2, PROM_K_NUM, false, NUM(host, up) },
	{ "health", "HEALTH", 6, PROM_K_HEALTH, true, BAD(host, health) },
	{ "err", "ERR/s", 7, PROM_K_RATE, true, BAD(host, err[PROM_C_ERROR]) },
	{ "cong", "CONG/s", 7, PROM_K_RATE, true, BAD(host, err[PROM_C_CONGESTION]) },
	{ "rx", "RX/s", 7, PROM_K_BITS, true, NUM(host, rx) },
	{ "tx", "TX/s", 7, PROM_K_BITS, true, NUM(host, tx) },
	{ "util", "UTIL", 4, PROM_K_PCT, true, NUM(host, util) },
	{ "qps", "QPS", 5, PROM_K_NUM, true, NUM(host, qps) },
	{ "qps_err", "QPERR", 5, PROM_K_NUM, true, BAD(host, qps_err) },
	{ "procs", "PROCS", 5, PROM_K_NUM, true, NUM(host, procs) },
	{ "age", "AGE", 5, PROM_K_AGE, true, BAD(host, age) },
	{ "ports_up", "PUP", 4, PROM_K_NUM, true, NUM(host, ports_up) },
	{ "ports", "PORTS", 5, PROM_K_NUM, true, NUM(host, ports) },
	{ "devices", "DEV", 4, PROM_K_NUM, true, NUM(host, devices) },
	{ "flush", "FLUSH/s", 7, PROM_K_RATE, true, BAD(host, err[PROM_C_FLUSH]) },
	{ "pause_rx", "PAUSE RX/s", 10, PROM_K_RATE, true, BAD(host, pause_rx) },
	{ "pause_tx", "PAUSE TX/s", 10, PROM_K_RATE, true, BAD(host, pause_tx) },
	{ "top_group", "TOP GROUP", 20, PROM_K_STR, false, STR(host, top_group) },
	{ "job", "JOB", 10, PROM_K_STR, false, STR(host, job) },
};

static const struct prom_col ports[] = {
	{ "instance", "INSTANCE", 20, PROM_K_STR, false, PTR(port, instance) },
	{ "device", "DEVICE", 10, PROM_K_STR, false, STR(port, device) },
	{ "port", "PORT", 4, PROM_K_STR, false, STR(port, port) },
	{ "state", "STATE", 6, PROM_K_STR, false, STR(port, state) },
	{ "health", "HEALTH", 6, PROM_K_HEALTH, true, NUM(port, health) },
	{ "err", "ERR/s", 7, PROM_K_RATE, true, NUM(port, err) },
	{ "cong", "CONG/s", 7, PROM_K_RATE, true, NUM(port, cong) },
	{ "rx", "RX/s", 7, PROM_K_BITS, true, NUM(port, rx) },
	{ "tx", "TX/s", 7, PROM_K_BITS, true, NUM(port, tx) },
	{ "util", "UTIL", 4, PROM_K_PCT, true, NUM(port, util) },
	{ "speed", "SPEED", 7, PROM_K_BITS, true, NUM(port, speed) },
	{ "pause_rx", "PAUSE RX/s", 10, PROM_K_RATE, true, NUM(port, pause_rx) },
	{ "pause_tx", "PAUSE TX/s", 10, PROM_K_RATE, true, NUM(port, pause_tx) },
};

static const struct prom_col jobs[] = {
	{ "kind", "KIND", 8, PROM_K_STR, false, STR(job, kind) },
	{ "group", "GROUP", 28, PROM_K_STR, false, STR(job, group) },
	{ "hosts", "HOSTS", 5, PROM_K_NUM, true, NUM(job, hosts) },
	{ "qps", "QPS", 6, PROM_K_NUM, true, NUM(job, qps) },
	{ "qps_err", "QPERR", 5, PROM_K_NUM, true, NUM(job, qps_err) },
	{ "err", "ERR/s", 7, PROM_K_RATE, true, NUM(job, err) },
	{ "psn", "PSN/s", 7, PROM_K_RATE, true, NUM(job, psn) },
	{ "cnp", "CNP/s", 7, PROM_K_RATE, true, NUM(job, cnp) },
};

static const struct prom_col hostgroups[] = {
	{ "instance", "INSTANCE", 22, PROM_K_STR, false, PTR(hostgroup, instance) },
	{ "kind", "KIND", 8, PROM_K_STR, false, STR(hostgroup, kind) },
	{ "group", "GROUP", 28, PROM_K_STR, false, STR(hostgroup, group) },
	{ "procs", "PROCS", 6, PROM_K_NUM, true, NUM(hostgroup, procs) },
};

static const struct prom_col procs[] = {
	{ "pid", "PID", 8, PROM_K_STR, false, STR(proc, pid) },
	{ "comm", "COMMAND", 16, PROM_K_STR, false, STR(proc, comm) },
	{ "qps", "QPS", 6, PROM_K_NUM, true, NUM(proc, qps) },
	{ "qps_err", "QPERR", 5, PROM_K_NUM, true, BAD(proc, qps_err) },
};

/* the stalled QPs and their other ends (stall.c): at 80 columns, up to
 * OTHER END; RANK the default sort (the most suspect host first) */
static const struct prom_col stalls[] = {
	{ "instance", "INSTANCE", 12, PROM_K_STR, false, PTR(stall, instance) },
	{ "lqpn", "LQPN", 6, PROM_K_STR, false, STR(stall, lqpn) },
	{ "stall", "STALL", 7, PROM_K_STR, false, STR(stall, stall) },
	{ "age", "AGE", 5, PROM_K_AGE, true, NUM(stall, age) },
	{ "peer_host", "PEER HOST", 12, PROM_K_STR, false, PTR(stall, peer_host) },
	{ "rqpn", "RQPN", 6, PROM_K_STR, false, STR(stall, rqpn) },
	{ "other", "OTHER END", 16, PROM_K_STR, false, STR(stall, other) },
	{ "device", "DEV", 7, PROM_K_STR, false, STR(stall, device) },
	{ "by", "BY", 3, PROM_K_STR, false, STR(stall, by) },
	{ "comm", "COMM", 12, PROM_K_STR, false, STR(stall, comm) },
	{ "pid", "PID", 7, PROM_K_STR, false, STR(stall, pid) },
	{ "job", "JOB", 12, PROM_K_STR, false, STR(stall, job) },
	{ "state", "STATE", 5, PROM_K_STR, false, STR(stall, state) },
	{ "port", "PORT", 4, PROM_K_STR, false, STR(stall, port) },
	{ "peer", "PEER", 16, PROM_K_STR, false, STR(stall, peer) },
	{ "peer_lid", "PLID", 5, PROM_K_STR, false, STR(stall, peer_lid) },
	{ "peer_device", "PEER DEV", 8, PROM_K_STR, false, STR(stall, peer_device) },
	{ "peer_age", "PEER AGE", 8, PROM_K_AGE, true, NUM(stall, peer_age) },
	{ "health", "HEALTH", 6, PROM_K_HEALTH, true, NUM(stall, health) },
	{ "blame", "BLAME", 5, PROM_K_NUM, true, NUM(stall, blame) },
	{ "rank", "RANK", 4, PROM_K_NUM, false, NUM(stall, rank) },
};

#define LEN(a) (sizeof(a) / sizeof((a)[0]))
_Static_assert(LEN(hosts) <= PROM_COLS_MAX && LEN(ports) <= PROM_COLS_MAX &&
		       LEN(jobs) <= PROM_COLS_MAX && LEN(hostgroups) <= PROM_COLS_MAX &&
		       LEN(procs) <= PROM_COLS_MAX && LEN(stalls) <= PROM_COLS_MAX,
	       "a table has more columns than PROM_COLS_MAX");

static const struct {
	const char *name;
	const struct prom_col *cols;
	size_t n;
	const char *sort;	/* the default sort column */
	const char *grow;	/* the column given the room to spare: the row's name */
} tables[PROM_T_N] = {
	[PROM_T_HOSTS] = { "hosts", hosts, LEN(hosts), "err", "instance" },
	[PROM_T_PORTS] = { "ports", ports, LEN(ports), "err", "instance" },
	[PROM_T_JOBS] = { "jobs", jobs, LEN(jobs), "qps", "group" },
	[PROM_T_HOSTGROUPS] = { "groups", hostgroups, LEN(hostgroups), "procs", "instance" },
	[PROM_T_PROCS] = { "processes", procs, LEN(procs), "qps", "comm" },
	[PROM_T_STALLS] = { "stalls", stalls, LEN(stalls), "rank", "instance" },
};

const char *prom_table_name(enum prom_table t)
{
	return (unsigned int)t < PROM_T_N ? tables[t].name : "unknown";
}

const struct prom_col *prom_cols(enum prom_table t, size_t *n)
{
	*n = tables[t].n;
	return tables[t].cols;
}

int prom_default_sort(enum prom_table t)
{
	int c = prom_col_find(t, tables[t].sort);

	return c < 0 ? 0 : c;
}

int prom_grow_col(enum prom_table t)
{
	int c = prom_col_find(t, tables[t].grow);

	return c < 0 ? 0 : c;
}

int prom_col_find(enum prom_table t, const char *name)
{
	size_t i;

	for (i = 0; i < tables[t].n; i++)
		if (!strcmp(tables[t].cols[i].name, name))
			return (int)i;
	return -1;
}

const void *prom_rows(const struct prom_model *m, enum prom_table t, size_t *n, size_t *stride)
{
	switch (t) {
	case PROM_T_HOSTS:
		*n = m->n_hosts, *stride = sizeof(*m->hosts);
		return m->hosts;
	case PROM_T_PORTS:
		*n = m->n_ports, *stride = sizeof(*m->ports);
		return m->ports;
	case PROM_T_JOBS:
		*n = m->n_jobs, *stride = sizeof(*m->jobs);
		return m->jobs;
	case PROM_T_HOSTGROUPS:
		*n = m->n_hgroups, *stride = sizeof(*m->hgroups);
		return m->hgroups;
	case PROM_T_STALLS:
		*n = m->n_stalls, *stride = sizeof(*m->stalls);
		return m->stalls;
	case PROM_T_PROCS:
	default:
		*n = m->n_procs, *stride = sizeof(*m->procs);
		return m->procs;
	}
}

static const char *si(char *buf, size_t len, double v, const char *unit)
{
	static const char pre[] = " KMGTPE";
	int i = 0;

	while (fabs(v) >= 1000 && i < 6) {
		v /= 1000;
		i++;
	}
	if (i == 0)
		snprintf(buf, len, "%.*f%s", v == floor(v) ? 0 : 1, v, unit);
	else
		snprintf(buf, len, "%.1f%c%s", v, pre[i], unit);
	return buf;
}

const char *prom_col_str(const struct prom_col *c, const void *row)
{
	const char *p;

	if (!c->is_str)
		return "";
	if (!c->is_ptr)
		return (const char *)row + c->off;
	memcpy(&p, (const char *)row + c->off, sizeof(p));
	return p ? p : "";
}

double prom_col_num(const struct prom_col *c, const void *row)
{
	double v;

	if (c->is_str)
		return NAN;
	memcpy(&v, (const char *)row + c->off, sizeof(v));
	return v;
}

/*
 * A value "%.0f" cannot put in a cell: Prometheus's +Inf and -Inf as it
 * spells them (a rate over a speed of 0), and from max on (1.8e308 is 309
 * digits) in scientific notation; true when written.
 */
static bool unusual(char *buf, size_t len, double v, const char *unit, double max)
{
	if (isinf(v))
		snprintf(buf, len, "%s", v > 0 ? "+Inf" : "-Inf");
	else if (fabs(v) >= max)
		snprintf(buf, len, "%.2g%s", v, unit);
	else
		return false;
	return true;
}

const char *prom_cell(const struct prom_col *c, const void *row, char *buf, size_t len)
{
	double v;

	if (c->is_str)
		return prom_col_str(c, row);
	v = prom_col_num(c, row);
	if (isnan(v))
		return "n/a";
	if (v == 0)
		v = 0;	/* -0, as Prometheus may answer: 0 */
	if (c->kind == PROM_K_HEALTH)
		return v >= 2 ? "FAIL" : v >= 1 ? "WARN" : v >= 0 ? "OK" : "n/a";
	/* the rates are scaled down to E (1e18) and spelt up to 999.9E */
	if (unusual(buf, len, c->kind == PROM_K_PCT ? v * 100 : c->kind == PROM_K_BITS ? v * 8 : v,
		    c->kind == PROM_K_PCT ? "%" : c->kind == PROM_K_BITS ? "b" :
		    c->kind == PROM_K_AGE ? "s" : "",
		    c->kind == PROM_K_RATE || c->kind == PROM_K_BITS ? 999.9e18 : 1e15))
		return buf;
	switch (c->kind) {
	case PROM_K_PCT:
		snprintf(buf, len, "%.0f%%", v * 100);
		return buf;
	case PROM_K_AGE:
		snprintf(buf, len, "%.0fs", v);
		return buf;
	case PROM_K_BITS:
		return si(buf, len, v * 8, "b");
	case PROM_K_RATE:
		return si(buf, len, v, "");
	default:
		snprintf(buf, len, "%.0f", v);
		return buf;
	}
}

struct flt {
	int col;
	bool neg, re;
	regex_t rx;
	const char *val;
};

static int parse_filter(enum prom_table t, const char *e, struct flt *f, char *err, size_t len)
{
	const char *op = strpbrk(e, "=!~");
	char key[64];

	memset(f, 0, sizeof(*f));
	if (!op || op == e || (size_t)(op - e) >= sizeof(key)) {
		snprintf(err, len, "bad filter '%s': key=val, key!=val, key~regex or key!~regex", e);
		return -EINVAL;
	}
	snprintf(key, sizeof(key), "%.*s", (int)(op - e), e);
	f->col = prom_col_find(t, key);
	if (f->col < 0)
		return 1;	/* not this table's: it does not limit it */
	if (*op == '!')
		f->neg = true, op++;
	if (*op == '~')
		f->re = true;
	else if (*op != '=')
		goto bad;
	f->val = op + 1;
	if (f->re && view_re_refuse(f->val)) {
		snprintf(err, len, "bad filter '%s': %s", e, view_re_refuse(f->val));
		return -EINVAL;
	}
	if (f->re && regcomp(&f->rx, f->val, REG_EXTENDED | REG_NOSUB)) {
		snprintf(err, len, "bad regular expression in filter '%s'", e);
		return -EINVAL;
	}
	return 0;
bad:
	snprintf(err, len, "bad filter '%s': key=val, key!=val, key~regex or key!~regex", e);
	return -EINVAL;
}

int prom_filter_check(const char *e, char *err, size_t len)
{
	struct flt f;
	int t, ret, known = 0;

	for (t = 0; t < PROM_T_N; t++) {
		ret = parse_filter((enum prom_table)t, e, &f, err, len);
		if (ret < 0)
			return ret;
		if (!ret) {
			known = 1;
			if (f.re)
				regfree(&f.rx);
		}
	}
	if (!known) {
		snprintf(err, len, "filter '%s': no table of the cluster view has that column", e);
		return -EINVAL;
	}
	return 0;
}

static bool match(const struct prom_col *c, const struct flt *f, const void *row)
{
	char buf[64];
	const char *txt = prom_cell(&c[f->col], row, buf, sizeof(buf));
	bool m;

	if (f->re)
		m = !regexec(&f->rx, txt, 0, NULL, 0);
	else if (!c[f->col].is_str && !isnan(prom_col_num(&c[f->col], row)))
		m = prom_col_num(&c[f->col], row) == strtod(f->val, NULL) || !strcmp(txt, f->val);
	else
		m = !strcmp(txt, f->val);
	return m != f->neg;
}

/*
 * The sort: numbers (NaN last), then text; qsort_r's context.  Sorted
 * worst first (ERR/s, HEALTH, AGE, ...), a host that is down (up 0: its
 * exporter did not answer the scrape) goes first: it has no errors to
 * count because nothing is known of it, which is worse than any count;
 * sorted the other way, last.
 */
struct sctx {
	const struct prom_col *c;
	const struct prom_col *up;	/* set: down hosts first (desc) or last */
	const char *base;
	size_t stride;
	bool desc;
};

static bool is_down(const struct prom_col *up, const void *row)
{
	double v = prom_col_num(up, row);

	return !isnan(v) && v < 1;
}

static int cmp(const void *a, const void *b, void *arg)
{
	const struct sctx *s = arg;
	const void *ra = s->base + *(const size_t *)a * s->stride;
	const void *rb = s->base + *(const size_t *)b * s->stride;
	int r;

	if (s->up && is_down(s->up, ra) != is_down(s->up, rb))
		return is_down(s->up, ra) == s->desc ? -1 : 1;
	if (s->c->is_str) {
		r = strcmp(prom_col_str(s->c, ra), prom_col_str(s->c, rb));
	} else {
		double x = prom_col_num(s->c, ra), y = prom_col_num(s->c, rb);

		if (isnan(x) || isnan(y))
			return isnan(x) && isnan(y) ? 0 : isnan(x) ? 1 : -1;
		r = x < y ? -1 : x > y ? 1 : 0;
	}
	if (s->desc)
		r = -r;
	if (!r)	/* stable: the first column, then the index */
		r = *(const size_t *)a < *(const size_t *)b ? -1 : 1;
	return r;
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * The instances the groups of job ("kind/group") are on, sorted, into
 * *in (to bsearch: each host looking through every group was quadratic,
 * 50,000 hosts of one job 2.5e9 comparisons a frame); their count, or -1
 * when out of memory.
 */
static long job_hosts(const struct prom_model *m, const char *job, const char ***in)
{
	char kg[2 * PROM_LABEL_MAX + 2];
	size_t i, n = 0;

	*in = calloc(m->n_hgroups + 1, sizeof(**in));
	if (!*in)
		return -1;
	for (i = 0; i < m->n_hgroups; i++) {
		snprintf(kg, sizeof(kg), "%s/%s", m->hgroups[i].kind, m->hgroups[i].group);
		if (!strcmp(kg, job))
			(*in)[n++] = m->hgroups[i].instance;
	}
	qsort(*in, n, sizeof(**in), str_cmp);
	return (long)n;
}

long prom_select_rows(const struct prom_model *m, enum prom_table t, const struct prom_select *s,
		      size_t **idx, char *err, size_t errlen)
{
	struct flt f[16];
	size_t n, stride, i, nc, k = 0;
	const char *base = prom_rows(m, t, &n, &stride);
	const struct prom_col *c = prom_cols(t, &nc);
	int nf = 0, j, ret, in_col = prom_col_find(t, "instance"), up_col = prom_col_find(t, "up");
	const char **in = NULL;
	long n_in = 0;
	struct sctx sc;

	*idx = calloc(n + 1, sizeof(**idx));
	if (!*idx)
		return -ENOMEM;
	if (s->job && t == PROM_T_HOSTS) {
		n_in = job_hosts(m, s->job, &in);
		if (n_in < 0) {
			free(*idx);
			*idx = NULL;
			return -ENOMEM;
		}
	}
	for (j = 0; j < s->n_filters && nf < 16; j++) {
		ret = parse_filter(t, s->filters[j], &f[nf], err, errlen);
		if (ret < 0)
			goto fail;
		if (!ret)
			nf++;
	}
	for (i = 0; i < n; i++) {
		const void *row = base + i * stride;
		bool keep = true;

		for (j = 0; j < nf && keep; j++)
			keep = match(c, &f[j], row);
		if (keep && s->instance && in_col >= 0)
			keep = !strcmp(prom_col_str(&c[in_col], row), s->instance);
		if (keep && s->job && t == PROM_T_HOSTS) {
			const char *h = prom_col_str(&c[in_col], row);

			keep = bsearch(&h, in, (size_t)n_in, sizeof(*in), str_cmp) != NULL;
		}
		if (keep && s->search && *s->search) {
			size_t q;

			keep = false;
			for (q = 0; q < nc && !keep; q++)
				keep = c[q].is_str && strstr(prom_col_str(&c[q], row), s->search);
		}
		if (keep)
			(*idx)[k++] = i;
	}
	sc.c = &c[s->sort >= 0 && (size_t)s->sort < nc ? (size_t)s->sort :
		  (size_t)prom_default_sort(t)];
	sc.base = base;
	sc.stride = stride;
	sc.desc = sc.c->desc != s->reverse;
	sc.up = sc.c->worst && up_col >= 0 ? &c[up_col] : NULL;
	qsort_r(*idx, k, sizeof(**idx), cmp, &sc);
	for (j = 0; j < nf; j++)
		if (f[j].re)
			regfree(&f[j].rx);
	free(in);
	return (long)k;
fail:
	for (j = 0; j < nf; j++)
		if (f[j].re)
			regfree(&f[j].rx);
	free(in);
	free(*idx);
	*idx = NULL;
	return -EINVAL;
}
