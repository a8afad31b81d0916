// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nlshim: an LD_PRELOAD library that gives an unmodified program a
 * NETLINK_RDMA socket answered from a fixture (tests/hw/fixture.h), so
 * iproute2's `rdma` and rdmatop read the very same kernel bytes by the
 * path they use on a real host (libmnl: socket, bind, getsockname,
 * setsockopt, sendto, recvmsg, poll/epoll on the descriptor).
 *
 * The descriptor handed back is one end of an AF_UNIX datagram socketpair;
 * the shim keeps the answers queued itself and holds one byte in the pair
 * while any is pending, so poll, select and epoll see the descriptor
 * readable exactly when a kernel socket would be.  Datagrams are sent as
 * net/netlink/af_netlink.c's netlink_dump() sends them: one per dumpit
 * call (one message for nldev's dumps; the port dump's messages fill a
 * buffer of max(largest receive seen, NLMSG_GOODSIZE) bytes, capped at
 * 32 KiB), NLMSG_DONE in a datagram of its own, carrying the dump's
 * errno when the dumpit failed; a doit answer is one datagram, followed
 * by an ack when the request asked for one, or an NLMSG_ERROR.
 * Sequence numbers and port ids are the requester's.
 *
 * Environment:
 *   RDMATOP_HW_FIXTURE  the fixture file (netlink.fix)
 *   RDMATOP_HW_LOG      unmatched requests are appended here, one a line
 *   RDMATOP_HW_TRACE    every request's key is appended here
 * An unmatched request is answered with -EOPNOTSUPP, or -EINVAL when it
 * names a device index the fixture does not have (ib_device_get_by_index()
 * fails: nldev.c answers -EINVAL), in an NLMSG_ERROR (doit) or in the
 * dump's NLMSG_DONE.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <linux/netlink.h>

#include "fixture.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif

#define MAX_FD 4096
/* NLMSG_GOODSIZE on x86_64 with 4 KiB pages: SKB_WITH_OVERHEAD(4096) */
#define GOODSIZE (4096 - 320)
#define DUMP_CAP (32768 - 320)

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

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct fake fakes[MAX_FD];
static struct fix fixture;
static int fixture_loaded;
static uint32_t next_portid;

static int (*real_socket)(int, int, int);
static int (*real_close)(int);
static ssize_t (*real_recvmsg)(int, struct msghdr *, int);
static ssize_t (*real_sendto)(int, const void *, size_t, int, const struct sockaddr *, socklen_t);
static ssize_t (*real_sendmsg)(int, const struct msghdr *, int);
static ssize_t (*real_recvfrom)(int, void *, size_t, int, struct sockaddr *, socklen_t *);
static ssize_t (*real_send)(int, const void *, size_t, int);
static ssize_t (*real_recv)(int, void *, size_t, int);
static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_read)(int, void *, size_t);
static int (*real_bind)(int, const struct sockaddr *, socklen_t);
static int (*real_getsockname)(int, struct sockaddr *, socklen_t *);
static int (*real_setsockopt)(int, int, int, const void *, socklen_t);
static int (*real_getsockopt)(int, int, int, void *, socklen_t *);

#define RESOLVE(n) do { if (!real_##n) real_##n = (__typeof__(real_##n))dlsym(RTLD_NEXT, #n); } while (0)

static void resolve_all(void)
{
	RESOLVE(socket);
	RESOLVE(close);
	RESOLVE(recvmsg);
	RESOLVE(sendto);
	RESOLVE(sendmsg);
	RESOLVE(recvfrom);
	RESOLVE(send);
	RESOLVE(recv);
	RESOLVE(write);
	RESOLVE(read);
	RESOLVE(bind);
	RESOLVE(getsockname);
	RESOLVE(setsockopt);
	RESOLVE(getsockopt);
}

