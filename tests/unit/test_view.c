// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view.h"
#include "test.h"

static void task(struct snapshot *s, uint32_t tid, uint32_t pid, const char *comm,
		 const char *pcomm)
{
	struct snap_task *t = snap_task_get(s, tid);

	t->pid = pid;
	t->uid = 1000 + pid;
	t->comm = snap_str(s, comm, 64);
	t->valid = SNAP_TASK_PID | SNAP_TASK_COMM | SNAP_TASK_UID;
	if (pcomm) {
		t->pcomm = snap_str(s, pcomm, 64);
		t->valid |= SNAP_TASK_PCOMM;
	}
}

static struct snap_qp *qp(struct snapshot *s, uint32_t lqpn, uint8_t state,
			  struct snap_owner own)
{
	struct snap_qp *q = snap_push(&s->qps, sizeof(*q));

	q->lqpn = lqpn;
	q->state = state;
	q->type = 2;
	q->own = own;
	q->valid = SNAP_QP_STATE | SNAP_QP_TYPE | SNAP_QP_SQ_PSN;
	return q;
}

static struct snap_owner tid(uint32_t t)
{
	struct snap_owner o = { .tid = t, .valid = SNAP_OWN_TID };

	return o;
}

static struct snap_owner kern(struct snapshot *s, const char *name)
{
	struct snap_owner o = { .kern = snap_str(s, name, 64), .valid = SNAP_OWN_KERN };

	return o;
}

static void test_procs(void)
{
	struct snapshot s;
	struct view_proc *p;
	struct snap_mr *m;
	struct snap_qp *q;
	struct snap_owner none = { 0 };
	int n;

	snap_init(&s);
	/* a multi-threaded rping: resources made by threads 393, 395, 396 */
	task(&s, 393, 393, "rping", "rping");
	task(&s, 395, 393, "rping-cq", NULL);
	task(&s, 396, 393, "rping-cm", NULL);
	task(&s, 387, 387, "ibv_rc_pingpong", NULL);
	q = qp(&s, 19, 3, tid(395));
	q->sq_psn_rate = 10;
	q->rq_psn_rate = 5;
	q->valid |= SNAP_QP_PSN_RATE | SNAP_QP_RQ_PSN_RATE;
	qp(&s, 21, 6, tid(393));
	qp(&s, 17, 3, tid(387));
	qp(&s, 1, 3, kern(&s, "ib_core"));
	qp(&s, 2, 3, kern(&s, "ib_core"));	/* another copy of the same name */
	qp(&s, 3, 3, kern(&s, "ib_ipoib"));
	qp(&s, 30, 3, tid(7000));	/* no /proc entry: not visible */
	qp(&s, 31, 3, tid(7000));
	qp(&s, 32, 3, tid(7001));
	qp(&s, 33, 3, none);
	m = snap_push(&s.mrs, sizeof(*m));
	m->own = tid(396);
	m->mrlen = 4096;
	m->valid = SNAP_MR_LEN;
	m = snap_push(&s.mrs, sizeof(*m));
	m->own = tid(393);
	m->mrlen = 16;
	m->valid = SNAP_MR_LEN;
	((struct snap_ctx *)snap_push(&s.ctxs, sizeof(struct snap_ctx)))->own = tid(395);

	n = view_procs(&s, &p);
	CHECK_EQ_U(n, 7);
	if (n != 7)
		goto out;
	/* processes by pid */
	CHECK_EQ_U(p[0].pid, 387);
	CHECK_EQ_S(snap_s(&s, p[0].comm), "ibv_rc_pingpong");
	CHECK_EQ_U(p[1].pid, 393);
	CHECK_EQ_S(snap_s(&s, p[1].comm), "rping");
	CHECK_EQ_U(p[1].n_threads, 3);
	CHECK_EQ_U(p[1].threads[0], 393);
	CHECK_EQ_U(p[1].threads[1], 395);
	CHECK_EQ_U(p[1].threads[2], 396);
	CHECK_EQ_U(p[1].res[SNAP_RES_QP], 2);
	CHECK_EQ_U(p[1].res[SNAP_RES_MR], 2);
	CHECK_EQ_U(p[1].res[SNAP_RES_CTX], 1);
	CHECK_EQ_U(p[1].mr_bytes, 4112);
	CHECK_EQ_U(p[1].qp_state[3], 1);
	CHECK_EQ_U(p[1].qp_state[6], 1);
	CHECK(p[1].valid & VIEW_PROC_PSN_RATE);
	CHECK(p[1].psn_rate == 15);
	CHECK(p[1].valid & VIEW_PROC_UID);
	CHECK_EQ_U(p[1].uid, 1393);
	/* kernel owners by name */
	CHECK(p[2].valid & VIEW_PROC_KERN);
	CHECK_EQ_S(snap_s(&s, p[2].comm), "ib_core");
	CHECK_EQ_U(p[2].res[SNAP_RES_QP], 2);
	CHECK_EQ_U(p[2].pid, 0);
	CHECK_EQ_S(snap_s(&s, p[3].comm), "ib_ipoib");
	/* not visible: one per thread id, then the ownerless */
	CHECK(p[4].valid & VIEW_PROC_HIDDEN);
	CHECK_EQ_U(p[4].n_threads, 0);
	CHECK_EQ_U(p[4].res[SNAP_RES_QP], 1);
	CHECK(p[5].valid & VIEW_PROC_HIDDEN);
	CHECK_EQ_U(p[5].threads[0], 7000);
	CHECK_EQ_U(p[5].res[SNAP_RES_QP], 2);
	CHECK_EQ_U(p[6].threads[0], 7001);
	free(p);
out:
	snap_free(&s);
}

