// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The standard statistics of ethtool netlink (ETHTOOL_MSG_STATS_GET,
 * net/ethtool/stats.c, 5.13+; `ethtool -S DEV --all-groups`): the IEEE
 * 802.3 groups eth-phy (SymbolErrorDuringCarrier), eth-mac
 * (FrameCheckSequenceErrors, ...), eth-ctrl and the RMON group with its
 * packet size histograms.  The request names the groups as a compact
 * bitset (ETHTOOL_A_STATS_GROUPS, bitset.c); the answer has a GRP nest per
 * group asked, {GRP_ID, GRP_SS_ID, then a GRP_STAT nest per statistic the
 * driver set: one u64 whose attribute type is its index}, the RMON group's
 * HIST_RX/HIST_TX buckets {BKT_LOW, BKT_HI, HIST_VAL} before its
 * statistics (stats_put_rmon_stats), and from 6.4 ETHTOOL_A_STATS_SRC
 * first.  A group whose driver op is missing comes back with no
 * statistics; a kernel before 5.13 has no such command (-EOPNOTSUPP).
 * Counters are named as ethtool prints them: "eth-mac-FrameCheckSequence
 * Errors", the buckets "rmon-rx-etherStatsPkts65to127Octets".
 */
#include <errno.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "net.h"

#define STD_GROUPS 4 /* __ETHTOOL_STATS_CNT (5.13 to 6.12) */
#define STD_MAX 32 /* statistics a group may carry (eth-mac has 22) */
#define HIST_MAX 10 /* ETHTOOL_RMON_HIST_MAX */

/* net/ethtool/stats.c stats_std_names and stats_*_names (5.13 to 6.12),
 * by ETHTOOL_STATS_* and the ETHTOOL_A_STATS_* attribute, each after its
 * group's name as ethtool -S --all-groups prints it */
static const char *const grp_names[STD_GROUPS] = { "eth-phy", "eth-mac", "eth-ctrl", "rmon" };
static const char *const phy_names[] = { "eth-phy-SymbolErrorDuringCarrier" };
static const char *const mac_names[] = {
	"eth-mac-FramesTransmittedOK",
	"eth-mac-SingleCollisionFrames",
	"eth-mac-MultipleCollisionFrames",
	"eth-mac-FramesReceivedOK",
	"eth-mac-FrameCheckSequenceErrors",
	"eth-mac-AlignmentErrors",
	"eth-mac-OctetsTransmittedOK",
	"eth-mac-FramesWithDeferredXmissions",
	"eth-mac-LateCollisions",
	"eth-mac-FramesAbortedDueToXSColls",
	"eth-mac-FramesLostDueToIntMACXmitError",
	"eth-mac-CarrierSenseErrors",
	"eth-mac-OctetsReceivedOK",
	"eth-mac-FramesLostDueToIntMACRcvError",
	"eth-mac-MulticastFramesXmittedOK",
	"eth-mac-BroadcastFramesXmittedOK",
	"eth-mac-FramesWithExcessiveDeferral",
	"eth-mac-MulticastFramesReceivedOK",
	"eth-mac-BroadcastFramesReceivedOK",
	"eth-mac-InRangeLengthErrors",
	"eth-mac-OutOfRangeLengthField",
	"eth-mac-FrameTooLongErrors",
};
static const char *const ctrl_names[] = { "eth-ctrl-MACControlFramesTransmitted",
					  "eth-ctrl-MACControlFramesReceived",
					  "eth-ctrl-UnsupportedOpcodesReceived" };
static const char *const rmon_names[] = { "rmon-etherStatsUndersizePkts",
					  "rmon-etherStatsOversizePkts", "rmon-etherStatsFragments",
					  "rmon-etherStatsJabbers" };
static const struct {
	const char *const *names;
	size_t n;
} stat_names[STD_GROUPS] = {
	{ phy_names, 1 },
	{ mac_names, 22 },
	{ ctrl_names, 3 },
	{ rmon_names, 4 },
};

const char *net_std_group_name(unsigned int grp)
{
	return grp < STD_GROUPS ? grp_names[grp] : "unknown";
}

int net_std_stat(unsigned int grp, const char *name)
{
	size_t i;

	for (i = 0; grp < STD_GROUPS && i < stat_names[grp].n; i++)
		if (!strcmp(stat_names[grp].names[i], name))
			return (int)i;
	return -1;
}

const char *net_std_stat_key(unsigned int grp, int i)
{
	if (grp >= STD_GROUPS || i < 0 || (size_t)i >= stat_names[grp].n)
		return NULL;
	return stat_names[grp].names[i] + strlen(grp_names[grp]) + 1;
}

