// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gen: writes every hardware-shaped fixture of tests/hw/gen_drivers.c into
 * OUTDIR/NAME/: netlink.fix (the kernel's answers, fixture.h), index.txt
 * (its keys), expect.jsonl (the values put in, in `rdma -j` key names: the
 * oracle's decode is checked against them), and the --sysroot tree
 * (sys/class/infiniband, sys/class/net, proc).
 *
 * The answers follow drivers/infiniband/core/nldev.c of Linux 7.x
 * (fill_nldev_handle, fill_dev_info, fill_port_info, fill_res_info,
 * fill_res_*_entry, res_get_common_dumpit, nldev_stat_get_doit/dumpit,
 * stat_get_doit_default_counter, stat_get_doit_qp,
 * nldev_stat_get_counter_status_doit, fill_res_counter_entry,
 * fill_stat_mr_entry, nldev_sys_get_doit), attribute by attribute in the
 * order those functions put them; where 6.1 differs it is said at the
 * place (gfix.linux_6_1 selects 6.1's layout).
 *
 * usage: gen OUTDIR [NAME...]
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include <libmnl/libmnl.h>

#include "fixture.h"
#include "gen.h"

static FILE *fix_out, *index_out, *expect_out;
static uint32_t rec_flags;	/* the next record's FIX_F_* */
static unsigned char mbuf[65536];
static struct nlmsghdr *msgs[256];
static size_t nmsg;
static const struct gfix *F;

/* ---- records ---- */

static void rec_write(const char *key, int error, const char *text);

/*
 * iproute2 6.9+ puts DRIVER_DETAILS in every resource request, 0 without
 * -dd.  The resource handlers parse liberally (nlmsg_parse_deprecated) and
 * read the value: 0 is a request without it, and a 6.1 kernel, which has
 * no such attribute, ignores it.  The stat handlers parse strictly
 * (nlmsg_parse, 6.1 and 7.x): a 6.1 kernel refuses an attribute beyond its
 * RDMA_NLDEV_ATTR_MAX with -EINVAL, whatever it holds.
 */
static void rec_twin(const char *key, int error, const char *text)
{
	char twin[FIX_KEY_MAX];

	if (strstr(key, " dd=") || (strncmp(key, "res_", 4) && strncmp(key, "stat_get dump", 13)))
		return;
	snprintf(twin, sizeof(twin), "%s dd=0", key);
	rec_write(twin, error, text);
}

static void rec_write(const char *key, int error, const char *text)
{
	if (F->linux_6_1 && !strncmp(key, "stat_", 5) && strstr(key, " dd=")) {
		/* nlmsg_parse() (strict) of a 6.1 kernel: DRIVER_DETAILS is
		 * beyond its RDMA_NLDEV_ATTR_MAX; a doit's extack says so, a
		 * dumpit parses without one */
		for (size_t i = 0; i < nmsg; i++)
			free(msgs[i]);
		nmsg = 0;
		error = -EINVAL;
		text = strstr(key, " dump") ? NULL : "Unknown attribute type";
	}
	uint16_t kl = (uint16_t)strlen(key), tl = (uint16_t)(text ? strlen(text) : 0);
	int32_t e = error;
	uint32_t n = (uint32_t)nmsg;
	bool twin = !strstr(key, " dd=") && (!strncmp(key, "res_", 4) || !strncmp(key, "stat_get dump", 13));

	fwrite(&kl, 2, 1, fix_out);
	fwrite(key, kl, 1, fix_out);
	fwrite(&e, 4, 1, fix_out);
	fwrite(&rec_flags, 4, 1, fix_out);
	fwrite(&tl, 2, 1, fix_out);
	if (tl)
		fwrite(text, tl, 1, fix_out);
	fwrite(&n, 4, 1, fix_out);
	for (size_t i = 0; i < nmsg; i++) {
		uint32_t l = msgs[i]->nlmsg_len;

		fwrite(&l, 4, 1, fix_out);
		fwrite(msgs[i], l, 1, fix_out);
		if (!twin)
			free(msgs[i]);
	}
	if (error)
		fprintf(index_out, "%s -> error %d%s%s\n", key, error, text ? ": " : "", text ? text : "");
	else
		fprintf(index_out, "%s -> %zu message%s\n", key, nmsg, nmsg == 1 ? "" : "s");
	if (twin) {
		rec_twin(key, error, text);
		return;
	}
	nmsg = 0;
	rec_flags = 0;
}

static struct nlmsghdr *msg_start(unsigned int cmd, bool multi)
{
	struct nlmsghdr *nlh;

	memset(mbuf, 0, sizeof(mbuf));
	nlh = mnl_nlmsg_put_header(mbuf);
	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, cmd);
	nlh->nlmsg_flags = multi ? NLM_F_MULTI : 0;
	return nlh;	/* seq and pid: the shim puts the requester's */
}

static void msg_end(struct nlmsghdr *nlh)
{
	struct nlmsghdr *c = malloc(nlh->nlmsg_len);

	/* a doit's reply is built in nlmsg_new(NLMSG_DEFAULT_SIZE): a model
	 * that needs more would get -EMSGSIZE from the kernel */
	if (!(nlh->nlmsg_flags & NLM_F_MULTI) && nlh->nlmsg_len > 4096 - 320) {
		fprintf(stderr, "gen: %s: a %u-byte doit reply does not fit NLMSG_DEFAULT_SIZE\n", F->name,
			nlh->nlmsg_len);
		exit(1);
	}

	memcpy(c, nlh, nlh->nlmsg_len);
	msgs[nmsg++] = c;
}

/* ---- expectations: one JSON line per object, in rdma -j names ---- */

static char ebuf[8192];
static size_t elen;

static void exp_start(const char *cmd, const struct gdev *d)
{
	elen = (size_t)snprintf(ebuf, sizeof(ebuf), "{\"cmd\": \"%s\", \"ifname\": \"%s\", \"want\": {", cmd,
				d ? d->name : "");
}

static void exp_sep(void)
{
	if (ebuf[elen - 1] != '{')
		elen += (size_t)snprintf(ebuf + elen, sizeof(ebuf) - elen, ", ");
}

static void exp_u(const char *k, uint64_t v)
{
	exp_sep();
	elen += (size_t)snprintf(ebuf + elen, sizeof(ebuf) - elen, "\"%s\": %llu", k, (unsigned long long)v);
}

static void exp_s(const char *k, const char *v)
{
	exp_sep();
	elen += (size_t)snprintf(ebuf + elen, sizeof(ebuf) - elen, "\"%s\": \"%s\"", k, v);
}

static void exp_end(void)
{
	fprintf(expect_out, "%s}}\n", ebuf);
}

/* An expectation's command: "res qp" for `rdma -j -d`, "res qp-dd" for
 * `-dd` of an iproute2 that sends DRIVER_DETAILS (6.9+), "res qp-olddd"
 * for `-dd` of one that does not (driver nests printed, no DD objects) */
static const char *exp_cmd(const char *cmd, const char *sfx)
{
	static char b[64];

	snprintf(b, sizeof(b), "%s%s", cmd, sfx);
	return b;
}

/* ---- the fill functions ---- */

/* fill_nldev_handle() */
static void put_handle(struct nlmsghdr *nlh, const struct gdev *d)
{
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, d->index);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, d->name);
}

