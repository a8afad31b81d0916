// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cluster model from the answers of one refresh.  Prometheus did the
 * sums; this only puts each answer's series in its row (hosts by
 * instance, ports by instance/device/port, jobs by kind/group) and divides
 * rates by speeds.  A field no answer had stays NaN: the screen says n/a.
 */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "prom.h"
#include "util.h"

/* a label's value into a row's field: whole, or cut where a character
 * ends and marked (…); the row's identity is the whole value */
static void cpy(char *dst, size_t len, const char *src)
{
	fmt_cut(dst, len, src);
}

/* the whole value into a row's const char * field: 0 or -ENOMEM */
static int keep(void *field, const char *src)
{
	char *p = strdup(src);

	memcpy(field, &p, sizeof(p));
	return p ? 0 : -ENOMEM;
}

static double add(double a, double b)
{
	return isnan(a) ? b : isnan(b) ? a : a + b;
}

/* a row's number that an answer names by its label f */
struct fnum {
	const char *f;
	size_t off;
};
#define FNUM(t, m) { #m, offsetof(struct prom_##t, m) }

static const struct fnum host_f[] = {
	FNUM(host, rx), FNUM(host, tx), FNUM(host, speed), FNUM(host, devices), FNUM(host, procs),
	FNUM(host, age), FNUM(host, pause_rx), FNUM(host, pause_tx), FNUM(host, health),
};
static const struct fnum job_f[] = {
	FNUM(job, hosts), FNUM(job, qps), FNUM(job, qps_err), FNUM(job, psn), FNUM(job, err),
	FNUM(job, cnp),
};
static const struct fnum port_f[] = {
	FNUM(port, rx), FNUM(port, tx), FNUM(port, speed), FNUM(port, err), FNUM(port, cong),
	FNUM(port, pause_rx), FNUM(port, pause_tx), FNUM(port, health),
};

static void set_f(void *row, const struct fnum *t, size_t n, const struct prom_series *s)
{
	const char *f = prom_label(s, "f");
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(t[i].f, f)) {
			*(double *)((char *)row + t[i].off) = s->value;
			return;
		}
}

/* A row's key: a label of the series that name it, and its char[] field
 * (len 0: a const char * field, given a copy of the whole value). */
struct rkey {
	const char *label;
	size_t off, len;
};
#define RKEY(t, f) { #f, offsetof(struct prom_##t, f), sizeof(((struct prom_##t *)0)->f) }
#define RKEY_WHOLE(t, f) { #f, offsetof(struct prom_##t, f), 0 }
#define RKEYS_MAX 3

static const struct rkey host_k[] = { RKEY_WHOLE(host, instance) };
static const struct rkey port_k[] = { RKEY_WHOLE(port, instance), RKEY(port, device),
				      RKEY(port, port) };
static const struct rkey job_k[] = { RKEY(job, kind), RKEY(job, group) };

static void host_init(void *row)
{
	struct prom_host *h = row;
	size_t i;

	h->up = h->age = h->devices = h->ports_up = h->ports = NAN;
	h->rx = h->tx = h->speed = h->util = h->qps = h->qps_err = h->procs = NAN;
	h->top_group_procs = h->pause_rx = h->pause_tx = h->health = NAN;
	for (i = 0; i < PROM_C_N; i++)
		h->err[i] = NAN;
}

static void port_init(void *row)
{
	struct prom_port *p = row;

	p->rx = p->tx = p->speed = p->util = p->err = p->cong = p->pause_rx = p->pause_tx = NAN;
	p->health = NAN;
}

static void job_init(void *row)
{
	struct prom_job *j = row;

	j->hosts = j->qps = j->qps_err = j->psn = j->err = j->cnp = NAN;
}

/* A table of rows the answers fill: each row's keys, the numbers named by
 * f (none for hosts: their answers differ), and a new row's NaNs. */
struct rtab {
	size_t size;
	const struct rkey *k;
	size_t nk;
	const struct fnum *f;
	size_t nf;
	void (*init)(void *row);
};

static const struct rtab host_t = { sizeof(struct prom_host), host_k, ARRAY_SIZE(host_k), NULL, 0,
				    host_init };
static const struct rtab port_t = { sizeof(struct prom_port), port_k, ARRAY_SIZE(port_k), port_f,
				    ARRAY_SIZE(port_f), port_init };
