// SPDX-License-Identifier: GPL-2.0-or-later
/* Recordings: round trip, truncation at every offset, corruption. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <stdlib.h>
#include <unistd.h>

#include "nl.h"
#include "record.h"
#include "source.h"
#include "test.h"

static char path[64];

/* A device dump reply (RDMA_NLDEV_CMD_GET) of one device, then DONE. */
static size_t dev_reply(uint8_t *buf, uint32_t index, const char *name)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf), *done;

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_GET);
	nlh->nlmsg_flags = NLM_F_MULTI;
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, index);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, name);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	done = (struct nlmsghdr *)(buf + nlh->nlmsg_len);
	memset(done, 0, sizeof(*done) + 4);
	done->nlmsg_len = sizeof(*done) + 4;
	done->nlmsg_type = NLMSG_DONE;
	done->nlmsg_flags = NLM_F_MULTI;
	return nlh->nlmsg_len + done->nlmsg_len;
}

/* Write `n` samples through the writer's sink, as the live source would. */
static void write_recording(int n)
{
	struct rec_writer *w;
	struct raw_sink *k;
	struct snapshot s;
	uint8_t buf[1024];
	int i;

	snap_init(&s);
	snprintf(path, sizeof(path), "/tmp/rdmatop-test-%d.rdrec", (int)getpid());
	CHECK_EQ_U(rec_writer_open(&w, path), 0);
	k = rec_writer_sink(w);
	for (i = 0; i < n; i++) {
		struct nl_req req = { .cmd = RDMA_NLDEV_CMD_GET, .flags = NLM_F_DUMP,
				      .dev = SNAP_NONE, .port = SNAP_NONE };
		char val[32];
		size_t len = dev_reply(buf, 0, "rxe0");

		s.mono.tv_sec = 100 + i;
		s.wall.tv_sec = 1700000000 + i;
		snprintf(s.host, sizeof(s.host), "node%d", 7);
		snprintf(s.kernel, sizeof(s.kernel), "6.1.0-57-amd64");
		CHECK_EQ_U(k->begin(k->ctx, &s), 0);
		CHECK_EQ_U(k->nl(k->ctx, &req, buf, len), 0);
		snprintf(val, sizeof(val), "%d\n", 1000 * (i + 1));
		CHECK_EQ_U(k->file(k->ctx, "/proc/42/status", 0, "Tgid:\t40\nUid:\t0\t0\t0\t0\n", 23), 0);
		CHECK_EQ_U(k->file(k->ctx, "/proc/43/status", -ENOENT, "", 0), 0);
		CHECK_EQ_U(k->file(k->ctx, "/sys/class/infiniband/rxe0/ports/1/counters/port_xmit_data",
				   0, val, strlen(val)), 0);
		CHECK_EQ_U(k->end(k->ctx, &s), 0);
	}
	CHECK_EQ_U(rec_writer_close(w), 0);
	snap_free(&s);
}

static uint64_t last_bad;	/* damaged frames the last read skipped */

/* Read every sample; returns samples replayed, message of the end in err. */
static int read_recording(const char *p, char *err, size_t errlen, struct snapshot *last)
{
	struct rec_stats st;

	struct source src = { 0 };
	struct rec_reader *r;
	const uint8_t *buf;
	size_t len;
	int n = 0, ret;

	err[0] = '\0';
	if (rec_reader_open(&r, p, err, errlen))
		return -1;
	while ((ret = rec_reader_next(r, &buf, &len, err, errlen)) == 1) {
		snap_clear(last);
		source_replay_sample(&src, last, buf, len);
		snap_tasks_sort(last);
		n++;
	}
	rec_reader_stats(r, &st);
	last_bad = st.bad_frames;
	rec_reader_close(r);
	return n;
}