/*
 * Inside a PID namespace the kernel lists every QP and leaves RES_PID out
 * of those whose task it cannot name there (nldev.c fill_res_name_pid):
 * the owner is outside, said so; a kernel owner or a thread whose /proc
 * entry is gone is not.
 */
static void test_pidns_outside(void)
{
	struct snapshot s;
	struct view_proc *p;
	struct view_ctx c = { .s = &s };
	struct snap_owner none = { 0 };
	struct view_value v;
	char buf[64];
	int n, k;

	snap_init(&s);
	task(&s, 42, 42, "inside", NULL);
	qp(&s, 10, 3, tid(42));
	qp(&s, 11, 3, kern(&s, "ib_core"));
	qp(&s, 12, 3, tid(7000));	/* exited: no /proc entry */
	qp(&s, 13, 3, none);
	qp(&s, 14, 3, none);
	for (k = 0; k < 5; k++) {
		view_get(&c, VIEW_QPS, (size_t)k, VC_QP_PID, &v);
		CHECK_EQ_U(v.outside, k >= 3);
		CHECK_EQ_U(v.valid, k == 0);
		view_get(&c, VIEW_QPS, (size_t)k, VC_QP_COMM, &v);
		CHECK_EQ_U(v.outside, k >= 3);
	}
	CHECK(!view_owner_outside(&SNAP_AT(&s.qps, struct snap_qp, 1)->own));
	CHECK(view_owner_outside(&SNAP_AT(&s.qps, struct snap_qp, 4)->own));
	n = view_procs(&s, &p);
	c.procs = p;
	c.n_procs = n > 0 ? (size_t)n : 0;
	/* inside, ib_core, the outside ones together, then the exited thread */
	CHECK_EQ_U(n, 4);
	if (n == 4) {
		CHECK_EQ_U(p[2].res[SNAP_RES_QP], 2);
		view_get(&c, VIEW_PROCS, 2, VC_PROC_COMM, &v);
		CHECK_EQ_S(view_fmt(&v, buf, sizeof(buf)), "(outside this PID namespace)");
		view_get(&c, VIEW_PROCS, 3, VC_PROC_COMM, &v);
		CHECK_EQ_S(view_fmt(&v, buf, sizeof(buf)), "(not visible)");
	}
	free(p);
	snap_free(&s);
}

static void test_procs_empty(void)
{
	struct snapshot s;
	struct view_proc *p;

	snap_init(&s);
	CHECK_EQ_U(view_procs(&s, &p), 0);
	free(p);
	snap_free(&s);
}

