// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * netshim.c's answers to the ethtool family's string sets and standard
 * statistics, built as the kernel builds them:
 *   ETHTOOL_MSG_STRSET_GET  net/ethtool/strset.c strset_fill_reply (6.1,
 *                           6.12): the global sets ETH_SS_STATS_STD (the
 *                           group names) and ETH_SS_STATS_ETH_PHY, _MAC,
 *                           _CTRL, _RMON (each group's statistic names,
 *                           net/ethtool/stats.c stats_*_names), no header
 *                           nest for a request without a device
 *   ETHTOOL_MSG_STATS_GET   net/ethtool/stats.c stats_fill_reply: the
 *                           stored answer (gen_net.c, every group asked)
 *                           cut to the groups the request's
 *                           ETHTOOL_A_STATS_GROUPS bitset names (compact
 *                           or by name, bitset.c ethnl_update_bitset); no
 *                           group named is -EINVAL ("no stats requested")
 */
#include <errno.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>

#include "netshim.h"

static const char *const std_names[] = { "eth-phy", "eth-mac", "eth-ctrl", "rmon" };
static const char *const phy_names[] = { "SymbolErrorDuringCarrier" };
static const char *const mac_names[] = {
	"FramesTransmittedOK",
	"SingleCollisionFrames",
	"MultipleCollisionFrames",
	"FramesReceivedOK",
	"FrameCheckSequenceErrors",
	"AlignmentErrors",
	"OctetsTransmittedOK",
	"FramesWithDeferredXmissions",
	"LateCollisions",
	"FramesAbortedDueToXSColls",
	"FramesLostDueToIntMACXmitError",
	"CarrierSenseErrors",
	"OctetsReceivedOK",
	"FramesLostDueToIntMACRcvError",
	"MulticastFramesXmittedOK",
	"BroadcastFramesXmittedOK",
	"FramesWithExcessiveDeferral",
	"MulticastFramesReceivedOK",
	"BroadcastFramesReceivedOK",
	"InRangeLengthErrors",
	"OutOfRangeLengthField",
	"FrameTooLongErrors",
};
static const char *const ctrl_names[] = { "MACControlFramesTransmitted", "MACControlFramesReceived",
					  "UnsupportedOpcodesReceived" };
static const char *const rmon_names[] = { "etherStatsUndersizePkts", "etherStatsOversizePkts",
					  "etherStatsFragments", "etherStatsJabbers" };

#define SET(id, a)                              \
	{                                       \
		id, a, sizeof(a) / sizeof(a[0]) \
	}
static const struct {
	uint32_t id;
	const char *const *names;
	size_t n;
} sets[] = {
	SET(ETH_SS_STATS_STD, std_names),     SET(ETH_SS_STATS_ETH_PHY, phy_names),
	SET(ETH_SS_STATS_ETH_MAC, mac_names), SET(ETH_SS_STATS_ETH_CTRL, ctrl_names),
	SET(ETH_SS_STATS_RMON, rmon_names),
};

const char *netshim_std_name(uint32_t grp, uint32_t attr)
{
	size_t i;

	for (i = 0; i < sizeof(sets) / sizeof(sets[0]); i++)
		if (sets[i].id == ETH_SS_STATS_ETH_PHY + grp)
			return attr < sets[i].n ? sets[i].names[attr] : NULL;
	return NULL;
}

const char *netshim_std_group(uint32_t grp)
{
	return grp < sizeof(std_names) / sizeof(std_names[0]) ? std_names[grp] : NULL;
}

struct want {
	uint32_t ids[16];
	size_t n;
	int counts_only;
};

static int set_id_cb(const struct nlattr *a, void *data)
{
	struct want *w = data;

	if (mnl_attr_get_type(a) == ETHTOOL_A_STRINGSET_ID && w->n < 16 &&
	    mnl_attr_get_payload_len(a) >= 4)
		w->ids[w->n++] = mnl_attr_get_u32(a);
	return MNL_CB_OK;
}

static int sets_cb(const struct nlattr *a, void *data)
{
	if (mnl_attr_get_type(a) == ETHTOOL_A_STRINGSETS_STRINGSET)
		mnl_attr_parse_nested(a, set_id_cb, data);
	return MNL_CB_OK;
}

static int strset_cb(const struct nlattr *a, void *data)
{
	struct want *w = data;

	if (mnl_attr_get_type(a) == ETHTOOL_A_STRSET_STRINGSETS)
		mnl_attr_parse_nested(a, sets_cb, data);
	if (mnl_attr_get_type(a) == ETHTOOL_A_STRSET_COUNTS_ONLY)
		w->counts_only = 1;
	return MNL_CB_OK;
}

