// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recording writer: collects one sample's raw inputs in memory, then writes
 * them as one compressed, checksummed frame with a single write, appending
 * only.  fsync at most every REC_SYNC_SECS so a crash loses at most that
 * much, and never a frame in the middle.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <zstd.h>

#include "nlreq.h"
#include "record.h"
#include "snapshot.h"
#include "wfile.h"

#define REC_SYNC_SECS 5
#define REC_ZSTD_LEVEL 3

struct rec_writer {
	int fd;
	char *path;
	uint64_t size;		/* bytes in the current file */
	uint64_t max_size;	/* rotate at this size, 0 = never */
	unsigned int keep;	/* rotated files kept */
	int err;		/* first error, sticky */
	uint8_t *buf;		/* payload of the sample being collected */
	size_t len, cap;
	uint8_t *out;		/* compressed frame */
	size_t out_cap;
	uint8_t *prev;		/* the previous frame's payload: the delta's prefix */
	size_t prev_len, prev_cap;
	unsigned int since_key;	/* frames since the last key frame */
	ZSTD_CCtx *cctx;
	time_t last_sync;
	struct raw_sink sink;
	bool in_sample;		/* between begin and end: records may go in */
};

static void put_le16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put_le32(uint8_t *p, uint32_t v)
{
	put_le16(p, (uint16_t)v);
	put_le16(p + 2, (uint16_t)(v >> 16));
}

static void put_le64(uint8_t *p, uint64_t v)
{
	put_le32(p, (uint32_t)v);
	put_le32(p + 4, (uint32_t)(v >> 32));
}

static uint8_t *reserve(struct rec_writer *w, size_t n)
{
	if (w->err)
		return NULL;
	if (w->len + n > REC_FRAME_MAX) {
		w->err = -EFBIG;
		return NULL;
	}
	if (w->len + n > w->cap) {
		size_t cap = w->cap ? w->cap : 65536;
		uint8_t *nb;

		while (cap < w->len + n)
			cap *= 2;
		nb = realloc(w->buf, cap);
		if (!nb) {
			w->err = -ENOMEM;
			return NULL;
		}
		w->buf = nb;
		w->cap = cap;
	}
	w->len += n;
	return w->buf + w->len - n;
}

/* A record: kind (1), 3 reserved bytes, body length (4), body. */
static uint8_t *record(struct rec_writer *w, enum rec_kind kind, size_t body)
{
	uint8_t *p;

	if (body > UINT32_MAX) {
		w->err = -EFBIG;
		return NULL;
	}
	p = reserve(w, REC_REC_HDR + body);
	if (!p)
		return NULL;
	memset(p, 0, REC_REC_HDR);
	p[0] = (uint8_t)kind;
	put_le32(p + REC_REC_LEN, (uint32_t)body);
	return p + REC_REC_HDR;
}

static int w_begin(void *ctx, const struct snapshot *s)
{
	struct rec_writer *w = ctx;
	size_t hl = strnlen(s->host, sizeof(s->host) - 1);
	size_t kl = strnlen(s->kernel, sizeof(s->kernel) - 1);
	uint8_t *p;

	w->len = 0;
	w->in_sample = true;
	p = record(w, REC_BEGIN, REC_BEGIN_HOST + hl + 2 + kl);
	if (!p)
		return w->err;
	put_le64(p + REC_BEGIN_MONO_SEC, (uint64_t)s->mono.tv_sec);
	put_le32(p + REC_BEGIN_MONO_NSEC, (uint32_t)s->mono.tv_nsec);
	put_le64(p + REC_BEGIN_WALL_SEC, (uint64_t)s->wall.tv_sec);
	put_le32(p + REC_BEGIN_WALL_NSEC, (uint32_t)s->wall.tv_nsec);
	put_le16(p + REC_BEGIN_HOST_LEN, (uint16_t)hl);
	memcpy(p + REC_BEGIN_HOST, s->host, hl);
	p += REC_BEGIN_HOST + hl;	/* the kernel release, sized alike */
	put_le16(p, (uint16_t)kl);
	memcpy(p + 2, s->kernel, kl);
	return 0;
}

