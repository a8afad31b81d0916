// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PDs (RDMA_NLDEV_CMD_RES_PD_GET, nldev.c fill_res_pd_entry): the one
 * declaration of the object.  local_dma_lkey and unsafe_global_rkey are
 * sent only to CAP_NET_ADMIN, and the rkey only when the PD has one
 * (IB_PD_UNSAFE_GLOBAL_RKEY).
 */
#include "cols.h"
#include "nl.h"

#define PD struct snap_pd

/* a column only this table knows: its id after PD_NAMED, its entry after the owner's */
enum { PD_NAMED = VC_PD_N - 1, PD_NCOLS };

static const struct view_col pd_fields[PD_NCOLS] = {
	[VC_PD_DEV] = COL_DEV_P(PD, 1),
	[VC_PD_PDN] = { COL_NA("pdn", "PDN", 4, PD, pdn, SNAP_PD_PDN, RES_PDN, "pdn", "PD number"),
			.prio = 2 },
	[VC_PD_LDMA] = { COL_NA("local_dma_lkey", "LDMA_LKEY", 9, PD, local_dma_lkey,
				SNAP_PD_LOCAL_DMA_LKEY, RES_LOCAL_DMA_LKEY, "local_dma_lkey",
				"local DMA key"),
			 .fmt = VIEW_F_HEX, .flags = VIEW_C_KEY, .prio = 7 },
	[VC_PD_UNSAFE] = { COL_NA("unsafe_global_rkey", "UNSAFE_RKEY", 11, PD, unsafe_global_rkey,
				  SNAP_PD_UNSAFE_RKEY, RES_UNSAFE_GLOBAL_RKEY, "unsafe_global_rkey",
				  "unsafe global remote key"),
			   .fmt = VIEW_F_HEX, .flags = VIEW_C_KEY, .prio = 8 },
	[VC_PD_USERS] = COL_USERS_P(PD, SNAP_PD_USERS, 3),
	[VC_PD_CTXN] = { COL_NA("ctxn", "CTXN", 4, PD, ctxn, SNAP_PD_CTXN, RES_CTXN, "ctxn",
				"its context"), .prio = 4 },
	COL_OWNER_P(PD, 5, 9, 6),
};
/* rdma's order: users before the unsafe key */
static const int8_t pd_json[] = {
	VC_PD_PDN, VC_PD_LDMA, VC_PD_USERS, VC_PD_UNSAFE, VC_PD_CTXN, -1,
};
const struct view_tab view_pd_tab =
	FIELD_TAB(pd_fields, PD, PD_NCOLS, pd_json, ROLES_OWNER(VC_PD_PID));

NL_OBJ(pd, PD, RES_PD, RES_PD_ENTRY)
