// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The netdev fixtures of tests/hw (netshim.c serves them): for each RDMA
 * fixture's netdevs, two samples of what the kernel answers
 *   RTM_GETDCB DCB_CMD_IEEE_GET    net/dcb/dcbnl.c dcbnl_ieee_fill (6.1, 6.12)
 *   ETHTOOL_MSG_PAUSE_GET + stats  net/ethtool/pause.c pause_fill_reply (6.12)
 *   ETHTOOL_MSG_FEC_GET + stats    net/ethtool/fec.c fec_fill_reply (6.12)
 *   ETHTOOL_MSG_LINKSTATE_GET      net/ethtool/linkstate.c linkstate_fill_reply
 *   ETHTOOL_MSG_LINKMODES_GET      net/ethtool/linkmodes.c (AUTONEG, SPEED,
 *                                  DUPLEX, LANES; the OURS/PEER bitsets left out)
 *   ETHTOOL_MSG_STATS_GET          net/ethtool/stats.c stats_fill_reply (6.1;
 *                                  ETHTOOL_A_STATS_SRC first from 6.4, as
 *                                  6.12 sends it): every group asked, each
 *                                  GRP {ID, SS_ID, the STATs the driver set,
 *                                  rmon: HIST_RX/TX buckets first}; netshim
 *                                  cuts it to the groups a request names
 *   ETHTOOL_GSTRINGS, GSTATS       the driver's get_strings/get_ethtool_stats
 * in the attribute order of those functions, and expect.json: every value put
 * in, for the checks.  The drivers' names: mlx5 en_stats.c (port groups,
 * one PFC priority), ice ice_ethtool.c (ice_gstrings_pf_stats and the
 * per-priority xon/xoff), bnxt_en bnxt_ethtool.c (port stats, the PFC
 * per-priority duration and transitions), all 6.1 to 6.12.
 *   gen_net OUTDIR   (writes OUTDIR/FIXTURE/net/...)
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libmnl/libmnl.h>
#include <linux/dcbnl.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/rtnetlink.h>

#include "netshim.h"

#define FAMILY_ID 30
#define A_LINKSTATE_EXT_DOWN_CNT 7	/* 6.6+ uapi */
#define A_STATS_SRC 5			/* ETHTOOL_A_STATS_SRC, 6.4+ uapi */

struct stat_def { const char *name; uint64_t v[2]; };
/* a standard statistic: group (ETHTOOL_STATS_*), attribute, per sample */
struct std_def { uint32_t grp, attr; uint64_t v[2]; };
/* an RMON histogram bucket: the driver's range, rx and tx per sample
 * (UINT64_MAX: ETHTOOL_STAT_NOT_SET, not sent) */
struct hist_def { uint32_t low, high; uint64_t rx[2], tx[2]; };

struct ndev_def {
	const char *name;
	uint32_t ifindex;
	int dcb;		/* has dcbnl ops with ieee_getpfc */
	uint8_t pfc_en;
	uint16_t delay;
	uint64_t req[2][8], ind[2][8];	/* per sample: requests, indications */
	uint64_t pause_tx[2], pause_rx[2];
	int fec;		/* FEC_GET answered (RS) */
	uint64_t fec_corr[2], fec_unc[2], fec_bits[2];
	int down_cnt;		/* EXT_DOWN_CNT sent (6.6+) */
	uint32_t downs[2];
	uint32_t speed, lanes;
	/* pause autonegotiation (bnxt_en, ice can; mlx5 cannot: its
	 * get_pauseparam answers autoneg 0) and the link modes Pause (1) and
	 * Asym_Pause (2) advertised by us and the partner; verbose: bitsets
	 * by name, as a kernel answers a request without COMPACT_BITSETS */
	int pause_an, verbose;
	uint8_t ours, peer;
	int neg[2];		/* what ethtool -a must say: RX, TX negotiated */
	const struct stat_def *stats;
	size_t nstats;
	int std;		/* STATS_GET answered: 1 as 6.1, 2 as 6.4+ (SRC) */
	const struct std_def *stds;
	size_t nstds;
	const struct hist_def *hist;
	size_t nhist;
};

