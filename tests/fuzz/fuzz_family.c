// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for net_family_parse (src/net/ethtool.c: the generic
 * netlink controller's answer naming the ethtool family's id).  Two runs
 * an input: its bytes as the answer, where a taken id must be the value of
 * a CTRL_ATTR_FAMILY_ID attribute that an independent walk of the bytes
 * finds in a controller message (and a refusal leaves the id alone); and a
 * well-formed answer built with libmnl around an id and other attributes
 * from the input, whose id must come back exactly (a zero id refused).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>

#include "net.h"
#include "snapgen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* is id the u16 of a FAMILY_ID attribute of a GENL_ID_CTRL message? */
static int id_in(const unsigned char *b, size_t len, uint16_t id)
{
	size_t off = 0;

	while (off + sizeof(struct nlmsghdr) <= len) {
		struct nlmsghdr h;
		size_t a;

		memcpy(&h, b + off, sizeof(h));
		if (h.nlmsg_len < sizeof(h) || h.nlmsg_len > len - off)
			return 0;
		a = off + MNL_NLMSG_HDRLEN + MNL_ALIGN(sizeof(struct genlmsghdr));
		while (h.nlmsg_type == GENL_ID_CTRL && a + 4 <= off + h.nlmsg_len) {
			uint16_t alen, type, v;

			memcpy(&alen, b + a, 2);
			memcpy(&type, b + a + 2, 2);
			if (alen < 4 || alen > off + h.nlmsg_len - a)
				break;
			if ((type & NLA_TYPE_MASK) == CTRL_ATTR_FAMILY_ID && alen >= 6) {
				memcpy(&v, b + a + 4, 2);
				if (v == id)
					return 1;
			}
			a += MNL_ALIGN(alen);
		}
		off += MNL_ALIGN(h.nlmsg_len);
	}
	return 0;
}

static void raw(const uint8_t *data, size_t size)
{
	unsigned char *b = malloc(size + 1);	/* aligned, as a socket's buffer */
	uint16_t id = 0xbeef;
	int ret;

	if (!b)
		return;
	memcpy(b, data, size);
	ret = net_family_parse(b, size, &id);
	if (ret > 0 || (ret < 0 && id != 0xbeef))
		abort();
	if (!ret && (!id || !id_in(b, size, id)))
		abort();
	free(b);
}

static void built(const uint8_t *data, size_t size)
{
	struct fz z = { data, size };
	uint32_t buf[1024];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(nlh, sizeof(*g));
	uint16_t want = (uint16_t)fz_u32(&z), got = 0;
	int n = fz_u8(&z) % 12, i, ret;
	char name[32];

	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_seq = fz_u32(&z);
	g->cmd = CTRL_CMD_NEWFAMILY;
	g->version = 2;
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, "ethtool");
	for (i = 0; i < n; i++) {
		/* any attribute but the id, of up to 31 bytes */
		uint16_t type = 2 + fz_u8(&z) % 12;

		fz_name(&z, name, sizeof(name));
		mnl_attr_put(nlh, type, strlen(name), name);
		if (i == n / 2)
			mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, want);
	}
	if (!n)
		mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, want);
	ret = net_family_parse(buf, nlh->nlmsg_len, &got);
	if (want ? ret || got != want : !ret)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	raw(data, size);
	built(data, size);
	return 0;
}
