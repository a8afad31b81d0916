// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The per-group series of the exposition (openmetrics_groups.c): capped,
 * hostile group names, and the groups' PSN and bound counter ledgers.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "omsnap.h"
#include "test.h"

/* 200 jobs: 50 series of their own and "other"; a hostile path stays a label */
static void test_group_cap(void)
{
	struct out_om_opts o = { .format = OUT_OM_OPENMETRICS, .max_procs = 50,
				 .sample_seconds = -1 };
	struct snapshot s;
	char *out, *p, path[96];
	uint32_t i, j, total = 0;
	size_t series = 0;

	snap_init(&s);
	oms_dev(&s, 0, "rxe0");
	for (i = 1; i <= 200; i++) {
		oms_task(&s, 1000 + i, 1000 + i, "ib_write_bw");
		snprintf(path, sizeof(path), "/system.slice/slurmstepd.scope/job_%u/step_0/user/task_0",
			 i);
		oms_cgroup(&s, 1000 + i, path);
		for (j = 0; j < i % 7 + 1; j++)
			oms_qp(&s, 0, 2, 3, oms_user(1000 + i));
		total += i % 7 + 1;
	}
	oms_task(&s, 2000, 2000, "x");
	oms_cgroup(&s, 2000, "/evil\"}\nrdma_up 0\n/\\");
	for (j = 0; j < 9; j++)
		oms_qp(&s, 0, 2, 3, oms_user(2000));
	total += 9;
	snap_tasks_sort(&s);
	out = oms_render(&s, &o);
	CHECK(out != NULL);
	for (p = out; p && (p = strstr(p, "\nrdma_group_resources{")); p++)
		if (strstr(p + 1, "type=\"qp\"") &&
		    strstr(p + 1, "type=\"qp\"") < strchr(p + 1, '\n'))
			series++;
	CHECK_EQ_U(series, 51);
	CHECK(out && strstr(out, "\nrdma_groups 201\n"));
	CHECK(out && strstr(out, "rdma_group_resources{kind=\"job\",group=\"6\",type=\"qp\"} 7\n"));
	CHECK(out && strstr(out, "rdma_group_qps{kind=\"cgroup\",group=\"/evil\\\"}\\nrdma_up 0\\n/\\\\\","
			     "state=\"RTS\"} 9\n"));
	CHECK(out && !strstr(out, "\nrdma_up 0\n"));
	/* the jobs' and the rest's QPs add up (the hostile group holds 9) */
	CHECK_EQ_U(oms_sum_of(out, "rdma_group_qps{kind=\"job\"") +
		   oms_sum_of(out, "rdma_group_qps{kind=\"other\""), total - 9);
	free(out);
	snap_free(&s);
}

/* one QP of pid's with psn_adv PSNs since its last dump */
static void qp_adv(struct snapshot *s, uint32_t pid, uint32_t adv)
{
	oms_qp(s, 0, 2, 3, oms_user(pid));
	SNAP_AT(&s->qps, struct snap_qp, s->qps.n - 1)->psn_adv = adv;
}

/* two jobs, sample after sample; at most one group has series of its own */
static void psn_sample(struct snapshot *s, long sec, const uint32_t *adv7, size_t n7,
		       const uint32_t *adv8, size_t n8)
{
	size_t i;

	snap_clear(s);
	s->mono.tv_sec = sec;
	oms_dev(s, 0, "rxe0");
	oms_task(s, 101, 101, "a");
	oms_cgroup(s, 101, "/slurm/uid_1000/job_7/step_0/task_0");
	for (i = 0; i < n7; i++)
		qp_adv(s, 101, adv7[i]);
	if (n8) {
		oms_task(s, 102, 102, "b");
		oms_cgroup(s, 102, "/slurm/uid_1000/job_8/step_0/task_0");
	}
	for (i = 0; i < n8; i++)
		qp_adv(s, 102, adv8[i]);
	snap_tasks_sort(s);
}

/*
 * rdma_group_psns_total is a counter: each sample adds its QPs' PSN
 * advances once (a second exposition of the same sample adds nothing), a
 * QP that goes takes nothing away, the groups past the cap are "other".
 */
