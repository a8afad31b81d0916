// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The synthetic host's netlink answers (see kgen.h): datagrams framed as the
 * kernel frames them, messages in nldev.c's attribute order.  Layouts follow
 * the captures in tests/data/ref (Debian 6.1.192 and 6.12.95, rxe);
 * tests/bench/layout.c checks them attribute by attribute.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>

#include "kgen_priv.h"

/* rxe_counter_descs order: the order STAT_GET lists them */
const char *const kgen_hw_names[15] = {
	"sent_pkts", "rcvd_pkts", "duplicate_request", "out_of_seq_request",
	"rcvd_rnr_err", "send_rnr_err", "rcvd_seq_err", "ack_deferred",
	"retry_exceeded_err", "retry_rnr_exceeded_err", "completer_retry_err",
	"send_err", "link_downed", "rdma_sends", "rdma_recvs",
};

/* ---- datagrams ---- */

static void dg_start(struct kgen *g)
{
	g->nlh = NULL;
	memset(g->dg, 0, 32);
}

static struct nlmsghdr *msg_put(struct kgen *g, void *at, uint16_t cmd, uint16_t flags)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(at);

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, cmd);
	nlh->nlmsg_flags = flags;
	nlh->nlmsg_seq = g->seq;
	nlh->nlmsg_pid = KGEN_PORTID;
	return nlh;
}

static int send_dg(struct kgen *g, struct raw_sink *sink, const struct nl_req *req,
		   size_t len)
{
	return sink->nl(sink->ctx, req, g->dg, len);
}

static int send_done(struct kgen *g, struct raw_sink *sink, const struct nl_req *req)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(g->dg);
	int zero = 0;

	nlh->nlmsg_type = NLMSG_DONE;
	nlh->nlmsg_flags = NLM_F_MULTI;
	nlh->nlmsg_seq = g->seq;
	nlh->nlmsg_pid = KGEN_PORTID;
	memcpy(mnl_nlmsg_put_extra_header(nlh, sizeof(zero)), &zero, sizeof(zero));
	return send_dg(g, sink, req, nlh->nlmsg_len);
}

/* fill_nldev_handle() */
static void put_handle(struct nlmsghdr *nlh, const struct kdev *d)
{
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, d->index);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, d->name);
}

/* ---- the answers, in nldev.c's attribute order (6.12 captures) ---- */

static int answer_sys(struct kgen *g, struct raw_sink *sink, const struct nl_req *req)
{
	struct nlmsghdr *nlh = msg_put(g, g->dg, RDMA_NLDEV_CMD_SYS_GET, 0);

	mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_NETNS_MODE, 1);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_PRIVILEGED_QKEY_MODE, 0);
	if (!g->cfg.linux_6_1)
		mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_MONITOR_MODE, 1);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_COPY_ON_FORK, 1);
	return send_dg(g, sink, req, nlh->nlmsg_len);
}

/*
 * Device and summary dumps: ib_enum_all_devs() stops after each device
 * because the fill function returns skb->len, so one device per datagram
 * (as captured), then NLMSG_DONE.
 */
static int answer_devs(struct kgen *g, struct raw_sink *sink, const struct nl_req *req)
{
	size_t i;
	int err;

	for (i = 0; i < g->n_devs; i++) {
		const struct kdev *d = &g->devs[i];
		struct nlmsghdr *nlh;

		if (d->absent)
			continue;
		nlh = msg_put(g, g->dg, RDMA_NLDEV_CMD_GET, NLM_F_MULTI);
		put_handle(nlh, d);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_CAP_FLAGS, 0x1c001223c76ULL);
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_NODE_GUID, d->guid);
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_SYS_IMAGE_GUID, d->guid);
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DEV_NODE_TYPE, 1);
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DEV_DIM, 0);
		if (!g->cfg.linux_6_1)
			mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_NAME_ASSIGN_TYPE, 1);
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_PROTOCOL, "roce");
		err = send_dg(g, sink, req, nlh->nlmsg_len);
		if (err)
			return err;
	}
	return send_done(g, sink, req);
}

size_t kgen_procs_on(const struct kgen *g, size_t dev)
{
	size_t i, n = 0;

	for (i = 0; i < g->n_procs; i++)
		n += g->procs[i].dev == dev;
	return n;
}

