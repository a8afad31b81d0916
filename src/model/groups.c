// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Groups: processes folded by their cgroup into the jobs, pods, containers
 * and units people think in.  The rules (doc/rdmatop.1, GROUPS), first
 * match wins, on the path's components:
 *
 *  job        a component job_N: SLURM's task/cgroup plugin nests every
 *             step under it, v2 /system.slice/slurmstepd.scope/job_N/step_S/
 *             user/task_T, v1 /slurm/uid_U/job_N/step_S/task_T;
 *  pod        under a kubepods component, the kubelet's pod cgroup: systemd
 *             driver kubepods-<qos>-pod<UID>.slice (the UID's '-' written
 *             '_', systemd's unit-name escaping; Guaranteed pods have no
 *             qos part), cgroupfs driver pod<UID>; the container is the
 *             next component;
 *  container  docker-<ID>.scope (docker, systemd driver), /docker/<ID>
 *             (cgroupfs), cri-containerd-<ID>.scope, nerdctl-<ID>.scope,
 *             crio-<ID>.scope, libpod-<ID>.scope (podman), or a component
 *             of 64 hex digits (containerd's /NAMESPACE/ID);
 *  unit       the innermost *.service or *.scope, inside user@N.service
 *             named user@N.service/UNIT;
 *  cgroup     any other path, as it is.
 *
 * Kernel owners form one group, processes not visible from here another.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view.h"

const char *view_group_kind_str(uint8_t kind)
{
	static const char *const names[VIEW_G_N] = {
		[VIEW_G_JOB] = "job", [VIEW_G_POD] = "pod", [VIEW_G_CONTAINER] = "container",
		[VIEW_G_UNIT] = "unit", [VIEW_G_CGROUP] = "cgroup", [VIEW_G_KERNEL] = "kernel",
		[VIEW_G_HIDDEN] = "hidden", [VIEW_G_UNKNOWN] = "unknown",
	};

	return kind < VIEW_G_N ? names[kind] : "unknown";
}

struct comp {
	const char *p;
	size_t n;
};

static bool has_prefix(const struct comp *c, const char *pre)
{
	size_t n = strlen(pre);

	return c->n >= n && !memcmp(c->p, pre, n);
}

static bool has_suffix(const struct comp *c, const char *suf)
{
	size_t n = strlen(suf);

	return c->n >= n && !memcmp(c->p + c->n - n, suf, n);
}

static bool all_hex(const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isxdigit((unsigned char)p[i]))
			return false;
	return n > 0;
}

static void set_name(struct view_group_key *k, const char *p, size_t n)
{
	if (n >= sizeof(k->name))
		n = sizeof(k->name) - 1;
	memcpy(k->name, p, n);
	k->name[n] = '\0';
}

static void set_kind(struct view_group_key *k, uint8_t kind, const char *runtime,
		     const char *p, size_t n)
{
	k->kind = kind;
	snprintf(k->runtime, sizeof(k->runtime), "%s", runtime);
	set_name(k, p, n);
}

/* SLURM: job_N */
static bool is_job(const struct comp *c)
{
	size_t i;

	if (!has_prefix(c, "job_") || c->n == 4)
		return false;
	for (i = 4; i < c->n; i++)
		if (!isdigit((unsigned char)c->p[i]))
			return false;
	return true;
}

/* A container scope PREFIX-<hex>.scope: the id, or false. */
static bool scope_id(const struct comp *c, const char *pre, const char **id, size_t *n)
{
	size_t pl = strlen(pre);

	if (!has_prefix(c, pre) || !has_suffix(c, ".scope") || c->n <= pl + 6)
		return false;
	*id = c->p + pl;
	*n = c->n - pl - 6;
	return all_hex(*id, *n);
}

static const struct {
	const char *prefix, *runtime;
} scopes[] = {
	{ "docker-", "docker" },
	{ "cri-containerd-", "containerd" },
	{ "nerdctl-", "containerd" },
	{ "crio-", "cri-o" },
	{ "libpod-", "podman" },
};

/* A container: its runtime and id from component i (parent: i - 1). */
static bool container_at(const struct comp *c, size_t i, struct view_group_key *k)
{
	const char *id;
	size_t n, j;

	for (j = 0; j < sizeof(scopes) / sizeof(scopes[0]); j++) {
		if (scope_id(&c[i], scopes[j].prefix, &id, &n)) {
			set_kind(k, VIEW_G_CONTAINER, scopes[j].runtime, id, n);
			return true;
		}
	}
	if (c[i].n == 64 && all_hex(c[i].p, c[i].n)) {
		const char *rt = "";

		if (i && c[i - 1].n == 6 && !memcmp(c[i - 1].p, "docker", 6))
			rt = "docker";
		else if (i)
			rt = "containerd";
		set_kind(k, VIEW_G_CONTAINER, rt, c[i].p, c[i].n);
		return true;
	}
	return false;
}

