// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-group series of the exposition (jobs, pods, containers, units: see
 * src/model/groups.c), capped like the per-process ones: the groups
 * holding the most QPs (then the most resources) keep series of their own,
 * the rest are summed into group="other", so jobs and containers coming and
 * going cannot grow a TSDB without bound.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"
#include "om.h"

struct om_group {
	const struct view_group *g;
	size_t order;
	uint64_t total;
};

static int group_rank_cmp(const void *pa, const void *pb)
{
	const struct om_group *a = pa, *b = pb;
	uint32_t qa = a->g->res[SNAP_RES_QP], qb = b->g->res[SNAP_RES_QP];

	if (qa != qb)
		return qa > qb ? -1 : 1;
	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	return (a->order > b->order) - (a->order < b->order);
}

/* kind and group labels of a shown series */
static void labels(const struct view_group *g, struct om_label *l)
{
	l[0] = (struct om_label){ "kind", g->key.kind == VIEW_G_N ? "other" :
						  view_group_kind_str(g->key.kind) };
	l[1] = (struct om_label){ "group", g->key.name };
	/* names that are not one: a label of their own */
	if (g->key.kind == VIEW_G_HIDDEN || g->key.kind == VIEW_G_UNKNOWN)
		l[1].v = view_group_kind_str(g->key.kind);
}

static void om_group_series(struct om *w, const struct view_group *const *e, size_t n)
{
	struct om_label l[3];
	size_t k, i;
	int r;

	out_om_family(w, "rdma_group_processes", OM_GAUGE, NULL,
		      "Processes holding RDMA resources in a group (a SLURM job, a Kubernetes pod, "
		      "a container, a systemd unit or a cgroup).");
	for (k = 0; k < n; k++) {
		labels(e[k], l);
		out_om_u(w, l, 2, e[k]->n_procs);
	}
	out_om_family(w, "rdma_group_resources", OM_GAUGE, NULL,
		      "Resources held by the processes of a group, by type; group=\"other\" "
		      "sums the groups past the cap.");
	for (k = 0; k < n; k++)
		for (r = 0; r < SNAP_RES_N; r++) {
			if (!snap_res_owned(r))
				continue;
			labels(e[k], l);
			l[2] = (struct om_label){ "type", snap_res_name((enum snap_res)r) };
			out_om_u(w, l, 3, e[k]->res[r]);
		}
	out_om_family(w, "rdma_group_qps", OM_GAUGE, NULL,
		      "Queue pairs held by the processes of a group, by QP state.");
	for (k = 0; k < n; k++) {
		uint32_t known = 0, unnamed = 0;

		for (i = 0; i < 16; i++) {
			const char *st = snap_qp_state_str((uint8_t)i);

			known += e[k]->qp_state[i];
			if (!e[k]->qp_state[i])
				continue;
			/* states past the names table (newer kernels): one
			 * UNKNOWN series, as for JSON */
			if (!strcmp(st, "UNKNOWN")) {
				unnamed += e[k]->qp_state[i];
				continue;
			}
			labels(e[k], l);
			l[2] = (struct om_label){ "state", st };
			out_om_u(w, l, 3, e[k]->qp_state[i]);
		}
		if (unnamed) {
			labels(e[k], l);
			l[2] = (struct om_label){ "state", "UNKNOWN" };
			out_om_u(w, l, 3, unnamed);
		}
		if (e[k]->res[SNAP_RES_QP] > known) {
			labels(e[k], l);
			l[2] = (struct om_label){ "state", "unknown" };
			out_om_u(w, l, 3, e[k]->res[SNAP_RES_QP] - known);
		}
	}
	out_om_family(w, "rdma_group_memory_region_bytes", OM_GAUGE, "bytes",
		      "Total length of the memory regions the processes of a group registered.");
	for (k = 0; k < n; k++) {
		labels(e[k], l);
		out_om_u(w, l, 2, e[k]->mr_bytes);
	}
}

/*
 * The groups' counters, summed sample by sample into a ledger the caller
 * keeps: rdma_group_psns_total, the PSNs a group's QPs advanced, and
 * rdma_group_qp_hw_total, what the counters bound to its processes' QPs
 * counted (their increases, by view_hw_class).  Counters, so that PromQL
 * takes the rate over the window it wants; the sums of the QPs' PSNs or of
 * the bound counters' values would drop each time a QP or a counter goes
 * (auto mode frees a counter with its last QP), which rate() reads as a
 * reset and counts the rest again.  A group gone from the sample leaves
 * the ledger: when it comes back it starts at 0, which Prometheus reads as
 * a reset.
 */
