// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * LD_PRELOAD shim for the Ethernet layer's kernel interfaces, beside
 * nlshim.c (which keeps NETLINK_RDMA): socket(AF_NETLINK, *, NETLINK_ROUTE
 * or NETLINK_GENERIC) returns one end of an AF_UNIX datagram pair whose
 * requests are answered from the files of RDMATOP_NET_FIXTURE (written by
 * gen_net.c), and ioctl(SIOCETHTOOL) on any socket is answered from them
 * too.  Answered: RTM_GETDCB (DCB_CMD_IEEE_GET), CTRL_CMD_GETFAMILY
 * "ethtool", the ethtool family's PAUSE/FEC/LINKSTATE/LINKMODES GETs,
 * STRSET_GET of the global sets and STATS_GET (netshim_stats.c), and
 * ETHTOOL_GSSET_INFO, GDRVINFO, GSTRINGS, GSTATS; MODULE_EEPROM_GET from
 * gen_module.c's pages (module_eeprom below).  RDMATOP_NET_LOG names a
 * file that gets a line per ethtool family request: "CMD NETDEV GROUPS".  The N-th request for a
 * netdev's input gets sample N's file (the last one past the end), or
 * RDMATOP_NET_SAMPLE's: a second sample where the counters moved.  A
 * netdev not in the fixture's `netdevs` answers -ENODEV (gone, or in
 * another namespace), a file missing -EOPNOTSUPP (no dcbnl ops, a driver
 * without the op), `nofamily` -ENOENT for the family (no ethtool netlink).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <libmnl/libmnl.h>
#include <linux/dcbnl.h>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sockios.h>

#include "netshim.h"

#define API __attribute__((visibility("default")))
#define MAX_FD 1024
#define FAMILY_ID 30		/* what genl_register_family() gave ethtool on 6.1 */

static int (*r_socket)(int, int, int);
static ssize_t (*r_sendto)(int, const void *, size_t, int, const struct sockaddr *, socklen_t);
static ssize_t (*r_sendmsg)(int, const struct msghdr *, int);
static ssize_t (*r_recvmsg)(int, struct msghdr *, int);
static ssize_t (*r_recvfrom)(int, void *, size_t, int, struct sockaddr *, socklen_t *);
static int (*r_bind)(int, const struct sockaddr *, socklen_t);
static int (*r_getsockname)(int, struct sockaddr *, socklen_t *);
static int (*r_setsockopt)(int, int, int, const void *, socklen_t);
static int (*r_close)(int);
static int (*r_ioctl)(int, unsigned long, ...);

static struct { int used, proto, peer; uint32_t portid; } fk[MAX_FD];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct { char key[64]; int n; } seen[256];
static int nseen;

#define R(n) do { if (!r_##n) r_##n = (__typeof__(r_##n))dlsym(RTLD_NEXT, #n); } while (0)
static void resolve(void)
{
	R(socket); R(sendto); R(sendmsg); R(recvmsg); R(recvfrom); R(bind);
	R(getsockname); R(setsockopt); R(close); R(ioctl);
}

static int fake(int fd)
{
	return fd >= 0 && fd < MAX_FD && fk[fd].used;
}

/* The fixture file NAME.S for the k-th ask of key: its bytes, or NULL. */
static unsigned char *load(const char *name, const char *key, size_t *len)
{
	const char *dir = getenv("RDMATOP_NET_FIXTURE"), *fs = getenv("RDMATOP_NET_SAMPLE");
	char path[512];
	int i, s = 0;
	FILE *f;

	if (!dir)
		return NULL;
	if (key) {
		for (i = 0; i < nseen && strcmp(seen[i].key, key); i++)
			;
		if (i == nseen && nseen < 256)
			snprintf(seen[nseen++].key, sizeof(seen[0].key), "%s", key);
		s = i < 256 ? seen[i].n++ : 0;
		if (fs)
			s = atoi(fs);
	}
	for (; s >= 0; s--) {
		unsigned char *b;
		long n;

		snprintf(path, sizeof(path), key ? "%s/%s.%d" : "%s/%s", dir, name, s);
		if (!(f = fopen(path, "rb")))
			continue;
		fseek(f, 0, SEEK_END);
		n = ftell(f);
		rewind(f);
		b = malloc(n ? (size_t)n : 1);
		if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
			free(b);
			b = NULL;
		}
		fclose(f);
		*len = (size_t)n;
		return b;
		if (!key)
			break;
	}
	return NULL;
}

