// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The stalled and erred QPs of the exposition (src/model/stall.c): one
 * rdma_qp_stall_seconds series per listed QP, the worst and oldest first,
 * at most OM_STALL_MAX of them and the count of those left out; never a
 * series for a healthy or idle QP.  rdma_qp_stalls counts them per port
 * and kind, uncapped (ports x 4 kinds).  And each port's GID table as
 * rdma_port_gid_info, so a peer's GID in a QP's labels finds its host in
 * PromQL: its label addr is the GID as the QP's label peer spells it (an
 * IPv4 address for a mapped GID, else IPv6 notation), gid as sysfs does.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "om.h"
#include "stall.h"
#include "view.h"

/*
 * The labels of a stalled QP's series and the QP columns they are from:
 * a QP column (its peer's GID or LID) joins as one row.  A value the QP
 * lacks is an empty label, which Prometheus reads as absent.
 */
static const struct {
	const char *label;
	int col;
} labels[] = {
	{ "device", VC_QP_DEV }, { "port", VC_QP_PORT },	 { "lqpn", VC_QP_LQPN },
	{ "rqpn", VC_QP_RQPN },	 { "state", VC_QP_STATE },	 { "stall", VC_QP_STALL },
	{ "pid", VC_QP_PID },	 { "comm", VC_QP_COMM },	 { "job", VC_QP_GROUP },
	{ "peer", VC_QP_PEER },	 { "peer_lid", VC_QP_PEER_LID },
};
#define NLAB (sizeof(labels) / sizeof(labels[0]))

static void om_stall_qp(struct om *w, const struct view_ctx *c, size_t row)
{
	struct om_label l[NLAB];
	char buf[NLAB][128];
	size_t i;

	for (i = 0; i < NLAB; i++) {
		struct view_value v;

		view_get(c, VIEW_QPS, row, labels[i].col, &v);
		if (!v.valid)
			buf[i][0] = '\0';
		else if (v.type == VIEW_T_STR)
			snprintf(buf[i], sizeof(buf[i]), "%s", v.s);
		else
			snprintf(buf[i], sizeof(buf[i]), "%llu", (unsigned long long)v.u);
		l[i].k = labels[i].label;
		l[i].v = buf[i];
	}
	{
		struct stall_info st;

		stall_of(c->s, SNAP_AT(&c->s->qps, struct snap_qp, row), &st);
		out_om_d(w, l, NLAB, st.age);
	}
}

/* rdma_qp_stalls{device,port,stall}: the listed QPs by port and kind */
static void om_stall_counts(struct om *w, const size_t *rows, size_t n)
{
	const struct snapshot *s = w->s;
	enum stall_kind kinds[] = { STALL_STALLED, STALL_ERR, STALL_SQE, STALL_GONE };
	size_t p, k, i;

	out_om_family(w, "rdma_qp_stalls", OM_GAUGE, NULL,
		      "Connected QPs stalled (PSNs still for --stall-after after moving), in "
		      "ERR or SQE, or stalled with their owner gone, by port; all of them, "
		      "past the per-QP cap too.");
	for (p = 0; p < s->ports.n; p++) {
		const struct snap_port *sp = SNAP_AT(&s->ports, struct snap_port, p);
		char dbuf[16], pbuf[12];

		snprintf(pbuf, sizeof(pbuf), "%u", sp->port);
		for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
			uint64_t cnt = 0;

			for (i = 0; i < n; i++) {
				const struct snap_qp *q = SNAP_AT(&s->qps, struct snap_qp, rows[i]);
				struct stall_info st;

				if (q->dev != sp->dev || !SNAP_HAS(q, SNAP_QP_PORT) ||
				    q->port != sp->port)
					continue;
				stall_of(s, q, &st);
				cnt += st.kind == kinds[k];
			}
			out_om_u(w,
				 (struct om_label[]){ { "device", out_om_dev_label(s, sp->dev, dbuf,
										   sizeof(dbuf)) },
						      { "port", pbuf },
						      { "stall", stall_kind_str(kinds[k]) } },
				 3, cnt);
		}
	}
}