/* A device's summary: the answer to its RES_GET (a GET, one message). */
static int answer_summary(struct kgen *g, struct raw_sink *sink, const struct kdev *d)
{
	static const char *const names[] = { "pd", "cq", "qp", "cm_id", "mr", "ctx", "srq" };
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_RES_GET, .dev = d->index, .port = SNAP_NONE };
	size_t np = kgen_procs_on(g, (size_t)(d - g->devs)), r;
	uint64_t curr[7] = { np + 1, 2 * np + 1, d->n_qps + 1, 0, 2 * np, np, 0 };
	struct nlmsghdr *nlh = msg_put(g, g->dg, RDMA_NLDEV_CMD_RES_GET, 0);
	struct nlattr *tab;

	put_handle(nlh, d);
	tab = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY);
	for (r = 0; r < 7; r++) {
		struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY);

		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_NAME, names[r]);
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_CURR, curr[r]);
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, tab);
	return send_dg(g, sink, &req, nlh->nlmsg_len);
}

static int answer_ports(struct kgen *g, struct raw_sink *sink, const struct nl_req *req,
			const struct kdev *d)
{
	struct nlmsghdr *nlh = msg_put(g, g->dg, RDMA_NLDEV_CMD_PORT_GET, NLM_F_MULTI);
	int err;

	/* fill_port_info() for RoCE: no cap flags, LIDs or subnet prefix */
	put_handle(nlh, d);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_PORT_STATE, 4);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_PORT_PHYS_STATE, 5);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_NDEV_INDEX, d->ndev_index);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_NDEV_NAME, d->ndev);
	err = send_dg(g, sink, req, nlh->nlmsg_len);
	return err ? err : send_done(g, sink, req);
}

/*
 * One resource entry into the message, or false when it does not fit
 * (nla_put fails with -EMSGSIZE; the kernel cancels the entry's nest and
 * ends the message there).
 */
typedef bool (*entry_fn)(struct kgen *g, struct nlmsghdr *nlh, const struct kdev *d,
			 size_t i);

#define ROOM KGEN_SKB_ROOM
#define PUT32(t, v) mnl_attr_put_u32_check(nlh, ROOM, t, v)
#define PUT8(t, v) mnl_attr_put_u8_check(nlh, ROOM, t, v)
#define PUT64(t, v) mnl_attr_put_u64_check(nlh, ROOM, t, v)
#define PUTS(t, v) mnl_attr_put_strz_check(nlh, ROOM, t, v)

/* fill_res_qp_entry(): port, lqpn, pdn (user QPs), owner, then the query */
static bool qp_entry(struct kgen *g, struct nlmsghdr *nlh, const struct kdev *d, size_t i)
{
	const struct kqp *q = &d->qps[i];
	bool conn = q->type == 2 || q->type == 3;	/* RC, UC */
	bool kern = q->lqpn == 1;

	if (!PUT32(RDMA_NLDEV_ATTR_PORT_INDEX, 1) || !PUT32(RDMA_NLDEV_ATTR_RES_LQPN, q->lqpn))
		return false;
	if (kern) {
		if (!PUTS(RDMA_NLDEV_ATTR_RES_KERN_NAME, "ib_core"))
			return false;
	} else {
		const struct kproc *p = &g->procs[q->proc];

		if (!PUT32(RDMA_NLDEV_ATTR_RES_PDN, p->pdn) ||
		    !PUT32(RDMA_NLDEV_ATTR_RES_PID, p->pid + q->tid2))
			return false;
	}
	if (conn && (!PUT32(RDMA_NLDEV_ATTR_RES_RQPN, q->rqpn) ||
		     !PUT32(RDMA_NLDEV_ATTR_RES_RQ_PSN, q->rq_psn)))
		return false;
	if (!PUT32(RDMA_NLDEV_ATTR_RES_SQ_PSN, q->sq_psn))
		return false;
	if (conn && !PUT8(RDMA_NLDEV_ATTR_RES_PATH_MIG_STATE, 0))
		return false;
	return PUT8(RDMA_NLDEV_ATTR_RES_TYPE, q->type) &&
	       PUT8(RDMA_NLDEV_ATTR_RES_STATE, q->state);
}

/* The processes of device d, in the order their objects were created. */
static const struct kproc *nth_proc(const struct kgen *g, size_t dev, size_t n)
{
	size_t i;

	for (i = 0; i < g->n_procs; i++)
		if (g->procs[i].dev == dev && !n--)
			return &g->procs[i];
	return NULL;
}

