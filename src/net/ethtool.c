// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ethtool netlink (generic netlink family "ethtool", 5.6+): a netdev's
 * pause frames (PAUSE_GET with ETHTOOL_FLAG_STATS, net/ethtool/pause.c,
 * stats 5.11+), FEC mode and blocks (FEC_GET, net/ethtool/fec.c, stats
 * 5.13+: each statistic an array of u64, the total then one per lane),
 * link state (LINKSTATE_GET, net/ethtool/linkstate.c: extended state 5.10+,
 * EXT_DOWN_CNT 6.6+) and link modes (LINKMODES_GET, speed, lanes 5.10+).
 * Requests name the netdev (ETHTOOL_A_HEADER_DEV_NAME) and are
 * unprivileged.  A kernel without a command answers -EOPNOTSUPP; a driver
 * without the op answers -EOPNOTSUPP too (ethnl_default_doit).
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "net.h"

/* the uapi of 6.6+ (linux/ethtool_netlink.h): not in Debian 12's headers */
#define A_LINKSTATE_EXT_DOWN_CNT 7
/* the uapi of 6.18 (include/uapi/linux/ethtool_netlink_generated.h): the
 * FEC histogram, a nest ETHTOOL_A_FEC_STAT_HIST per bin in ETHTOOL_A_FEC_STATS */
#define A_FEC_STAT_HIST 5
enum { A_FEC_HIST_PAD = 1, A_FEC_HIST_BIN_LOW, A_FEC_HIST_BIN_HIGH, A_FEC_HIST_BIN_VAL,
       A_FEC_HIST_BIN_VAL_PER_LANE };

static const struct {
	uint8_t cmd, reply, header;
} cmds[SNAP_NET_N] = {
	[SNAP_NET_PAUSE] = { ETHTOOL_MSG_PAUSE_GET, ETHTOOL_MSG_PAUSE_GET_REPLY,
			     ETHTOOL_A_PAUSE_HEADER },
	[SNAP_NET_FEC] = { ETHTOOL_MSG_FEC_GET, ETHTOOL_MSG_FEC_GET_REPLY, ETHTOOL_A_FEC_HEADER },
	[SNAP_NET_LINKSTATE] = { ETHTOOL_MSG_LINKSTATE_GET, ETHTOOL_MSG_LINKSTATE_GET_REPLY,
				 ETHTOOL_A_LINKSTATE_HEADER },
	[SNAP_NET_LINKMODES] = { ETHTOOL_MSG_LINKMODES_GET, ETHTOOL_MSG_LINKMODES_GET_REPLY,
				 ETHTOOL_A_LINKMODES_HEADER },
};

size_t net_family_req(void *buf, size_t cap, uint32_t seq)
{
	struct nlmsghdr *nlh;

	if (cap < 64)
		return 0;
	nlh = net_genl_req(buf, 64, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 1, seq);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, ETHTOOL_GENL_NAME);
	return nlh->nlmsg_len;
}

static int family_attr(const struct nlattr *a, void *data)
{
	if (mnl_attr_get_type(a) == CTRL_ATTR_FAMILY_ID &&
	    mnl_attr_validate(a, MNL_TYPE_U16) >= 0)
		*(uint32_t *)data = mnl_attr_get_u16(a);
	return MNL_CB_OK;
}

static int family_msg(const struct nlmsghdr *nlh, void *data)
{
	if (nlh->nlmsg_type == GENL_ID_CTRL &&
	    net_attr_parse(nlh, sizeof(struct genlmsghdr), family_attr, data) < 0)
		return MNL_CB_ERROR;
	return MNL_CB_OK;
}

int net_family_parse(const void *buf, size_t len, uint16_t *id)
{
	uint32_t v = UINT32_MAX;
	int ret;

	if (!net_msgs_ok(buf, len))
		return -EBADMSG;
	ret = mnl_cb_run(buf, len, 0, 0, family_msg, &v);

	if (ret < 0)
		return errno ? -errno : -EBADMSG;	/* -ENOENT: no such family */
	if (v == UINT32_MAX || !v)
		return -EBADMSG;
	*id = (uint16_t)v;
	return 0;
}

