// SPDX-License-Identifier: GPL-2.0-or-later
/* The columns of the dashboard's tables: --columns and the W line agree. */
#include "test.h"
#include "ui.h"

static void test_spec_round_trip(void)
{
	static struct ui u;
	char err[200], buf[512];

	memset(&u, 0, sizeof(u));
	CHECK_EQ_U(ui_set_columns(&u, "qps:lqpn,comm,state", err, sizeof(err)), 0);
	CHECK_EQ_U(u.view.panes[UI_QPS].n_cols, 3);
	CHECK_EQ_U(u.view.panes[UI_QPS].cols[0], VC_QP_LQPN);
	CHECK_EQ_U(u.view.panes[UI_QPS].cols[1], VC_QP_COMM);
	ui_columns_spec(&u, UI_QPS, buf, sizeof(buf));
	CHECK_EQ_S(buf, "qps:lqpn,comm,state");
	CHECK_EQ_U(ui_set_columns(&u, "groups:kind,group,qp", err, sizeof(err)), 0);
	CHECK_EQ_U(u.view.panes[UI_GROUPS].cols[2], VC_GRP_OF(QP));
	ui_columns_spec(&u, UI_GROUPS, buf, sizeof(buf));
	CHECK_EQ_S(buf, "groups:kind,group,qp");
}

static void test_defaults_unsaved(void)
{
	static struct ui u;
	char err[200], buf[512];
	size_t n;
	const int *def = ui_pane_cols_default(UI_PROCS, &n);

	memset(&u, 0, sizeof(u));
	memcpy(u.view.panes[UI_PROCS].cols, def, n * sizeof(*def));
	u.view.panes[UI_PROCS].n_cols = n;
	ui_columns_spec(&u, UI_PROCS, buf, sizeof(buf));
	CHECK_EQ_S(buf, "");
	CHECK(ui_set_columns(&u, "processes:pid,nosuch", err, sizeof(err)) < 0);
	CHECK(strstr(err, "no such column 'nosuch'") != NULL);
	CHECK_EQ_U(u.view.panes[UI_PROCS].n_cols, n);	/* unchanged */
	CHECK(ui_columns_check("nosuch:dev", err, sizeof(err)) < 0);
	CHECK_EQ_U(ui_columns_check("devices:dev", err, sizeof(err)), 0);
	CHECK_EQ_U(ui_columns_check("groups:kind,group", err, sizeof(err)), 0);
	CHECK(ui_columns_check("qps", err, sizeof(err)) < 0);
	CHECK(ui_columns_check("qps:", err, sizeof(err)) < 0);
	CHECK_EQ_U(ui_columns_check("cm_ids:dev,src,dst", err, sizeof(err)), 0);
}

TEST_MAIN(test_spec_round_trip, test_defaults_unsaved)
