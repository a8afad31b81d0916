// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A new object is its SNAP_RES_LIST line with its row (include/snap_res.h)
 * and its declaration (src/nl/<name>.c): doc/design.md, "How to add".  The
 * trial object's line and row are tests/unit/trial_res.h, compiled into a
 * second build of the library (the Makefile's TRIAL_LIB); its declaration
 * is below, as its own file would hold it.  Parsed from a dump built with
 * libmnl, it must show in its table's columns, the JSON writer, the
 * resource summary, the processes' counts and a pane of its own, with
 * nothing else written for it.  If an object ever needs a third place
 * spelled by hand, this file stops building or these checks fail.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cols.h"
#include "nl.h"
#include "out.h"
#include "ui.h"
#include "test.h"

/* ---- the declaration, as src/nl/trial.c would be ---- */
#define TR struct snap_trial

enum { TR_DEV, TR_TRIALN, TR_SIZE, TR_PID, TR_N = TR_PID + 3 };

static const struct view_col trial_fields[TR_N] = {
	[TR_DEV] = COL_DEV(TR),
	[TR_TRIALN] = { .name = "trialn",
			.header = "TRIALN",
			.width = 6,
			NUM,
			FIELD(TR, trialn, SNAP_TRIAL_TRIALN),
			.attr = RDMA_NLDEV_ATTR_RES_CQN,
			.json = "trialn",
			.desc = "trial number" },
	[TR_SIZE] = { .name = "size",
		      .header = "SIZE",
		      .width = 6,
		      NUM,
		      FIELD(TR, size, SNAP_TRIAL_SIZE),
		      .attr = RDMA_NLDEV_ATTR_RES_USECNT,
		      .json = "size",
		      .desc = "its size",
		      .desc_sort = true },
	COL_OWNER(TR),
};
const struct view_tab view_trial_tab = RES_TAB(trial_fields, TR, TR_PID);

NL_OBJ(trial, TRIAL, RES_CQ, RES_CQ_ENTRY, .need = RDMA_NLDEV_ATTR_RES_CQN)

/* ---- the checks ---- */
static unsigned char buf[NL_BUF_SIZE];

static void entry(struct nlmsghdr *nlh, uint32_t n, uint64_t size, uint32_t tid)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CQ_ENTRY);

	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CQN, n);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_USECNT, size);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PID, tid);
	mnl_attr_nest_end(nlh, e);
}

/* a device's dump of two trial objects, and its summary naming them */
static void parse(struct snapshot *s)
{
	struct nl_req req = {
		.cmd = RDMA_NLDEV_CMD_TRIAL_GET, .flags = NLM_F_DUMP, .dev = 2, .port = SNAP_NONE
	};
	struct nl_req sum = { .cmd = RDMA_NLDEV_CMD_RES_GET, .dev = 2, .port = SNAP_NONE };
	struct nl_result res = { 0 };
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nlattr *t, *e;

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_TRIAL_GET);
	nlh->nlmsg_flags = NLM_F_MULTI;
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 2);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, "siw0");
	t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CQ);
	entry(nlh, 7, 4096, 4242);
	entry(nlh, 9, 65536, 4242);
	mnl_attr_nest_end(nlh, t);
	CHECK_EQ_U(nl_parse(s, &req, nlh, nlh->nlmsg_len, &res), 1); /* messages */

	nlh = mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_GET);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 2);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, "siw0");
	t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY);
	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_NAME, "trial");
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_CURR, 2);
	mnl_attr_nest_end(nlh, e);
	mnl_attr_nest_end(nlh, t);
	memset(&res, 0, sizeof(res));
	nl_parse(s, &sum, nlh, nlh->nlmsg_len, &res);
}

static void test_parsed(void)
{
	struct snapshot s;
	const struct snap_trial *r;

	snap_init(&s);
	parse(&s);
	CHECK_EQ_U(s.res[SNAP_RES_TRIAL].n, 2);
	r = SNAP_AT(&s.res[SNAP_RES_TRIAL], struct snap_trial, 1);
	CHECK_EQ_U(r->dev, 2);
	CHECK_EQ_U(r->trialn, 9);
	CHECK_EQ_U(r->size, 65536);
	CHECK_EQ_U(r->valid, SNAP_TRIAL_TRIALN | SNAP_TRIAL_SIZE);
	CHECK_EQ_U(r->own.tid, 4242);
	CHECK(snap_res_owned(SNAP_RES_TRIAL));
	CHECK_EQ_U(snap_res_dump(TRIAL_DUMP), SNAP_RES_TRIAL);
	CHECK_EQ_U(UI_TRIALS, TRIAL_TAB);
	/* the resource summary's count, by its name in the list */
	CHECK_EQ_U(s.devs.n, 1);
	CHECK_EQ_U(SNAP_AT(&s.devs, struct snap_dev, 0)->res[SNAP_RES_TRIAL], 2);
	snap_free(&s);
}

