// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The steps the controls share (src/nl/qpcnt_bind.c, optcnt_set.c,
 * dev_netns.c): a doit sent with NLM_F_ACK and its answer read (the reply,
 * then the ack or the error with its extended-ack text), a GET or dump
 * parsed into a snapshot, a device's index by name, and whether a bound
 * counter's QP list names a QP.  The answers' parsers are fuzzed
 * (tests/fuzz/fuzz_nlset.c).
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "nl.h"
#include "nlset.h"

static unsigned char rbuf[NL_BUF_SIZE];

static int attr_cb(const struct nlattr *a, void *data)
{
	struct nlset_answer *an = data;

	if (mnl_attr_get_type(a) == RDMA_NLDEV_ATTR_STAT_COUNTER_ID &&
	    mnl_attr_validate(a, MNL_TYPE_U32) >= 0) {
		an->cntn = mnl_attr_get_u32(a);
		an->have_cntn = true;
	}
	return MNL_CB_OK;
}

/* The extended ack's text: the attributes after the request (capped when
 * NLM_F_CAPPED, else the whole request, padded: af_netlink.c netlink_ack()). */
static void ack_text(const struct nlmsghdr *nlh, const struct nlmsgerr *e, struct nlset_answer *an)
{
	const unsigned char *b = (const unsigned char *)e;
	size_t len = nlh->nlmsg_len - NLMSG_HDRLEN, off = sizeof(*e);

	if (!(nlh->nlmsg_flags & NLM_F_CAPPED)) {
		if (e->msg.nlmsg_len < sizeof(e->msg))
			return;
		off += NLMSG_ALIGN((size_t)e->msg.nlmsg_len - sizeof(e->msg));
	}
	while (off <= len && len - off >= sizeof(struct nlattr)) {
		struct nlattr a;

		memcpy(&a, b + off, sizeof(a));
		if (a.nla_len < sizeof(a) || a.nla_len > len - off)
			break;
		if ((a.nla_type & NLA_TYPE_MASK) == NLMSGERR_ATTR_MSG)
			snprintf(an->msg, sizeof(an->msg), "%.*s", (int)(a.nla_len - sizeof(a)),
				 (const char *)(b + off + sizeof(a)));
		off += NLA_ALIGN(a.nla_len);
	}
}

void nlset_read_answer(const unsigned char *b, size_t n, uint32_t seq, struct nlset_answer *an)
{
	size_t off = 0;

	/*
	 * Each message inside the datagram by its own length: mnl_nlmsg_ok()
	 * takes an nlmsg_len of 0xffffffff for -1 and mnl_nlmsg_next() then
	 * stays in place (tests/fuzz/regress/nlset/nlmsg-len-max).
	 */
	while (n - off >= sizeof(struct nlmsghdr)) {
		const struct nlmsghdr *nlh = (const struct nlmsghdr *)(b + off);
		size_t step = ((size_t)nlh->nlmsg_len + 3) & ~(size_t)3;

		if (nlh->nlmsg_len < sizeof(*nlh) || nlh->nlmsg_len > n - off)
			return;
		/* the last message may lack its padding */
		off += step < n - off ? step : n - off;
		if (nlh->nlmsg_seq != seq)
			continue;
		if (nlh->nlmsg_type == NLMSG_ERROR) {
			const struct nlmsgerr *e = mnl_nlmsg_get_payload(nlh);

			if (nlh->nlmsg_len < NLMSG_HDRLEN + sizeof(*e))
				return;
			/* the callers negate it: not a positive one, not
			 * INT_MIN (no errno the kernel sends), as nl_parse */
			an->err = e->error > 0 || e->error == INT_MIN ? -EPROTO : e->error;
			an->done = true;
			ack_text(nlh, e, an);
			return;
		}
		if (RDMA_NL_GET_OP(nlh->nlmsg_type) == RDMA_NLDEV_CMD_STAT_SET)
			mnl_attr_parse(nlh, 0, attr_cb, an);
	}
}

struct nlmsghdr *nlset_request(struct nl_sock *ns, void *buf, uint16_t cmd)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, cmd);
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	nlh->nlmsg_seq = ns->seq = ns->next_seq++;
	return nlh;
}

