// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mkbig: small recordings that decode to much (tests/harden/files.sh).
 *
 *   mkbig zeros MIB FILE   one sample: MIB MiB of zero bytes, zstd (KBs on disk)
 *   mkbig qps MIB FILE     one sample: MIB MiB of QP dump datagrams whose
 *                          entries are the least a QP is (its LQPN), the same
 *                          datagram again and again
 *   mkbig files MIB FILE   one sample: MIB MiB of 32 KiB files no parser keeps
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

/* A RES_QP dump datagram of minimal entries, as long as the live source reads. */
static size_t qp_datagram(uint8_t *buf)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nlattr *tab;
	uint32_t i;

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_QP_GET);
	nlh->nlmsg_flags = NLM_F_MULTI;
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 0);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, "rxe0");
	tab = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	for (i = 0; nlh->nlmsg_len + 16 <= NL_BUF_SIZE - 8; i++) {
		struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);

		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, i + 2);
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, tab);
	return nlh->nlmsg_len;
}

int main(int argc, char **argv)
{
	uint8_t hdr[REC_FILE_HDR] = { 0 }, fh[REC_FRAME_HDR] = { 0 }, dg[NL_BUF_SIZE];
	uint8_t body[REC_NL_DATA + NL_BUF_SIZE + 256];
	size_t want, len = 0, clen, cap;
	uint8_t *pay, *z;
	FILE *f;

	if (argc != 4 || (strcmp(argv[1], "zeros") && strcmp(argv[1], "qps") &&
			  strcmp(argv[1], "files"))) {
		fprintf(stderr, "usage: mkbig zeros|qps|files MIB FILE\n");
		return 2;
	}
	want = (size_t)strtoul(argv[2], NULL, 10) << 20;
	pay = calloc(1, want + sizeof(body) + 64);
	if (!pay)
		return 1;
	if (!strcmp(argv[1], "qps")) {
		uint8_t begin[REC_BEGIN_HOST + 4] = { 0 };
		size_t n = qp_datagram(dg);

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
