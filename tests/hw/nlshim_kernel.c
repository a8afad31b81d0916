// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The shim's kernel side (nlshim.h): a request is keyed and answered from
 * the fixture; the answer is queued as the datagrams net/netlink/
 * af_netlink.c would send (netlink_dump(), netlink_ack()), and a byte in
 * the socket pair keeps the descriptor readable while any is pending.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/netlink.h>

#include "nlshim.h"

/* NLMSG_GOODSIZE on x86_64 with 4 KiB pages: SKB_WITH_OVERHEAD(4096) */
#define GOODSIZE (4096 - 320)
#define DUMP_CAP (32768 - 320)

/* ---- the queue and its readiness byte ---- */

static void token_set(struct fake *f)
{
	char c = 0;

	if (!f->token && nlshim_real_write(f->peer, &c, 1) == 1)
		f->token = 1;
}

static void drain_token(int fd, struct fake *f)
{
	char c;

	if (f->token && !f->head && !f->dump) {
		if (nlshim_real_recv(fd, &c, 1, MSG_DONTWAIT) == 1)
			f->token = 0;
	}
}

static struct dgram *dg_new(size_t cap)
{
	struct dgram *d = calloc(1, sizeof(*d) + cap);

	return d;
}

static void dg_push(struct fake *f, struct dgram *d)
{
	d->next = NULL;
	if (f->tail)
		f->tail->next = d;
	else
		f->head = d;
	f->tail = d;
	token_set(f);
}

static void put_msg(unsigned char *at, const struct fix_msg *m, uint32_t seq, uint32_t portid)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)at;

	memcpy(at, m->data, m->len);
	nlh->nlmsg_seq = seq;
	nlh->nlmsg_pid = portid;
}

/* NLMSG_DONE: the dump's errno, and its message as an ack TLV */
static void push_done(struct fake *f)
{
	const char *text = f->dump_text;
	size_t tlen = text && *text && f->ext_ack ? NLA_ALIGN(NLA_HDRLEN + strlen(text) + 1) : 0;
	struct nlmsghdr *nlh;
	struct dgram *d = dg_new(NLMSG_HDRLEN + 4 + tlen);

	if (!d)
		return;
	nlh = (struct nlmsghdr *)d->data;
	nlh->nlmsg_len = (uint32_t)(NLMSG_HDRLEN + 4 + tlen);
	nlh->nlmsg_type = NLMSG_DONE;
	nlh->nlmsg_flags = NLM_F_MULTI | (tlen ? NLM_F_ACK_TLVS : 0);
	nlh->nlmsg_seq = f->dump_seq;
	nlh->nlmsg_pid = f->portid;
	memcpy(d->data + NLMSG_HDRLEN, &f->dump_err, 4);
	if (tlen) {
		struct nlattr *a = (struct nlattr *)(d->data + NLMSG_HDRLEN + 4);

		a->nla_type = NLMSGERR_ATTR_MSG;
		a->nla_len = (uint16_t)(NLA_HDRLEN + strlen(text) + 1);
		memcpy((unsigned char *)a + NLA_HDRLEN, text, strlen(text) + 1);
	}
	d->len = nlh->nlmsg_len;
	f->dump = NULL;
	dg_push(f, d);
}

/* netlink_dump(): the next dumpit call's datagram, or DONE */
static void dump_step(struct fake *f)
{
	size_t room = f->max_recv > GOODSIZE ? f->max_recv : GOODSIZE, used = 0;
	const struct fix_rec *r = f->dump;
	struct dgram *d;

	if (!r)
		return;
	if (room > DUMP_CAP)
		room = DUMP_CAP;
	if (f->dump_next >= r->nmsgs) {
		push_done(f);
		return;
	}
	d = dg_new(room > r->msgs[f->dump_next].len ? room : r->msgs[f->dump_next].len);
	if (!d)
		return;
	while (f->dump_next < r->nmsgs) {
		const struct fix_msg *m = &r->msgs[f->dump_next];
		size_t l = NLMSG_ALIGN(m->len);

		/* ib_enum_all_devs(): a device moved away is skipped */
		if (nlshim_netns_msg_hidden(m->data, m->len)) {
			f->dump_next++;
			continue;
		}
		if (used && (!(r->flags & FIX_F_PACK) || used + l > room))
			break;
		put_msg(d->data + used, m, f->dump_seq, f->portid);
		used += l;
		f->dump_next++;
	}
	if (!used) {
		free(d);
		push_done(f);
		return;
	}
	d->len = used;
	dg_push(f, d);
}

