// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Stalls pane's rows from the Stalls answer (query_stall.c):
 * Prometheus joined each stalled QP to its other end; this puts each part
 * (label f) in its row, says what the other end is doing, and ranks the
 * hosts: the one whose QPs are the peers of the most listed QPs first
 * (Prometheus counted them: part blame), a FAIL verdict (rdma_port_health,
 * the Hosts query) first among equals.  The rows are at most
 * PROM_STALL_ROWS, so a part finds its row by a walk.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "prom.h"
#include "util.h"

static void cpy(char *dst, size_t len, const char *src)
{
	fmt_cut(dst, len, src);
}

static bool same_row(const struct prom_stall *r, const struct prom_series *s)
{
	return !strcmp(r->instance, prom_label(s, "instance")) &&
	       !strcmp(r->device, prom_label(s, "device")) &&
	       !strcmp(r->port, prom_label(s, "port")) && !strcmp(r->lqpn, prom_label(s, "lqpn"));
}

static struct prom_stall *row_of(struct prom_model *m, const struct prom_series *s)
{
	size_t i;

	for (i = 0; i < m->n_stalls; i++)
		if (same_row(&m->stalls[i], s))
			return &m->stalls[i];
	return NULL;
}

/*
 * The other end: not found; its host not scraped (up 0, or no `up` at
 * all); its QP listed by its host (stalled too, in ERR or SQE, or stalled
 * with its owner gone); not listed while its exporter left some out (past
 * its cap: nothing can be said); else gone: its host answers and lists no
 * stalled or erred QP of that number on that device.  A healthy QP has no
 * series, so "gone" covers a QP destroyed (its process exited, or it was
 * torn down) and one whose PSNs move again: Prometheus cannot tell them
 * apart.
 */
const char *prom_stall_other(const struct prom_stall *s)
{
	if (!s->peer_host)
		return "no match";
	if (isnan(s->peer_up) || s->peer_up < 1)
		return "host not scraped";
	if (s->peer_stall[0]) {
		if (!strcmp(s->peer_stall, "err") || !strcmp(s->peer_state, "ERR"))
			return "ERR";
		if (!strcmp(s->peer_stall, "sqe"))
			return "SQE";
		if (!strcmp(s->peer_stall, "gone"))
			return "stalled, owner gone";
		return "stalled";
	}
	if (s->peer_omitted > 0)
		return "not listed";
	return "gone";
}

static int qp_row(struct prom_model *m, const struct prom_series *s, size_t *cap)
{
	struct prom_stall *r;
	void *nb;

	if (row_of(m, s))
		return 0;
	nb = vec_grow(m->stalls, m->n_stalls, cap, sizeof(*m->stalls), 16);
	if (!nb)
		return -ENOMEM;
	m->stalls = nb;
	r = &m->stalls[m->n_stalls];
	memset(r, 0, sizeof(*r));
	r->instance = strdup(prom_label(s, "instance"));
	if (!r->instance)
		return -ENOMEM;
	m->n_stalls++;
	cpy(r->device, sizeof(r->device), prom_label(s, "device"));
	cpy(r->port, sizeof(r->port), prom_label(s, "port"));
	cpy(r->lqpn, sizeof(r->lqpn), prom_label(s, "lqpn"));
	cpy(r->rqpn, sizeof(r->rqpn), prom_label(s, "rqpn"));
	cpy(r->state, sizeof(r->state), prom_label(s, "state"));
	cpy(r->stall, sizeof(r->stall), prom_label(s, "stall"));
	cpy(r->pid, sizeof(r->pid), prom_label(s, "pid"));
	cpy(r->comm, sizeof(r->comm), prom_label(s, "comm"));
	/* the exporter's job, renamed by Prometheus (honor_labels false) */
	cpy(r->job, sizeof(r->job), prom_label(s, "exported_job"));
	cpy(r->peer, sizeof(r->peer), prom_label(s, "peer"));
	cpy(r->peer_lid, sizeof(r->peer_lid), prom_label(s, "peer_lid"));
	r->age = s->value;
	r->peer_age = r->peer_up = r->peer_omitted = r->health = r->blame = r->rank = NAN;
	return 0;
}

static int peer_part(struct prom_stall *r, const char *f, const struct prom_series *s)
{
	if (!strcmp(f, "peer")) {
		free((char *)r->peer_host);
		r->peer_host = strdup(prom_label(s, "peer_instance"));
		if (!r->peer_host)
			return -ENOMEM;
		cpy(r->peer_device, sizeof(r->peer_device), prom_label(s, "peer_device"));
		cpy(r->by, sizeof(r->by), prom_label(s, "by"));
	} else if (!strcmp(f, "peer_qp")) {
		r->peer_age = s->value;
		cpy(r->peer_state, sizeof(r->peer_state), prom_label(s, "peer_state"));
		cpy(r->peer_stall, sizeof(r->peer_stall), prom_label(s, "peer_stall"));
	} else if (!strcmp(f, "peer_up")) {
		r->peer_up = s->value;
	} else if (!strcmp(f, "peer_omitted")) {
		r->peer_omitted = s->value;
	}
	return 0;
}

/* the suspect of instance in (added when new): NULL when out of memory */
static struct prom_suspect *suspect(struct prom_model *m, const char *in, size_t *cap)
{
	struct prom_suspect *p;
	size_t i;
	void *nb;