static void test_group_psns(void)
{
	struct out_om_opts o = { .format = OUT_OM_OPENMETRICS, .max_procs = 1,
				 .sample_seconds = -1, .psns = out_om_psns_new() };
	static const uint32_t a[] = { 10, 5 }, b[] = { 100 }, c[] = { 3 }, d[] = { 1 }, z[] = { 0 };
	struct snapshot s;
	char *out;

	CHECK(o.psns != NULL);
	snap_init(&s);
	psn_sample(&s, 1, a, 2, b, 1);
	out = oms_render(&s, &o);
	CHECK(out && strstr(out, "# TYPE rdma_group_psns counter\n"
				 "rdma_group_psns_total{kind=\"job\",group=\"7\"} 15\n"
				 "rdma_group_psns_total{kind=\"other\",group=\"other\"} 100\n"));
	free(out);
	o.format = OUT_OM_PROMETHEUS;
	out = oms_render(&s, &o);
	CHECK(out && strstr(out, "rdma_group_psns_total{kind=\"job\",group=\"7\"} 15\n"
				 "rdma_group_psns_total{kind=\"other\",group=\"other\"} 100\n"));
	free(out);
	/* one of job 7's QPs gone */
	psn_sample(&s, 2, c, 1, d, 1);
	out = oms_render(&s, &o);
	CHECK(out && strstr(out, "rdma_group_psns_total{kind=\"job\",group=\"7\"} 18\n"
				 "rdma_group_psns_total{kind=\"other\",group=\"other\"} 101\n"));
	free(out);
	/* job 8 gone: no other */
	psn_sample(&s, 3, z, 1, NULL, 0);
	out = oms_render(&s, &o);
	CHECK(out && strstr(out, "rdma_group_psns_total{kind=\"job\",group=\"7\"} 18\n#"));
	free(out);
	/* without a ledger, no such family */
	out_om_psns_free(o.psns);
	o.psns = NULL;
	out = oms_render(&s, &o);
	CHECK(out && !strstr(out, "rdma_group_psns"));
	free(out);
	snap_free(&s);
}

/* a counter bound by pid to tid's QPs: its error and retransmit counters
 * at err and retx, moved by their deltas over the sample's interval */
static void bound(struct snapshot *s, uint32_t cntn, uint32_t tid, uint64_t err, uint64_t derr,
		  uint64_t retx, uint64_t dretx)
{
	struct snap_qpcnt *c = snap_push(&s->qpcnts, sizeof(*c));
	const uint64_t v[2] = { err, retx }, d[2] = { derr, dretx };
	int k;

	c->dev = 0;
	c->port = 1;
	c->cntn = cntn;
	c->own = oms_user(tid);
	for (k = 0; k < 2; k++) {
		struct snap_counter *o = snap_push(&s->objcnts, sizeof(*o));

		o->dev = 0;
		o->port = 1;
		o->kind = SNAP_OBJ_QPCNT;
		o->obj = cntn;
		o->name = snap_str(s, k ? "packet_seq_err" : "local_ack_timeout_err", 64);
		o->cls = CNT_ERROR;
		o->cls_flags = k ? CNT_F_RETX : 0;
		o->value = v[k];
		if (s->interval > 0) {
			o->delta = d[k];
			o->rate = (double)d[k] / s->interval;
			o->rate_status = RATE_DATA;
		}
	}
}

/* job 7 (pid 101) and job 8 (pid 102), each with one QP */
static void hw_sample(struct snapshot *s, long sec, double interval)
{
	snap_clear(s);
	s->mono.tv_sec = sec;
	s->interval = interval;
	oms_dev(s, 0, "mlx5_0");
	oms_task(s, 101, 101, "a");
	oms_cgroup(s, 101, "/slurm/uid_1000/job_7/step_0/task_0");
	oms_qp(s, 0, 2, 3, oms_user(101));
	oms_task(s, 102, 102, "b");
	oms_cgroup(s, 102, "/slurm/uid_1000/job_8/step_0/task_0");
	oms_qp(s, 0, 2, 3, oms_user(102));
	snap_tasks_sort(s);
}

/* a job's series of a class: its value, or -1 when it has none */
static int64_t hw_of(const char *out, const char *job, const char *cls)
{
	char pre[128];
	const char *p;

	snprintf(pre, sizeof(pre), "\nrdma_group_qp_hw_total{kind=\"job\",group=\"%s\",class=\"%s\"} ",
		 job, cls);
	p = strstr(out, pre);
	return p ? strtoll(p + strlen(pre), NULL, 10) : -1;
}

/*
 * rdma_group_qp_hw_total counts what the group's bound counters counted
 * sample by sample: their values before rdmatop saw them are not in it, a
 * second exposition of a sample adds nothing, a counter that goes (auto
 * mode frees it with its last QP) takes nothing away, and a group without
 * a bound counter has no series.  Job 7 is pid 101's, job 8 pid 102's.
 */
