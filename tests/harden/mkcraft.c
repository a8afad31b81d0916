// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mkcraft: crafted recordings (tests/harden/memory.sh, names.sh).
 *
 *   mkcraft zeros MIB FILE   one sample: MIB MiB of zero bytes, zstd (KBs on disk)
 *   mkcraft qps MIB FILE     one sample: MIB MiB of QP dump datagrams whose
 *                            entries are the least a QP is (its LQPN), the same
 *                            datagram again and again
 *   mkcraft files MIB FILE   one sample: MIB MiB of 32 KiB files no parser keeps
 *   mkcraft names 0 FILE     two samples: names with a NUL inside (hw
 *                            counters "a\0b" ... "a\0e", device "rxe\0a"), a
 *                            device and a counter sent twice, a device and a
 *                            counter whose escaped names are another's
 *                            ("rxe\\x00a", "a\\x00b"), a sysfs path with a NUL
 *
 * The frames are written here, not by rdmatop's writer, as a crafted file
 * would be (doc/recording.md).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <zstd.h>

#include "craft.h"
#include "nlreq.h"
#include "record.h"
#include "rdma/rdma_netlink.h"

static void le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

static void le16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8);
}

/* One record: kind, 3 reserved, length, body. */
static size_t record(uint8_t *at, uint8_t kind, const void *body, size_t len)
{
	memset(at, 0, REC_REC_HDR);
	at[0] = kind;
	le32(at + REC_REC_LEN, (uint32_t)len);
	if (len)
		memcpy(at + REC_REC_HDR, body, len);
	return REC_REC_HDR + len;
}

/* An NL record of one datagram into pay at *len. */
static void nl_record(uint8_t *pay, size_t *len, uint16_t cmd, uint16_t flags, uint32_t dev,
		      uint32_t port, const struct nlmsghdr *nlh)
{
	static uint8_t body[REC_NL_DATA + NL_BUF_SIZE];

	le16(body + REC_NL_CMD, cmd);
	le16(body + REC_NL_FLAGS, flags);
	le32(body + REC_NL_DEV, dev);
	le32(body + REC_NL_PORT, port);
	memcpy(body + REC_NL_DATA, nlh, nlh->nlmsg_len);
	*len += record(pay + *len, REC_NL, body, REC_NL_DATA + nlh->nlmsg_len);
}

static struct nlmsghdr *msg(uint8_t *buf, uint16_t cmd, uint16_t flags)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, cmd);
	nlh->nlmsg_flags = flags;
	return nlh;
}

/* A string attribute of len bytes as given (NULs and all). */
static void put_bytes(struct nlmsghdr *nlh, uint16_t type, const char *s, size_t len)
{
	mnl_attr_put(nlh, type, len, s);
}

static void frame(FILE *f, const uint8_t *pay, size_t len)
{
	uint8_t fh[REC_FRAME_HDR] = { 0 };

	le32(fh, REC_FRAME_MAGIC);
	le16(fh + REC_FRAME_TYPE, REC_FRAME_SAMPLE);
	le16(fh + REC_FRAME_CODEC, REC_CODEC_NONE);
	le32(fh + REC_FRAME_CLEN, (uint32_t)len);
	le32(fh + REC_FRAME_RLEN, (uint32_t)len);
	le32(fh + REC_FRAME_CRC, rec_crc32(0, pay, len));
	le32(fh + REC_FRAME_HCRC, rec_crc32(0, fh, REC_FRAME_HCRC));
	fwrite(fh, 1, sizeof(fh), f);
	fwrite(pay, 1, len, f);
}