static const char *guid_str(uint64_t g, char *b)
{
	sprintf(b, "%04x:%04x:%04x:%04x", (unsigned)(g >> 48) & 0xffff, (unsigned)(g >> 32) & 0xffff,
		(unsigned)(g >> 16) & 0xffff, (unsigned)g & 0xffff);
	return b;
}

static const char *node_type_name(uint8_t t)
{
	static const char *const n[] = { "unknown", "ca", "switch", "router", "rnic", "usnic", "usnic_udp",
					 "unspecified" };
	return t < 8 ? n[t] : "unknown";
}

/* fill_dev_info(): handle, PORT_INDEX (rdma_end_port), CAP_FLAGS, FW_VERSION
 * (when the driver has one), NODE_GUID, SYS_IMAGE_GUID, NODE_TYPE,
 * DEV_DIM, DEV_TYPE + PARENT_NAME (6.12+, sub-devices), NAME_ASSIGN_TYPE
 * (6.12+), DEV_PROTOCOL (the first port's: opa, ib, iw, roce, usnic).
 * 6.1: no DEV_TYPE, PARENT_NAME, NAME_ASSIGN_TYPE. */
static void fill_dev_info(struct nlmsghdr *nlh, const struct gdev *d)
{
	put_handle(nlh, d);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, d->nports);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_CAP_FLAGS, d->caps);
	if (d->fw && *d->fw)
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_FW_VERSION, d->fw);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_NODE_GUID, d->node_guid);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_SYS_IMAGE_GUID, d->sys_guid);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DEV_NODE_TYPE, d->node_type);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DEV_DIM, d->dim);
	if (!F->linux_6_1 && d->dev_type) {
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DEV_TYPE, d->dev_type);
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_PARENT_NAME, d->parent);
	}
	if (!F->linux_6_1)
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_NAME_ASSIGN_TYPE, RDMA_NAME_ASSIGN_TYPE_UNKNOWN);
	if (d->protocol)
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_PROTOCOL, d->protocol);
}

static void answer_dev(void)
{
	char g[32];

	for (unsigned int i = 0; i < F->ndevs; i++) {
		const struct gdev *d = &F->devs[i];
		struct nlmsghdr *nlh = msg_start(RDMA_NLDEV_CMD_GET, true);

		fill_dev_info(nlh, d);
		msg_end(nlh);
		exp_start("dev", d);
		exp_u("ifindex", d->index);
		exp_s("node_type", node_type_name(d->node_type));
		if (d->fw && *d->fw)
			exp_s("fw", d->fw);
		exp_s("node_guid", guid_str(d->node_guid, g));
		exp_s("sys_image_guid", guid_str(d->sys_guid, g));
		exp_end();
	}
	rec_write("get dump", 0, NULL);
	/* nldev_get_doit(): the same message, no NLM_F_MULTI */
	for (unsigned int i = 0; i < F->ndevs; i++) {
		const struct gdev *d = &F->devs[i];
		struct nlmsghdr *nlh = msg_start(RDMA_NLDEV_CMD_GET, false);
		char key[64];

		fill_dev_info(nlh, d);
		msg_end(nlh);
		snprintf(key, sizeof(key), "get dev=%u", d->index);
		rec_write(key, 0, NULL);
	}
}

/* fill_port_info(): handle, PORT_INDEX, then for IB ports only CAP_FLAGS
 * (port_cap_flags | port_cap_flags2 << 32), SUBNET_PREFIX, LID, SM_LID,
 * LMC; PORT_STATE, PHYS_STATE, NDEV_INDEX + NDEV_NAME (a netdev in the
 * reader's namespace).  The 6.1 and 6.12 captures show RoCE ports without
 * cap flags. */
static void fill_port_info(struct nlmsghdr *nlh, const struct gdev *d, unsigned int p)
{
	const struct gport *pt = &d->ports[p - 1];

	put_handle(nlh, d);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, p);
	if (pt->ib) {
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_CAP_FLAGS, (uint64_t)pt->cap | ((uint64_t)pt->cap2 << 32));
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_SUBNET_PREFIX, pt->subnet);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_LID, pt->lid);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_SM_LID, pt->sm_lid);
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_LMC, pt->lmc);
	}
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_PORT_STATE, pt->state);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_PORT_PHYS_STATE, pt->phys);
	if (pt->ndev) {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_NDEV_INDEX, pt->ndev_index);
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_NDEV_NAME, pt->ndev);
	}
}

static const char *port_state_name(uint8_t s)
{
	static const char *const n[] = { "NOP", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER" };
	return s < 6 ? n[s] : "UNKNOWN";
}

static const char *phys_state_name(uint8_t s)
{
	static const char *const n[] = { "NOP", "SLEEP", "POLLING", "DISABLED", "ARMED", "LINK_UP",
					 "LINK_ERROR_RECOVER", "PHY_TEST" };
	return s < 8 ? n[s] : "UNKNOWN";
}

static void answer_port(const struct gdev *d)
{
	char key[64];

	for (unsigned int p = 1; p <= d->nports; p++) {
		const struct gport *pt = &d->ports[p - 1];
		struct nlmsghdr *nlh = msg_start(RDMA_NLDEV_CMD_PORT_GET, true);

		fill_port_info(nlh, d, p);
		msg_end(nlh);
		exp_start("link", d);
		exp_u("port", p);
		exp_s("state", port_state_name(pt->state));
		exp_s("physical_state", phys_state_name(pt->phys));
		if (pt->ib) {
			exp_u("lid", pt->lid);
			exp_u("sm_lid", pt->sm_lid);
			exp_u("lmc", pt->lmc);
		}
		if (pt->ndev)
			exp_s("netdev", pt->ndev);
		exp_end();
	}
	snprintf(key, sizeof(key), "port_get dump dev=%u", d->index);
	rec_flags = FIX_F_PACK;	/* one nldev_port_get_dumpit call for every port */
	rec_write(key, 0, NULL);
	/* nldev_port_get_doit(): its reply carries CMD_GET (nldev.c, 4.x on) */
	for (unsigned int p = 1; p <= d->nports; p++) {
		struct nlmsghdr *nlh = msg_start(RDMA_NLDEV_CMD_GET, false);

		fill_port_info(nlh, d, p);
		msg_end(nlh);
		snprintf(key, sizeof(key), "port_get dev=%u port=%u", d->index, p);
		rec_write(key, 0, NULL);
	}
}

/* ---- resources ---- */

static unsigned int n_qps(const struct gdev *d, bool dd)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < MAXN && d->qps[i].lqpn; i++)
		n += !d->qps[i].dd || dd;
	return n;
}

#define NCOUNT(name, arr, keyf)                                                 \
	static unsigned int name(const struct gdev *d)                          \
	{                                                                       \
		unsigned int n = 0;                                             \
		while (n < MAXN && d->arr[n].keyf)                              \
			n++;                                                    \
		return n;                                                       \
	}