/* netlink_ack(): an error (or ack) carrying the request */
static void push_error(struct fake *f, const struct nlmsghdr *req, int error, const char *text)
{
	size_t plen = (error == 0 || f->cap_ack) ? NLMSG_HDRLEN : NLMSG_ALIGN(req->nlmsg_len);
	size_t tlen = 0, len;
	struct nlmsghdr *nlh;
	struct nlmsgerr *e;
	struct dgram *d;

	if (error && text && *text && f->ext_ack)
		tlen = NLA_ALIGN(NLA_HDRLEN + strlen(text) + 1);
	len = NLMSG_HDRLEN + sizeof(e->error) + plen + tlen;
	d = dg_new(len);
	if (!d)
		return;
	nlh = (struct nlmsghdr *)d->data;
	nlh->nlmsg_len = (uint32_t)len;
	nlh->nlmsg_type = NLMSG_ERROR;
	nlh->nlmsg_flags = (error == 0 || f->cap_ack) ? NLM_F_CAPPED : 0;
	if (tlen)
		nlh->nlmsg_flags |= NLM_F_ACK_TLVS;
	nlh->nlmsg_seq = req->nlmsg_seq;
	nlh->nlmsg_pid = f->portid;
	e = (struct nlmsgerr *)(d->data + NLMSG_HDRLEN);
	e->error = error;
	memcpy(&e->msg, req, plen);
	if (plen == NLMSG_HDRLEN)
		e->msg.nlmsg_len = req->nlmsg_len;
	if (tlen) {
		struct nlattr *a = (struct nlattr *)((unsigned char *)&e->msg + plen);

		a->nla_type = NLMSGERR_ATTR_MSG;
		a->nla_len = (uint16_t)(NLA_HDRLEN + strlen(text) + 1);
		memcpy((unsigned char *)a + NLA_HDRLEN, text, strlen(text) + 1);
	}
	d->len = len;
	dg_push(f, d);
}

static void answer(struct fake *f, const struct nlmsghdr *req)
{
	char key[FIX_KEY_MAX];
	const struct fix_rec *r;
	int known_dev, moved = 0;

	if (req->nlmsg_len < NLMSG_HDRLEN || !(req->nlmsg_flags & NLM_F_REQUEST))
		return;
	fix_key(req, key, sizeof(key), &known_dev, &nlshim_fixture);
	/* RDMATOP_HW_REQS: each request's bytes after its header's length,
	 * type and flags (sequence and port id are the sender's own), in hex:
	 * two programs' requests compared byte for byte */
	if (getenv("RDMATOP_HW_REQS")) {
		char hex[2 * 512 + 1];
		const unsigned char *b = (const unsigned char *)req;
		size_t n = req->nlmsg_len < 512 ? req->nlmsg_len : 512, k, o = 0;

		for (k = 0; k < n; k++) {
			if (k >= 8 && k < NLMSG_HDRLEN)
				continue;	/* nlmsg_seq, nlmsg_pid */
			o += (size_t)snprintf(hex + o, sizeof(hex) - o, "%02x", b[k]);
		}
		nlshim_log("RDMATOP_HW_REQS", "%s %s", key, hex);
	}
	/* RDMATOP_HW_NO_ADMIN: a reader without CAP_NET_ADMIN.  An op whose
	 * nldev_cb_table entry has RDMA_NL_ADMIN_PERM (the raw dumps, 5.9 to
	 * 7.x) is refused by rdma_nl_rcv_msg() (core/netlink.c) with -EPERM
	 * before any doit or dumpit runs: an NLMSG_ERROR, dump or not */
	if (getenv("RDMATOP_HW_NO_ADMIN") && strstr(key, "_raw ")) {
		nlshim_log("RDMATOP_HW_TRACE", "not permitted %s", key);
		push_error(f, req, -EPERM, NULL);
		return;
	}
	/* RDMATOP_HW_STRICT_DD: a kernel whose every handler parses strictly
	 * and knows no DRIVER_DETAILS (beyond its RDMA_NLDEV_ATTR_MAX), as
	 * 6.1's stat handlers are: nlmsg_parse() refuses the request */
	if (getenv("RDMATOP_HW_STRICT_DD") && strstr(key, " dd=")) {
		static const struct fix_rec strict = { .error = -EINVAL, .text = "Unknown attribute type" };

		nlshim_log("RDMATOP_HW_TRACE", "refused %s", key);
		r = &strict;
	} else if (known_dev && strstr(key, " dev=") &&
		   nlshim_netns_hidden((uint32_t)strtoul(strstr(key, " dev=") + 5, NULL, 10))) {
		/* moved to another namespace: ib_device_get_by_index() fails */
		nlshim_log("RDMATOP_HW_TRACE", "moved away %s", key);
		known_dev = 0;
		moved = 1;
		r = NULL;
	} else {
		r = fix_find(&nlshim_fixture, key);
		nlshim_log("RDMATOP_HW_TRACE", "%s %s", r ? "matched" : "UNMATCHED", key);
		r = nlshim_traffic(key, r);
		r = nlshim_counters_view(key, r);
		r = nlshim_counters_answer(key, r);
		r = nlshim_optcnt_view(key, r);
	}
	if (r && !r->error && !(req->nlmsg_flags & NLM_F_DUMP) && !strncmp(key, "set ", 4)) {
		static struct fix_rec refused = { .error = -EINVAL };
		int err = nlshim_netns_set(req);

		if (err) {
			refused.error = err;
			r = &refused;
		}
	}
	if (r && !r->error && !(req->nlmsg_flags & NLM_F_DUMP)) {
		nlshim_counters_apply(key, r);
		nlshim_optcnt_apply(key, r);
	}
	if (!r || r->error) {
		int err = r ? r->error : known_dev ? -EOPNOTSUPP : -EINVAL;

		if (!r && !moved)
			nlshim_log("RDMATOP_HW_LOG", "UNMATCHED %s", key);
		if (req->nlmsg_flags & NLM_F_DUMP) {
			/* the dumpit failed: netlink_dump() puts its errno in DONE */
			f->dump = NULL;
			f->dump_err = err;
			f->dump_text = r ? r->text : NULL;
			f->dump_seq = req->nlmsg_seq;
			push_done(f);
		} else {
			push_error(f, req, err, r ? r->text : NULL);
		}
		return;
	}
	if (req->nlmsg_flags & NLM_F_DUMP) {
		/* a new dump replaces one the reader gave up on */
		f->dump = r;
		f->dump_next = 0;
		f->dump_err = 0;
		f->dump_text = NULL;
		f->dump_seq = req->nlmsg_seq;
		dump_step(f);
		return;
	}
	for (uint32_t i = 0; i < r->nmsgs; i++) {
		struct dgram *d = dg_new(r->msgs[i].len);

		if (!d)
			return;
		put_msg(d->data, &r->msgs[i], req->nlmsg_seq, f->portid);
		d->len = r->msgs[i].len;
		dg_push(f, d);
	}
	if (req->nlmsg_flags & NLM_F_ACK)
		push_error(f, req, 0, NULL);
}

