/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Recordings of raw kernel input (doc/recording.md).  A recording stores,
 * per sample, the netlink response bytes and the file contents exactly as
 * read, so replay runs the same parsers as the live mode did.
 *
 * File: a 16-byte header, then frames.  A frame is self-checking (lengths,
 * CRC-32 of header and payload) and independently compressed, so every
 * complete frame survives a crash of the writer.
 */
#ifndef RDMATOP_RECORD_H
#define RDMATOP_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

struct snapshot;
struct source;

#define REC_MAGIC "RDMATOP\0"
#define REC_VERSION 2	/* 2 adds REC_CODEC_ZSTD_DELTA; 1 is read too */
#define REC_FRAME_MAGIC 0x52464452u	/* "RDFR" little-endian */
/* a frame larger than this is skipped: the live source records no more
 * than SOURCE_SAMPLE_BYTES (64 MiB) of a sample and the input past it */
#define REC_FRAME_MAX (65u << 20)

/*
 * Where each field sits (doc/recording.md), shared by the writer and the
 * reader; all numbers little-endian.
 */
enum {
	/* the file header */
	REC_FILE_VERSION = 8,		/* u32, after the 8-byte magic */
	REC_FILE_HDR = 16,
	/* a frame header */
	REC_FRAME_TYPE = 4,		/* u16, after the u32 magic */
	REC_FRAME_CODEC = 6,		/* u16 */
	REC_FRAME_CLEN = 8,		/* u32: compressed payload bytes */
	REC_FRAME_RLEN = 12,		/* u32: decompressed payload bytes */
	REC_FRAME_CRC = 16,		/* u32: CRC-32 of the compressed payload */
	REC_FRAME_HCRC = 20,		/* u32: CRC-32 of the 20 bytes before it */
	REC_FRAME_HDR = 24,
	/* a record in a payload: u8 kind, 3 bytes zero, u32 body length */
	REC_REC_LEN = 4,
	REC_REC_HDR = 8,
	/* REC_BEGIN's body */
	REC_BEGIN_MONO_SEC = 0,		/* u64 */
	REC_BEGIN_MONO_NSEC = 8,	/* u32 */
	REC_BEGIN_WALL_SEC = 12,	/* u64 */
	REC_BEGIN_WALL_NSEC = 20,	/* u32 */
	REC_BEGIN_HOST_LEN = 24,	/* u16, then the host name, then u16 and
					 * the kernel release */
	REC_BEGIN_HOST = 26,
	/* REC_NL's body: the request, then the datagram */
	REC_NL_CMD = 0,			/* u16 */
	REC_NL_FLAGS = 2,		/* u16 */
	REC_NL_DEV = 4,			/* u32 */
	REC_NL_PORT = 8,		/* u32 */
	REC_NL_DATA = 12,
	/* REC_NL_KIND's body: REC_NL's, the request's kind after the port */
	REC_NL_KIND_KIND = 12,		/* u16: enum nl_req_kind */
	REC_NL_KIND_DATA = 14,
	/* REC_NL_ID's body: REC_NL_KIND's, then the object's id */
	REC_NL_ID_ID = 14,		/* u32: the LQPN a QP GET asked for */
	REC_NL_ID_DATA = 18,
	/* REC_NET's body: u16 input (enum snap_net_in), u16 0, u32 -errno or
	 * 0, the netdev's name in 16 bytes (NUL-padded), then the answer */
	REC_NET_WHAT = 0,
	REC_NET_ERR = 4,
	REC_NET_NDEV = 8,
	REC_NET_DATA = 24,
	/* REC_FILE's body: u32 -errno or 0, u16 path length, path, contents */
	REC_FILE_ERR = 0,
	REC_FILE_PATH_LEN = 4,
	REC_FILE_PATH = 6,
	/* REC_PROM's body: one answer of Prometheus (rdmatop --prometheus) */
	REC_PROM_QUERY = 0,		/* u16: enum prom_q (its count: status/config) */
	REC_PROM_AT = 4,		/* u64: --at in milliseconds, 0 = now */
	REC_PROM_DATA = 12,		/* the answer's bytes, as received */
	/* REC_NOTE */
	REC_NOTE_ERR = 0,		/* i32: the note's -errno, 0 */
	REC_NOTE_DEV = 4,		/* u32: its device index, SNAP_NONE */
	REC_NOTE_TEXT = 8,		/* its text, to the record's end (no NUL) */
};

