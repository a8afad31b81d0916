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
#include <unistd.h>

#include <zstd.h>

#include "record.h"
#include "util.h"

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

int rec_reader_open(struct rec_reader **rp, const char *path, char *err, size_t errlen)
{
	struct rec_reader *r;
	uint8_t hdr[REC_FILE_HDR];
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
	version = rec_le32(hdr + REC_FILE_VERSION);
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

long rec_reader_count(const struct rec_reader *r)
{
	uint64_t off = REC_FILE_HDR;
	uint8_t hdr[REC_FRAME_HDR];
	long n = 0;
	int fd = fileno(r->f);

	/* the frame headers only (pread: the reader's place stays), up to
	 * the first that is cut short or fails its checksum, as reading does */
	while (pread(fd, hdr, sizeof(hdr), (off_t)off) == (ssize_t)sizeof(hdr) &&
	       rec_le32(hdr) == REC_FRAME_MAGIC &&
	       rec_le32(hdr + REC_FRAME_HCRC) == rec_crc32(0, hdr, REC_FRAME_HCRC)) {
		if (rec_le16(hdr + REC_FRAME_TYPE) == REC_FRAME_SAMPLE)
			n++;
		off += sizeof(hdr) + rec_le32(hdr + REC_FRAME_CLEN);
	}
	return n;
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
		if (rec_le32(hdr) != REC_FRAME_MAGIC || rec_le32(hdr + REC_FRAME_HCRC) != rec_crc32(0, hdr, REC_FRAME_HCRC)) {
			snprintf(err, errlen, "recording corrupt at byte %llu (bad frame "
				 "header): stopped after %llu samples",
				 (unsigned long long)r->st.offset,
				 (unsigned long long)r->st.frames);
			return -EBADMSG;
		}
		type = rec_le16(hdr + REC_FRAME_TYPE);
		codec = rec_le16(hdr + REC_FRAME_CODEC);
		clen = rec_le32(hdr + REC_FRAME_CLEN);
		rlen = rec_le32(hdr + REC_FRAME_RLEN);
		if (clen > REC_FRAME_MAX || rlen > REC_FRAME_MAX) {
			/* its header is sound: skip it unread, and go on (no
			 * buffer of its size, which a crafted one makes GBs) */
			if (!r->st.big_frames) {
				r->st.big_first = r->st.frames + r->st.bad_frames + 1;
				r->st.big_len = rlen > clen ? rlen : clen;
			}
			r->st.big_frames++;
			r->prev_ok = false;
			if (fseek(r->f, (long)clen, SEEK_CUR)) {
				snprintf(err, errlen, "recording truncated at byte %llu (frame cut "
					 "short): stopped", (unsigned long long)r->st.offset);
				return -EBADMSG;
			}
			r->st.offset += sizeof(hdr) + clen;
			continue;
		}
		if (bytes_reserve(&r->in, &r->in_cap, clen) || bytes_reserve(&r->out, &r->out_cap, rlen + 1)) {
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
		if (rec_le32(hdr + REC_FRAME_CRC) != rec_crc32(0, r->in, clen) || type != REC_FRAME_SAMPLE) {
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

int rec_index_add(struct rec_index *ix, const struct rec_reader *r, uint64_t offset, double wall)
{
	struct rec_frame *f = vec_grow(ix->f, ix->n, &ix->cap, sizeof(*f), 256);

	if (!f)
		return -ENOMEM;
	ix->f = f;
	f[ix->n].offset = offset;
	f[ix->n].wall = wall;
	f[ix->n].key = rec_reader_key(r);
	ix->n++;
	return 0;
}

long rec_index_seek(const struct rec_index *ix, struct rec_reader *r, size_t k)
{
	int ret;

	if (k >= ix->n)
		k = ix->n - 1;
	while (k > 0 && !ix->f[k].key)
		k--;
	ret = rec_reader_seek(r, ix->f[k].offset);
	return ret ? ret : (long)k;
}

void rec_index_free(struct rec_index *ix)
{
	free(ix->f);
	memset(ix, 0, sizeof(*ix));
}

int rec_sample_wall(const uint8_t *buf, size_t len, struct timespec *wall)
{
	const uint8_t *b = buf + REC_REC_HDR;

	if (len < REC_REC_HDR + REC_BEGIN_HOST_LEN || buf[0] != REC_BEGIN ||
	    rec_le32(buf + REC_REC_LEN) < REC_BEGIN_HOST_LEN)
		return -EBADMSG;
	wall->tv_sec = (time_t)(rec_le32(b + REC_BEGIN_WALL_SEC) |
				(uint64_t)rec_le32(b + REC_BEGIN_WALL_SEC + 4) << 32);
	wall->tv_nsec = rec_le32(b + REC_BEGIN_WALL_NSEC) % 1000000000u;
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
