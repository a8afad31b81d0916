// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The columns of the resource objects (SNAP_RES_LIST): one descriptor
 * each, and a view_<name>_tab per object.  Every table starts with dev and
 * ends with the owner's pid, tid and comm.
 */
#include "cols.h"
#include "fmt.h"
#include "names.h"

#define KEY(n, h, w, type, field, b, d)                                          \
	{ COL_F(n, h, w, VIEW_F_HEX, type, field, b, d), .flags = VIEW_C_KEY }
#define STATE(n, h, w, type, field, b, fn, d)                                    \
	{ COL_E(n, h, w, type, field, b, fn, d), .flags = VIEW_C_STATE }
/* the table of an object whose rows have validity bits, dev first, owner last */
#define RES_TAB(cols, type, pid, ...)                                            \
	VIEW_TAB(cols, type, valid, ROLES_OWNER(pid), __VA_ARGS__)

/* ---- QPs ---- */
#define QP struct snap_qp

/* sq + rq: what the QP moved either way */
static void qp_psn_rate(const struct view_ctx *c, const void *row, const struct view_col *col,
			struct view_value *v)
{
	const struct snap_qp *q = row;
	bool sq = SNAP_HAS(q, SNAP_QP_PSN_RATE), rq = SNAP_HAS(q, SNAP_QP_RQ_PSN_RATE);

	(void)c;
	(void)col;
	v->valid = sq || rq;
	v->d = (sq ? q->sq_psn_rate : 0) + (rq ? q->rq_psn_rate : 0);
}

static const struct view_col qp_cols[VC_QP_N] = {
	[VC_QP_DEV] = COL_DEV(QP),
	[VC_QP_PORT] = { COL_N("port", "PORT", 4, QP, port, SNAP_QP_PORT,
			       "port (n/a: not bound to one yet)") },
	[VC_QP_LQPN] = { COL_N("lqpn", "LQPN", 7, QP, lqpn, 0, "local QP number") },
	[VC_QP_RQPN] = { COL_N("rqpn", "RQPN", 7, QP, rqpn, SNAP_QP_RQPN, "remote QP number") },
	[VC_QP_TYPE] = { COL_E("type", "TYPE", 5, QP, type, SNAP_QP_TYPE, snap_qp_type_str,
			       "QP type (RC, UD, ...)") },
	[VC_QP_STATE] = STATE("state", "STATE", 5, QP, state, SNAP_QP_STATE, snap_qp_state_str,
			      "QP state (RESET, INIT, RTR, RTS, ...)"),
	[VC_QP_SQ_PSN] = { COL_N("sq_psn", "SQ_PSN", 8, QP, sq_psn, SNAP_QP_SQ_PSN,
				 "send queue PSN") },
	[VC_QP_RQ_PSN] = { COL_N("rq_psn", "RQ_PSN", 8, QP, rq_psn, SNAP_QP_RQ_PSN,
				 "receive queue PSN") },
	[VC_QP_PSN_RATE] = { VIEW_COL("psn_rate", "PSN/s", 7, true, VIEW_T_DOUBLE, VIEW_F_RATE),
			     .get = qp_psn_rate, .desc = "PSNs advanced per second, both queues" },
	[VC_QP_SQ_RATE] = { COL_R("sq_rate", "SQPSN/s", 7, VIEW_F_RATE, QP, sq_psn_rate,
				  SNAP_QP_PSN_RATE, "send PSNs advanced per second") },
	[VC_QP_RQ_RATE] = { COL_R("rq_rate", "RQPSN/s", 7, VIEW_F_RATE, QP, rq_psn_rate,
				  SNAP_QP_RQ_PSN_RATE, "receive PSNs advanced per second") },
	[VC_QP_PMIG] = { COL_E("pmig", "PMIG", 8, QP, pmig, SNAP_QP_PMIG, snap_pmig_str,
			       "path migration state") },
	[VC_QP_PDN] = { COL_N("pdn", "PDN", 4, QP, pdn, SNAP_QP_PDN, "its PD's number") },
	COL_OWNER(QP),
};
const struct view_tab view_qp_tab = RES_TAB(qp_cols, QP, VC_QP_PID,
					    [VIEW_ROLE_PORT] = VC_QP_PORT + 1,
					    [VIEW_ROLE_LQPN] = VC_QP_LQPN + 1);

/* ---- CM_IDs ---- */
#define CM struct snap_cm_id

