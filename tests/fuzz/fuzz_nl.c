// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the netlink parsers: a stream of datagrams answering
 * one of the requests rdmatop sends (every NLDEV command it uses, dump or
 * not), fed as a source feeds them (parser state kept across the datagrams
 * of a request), then the model code that reads what was parsed: rates
 * against the previous input's snapshot, events, per-process aggregation,
 * every table's rows sorted and every cell of them formatted.
 *
 * Input: byte 0 picks the request, byte 1 its device and port (and the
 * LQPN of a GET of one QP); then
 * datagrams, each a 16-bit little-endian length and that many bytes.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dgram.h"
#include "events.h"
#include "rate.h"
#include "nl.h"
#include "source.h"
#include "view.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct {
	uint16_t cmd;
	uint16_t flags;
	bool dev, port;
	uint16_t kind;
} reqs[] = {
	{ RDMA_NLDEV_CMD_SYS_GET, 0, false, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_GET, NLM_F_DUMP, false, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_GET, 0, true, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_RES_GET, NLM_F_DUMP, false, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_PORT_GET, NLM_F_DUMP, true, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_PORT_GET, 0, true, true, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_RES_QP_GET, NLM_F_DUMP, true, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_RES_CM_ID_GET, NLM_F_DUMP, true, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_RES_CQ_GET, NLM_F_DUMP, true, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_RES_MR_GET, NLM_F_DUMP, true, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_RES_PD_GET, NLM_F_DUMP, true, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_RES_CTX_GET, NLM_F_DUMP, true, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_RES_SRQ_GET, NLM_F_DUMP, true, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_STAT_GET, 0, true, true, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_STAT_GET, NLM_F_DUMP, true, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_STAT_GET, NLM_F_DUMP, true, false, NL_REQ_STAT_QP },
	{ RDMA_NLDEV_CMD_STAT_GET, 0, true, true, NL_REQ_STAT_QP },
	{ RDMA_NLDEV_CMD_STAT_GET, NLM_F_DUMP, true, false, NL_REQ_STAT_MR },
	{ RDMA_NLDEV_CMD_STAT_GET_STATUS, 0, true, true, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_MONITOR, 0, false, false, NL_REQ_PLAIN },
	/* with DRIVER_DETAILS: driver-detail objects, a refusal rolled back */
	{ RDMA_NLDEV_CMD_RES_QP_GET, NLM_F_DUMP | NL_REQ_DD, true, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_RES_CQ_GET, NLM_F_DUMP | NL_REQ_DD, true, false, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_RES_MR_GET, NLM_F_DUMP | NL_REQ_DD, true, false, NL_REQ_PLAIN },
	/* a GET of one QP (its LQPN: the device/port byte): rows of their own
	 * time and gone markers, then carried into a paced sample */
	{ RDMA_NLDEV_CMD_RES_QP_GET, 0, true, true, NL_REQ_OBJ },
	/* every object of SNAP_RES_LIST's dump, a new one with the rest
	 * (after the entries above: a seed keeps the request it picked) */
#define FUZZ_RES(ID, name, cmd, ...) { RDMA_NLDEV_CMD_##cmd, NLM_F_DUMP, true, false, NL_REQ_PLAIN },
	SNAP_RES_LIST(FUZZ_RES)
#undef FUZZ_RES
	/* the raw QP contexts (src/nl/qp_raw.c: the mlx5 resource-dump
	 * decoder; seeds/nl/mlx5-raw-* hold a dump laid out from mlx5_ifc.h) */
	{ RDMA_NLDEV_CMD_RES_QP_GET_RAW, NLM_F_DUMP, true, false, NL_REQ_PLAIN },
};

/* kept between inputs for their allocations only: cleared each time */
static struct snapshot prev, cur;

static void read_all(const struct snapshot *s)
{
	struct view_proc *procs = NULL;
	int np = view_procs(s, &procs);
	struct view_ctx c = { .s = s, .procs = procs, .n_procs = np > 0 ? (size_t)np : 0 };
	int t;

	for (t = 0; t < VIEW_N; t++) {
		size_t ncol, *rows = NULL, i;
		const struct view_col *cols = view_cols((enum view_table)t, &ncol);
		ssize_t n = view_rows(&c, (enum view_table)t, NULL, (int)(ncol - 1), t & 1, &rows);
		int col;

		(void)cols;
		for (i = 0; n > 0 && i < (size_t)n && i < 64; i++) {
			for (col = 0; col < (int)ncol; col++) {
				struct view_value v;
				char buf[256];

				view_get(&c, (enum view_table)t, rows[i], col, &v);
				view_fmt(&v, buf, sizeof(buf));
			}
		}
		free(rows);
	}
	free(procs);
}

static void feed(struct snapshot *s, const struct nl_req *req, const uint8_t *data,
		 size_t size)
{
	struct source src = { 0 };
	size_t off = 2, len;
	uint8_t *dg;

	while ((dg = fuzz_dgram(data, size, &off, &len))) {
		if (source_feed_nl(&src, s, req, dg, len, NULL) != 1)
			src.in_dump = false;
		free(dg);
	}
	snap_tasks_sort(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct nl_req req = { 0 };
	size_t pick;

	if (size < 2)
		return 0;
	pick = data[0] % (sizeof(reqs) / sizeof(reqs[0]));
	req.cmd = reqs[pick].cmd;
	req.flags = reqs[pick].flags;
	req.dev = reqs[pick].dev ? data[1] & 0x0f : SNAP_NONE;
	req.port = reqs[pick].port ? data[1] >> 4 : SNAP_NONE;
	req.kind = reqs[pick].kind;
	if (req.kind == NL_REQ_OBJ)
		req.id = data[1];
	snap_clear(&prev);
	snap_clear(&cur);
	feed(&prev, &req, data, size);
	cur.mono.tv_sec = 1;
	feed(&cur, &req, data, size);
	if (req.kind == NL_REQ_OBJ) {
		/* a paced sample: snap_carry merges the GET rows */
		cur.self.valid |= SNAP_SELF_CPU | SNAP_SELF_BUDGET;
		cur.self.budget = 1;
	}
	snap_carry(&prev, &cur);
	rate_compute(NULL, &prev);
	rate_compute(&prev, &cur);
	events_diff(&prev, &cur);
	read_all(&cur);
	return 0;
}