/* Is ndev one of the fixture's netdevs (`netdevs`, one a line)? */
static int known(const char *ndev)
{
	size_t len;
	unsigned char *b = load("netdevs", NULL, &len);
	char *p, *save = NULL;
	int ok = 0;

	if (!b)
		return 0;
	b = realloc(b, len + 1);
	b[len] = 0;
	for (p = strtok_r((char *)b, "\n", &save); p; p = strtok_r(NULL, "\n", &save))
		if (!strcmp(p, ndev))
			ok = 1;
	free(b);
	return ok;
}

static void put(int fd, const void *buf, size_t len)
{
	r_sendto(fk[fd].peer, buf, len, MSG_DONTWAIT, NULL, 0);
}

static void error(int fd, const struct nlmsghdr *req, int err)
{
	unsigned char b[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *h = (memset(b, 0, sizeof(b)), mnl_nlmsg_put_header(b));
	struct nlmsgerr *e = mnl_nlmsg_put_extra_header(h, sizeof(*e));

	h->nlmsg_type = NLMSG_ERROR;
	h->nlmsg_seq = req->nlmsg_seq;
	h->nlmsg_pid = fk[fd].portid;
	h->nlmsg_flags = err ? 0 : NLM_F_CAPPED;
	e->error = err;
	memcpy(&e->msg, req, sizeof(*req));
	put(fd, b, h->nlmsg_len);
}

/* a stored answer, with the request's sequence and port id */
static void answer(int fd, const struct nlmsghdr *req, unsigned char *b, size_t len)
{
	struct nlmsghdr *h = (struct nlmsghdr *)b;

	if (len >= sizeof(*h)) {
		h->nlmsg_seq = req->nlmsg_seq;
		h->nlmsg_pid = fk[fd].portid;
	}
	put(fd, b, len);
	if (req->nlmsg_flags & NLM_F_ACK)
		error(fd, req, 0);
}

static int name_cb(const struct nlattr *a, void *data)
{
	const char **out = data;

	if (mnl_attr_get_type(a) == ETHTOOL_A_HEADER_DEV_NAME ||
	    mnl_attr_get_type(a) == 0x7f00 /* unused */)
		*out = mnl_attr_get_str(a);
	return MNL_CB_OK;
}

struct top { int want; const char *str; const struct nlattr *nest; };

static int top_cb(const struct nlattr *a, void *data)
{
	struct top *t = data;

	if (mnl_attr_get_type(a) == t->want) {
		t->str = mnl_attr_get_str(a);
		t->nest = a;
	}
	return MNL_CB_OK;
}

/* genetlink CTRL_CMD_NEWFAMILY of ethtool, as genl_ctrl_event_fill does */
static void family(int fd, const struct nlmsghdr *req)
{
	/* the GETs `ethtool DEV` checks for (netlink/settings.c nl_gset) too */
	static const int ops[] = { ETHTOOL_MSG_STRSET_GET, ETHTOOL_MSG_LINKINFO_GET,
				   ETHTOOL_MSG_LINKMODES_GET, ETHTOOL_MSG_LINKSTATE_GET,
				   ETHTOOL_MSG_DEBUG_GET, ETHTOOL_MSG_WOL_GET,
				   ETHTOOL_MSG_PAUSE_GET, ETHTOOL_MSG_FEC_GET,
				   ETHTOOL_MSG_STATS_GET, ETHTOOL_MSG_MODULE_EEPROM_GET };
	unsigned char b[4096] = { 0 };	/* the pads libmnl leaves */
	struct nlmsghdr *h = mnl_nlmsg_put_header(b);
	struct genlmsghdr *g = mnl_nlmsg_put_extra_header(h, sizeof(*g));
	struct nlattr *n, *o, *m;
	size_t i;

	h->nlmsg_type = GENL_ID_CTRL;
	g->cmd = CTRL_CMD_NEWFAMILY;
	g->version = 2;
	mnl_attr_put_strz(h, CTRL_ATTR_FAMILY_NAME, ETHTOOL_GENL_NAME);
	mnl_attr_put_u16(h, CTRL_ATTR_FAMILY_ID, FAMILY_ID);
	mnl_attr_put_u32(h, CTRL_ATTR_VERSION, ETHTOOL_GENL_VERSION);
	mnl_attr_put_u32(h, CTRL_ATTR_HDRSIZE, 0);
	mnl_attr_put_u32(h, CTRL_ATTR_MAXATTR, 0);
	n = mnl_attr_nest_start(h, CTRL_ATTR_OPS);
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		o = mnl_attr_nest_start(h, (uint16_t)(i + 1));
		mnl_attr_put_u32(h, CTRL_ATTR_OP_ID, (uint32_t)ops[i]);
		mnl_attr_put_u32(h, CTRL_ATTR_OP_FLAGS, GENL_CMD_CAP_DO);
		mnl_attr_nest_end(h, o);
	}
	mnl_attr_nest_end(h, n);
	n = mnl_attr_nest_start(h, CTRL_ATTR_MCAST_GROUPS);
	m = mnl_attr_nest_start(h, 1);
	mnl_attr_put_u32(h, CTRL_ATTR_MCAST_GRP_ID, 5);
	mnl_attr_put_strz(h, CTRL_ATTR_MCAST_GRP_NAME, ETHTOOL_MCGRP_MONITOR_NAME);
	mnl_attr_nest_end(h, m);
	mnl_attr_nest_end(h, n);
	answer(fd, req, b, h->nlmsg_len);
}

