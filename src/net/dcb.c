// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * DCB netlink: a netdev's IEEE 802.1Qaz PFC (`dcb pfc show dev X`).
 * RTM_GETDCB with DCB_CMD_IEEE_GET; the answer (net/dcb/dcbnl.c
 * dcbnl_ieee_fill, 6.1 to 6.12) carries DCB_ATTR_IFNAME and a DCB_ATTR_IEEE
 * nest whose DCB_ATTR_IEEE_PFC is a struct ieee_pfc: pfc_cap, pfc_en,
 * mbc, delay, requests[8] (pause frames sent per priority) and
 * indications[8] (received); mlx5 fills them from the port's per-priority
 * pause counters (en_dcbnl.c mlx5e_dcbnl_ieee_getpfc).  GET needs no
 * privilege (dcb_doit checks CAP_NET_ADMIN only for SET); a netdev
 * without dcbnl ops answers -EOPNOTSUPP.
 */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>

#include <libmnl/libmnl.h>
#include <linux/dcbnl.h>
#include <linux/rtnetlink.h>

#include "net.h"

size_t net_dcb_req(void *buf, size_t cap, const char *ndev, uint32_t seq)
{
	size_t len = MNL_NLMSG_HDRLEN + MNL_ALIGN(sizeof(struct dcbmsg)) + MNL_ATTR_HDRLEN + 32;
	struct nlmsghdr *nlh;
	struct dcbmsg *d;
	void *fam;

	if (cap < len)
		return 0;
	nlh = net_req(buf, len, RTM_GETDCB, sizeof(*d), seq, &fam);
	d = fam;
	d->dcb_family = AF_UNSPEC;
	d->cmd = DCB_CMD_IEEE_GET;
	mnl_attr_put_strz(nlh, DCB_ATTR_IFNAME, ndev);
	return nlh->nlmsg_len;
}

struct dcb_ctx {
	struct snapshot *s;
	struct snap_net *n;
	int err;
	bool pfc;
	struct ieee_pfc v;
};

/* A malformed answer: its first error kept, else -EBADMSG. */
static int bad(struct dcb_ctx *c)
{
	if (!c->err)
		c->err = -EBADMSG;
	return MNL_CB_ERROR;
}

static int ieee_cb(const struct nlattr *a, void *data)
{
	struct dcb_ctx *c = data;

	if (mnl_attr_get_type(a) != DCB_ATTR_IEEE_PFC)
		return MNL_CB_OK;	/* ETS, maxrate, APP: not read (yet) */
	/* older kernels' struct is the same 136 bytes (5.x to 6.12) */
	if (mnl_attr_get_payload_len(a) < sizeof(c->v)) {
		c->err = -EBADMSG;
		return MNL_CB_ERROR;
	}
	memcpy(&c->v, mnl_attr_get_payload(a), sizeof(c->v));
	c->pfc = true;
	return MNL_CB_OK;
}

static int top_cb(const struct nlattr *a, void *data)
{
	struct dcb_ctx *c = data;

	if (mnl_attr_get_type(a) != DCB_ATTR_IEEE)
		return MNL_CB_OK;
	if (net_attr_parse_nested(a, ieee_cb, c) < 0)
		return bad(c);
	return MNL_CB_OK;
}

static int msg_cb(const struct nlmsghdr *nlh, void *data)
{
	struct dcb_ctx *c = data;
	const struct dcbmsg *d;

	if (nlh->nlmsg_type != RTM_GETDCB)
		return MNL_CB_OK;
	if (!(d = net_payload(nlh, sizeof(*d), &c->err)))
		return MNL_CB_ERROR;
	if (d->cmd != DCB_CMD_IEEE_GET)
		return MNL_CB_OK;
	if (net_attr_parse(nlh, sizeof(*d), top_cb, c) < 0)
		return bad(c);
	return MNL_CB_STOP;
}

static int err_cb(const struct nlmsghdr *nlh, void *data)
{
	struct dcb_ctx *c = data;
	const struct nlmsgerr *e = mnl_nlmsg_get_payload(nlh);

	if (nlh->nlmsg_len < mnl_nlmsg_size(sizeof(int))) {
		c->err = -EBADMSG;
		return MNL_CB_ERROR;
	}
	c->err = e->error < 0 ? e->error : -EBADMSG;
	return MNL_CB_STOP;
}

/* the counters' names, dcb's JSON keys (dcb/dcb_pfc.c) with the priority */
static const char *const requests[SNAP_NET_PRIOS] = {
	"requests_prio0", "requests_prio1", "requests_prio2", "requests_prio3",
	"requests_prio4", "requests_prio5", "requests_prio6", "requests_prio7",
};
static const char *const indications[SNAP_NET_PRIOS] = {
	"indications_prio0", "indications_prio1", "indications_prio2", "indications_prio3",
	"indications_prio4", "indications_prio5", "indications_prio6", "indications_prio7",
};

int net_dcb_parse(struct snapshot *s, struct snap_net *n, const void *buf, size_t len)
{
	mnl_cb_t ctl[NLMSG_MIN_TYPE] = { [NLMSG_ERROR] = err_cb };
	struct dcb_ctx c = { .s = s, .n = n };
	int i, ret;

	ret = mnl_cb_run2(buf, len, 0, 0, msg_cb, &c, ctl, NLMSG_MIN_TYPE);
	if (ret < 0 && !c.err)
		c.err = -EBADMSG;
	if (c.err == -EBADMSG)
		return -EBADMSG;
	if (c.err) {
		n->err[SNAP_NET_DCB] = c.err;
		return 0;
	}
	if (!c.pfc) {
		/* dcbnl ops without ieee_getpfc (bnxt_en with DCBX in the firmware,
		 * CEE-only drivers): the netdev has DCB, not PFC */
		n->err[SNAP_NET_DCB] = -ENODATA;
		return 0;
	}
	n->pfc_cap = c.v.pfc_cap;
	n->pfc_en = c.v.pfc_en;
	n->mbc = c.v.mbc;
	n->delay = c.v.delay;
	n->valid |= SNAP_NET_PFC;
	for (i = 0; i < SNAP_NET_PRIOS; i++) {
		static struct net_name nm[2][SNAP_NET_PRIOS];	/* net_parse's lock */

		if ((ret = net_push_name(s, n, SNAP_SRC_DCB, requests[i], 64, &nm[0][i],
					 c.v.requests[i])) ||
		    (ret = net_push_name(s, n, SNAP_SRC_DCB, indications[i], 64, &nm[1][i],
					 c.v.indications[i])))
			return ret;
	}
	return 0;
}