NCOUNT(n_cqs, cqs, cqn)
NCOUNT(n_mrs, mrs, mrn)
NCOUNT(n_pds, pds, pdn)
NCOUNT(n_ctxs, ctxs, ctxn)
NCOUNT(n_srqs, srqs, srqn)
NCOUNT(n_cms, cms, cm_idn)
NCOUNT(n_counters, counters, id)

/* fill_res_info(): handle, RES_SUMMARY of (name, curr) in restrack order;
 * rdma_restrack_count() leaves RESTRACK_DD entries out unless the request
 * asked for DRIVER_DETAILS (6.9+). */
static void answer_res_summary(const struct gdev *d, bool dd, bool doit)
{
	struct nlmsghdr *nlh = msg_start(RDMA_NLDEV_CMD_RES_GET, !doit);
	const char *names[] = { "pd", "cq", "qp", "cm_id", "mr", "ctx", "srq" };
	uint64_t vals[] = { n_pds(d), n_cqs(d), n_qps(d, dd), n_cms(d), n_mrs(d), n_ctxs(d), n_srqs(d) };
	struct nlattr *t, *e;

	put_handle(nlh, d);
	t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY);
	for (unsigned int i = 0; i < 7; i++) {
		e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY);
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_NAME, names[i]);
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_CURR, vals[i]);
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, t);
	msg_end(nlh);
	for (unsigned int k = 0; doit && k < 3; k++) {
		static const char *const sfx[] = { "", "-olddd", "-dd" };

		if ((k == 2) != dd)
			continue;
		exp_start(exp_cmd("res", sfx[k]), d);
		for (unsigned int i = 0; i < 7; i++)
			exp_u(names[i], vals[i]);
		exp_end();
	}
}

/* fill_res_name_pid(): KERN_NAME for kernel resources, else PID (when
 * visible in the reader's namespace) */
static void put_owner(struct nlmsghdr *nlh, uint32_t pid, const char *kern)
{
	if (kern)
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_RES_KERN_NAME, kern);
	else if (pid)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PID, pid);
}

static const char *comm_of(uint32_t tid)
{
	for (unsigned int i = 0; i < F->nprocs; i++)
		for (unsigned int t = 0; t < 3; t++)
			if (F->procs[i].tids[t] == tid)
				return F->procs[i].comm;
	return NULL;
}

static void exp_owner(uint32_t pid, const char *kern)
{
	if (kern) {
		exp_s("comm", kern);
	} else if (pid) {
		exp_u("pid", pid);
		if (comm_of(pid))
			exp_s("comm", comm_of(pid));
	}
}

/* The RDMA_NLDEV_ATTR_DRIVER nest: rdma_nl_put_driver_*() put a
 * DRIVER_STRING name, a PRINT_TYPE (hex only), then the value */
static void put_driver(struct nlmsghdr *nlh, const struct drv_kv *kv)
{
	struct nlattr *n;

	if (!kv[0].name)
		return;
	n = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_DRIVER);
	for (unsigned int i = 0; i < DRV_MAX && kv[i].name; i++) {
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DRIVER_STRING, kv[i].name);
		if (kv[i].hex)
			mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DRIVER_PRINT_TYPE, RDMA_NLDEV_PRINT_TYPE_HEX);
		switch (kv[i].kind) {
		case DRV_U32:
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DRIVER_U32, (uint32_t)kv[i].v);
			break;
		case DRV_S32:
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DRIVER_S32, (uint32_t)kv[i].v);
			break;
		case DRV_U64:
			mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_DRIVER_U64, kv[i].v);
			break;
		case DRV_STR:
			mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DRIVER_STRING, kv[i].s);
			break;
		case DRV_NONE:
			break;
		}
	}
	mnl_attr_nest_end(nlh, n);
}

/* rdma -j prints a driver value as a number whatever its print type */
static void exp_driver(const struct drv_kv *kv)
{
	for (unsigned int i = 0; i < DRV_MAX && kv[i].name; i++) {
		char k[80];

		snprintf(k, sizeof(k), "drv_%s", kv[i].name);
		if (kv[i].kind == DRV_STR)
			exp_s(k, kv[i].s);
		else
			exp_u(k, kv[i].v);
	}
}

static const char *qp_type_name(uint8_t t)
{
	switch (t) {
	case IB_QPT_SMI: return "SMI";
	case IB_QPT_GSI: return "GSI";
	case IB_QPT_RC: return "RC";
	case IB_QPT_UC: return "UC";
	case IB_QPT_UD: return "UD";
	case IB_QPT_RAW_PACKET: return "RAW_PACKET";
	case IB_QPT_XRC_INI: return "XRC_INI";
	case IB_QPT_XRC_TGT: return "XRC_TGT";
	case IB_QPT_DRIVER: return "DRIVER";
	}
	return "UNKNOWN";
}

static const char *qp_state_name(uint8_t s)
{
	static const char *const n[] = { "RESET", "INIT", "RTR", "RTS", "SQD", "SQE", "ERR" };
	return s < 7 ? n[s] : "UNKNOWN";
}

/* fill_res_qp_entry(): PORT_INDEX (once bound), LQPN, PDN (user QPs),
 * owner, then fill_res_qp_entry_query(): RQPN + RQ_PSN (RC, UC), SQ_PSN,
 * PATH_MIG_STATE (RC, UC, XRC), TYPE, STATE, the driver's
 * fill_res_qp_entry (mlx5: RES_SUBTYPE of its driver QPs, 6.9+; with
 * DRIVER_DETAILS the driver nest). */
static void fill_qp(struct nlmsghdr *nlh, const struct gqp *q, bool dd)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);
	bool conn = q->type == IB_QPT_RC || q->type == IB_QPT_UC;

	if (q->port)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, q->port);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, q->lqpn);
	if (!q->kern)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PDN, q->pdn);
	put_owner(nlh, q->pid, q->kern);
	if (conn) {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_RQPN, q->rqpn);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_RQ_PSN, q->rq_psn);
	}
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_SQ_PSN, q->sq_psn);
	if (conn || q->type == IB_QPT_XRC_INI || q->type == IB_QPT_XRC_TGT)
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_PATH_MIG_STATE, q->pmig);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, q->type);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_STATE, q->state);
	if (q->subtype && !F->linux_6_1)
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_RES_SUBTYPE, q->subtype);
	(void)dd;	/* the driver's fill_res_*_entry runs whatever was asked */
	put_driver(nlh, q->drv);
	mnl_attr_nest_end(nlh, e);
}

static void exp_qp(const struct gdev *d, const struct gqp *q, const char *sfx)
{
	exp_start(exp_cmd("res qp", sfx), d);
	exp_u("lqpn", q->lqpn);
	if (q->port)
		exp_u("port", q->port);
	exp_s("type", qp_type_name(q->type));
	exp_s("state", qp_state_name(q->state));
	exp_u("sq-psn", q->sq_psn);
	if (q->type == IB_QPT_RC || q->type == IB_QPT_UC) {
		exp_u("rqpn", q->rqpn);
		exp_u("rq-psn", q->rq_psn);
	}
	if (!q->kern)
		exp_u("pdn", q->pdn);
	exp_owner(q->pid, q->kern);
	if (*sfx)
		exp_driver(q->drv);
	exp_end();
}