/* The kubelet's pod cgroup: the pod UID (dashes restored), or false. */
static bool pod_uid(const struct comp *c, struct view_group_key *k)
{
	const char *p = NULL;
	size_t n = 0, i;

	if (has_prefix(c, "pod")) {
		p = c->p + 3;
		n = c->n - 3;
	} else if (has_prefix(c, "kubepods-") && has_suffix(c, ".slice")) {
		const char *e = c->p + c->n - 6, *q = memmem(c->p + 8, (size_t)(e - c->p - 8), "pod", 3);

		/* kubepods-burstable-pod<uid>.slice, kubepods-pod<uid>.slice */
		if (!q || q[-1] != '-')
			return false;
		p = q + 3;
		n = (size_t)(e - p);
	}
	if (!p || n < 8 || n >= sizeof(k->name))
		return false;
	k->kind = VIEW_G_POD;
	snprintf(k->runtime, sizeof(k->runtime), "kubernetes");
	for (i = 0; i < n; i++) {
		if (!isxdigit((unsigned char)p[i]) && p[i] != '-' && p[i] != '_')
			return false;
		k->name[i] = p[i] == '_' ? '-' : p[i];
	}
	k->name[n] = '\0';
	return true;
}

#define MAX_COMPS 64

/* path's components ("/a//b/" is a, b), up to max of them */
static size_t comps(const char *p, struct comp *c, size_t max)
{
	size_t n = 0;

	while (*p && n < max) {
		const char *e;

		while (*p == '/')
			p++;
		if (!*p)
			break;
		e = strchr(p, '/');
		if (!e)
			e = p + strlen(p);
		c[n].p = p;
		c[n++].n = (size_t)(e - p);
		p = e;
	}
	return n;
}

void view_group_classify(const char *path, struct view_group_key *k)
{
	struct comp c[MAX_COMPS];
	size_t n, i, len;
	bool kube = false;
	int unit = -1, user = -1;

	memset(k, 0, sizeof(*k));
	if (!path || !*path) {
		k->kind = VIEW_G_UNKNOWN;
		return;
	}
	len = strlen(path);
	n = comps(path, c, MAX_COMPS);
	for (i = 0; i < n; i++) {
		if (is_job(&c[i])) {
			set_kind(k, VIEW_G_JOB, "slurm", c[i].p + 4, c[i].n - 4);
			return;
		}
	}
	for (i = 0; i < n; i++) {
		if (has_prefix(&c[i], "kubepods"))
			kube = true;
		if (kube && pod_uid(&c[i], k)) {
			struct view_group_key ck;

			if (i + 1 < n) {
				if (!container_at(c, i + 1, &ck))
					set_name(&ck, c[i + 1].p, c[i + 1].n);
				snprintf(k->container, sizeof(k->container), "%.79s", ck.name);
			}
			return;
		}
	}
	for (i = 0; i < n; i++)
		if (container_at(c, i, k))
			return;
	for (i = 0; i < n; i++) {
		if (has_suffix(&c[i], ".service") || has_suffix(&c[i], ".scope"))
			unit = (int)i;
		if (user < 0 && has_prefix(&c[i], "user@") && has_suffix(&c[i], ".service"))
			user = (int)i;
	}
	if (unit >= 0) {
		k->kind = VIEW_G_UNIT;
		snprintf(k->runtime, sizeof(k->runtime), "systemd");
		if (user >= 0 && user != unit)
			snprintf(k->name, sizeof(k->name), "%.*s/%.*s", (int)c[user].n, c[user].p,
				 (int)c[unit].n, c[unit].p);
		else
			set_name(k, c[unit].p, c[unit].n);
		return;
	}
	k->kind = VIEW_G_CGROUP;
	set_name(k, path, len);
}

const char *view_group_qos(const char *path)
{
	struct view_group_key k, pk;
	struct comp c[MAX_COMPS];
	const char *qos = "guaranteed";
	bool kube = false;
	size_t n, i;

	view_group_classify(path, &k);
	if (k.kind != VIEW_G_POD)
		return NULL;
	/* a QoS component under kubepods, up to the pod's own (within the
	 * components classify read: it found the pod there) */
	n = comps(path, c, MAX_COMPS);
	for (i = 0; i < n; i++) {
		if (has_prefix(&c[i], "kubepods"))
			kube = true;
		if (!kube)
			continue;
		if ((c[i].n == 9 && !memcmp(c[i].p, "burstable", 9)) ||
		    has_prefix(&c[i], "kubepods-burstable"))
			qos = "burstable";
		else if ((c[i].n == 10 && !memcmp(c[i].p, "besteffort", 10)) ||
			 has_prefix(&c[i], "kubepods-besteffort"))
			qos = "besteffort";
		if (pod_uid(&c[i], &pk))
			break;	/* the rest is the container's */
	}
	return qos;
}