static int w_nl(void *ctx, const struct nl_req *req, const void *buf, size_t len)
{
	struct rec_writer *w = ctx;
	bool id = req->kind == NL_REQ_OBJ;
	size_t off = id ? REC_NL_ID_DATA : req->kind ? REC_NL_KIND_DATA : REC_NL_DATA;
	uint8_t *p = record(w, id ? REC_NL_ID : req->kind ? REC_NL_KIND : REC_NL, off + len);

	if (!p)
		return w->err;
	put_le16(p + REC_NL_CMD, req->cmd);
	put_le16(p + REC_NL_FLAGS, req->flags);
	put_le32(p + REC_NL_DEV, req->dev);
	put_le32(p + REC_NL_PORT, req->port);
	if (req->kind)
		put_le16(p + REC_NL_KIND_KIND, req->kind);
	if (id)
		put_le32(p + REC_NL_ID_ID, req->id);
	memcpy(p + off, buf, len);
	return 0;
}

static int w_file(void *ctx, const char *path, int err, const void *buf, size_t len)
{
	struct rec_writer *w = ctx;
	size_t pl = strlen(path);
	uint8_t *p;

	if (pl > UINT16_MAX)
		return 0;	/* not a path we read */
	p = record(w, REC_FILE, REC_FILE_PATH + pl + len);
	if (!p)
		return w->err;
	put_le32(p + REC_FILE_ERR, (uint32_t)err);
	put_le16(p + REC_FILE_PATH_LEN, (uint16_t)pl);
	memcpy(p + REC_FILE_PATH, path, pl);
	if (len)
		memcpy(p + REC_FILE_PATH + pl, buf, len);
	return 0;
}

static int w_net(void *ctx, unsigned int what, const char *ndev, int err, const void *buf,
		 size_t len)
{
	struct rec_writer *w = ctx;
	uint8_t *p = record(w, REC_NET, REC_NET_DATA + len);

	if (!p)
		return w->err;
	put_le16(p + REC_NET_WHAT, (uint16_t)what);
	put_le16(p + REC_NET_WHAT + 2, 0);
	put_le32(p + REC_NET_ERR, (uint32_t)err);
	memset(p + REC_NET_NDEV, 0, REC_NET_DATA - REC_NET_NDEV);
	memcpy(p + REC_NET_NDEV, ndev, strnlen(ndev, REC_NET_DATA - REC_NET_NDEV - 1));
	if (len)
		memcpy(p + REC_NET_DATA, buf, len);
	return 0;
}

