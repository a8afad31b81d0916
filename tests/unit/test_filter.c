// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>

#include "view.h"
#include "test.h"

/*
 * Two devices; QPs: 0 rxe0 RC RTS pid 42 "ibv_rc_pingpong", 1 rxe0 UD INIT
 * pid 42, 2 rxe1 GSI RTS kernel "ib_core", 3 rxe0 RC n/a state, tid 77 (no
 * process); one MR with rkey 0x2fa.
 */
static void fixture(struct snapshot *s)
{
	static const struct {
		uint32_t dev, lqpn, tid;
		uint8_t type, state;
		bool has_state;
	} q[] = {
		{ 0, 17, 42, 2, 3, true }, { 0, 18, 43, 4, 1, true },
		{ 1, 1, 0, 1, 3, true }, { 0, 19, 77, 2, 0, false },
	};
	struct snap_dev *d;
	struct snap_task *t;
	struct snap_mr *m;
	size_t i;

	snap_init(s);
	d = snap_push(&s->devs, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "rxe0");
	d = snap_push(&s->devs, sizeof(*d));
	d->index = 1;
	snprintf(d->name, sizeof(d->name), "rxe1");
	for (i = 42; i <= 43; i++) {
		t = snap_task_get(s, (uint32_t)i);
		t->pid = 42;
		t->comm = snap_str(s, "ibv_rc_pingpong", 64);
		t->valid = SNAP_TASK_PID | SNAP_TASK_COMM;
	}
	for (i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
		struct snap_qp *p = snap_push(&s->qps, sizeof(*p));

		p->dev = q[i].dev;
		p->lqpn = q[i].lqpn;
		p->type = q[i].type;
		p->state = q[i].state;
		p->valid = SNAP_QP_TYPE | (q[i].has_state ? SNAP_QP_STATE : 0);
		if (q[i].tid) {
			p->own.tid = q[i].tid;
			p->own.valid = SNAP_OWN_TID;
		} else {
			p->own.kern = snap_str(s, "ib_core", 64);
			p->own.valid = SNAP_OWN_KERN;
		}
	}
	m = snap_push(&s->mrs, sizeof(*m));
	m->rkey = 0x2fa;
	m->valid = SNAP_MR_RKEY;
}

/* Which rows of table t match expr, as a bit mask. */
static unsigned int match(const struct snapshot *s, enum view_table t, const char *expr)
{
	struct view_ctx c = { .s = s };
	struct view_filter *f = view_filter_new();
	char err[256];
	unsigned int mask = 0;
	size_t i;

	if (view_filter_add(f, expr, err, sizeof(err))) {
		fprintf(stderr, "%s: %s\n", expr, err);
		view_filter_free(f);
		return 0xdead;
	}
	for (i = 0; i < view_count(&c, t); i++)
		if (view_filter_match(f, &c, t, i))
			mask |= 1u << i;
	view_filter_free(f);
	return mask;
}

static void test_ops(void)
{
	struct snapshot s;

	fixture(&s);
	CHECK_EQ_U(match(&s, VIEW_QPS, "dev=rxe0"), 0xb);
	CHECK_EQ_U(match(&s, VIEW_QPS, "dev!=rxe0"), 0x4);
	CHECK_EQ_U(match(&s, VIEW_QPS, "type=RC"), 0x9);
	CHECK_EQ_U(match(&s, VIEW_QPS, "type=rc"), 0x9);	/* case-insensitive */
	CHECK_EQ_U(match(&s, VIEW_QPS, "state=RTS"), 0x5);
	/* n/a state: never equal, always unequal */
	CHECK_EQ_U(match(&s, VIEW_QPS, "state!=RTS"), 0xa);
	CHECK_EQ_U(match(&s, VIEW_QPS, "comm~^ib_"), 0x4);
	CHECK_EQ_U(match(&s, VIEW_QPS, "comm!~^ib_"), 0xb);
	CHECK_EQ_U(match(&s, VIEW_QPS, "comm~(pong|core)$"), 0x7);
	CHECK_EQ_U(match(&s, VIEW_QPS, "lqpn~^1[78]$"), 0x3);
	snap_free(&s);
}

static void test_numbers(void)
{
	struct snapshot s;

	fixture(&s);
	/* the process, not the thread: 43 is a thread of 42 */
	CHECK_EQ_U(match(&s, VIEW_QPS, "pid=42"), 0x3);
	CHECK_EQ_U(match(&s, VIEW_QPS, "pid=0042"), 0x3);
	CHECK_EQ_U(match(&s, VIEW_QPS, "tid=43"), 0x2);
	CHECK_EQ_U(match(&s, VIEW_QPS, "pid!=42"), 0xc);
	CHECK_EQ_U(match(&s, VIEW_QPS, "lqpn=17"), 0x1);
	/* key columns read hex like rdma prints them */
	CHECK_EQ_U(match(&s, VIEW_MRS, "rkey=2fa"), 0x1);
	CHECK_EQ_U(match(&s, VIEW_MRS, "rkey=0x2FA"), 0x1);
	CHECK_EQ_U(match(&s, VIEW_MRS, "rkey=2fb"), 0);
	snap_free(&s);
}