static void test_view(void)
{
	struct snapshot s;
	struct view_ctx c = { .s = &s };
	struct view_proc *procs;
	struct view_value v;
	size_t n, *rows;
	int np;

	snap_init(&s);
	parse(&s);
	CHECK_EQ_S(view_table_name(VIEW_TRIALS), "trials");
	view_cols(VIEW_TRIALS, &n);
	CHECK_EQ_U(n, TR_N);
	CHECK_EQ_U(view_col_find(VIEW_TRIALS, "size"), TR_SIZE);
	CHECK_EQ_U(view_col_role(VIEW_TRIALS, VIEW_ROLE_PID), TR_PID);
	view_get(&c, VIEW_TRIALS, 0, TR_TRIALN, &v);
	CHECK(v.valid);
	CHECK_EQ_U(v.u, 7);
	view_get(&c, VIEW_TRIALS, 0, TR_DEV, &v);
	CHECK_EQ_S(v.s, "siw0");
	/* sorted by size, busiest first when reversed */
	CHECK_EQ_U(view_rows(&c, VIEW_TRIALS, NULL, TR_SIZE, true, &rows), 2);
	CHECK_EQ_U(rows[0], 1);
	free(rows);
	/* the owner's count among its process's */
	np = view_procs(&s, &procs);
	CHECK_EQ_U(np, 1);
	if (np == 1)
		CHECK_EQ_U(procs[0].res[SNAP_RES_TRIAL], 2);
	free(procs);
	/* a pane of its own, every column in the table's order */
	CHECK(ui_pane_cols_default(UI_TRIALS, &n) != NULL);
	CHECK_EQ_U(n, TR_N);
	snap_free(&s);
}

/* a column id among a pane's columns */
static bool in_pane(enum ui_pane p, int col)
{
	size_t n, i;
	const int *c = ui_pane_cols_default(p, &n);

	for (i = 0; i < n; i++)
		if (c[i] == col)
			return true;
	return false;
}

/* its count columns: devices (and the change), processes, groups */
static void test_counts(void)
{
	struct snapshot s;
	struct view_ctx c = { .s = &s };
	struct view_proc *procs;
	struct view_group *groups;
	struct view_value v;
	int np, ng, k;

	snap_init(&s);
	parse(&s);
	k = view_col_find(VIEW_DEVS, "trial");
	CHECK_EQ_U(k, VC_DEV_OF(TRIAL));
	CHECK_EQ_U(view_col_find(VIEW_DEVS, "trial_chg"), VC_DEV_CHG_OF(TRIAL));
	view_get(&c, VIEW_DEVS, 0, k, &v);
	CHECK(v.valid);
	CHECK_EQ_U(v.u, 2);
	np = view_procs(&s, &procs);
	CHECK_EQ_U(np, 1);
	ng = np == 1 ? view_groups(&s, procs, 1, &groups, NULL) : -1;
	CHECK_EQ_U(ng, 1);
	c.procs = procs;
	c.n_procs = 1;
	c.groups = groups;
	c.n_groups = 1;
	k = view_col_find(VIEW_PROCS, "trial");
	CHECK_EQ_U(k, VC_PROC_OF(TRIAL));
	view_get(&c, VIEW_PROCS, 0, k, &v);
	CHECK(v.valid && v.u == 2);
	k = view_col_find(VIEW_GROUPS, "trial");
	CHECK_EQ_U(k, VC_GRP_OF(TRIAL));
	view_get(&c, VIEW_GROUPS, 0, k, &v);
	CHECK(v.valid && v.u == 2);
	/* on the screen: the panes that list the counts list its own */
	CHECK(in_pane(UI_DEVS, VC_DEV_OF(TRIAL)));
	CHECK(in_pane(UI_DEVS, VC_DEV_CHG_OF(TRIAL)));
	CHECK(in_pane(UI_PROCS, VC_PROC_OF(TRIAL)));
	CHECK(in_pane(UI_GROUPS, VC_GRP_OF(TRIAL)));
	free(procs);
	free(groups);
	snap_free(&s);
}

/* what a writer makes of s (malloc'd; NULL when it could not) */
static char *written(int (*w)(FILE *, const struct snapshot *, const struct out_opts *),
		     const struct snapshot *s)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	CHECK(f != NULL);
	if (!f)
		return NULL;
	CHECK_EQ_U(w(f, s, NULL), 0);
	fclose(f);
	if (getenv("TRIAL_OUT"))
		fprintf(stderr, "%s\n", out);
	return out;
}