/* QPs with lqpn 5,3,9,3(n/a state),... for sorting */
static void sort_fixture(struct snapshot *s)
{
	static const uint32_t lqpn[] = { 5, 30, 9, 100, 30, 7 };
	static const char *const comm[] = { "b", "a", "c", "a", NULL, "B" };
	size_t i;

	snap_init(s);
	for (i = 0; i < 6; i++) {
		struct snap_qp *q;

		task(s, (uint32_t)(100 + i), (uint32_t)(100 + i), comm[i] ? comm[i] : "", NULL);
		if (!comm[i])
			snap_task_get(s, (uint32_t)(100 + i))->valid &= ~SNAP_TASK_COMM;
		q = qp(s, lqpn[i], 3, tid((uint32_t)(100 + i)));
		if (i == 2)
			q->valid &= ~SNAP_QP_STATE;
	}
}

static void check_rows(const size_t *rows, ssize_t n, const size_t *want, size_t nw)
{
	size_t i;

	CHECK_EQ_U(n, nw);
	for (i = 0; i < nw && i < (size_t)n; i++)
		CHECK_EQ_U(rows[i], want[i]);
}

static void test_sort(void)
{
	struct snapshot s;
	struct view_ctx c = { 0 };
	size_t *rows;
	ssize_t n;

	sort_fixture(&s);
	c.s = &s;
	/* numeric: 100 after 30 (not "100" < "30"), ties stable */
	n = view_rows(&c, VIEW_QPS, NULL, view_col_find(VIEW_QPS, "lqpn"), false, &rows);
	check_rows(rows, n, (size_t[]){ 0, 5, 2, 1, 4, 3 }, 6);
	free(rows);
	/* reversed: descending, ties still in natural order */
	n = view_rows(&c, VIEW_QPS, NULL, view_col_find(VIEW_QPS, "lqpn"), true, &rows);
	check_rows(rows, n, (size_t[]){ 3, 1, 4, 2, 5, 0 }, 6);
	free(rows);
	/* strings with strcmp ("B" < "a"), n/a last */
	n = view_rows(&c, VIEW_QPS, NULL, view_col_find(VIEW_QPS, "comm"), false, &rows);
	check_rows(rows, n, (size_t[]){ 5, 1, 3, 0, 2, 4 }, 6);
	free(rows);
	/* n/a stays last when reversed */
	n = view_rows(&c, VIEW_QPS, NULL, view_col_find(VIEW_QPS, "comm"), true, &rows);
	check_rows(rows, n, (size_t[]){ 2, 0, 1, 3, 5, 4 }, 6);
	free(rows);
	n = view_rows(&c, VIEW_QPS, NULL, view_col_find(VIEW_QPS, "state"), false, &rows);
	check_rows(rows, n, (size_t[]){ 0, 1, 3, 4, 5, 2 }, 6);
	free(rows);
	/* natural order, and reversed */
	n = view_rows(&c, VIEW_QPS, NULL, -1, false, &rows);
	check_rows(rows, n, (size_t[]){ 0, 1, 2, 3, 4, 5 }, 6);
	free(rows);
	n = view_rows(&c, VIEW_QPS, NULL, -1, true, &rows);
	check_rows(rows, n, (size_t[]){ 5, 4, 3, 2, 1, 0 }, 6);
	free(rows);
	n = view_rows(&c, VIEW_CQS, NULL, 0, false, &rows);
	CHECK_EQ_U(n, 0);
	free(rows);
	snap_free(&s);
}

/*
 * Saturated counters' rates ("sat": not known) sort together as the largest
 * unknown: above every known rate high to low, below them low to high, n/a
 * last either way (issue 46: symbol_error on top, port_xmit_discards and
 * link_downed among the 0/s rows).
 */
