// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recording reader: walks frames, checks them, decompresses them.  A frame
 * with a bad payload checksum is skipped and counted; a bad frame header or
 * a short read ends the file (nothing after it can be located reliably).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zstd.h>

#include "record.h"

struct rec_reader {
	FILE *f;
	uint8_t *in, *out;
	size_t in_cap, out_cap;
	/* the last good payload: what rec_reader_next returned, and the next
	 * delta frame's prefix; out is where the next one is decoded */
	uint8_t *prev;
	size_t prev_len, prev_cap;
	bool prev_ok;		/* prev is the frame just before the next one */
	bool key;		/* the frame returned last was a key frame */
	ZSTD_DCtx *dctx;
	struct rec_stats st;
};

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

int rec_reader_open(struct rec_reader **rp, const char *path, char *err, size_t errlen)
{
	struct rec_reader *r;
	uint8_t hdr[16];
	uint32_t version;

	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->f = fopen(path, "rb");
	if (!r->f) {
		int e = -errno;

		snprintf(err, errlen, "%s: %s", path, strerror(-e));
		free(r);
		return e;
	}
	if (fread(hdr, 1, sizeof(hdr), r->f) != sizeof(hdr) || memcmp(hdr, REC_MAGIC, 8)) {
		snprintf(err, errlen, "%s: not an rdmatop recording", path);
		rec_reader_close(r);
		return -EINVAL;
	}
	version = le32(hdr + 8);
	if (version > REC_VERSION) {
		snprintf(err, errlen, "%s: recording format version %u is newer than this "
			 "rdmatop reads (%u): upgrade rdmatop", path, version, REC_VERSION);
		rec_reader_close(r);
		return -EPROTO;
	}
	r->st.offset = sizeof(hdr);
	r->dctx = ZSTD_createDCtx();
	if (!r->dctx) {
		rec_reader_close(r);
		return -ENOMEM;
	}
	*rp = r;
	return 0;
}

/* buffers at least this big are not kept between frames */
#define REC_KEEP_BYTES (256 * 1024)

static int grow(uint8_t **buf, size_t *cap, size_t n)
{
	uint8_t *nb;

	if (n <= *cap)
		return 0;
	nb = realloc(*buf, n);
	if (!nb)
		return -ENOMEM;
	*buf = nb;
	*cap = n;
	return 0;
}

static int decode(struct rec_reader *r, uint16_t codec, uint32_t clen, uint32_t rlen)
{
	size_t d;

	switch (codec) {
	case REC_CODEC_NONE:
		if (clen != rlen)
			return -EBADMSG;
		memcpy(r->out, r->in, clen);
		return 0;
	case REC_CODEC_ZSTD:
		d = ZSTD_decompress(r->out, rlen, r->in, clen);
		break;
	case REC_CODEC_ZSTD_DELTA:
		if (!r->prev_ok)
			return -EBADMSG;	/* its prefix is missing */
		ZSTD_DCtx_reset(r->dctx, ZSTD_reset_session_only);
		if (ZSTD_isError(ZSTD_DCtx_refPrefix(r->dctx, r->prev, r->prev_len)))
			return -EBADMSG;
		d = ZSTD_decompressDCtx(r->dctx, r->out, rlen, r->in, clen);
		break;
	default:
		return -EBADMSG;
	}
	return ZSTD_isError(d) || d != rlen ? -EBADMSG : 0;
}

/*
 * The frame just decoded becomes the prefix of the next, without a copy; the
 * one before is no longer needed, and a large one is given back at once: a
 * 100k-QP frame is 9 MB, and the reader would otherwise hold two of them
 * while the snapshots are built (the next output buffer is allocated when the
 * next frame is read, at its size).
 */
static void keep_prev(struct rec_reader *r, uint32_t rlen)
{
	uint8_t *t = r->prev;
	size_t cap = r->prev_cap;

	r->prev = r->out;
	r->prev_cap = r->out_cap;
	r->prev_len = rlen;
	r->prev_ok = true;
	if (cap >= REC_KEEP_BYTES) {
		free(t);
		t = NULL;
		cap = 0;
	}
	r->out = t;
	r->out_cap = cap;
}

bool rec_reader_key(const struct rec_reader *r)
{
	return r->key;
}