/* the text output's resource summary and process table show its count */
static void test_text(void)
{
	struct snapshot s;
	char *out, *procs;

	snap_init(&s);
	parse(&s);
	out = written(out_text, &s);
	CHECK(out != NULL);
	if (!out)
		return;
	/* the summary: the device's counts, TRIAL last (the others not summarised here) */
	CHECK(strstr(out, "RESOURCES\nDEV           PD    CQ     QP CM_ID     MR  CTX  SRQ TRIAL\n"
			  "siw0         n/a   n/a    n/a   n/a    n/a  n/a  n/a     2\n") != NULL);
	procs = strstr(out, "PROCESSES");
	CHECK(procs && strstr(procs, " CTX  SRQ TRIAL   PSN/s COMM\n") != NULL);
	CHECK(procs && strstr(procs, "    0    0     2     n/a (not visible)\n") != NULL);
	free(out);
	snap_free(&s);
}

static void test_json(void)
{
	struct snapshot s;
	char *out;

	snap_init(&s);
	parse(&s);
	out = written(out_json, &s);
	CHECK(out != NULL);
	if (!out)
		return;
	/* its table, rdma's device keys, its fields and owner */
	CHECK(strstr(out, "\"trials\":[{\"ifindex\":2,\"ifname\":\"siw0\",\"trialn\":7,"
			  "\"size\":4096,\"pid\":4242},") != NULL);
	/* its count in the summary, and among the process's and the group's */
	CHECK(strstr(out, "\"resources\":[{\"ifindex\":2,\"ifname\":\"siw0\",\"trial\":2}]") !=
	      NULL);
	CHECK(strstr(out, "\"srqs\":0,\"trials\":2}],\"groups\":") != NULL);
	CHECK(strstr(out, "\"srqs\":0,\"trials\":2}],\"events\":") != NULL);
	free(out);
	snap_free(&s);
}

/* ---- a trial QP column (trial_res.h: SNAP_QP_EXTRA) ---- */
static void qp_entry(struct nlmsghdr *nlh, uint32_t lqpn, uint64_t uses)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);

	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, lqpn);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_USECNT, uses);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, 2); /* RC */
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_STATE, 3); /* RTS */
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PID, 4242);
	mnl_attr_nest_end(nlh, e);
}

static void test_qp_column(void)
{
	struct nl_req req = {
		.cmd = RDMA_NLDEV_CMD_RES_QP_GET, .flags = NLM_F_DUMP, .dev = 2, .port = SNAP_NONE
	};
	struct nl_result res = { 0 };
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct snapshot s;
	struct view_ctx c = { .s = &s };
	struct view_value v;
	unsigned long hits = nl_qp_layout_hits();
	size_t n, i;
	char *out;
	int k;

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_QP_GET);
	nlh->nlmsg_flags = NLM_F_MULTI;
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 2);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, "siw0");
	{
		struct nlattr *t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);

		/* the first read the long way, the others through its layout */
		qp_entry(nlh, 17, 1ull << 40 | 5);
		qp_entry(nlh, 18, 6);
		qp_entry(nlh, 19, 7);
		mnl_attr_nest_end(nlh, t);
	}
	snap_init(&s);
	CHECK_EQ_U(nl_parse(&s, &req, nlh, nlh->nlmsg_len, &res), 1);
	CHECK_EQ_U(s.qps.n, 3);
	CHECK_EQ_U(nl_qp_layout_hits() - hits, 2);
	for (i = 0; i < s.qps.n && i < 3; i++) {
		const struct snap_qp *q = SNAP_AT(&s.qps, struct snap_qp, i);

		CHECK_EQ_U(q->lqpn, 17 + i);
		CHECK(q->valid & SNAP_QP_TRIAL_USES);
		CHECK_EQ_U(q->trial_uses, i ? 5 + i : 1ull << 40 | 5);
		CHECK_EQ_U(q->own.tid, 4242);
	}
	/* its column: found, read, sorted busiest first, on the QP pane */
	k = view_col_find(VIEW_QPS, "trial_uses");
	CHECK(k >= VC_QP_N);
	view_get(&c, VIEW_QPS, 1, k, &v);
	CHECK(v.valid && v.u == 6);
	CHECK(view_cols(VIEW_QPS, &n)[k].desc_sort);
	CHECK(in_pane(UI_QPS, k));
	/* and in the JSON, before the owner */
	out = written(out_json, &s);
	CHECK(out != NULL);
	if (!out)
		return;
	CHECK(strstr(out,
		     "\"lqpn\":17,\"type\":\"RC\",\"state\":\"RTS\",\"trial-uses\":1099511627781,"
		     "\"pid\":4242") != NULL);
	CHECK(strstr(out, "\"lqpn\":19,\"type\":\"RC\",\"state\":\"RTS\",\"trial-uses\":7,") !=
	      NULL);
	free(out);
	snap_free(&s);
}

TEST_MAIN(test_parsed, test_view, test_counts, test_text, test_json, test_qp_column)