/* what cm_get reads */
enum { CM_ARG_PS, CM_ARG_SRC, CM_ARG_DST };

static void cm_get(const struct view_ctx *c, const void *row, const struct view_col *col,
		   struct view_value *v)
{
	const struct snap_cm_id *m = row;
	static const uint16_t bit[] = {
		[CM_ARG_PS] = SNAP_CM_PS, [CM_ARG_SRC] = SNAP_CM_SRC, [CM_ARG_DST] = SNAP_CM_DST,
	};
	const char *s = NULL;

	(void)c;
	if (SNAP_HAS(m, bit[col->arg]))
		s = col->arg == CM_ARG_PS ? snap_ps_str(m->ps) :
		    fmt_addr(v->tmp, sizeof(v->tmp), col->arg == CM_ARG_SRC ? &m->src : &m->dst);
	v->s = s ? s : "";
	v->valid = s && *s;
}

#define CM_GET(n, h, w, k, d)                                                    \
	{ VIEW_COL(n, h, w, false, VIEW_T_STR, VIEW_F_PLAIN), .get = cm_get, .arg = k, .desc = d }

static const struct view_col cm_id_cols[VC_CM_N] = {
	[VC_CM_DEV] = COL_DEV(CM),
	[VC_CM_PORT] = { COL_N("port", "PORT", 4, CM, port, SNAP_CM_PORT, "port") },
	[VC_CM_IDN] = { COL_N("cm_idn", "CM_IDN", 6, CM, cm_idn, SNAP_CM_IDN, "CM_ID number") },
	[VC_CM_LQPN] = { COL_N("lqpn", "LQPN", 7, CM, lqpn, SNAP_CM_LQPN, "its QP's number") },
	[VC_CM_TYPE] = { COL_E("type", "TYPE", 4, CM, qp_type, SNAP_CM_QP_TYPE, snap_qp_type_str,
			       "its QP's type") },
	[VC_CM_STATE] = STATE("state", "STATE", 14, CM, state, SNAP_CM_STATE, snap_cm_state_str,
			      "connection state"),
	[VC_CM_PS] = CM_GET("ps", "PS", 5, CM_ARG_PS, "port space (TCP, UDP, IPOIB, IB)"),
	[VC_CM_SRC] = CM_GET("src", "SRC", 22, CM_ARG_SRC, "source address"),
	[VC_CM_DST] = CM_GET("dst", "DST", 22, CM_ARG_DST, "destination address"),
	COL_OWNER(CM),
};
const struct view_tab view_cm_id_tab = RES_TAB(cm_id_cols, CM, VC_CM_PID,
					       [VIEW_ROLE_PORT] = VC_CM_PORT + 1,
					       [VIEW_ROLE_LQPN] = VC_CM_LQPN + 1);

/* ---- CQs ---- */
#define CQ struct snap_cq

static void cq_dim(const struct view_ctx *c, const void *row, const struct view_col *col,
		   struct view_value *v)
{
	const struct snap_cq *q = row;

	(void)c;
	(void)col;
	v->valid = SNAP_HAS(q, SNAP_CQ_DIM) && q->dim <= 1;
	v->s = v->valid ? (q->dim ? "on" : "off") : "";
}

static const struct view_col cq_cols[VC_CQ_N] = {
	[VC_CQ_DEV] = COL_DEV(CQ),
	[VC_CQ_CQN] = { COL_N("cqn", "CQN", 5, CQ, cqn, SNAP_CQ_CQN, "CQ number") },
	[VC_CQ_CQE] = { COL_N("cqe", "CQE", 6, CQ, cqe, SNAP_CQ_CQE, "entries") },
	[VC_CQ_USERS] = { COL_N("users", "USERS", 5, CQ, users, SNAP_CQ_USERS, "references") },
	[VC_CQ_POLL_CTX] = { COL_E("poll_ctx", "POLL_CTX", 9, CQ, poll_ctx, SNAP_CQ_POLL_CTX,
				snap_poll_ctx_str, "polling context (kernel CQs)") },
	[VC_CQ_DIM] = { VIEW_COL("dim", "DIM", 3, false, VIEW_T_STR, VIEW_F_PLAIN), .get = cq_dim,
		     .desc = "adaptive interrupt moderation" },
	[VC_CQ_CTXN] = { COL_N("ctxn", "CTXN", 4, CQ, ctxn, SNAP_CQ_CTXN, "its context (user CQs)") },
	COL_OWNER(CQ),
};
const struct view_tab view_cq_tab = RES_TAB(cq_cols, CQ, VC_CQ_PID);