static void test_round_trip(void)
{
	struct snapshot s;
	const struct snap_task *t;
	char err[256];

	snap_init(&s);
	write_recording(3);
	CHECK_EQ_U(read_recording(path, err, sizeof(err), &s), 3);
	CHECK_EQ_S(err, "");
	CHECK_EQ_U(s.mono.tv_sec, 102);
	CHECK_EQ_U(s.wall.tv_sec, 1700000002);
	CHECK_EQ_S(s.host, "node7");
	CHECK_EQ_S(s.kernel, "6.1.0-57-amd64");
	CHECK_EQ_U(s.devs.n, 1);
	if (s.devs.n)
		CHECK_EQ_S(SNAP_AT(&s.devs, struct snap_dev, 0)->name, "rxe0");
	/* PMA data counts 4-octet words: the third sample said 3000 */
	CHECK_EQ_U(s.counters.n, 1);
	if (s.counters.n) {
		CHECK_EQ_U(SNAP_AT(&s.counters, struct snap_counter, 0)->value, 12000);
		CHECK_EQ_U(SNAP_AT(&s.counters, struct snap_counter, 0)->unit, SNAP_UNIT_BYTES);
	}
	t = snap_task_find(&s, 42);
	CHECK(t && t->pid == 40);
	t = snap_task_find(&s, 43);
	CHECK(t && (t->valid & SNAP_TASK_GONE));
	unlink(path);
	snap_free(&s);
}

static char *slurp_file(size_t *len)
{
	return test_slurp(path, len);
}

static void put_file(const char *p, const char *buf, size_t len)
{
	FILE *f = fopen(p, "wb");

	CHECK(f != NULL);
	if (!f)
		return;
	CHECK_EQ_U(fwrite(buf, 1, len, f), len);
	fclose(f);
}

static void test_truncated_everywhere(void)
{
	struct snapshot s;
	char err[256], cut[80];
	size_t len, i;
	char *all;
	int n, prev = 0;

	snap_init(&s);
	write_recording(3);
	all = slurp_file(&len);
	CHECK(all != NULL);
	snprintf(cut, sizeof(cut), "%s.cut", path);
	for (i = 0; all && i < len; i++) {
		put_file(cut, all, i);
		n = read_recording(cut, err, sizeof(err), &s);
		/* never more samples than complete frames, never fewer than before */
		CHECK(n >= prev || (i < 16 && n == -1));
		if (i < 16) {
			CHECK(n == -1 && strstr(err, "not an rdmatop recording"));
		} else if (n >= 0) {
			prev = n;
			/* a cut inside a frame says so; a cut at a boundary is clean */
			CHECK(err[0] == '\0' || strstr(err, "truncated"));
		}
	}
	CHECK_EQ_U(prev, 2);
	unlink(cut);
	unlink(path);
	free(all);
	snap_free(&s);
}

static void test_corrupt_bytes(void)
{
	struct snapshot s;
	char err[256], bad[80];
	size_t len, i;
	char *all;

	snap_init(&s);
	write_recording(3);
	all = slurp_file(&len);
	CHECK(all != NULL);
	snprintf(bad, sizeof(bad), "%s.bad", path);
	for (i = 16; all && i < len; i += 3) {
		int n;

		all[i] ^= 0x5a;
		put_file(bad, all, len);
		n = read_recording(bad, err, sizeof(err), &s);
		/* a damaged frame is skipped and counted (and the delta frames
		 * after it, up to the next key frame), or ends reading early;
		 * the frames before it always replay */
		CHECK(n >= 0 && n <= 2);
		CHECK(n == 2 || err[0] != '\0' || last_bad > 0);
		all[i] ^= 0x5a;
	}
	unlink(bad);
	unlink(path);
	free(all);
	snap_free(&s);
}

static void test_newer_version_refused(void)
{
	struct snapshot s;
	char err[256];
	size_t len;
	char *all;

	snap_init(&s);
	write_recording(1);
	all = slurp_file(&len);
	CHECK(all && len > 16);
	if (all) {
		all[8] = 9;	/* version 9 */
		put_file(path, all, len);
		CHECK_EQ_U(read_recording(path, err, sizeof(err), &s), (uint64_t)-1);
		CHECK(strstr(err, "newer") != NULL);
	}
	unlink(path);
	free(all);
	snap_free(&s);
}

