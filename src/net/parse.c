// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One raw input of a netdev to its parser (dcb.c, ethtool.c, estats.c),
 * live and replayed alike; the netdev rows and their counter rows.
 */
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>

#include "classify.h"
#include "net.h"

#define ETH_NAME_MAX 64		/* a counter name (ETH_GSTRING_LEN 32, ours) */

static const char *const in_names[SNAP_NET_N] = {
	[SNAP_NET_DCB] = "dcb",
	[SNAP_NET_FAMILY] = "ethtool family",
	[SNAP_NET_PAUSE] = "pause",
	[SNAP_NET_FEC] = "fec",
	[SNAP_NET_LINKSTATE] = "linkstate",
	[SNAP_NET_LINKMODES] = "linkmodes",
	[SNAP_NET_DRV] = "driver statistics",
	[SNAP_NET_STATS] = "standard statistics",
	[SNAP_NET_MODULE] = "module",
};

const char *net_in_name(unsigned int what)
{
	return what < SNAP_NET_N ? in_names[what] : "unknown";
}

const char *net_why(int err)
{
	switch (err) {
	case 0:
		return "";
	case -EOPNOTSUPP:
		return "not supported by the driver or kernel";
	case -ENODEV:
		return "no such netdev here (gone, or in another namespace)";
	case -ENOENT:
		return "no ethtool netlink family in this kernel";
	case -ENODATA:
		return "not reported by the driver";
	case -EPERM:
	case -EACCES:
		return "not permitted";
	case -EPROTONOSUPPORT:
		return "no such netlink protocol";
	default:
		return "failed";
	}
}

const char *net_why_in(unsigned int what, int err)
{
	/* STATS_GET needs no driver op (stats_prepare_data calls only those
	 * it finds): -EOPNOTSUPP is genetlink's answer to a command the
	 * kernel lacks (before 5.13) */
	if (what == SNAP_NET_STATS && err == -EOPNOTSUPP)
		return "no such command in this kernel (STATS_GET: 5.13+)";
	if (what == SNAP_NET_MODULE)
		return net_module_why(err);
	return net_why(err);
}

/*
 * have (an array of cap bytes) holds the name want of len bytes: its byte
 * len is the end and its bytes before are want's.  The last byte first
 * (netdevs differ there: eth0, eth1; ens1f0np0, ens1f1np1), then the rest,
 * for the port and netdev walks of every netdev every sample.
 */
static inline bool ndev_is(const char *have, size_t cap, const char *want, size_t len)
{
	return len < cap && !have[len] && (!len || have[len - 1] == want[len - 1]) &&
	       !memcmp(have, want, len);
}

struct snap_net *snap_net_find(const struct snapshot *s, const char *ndev)
{
	/* unique (net_get finds before it adds), asked in their order or the
	 * same again: the last found and the next tried first (a thread's) */
	static __thread size_t hint;
	struct snap_net *v = s->nets.v;
	size_t i, len = strlen(ndev), n = s->nets.n;

	for (i = hint; i < n && i <= hint + 1; i++)
		if (ndev_is(v[i].ndev, sizeof(v[i].ndev), ndev, len))
			return &v[hint = i];
	for (i = 0; i < n; i++)
		if (ndev_is(v[i].ndev, sizeof(v[i].ndev), ndev, len))
			return &v[hint = i];
	return NULL;
}

struct snap_net *snap_net_get(struct snapshot *s, const char *ndev)
{
	struct snap_net *n;
	size_t i, len;

	/* a netdev's inputs come one after the other: the last row first */
	if (s->nets.n) {
		n = SNAP_AT(&s->nets, struct snap_net, s->nets.n - 1);
		if (!strcmp(n->ndev, ndev))
			return n;
	}
	if ((n = snap_net_find(s, ndev)))
		return n;
	n = snap_push(&s->nets, sizeof(*n));
	if (!n)
		return NULL;
	memcpy(n->ndev, ndev, strnlen(ndev, sizeof(n->ndev) - 1));
	n->dev = n->port = SNAP_NONE;
	n->fec_active = n->speed = UINT32_MAX;
	len = strlen(n->ndev);
	for (i = 0; i < s->ports.n; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);