static void fill_cq(struct nlmsghdr *nlh, const struct gcq *c, bool dd)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CQ_ENTRY);

	/* fill_res_cq_entry(): CQE, USECNT, POLL_CTX (kernel CQs), DEV_DIM,
	 * CQN, CTXN (user CQs), owner, the driver's */
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CQE, c->cqe);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_USECNT, c->users);
	if (c->kern)
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_POLL_CTX, c->poll_ctx);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DEV_DIM, c->dim);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CQN, c->cqn);
	if (!c->kern)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CTXN, c->ctxn);
	put_owner(nlh, c->pid, c->kern);
	(void)dd;
	put_driver(nlh, c->drv);
	mnl_attr_nest_end(nlh, e);
}

static void exp_cq(const struct gdev *d, const struct gcq *c, const char *sfx)
{
	exp_start(exp_cmd("res cq", sfx), d);
	exp_u("cqn", c->cqn);
	exp_u("cqe", c->cqe);
	exp_u("users", c->users);
	if (!c->kern)
		exp_u("ctxn", c->ctxn);
	exp_owner(c->pid, c->kern);
	if (*sfx)
		exp_driver(c->drv);
	exp_end();
}

/* fill_res_mr_entry(): RKEY + LKEY (CAP_NET_ADMIN readers: the fixtures
 * model an unprivileged reader, so none), MRLEN, MRN, PDN (user MRs),
 * owner, the driver's */
static void fill_mr(struct nlmsghdr *nlh, const struct gmr *m, bool dd)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_MR_ENTRY);

	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_MRLEN, m->len);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_MRN, m->mrn);
	if (!m->kern)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PDN, m->pdn);
	put_owner(nlh, m->pid, m->kern);
	(void)dd;
	put_driver(nlh, m->drv);
	mnl_attr_nest_end(nlh, e);
}

static void exp_mr(const struct gdev *d, const struct gmr *m, const char *sfx)
{
	exp_start(exp_cmd("res mr", sfx), d);
	exp_u("mrn", m->mrn);
	exp_u("mrlen", m->len);
	if (!m->kern)
		exp_u("pdn", m->pdn);
	exp_owner(m->pid, m->kern);
	if (*sfx)
		exp_driver(m->drv);
	exp_end();
}

/* fill_res_pd_entry(): LOCAL_DMA_LKEY (+ UNSAFE_GLOBAL_RKEY) for
 * CAP_NET_ADMIN readers only, USECNT, PDN, CTXN (user PDs), owner */
static void fill_pd(struct nlmsghdr *nlh, const struct gpd *p)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_PD_ENTRY);

	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_USECNT, p->users);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PDN, p->pdn);
	if (!p->kern)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CTXN, p->ctxn);
	put_owner(nlh, p->pid, p->kern);
	mnl_attr_nest_end(nlh, e);
}

static void exp_pd(const struct gdev *d, const struct gpd *p, const char *cmd)
{
	exp_start(cmd, d);
	exp_u("pdn", p->pdn);
	exp_u("users", p->users);
	if (!p->kern)
		exp_u("ctxn", p->ctxn);
	exp_owner(p->pid, p->kern);
	exp_end();
}

/* fill_res_ctx_entry(): CTXN, owner (user contexts only exist) */
static void fill_ctx(struct nlmsghdr *nlh, const struct gctx *c)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CTX_ENTRY);

	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CTXN, c->ctxn);
	put_owner(nlh, c->pid, NULL);
	mnl_attr_nest_end(nlh, e);
}

/* fill_res_srq_entry(): SRQN, TYPE, PDN, CQN (when it has one), the QPs
 * using it (fill_res_srq_qps: LQPN or MIN_RANGE/MAX_RANGE entries in a
 * RES_QP nest), owner */
static void fill_srq(struct nlmsghdr *nlh, const struct gsrq *s)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SRQ_ENTRY), *q, *qe;

	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_SRQN, s->srqn);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, s->type);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PDN, s->pdn);
	if (s->cqn)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CQN, s->cqn);
	q = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	if (s->qp_min) {
		qe = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);
		if (s->qp_max > s->qp_min) {
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_MIN_RANGE, s->qp_min);
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_MAX_RANGE, s->qp_max);
		} else {
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, s->qp_min);
		}
		mnl_attr_nest_end(nlh, qe);
	}
	mnl_attr_nest_end(nlh, q);
	put_owner(nlh, s->pid, NULL);
	mnl_attr_nest_end(nlh, e);
}

static void put_sockaddr(struct nlmsghdr *nlh, unsigned int type, const char *text)
{
	struct sockaddr_storage ss;
	struct sockaddr_in *in = (struct sockaddr_in *)&ss;
	char host[64];
	const char *colon = strrchr(text, ':');

	memset(&ss, 0, sizeof(ss));
	snprintf(host, sizeof(host), "%.*s", (int)(colon - text), text);
	in->sin_family = AF_INET;
	in->sin_port = htons((uint16_t)atoi(colon + 1));
	inet_pton(AF_INET, host, &in->sin_addr);
	mnl_attr_put(nlh, type, sizeof(ss), &ss);
}

/* fill_res_cm_id_entry(): PORT_INDEX (once bound), LQPN + TYPE (with a
 * QP), PS, STATE, SRC_ADDR, DST_ADDR (sockaddr_storage), CM_IDN, owner */
static void fill_cm(struct nlmsghdr *nlh, const struct gcm *c)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CM_ID_ENTRY);

	if (c->port)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, c->port);
	if (c->lqpn) {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, c->lqpn);
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, c->type);
	}
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PS, c->ps);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_STATE, c->state);
	if (c->src)
		put_sockaddr(nlh, RDMA_NLDEV_ATTR_RES_SRC_ADDR, c->src);
	if (c->dst)
		put_sockaddr(nlh, RDMA_NLDEV_ATTR_RES_DST_ADDR, c->dst);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CM_IDN, c->cm_idn);
	put_owner(nlh, c->pid, c->kern);
	mnl_attr_nest_end(nlh, e);
}

/*
 * A dump's messages, split as res_get_common_dumpit() splits them: an
 * entry that does not fit the message (NLMSG_GOODSIZE: the first skb of
 * a dump) closes it, and the next message starts with the handle and the
 * table nest again.
 */
#define MSG_ROOM (4096 - 320)

struct dumper {
	const struct gdev *d;
	unsigned int cmd, nest;
	struct nlmsghdr *nlh;
	struct nlattr *t;
	bool counted;		/* an entry in the current message */
};

static void dumper_open(struct dumper *w)
{
	w->nlh = msg_start(w->cmd, true);
	put_handle(w->nlh, w->d);
	w->t = mnl_attr_nest_start(w->nlh, w->nest);
	w->counted = false;
}

static void dumper_close(struct dumper *w)
{
	mnl_attr_nest_end(w->nlh, w->t);
	msg_end(w->nlh);
}

typedef void entry_fn(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd);

static void dumper_entry(struct dumper *w, entry_fn *fill, unsigned int i, bool dd)
{
	uint32_t before = w->nlh->nlmsg_len;

	fill(w->nlh, w->d, i, dd);
	if (w->nlh->nlmsg_len > MSG_ROOM && w->counted) {
		w->nlh->nlmsg_len = before;
		dumper_close(w);
		dumper_open(w);
		fill(w->nlh, w->d, i, dd);
	}
	w->counted = true;
}

