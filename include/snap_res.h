/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The snapshot's resource objects, one row per object the kernel dumps
 * per device (RES_*_GET dumps and doits: QPs, CM_IDs, CQs, MRs, PDs, CTXs,
 * SRQs; newer ones): their one list and their rows.  Part of the snapshot
 * model: included by snapshot.h, which defines what these use (struct
 * snap_owner, the name limits).
 */
#ifndef RDMATOP_SNAP_RES_H
#define RDMATOP_SNAP_RES_H

#ifndef RDMATOP_SNAPSHOT_H
#error "include snapshot.h"
#endif

#include <stdbool.h>
#include <stdint.h>

/*
 * ---- the resource objects: one line each ----
 * The only list of the objects the kernel dumps per device, in the order
 * of its resource summary (nldev.c fill_res_info), newer ones last.
 * X(ID, name, cmd, dump, proc, flags, tab):
 *   ID    SNAP_RES_<ID>, SNAP_TBL_<ID>, VIEW_<ID>S (and UI_<ID>S);
 *   name  struct snap_<name> (snap_res.h), the vector s-><name>s, its one
 *         declaration src/nl/<name>.c (field table view_<name>_tab, dump
 *         nests, parser nl_<name>_parse); "<name>" in the summary,
 *         "<name>s" the table (JSON key, filters);
 *   cmd   its dump command, RDMA_NLDEV_CMD_<cmd>;
 *   dump  place among the per-device dumps and the outputs' tables;
 *   proc  place in per-process listings (JSON processes, the drill-down,
 *         the count columns of the process and group tables); an object
 *         not owned takes a place after the owned ones (SNAP_RES_N - 1);
 *   flags SNAP_RES_OWNED: rows have owners, counted per process and
 *         group; SNAP_RES_SUMMED: counted in the resource summary
 *         (RES_GET), its count and change columns of the device table
 *         in this list's order (summarised objects come first in it:
 *         checked in src/model/cols.c); SNAP_RES_DD: its dump honours DRIVER_DETAILS (6.9+,
 *         asked with it); SNAP_RES_NEWER: a command older kernels refuse
 *         (-EINVAL, -EOPNOTSUPP), read there as none, with no note, and
 *         its table in the outputs and its tab only where a kernel
 *         answered it;
 *   tab   its pane's place among the tabs (UI_<ID>S, include/ui.h: the
 *         first ten have the keys 1-9 and 0); the panes that are no
 *         object's hold 1, 2, 4, 5 and 11.  Its title is its name's
 *         ("CQs", "FRMR pools"), its columns its field table's (by
 *         .prio); src/ui/table.c may name them (the Connections).
 * Every element type starts with `uint32_t dev` and has `struct snap_owner
 * own` (zero when not OWNED: drivers' attributes only; checked where the
 * table is expanded, src/model/res.c).
 */
enum {
	SNAP_RES_OWNED = 1 << 0,
	SNAP_RES_NEWER = 1 << 1,
	SNAP_RES_SUMMED = 1 << 2,
	SNAP_RES_DD = 1 << 3,
	/* a restrack object's: what res_get_common_dumpit() dumps */
	SNAP_RES_ALL = SNAP_RES_OWNED | SNAP_RES_SUMMED | SNAP_RES_DD,
};
#define SNAP_RES_LIST(X)                                                \
	X(PD, pd, RES_PD_GET, 4, 3, SNAP_RES_ALL, 8)                    \
	X(CQ, cq, RES_CQ_GET, 2, 1, SNAP_RES_ALL, 6)                    \
	X(QP, qp, RES_QP_GET, 0, 0, SNAP_RES_ALL, 0)                    \
	X(CM_ID, cm_id, RES_CM_ID_GET, 1, 4, SNAP_RES_ALL, 3)           \
	X(MR, mr, RES_MR_GET, 3, 2, SNAP_RES_ALL, 7)                    \
	X(CTX, ctx, RES_CTX_GET, 5, 5, SNAP_RES_ALL, 9)                 \
	X(SRQ, srq, RES_SRQ_GET, 6, 6, SNAP_RES_ALL, 10)                \
	SNAP_RES_EXTRA(X)                                               \
	X(FRMR_POOL, frmr_pool, FRMR_POOLS_GET, 7, SNAP_RES_N - 1, SNAP_RES_NEWER, 12)

