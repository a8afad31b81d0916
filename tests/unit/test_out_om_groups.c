// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The per-group series of the exposition (openmetrics_groups.c): capped,
 * hostile group names, and the groups' PSN counters.
 */
#include <stdlib.h>
#include <string.h>

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

TEST_MAIN(test_group_cap, test_group_psns)