static void test_sort_sat(void)
{
	static const struct {
		double rate;
		bool sat, data;
	} d[] = {
		{ 5, true, true },  { 0, false, true },	  { 4.5e6, false, true },
		{ 0, true, false }, { 0, false, false }, { 2.5e3, false, true },
		{ 0, true, true },
	};
	struct snapshot s;
	struct view_ctx c = { 0 };
	struct view_value a, b;
	int col = view_col_find(VIEW_COUNTERS, "rate");
	size_t *rows, i;
	ssize_t n;

	snap_init(&s);
	for (i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
		struct snap_counter *k = snap_push(&s.counters, sizeof(*k));

		k->port = 1;
		k->name = snap_str(&s, "symbol_error", 64);
		k->rate = d[i].rate;
		k->rate_status = d[i].data ? RATE_DATA : RATE_INIT;
		k->sat = d[i].sat ? SNAP_CNT_SATURATES | SNAP_CNT_SATURATED : 0;
	}
	c.s = &s;
	CHECK(col >= 0);
	n = view_rows(&c, VIEW_COUNTERS, NULL, col, true, &rows);
	check_rows(rows, n, (size_t[]){ 0, 3, 6, 2, 5, 1, 4 }, 7);
	free(rows);
	n = view_rows(&c, VIEW_COUNTERS, NULL, col, false, &rows);
	check_rows(rows, n, (size_t[]){ 1, 5, 2, 0, 3, 6, 4 }, 7);
	free(rows);
	/* view_cmp agrees: "sat" above 4.5M/s, two "sat" equal */
	view_get(&c, VIEW_COUNTERS, 0, col, &a);
	view_get(&c, VIEW_COUNTERS, 2, col, &b);
	CHECK(view_cmp(&a, &b) > 0 && view_cmp(&b, &a) < 0);
	view_get(&c, VIEW_COUNTERS, 3, col, &b);
	CHECK(view_cmp(&a, &b) == 0);
	snap_free(&s);
}

static void test_cols(void)
{
	size_t n, i;
	int t;

	for (t = 0; t < VIEW_N; t++) {
		const struct view_col *c = view_cols((enum view_table)t, &n);

		CHECK(n > 0);
		for (i = 0; i < n; i++)
			CHECK_EQ_U(view_col_find((enum view_table)t, c[i].name), i);
		CHECK(*view_table_name((enum view_table)t));
	}
	CHECK(view_col_find(VIEW_DEVS, "lqpn") < 0);
	CHECK(view_col_find(VIEW_QPS, "pid") >= 0);
	CHECK(view_col_find(VIEW_QPS, "tid") >= 0);
	CHECK(view_col_find(VIEW_QPS, "psn_rate") >= 0);
}

/* Every column is described, and a column playing a role is the one of that name. */
static void test_col_descriptors(void)
{
	static const char *const role_name[VIEW_ROLE_N] = {
		[VIEW_ROLE_DEV] = "dev", [VIEW_ROLE_PORT] = "port", [VIEW_ROLE_LQPN] = "lqpn",
		[VIEW_ROLE_PID] = "pid", [VIEW_ROLE_TID] = "tid", [VIEW_ROLE_COMM] = "comm",
	};
	size_t n, i;
	int t, r;

	for (t = 0; t < VIEW_N; t++) {
		const struct view_col *c = view_cols((enum view_table)t, &n);

		for (i = 0; i < n; i++) {
			CHECK(c[i].name && c[i].header && c[i].width > 0);
			CHECK(c[i].desc && *c[i].desc);
		}
		for (r = 0; r < VIEW_ROLE_N; r++) {
			int k = view_col_role((enum view_table)t, (enum view_role)r);

			if (k >= 0)
				CHECK_EQ_S(c[k].name, role_name[r]);
			else if (t != VIEW_PROCS)	/* its pid and comm are its own */
				CHECK(view_col_find((enum view_table)t, role_name[r]) < 0 ||
				      r == VIEW_ROLE_LQPN || r == VIEW_ROLE_PORT);
		}
	}
	/* the owner of every resource table whose rows have owners */
	for (t = VIEW_RES; t < VIEW_N; t++) {
		bool owned = snap_res_owned(t - VIEW_RES);

		CHECK((view_col_role((enum view_table)t, VIEW_ROLE_PID) >= 0) == owned);
		CHECK((view_col_role((enum view_table)t, VIEW_ROLE_TID) >= 0) == owned);
		CHECK((view_col_role((enum view_table)t, VIEW_ROLE_COMM) >= 0) == owned);
		CHECK_EQ_U(view_col_role((enum view_table)t, VIEW_ROLE_DEV), 0);
	}
}

