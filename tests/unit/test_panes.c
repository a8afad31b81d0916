// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tabs (include/ui.h): each object's pane at the place SNAP_RES_LIST
 * gives it, the panes that are no object's at theirs, none left out (a
 * place no line and no pane holds would show the QPs twice), and the
 * titles and keys a user knows.
 */
#include "../../src/ui/priv.h"
#include "test.h"

static void test_places(void)
{
	bool seen[VIEW_N] = { false };
	char buf[64], all[512] = "";
	size_t p;

	for (p = 0; p < UI_PANE_N; p++) {
		enum view_table t = ui_pane_table((enum ui_pane)p);

		/* the Stalls are a view of the QPs' table, its one second pane */
		CHECK(t < VIEW_N && (!seen[t] || p == UI_STALLS));
		if (t < VIEW_N)
			seen[t] = true;
		snprintf(all + strlen(all), sizeof(all) - strlen(all), "%s%s", p ? "," : "",
			 ui_pane_title((enum ui_pane)p, buf, sizeof(buf)));
	}
	CHECK_EQ_S(all, "QPs,Processes,Counters,Connections,Links,Devices,CQs,MRs,PDs,CTXs,SRQs,"
			"Groups,FRMR pools,Stalls");
	CHECK_EQ_U(ui_pane_table(UI_STALLS), VIEW_QPS);
	CHECK_EQ_U(UI_STALLS, UI_PANE_N - 1);
	/* an object's pane shows its table; the Connections are the CM_IDs' */
	CHECK_EQ_U(ui_pane_table(UI_CQS), VIEW_CQS);
	CHECK_EQ_U(ui_pane_table(UI_CONNS), VIEW_CM_IDS);
	CHECK_EQ_U(ui_pane_table(UI_FRMR_POOLS), VIEW_FRMR_POOLS);
	CHECK(ui_pane_is_obj(UI_SRQS) && !ui_pane_is_obj(UI_QPS) && !ui_pane_is_obj(UI_CONNS) &&
	      !ui_pane_is_obj(UI_GROUPS));
}

TEST_MAIN(test_places)
