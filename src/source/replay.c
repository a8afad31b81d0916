// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The replay source: samples from a recording, fed through the same
 * parsers as the live source.  No sink: re-recording a replay is refused
 * by the command line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

struct replay {
	struct rec_reader *r;
	bool ended;
	char msg[256];
};

static int replay_sample(struct source *src, struct snapshot *s)
{
	struct replay *rp = src->priv;
	const uint8_t *buf;
	size_t len;
	int ret;

	if (rp->ended)
		return 1;
	ret = rec_reader_next(rp->r, &buf, &len, rp->msg, sizeof(rp->msg));
	if (ret <= 0) {
		struct rec_stats st;

		rp->ended = true;
		rec_reader_stats(rp->r, &st);
		if (ret < 0)
			fprintf(stderr, "rdmatop: %s\n", rp->msg);
		if (st.bad_frames)
			fprintf(stderr, "rdmatop: %llu damaged samples skipped\n",
				(unsigned long long)st.bad_frames);
		return ret == -ENOMEM ? ret : 1;
	}
	src->in_dump = false;
	ret = rec_replay_sample(src, s, buf, len);
	if (ret)
		snap_note(s, ret, SNAP_NONE, "damaged sample in the recording (replayed in part)");
	snap_tasks_sort(s);
	return 0;
}

static void replay_close(struct source *src)
{
	struct replay *rp = src->priv;

	if (!rp)
		return;
	rec_reader_close(rp->r);
	free(rp);
	src->priv = NULL;
}

static const struct source_ops replay_ops = {
	.name = "replay",
	.sample = replay_sample,
	.close = replay_close,
};

int source_replay_open(struct source *src, const char *path, char *err, size_t errlen)
{
	struct replay *rp = calloc(1, sizeof(*rp));
	int ret;

	if (!rp)
		return -ENOMEM;
	ret = rec_reader_open(&rp->r, path, err, errlen);
	if (ret) {
		free(rp);
		return ret;
	}
	src->ops = &replay_ops;
	src->priv = rp;
	return 0;
}