		if (!(p->valid & SNAP_PORT_NDEV) || !ndev_is(p->ndev, sizeof(p->ndev), n->ndev, len))
			continue;
		if (!n->n_ports) {
			n->dev = p->dev;
			n->port = p->port;
		}
		if (n->n_ports < SNAP_NET_PORTS && i <= UINT16_MAX)
			n->port_ix[n->n_ports] = (uint16_t)i;
		if (n->n_ports < UINT8_MAX)
			n->n_ports++;
	}
	return n;
}

static uint8_t unit_of(const char *name)
{
	/* the standard groups' IEEE names (stats.c): FramesReceivedOK,
	 * OctetsReceivedOK; RMON counts packets (etherStatsFragments, the
	 * buckets etherStatsPkts65to127Octets) */
	if (!strncmp(name, "rmon-", 5))
		return SNAP_UNIT_PACKETS;
	if (!strncmp(name, "eth-", 4)) {
		if (strstr(name, "Pkts") || strstr(name, "Frames"))
			return SNAP_UNIT_PACKETS;
		if (strstr(name, "Octets"))
			return SNAP_UNIT_BYTES;
	}
	/* a size bucket counts packets (mlx5 rx_65_to_127_bytes_phy), a
	 * priority's bytes bytes (rx_prio3_bytes) */
	return cnt_unit(name);
}

/* kept process-wide (cnt_name): a driver's ethtool -S names are the
 * same every sample */
void net_class_row(struct snap_counter *row, const char *name)
{
	struct cnt_info i = cnt_name(NULL, name, strlen(name), unit_of, NULL);

	row->cls = i.cls;
	row->cls_flags = i.flags;
	row->unit = i.unit;
	snap_counter_mark(row, i.e);
}

/* a row of t for each RDMA port on netdev n */
static int push_rows(struct snapshot *s, const struct snap_net *n, const struct snap_counter *t)
{
	struct snap_counter *c;
	size_t i;

	if (n->n_ports <= SNAP_NET_PORTS) {
		for (i = 0; i < n->n_ports; i++) {
			const struct snap_port *p =
				SNAP_AT(&s->ports, struct snap_port, n->port_ix[i]);

			if (!(c = snap_push_raw(&s->counters, sizeof(*c))))
				return -ENOMEM;
			*c = *t;
			c->dev = p->dev;
			c->port = p->port;
		}
		return 0;
	}
	for (i = 0; i < s->ports.n; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);

		if (!(p->valid & SNAP_PORT_NDEV) || strcmp(p->ndev, n->ndev))
			continue;
		if (!(c = snap_push_raw(&s->counters, sizeof(*c))))
			return -ENOMEM;
		*c = *t;
		c->dev = p->dev;
		c->port = p->port;
	}
	return 0;
}

size_t net_ports(const struct snapshot *s, const struct snap_net *n, uint32_t (*dp)[2],
		 size_t max)
{
	size_t i, k = 0;

	if (n->n_ports <= SNAP_NET_PORTS) {
		for (i = 0; i < n->n_ports && k < max; i++, k++) {
			const struct snap_port *p =
				SNAP_AT(&s->ports, struct snap_port, n->port_ix[i]);

			dp[k][0] = p->dev;
			dp[k][1] = p->port;
		}
		return k;
	}
	for (i = 0; i < s->ports.n && k < max; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);

		if ((p->valid & SNAP_PORT_NDEV) && !strcmp(p->ndev, n->ndev)) {
			dp[k][0] = p->dev;
			dp[k][1] = p->port;
			k++;
		}
	}
	return k;
}

int net_push_name(struct snapshot *s, const struct snap_net *n, uint8_t source,
		  const char *name, size_t len, struct net_name *nm, uint64_t v)
{
	if (!nm->known || nm->row.source != source) {
		memset(nm, 0, sizeof(*nm));
		nm->row.source = source;
		nm->row.bits = 64;
		net_class_row(&nm->row, name);
		nm->lower = net_lower_keeps(&nm->row, name);
		nm->known = 1;
	}
	if (!n->n_ports && !nm->lower)
		return 0;
	nm->row.name = snap_str_memo(s, &nm->str, name, len);
	nm->row.value = v;
	if (!n->n_ports)
		return net_push_lower(s, n, &nm->row);
	net_runs_note(nm);
	return push_rows(s, n, &nm->row);
}

/* the parsers' memos (struct net_name, the string sets) are process-wide:
 * one input is parsed at a time */
