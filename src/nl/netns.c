// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A write rdmatop makes only when asked (the others: qpcnt_set.c,
 * qpcnt_bind.c, optcnt_set.c, dev_netns.c): the RDMA subsystem's
 * network-namespace mode (`rdma system set netns shared|exclusive`).
 * Read the mode, do nothing if it matches, set it, read it back.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "netns.h"
#include "nl.h"

/* The current mode: 1 shared, 0 exclusive, or -errno. */
static int read_mode(struct nl_sock *ns, char *msg, size_t msglen)
{
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_SYS_GET, .dev = SNAP_NONE, .port = SNAP_NONE };
	static unsigned char buf[NL_BUF_SIZE];
	struct nl_result res = { 0 };
	struct snapshot s;
	ssize_t n;
	int ret;

	ret = nl_send(ns, &req);
	if (ret)
		return ret;
	n = nl_wait(ns, buf, sizeof(buf));
	if (n < 0)
		return (int)n;
	snap_init(&s);
	ret = nl_parse(&s, &req, buf, (size_t)n, &res);
	if (!ret && !(s.sys.valid & SNAP_SYS_NETNS_MODE))
		ret = -EOPNOTSUPP;	/* kernels before 5.3 have no netns mode */
	if (!ret)
		ret = s.sys.netns_shared ? 1 : 0;
	if (res.msg[0])
		snprintf(msg, msglen, "%s", res.msg);
	snap_free(&s);
	return ret;
}

static int write_mode(struct nl_sock *ns, bool shared, char *msg, size_t msglen)
{
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_SYS_SET, .flags = NLM_F_ACK, .dev = SNAP_NONE,
			       .port = SNAP_NONE };
	unsigned char out[256] = { 0 };	/* libmnl leaves pads as they are */
	static unsigned char buf[NL_BUF_SIZE];
	struct nlmsghdr *nlh;
	struct nl_result res = { 0 };
	struct snapshot s;
	ssize_t n;
	int ret;

	ns->seq = ns->next_seq++;
	nlh = nl_req_build(out, &req, ns->seq);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_NETNS_MODE, shared ? 1 : 0);
	if (mnl_socket_sendto(ns->mnl, nlh, nlh->nlmsg_len) < 0)
		return -errno;
	n = nl_wait(ns, buf, sizeof(buf));
	if (n < 0)
		return (int)n;
	/* the answer is an ACK: NLMSG_ERROR with 0 or the error */
	snap_init(&s);
	ret = nl_parse(&s, &req, buf, (size_t)n, &res);
	if (res.msg[0])
		snprintf(msg, msglen, "%s", res.msg);
	snap_free(&s);
	return ret;
}

int netns_mode_set(bool shared, char *say, size_t saylen)
{
	const char *want = shared ? "shared" : "exclusive";
	char msg[256] = "", msg2[256] = "";
	struct nl_sock ns;
	int ret, mode, after;

	ret = nl_open(&ns, 0);
	if (ret) {
		snprintf(say, saylen, "cannot open NETLINK_RDMA: %s", strerror(-ret));
		return 1;
	}
	mode = read_mode(&ns, msg, sizeof(msg));
	if (mode < 0) {
		snprintf(say, saylen, "cannot read the netns mode: %s%s%s", strerror(-mode),
			msg[0] ? ": " : "", msg);
		nl_close(&ns);
		return 1;
	}
	if (mode == shared) {
		snprintf(say, saylen, "netns mode is already %s: nothing changed", want);
		nl_close(&ns);
		return 0;
	}
	ret = write_mode(&ns, shared, msg, sizeof(msg));
	after = read_mode(&ns, msg2, sizeof(msg2));
	nl_close(&ns);
	if (ret == -EPERM || ret == -EACCES) {
		snprintf(say, saylen, "changing the netns mode needs CAP_NET_ADMIN (run as root); "
			"nothing changed, it is still %s", mode ? "shared" : "exclusive");
		return 1;
	}
	if (ret == -EBUSY) {
		snprintf(say, saylen, "the kernel refused (EBUSY): the netns mode can only change "
			"while no network namespaces other than the initial one exist; it stays %s%s",
			after == 1 ? "shared" : after == 0 ? "exclusive" : "unchanged",
			after < 0 ? " (could not read it back)" : " (read back)");
		return 1;
	}
	if (ret) {
		snprintf(say, saylen, "setting the netns mode failed: %s%s%s", strerror(-ret),
			msg[0] ? ": " : "", msg);
		return 1;
	}
	if (after != shared) {
		snprintf(say, saylen, "the kernel accepted %s, but reading it back says %s", want,
			after == 1 ? "shared" : after == 0 ? "exclusive" : strerror(-after));
		return 1;
	}
	snprintf(say, saylen, "netns mode set to %s (verified: the kernel now reports %s). This is "
		"system-wide.", want, want);
	return 0;
}