struct fix_def {
	const char *fixture, *driver;
	const struct ndev_def *nd;
	size_t n;
};

static FILE *expect;

static void put_file(const char *dir, const char *name, const void *buf, size_t len)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(buf, 1, len, f) != len || fclose(f)) {
		perror(path);
		exit(1);
	}
}

/* dcb_doit's reply: RTM_GETDCB, a dcbmsg, then dcbnl_ieee_fill */
static size_t dcb_reply(unsigned char *b, const struct ndev_def *d, int s)
{
	struct nlmsghdr *h = mnl_nlmsg_put_header(b);
	struct dcbmsg *m = mnl_nlmsg_put_extra_header(h, sizeof(*m));
	struct ieee_ets ets = { .willing = 0, .ets_cap = 8 };
	struct ieee_pfc pfc = { .pfc_cap = 8, .pfc_en = d->pfc_en, .delay = d->delay };
	struct nlattr *ieee, *app;
	int i;

	h->nlmsg_type = RTM_GETDCB;
	m->dcb_family = AF_UNSPEC;
	m->cmd = DCB_CMD_IEEE_GET;
	for (i = 0; i < 8; i++) {
		pfc.requests[i] = d->req[s][i];
		pfc.indications[i] = d->ind[s][i];
		ets.tc_tsa[i] = IEEE_8021QAZ_TSA_ETS;
		ets.tc_tx_bw[i] = i ? 14 : 2;
	}
	mnl_attr_put_strz(h, DCB_ATTR_IFNAME, d->name);
	ieee = mnl_attr_nest_start(h, DCB_ATTR_IEEE);
	mnl_attr_put(h, DCB_ATTR_IEEE_ETS, sizeof(ets), &ets);
	mnl_attr_put(h, DCB_ATTR_IEEE_PFC, sizeof(pfc), &pfc);
	app = mnl_attr_nest_start(h, DCB_ATTR_IEEE_APP_TABLE);
	mnl_attr_nest_end(h, app);
	mnl_attr_nest_end(h, ieee);
	mnl_attr_put_u8(h, DCB_ATTR_DCBX, DCB_CAP_DCBX_HOST | DCB_CAP_DCBX_VER_IEEE);
	return h->nlmsg_len;
}

/* genl reply with ethnl_fill_reply_header's nest */
static struct nlmsghdr *genl(unsigned char *b, uint8_t cmd, uint16_t hdr,
			     const struct ndev_def *d)
{
	struct nlmsghdr *h = mnl_nlmsg_put_header(b);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(h, sizeof(*g));
	struct nlattr *n;

	h->nlmsg_type = FAMILY_ID;
	g->cmd = cmd;
	g->version = ETHTOOL_GENL_VERSION;
	n = mnl_attr_nest_start(h, hdr);
	mnl_attr_put_u32(h, ETHTOOL_A_HEADER_DEV_INDEX, d->ifindex);
	mnl_attr_put_strz(h, ETHTOOL_A_HEADER_DEV_NAME, d->name);
	mnl_attr_nest_end(h, n);
	return h;
}

static size_t pause_reply(unsigned char *b, const struct ndev_def *d, int s)
{
	struct nlmsghdr *h = genl(b, ETHTOOL_MSG_PAUSE_GET_REPLY, ETHTOOL_A_PAUSE_HEADER, d);
	struct nlattr *st;

	mnl_attr_put_u8(h, ETHTOOL_A_PAUSE_AUTONEG, (uint8_t)d->pause_an);
	mnl_attr_put_u8(h, ETHTOOL_A_PAUSE_RX, 1);
	mnl_attr_put_u8(h, ETHTOOL_A_PAUSE_TX, 1);
	st = mnl_attr_nest_start(h, ETHTOOL_A_PAUSE_STATS);
	mnl_attr_put_u64(h, ETHTOOL_A_PAUSE_STAT_TX_FRAMES, d->pause_tx[s]);
	mnl_attr_put_u64(h, ETHTOOL_A_PAUSE_STAT_RX_FRAMES, d->pause_rx[s]);
	mnl_attr_nest_end(h, st);
	return h->nlmsg_len;
}