static const struct rtab job_t = { sizeof(struct prom_job), job_k, ARRAY_SIZE(job_k), job_f,
				   ARRAY_SIZE(job_f), job_init };

/*
 * The rows of one table while the model is built: each row's first
 * series (its keys' whole values; the row's fields hold them cut), in
 * src[], alive as long as the answers, and a hash of those values to the
 * row (open addressing, slot[] holds a row's index + 1, at most half
 * full): 50,000 hosts of five answers each cost 200 s when each series
 * looked through every row before it.
 */
struct rset {
	const struct rtab *t;
	void *rows;
	size_t n, cap;
	const struct prom_series **src;
	size_t src_cap;
	size_t *slot, mask;
};

/* r ready for at most max rows */
static int rset_init(struct rset *r, const struct rtab *t, size_t max)
{
	size_t n = 16;

	memset(r, 0, sizeof(*r));
	r->t = t;
	while (n < 2 * max && n < SIZE_MAX / 4)
		n *= 2;
	r->slot = calloc(n, sizeof(*r->slot));
	r->mask = n - 1;
	return r->slot ? 0 : -ENOMEM;
}

/* what the model keeps (rows) stays; the build's own state goes */
static void rset_done(struct rset *r)
{
	free(r->src);
	free(r->slot);
	r->src = NULL;
	r->slot = NULL;
}

/* the key labels' whole values, each hashed (FNV-1a), folded in order,
 * avalanched (hash_fmix: "host-1", "host-2", ... would fill runs of
 * adjacent slots otherwise) */
static size_t key_hash(const struct rtab *t, const struct prom_series *s)
{
	uint64_t h = 0;
	size_t j;

	for (j = 0; j < t->nk; j++)
		h = hash_mix(h, hash_str(prom_label(s, t->k[j].label)));
	return (size_t)hash_fmix(h);
}

static bool same_keys(const struct rtab *t, const struct prom_series *a,
		      const struct prom_series *b)
{
	size_t j;

	for (j = 0; j < t->nk; j++)
		if (strcmp(prom_label(a, t->k[j].label), prom_label(b, t->k[j].label)))
			return false;
	return true;
}

/* the slot of the row whose keys are s's, or the empty one it would take */
static size_t *rset_slot(const struct rset *r, const struct prom_series *s)
{
	size_t i = key_hash(r->t, s) & r->mask;

	while (r->slot[i] && !same_keys(r->t, r->src[r->slot[i] - 1], s))
		i = (i + 1) & r->mask;
	return &r->slot[i];
}

/* the row of r whose keys are s's, or NULL */
static void *rset_find(const struct rset *r, const struct prom_series *s)
{
	size_t k = *rset_slot(r, s);

	return k ? (char *)r->rows + (k - 1) * r->t->size : NULL;
}

/*
 * The row of series s in r, its number set when s names one: the row
 * whose keys' whole values all match, else a new one, zeroed, its keys
 * copied (cut to their fields), then t->init; NULL when out of memory or
 * past the rows r was made for.
 */
static void *row_of(struct rset *r, const struct prom_series *s)
{
	const struct rtab *t = r->t;
	size_t *slot = rset_slot(r, s), j;
	char *row;
	void *nb;

	if (*slot) {
		row = (char *)r->rows + (*slot - 1) * t->size;
		goto found;
	}
	if (2 * (r->n + 1) > r->mask + 1)
		return NULL;
	nb = vec_grow(r->rows, r->n, &r->cap, t->size, 64);
	if (!nb)
		return NULL;
	r->rows = nb;
	nb = vec_grow(r->src, r->n, &r->src_cap, sizeof(*r->src), 64);
	if (!nb)
		return NULL;
	r->src = nb;
	r->src[r->n] = s;
	row = (char *)r->rows + r->n * t->size;
	memset(row, 0, t->size);
	for (j = 0; j < t->nk; j++) {
		const char *v = prom_label(s, t->k[j].label);

		if (!t->k[j].len && keep(row + t->k[j].off, v))
			return NULL;	/* a row not counted: its copies freed with the model */
		if (t->k[j].len)
			cpy(row + t->k[j].off, t->k[j].len, v);
	}
	*slot = ++r->n;
	t->init(row);
found:
	set_f(row, t->f, t->nf, s);
	return row;
}