struct psn_entry {
	uint8_t kind;
	char name[sizeof(((struct view_group_key *)0)->name)];
	uint64_t total;
	uint64_t hw[VIEW_HW_N];
};

struct out_om_psns {
	struct psn_entry *e;	/* sorted by psn_cmp */
	size_t n;
	struct timespec mono;	/* the sample they count to */
	struct om_sums *sums;	/* the summed counters' (openmetrics_sums.c) */
};

struct out_om_psns *out_om_psns_new(void)
{
	return calloc(1, sizeof(struct out_om_psns));
}

void out_om_psns_free(struct out_om_psns *l)
{
	if (l) {
		free(l->e);
		out_om_sums_free(l->sums);
	}
	free(l);
}

struct om_sums **out_om_psns_sums(struct out_om_psns *l)
{
	return &l->sums;
}

static int psn_cmp(const void *pa, const void *pb)
{
	const struct psn_entry *a = pa, *b = pb;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	return strcmp(a->name, b->name);
}

static const struct psn_entry *psn_find(const struct out_om_psns *l, const struct view_group *g)
{
	struct psn_entry k = { .kind = g->key.kind };

	snprintf(k.name, sizeof(k.name), "%s", g->key.name);
	return l->n ? bsearch(&k, l->e, l->n, sizeof(*l->e), psn_cmp) : NULL;
}

/*
 * What each group's bound counters counted in this sample: its processes'
 * counter rates times the interval they were taken over (rate.c divides
 * each counter's integer delta by it, so this is that delta back).
 */
static void hw_deltas(const struct snapshot *s, const struct view_proc *pv, size_t np,
		      const uint32_t *member, uint64_t (*d)[VIEW_HW_N])
{
	size_t i;
	int k;

	for (i = 0; i < np; i++) {
		if (!(pv[i].valid & VIEW_PROC_HW_RATE) || s->interval <= 0)
			continue;
		for (k = 0; k < VIEW_HW_N; k++)
			if (pv[i].hw_rate[k] > 0)
				d[member[i]][k] +=
					(uint64_t)llround(pv[i].hw_rate[k] * s->interval);
	}
}

/* Add this sample's advance of every group, once per sample: the two
 * formats of one sample are two expositions of the same counts. */
static int psn_count(struct out_om_psns *l, const struct snapshot *s, const struct view_group *gv,
		     size_t ng, const uint64_t (*hwd)[VIEW_HW_N])
{
	struct psn_entry *e;
	size_t i;
	int k;

	if (l->e && l->mono.tv_sec == s->mono.tv_sec && l->mono.tv_nsec == s->mono.tv_nsec)
		return 0;
	e = calloc(ng ? ng : 1, sizeof(*e));
	if (!e)
		return -ENOMEM;
	for (i = 0; i < ng; i++) {
		const struct psn_entry *was = psn_find(l, &gv[i]);

		e[i].kind = gv[i].key.kind;
		snprintf(e[i].name, sizeof(e[i].name), "%s", gv[i].key.name);
		e[i].total = (was ? was->total : 0) + gv[i].psn_adv;
		for (k = 0; k < VIEW_HW_N; k++)
			e[i].hw[k] = (was ? was->hw[k] : 0) + hwd[i][k];
	}
	qsort(e, ng, sizeof(*e), psn_cmp);
	free(l->e);
	l->e = e;
	l->n = ng;
	l->mono = s->mono;
	return 0;
}

/* the ledger of a shown group, the groups past the cap summed for "other" */
static void ledger_of(const struct out_om_psns *l, const struct view_group *g,
		      const struct om_group *past, size_t n_past, struct psn_entry *sum)
{
	const struct psn_entry *f;
	size_t k;
	int c;

	memset(sum, 0, sizeof(*sum));
	if (g->key.kind != VIEW_G_N) {
		if ((f = psn_find(l, g)))
			*sum = *f;
		return;
	}
	for (k = 0; k < n_past; k++) {
		if (!(f = psn_find(l, past[k].g)))
			continue;
		sum->total += f->total;
		for (c = 0; c < VIEW_HW_N; c++)
			sum->hw[c] += f->hw[c];
	}
}