size_t net_ethtool_req(void *buf, size_t cap, uint16_t family, unsigned int what,
		       const char *ndev, uint32_t seq)
{
	struct nlmsghdr *nlh;
	struct nlattr *h;

	if (what >= SNAP_NET_N || !cmds[what].cmd || cap < 128)
		return 0;
	nlh = net_genl_req(buf, 128, family, cmds[what].cmd, ETHTOOL_GENL_VERSION, seq);
	h = mnl_attr_nest_start(nlh, cmds[what].header);
	mnl_attr_put_strz(nlh, ETHTOOL_A_HEADER_DEV_NAME, ndev);
	/* stats for pause and FEC; the link modes' bitsets compact (a value
	 * and a mask, not every mode by name: ethtool -a asks so too) */
	if (what == SNAP_NET_PAUSE || what == SNAP_NET_FEC)
		mnl_attr_put_u32(nlh, ETHTOOL_A_HEADER_FLAGS, ETHTOOL_FLAG_STATS);
	else if (what == SNAP_NET_LINKMODES)
		mnl_attr_put_u32(nlh, ETHTOOL_A_HEADER_FLAGS, ETHTOOL_FLAG_COMPACT_BITSETS);
	mnl_attr_nest_end(nlh, h);
	return nlh->nlmsg_len;
}

struct eth_ctx {
	struct snapshot *s;
	struct snap_net *n;
	unsigned int what;
	int err;
	bool seen;
};

static int fail(struct eth_ctx *c)
{
	if (!c->err)
		c->err = -EBADMSG;
	return MNL_CB_ERROR;
}

static bool is(const struct nlattr *a, enum mnl_attr_data_type t)
{
	return mnl_attr_validate(a, t) >= 0;
}

/* the pause statistics nest: one u64 each, absent where the driver has none */
static int pause_stat(const struct nlattr *a, void *data)
{
	static struct net_name nm[2];	/* net_parse's lock */
	struct eth_ctx *c = data;
	const char *name;
	int k;

	switch (mnl_attr_get_type(a)) {
	case ETHTOOL_A_PAUSE_STAT_TX_FRAMES:
		name = "tx_pause_frames";	/* ethtool --json -a -I's keys */
		k = 0;
		break;
	case ETHTOOL_A_PAUSE_STAT_RX_FRAMES:
		name = "rx_pause_frames";
		k = 1;
		break;
	default:
		return MNL_CB_OK;
	}
	if (!is(a, MNL_TYPE_U64))
		return fail(c);
	c->err = net_push_name(c->s, c->n, SNAP_SRC_ETHNL, name, 64, &nm[k],
			       mnl_attr_get_u64(a));
	return c->err ? MNL_CB_ERROR : MNL_CB_OK;
}

static int fec_hist(struct eth_ctx *c, const struct nlattr *a);

/* FEC statistics: arrays of u64, [0] the total, then the lanes (fec.c
 * fec_stat_put: an array stops at the first lane the driver left unset) */
static int fec_stat(const struct nlattr *a, void *data)
{
	/* the total and 8 lanes of each statistic (net_parse's lock) */
	static struct net_name nm[3][9];
	struct eth_ctx *c = data;
	const char *name;
	uint64_t v;
	size_t i, l;
	int k;

	switch (mnl_attr_get_type(a)) {
	case ETHTOOL_A_FEC_STAT_CORRECTED:
		name = "fec_corrected_blocks";
		k = 0;
		break;
	case ETHTOOL_A_FEC_STAT_UNCORR:
		name = "fec_uncorrectable_blocks";
		k = 1;
		break;
	case ETHTOOL_A_FEC_STAT_CORR_BITS:
		name = "fec_corrected_bits";
		k = 2;
		break;
	case A_FEC_STAT_HIST:
		return fec_hist(c, a);
	default:
		return MNL_CB_OK;
	}
	if (mnl_attr_get_payload_len(a) < sizeof(v) || mnl_attr_get_payload_len(a) % sizeof(v))
		return fail(c);
	memcpy(&v, mnl_attr_get_payload(a), sizeof(v));
	c->err = net_push_name(c->s, c->n, SNAP_SRC_ETHNL, name, 64, &nm[k][0], v);
	/* the lanes, as ethtool --show-fec -I lists them (at most 8: a link
	 * has no more, ETHTOOL_MAX_LANES) */
	for (i = 1; !c->err && i < mnl_attr_get_payload_len(a) / sizeof(v) && i <= 8; i++) {
		char lane[48];

		memcpy(&v, (const char *)mnl_attr_get_payload(a) + i * sizeof(v), sizeof(v));
		/* name + "_lane" + one digit, by hand: every sample */
		l = strlen(name);
		memcpy(lane, name, l);
		memcpy(lane + l, "_lane", 5);
		lane[l + 5] = (char)('0' + i - 1);
		lane[l + 6] = 0;
		c->err = net_push_name(c->s, c->n, SNAP_SRC_ETHNL, lane, 64, &nm[k][i], v);
	}
	return c->err ? MNL_CB_ERROR : MNL_CB_OK;
}