static double util(double rx, double tx, double speed)
{
	double m;

	if (isnan(speed) || speed <= 0 || (isnan(rx) && isnan(tx)))
		return NAN;
	m = isnan(rx) ? tx : isnan(tx) ? rx : rx > tx ? rx : tx;
	return m / speed;
}

/* a count of things (ports, QPs) and of those in one state */
static void count_in(double *all, double *in, const struct prom_series *s, const char *state)
{
	*all = add(*all, s->value);
	if (!strcmp(prom_label(s, "state"), state))
		*in = add(*in, s->value);
	else if (isnan(*in))
		*in = 0;
}

static void host_series(struct prom_host *h, enum prom_q q, const struct prom_series *s)
{
	const char *c;

	switch (q) {
	case PROM_Q_UP:
		h->up = s->value;
		cpy(h->job, sizeof(h->job), prom_label(s, "job"));
		break;
	case PROM_Q_HOST:
		set_f(h, host_f, ARRAY_SIZE(host_f), s);
		break;
	case PROM_Q_PORTSTATE:
		count_in(&h->ports, &h->ports_up, s, "ACTIVE");
		break;
	case PROM_Q_ERR:
		c = prom_label(s, "class");
		if (!strcmp(c, "error"))
			h->err[PROM_C_ERROR] = s->value;
		else if (!strcmp(c, "flush"))
			h->err[PROM_C_FLUSH] = s->value;
		else if (!strcmp(c, "congestion"))
			h->err[PROM_C_CONGESTION] = s->value;
		break;
	case PROM_Q_QPS:
		count_in(&h->qps, &h->qps_err, s, "ERR");
		break;
	default:
		break;
	}
}

static int hosts_build(struct prom_model *m, const struct prom_qstate *q, struct rset *r)
{
	static const enum prom_q by_host[] = {
		PROM_Q_UP, PROM_Q_HOST, PROM_Q_PORTSTATE, PROM_Q_ERR, PROM_Q_QPS,
	};
	size_t i, k, most = 0;

	for (k = 0; k < ARRAY_SIZE(by_host); k++)
		most += q[by_host[k]].v.n;
	if (rset_init(r, &host_t, most))
		return -ENOMEM;

	for (k = 0; k < ARRAY_SIZE(by_host); k++) {
		const struct prom_vector *v = &q[by_host[k]].v;

		for (i = 0; i < v->n; i++) {
			struct prom_host *h = row_of(r, &v->s[i]);

			m->hosts = r->rows;
			m->n_hosts = r->n;
			if (!h)
				return -ENOMEM;
			host_series(h, by_host[k], &v->s[i]);
		}
	}
	for (i = 0; i < m->n_hosts; i++) {
		struct prom_host *h = &m->hosts[i];

		h->util = util(h->rx, h->tx, h->speed);
		/* the exporter has no rdma_qps series for a device without
		 * QPs: a host that exports devices has none then */
		if (q[PROM_Q_QPS].have && h->devices >= 1 && isnan(h->qps))
			h->qps = h->qps_err = 0;
	}
	return 0;
}

/* the count of a table's rows that came with only its top ones (query.c) */
static bool is_total(const struct prom_series *s, double *total)
{
	if (strcmp(prom_label(s, "f"), "total"))
		return false;
	*total = s->value;
	return true;
}

static int groups_build(struct prom_model *m, const struct prom_qstate *q,
			const struct rset *hosts)
{
	const struct prom_vector *v = &q[PROM_Q_HOSTGROUPS].v;
	struct rset r;
	size_t i;
	int ret;

	m->hgroups = calloc(v->n + 1, sizeof(*m->hgroups));
	if (!m->hgroups)
		return -ENOMEM;
	for (i = 0; i < v->n; i++) {
		const struct prom_series *s = &v->s[i];
		struct prom_hostgroup *g = &m->hgroups[m->n_hgroups++];
		struct prom_host *h;

		if (keep(&g->instance, prom_label(s, "instance")))
			return -ENOMEM;
		cpy(g->kind, sizeof(g->kind), prom_label(s, "kind"));
		cpy(g->group, sizeof(g->group), prom_label(s, "group"));
		g->procs = s->value;
		/* the host's top group: the one with most processes on it */
		h = rset_find(hosts, s);
		if (h && (isnan(h->top_group_procs) || g->procs > h->top_group_procs)) {
			h->top_group_procs = g->procs;
			snprintf(h->top_group, sizeof(h->top_group), "%s/%s", g->kind, g->group);
		}
	}
	v = &q[PROM_Q_JOBS].v;
	ret = rset_init(&r, &job_t, v->n);
	for (i = 0; i < v->n && !ret; i++) {
		if (is_total(&v->s[i], &m->jobs_total))
			continue;
		if (!row_of(&r, &v->s[i]))
			ret = -ENOMEM;
		m->jobs = r.rows;
		m->n_jobs = r.n;
	}
	rset_done(&r);
	return ret;
}

