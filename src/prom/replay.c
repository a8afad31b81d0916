// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A cluster view replayed from its recording (rdmatop --prometheus -w):
 * each frame is one refresh, its REC_PROM records the answers as they
 * came (doc/recording.md), parsed again by the same parser.  Frames are
 * indexed by offset and wall time as they are read, so T steps back and
 * b jumps without reading the file from its start again.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "prom.h"
#include "record.h"

struct prom_replay {
	struct rec_reader *r;
	struct rec_index ix;	/* frames indexed so far, by sample number */
	long cur;		/* the sample read last, -1: none */
	size_t pos;		/* the frame the reader reads next */
	bool end;		/* the index reaches the end of the file */
	double interval;
};

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)le16(p) | (uint32_t)le16(p + 2) << 16;
}

static uint64_t le64(const uint8_t *p)
{
	return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

/* Walk a frame's records: wall time, and each PROM record to fn. */
typedef int rec_fn(void *arg, unsigned int q, uint64_t at_ms, const char *buf, size_t len);
static int walk(const uint8_t *buf, size_t len, double *wall, size_t *n_prom, rec_fn *fn,
		void *arg)
{
	size_t off = 0;

	*n_prom = 0;
	*wall = 0;
	while (off + REC_REC_HDR <= len) {
		uint8_t kind = buf[off];
		uint32_t blen = le32(buf + off + REC_REC_LEN);
		const uint8_t *b = buf + off + REC_REC_HDR;
		int ret;

		if (blen > len - off - REC_REC_HDR)
			return -EBADMSG;
		off += REC_REC_HDR + blen;
		if (kind == REC_BEGIN && blen >= REC_BEGIN_HOST) {
			*wall = (double)le64(b + REC_BEGIN_WALL_SEC) +
				le32(b + REC_BEGIN_WALL_NSEC) / 1e9;
		} else if (kind == REC_PROM && blen >= REC_PROM_DATA) {
			(*n_prom)++;
			if (fn && (ret = fn(arg, le16(b + REC_PROM_QUERY), le64(b + REC_PROM_AT),
					    (const char *)b + REC_PROM_DATA, blen - REC_PROM_DATA)))
				return ret;
		} else if (kind == REC_END) {
			return 0;
		}
	}
	return off == len ? 0 : -EBADMSG;
}

bool prom_replay_is(const char *path)
{
	struct rec_reader *r;
	const uint8_t *buf;
	size_t len, n = 0;
	double wall;
	char err[256];
	struct stat st;

	/* only a regular file is looked into: a recording fed through a
	 * pipe would lose what this read, and a FIFO would hold the start */
	if (stat(path, &st) || !S_ISREG(st.st_mode))
		return false;
	if (rec_reader_open(&r, path, err, sizeof(err)))
		return false;
	if (rec_reader_next(r, &buf, &len, err, sizeof(err)) == 1)
		walk(buf, len, &wall, &n, NULL, NULL);
	rec_reader_close(r);
	return n > 0;
}

int prom_replay_open(struct prom_replay **out, const char *path, char *err, size_t errlen)
{
	struct prom_replay *r = calloc(1, sizeof(*r));
	int ret;

	*out = NULL;
	if (!r)
		return -ENOMEM;
	ret = rec_reader_open(&r->r, path, err, errlen);
	if (ret) {
		free(r);
		return ret;
	}
	r->cur = -1;
	*out = r;
	return 0;
}

void prom_replay_close(struct prom_replay *r)
{
	if (!r)
		return;
	rec_reader_close(r->r);
	rec_index_free(&r->ix);
	free(r);
}

struct fill {
	struct prom_qstate *q;
	struct prom_replay *r;
	double wall, at;
};

static int fill_one(void *arg, unsigned int q, uint64_t at_ms, const char *buf, size_t len)
{
	struct fill *f = arg;
	struct prom_qstate *st;
	struct prom_vector v;
	char why[256];
	int ret;

	f->at = at_ms / 1000.0;
	/* status/config: the table's length, PROM_Q_STALLS's number in a
	 * recording made before the Stalls query (a query's answer has a
	 * resultType, a config's none) */
	if (q == PROM_Q_N || (q == PROM_Q_STALLS && !memmem(buf, len, "\"resultType\"", 12))) {
		double iv = prom_parse_interval(buf, len, why, sizeof(why));

		if (iv > 0)
			f->r->interval = iv;
		return 0;
	}
	if (q > PROM_Q_N)
		return 0;	/* a query of a newer rdmatop */
	st = &f->q[q];
	ret = prom_parse_answer(buf, len, PROM_SERIES_MAX_DEFAULT, &v, why, sizeof(why));
	st->err = ret;
	snprintf(st->why, sizeof(st->why), "%s", ret ? why : "");
	if (!ret) {
		prom_vector_free(&st->v);
		st->v = v;
		st->have = true;
		st->at = f->wall;
		st->bytes = len;
		st->series = v.n;
	}
	return 0;
}

/* index frames up to `no` (or the end); the reader then sits after it */
static int index_to(struct prom_replay *r, long no, char *err, size_t errlen)
{
	while (!r->end && (long)r->ix.n <= no) {
		uint64_t off = rec_reader_tell(r->r);
		const uint8_t *buf;
		size_t len, n;
		double wall;
		int ret = rec_reader_next(r->r, &buf, &len, err, errlen);

		if (ret <= 0) {
			r->end = true;
			return ret;
		}
		/* every frame is indexed (one without answers shows nothing
		 * new), so that sample numbers are the file's frames */
		walk(buf, len, &wall, &n, NULL, NULL);
		if (rec_index_add(&r->ix, r->r, off, wall))
			return -ENOMEM;
		r->pos = r->ix.n;
	}
	return 0;
}

int prom_replay_read(struct prom_replay *r, long no, struct prom_qstate *q, double *interval,
		     double *wall, double *at, char *err, size_t errlen)
{
	struct fill f = { .q = q, .r = r };
	const uint8_t *buf;
	size_t len, n;
	int ret, i;

	if (no < 0)
		no = r->cur + 1;
	ret = index_to(r, no, err, errlen);
	if (ret < 0)
		return ret;
	if ((size_t)no >= r->ix.n)
		return 0;
	if (no != r->cur + 1) {
		/* a jump: the answers are those of that sample alone */
		for (i = 0; i < PROM_Q_N; i++) {
			prom_vector_free(&q[i].v);
			memset(&q[i], 0, sizeof(q[i]));
		}
	}
	if (r->pos != (size_t)no) {
		long k = rec_index_seek(&r->ix, r->r, (size_t)no);

		if (k < 0)
			return (int)k;
		for (r->pos = (size_t)k; r->pos < (size_t)no; r->pos++)
			if (rec_reader_next(r->r, &buf, &len, err, errlen) <= 0)
				return -EIO;
	}
	ret = rec_reader_next(r->r, &buf, &len, err, errlen);
	if (ret <= 0)
		return ret ? ret : -EIO;
	r->pos = (size_t)no + 1;
	f.wall = r->ix.f[no].wall;
	ret = walk(buf, len, wall, &n, fill_one, &f);
	if (ret) {
		snprintf(err, errlen, "sample %ld: a malformed frame", no + 1);
		return ret;
	}
	r->cur = no;
	*interval = r->interval;
	*at = f.at;
	return 1;
}

long prom_replay_tell(const struct prom_replay *r)
{
	return r->cur;
}

long prom_replay_find(struct prom_replay *r, double t)
{
	char err[256];
	size_t i;

	/* the whole index: a recording of a day is 86400 frames at most */
	index_to(r, 0x7fffffff, err, sizeof(err));
	for (i = 0; i < r->ix.n; i++)
		if (r->ix.f[i].wall >= t)
			return (long)i;
	return -ERANGE;
}