/*
 * One bin of the FEC histogram (Linux 6.18 net/ethtool/fec.c fec_put_hist):
 * BIN_LOW and BIN_HIGH u32, BIN_VAL an NLA_UINT (u32 where the value fits,
 * else u64: nla_put_uint), BIN_VAL_PER_LANE the lanes' u64 array
 * (nla_put_64bit, a PAD before it where the kernel aligns; absent where
 * the driver has no lanes).  A bin without its range or value is refused,
 * as ethtool's fec_show_hist_bin skips it.
 */
struct hist_bin {
	struct eth_ctx *c;
	struct snap_fec_bin b;
	bool low, high, val;
};

static int hist_attr(const struct nlattr *a, void *data)
{
	struct hist_bin *h = data;
	size_t len = mnl_attr_get_payload_len(a), i;

	switch (mnl_attr_get_type(a)) {
	case A_FEC_HIST_BIN_LOW:
	case A_FEC_HIST_BIN_HIGH:
		if (!is(a, MNL_TYPE_U32))
			return fail(h->c);
		if (mnl_attr_get_type(a) == A_FEC_HIST_BIN_LOW)
			h->b.low = mnl_attr_get_u32(a);
		else
			h->b.high = mnl_attr_get_u32(a);
		*(mnl_attr_get_type(a) == A_FEC_HIST_BIN_LOW ? &h->low : &h->high) = true;
		break;
	case A_FEC_HIST_BIN_VAL:
		if (len == 4)
			h->b.total = mnl_attr_get_u32(a);
		else if (len == 8)
			memcpy(&h->b.total, mnl_attr_get_payload(a), 8);
		else
			return fail(h->c);
		h->val = true;
		break;
	case A_FEC_HIST_BIN_VAL_PER_LANE:
		if (!len || len % 8 || len / 8 > SNAP_FEC_LANES)
			return fail(h->c);
		h->b.n_lanes = (uint8_t)(len / 8);
		for (i = 0; i < len / 8; i++)
			memcpy(&h->b.lane[i], (const char *)mnl_attr_get_payload(a) + i * 8, 8);
		break;
	}
	return MNL_CB_OK;
}

/* a bin into the netdev's row, its total the counter fec_hist_binN (the
 * kernel's order: ETHTOOL_FEC_HIST_MAX, 64, at most) */
static int fec_hist(struct eth_ctx *c, const struct nlattr *a)
{
	static struct net_name nm[SNAP_FEC_BINS];	/* net_parse's lock */
	struct hist_bin h = { .c = c };
	struct snap_net *n = c->n;
	char name[24];
	unsigned int k = n->n_fec_bins;

	if (net_attr_parse_nested(a, hist_attr, &h) < 0 || c->err)
		return fail(c);
	if (!h.low || !h.high || !h.val || h.b.low > h.b.high)
		return fail(c);
	n->valid |= SNAP_NET_FEC_HIST;
	if (k >= SNAP_FEC_BINS) {
		if (n->fec_bins_more < UINT8_MAX)
			n->fec_bins_more++;
		return MNL_CB_OK;
	}
	n->fec_bin[k] = h.b;
	n->n_fec_bins++;
	snprintf(name, sizeof(name), "fec_hist_bin%u", k);
	c->err = net_push_name(c->s, n, SNAP_SRC_ETHNL, name, strlen(name), &nm[k], h.b.total);
	return c->err ? MNL_CB_ERROR : MNL_CB_OK;
}

/*
 * The answers' plain fields: a u8 or u32 attribute into the netdev's row,
 * with its validity bit (0: none of its own); the nests and the fields
 * that are more than a value are each command's (attr_cb).
 */