static pthread_mutex_t parse_lock = PTHREAD_MUTEX_INITIALIZER;

int net_parse(struct snapshot *s, unsigned int what, const char *ndev, int err,
	      const void *buf, size_t len)
{
	struct snap_net *n;
	struct snap_mark m;
	void *copy = NULL;
	int ret;

	if (what >= SNAP_NET_N || !ndev[0])
		return 0;	/* a newer rdmatop's input: skipped */
	n = snap_net_get(s, ndev);
	if (!n)
		return -ENOMEM;
	n->seen |= (uint16_t)(1u << what);
	if (err || !buf || !len) {
		n->err[what] = err ? err : -ENODATA;
		/* no family: none of its commands were asked */
		if (what == SNAP_NET_FAMILY) {
			n->err[SNAP_NET_PAUSE] = n->err[SNAP_NET_FEC] = n->err[what];
			n->err[SNAP_NET_LINKSTATE] = n->err[SNAP_NET_LINKMODES] = n->err[what];
			n->err[SNAP_NET_STATS] = n->err[SNAP_NET_MODULE] = n->err[what];
		}
		return 0;
	}
	if ((uintptr_t)buf % 8) {
		/* a record's body in a recording sits at any offset */
		copy = malloc(len);
		if (!copy)
			return -ENOMEM;
		memcpy(copy, buf, len);
		buf = copy;
	}
	snap_mark(s, &m);
	pthread_mutex_lock(&parse_lock);
	net_runs_start(s);
	if (what != SNAP_NET_DRV && !net_msgs_ok(buf, len))
		ret = -EBADMSG;
	else switch (what) {
	case SNAP_NET_DCB:
		ret = net_dcb_parse(s, n, buf, len);
		break;
	case SNAP_NET_DRV:
		ret = net_estats_parse(s, n, buf, len);
		break;
	case SNAP_NET_STATS:
		ret = net_stats_parse(s, n, buf, len);
		break;
	case SNAP_NET_MODULE:
		ret = net_module_parse(s, n, buf, len);
		break;
	case SNAP_NET_FAMILY:
		ret = 0;
		break;
	default:
		ret = net_ethtool_parse(s, n, what, buf, len);
		break;
	}
	if (!ret)
		net_runs_end(s, n);
	pthread_mutex_unlock(&parse_lock);
	free(copy);
	if (ret == -EBADMSG) {
		snap_rollback(s, &m);
		n = snap_net_get(s, ndev);
		if (!n)
			return -ENOMEM;
		n->err[what] = -EBADMSG;
		snap_note(s, -EBADMSG, n->dev, "%.16s: unexpected bytes in its %s answer", ndev,
			  net_in_name(what));
		return 0;
	}
	return ret;
}

/*
 * Every message of a datagram within it: libmnl's mnl_nlmsg_ok (1.0.4)
 * takes an nlmsg_len past 2 GiB for a negative int and walks off the end.
 */
bool net_msgs_ok(const void *buf, size_t len)
{
	const unsigned char *p = buf;

	while (len) {
		struct nlmsghdr h;

		if (len < sizeof(h))
			return false;
		memcpy(&h, p, sizeof(h));
		if (h.nlmsg_len < sizeof(h) || h.nlmsg_len > len)
			return false;
		if (MNL_ALIGN(h.nlmsg_len) >= len)
			return true;
		p += MNL_ALIGN(h.nlmsg_len);
		len -= MNL_ALIGN(h.nlmsg_len);
	}
	return true;
}

struct run {
	mnl_cb_t cb;
	void *data;
	int *err;
};

static int run_msg(const struct nlmsghdr *nlh, void *data)
{
	const struct run *r = data;

	return r->cb(nlh, r->data);
}

static int run_err(const struct nlmsghdr *nlh, void *data)
{
	const struct run *r = data;
	const struct nlmsgerr *e = mnl_nlmsg_get_payload(nlh);

	if (nlh->nlmsg_len < mnl_nlmsg_size(sizeof(int))) {
		if (!*r->err)
			*r->err = -EBADMSG;
		return MNL_CB_ERROR;
	}
	*r->err = e->error < 0 ? e->error : -EBADMSG;
	return MNL_CB_STOP;
}