/*
 * A test's objects (tests/unit/test_res_trial.c): a header of its own,
 * named by SNAP_RES_EXTRA_H, defines SNAP_RES_EXTRA(X) (its lines, as
 * above) and their structs, and SNAP_QP_EXTRA (fields of struct snap_qp,
 * with NL_QP_EXTRA_COLS and NL_QP_EXTRA_FIELDS for src/nl/qp.c); the
 * library is compiled again with it.
 */
#ifdef SNAP_RES_EXTRA_H
#include SNAP_RES_EXTRA_H
#endif
#ifndef SNAP_RES_EXTRA
#define SNAP_RES_EXTRA(X)
#endif
#ifndef SNAP_QP_EXTRA
#define SNAP_QP_EXTRA
#endif

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
	SNAP_QP_RAW = 1 << 13,		/* raw: RES_QP_GET_RAW's bytes, as hex */
};

/* What is known of a QP's other end (peer_valid) and where it is from */
enum {
	SNAP_PEER_GID = 1 << 0,		/* peer_gid: a GID, or an IP address as one */
	SNAP_PEER_LID = 1 << 1,		/* peer_lid (IB) */
	SNAP_PEER_CM = 1 << 2,		/* peer_gid is its CM_ID's destination */
	SNAP_PEER_RAW = 1 << 3,		/* decoded from the driver's raw context (mlx5) */
	SNAP_PEER_RETRY = 1 << 4,	/* cur_retry, cur_rnr (mlx5 qpc) */
};

/* snap_qp.track (src/model/stall.c) */
enum {
	SNAP_QP_T_SEEN = 1 << 0,	/* state_at, quiet_at hold */
	SNAP_QP_T_MOVED = 1 << 1,	/* its PSNs moved since it entered this state */
	SNAP_QP_T_NOW = 1 << 2,		/* they moved at this row (stall_track sets quiet_at) */
	SNAP_QP_T_PEER = 1 << 3,	/* its peer QP was seen on this host (any state) */
	SNAP_QP_T_PRE = 1 << 4,		/* in this state at the run's first sample (or a
					 * replay's jump): it began at or before state_at */
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
	/* the other end (src/nl/qp_raw.c): a CM_ID's destination as a GID
	 * (IPv4 as ::ffff:a.b.c.d, as RoCE v2 GIDs are), or the remote GID
	 * and LID of the driver's raw context */
	uint8_t peer_gid[16];
	uint16_t peer_lid;
	uint8_t peer_valid;		/* SNAP_PEER_* */
	uint8_t cur_retry, cur_rnr;	/* retries left now (mlx5 qpc) */
	uint32_t raw;			/* string id, SNAP_QP_RAW */
	/* its stall tracking (src/model/stall.c), carried from sample to
	 * sample: the monotonic seconds of the first row seen in this state
	 * and of the row its PSNs last moved at; SNAP_QP_T_* */
	double state_at, quiet_at;
	uint32_t sq_hi, rq_hi;	/* the highest PSNs seen in this state */
	uint32_t peer;		/* index + 1 of the QP here it is connected to */
	uint8_t track;
	SNAP_QP_EXTRA		/* a test's fields (tests/unit/test_res_trial.c) */
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

/* ---- FRMR pools (FRMR_POOLS_GET, 7.x: mlx5_ib's; the device's, no owner) ---- */
enum {
	SNAP_FRMR_ATS = 1 << 0,		/* the key: FRMR_POOL_KEY's four */
	SNAP_FRMR_ACCESS = 1 << 1,
	SNAP_FRMR_VENDOR = 1 << 2,
	SNAP_FRMR_BLOCKS = 1 << 3,
	SNAP_FRMR_KVENDOR = 1 << 4,	/* kernel-only pools: left out of dumps */
	SNAP_FRMR_QUEUE = 1 << 5,
	SNAP_FRMR_IN_USE = 1 << 6,
	SNAP_FRMR_MAX_IN_USE = 1 << 7,
	SNAP_FRMR_PINNED = 1 << 8,
};

struct snap_frmr_pool {
	uint32_t dev;
	uint32_t access_flags;
	uint32_t queue, pinned;		/* handles queued, pinned */
	uint64_t vendor_key, num_dma_blocks, kernel_vendor_key;
	uint64_t in_use, max_in_use;
	struct snap_owner own;		/* none: drivers' attributes only */
	uint16_t valid;
	uint8_t ats;
};


#endif