/* a line of RDMATOP_NET_LOG for an ethtool family request */
static void trace(unsigned int cmd, const char *ndev, uint32_t groups)
{
	const char *p = getenv("RDMATOP_NET_LOG");
	FILE *f = p ? fopen(p, "a") : NULL;

	if (!f)
		return;
	fprintf(f, "%u %s %#x\n", cmd, ndev ? ndev : "-", groups);
	fclose(f);
}

/* MODULE_EEPROM_GET (netshim_module.c) */
static void module_eeprom(int fd, const struct nlmsghdr *req, const char *ndev)
{
	unsigned char out[1024];
	int err = 0;
	size_t len = netshim_module(req, ndev, FAMILY_ID, out, sizeof(out), &err);

	if (err)
		return error(fd, req, err);
	answer(fd, req, out, len);
}

static void request(int fd, const struct nlmsghdr *req)
{
	char key[64], name[64];
	unsigned char *b;
	size_t len;

	if (fk[fd].proto == NETLINK_ROUTE && req->nlmsg_type == RTM_GETDCB &&
	    req->nlmsg_len >= NLMSG_LENGTH(sizeof(struct dcbmsg))) {
		const struct dcbmsg *d = mnl_nlmsg_get_payload(req);
		struct top t = { .want = DCB_ATTR_IFNAME };

		mnl_attr_parse(req, sizeof(*d), top_cb, &t);
		if (!t.str || !known(t.str))
			return error(fd, req, -ENODEV);
		snprintf(name, sizeof(name), "dcb.%u.%s", d->cmd, t.str);
		snprintf(key, sizeof(key), "%s", name);
		if (!(b = load(name, key, &len)))
			return error(fd, req, -EOPNOTSUPP);	/* no dcbnl_ops */
		answer(fd, req, b, len);
		free(b);
		return;
	}
	if (fk[fd].proto == NETLINK_GENERIC && req->nlmsg_type == GENL_ID_CTRL) {
		struct top t = { .want = CTRL_ATTR_FAMILY_NAME };
		size_t l;
		unsigned char *nf;

		mnl_attr_parse(req, sizeof(struct genlmsghdr), top_cb, &t);
		nf = load("nofamily", NULL, &l);
		if (t.str && !strcmp(t.str, ETHTOOL_GENL_NAME) && !nf)
			return family(fd, req);
		free(nf);
		return error(fd, req, -ENOENT);
	}
	if (fk[fd].proto == NETLINK_GENERIC && req->nlmsg_type == FAMILY_ID &&
	    req->nlmsg_len >= NLMSG_LENGTH(sizeof(struct genlmsghdr))) {
		const struct genlmsghdr *g = mnl_nlmsg_get_payload(req);
		const char *ndev = NULL;
		const struct nlattr *a;
		uint32_t groups = 0;

		/* every GET's header nest is attribute 1, but STATS_GET's (2:
		 * ETHTOOL_A_STATS_PAD comes first) */
		int hdr = g->cmd == ETHTOOL_MSG_STATS_GET ? ETHTOOL_A_STATS_HEADER : 1;

		mnl_attr_for_each(a, req, sizeof(*g))
			if (mnl_attr_get_type(a) == hdr && (a->nla_type & NLA_F_NESTED ||
							  mnl_attr_get_payload_len(a) >= 4))
				mnl_attr_parse_nested(a, name_cb, &ndev);
		if (g->cmd == ETHTOOL_MSG_STATS_GET)
			groups = netshim_stats_groups(req);
		trace(g->cmd, ndev, groups);
		if (!ndev && g->cmd == ETHTOOL_MSG_STRSET_GET) {
			unsigned char sb[8192];
			int err;

			len = netshim_strset(req, FAMILY_ID, sb, sizeof(sb), &err);
			return err ? error(fd, req, err) : answer(fd, req, sb, len);
		}
		if (!ndev || !known(ndev))
			return error(fd, req, -ENODEV);
		if (g->cmd == ETHTOOL_MSG_MODULE_EEPROM_GET)
			return module_eeprom(fd, req, ndev);
		snprintf(name, sizeof(name), "genl.%u.%s", g->cmd, ndev);
		if (!(b = load(name, name, &len)))
			return error(fd, req, -EOPNOTSUPP);
		if (g->cmd == ETHTOOL_MSG_STATS_GET && !groups) {
			free(b);
			return error(fd, req, -EINVAL);	/* "no stats requested" */
		}
		if (g->cmd == ETHTOOL_MSG_STATS_GET)
			len = netshim_stats_cut(b, len, groups);
		answer(fd, req, b, len);
		free(b);
		return;
	}
	error(fd, req, -EOPNOTSUPP);
}