static void e_qp(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	fill_qp(nlh, &d->qps[i], dd);
}

static void e_cq(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	fill_cq(nlh, &d->cqs[i], dd);
}

static void e_mr(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	fill_mr(nlh, &d->mrs[i], dd);
}

static void e_pd(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	(void)dd;
	fill_pd(nlh, &d->pds[i]);
}

static void e_ctx(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	(void)dd;
	fill_ctx(nlh, &d->ctxs[i]);
}

static void e_srq(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	(void)dd;
	fill_srq(nlh, &d->srqs[i]);
}

static void e_cm(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	(void)dd;
	fill_cm(nlh, &d->cms[i]);
}

/* res_get_common_dumpit(): handle, then the table nest of entries; QP and
 * CM_ID dumps take a port filter (entries bound to another port, or to
 * none yet, are skipped: fill_res_qp_entry's -EAGAIN) */
static void answer_table(const struct gdev *d, unsigned int cmd, const char *name, unsigned int port, bool dd)
{
	struct dumper w = { .d = d, .cmd = cmd };
	bool expect = !port;
	char key[96];
	unsigned int i;

	switch (cmd) {
	case RDMA_NLDEV_CMD_RES_QP_GET:
		w.nest = RDMA_NLDEV_ATTR_RES_QP;
		dumper_open(&w);
		for (i = 0; i < MAXN && d->qps[i].lqpn; i++) {
			if ((d->qps[i].dd && !dd) || (port && d->qps[i].port != port))
				continue;
			dumper_entry(&w, e_qp, i, dd);
			if (expect && dd) {
				exp_qp(d, &d->qps[i], "-dd");
			} else if (expect) {
				exp_qp(d, &d->qps[i], "");
				exp_qp(d, &d->qps[i], "-olddd");
			}
		}
		break;
	case RDMA_NLDEV_CMD_RES_CQ_GET:
		w.nest = RDMA_NLDEV_ATTR_RES_CQ;
		dumper_open(&w);
		for (i = 0; i < n_cqs(d); i++) {
			dumper_entry(&w, e_cq, i, dd);
			exp_cq(d, &d->cqs[i], dd ? "-dd" : "");
			if (!dd)
				exp_cq(d, &d->cqs[i], "-olddd");
		}
		break;
	case RDMA_NLDEV_CMD_RES_MR_GET:
		w.nest = RDMA_NLDEV_ATTR_RES_MR;
		dumper_open(&w);
		for (i = 0; i < n_mrs(d); i++) {
			dumper_entry(&w, e_mr, i, dd);
			exp_mr(d, &d->mrs[i], dd ? "-dd" : "");
			if (!dd)
				exp_mr(d, &d->mrs[i], "-olddd");
		}
		break;
	case RDMA_NLDEV_CMD_RES_PD_GET:
		w.nest = RDMA_NLDEV_ATTR_RES_PD;
		dumper_open(&w);
		for (i = 0; i < n_pds(d); i++) {
			dumper_entry(&w, e_pd, i, dd);
			exp_pd(d, &d->pds[i], dd ? "res pd-dd" : "res pd");
		}
		break;
	case RDMA_NLDEV_CMD_RES_CTX_GET:
		w.nest = RDMA_NLDEV_ATTR_RES_CTX;
		dumper_open(&w);
		for (i = 0; i < n_ctxs(d); i++) {
			dumper_entry(&w, e_ctx, i, dd);
			exp_start(dd ? "res ctx-dd" : "res ctx", d);
			exp_u("ctxn", d->ctxs[i].ctxn);
			exp_owner(d->ctxs[i].pid, NULL);
			exp_end();
		}
		break;
	case RDMA_NLDEV_CMD_RES_SRQ_GET:
		w.nest = RDMA_NLDEV_ATTR_RES_SRQ;
		dumper_open(&w);
		for (i = 0; i < n_srqs(d); i++) {
			dumper_entry(&w, e_srq, i, dd);
			exp_start(dd ? "res srq-dd" : "res srq", d);
			exp_u("srqn", d->srqs[i].srqn);
			exp_u("pdn", d->srqs[i].pdn);
			exp_owner(d->srqs[i].pid, NULL);
			exp_end();
		}
		break;
	default:
		w.nest = RDMA_NLDEV_ATTR_RES_CM_ID;
		dumper_open(&w);
		for (i = 0; i < n_cms(d); i++) {
			if (port && d->cms[i].port != port)
				continue;
			dumper_entry(&w, e_cm, i, dd);
			if (!expect)
				continue;
			exp_start(dd ? "res cm_id-dd" : "res cm_id", d);
			exp_u("cm-idn", d->cms[i].cm_idn);
			if (d->cms[i].lqpn)
				exp_u("lqpn", d->cms[i].lqpn);
			if (d->cms[i].src)
				exp_s("src-addr", d->cms[i].src);
			exp_owner(d->cms[i].pid, d->cms[i].kern);
			exp_end();
		}
		break;
	}
	dumper_close(&w);
	if (!w.counted)
		free(msgs[--nmsg]);	/* nothing filled: the message is cancelled, DONE alone */
	if (port)
		snprintf(key, sizeof(key), "%s dump dev=%u port=%u%s", name, d->index, port, dd ? " dd=1" : "");
	else
		snprintf(key, sizeof(key), "%s dump dev=%u%s", name, d->index, dd ? " dd=1" : "");
	rec_write(key, 0, NULL);
}

static void answer_res(const struct gdev *d)
{
	static const struct {
		unsigned int cmd;
		const char *name;
	} tables[] = {
		{ RDMA_NLDEV_CMD_RES_QP_GET, "res_qp_get" },
		{ RDMA_NLDEV_CMD_RES_CM_ID_GET, "res_cm_id_get" },
		{ RDMA_NLDEV_CMD_RES_CQ_GET, "res_cq_get" },
		{ RDMA_NLDEV_CMD_RES_MR_GET, "res_mr_get" },
		{ RDMA_NLDEV_CMD_RES_PD_GET, "res_pd_get" },
		{ RDMA_NLDEV_CMD_RES_CTX_GET, "res_ctx_get" },
		{ RDMA_NLDEV_CMD_RES_SRQ_GET, "res_srq_get" },
	};
	char key[96];

	for (unsigned int i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		bool by_port = tables[i].cmd == RDMA_NLDEV_CMD_RES_QP_GET ||
			       tables[i].cmd == RDMA_NLDEV_CMD_RES_CM_ID_GET;

		for (unsigned int p = 0; p <= (by_port ? d->nports : 0); p++) {
			answer_table(d, tables[i].cmd, tables[i].name, p, false);
			answer_table(d, tables[i].cmd, tables[i].name, p, true);
		}
	}
	/* nldev_res_get_doit(): the counts honour DRIVER_DETAILS (6.9+; 6.1
	 * has no such attribute and ignores it) */
	answer_res_summary(d, false, true);
	snprintf(key, sizeof(key), "res_get dev=%u", d->index);
	rec_write(key, 0, NULL);
	answer_res_summary(d, !F->linux_6_1, true);
	snprintf(key, sizeof(key), "res_get dev=%u dd=1", d->index);
	rec_write(key, 0, NULL);
}

