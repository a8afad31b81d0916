// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * User contexts, one per opened device file (RDMA_NLDEV_CMD_RES_CTX_GET,
 * nldev.c fill_res_ctx_entry): the one declaration of the object.  Its
 * number is always sent: an entry without it is malformed.
 */
#include "cols.h"
#include "nl.h"

#define CTX struct snap_ctx

/* a column only this table knows: its id after CTX_NAMED, its entry after the owner's */
enum { CTX_NAMED = VC_CTX_N - 1, CTX_NCOLS };

static const struct view_col ctx_fields[CTX_NCOLS] = {
	[VC_CTX_DEV] = COL_DEV_P(CTX, 1),
	[VC_CTX_CTXN] = { COL_NA("ctxn", "CTXN", 4, CTX, ctxn, 0, RES_CTXN, "ctxn",
				 "context number"), .prio = 2 },
	COL_OWNER_P(CTX, 3, 5, 4),
};
/* no optional fields: no validity bits */
const struct view_tab view_ctx_tab = {
	.cols = ctx_fields, .n = CTX_NCOLS, .size = sizeof(CTX),
	.role = { ROLES_OWNER(VC_CTX_PID) },
};

NL_OBJ(ctx, CTX, RES_CTX, RES_CTX_ENTRY, .need = RDMA_NLDEV_ATTR_RES_CTXN)
