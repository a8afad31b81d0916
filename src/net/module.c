// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A netdev's transceiver module through ethtool netlink's MODULE_EEPROM_GET
 * (5.13+, net/ethtool/eeprom.c): one request per 128-byte half page, named
 * by I2C address, bank, page, offset and length (a read may not cross the
 * half-page boundary; eeprom_parse_request).  The reply carries only the
 * bytes (ETHTOOL_A_MODULE_EEPROM_DATA), so the raw input is each request
 * followed by its answer, in order: a replay knows which page every answer
 * is.  The pages are asked as `ethtool -m` asks them (netlink/module-eeprom.c
 * and its sfpid.c, qsfp.c, cmis.c): the lower page first, then by the map
 * its identifier names.  Privileged: the genetlink op carries
 * GENL_UNS_ADMIN_PERM (-EPERM without CAP_NET_ADMIN).
 */
#include <errno.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "module.h"
#include "net.h"

size_t net_module_req(void *buf, size_t cap, uint16_t family, const char *ndev,
		      const struct net_module_ask *a, uint32_t seq)
{
	struct nlmsghdr *nlh;
	struct nlattr *h;

	if (cap < 128)
		return 0;
	nlh = net_genl_req(buf, 128, family, ETHTOOL_MSG_MODULE_EEPROM_GET, ETHTOOL_GENL_VERSION,
			   seq);
	h = mnl_attr_nest_start(nlh, ETHTOOL_A_MODULE_EEPROM_HEADER);
	mnl_attr_put_strz(nlh, ETHTOOL_A_HEADER_DEV_NAME, ndev);
	mnl_attr_nest_end(nlh, h);
	mnl_attr_put_u32(nlh, ETHTOOL_A_MODULE_EEPROM_OFFSET, a->off);
	mnl_attr_put_u32(nlh, ETHTOOL_A_MODULE_EEPROM_LENGTH, a->len);
	mnl_attr_put_u8(nlh, ETHTOOL_A_MODULE_EEPROM_PAGE, a->page);
	mnl_attr_put_u8(nlh, ETHTOOL_A_MODULE_EEPROM_BANK, a->bank);
	mnl_attr_put_u8(nlh, ETHTOOL_A_MODULE_EEPROM_I2C_ADDRESS, a->addr);
	return nlh->nlmsg_len;
}

struct mod_ctx {
	struct mod_pages *pg;
	struct net_module_ask ask;
	const uint8_t *data;
	size_t data_len;
	uint16_t got; /* attributes of the request seen: 1 << type */
	int err;
};

static int req_attr(const struct nlattr *a, void *data)
{
	struct mod_ctx *c = data;
	uint16_t t = mnl_attr_get_type(a);

	switch (t) {
	case ETHTOOL_A_MODULE_EEPROM_OFFSET:
	case ETHTOOL_A_MODULE_EEPROM_LENGTH:
		if (mnl_attr_validate(a, MNL_TYPE_U32) < 0)
			return MNL_CB_ERROR;
		if (t == ETHTOOL_A_MODULE_EEPROM_OFFSET)
			c->ask.off = mnl_attr_get_u32(a);
		else
			c->ask.len = mnl_attr_get_u32(a);
		break;
	case ETHTOOL_A_MODULE_EEPROM_PAGE:
	case ETHTOOL_A_MODULE_EEPROM_BANK:
	case ETHTOOL_A_MODULE_EEPROM_I2C_ADDRESS:
		if (mnl_attr_validate(a, MNL_TYPE_U8) < 0)
			return MNL_CB_ERROR;
		if (t == ETHTOOL_A_MODULE_EEPROM_PAGE)
			c->ask.page = mnl_attr_get_u8(a);
		else if (t == ETHTOOL_A_MODULE_EEPROM_BANK)
			c->ask.bank = mnl_attr_get_u8(a);
		else
			c->ask.addr = mnl_attr_get_u8(a);
		break;
	case ETHTOOL_A_MODULE_EEPROM_DATA:
		c->data = mnl_attr_get_payload(a);
		c->data_len = mnl_attr_get_payload_len(a);
		break;
	default:
		return MNL_CB_OK;
	}
	if (t < 16)
		c->got |= (uint16_t)(1u << t);
	return MNL_CB_OK;
}

#define REQ_NEED                                                                       \
	(1u << ETHTOOL_A_MODULE_EEPROM_OFFSET | 1u << ETHTOOL_A_MODULE_EEPROM_LENGTH | \
	 1u << ETHTOOL_A_MODULE_EEPROM_PAGE | 1u << ETHTOOL_A_MODULE_EEPROM_I2C_ADDRESS)