void view_proc_group(const struct snapshot *s, const struct view_proc *p,
		     struct view_group_key *k)
{
	if (p->valid & VIEW_PROC_KERN) {
		memset(k, 0, sizeof(*k));
		k->kind = VIEW_G_KERNEL;
		snprintf(k->name, sizeof(k->name), "kernel");
		return;
	}
	if ((p->valid & VIEW_PROC_HIDDEN) && !p->cgroup) {
		memset(k, 0, sizeof(*k));
		k->kind = VIEW_G_HIDDEN;
		snprintf(k->name, sizeof(k->name), "(not visible)");
		return;
	}
	view_group_classify(p->cgroup ? snap_s(s, p->cgroup) : NULL, k);
}

bool view_group_key_eq(const struct view_group_key *a, const struct view_group_key *b)
{
	return a->kind == b->kind && !strcmp(a->name, b->name);
}

struct member {
	struct view_group_key key;
	size_t proc;
};

static int member_cmp(const void *pa, const void *pb)
{
	const struct member *a = pa, *b = pb;

	if (a->key.kind != b->key.kind)
		return a->key.kind < b->key.kind ? -1 : 1;
	return strcmp(a->key.name, b->key.name);
}

/* the sums of a process (n = 1) or a group (n = its processes) */
static void sum_into(struct view_group *g, uint32_t n, const uint32_t *res,
		     const uint32_t *qp_state, uint64_t mr_bytes, double psn_rate,
		     uint64_t psn_adv, const uint64_t *hw, uint32_t n_qpcnt, uint32_t valid)
{
	size_t i;

	g->n_procs += n;
	for (i = 0; i < SNAP_RES_N; i++)
		g->res[i] += res[i];
	for (i = 0; i < 16; i++)
		g->qp_state[i] += qp_state[i];
	g->mr_bytes += mr_bytes;
	g->psn_rate += psn_rate;
	g->psn_adv += psn_adv;
	if (valid & VIEW_PROC_HW) {
		for (i = 0; i < VIEW_HW_N; i++)
			g->hw[i] += hw[i];
		g->n_qpcnt += n_qpcnt;
	}
	g->valid |= valid & (VIEW_PROC_PSN_RATE | VIEW_PROC_HW);
}

void view_group_sum(struct view_group *sum, const struct view_group *g)
{
	sum_into(sum, g->n_procs, g->res, g->qp_state, g->mr_bytes, g->psn_rate, g->psn_adv,
		 g->hw, g->n_qpcnt, g->valid);
	sum->cpu += g->cpu;
	sum->rss += g->rss;
	sum->valid |= g->valid & (VIEW_PROC_CPU | VIEW_PROC_RSS);
}

static void group_add(struct view_group *g, const struct view_proc *p)
{
	sum_into(g, 1, p->res, p->qp_state, p->mr_bytes, p->psn_rate, p->psn_adv, p->hw,
		 p->n_qpcnt, p->valid);
	g->cpu += p->cpu;
	g->rss += p->rss;
	g->valid |= p->valid & (VIEW_PROC_CPU | VIEW_PROC_RSS);
	if (!g->cgroup)
		g->cgroup = p->cgroup;
}

int view_groups(const struct snapshot *s, const struct view_proc *procs, size_t n,
		struct view_group **out, uint32_t *member_of)
{
	struct member *m = malloc((n ? n : 1) * sizeof(*m));
	struct view_group *g;
	size_t i, ng = 0;

	*out = NULL;
	if (!m)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		view_proc_group(s, &procs[i], &m[i].key);
		m[i].proc = i;
	}
	qsort(m, n, sizeof(*m), member_cmp);
	for (i = 0; i < n; i++)
		if (!i || member_cmp(&m[i], &m[i - 1]))
			ng++;
	g = calloc(ng ? ng : 1, sizeof(*g));
	if (!g) {
		free(m);
		return -ENOMEM;
	}
	ng = 0;
	for (i = 0; i < n; i++) {
		if (!i || member_cmp(&m[i], &m[i - 1])) {
			g[ng].key = m[i].key;
			/* the container belongs to a process, not to its pod */
			g[ng].key.container[0] = '\0';
			ng++;
		}
		group_add(&g[ng - 1], &procs[m[i].proc]);
		if (member_of)
			member_of[m[i].proc] = (uint32_t)(ng - 1);
	}
	free(m);
	*out = g;
	return (int)ng;
}