static void test_rotation(void)
{
	struct rec_writer *w;
	struct raw_sink *k;
	struct snapshot s;
	char p[96], err[256];
	static uint8_t junk[6000];
	int i, n1, n0;

	snap_init(&s);
	snprintf(path, sizeof(path), "/tmp/rdmatop-rot-%d.rdrec", (int)getpid());
	CHECK_EQ_U(rec_writer_open(&w, path), 0);
	rec_writer_rotate(w, 8192, 2);
	k = rec_writer_sink(w);
	for (i = 0; i < 10; i++) {
		static uint32_t x = 2463534242u;	/* xorshift: compresses badly */
		int j;

		/* new bytes every sample: no delta against the last one helps */
		for (j = 0; j < (int)sizeof(junk); j++) {
			x ^= x << 13;
			x ^= x >> 17;
			x ^= x << 5;
			junk[j] = (uint8_t)x;
		}
		s.mono.tv_sec = i;
		CHECK_EQ_U(k->begin(k->ctx, &s), 0);
		CHECK_EQ_U(k->file(k->ctx, "/sys/class/net/x/statistics/rx_bytes", 0, junk,
				   sizeof(junk)), 0);
		CHECK_EQ_U(k->end(k->ctx, &s), 0);
	}
	CHECK_EQ_U(rec_writer_close(w), 0);
	/* FILE, FILE.1 and FILE.2 exist, FILE.3 does not; all are readable */
	n0 = read_recording(path, err, sizeof(err), &s);
	snprintf(p, sizeof(p), "%s.1", path);
	n1 = read_recording(p, err, sizeof(err), &s);
	CHECK(n1 >= 1 && n0 >= 0);
	CHECK_EQ_S(err, "");
	snprintf(p, sizeof(p), "%s.2", path);
	CHECK(read_recording(p, err, sizeof(err), &s) >= 1);
	unlink(p);
	snprintf(p, sizeof(p), "%s.3", path);
	CHECK(access(p, F_OK) != 0);
	snprintf(p, sizeof(p), "%s.1", path);
	unlink(p);
	unlink(path);
	snap_free(&s);
}

/*
 * A writer killed with SIGKILL in the middle of its work leaves a file
 * whose every complete frame replays, and whose end is reported.
 */
static void test_sigkill(void)
{
	char p[96], err[256];
	struct snapshot s;
	pid_t child;
	int n, status;

	snap_init(&s);
	snprintf(p, sizeof(p), "/tmp/rdmatop-kill-%d.rdrec", (int)getpid());
	child = fork();
	CHECK(child >= 0);
	if (child == 0) {
		struct rec_writer *w;
		struct raw_sink *k;
		static uint8_t big[200000];
		int i;

		if (rec_writer_open(&w, p))
			_exit(1);
		k = rec_writer_sink(w);
		for (i = 0;; i++) {
			size_t j;

			for (j = 0; j < sizeof(big); j++)
				big[j] = (uint8_t)(j * 7 + (size_t)i * 13 + (j >> 5));
			s.mono.tv_sec = i;
			k->begin(k->ctx, &s);
			k->file(k->ctx, "/sys/class/net/x/statistics/rx_bytes", 0, big, sizeof(big));
			k->end(k->ctx, &s);
		}
	}
	usleep(300000);
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	CHECK(WIFSIGNALED(status));
	n = read_recording(p, err, sizeof(err), &s);
	CHECK(n >= 1);
	/* killed between frames: a clean end; inside one: "truncated at byte" */
	CHECK(err[0] == '\0' || strstr(err, "truncated at byte") != NULL);
	unlink(p);
	snap_free(&s);
}