static const struct eth_field {
	uint8_t what;	/* enum snap_net_in */
	uint8_t type;	/* MNL_TYPE_U8, MNL_TYPE_U32 */
	uint16_t attr;
	uint16_t off;
	uint32_t bit;
} plain[] = {
#define F(w, a, t, field, b) \
	{ SNAP_NET_##w, MNL_TYPE_##t, ETHTOOL_A_##a, offsetof(struct snap_net, field), b }
	F(PAUSE, PAUSE_AUTONEG, U8, pause_autoneg, SNAP_NET_PAUSE_CFG),
	F(PAUSE, PAUSE_RX, U8, pause_rx, 0),
	F(PAUSE, PAUSE_TX, U8, pause_tx, 0),
	F(FEC, FEC_AUTO, U8, fec_auto, 0),
	F(FEC, FEC_ACTIVE, U32, fec_active, SNAP_NET_FEC_MODE),
	F(LINKSTATE, LINKSTATE_LINK, U8, link, SNAP_NET_LINK),
	F(LINKSTATE, LINKSTATE_EXT_STATE, U8, ext_state, SNAP_NET_EXT_STATE),
	F(LINKSTATE, LINKSTATE_EXT_SUBSTATE, U8, ext_substate, SNAP_NET_SUBSTATE),
	F(LINKMODES, LINKMODES_AUTONEG, U8, autoneg, SNAP_NET_AUTONEG),
	F(LINKMODES, LINKMODES_SPEED, U32, speed, SNAP_NET_SPEED),
	F(LINKMODES, LINKMODES_DUPLEX, U8, duplex, SNAP_NET_DUPLEX),
	F(LINKMODES, LINKMODES_LANES, U32, lanes, SNAP_NET_LANES),
#undef F
};
_Static_assert(ETHTOOL_A_PAUSE_TX < 16 && ETHTOOL_A_FEC_ACTIVE < 16 &&
		       ETHTOOL_A_LINKSTATE_EXT_SUBSTATE < 16 && ETHTOOL_A_LINKMODES_LANES < 16,
	       "plain_field's index holds every attribute of the table");

/* a plain field's attribute read into the row: true (*r its result) */
static bool plain_field(struct eth_ctx *c, const struct nlattr *a, int *r)
{
	/* each command's attributes' entries + 1, made once (net_parse's
	 * lock): a dozen attributes a netdev every sample */
	static uint8_t ix[SNAP_NET_N][16];
	static bool made;
	uint16_t t = mnl_attr_get_type(a);
	size_t i;

	if (!made) {
		for (i = 0; i < sizeof(plain) / sizeof(plain[0]); i++)
			if (plain[i].attr < 16)
				ix[plain[i].what][plain[i].attr] = (uint8_t)(i + 1);
		made = true;
	}
	if (t < 16 && c->what < SNAP_NET_N && ix[c->what][t]) {
		const struct eth_field *f = &plain[ix[c->what][t] - 1];
		char *field = (char *)c->n + f->off;
		uint32_t v;

		if (!is(a, (enum mnl_attr_data_type)f->type)) {
			*r = fail(c);
			return true;
		}
		if (f->type == MNL_TYPE_U8) {
			*(uint8_t *)field = mnl_attr_get_u8(a);
		} else {
			v = mnl_attr_get_u32(a);
			memcpy(field, &v, sizeof(v));
		}
		c->n->valid |= f->bit;
		*r = MNL_CB_OK;
		return true;
	}
	return false;
}

/* the pause and FEC statistics' nests */
static int stats_nest(struct eth_ctx *c, const struct nlattr *a,
		      int (*cb)(const struct nlattr *a, void *data))
{
	if (net_attr_parse_nested(a, cb, c) < 0)
		return fail(c);
	return MNL_CB_OK;
}

/* LINKSTATE_GET's link downs (6.6+): the row's, and a counter */
static int down_cnt(struct eth_ctx *c, const struct nlattr *a)
{
	static struct net_name nm;	/* net_parse's lock */
	struct snap_net *n = c->n;

	if (!is(a, MNL_TYPE_U32))
		return fail(c);
	n->ext_down_cnt = mnl_attr_get_u32(a);
	n->valid |= SNAP_NET_DOWN_CNT;
	c->err = net_push_name(c->s, n, SNAP_SRC_ETHNL, "link_down_events", 64, &nm,
			       n->ext_down_cnt);
	return c->err ? MNL_CB_ERROR : MNL_CB_OK;
}

/*
 * A bitset (net/ethtool/bitset.c) reduced to the two pause modes: compact,
 * VALUE words (bit n in word n / 32, host order), or verbose, BITS of
 * BIT {INDEX, NAME, VALUE}, where with NOMASK each bit listed is set and
 * without it VALUE says so.
 */
struct bits {
	struct eth_ctx *c;
	uint8_t *out;
	bool nomask;
	uint32_t index;
	bool has_index, value;
};

static void pause_bit(struct bits *b, uint32_t index)
{
	if (index == ETHTOOL_LINK_MODE_Pause_BIT)
		*b->out |= SNAP_NET_ADV_PAUSE;
	else if (index == ETHTOOL_LINK_MODE_Asym_Pause_BIT)
		*b->out |= SNAP_NET_ADV_ASYM;
}

static int bit_attr(const struct nlattr *a, void *data)
{
	struct bits *b = data;

	switch (mnl_attr_get_type(a)) {
	case ETHTOOL_A_BITSET_BIT_INDEX:
		if (!is(a, MNL_TYPE_U32))
			return fail(b->c);
		b->index = mnl_attr_get_u32(a);
		b->has_index = true;
		break;
	case ETHTOOL_A_BITSET_BIT_VALUE:
		b->value = true;
		break;
	}
	return MNL_CB_OK;
}

static int bits_attr(const struct nlattr *a, void *data)
{
	struct bits *b = data;

	if (mnl_attr_get_type(a) != ETHTOOL_A_BITSET_BITS_BIT)
		return MNL_CB_OK;
	b->has_index = b->value = false;
	if (net_attr_parse_nested(a, bit_attr, b) < 0 || !b->has_index)
		return fail(b->c);
	if (b->nomask || b->value)
		pause_bit(b, b->index);
	return MNL_CB_OK;
}

static int bitset_attr(const struct nlattr *a, void *data)
{
	struct bits *b = data;
	const unsigned char *v;
	uint32_t w, i;

	switch (mnl_attr_get_type(a)) {
	case ETHTOOL_A_BITSET_VALUE:
		v = mnl_attr_get_payload(a);
		for (i = ETHTOOL_LINK_MODE_Pause_BIT; i <= ETHTOOL_LINK_MODE_Asym_Pause_BIT; i++) {
			if ((i / 32 + 1) * 4 > mnl_attr_get_payload_len(a))
				break;
			memcpy(&w, v + i / 32 * 4, 4);
			if ((w >> (i % 32)) & 1)
				pause_bit(b, i);
		}
		break;
	case ETHTOOL_A_BITSET_BITS:
		if (net_attr_parse_nested(a, bits_attr, b) < 0)
			return fail(b->c);
		break;
	}
	return MNL_CB_OK;
}

/* OURS or PEER: its pause modes into *out */
static int pause_modes(struct eth_ctx *c, const struct nlattr *a, uint8_t *out)
{
	struct bits b = { .c = c, .out = out };
	const struct nlattr *x;

	if (!is(a, MNL_TYPE_NESTED))
		return fail(c);
	/* NOMASK first: it says how a verbose list reads */
	mnl_attr_for_each_nested(x, a)
		if (mnl_attr_get_type(x) == ETHTOOL_A_BITSET_NOMASK)
			b.nomask = true;
	*out = 0;
	if (net_attr_parse_nested(a, bitset_attr, &b) < 0)
		return fail(c);
	return c->err ? MNL_CB_ERROR : MNL_CB_OK;
}

static int attr_cb(const struct nlattr *a, void *data)
{
	struct eth_ctx *c = data;
	uint16_t t = mnl_attr_get_type(a);
	int r;

	if (plain_field(c, a, &r))
		return r;
	switch (c->what) {
	case SNAP_NET_PAUSE:
		return t == ETHTOOL_A_PAUSE_STATS ? stats_nest(c, a, pause_stat) : MNL_CB_OK;
	case SNAP_NET_FEC:
		return t == ETHTOOL_A_FEC_STATS ? stats_nest(c, a, fec_stat) : MNL_CB_OK;
	case SNAP_NET_LINKSTATE:
		return t == A_LINKSTATE_EXT_DOWN_CNT ? down_cnt(c, a) : MNL_CB_OK;
	case SNAP_NET_LINKMODES:
		if (t != ETHTOOL_A_LINKMODES_OURS && t != ETHTOOL_A_LINKMODES_PEER)
			return MNL_CB_OK;
		r = pause_modes(c, a, t == ETHTOOL_A_LINKMODES_OURS ? &c->n->adv_pause :
								       &c->n->lp_pause);
		if (r == MNL_CB_OK)
			c->n->valid |= t == ETHTOOL_A_LINKMODES_OURS ? SNAP_NET_OURS : SNAP_NET_PEER;
		return r;
	}
	return MNL_CB_OK;
}

static int msg_cb(const struct nlmsghdr *nlh, void *data)
{
	struct eth_ctx *c = data;

	return net_genl_reply(nlh, cmds[c->what].reply, attr_cb, c, &c->err, &c->seen);
}

int net_ethtool_parse(struct snapshot *s, struct snap_net *n, unsigned int what,
		      const void *buf, size_t len)
{
	struct eth_ctx c = { .s = s, .n = n, .what = what };
	int ret;

	if (what >= SNAP_NET_N || !cmds[what].cmd)
		return 0;
	ret = net_answer(buf, len, msg_cb, &c, &c.err, &c.seen);
	if (ret || c.err) {
		/* a refused answer keeps no half of its histogram */
		n->valid &= ~(uint32_t)SNAP_NET_FEC_HIST;
		n->n_fec_bins = n->fec_bins_more = 0;
	}
	if (ret)
		return ret;
	n->err[what] = c.err;
	return 0;
}
