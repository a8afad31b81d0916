/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A netlink request and what its answer ended with, as the sources, the
 * recorder and the replayer pass them around: plain numbers, so that
 * only src/nl and src/source see libmnl and the kernel's uapi header.
 */
#ifndef RDMATOP_NLREQ_H
#define RDMATOP_NLREQ_H

#include <stdbool.h>
#include <stdint.h>

#include "snapshot.h"

/* The largest message the kernel builds for a dump (see design.md). */
#define NL_BUF_SIZE 32768

/*
 * In nl_req.flags, not a netlink flag: the request carries
 * RDMA_NLDEV_ATTR_DRIVER_DETAILS = 1 (6.9+: the driver-detail resources,
 * mlx5's DCI/DCT/REG_UMR QPs, in dumps and summary counts).
 */
#define NL_REQ_DD 0x8000

/* One request, as sent and as stored in a recording. */
struct nl_req {
	uint16_t cmd;		/* RDMA_NLDEV_CMD_* */
	uint16_t flags;		/* NLM_F_DUMP or 0, | NL_REQ_DD */
	uint32_t dev;		/* RDMA_NLDEV_ATTR_DEV_INDEX or SNAP_NONE */
	uint32_t port;		/* RDMA_NLDEV_ATTR_PORT_INDEX or SNAP_NONE */
	uint16_t kind;		/* enum nl_req_kind: what a STAT_GET asks for */
	uint16_t pad;
	uint32_t id;		/* NL_REQ_OBJ: the object's id (RES_LQPN of a QP) */
};

/*
 * STAT_GET asks for several things by STAT_RES (nldev_stat_get_doit /
 * _dumpit): the port's counters (none), the bound counters (RES_QP dump),
 * the port's QP counter mode (RES_QP doit, with a STAT_MODE), the MRs'
 * driver stats (RES_MR dump).
 */
enum nl_req_kind { NL_REQ_PLAIN, NL_REQ_STAT_QP, NL_REQ_STAT_MR, NL_REQ_OBJ };

/*
 * NL_REQ_OBJ: a resource GET without NLM_F_DUMP (the kernel's
 * res_get_common_doit) asks for one object by its id: for RES_QP_GET,
 * DEV_INDEX + PORT_INDEX + RES_LQPN, as `rdma res show qp link DEV/PORT
 * lqpn N` sends it.  The dashboard asks so for the QPs it shows when the
 * QP table is paced: the cost of each is one QP's, not the table's walk.
 */
#define NL_WANT_MAX 256		/* QPs asked for by GET per sample */

/* A QP the dashboard shows: device index, port (0: none yet), LQPN. */
struct nl_want {
	uint32_t dev, port, lqpn;
};

/* What a response stream ended with. */
struct nl_result {
	int err;		/* 0, -errno of NLMSG_ERROR, -EINTR (dump interrupted) */
	bool done;		/* NLMSG_DONE or the single reply seen */
	char msg[256];		/* kernel extended-ack text, "" if none */
	/*
	 * Parser state carried between the calls of one request: zero res
	 * before the first call and keep it while nl_parse returns 1, so an
	 * interrupted dump is rolled back whole, not just its last buffer.
	 */
	bool more;
	struct snap_mark mark;
};

#endif
