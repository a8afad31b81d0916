// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MODULE_EEPROM_GET as net/ethtool/eeprom.c answers it (6.1), for
 * netshim.c: the request's checks of eeprom_parse_request (OFFSET, LENGTH,
 * PAGE, I2C_ADDRESS required; LENGTH 1..128; a read within one half page),
 * then the bytes from RDMATOP_NET_FIXTURE's file module.NDEV.ADDR.BANK.PAGE
 * (256 bytes, gen_module.c; a read of the lower half is page 0's, as every
 * module's lower page is the same whatever page is selected), or
 * `module.NDEV.err` (an errno: -1 EPERM where the caller lacks
 * CAP_NET_ADMIN, -95 EOPNOTSUPP, -5 EIO with no module), -EINVAL for a page
 * the module lacks, -EOPNOTSUPP where the netdev has no pages at all.  The
 * reply is the header nest and ETHTOOL_A_MODULE_EEPROM_DATA
 * (eeprom_fill_reply).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>

#include "netshim.h"

struct eeq {
	uint32_t off, len;
	int page, bank, addr;
};

static int eeq_cb(const struct nlattr *a, void *data)
{
	struct eeq *q = data;

	switch (mnl_attr_get_type(a)) {
	case ETHTOOL_A_MODULE_EEPROM_OFFSET: q->off = mnl_attr_get_u32(a); break;
	case ETHTOOL_A_MODULE_EEPROM_LENGTH: q->len = mnl_attr_get_u32(a); break;
	case ETHTOOL_A_MODULE_EEPROM_PAGE: q->page = mnl_attr_get_u8(a); break;
	case ETHTOOL_A_MODULE_EEPROM_BANK: q->bank = mnl_attr_get_u8(a); break;
	case ETHTOOL_A_MODULE_EEPROM_I2C_ADDRESS: q->addr = mnl_attr_get_u8(a); break;
	}
	return MNL_CB_OK;
}

static size_t slurp(const char *name, unsigned char *b, size_t cap)
{
	const char *dir = getenv("RDMATOP_NET_FIXTURE");
	char path[512];
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir ? dir : ".", name);
	if (!(f = fopen(path, "rb")))
		return 0;
	n = fread(b, 1, cap, f);
	fclose(f);
	return n;
}

size_t netshim_module(const struct nlmsghdr *req, const char *ndev, uint16_t family,
		      unsigned char *b, size_t cap, int *err)
{
	struct eeq q = { .page = -1, .addr = -1, .len = UINT32_MAX, .off = UINT32_MAX };
	unsigned char page[256];
	char name[96];
	struct nlmsghdr *h;
	struct genlmsghdr *g;
	struct nlattr *n;
	size_t len;

	*err = 0;
	snprintf(name, sizeof(name), "module.%s.err", ndev);
	memset(page, 0, sizeof(page));
	if (slurp(name, page, sizeof(page) - 1)) {
		int e = atoi((char *)page);

		*err = e < 0 ? e : -EIO;
		return 0;
	}
	mnl_attr_parse(req, sizeof(struct genlmsghdr), eeq_cb, &q);
	if (q.page < 0 || q.addr < 0 || q.len == UINT32_MAX || q.off == UINT32_MAX || !q.len ||
	    q.len > 128 || q.off + q.len > 256 || (q.off < 128 && q.off + q.len > 128)) {
		*err = -EINVAL;
		return 0;
	}
	if (q.bank < 0)
		q.bank = 0;
	if (q.off < 128)
		q.page = q.bank = 0;
	snprintf(name, sizeof(name), "module.%s.%02x.%d.%d", ndev, q.addr, q.bank, q.page);
	len = slurp(name, page, sizeof(page));
	if (len < 256 || cap < 512) {
		/* no pages at all: a driver without get_module_eeprom_by_page
		 * (and no legacy op to fall back on) */
		snprintf(name, sizeof(name), "module.%s.50.0.0", ndev);
		*err = slurp(name, page, 1) ? -EINVAL : -EOPNOTSUPP;
		return 0;
	}
	memset(b, 0, 512);
	h = mnl_nlmsg_put_header(b);
	g = mnl_nlmsg_put_extra_header(h, sizeof(*g));
	h->nlmsg_type = family;
	g->cmd = ETHTOOL_MSG_MODULE_EEPROM_GET_REPLY;
	g->version = ETHTOOL_GENL_VERSION;
	n = mnl_attr_nest_start(h, ETHTOOL_A_MODULE_EEPROM_HEADER);
	mnl_attr_put_u32(h, ETHTOOL_A_HEADER_DEV_INDEX, 2);
	mnl_attr_put_strz(h, ETHTOOL_A_HEADER_DEV_NAME, ndev);
	mnl_attr_nest_end(h, n);
	mnl_attr_put(h, ETHTOOL_A_MODULE_EEPROM_DATA, q.len, page + q.off);
	return h->nlmsg_len;
}
