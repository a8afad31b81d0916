// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The processes' context between samples: a kept process's command line
 * and open GPUs from the sample before, and CPU % from two samples' ticks (USER_HZ: 100
 * on every architecture Linux exports to user space as clock ticks, what
 * sysconf(_SC_CLK_TCK) says), as ps and top compute it.  A pid is the same
 * process in both samples when its start time is.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "snap_proc.h"

static int pid_cmp(const void *a, const void *b)
{
	uint32_t x = ((const struct snap_pstat *)a)->pid, y = ((const struct snap_pstat *)b)->pid;

	return (x > y) - (x < y);
}

/* by pid: snap_pstats_keep sorts them (the live source reads them in pid
 * order already) */
const struct snap_pstat *snap_pstat_find(const struct snapshot *s, uint32_t pid)
{
	struct snap_pstat key = { .pid = pid };

	return s->pstats.n ? bsearch(&key, s->pstats.v, s->pstats.n, sizeof(key), pid_cmp) : NULL;
}

static bool same_process(const struct snap_pstat *a, const struct snap_pstat *b)
{
	return (a->valid & b->valid & SNAP_PST_STAT) && a->start == b->start;
}

void snap_pstats_keep(const struct snapshot *prev, struct snapshot *cur)
{
	size_t i;

	if (cur->pstats.n > 1)
		qsort(cur->pstats.v, cur->pstats.n, sizeof(struct snap_pstat), pid_cmp);
	if (!prev)
		return;
	for (i = 0; i < cur->pstats.n; i++) {
		struct snap_pstat *p = SNAP_AT(&cur->pstats, struct snap_pstat, i);
		const struct snap_pstat *o;

		if ((p->valid & SNAP_PST_CMDLINE) && (p->valid & SNAP_PST_GPUS))
			continue;
		o = snap_pstat_find(prev, p->pid);
		if (!o || !same_process(o, p))
			continue;
		if (!(p->valid & SNAP_PST_CMDLINE) && (o->valid & SNAP_PST_CMDLINE)) {
			const char *t = snap_s(prev, o->cmdline);

			SNAP_SET(p, cmdline, SNAP_PST_CMDLINE, snap_str(cur, t, strlen(t)));
		}
		/* the GPUs it has open, read with its cmdline */
		if (!(p->valid & SNAP_PST_GPUS) && (o->valid & SNAP_PST_GPUS)) {
			const char *t = snap_s(prev, o->gpus);

			SNAP_SET(p, gpus, SNAP_PST_GPUS, snap_str(cur, t, strlen(t)));
		}
	}
}

void snap_pstats_rate(const struct snapshot *prev, struct snapshot *cur, double dt)
{
	long hz = sysconf(_SC_CLK_TCK);
	size_t i;

	if (!prev || !(dt > 0) || hz <= 0)
		return;
	for (i = 0; i < cur->pstats.n; i++) {
		struct snap_pstat *p = SNAP_AT(&cur->pstats, struct snap_pstat, i);
		const struct snap_pstat *o = snap_pstat_find(prev, p->pid);

		if (o && same_process(o, p) && p->ticks >= o->ticks)
			SNAP_SET(p, cpu, SNAP_PST_CPU, (double)(p->ticks - o->ticks) / (double)hz / dt * 100);
	}
}

uint64_t snap_pstat_rss_bytes(const struct snap_pstat *p)
{
	long ps = sysconf(_SC_PAGESIZE);

	return p->rss * (uint64_t)(ps > 0 ? ps : 4096);
}

double snap_pstat_start_wall(const struct snapshot *s, const struct snap_pstat *p)
{
	long hz = sysconf(_SC_CLK_TCK);
	double wall = (double)s->wall.tv_sec + (double)s->wall.tv_nsec / 1e9;

	if (!(p->valid & SNAP_PST_STAT) || !(s->uptime > 0) || hz <= 0)
		return 0;
	return wall - s->uptime + (double)p->start / (double)hz;
}