int nlset_doit(struct nl_sock *ns, const struct nlmsghdr *nlh, struct nlset_answer *an)
{
	if (mnl_socket_sendto(ns->mnl, nlh, nlh->nlmsg_len) < 0)
		return -errno;
	an->sent = true;
	while (!an->done) {
		ssize_t n = nl_wait(ns, rbuf, sizeof(rbuf));

		if (n < 0)
			return (int)n;
		nlset_read_answer(rbuf, (size_t)n, nlh->nlmsg_seq, an);
	}
	return 0;
}

int nlset_doit_say(struct nl_sock *ns, const struct nlmsghdr *nlh, struct nlset_answer *an,
		   char *say, size_t saylen, const char *denied, ...)
{
	int ret = nlset_doit(ns, nlh, an);
	va_list ap;

	if (ret) {
		snprintf(say, saylen, "%s: %s",
			 an->sent ? "no answer from the kernel" : "cannot send the request",
			 strerror(-ret));
		return 1;
	}
	if (an->err == -EPERM || an->err == -EACCES) {
		va_start(ap, denied);
		vsnprintf(say, saylen, denied, ap);
		va_end(ap);
		return 1;
	}
	return 0;
}

int nlset_send_parse(struct nl_sock *ns, const struct nl_req *req, const struct nlmsghdr *nlh,
		     struct snapshot *s, struct nl_result *res)
{
	int ret;

	if (mnl_socket_sendto(ns->mnl, nlh, nlh->nlmsg_len) < 0)
		return -errno;
	do {
		ssize_t n = nl_wait(ns, rbuf, sizeof(rbuf));

		if (n < 0)
			return (int)n;
		/*
		 * An earlier request's datagram: the ack that follows a doit's
		 * reply (STAT_SET answers a message and then, with NLM_F_ACK,
		 * netlink_ack()'s: nldev_stat_set_doit, 6.1 to 7.3), read here
		 * by the next request on the socket.
		 */
		if ((size_t)n >= sizeof(struct nlmsghdr) &&
		    ((const struct nlmsghdr *)rbuf)->nlmsg_seq != nlh->nlmsg_seq) {
			ret = 1;
			continue;
		}
		ret = nl_parse(s, req, rbuf, (size_t)n, res);
	} while (ret == 1);
	return ret;
}

int nlset_ask(struct nl_sock *ns, const struct nl_req *req, struct snapshot *s)
{
	unsigned char out[256] = { 0 }; /* libmnl leaves pads as they are */
	struct nl_result res = { 0 };

	ns->seq = ns->next_seq++;
	return nlset_send_parse(ns, req, nl_req_build(out, req, ns->seq), s, &res);
}

int nlset_find_dev(struct nl_sock *ns, const char *name, uint32_t *index)
{
	struct nl_req req = {
		.cmd = RDMA_NLDEV_CMD_GET, .flags = NLM_F_DUMP, .dev = SNAP_NONE, .port = SNAP_NONE
	};
	struct snapshot s;
	const struct snap_dev *d;
	int ret;

	snap_init(&s);
	ret = nlset_ask(ns, &req, &s);
	d = ret ? NULL : snap_dev_by_name(&s, name);
	if (d)
		*index = d->index;
	else if (!ret)
		ret = -ENODEV;
	snap_free(&s);
	return ret;
}

int nlset_find_dev_say(struct nl_sock *ns, const char *dev, uint32_t *index, char *say,
		       size_t saylen)
{
	int ret = nlset_find_dev(ns, dev, index);

	if (ret) {
		snprintf(say, saylen, "%s: %s", dev,
			 ret == -ENODEV ? "no such RDMA device" : strerror(-ret));
		return 1;
	}
	return 0;
}

int nlset_open_dev(struct nl_sock *ns, const char *dev, uint32_t *index, char *say, size_t saylen)
{
	int ret = nl_open(ns, 0);

	if (ret) {
		snprintf(say, saylen, "cannot open NETLINK_RDMA: %s", strerror(-ret));
		return 1;
	}
	if (nlset_find_dev_say(ns, dev, index, say, saylen)) {
		nl_close(ns);
		return 1;
	}
	return 0;
}

bool nlset_lqpn_listed(const char *list, uint32_t lqpn)
{
	char n[16];
	size_t k;
	const char *p;

	k = (size_t)snprintf(n, sizeof(n), "%u", lqpn);
	for (p = list; (p = strstr(p, n)); p += k)
		if ((p == list || p[-1] == ',') && (!p[k] || p[k] == ','))
			return true;
	return false;
}