int rec_reader_next(struct rec_reader *r, const uint8_t **buf, size_t *len,
		    char *err, size_t errlen)
{
	uint8_t hdr[REC_FRAME_HDR];

	for (;;) {
		uint32_t clen, rlen;
		uint16_t type, codec;
		size_t n = fread(hdr, 1, sizeof(hdr), r->f);

		if (n == 0 && feof(r->f))
			return 0;
		if (n != sizeof(hdr)) {
			snprintf(err, errlen, "recording truncated at byte %llu (partial frame "
				 "header): stopped after %llu samples",
				 (unsigned long long)r->st.offset,
				 (unsigned long long)r->st.frames);
			return -EBADMSG;
		}
		if (le32(hdr) != REC_FRAME_MAGIC || le32(hdr + 20) != rec_crc32(0, hdr, 20)) {
			snprintf(err, errlen, "recording corrupt at byte %llu (bad frame "
				 "header): stopped after %llu samples",
				 (unsigned long long)r->st.offset,
				 (unsigned long long)r->st.frames);
			return -EBADMSG;
		}
		type = le16(hdr + 4);
		codec = le16(hdr + 6);
		clen = le32(hdr + 8);
		rlen = le32(hdr + 12);
		if (clen > REC_FRAME_MAX || rlen > REC_FRAME_MAX) {
			snprintf(err, errlen, "recording corrupt at byte %llu (frame of %u "
				 "bytes): stopped", (unsigned long long)r->st.offset, clen);
			return -EBADMSG;
		}
		if (grow(&r->in, &r->in_cap, clen) || grow(&r->out, &r->out_cap, rlen + 1)) {
			snprintf(err, errlen, "out of memory");
			return -ENOMEM;
		}
		if (fread(r->in, 1, clen, r->f) != clen) {
			snprintf(err, errlen, "recording truncated at byte %llu (frame cut "
				 "short): stopped after %llu samples",
				 (unsigned long long)r->st.offset,
				 (unsigned long long)r->st.frames);
			return -EBADMSG;
		}
		r->st.offset += sizeof(hdr) + clen;
		if (le32(hdr + 16) != rec_crc32(0, r->in, clen) || type != REC_FRAME_SAMPLE) {
			/* damaged or unknown: skip it; deltas until the next
			 * key frame cannot be decoded either */
			r->st.bad_frames++;
			r->prev_ok = false;
			continue;
		}
		if (decode(r, codec, clen, rlen)) {
			r->st.bad_frames++;
			r->prev_ok = false;
			continue;
		}
		r->key = codec != REC_CODEC_ZSTD_DELTA;
		keep_prev(r, rlen);
		r->st.frames++;
		*buf = r->prev;
		*len = rlen;
		return 1;
	}
}

void rec_reader_stats(const struct rec_reader *r, struct rec_stats *st)
{
	*st = r->st;
}

uint64_t rec_reader_tell(const struct rec_reader *r)
{
	return r->st.offset;
}

int rec_reader_seek(struct rec_reader *r, uint64_t offset)
{
	if (offset > (uint64_t)LONG_MAX || fseek(r->f, (long)offset, SEEK_SET))
		return -EINVAL;
	r->st.offset = offset;
	r->prev_ok = false;	/* seek to key frames, or decode forward from one */
	return 0;
}

int rec_sample_wall(const uint8_t *buf, size_t len, struct timespec *wall)
{
	if (len < 8 + 24 || buf[0] != REC_BEGIN || le32(buf + 4) < 24)
		return -EBADMSG;
	wall->tv_sec = (time_t)(le32(buf + 8 + 12) | (uint64_t)le32(buf + 8 + 16) << 32);
	wall->tv_nsec = le32(buf + 8 + 20) % 1000000000u;
	return 0;
}

void rec_reader_close(struct rec_reader *r)
{
	if (!r)
		return;
	if (r->f)
		fclose(r->f);
	free(r->in);
	free(r->out);
	free(r->prev);
	ZSTD_freeDCtx(r->dctx);
	free(r);
}

/* Feed the records of one sample payload (see writer.c for the layout). */
int rec_replay_sample(struct source *src, struct snapshot *s, const uint8_t *buf,
		      size_t len)
{
	size_t off = 0;

	while (off + 8 <= len) {
		uint8_t kind = buf[off];
		uint32_t blen = le32(buf + off + 4);
		const uint8_t *b = buf + off + 8;

		if (blen > len - off - 8)
			return -EBADMSG;
		off += 8 + blen;
		switch (kind) {
		case REC_BEGIN: {
			uint16_t hl, kl;

			if (blen < 28)
				return -EBADMSG;
			s->mono.tv_sec = (time_t)(le32(b) | (uint64_t)le32(b + 4) << 32);
			s->mono.tv_nsec = le32(b + 8) % 1000000000u;
			s->wall.tv_sec = (time_t)(le32(b + 12) | (uint64_t)le32(b + 16) << 32);
			s->wall.tv_nsec = le32(b + 20) % 1000000000u;
			hl = le16(b + 24);
			if (26u + hl + 2 > blen)
				return -EBADMSG;
			kl = le16(b + 26 + hl);
			if (28u + hl + kl > blen)
				return -EBADMSG;
			snprintf(s->host, sizeof(s->host), "%.*s", (int)hl, (const char *)b + 26);
			snprintf(s->kernel, sizeof(s->kernel), "%.*s", (int)kl,
				 (const char *)b + 28 + hl);
			break;
		}
		case REC_NL: {
			struct nl_req req;

			if (blen < 12)
				return -EBADMSG;
			req.cmd = le16(b);
			req.flags = le16(b + 2);
			req.dev = le32(b + 4);
			req.port = le32(b + 8);
			source_feed_nl(src, s, &req, b + 12, blen - 12, NULL);
			break;
		}
		case REC_FILE: {
			char path[1024];
			uint16_t pl;

			if (blen < 6)
				return -EBADMSG;
			pl = le16(b + 4);
			if (6u + pl > blen || pl >= sizeof(path))
				return -EBADMSG;
			memcpy(path, b + 6, pl);
			path[pl] = '\0';
			source_feed_file(src, s, path, (int)le32(b), b + 6 + pl, blen - 6 - pl);
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