static int names(const char *out)
{
	static const struct {
		const char *name;
		size_t len;
	} cnt[] = {
		{ "a\0b", 3 }, { "a\0c", 3 }, { "a\0d", 3 }, { "a\0e", 3 },
		{ "dup", 3 }, { "dup", 3 }, { "a\\x00b", 6 }, { "rx_pkts\0\0", 9 },
	};
	/* the bytes of each name, without the NUL nla_put_string() adds */
	static const struct {
		const char *name;
		size_t len;
	} devs[] = { { "rxe\0a", 5 }, { "rxe\0a", 5 }, { "rxe\\x00a", 8 } };
	static uint8_t pay[1 << 16], dg[NL_BUF_SIZE];
	uint8_t hdr[REC_FILE_HDR] = { 0 }, begin[REC_BEGIN_HOST + 4] = { 0 };
	struct nlmsghdr *nlh;
	struct nlattr *tab;
	size_t len, i, t;
	FILE *f = fopen(out, "wb");

	if (!f)
		return 1;
	memcpy(hdr, REC_MAGIC, 8);
	le32(hdr + REC_FILE_VERSION, REC_VERSION);
	fwrite(hdr, 1, sizeof(hdr), f);
	for (t = 0; t < 2; t++) {
		len = 0;
		le32(begin + 0, (uint32_t)(100 + t));	/* monotonic seconds */
		le32(begin + 12, (uint32_t)(1767225600 + t));	/* wall seconds */
		len += record(pay + len, REC_BEGIN, begin, sizeof(begin));
		for (i = 0; i < 3; i++) {
			nlh = msg(dg, RDMA_NLDEV_CMD_GET, NLM_F_MULTI);
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, (uint32_t)i);
			put_bytes(nlh, RDMA_NLDEV_ATTR_DEV_NAME, devs[i].name, devs[i].len + 1);
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
			nl_record(pay, &len, RDMA_NLDEV_CMD_GET, NLM_F_DUMP, 0xffffffffu,
				  0xffffffffu, nlh);
		}
		nlh = mnl_nlmsg_put_header(dg);
		nlh->nlmsg_type = NLMSG_DONE;
		nlh->nlmsg_flags = NLM_F_MULTI;
		memset(mnl_nlmsg_put_extra_header(nlh, sizeof(int)), 0, sizeof(int));
		nl_record(pay, &len, RDMA_NLDEV_CMD_GET, NLM_F_DUMP, 0xffffffffu, 0xffffffffu, nlh);
		for (i = 0; i < 3; i++) {
			size_t k;

			nlh = msg(dg, RDMA_NLDEV_CMD_STAT_GET, 0);
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, (uint32_t)i);
			put_bytes(nlh, RDMA_NLDEV_ATTR_DEV_NAME, devs[i].name, devs[i].len + 1);
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
			tab = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTERS);
			for (k = 0; k < sizeof(cnt) / sizeof(cnt[0]); k++) {
				struct nlattr *e = mnl_attr_nest_start(nlh,
						RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);

				put_bytes(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME,
					  cnt[k].name, cnt[k].len + 1);
				mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE,
						 1000 * (t + 1) + k);
				mnl_attr_nest_end(nlh, e);
			}
			mnl_attr_nest_end(nlh, tab);
			nl_record(pay, &len, RDMA_NLDEV_CMD_STAT_GET, 0, (uint32_t)i, 1, nlh);
		}
		/* a bound counter's values: JSON keys by name (rdma -j) */
		{
			static uint8_t body[REC_NL_KIND_DATA + NL_BUF_SIZE];
			struct nlattr *c, *e, *h;

			nlh = msg(dg, RDMA_NLDEV_CMD_STAT_GET, NLM_F_MULTI);
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 0);
			put_bytes(nlh, RDMA_NLDEV_ATTR_DEV_NAME, devs[0].name, devs[0].len + 1);
			c = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER);
			e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER_ENTRY);
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, 5);
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
			tab = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTERS);
			for (i = 0; i < 4; i++) {
				h = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);
				put_bytes(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME,
					  cnt[i].name, cnt[i].len + 1);
				mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE, i);
				mnl_attr_nest_end(nlh, h);
			}
			mnl_attr_nest_end(nlh, tab);
			mnl_attr_nest_end(nlh, e);
			mnl_attr_nest_end(nlh, c);
			le16(body + REC_NL_CMD, RDMA_NLDEV_CMD_STAT_GET);
			le16(body + REC_NL_FLAGS, NLM_F_DUMP);
			le32(body + REC_NL_DEV, 0);
			le32(body + REC_NL_PORT, 0xffffffffu);
			le16(body + REC_NL_KIND_KIND, NL_REQ_STAT_QP);
			memcpy(body + REC_NL_KIND_DATA, nlh, nlh->nlmsg_len);
			len += record(pay + len, REC_NL_KIND, body, REC_NL_KIND_DATA + nlh->nlmsg_len);
		}
		{
			static const char path[] = "/sys/class/infiniband/rxe/ports/1/counters/x\0y";
			uint8_t body[256] = { 0 };
			size_t pl = sizeof(path) - 1;

			le16(body + REC_FILE_PATH_LEN, (uint16_t)pl);
			memcpy(body + REC_FILE_PATH, path, pl);
			memcpy(body + REC_FILE_PATH + pl, "7\n", 2);
			len += record(pay + len, REC_FILE, body, REC_FILE_PATH + pl + 2);
		}
		len += record(pay + len, REC_END, NULL, 0);
		frame(f, pay, len);
	}
	return fclose(f) ? 1 : 0;
}