ssize_t nlshim_send(struct fake *f, const void *buf, size_t len)
{
	const unsigned char *p = buf;
	size_t off = 0;

	while (off + NLMSG_HDRLEN <= len) {
		const struct nlmsghdr *nlh = (const struct nlmsghdr *)(p + off);

		if (nlh->nlmsg_len < NLMSG_HDRLEN || nlh->nlmsg_len > len - off)
			break;
		answer(f, nlh);
		off += NLMSG_ALIGN(nlh->nlmsg_len);
	}
	return (ssize_t)len;
}

ssize_t nlshim_recv(int fd, struct fake *f, const struct iovec *iov, size_t iovcnt, int flags,
			 struct sockaddr *name, socklen_t *namelen, int *msg_flags)
{
	size_t cap = 0, copied = 0, off;
	struct dgram *d = f->head;
	struct sockaddr_nl sa;
	int nonblock = (fcntl(fd, F_GETFL) & O_NONBLOCK) || (flags & MSG_DONTWAIT);

	for (size_t i = 0; i < iovcnt; i++)
		cap += iov[i].iov_len;
	if (!d) {
		/* a kernel socket would block for ever: say so instead */
		if (!nonblock)
			nlshim_log("RDMATOP_HW_LOG", "BLOCKING RECV with nothing pending (portid %u)",
				    f->portid);
		errno = EAGAIN;
		return -1;
	}
	for (size_t i = 0, left = d->len; i < iovcnt && left; i++) {
		size_t n = iov[i].iov_len < left ? iov[i].iov_len : left;

		memcpy(iov[i].iov_base, d->data + copied, n);
		copied += n;
		left -= n;
	}
	if (msg_flags)
		*msg_flags = d->len > cap ? MSG_TRUNC : 0;
	if (name && namelen) {
		memset(&sa, 0, sizeof(sa));
		sa.nl_family = AF_NETLINK;
		off = *namelen < sizeof(sa) ? *namelen : sizeof(sa);
		memcpy(name, &sa, off);
		*namelen = sizeof(sa);
	} else if (namelen) {
		*namelen = 0;
	}
	off = d->len;
	if (!(flags & MSG_PEEK)) {
		f->head = d->next;
		if (!f->head)
			f->tail = NULL;
		free(d);
		/* netlink_recvmsg(): remember the largest buffer, dump on */
		if (cap > f->max_recv)
			f->max_recv = cap > 32768 ? 32768 : cap;
		if (!f->head && f->dump)
			dump_step(f);
		drain_token(fd, f);
	}
	return (ssize_t)((flags & MSG_TRUNC) ? off : copied);
}