size_t net_stats_req(void *buf, size_t cap, uint16_t family, const char *ndev, uint32_t groups,
		     uint32_t seq)
{
	struct nlmsghdr *nlh;
	struct nlattr *h;
	uint32_t v = groups & ((1u << STD_GROUPS) - 1);

	if (cap < 128 || !v)
		return 0;
	nlh = net_genl_req(buf, 128, family, ETHTOOL_MSG_STATS_GET, ETHTOOL_GENL_VERSION, seq);
	h = mnl_attr_nest_start(nlh, ETHTOOL_A_STATS_HEADER);
	mnl_attr_put_strz(nlh, ETHTOOL_A_HEADER_DEV_NAME, ndev);
	mnl_attr_nest_end(nlh, h);
	/* a compact bitset, the value only (bitset.c: NOMASK, SIZE, VALUE) */
	h = mnl_attr_nest_start(nlh, ETHTOOL_A_STATS_GROUPS);
	mnl_attr_put(nlh, ETHTOOL_A_BITSET_NOMASK, 0, NULL);
	mnl_attr_put_u32(nlh, ETHTOOL_A_BITSET_SIZE, STD_GROUPS);
	mnl_attr_put_u32(nlh, ETHTOOL_A_BITSET_VALUE, v);
	mnl_attr_nest_end(nlh, h);
	return nlh->nlmsg_len;
}

/* One group's nest, gathered before its counters are pushed: the
 * statistics may come before GRP_ID in a changed answer. */
struct grp {
	uint32_t id;
	bool has_id;
	uint32_t set; /* bit i: v[i] was sent */
	uint64_t v[STD_MAX];
	struct {
		uint32_t low, high;
		uint64_t v;
	} hist[2][HIST_MAX];
	size_t nhist[2];
	bool bad;
};

struct std_ctx {
	struct snapshot *s;
	struct snap_net *n;
	struct grp *g;
	int hist_dir;
	uint32_t bkt_low, bkt_high;
	uint64_t bkt_v;
	unsigned int bkt_seen;
	int err;
	bool seen;
};

/*
 * An attribute's type, and its payload where it is exactly len bytes
 * (mnl_attr_validate's rule for MNL_TYPE_U32/U64), inline: a netdev's
 * answer has a hundred of them every sample.
 */
static inline unsigned int type_of(const struct nlattr *a)
{
	return a->nla_type & NLA_TYPE_MASK;
}

static inline bool fixed(const struct nlattr *a, void *out, uint16_t len)
{
	if (a->nla_len != MNL_ATTR_HDRLEN + len)
		return false;
	memcpy(out, (const char *)a + MNL_ATTR_HDRLEN, len);
	return true;
}

static int stat_cb(const struct nlattr *a, void *data)
{
	struct grp *g = data;
	unsigned int t = type_of(a);

	if (t >= STD_MAX)
		return MNL_CB_OK; /* a newer kernel's statistic: skipped */
	if (!fixed(a, &g->v[t], sizeof(g->v[t]))) {
		g->bad = true;
		return MNL_CB_ERROR;
	}
	g->set |= 1u << t;
	return MNL_CB_OK;
}

static int bkt_cb(const struct nlattr *a, void *data)
{
	struct std_ctx *c = data;
	unsigned int t = type_of(a);
	bool ok = true;

	if (t == ETHTOOL_A_STATS_GRP_HIST_BKT_LOW)
		ok = fixed(a, &c->bkt_low, sizeof(c->bkt_low));
	else if (t == ETHTOOL_A_STATS_GRP_HIST_BKT_HI)
		ok = fixed(a, &c->bkt_high, sizeof(c->bkt_high));
	else if (t == ETHTOOL_A_STATS_GRP_HIST_VAL)
		ok = fixed(a, &c->bkt_v, sizeof(c->bkt_v));
	else
		return MNL_CB_OK;
	if (!ok)
		return MNL_CB_ERROR;
	/* bit 0 LOW, 1 HI, 2 VAL */
	c->bkt_seen |= 1u << (t - ETHTOOL_A_STATS_GRP_HIST_BKT_LOW);
	return MNL_CB_OK;
}

static int grp_cb(const struct nlattr *a, void *data)
{
	struct std_ctx *c = data;
	struct grp *g = c->g;
	int dir;

	switch (type_of(a)) {
	case ETHTOOL_A_STATS_GRP_ID:
		if (!fixed(a, &g->id, sizeof(g->id)))
			return MNL_CB_ERROR;
		g->has_id = true;
		return MNL_CB_OK;
	case ETHTOOL_A_STATS_GRP_STAT:
		if (net_attr_parse_nested(a, stat_cb, g) < 0)
			return MNL_CB_ERROR;
		return MNL_CB_OK;
	case ETHTOOL_A_STATS_GRP_HIST_RX:
	case ETHTOOL_A_STATS_GRP_HIST_TX:
		dir = type_of(a) == ETHTOOL_A_STATS_GRP_HIST_TX;
		c->bkt_seen = 0;
		if (net_attr_parse_nested(a, bkt_cb, c) < 0 || c->bkt_seen != 7)
			return MNL_CB_ERROR;
		if (g->nhist[dir] < HIST_MAX) {
			g->hist[dir][g->nhist[dir]].low = c->bkt_low;
			g->hist[dir][g->nhist[dir]].high = c->bkt_high;
			g->hist[dir][g->nhist[dir]++].v = c->bkt_v;
		}
		return MNL_CB_OK;
	}
	return MNL_CB_OK; /* GRP_SS_ID, GRP_PAD */
}