/* fec_fill_reply: MODES (a verbose bitset: NOMASK, SIZE, BITS of BIT
 * {INDEX, NAME}, bitset.c ethnl_put_bitset32), AUTO, ACTIVE, STATS */
static size_t fec_reply(unsigned char *b, const struct ndev_def *d, int s)
{
	struct nlmsghdr *h = genl(b, ETHTOOL_MSG_FEC_GET_REPLY, ETHTOOL_A_FEC_HEADER, d);
	uint64_t corr[3] = { d->fec_corr[s], d->fec_corr[s] / 2, d->fec_corr[s] - d->fec_corr[s] / 2 };
	uint64_t unc[3] = { d->fec_unc[s], d->fec_unc[s], 0 };
	uint64_t bits[1] = { d->fec_bits[s] };
	struct nlattr *m, *bs, *bit, *st;

	m = mnl_attr_nest_start(h, ETHTOOL_A_FEC_MODES);
	mnl_attr_put(h, ETHTOOL_A_BITSET_NOMASK, 0, NULL);
	mnl_attr_put_u32(h, ETHTOOL_A_BITSET_SIZE, __ETHTOOL_LINK_MODE_MASK_NBITS);
	bs = mnl_attr_nest_start(h, ETHTOOL_A_BITSET_BITS);
	bit = mnl_attr_nest_start(h, ETHTOOL_A_BITSET_BITS_BIT);
	mnl_attr_put_u32(h, ETHTOOL_A_BITSET_BIT_INDEX, ETHTOOL_LINK_MODE_FEC_RS_BIT);
	mnl_attr_put_strz(h, ETHTOOL_A_BITSET_BIT_NAME, "FEC_RS");
	mnl_attr_nest_end(h, bit);
	mnl_attr_nest_end(h, bs);
	mnl_attr_nest_end(h, m);
	mnl_attr_put_u8(h, ETHTOOL_A_FEC_AUTO, 0);
	mnl_attr_put_u32(h, ETHTOOL_A_FEC_ACTIVE, ETHTOOL_LINK_MODE_FEC_RS_BIT);
	st = mnl_attr_nest_start(h, ETHTOOL_A_FEC_STATS);
	mnl_attr_put(h, ETHTOOL_A_FEC_STAT_CORRECTED, sizeof(corr), corr);
	mnl_attr_put(h, ETHTOOL_A_FEC_STAT_UNCORR, sizeof(unc), unc);
	mnl_attr_put(h, ETHTOOL_A_FEC_STAT_CORR_BITS, sizeof(bits), bits);
	mnl_attr_nest_end(h, st);
	return h->nlmsg_len;
}

/* linkstate_fill_reply: LINK, EXT_STATE and EXT_SUBSTATE where the
 * driver's get_link_ext_state gave one (mlx5 only while the link is down:
 * mlx5e_get_link_ext_state answers -ENODATA when it is up), EXT_DOWN_CNT
 * (6.6+).  down: the cable pulled, autonegotiation finds no partner. */