static ssize_t send_all(int fd, const void *buf, size_t len)
{
	const struct nlmsghdr *h = buf;
	size_t left = len;

	while (mnl_nlmsg_ok(h, (int)left)) {
		request(fd, h);
		h = mnl_nlmsg_next(h, (int *)&left);
	}
	return (ssize_t)len;
}

API int socket(int domain, int type, int protocol)
{
	int sv[2];

	resolve();
	if (domain != AF_NETLINK || (protocol != NETLINK_ROUTE && protocol != NETLINK_GENERIC) ||
	    !getenv("RDMATOP_NET_FIXTURE"))
		return r_socket(domain, type, protocol);
	if (socketpair(AF_UNIX, SOCK_DGRAM | (type & (SOCK_NONBLOCK | SOCK_CLOEXEC)), 0, sv) < 0)
		return -1;
	if (sv[0] >= MAX_FD || sv[1] >= MAX_FD) {
		r_close(sv[0]);
		r_close(sv[1]);
		errno = EMFILE;
		return -1;
	}
	pthread_mutex_lock(&lock);
	fk[sv[0]].used = 1;
	fk[sv[0]].proto = protocol;
	fk[sv[0]].peer = sv[1];
	fk[sv[0]].portid = (uint32_t)getpid();
	pthread_mutex_unlock(&lock);
	return sv[0];
}

