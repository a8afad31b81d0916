/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A hardware-shaped fixture: the kernel's answers to NETLINK_RDMA requests,
 * keyed by what nldev.c's handlers read from a request.
 *
 * File (netlink.fix, host byte order):
 *   "RDHWFIX1"
 *   records: u16 keylen, key; s32 error; u32 flags; u16 textlen, text;
 *            u32 nmsgs, then nmsgs x (u32 len, len bytes of nlmsghdr+payload)
 * error != 0: the request is refused with that errno (and the extended ack
 * text): a doit with NLMSG_ERROR, a dump with NLMSG_DONE carrying it (the
 * dump callback failed); else the messages are the answer (a dump's, one
 * datagram each, as one dumpit call fills one message, or packed when
 * FIX_F_PACK says one call fills several; NLMSG_DONE is added by the
 * reader; a doit's reply, an ack is added when asked for).
 *
 * Key: "CMD[ dump][ ATTR=VALUE...]" with CMD the nldev command's name and
 * the request attributes the kernel's handlers look at, in attribute
 * order (fix_key()).  index.txt beside the file lists every key.
 */
#ifndef RDMATOP_HW_FIXTURE_H
#define RDMATOP_HW_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include <linux/netlink.h>

#define FIX_MAGIC "RDHWFIX1"
#define FIX_KEY_MAX 256
/* one dumpit call fills several messages (nldev_port_get_dumpit) */
#define FIX_F_PACK 1u

struct fix_msg {
	uint32_t len;
	const unsigned char *data;
};

struct fix_rec {
	char key[FIX_KEY_MAX];
	int error;
	uint32_t flags;
	char text[256];
	uint32_t nmsgs;
	struct fix_msg *msgs;
};

struct fix {
	unsigned char *buf;
	size_t nrec;
	struct fix_rec *recs;
	uint32_t devs[64];	/* device indexes that have a record */
	size_t ndevs;
};

int fix_load(struct fix *f, const char *path, char *err, size_t errlen);
const struct fix_rec *fix_find(const struct fix *f, const char *key);
/* The key of request nlh; *known_dev: 0 when it names a device index the
 * fixture has no record of. */
void fix_key(const struct nlmsghdr *nlh, char *key, size_t len, int *known_dev, const struct fix *f);
const char *fix_cmd_name(unsigned int cmd);

#endif
