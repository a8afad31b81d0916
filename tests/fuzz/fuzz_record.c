// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the recording reader and the replay source: any
 * bytes as a sample's payload (records: BEGIN, NL, FILE, END) fed through
 * the feed path, and as a recording file (header, frames, zstd payloads),
 * read frame by frame and replayed into snapshots, then by the replay
 * source into snapshots each carried from the one before (tables, kept
 * tasks), then its index: seek back, forward, and find a time.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "record.h"
#include "source.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct snapshot s, pair[2];

/* The input as a file the reader can open by name. */
static int as_file(const uint8_t *data, size_t size, char *path, size_t len)
{
	int fd = memfd_create("rec", 0);

	if (fd < 0)
		return -1;
	if (size && write(fd, data, size) != (ssize_t)size) {
		close(fd);
		return -1;
	}
	snprintf(path, len, "/proc/self/fd/%d", fd);
	return fd;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rec_reader *r;
	struct source src = { 0 };
	struct rec_stats st;
	const uint8_t *buf;
	char path[64], err[256];
	size_t len;
	long ix;
	int fd, n = 0;

	/* the input as one sample's payload too: the CRC keeps mutated
	 * payloads out of the reader, not out of the record parser */
	snap_clear(&s);
	source_replay_sample(&src, &s, data, size);
	src.in_dump = false;
	fd = as_file(data, size, path, sizeof(path));
	if (fd < 0)
		return 0;
	if (!rec_reader_open(&r, path, err, sizeof(err))) {
		while (n++ < 64 && rec_reader_next(r, &buf, &len, err, sizeof(err)) == 1) {
			struct timespec wall;

			rec_sample_wall(buf, len, &wall);
			snap_clear(&s);
			source_replay_sample(&src, &s, buf, len);
			src.in_dump = false;
		}
		rec_reader_stats(r, &st);
		rec_reader_close(r);
	}
	/* the replay source over the same bytes: samples, seeks, times */
	if (!source_replay_open(&src, path, err, sizeof(err))) {
		/* each sample after the one before, as the dashboard takes
		 * them: tables carried, kept tasks filled */
		for (n = 0; n < 8; n++) {
			struct snapshot *cur = &pair[n & 1];

			snap_clear(cur);
			if (source_sample(&src, cur))
				break;
			snap_carry(n ? &pair[!(n & 1)] : NULL, cur);
		}
		if (src.ops->seek) {
			src.ops->seek(&src, 0);
			src.ops->seek(&src, 3);
		}
		if (src.ops->find_time)
			src.ops->find_time(&src, 1767225601, &ix);
		source_close(&src);
	}
	close(fd);
	return 0;
}