/* doc/json.md lists each table's columns, in their order. */
static void test_cols_documented(void)
{
	size_t len, n, i;
	char *doc = test_slurp("doc/json.md", &len);
	int t;

	CHECK(doc != NULL);
	for (t = 0; doc && t < VIEW_N; t++) {
		const struct view_col *c = view_cols((enum view_table)t, &n);
		char want[1024] = "", *p;
		int k = snprintf(want, sizeof(want), "| %s | `", view_table_name((enum view_table)t));

		for (i = 0; i < n && k < (int)sizeof(want); i++)
			k += snprintf(want + k, sizeof(want) - (size_t)k, "%s%s", i ? " " : "",
				      c[i].name);
		p = strstr(doc, want);
		CHECK(p != NULL && p[strlen(want)] == '`');
		if (!p || p[strlen(want)] != '`')
			fprintf(stderr, "doc/json.md lacks: %s` |\n", want);
	}
	free(doc);
}

static void test_get_fmt(void)
{
	struct snapshot s;
	struct view_ctx c = { .s = &s };
	struct view_value v;
	struct snap_mr *m;
	struct snap_dev *d;
	struct snap_counter *k;
	char buf[64];

	snap_init(&s);
	d = snap_push(&s.devs, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "rxe0");
	d->node_guid = 0x000000fffe000001ULL;
	d->valid = SNAP_DEV_NODE_GUID;
	m = snap_push(&s.mrs, sizeof(*m));
	m->rkey = 0x2fa;
	m->mrlen = 1536;
	m->valid = SNAP_MR_RKEY | SNAP_MR_LEN;
	k = snap_push(&s.counters, sizeof(*k));
	k->port = 1;
	k->name = snap_str(&s, "rx_bytes", 64);
	k->source = SNAP_SRC_NETDEV;
	k->unit = SNAP_UNIT_BYTES;
	k->rate = 2.5 * 1048576;
	k->rate_status = RATE_DATA;

	view_get(&c, VIEW_DEVS, 0, view_col_find(VIEW_DEVS, "node_guid"), &v);
	CHECK_EQ_S(view_fmt(&v, buf, sizeof(buf)), "0000:00ff:fe00:0001");
	view_get(&c, VIEW_DEVS, 0, view_col_find(VIEW_DEVS, "fw"), &v);
	CHECK_EQ_S(view_fmt(&v, buf, sizeof(buf)), "n/a");
	view_get(&c, VIEW_MRS, 0, view_col_find(VIEW_MRS, "rkey"), &v);
	CHECK_EQ_S(view_fmt(&v, buf, sizeof(buf)), "2fa");
	view_get(&c, VIEW_MRS, 0, view_col_find(VIEW_MRS, "mrlen"), &v);
	CHECK_EQ_S(view_fmt(&v, buf, sizeof(buf)), "1.5 KiB");
	view_get(&c, VIEW_MRS, 0, view_col_find(VIEW_MRS, "lkey"), &v);
	CHECK(!v.valid);
	view_get(&c, VIEW_MRS, 0, view_col_find(VIEW_MRS, "dev"), &v);
	CHECK_EQ_S(view_fmt(&v, buf, sizeof(buf)), "rxe0");	/* index 0 is valid */
	m->dev = 7;
	view_get(&c, VIEW_MRS, 0, view_col_find(VIEW_MRS, "dev"), &v);
	CHECK(!v.valid);	/* a device this snapshot does not know: n/a */
	view_get(&c, VIEW_COUNTERS, 0, view_col_find(VIEW_COUNTERS, "rate"), &v);
	CHECK_EQ_S(view_fmt(&v, buf, sizeof(buf)), "2.5 MiB/s");
	view_get(&c, VIEW_COUNTERS, 0, view_col_find(VIEW_COUNTERS, "source"), &v);
	CHECK_EQ_S(view_fmt(&v, buf, sizeof(buf)), "netdev");
	/* out of range: n/a, no crash */
	view_get(&c, VIEW_MRS, 5, 0, &v);
	CHECK(!v.valid);
	view_get(&c, VIEW_MRS, 0, 99, &v);
	CHECK(!v.valid);
	snap_free(&s);
}

