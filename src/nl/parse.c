// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nl_parse(): walk the netlink messages of one received buffer, hand each
 * NLDEV message to its object parser, and turn NLMSG_DONE / NLMSG_ERROR
 * (with the kernel's extended-ack text) into a result.  It reads bytes, not
 * a socket, so live answers and recordings go through the same code.
 *
 * libmnl's mnl_cb_run() is not used: it stops silently at a message cut
 * short and drops the extended ack, and both matter here.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/netlink.h>

#include "nl.h"

typedef int (*nl_msg_parser)(const struct nlmsghdr *nlh, struct snapshot *s);
typedef int (*nl_dev_msg_parser)(struct snapshot *s, const struct nlattr **tb, struct snap_dev *d);

/* Each command's parser: of the whole message (msg), or of a message
 * about one device (dev), which starts alike (nl_msg_dev). */
static const struct {
	nl_msg_parser msg;
	nl_dev_msg_parser dev;
} parsers[RDMA_NLDEV_NUM_OPS] = {
	[RDMA_NLDEV_CMD_GET] = { .dev = nl_dev_parse },
	[RDMA_NLDEV_CMD_PORT_GET] = { .dev = nl_port_parse },
	[RDMA_NLDEV_CMD_SYS_GET] = { .msg = nl_sys_parse },
	[RDMA_NLDEV_CMD_RES_GET] = { .dev = nl_res_parse },
	[RDMA_NLDEV_CMD_STAT_GET] = { .dev = nl_stat_parse },
	[RDMA_NLDEV_CMD_STAT_GET_STATUS] = { .dev = nl_stat_status_parse },
	[RDMA_NLDEV_CMD_MONITOR] = { .msg = nl_monitor_parse },
	[RDMA_NLDEV_CMD_RES_QP_GET_RAW] = { .msg = nl_qp_raw_parse },
#define RES_PARSER(ID, name, cmd, ...) \
	[RDMA_NLDEV_CMD_##cmd] = { .msg = nl_##name##_parse },
	SNAP_RES_LIST(RES_PARSER)
#undef RES_PARSER
};

static const uint16_t res_cmd[SNAP_RES_N] = {
#define RES_CMD(ID, name, cmd, ...) [SNAP_RES_##ID] = RDMA_NLDEV_CMD_##cmd,
	SNAP_RES_LIST(RES_CMD)
#undef RES_CMD
};

uint16_t nl_res_cmd(enum snap_res r)
{
	return res_cmd[r];
}

/* The object a command dumps, SNAP_RES_N for other commands. */
static enum snap_res cmd_res(uint16_t cmd)
{
	int r;

	for (r = 0; r < SNAP_RES_N && res_cmd[r] != cmd; r++)
		;
	return (enum snap_res)r;
}

/* The per-device table a command fills, -1 when it fills none. */
static int cmd_table(uint16_t cmd)
{
	enum snap_res r = cmd_res(cmd);

	if (r < SNAP_RES_N)
		return SNAP_TBL_RES + r;
	if (cmd == RDMA_NLDEV_CMD_PORT_GET)
		return SNAP_TBL_PORT;
	if (cmd == RDMA_NLDEV_CMD_STAT_GET)
		return SNAP_TBL_STAT;
	return -1;
}

static const char *cmd_what(uint16_t cmd)
{
	if (cmd_res(cmd) < SNAP_RES_N)
		return snap_res_info[cmd_res(cmd)].what;
	switch (cmd) {
	case RDMA_NLDEV_CMD_GET:
		return "device list";
	case RDMA_NLDEV_CMD_PORT_GET:
		return "port list";
	case RDMA_NLDEV_CMD_SYS_GET:
		return "system settings";
	case RDMA_NLDEV_CMD_RES_GET:
		return "resource summary";
	case RDMA_NLDEV_CMD_STAT_GET:
		return "hardware counters";
	case RDMA_NLDEV_CMD_MONITOR:
		return "event";
	default:
		return "request";
	}
}

/* Extended-ack TLVs (NLMSGERR_ATTR_*) start `off` bytes into the payload. */
static void ext_ack(const struct nlmsghdr *nlh, size_t off, struct nl_result *res)
{
	size_t plen = nlh->nlmsg_len - MNL_NLMSG_HDRLEN;
	const struct nlattr *a;
	size_t len;

	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS) || off >= plen)
		return;
	a = (const struct nlattr *)((const char *)mnl_nlmsg_get_payload(nlh) + off);
	len = plen - off;
	while (len && mnl_attr_ok(a, (int)len)) {
		size_t step = MNL_ALIGN(a->nla_len);

		if (mnl_attr_get_type(a) == NLMSGERR_ATTR_MSG) {
			size_t n = strnlen(mnl_attr_get_payload(a),
					   mnl_attr_get_payload_len(a));

			if (n >= sizeof(res->msg))
				n = sizeof(res->msg) - 1;
			memcpy(res->msg, mnl_attr_get_payload(a), n);
			res->msg[n] = '\0';
			/* the kernel's texts carry no newline, but be sure */
			while (n && (res->msg[n - 1] == '\n' || res->msg[n - 1] == ' '))
				res->msg[--n] = '\0';
			return;
		}
		if (step >= len)
			break;
		len -= step;
		a = (const struct nlattr *)((const char *)a + step);
	}
}

