// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * How far a process's QPs are from the GPUs it has open: each GPU device
 * node it holds (the SNAP_PROC_FD record, include/snap_proc.h) is matched
 * to its PCI function by the walk's render node and NVIDIA minor
 * (include/snap_pci.h), and each RDMA device gets the relation of the
 * nearest of those GPUs (nvidia-smi topo -m's: src/model/topo.c).  A QP
 * whose device is NODE or SYS from every GPU its process has open is far:
 * its data crosses a root complex, or the sockets' interconnect, on the
 * way to the GPU (GPUDirect RDMA wants PIX or PXB).  Computed once per
 * sample (snap_carry), read by the views and writers.
 */
#include <stdlib.h>
#include <string.h>

#include "snap_pci.h"
#include "snap_proc.h"

#define PGPU_MAX 16 /* GPUs of one process looked at */

unsigned int snap_pstat_gpus(const struct snapshot *s, const struct snap_pstat *p,
			     const struct snap_pci **gpus, unsigned int max)
{
	const char *t = (p->valid & SNAP_PST_GPUS) ? snap_s(s, p->gpus) : "";
	unsigned int n = 0, k;

	while (*t && n < max) {
		size_t l = strcspn(t, "\n");
		char node[64];
		const struct snap_pci *g;

		if (l < sizeof(node)) {
			memcpy(node, t, l);
			node[l] = '\0';
			g = snap_pci_of_node(s, node);
			for (k = 0; g && k < n && gpus[k] != g; k++)
				;
			if (g && k == n)
				gpus[n++] = g;
		}
		t += l + (t[l] == '\n');
	}
	return n;
}

static int pid_cmp(const void *a, const void *b)
{
	uint32_t x = ((const struct snap_pstat *)a)->pid, y = ((const struct snap_pstat *)b)->pid;

	return (x > y) - (x < y);
}

/* the pstats are sorted by pid (snap_pstats_keep) */
static struct snap_pstat *pstat_of(struct snapshot *s, uint32_t pid)
{
	struct snap_pstat key = { .pid = pid };

	return pid && s->pstats.n ? bsearch(&key, s->pstats.v, s->pstats.n, sizeof(key), pid_cmp) :
				    NULL;
}

static unsigned int rel_of(const struct snap_pstat *p, uint32_t dev)
{
	unsigned int i;

	for (i = 0; i < p->nrel; i++)
		if (p->rel_dev[i] == dev)
			return p->rel[i];
	return SNAP_TOPO_N;
}

void snap_pstats_gpus(struct snapshot *s)
{
	const struct snap_pci *gpus[PGPU_MAX];
	struct snap_pstat *last = NULL;
	uint32_t last_tid = 0;
	size_t i, k;
	unsigned int n, g;

	s->flags &= ~(uint32_t)SNAP_F_GPU_REL;
	for (i = 0; i < s->pstats.n; i++) {
		struct snap_pstat *p = SNAP_AT(&s->pstats, struct snap_pstat, i);

		p->valid &= ~(uint32_t)SNAP_PST_GPU_REL;
		p->nrel = 0;
		p->qp_rel = SNAP_TOPO_N;
		n = snap_pstat_gpus(s, p, gpus, PGPU_MAX);
		if (!n)
			continue;
		for (k = 0; k < s->devs.n && p->nrel < SNAP_PST_DEVS; k++) {
			const struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, k);
			const struct snap_pci *nic = snap_pci_of_dev(s, d->name);
			enum snap_topo best = SNAP_TOPO_N, t;

			for (g = 0; nic && g < n; g++)
				if ((t = snap_topo(nic, gpus[g])) < best)
					best = t;
			p->rel_dev[p->nrel] = d->index;
			p->rel[p->nrel++] = (uint8_t)best;
		}
		p->valid |= SNAP_PST_GPU_REL;
		s->flags |= SNAP_F_GPU_REL;
	}
	if (!(s->flags & SNAP_F_GPU_REL))
		return;
	/* the farthest over the devices each has QPs on (a dump lists one
	 * owner's QPs together: one lookup per run of them) */
	for (i = 0; i < s->qps.n; i++) {
		const struct snap_qp *q = SNAP_AT(&s->qps, struct snap_qp, i);
		unsigned int r;

		if (!(q->own.valid & SNAP_OWN_TID) || (q->valid & SNAP_QP_GONE))
			continue;
		if (!last_tid || q->own.tid != last_tid) {
			last_tid = q->own.tid;
			last = pstat_of(s, snap_owner_pid(s, &q->own));
			if (last && !(last->valid & SNAP_PST_GPU_REL))
				last = NULL;
		}
		if (!last)
			continue;
		r = rel_of(last, q->dev);
		if (r < SNAP_TOPO_N && (last->qp_rel == SNAP_TOPO_N || r > last->qp_rel))
			last->qp_rel = (uint8_t)r;
	}
}

unsigned int snap_gpu_rel(const struct snapshot *s, uint32_t pid, uint32_t dev)
{
	const struct snap_pstat *p;

	if (!(s->flags & SNAP_F_GPU_REL) || !pid)
		return SNAP_TOPO_N;
	p = snap_pstat_find(s, pid);
	return p && (p->valid & SNAP_PST_GPU_REL) ? rel_of(p, dev) : SNAP_TOPO_N;
}
