// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A write rdmatop makes only when asked: a port's QP counter mode
 * (`rdma statistic qp set link DEV/PORT auto type,pid on|off`).  Read the
 * mode, do nothing if it matches, set it (STAT_SET, STAT_RES = RES_QP,
 * STAT_MODE = AUTO, STAT_AUTO_MODE_MASK), read it back.
 *
 * The kernel's rule (rdma_counter_set_auto_mode(), counters.c, 5.3+):
 * auto mode binds the QPs created (moved to INIT) from then on, each to the
 * counter of its type and/or process; QPs that exist keep what they have.
 * It refuses auto mode with -EBUSY while counters are bound on the port;
 * "off" leaves bound counters in manual mode until their QPs are gone.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nl.h"
#include "nlset.h"
#include "qpcnt.h"

/* Send req (plus the set's attributes when mask >= 0, with
 * STAT_OPCOUNTER_ENABLED when opcnt >= 0) and parse every datagram of the
 * answer into s; 0 or the -errno of the answer. */
static int ask(struct nl_sock *ns, const struct nl_req *req, int mask, int opcnt,
	       struct snapshot *s, char *msg, size_t msglen)
{
	unsigned char out[256] = { 0 };	/* libmnl leaves pads as they are */
	struct nl_result res = { 0 };
	struct nlmsghdr *nlh;
	int ret;

	ns->seq = ns->next_seq++;
	nlh = nl_req_build(out, req, ns->seq);
	if (mask >= 0) {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_RES, RDMA_NLDEV_ATTR_RES_QP);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_MODE, RDMA_COUNTER_MODE_AUTO);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_AUTO_MODE_MASK, (uint32_t)mask);
		if (opcnt >= 0)
			mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_STAT_OPCOUNTER_ENABLED, (uint8_t)opcnt);
	}
	ret = nlset_send_parse(ns, req, nlh, s, &res);
	if (res.msg[0])
		snprintf(msg, msglen, "%s", res.msg);
	return ret;
}

/* The port's mode as `rdmatop` says it ("auto type,pid", "manual",
 * "none"), and whether auto mode binds the optional counters too (6.15+;
 * -1 where the kernel does not say), or -errno. */
static int read_mode(struct nl_sock *ns, uint32_t dev, uint32_t port, int *mode, int *mask,
		     int *opcnt, char *msg, size_t msglen)
{
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_STAT_GET, .dev = dev, .port = port,
			      .kind = NL_REQ_STAT_QP };
	struct snapshot s;
	const struct snap_port *p;
	int ret;

	snap_init(&s);
	ret = ask(ns, &req, -1, -1, &s, msg, msglen);
	p = ret ? NULL : snap_port_find(&s, dev, port);
	if (!ret && (!p || !SNAP_HAS(p, SNAP_PORT_QP_MODE)))
		ret = -EOPNOTSUPP;
	if (!ret) {
		*mode = p->qp_mode;
		*mask = p->qp_mode == SNAP_QPCNT_AUTO ? p->qp_mask : 0;
		*opcnt = SNAP_HAS(p, SNAP_PORT_QP_OPCNT) ? p->qp_opcnt : -1;
	}
	snap_free(&s);
	return ret;
}

static const char *mode_name(int mode, int mask, char *b, size_t len)
{
	if (mode == SNAP_QPCNT_MANUAL)
		return "manual (auto off, counters bound)";
	if (mode != SNAP_QPCNT_AUTO)
		return "off";
	snprintf(b, len, "auto %s%s%s", mask & SNAP_QPCNT_BY_TYPE ? "type" : "",
		 (mask & SNAP_QPCNT_BY_TYPE) && (mask & SNAP_QPCNT_BY_PID) ? "," : "",
		 mask & SNAP_QPCNT_BY_PID ? "pid" : "");
	return b;
}

/* "type", "pid", "type,pid" (or "pid,type"), "off": the mask, or -1. */
static int parse_mode(const char *m)
{
	if (!strcmp(m, "off"))
		return 0;
	if (!strcmp(m, "type"))
		return SNAP_QPCNT_BY_TYPE;
	if (!strcmp(m, "pid"))
		return SNAP_QPCNT_BY_PID;
	if (!strcmp(m, "type,pid") || !strcmp(m, "pid,type"))
		return SNAP_QPCNT_BY_TYPE | SNAP_QPCNT_BY_PID;
	return -1;
}