/* ---- MRs ---- */
#define MR struct snap_mr

static const struct view_col mr_cols[VC_MR_N] = {
	[VC_MR_DEV] = COL_DEV(MR),
	[VC_MR_MRN] = { COL_N("mrn", "MRN", 5, MR, mrn, SNAP_MR_MRN, "MR number") },
	[VC_MR_RKEY] = KEY("rkey", "RKEY", 8, MR, rkey, SNAP_MR_RKEY, "remote key"),
	[VC_MR_LKEY] = KEY("lkey", "LKEY", 8, MR, lkey, SNAP_MR_LKEY, "local key"),
	[VC_MR_LEN] = { COL_F("mrlen", "MRLEN", 10, VIEW_F_BYTES, MR, mrlen, SNAP_MR_LEN,
			   "bytes registered") },
	[VC_MR_PDN] = { COL_N("pdn", "PDN", 4, MR, pdn, SNAP_MR_PDN, "its PD's number") },
	COL_OWNER(MR),
};
const struct view_tab view_mr_tab = RES_TAB(mr_cols, MR, VC_MR_PID);

/* ---- PDs ---- */
#define PD struct snap_pd

static const struct view_col pd_cols[VC_PD_N] = {
	[VC_PD_DEV] = COL_DEV(PD),
	[VC_PD_PDN] = { COL_N("pdn", "PDN", 4, PD, pdn, SNAP_PD_PDN, "PD number") },
	[VC_PD_LDMA] = KEY("local_dma_lkey", "LDMA_LKEY", 9, PD, local_dma_lkey,
			SNAP_PD_LOCAL_DMA_LKEY, "local DMA key"),
	[VC_PD_UNSAFE] = KEY("unsafe_global_rkey", "UNSAFE_RKEY", 11, PD, unsafe_global_rkey,
			  SNAP_PD_UNSAFE_RKEY, "unsafe global remote key"),
	[VC_PD_USERS] = { COL_N("users", "USERS", 5, PD, users, SNAP_PD_USERS, "references") },
	[VC_PD_CTXN] = { COL_N("ctxn", "CTXN", 4, PD, ctxn, SNAP_PD_CTXN, "its context") },
	COL_OWNER(PD),
};
const struct view_tab view_pd_tab = RES_TAB(pd_cols, PD, VC_PD_PID);

/* ---- CTXs (no optional fields) ---- */
#define CTX struct snap_ctx

static const struct view_col ctx_cols[VC_CTX_N] = {
	[VC_CTX_DEV] = COL_DEV(CTX),
	[VC_CTX_CTXN] = { COL_N("ctxn", "CTXN", 4, CTX, ctxn, 0, "context number") },
	COL_OWNER(CTX),
};
const struct view_tab view_ctx_tab = {
	.cols = ctx_cols, .n = VC_CTX_N, .size = sizeof(CTX), .role = { ROLES_OWNER(VC_CTX_PID) },
};

/* ---- SRQs ---- */
#define SRQ struct snap_srq

static const struct view_col srq_cols[VC_SRQ_N] = {
	[VC_SRQ_DEV] = COL_DEV(SRQ),
	[VC_SRQ_SRQN] = { COL_N("srqn", "SRQN", 5, SRQ, srqn, SNAP_SRQ_SRQN, "SRQ number") },
	[VC_SRQ_TYPE] = { COL_E("type", "TYPE", 5, SRQ, type, SNAP_SRQ_TYPE, snap_srq_type_str,
			     "SRQ type (BASIC, XRC, TM)") },
	[VC_SRQ_LQPN] = { COL_ID("lqpn", "LQPN", 12, SRQ, lqpn, SNAP_SRQ_LQPN,
			      "the QPs it serves (\"3,5-7\")") },
	[VC_SRQ_PDN] = { COL_N("pdn", "PDN", 4, SRQ, pdn, SNAP_SRQ_PDN, "its PD's number") },
	[VC_SRQ_CQN] = { COL_N("cqn", "CQN", 4, SRQ, cqn, SNAP_SRQ_CQN, "its CQ's number") },
	COL_OWNER(SRQ),
};
const struct view_tab view_srq_tab = RES_TAB(srq_cols, SRQ, VC_SRQ_PID);