static int ports_build(struct prom_model *m, const struct prom_qstate *q)
{
	const struct prom_vector *v = &q[PROM_Q_PORTS].v;
	struct rset r;
	size_t i;
	int ret = rset_init(&r, &port_t, v->n);

	for (i = 0; i < v->n && !ret; i++) {
		const struct prom_series *s = &v->s[i];
		struct prom_port *p;

		if (is_total(s, &m->ports_total))
			continue;
		p = row_of(&r, s);

		m->ports = r.rows;
		m->n_ports = r.n;
		if (!p)
			ret = -ENOMEM;
		else if (!strcmp(prom_label(s, "f"), "state"))
			cpy(p->state, sizeof(p->state), prom_label(s, "state"));
	}
	for (i = 0; i < m->n_ports; i++)
		m->ports[i].util = util(m->ports[i].rx, m->ports[i].tx, m->ports[i].speed);
	rset_done(&r);
	return ret;
}

/* one row per process (pid, comm): its QPs and those in ERR, from the
 * answer's parts (label f: query.c); a host's processes are few (the
 * exporter's --metrics-procs cap), so each looks through those before */
static int procs_build(struct prom_model *m, const struct prom_qstate *q)
{
	const struct prom_vector *v = &q[PROM_Q_PROCS].v;
	size_t i, k;

	m->procs = calloc(v->n + 1, sizeof(*m->procs));
	if (!m->procs)
		return -ENOMEM;
	for (i = 0; i < v->n; i++) {
		const struct prom_series *s = &v->s[i];
		const char *pid = prom_label(s, "pid"), *comm = prom_label(s, "comm");
		struct prom_proc *p = NULL;

		for (k = 0; k < m->n_procs && !p; k++)
			if (!strcmp(prom_label(m->procs[k].src, "pid"), pid) &&
			    !strcmp(prom_label(m->procs[k].src, "comm"), comm))
				p = &m->procs[k];
		if (!p) {
			p = &m->procs[m->n_procs++];
			p->src = s;
			cpy(p->pid, sizeof(p->pid), pid);
			cpy(p->comm, sizeof(p->comm), comm);
			p->qps = p->qps_err = NAN;
		}
		if (!strcmp(prom_label(s, "f"), "qps_err"))
			p->qps_err = s->value;
		else
			p->qps = s->value;
	}
	/* a process with QPs, none in ERR: 0 */
	for (k = 0; k < m->n_procs; k++) {
		if (!isnan(m->procs[k].qps) && isnan(m->procs[k].qps_err))
			m->procs[k].qps_err = 0;
		m->procs[k].src = NULL;
	}
	return 0;
}

int prom_model_build(struct prom_model *m, const struct prom_qstate *q)
{
	struct rset hosts = { 0 };
	int ret;

	memset(m, 0, sizeof(*m));
	m->ports_total = m->jobs_total = m->stalls_total = m->stalls_omitted = NAN;
	ret = hosts_build(m, q, &hosts);
	if (!ret)
		ret = groups_build(m, q, &hosts);
	if (!ret)
		ret = ports_build(m, q);
	if (!ret)
		ret = procs_build(m, q);
	if (!ret)
		ret = prom_stall_build(m, &q[PROM_Q_STALLS].v, q[PROM_Q_STALLS].have);
	rset_done(&hosts);
	if (ret)
		prom_model_free(m);
	return ret;
}

void prom_model_free(struct prom_model *m)
{
	size_t i;

	for (i = 0; i < m->n_hosts; i++)
		free((char *)m->hosts[i].instance);
	for (i = 0; i < m->n_ports; i++)
		free((char *)m->ports[i].instance);
	for (i = 0; i < m->n_hgroups; i++)
		free((char *)m->hgroups[i].instance);
	free(m->hosts);
	free(m->ports);
	free(m->jobs);
	free(m->hgroups);
	free(m->procs);
	prom_stall_free(m);
	memset(m, 0, sizeof(*m));
}