static void test_terms_and_tables(void)
{
	struct snapshot s;

	fixture(&s);
	/* all terms must match */
	CHECK_EQ_U(match(&s, VIEW_QPS, "dev=rxe0 type=RC"), 0x9);
	CHECK_EQ_U(match(&s, VIEW_QPS, "  dev=rxe0\ttype=RC  state=RTS "), 0x1);
	/* a key the table lacks does not filter it */
	CHECK_EQ_U(match(&s, VIEW_DEVS, "type=RC"), 0x3);
	CHECK_EQ_U(match(&s, VIEW_DEVS, "type=RC dev=rxe1"), 0x2);
	CHECK_EQ_U(match(&s, VIEW_MRS, "state=RTS"), 0x1);
	/* TABLE.KEY: that table only */
	CHECK_EQ_U(match(&s, VIEW_QPS, "qps.state=RTS"), 0x5);
	CHECK_EQ_U(match(&s, VIEW_QPS, "devices.dev=rxe1"), 0xf);
	CHECK_EQ_U(match(&s, VIEW_DEVS, "devices.dev=rxe1"), 0x2);
	CHECK_EQ_U(match(&s, VIEW_DEVS, "qps.dev=rxe1"), 0x3);
	snap_free(&s);
}

static void check_bad(const char *expr, const char *want)
{
	struct view_filter *f = view_filter_new();
	char err[256] = "";
	int rc = view_filter_add(f, expr, err, sizeof(err));

	CHECK(rc < 0);
	CHECK(strstr(err, want) != NULL);
	CHECK(!strchr(err, '\n'));
	if (!strstr(err, want))
		fprintf(stderr, "'%s' -> '%s'\n", expr, err);
	view_filter_free(f);
}

static void test_bad(void)
{
	struct view_filter *f;
	char err[256];
	char many[1024] = "";
	int i;

	check_bad("dev", "expected KEY=VALUE");
	check_bad("=rxe0", "missing key");
	check_bad("dev=", "missing value");
	check_bad("nosuchkey=1", "unknown key 'nosuchkey'");
	check_bad("comm~(", "bad filter 'comm~('");
	check_bad("comm~^i*++++++++", "stacked repetitions");
	check_bad("comm~x{2}*", "stacked repetitions");
	/* back-references: glibc matches them by backtracking, exponentially */
	check_bad("comm~(.*)(.*)(.*)\\3\\2\\1x", "back-references");
	check_bad("comm~(a)\\1", "back-references");
	check_bad("comm!~[[:alpha:]](x)\\1", "back-references");
	check_bad("comm~[]](.)\\9", "back-references");
	check_bad("pid=abc", "pid takes a number");
	check_bad("port=-1", "port takes a number");
	check_bad("", "empty filter");
	check_bad("nosuch.state=RTS", "unknown table 'nosuch'");
	check_bad("devices.lqpn=1", "unknown key 'lqpn'");
	check_bad("dev=rxe0 oops", "bad filter 'oops'");
	for (i = 0; i <= VIEW_FILTER_MAX; i++)
		strcat(many, "dev=rxe0 ");
	check_bad(many, "too many");

	/* a failed expression adds nothing */
	f = view_filter_new();
	CHECK_EQ_U(view_filter_add(f, "dev=rxe0 pid=x", err, sizeof(err)), (uint64_t)-EINVAL);
	{
		struct snapshot s;
		struct view_ctx c = { .s = &s };

		fixture(&s);
		CHECK(view_filter_match(f, &c, VIEW_QPS, 2));
		snap_free(&s);
	}
	view_filter_free(f);
	view_filter_free(NULL);
}

/* a backslash and a digit inside brackets, or an escaped backslash, are
 * characters, not back-references */
static void test_not_backrefs(void)
{
	struct view_filter *f = view_filter_new();
	char err[256] = "";

	CHECK_EQ_U(view_filter_add(f, "comm~[\\1]", err, sizeof(err)), 0);
	CHECK_EQ_U(view_filter_add(f, "comm~[[:alpha:]\\1]x", err, sizeof(err)), 0);
	CHECK_EQ_U(view_filter_add(f, "comm~\\\\1", err, sizeof(err)), 0);
	CHECK_EQ_U(view_filter_add(f, "comm~[]\\1]", err, sizeof(err)), 0);
	CHECK_EQ_S(err, "");
	view_filter_free(f);
}

static void test_rows_filtered(void)
{
	struct snapshot s;
	struct view_ctx c = { .s = &s };
	struct view_filter *f = view_filter_new();
	char err[128];
	size_t *rows;
	ssize_t n;

	fixture(&s);
	CHECK_EQ_U(view_filter_add(f, "dev=rxe0", err, sizeof(err)), 0);
	CHECK_EQ_U(view_filter_add(f, "type!=UD", err, sizeof(err)), 0);
	n = view_rows(&c, VIEW_QPS, f, view_col_find(VIEW_QPS, "lqpn"), true, &rows);
	CHECK_EQ_U(n, 2);
	if (n == 2) {
		CHECK_EQ_U(rows[0], 3);
		CHECK_EQ_U(rows[1], 0);
	}
	free(rows);
	view_filter_free(f);
	snap_free(&s);
}

TEST_MAIN(test_ops, test_numbers, test_terms_and_tables, test_bad, test_not_backrefs,
	  test_rows_filtered)