/* Per-device object tables: entry 0 is ib_core's, then per process ones. */
static bool cq_entry(struct kgen *g, struct nlmsghdr *nlh, const struct kdev *d, size_t i)
{
	const struct kproc *p;

	if (!i)
		return PUT32(RDMA_NLDEV_ATTR_RES_CQE, 1023) &&
		       PUT64(RDMA_NLDEV_ATTR_RES_USECNT, 2) &&
		       PUT8(RDMA_NLDEV_ATTR_RES_POLL_CTX, 2) &&
		       PUT8(RDMA_NLDEV_ATTR_DEV_DIM, 0) &&
		       PUT32(RDMA_NLDEV_ATTR_RES_CQN, 0) &&
		       PUTS(RDMA_NLDEV_ATTR_RES_KERN_NAME, "ib_core");
	p = nth_proc(g, (size_t)(d - g->devs), (i - 1) / 2);
	return p && PUT32(RDMA_NLDEV_ATTR_RES_CQE, 4095) &&
	       PUT64(RDMA_NLDEV_ATTR_RES_USECNT, 64) &&
	       PUT8(RDMA_NLDEV_ATTR_DEV_DIM, 0) &&
	       PUT32(RDMA_NLDEV_ATTR_RES_CQN, p->cqn + (uint32_t)((i - 1) % 2)) &&
	       PUT32(RDMA_NLDEV_ATTR_RES_CTXN, p->ctxn) &&
	       PUT32(RDMA_NLDEV_ATTR_RES_PID, p->pid);
}

static bool mr_entry(struct kgen *g, struct nlmsghdr *nlh, const struct kdev *d, size_t i)
{
	const struct kproc *p = nth_proc(g, (size_t)(d - g->devs), i / 2);
	uint32_t mrn = p ? p->mrn + (uint32_t)(i % 2) : 0;

	return p && PUT32(RDMA_NLDEV_ATTR_RES_RKEY, mrn << 8 | 0x5a) &&
	       PUT32(RDMA_NLDEV_ATTR_RES_LKEY, mrn << 8 | 0x5a) &&
	       PUT64(RDMA_NLDEV_ATTR_RES_MRLEN, (uint64_t)1 << (20 + i % 8)) &&
	       PUT32(RDMA_NLDEV_ATTR_RES_MRN, mrn) &&
	       PUT32(RDMA_NLDEV_ATTR_RES_PDN, p->pdn) &&
	       PUT32(RDMA_NLDEV_ATTR_RES_PID, p->pid);
}

static bool pd_entry(struct kgen *g, struct nlmsghdr *nlh, const struct kdev *d, size_t i)
{
	const struct kproc *p;

	if (!i)
		return PUT32(RDMA_NLDEV_ATTR_RES_LOCAL_DMA_LKEY, 0x1de) &&
		       PUT64(RDMA_NLDEV_ATTR_RES_USECNT, 1) &&
		       PUT32(RDMA_NLDEV_ATTR_RES_PDN, 0) &&
		       PUTS(RDMA_NLDEV_ATTR_RES_KERN_NAME, "ib_core");
	p = nth_proc(g, (size_t)(d - g->devs), i - 1);
	return p && PUT32(RDMA_NLDEV_ATTR_RES_LOCAL_DMA_LKEY, 0) &&
	       PUT64(RDMA_NLDEV_ATTR_RES_USECNT, 2) &&
	       PUT32(RDMA_NLDEV_ATTR_RES_PDN, p->pdn) &&
	       PUT32(RDMA_NLDEV_ATTR_RES_CTXN, p->ctxn) &&
	       PUT32(RDMA_NLDEV_ATTR_RES_PID, p->pid);
}

static bool ctx_entry(struct kgen *g, struct nlmsghdr *nlh, const struct kdev *d, size_t i)
{
	const struct kproc *p = nth_proc(g, (size_t)(d - g->devs), i);

	return p && PUT32(RDMA_NLDEV_ATTR_RES_CTXN, p->ctxn) &&
	       PUT32(RDMA_NLDEV_ATTR_RES_PID, p->pid);
}

/*
 * res_get_common_dumpit(): per call one message with the device handle and
 * a table nest holding every entry that fits; a call that fits none sends
 * nothing, and netlink_dump() then sends NLMSG_DONE alone.
 */
static int answer_table(struct kgen *g, struct raw_sink *sink, const struct nl_req *req,
			const struct kdev *d, uint16_t table, uint16_t entry, size_t n,
			entry_fn fill)
{
	size_t i = 0;
	int err;

	while (i < n) {
		struct nlmsghdr *nlh;
		struct nlattr *tab;
		size_t filled = 0;

		dg_start(g);
		nlh = msg_put(g, g->dg, req->cmd, NLM_F_MULTI);
		put_handle(nlh, d);
		tab = mnl_attr_nest_start(nlh, table);
		for (; i < n; i++) {
			struct nlattr *e = mnl_attr_nest_start_check(nlh, ROOM, entry);

			if (!e)
				break;
			if (!fill(g, nlh, d, i)) {
				mnl_attr_nest_cancel(nlh, e);
				break;
			}
			mnl_attr_nest_end(nlh, e);
			filled++;
		}
		if (!filled)
			return -EMSGSIZE;	/* one entry larger than a datagram */
		mnl_attr_nest_end(nlh, tab);
		err = send_dg(g, sink, req, nlh->nlmsg_len);
		if (err)
			return err;
	}
	return send_done(g, sink, req);
}

