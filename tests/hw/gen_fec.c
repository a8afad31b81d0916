// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * FEC_GET answers of Linux 6.18 with the FEC statistics histogram, laid
 * out as net/ethtool/fec.c (6.18) fills them: fec_fill_reply's MODES (a
 * verbose bitset), AUTO, ACTIVE, then fec_put_stats' STATS nest:
 * CORRECTED, UNCORR, CORR_BITS (nla_put_64bit arrays, the total then the
 * lanes: no PAD on x86-64, which has efficient unaligned access), then
 * fec_put_hist's one ETHTOOL_A_FEC_STAT_HIST nest a bin: BIN_LOW and
 * BIN_HIGH (nla_put_u32), BIN_VAL (nla_put_uint: 4 bytes where the value
 * fits, else 8), BIN_VAL_PER_LANE (nla_put_64bit, only where the driver
 * set lanes: mlx5 has none, netdevsim some).  Attribute numbers from
 * 6.18's include/uapi/linux/ethtool_netlink_generated.h.  Two samples,
 * the second's counts moved; expect.json beside them says every value.
 *   gen_fec NETDIR NETDEV IFINDEX [BITS]   (overwrites NETDIR/genl.<FEC_GET>.NETDEV.{0,1}, and names them;
 *   BITS: the corrected bits between the samples, 1000000 unless given)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>

#define FAMILY_ID 30 /* netshim's ethtool family id (gen_net.c) */
#define A_FEC_STAT_HIST 5 /* 6.18 uapi */
enum { A_HIST_PAD = 1, A_HIST_LOW, A_HIST_HIGH, A_HIST_VAL, A_HIST_LANES };

/* the bins of an RS(544,514) link (t = 15 symbols), per sample; lanes:
 * how many of lane[] the driver set */
static const struct bin {
	uint32_t low, high;
	uint64_t val[2];
	int lanes;
	uint64_t lane[2][4];
} bins[] = {
	{ 0,
	  0,
	  { 9000000000ULL, 9000400000ULL },
	  4,
	  { { 2250000000ULL, 2250000000ULL, 2250000000ULL, 2250000000ULL },
	    { 2250100000ULL, 2250100000ULL, 2250100000ULL, 2250100000ULL } } },
	{ 1, 1, { 120000, 121500 }, 0, { { 0 } } },
	{ 2, 3, { 3500, 3560 }, 4, { { 875, 875, 875, 875 }, { 890, 890, 890, 890 } } },
	{ 4, 7, { 42, 43 }, 0, { { 0 } } },
	{ 8, 15, { 3, 3 }, 0, { { 0 } } },
};
/* corrected bits: 1e6 in the second between the samples of a 100 Gb/s
 * link is a pre-FEC BER of 1e-5 at a 1 s interval */
static const uint64_t corr[2] = { 5000000, 6000000 }, uncorr[2] = { 7, 7 };
static uint64_t bits[2] = { 40000000, 41000000 };

static size_t reply(unsigned char *b, const char *ndev, uint32_t ifindex, int s)
{
	struct nlmsghdr *h = mnl_nlmsg_put_header(b);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(h, sizeof(*g));
	struct nlattr *n, *m, *bs, *bit, *st;
	size_t i;

	h->nlmsg_type = FAMILY_ID;
	g->cmd = ETHTOOL_MSG_FEC_GET_REPLY;
	g->version = ETHTOOL_GENL_VERSION;
	n = mnl_attr_nest_start(h, ETHTOOL_A_FEC_HEADER);
	mnl_attr_put_u32(h, ETHTOOL_A_HEADER_DEV_INDEX, ifindex);
	mnl_attr_put_strz(h, ETHTOOL_A_HEADER_DEV_NAME, ndev);
	mnl_attr_nest_end(h, n);
	m = mnl_attr_nest_start(h, ETHTOOL_A_FEC_MODES);
	mnl_attr_put(h, ETHTOOL_A_BITSET_NOMASK, 0, NULL);
	mnl_attr_put_u32(h, ETHTOOL_A_BITSET_SIZE, __ETHTOOL_LINK_MODE_MASK_NBITS);
	bs = mnl_attr_nest_start(h, ETHTOOL_A_BITSET_BITS);
	bit = mnl_attr_nest_start(h, ETHTOOL_A_BITSET_BITS_BIT);
	mnl_attr_put_u32(h, ETHTOOL_A_BITSET_BIT_INDEX, ETHTOOL_LINK_MODE_FEC_RS_BIT);
	mnl_attr_put_strz(h, ETHTOOL_A_BITSET_BIT_NAME, "RS");
	mnl_attr_nest_end(h, bit);
	mnl_attr_nest_end(h, bs);
	mnl_attr_nest_end(h, m);
	mnl_attr_put_u8(h, ETHTOOL_A_FEC_AUTO, 0);
	mnl_attr_put_u32(h, ETHTOOL_A_FEC_ACTIVE, ETHTOOL_LINK_MODE_FEC_RS_BIT);
	st = mnl_attr_nest_start(h, ETHTOOL_A_FEC_STATS);
	mnl_attr_put(h, ETHTOOL_A_FEC_STAT_CORRECTED, 8, &corr[s]);
	mnl_attr_put(h, ETHTOOL_A_FEC_STAT_UNCORR, 8, &uncorr[s]);
	mnl_attr_put(h, ETHTOOL_A_FEC_STAT_CORR_BITS, 8, &bits[s]);
	for (i = 0; i < sizeof(bins) / sizeof(bins[0]); i++) {
		const struct bin *x = &bins[i];
		struct nlattr *hn = mnl_attr_nest_start(h, A_FEC_STAT_HIST);

		mnl_attr_put_u32(h, A_HIST_LOW, x->low);
		mnl_attr_put_u32(h, A_HIST_HIGH, x->high);
		if (x->val[s] <= UINT32_MAX)
			mnl_attr_put_u32(h, A_HIST_VAL, (uint32_t)x->val[s]);
		else
			mnl_attr_put_u64(h, A_HIST_VAL, x->val[s]);
		if (x->lanes)
			mnl_attr_put(h, A_HIST_LANES, sizeof(uint64_t) * (size_t)x->lanes,
				     x->lane[s]);
		mnl_attr_nest_end(h, hn);
	}
	mnl_attr_nest_end(h, st);
	return h->nlmsg_len;
}

int main(int argc, char **argv)
{
	static unsigned char b[8192];
	char path[512];
	size_t len;
	FILE *f;
	int s;

	if (argc != 4 && argc != 5) {
		fprintf(stderr, "usage: gen_fec NETDIR NETDEV IFINDEX [BITS]\n");
		return 2;
	}
	if (argc == 5)
		bits[1] = bits[0] + strtoull(argv[4], NULL, 10);
	for (s = 0; s < 2; s++) {
		len = reply(b, argv[2], (uint32_t)strtoul(argv[3], NULL, 10), s);
		snprintf(path, sizeof(path), "%s/genl.%d.%s.%d", argv[1], ETHTOOL_MSG_FEC_GET,
			 argv[2], s);
		f = fopen(path, "wb");
		if (!f || fwrite(b, 1, len, f) != len || fclose(f)) {
			perror(path);
			return 1;
		}
		printf("%s\n", path);
	}
	return 0;
}
