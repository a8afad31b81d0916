// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MRs (RDMA_NLDEV_CMD_RES_MR_GET, nldev.c fill_res_mr_entry): the one
 * declaration of the object.  rkey, lkey and iova are sent only to
 * CAP_NET_ADMIN readers; on 6.1 rxe the rkey of a local-only MR is sent as
 * 0 (captured), which is a value, not an absence.
 */
#include "cols.h"
#include "nl.h"

#define MR struct snap_mr
/* a column only this table knows: its id after MR_NAMED, its entry after the owner's */
enum {
	MR_NAMED = VC_MR_N - 1,
	MR_NCOLS,
	MR_IOVA = MR_NCOLS,	/* a field no column shows */
	MR_NFIELDS
};

static const struct view_col mr_fields[MR_NFIELDS] = {
	[VC_MR_DEV] = COL_DEV_P(MR, 1),
	[VC_MR_MRN] = { COL_NA("mrn", "MRN", 5, MR, mrn, SNAP_MR_MRN, RES_MRN, "mrn", "MR number"),
			.prio = 2 },
	[VC_MR_RKEY] = { COL_NA("rkey", "RKEY", 8, MR, rkey, SNAP_MR_RKEY, RES_RKEY, "rkey",
				"remote key"), .fmt = VIEW_F_HEX, .flags = VIEW_C_KEY, .prio = 7 },
	[VC_MR_LKEY] = { COL_NA("lkey", "LKEY", 8, MR, lkey, SNAP_MR_LKEY, RES_LKEY, "lkey",
				"local key"), .fmt = VIEW_F_HEX, .flags = VIEW_C_KEY, .prio = 8 },
	[VC_MR_LEN] = { COL_NA("mrlen", "MRLEN", 10, MR, mrlen, SNAP_MR_LEN, RES_MRLEN, "mrlen",
			       "bytes registered"),
			.fmt = VIEW_F_BYTES, .desc_sort = true, .prio = 3 },
	[VC_MR_PDN] = { COL_NA("pdn", "PDN", 4, MR, pdn, SNAP_MR_PDN, RES_PDN, "pdn",
			       "its PD's number"), .prio = 4 },
	COL_OWNER_P(MR, 5, 9, 6),
	/* only 4.17-era kernels sent it (to CAP_NET_ADMIN): JSON only */
	[MR_IOVA] = { .name = "iova", NUM, .fmt = VIEW_F_HEX, FIELD(MR, iova, SNAP_MR_IOVA),
		      .attr = RDMA_NLDEV_ATTR_RES_IOVA, .json = "iova" },
};
/* rdma's order: iova after the keys */
static const int8_t mr_json[] = {
	VC_MR_MRN, VC_MR_RKEY, VC_MR_LKEY, MR_IOVA, VC_MR_LEN, VC_MR_PDN, -1,
};
const struct view_tab view_mr_tab =
	FIELD_TAB(mr_fields, MR, MR_NCOLS, mr_json, ROLES_OWNER(VC_MR_PID));

NL_OBJ(mr, MR, RES_MR, RES_MR_ENTRY)