static void test_group_hw(void)
{
	static const struct {
		long sec;		/* 0: the sample before, exposed again */
		double interval;
		struct {
			uint32_t cntn, tid;
			uint64_t err, derr, retx, dretx;
			bool fresh;	/* its first sample: no rate yet */
		} c[2];
		size_t n;
		int64_t err7, retx7, err8;	/* -1: no series */
	} steps[] = {
		/* the counters at 100 and 40, nothing counted yet */
		{ 1, 0, { { 1, 101, 100, 0, 40, 0, false } }, 1, 0, 0, -1 },
		/* 10 errors, 4 retransmits; job 8 gets a counter */
		{ 3, 2, { { 1, 101, 110, 10, 44, 4, false }, { 2, 102, 5, 0, 0, 0, false } }, 2, 10, 4, 0 },
		{ 0, 0, { { 0, 0, 0, 0, 0, 0, false } }, 0, 10, 4, 0 },
		/* job 7's counter freed: its series goes, job 8's counts on */
		{ 4, 1, { { 2, 102, 8, 3, 0, 0, false } }, 1, -1, -1, 3 },
		/* a new counter for job 7 at 2: its count is where it was */
		{ 5, 1, { { 3, 101, 2, 2, 0, 0, true }, { 2, 102, 8, 0, 0, 0, false } }, 2, 10, 4, 3 },
		/* then it moves by 6 */
		{ 6, 1, { { 3, 101, 8, 6, 0, 0, false }, { 2, 102, 8, 0, 0, 0, false } }, 2, 16, 4, 3 },
	};
	struct out_om_opts o = { .format = OUT_OM_OPENMETRICS, .max_procs = 50,
				 .sample_seconds = -1, .psns = out_om_psns_new() };
	struct snapshot s;
	size_t k, j, i;
	char *out;

	CHECK(o.psns != NULL);
	snap_init(&s);
	for (k = 0; k < sizeof(steps) / sizeof(steps[0]); k++) {
		if (steps[k].sec) {
			hw_sample(&s, steps[k].sec, steps[k].interval);
		} else {
			/* the same sample again, as the other format */
			o.format = OUT_OM_PROMETHEUS;
		}
		for (j = 0; j < steps[k].n; j++) {
			bound(&s, steps[k].c[j].cntn, steps[k].c[j].tid, steps[k].c[j].err,
			      steps[k].c[j].derr, steps[k].c[j].retx, steps[k].c[j].dretx);
			for (i = s.objcnts.n - 2; steps[k].c[j].fresh && i < s.objcnts.n; i++)
				SNAP_AT(&s.objcnts, struct snap_counter, i)->rate_status = RATE_INIT;
		}
		out = oms_render(&s, &o);
		CHECK(out && strstr(out, o.format == OUT_OM_PROMETHEUS ?
						 "# TYPE rdma_group_qp_hw_total counter\n" :
						 "# TYPE rdma_group_qp_hw counter\n"));
		CHECK(out && hw_of(out, "7", "errors") == steps[k].err7);
		CHECK(out && hw_of(out, "7", "retransmits") == steps[k].retx7);
		CHECK(out && hw_of(out, "7", "cnps") == (steps[k].err7 < 0 ? -1 : 0));
		CHECK(out && hw_of(out, "8", "errors") == steps[k].err8);
		if (out && (hw_of(out, "7", "errors") != steps[k].err7 ||
			    hw_of(out, "8", "errors") != steps[k].err8))
			fprintf(stderr, "step %zu: job 7 %lld, job 8 %lld\n", k,
				(long long)hw_of(out, "7", "errors"), (long long)hw_of(out, "8", "errors"));
		free(out);
	}
	/* past the cap, job 8's count is other's: 3 before, 5 now */
	o.max_procs = 1;
	hw_sample(&s, 7, 1);
	bound(&s, 3, 101, 12, 4, 0, 0);
	bound(&s, 2, 102, 13, 5, 0, 0);
	out = oms_render(&s, &o);
	CHECK(out && hw_of(out, "7", "errors") == 20 && hw_of(out, "8", "errors") == -1);
	CHECK(out && strstr(out, "\nrdma_group_qp_hw_total{kind=\"other\",group=\"other\","
				 "class=\"errors\"} 8\n"));
	free(out);
	out_om_psns_free(o.psns);
	snap_free(&s);
}

TEST_MAIN(test_group_cap, test_group_psns, test_group_hw)