static void test_link_rates(void)
{
	struct snapshot s;
	struct view_link_rates r;
	static const struct {
		uint8_t src;
		const char *name;
		double rate;
		uint8_t st;
	} cs[] = {
		{ SNAP_SRC_NETDEV, "rx_bytes", 100, RATE_DATA },
		{ SNAP_SRC_PMA, "port_rcv_data", 400, RATE_DATA },	/* PMA wins */
		{ SNAP_SRC_NETDEV, "rx_bytes", 100, RATE_DATA },	/* ... even after */
		{ SNAP_SRC_NETDEV, "tx_bytes", 200, RATE_DATA },
		{ SNAP_SRC_PMA, "port_xmit_data", 1, RATE_INIT },	/* no rate: n/a */
		{ SNAP_SRC_NETDEV, "rx_packets", 3, RATE_RESET },
		{ SNAP_SRC_HW, "rdma_tx_packets", 9, RATE_DATA },	/* mlx5 RDMA only: not the link's */
	};
	size_t i;

	snap_init(&s);
	for (i = 0; i < sizeof(cs) / sizeof(cs[0]); i++) {
		struct snap_counter *c = snap_push(&s.counters, sizeof(*c));

		c->port = 1;
		c->source = cs[i].src;
		c->name = snap_str(&s, cs[i].name, 64);
		c->rate = cs[i].rate;
		c->rate_status = cs[i].st;
	}
	view_link_rates(&s, 0, 1, &r);
	CHECK(r.valid[0] && r.v[0] == 400);
	/* the PMA's is the figure: this sample it has no rate, and the
	 * netdev's (another count) does not stand in for it */
	CHECK(!r.valid[1]);
	CHECK(!r.valid[2]);
	CHECK(!r.valid[3]);
	CHECK_EQ_U(r.src[0], SNAP_SRC_PMA);
	view_link_rates(&s, 0, 2, &r);
	CHECK(!r.valid[0]);
	snap_free(&s);
	/* the driver's own byte counters (efa, bnxt_re: the counter table's
	 * link counters) before the netdev's, the PMA's before them */
	snap_init(&s);
	for (i = 0; i < 4; i++) {
		static const struct {
			uint8_t src;
			const char *name;
			double rate;
		} d[] = {
			{ SNAP_SRC_NETDEV, "rx_bytes", 100 }, { SNAP_SRC_HW, "rx_bytes", 700 },
			{ SNAP_SRC_HW, "tx_pkts", 5 }, { SNAP_SRC_HW, "rdma_read_bytes", 9 },
		};
		struct snap_counter *c = snap_push(&s.counters, sizeof(*c));

		c->port = 1;
		c->source = d[i].src;
		c->name = snap_str(&s, d[i].name, 64);
		c->rate = d[i].rate;
		c->rate_status = RATE_DATA;
	}
	view_link_rates(&s, 0, 1, &r);
	CHECK(r.valid[0] && r.v[0] == 700 && r.src[0] == SNAP_SRC_HW);
	CHECK(!r.valid[1]);	/* rdma_read_bytes is a part, not the link's */
	CHECK(r.valid[3] && r.v[3] == 5 && r.src[3] == SNAP_SRC_HW);
	CHECK_EQ_S(view_link_src_name(r.src[0]), "hw");
	snap_free(&s);
	/* the link's rate from ib_core's rate string */
	CHECK(view_link_speed("400 Gb/sec (4X NDR)") == 400e9);
	CHECK(view_link_speed("2.5 Gb/sec (1X SDR)") == 2.5e9);
	CHECK(view_link_speed("100 Gb/sec (4X EDR)\n") == 100e9);
	CHECK(view_link_speed("Unknown") == 0);
	CHECK(view_link_speed("10 Mb/sec") == 0);
	CHECK(view_link_speed("") == 0);
}

TEST_MAIN(test_procs, test_pidns_outside, test_procs_empty, test_sort, test_sort_sat, test_cols, test_col_descriptors, test_cols_documented, test_get_fmt, test_link_rates)
