// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel side of the live source, scripted by the fuzz input
 * (kshim.h): libmnl's sockets and poll; the ioctls are kshim_ioctl.c's.
 * What it models, after the kernel: a datagram larger than the receive
 * buffer is dropped with MSG_TRUNC (libmnl: ENOSPC); answers left unread
 * stay queued behind the next request's; notifications carry sequence
 * number and port id 0.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <rdma/rdma_netlink.h>
#include <sanitizer/asan_interface.h>

#include "kshim.h"
#include "snapshot.h"

/* a sample that calls the kernel more often than this does not end */
#define CALLS_MAX 200000
#define SOCKS_MAX 8

struct ev {
	int err; /* the receive fails so (0: the datagram) */
	bool stall, pollerr; /* after EAGAIN: the poll times out, fails */
	uint8_t *dg;
	size_t len;
};

struct fsock {
	int fd, proto;
	unsigned int groups;
	uint32_t portid, seq;
	uint8_t key; /* of the request last sent */
	struct ev *q;
	size_t head, n, cap;
	bool stall, pollerr, fresh;
	uint8_t *last; /* the datagram received last */
	size_t last_len;
};

static struct kshim_rec *recs;
static size_t nrec;
static struct fsock *socks[SOCKS_MAX];
static unsigned long calls;

/* the errors of a record's KS_ERR bits, by what it answers */
static const int recv_errs[8] = { 0, EAGAIN, EAGAIN, EINTR, ENOBUFS, EIO, EAGAIN, ENOSPC };
static const int open_errs[8] = { 0,	   EPROTONOSUPPORT, EACCES, EMFILE,
				  ENOBUFS, EAFNOSUPPORT,    EPERM,  ENOMEM };

int __real_poll(struct pollfd *fds, nfds_t n, int timeout);
size_t __real_net_dcb_req(void *buf, size_t cap, const char *ndev, uint32_t seq);
size_t __real_net_family_req(void *buf, size_t cap, uint32_t seq);
size_t __real_net_ethtool_req(void *buf, size_t cap, uint16_t family, unsigned int what,
			      const char *ndev, uint32_t seq);
size_t __real_net_stats_req(void *buf, size_t cap, uint16_t family, const char *ndev,
			    uint32_t groups, uint32_t seq);
struct net_module_ask;
size_t __real_net_module_req(void *buf, size_t cap, uint16_t family, const char *ndev,
			     const struct net_module_ask *a, uint32_t seq);

void kshim_count_call(void)
{
	if (++calls > CALLS_MAX) {
		fprintf(stderr, "kshim: %d calls into the kernel in one input: no end\n",
			CALLS_MAX);
		abort();
	}
}

void kshim_start(const uint8_t *data, size_t size)
{
	size_t off = 0;

	free(recs);
	recs = calloc(size / 4 + 1, sizeof(*recs));
	if (!recs)
		abort();
	nrec = 0;
	while (off + 4 <= size) {
		struct kshim_rec *r = &recs[nrec++];
		size_t len = data[off + 2] | (size_t)data[off + 3] << 8;

		r->key = data[off];
		r->flags = data[off + 1];
		off += 4;
		r->p = data + off;
		r->len = len < size - off ? len : size - off;
		off += r->len;
	}
	calls = 0;
	kshim_ioctl_start();
}

void kshim_sample(int i)
{
	size_t k;

	(void)i;
	for (k = 0; k < SOCKS_MAX; k++)
		if (socks[k])
			socks[k]->fresh = true;
}

static void push(struct fsock *s, struct ev e)
{
	if (s->head + s->n == s->cap) {
		if (s->head) {
			memmove(s->q, s->q + s->head, s->n * sizeof(*s->q));
			s->head = 0;
		} else {
			s->cap = s->cap ? s->cap * 2 : 16;
			s->q = realloc(s->q, s->cap * sizeof(*s->q));
			if (!s->q)
				abort();
		}
	}
	s->q[s->head + s->n++] = e;
}