static size_t linkstate_reply(unsigned char *b, const struct ndev_def *d, int s, int down)
{
	struct nlmsghdr *h = genl(b, ETHTOOL_MSG_LINKSTATE_GET_REPLY, ETHTOOL_A_LINKSTATE_HEADER, d);

	mnl_attr_put_u8(h, ETHTOOL_A_LINKSTATE_LINK, !down);
	if (down) {
		mnl_attr_put_u8(h, ETHTOOL_A_LINKSTATE_EXT_STATE, ETHTOOL_LINK_EXT_STATE_AUTONEG);
		mnl_attr_put_u8(h, ETHTOOL_A_LINKSTATE_EXT_SUBSTATE,
				ETHTOOL_LINK_EXT_SUBSTATE_AN_NO_PARTNER_DETECTED);
	}
	if (d->down_cnt)
		mnl_attr_put_u32(h, A_LINKSTATE_EXT_DOWN_CNT, d->downs[s] + (uint32_t)down);
	return h->nlmsg_len;
}

/*
 * A link-mode bitset of the pause modes (bits 13 Pause, 14 Asym_Pause) as
 * bitset.c ethnl_put_bitset32 writes it for __ETHTOOL_LINK_MODE_MASK_NBITS
 * (6.1: 93) bits: compact, SIZE, VALUE and (without NOMASK) MASK words;
 * verbose, SIZE and BITS of BIT {INDEX, NAME, VALUE where set} (with
 * NOMASK only the bits set, without VALUE).  mask: the supported modes.
 */
static void modes(struct nlmsghdr *h, uint16_t type, uint8_t set, uint8_t mask, int nomask,
		  int verbose)
{
	static const char *const names[] = { "Pause", "Asym_Pause" };
	struct nlattr *n = mnl_attr_nest_start(h, type), *bits, *bit;
	uint32_t v[3] = { 0 }, m[3] = { 0 };
	int i;

	if (nomask)
		mnl_attr_put(h, ETHTOOL_A_BITSET_NOMASK, 0, NULL);
	mnl_attr_put_u32(h, ETHTOOL_A_BITSET_SIZE, 93);
	if (verbose) {
		bits = mnl_attr_nest_start(h, ETHTOOL_A_BITSET_BITS);
		for (i = 0; i < 2; i++) {
			if (!((nomask ? set : mask) & (1 << i)))
				continue;
			bit = mnl_attr_nest_start(h, ETHTOOL_A_BITSET_BITS_BIT);
			mnl_attr_put_u32(h, ETHTOOL_A_BITSET_BIT_INDEX,
					 ETHTOOL_LINK_MODE_Pause_BIT + (uint32_t)i);
			mnl_attr_put_strz(h, ETHTOOL_A_BITSET_BIT_NAME, names[i]);
			if (!nomask && (set & (1 << i)))
				mnl_attr_put(h, ETHTOOL_A_BITSET_BIT_VALUE, 0, NULL);
			mnl_attr_nest_end(h, bit);
		}
		mnl_attr_nest_end(h, bits);
	} else {
		for (i = 0; i < 2; i++) {
			if (set & (1 << i))
				v[0] |= 1u << (ETHTOOL_LINK_MODE_Pause_BIT + i);
			if (mask & (1 << i))
				m[0] |= 1u << (ETHTOOL_LINK_MODE_Pause_BIT + i);
		}
		mnl_attr_put(h, ETHTOOL_A_BITSET_VALUE, sizeof(v), v);
		if (!nomask)
			mnl_attr_put(h, ETHTOOL_A_BITSET_MASK, sizeof(m), m);
	}
	mnl_attr_nest_end(h, n);
}

/* linkmodes_fill_reply; down: SPEED_UNKNOWN, DUPLEX_UNKNOWN, no LANES (the
 * kernel leaves out lanes 0); OURS (advertising, the supported modes its
 * mask) where the port autonegotiates, PEER only where the partner
 * advertises anything (nomask: lp_advertising) */