int out_om_stalls(struct om *w)
{
	struct view_ctx c = { .s = w->s };
	size_t *rows, i, shown;
	ssize_t n = stall_rows(w->s, &rows);

	if (n < 0)
		return (int)n;
	om_stall_counts(w, rows, (size_t)n);
	shown = (size_t)n < OM_STALL_MAX ? (size_t)n : OM_STALL_MAX;
	out_om_family(w, "rdma_qp_stall_seconds", OM_GAUGE, "seconds",
		      "A stalled or erred QP (man rdmatop, STALLS): seconds its PSNs stood "
		      "still, or since it was first seen in ERR or SQE; the worst and oldest "
		      "first, at most 100 (rdma_qp_stall_omitted: the rest).");
	for (i = 0; i < shown; i++)
		om_stall_qp(w, &c, rows[i]);
	out_om_family(w, "rdma_qp_stall_omitted", OM_GAUGE, NULL,
		      "Stalled or erred QPs past the cap of rdma_qp_stall_seconds.");
	out_om_u(w, NULL, 0, (uint64_t)n - shown);
	free(rows);
	return 0;
}

/* a GID entry's labels that name it: device (its name, else its index
 * in dbuf), port, index */
struct gid_key {
	const char *name;
	char dbuf[16];
	uint32_t port, index;
	size_t at; /* its place in s->gids */
};

static int gid_same(const struct gid_key *x, const struct gid_key *y)
{
	int c = strcmp(x->name ? x->name : x->dbuf, y->name ? y->name : y->dbuf);

	if (c)
		return c;
	if (x->port != y->port)
		return x->port < y->port ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

static int gid_key_cmp(const void *a, const void *b)
{
	const struct gid_key *x = a, *y = b;
	int c = gid_same(x, y);

	return c ? c : x->at < y->at ? -1 : x->at > y->at;
}

void out_om_gids(struct om *w)
{
	const struct snapshot *s = w->s;
	struct gid_key *k = s->gids.n ? calloc(s->gids.n, sizeof(*k)) : NULL;
	bool *dup = s->gids.n ? calloc(s->gids.n, sizeof(*dup)) : NULL;
	size_t i;

	out_om_family(w, "rdma_port_gid", OM_INFO, NULL,
		      "A port's GID table entry (sysfs gids, gid_attrs/types): a peer's GID "
		      "names its host and port.");
	if (s->gids.n && (!k || !dup))
		goto out;
	for (i = 0; i < s->gids.n; i++) {
		const struct snap_gid *g = SNAP_AT(&s->gids, struct snap_gid, i);

		const char *l = out_om_dev_label(s, g->dev, k[i].dbuf, sizeof(k[i].dbuf));

		k[i].name = l == k[i].dbuf ? NULL : l;
		k[i].port = g->port;
		k[i].index = g->index;
		k[i].at = i;
	}
	if (s->gids.n)
		qsort(k, s->gids.n, sizeof(*k), gid_key_cmp);
	for (i = 1; i < s->gids.n; i++)
		if (!gid_same(&k[i - 1], &k[i]))
			dup[k[i].at] = true;
	for (i = 0; i < s->gids.n; i++) {
		const struct snap_gid *g = SNAP_AT(&s->gids, struct snap_gid, i);
		char dbuf[16], pbuf[12], ibuf[12], gbuf[48], abuf[48];

		if (dup[i])
			continue;
		snprintf(pbuf, sizeof(pbuf), "%u", g->port);
		snprintf(ibuf, sizeof(ibuf), "%u", g->index);
		out_om_u(w,
			 (struct om_label[]){
				 { "device", out_om_dev_label(s, g->dev, dbuf, sizeof(dbuf)) },
				 { "port", pbuf },
				 { "index", ibuf },
				 { "gid", fmt_gid(gbuf, sizeof(gbuf), g->gid) },
				 { "type", g->has_type ? view_gid_type_str(g->type) : "" },
				 /* as a QP's peer label spells it: the join's key */
				 { "addr", fmt_gid_addr(abuf, sizeof(abuf), g->gid) ?: "" } },
			 6, 1);
	}
out:
	free(k);
	free(dup);
}
