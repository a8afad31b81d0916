// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The replay source: samples from a recording, fed through the same
 * parsers as the live source.  It indexes frames as it reads them (offset
 * and wall-clock time per sample), so the dashboard can step back and jump
 * to a time like atop's -r.  No sink: re-recording a replay is refused by
 * the command line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "source.h"
#include "util.h"

struct replay {
	struct rec_reader *r;
	bool ended;		/* the reader hit the end (or damage) */
	bool said;		/* the end was reported */
	long next;		/* index of the sample sample() returns next */
	struct rec_index ix;	/* samples read so far */
	long total;		/* sample frames in the file when opened */
	char msg[256];
};

static void report_end(struct replay *rp, int ret)
{
	struct rec_stats st;

	if (rp->said)
		return;
	rp->said = true;
	rec_reader_stats(rp->r, &st);
	if (ret < 0)
		fprintf(stderr, "rdmatop: %s\n", rp->msg);
	if (st.bad_frames)
		fprintf(stderr, "rdmatop: %llu damaged samples skipped\n",
			(unsigned long long)st.bad_frames);
	if (st.big_frames)
		fprintf(stderr, "rdmatop: sample %llu: more than %u MiB of records (%llu bytes), "
				"skipped; %llu such samples in all\n",
			(unsigned long long)st.big_first, REC_FRAME_MAX >> 20,
			(unsigned long long)st.big_len, (unsigned long long)st.big_frames);
}

/* Read the next frame, indexing it if it is new. */
static int next_frame(struct replay *rp, const uint8_t **buf, size_t *len)
{
	uint64_t off = rec_reader_tell(rp->r);
	int ret;

	ret = rec_reader_next(rp->r, buf, len, rp->msg, sizeof(rp->msg));
	if (ret <= 0)
		return ret;
	if ((size_t)rp->next == rp->ix.n) {
		struct timespec wall = { 0 };

		/* a skipped damaged frame lies between: index the good one */
		rec_sample_wall(*buf, *len, &wall);
		if (rec_index_add(&rp->ix, rp->r, off, (double)wall.tv_sec))
			return -ENOMEM;
	}
	rp->next++;
	return 1;
}

static int replay_sample(struct source *src, struct snapshot *s)
{
	struct replay *rp = src->priv;
	const uint8_t *buf;
	size_t len;
	int ret;

	if (rp->ended && (size_t)rp->next >= rp->ix.n)
		return 1;
	ret = next_frame(rp, &buf, &len);
	if (ret <= 0 && source_cancelled(src))
		return -ECANCELED;	/* a read cut short by the signal */
	if (ret <= 0) {
		rp->ended = true;
		report_end(rp, ret);
		return ret == -ENOMEM ? ret : 1;
	}
	src->in_dump = false;
	ret = source_replay_sample(src, s, buf, len);
	if (ret == -ECANCELED)
		return ret;
	if (ret)
		snap_note(s, ret, SNAP_NONE, "damaged sample in the recording (replayed in part)");
	snap_tasks_sort(s);
	snap_dedup(s);
	return 0;
}

static int replay_seek(struct source *src, long index)
{
	struct replay *rp = src->priv;
	const uint8_t *buf;
	size_t len;

	if (index < 0)
		return -ERANGE;
	/* delta frames decode from the key frame before them onwards */
	if (rp->ix.n) {
		long k = rec_index_seek(&rp->ix, rp->r, (size_t)index);

		if (k < 0)
			return -EIO;
		rp->next = k;
	}
	while (rp->next < index) {
		int ret = next_frame(rp, &buf, &len);

		if (ret <= 0) {
			rp->ended = true;
			return -ERANGE;
		}
	}
	return 0;
}

static long replay_count(struct source *src)
{
	return ((struct replay *)src->priv)->total;
}

static long replay_tell(struct source *src)
{
	return ((struct replay *)src->priv)->next;
}

static int replay_find_time(struct source *src, time_t wall, long *index)
{
	struct replay *rp = src->priv;
	long keep = rp->next;
	size_t i;

	for (i = 0;; i++) {
		if (i >= rp->ix.n) {
			replay_seek(src, (long)i + 1);	/* reads and indexes sample i */
			if (i >= rp->ix.n)
				break;
		}
		if (rp->ix.f[i].wall >= (double)wall) {
			*index = (long)i;
			replay_seek(src, keep);
			return 0;
		}
	}
	replay_seek(src, keep);
	return -ERANGE;
}

static void replay_close(struct source *src)
{
	struct replay *rp = src->priv;

	if (!rp)
		return;
	rec_reader_close(rp->r);
	rec_index_free(&rp->ix);
	free(rp);
	src->priv = NULL;
}

static const struct source_ops replay_ops = {
	.name = "replay",
	.sample = replay_sample,
	.close = replay_close,
	.seek = replay_seek,
	.tell = replay_tell,
	.find_time = replay_find_time,
	.count = replay_count,
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
	rp->total = rec_reader_count(rp->r);
	src->ops = &replay_ops;
	src->priv = rp;
	return 0;
}

/* Feed the records of one sample payload (src/record/writer.c has the
 * layout).  Long for a reason: one case per record kind. */