static size_t linkmodes_reply(unsigned char *b, const struct ndev_def *d, int down)
{
	struct nlmsghdr *h = genl(b, ETHTOOL_MSG_LINKMODES_GET_REPLY, ETHTOOL_A_LINKMODES_HEADER, d);

	mnl_attr_put_u8(h, ETHTOOL_A_LINKMODES_AUTONEG,
			down || d->pause_an ? AUTONEG_ENABLE : AUTONEG_DISABLE);
	if (d->pause_an) {
		modes(h, ETHTOOL_A_LINKMODES_OURS, d->ours, 3, 0, d->verbose);
		if (!down && d->peer)
			modes(h, ETHTOOL_A_LINKMODES_PEER, d->peer, 0, 1, d->verbose);
	}
	mnl_attr_put_u32(h, ETHTOOL_A_LINKMODES_SPEED, down ? (uint32_t)SPEED_UNKNOWN : d->speed);
	mnl_attr_put_u8(h, ETHTOOL_A_LINKMODES_DUPLEX, down ? DUPLEX_UNKNOWN : DUPLEX_FULL);
	if (!down)
		mnl_attr_put_u32(h, ETHTOOL_A_LINKMODES_LANES, d->lanes);
	return h->nlmsg_len;
}

/* stats.c stat_put: a GRP_STAT nest of one u64 (x86: no pad before it) */
static void std_stat(struct nlmsghdr *h, uint16_t attr, uint64_t v)
{
	struct nlattr *n = mnl_attr_nest_start(h, ETHTOOL_A_STATS_GRP_STAT);

	mnl_attr_put_u64(h, attr, v);
	mnl_attr_nest_end(h, n);
}

static void std_hist(struct nlmsghdr *h, const struct ndev_def *d, int s, int tx)
{
	size_t i;

	for (i = 0; i < d->nhist; i++) {
		uint64_t v = tx ? d->hist[i].tx[s] : d->hist[i].rx[s];
		struct nlattr *n;

		if (v == UINT64_MAX)
			continue;
		n = mnl_attr_nest_start(h, tx ? ETHTOOL_A_STATS_GRP_HIST_TX :
						ETHTOOL_A_STATS_GRP_HIST_RX);
		mnl_attr_put_u32(h, ETHTOOL_A_STATS_GRP_HIST_BKT_LOW, d->hist[i].low);
		mnl_attr_put_u32(h, ETHTOOL_A_STATS_GRP_HIST_BKT_HI, d->hist[i].high);
		mnl_attr_put_u64(h, ETHTOOL_A_STATS_GRP_HIST_VAL, v);
		mnl_attr_nest_end(h, n);
	}
}

/* stats_fill_reply with all four groups asked (ethtool -S --all-groups) */
static size_t stats_reply(unsigned char *b, const struct ndev_def *d, int s)
{
	struct nlmsghdr *h = genl(b, ETHTOOL_MSG_STATS_GET_REPLY, ETHTOOL_A_STATS_HEADER, d);
	uint32_t g;
	size_t i;

	if (d->std == 2)
		mnl_attr_put_u32(h, A_STATS_SRC, 0);	/* ETHTOOL_MAC_STATS_SRC_AGGREGATE */
	for (g = 0; g < __ETHTOOL_STATS_CNT; g++) {
		struct nlattr *n = mnl_attr_nest_start(h, ETHTOOL_A_STATS_GRP);

		mnl_attr_put_u32(h, ETHTOOL_A_STATS_GRP_ID, g);
		mnl_attr_put_u32(h, ETHTOOL_A_STATS_GRP_SS_ID, ETH_SS_STATS_ETH_PHY + g);
		if (g == ETHTOOL_STATS_RMON) {
			std_hist(h, d, s, 0);
			std_hist(h, d, s, 1);
		}
		for (i = 0; i < d->nstds; i++)
			if (d->stds[i].grp == g)
				std_stat(h, (uint16_t)d->stds[i].attr, d->stds[i].v[s]);
		mnl_attr_nest_end(h, n);
	}
	return h->nlmsg_len;
}