/* Delta frames: seeking anywhere decodes from the key frame before it. */
static void test_seek_delta(void)
{
	struct source src = { 0 };
	struct rec_writer *w;
	struct raw_sink *k;
	struct snapshot s;
	char p[96], err[256], val[32];
	long targets[] = { 130, 5, 59, 60, 61, 0, 149, 120 };
	static uint8_t table[20000];	/* like a dump: mostly the same each sample */
	uint32_t x = 88172645u;
	size_t i;
	int n, size_first = 0;

	snap_init(&s);
	snprintf(p, sizeof(p), "/tmp/rdmatop-seek-%d.rdrec", (int)getpid());
	CHECK_EQ_U(rec_writer_open(&w, p), 0);
	k = rec_writer_sink(w);
	for (i = 0; i < sizeof(table); i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		table[i] = (uint8_t)x;
	}
	for (n = 0; n < 150; n++) {
		table[(size_t)n * 97 % sizeof(table)] ^= 0x5a;	/* a few bytes move */
		s.mono.tv_sec = n;
		s.wall.tv_sec = 1700000000 + n;
		k->begin(k->ctx, &s);
		snprintf(val, sizeof(val), "%d\n", n * 1000);
		k->file(k->ctx, "/proc/42/status", 0, "Tgid:\t40\nUid:\t0\n", 17);
		k->file(k->ctx, "/sys/class/net/eth0/statistics/rx_bytes", 0, val, strlen(val));
		k->file(k->ctx, "/sys/class/net/eth0/statistics/tx_bytes", 0, table, sizeof(table));
		k->end(k->ctx, &s);
		if (n == 0) {
			struct stat st;

			stat(p, &st);
			size_first = (int)st.st_size;
		}
	}
	CHECK_EQ_U(rec_writer_close(w), 0);
	CHECK_EQ_U(source_replay_open(&src, p, err, sizeof(err)), 0);
	for (i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
		CHECK_EQ_U(src.ops->seek(&src, targets[i]), 0);
		snap_clear(&s);
		CHECK_EQ_U(source_sample(&src, &s), 0);
		CHECK_EQ_U(s.mono.tv_sec, targets[i]);
		CHECK_EQ_U(src.ops->tell(&src), targets[i] + 1);
	}
	CHECK_EQ_U(src.ops->seek(&src, 150), 0);	/* the end */
	CHECK_EQ_U(source_sample(&src, &s), 1);
	CHECK(src.ops->seek(&src, 151) == -ERANGE);
	{
		long ix = -1;

		CHECK_EQ_U(src.ops->find_time(&src, 1700000000 + 77, &ix), 0);
		CHECK_EQ_U(ix, 77);
	}
	source_close(&src);
	/* the deltas are small: 150 samples cost far less than 150 key frames */
	{
		struct stat st;

		stat(p, &st);
		CHECK(st.st_size < 150 * (size_first - 16) / 5);
	}
	unlink(p);
	snap_free(&s);
}

/* An overflow of the event socket, recorded live, is said by the replay too. */
static void test_events_lost(void)
{
	struct source src = { 0 };
	struct rec_writer *w;
	struct snapshot s, r;
	char err[256];
	size_t i, notes = 0;

	snap_init(&s);
	snap_init(&r);
	snprintf(path, sizeof(path), "/tmp/rdmatop-test-lost-%d.rdrec", (int)getpid());
	CHECK_EQ_U(rec_writer_open(&w, path), 0);
	src.sink = rec_writer_sink(w);
	CHECK_EQ_U(src.sink->begin(src.sink->ctx, &s), 0);
	CHECK_EQ_U(source_feed_file(&src, &s, SOURCE_EVENTS_LOST, -ENOBUFS, NULL, 0), 0);
	CHECK_EQ_U(source_feed_file(&src, &s, SOURCE_EVENTS_LOST, -ENOBUFS, NULL, 0), 0);
	CHECK_EQ_U(src.sink->end(src.sink->ctx, &s), 0);
	CHECK_EQ_U(rec_writer_close(w), 0);
	CHECK(s.flags & SNAP_F_EVENTS_LOST);
	CHECK_EQ_U(read_recording(path, err, sizeof(err), &r), 1);
	CHECK(r.flags & SNAP_F_EVENTS_LOST);
	for (i = 0; i < r.notes.n; i++)
		notes += strstr(snap_s(&r, SNAP_AT(&r.notes, struct snap_note, i)->text),
				"event queue overflowed") != NULL;
	CHECK_EQ_U(notes, 1);	/* once, however often the socket said so */
	unlink(path);
	snap_free(&s);
	snap_free(&r);
}

TEST_MAIN(test_events_lost, test_round_trip, test_rotation, test_sigkill, test_seek_delta, test_truncated_everywhere, test_corrupt_bytes,
	  test_newer_version_refused)
