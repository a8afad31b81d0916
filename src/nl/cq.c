// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CQs (RDMA_NLDEV_CMD_RES_CQ_GET, nldev.c fill_res_cq_entry): the one
 * declaration of the object.  poll-ctx exists only for kernel CQs and ctxn
 * only for user CQs (6.1 and 6.12 rxe, captured); DIM is the CQ's
 * adaptive-moderation flag.
 */
#include "cols.h"
#include "names.h"
#include "nl.h"

#define CQ struct snap_cq

/* a column only this table knows: its id after CQ_NAMED, its entry after the owner's */
enum { CQ_NAMED = VC_CQ_N - 1, CQ_NCOLS };

static const struct view_col cq_fields[CQ_NCOLS] = {
	[VC_CQ_DEV] = COL_DEV_P(CQ, 1),
	[VC_CQ_CQN] = { COL_NA("cqn", "CQN", 5, CQ, cqn, SNAP_CQ_CQN, RES_CQN, "cqn", "CQ number"),
			.prio = 2 },
	[VC_CQ_CQE] = { COL_NA("cqe", "CQE", 6, CQ, cqe, SNAP_CQ_CQE, RES_CQE, "cqe", "entries"),
			.desc_sort = true, .prio = 3 },
	[VC_CQ_USERS] = COL_USERS_P(CQ, SNAP_CQ_USERS, 4),
	[VC_CQ_POLL_CTX] = { .name = "poll_ctx", .header = "POLL_CTX", .width = 9, TEXT,
			     FIELD(CQ, poll_ctx, SNAP_CQ_POLL_CTX), .name8 = snap_poll_ctx_str,
			     .attr = RDMA_NLDEV_ATTR_RES_POLL_CTX, .json = "poll-ctx",
			     .desc = "polling context (kernel CQs)", .prio = 7 },
	/* on/off, as rdma shows it; JSON writes it as a bool */
	[VC_CQ_DIM] = { .name = "dim", .header = "DIM", .width = 3, TEXT,
			FIELD(CQ, dim, SNAP_CQ_DIM), .name8 = view_on_off_str,
			.attr = RDMA_NLDEV_ATTR_DEV_DIM, .json = "adaptive-moderation",
			.jfmt = VIEW_J_BOOL, .desc = "adaptive interrupt moderation", .prio = 8 },
	[VC_CQ_CTXN] = { COL_NA("ctxn", "CTXN", 4, CQ, ctxn, SNAP_CQ_CTXN, RES_CTXN, "ctxn",
				"its context (user CQs)"), .prio = 9 },
	/* the owner's pid and comm early, so they stay at 80 columns */
	COL_OWNER_P(CQ, 5, 10, 6),
};
const struct view_tab view_cq_tab = RES_TAB(cq_fields, CQ, VC_CQ_PID);

NL_OBJ(cq, CQ, RES_CQ, RES_CQ_ENTRY)
