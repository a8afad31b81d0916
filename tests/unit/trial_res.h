/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A trial object, as include/snap_res.h would declare a new one: its line
 * of SNAP_RES_LIST and its row.  tests/unit/test_res_trial.c holds the
 * rest of it, as src/nl/<name>.c would (its field table and parser), and
 * checks that the library, compiled again with this line, has it
 * everywhere the list reaches.  Its dump command is one no object dumps
 * (FRMR_POOLS_SET), its nests the CQs'.  Below it, a trial QP column.
 */
#ifndef RDMATOP_TRIAL_RES_H
#define RDMATOP_TRIAL_RES_H

#include <stdint.h>

#define RDMA_NLDEV_CMD_TRIAL_GET RDMA_NLDEV_CMD_FRMR_POOLS_SET

/* its places, by the count of objects, so that a new object's line does
 * not move them: the last dump, the last owned object's (before the FRMR
 * pools, the one object not owned), the last tab (5 panes are no object's) */
#define TRIAL_DUMP (SNAP_RES_N - 1)
#define TRIAL_PROC (SNAP_RES_N - 2)
#define TRIAL_TAB (5 + SNAP_RES_N - 1)
#define SNAP_RES_EXTRA(X)                                                                    \
	X(TRIAL, trial, TRIAL_GET, TRIAL_DUMP, TRIAL_PROC, SNAP_RES_OWNED | SNAP_RES_SUMMED, \
	  TRIAL_TAB)

enum {
	SNAP_TRIAL_TRIALN = 1 << 0,
	SNAP_TRIAL_SIZE = 1 << 1,
};

struct snap_trial {
	uint32_t dev;
	uint32_t trialn;
	uint64_t size;
	struct snap_owner own;
	uint16_t valid;
};

/*
 * A trial QP column, as include/snap_res.h (the field, its bit) and
 * src/nl/qp.c (its id and field-table entry) would hold one: a u64
 * attribute no QP has (RES_USECNT), so the kept layouts copy it too.
 */
#define SNAP_QP_EXTRA uint64_t trial_uses;
#define SNAP_QP_TRIAL_USES (1 << 13)
#define NL_QP_EXTRA_COLS QP_TRIAL_USES,
#define NL_QP_EXTRA_FIELDS                                                                     \
	[QP_TRIAL_USES] = { COL_N("trial_uses", "USES", 6, QP, trial_uses, SNAP_QP_TRIAL_USES, \
				  "its trial uses"),                                           \
			    .attr = RDMA_NLDEV_ATTR_RES_USECNT, .json = "trial-uses",          \
			    .desc_sort = true, .prio = 3 },

#endif
