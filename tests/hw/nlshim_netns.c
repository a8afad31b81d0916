// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The shim's one piece of state: which device an accepted
 * RDMA_NLDEV_CMD_SET with RDMA_NLDEV_NET_NS_FD moved, and where to.  After
 * the move the shim answers as the kernel does (Linux 6.12,
 * drivers/infiniband/core/nldev.c nldev_set_doit() ->
 * ib_device_set_netns_put() in device.c, unchanged since 5.2): the
 * descriptor must be a network namespace (get_net_ns_by_fd(): -EINVAL
 * else); the device's rdma_net becomes the target, and in exclusive mode
 * rdma_dev_access_netns() then hides it from every other namespace:
 * ib_enum_all_devs() skips it in the dumps (nldev_get_dumpit and the
 * others), ib_device_get_by_index(net, index) finds nothing, so a doit
 * naming its index gets -EINVAL; in the target namespace it is the only
 * device of those the fixture holds that is seen.
 *
 * A namespace is its nsfs inode (/proc/self/ns/net), so a later process
 * run under `ip netns exec` sees the target's view.  The moves are kept in
 * memory, and in RDMATOP_HW_NETNS (a file, one "DEV TARGET-INODE" a line)
 * when that is set, so `rdma dev` run after rdmatop reads the same state.
 * RDMATOP_HW_NETNS_TAMPER: the move is acked but nothing changes (a
 * self-test: the reader must notice).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>

#include <linux/netlink.h>
#include <linux/nsfs.h>
#include <rdma/rdma_netlink.h>

#include "nlshim.h"

#define MAX_MOVES 64

static struct move {
	uint32_t dev;
	unsigned long long ino;
} moves[MAX_MOVES];
static size_t nmoves;

static void load(void)
{
	const char *path = getenv("RDMATOP_HW_NETNS");
	unsigned long long ino;
	unsigned int dev;
	FILE *fp;

	if (!path || !(fp = fopen(path, "re")))
		return;
	nmoves = 0;
	while (nmoves < MAX_MOVES && fscanf(fp, "%u %llu", &dev, &ino) == 2) {
		moves[nmoves].dev = dev;
		moves[nmoves++].ino = ino;
	}
	fclose(fp);
}

static unsigned long long self_ns(void)
{
	struct stat st;

	return stat("/proc/self/ns/net", &st) ? 0 : (unsigned long long)st.st_ino;
}

/* the target of dev's last move, 0 when it never moved */
static unsigned long long moved_to(uint32_t dev)
{
	unsigned long long to = 0;

	for (size_t i = 0; i < nmoves; i++)
		if (moves[i].dev == dev)
			to = moves[i].ino;
	return to;
}

int nlshim_netns_hidden(uint32_t dev)
{
	unsigned long long self, to;

	load();
	if (!nmoves)
		return 0;
	self = self_ns();
	to = moved_to(dev);
	if (to)
		return to != self;
	/* a device that never moved stays where the fixture's were */
	for (size_t i = 0; i < nmoves; i++)
		if (moves[i].ino == self)
			return 1;
	return 0;
}

int nlshim_netns_msg_hidden(const unsigned char *msg, size_t len)
{
	const unsigned char *p = msg + NLMSG_HDRLEN, *end = msg + len;

	while (p + NLA_HDRLEN <= end) {
		const struct nlattr *a = (const struct nlattr *)p;

		if (a->nla_len < NLA_HDRLEN || p + a->nla_len > end)
			break;
		if ((a->nla_type & NLA_TYPE_MASK) == RDMA_NLDEV_ATTR_DEV_INDEX &&
		    a->nla_len >= NLA_HDRLEN + 4)
			return nlshim_netns_hidden(*(const uint32_t *)(p + NLA_HDRLEN));
		p += NLA_ALIGN(a->nla_len);
	}
	return 0;
}

/* find a u32 attribute of the request; -1 when absent */
static long long attr_u32(const struct nlmsghdr *req, unsigned int type)
{
	const unsigned char *p = (const unsigned char *)req + NLMSG_HDRLEN;
	const unsigned char *end = (const unsigned char *)req + req->nlmsg_len;

	while (p + NLA_HDRLEN <= end) {
		const struct nlattr *a = (const struct nlattr *)p;

		if (a->nla_len < NLA_HDRLEN || p + a->nla_len > end)
			break;
		if ((a->nla_type & NLA_TYPE_MASK) == type && a->nla_len >= NLA_HDRLEN + 4)
			return *(const uint32_t *)(p + NLA_HDRLEN);
		p += NLA_ALIGN(a->nla_len);
	}
	return -1;
}

int nlshim_netns_set(const struct nlmsghdr *req)
{
	long long dev = attr_u32(req, RDMA_NLDEV_ATTR_DEV_INDEX);
	long long fd = attr_u32(req, RDMA_NLDEV_NET_NS_FD);
	const char *path = getenv("RDMATOP_HW_NETNS");
	struct stat st;
	FILE *fp;

	if (fd < 0)
		return 0;	/* a rename or another SET: no move */
	if (dev < 0 || fstat((int)fd, &st) || ioctl((int)fd, NS_GET_NSTYPE) != CLONE_NEWNET)
		return -EINVAL;
	nlshim_log("RDMATOP_HW_TRACE", "netns dev=%lld to %llu%s", dev,
		   (unsigned long long)st.st_ino,
		   getenv("RDMATOP_HW_NETNS_TAMPER") ? " (tampered: not applied)" : "");
	if (getenv("RDMATOP_HW_NETNS_TAMPER"))
		return 0;
	load();
	if (nmoves < MAX_MOVES) {
		moves[nmoves].dev = (uint32_t)dev;
		moves[nmoves++].ino = (unsigned long long)st.st_ino;
	}
	if (path && (fp = fopen(path, "ae"))) {
		fprintf(fp, "%lld %llu\n", dev, (unsigned long long)st.st_ino);
		fclose(fp);
	}
	return 0;
}