static int answer_stat(struct kgen *g, struct raw_sink *sink, const struct nl_req *req,
		       const struct kdev *d)
{
	struct nlmsghdr *nlh = msg_put(g, g->dg, RDMA_NLDEV_CMD_STAT_GET, 0);
	struct nlattr *tab;
	size_t i;

	put_handle(nlh, d);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	tab = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTERS);
	for (i = 0; i < 15; i++) {
		struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);

		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME, kgen_hw_names[i]);
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE, d->hw[i]);
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, tab);
	return send_dg(g, sink, req, nlh->nlmsg_len);
}

static int dev_tables(struct kgen *g, struct raw_sink *sink, struct kdev *d)
{
	struct nl_req req = { .flags = NLM_F_DUMP, .dev = d->index, .port = SNAP_NONE };
	size_t np = kgen_procs_on(g, (size_t)(d - g->devs));
	int err;

	g->seq++;
	err = answer_summary(g, sink, d);
	g->seq++;
	req.cmd = RDMA_NLDEV_CMD_PORT_GET;
	if (!err)
		err = answer_ports(g, sink, &req, d);
	g->seq++;
	req.cmd = RDMA_NLDEV_CMD_RES_QP_GET;
	if (!err)
		err = answer_table(g, sink, &req, d, RDMA_NLDEV_ATTR_RES_QP,
				   RDMA_NLDEV_ATTR_RES_QP_ENTRY, d->n_qps, qp_entry);
	g->seq++;
	req.cmd = RDMA_NLDEV_CMD_RES_CM_ID_GET;
	if (!err)
		err = send_done(g, sink, &req);
	g->seq++;
	req.cmd = RDMA_NLDEV_CMD_RES_CQ_GET;
	if (!err)
		err = answer_table(g, sink, &req, d, RDMA_NLDEV_ATTR_RES_CQ,
				   RDMA_NLDEV_ATTR_RES_CQ_ENTRY, 1 + 2 * np, cq_entry);
	g->seq++;
	req.cmd = RDMA_NLDEV_CMD_RES_MR_GET;
	if (!err)
		err = answer_table(g, sink, &req, d, RDMA_NLDEV_ATTR_RES_MR,
				   RDMA_NLDEV_ATTR_RES_MR_ENTRY, 2 * np, mr_entry);
	g->seq++;
	req.cmd = RDMA_NLDEV_CMD_RES_PD_GET;
	if (!err)
		err = answer_table(g, sink, &req, d, RDMA_NLDEV_ATTR_RES_PD,
				   RDMA_NLDEV_ATTR_RES_PD_ENTRY, 1 + np, pd_entry);
	g->seq++;
	req.cmd = RDMA_NLDEV_CMD_RES_CTX_GET;
	if (!err)
		err = answer_table(g, sink, &req, d, RDMA_NLDEV_ATTR_RES_CTX,
				   RDMA_NLDEV_ATTR_RES_CTX_ENTRY, np, ctx_entry);
	g->seq++;
	req.cmd = RDMA_NLDEV_CMD_RES_SRQ_GET;
	if (!err)
		err = send_done(g, sink, &req);
	return err;
}

/* The dumps of one sample, in live_sample()'s order. */
int kgen_nl_sample(struct kgen *g, struct raw_sink *sink)
{
	struct nl_req req = { .dev = SNAP_NONE, .port = SNAP_NONE };
	size_t i;
	int err;

	g->seq++;
	req.cmd = RDMA_NLDEV_CMD_SYS_GET;
	err = answer_sys(g, sink, &req);
	g->seq++;
	req.cmd = RDMA_NLDEV_CMD_GET;
	req.flags = NLM_F_DUMP;
	if (!err)
		err = answer_devs(g, sink, &req);
	for (i = 0; !err && i < g->n_devs; i++)
		if (!g->devs[i].absent)
			err = dev_tables(g, sink, &g->devs[i]);
	for (i = 0; !err && i < g->n_devs; i++) {
		if (g->devs[i].absent)
			continue;
		g->seq++;
		req = (struct nl_req){ .cmd = RDMA_NLDEV_CMD_STAT_GET, .dev = g->devs[i].index,
				       .port = 1 };
		err = answer_stat(g, sink, &req, &g->devs[i]);
	}
	return err;
}