/* one datagram of len bytes at p, its messages stamped with seq and pid */
static void push_dg(struct fsock *s, const uint8_t *p, size_t len, bool stamp, uint32_t seq,
		    uint32_t pid)
{
	struct ev e = { .len = len };
	size_t off = 0;

	e.dg = malloc(len ? len : 1);
	if (!e.dg)
		abort();
	memcpy(e.dg, p, len);
	while (stamp && off + sizeof(struct nlmsghdr) <= len) {
		struct nlmsghdr h;

		memcpy(&h, e.dg + off, sizeof(h));
		h.nlmsg_seq = seq;
		h.nlmsg_pid = pid;
		memcpy(e.dg + off, &h, sizeof(h));
		if (h.nlmsg_len < sizeof(h) || h.nlmsg_len > len - off)
			break;
		off += NLMSG_ALIGN(h.nlmsg_len);
	}
	push(s, e);
}

/* record r as datagrams of s's queue */
static void push_rec(struct fsock *s, const struct kshim_rec *r)
{
	int code = (r->flags & KS_ERR) >> KS_ERR_SHIFT;
	uint32_t seq = s->groups ? 0 : s->seq - !!(r->flags & KS_STALE);
	uint32_t pid = s->groups ? 0 : s->portid;
	bool stamp = !(r->flags & KS_RAW);
	size_t off = 0;

	if (code) {
		struct ev e = { .err = recv_errs[code], .stall = code == 2, .pollerr = code == 6 };

		push(s, e);
		if (code == 7) /* the datagram was the one truncated */
			return;
	}
	if (r->flags & KS_NODATA)
		return;
	if (!(r->flags & KS_SPLIT)) {
		push_dg(s, r->p, r->len, stamp, seq, pid);
		return;
	}
	while (off < r->len) {
		size_t ml = r->len - off;

		if (ml >= sizeof(struct nlmsghdr)) {
			struct nlmsghdr h;

			memcpy(&h, r->p + off, sizeof(h));
			if (h.nlmsg_len >= sizeof(h) && NLMSG_ALIGN(h.nlmsg_len) < ml)
				ml = NLMSG_ALIGN(h.nlmsg_len);
		}
		push_dg(s, r->p + off, ml, stamp, seq, pid);
		off += ml;
	}
}

struct kshim_rec *kshim_take(uint8_t key)
{
	size_t i;

	for (i = 0; i < nrec; i++)
		if (!recs[i].used && recs[i].key == key) {
			recs[i].used = true;
			return &recs[i];
		}
	return NULL;
}

/* The answer to a request of key (or a drain of notifications): its
 * records, or what a kernel says to a request it has nothing for. */
static void answer(struct fsock *s, const struct nlmsghdr *req)
{
	struct kshim_rec *r = kshim_take(s->key);
	struct {
		struct nlmsghdr h;
		struct nlmsgerr e;
	} m;

	if (r) {
		do
			push_rec(s, r);
		while ((r->flags & KS_MORE) && (r = kshim_take(s->key)));
		return;
	}
	if (!req)
		return;
	memset(&m, 0, sizeof(m));
	m.h.nlmsg_len = sizeof(m);
	m.h.nlmsg_type = NLMSG_ERROR;
	m.e.error = -EOPNOTSUPP;
	m.e.msg = *req;
	if (s->proto == NETLINK_RDMA && (req->nlmsg_flags & NLM_F_DUMP) == NLM_F_DUMP) {
		m.h.nlmsg_len = sizeof(m.h) + sizeof(int);
		m.h.nlmsg_type = NLMSG_DONE;
		m.h.nlmsg_flags = NLM_F_MULTI;
		m.e.error = 0;
	}
	push_dg(s, (const uint8_t *)&m, m.h.nlmsg_len, true, s->seq, s->portid);
}

/* the error of the next socket opened, from a KS_KEY_OPEN record */
int kshim_open_err(void)
{
	struct kshim_rec *r = kshim_take(KS_KEY_OPEN);

	return r ? open_errs[(r->flags & KS_ERR) >> KS_ERR_SHIFT] : 0;
}

struct mnl_socket *__wrap_mnl_socket_open2(int bus, int flags)
{
	struct fsock *s;
	int err = kshim_open_err(), k;