/* a request (NLM_F_REQUEST) names the page; its reply's data goes there */
static int msg(const struct nlmsghdr *nlh, struct mod_ctx *c)
{
	const struct genlmsghdr *g;

	if (nlh->nlmsg_type == NLMSG_ERROR || nlh->nlmsg_type == NLMSG_DONE) {
		c->got = 0; /* a page the module or driver refused: left out */
		return 0;
	}
	if (nlh->nlmsg_type < NLMSG_MIN_TYPE)
		return 0;
	if (!(g = net_payload(nlh, sizeof(*g), &c->err)))
		return -EBADMSG;
	if (nlh->nlmsg_flags & NLM_F_REQUEST) {
		if (g->cmd != ETHTOOL_MSG_MODULE_EEPROM_GET)
			return -EBADMSG;
		memset(&c->ask, 0, sizeof(c->ask));
		c->got = 0;
		if (net_attr_parse(nlh, sizeof(*g), req_attr, c) < 0)
			return -EBADMSG;
		if ((c->got & REQ_NEED) != REQ_NEED)
			return -EBADMSG;
		return 0;
	}
	if (g->cmd != ETHTOOL_MSG_MODULE_EEPROM_GET_REPLY)
		return -EBADMSG;
	if ((c->got & REQ_NEED) != REQ_NEED)
		return -EBADMSG; /* an answer with no request before it */
	c->data = NULL;
	c->got &= (uint16_t) ~(1u << ETHTOOL_A_MODULE_EEPROM_DATA);
	if (net_attr_parse(nlh, sizeof(*g), req_attr, c) < 0 || !c->data)
		return -EBADMSG;
	/* the kernel answers exactly the length asked (eeprom_fill_reply) */
	if (c->data_len != c->ask.len || c->ask.off > 255 || c->ask.addr > 0x7f)
		return -EBADMSG;
	if (mod_put(c->pg, c->ask.addr, c->ask.bank, c->ask.page, c->ask.off, c->data,
		    c->data_len) == -EINVAL)
		return -EBADMSG;
	c->got = 0;
	return 0;
}

int net_module_pages(const void *buf, size_t len, struct mod_pages *pg)
{
	struct mod_ctx c = { .pg = pg };
	const struct nlmsghdr *nlh = buf;
	int left = (int)len, ret;

	memset(pg, 0, sizeof(*pg));
	if (!net_msgs_ok(buf, len) || len > INT32_MAX)
		return -EBADMSG;
	while (mnl_nlmsg_ok(nlh, left)) {
		if ((ret = msg(nlh, &c)))
			return ret;
		nlh = mnl_nlmsg_next(nlh, &left);
	}
	return 0;
}

int net_module_parse(struct snapshot *s, struct snap_net *n, const void *buf, size_t len)
{
	struct mod_pages pg;
	int ret;

	(void)s;
	if ((ret = net_module_pages(buf, len, &pg)))
		return ret;
	ret = mod_decode(&pg, &n->mod);
	if (ret) {
		n->err[SNAP_NET_MODULE] = ret;
		return 0;
	}
	n->valid |= SNAP_NET_MOD;
	return 0;
}

/*
 * The next half page to ask after the pages read so far: false when
 * complete.  The lower page, then by identifier: SFF-8636 upper 00h and
 * (paged memory) 03h; CMIS upper 00h and (paged) 01h, 02h and bank 0's
 * 11h; SFF-8472 A2h's lower 128 bytes where A0h byte 92 bit 6 says the
 * diagnostics are implemented.
 */
bool net_module_next(const struct mod_pages *pg, struct net_module_ask *a)
{
	static const uint8_t cmis_pages[] = { 0, 1, 2, 0x11 };
	uint8_t id, v = 0;
	size_t i;

	memset(a, 0, sizeof(*a));
	a->addr = 0x50;
	a->len = 128;
	if (!mod_byte(pg, 0x50, 0, 0, 0, &id))
		return true; /* the lower page */
	a->off = 128;
	switch (mod_map_of(id)) {
	case MOD_MAP_SFF8636:
		if (!mod_byte(pg, 0x50, 0, 0, 128, &v))
			return true;
		mod_byte(pg, 0x50, 0, 0, 2, &v);
		if (v & 0x04)
			return false; /* flat memory: no page 03h */
		a->page = 3;
		return !mod_byte(pg, 0x50, 0, 3, 128, &v);
	case MOD_MAP_CMIS:
		mod_byte(pg, 0x50, 0, 0, 2, &v);
		for (i = 0; i < sizeof(cmis_pages); i++) {
			if (i && v & 0x80)
				return false; /* flat memory: upper 00h alone */
			a->page = cmis_pages[i];
			if (!mod_byte(pg, 0x50, 0, a->page, 128, &id))
				return true;
		}
		return false;
	case MOD_MAP_SFF8472:
		mod_byte(pg, 0x50, 0, 0, 92, &v);
		if (!(v & 0x40))
			return false;
		a->addr = 0x51;
		a->off = 0;
		return !mod_byte(pg, 0x51, 0, 0, 0, &v);
	default:
		return false;
	}
}

const char *net_module_why(int err)
{
	switch (err) {
	case -EPERM:
	case -EACCES:
		return "not permitted (MODULE_EEPROM_GET needs CAP_NET_ADMIN)";
	case -EOPNOTSUPP:
		return "the driver cannot read module EEPROM, or no MODULE_EEPROM_GET (5.13+)";
	case -EIO:
	case -ENXIO:
	case -EREMOTEIO:
	case -ETIMEDOUT:
		/* mlx5 answers -EIO where MCIA finds no module (mlx5_query_mcia) */
		return "no module plugged, or it does not answer";
	case -EPROTO:
		return "a module identifier no decoder here knows";
	default:
		return net_why(err);
	}
}
