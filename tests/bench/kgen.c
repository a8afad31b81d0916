// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A synthetic RDMA host in the kernel's wire format (see kgen.h): its state
 * and how it moves, the sysfs and /proc files; the netlink answers are in
 * kgen_nl.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kgen_priv.h"

static const char *const net_names[8] = {
	"rx_bytes", "tx_bytes", "rx_packets", "tx_packets",
	"rx_errors", "tx_errors", "rx_dropped", "tx_dropped",
};

static const char *const comms[] = {
	"nvmet_rdma_io", "ib_write_bw", "mpi_worker", "nccl_proxy", "spdk_tgt",
	"ucx_perftest", "ceph-osd", "ib_send_lat", "rping", "python3",
};

static uint64_t rnd(struct kgen *g)
{
	/* xorshift64*: deterministic per seed, so recordings are reproducible */
	g->rng ^= g->rng >> 12;
	g->rng ^= g->rng << 25;
	g->rng ^= g->rng >> 27;
	return g->rng * 2685821657736338717ULL;
}

static uint32_t rnd_below(struct kgen *g, uint32_t n)
{
	return n ? (uint32_t)(rnd(g) % n) : 0;
}

/* ---- files ---- */

static int file(struct raw_sink *sink, const char *path, const char *text)
{
	return sink->file(sink->ctx, path, 0, text, strlen(text));
}

static int port_files(struct raw_sink *sink, const struct kdev *d)
{
	char path[160], val[32];
	size_t i;
	int err;

	snprintf(path, sizeof(path), "/sys/class/infiniband/%s/ports/1/rate", d->name);
	err = file(sink, path, "100 Gb/sec (4X EDR)\n");
	snprintf(path, sizeof(path), "/sys/class/infiniband/%s/ports/1/link_layer", d->name);
	if (!err)
		err = file(sink, path, "Ethernet\n");
	for (i = 0; !err && i < 8; i++) {
		snprintf(path, sizeof(path), "/sys/class/net/%s/statistics/%s", d->ndev,
			 net_names[i]);
		snprintf(val, sizeof(val), "%llu\n", (unsigned long long)d->net[i]);
		err = file(sink, path, val);
	}
	return err;
}

/* /proc/TID/status as 6.x prints it (fs/proc/array.c), every line */
static int status_file(struct raw_sink *sink, const struct kproc *p, uint32_t tid)
{
	char path[64], text[1600];

	snprintf(path, sizeof(path), "/proc/%u/status", tid);
	snprintf(text, sizeof(text),
		 "Name:\t%s\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t%u\nNgid:\t0\n"
		 "Pid:\t%u\nPPid:\t1\nTracerPid:\t0\nUid:\t%u\t%u\t%u\t%u\n"
		 "Gid:\t%u\t%u\t%u\t%u\nFDSize:\t256\nGroups:\t%u \nNStgid:\t%u\nNSpid:\t%u\n"
		 "NSpgid:\t%u\nNSsid:\t%u\nKthread:\t0\nVmPeak:\t 1316092 kB\nVmSize:\t 1250556 kB\n"
		 "VmLck:\t       0 kB\nVmPin:\t       0 kB\nVmHWM:\t  218300 kB\nVmRSS:\t  203304 kB\n"
		 "RssAnon:\t  160208 kB\nRssFile:\t   43096 kB\nRssShmem:\t       0 kB\n"
		 "VmData:\t  412876 kB\nVmStk:\t     132 kB\nVmExe:\t    2352 kB\nVmLib:\t   21972 kB\n"
		 "VmPTE:\t     748 kB\nVmSwap:\t       0 kB\nHugetlbPages:\t       0 kB\n"
		 "CoreDumping:\t0\nTHP_enabled:\t1\nuntag_mask:\t0xffffffffffffffff\n"
		 "Threads:\t2\nSigQ:\t0/63422\nSigPnd:\t0000000000000000\nShdPnd:\t0000000000000000\n"
		 "SigBlk:\t0000000000000000\nSigIgn:\t0000000000001000\nSigCgt:\t0000000180004a02\n"
		 "CapInh:\t0000000000000000\nCapPrm:\t0000000000000000\nCapEff:\t0000000000000000\n"
		 "CapBnd:\t000001ffffffffff\nCapAmb:\t0000000000000000\nNoNewPrivs:\t0\n"
		 "Seccomp:\t0\nSeccomp_filters:\t0\nSpeculation_Store_Bypass:\tthread vulnerable\n"
		 "SpeculationIndirectBranch:\tconditional enabled\nCpus_allowed:\tff\n"
		 "Cpus_allowed_list:\t0-7\nMems_allowed:\t00000000,00000001\n"
		 "Mems_allowed_list:\t0\nvoluntary_ctxt_switches:\t1520\n"
		 "nonvoluntary_ctxt_switches:\t9\n",
		 p->comm, p->pid, tid, p->uid, p->uid, p->uid, p->uid, p->uid, p->uid, p->uid,
		 p->uid, p->uid, p->pid, tid, p->pid, p->pid);
	return file(sink, path, text);
}