/* _nldev_res_get_dumpit(): fill_res_info(skb, device, false), whatever
 * the request says: a dump's counts leave DD resources out */
static void answer_res_dump(bool dd)
{
	for (unsigned int i = 0; i < F->ndevs; i++)
		answer_res_summary(&F->devs[i], false, false);
	rec_write(dd ? "res_get dump dd=1" : "res_get dump", 0, NULL);
}

/* ---- counters ---- */

static uint64_t hw_value(const struct gdev *d, unsigned int port, unsigned int i)
{
	/* a value that names its counter: device, port and position */
	return (uint64_t)(d->index + 1) * 1000000 + (uint64_t)port * 10000 + (uint64_t)i * 37 + 5;
}

static void put_hwcounters(struct nlmsghdr *nlh, const char *const *names, const uint64_t *vals,
			   unsigned int n)
{
	struct nlattr *t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTERS), *e;

	for (unsigned int i = 0; i < n; i++) {
		e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME, names[i]);
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE, vals[i]);
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, t);
}

/* The counters a port shows: the table, then the optional ones enabled
 * (IB_STAT_FLAG_OPTIONAL descs are skipped unless enabled, 6.2+) */
static unsigned int port_counters(const struct gdev *d, unsigned int port, const char **names, uint64_t *vals)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < d->nhw; i++) {
		names[n] = d->hw[i];
		vals[n++] = hw_value(d, port, i);
	}
	for (unsigned int i = 0; i < d->nopt; i++)
		if (d->opt_enabled & (1u << i)) {
			names[n] = d->opt[i];
			vals[n++] = hw_value(d, port, d->nhw + i);
		}
	return n;
}

/* stat_get_doit_default_counter(): a port's value is its own plus what
 * the QPs bound to its counters counted (rdma_counter_get_hwstat_value);
 * a bound counter's values are in table order, enabled ones only */
static void add_bound(const struct gdev *d, unsigned int port, uint64_t *vals, unsigned int n)
{
	for (unsigned int c = 0; c < MAXN && d->counters[c].id; c++)
		if (d->counters[c].port == port)
			for (unsigned int k = 0; k < n && k < 64; k++)
				vals[k] += d->counters[c].vals[k];
}

/* stat_get_doit_default_counter(): handle, PORT_INDEX, HWCOUNTERS with
 * each counter's value summed over the port's bound counters as well
 * (rdma_counter_get_hwstat_value) */
static void answer_stat(const struct gdev *d)
{
	const char *names[256];
	uint64_t vals[256];
	char key[96];

	for (unsigned int p = 1; p <= d->nports; p++) {
		struct nlmsghdr *nlh;
		unsigned int n;

		if (!d->nhw) {
			/* no rdma_hw_stats: stat_get_doit_default_counter and
			 * the status doit answer -EINVAL */
			snprintf(key, sizeof(key), "stat_get dev=%u port=%u", d->index, p);
			rec_write(key, -EINVAL, NULL);
			snprintf(key, sizeof(key), "stat_get_status dev=%u port=%u", d->index, p);
			rec_write(key, -EINVAL, NULL);
			continue;
		}
		n = port_counters(d, p, names, vals);
		add_bound(d, p, vals, n);
		nlh = msg_start(RDMA_NLDEV_CMD_STAT_GET, false);
		put_handle(nlh, d);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, p);
		put_hwcounters(nlh, names, vals, n);
		msg_end(nlh);
		snprintf(key, sizeof(key), "stat_get dev=%u port=%u", d->index, p);
		rec_write(key, 0, NULL);
		exp_start("stat show", d);
		exp_u("port", p);
		for (unsigned int i = 0; i < n; i++)
			exp_u(names[i], vals[i]);
		exp_end();

		/* stat_get_doit_qp() without a counter id: the port's mode
		 * (rdma statistic qp mode): handle, PORT_INDEX, STAT_MODE,
		 * AUTO_MODE_MASK when auto (the request must carry a STAT_MODE,
		 * whose value is not read) */
		nlh = msg_start(RDMA_NLDEV_CMD_STAT_GET, false);
		put_handle(nlh, d);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, p);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_MODE, d->ports[p - 1].mode);
		if (d->ports[p - 1].mode == RDMA_COUNTER_MODE_AUTO)
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_AUTO_MODE_MASK, d->ports[p - 1].auto_mask);
		msg_end(nlh);
		snprintf(key, sizeof(key), "stat_get dev=%u port=%u res=%u", d->index, p, RDMA_NLDEV_ATTR_RES_QP);
		rec_write(key, 0, NULL);

		/* nldev_stat_get_counter_status_doit(): handle, PORT_INDEX,
		 * HWCOUNTERS of every counter: NAME, INDEX, and DYNAMIC
		 * (enabled) for the optional ones */
		snprintf(key, sizeof(key), "stat_get_status dev=%u port=%u", d->index, p);
		nlh = msg_start(RDMA_NLDEV_CMD_STAT_GET_STATUS, false);
		put_handle(nlh, d);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, p);
		{
			struct nlattr *t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTERS), *e;

			for (unsigned int i = 0; i < d->nhw + d->nopt; i++) {
				e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);
				mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME,
						  i < d->nhw ? d->hw[i] : d->opt[i - d->nhw]);
				mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX, i);
				if (i >= d->nhw)
					mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_DYNAMIC,
							!!(d->opt_enabled & (1u << (i - d->nhw))));
				mnl_attr_nest_end(nlh, e);
			}
			mnl_attr_nest_end(nlh, t);
		}
		msg_end(nlh);
		rec_write(key, 0, NULL);
	}
}

/* nldev_stat_get_dumpit() with STAT_RES = RES_QP: res_get_common_dumpit
 * over RDMA_RESTRACK_COUNTER, fill_res_counter_entry(): PORT_INDEX,
 * STAT_COUNTER_ID, fill_stat_counter_mode (STAT_MODE; auto: RES_TYPE and
 * the owner, by the mask), fill_stat_counter_qps (RES_QP nest of
 * RES_QP_ENTRY: LQPN), fill_stat_counter_hwcounters (its own values) */
static void e_counter(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	const struct gcounter *c = &d->counters[i];
	const char *names[256];
	uint64_t vals[256];
	unsigned int n = port_counters(d, c->port, names, vals);
	struct nlattr *e, *q, *qe;

	(void)dd;
	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, c->port);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, c->id);
	/* fill_stat_counter_mode(): the owner is the counter's restrack
	 * entry's (fill_res_name_pid) */
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_MODE, c->mode);
	if (c->mode == RDMA_COUNTER_MODE_AUTO) {
		if (c->mask & RDMA_COUNTER_MASK_QP_TYPE)
			mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, c->qp_type);
		if (c->mask & RDMA_COUNTER_MASK_PID)
			put_owner(nlh, c->pid, NULL);
	}
	q = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	for (unsigned int k = 0; k < 4 && c->lqpn[k]; k++) {
		qe = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, c->lqpn[k]);
		mnl_attr_nest_end(nlh, qe);
	}
	mnl_attr_nest_end(nlh, q);
	for (unsigned int k = 0; k < n; k++)
		vals[k] = k < 64 ? c->vals[k] : 0;
	put_hwcounters(nlh, names, vals, n);
	mnl_attr_nest_end(nlh, e);
}

