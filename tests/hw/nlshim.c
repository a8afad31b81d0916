// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nlshim: an LD_PRELOAD library that gives an unmodified program a
 * NETLINK_RDMA socket answered from a nlshim_fixture (tests/hw/fixture.h), so
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
 * This file holds the intercepted calls; nlshim_kernel.c the kernel side.
 *
 * Environment:
 *   RDMATOP_HW_FIXTURE  the nlshim_fixture file (netlink.fix)
 *   RDMATOP_HW_LOG      unmatched requests are appended here, one a line
 *   RDMATOP_HW_TRACE    every request's key is appended here
 *   RDMATOP_HW_REQS     every request's key and bytes (hex, without its
 *                       sequence and port id) are appended here
 * An unmatched request is answered with -EOPNOTSUPP, or -EINVAL when it
 * names a device index the nlshim_fixture does not have (ib_device_get_by_index()
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

#include "nlshim.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif

#define MAX_FD 4096

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct fake fakes[MAX_FD];
struct fix nlshim_fixture;
static int fixture_loaded;
static uint32_t next_portid;

static int (*real_socket)(int, int, int);
static int (*real_close)(int);
static ssize_t (*real_recvmsg)(int, struct msghdr *, int);
static ssize_t (*real_sendto)(int, const void *, size_t, int, const struct sockaddr *, socklen_t);
static ssize_t (*real_sendmsg)(int, const struct msghdr *, int);
static ssize_t (*real_recvfrom)(int, void *, size_t, int, struct sockaddr *, socklen_t *);
static ssize_t (*real_send)(int, const void *, size_t, int);
ssize_t (*nlshim_real_recv)(int, void *, size_t, int);
ssize_t (*nlshim_real_write)(int, const void *, size_t);
static ssize_t (*real_read)(int, void *, size_t);
static int (*real_bind)(int, const struct sockaddr *, socklen_t);
static int (*real_getsockname)(int, struct sockaddr *, socklen_t *);
static int (*real_setsockopt)(int, int, int, const void *, socklen_t);
static int (*real_getsockopt)(int, int, int, void *, socklen_t *);

#define RESOLVE_AS(p, n) do { if (!(p)) (p) = (__typeof__(p))dlsym(RTLD_NEXT, #n); } while (0)
#define RESOLVE(n) RESOLVE_AS(real_##n, n)

static void resolve_all(void)
{
	RESOLVE(socket);
	RESOLVE(close);
	RESOLVE(recvmsg);
	RESOLVE(sendto);
	RESOLVE(sendmsg);
	RESOLVE(recvfrom);
	RESOLVE(send);
	RESOLVE_AS(nlshim_real_recv, recv);
	RESOLVE_AS(nlshim_real_write, write);
	RESOLVE(read);
	RESOLVE(bind);
	RESOLVE(getsockname);
	RESOLVE(setsockopt);
	RESOLVE(getsockopt);
}

void nlshim_log(const char *env, const char *fmt, ...)
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
	if (nlshim_real_write(fd, line, (size_t)n) < 0)
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
	if (!path || fix_load(&nlshim_fixture, path, err, sizeof(err)) < 0) {
		nlshim_log("RDMATOP_HW_LOG", "FIXTURE %s: %s", path ? path : "(RDMATOP_HW_FIXTURE unset)",
			    path ? err : "no nlshim_fixture");
		memset(&nlshim_fixture, 0, sizeof(nlshim_fixture));
	}
}

static struct fake *fake_of(int fd)
{
	return fd >= 0 && fd < MAX_FD && fakes[fd].used ? &fakes[fd] : NULL;
}

/* ---- the intercepted calls ---- */

SHIM_API int socket(int domain, int type, int protocol)
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

SHIM_API int bind(int fd, const struct sockaddr *addr, socklen_t len)
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

SHIM_API int getsockname(int fd, struct sockaddr *addr, socklen_t *len)
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

SHIM_API int setsockopt(int fd, int level, int name, const void *val, socklen_t len)
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

SHIM_API int getsockopt(int fd, int level, int name, void *val, socklen_t *len)
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

SHIM_API ssize_t sendto(int fd, const void *buf, size_t len, int flags, const struct sockaddr *to, socklen_t tolen)
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
	n = nlshim_send(f, buf, len);
	pthread_mutex_unlock(&lock);
	return n;
}

SHIM_API ssize_t send(int fd, const void *buf, size_t len, int flags)
{
	return sendto(fd, buf, len, flags, NULL, 0);
}

SHIM_API ssize_t write(int fd, const void *buf, size_t len)
{
	resolve_all();
	if (!fake_of(fd))
		return nlshim_real_write(fd, buf, len);
	return sendto(fd, buf, len, 0, NULL, 0);
}

SHIM_API ssize_t sendmsg(int fd, const struct msghdr *msg, int flags)
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
	n = nlshim_send(f, flat, len);
	free(flat);
	pthread_mutex_unlock(&lock);
	return n;
}

SHIM_API ssize_t recvmsg(int fd, struct msghdr *msg, int flags)
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
	n = nlshim_recv(fd, f, msg->msg_iov, msg->msg_iovlen, flags, msg->msg_name, &msg->msg_namelen, &mf);
	msg->msg_flags = mf;
	msg->msg_controllen = 0;
	pthread_mutex_unlock(&lock);
	return n;
}

SHIM_API ssize_t recvfrom(int fd, void *buf, size_t len, int flags, struct sockaddr *from, socklen_t *fromlen)
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
	n = nlshim_recv(fd, f, &iov, 1, flags, from, fromlen, NULL);
	pthread_mutex_unlock(&lock);
	return n;
}

SHIM_API ssize_t recv(int fd, void *buf, size_t len, int flags)
{
	resolve_all();
	if (!fake_of(fd))
		return nlshim_real_recv(fd, buf, len, flags);
	return recvfrom(fd, buf, len, flags, NULL, NULL);
}

SHIM_API ssize_t read(int fd, void *buf, size_t len)
{
	resolve_all();
	if (!fake_of(fd))
		return real_read(fd, buf, len);
	return recvfrom(fd, buf, len, 0, NULL, NULL);
}

SHIM_API int close(int fd)
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