static int comm_file(struct raw_sink *sink, const struct kproc *p, uint32_t tid)
{
	char path[64], text[32];

	snprintf(path, sizeof(path), "/proc/%u/comm", tid);
	snprintf(text, sizeof(text), "%s\n", p->comm);
	return file(sink, path, text);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/*
 * files.c live_read_tasks(): every distinct owner id, ascending: status,
 * comm; an id the sample before had is kept instead (ids are never reused
 * here: the same task), but for its turn to be read again, (sample + id)
 * % 10 == 0 (LIVE_TASKS_REREAD); the kept ids in one SOURCE_TASKS_KEPT
 * record.  The owners here are each process's main thread (its CQs, PDs,
 * MRs, CTX) and its second thread when that created a QP.
 */
static int proc_files(struct kgen *g, struct raw_sink *sink)
{
	uint64_t *ids = malloc((2 * g->n_procs + 1) * sizeof(*ids));
	bool *second = calloc(g->n_procs + 1, sizeof(*second));
	uint32_t *now = malloc((2 * g->n_procs + 1) * sizeof(*now));
	char *kept = malloc((2 * g->n_procs + 1) * 11);
	size_t i, j, n = 0, nk = 0;
	int err = 0;

	if (!ids || !second || !now || !kept) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < g->n_devs; i++) {
		const struct kdev *d = &g->devs[i];

		if (d->absent)
			continue;
		for (j = 0; j < d->n_qps; j++)
			if (d->qps[j].lqpn != 1 && d->qps[j].tid2)
				second[d->qps[j].proc] = true;
	}
	for (i = 0; i < g->n_procs; i++) {
		const struct kproc *p = &g->procs[i];

		if (g->devs[p->dev].absent)
			continue;
		ids[n++] = (uint64_t)p->pid << 32 | i;
		if (second[i])
			ids[n++] = (uint64_t)(p->pid + 1) << 32 | i;
	}
	qsort(ids, n, sizeof(*ids), cmp_u64);
	for (i = 0; !err && i < n; i++) {
		const struct kproc *p = &g->procs[(uint32_t)ids[i]];
		uint32_t tid = (uint32_t)(ids[i] >> 32);

		now[i] = tid;
		if (!g->cfg.read_all && (g->sample + tid) % 10 &&
		    g->n_last && bsearch(&tid, g->last_ids, g->n_last, sizeof(tid), cmp_u32)) {
			nk += (size_t)sprintf(kept + nk, "%u\n", tid);
			continue;
		}
		err = status_file(sink, p, tid);
		if (!err)
			err = comm_file(sink, p, tid);
	}
	if (!err && nk)
		err = sink->file(sink->ctx, SOURCE_TASKS_KEPT, 0, kept, nk);
	if (!err) {
		free(g->last_ids);
		g->last_ids = now;
		g->n_last = n;
		now = NULL;
	}
out:
	free(ids);
	free(second);
	free(now);
	free(kept);
	return err;
}

/* ---- the state and how it moves ---- */