static void answer_stat_qp(const struct gdev *d, unsigned int port, bool dd)
{
	struct dumper w = { .d = d, .cmd = RDMA_NLDEV_CMD_STAT_GET, .nest = RDMA_NLDEV_ATTR_STAT_COUNTER };
	const char *names[256];
	uint64_t vals[256];
	char key[96];

	dumper_open(&w);
	for (unsigned int i = 0; i < n_counters(d); i++) {
		const struct gcounter *c = &d->counters[i];
		unsigned int n = port_counters(d, c->port, names, vals);

		/* fill_res_counter_entry(): a port filter skips the others */
		if (port && c->port != port)
			continue;
		dumper_entry(&w, e_counter, i, dd);
		if (dd || port)
			continue;
		exp_start("stat qp show", d);
		exp_u("port", c->port);
		exp_u("cntn", c->id);
		for (unsigned int k = 0; k < n; k++)
			exp_u(names[k], k < 64 ? c->vals[k] : 0);
		exp_end();
	}
	dumper_close(&w);
	if (port)
		snprintf(key, sizeof(key), "stat_get dump dev=%u port=%u res=%u%s", d->index, port,
			 RDMA_NLDEV_ATTR_RES_QP, dd ? " dd=1" : "");
	else
		snprintf(key, sizeof(key), "stat_get dump dev=%u res=%u%s", d->index, RDMA_NLDEV_ATTR_RES_QP,
			 dd ? " dd=1" : "");
	rec_write(key, 0, NULL);
}

static void e_statmr(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	const struct gmr *m = &d->mrs[i];
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_MR_ENTRY);
	unsigned int n = 0;

	(void)dd;
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_MRN, m->mrn);
	while (n < 4 && m->stat_names[n])
		n++;
	if (n)
		put_hwcounters(nlh, m->stat_names, m->stat_vals, n);
	mnl_attr_nest_end(nlh, e);
}

/* nldev_stat_get_dumpit() with STAT_RES = RES_MR: fill_stat_mr_entry():
 * MRN, then the driver's fill_stat_mr_entry (mlx5: a HWCOUNTERS nest of
 * page_faults, page_invalidations, page_prefetch for ODP MRs) */
static void answer_stat_mr(const struct gdev *d, bool dd)
{
	struct dumper w = { .d = d, .cmd = RDMA_NLDEV_CMD_STAT_GET, .nest = RDMA_NLDEV_ATTR_RES_MR };
	char key[96];

	dumper_open(&w);
	for (unsigned int i = 0; i < n_mrs(d); i++) {
		const struct gmr *m = &d->mrs[i];

		dumper_entry(&w, e_statmr, i, dd);
		if (dd)
			continue;
		exp_start("stat mr", d);
		exp_u("mrn", m->mrn);
		for (unsigned int k = 0; k < 4 && m->stat_names[k]; k++)
			exp_u(m->stat_names[k], m->stat_vals[k]);
		exp_end();
	}
	dumper_close(&w);
	snprintf(key, sizeof(key), "stat_get dump dev=%u res=%u%s", d->index, RDMA_NLDEV_ATTR_RES_MR,
		 dd ? " dd=1" : "");
	rec_write(key, 0, NULL);
}

/* nldev_sys_get_doit(): NETNS_MODE, PRIVILEGED_QKEY_MODE (6.7+; Debian's
 * 6.1.192 has it backported), MONITOR_MODE (6.11+), COPY_ON_FORK */
static void answer_sys(void)
{
	struct nlmsghdr *nlh = msg_start(RDMA_NLDEV_CMD_SYS_GET, false);

	mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_NETNS_MODE, F->netns_mode);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_PRIVILEGED_QKEY_MODE, F->qkey_mode);
	if (F->monitor)
		mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_MONITOR_MODE, 1);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_COPY_ON_FORK, F->cof);
	msg_end(nlh);
	rec_write("sys_get", 0, NULL);
}

/* ---- the sysroot ---- */

static char root[1024];

static void mkdirs(const char *path)
{
	char b[1024];

	snprintf(b, sizeof(b), "%s", path);
	for (char *p = b + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(b, 0755);
			*p = '/';
		}
	mkdir(b, 0755);
}

static void wfile(const char *fmt_path, const char *content, ...)
	__attribute__((format(printf, 2, 3)));
static void wfile(const char *rel, const char *fmt, ...)
{
	char path[1536], dir[1536];
	va_list ap;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	snprintf(dir, sizeof(dir), "%s", path);
	*strrchr(dir, '/') = 0;
	mkdirs(dir);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fclose(f);
}

static void guid_be(uint64_t g, char *b)
{
	guid_str(g, b);
}

/* drivers/infiniband/core/sysfs.c: state "4: ACTIVE", phys_state
 * "5: LinkUp", lid/sm_lid "0x%x", lid_mask_count "%u", cap_mask "0x%08x",
 * gids/N "%pI6", gid_attrs/types/N "IB/RoCE v1" or "RoCE v2",
 * pkeys/N "0x%04x", counters/ (PMA, IB only), hw_counters/ */