/* a note outside a sample (before the first begins) is not recorded */
static int w_note(void *ctx, int err, uint32_t dev, const char *text)
{
	struct rec_writer *w = ctx;
	size_t tl = strnlen(text, 511);	/* snap_note's own length */
	uint8_t *p;

	if (!w->in_sample)
		return 0;
	p = record(w, REC_NOTE, REC_NOTE_TEXT + tl);
	if (!p)
		return w->err;
	put_le32(p + REC_NOTE_ERR, (uint32_t)err);
	put_le32(p + REC_NOTE_DEV, dev);
	memcpy(p + REC_NOTE_TEXT, text, tl);
	return 0;
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t r = write(fd, p, n);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

static bool is_recording(const uint8_t *head, size_t n)
{
	return n >= 8 && !memcmp(head, REC_MAGIC, 8);
}

/*
 * May path be replaced?  Only a recording (or an empty file) is: -ELOOP,
 * -EINVAL or -EEXIST for anything else (see wfile_probe).
 */
static int replaceable(const char *path)
{
	int ret = wfile_probe(path, is_recording);

	return ret < 0 ? ret : 0;
}

/*
 * Create the file anew and write its header.  An old recording there is
 * removed first; O_EXCL | O_NOFOLLOW then refuse whatever appeared in its
 * place since.  Mode 0600 (less the umask): as root the kernel sends MR
 * and PD keys, which the recording holds.
 */
static int start_file(struct rec_writer *w)
{
	uint8_t hdr[REC_FILE_HDR] = { 0 };
	int err;

	err = replaceable(w->path);
	if (err)
		return err;
	if (unlink(w->path) && errno != ENOENT)
		return -errno;
	w->fd = open(w->path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC,
		     0600);
	if (w->fd < 0)
		return -errno;
	memcpy(hdr, REC_MAGIC, 8);
	put_le32(hdr + REC_FILE_VERSION, REC_VERSION);
	err = write_all(w->fd, hdr, sizeof(hdr));
	if (err) {
		close(w->fd);
		w->fd = -1;
		return err;
	}
	w->size = sizeof(hdr);
	return 0;
}

/* Every FILE.N that rotation would replace or remove is a recording. */
static int check_chain(const char *path, unsigned int keep)
{
	size_t len = strlen(path) + 16;
	char *p = malloc(len);
	unsigned int i;
	int err = 0;

	if (!p)
		return -ENOMEM;
	for (i = 1; i <= keep && !err; i++) {
		snprintf(p, len, "%s.%u", path, i);
		err = replaceable(p);
	}
	free(p);
	return err;
}

/* FILE -> FILE.1 -> FILE.2 ...; the oldest beyond `keep` is removed. */
static int rotate(struct rec_writer *w)
{
	size_t len = strlen(w->path) + 16;
	char *from = malloc(len), *to = malloc(len);
	unsigned int i;
	int err = 0;

	if (!from || !to) {
		err = -ENOMEM;
		goto out;
	}
	/* checked at the start, and again: files may have appeared since */
	err = check_chain(w->path, w->keep);
	if (err)
		goto out;
	fdatasync(w->fd);
	close(w->fd);
	w->fd = -1;
	snprintf(to, len, "%s.%u", w->path, w->keep);
	unlink(to);
	for (i = w->keep; i > 1; i--) {
		snprintf(from, len, "%s.%u", w->path, i - 1);
		snprintf(to, len, "%s.%u", w->path, i);
		rename(from, to);	/* a gap in the chain is fine */
	}
	snprintf(to, len, "%s.1", w->path);
	if (w->keep ? rename(w->path, to) : unlink(w->path))
		err = -errno;
	if (!err)
		err = start_file(w);
out:
	free(from);
	free(to);
	return err;
}

static int w_end(void *ctx, const struct snapshot *s)
{
	struct rec_writer *w = ctx;
	size_t bound, clen;
	uint8_t *hdr;
	struct timespec now;
	bool key;

	(void)s;
	w->in_sample = false;
	if (!record(w, REC_END, 0))
		return w->err;
	bound = ZSTD_compressBound(w->len) + REC_FRAME_HDR;
	if (bound > w->out_cap) {
		uint8_t *nb = realloc(w->out, bound);

		if (!nb)
			return w->err = -ENOMEM;
		w->out = nb;
		w->out_cap = bound;
	}
	key = !w->prev_len || w->since_key >= REC_KEY_EVERY - 1;
	ZSTD_CCtx_reset(w->cctx, ZSTD_reset_session_and_parameters);
	ZSTD_CCtx_setParameter(w->cctx, ZSTD_c_compressionLevel, REC_ZSTD_LEVEL);
	if (!key)
		ZSTD_CCtx_refPrefix(w->cctx, w->prev, w->prev_len);
	clen = ZSTD_compress2(w->cctx, w->out + REC_FRAME_HDR, bound - REC_FRAME_HDR, w->buf,
			      w->len);
	if (ZSTD_isError(clen))
		return w->err = -EIO;
	w->since_key = key ? 0 : w->since_key + 1;
	hdr = w->out;
	put_le32(hdr, REC_FRAME_MAGIC);
	put_le16(hdr + REC_FRAME_TYPE, REC_FRAME_SAMPLE);
	put_le16(hdr + REC_FRAME_CODEC, key ? REC_CODEC_ZSTD : REC_CODEC_ZSTD_DELTA);
	put_le32(hdr + REC_FRAME_CLEN, (uint32_t)clen);
	put_le32(hdr + REC_FRAME_RLEN, (uint32_t)w->len);
	put_le32(hdr + REC_FRAME_CRC, rec_crc32(0, hdr + REC_FRAME_HDR, clen));
	put_le32(hdr + REC_FRAME_HCRC, rec_crc32(0, hdr, REC_FRAME_HCRC));
	w->err = write_all(w->fd, w->out, REC_FRAME_HDR + clen);
	if (w->err)
		return w->err;
	w->size += REC_FRAME_HDR + clen;
	/* this payload is the next frame's prefix */
	if (w->len > w->prev_cap) {
		uint8_t *np = realloc(w->prev, w->len);

		if (!np)
			return w->err = -ENOMEM;
		w->prev = np;
		w->prev_cap = w->len;
	}
	memcpy(w->prev, w->buf, w->len);
	w->prev_len = w->len;
	if (w->max_size && w->size >= w->max_size) {
		w->prev_len = 0;	/* a new file starts with a key frame */
		w->err = rotate(w);
		return w->err;
	}
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (now.tv_sec - w->last_sync >= REC_SYNC_SECS) {
		fdatasync(w->fd);
		w->last_sync = now.tv_sec;
	}
	return 0;
}

/* The cluster view's frames: a BEGIN of its own, answers, the same end. */
int rec_writer_prom_begin(struct rec_writer *w, const struct timespec *wall, const char *url)
{
	size_t hl = strnlen(url, 255);
	struct timespec mono;
	uint8_t *p;

	clock_gettime(CLOCK_MONOTONIC, &mono);
	w->len = 0;
	w->in_sample = true;
	p = record(w, REC_BEGIN, REC_BEGIN_HOST + hl + 2);
	if (!p)
		return w->err;
	put_le64(p + REC_BEGIN_MONO_SEC, (uint64_t)mono.tv_sec);
	put_le32(p + REC_BEGIN_MONO_NSEC, (uint32_t)mono.tv_nsec);
	put_le64(p + REC_BEGIN_WALL_SEC, (uint64_t)wall->tv_sec);
	put_le32(p + REC_BEGIN_WALL_NSEC, (uint32_t)wall->tv_nsec);
	put_le16(p + REC_BEGIN_HOST_LEN, (uint16_t)hl);
	memcpy(p + REC_BEGIN_HOST, url, hl);
	put_le16(p + REC_BEGIN_HOST + hl, 0);	/* no kernel */
	return 0;
}

int rec_writer_prom(struct rec_writer *w, unsigned int query, uint64_t at_ms, const void *buf,
		    size_t len)
{
	uint8_t *p = record(w, REC_PROM, REC_PROM_DATA + len);

	if (!p)
		return w->err;
	memset(p, 0, REC_PROM_DATA);
	put_le16(p + REC_PROM_QUERY, (uint16_t)query);
	put_le64(p + REC_PROM_AT, at_ms);
	memcpy(p + REC_PROM_DATA, buf, len);
	return 0;
}

int rec_writer_prom_end(struct rec_writer *w)
{
	return w_end(w, NULL);
}

int rec_writer_rotate(struct rec_writer *w, uint64_t max_bytes, unsigned int keep)
{
	w->max_size = max_bytes;
	w->keep = keep;
	return max_bytes ? check_chain(w->path, keep) : 0;
}

/* No frame in this file yet (prev_len is 0 until the first one, and again
 * after a rotation): the next sample is its key frame. */
static bool w_fresh(void *ctx)
{
	const struct rec_writer *w = ctx;

	return !w->prev_len;
}

int rec_writer_open(struct rec_writer **wp, const char *path)
{
	struct rec_writer *w = calloc(1, sizeof(*w));
	struct timespec now;
	int err;

	if (!w)
		return -ENOMEM;
	w->path = strdup(path);
	w->cctx = ZSTD_createCCtx();
	if (!w->path || !w->cctx) {
		free(w->path);
		ZSTD_freeCCtx(w->cctx);
		free(w);
		return -ENOMEM;
	}
	err = start_file(w);
	if (err) {
		free(w->path);
		ZSTD_freeCCtx(w->cctx);
		free(w);
		return err;
	}
	clock_gettime(CLOCK_MONOTONIC, &now);
	w->last_sync = now.tv_sec;
	w->sink = (struct raw_sink){ .ctx = w, .begin = w_begin, .nl = w_nl,
				     .file = w_file, .net = w_net, .end = w_end, .note = w_note,
				     .fresh = w_fresh };
	*wp = w;
	return 0;
}

struct raw_sink *rec_writer_sink(struct rec_writer *w)
{
	return &w->sink;
}

int rec_writer_close(struct rec_writer *w)
{
	int err;

	if (!w)
		return 0;
	err = w->err;
	if (w->fd >= 0) {
		if (fsync(w->fd) && !err)
			err = -errno;
		if (close(w->fd) && !err)
			err = -errno;
	}
	free(w->path);
	free(w->prev);
	ZSTD_freeCCtx(w->cctx);
	free(w->buf);
	free(w->out);
	free(w);
	return err;
}
