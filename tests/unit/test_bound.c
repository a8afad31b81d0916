// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The bound of one sample (source.h), on the one path every input takes
 * (src/source/feed.c), live or replayed: past it the inputs are neither
 * parsed nor recorded, one note says so, and the next sample starts anew.
 */
#include <errno.h>

#include "craft.h"
#include "nl.h"
#include "source.h"
#include "test.h"

static size_t sunk;

static int count_nl(void *ctx, const struct nl_req *req, const void *buf, size_t len)
{
	(void)ctx, (void)req, (void)buf;
	sunk += len;
	return 0;
}

static int count_file(void *ctx, const char *path, int err, const void *buf, size_t len)
{
	(void)ctx, (void)path, (void)err, (void)buf;
	sunk += len;
	return 0;
}

static size_t notes_of(const struct snapshot *s, int err)
{
	size_t i, n = 0;

	for (i = 0; i < s->notes.n; i++)
		n += SNAP_AT(&s->notes, struct snap_note, i)->err == err;
	return n;
}

static void test_rows_bound(void)
{
	static uint8_t dg[NL_BUF_SIZE + 64];
	struct raw_sink sink = { .nl = count_nl, .file = count_file };
	struct source src = { .sink = &sink };
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_RES_QP_GET, .flags = NLM_F_DUMP, .dev = 0,
			      .port = SNAP_NONE };
	size_t len = craft_qp_datagram(dg, NL_BUF_SIZE), i, rows_at_stop = 0, sunk_at_stop = 0;
	struct snapshot s;
	int ret = 0;

	snap_init(&s);
	for (i = 0; i < 100000 && ret != -E2BIG; i++) {
		ret = source_feed_nl(&src, &s, &req, dg, len, NULL);
		rows_at_stop = s.qps.n;
		sunk_at_stop = sunk;
	}
	CHECK_EQ_U(ret, (uint64_t)-E2BIG);
	/* at most one datagram past the bound: ~2,700 QPs of 80 bytes */
	CHECK(snap_bytes(&s) <= SOURCE_SAMPLE_ROWS + 2 * 1024 * 1024);
	CHECK(snap_bytes(&s) > SOURCE_SAMPLE_ROWS);
	CHECK_EQ_U(notes_of(&s, -E2BIG), 1);
	/* what comes after is dropped, neither parsed nor recorded */
	CHECK_EQ_U(source_feed_nl(&src, &s, &req, dg, len, NULL), (uint64_t)-E2BIG);
	CHECK_EQ_U(source_feed_file(&src, &s, "/sys/x", 0, "1\n", 2), (uint64_t)-E2BIG);
	CHECK_EQ_U(s.qps.n, rows_at_stop);
	CHECK_EQ_U(sunk, sunk_at_stop);
	CHECK_EQ_U(notes_of(&s, -E2BIG), 1);
	/* the next sample starts with the whole bound */
	snap_clear(&s);
	CHECK(source_feed_nl(&src, &s, &req, dg, len, NULL) >= 0);	/* 1: the dump goes on */
	CHECK(s.qps.n > 2000);
	CHECK_EQ_U(notes_of(&s, -E2BIG), 0);
	/* no datagram the live source reads is longer than its buffer */
	len = craft_qp_datagram(dg, sizeof(dg));
	CHECK(len > NL_BUF_SIZE);
	i = s.qps.n;
	CHECK_EQ_U(source_feed_nl(&src, &s, &req, dg, len, NULL), (uint64_t)-EMSGSIZE);
	CHECK_EQ_U(s.qps.n, i);
	snap_free(&s);
}

static void test_input_bound(void)
{
	static char junk[32768];
	struct source src = { 0 };
	struct snapshot s;
	size_t i;
	int ret = 0;

	memset(junk, 'x', sizeof(junk));
	snap_init(&s);
	for (i = 0; i < 4096 && ret != -E2BIG; i++)
		ret = source_feed_file(&src, &s, "/sys/class/infiniband/x/y", 0, junk, sizeof(junk));
	CHECK_EQ_U(ret, (uint64_t)-E2BIG);
	CHECK_EQ_U(i, SOURCE_SAMPLE_BYTES / (sizeof(junk) + 25 + 24) + 1);
	CHECK_EQ_U(notes_of(&s, -E2BIG), 1);
	CHECK(strstr(snap_s(&s, SNAP_AT(&s.notes, struct snap_note, 0)->text),
		     "more than 64 MiB of input") != NULL);
	snap_free(&s);
}

/*
 * Rows from small inputs: 200 ports on one netdev, a row each for every
 * statistics file of 4 bytes.  The rows are counted every 16th input
 * (feed.c): past the bound by at most 16 files' rows, said once.
 */
static void test_small_inputs(void)
{
	struct source src = { 0 };
	struct snapshot s;
	size_t i, per = 0, before = 0;
	char path[96];
	int ret = 0;

	snap_init(&s);
	for (i = 0; i < 200; i++) {
		struct snap_port *p = snap_port_get(&s, (uint32_t)i, 1);

		CHECK(p != NULL);
		snprintf(p->ndev, sizeof(p->ndev), "eth0");
		p->valid |= SNAP_PORT_NDEV;
	}
	for (i = 0; i < 100000 && ret != -E2BIG; i++) {
		snprintf(path, sizeof(path), "/sys/class/net/eth0/statistics/rx_%zu", i);
		before = snap_bytes(&s);
		ret = source_feed_file(&src, &s, path, 0, "123\n", 4);
		if (!per && !ret)
			per = snap_bytes(&s) - before;
	}
	CHECK_EQ_U(ret, (uint64_t)-E2BIG);
	CHECK(per > 200 * sizeof(struct snap_counter));
	CHECK(snap_bytes(&s) > SOURCE_SAMPLE_ROWS);
	CHECK(snap_bytes(&s) <= SOURCE_SAMPLE_ROWS + 16 * per);
	CHECK_EQ_U(notes_of(&s, -E2BIG), 1);
	snap_free(&s);
}

TEST_MAIN(test_rows_bound, test_input_bound, test_small_inputs)