static void write_sysfs(void)
{
	static const char *const st[] = { "NOP", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER" };
	static const char *const ph[] = { "", "Sleep", "Polling", "Disabled", "PortConfigurationTraining",
					  "LinkUp", "LinkErrorRecovery", "Phy Test" };
	char b[1024], g[32];

	wfile("proc/self/status", "Name:\trdmatop\nUmask:\t0022\nState:\tR (running)\nTgid:\t4242\nPid:\t4242\n"
	      "Uid:\t1000\t1000\t1000\t1000\nCapInh:\t0000000000000000\nCapPrm:\t0000000000000000\n"
	      "CapEff:\t0000000000000000\n");
	for (unsigned int i = 0; i < F->nprocs; i++) {
		const struct gproc *p = &F->procs[i];

		for (unsigned int t = 0; t < 3 && p->tids[t]; t++) {
			snprintf(b, sizeof(b), "proc/%u/comm", p->tids[t]);
			wfile(b, "%s\n", p->comm);
			snprintf(b, sizeof(b), "proc/%u/status", p->tids[t]);
			wfile(b, "Name:\t%s\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t%u\nNgid:\t0\nPid:\t%u\n"
			      "PPid:\t1\nUid:\t1000\t1000\t1000\t1000\n", p->comm, p->pid, p->tids[t]);
			snprintf(b, sizeof(b), "proc/%u/cgroup", p->tids[t]);
			wfile(b, "0::%s\n", p->cgroup);
			snprintf(b, sizeof(b), "proc/%u/stat", p->tids[t]);
			wfile(b, "%u (%s) S 1 %u %u 0 -1 4194560 0 0 0 0 120 40 0 0 20 0 %u 0 12345 0 0\n",
			      p->tids[t], p->comm, p->pid, p->pid, 1);
		}
	}
	for (unsigned int i = 0; i < F->ndevs; i++) {
		const struct gdev *d = &F->devs[i];
		char dir[256];

		snprintf(dir, sizeof(dir), "sys/class/infiniband/%s", d->name);
		guid_be(d->node_guid, g);
		snprintf(b, sizeof(b), "%s/node_guid", dir);
		wfile(b, "%s\n", g);
		guid_be(d->sys_guid, g);
		snprintf(b, sizeof(b), "%s/sys_image_guid", dir);
		wfile(b, "%s\n", g);
		snprintf(b, sizeof(b), "%s/fw_ver", dir);
		wfile(b, "%s\n", d->fw ? d->fw : "");
		snprintf(b, sizeof(b), "%s/node_type", dir);
		wfile(b, "%u: %s\n", d->node_type, d->node_type == 1 ? "CA" : d->node_type == 4 ? "RNIC" :
		      "unspecified");
		snprintf(b, sizeof(b), "%s/node_desc", dir);
		wfile(b, "host01 %s\n", d->name);
		if (d->hca_type) {
			snprintf(b, sizeof(b), "%s/hca_type", dir);
			wfile(b, "%s\n", d->hca_type);
		}
		if (d->board_id) {
			snprintf(b, sizeof(b), "%s/board_id", dir);
			wfile(b, "%s\n", d->board_id);
		}
		for (unsigned int p = 1; p <= d->nports; p++) {
			const struct gport *pt = &d->ports[p - 1];
			char pd[320];

			snprintf(pd, sizeof(pd), "%s/ports/%u", dir, p);
			snprintf(b, sizeof(b), "%s/state", pd);
			wfile(b, "%u: %s\n", pt->state, st[pt->state < 6 ? pt->state : 0]);
			snprintf(b, sizeof(b), "%s/phys_state", pd);
			wfile(b, "%u: %s\n", pt->phys, ph[pt->phys < 8 ? pt->phys : 0]);
			snprintf(b, sizeof(b), "%s/rate", pd);
			wfile(b, "%s\n", pt->rate);
			snprintf(b, sizeof(b), "%s/lid", pd);
			wfile(b, "0x%x\n", pt->lid);
			snprintf(b, sizeof(b), "%s/sm_lid", pd);
			wfile(b, "0x%x\n", pt->sm_lid);
			snprintf(b, sizeof(b), "%s/sm_sl", pd);
			wfile(b, "0\n");
			snprintf(b, sizeof(b), "%s/lid_mask_count", pd);
			wfile(b, "%u\n", pt->lmc);
			snprintf(b, sizeof(b), "%s/cap_mask", pd);
			wfile(b, "0x%08x\n", pt->cap);
			snprintf(b, sizeof(b), "%s/link_layer", pd);
			wfile(b, "%s\n", pt->link_layer);
			for (unsigned int k = 0; k < 4 && pt->gid[k]; k++) {
				snprintf(b, sizeof(b), "%s/gids/%u", pd, k);
				wfile(b, "%s\n", pt->gid[k]);
				snprintf(b, sizeof(b), "%s/gid_attrs/types/%u", pd, k);
				wfile(b, "%s\n", pt->gid_type[k] ? pt->gid_type[k] : "IB/RoCE v1");
				if (pt->ndev) {
					snprintf(b, sizeof(b), "%s/gid_attrs/ndevs/%u", pd, k);
					wfile(b, "%s\n", pt->ndev);
				}
			}
			for (unsigned int k = 0; k < 2; k++) {
				snprintf(b, sizeof(b), "%s/pkeys/%u", pd, k);
				wfile(b, "0x%04x\n", pt->pkey[k]);
			}
			for (unsigned int k = 0; k < d->npma; k++) {
				snprintf(b, sizeof(b), "%s/counters/%s", pd, d->pma[k]);
				wfile(b, "%llu\n", (unsigned long long)(hw_value(d, p, k) * 3));
			}
			{
				const char *names[256];
				uint64_t vals[256];
				unsigned int n = port_counters(d, p, names, vals);

				for (unsigned int k = 0; k < n; k++) {
					snprintf(b, sizeof(b), "%s/hw_counters/%s", pd, names[k]);
					wfile(b, "%llu\n", (unsigned long long)vals[k]);
				}
				if (n) {
					snprintf(b, sizeof(b), "%s/hw_counters/lifespan", pd);
					wfile(b, "10\n");
				}
			}
			if (pt->ndev) {
				static const char *const ns[] = { "rx_bytes", "tx_bytes", "rx_packets", "tx_packets",
								  "rx_errors", "tx_errors", "rx_dropped",
								  "tx_dropped" };
				for (unsigned int k = 0; k < 8; k++) {
					snprintf(b, sizeof(b), "sys/class/net/%s/statistics/%s", pt->ndev, ns[k]);
					wfile(b, "%llu\n", (unsigned long long)(k < 4 ? (k + 1) * 1234567ull : k));
				}
				snprintf(b, sizeof(b), "sys/class/net/%s/ifindex", pt->ndev);
				wfile(b, "%u\n", pt->ndev_index);
				snprintf(b, sizeof(b), "sys/class/net/%s/operstate", pt->ndev);
				wfile(b, "%s\n", pt->state == IB_PORT_ACTIVE ? "up" : "down");
				snprintf(b, sizeof(b), "sys/class/net/%s/mtu", pt->ndev);
				wfile(b, "%u\n", 9000);
			}
		}
	}
}

/* ---- one fixture ---- */

static int gen_one(const char *outdir, const struct gfix *f)
{
	char path[1200];

	F = f;
	snprintf(root, sizeof(root), "%s/%s", outdir, f->name);
	mkdirs(root);
	snprintf(path, sizeof(path), "%s/netlink.fix", root);
	fix_out = fopen(path, "wb");
	snprintf(path, sizeof(path), "%s/index.txt", root);
	index_out = fopen(path, "w");
	snprintf(path, sizeof(path), "%s/expect.jsonl", root);
	expect_out = fopen(path, "w");
	if (!fix_out || !index_out || !expect_out) {
		perror(root);
		return 1;
	}
	fwrite(FIX_MAGIC, 8, 1, fix_out);
	fprintf(index_out, "# %s: %s\n# written by tests/hw/gen; every key the fixture answers\n", f->name, f->what);
	answer_sys();
	answer_dev();
	answer_res_dump(false);
	answer_res_dump(true);
	for (unsigned int i = 0; i < f->ndevs; i++) {
		answer_port(&f->devs[i]);
		answer_res(&f->devs[i]);
		answer_stat(&f->devs[i]);
		for (unsigned int p = 0; p <= f->devs[i].nports; p++) {
			answer_stat_qp(&f->devs[i], p, false);
			answer_stat_qp(&f->devs[i], p, true);
		}
		answer_stat_mr(&f->devs[i], false);
		answer_stat_mr(&f->devs[i], true);
	}
	fclose(fix_out);
	fclose(index_out);
	fclose(expect_out);
	write_sysfs();
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: gen OUTDIR [NAME...]\n");
		return 2;
	}
	for (unsigned int i = 0; i < gen_nfixtures; i++) {
		bool want = argc == 2;

		for (int a = 2; a < argc; a++)
			want |= !strcmp(argv[a], gen_fixtures[i]->name);
		if (want)
			rc |= gen_one(argv[1], gen_fixtures[i]);
	}
	return rc;
}
