// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live source's netdevs (parsed by src/net): per RoCE port's netdev,
 * and per device beneath one (a bond's slaves: ask_lowers), each once a
 * sample,
 * DCB (NETLINK_ROUTE), the ethtool family's GETs (NETLINK_GENERIC) and the
 * driver statistics (SIOCETHTOOL).  Sockets are opened at the first sample
 * and kept; the ethtool family id is resolved once; a driver's statistic
 * names are read once per netdev and again when their count changes.
 * Only what a port answers is asked again: an input it refused
 * (-EOPNOTSUPP: no dcbnl ops, a driver without the op, a kernel without
 * the command; -ENODATA: STATS_GET's groups all empty) is remembered per
 * netdev and fed as refused without a request, and STATS_GET asks only
 * the groups that came back with statistics.  Every answer, and every
 * reason an input could not be read, is fed as a raw input
 * (source_feed_net), so a replay says what the live run said.
 */
#include <errno.h>
#include <net/if.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <libmnl/libmnl.h>
#include <linux/ethtool.h>
#include <linux/netlink.h>
#include <linux/sockios.h>

#include "live.h"
#include "module.h"
#include "net.h"
#include "source.h"
#include "util.h"

#define NET_RECV_MS 2000	/* one answer; a firmware query on mlx5 */
#define NET_NDEV_MAX 256	/* netdevs whose names are kept */
/* A module's EEPROM is read every NET_MODULE_EVERY s, not every sample:
 * each half page is an I2C transaction through firmware (mlx5's MCIA
 * register; mlxlink takes about 0.8 s a device), and temperature and
 * optical power move slowly.  Between reads its last reading is fed again. */
#define NET_MODULE_EVERY 10.0
#define NET_MODULE_ASKS 8	/* half pages a reading asks at most */

struct net_ndev {
	char name[SNAP_IFNAME_MAX];
	uint32_t n;		/* names in strs (ETH_SS_STATS count) */
	unsigned char *strs;	/* struct ethtool_gstrings and its names */
	size_t strs_len;
	int err;		/* why the names could not be read */
	int refused[SNAP_NET_N];	/* -EOPNOTSUPP, -ENODATA: not asked again */
	uint8_t std_mask;	/* STATS_GET groups to ask, 0 until answered */
	/* the module's last reading (requests and answers) and its time */
	unsigned char *mod;
	size_t mod_len, mod_cap;
	int mod_err;
	double mod_at;		/* CLOCK_MONOTONIC s; 0: never read */
};

struct net_live {
	struct mnl_socket *rt, *gn;
	int rt_err, gn_err;	/* why a socket could not be opened */
	uint16_t family;	/* the ethtool family's id, 0 until known */
	int family_err;
	int ioc;		/* a socket for SIOCETHTOOL, -1 until opened */
	int ioc_err;
	uint32_t seq;
	unsigned char *buf;	/* NL_BUF_SIZE */
	unsigned char *drv;	/* the GSTRINGS + GSTATS input being built */
	size_t drv_cap;
	struct net_ndev nd[NET_NDEV_MAX];
	size_t n_nd;
};

static int open_nl(struct mnl_socket **sk, int proto)
{
	struct mnl_socket *m = mnl_socket_open2(proto, SOCK_CLOEXEC | SOCK_NONBLOCK);
	int one = 1;

	if (!m)
		return -errno;
	if (mnl_socket_bind(m, 0, MNL_SOCKET_AUTOPID) < 0) {
		int e = -errno;

		mnl_socket_close(m);
		return e;
	}
	/* kernel error text is not needed; strict checking keeps old
	 * kernels' answers to unknown commands plain errors */
	mnl_socket_setsockopt(m, NETLINK_EXT_ACK, &one, sizeof(one));
	*sk = m;
	return 0;
}

/* Send one request and receive its one answer datagram: its length or -errno. */
static ssize_t ask(struct net_live *nl, struct mnl_socket *sk, size_t len)
{
	const struct nlmsghdr *req = (const void *)nl->buf;
	uint32_t seq = req->nlmsg_seq;
	struct pollfd pfd = { .fd = mnl_socket_get_fd(sk), .events = POLLIN };

	if (mnl_socket_sendto(sk, nl->buf, len) < 0)
		return -errno;
	for (;;) {
		ssize_t n = mnl_socket_recvfrom(sk, nl->buf, NL_BUF_SIZE);
		const struct nlmsghdr *h = (const void *)nl->buf;
		int r;

		if (n >= (ssize_t)sizeof(*h) && h->nlmsg_seq != seq)
			continue;	/* a late answer to an abandoned request */
		if (n >= 0)
			return n;
		if (errno != EAGAIN && errno != EINTR)
			return -errno;
		r = poll(&pfd, 1, NET_RECV_MS);
		if (r == 0)
			return -ETIMEDOUT;
		if (r < 0 && errno != EINTR)
			return -errno;
	}
}

/* What the port answered to input what, into d: a refusal is kept. */
static void remember(struct net_ndev *d, const struct snapshot *s, const char *ndev,
		     unsigned int what)
{
	const struct snap_net *n = d ? snap_net_find(s, ndev) : NULL;

	if (!n)
		return;
	if (n->err[what] == -EOPNOTSUPP || n->err[what] == -ENODATA)
		d->refused[what] = n->err[what];
	if (what == SNAP_NET_STATS && !n->err[what])
		d->std_mask = n->std_groups;
}

/* The socket of a bus, opened on first use: 0, or why it could not be
 * (kept, not tried again each sample). */
static int sock(struct mnl_socket **sk, int *err, int proto)
{
	if (!*sk && !*err)
		*err = open_nl(sk, proto);
	return *err;
}

/* Ask the request of len bytes in nl->buf; feed its answer, or its error, as input what. */
static int ask_feed(struct net_live *nl, struct mnl_socket *sk, struct source *src,
		    struct snapshot *s, unsigned int what, const char *ndev, size_t len)
{
	ssize_t n = ask(nl, sk, len);

	if (n < 0)
		return source_feed_net(src, s, what, ndev, (int)n, NULL, 0);
	return source_feed_net(src, s, what, ndev, 0, nl->buf, (size_t)n);
}

static int dcb(struct net_live *nl, struct source *src, struct snapshot *s, struct net_ndev *d,
	       const char *ndev)
{
	int ret;

	if (d && d->refused[SNAP_NET_DCB])
		return source_feed_net(src, s, SNAP_NET_DCB, ndev, d->refused[SNAP_NET_DCB], NULL, 0);
	ret = sock(&nl->rt, &nl->rt_err, NETLINK_ROUTE);
	if (ret)
		return source_feed_net(src, s, SNAP_NET_DCB, ndev, ret, NULL, 0);
	ret = ask_feed(nl, nl->rt, src, s, SNAP_NET_DCB, ndev,
		       net_dcb_req(nl->buf, NL_BUF_SIZE, ndev, ++nl->seq));
	if (!ret)
		remember(d, s, ndev, SNAP_NET_DCB);
	return ret;
}

static int module(struct net_live *nl, struct source *src, struct snapshot *s,
		  struct net_ndev *d, const char *ndev);

static int ethtool(struct net_live *nl, struct source *src, struct snapshot *s,
		   struct net_ndev *d, const char *ndev)
{
	static const unsigned int what[] = { SNAP_NET_PAUSE, SNAP_NET_FEC, SNAP_NET_LINKSTATE,
					     SNAP_NET_LINKMODES, SNAP_NET_STATS };
	size_t i, len;
	ssize_t n;
	int ret;

	ret = sock(&nl->gn, &nl->gn_err, NETLINK_GENERIC);
	if (ret)
		return source_feed_net(src, s, SNAP_NET_FAMILY, ndev, ret, NULL, 0);
	if (!nl->family && !nl->family_err) {
		len = net_family_req(nl->buf, NL_BUF_SIZE, ++nl->seq);
		n = ask(nl, nl->gn, len);
		nl->family_err = n < 0 ? (int)n : net_family_parse(nl->buf, (size_t)n, &nl->family);
	}
	if (nl->family_err)
		return source_feed_net(src, s, SNAP_NET_FAMILY, ndev, nl->family_err, NULL, 0);
	for (i = 0; i < sizeof(what) / sizeof(what[0]); i++) {
		if (d && d->refused[what[i]]) {
			if ((ret = source_feed_net(src, s, what[i], ndev, d->refused[what[i]], NULL, 0)))
				return ret;
			continue;
		}
		/* the standard groups: all four until the port has answered */
		len = what[i] == SNAP_NET_STATS ?
			      net_stats_req(nl->buf, NL_BUF_SIZE, nl->family, ndev,
					    d && d->std_mask ? d->std_mask : 0xf, ++nl->seq) :
			      net_ethtool_req(nl->buf, NL_BUF_SIZE, nl->family, what[i], ndev,
					      ++nl->seq);
		ret = ask_feed(nl, nl->gn, src, s, what[i], ndev, len);
		if (ret)
			return ret;
		remember(d, s, ndev, what[i]);
	}
	return module(nl, src, s, d, ndev);
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* append len bytes of nl->buf (a request or its answer) to d's reading */
static int mod_keep(struct net_ndev *d, const void *b, size_t len)
{
	int ret = bytes_reserve(&d->mod, &d->mod_cap, d->mod_len + MNL_ALIGN(len));

	if (ret)
		return ret;
	memcpy(d->mod + d->mod_len, b, len);
	memset(d->mod + d->mod_len + len, 0, MNL_ALIGN(len) - len);
	d->mod_len += MNL_ALIGN(len);
	return 0;
}

/*
 * An answer of n bytes that is no page: the -errno of its NLMSG_ERROR,
 * -EBADMSG for one too short to say (only n bytes are the answer's: a
 * datagram of 0 to 19 bytes came from no kernel, the rest of the buffer
 * is the request before), or 0 for another message.
 */
static int refusal(const unsigned char *b, size_t n)
{
	struct nlmsghdr h;
	int err;

	if (n < sizeof(h))
		return -EBADMSG;
	memcpy(&h, b, sizeof(h));
	if (h.nlmsg_type != NLMSG_ERROR)
		return 0;
	if (n < sizeof(h) + sizeof(err))
		return -EBADMSG;
	memcpy(&err, b + sizeof(h), sizeof(err));
	return err < 0 ? err : -EBADMSG;
}

/*
 * The module's pages, as `ethtool -m` asks them (net_module_next), every
 * NET_MODULE_EVERY s; its reading fed as one input.  The first read failing
 * is the module's reason (-EPERM without CAP_NET_ADMIN, -EOPNOTSUPP, -EIO
 * with no module), kept where it will not change; a later page failing
 * ends the reading with what was read.
 */
static int module(struct net_live *nl, struct source *src, struct snapshot *s,
		  struct net_ndev *d, const char *ndev)
{
	struct net_module_ask a;
	struct mod_pages pg;
	double t = now_s();
	int i, ret;
	ssize_t n;

	if (!d)
		return source_feed_net(src, s, SNAP_NET_MODULE, ndev, -ENOSPC, NULL, 0);
	if (d->refused[SNAP_NET_MODULE])
		return source_feed_net(src, s, SNAP_NET_MODULE, ndev, d->refused[SNAP_NET_MODULE], NULL, 0);
	if (d->mod_at && t - d->mod_at < NET_MODULE_EVERY)
		return source_feed_net(src, s, SNAP_NET_MODULE, ndev, d->mod_err, d->mod, d->mod_len);
	d->mod_at = t;
	d->mod_len = 0;
	d->mod_err = 0;
	memset(&pg, 0, sizeof(pg));
	for (i = 0; i < NET_MODULE_ASKS && net_module_next(&pg, &a); i++) {
		size_t len = net_module_req(nl->buf, NL_BUF_SIZE, nl->family, ndev, &a, ++nl->seq);

		if ((ret = mod_keep(d, nl->buf, len)))
			return ret;
		n = ask(nl, nl->gn, len);
		if (n < 0 && !i) {
			d->mod_err = (int)n;
			d->mod_len = 0;
			break;
		}
		if (n < 0)
			break;
		if ((ret = mod_keep(d, nl->buf, (size_t)n)))
			return ret;
		if (net_module_pages(d->mod, d->mod_len, &pg))
			break;	/* the parser says why */
		if ((ret = refusal(nl->buf, (size_t)n))) {
			/* the answer was an error: stop here */
			if (!i) {
				d->mod_err = ret;
				d->mod_len = 0;
			}
			break;
		}
	}
	if (d->mod_err == -EOPNOTSUPP || d->mod_err == -EPERM)
		d->refused[SNAP_NET_MODULE] = d->mod_err;
	return source_feed_net(src, s, SNAP_NET_MODULE, ndev, d->mod_err, d->mod, d->mod_len);
}

static int ioctl_eth(struct net_live *nl, const char *ndev, void *data)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	strncpy(ifr.ifr_name, ndev, IFNAMSIZ - 1);
	ifr.ifr_data = data;
	return ioctl(nl->ioc, SIOCETHTOOL, &ifr) < 0 ? -errno : 0;
}

static struct net_ndev *ndev_slot(struct net_live *nl, const char *ndev)
{
	size_t i;

	for (i = 0; i < nl->n_nd; i++)
		if (!strcmp(nl->nd[i].name, ndev))
			return &nl->nd[i];
	if (nl->n_nd == NET_NDEV_MAX)
		return NULL;
	memcpy(nl->nd[nl->n_nd].name, ndev, strnlen(ndev, SNAP_IFNAME_MAX - 1));
	return &nl->nd[nl->n_nd++];
}

/* The count of ETH_SS_STATS names, or -errno (ETHTOOL_GSSET_INFO). */
static int64_t stats_count(struct net_live *nl, const char *ndev)
{
	struct {
		struct ethtool_sset_info hdr;
		uint32_t n;
	} si = { .hdr = { .cmd = ETHTOOL_GSSET_INFO, .sset_mask = 1ull << ETH_SS_STATS } };
	int ret = ioctl_eth(nl, ndev, &si);

	if (ret)
		return ret;
	if (!(si.hdr.sset_mask & (1ull << ETH_SS_STATS)))
		return -EOPNOTSUPP;
	return si.n;
}

static int drv_stats(struct net_live *nl, struct source *src, struct snapshot *s,
		     struct net_ndev *d, const char *ndev)
{
	struct ethtool_stats st;
	int64_t count;
	size_t need;
	int ret;

	if (nl->ioc < 0 && !nl->ioc_err) {
		nl->ioc = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
		if (nl->ioc < 0)	/* no IPv4: ethtool falls back to this one */
			nl->ioc = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
		if (nl->ioc < 0)
			nl->ioc_err = -errno;
	}
	if (nl->ioc_err || !d)
		return source_feed_net(src, s, SNAP_NET_DRV, ndev, d ? nl->ioc_err : -ENOSPC, NULL, 0);
	if (d->refused[SNAP_NET_DRV])
		return source_feed_net(src, s, SNAP_NET_DRV, ndev, d->refused[SNAP_NET_DRV], NULL, 0);
	count = stats_count(nl, ndev);
	if (count == -EOPNOTSUPP)
		d->refused[SNAP_NET_DRV] = (int)count;	/* no ETH_SS_STATS set */
	if (count < 0)
		return source_feed_net(src, s, SNAP_NET_DRV, ndev, (int)count, NULL, 0);
	if (count > 65536)
		return source_feed_net(src, s, SNAP_NET_DRV, ndev, -E2BIG, NULL, 0);
	if (!d->strs || d->n != (uint32_t)count) {
		struct ethtool_gstrings *gs;

		need = sizeof(*gs) + (size_t)count * ETH_GSTRING_LEN;
		if ((ret = bytes_reserve(&d->strs, &d->strs_len, need)))
			return ret;
		gs = (void *)d->strs;
		memset(gs, 0, sizeof(*gs));
		gs->cmd = ETHTOOL_GSTRINGS;
		gs->string_set = ETH_SS_STATS;
		gs->len = (uint32_t)count;
		ret = ioctl_eth(nl, ndev, gs);
		/* the kernel says how many names the driver has now: another
		 * count than GSSET_INFO's is a set that changed between the
		 * calls (its names beyond ours were never ours to read) */
		if (!ret && gs->len != (uint32_t)count)
			ret = -EAGAIN;
		if (ret) {
			free(d->strs);
			d->strs = NULL;
			d->strs_len = 0;
			return source_feed_net(src, s, SNAP_NET_DRV, ndev, ret, NULL, 0);
		}
		d->n = gs->len;
	}
	need = sizeof(struct ethtool_gstrings) + (size_t)d->n * ETH_GSTRING_LEN;
	/* the kernel writes as many values as the driver counts now, not as
	 * many as asked for: room for the count just read */
	if ((ret = bytes_reserve(&nl->drv, &nl->drv_cap, need + sizeof(st) + (size_t)count * 8)))
		return ret;
	memcpy(nl->drv, d->strs, need);
	/* the values' header follows the names at 4 bytes past a multiple
	 * of 8 (struct ethtool_gstrings is 12 bytes): copied, not pointed to */
	memset(&st, 0, sizeof(st));
	st.cmd = ETHTOOL_GSTATS;
	st.n_stats = d->n;
	memcpy(nl->drv + need, &st, sizeof(st));
	if ((ret = ioctl_eth(nl, ndev, nl->drv + need)))
		return source_feed_net(src, s, SNAP_NET_DRV, ndev, ret, NULL, 0);
	memcpy(&st, nl->drv + need, sizeof(st));
	if (st.n_stats != d->n) {
		d->n = UINT32_MAX;	/* the names changed: read again next time */
		return source_feed_net(src, s, SNAP_NET_DRV, ndev, -EAGAIN, NULL, 0);
	}
	return source_feed_net(src, s, SNAP_NET_DRV, ndev, 0, nl->drv,
			need + sizeof(st) + (size_t)d->n * 8);
}

/* Every input of netdev ndev, each fed under its name. */
static int ask_ndev(struct net_live *nl, struct source *src, struct snapshot *s, const char *ndev)
{
	struct net_ndev *d = ndev_slot(nl, ndev);
	int ret;

	if ((ret = dcb(nl, src, s, d, ndev)) || (ret = ethtool(nl, src, s, d, ndev)) ||
	    (ret = drv_stats(nl, src, s, d, ndev)))
		return ret;
	return 0;
}

/* whether name is a port's netdev (asked as such) or in asked[0..n) */
static bool asked_before(const struct snapshot *s, const char (*asked)[SNAP_IFNAME_MAX],
			 size_t n, const char *name)
{
	size_t it = 0, i;

	if (snap_ndev_port(s, name, &it))
		return true;
	for (i = 0; i < n; i++)
		if (!strcmp(asked[i], name))
			return true;
	return false;
}

/*
 * The devices beneath the ports' netdevs (their snap_net lower[], read from
 * sysfs before this: live.c read_files), each once: a bond's slaves hold
 * the PFC, pause, FEC and driver statistics of RoCE over the bond (mlx5
 * LAG).  A lower that is a port's netdev itself was asked as one.
 */
static int ask_lowers(struct net_live *nl, struct source *src, struct snapshot *s)
{
	char asked[NET_NDEV_MAX][SNAP_IFNAME_MAX];
	size_t n_asked = 0, i, j, nets = s->nets.n;
	int ret;

	for (i = 0; i < nets; i++) {
		const struct snap_net *n = SNAP_AT(&s->nets, struct snap_net, i);
		char names[SNAP_NET_LOWERS][SNAP_IFNAME_MAX];
		size_t k = n->n_ports ? n->n_lower : 0;

		/* copied: asking adds netdev rows, which may move these */
		for (j = 0; j < k && j < SNAP_NET_LOWERS; j++)
			memcpy(names[j], n->lower[j].name, SNAP_IFNAME_MAX);
		for (j = 0; j < k && j < SNAP_NET_LOWERS && n_asked < NET_NDEV_MAX; j++) {
			const char *name = names[j];

			if (!name[0] || asked_before(s, asked, n_asked, name))
				continue;
			memcpy(asked[n_asked++], name, SNAP_IFNAME_MAX);
			if ((ret = ask_ndev(nl, src, s, name)))
				return ret;
		}
	}
	return 0;
}

int net_live_sample(struct net_live **nlp, struct source *src, struct snapshot *s)
{
	struct net_live *nl = *nlp;
	size_t i, j;
	int ret;

	if (!nl) {
		nl = calloc(1, sizeof(*nl));
		if (!nl)
			return -ENOMEM;
		nl->buf = malloc(NL_BUF_SIZE);
		if (!nl->buf) {
			free(nl);
			return -ENOMEM;
		}
		nl->ioc = -1;
		*nlp = nl;
	}
	for (i = 0; i < s->ports.n; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);
		char ndev[SNAP_IFNAME_MAX];

		if (!(p->valid & SNAP_PORT_NDEV) || !p->ndev[0])
			continue;
		for (j = 0; j < i; j++) {
			const struct snap_port *q = SNAP_AT(&s->ports, struct snap_port, j);

			if ((q->valid & SNAP_PORT_NDEV) && !strcmp(q->ndev, p->ndev))
				break;
		}
		if (j < i)
			continue;	/* its netdev was asked for already */
		memcpy(ndev, p->ndev, sizeof(ndev));
		if ((ret = ask_ndev(nl, src, s, ndev)))
			return ret;
	}
	return ask_lowers(nl, src, s);
}

void net_live_close(struct net_live *nl)
{
	size_t i;

	if (!nl)
		return;
	if (nl->rt)
		mnl_socket_close(nl->rt);
	if (nl->gn)
		mnl_socket_close(nl->gn);
	if (nl->ioc >= 0)
		close(nl->ioc);
	for (i = 0; i < nl->n_nd; i++) {
		free(nl->nd[i].strs);
		free(nl->nd[i].mod);
	}
	free(nl->drv);
	free(nl->buf);
	free(nl);
}
