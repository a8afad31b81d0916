// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The dashboard dumps only the resource tables a view needs: the needs of
 * each tab and drill-down, the cost record that says which tables a
 * sample left out, and those tables carried with their age (budget 0).
 */
#include "ui.h"
#include "test.h"

#define B(r) (1u << SNAP_RES_##r)
#define ALL ((1u << SNAP_RES_N) - 1)
/* newer objects' tables, asked for by every view: their tabs show where
 * the kernel answers */
#define NEWER_BIT(ID, name, cmd, dump, proc, flags, tab) | (((flags)&SNAP_RES_NEWER) ? B(ID) : 0)
#define N (0 SNAP_RES_LIST(NEWER_BIT))

static void test_tabs(void)
{
	CHECK_EQ_U(ui_needs(UI_QPS, DETAIL_NONE), (B(QP)) | N);
	CHECK_EQ_U(ui_needs(UI_CONNS, DETAIL_NONE), (B(CM_ID)) | N);
	CHECK_EQ_U(ui_needs(UI_CQS, DETAIL_NONE), (B(CQ)) | N);
	CHECK_EQ_U(ui_needs(UI_MRS, DETAIL_NONE), (B(MR)) | N);
	CHECK_EQ_U(ui_needs(UI_PDS, DETAIL_NONE), (B(PD)) | N);
	CHECK_EQ_U(ui_needs(UI_CTXS, DETAIL_NONE), (B(CTX)) | N);
	CHECK_EQ_U(ui_needs(UI_SRQS, DETAIL_NONE), (B(SRQ)) | N);
	/* per-process and per-group sums of every table */
	CHECK_EQ_U(ui_needs(UI_PROCS, DETAIL_NONE), ALL);
	CHECK_EQ_U(ui_needs(UI_GROUPS, DETAIL_NONE), ALL);
	/* counters, links, devices: no resource dump (the header's counts
	 * are the summary's) */
	CHECK_EQ_U(ui_needs(UI_COUNTERS, DETAIL_NONE), N);
	CHECK_EQ_U(ui_needs(UI_LINKS, DETAIL_NONE), N);
	CHECK_EQ_U(ui_needs(UI_DEVS, DETAIL_NONE), N);
}

static void test_details(void)
{
	int p;

	for (p = 0; p < UI_PANE_N; p++) {
		CHECK_EQ_U(ui_needs((enum ui_pane)p, DETAIL_PROC), ALL);
		CHECK_EQ_U(ui_needs((enum ui_pane)p, DETAIL_QP), (B(QP) | B(CM_ID)) | N);
		CHECK_EQ_U(ui_needs((enum ui_pane)p, DETAIL_LINK), N);
		CHECK_EQ_U(ui_needs((enum ui_pane)p, DETAIL_DEV), N);
	}
}

/* Every table is some tab's own: none is left out for good. */
static void test_every_table_shown(void)
{
	uint32_t own = 0;
	int p;

	for (p = 0; p < UI_PANE_N; p++)
		if (ui_needs((enum ui_pane)p, DETAIL_NONE) != ALL)
			own |= ui_needs((enum ui_pane)p, DETAIL_NONE);
	CHECK_EQ_U(own, ALL);
}

/* The cost record says which tables were left out; such a sample, not
 * paced, carries them from the previous one with their age. */
static void test_skip_carried(void)
{
	struct snapshot a, b;
	struct snap_self m = { .budget = 0, .skip = B(CQ) | B(MR) };
	struct snap_dev *d;
	struct snap_cq *c;
	char buf[1024];
	int n = snap_self_format(&m, buf, sizeof(buf));

	CHECK(n > 0);
	snap_init(&a);
	snap_init(&b);
	a.mono.tv_sec = 10;
	d = snap_push(&a.devs, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "rxe0");
	d->res_asked = ALL;
	d->res_when[SNAP_RES_CQ] = a.mono;
	c = snap_push(&a.cqs, sizeof(*c));
	c->cqn = 7;
	b.mono.tv_sec = 12;
	CHECK_EQ_U(snap_self_parse(&b, buf, (size_t)n), 0);
	CHECK(b.self.valid & SNAP_SELF_SKIP);
	CHECK_EQ_U(b.self.skip, B(CQ) | B(MR));
	d = snap_push(&b.devs, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "rxe0");
	d->res_asked = ALL & ~(B(CQ) | B(MR));
	CHECK_EQ_U(snap_carry(&a, &b), 0);
	CHECK_EQ_U(b.cqs.n, 1);
	CHECK_EQ_U(SNAP_AT(&b.cqs, struct snap_cq, 0)->cqn, 7);
	CHECK(snap_table_age(&b, SNAP_RES_CQ) == 2);
	/* a record without the key (every table asked): nothing carried */
	snap_free(&b);
	snap_init(&b);
	m.skip = 0;
	n = snap_self_format(&m, buf, sizeof(buf));
	CHECK(n > 0 && !strstr(buf, "skip"));
	CHECK_EQ_U(snap_self_parse(&b, buf, (size_t)n), 0);
	d = snap_push(&b.devs, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "rxe0");
	CHECK_EQ_U(snap_carry(&a, &b), 0);
	CHECK_EQ_U(b.cqs.n, 0);
	/* a damaged mask keeps no bit past the tables */
	CHECK_EQ_U(snap_self_parse(&b, "skip 4096\n", 10), 0);
	CHECK_EQ_U(b.self.skip, 0);
	snap_free(&a);
	snap_free(&b);
}

TEST_MAIN(test_tabs, test_details, test_every_table_shown, test_skip_carried)