enum rec_frame_type { REC_FRAME_SAMPLE = 1 };
/*
 * ZSTD: the frame alone.  ZSTD_DELTA: compressed with the previous frame's
 * decompressed payload as prefix (successive samples are nearly the same,
 * so this is several times smaller); every REC_KEY_EVERY frames, and first
 * in each file, a ZSTD frame is a key frame that replay can start from.
 */
enum rec_codec { REC_CODEC_NONE = 0, REC_CODEC_ZSTD = 1, REC_CODEC_ZSTD_DELTA = 2 };
#define REC_KEY_EVERY 60

/* Records inside a sample frame's payload. */
enum rec_kind {
	REC_BEGIN = 1,	/* times, host, kernel */
	REC_NL = 2,	/* one netlink datagram answering a request */
	REC_FILE = 3,	/* one file's contents (or read error) */
	REC_END = 4,
	REC_NL_KIND = 5,	/* REC_NL of a request with a kind (a STAT_GET of
				 * bound counters, MR stats): older readers skip it */
	REC_NL_ID = 6,		/* REC_NL_KIND of a GET of one object (NL_REQ_OBJ)
				 * with its id: older readers skip it */
	REC_NET = 7,		/* a netdev's input (src/net): DCB, ethtool netlink,
				 * ethtool -S; older readers skip it */
	REC_PROM = 8,		/* an answer of Prometheus (the cluster view's
				 * recordings): older readers skip it */
	REC_NOTE = 9,		/* a note of the live source's own (a netlink
				 * receive that failed, a sample cut short): what
				 * the bytes cannot say again; older readers skip it */
};

uint32_t rec_crc32(uint32_t crc, const void *buf, size_t len);

/* ---- writer (src/record/writer.c) ---- */
struct rec_writer;

/*
 * Create path (mode 0600 less the umask) for writing; 0 or -errno.  An
 * existing recording (or empty file) there is replaced; a symbolic link
 * (-ELOOP), anything not a regular file (-EINVAL) or a file that is not a
 * recording (-EEXIST) is refused and left alone: wfile_strerror() says so.
 */
int rec_writer_open(struct rec_writer **w, const char *path);
/*
 * Rotate when the file reaches max_bytes (0: never): FILE becomes FILE.1,
 * FILE.1 becomes FILE.2, ... keeping `keep` old files, and a new FILE
 * starts with the next sample.  The FILE.N it would replace must be
 * recordings by the rules of rec_writer_open: 0, or the -errno of the
 * first that is not (checked again at each rotation).
 */
int rec_writer_rotate(struct rec_writer *w, uint64_t max_bytes, unsigned int keep);
/* The sink to attach to a source (see source.h). */
struct raw_sink *rec_writer_sink(struct rec_writer *w);
/* Flush and close; 0 or the first -errno seen while writing. */
int rec_writer_close(struct rec_writer *w);
/*
 * The cluster view's samples (src/prom): one frame per refresh, a BEGIN
 * (wall is the refresh's time, host the Prometheus URL), then a REC_PROM
 * record per answer, then the frame is written (rotation as above).
 * 0 or the writer's first -errno.
 */
int rec_writer_prom_begin(struct rec_writer *w, const struct timespec *wall, const char *url);
int rec_writer_prom(struct rec_writer *w, unsigned int query, uint64_t at_ms, const void *buf,
		    size_t len);
int rec_writer_prom_end(struct rec_writer *w);

/* ---- reader (src/record/reader.c) ---- */
struct rec_reader;

