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
	[VC_PD_PDN] = { .name = "pdn", .header = "PDN", .width = 4, NUM,
			FIELD(PD, pdn, SNAP_PD_PDN), .attr = RDMA_NLDEV_ATTR_RES_PDN,
			.json = "pdn", .desc = "PD number", .prio = 2 },
	[VC_PD_LDMA] = { .name = "local_dma_lkey", .header = "LDMA_LKEY", .width = 9, NUM,
			 .fmt = VIEW_F_HEX, .flags = VIEW_C_KEY,
			 FIELD(PD, local_dma_lkey, SNAP_PD_LOCAL_DMA_LKEY),
			 .attr = RDMA_NLDEV_ATTR_RES_LOCAL_DMA_LKEY, .json = "local_dma_lkey",
			 .desc = "local DMA key", .prio = 7 },
	[VC_PD_UNSAFE] = { .name = "unsafe_global_rkey", .header = "UNSAFE_RKEY", .width = 11,
			   NUM, .fmt = VIEW_F_HEX, .flags = VIEW_C_KEY,
			   FIELD(PD, unsafe_global_rkey, SNAP_PD_UNSAFE_RKEY),
			   .attr = RDMA_NLDEV_ATTR_RES_UNSAFE_GLOBAL_RKEY,
			   .json = "unsafe_global_rkey", .desc = "unsafe global remote key",
			   .prio = 8 },
	[VC_PD_USERS] = COL_USERS_P(PD, SNAP_PD_USERS, 3),
	[VC_PD_CTXN] = { .name = "ctxn", .header = "CTXN", .width = 4, NUM,
			 FIELD(PD, ctxn, SNAP_PD_CTXN), .attr = RDMA_NLDEV_ATTR_RES_CTXN,
			 .json = "ctxn", .desc = "its context", .prio = 4 },
	COL_OWNER_P(PD, 5, 9, 6),
};
/* rdma's order: users before the unsafe key */
static const int8_t pd_json[] = {
	VC_PD_PDN, VC_PD_LDMA, VC_PD_USERS, VC_PD_UNSAFE, VC_PD_CTXN, -1,
};
const struct view_tab view_pd_tab =
	FIELD_TAB(pd_fields, PD, PD_NCOLS, pd_json, ROLES_OWNER(VC_PD_PID));

NL_OBJ(pd, PD, RES_PD, RES_PD_ENTRY)
