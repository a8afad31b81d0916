/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The snapshot's resource objects, one row per object of the kernel's
 * resource tracker (RES_*_GET dumps and doits): QPs, CM_IDs, CQs, MRs,
 * PDs, CTXs, SRQs.  Part of the snapshot model: included by snapshot.h,
 * which defines what these use (struct snap_owner, the name limits).
 */
#ifndef RDMATOP_SNAP_RES_H
#define RDMATOP_SNAP_RES_H

#ifndef RDMATOP_SNAPSHOT_H
#error "include snapshot.h"
#endif

#include <stdbool.h>
#include <stdint.h>

/* IPv4/IPv6 endpoint of a CM_ID (RES_SRC_ADDR / RES_DST_ADDR). */
struct snap_addr {
	uint16_t family;	/* AF_INET, AF_INET6, or other (shown raw) */
	uint16_t port;		/* host order */
	uint32_t scope_id;
	uint8_t addr[16];
};

/* ---- QPs (RES_QP_GET) ---- */
enum {
	SNAP_QP_PORT = 1 << 0,
	SNAP_QP_RQPN = 1 << 1,
	SNAP_QP_RQ_PSN = 1 << 2,
	SNAP_QP_SQ_PSN = 1 << 3,
	SNAP_QP_PMIG = 1 << 4,
	SNAP_QP_TYPE = 1 << 5,
	SNAP_QP_STATE = 1 << 6,
	SNAP_QP_PDN = 1 << 7,
	SNAP_QP_SUBTYPE = 1 << 8,
	SNAP_QP_PSN_RATE = 1 << 9,	/* sq_psn_rate computed */
	SNAP_QP_RQ_PSN_RATE = 1 << 10,	/* rq_psn_rate computed */
	/* a per-QP GET (NL_REQ_OBJ) read this row: `when` is its own time,
	 * not its table's (res_when); it stays so while carried */
	SNAP_QP_WHEN = 1 << 11,
	/* no row: the GET of (dev, lqpn) found no such QP; snap_carry drops
	 * the carried row and this marker */
	SNAP_QP_GONE = 1 << 12,
};

struct snap_qp {
	uint32_t dev;
	uint32_t port;
	uint32_t lqpn, rqpn;
	uint32_t rq_psn, sq_psn;
	uint32_t pdn;
	uint32_t subtype;	/* string id (driver QPs) */
	struct snap_owner own;
	uint16_t valid;
	uint8_t type, state, pmig;
	float sq_psn_rate, rq_psn_rate;	/* PSNs per second */
	/* PSNs both queues advanced since this QP's previous dump (what the
	 * rates are of; 0 for a carried row): the groups' PSN counters sum it */
	uint32_t psn_adv;
	struct timespec when;	/* SNAP_QP_WHEN: monotonic time of this row */
};

/* ---- CM_IDs (RES_CM_ID_GET) ---- */
enum {
	SNAP_CM_PORT = 1 << 0,
	SNAP_CM_LQPN = 1 << 1,
	SNAP_CM_QP_TYPE = 1 << 2,
	SNAP_CM_STATE = 1 << 3,
	SNAP_CM_PS = 1 << 4,
	SNAP_CM_SRC = 1 << 5,
	SNAP_CM_DST = 1 << 6,
	SNAP_CM_IDN = 1 << 7,
};

struct snap_cm_id {
	uint32_t dev;
	uint32_t port;
	uint32_t cm_idn;
	uint32_t lqpn;
	uint32_t ps;
	struct snap_owner own;
	uint16_t valid;
	uint8_t qp_type, state;
	struct snap_addr src, dst;
};

/* ---- CQs (RES_CQ_GET) ---- */
enum {
	SNAP_CQ_CQE = 1 << 0,
	SNAP_CQ_USERS = 1 << 1,
	SNAP_CQ_POLL_CTX = 1 << 2,
	SNAP_CQ_DIM = 1 << 3,
	SNAP_CQ_CTXN = 1 << 4,
	SNAP_CQ_CQN = 1 << 5,
};

struct snap_cq {
	uint32_t dev;
	uint32_t cqn;
	uint32_t cqe;
	uint32_t ctxn;
	uint64_t users;
	struct snap_owner own;
	uint16_t valid;
	uint8_t poll_ctx, dim;
};

/* ---- MRs (RES_MR_GET) ---- */
enum {
	SNAP_MR_RKEY = 1 << 0,	/* keys only for CAP_NET_ADMIN */
	SNAP_MR_LKEY = 1 << 1,
	SNAP_MR_IOVA = 1 << 2,
	SNAP_MR_LEN = 1 << 3,
	SNAP_MR_PDN = 1 << 4,
	SNAP_MR_MRN = 1 << 5,
};

struct snap_mr {
	uint32_t dev;
	uint32_t mrn;
	uint32_t rkey, lkey;
	uint32_t pdn;
	uint64_t iova;
	uint64_t mrlen;
	struct snap_owner own;
	uint16_t valid;
};

/* ---- PDs (RES_PD_GET) ---- */
enum {
	SNAP_PD_LOCAL_DMA_LKEY = 1 << 0,
	SNAP_PD_UNSAFE_RKEY = 1 << 1,
	SNAP_PD_USERS = 1 << 2,
	SNAP_PD_CTXN = 1 << 3,
	SNAP_PD_PDN = 1 << 4,
};

struct snap_pd {
	uint32_t dev;
	uint32_t pdn;
	uint32_t local_dma_lkey;
	uint32_t unsafe_global_rkey;
	uint32_t ctxn;
	uint64_t users;
	struct snap_owner own;
	uint16_t valid;
};

/* ---- CTXs (RES_CTX_GET) ---- */
struct snap_ctx {
	uint32_t dev;
	uint32_t ctxn;
	struct snap_owner own;
};

/* ---- SRQs (RES_SRQ_GET) ---- */
enum {
	SNAP_SRQ_TYPE = 1 << 0,
	SNAP_SRQ_PDN = 1 << 1,
	SNAP_SRQ_CQN = 1 << 2,
	SNAP_SRQ_LQPN = 1 << 3,	/* lqpn: string id, "3,5-7" like rdma */
	SNAP_SRQ_SRQN = 1 << 4,
};

struct snap_srq {
	uint32_t dev;
	uint32_t srqn;
	uint32_t pdn;
	uint32_t cqn;
	uint32_t lqpn;		/* string id */
	struct snap_owner own;
	uint16_t valid;
	uint8_t type;
};

#endif
