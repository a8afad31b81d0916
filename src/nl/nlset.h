/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The controls' shared netlink steps (src/nl/nlset.c), private to src/nl
 * and its fuzz target. */
#ifndef RDMATOP_NL_NLSET_H
#define RDMATOP_NL_NLSET_H

#include <stdbool.h>
#include <stdint.h>

#include "nl.h"

/* What a doit with NLM_F_ACK answered. */
struct nlset_answer {
	int err; /* the ack's: 0 or -errno */
	bool sent; /* the request went out */
	bool done; /* the ack (or error) seen */
	uint32_t cntn; /* STAT_COUNTER_ID of a STAT_SET reply */
	bool have_cntn;
	char msg[256]; /* the extended ack's text */
};

/* One datagram of the answer to request seq. */
void nlset_read_answer(const unsigned char *b, size_t n, uint32_t seq, struct nlset_answer *an);
/* The header of an NLDEV request cmd that asks for an ack, in buf, with
 * the socket's next sequence number. */
struct nlmsghdr *nlset_request(struct nl_sock *ns, void *buf, uint16_t cmd);
/* Send nlh (its seq set) and read its answer into an: 0, or the -errno of
 * the socket (an->sent says whether the request went out). */
int nlset_doit(struct nl_sock *ns, const struct nlmsghdr *nlh, struct nlset_answer *an);
/* nlset_doit, with the reason in say when the socket failed, or when the
 * kernel refused for want of CAP_NET_ADMIN (-EPERM, -EACCES): then say is
 * `denied` formatted.  0, or 1 (an->err, the kernel's other answers, is
 * left to the caller). */
int nlset_doit_say(struct nl_sock *ns, const struct nlmsghdr *nlh, struct nlset_answer *an,
		   char *say, size_t saylen, const char *denied, ...)
	__attribute__((format(printf, 6, 7)));
/* Send nlh (built for req) and parse every datagram of the answer into s
 * and res: 0 or -errno. */
int nlset_send_parse(struct nl_sock *ns, const struct nl_req *req, const struct nlmsghdr *nlh,
		     struct snapshot *s, struct nl_result *res);
/* A dump or GET into s: 0 or -errno. */
int nlset_ask(struct nl_sock *ns, const struct nl_req *req, struct snapshot *s);
/* The index of device name: 0, -ENODEV, -errno. */
int nlset_find_dev(struct nl_sock *ns, const char *name, uint32_t *index);
/* nlset_find_dev, with the reason in say: 0, or 1. */
int nlset_find_dev_say(struct nl_sock *ns, const char *dev, uint32_t *index, char *say,
		       size_t saylen);
/* Open NETLINK_RDMA into ns and find device dev: 0, or 1 with the reason
 * in say (ns closed). */
int nlset_open_dev(struct nl_sock *ns, const char *dev, uint32_t *index, char *say, size_t saylen);
/* Whether a bound counter's QP list ("289,290", struct snap_qpcnt's
 * lqpns) holds lqpn. */
bool nlset_lqpn_listed(const char *list, uint32_t lqpn);

#endif