static int refused(char *say, size_t saylen, const char *link, int ret, const char *msg,
		   const char *now)
{
	if (ret == -EPERM || ret == -EACCES)
		snprintf(say, saylen, "changing the QP counter mode needs CAP_NET_ADMIN (run as "
			"root); nothing changed, %s is still %s", link, now);
	else if (ret == -EOPNOTSUPP)
		snprintf(say, saylen, "the kernel refused (EOPNOTSUPP): the driver of %s cannot bind "
			"QPs to counters; nothing changed", link);
	else if (ret == -EBUSY)
		snprintf(say, saylen, "the kernel refused (EBUSY): auto mode can only be turned on "
			"while no counter is bound on the port; unbind them (rdma statistic qp "
			"unbind) or let their QPs end; %s stays %s", link, now);
	else
		snprintf(say, saylen, "setting the QP counter mode of %s failed: %s%s%s", link,
			strerror(-ret), msg[0] ? ": " : "", msg);
	return 1;
}

int qpcnt_mode_set(const char *link, const char *mode, char *say, size_t saylen)
{
	char dev[SNAP_DEV_NAME_MAX], msg[256] = "", b1[64], b2[64];
	const char *slash = strchr(link, '/');
	int want = parse_mode(mode), cur, cur_mask, opcnt, after, after_mask, after_opcnt, ret;
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_STAT_SET, .flags = NLM_F_ACK };
	struct snapshot s;
	struct nl_sock ns;
	unsigned long port;
	char *end;

	if (!slash || (size_t)(slash - link) >= sizeof(dev) || slash == link ||
	    (port = strtoul(slash + 1, &end, 10)) == 0 || *end || port > UINT32_MAX) {
		snprintf(say, saylen, "--set-qp-counters: LINK is DEV/PORT (e.g. mlx5_0/1), not '%s'",
			link);
		return 2;
	}
	if (want < 0) {
		snprintf(say, saylen, "--set-qp-counters: MODE is type, pid, type,pid or off, not '%s'",
			mode);
		return 2;
	}
	memcpy(dev, link, (size_t)(slash - link));
	dev[slash - link] = '\0';
	if (nlset_open_dev(&ns, dev, &req.dev, say, saylen))
		return 1;
	req.port = (uint32_t)port;
	ret = read_mode(&ns, req.dev, req.port, &cur, &cur_mask, &opcnt, msg, sizeof(msg));
	if (ret) {
		snprintf(say, saylen, "cannot read the QP counter mode of %s: %s%s%s", link,
			strerror(-ret), msg[0] ? ": " : "", msg);
		nl_close(&ns);
		return 1;
	}
	if ((want && cur == SNAP_QPCNT_AUTO && cur_mask == want) ||
	    (!want && cur != SNAP_QPCNT_AUTO)) {
		snprintf(say, saylen, "QP counters of %s are already %s: nothing changed", link,
			mode_name(cur, cur_mask, b1, sizeof(b1)));
		nl_close(&ns);
		return 0;
	}
	/*
	 * 6.15+ reset the optional-counters binding of auto mode to off when
	 * a set does not say (nldev_stat_set_mode_doit): say what the port
	 * has, where it said so.  Only then: older kernels' strict parse
	 * refuses the attribute.
	 */
	snap_init(&s);
	ret = ask(&ns, &req, want, want && cur == SNAP_QPCNT_AUTO ? opcnt : -1, &s, msg, sizeof(msg));
	snap_free(&s);
	if (read_mode(&ns, req.dev, req.port, &after, &after_mask, &after_opcnt, b2, sizeof(b2)))
		after = -1;
	nl_close(&ns);
	if (ret)
		return refused(say, saylen, link, ret, msg, mode_name(cur, cur_mask, b1, sizeof(b1)));
	if (after < 0) {
		snprintf(say, saylen, "the kernel accepted it, but the mode of %s could not be read "
			"back", link);
		return 1;
	}
	if ((want && (after != SNAP_QPCNT_AUTO || after_mask != want)) ||
	    (!want && after == SNAP_QPCNT_AUTO)) {
		snprintf(say, saylen, "the kernel accepted %s, but reading it back says %s",
			want ? mode : "off", mode_name(after, after_mask, b1, sizeof(b1)));
		return 1;
	}
	if (want)
		snprintf(say, saylen, "QP counters of %s set to %s (verified: the kernel now reports it). Auto "
			"mode binds the QPs created from now on, each to the counter of its %s; QPs "
			"that exist keep theirs (or none).", link, mode_name(after, after_mask, b1,
			sizeof(b1)), want == 3 ? "type and process" : want == 1 ? "type" : "process");
	else
		snprintf(say, saylen, "QP counters of %s: auto mode off, now %s (verified). New QPs are bound "
			"no more; counters bound already stay until their QPs end.", link,
			mode_name(after, after_mask, b1, sizeof(b1)));
	return 0;
}