/*
 * NLMSG_ERROR: the error code, the request echoed back (only its header
 * when NLM_F_CAPPED), then the ext-ack TLVs.  An error of 0 is an ACK.
 */
static int error_msg(const struct nlmsghdr *nlh, struct nl_result *res)
{
	const struct nlmsgerr *e = mnl_nlmsg_get_payload(nlh);
	size_t plen = nlh->nlmsg_len - MNL_NLMSG_HDRLEN;
	size_t off;
	int error;

	if (plen < sizeof(int))
		return -EBADMSG;
	memcpy(&error, &e->error, sizeof(error));
	if (error > 0 || error == INT_MIN)
		error = -EPROTO;	/* not an errno the kernel would send */
	if (plen >= sizeof(*e)) {
		if (nlh->nlmsg_flags & NLM_F_CAPPED)
			off = sizeof(*e);
		else
			off = MNL_ALIGN(sizeof(int) + (size_t)e->msg.nlmsg_len);
		ext_ack(nlh, off, res);
	}
	return error;
}

/*
 * NLMSG_DONE of a dump: an int with the dump's result.  A dump that fails
 * in the kernel (e.g. -EINVAL for the raw QP dump with DRIVER_DETAILS on
 * 6.12, captured) ends here with the error, ext-ack TLVs after it.
 */
static int done_msg(const struct nlmsghdr *nlh, struct nl_result *res)
{
	size_t plen = nlh->nlmsg_len - MNL_NLMSG_HDRLEN;
	int error = 0;

	if (plen >= sizeof(int)) {
		memcpy(&error, mnl_nlmsg_get_payload(nlh), sizeof(error));
		if (error > 0 || error == INT_MIN)
			error = -EPROTO;
		ext_ack(nlh, sizeof(int), res);
	}
	return error;
}

static void dev_label(const struct snapshot *s, uint32_t dev, char *buf, size_t size)
{
	const struct snap_dev *d = dev == SNAP_NONE ? NULL : snap_dev_find(s, dev);

	if (d && d->name[0])
		snprintf(buf, size, "%s: ", d->name);
	else if (dev != SNAP_NONE)
		snprintf(buf, size, "device %u: ", dev);
	else
		buf[0] = '\0';
}

/*
 * The requests about counters of objects and optional counters: a device
 * without them answers -EOPNOTSUPP (no counter ops: rxe on 6.1 and 6.12),
 * -EINVAL (no hw stats: stat_get_doit_default_counter, the status doit) or
 * -ENOENT; that is "none", not a failed table, and says nothing.
 */
static bool optional_req(const struct nl_req *req, int err)
{
	if (!req->kind && req->cmd != RDMA_NLDEV_CMD_STAT_GET_STATUS)
		return false;
	return err == -EOPNOTSUPP || err == -EINVAL || err == -ENOENT || err == -ENODATA;
}

static const char *req_what(const struct nl_req *req)
{
	if (req->cmd == RDMA_NLDEV_CMD_STAT_GET_STATUS)
		return "optional counters";
	if (req->kind == NL_REQ_STAT_QP)
		return req->flags & NLM_F_DUMP ? "bound counters" : "QP counter mode";
	if (req->kind == NL_REQ_STAT_MR)
		return "MR stats";
	return cmd_what(req->cmd);
}

/*
 * A 7.x object's command, which an older kernel does not know
 * (rdma_nl_rcv_msg: -EINVAL past its RDMA_NLDEV_NUM_OPS): it has none of
 * them, no table is marked asked, and nothing is said.
 */
static bool unknown_cmd(const struct nl_req *req, int err)
{
	enum snap_res r = cmd_res(req->cmd);

	return r < SNAP_RES_N && (snap_res_info[r].flags & SNAP_RES_NEWER) &&
	       (err == -EINVAL || err == -EOPNOTSUPP);
}

/*
 * The raw QP contexts refused (nldev.c, 5.9 to 7.x): -EPERM without
 * CAP_NET_ADMIN (RDMA_NL_ADMIN_PERM, core/netlink.c rdma_nl_rcv_msg), said
 * once a sample (the live source asks no other device then); -EINVAL (or
 * -EOPNOTSUPP) where the driver has no raw fill (rxe, siw): the peer is the
 * CM_ID's or none, nothing to say.
 */