struct rec_stats {
	uint64_t frames;	/* good frames read */
	uint64_t bad_frames;	/* skipped: checksum or decode failure */
	uint64_t big_frames;	/* skipped: larger than REC_FRAME_MAX */
	uint64_t big_first;	/* the first of them (1-based sample number) */
	uint64_t big_len;	/* and its length */
	uint64_t offset;	/* where reading stopped */
};

/* Open a recording; 0 or -errno with a one-line reason in err. */
int rec_reader_open(struct rec_reader **r, const char *path, char *err, size_t errlen);
/*
 * Next sample frame's payload (decompressed; valid until the next call):
 * 1 and buf, len set, 0 at a clean end of file, or -errno with a one-line
 * reason in err (truncated or unreadable: nothing after it can be trusted).
 */
int rec_reader_next(struct rec_reader *r, const uint8_t **buf, size_t *len,
		    char *err, size_t errlen);
void rec_reader_stats(const struct rec_reader *r, struct rec_stats *st);
/* Whether the frame rec_reader_next returned last is a key frame. */
bool rec_reader_key(const struct rec_reader *r);
/* The sample frames of the file, by their headers alone (a frame whose
 * payload turns out damaged is counted): how many a replay will show at
 * most, unless the file grows. */
long rec_reader_count(const struct rec_reader *r);
/* Offset of the next frame header (for an index of samples). */
uint64_t rec_reader_tell(const struct rec_reader *r);
/* Continue reading at a frame offset from rec_reader_tell; 0 or -errno. */
int rec_reader_seek(struct rec_reader *r, uint64_t offset);
/* Wall-clock time of a sample payload (its BEGIN record); 0 or -EBADMSG. */
int rec_sample_wall(const uint8_t *buf, size_t len, struct timespec *wall);
void rec_reader_close(struct rec_reader *r);

/*
 * The frames of a recording read so far, indexed as they are read, so a
 * replay (of samples, of the cluster view) steps back and jumps without
 * reading the file from its start again.
 */
struct rec_frame {
	uint64_t offset;	/* rec_reader_tell() before it was read */
	double wall;		/* its wall-clock time */
	bool key;		/* decodable on its own: seeking starts here */
};
struct rec_index {
	struct rec_frame *f;
	size_t n, cap;
};
/* Index the frame r read last, from offset: 0 or -ENOMEM. */
int rec_index_add(struct rec_index *ix, const struct rec_reader *r, uint64_t offset, double wall);
/*
 * Seek r to frame k's key frame: the one at or before it (a frame
 * compressed against the one before, REC_CODEC_ZSTD_DELTA, decodes after
 * it); k past the index is its last frame.  That frame's number, or -errno.
 * The index must not be empty.
 */
long rec_index_seek(const struct rec_index *ix, struct rec_reader *r, size_t k);
void rec_index_free(struct rec_index *ix);

/*
 * Where the raw inputs go as they are fed (the recorder: rec_writer_sink;
 * src/source calls it).  A type of this layer, so that the recorder needs
 * nothing of the source.
 */
struct snapshot;
struct nl_req;
/* Observer of raw inputs, called in the order they are fed. */
struct raw_sink {
	void *ctx;
	/* A sample begins: monotonic and wall time, host and kernel names. */
	int (*begin)(void *ctx, const struct snapshot *s);
	int (*nl)(void *ctx, const struct nl_req *req, const void *buf, size_t len);
	int (*file)(void *ctx, const char *path, int err, const void *buf, size_t len);
	/* Optional: a netdev's input (enum snap_net_in, src/net). */
	int (*net)(void *ctx, unsigned int what, const char *ndev, int err, const void *buf,
		   size_t len);
	int (*end)(void *ctx, const struct snapshot *s);
	/* Optional: the next sample starts a file of its own (a recording's
	 * first, or the first after a rotation), so it must stand alone: the
	 * live source reads every table and every owner's /proc files. */
	bool (*fresh)(void *ctx);
	/* Optional: a note of the source's own, within a sample (err, the
	 * device index or SNAP_NONE, the text) */
	int (*note)(void *ctx, int err, uint32_t dev, const char *text);
};

/* The recording's little-endian fields. */
static inline uint32_t rec_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline uint16_t rec_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

#endif