int net_answer(const void *buf, size_t len, mnl_cb_t cb, void *data, int *err, const bool *seen)
{
	mnl_cb_t ctl[NLMSG_MIN_TYPE] = { [NLMSG_ERROR] = run_err };
	struct run r = { cb, data, err };
	int ret = mnl_cb_run2(buf, len, 0, 0, run_msg, &r, ctl, NLMSG_MIN_TYPE);

	if (*err == -ENOMEM)
		return -ENOMEM;
	if ((ret < 0 && !*err) || *err == -EBADMSG || (!*err && !*seen))
		return -EBADMSG;
	return 0;
}

struct nlmsghdr *net_req(void *buf, size_t clear, uint16_t type, size_t hdr, uint32_t seq,
			 void **fam)
{
	struct nlmsghdr *nlh;

	memset(buf, 0, clear);	/* libmnl pads an attribute without zeroing the pad */
	nlh = mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = NLM_F_REQUEST;
	nlh->nlmsg_seq = seq;
	*fam = mnl_nlmsg_put_extra_header(nlh, hdr);
	return nlh;
}

struct nlmsghdr *net_genl_req(void *buf, size_t clear, uint16_t type, uint8_t cmd,
			      uint8_t version, uint32_t seq)
{
	void *fam;
	struct nlmsghdr *nlh = net_req(buf, clear, type, sizeof(struct genlmsghdr), seq, &fam);
	struct genlmsghdr *g = fam;

	g->cmd = cmd;
	g->version = version;
	return nlh;
}

const void *net_payload(const struct nlmsghdr *nlh, size_t hdr, int *err)
{
	if (mnl_nlmsg_get_payload_len(nlh) < hdr) {
		*err = -EBADMSG;
		return NULL;
	}
	return mnl_nlmsg_get_payload(nlh);
}

int net_genl_reply(const struct nlmsghdr *nlh, uint8_t reply,
		   int (*cb)(const struct nlattr *a, void *data), void *data, int *err, bool *seen)
{
	const struct genlmsghdr *g = net_payload(nlh, sizeof(*g), err);

	if (!g)
		return MNL_CB_ERROR;
	if (g->cmd != reply)
		return MNL_CB_OK;	/* an answer to something else */
	*seen = true;
	if (net_attr_parse(nlh, sizeof(*g), cb, data) < 0) {
		if (!*err)
			*err = -EBADMSG;
		return MNL_CB_ERROR;
	}
	return MNL_CB_STOP;
}

/*
 * libmnl's walks stop quietly at an attribute that overruns its message:
 * these say so (-1), so that a cut or changed answer is not half read.
 */
static int walk(const struct nlattr *a, const char *end, mnl_attr_cb_t cb, void *data)
{
	/* mnl_attr_ok and mnl_attr_next (libmnl 1.0.4), inline: a hundred
	 * attributes a netdev every sample */
	while (end - (const char *)a >= (ptrdiff_t)sizeof(*a) && a->nla_len >= sizeof(*a) &&
	       a->nla_len <= end - (const char *)a) {
		int r = cb(a, data);

		if (r <= MNL_CB_STOP)
			return r == MNL_CB_STOP ? 0 : -1;
		a = (const struct nlattr *)((const char *)a + MNL_ALIGN(a->nla_len));
	}
	return (const char *)a < end ? -1 : 0;
}

int net_attr_parse(const struct nlmsghdr *nlh, unsigned int off, mnl_attr_cb_t cb, void *data)
{
	/* the message's own length, not mnl_nlmsg_get_payload_tail's aligned
	 * one: the last message of a datagram may end unaligned, its buffer
	 * with it (the kernel's are aligned: nlmsg_end) */
	return walk(mnl_nlmsg_get_payload_offset(nlh, off), (const char *)nlh + nlh->nlmsg_len,
		    cb, data);
}

int net_attr_parse_nested(const struct nlattr *nest, mnl_attr_cb_t cb, void *data)
{
	/* mnl_attr_get_payload and _len, inline; a payload of 1 to 3 bytes
	 * (mnl_attr_validate's refusal of such a nest) is one the walk
	 * refuses too, so no caller validates a nest first */
	const char *p = (const char *)nest + MNL_ATTR_HDRLEN;

	if (nest->nla_len < MNL_ATTR_HDRLEN)
		return -1;
	return walk((const struct nlattr *)p, p + (nest->nla_len - MNL_ATTR_HDRLEN), cb, data);
}