static void raw_refused(struct snapshot *s, const struct nl_req *req, int err,
			const struct nl_result *res)
{
	if (err != -EPERM && err != -EACCES) {
		if (err != -EINVAL && err != -EOPNOTSUPP)
			snap_note(s, err, req->dev, "raw QP contexts unavailable: %s%s%s",
				  strerror(-err), res->msg[0] ? ": " : "", res->msg);
		return;
	}
	s->flags |= SNAP_F_NO_RAW;
	snap_note(s, 0, SNAP_NONE, "peer address needs CAP_NET_ADMIN (the kernel refuses "
		  "raw QP contexts): run as root to see it beyond CM QPs");
}

/* Say once that a request failed, and mark the device's table. */
static void record_error(struct snapshot *s, const struct nl_req *req, int err,
			 const struct nl_result *res)
{
	int t = req->kind ? -1 : cmd_table(req->cmd);
	char who[SNAP_DEV_NAME_MAX + 16];

	if (nl_dd_refused(req, err))
		return;	/* asked again without DRIVER_DETAILS: no error */
	if (req->kind == NL_REQ_OBJ) {
		/*
		 * A GET of one QP: rdma_restrack_get_byid() answers -ENOENT
		 * when the QP is gone (the row goes with it); -EAGAIN when it
		 * is on another port now, -EINVAL when the port or the device
		 * is (6.1 to 7.x): its carried row stays, with its age.
		 */
		if (err == -ENOENT && req->dev != SNAP_NONE)
			nl_qp_gone(s, req);
		else if (err != -EAGAIN && err != -EINVAL && err != -EBADMSG)
			snap_note(s, err, req->dev, "GET of QP %u failed: %s", req->id,
				  strerror(-err));
		return;
	}
	/*
	 * A GET of one device the device list named: failing, it says the
	 * device is gone (ib_device_get_by_index() finds it no more: -EINVAL
	 * on 6.1 and 6.12, seen with rxe and `rdma link delete`).
	 */
	if (req->cmd == RDMA_NLDEV_CMD_GET && !(req->flags & NLM_F_DUMP) &&
	    req->dev != SNAP_NONE && (err == -EINVAL || err == -ENODEV) &&
	    snap_dev_find(s, req->dev)) {
		nl_dev_gone(s, req->dev);
		return;
	}
	if (optional_req(req, err))
		return;
	if (req->cmd == RDMA_NLDEV_CMD_RES_QP_GET_RAW) {
		raw_refused(s, req, err, res);
		return;
	}
	if (unknown_cmd(req, err))
		return;
	if (t >= 0 && req->dev != SNAP_NONE) {
		struct snap_dev *d = snap_dev_find(s, req->dev);

		if (d)
			d->tbl_err[t] = err;
	}
	dev_label(s, req->dev, who, sizeof(who));
	if (res->msg[0])
		snap_note(s, err, req->dev, "%s%s unavailable: %s (kernel: %s)", who,
			  req_what(req), strerror(-err), res->msg);
	else
		snap_note(s, err, req->dev, "%s%s unavailable: %s", who,
			  req_what(req), strerror(-err));
}

/*
 * A resource dump of one device came to its end (complete or failed): the
 * table was asked for in this sample, and its rows are from now.
 */
static void mark_asked(struct snapshot *s, const struct nl_req *req, int err)
{
	enum snap_res r = cmd_res(req->cmd);
	struct snap_dev *d;

	if (r == SNAP_RES_N || req->dev == SNAP_NONE || !(req->flags & NLM_F_DUMP) ||
	    !(d = snap_dev_find(s, req->dev)) || unknown_cmd(req, err))
		return;
	d->res_asked |= (uint16_t)(1u << r);
	d->res_when[r] = s->mono;
}

static int dev_msg(const struct nlmsghdr *nlh, struct snapshot *s, nl_dev_msg_parser parse)
{
	const struct nlattr *tb[RDMA_NLDEV_ATTR_MAX];
	struct snap_dev *d;
	int err = nl_msg_dev(nlh, s, tb, &d);

	return err ? err : parse(s, tb, d);
}