static void om_group_psns(struct om *w, const struct out_om_psns *l,
			  const struct view_group *const *shown, size_t n, const struct om_group *past,
			  size_t n_past)
{
	struct om_label lab[3];
	struct psn_entry sum;
	size_t k;

	out_om_family(w, "rdma_group_psns", OM_COUNTER, NULL,
		      "PSNs the QPs of a group advanced, send and receive queues (about one a "
		      "packet), since rdmatop first saw the group; group=\"other\" sums the "
		      "groups past the cap.");
	for (k = 0; k < n; k++) {
		labels(shown[k], lab);
		ledger_of(l, shown[k], past, n_past, &sum);
		out_om_u(w, lab, 2, sum.total);
	}
	/* as rdma_process_qp_hw_total: only where a counter is bound */
	if (!w->s->qpcnts.n)
		return;
	out_om_family(w, "rdma_group_qp_hw", OM_COUNTER, NULL,
		      "What the hardware counters bound to the QPs of a group's processes counted "
		      "since rdmatop first saw the group, by class (retransmits, errors, cnps; "
		      "rdma statistic qp); only groups with a bound counter.");
	for (k = 0; k < n; k++) {
		if (!(shown[k]->valid & VIEW_PROC_HW))
			continue;
		ledger_of(l, shown[k], past, n_past, &sum);
		labels(shown[k], lab);
		out_om_hw_classes(w, lab, 2, sum.hw);
	}
}

int out_om_groups(struct om *w, unsigned int max_groups, struct out_om_psns *psns)
{
	/* the sum past the cap: kind="other" */
	struct view_group other = { .key = { .kind = VIEW_G_N } }, *gv = NULL;
	const struct view_group **shown_g;
	uint64_t(*hwd)[VIEW_HW_N] = NULL;
	struct view_proc *pv;
	struct om_group *e;
	uint32_t *member;
	int np = view_procs(w->s, &pv), ng, err = 0;
	size_t i, k, shown, capped;

	if (np < 0)
		return np;
	member = calloc((size_t)np + 1, sizeof(*member));
	ng = member ? view_groups(w->s, pv, (size_t)np, &gv, member) : -ENOMEM;
	if (ng >= 0 && !(hwd = calloc((size_t)ng + 1, sizeof(*hwd))))
		ng = -ENOMEM;
	if (ng >= 0)
		hw_deltas(w->s, pv, (size_t)np, member, hwd);
	free(member);
	free(pv);
	if (ng < 0) {
		free(gv);
		return ng;
	}
	e = calloc((size_t)ng + 1, sizeof(*e));
	shown_g = calloc((size_t)ng + 1, sizeof(*shown_g));
	if (!e || !shown_g) {
		free(e);
		free(shown_g);
		free(gv);
		free(hwd);
		return -ENOMEM;
	}
	for (i = 0; i < (size_t)ng; i++) {
		e[i].g = &gv[i];
		e[i].order = i;
		for (k = 0; k < SNAP_RES_N; k++)
			e[i].total += gv[i].res[k];
	}
	qsort(e, (size_t)ng, sizeof(*e), group_rank_cmp);
	shown = capped = (size_t)ng < max_groups ? (size_t)ng : max_groups;
	for (i = 0; i < shown; i++)
		shown_g[i] = e[i].g;
	for (i = shown; i < (size_t)ng; i++)
		view_group_sum(&other, e[i].g);
	if ((size_t)ng > shown) {
		snprintf(other.key.name, sizeof(other.key.name), "other");
		shown_g[shown++] = &other;
	}
	out_om_family(w, "rdma_groups", OM_GAUGE, NULL,
		      "Groups (jobs, pods, containers, units, cgroups) of the processes holding "
		      "RDMA resources, before the cap.");
	out_om_u(w, NULL, 0, (uint64_t)ng);
	om_group_series(w, shown_g, shown);
	if (psns && !(err = psn_count(psns, w->s, gv, (size_t)ng,
				      (const uint64_t(*)[VIEW_HW_N])hwd)))
		om_group_psns(w, psns, shown_g, shown, e + capped, (size_t)ng - capped);
	free(hwd);
	free(shown_g);
	free(e);
	free(gv);
	return err;
}