API int bind(int fd, const struct sockaddr *a, socklen_t l)
{
	resolve();
	return fake(fd) ? 0 : r_bind(fd, a, l);
}

API int getsockname(int fd, struct sockaddr *a, socklen_t *l)
{
	struct sockaddr_nl nl = { .nl_family = AF_NETLINK };

	resolve();
	if (!fake(fd))
		return r_getsockname(fd, a, l);
	nl.nl_pid = fk[fd].portid;
	memcpy(a, &nl, *l < sizeof(nl) ? *l : sizeof(nl));
	*l = sizeof(nl);
	return 0;
}

API int setsockopt(int fd, int level, int name, const void *v, socklen_t l)
{
	resolve();
	if (!fake(fd))
		return r_setsockopt(fd, level, name, v, l);
	return level == SOL_SOCKET ? r_setsockopt(fd, level, name, v, l) : 0;
}

API ssize_t sendto(int fd, const void *buf, size_t len, int flags, const struct sockaddr *to,
		   socklen_t tl)
{
	ssize_t n;

	resolve();
	if (!fake(fd))
		return r_sendto(fd, buf, len, flags, to, tl);
	pthread_mutex_lock(&lock);
	n = send_all(fd, buf, len);
	pthread_mutex_unlock(&lock);
	return n;
}

API ssize_t send(int fd, const void *buf, size_t len, int flags)
{
	return sendto(fd, buf, len, flags, NULL, 0);
}

API ssize_t sendmsg(int fd, const struct msghdr *m, int flags)
{
	unsigned char *flat;
	size_t len = 0, off = 0, i;
	ssize_t n;

	resolve();
	if (!fake(fd))
		return r_sendmsg(fd, m, flags);
	for (i = 0; i < m->msg_iovlen; i++)
		len += m->msg_iov[i].iov_len;
	if (!(flat = malloc(len ? len : 1)))
		return -1;
	for (i = 0; i < m->msg_iovlen; i++) {
		memcpy(flat + off, m->msg_iov[i].iov_base, m->msg_iov[i].iov_len);
		off += m->msg_iov[i].iov_len;
	}
	pthread_mutex_lock(&lock);
	n = send_all(fd, flat, len);
	pthread_mutex_unlock(&lock);
	free(flat);
	return n;
}

static void from_kernel(void *name, socklen_t *nl)
{
	struct sockaddr_nl k = { .nl_family = AF_NETLINK };

	if (name && nl && *nl >= sizeof(k)) {
		memcpy(name, &k, sizeof(k));
		*nl = sizeof(k);
	}
}

API ssize_t recvmsg(int fd, struct msghdr *m, int flags)
{
	void *name;
	socklen_t nl;
	ssize_t n;

	resolve();
	if (!fake(fd))
		return r_recvmsg(fd, m, flags);
	name = m->msg_name;
	nl = m->msg_namelen;
	m->msg_name = NULL;
	m->msg_namelen = 0;
	n = r_recvmsg(fd, m, flags);
	m->msg_name = name;
	m->msg_namelen = nl;
	from_kernel(name, &m->msg_namelen);
	return n;
}

API ssize_t recvfrom(int fd, void *buf, size_t len, int flags, struct sockaddr *from,
		     socklen_t *fl)
{
	ssize_t n;

	resolve();
	if (!fake(fd))
		return r_recvfrom(fd, buf, len, flags, from, fl);
	n = r_recvfrom(fd, buf, len, flags, NULL, NULL);
	from_kernel(from, fl);
	return n;
}