static void gen_ndev(const char *dir, const struct ndev_def *d, int first)
{
	unsigned char b[8192];
	char name[128];
	size_t i, len;
	uint32_t g;
	int s, k;

	fprintf(expect, "%s\"%s\":{", first ? "" : ",", d->name);
	for (s = 0; s < 2; s++) {
		if (d->dcb) {
			len = dcb_reply(b, d, s);
			snprintf(name, sizeof(name), "dcb.%d.%s.%d", DCB_CMD_IEEE_GET, d->name, s);
			put_file(dir, name, b, len);
		}
		len = pause_reply(b, d, s);
		snprintf(name, sizeof(name), "genl.%d.%s.%d", ETHTOOL_MSG_PAUSE_GET, d->name, s);
		put_file(dir, name, b, len);
		if (d->fec) {
			len = fec_reply(b, d, s);
			snprintf(name, sizeof(name), "genl.%d.%s.%d", ETHTOOL_MSG_FEC_GET, d->name, s);
			put_file(dir, name, b, len);
		}
		if (d->std) {
			len = stats_reply(b, d, s);
			snprintf(name, sizeof(name), "genl.%d.%s.%d", ETHTOOL_MSG_STATS_GET, d->name, s);
			put_file(dir, name, b, len);
		}
		len = linkstate_reply(b, d, s, 0);
		snprintf(name, sizeof(name), "genl.%d.%s.%d", ETHTOOL_MSG_LINKSTATE_GET, d->name, s);
		put_file(dir, name, b, len);
		len = linkmodes_reply(b, d, 0);
		snprintf(name, sizeof(name), "genl.%d.%s.%d", ETHTOOL_MSG_LINKMODES_GET, d->name, s);
		put_file(dir, name, b, len);
		/* the link down, for tests/net/run to put in place: NAME.down.S */
		len = linkstate_reply(b, d, s, 1);
		snprintf(name, sizeof(name), "genl.%d.%s.down.%d", ETHTOOL_MSG_LINKSTATE_GET, d->name, s);
		put_file(dir, name, b, len);
		len = linkmodes_reply(b, d, 1);
		snprintf(name, sizeof(name), "genl.%d.%s.down.%d", ETHTOOL_MSG_LINKMODES_GET, d->name, s);
		put_file(dir, name, b, len);
		{
			uint64_t *v = calloc(d->nstats ? d->nstats : 1, 8);

			for (i = 0; i < d->nstats; i++)
				v[i] = d->stats[i].v[s];
			snprintf(name, sizeof(name), "gstats.%s.%d", d->name, s);
			put_file(dir, name, v, d->nstats * 8);
			free(v);
		}
		/* expect.json: what rdmatop must read, per sample */
		fprintf(expect, "%s\"%d\":{\"dcb\":%d,\"pfc_en\":%u,\"delay\":%u,\"requests\":[", s ? "," : "",
			s, d->dcb, d->pfc_en, d->delay);
		for (k = 0; k < 8; k++)
			fprintf(expect, "%s%llu", k ? "," : "", (unsigned long long)d->req[s][k]);
		fprintf(expect, "],\"indications\":[");
		for (k = 0; k < 8; k++)
			fprintf(expect, "%s%llu", k ? "," : "", (unsigned long long)d->ind[s][k]);
		fprintf(expect, "],\"tx_pause_frames\":%llu,\"rx_pause_frames\":%llu,\"fec\":%d,"
			"\"corrected_blocks\":%llu,\"uncorrectable_blocks\":%llu,\"stats\":{",
			(unsigned long long)d->pause_tx[s], (unsigned long long)d->pause_rx[s], d->fec,
			(unsigned long long)d->fec_corr[s], (unsigned long long)d->fec_unc[s]);
		for (i = 0; i < d->nstats; i++)
			fprintf(expect, "%s\"%s\":%llu", i ? "," : "", d->stats[i].name,
				(unsigned long long)d->stats[i].v[s]);
		fprintf(expect, "},\"speed\":%u,\"lanes\":%u,\"link\":1", d->speed, d->lanes);
		if (d->down_cnt)
			fprintf(expect, ",\"link_down_events\":%u", d->downs[s]);
		if (d->pause_an)
			fprintf(expect, ",\"negotiated\":{\"rx\":%s,\"tx\":%s}",
				d->neg[0] ? "true" : "false", d->neg[1] ? "true" : "false");
		/* "standard": {"eth-mac": {"FrameCheckSequenceErrors": N}, "rmon":
		 * {"rx": [[low, high, N], ...]}}: as ethtool --json -S --all-groups */
		fprintf(expect, ",\"std\":%d,\"standard\":{", d->std);
		for (g = 0; d->std && g < __ETHTOOL_STATS_CNT; g++) {
			int n = 0;

			fprintf(expect, "%s\"%s\":{", g ? "," : "", netshim_std_group(g));
			for (i = 0; i < d->nstds; i++)
				if (d->stds[i].grp == g)
					fprintf(expect, "%s\"%s\":%llu", n++ ? "," : "",
						netshim_std_name(g, d->stds[i].attr),
						(unsigned long long)d->stds[i].v[s]);
			for (k = 0; g == ETHTOOL_STATS_RMON && k < 2; k++) {
				int m = 0;

				fprintf(expect, "%s\"%s\":[", n++ ? "," : "", k ? "tx" : "rx");
				for (i = 0; i < d->nhist; i++) {
					uint64_t v = k ? d->hist[i].tx[s] : d->hist[i].rx[s];

					if (v != UINT64_MAX)
						fprintf(expect, "%s[%u,%u,%llu]", m++ ? "," : "",
							d->hist[i].low, d->hist[i].high,
							(unsigned long long)v);
				}
				fprintf(expect, "]");
			}
			fprintf(expect, "}");
		}
		fprintf(expect, "}}");
	}
	fprintf(expect, "}");
	{
		char *strs = calloc(d->nstats ? d->nstats : 1, ETH_GSTRING_LEN);

		for (i = 0; i < d->nstats; i++)
			snprintf(strs + i * ETH_GSTRING_LEN, ETH_GSTRING_LEN, "%s", d->stats[i].name);
		snprintf(name, sizeof(name), "gstrings.%s", d->name);
		put_file(dir, name, strs, d->nstats * ETH_GSTRING_LEN);
		free(strs);
	}
}

