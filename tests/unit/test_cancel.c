// SPDX-License-Identifier: GPL-2.0-or-later
/* source_cancel(): what a stop signal does to the sample in flight. */
#include <errno.h>

#include "record.h"
#include "source.h"
#include "test.h"

struct count {
	int begin, nl, file, end;
	struct source *src;
	int cancel_after;	/* cancel at this file input, as a signal would */
};

static int c_file(void *ctx, const char *path, int err, const void *buf, size_t len)
{
	struct count *c = ctx;

	(void)path, (void)err, (void)buf, (void)len;
	if (++c->file == c->cancel_after)
		source_cancel(c->src);
	return 0;
}

/* After the cancel no input reaches the sink or the parsers. */
static void test_feed_stops(void)
{
	struct count c = { .cancel_after = 2 };
	struct raw_sink k = { .ctx = &c, .file = c_file };
	struct source src = { .sink = &k };
	struct snapshot s;
	int i, ret = 0;

	c.src = &src;
	snap_init(&s);
	for (i = 0; i < 10 && !ret; i++)
		ret = source_feed_file(&src, &s, "/proc/1/comm", 0, "init\n", 5);
	CHECK_EQ_U(ret, (uint64_t)-ECANCELED);
	CHECK_EQ_U(c.file, 2);
	CHECK_EQ_U(i, 3);
	CHECK(source_cancelled(&src));
	snap_free(&s);
}

/* A replay: samples until the cancel, -ECANCELED after, nothing printed. */
static void test_replay_cancelled(void)
{
	struct source src = { 0 };
	struct snapshot s;
	char err[256];

	snap_init(&s);
	CHECK_EQ_U(source_replay_open(&src, "tests/data/demo.rdrec", err, sizeof(err)), 0);
	CHECK_EQ_U(source_sample(&src, &s), 0);
	CHECK(s.devs.n > 0);
	source_cancel(&src);
	snap_clear(&s);
	CHECK_EQ_U(source_sample(&src, &s), (uint64_t)-ECANCELED);
	CHECK_EQ_U(s.devs.n, 0);
	source_close(&src);
	snap_free(&s);
}

TEST_MAIN(test_feed_stops, test_replay_cancelled)