API ssize_t recv(int fd, void *buf, size_t len, int flags)
{
	return recvfrom(fd, buf, len, flags, NULL, NULL);
}

API int close(int fd)
{
	resolve();
	if (fake(fd)) {
		pthread_mutex_lock(&lock);
		r_close(fk[fd].peer);
		fk[fd].used = 0;
		pthread_mutex_unlock(&lock);
	}
	return r_close(fd);
}

/* ---- SIOCETHTOOL: the ioctl's ETHTOOL_G* (net/ethtool/ioctl.c) ---- */
static int ethtool_ioctl(struct ifreq *ifr)
{
	char ndev[IFNAMSIZ + 1], name[64];
	unsigned char *strs, *vals;
	size_t sl = 0, vl = 0;
	uint32_t cmd, n;
	int ret = 0;

	memcpy(ndev, ifr->ifr_name, IFNAMSIZ);
	ndev[IFNAMSIZ] = 0;
	if (!known(ndev)) {
		errno = ENODEV;
		return -1;
	}
	memcpy(&cmd, ifr->ifr_data, sizeof(cmd));
	snprintf(name, sizeof(name), "gstrings.%s", ndev);
	strs = load(name, NULL, &sl);
	n = (uint32_t)(sl / ETH_GSTRING_LEN);
	switch (cmd) {
	case ETHTOOL_GSSET_INFO: {
		struct ethtool_sset_info si;

		memcpy(&si, ifr->ifr_data, sizeof(si));
		si.sset_mask &= strs ? 1ull << ETH_SS_STATS : 0;
		memcpy(ifr->ifr_data, &si, sizeof(si));
		if (si.sset_mask)
			memcpy((char *)ifr->ifr_data + sizeof(si), &n, sizeof(n));
		break;
	}
	case ETHTOOL_GDRVINFO: {
		struct ethtool_drvinfo di = { .cmd = cmd, .n_stats = n };
		size_t dl;
		unsigned char *drv = load("driver", NULL, &dl);

		if (drv)
			memcpy(di.driver, drv, dl < sizeof(di.driver) - 1 ? dl : sizeof(di.driver) - 1);
		free(drv);
		memcpy(ifr->ifr_data, &di, sizeof(di));
		break;
	}
	case ETHTOOL_GSTRINGS: {
		struct ethtool_gstrings gs;

		memcpy(&gs, ifr->ifr_data, sizeof(gs));
		if (!strs || gs.string_set != ETH_SS_STATS) {
			ret = -EOPNOTSUPP;
			break;
		}
		gs.len = n;
		memcpy(ifr->ifr_data, &gs, sizeof(gs));
		memcpy((char *)ifr->ifr_data + sizeof(gs), strs, sl);
		break;
	}
	case ETHTOOL_GSTATS: {
		struct ethtool_stats st = { .cmd = cmd, .n_stats = n };

		snprintf(name, sizeof(name), "gstats.%s", ndev);
		vals = strs ? load(name, name, &vl) : NULL;
		if (!vals) {
			ret = -EOPNOTSUPP;
			break;
		}
		memcpy(ifr->ifr_data, &st, sizeof(st));
		memcpy((char *)ifr->ifr_data + sizeof(st), vals,
		       vl < (size_t)n * 8 ? vl : (size_t)n * 8);
		free(vals);
		break;
	}
	default:
		ret = -EOPNOTSUPP;
	}
	free(strs);
	if (ret) {
		errno = -ret;
		return -1;
	}
	return 0;
}

API int ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	void *arg;
	int ret;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	resolve();
	if (req != SIOCETHTOOL || !getenv("RDMATOP_NET_FIXTURE"))
		return r_ioctl(fd, req, arg);
	pthread_mutex_lock(&lock);
	ret = ethtool_ioctl(arg);
	pthread_mutex_unlock(&lock);
	return ret;
}