#include "gen_net_drivers.h"

int main(int argc, char **argv)
{
	char dir[512], path[600];
	size_t f, i;

	if (argc != 2) {
		fprintf(stderr, "usage: gen_net OUTDIR\n");
		return 2;
	}
	bond_init();
	for (f = 0; f < sizeof(fixes) / sizeof(fixes[0]); f++) {
		const struct fix_def *x = &fixes[f];
		FILE *nd;

		snprintf(dir, sizeof(dir), "%s/%s", argv[1], x->fixture);
		mkdir(dir, 0755);
		snprintf(dir, sizeof(dir), "%s/%s/net", argv[1], x->fixture);
		mkdir(dir, 0755);
		snprintf(path, sizeof(path), "%s/netdevs", dir);
		nd = fopen(path, "w");
		snprintf(path, sizeof(path), "%s/expect.json", dir);
		expect = fopen(path, "w");
		if (!nd || !expect)
			return 1;
		put_file(dir, "driver", x->driver, strlen(x->driver));
		fprintf(expect, "{");
		for (i = 0; i < x->n; i++) {
			fprintf(nd, "%s\n", x->nd[i].name);
			gen_ndev(dir, &x->nd[i], !i);
		}
		/* the bond over the slaves answers none of the inputs */
		if (!strcmp(x->fixture, "bond"))
			fprintf(nd, "bond0\n");
		fprintf(expect, "}\n");
		fclose(nd);
		fclose(expect);
	}
	return 0;
}