static int dispatch(const struct nlmsghdr *nlh, struct snapshot *s,
		    const struct nl_req *req)
{
	uint16_t type = nlh->nlmsg_type;
	unsigned int op = RDMA_NL_GET_OP(type);

	/* other RDMA clients (CM, LS, iWPM): not ours */
	if (RDMA_NL_GET_CLIENT(type) != RDMA_NL_NLDEV)
		return 0;
	/*
	 * nldev_port_get_doit() answers a PORT_GET for one port with the
	 * type of CMD_GET (6.1 and 6.12, captured; its dump uses PORT_GET):
	 * the request, not the answer's type, says what the message holds.
	 */
	if (op == RDMA_NLDEV_CMD_GET && req->cmd == RDMA_NLDEV_CMD_PORT_GET)
		op = RDMA_NLDEV_CMD_PORT_GET;
	if (req->kind == NL_REQ_OBJ)
		return op == RDMA_NLDEV_CMD_RES_QP_GET && req->cmd == op ?
		       nl_qp_get_parse(nlh, s, req) : 0;
	if (op >= RDMA_NLDEV_NUM_OPS)
		return 0;
	if (parsers[op].dev)
		return dev_msg(nlh, s, parsers[op].dev);
	return parsers[op].msg ? parsers[op].msg(nlh, s) : 0;
}

/*
 * mnl_nlmsg_ok() compares nlmsg_len as an int: a length of 0xffffffff is
 * -1, "fits", and mnl_nlmsg_next() then aligns it to 0 and never moves, so
 * one damaged datagram in a recording hung the replay (found by fuzzing).
 */
static bool msg_ok(const struct nlmsghdr *nlh, size_t rem)
{
	return rem >= sizeof(*nlh) && nlh->nlmsg_len >= sizeof(*nlh) && nlh->nlmsg_len <= rem;
}

static const struct nlmsghdr *msg_next(const struct nlmsghdr *nlh, size_t *rem)
{
	size_t step = MNL_ALIGN((size_t)nlh->nlmsg_len);

	if (step > *rem)
		step = *rem;	/* the last message may lack its padding */
	*rem -= step;
	return (const struct nlmsghdr *)((const char *)nlh + step);
}

static int parse_buf(struct snapshot *s, const struct nl_req *req, const void *buf,
		     size_t len, struct nl_result *res)
{
	const struct nlmsghdr *nlh = buf;
	bool dump = req->flags & NLM_F_DUMP;
	size_t rem;
	int err = 0;

	if (!res->more)
		snap_mark(s, &res->mark);
	res->more = false;
	res->done = false;
	res->err = 0;
	res->msg[0] = '\0';
	if (len > NL_BUF_SIZE * 64) {
		err = -EMSGSIZE;
		goto bad;
	}
	rem = len;

	while (!res->done && msg_ok(nlh, rem)) {
		if (nlh->nlmsg_flags & NLM_F_DUMP_INTR) {
			err = -EINTR;
			goto bad;
		}
		switch (nlh->nlmsg_type) {
		case NLMSG_NOOP:
		case NLMSG_OVERRUN:
			break;
		case NLMSG_DONE:
			res->done = true;
			err = done_msg(nlh, res);
			break;
		case NLMSG_ERROR:
			res->done = true;
			err = error_msg(nlh, res);
			if (err == -EBADMSG)
				goto bad;
			break;
		default:
			if (nlh->nlmsg_type < NLMSG_MIN_TYPE)
				break;
			err = dispatch(nlh, s, req);
			if (err)
				goto bad;
			/* a plain request is answered by one message */
			if (!dump)
				res->done = true;
			break;
		}
		nlh = msg_next(nlh, &rem);
	}
	/* bytes that do not make a whole message: cut short or corrupt */
	if (!res->done && rem > 0) {
		err = -EBADMSG;
		goto bad;
	}
	if (err) {
		res->err = err;
		if (nl_dd_refused(req, err))
			snap_rollback(s, &res->mark);
		record_error(s, req, err, res);
		mark_asked(s, req, err);
		return err;
	}
	if (!res->done) {
		res->more = true;
		return 1;
	}
	mark_asked(s, req, 0);
	return 0;

bad:
	/* a half-parsed table is worse than none: drop what the request added */
	snap_rollback(s, &res->mark);
	res->err = err;
	res->done = err != -EINTR;
	if (err != -EINTR) {
		record_error(s, req, err, res);
		mark_asked(s, req, err);
	}
	return err;
}

/*
 * Netlink headers and attributes are read in place, which needs the 4-byte
 * alignment a socket buffer has; bytes from a recording can sit at any
 * offset, so those are parsed from an aligned copy.
 */
int nl_parse(struct snapshot *s, const struct nl_req *req, const void *buf,
	     size_t len, struct nl_result *res)
{
	void *copy;
	int ret;

	if (!((uintptr_t)buf % NLMSG_ALIGNTO))
		return parse_buf(s, req, buf, len, res);
	copy = malloc(len ? len : 1);
	if (!copy) {
		res->err = -ENOMEM;
		res->done = true;
		res->more = false;
		return -ENOMEM;
	}
	memcpy(copy, buf, len);
	ret = parse_buf(s, req, copy, len, res);
	free(copy);
	return ret;
}