	(void)flags;
	kshim_count_call();
	for (k = 0; k < SOCKS_MAX && socks[k]; k++)
		;
	if (!err && k == SOCKS_MAX)
		err = EMFILE;
	if (err) {
		errno = err;
		return NULL;
	}
	s = calloc(1, sizeof(*s));
	if (!s)
		abort();
	s->fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (s->fd < 0)
		abort();
	s->proto = bus;
	s->portid = 4242 + (uint32_t)k;
	socks[k] = s;
	return (struct mnl_socket *)s;
}

int __wrap_mnl_socket_bind(struct mnl_socket *nl, unsigned int groups, pid_t pid)
{
	(void)pid;
	((struct fsock *)nl)->groups = groups;
	((struct fsock *)nl)->fresh = true;
	return 0;
}

int __wrap_mnl_socket_close(struct mnl_socket *nl)
{
	struct fsock *s = (struct fsock *)nl;
	size_t k;

	for (k = 0; k < SOCKS_MAX; k++)
		if (socks[k] == s)
			socks[k] = NULL;
	for (k = s->head; k < s->head + s->n; k++)
		free(s->q[k].dg);
	free(s->q);
	free(s->last);
	close(s->fd);
	free(s);
	return 0;
}

int __wrap_mnl_socket_get_fd(const struct mnl_socket *nl)
{
	return ((const struct fsock *)nl)->fd;
}

unsigned int __wrap_mnl_socket_get_portid(const struct mnl_socket *nl)
{
	return ((const struct fsock *)nl)->portid;
}

int __wrap_mnl_socket_setsockopt(const struct mnl_socket *nl, int type, void *buf, socklen_t len)
{
	(void)nl, (void)type, (void)buf, (void)len;
	return 0;
}

ssize_t __wrap_mnl_socket_sendto(const struct mnl_socket *nl, const void *buf, size_t len)
{
	struct fsock *s = (struct fsock *)nl;
	struct nlmsghdr h;

	kshim_count_call();
	if (len < sizeof(h) + (s->proto == NETLINK_GENERIC ? 4 : 0)) {
		fprintf(stderr, "kshim: a request of %zu bytes\n", len);
		abort();
	}
	memcpy(&h, buf, sizeof(h));
	if (h.nlmsg_len != len || !(h.nlmsg_flags & NLM_F_REQUEST)) {
		fprintf(stderr, "kshim: a request of %zu bytes says %u, flags %#x\n", len,
			h.nlmsg_len, h.nlmsg_flags);
		abort();
	}
	s->seq = h.nlmsg_seq;
	if (s->proto == NETLINK_RDMA)
		s->key = RDMA_NL_GET_OP(h.nlmsg_type) & 0x3f;
	else if (s->proto == NETLINK_ROUTE)
		s->key = KS_KEY_DCB;
	else if (h.nlmsg_type == GENL_ID_CTRL)
		s->key = KS_KEY_FAMILY;
	else
		s->key = KS_KEY_GENL | (((const uint8_t *)buf)[sizeof(h)] & 0x3f);
	answer(s, &h);
	return (ssize_t)len;
}

ssize_t __wrap_mnl_socket_recvfrom(const struct mnl_socket *nl, void *buf, size_t len)
{
	struct fsock *s = (struct fsock *)nl;
	struct ev e;

	kshim_count_call();
	ASAN_UNPOISON_MEMORY_REGION(buf, len);
	if (s->groups && !s->n && s->fresh) {
		s->key = KS_KEY_MON;
		answer(s, NULL);
		s->fresh = false;
	}
	if (!s->n) {
		errno = EAGAIN;
		return -1;
	}
	e = s->q[s->head++];
	s->n--;
	if (e.err) {
		s->stall = e.stall;
		s->pollerr = e.pollerr;
		errno = e.err;
		return -1;
	}
	if (e.len > len) {
		free(e.dg);
		errno = ENOSPC; /* MSG_TRUNC */
		return -1;
	}
	memcpy(buf, e.dg, e.len);
	free(s->last);
	s->last = e.dg;
	s->last_len = e.len;
	/* what follows the datagram is not the caller's to read */
	ASAN_POISON_MEMORY_REGION((uint8_t *)buf + e.len, len - e.len);
	return (ssize_t)e.len;
}

