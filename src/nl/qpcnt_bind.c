// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Binding one QP to a counter by hand, and unbinding it (`rdma statistic
 * qp bind link DEV/PORT lqpn N [cntn C]`, `... unbind link DEV/PORT cntn C
 * lqpn N`): STAT_SET with STAT_MODE = MANUAL and RES_LQPN (and the counter
 * to join), STAT_DEL with the counter and LQPN, the attributes in
 * iproute2's order; then the bound counters are read back (STAT_GET dump,
 * STAT_RES = RES_QP) to see the QP in, or out of, the counter.
 *
 * The kernel's rules (nldev_stat_set_mode_doit, nldev_stat_del_doit,
 * counters.c, 5.3 to 6.12): both need CAP_NET_ADMIN (RDMA_NL_ADMIN_PERM);
 * a bind without a counter allocates one (and turns the port's auto mode
 * to manual); -ENOENT for no such QP or counter, -EINVAL for a QP bound
 * already, another process's counter, or an unbind of a QP not in that
 * counter; -EOPNOTSUPP where the port has no hardware counters;
 * -ENOMEM where the driver has no per-counter statistics
 * (counter_alloc_stats: rxe and siw have none).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nl.h"
#include "nlset.h"
#include "qpcnt.h"

static int send_bind(struct nl_sock *ns, bool unbind, uint32_t dev, uint32_t port, uint32_t lqpn,
		     long cntn, struct nlset_answer *an)
{
	unsigned char out[256] = { 0 }; /* libmnl leaves pads as they are */
	struct nlmsghdr *nlh =
		nlset_request(ns, out, unbind ? RDMA_NLDEV_CMD_STAT_DEL : RDMA_NLDEV_CMD_STAT_SET);

	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_MODE, RDMA_COUNTER_MODE_MANUAL);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_RES, RDMA_NLDEV_ATTR_RES_QP);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, dev);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, port);
	if (unbind) {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, (uint32_t)cntn);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, lqpn);
	} else {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, lqpn);
		if (cntn >= 0)
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, (uint32_t)cntn);
	}
	return nlset_doit(ns, nlh, an);
}

/* Whether counter cntn of dev/port holds lqpn (the bound counters read
 * back): 1, 0, or -errno. */
static int holds(struct nl_sock *ns, uint32_t dev, uint32_t port, uint32_t cntn, uint32_t lqpn)
{
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_STAT_GET,
			      .flags = NLM_F_DUMP,
			      .dev = dev,
			      .port = SNAP_NONE,
			      .kind = NL_REQ_STAT_QP };
	struct snapshot s;
	size_t i;
	int ret, in = 0;

	snap_init(&s);
	ret = nlset_ask(ns, &req, &s);
	for (i = 0; !ret && i < s.qpcnts.n && !in; i++) {
		const struct snap_qpcnt *q = SNAP_AT(&s.qpcnts, struct snap_qpcnt, i);

		if (q->dev == dev && q->port == port && q->cntn == cntn)
			in = nlset_lqpn_listed(snap_s(&s, q->lqpns), lqpn);
	}
	snap_free(&s);
	return ret ? ret : in;
}

static void explain(char *say, size_t saylen, bool unbind, const char *link, uint32_t lqpn,
		    long cntn, int ret, const char *msg)
{
	const char *what = unbind ? "unbinding" : "binding";

	if (ret == -EPERM || ret == -EACCES)
		snprintf(say, saylen,
			 "%s a QP's counter needs CAP_NET_ADMIN (run as root); nothing "
			 "changed",
			 what);
	else if (ret == -EOPNOTSUPP)
		snprintf(say, saylen,
			 "the kernel refused (EOPNOTSUPP): the driver of %s has no "
			 "counters to bind QPs to; nothing changed",
			 link);
	else if (ret == -ENOENT)
		snprintf(say, saylen,
			 "the kernel refused (ENOENT): %s has no QP %u%s; nothing "
			 "changed",
			 link, lqpn, cntn >= 0 ? " or no such counter" : "");
	else if (ret == -EINVAL && unbind)
		snprintf(say, saylen,
			 "the kernel refused (EINVAL): QP %u of %s is not bound to "
			 "counter %ld; nothing changed",
			 lqpn, link, cntn);
	else if (ret == -EINVAL)
		snprintf(say, saylen,
			 "the kernel refused (EINVAL): QP %u of %s is bound to a "
			 "counter already (unbind it first), or the counter counts another "
			 "process's QPs; nothing changed",
			 lqpn, link);
	else if (ret == -ENOMEM && !unbind)
		snprintf(say, saylen,
			 "the kernel refused (ENOMEM): the driver of %s keeps no "
			 "counters per QP (no counter_alloc_stats: Soft-RoCE, siw); nothing "
			 "changed",
			 link);
	else
		snprintf(say, saylen, "%s QP %u of %s failed: %s%s%s", what, lqpn, link,
			 strerror(-ret), msg[0] ? ": " : "", msg);
}

int qpcnt_bind(const char *link, const char *what, bool unbind, char *say, size_t saylen)
{
	const char *opt = unbind ? "--unbind-qp-counter" : "--bind-qp-counter";
	char dev[SNAP_DEV_NAME_MAX], *end;
	const char *slash = strchr(link, '/');
	unsigned long port, lqpn;
	long cntn = -1;
	struct nlset_answer an = { 0 };
	struct nl_sock ns;
	uint32_t index;
	int ret, in;

	if (!slash || (size_t)(slash - link) >= sizeof(dev) || slash == link ||
	    (port = strtoul(slash + 1, &end, 10)) == 0 || *end || port > UINT32_MAX) {
		snprintf(say, saylen, "%s: LINK is DEV/PORT (e.g. mlx5_0/1), not '%s'", opt, link);
		return 2;
	}
	/* LQPN[:COUNTER], decimal as rdma takes them */
	lqpn = strtoul(what, &end, 10);
	if (end == what || lqpn > UINT32_MAX || (*end && *end != ':')) {
		snprintf(say, saylen, "%s: QP is LQPN or LQPN:COUNTER (decimal), not '%s'", opt,
			 what);
		return 2;
	}
	if (*end == ':') {
		const char *c = end + 1;

		cntn = strtol(c, &end, 10);
		if (end == c || *end || cntn < 0 || cntn > UINT32_MAX) {
			snprintf(say, saylen, "%s: COUNTER is a decimal counter id, not '%s'", opt,
				 c);
			return 2;
		}
	} else if (unbind) {
		snprintf(say, saylen, "--unbind-qp-counter needs the counter: LQPN:COUNTER");
		return 2;
	}
	memcpy(dev, link, (size_t)(slash - link));
	dev[slash - link] = '\0';
	if (nlset_open_dev(&ns, dev, &index, say, saylen))
		return 1;
	ret = send_bind(&ns, unbind, index, (uint32_t)port, (uint32_t)lqpn, cntn, &an);
	if (!ret)
		ret = an.err;
	if (ret) {
		nl_close(&ns);
		explain(say, saylen, unbind, link, (uint32_t)lqpn, cntn, ret, an.msg);
		return 1;
	}
	if (!unbind && an.have_cntn)
		cntn = an.cntn;
	in = cntn >= 0 ? holds(&ns, index, (uint32_t)port, (uint32_t)cntn, (uint32_t)lqpn) :
			 -EBADMSG;
	nl_close(&ns);
	if (in < 0 || in == unbind) {
		snprintf(say, saylen, "the kernel accepted it, but reading the counters back %s",
			 in < 0 ? "failed" :
			 unbind ? "still shows the QP in the counter" :
				  "does not show the QP in the counter");
		return 1;
	}
	if (unbind)
		snprintf(say, saylen,
			 "QP %lu of %s unbound from counter %ld (verified: the counter no longer "
			 "lists it)",
			 lqpn, link, cntn);
	else
		snprintf(say, saylen,
			 "QP %lu of %s bound to counter %ld (verified: the counter lists it); "
			 "its counts: rdma statistic qp show, or rdmatop's QP detail",
			 lqpn, link, cntn);
	return 0;
}