static char *put_u32(char *p, uint32_t v)
{
	char d[10];
	int n = 0;

	do
		d[n++] = (char)('0' + v % 10);
	while (v /= 10);
	while (n)
		*p++ = d[--n];
	return p;
}

/* "rmon-rx-etherStatsPkts65to127Octets" (ethtool's names for the buckets,
 * netlink/stats.c), by hand: ten or more a netdev every sample */
static void bucket_name(char *name, int tx, uint32_t low, uint32_t high)
{
	char *p = name;

	memcpy(p, tx ? "rmon-tx-etherStatsPkts" : "rmon-rx-etherStatsPkts", 22);
	p = put_u32(p + 22, low);
	memcpy(p, "to", 2);
	p = put_u32(p + 2, high);
	memcpy(p, "Octets", 7);
}

/* the names' memos (net_parse's lock): the statistics', and each bucket's
 * with the bounds it was named for */
static struct net_name stat_nm[STD_GROUPS][STD_MAX];
static struct bkt_memo {
	uint32_t low, high;
	char name[64]; /* 22 + 10 + 2 + 10 + 7 bytes at most */
	struct net_name nm;
} bkt_nm[2][HIST_MAX];

static int push_grp(struct std_ctx *c, const struct grp *g)
{
	size_t i;
	int d, ret;

	if (!g->has_id || g->id >= STD_GROUPS)
		return 0; /* a group newer than this table: skipped */
	for (d = 0; d < 2; d++)
		for (i = 0; i < g->nhist[d]; i++) {
			struct bkt_memo *b = &bkt_nm[d][i];

			if (!b->name[0] || b->low != g->hist[d][i].low ||
			    b->high != g->hist[d][i].high) {
				b->low = g->hist[d][i].low;
				b->high = g->hist[d][i].high;
				bucket_name(b->name, d, b->low, b->high);
				memset(&b->nm, 0, sizeof(b->nm));
			}
			if ((ret = net_push_name(c->s, c->n, SNAP_SRC_ETHNL, b->name,
						 sizeof(b->name), &b->nm, g->hist[d][i].v)))
				return ret;
		}
	for (i = 0; i < stat_names[g->id].n; i++) {
		if (!(g->set >> i & 1))
			continue;
		if ((ret = net_push_name(c->s, c->n, SNAP_SRC_ETHNL, stat_names[g->id].names[i], 64,
					 &stat_nm[g->id][i], g->v[i])))
			return ret;
	}
	if (g->set || g->nhist[0] || g->nhist[1])
		c->n->std_groups |= (uint8_t)(1u << g->id);
	return 0;
}

static int top_cb(const struct nlattr *a, void *data)
{
	struct std_ctx *c = data;
	struct grp g;

	if (type_of(a) != ETHTOOL_A_STATS_GRP)
		return MNL_CB_OK; /* HEADER, SRC (6.4+), PAD */
	/* v[] and hist[] are read only where set and nhist say */
	g.id = 0;
	g.has_id = g.bad = false;
	g.set = 0;
	g.nhist[0] = g.nhist[1] = 0;
	c->g = &g;
	if (net_attr_parse_nested(a, grp_cb, c) < 0 || g.bad) {
		c->err = -EBADMSG;
		return MNL_CB_ERROR;
	}
	if ((c->err = push_grp(c, &g)))
		return MNL_CB_ERROR;
	return MNL_CB_OK;
}

static int msg_cb(const struct nlmsghdr *nlh, void *data)
{
	struct std_ctx *c = data;

	return net_genl_reply(nlh, ETHTOOL_MSG_STATS_GET_REPLY, top_cb, c, &c->err, &c->seen);
}

int net_stats_parse(struct snapshot *s, struct snap_net *n, const void *buf, size_t len)
{
	struct std_ctx c = { .s = s, .n = n };
	int ret;

	n->std_groups = 0;
	if ((ret = net_answer(buf, len, msg_cb, &c, &c.err, &c.seen)))
		return ret;
	/* every group asked came back empty: the driver has none of the ops */
	n->err[SNAP_NET_STATS] = c.err ? c.err : n->std_groups ? 0 : -ENODATA;
	return 0;
}