static void append_line(const char *env, const char *fmt, ...)
{
	const char *path = getenv(env);
	char line[1024];
	va_list ap;
	int fd, n;

	if (!path || !*path)
		return;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (n > (int)sizeof(line) - 2)
		n = sizeof(line) - 2;
	line[n++] = '\n';
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	if (real_write(fd, line, (size_t)n) < 0)
		n = 0;
	real_close(fd);
}

static void load_fixture(void)
{
	const char *path = getenv("RDMATOP_HW_FIXTURE");
	char err[256];

	if (fixture_loaded)
		return;
	fixture_loaded = 1;
	if (!path || fix_load(&fixture, path, err, sizeof(err)) < 0) {
		append_line("RDMATOP_HW_LOG", "FIXTURE %s: %s", path ? path : "(RDMATOP_HW_FIXTURE unset)",
			    path ? err : "no fixture");
		memset(&fixture, 0, sizeof(fixture));
	}
}

static struct fake *fake_of(int fd)
{
	return fd >= 0 && fd < MAX_FD && fakes[fd].used ? &fakes[fd] : NULL;
}

/* ---- the queue and its readiness byte ---- */

static void token_set(struct fake *f)
{
	char c = 0;

	if (!f->token && real_write(f->peer, &c, 1) == 1)
		f->token = 1;
}

