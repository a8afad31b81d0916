// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SRQs (RDMA_NLDEV_CMD_RES_SRQ_GET, nldev.c fill_res_srq_entry: the one
 * declaration of the object;
 * 6.1 and 6.12 answer it, with no SRQ under rxe in our captures).  The QPs
 * attached to an SRQ come as a nested RES_QP list whose entries hold one
 * LQPN or a MIN_RANGE..MAX_RANGE run (the kernel folds consecutive QP
 * numbers); we keep them as rdma prints them: "3,5-7".
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cols.h"
#include "nl.h"

/* iproute2 res-srq.c builds the list in 256 bytes; so do we, to agree. */
#define SRQ_QPS_MAX 256

struct qps {
	char buf[SRQ_QPS_MAX];
	size_t len;
};

static void qps_add(struct qps *q, uint32_t lo, uint32_t hi)
{
	char one[32];
	int n;

	if (lo == hi)
		n = snprintf(one, sizeof(one), "%s%u", q->len ? "," : "", lo);
	else
		n = snprintf(one, sizeof(one), "%s%u-%u", q->len ? "," : "", lo, hi);
	if (n <= 0 || q->len + (size_t)n >= sizeof(q->buf))
		return;		/* full: rdma truncates here too */
	memcpy(q->buf + q->len, one, (size_t)n + 1);
	q->len += (size_t)n;
}

static int qp_item(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	struct qps *q = arg;

	(void)s;
	if (tb[RDMA_NLDEV_ATTR_RES_LQPN]) {
		uint32_t n = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_LQPN]);

		qps_add(q, n, n);
	} else if (tb[RDMA_NLDEV_ATTR_MIN_RANGE] && tb[RDMA_NLDEV_ATTR_MAX_RANGE]) {
		uint32_t lo = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_MIN_RANGE]);
		uint32_t hi = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_MAX_RANGE]);

		if (lo > hi)
			return -EBADMSG;
		qps_add(q, lo, hi);
	} else {
		return -EBADMSG;
	}
	return 0;
}

/* the QPs it serves: a nested list no field can say (see above) */
static int srq_qps(struct snapshot *s, const struct nlattr **tb, void *row)
{
	struct snap_srq *r = row;
	struct qps q = { .len = 0 };
	int err;

	if (tb[RDMA_NLDEV_ATTR_RES_QP]) {
		err = nl_entries(s, tb[RDMA_NLDEV_ATTR_RES_QP],
				 RDMA_NLDEV_ATTR_RES_QP_ENTRY, qp_item, &q);
		if (err)
			return err;
	}
	/* an SRQ with no QP attached has an empty list: rdma omits lqpn */
	if (q.len)
		SNAP_SET(r, lqpn, SNAP_SRQ_LQPN, snap_str(s, q.buf, sizeof(q.buf)));
	return 0;
}

#define SRQ struct snap_srq

/* a column only this table knows: its id after SRQ_NAMED, its entry after the owner's */
enum { SRQ_NAMED = VC_SRQ_N - 1, SRQ_NCOLS };

static const struct view_col srq_fields[SRQ_NCOLS] = {
	[VC_SRQ_DEV] = COL_DEV_P(SRQ, 1),
	[VC_SRQ_SRQN] = { COL_NA("srqn", "SRQN", 5, SRQ, srqn, SNAP_SRQ_SRQN, RES_SRQN, "srqn",
				 "SRQ number"), .prio = 2 },
	[VC_SRQ_TYPE] = { .name = "type", .header = "TYPE", .width = 5, TEXT,
			  FIELD(SRQ, type, SNAP_SRQ_TYPE), .name8 = snap_srq_type_str,
			  .attr = RDMA_NLDEV_ATTR_RES_TYPE, .desc = "SRQ type (BASIC, XRC, TM)", .prio = 3,
			  /* rdma prints the type even when absent (as BASIC, type 0) */
			  .json = "type", .jfmt = VIEW_J_ZERO },
	[VC_SRQ_LQPN] = { .name = "lqpn", .header = "LQPN", .width = 12, TEXT,
			  .get = view_get_strid, FIELD(SRQ, lqpn, SNAP_SRQ_LQPN),
			  .desc = "the QPs it serves (\"3,5-7\")", .prio = 4,
			  /* an array of its runs, ["3","5-7"], as rdma writes it */
			  .json = "lqpn", .jfmt = VIEW_J_LIST },
	[VC_SRQ_PDN] = { COL_NA("pdn", "PDN", 4, SRQ, pdn, SNAP_SRQ_PDN, RES_PDN, "pdn",
				"its PD's number"), .prio = 5 },
	[VC_SRQ_CQN] = { COL_NA("cqn", "CQN", 4, SRQ, cqn, SNAP_SRQ_CQN, RES_CQN, "cqn",
				"its CQ's number"), .prio = 6 },
	COL_OWNER_P(SRQ, 7, 9, 8),
};
const struct view_tab view_srq_tab = RES_TAB(srq_fields, SRQ, VC_SRQ_PID);

NL_OBJ(srq, SRQ, RES_SRQ, RES_SRQ_ENTRY, .special = srq_qps)