size_t netshim_strset(const struct nlmsghdr *req, uint16_t family, unsigned char *b, size_t cap,
		      int *err)
{
	struct nlmsghdr *h;
	struct genlmsghdr *g;
	struct nlattr *ss, *st, *strs, *one;
	struct want w = { .n = 0 };
	size_t i, k, j;

	mnl_attr_parse(req, sizeof(struct genlmsghdr), strset_cb, &w);
	if (!w.n) {
		*err = -EOPNOTSUPP; /* every set, per device: not served */
		return 0;
	}
	memset(b, 0, cap);
	h = mnl_nlmsg_put_header(b);
	h->nlmsg_type = family;
	g = mnl_nlmsg_put_extra_header(h, sizeof(*g));
	g->cmd = ETHTOOL_MSG_STRSET_GET_REPLY;
	g->version = ETHTOOL_GENL_VERSION;
	ss = mnl_attr_nest_start(h, ETHTOOL_A_STRSET_STRINGSETS);
	for (k = 0; k < w.n; k++) {
		for (i = 0; i < sizeof(sets) / sizeof(sets[0]) && sets[i].id != w.ids[k]; i++)
			;
		if (i == sizeof(sets) / sizeof(sets[0])) {
			*err = -EOPNOTSUPP; /* a per-device set */
			return 0;
		}
		st = mnl_attr_nest_start(h, ETHTOOL_A_STRINGSETS_STRINGSET);
		mnl_attr_put_u32(h, ETHTOOL_A_STRINGSET_ID, sets[i].id);
		mnl_attr_put_u32(h, ETHTOOL_A_STRINGSET_COUNT, (uint32_t)sets[i].n);
		if (!w.counts_only) {
			strs = mnl_attr_nest_start(h, ETHTOOL_A_STRINGSET_STRINGS);
			for (j = 0; j < sets[i].n; j++) {
				one = mnl_attr_nest_start(h, ETHTOOL_A_STRINGS_STRING);
				mnl_attr_put_u32(h, ETHTOOL_A_STRING_INDEX, (uint32_t)j);
				mnl_attr_put_strz(h, ETHTOOL_A_STRING_VALUE, sets[i].names[j]);
				mnl_attr_nest_end(h, one);
			}
			mnl_attr_nest_end(h, strs);
		}
		mnl_attr_nest_end(h, st);
	}
	mnl_attr_nest_end(h, ss);
	*err = 0;
	return h->nlmsg_len;
}

/* ---- STATS_GET: the groups asked for ---- */
struct bits {
	uint32_t size, value, mask;
	int nomask, compact;
};

static int bit_cb(const struct nlattr *a, void *data)
{
	uint32_t *m = data;
	size_t i;

	if (mnl_attr_get_type(a) == ETHTOOL_A_BITSET_BIT_INDEX && mnl_attr_get_payload_len(a) >= 4)
		*m |= mnl_attr_get_u32(a) < 32 ? 1u << mnl_attr_get_u32(a) : 0;
	if (mnl_attr_get_type(a) == ETHTOOL_A_BITSET_BIT_NAME)
		for (i = 0; i < 4; i++)
			if (!strcmp(mnl_attr_get_str(a), std_names[i]))
				*m |= 1u << i;
	return MNL_CB_OK;
}

static int bits_cb(const struct nlattr *a, void *data)
{
	if (mnl_attr_get_type(a) == ETHTOOL_A_BITSET_BITS_BIT)
		mnl_attr_parse_nested(a, bit_cb, data);
	return MNL_CB_OK;
}

static int bitset_cb(const struct nlattr *a, void *data)
{
	struct bits *b = data;

	switch (mnl_attr_get_type(a)) {
	case ETHTOOL_A_BITSET_NOMASK:
		b->nomask = 1;
		break;
	case ETHTOOL_A_BITSET_SIZE:
		if (mnl_attr_get_payload_len(a) >= 4)
			b->size = mnl_attr_get_u32(a);
		break;
	case ETHTOOL_A_BITSET_VALUE:
		b->compact = 1;
		if (mnl_attr_get_payload_len(a) >= 4)
			memcpy(&b->value, mnl_attr_get_payload(a), 4);
		break;
	case ETHTOOL_A_BITSET_BITS:
		mnl_attr_parse_nested(a, bits_cb, &b->mask);
		break;
	}
	return MNL_CB_OK;
}

static int groups_cb(const struct nlattr *a, void *data)
{
	if (mnl_attr_get_type(a) == ETHTOOL_A_STATS_GROUPS)
		mnl_attr_parse_nested(a, bitset_cb, data);
	return MNL_CB_OK;
}

uint32_t netshim_stats_groups(const struct nlmsghdr *req)
{
	struct bits b = { .size = 0 };
	uint32_t m;

	mnl_attr_parse(req, sizeof(struct genlmsghdr), groups_cb, &b);
	if (b.compact)
		m = b.size >= 32 ? b.value : b.value & ((1u << b.size) - 1);
	else
		m = b.mask;
	return m & ((1u << __ETHTOOL_STATS_CNT) - 1);
}

struct grp_of {
	uint32_t id;
	int seen;
};

static int grp_id_cb(const struct nlattr *a, void *data)
{
	struct grp_of *g = data;

	if (mnl_attr_get_type(a) == ETHTOOL_A_STATS_GRP_ID && mnl_attr_get_payload_len(a) >= 4) {
		g->id = mnl_attr_get_u32(a);
		g->seen = 1;
	}
	return MNL_CB_OK;
}

size_t netshim_stats_cut(unsigned char *b, size_t len, uint32_t groups)
{
	struct nlmsghdr *h = (struct nlmsghdr *)b;
	unsigned char *out = b + sizeof(*h) + GENL_HDRLEN, *p = out;
	size_t off = sizeof(*h) + GENL_HDRLEN;

	if (len < off || h->nlmsg_len > len)
		return len;
	while (off + sizeof(struct nlattr) <= h->nlmsg_len) {
		struct nlattr *a = (struct nlattr *)(b + off);
		size_t al = MNL_ALIGN(a->nla_len);
		struct grp_of g = { 0, 0 };

		if (a->nla_len < sizeof(*a) || off + a->nla_len > h->nlmsg_len)
			break;
		if (mnl_attr_get_type(a) == ETHTOOL_A_STATS_GRP)
			mnl_attr_parse_nested(a, grp_id_cb, &g);
		if (!g.seen || (g.id < 32 && groups >> g.id & 1)) {
			memmove(p, a, al);
			p += al;
		}
		off += al;
	}
	h->nlmsg_len = (uint32_t)(p - b);
	return h->nlmsg_len;
}
