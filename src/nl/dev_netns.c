// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Moving an RDMA device into another network namespace (`rdma dev set DEV
 * netns NAME`; the seed guide's step after `rdma system set netns
 * exclusive`): RDMA_NLDEV_CMD_SET with DEV_INDEX and RDMA_NLDEV_NET_NS_FD,
 * a descriptor of the namespace (/run/netns/NAME as ip netns makes it, or
 * /proc/PID/ns/net of a container's process), as iproute2 sends it; then
 * the device must be gone from this namespace's device list.
 *
 * The kernel's checks (nldev_set_doit, ib_device_set_netns_put() in
 * drivers/infiniband/core/device.c, 5.2 to 6.12): CAP_NET_ADMIN
 * (RDMA_NL_ADMIN_PERM, and over the target's user namespace: -EPERM);
 * -EOPNOTSUPP in shared mode, and for a driver without
 * disassociate_ucontext (its user contexts could not be taken away: rxe
 * and siw have none, mlx5 has); -EINVAL for a descriptor that is no
 * network namespace.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "netns.h"
#include "nl.h"
#include "nlset.h"

/* The system's netns mode: 1 shared, 0 exclusive, -errno. */
static int sys_mode(struct nl_sock *ns)
{
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_SYS_GET, .dev = SNAP_NONE, .port = SNAP_NONE };
	struct snapshot s;
	int ret;

	snap_init(&s);
	ret = nlset_ask(ns, &req, &s);
	if (!ret)
		ret = (s.sys.valid & SNAP_SYS_NETNS_MODE) ? s.sys.netns_shared != 0 : -EOPNOTSUPP;
	snap_free(&s);
	return ret;
}

int dev_netns_move(const char *arg, char *say, size_t saylen)
{
	const char *colon = strchr(arg, ':'), *target;
	char dev[SNAP_DEV_NAME_MAX], path[320];
	struct nlset_answer an = { 0 };
	unsigned char msg[128];
	struct nlmsghdr *nlh;
	struct nl_sock ns;
	uint32_t index;
	int ret, fd, shared, still;

	if (!colon || colon == arg || (size_t)(colon - arg) >= sizeof(dev) || !colon[1] ||
	    strchr(colon + 1, '/') || !strcmp(colon + 1, "..") || !strcmp(colon + 1, ".")) {
		snprintf(say, saylen,
			 "--move-netns: DEV:NETNS (a name under /run/netns, or a PID), "
			 "not '%s'",
			 arg);
		return 2;
	}
	memcpy(dev, arg, (size_t)(colon - arg));
	dev[colon - arg] = '\0';
	target = colon + 1;
	ret = nl_open(&ns, 0);
	if (ret) {
		snprintf(say, saylen, "cannot open NETLINK_RDMA: %s", strerror(-ret));
		return 1;
	}
	/* a PID's namespace, else one ip netns made: iproute2's NETNS_RUN_DIR,
	 * /run/netns as Debian builds it (/var/run/netns upstream, the same
	 * directory where /var/run links to /run) */
	if (strspn(target, "0123456789") == strlen(target)) {
		snprintf(path, sizeof(path), "/proc/%s/ns/net", target);
		fd = open(path, O_RDONLY | O_CLOEXEC);
	} else {
		snprintf(path, sizeof(path), "/run/netns/%s", target);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 && errno == ENOENT) {
			snprintf(path, sizeof(path), "/var/run/netns/%s", target);
			fd = open(path, O_RDONLY | O_CLOEXEC);
		}
	}
	if (fd < 0) {
		snprintf(say, saylen, "cannot open the network namespace %s: %s", path,
			 strerror(errno));
		nl_close(&ns);
		return 1;
	}
	if (nlset_find_dev_say(&ns, dev, &index, say, saylen))
		goto fail;
	shared = sys_mode(&ns);
	nlh = nlset_request(&ns, msg, RDMA_NLDEV_CMD_SET);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, index);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_NET_NS_FD, (uint32_t)fd);
	if (nlset_doit_say(&ns, nlh, &an, say, saylen,
			   "moving %s needs CAP_NET_ADMIN, over the target namespace's user "
			   "namespace too (run as root); nothing changed",
			   dev))
		goto fail;
	if (an.err == -EOPNOTSUPP && shared == 1) {
		snprintf(say, saylen,
			 "the kernel refused (EOPNOTSUPP): the RDMA netns mode is shared, "
			 "where every device is in every namespace; switch it first "
			 "(rdmatop --set-netns-mode exclusive, while no other namespace exists); "
			 "nothing changed");
		goto fail;
	}
	if (an.err == -EOPNOTSUPP) {
		snprintf(say, saylen,
			 "the kernel refused (EOPNOTSUPP): the driver of %s cannot take "
			 "its user contexts away (no disassociate_ucontext: Soft-RoCE, siw), so it "
			 "cannot move; nothing changed",
			 dev);
		goto fail;
	}
	if (an.err) {
		snprintf(say, saylen, "moving %s to %s failed: %s%s%s", dev, path,
			 strerror(-an.err), an.msg[0] ? ": " : "", an.msg);
		goto fail;
	}
	close(fd);
	/* read back: the device is no longer in this namespace */
	still = nlset_find_dev(&ns, dev, &index);
	nl_close(&ns);
	if (still != -ENODEV) {
		snprintf(say, saylen, "the kernel accepted it, but %s is still in this namespace%s",
			 dev, still ? " (the device list could not be read)" : "");
		return 1;
	}
	snprintf(say, saylen,
		 "%s moved to the network namespace of %s (verified: it is no longer in this "
		 "one; see it there with: ip netns exec NAME rdma dev, or nsenter -n -t PID)",
		 dev, path);
	return 0;
fail:
	close(fd);
	nl_close(&ns);
	return 1;
}
