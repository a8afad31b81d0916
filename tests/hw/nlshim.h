/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The NETLINK_RDMA shim's two halves (tests/hw/nlshim.c): the intercepted
 * calls, and the kernel side (nlshim_kernel.c) that answers requests and
 * sends datagrams as af_netlink.c does.  Built with -fvisibility=hidden:
 * only the intercepted calls are seen by the program.
 */
#ifndef RDMATOP_HW_NLSHIM_H
#define RDMATOP_HW_NLSHIM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/uio.h>

#include <linux/netlink.h>

#include "fixture.h"

#define SHIM_API __attribute__((visibility("default")))

struct dgram {
	struct dgram *next;
	size_t len;
	unsigned char data[];
};

struct fake {
	int used;
	int peer;		/* the other end: holds the readiness byte */
	uint32_t portid;
	uint32_t groups;
	int ext_ack, cap_ack;
	size_t max_recv;
	struct dgram *head, *tail;
	/* the dump in progress */
	const struct fix_rec *dump;
	uint32_t dump_next, dump_seq;
	int dump_err;		/* the errno NLMSG_DONE carries */
	const char *dump_text;
	int token;		/* a byte sits in the pair */
};

extern struct fix nlshim_fixture;
extern ssize_t (*nlshim_real_recv)(int, void *, size_t, int);
extern ssize_t (*nlshim_real_write)(int, const void *, size_t);

void nlshim_log(const char *env, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* a request (one or more messages) sent on fake socket f */
ssize_t nlshim_send(struct fake *f, const void *buf, size_t len);
/* the next datagram for fake socket f on descriptor fd */
ssize_t nlshim_recv(int fd, struct fake *f, const struct iovec *iov, size_t iovcnt, int flags,
		    struct sockaddr *name, socklen_t *namelen, int *msg_flags);

/* the netns move's state (nlshim_netns.c) */
int nlshim_netns_set(const struct nlmsghdr *req);
int nlshim_netns_hidden(uint32_t dev);
int nlshim_netns_msg_hidden(const unsigned char *msg, size_t len);

/* a port's counters with traffic: successive states (nlshim_traffic.c) */
const struct fix_rec *nlshim_traffic(const char *key, const struct fix_rec *r);
/* the QP counter controls applied (nlshim_counters.c) */
const struct fix_rec *nlshim_counters_view(const char *key, const struct fix_rec *r);
void nlshim_counters_apply(const char *key, const struct fix_rec *r);
const struct fix_rec *nlshim_counters_answer(const char *key, const struct fix_rec *r);
/* the optional counters set applied (nlshim_optcnt.c) */
const struct fix_rec *nlshim_optcnt_view(const char *key, const struct fix_rec *r);
void nlshim_optcnt_apply(const char *key, const struct fix_rec *r);

#endif