	for (i = 0; i < m->n_suspects; i++)
		if (!strcmp(m->suspects[i].instance, in))
			return &m->suspects[i];
	nb = vec_grow(m->suspects, m->n_suspects, cap, sizeof(*m->suspects), 16);
	if (!nb)
		return NULL;
	m->suspects = nb;
	p = &m->suspects[m->n_suspects];
	p->instance = strdup(in);
	if (!p->instance)
		return NULL;
	m->n_suspects++;
	p->blame = 0;
	p->rows = 0;
	p->health = p->up = NAN;
	for (i = 0; i < m->n_hosts; i++)
		if (!strcmp(m->hosts[i].instance, in)) {
			p->health = m->hosts[i].health;
			p->up = m->hosts[i].up;
		}
	return p;
}

static bool fail(double health)
{
	return !isnan(health) && health >= 2;
}

static int suspect_cmp(const void *a, const void *b)
{
	const struct prom_suspect *x = a, *y = b;

	if (x->blame != y->blame)
		return x->blame > y->blame ? -1 : 1;
	if (fail(x->health) != fail(y->health))
		return fail(x->health) ? -1 : 1;
	if (x->rows != y->rows)
		return x->rows > y->rows ? -1 : 1;
	return strcmp(x->instance, y->instance);
}

/* the rows by their host's rank, then the oldest first */
static int row_cmp(const void *a, const void *b)
{
	const struct prom_stall *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->age != y->age)
		return isnan(x->age) ? 1 : isnan(y->age) ? -1 : x->age > y->age ? -1 : 1;
	return strcmp(x->lqpn, y->lqpn);
}

static int rank(struct prom_model *m, size_t *cap)
{
	size_t i, k;

	for (i = 0; i < m->n_stalls; i++) {
		struct prom_suspect *p = suspect(m, m->stalls[i].instance, cap);

		if (!p)
			return -ENOMEM;
		p->rows++;
	}
	/* qsort of none: its base may be NULL, which qsort may not take */
	if (m->n_suspects)
		qsort(m->suspects, m->n_suspects, sizeof(*m->suspects), suspect_cmp);
	for (i = 0; i < m->n_stalls; i++) {
		struct prom_stall *r = &m->stalls[i];

		for (k = 0; k < m->n_suspects; k++)
			if (!strcmp(m->suspects[k].instance, r->instance)) {
				r->rank = (double)(k + 1);
				r->blame = m->suspects[k].blame;
				r->health = m->suspects[k].health;
			}
		cpy(r->other, sizeof(r->other), prom_stall_other(r));
	}
	if (m->n_stalls)
		qsort(m->stalls, m->n_stalls, sizeof(*m->stalls), row_cmp);
	return 0;
}

int prom_stall_build(struct prom_model *m, const struct prom_vector *v, bool have)
{
	size_t i, cap = 0, scap = 0;
	int ret = 0;

	if (have)
		m->stalls_total = m->stalls_omitted = 0; /* count() of none: no series */
	for (i = 0; i < v->n && !ret; i++)
		if (!strcmp(prom_label(&v->s[i], "f"), "qp"))
			ret = qp_row(m, &v->s[i], &cap);
	for (i = 0; i < v->n && !ret; i++) {
		const struct prom_series *s = &v->s[i];
		const char *f = prom_label(s, "f");
		struct prom_stall *r;
		struct prom_suspect *p;

		if (!strcmp(f, "total")) {
			m->stalls_total = s->value;
		} else if (!strcmp(f, "omitted")) {
			m->stalls_omitted = s->value;
		} else if (!strcmp(f, "blame")) {
			p = suspect(m, prom_label(s, "instance"), &scap);
			if (!p)
				ret = -ENOMEM;
			else
				p->blame = s->value;
		} else if ((r = row_of(m, s))) {
			ret = peer_part(r, f, s);
		}
	}
	return ret ? ret : rank(m, &scap);
}

void prom_stall_free(struct prom_model *m)
{
	size_t i;

	for (i = 0; i < m->n_stalls; i++) {
		free((char *)m->stalls[i].instance);
		free((char *)m->stalls[i].peer_host);
	}
	for (i = 0; i < m->n_suspects; i++)
		free((char *)m->suspects[i].instance);
	free(m->stalls);
	free(m->suspects);
	m->stalls = NULL;
	m->suspects = NULL;
	m->n_stalls = m->n_suspects = 0;
}

bool prom_stall_suspect_line(const struct prom_model *m, char *buf, size_t len)
{
	const struct prom_suspect *p = m->n_suspects ? &m->suspects[0] : NULL;
	size_t at;

	if (!len)
		return false;
	buf[0] = '\0';
	if (p && (p->blame > 0 || fail(p->health)))
		snprintf(buf, len, "suspect: %s, the peer of %.0f listed QP%s%s%s", p->instance,
			 p->blame, p->blame == 1 ? "" : "s", fail(p->health) ? ", a port FAIL" : "",
			 isnan(p->up) || p->up < 1 ? ", not scraped" : "");
	else if (m->n_stalls)
		snprintf(buf, len, "no host is the peer of a listed QP");
	at = strlen(buf);
	if (!isnan(m->stalls_omitted) && m->stalls_omitted > 0 && at < len)
		snprintf(buf + at, len - at, "%s%.0f more past the exporters' caps", at ? "; " : "",
			 m->stalls_omitted);
	return buf[0] != '\0';
}