static int qp_push(struct kdev *d, const struct kqp *q)
{
	if (d->n_qps == d->cap_qps) {
		size_t cap = d->cap_qps ? d->cap_qps * 2 : 1024;
		struct kqp *n = realloc(d->qps, cap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		d->qps = n;
		d->cap_qps = cap;
	}
	d->qps[d->n_qps++] = *q;
	return 0;
}

/* The GSI QP (lqpn 1) sorts last: its restrack id is 1 | port << 24. */
static struct kqp *gsi(struct kdev *d)
{
	return &d->qps[d->n_qps - 1];
}

static void proc_init(struct kgen *g, struct kproc *p, uint32_t dev)
{
	struct kdev *d = &g->devs[dev];

	p->pid = g->next_pid;
	g->next_pid += 2 + rnd_below(g, 40);	/* pid, its thread, gaps */
	p->uid = 1000 + rnd_below(g, 4);
	p->dev = dev;
	snprintf(p->comm, sizeof(p->comm), "%s", comms[rnd_below(g, sizeof(comms) / sizeof(comms[0]))]);
	p->ctxn = d->next_ctxn++;
	p->pdn = d->next_pdn++;
	p->cqn = d->next_cqn;
	d->next_cqn += 2;
	p->mrn = d->next_mrn;
	d->next_mrn += 2;
}

/* Create a connected pair (or one UD QP) for process pi, before the GSI QP. */
static int qps_create(struct kgen *g, uint32_t pi, unsigned int want)
{
	struct kdev *d = &g->devs[g->procs[pi].dev];
	struct kqp keep = *gsi(d);
	unsigned int k;
	int err = 0;

	d->n_qps--;
	for (k = 0; !err && k < want; k++) {
		struct kqp q = { .proc = pi, .tid2 = (uint8_t)(k & 1) };
		uint32_t r = rnd_below(g, 100);

		q.lqpn = d->next_qpn++;
		q.sq_psn = rnd_below(g, 1u << 24);
		if (r < 10) {
			q.type = 4;	/* UD */
			q.state = 3;
		} else {
			q.type = 2;	/* RC */
			q.state = r < 95 ? 3 : (r < 97 ? 2 : (r < 99 ? 1 : 6));
			q.rq_psn = rnd_below(g, 1u << 24);
			/* the peer is in another host's table: any QPN */
			q.rqpn = 16 + rnd_below(g, 1u << 20);
		}
		err = qp_push(d, &q);
	}
	if (!err)
		err = qp_push(d, &keep);
	return err;
}

static int dev_init(struct kgen *g, struct kdev *d)
{
	struct kqp gq = { .lqpn = 1, .type = 1, .state = 3, .sq_psn = 3 };
	size_t i;

	d->index = g->next_dev_index++;
	snprintf(d->name, sizeof(d->name), "rxe%u", d->index);
	snprintf(d->ndev, sizeof(d->ndev), "dummy%u", d->index);
	d->ndev_index = d->index + 2;
	d->guid = 0x3cb3f2fffe36939eULL + ((uint64_t)d->index << 40);
	d->absent = false;
	d->next_qpn = RXE_MIN_QPN + 1;
	d->next_pdn = 1;
	d->next_ctxn = 1;
	d->next_cqn = 1;
	d->next_mrn = 0;
	d->n_qps = 0;
	for (i = 0; i < 15; i++)
		d->hw[i] = i < 2 ? rnd_below(g, 1u << 30) : rnd_below(g, 100);
	for (i = 0; i < 8; i++)
		d->net[i] = i < 4 ? rnd_below(g, 1u << 30) : rnd_below(g, 10);
	return qp_push(d, &gq);
}

/* Destroy every QP of process pi (it exited). */
static void qps_destroy_proc(struct kgen *g, uint32_t pi)
{
	struct kdev *d = &g->devs[g->procs[pi].dev];
	size_t i, n = 0;

	for (i = 0; i < d->n_qps; i++)
		if (d->qps[i].lqpn == 1 || d->qps[i].proc != pi)
			d->qps[n++] = d->qps[i];
	d->n_qps = n;
}

static size_t total_qps(const struct kgen *g)
{
	size_t i, n = 0;

	for (i = 0; i < g->n_devs; i++)
		n += g->devs[i].n_qps - 1;
	return n;
}

static int step(struct kgen *g)
{
	size_t i, j, n;
	int err = 0;

	g->sample++;
	for (i = 0; i < g->n_devs; i++) {
		struct kdev *d = &g->devs[i];

		for (j = 0; j < d->n_qps; j++) {
			struct kqp *q = &d->qps[j];

			if (q->state != 3)
				continue;
			q->sq_psn = (q->sq_psn + rnd_below(g, 5000)) & 0xffffff;
			q->rq_psn = (q->rq_psn + rnd_below(g, 5000)) & 0xffffff;
		}
		for (j = 0; j < 15; j++)
			d->hw[j] += j < 2 ? 100000 + rnd_below(g, 10000) : rnd_below(g, 3);
		for (j = 0; j < 8; j++)
			d->net[j] += j < 2 ? 1000000 + rnd_below(g, 1u << 20) :
				     (j < 4 ? 1000 + rnd_below(g, 1000) : rnd_below(g, 2));
	}
	/* QPs destroyed and created: per mille of all */
	n = total_qps(g) * g->cfg.churn / 1000;
	for (i = 0; i < n; i++) {
		struct kdev *d = &g->devs[rnd_below(g, (uint32_t)g->n_devs)];
		size_t k;

		if (d->n_qps < 2)
			continue;
		k = rnd_below(g, (uint32_t)d->n_qps - 1);
		memmove(&d->qps[k], &d->qps[k + 1], (d->n_qps - k - 1) * sizeof(*d->qps));
		d->n_qps--;
		err = qps_create(g, rnd_below(g, (uint32_t)g->n_procs), 1);
		if (err)
			return err;
	}
	/* processes exit; others start and create as many QPs */
	for (i = 0; i < g->cfg.proc_churn && g->n_procs; i++) {
		uint32_t pi = rnd_below(g, (uint32_t)g->n_procs);
		struct kdev *d = &g->devs[g->procs[pi].dev];
		size_t before = d->n_qps;

		qps_destroy_proc(g, pi);
		proc_init(g, &g->procs[pi], g->procs[pi].dev);
		err = qps_create(g, pi, (unsigned int)(before - d->n_qps));
		if (err)
			return err;
	}
	/* a device unregisters for one sample, then a new one (new index) comes */
	if (g->cfg.dev_churn && g->n_devs > 1) {
		struct kdev *d = &g->devs[g->n_devs - 1];

		if (d->absent) {
			size_t before = total_qps(g);

			err = dev_init(g, d);
			for (i = 0; !err && i < g->n_procs; i++) {
				if (g->procs[i].dev != g->n_devs - 1)
					continue;
				proc_init(g, &g->procs[i], (uint32_t)(g->n_devs - 1));
			}
			/* give the new device its share back */
			n = g->cfg.qps > before ? g->cfg.qps - before : 0;
			for (i = 0; !err && n && i < g->n_procs; i++) {
				unsigned int per = (unsigned int)(n / kgen_procs_on(g, g->n_devs - 1) + 1);

				if (g->procs[i].dev == g->n_devs - 1)
					err = qps_create(g, (uint32_t)i, per);
			}
		} else if (g->sample % g->cfg.dev_churn == 0) {
			d->absent = true;
			d->n_qps = 0;
			err = qp_push(d, &(struct kqp){ .lqpn = 1, .type = 1, .state = 3 });
		}
	}
	return err;
}

int kgen_new(struct kgen **gp, const struct kgen_cfg *cfg)
{
	struct kgen *g = calloc(1, sizeof(*g));
	size_t i;
	int err = -ENOMEM;

	if (!g)
		return -ENOMEM;
	g->cfg = *cfg;
	if (!g->cfg.devs)
		g->cfg.devs = 1;
	if (!g->cfg.procs)
		g->cfg.procs = 1;
	if (!g->cfg.interval_ms)
		g->cfg.interval_ms = 1000;
	g->rng = cfg->seed ? cfg->seed : 0x9e3779b97f4a7c15ULL;
	g->next_pid = 2000;
	g->dg = aligned_alloc(8, 32768);
	g->devs = calloc(g->cfg.devs, sizeof(*g->devs));
	g->procs = calloc(g->cfg.procs, sizeof(*g->procs));
	if (!g->dg || !g->devs || !g->procs)
		goto fail;
	g->n_devs = g->cfg.devs;
	g->n_procs = g->cfg.procs;
	for (i = 0; i < g->n_devs; i++) {
		err = dev_init(g, &g->devs[i]);
		if (err)
			goto fail;
	}
	for (i = 0; i < g->n_procs; i++)
		proc_init(g, &g->procs[i], (uint32_t)(i % g->n_devs));
	/* QPs spread over the processes, each process's QPs created together */
	for (i = 0; i < g->n_procs; i++) {
		unsigned int per = g->cfg.qps / g->cfg.procs +
				   (i < g->cfg.qps % g->cfg.procs ? 1 : 0);

		err = qps_create(g, (uint32_t)i, per);
		if (err)
			goto fail;
	}
	*gp = g;
	return 0;
fail:
	kgen_free(g);
	return err;
}

void kgen_free(struct kgen *g)
{
	size_t i;

	if (!g)
		return;
	for (i = 0; i < g->n_devs; i++)
		free(g->devs[i].qps);
	free(g->devs);
	free(g->procs);
	free(g->last_ids);
	free(g->dg);
	free(g);
}

int kgen_sample(struct kgen *g, struct raw_sink *sink)
{
	struct snapshot s;
	uint64_t ms = (uint64_t)g->sample * g->cfg.interval_ms;
	size_t i;
	int err;

	memset(&s, 0, sizeof(s));
	s.mono.tv_sec = (time_t)(100000 + ms / 1000);
	s.mono.tv_nsec = (long)(ms % 1000) * 1000000;
	s.wall.tv_sec = (time_t)(1767225600 + ms / 1000);	/* 2026-01-01 */
	s.wall.tv_nsec = s.mono.tv_nsec;
	snprintf(s.host, sizeof(s.host), "bench");
	snprintf(s.kernel, sizeof(s.kernel), "%s",
		 g->cfg.linux_6_1 ? "6.1.0-57-amd64" : "6.12.95+deb12-amd64");
	err = sink->begin(sink->ctx, &s);
	if (err)
		return err;
	err = kgen_nl_sample(g, sink);
	for (i = 0; !err && i < g->n_devs; i++)
		if (!g->devs[i].absent)
			err = port_files(sink, &g->devs[i]);
	if (!err)
		err = proc_files(g, sink);
	if (!err)
		err = sink->end(sink->ctx, &s);
	return err ? err : step(g);
}
