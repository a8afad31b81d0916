// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One long-lived NETLINK_RDMA socket: non-blocking, our own sequence
 * numbers, extended ack on so errors carry the kernel's explanation.
 */
#include <errno.h>
#include <poll.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <linux/netlink.h>

#include "nl.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif

int nl_open(struct nl_sock *ns, unsigned int groups)
{
	int one = 1, fd, flags, err;

	memset(ns, 0, sizeof(*ns));
	ns->mnl = mnl_socket_open2(NETLINK_RDMA, SOCK_CLOEXEC);
	if (!ns->mnl)
		/* EPROTONOSUPPORT: kernel built without CONFIG_INFINIBAND,
		 * or ib_core not loaded */
		return -errno;
	fd = mnl_socket_get_fd(ns->mnl);
	/* best effort: kernels before 4.12 have no extended ack */
	setsockopt(fd, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	setsockopt(fd, SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one));
	if (mnl_socket_bind(ns->mnl, groups, MNL_SOCKET_AUTOPID) < 0) {
		err = -errno;
		nl_close(ns);
		return err;
	}
	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) {
		err = -errno;
		nl_close(ns);
		return err;
	}
	ns->portid = mnl_socket_get_portid(ns->mnl);
	/* start somewhere unlikely to match a stale reply of a previous run */
	ns->next_seq = (uint32_t)random() | 1;
	return 0;
}

void nl_close(struct nl_sock *ns)
{
	if (ns->mnl)
		mnl_socket_close(ns->mnl);
	ns->mnl = NULL;
}

int nl_fd(const struct nl_sock *ns)
{
	return ns->mnl ? mnl_socket_get_fd(ns->mnl) : -1;
}

int nl_send(struct nl_sock *ns, const struct nl_req *req)
{
	/* a request is a header and a few u32 attributes; zeroed: libmnl
	 * does not clear an attribute's pad (the u8 DRIVER_DETAILS's three
	 * bytes went to the kernel uninitialised, valgrind on the shim) */
	char buf[256] = { 0 };
	struct nlmsghdr *nlh;

	ns->seq = ns->next_seq++;
	nlh = nl_req_build(buf, req, ns->seq);
	if (mnl_socket_sendto(ns->mnl, nlh, nlh->nlmsg_len) < 0)
		return -errno;
	return 0;
}

ssize_t nl_recv(struct nl_sock *ns, void *buf, size_t len)
{
	ssize_t n = mnl_socket_recvfrom(ns->mnl, buf, len);

	if (n < 0)
		return errno == EWOULDBLOCK ? -EAGAIN : -errno;
	return n;
}

int nl_rcvbuf_parse(const char *text, int *bytes)
{
	unsigned long long v = 0;
	const char *p = text;

	if (!p || !*p)
		return -EINVAL;
	for (; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (unsigned long long)(*p - '0');
		if (v > INT_MAX)
			return -ERANGE;
	}
	if (*p == 'k' || *p == 'K') {
		v *= 1024;
		p++;
	}
	if (*p || p == text || v < 1 || v > INT_MAX)
		return v > INT_MAX ? -ERANGE : -EINVAL;
	*bytes = (int)v;
	return 0;
}

int nl_set_rcvbuf(struct nl_sock *ns, int bytes)
{
	/* the kernel doubles it and applies its minimum (SOCK_MIN_RCVBUF) */
	if (setsockopt(nl_fd(ns), SOL_SOCKET, SO_RCVBUF, &bytes, sizeof(bytes)) < 0)
		return -errno;
	return 0;
}

/* Wait for a datagram of the request in flight (a few ms; 5 s at most):
 * the one-shot writes (netns.c, qpcnt_set.c) wait so. */
ssize_t nl_wait(struct nl_sock *ns, void *buf, size_t len)
{
	struct pollfd pfd = { .fd = nl_fd(ns), .events = POLLIN };

	for (;;) {
		ssize_t n = nl_recv(ns, buf, len);

		if (n != -EAGAIN)
			return n;
		if (poll(&pfd, 1, 5000) == 0)
			return -ETIMEDOUT;
	}
}