int source_replay_sample(struct source *src, struct snapshot *s, const uint8_t *buf,
		      size_t len)
{
	size_t off = 0;

	while (off + REC_REC_HDR <= len) {
		uint8_t kind = buf[off];
		uint32_t blen = rec_le32(buf + off + REC_REC_LEN);
		const uint8_t *b = buf + off + REC_REC_HDR;

		if (source_cancelled(src))
			return -ECANCELED;
		if (blen > len - off - REC_REC_HDR)
			return -EBADMSG;
		off += REC_REC_HDR + blen;
		switch (kind) {
		case REC_BEGIN: {
			const uint8_t *k;
			uint16_t hl, kl;

			if (blen < REC_BEGIN_HOST + 2)
				return -EBADMSG;
			s->mono.tv_sec = (time_t)(rec_le32(b + REC_BEGIN_MONO_SEC) |
						  (uint64_t)rec_le32(b + REC_BEGIN_MONO_SEC + 4) << 32);
			s->mono.tv_nsec = rec_le32(b + REC_BEGIN_MONO_NSEC) % 1000000000u;
			s->wall.tv_sec = (time_t)(rec_le32(b + REC_BEGIN_WALL_SEC) |
						  (uint64_t)rec_le32(b + REC_BEGIN_WALL_SEC + 4) << 32);
			s->wall.tv_nsec = rec_le32(b + REC_BEGIN_WALL_NSEC) % 1000000000u;
			hl = rec_le16(b + REC_BEGIN_HOST_LEN);
			if (REC_BEGIN_HOST + hl + 2u > blen)
				return -EBADMSG;
			k = b + REC_BEGIN_HOST + hl;	/* the kernel release, sized alike */
			kl = rec_le16(k);
			if (REC_BEGIN_HOST + hl + 2u + kl > blen)
				return -EBADMSG;
			snprintf(s->host, sizeof(s->host), "%.*s", (int)hl,
				 (const char *)b + REC_BEGIN_HOST);
			snprintf(s->kernel, sizeof(s->kernel), "%.*s", (int)kl,
				 (const char *)k + 2);
			break;
		}
		case REC_NL:
		case REC_NL_KIND:
		case REC_NL_ID: {
			size_t at = kind == REC_NL_ID ? REC_NL_ID_DATA :
				    kind == REC_NL_KIND ? REC_NL_KIND_DATA : REC_NL_DATA;
			struct nl_req req = { 0 };

			if (blen < at)
				return -EBADMSG;
			req.cmd = rec_le16(b + REC_NL_CMD);
			req.flags = rec_le16(b + REC_NL_FLAGS);
			req.dev = rec_le32(b + REC_NL_DEV);
			req.port = rec_le32(b + REC_NL_PORT);
			if (kind != REC_NL)
				req.kind = rec_le16(b + REC_NL_KIND_KIND);
			if (kind == REC_NL_ID)
				req.id = rec_le32(b + REC_NL_ID_ID);
			source_feed_nl(src, s, &req, b + at, blen - at, NULL);
			break;
		}
		case REC_FILE: {
			char path[1024];
			uint16_t pl;

			if (blen < REC_FILE_PATH)
				return -EBADMSG;
			pl = rec_le16(b + REC_FILE_PATH_LEN);
			if (REC_FILE_PATH + (uint32_t)pl > blen || pl >= sizeof(path))
				return -EBADMSG;
			memcpy(path, b + REC_FILE_PATH, pl);
			path[pl] = '\0';
			/* no path the live source reads has a NUL: cut at it,
			 * it would name another file (a counter twice) */
			if (memchr(path, '\0', pl)) {
				snap_note(s, -EBADMSG, SNAP_NONE,
					  "a file path with a NUL in the recording: left out");
				break;
			}
			source_feed_file(src, s, path, (int)rec_le32(b + REC_FILE_ERR),
					 b + REC_FILE_PATH + pl, blen - REC_FILE_PATH - pl);
			break;
		}
		case REC_NET: {
			char ndev[REC_NET_DATA - REC_NET_NDEV];

			if (blen < REC_NET_DATA)
				return -EBADMSG;
			memcpy(ndev, b + REC_NET_NDEV, sizeof(ndev));
			ndev[sizeof(ndev) - 1] = '\0';
			source_feed_net(src, s, rec_le16(b + REC_NET_WHAT), ndev, (int)rec_le32(b + REC_NET_ERR),
				 b + REC_NET_DATA, blen - REC_NET_DATA);
			break;
		}
		case REC_NOTE: {
			char text[512];
			uint32_t tl;

			if (blen < REC_NOTE_TEXT)
				return -EBADMSG;
			tl = blen - REC_NOTE_TEXT;
			if (tl >= sizeof(text))
				tl = sizeof(text) - 1;
			memcpy(text, b + REC_NOTE_TEXT, tl);
			text[tl] = '\0';
			/* the note as the live source made it (its text is
			 * escaped where it is shown, as every note is) */
			snap_note(s, (int)rec_le32(b + REC_NOTE_ERR), rec_le32(b + REC_NOTE_DEV), "%s",
				  text);
			break;
		}
		case REC_END:
			return 0;
		default:
			break;	/* a newer record kind: skip it */
		}
	}
	return off == len ? 0 : -EBADMSG;
}