int main(int argc, char **argv)
{
	uint8_t hdr[REC_FILE_HDR] = { 0 }, fh[REC_FRAME_HDR] = { 0 }, dg[NL_BUF_SIZE];
	uint8_t body[REC_NL_DATA + NL_BUF_SIZE + 256];
	size_t want, len = 0, clen, cap;
	uint8_t *pay, *z;
	FILE *f;

	if (argc != 4 || (strcmp(argv[1], "zeros") && strcmp(argv[1], "qps") &&
			  strcmp(argv[1], "files") && strcmp(argv[1], "names"))) {
		fprintf(stderr, "usage: mkcraft zeros|qps|files|names MIB FILE\n");
		return 2;
	}
	if (!strcmp(argv[1], "names"))
		return names(argv[3]);
	want = (size_t)strtoul(argv[2], NULL, 10) << 20;
	pay = calloc(1, want + sizeof(body) + 64);
	if (!pay)
		return 1;
	if (!strcmp(argv[1], "qps")) {
		uint8_t begin[REC_BEGIN_HOST + 4] = { 0 };
		size_t n = craft_qp_datagram(dg, NL_BUF_SIZE);

		le16(body + REC_NL_CMD, RDMA_NLDEV_CMD_RES_QP_GET);
		le16(body + REC_NL_FLAGS, NLM_F_DUMP);
		le32(body + REC_NL_DEV, 0);
		le32(body + REC_NL_PORT, 0xffffffffu);
		memcpy(body + REC_NL_DATA, dg, n);
		len += record(pay + len, REC_BEGIN, begin, sizeof(begin));
		while (len + REC_REC_HDR + REC_NL_DATA + n + REC_REC_HDR <= want)
			len += record(pay + len, REC_NL, body, REC_NL_DATA + n);
		len += record(pay + len, REC_END, NULL, 0);
	} else if (!strcmp(argv[1], "files")) {
		static const char path[] = "/sys/class/infiniband/x/y";
		uint8_t begin[REC_BEGIN_HOST + 4] = { 0 };
		size_t n = REC_FILE_PATH + sizeof(path) - 1 + 32768;

		memset(body, 0, sizeof(body));
		le16(body + REC_FILE_PATH_LEN, sizeof(path) - 1);
		memcpy(body + REC_FILE_PATH, path, sizeof(path) - 1);
		memset(body + REC_FILE_PATH + sizeof(path) - 1, 'x', 32768);
		len += record(pay + len, REC_BEGIN, begin, sizeof(begin));
		while (len + REC_REC_HDR + n + REC_REC_HDR <= want)
			len += record(pay + len, REC_FILE, body, n);
		len += record(pay + len, REC_END, NULL, 0);
	} else {
		len = want;
	}
	cap = ZSTD_compressBound(len);
	z = malloc(cap);
	if (!z)
		return 1;
	clen = ZSTD_compress(z, cap, pay, len, 3);
	if (ZSTD_isError(clen))
		return 1;
	memcpy(hdr, REC_MAGIC, 8);
	le32(hdr + REC_FILE_VERSION, REC_VERSION);
	le32(fh, REC_FRAME_MAGIC);
	le16(fh + REC_FRAME_TYPE, REC_FRAME_SAMPLE);
	le16(fh + REC_FRAME_CODEC, REC_CODEC_ZSTD);
	le32(fh + REC_FRAME_CLEN, (uint32_t)clen);
	le32(fh + REC_FRAME_RLEN, (uint32_t)len);
	le32(fh + REC_FRAME_CRC, rec_crc32(0, z, clen));
	le32(fh + REC_FRAME_HCRC, rec_crc32(0, fh, REC_FRAME_HCRC));
	f = fopen(argv[3], "wb");
	if (!f || fwrite(hdr, 1, sizeof(hdr), f) != sizeof(hdr) ||
	    fwrite(fh, 1, sizeof(fh), f) != sizeof(fh) || fwrite(z, 1, clen, f) != clen ||
	    fclose(f))
		return 1;
	free(z);
	free(pay);
	return 0;
}