/* a buffer written again: a request built where an answer was */
#define UNPOISONED(name, buf, cap, ...)                      \
	do {                                                 \
		ASAN_UNPOISON_MEMORY_REGION(buf, cap);       \
		return __real_##name(buf, cap, __VA_ARGS__); \
	} while (0)

size_t __wrap_net_dcb_req(void *buf, size_t cap, const char *ndev, uint32_t seq)
{
	UNPOISONED(net_dcb_req, buf, cap, ndev, seq);
}

size_t __wrap_net_family_req(void *buf, size_t cap, uint32_t seq)
{
	UNPOISONED(net_family_req, buf, cap, seq);
}

size_t __wrap_net_ethtool_req(void *buf, size_t cap, uint16_t family, unsigned int what,
			      const char *ndev, uint32_t seq)
{
	UNPOISONED(net_ethtool_req, buf, cap, family, what, ndev, seq);
}

size_t __wrap_net_stats_req(void *buf, size_t cap, uint16_t family, const char *ndev,
			    uint32_t groups, uint32_t seq)
{
	UNPOISONED(net_stats_req, buf, cap, family, ndev, groups, seq);
}

size_t __wrap_net_module_req(void *buf, size_t cap, uint16_t family, const char *ndev,
			     const struct net_module_ask *a, uint32_t seq)
{
	UNPOISONED(net_module_req, buf, cap, family, ndev, a, seq);
}

static struct fsock *sock_of(int fd)
{
	size_t k;

	for (k = 0; k < SOCKS_MAX; k++)
		if (socks[k] && socks[k]->fd == fd)
			return socks[k];
	return NULL;
}

int __wrap_poll(struct pollfd *fds, nfds_t n, int timeout)
{
	struct fsock *s = n == 1 ? sock_of(fds[0].fd) : NULL;

	if (!s)
		return __real_poll(fds, n, timeout);
	kshim_count_call();
	fds[0].revents = 0;
	if (s->pollerr) {
		s->pollerr = false;
		errno = EINTR;
		return -1;
	}
	if (s->stall || !s->n) {
		s->stall = false;
		return 0;
	}
	fds[0].revents = POLLIN;
	return 1;
}

static struct fsock *sock_proto(int proto, bool mon)
{
	size_t k;

	for (k = 0; k < SOCKS_MAX; k++)
		if (socks[k] && socks[k]->proto == proto && !!socks[k]->groups == mon)
			return socks[k];
	return NULL;
}

static void same_bytes(const char *what, const struct fsock *s, const void *buf, size_t len)
{
	if (!s || !s->last || s->last_len != len || (len && memcmp(s->last, buf, len))) {
		fprintf(stderr, "kshim: %s: %zu bytes fed that are not the %zu just received\n",
			what, len, s && s->last ? s->last_len : 0);
		abort();
	}
}

void kshim_check_nl(uint16_t cmd, const void *buf, size_t len)
{
	const struct fsock *s = sock_proto(NETLINK_RDMA, cmd == RDMA_NLDEV_CMD_MONITOR);

	same_bytes("an NLDEV answer", s, buf, len);
	if (cmd != RDMA_NLDEV_CMD_MONITOR && (cmd & 0x3f) != s->key) {
		fprintf(stderr, "kshim: an answer to command %u recorded as one to %u\n", s->key,
			cmd);
		abort();
	}
}

void kshim_check_net(unsigned int what, const char *ndev, int err, const void *buf, size_t len)
{
	if (err)
		return;
	switch (what) {
	case SNAP_NET_DCB:
		same_bytes("a DCB answer", sock_proto(NETLINK_ROUTE, false), buf, len);
		break;
	case SNAP_NET_PAUSE:
	case SNAP_NET_FEC:
	case SNAP_NET_LINKSTATE:
	case SNAP_NET_LINKMODES:
	case SNAP_NET_STATS:
		same_bytes("an ethtool answer", sock_proto(NETLINK_GENERIC, false), buf, len);
		break;
	case SNAP_NET_DRV:
		kshim_check_drv(ndev, buf, len);
		break;
	}
}

void kshim_end(void)
{
	size_t k;

	for (k = 0; k < SOCKS_MAX; k++)
		if (socks[k]) {
			fprintf(stderr, "kshim: a socket left open\n");
			abort();
		}
	kshim_ioctl_end();
}