static void drain_token(int fd, struct fake *f)
{
	char c;

	if (f->token && !f->head && !f->dump) {
		if (real_recv(fd, &c, 1, MSG_DONTWAIT) == 1)
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

		if (used && (!(r->flags & FIX_F_PACK) || used + l > room))
			break;
		put_msg(d->data + used, m, f->dump_seq, f->portid);
		used += l;
		f->dump_next++;
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
	int known_dev;

	if (req->nlmsg_len < NLMSG_HDRLEN || !(req->nlmsg_flags & NLM_F_REQUEST))
		return;
	fix_key(req, key, sizeof(key), &known_dev, &fixture);
	r = fix_find(&fixture, key);
	append_line("RDMATOP_HW_TRACE", "%s %s", r ? "matched" : "UNMATCHED", key);
	if (!r || r->error) {
		int err = r ? r->error : known_dev ? -EOPNOTSUPP : -EINVAL;

		if (!r)
			append_line("RDMATOP_HW_LOG", "UNMATCHED %s", key);
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

static ssize_t fake_send(struct fake *f, const void *buf, size_t len)
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

static ssize_t fake_recv(int fd, struct fake *f, const struct iovec *iov, size_t iovcnt, int flags,
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
			append_line("RDMATOP_HW_LOG", "BLOCKING RECV with nothing pending (portid %u)",
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

/* ---- the intercepted calls ---- */

int socket(int domain, int type, int protocol)
{
	int sv[2], base = type & ~(SOCK_NONBLOCK | SOCK_CLOEXEC);

	resolve_all();
	if (domain != AF_NETLINK || protocol != NETLINK_RDMA || (base != SOCK_RAW && base != SOCK_DGRAM))
		return real_socket(domain, type, protocol);
	pthread_mutex_lock(&lock);
	load_fixture();
	if (socketpair(AF_UNIX, SOCK_DGRAM | (type & (SOCK_NONBLOCK | SOCK_CLOEXEC)), 0, sv) < 0) {
		pthread_mutex_unlock(&lock);
		return -1;
	}
	if (sv[0] >= MAX_FD) {
		real_close(sv[0]);
		real_close(sv[1]);
		pthread_mutex_unlock(&lock);
		errno = EMFILE;
		return -1;
	}
	fcntl(sv[1], F_SETFD, FD_CLOEXEC);
	memset(&fakes[sv[0]], 0, sizeof(fakes[sv[0]]));
	fakes[sv[0]].used = 1;
	fakes[sv[0]].peer = sv[1];
	pthread_mutex_unlock(&lock);
	return sv[0];
}

int bind(int fd, const struct sockaddr *addr, socklen_t len)
{
	struct fake *f;
	int ret = 0;

	resolve_all();
	pthread_mutex_lock(&lock);
	f = fake_of(fd);
	if (!f) {
		pthread_mutex_unlock(&lock);
		return real_bind(fd, addr, len);
	}
	if (len < sizeof(struct sockaddr_nl) || addr->sa_family != AF_NETLINK) {
		errno = EINVAL;
		ret = -1;
	} else {
		const struct sockaddr_nl *nl = (const struct sockaddr_nl *)addr;

		/* autobind: the first socket gets the process id, others a
		 * negative number, as netlink_autobind() hands them out */
		f->portid = nl->nl_pid ? nl->nl_pid :
			    next_portid++ ? (uint32_t)-4096 - next_portid : (uint32_t)getpid();
		f->groups = nl->nl_groups;
	}
	pthread_mutex_unlock(&lock);
	return ret;
}

int getsockname(int fd, struct sockaddr *addr, socklen_t *len)
{
	struct sockaddr_nl sa;
	struct fake *f;

	resolve_all();
	pthread_mutex_lock(&lock);
	f = fake_of(fd);
	if (!f) {
		pthread_mutex_unlock(&lock);
		return real_getsockname(fd, addr, len);
	}
	memset(&sa, 0, sizeof(sa));
	sa.nl_family = AF_NETLINK;
	sa.nl_pid = f->portid;
	sa.nl_groups = f->groups;
	memcpy(addr, &sa, *len < sizeof(sa) ? *len : sizeof(sa));
	*len = sizeof(sa);
	pthread_mutex_unlock(&lock);
	return 0;
}

int setsockopt(int fd, int level, int name, const void *val, socklen_t len)
{
	struct fake *f;
	int on;

	resolve_all();
	pthread_mutex_lock(&lock);
	f = fake_of(fd);
	if (!f || level != SOL_NETLINK) {
		pthread_mutex_unlock(&lock);
		/* SO_RCVBUF and friends: the pair takes them as a socket would */
		return real_setsockopt(fd, level, name, val, len);
	}
	on = len >= sizeof(int) && *(const int *)val;
	switch (name) {
	case NETLINK_EXT_ACK:
		f->ext_ack = on;
		break;
	case NETLINK_CAP_ACK:
		f->cap_ack = on;
		break;
	case NETLINK_ADD_MEMBERSHIP:
		if (len >= sizeof(int) && *(const int *)val >= 1 && *(const int *)val <= 32)
			f->groups |= 1u << (*(const int *)val - 1);
		break;
	case NETLINK_DROP_MEMBERSHIP:
		if (len >= sizeof(int) && *(const int *)val >= 1 && *(const int *)val <= 32)
			f->groups &= ~(1u << (*(const int *)val - 1));
		break;
	default:	/* NETLINK_GET_STRICT_CHK, NO_ENOBUFS, ...: accepted */
		break;
	}
	pthread_mutex_unlock(&lock);
	return 0;
}

int getsockopt(int fd, int level, int name, void *val, socklen_t *len)
{
	struct fake *f;
	int v = 0;

	resolve_all();
	pthread_mutex_lock(&lock);
	f = fake_of(fd);
	if (!f || level != SOL_NETLINK) {
		pthread_mutex_unlock(&lock);
		return real_getsockopt(fd, level, name, val, len);
	}
	if (name == NETLINK_EXT_ACK)
		v = f->ext_ack;
	else if (name == NETLINK_CAP_ACK)
		v = f->cap_ack;
	if (*len >= sizeof(int))
		memcpy(val, &v, sizeof(int));
	*len = sizeof(int);
	pthread_mutex_unlock(&lock);
	return 0;
}

ssize_t sendto(int fd, const void *buf, size_t len, int flags, const struct sockaddr *to, socklen_t tolen)
{
	struct fake *f;
	ssize_t n;

	resolve_all();
	pthread_mutex_lock(&lock);
	f = fake_of(fd);
	if (!f) {
		pthread_mutex_unlock(&lock);
		return real_sendto(fd, buf, len, flags, to, tolen);
	}
	n = fake_send(f, buf, len);
	pthread_mutex_unlock(&lock);
	return n;
}

ssize_t send(int fd, const void *buf, size_t len, int flags)
{
	return sendto(fd, buf, len, flags, NULL, 0);
}

ssize_t write(int fd, const void *buf, size_t len)
{
	resolve_all();
	if (!fake_of(fd))
		return real_write(fd, buf, len);
	return sendto(fd, buf, len, 0, NULL, 0);
}

ssize_t sendmsg(int fd, const struct msghdr *msg, int flags)
{
	unsigned char *flat;
	struct fake *f;
	size_t len = 0, off = 0;
	ssize_t n;

	resolve_all();
	pthread_mutex_lock(&lock);
	f = fake_of(fd);
	if (!f) {
		pthread_mutex_unlock(&lock);
		return real_sendmsg(fd, msg, flags);
	}
	for (size_t i = 0; i < msg->msg_iovlen; i++)
		len += msg->msg_iov[i].iov_len;
	flat = malloc(len ? len : 1);
	if (!flat) {
		pthread_mutex_unlock(&lock);
		errno = ENOMEM;
		return -1;
	}
	for (size_t i = 0; i < msg->msg_iovlen; i++) {
		memcpy(flat + off, msg->msg_iov[i].iov_base, msg->msg_iov[i].iov_len);
		off += msg->msg_iov[i].iov_len;
	}
	n = fake_send(f, flat, len);
	free(flat);
	pthread_mutex_unlock(&lock);
	return n;
}

ssize_t recvmsg(int fd, struct msghdr *msg, int flags)
{
	struct fake *f;
	ssize_t n;
	int mf = 0;

	resolve_all();
	pthread_mutex_lock(&lock);
	f = fake_of(fd);
	if (!f) {
		pthread_mutex_unlock(&lock);
		return real_recvmsg(fd, msg, flags);
	}
	n = fake_recv(fd, f, msg->msg_iov, msg->msg_iovlen, flags, msg->msg_name, &msg->msg_namelen, &mf);
	msg->msg_flags = mf;
	msg->msg_controllen = 0;
	pthread_mutex_unlock(&lock);
	return n;
}

ssize_t recvfrom(int fd, void *buf, size_t len, int flags, struct sockaddr *from, socklen_t *fromlen)
{
	struct iovec iov = { buf, len };
	struct fake *f;
	ssize_t n;

	resolve_all();
	pthread_mutex_lock(&lock);
	f = fake_of(fd);
	if (!f) {
		pthread_mutex_unlock(&lock);
		return real_recvfrom(fd, buf, len, flags, from, fromlen);
	}
	n = fake_recv(fd, f, &iov, 1, flags, from, fromlen, NULL);
	pthread_mutex_unlock(&lock);
	return n;
}

ssize_t recv(int fd, void *buf, size_t len, int flags)
{
	resolve_all();
	if (!fake_of(fd))
		return real_recv(fd, buf, len, flags);
	return recvfrom(fd, buf, len, flags, NULL, NULL);
}

ssize_t read(int fd, void *buf, size_t len)
{
	resolve_all();
	if (!fake_of(fd))
		return real_read(fd, buf, len);
	return recvfrom(fd, buf, len, 0, NULL, NULL);
}

int close(int fd)
{
	struct fake *f;

	resolve_all();
	pthread_mutex_lock(&lock);
	f = fake_of(fd);
	if (f) {
		while (f->head) {
			struct dgram *d = f->head;

			f->head = d->next;
			free(d);
		}
		real_close(f->peer);
		memset(f, 0, sizeof(*f));
	}
	pthread_mutex_unlock(&lock);
	return real_close(fd);
}
