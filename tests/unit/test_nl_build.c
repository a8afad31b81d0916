// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Round trips: NLDEV messages built with libmnl the way the kernel builds
 * them (nldev.c), parsed back; every attribute each parser reads appears
 * here at least once, next to attribute types we do not know.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <sys/socket.h>
#include <netinet/in.h>

#include "nl.h"
#include "test.h"

static unsigned char buf[NL_BUF_SIZE];

static struct nlmsghdr *msg(void *at, uint16_t cmd, uint16_t flags)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(at);

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, cmd);
	nlh->nlmsg_flags = flags;
	return nlh;
}

static void put_dev(struct nlmsghdr *nlh, uint32_t index, const char *name)
{
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, index);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, name);
}

/* Types the parser must skip: past our header, and one far beyond. */
static void put_unknown(struct nlmsghdr *nlh)
{
	mnl_attr_put_u64(nlh, 250, 0xdeadbeef);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_MAX + 5, "from a newer kernel");
	mnl_attr_put(nlh, RDMA_NLDEV_ATTR_MAX, 3, "abc");
}

static int parse_one(struct snapshot *s, struct nlmsghdr *nlh, uint16_t cmd, uint16_t flags)
{
	struct nl_req req = { .cmd = cmd, .flags = flags, .dev = 0, .port = SNAP_NONE };
	struct nl_result res = { 0 };

	return nl_parse(s, &req, nlh, nlh->nlmsg_len, &res);
}

static void test_dev(void)
{
	struct snapshot s;
	struct nlmsghdr *nlh = msg(buf, RDMA_NLDEV_CMD_GET, 0);
	struct snap_dev *d;

	put_unknown(nlh);
	put_dev(nlh, 7, "mlx5_0");
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 2);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_CAP_FLAGS, 1ull << 36 | 1ull << 6 | 1);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_FW_VERSION, "20.31.1014");
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_NODE_GUID, 0x0c42a10300aabbccull);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_SYS_IMAGE_GUID, 0x0c42a10300aabbcdull);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DEV_NODE_TYPE, 1);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_PROTOCOL, "ib");
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DEV_DIM, 1);
	put_unknown(nlh);

	snap_init(&s);
	CHECK_EQ_U(parse_one(&s, nlh, RDMA_NLDEV_CMD_GET, NLM_F_DUMP), 1);
	d = snap_dev_find(&s, 7);
	CHECK(d != NULL);
	if (d) {
		CHECK_EQ_S(d->name, "mlx5_0");
		CHECK_EQ_U(d->num_ports, 2);
		CHECK_EQ_U(d->caps, 1ull << 36 | 1ull << 6 | 1);
		CHECK_EQ_S(d->fw, "20.31.1014");
		CHECK_EQ_U(d->node_guid, 0x0c42a10300aabbccull);
		CHECK_EQ_U(d->sys_image_guid, 0x0c42a10300aabbcdull);
		CHECK_EQ_U(d->node_type, 1);
		CHECK_EQ_S(d->protocol, "ib");
		CHECK_EQ_U(d->dim, 1);
		CHECK_EQ_U(d->valid, SNAP_DEV_CAPS | SNAP_DEV_FW | SNAP_DEV_NODE_GUID |
			   SNAP_DEV_SYS_GUID | SNAP_DEV_NODE_TYPE | SNAP_DEV_PROTOCOL |
			   SNAP_DEV_DIM | SNAP_DEV_NUM_PORTS);
	}
	/* a 6.12 SMI sub-device: DEV_TYPE and PARENT_NAME */
	nlh = msg(buf, RDMA_NLDEV_CMD_GET, 0);
	put_dev(nlh, 8, "smi_mlx5_0");
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DEV_TYPE, 1);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_PARENT_NAME, "mlx5_0");
	CHECK_EQ_U(parse_one(&s, nlh, RDMA_NLDEV_CMD_GET, NLM_F_DUMP), 1);
	d = snap_dev_find(&s, 8);
	CHECK(d != NULL);
	if (d) {
		CHECK_EQ_U(d->valid, SNAP_DEV_TYPE | SNAP_DEV_PARENT);
		CHECK_EQ_S(snap_dev_type_str(d->type), "smi");
		CHECK_EQ_S(d->parent, "mlx5_0");
	}
	CHECK_EQ_S(snap_dev_type_str(2), "unknown");
	snap_free(&s);
}

static void test_port_sys_summary(void)
{
	struct snapshot s;
	struct nlmsghdr *nlh;
	struct nlattr *tab, *ent;
	const struct snap_port *p;
	const struct snap_dev *d;

	snap_init(&s);
	nlh = msg(buf, RDMA_NLDEV_CMD_PORT_GET, NLM_F_MULTI);
	put_dev(nlh, 0, "mlx5_0");
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	put_unknown(nlh);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_CAP_FLAGS, 0x2651e84a);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_SUBNET_PREFIX, 0xfe80000000000000ull);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_LID, 12);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_SM_LID, 1);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_LMC, 0);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_PORT_STATE, 4);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_PORT_PHYS_STATE, 5);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_NDEV_INDEX, 0);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_NDEV_NAME, "ib0");
	CHECK_EQ_U(parse_one(&s, nlh, RDMA_NLDEV_CMD_PORT_GET, NLM_F_DUMP), 1);
	p = snap_port_find(&s, 0, 1);
	CHECK(p != NULL);
	if (p) {
		CHECK_EQ_U(p->cap_flags, 0x2651e84a);
		CHECK_EQ_U(p->subnet_prefix, 0xfe80000000000000ull);
		CHECK_EQ_U(p->lid, 12);
		CHECK_EQ_U(p->sm_lid, 1);
		CHECK_EQ_U(p->lmc, 0);
		CHECK_EQ_S(snap_port_state_str(p->state), "ACTIVE");
		CHECK_EQ_S(snap_phys_state_str(p->phys_state), "LINK_UP");
		CHECK_EQ_U(p->ndev_index, 0);	/* 0 is a real index */
		CHECK_EQ_S(p->ndev, "ib0");
		CHECK_EQ_U(p->valid, SNAP_PORT_CAP_FLAGS | SNAP_PORT_SUBNET_PREFIX |
			   SNAP_PORT_LID | SNAP_PORT_SM_LID | SNAP_PORT_LMC |
			   SNAP_PORT_STATE | SNAP_PORT_PHYS_STATE | SNAP_PORT_NDEV);
	}
	/* the device learnt from a port message keeps its name */
	CHECK(snap_dev_find(&s, 0) && !strcmp(snap_dev_find(&s, 0)->name, "mlx5_0"));

	nlh = msg(buf, RDMA_NLDEV_CMD_SYS_GET, 0);
	put_unknown(nlh);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_NETNS_MODE, 0);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_COPY_ON_FORK, 1);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_PRIVILEGED_QKEY_MODE, 1);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_SYS_ATTR_MONITOR_MODE, 1);
	CHECK_EQ_U(parse_one(&s, nlh, RDMA_NLDEV_CMD_SYS_GET, 0), 0);
	CHECK_EQ_U(s.sys.valid, SNAP_SYS_NETNS_MODE | SNAP_SYS_COPY_ON_FORK |
		   SNAP_SYS_PRIV_QKEY | SNAP_SYS_MONITOR);
	CHECK_EQ_U(s.sys.netns_shared, 0);
	CHECK_EQ_U(s.sys.copy_on_fork, 1);
	CHECK_EQ_U(s.sys.privileged_qkey, 1);
	CHECK_EQ_U(s.sys.monitor_mode, 1);

	nlh = msg(buf, RDMA_NLDEV_CMD_RES_GET, 0);
	put_dev(nlh, 0, "mlx5_0");
	tab = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY);
	/* 7.x: a limit on some entries (RES_SUMMARY_ENTRY_MAX), and types that
	 * have no enum snap_res (comp_cntr); a name that is no plain word is
	 * dropped (it would be a JSON key) */
	for (int i = 0; i < 6; i++) {
		static const char *const names[] = {
			"qp", "xrcd", "srq", "cq", "comp_cntr", "a\"b",
		};

		ent = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY);
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_NAME, names[i]);
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_CURR, 10 + i);
		if (i == 0 || i == 4)
			mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_MAX, 1000 + i);
		put_unknown(nlh);
		mnl_attr_nest_end(nlh, ent);
	}
	mnl_attr_nest_end(nlh, tab);
	CHECK_EQ_U(parse_one(&s, nlh, RDMA_NLDEV_CMD_RES_GET, 0), 0);
	d = snap_dev_find(&s, 0);
	CHECK(d != NULL);
	if (d) {
		CHECK_EQ_U(d->res_valid, 1u << SNAP_RES_QP | 1u << SNAP_RES_SRQ |
			   1u << SNAP_RES_CQ);
		CHECK_EQ_U(d->res[SNAP_RES_QP], 10);
		CHECK_EQ_U(d->res[SNAP_RES_SRQ], 12);
		CHECK_EQ_U(d->res[SNAP_RES_CQ], 13);
		CHECK_EQ_U(d->res_max_valid, 1u << SNAP_RES_QP);
		CHECK_EQ_U(d->res_max[SNAP_RES_QP], 1000);
		CHECK_EQ_U(d->n_res_other, 2);
		CHECK_EQ_S(d->res_other[0].name, "xrcd");
		CHECK_EQ_U(d->res_other[0].curr, 11);
		CHECK(!d->res_other[0].max_valid);
		CHECK_EQ_S(d->res_other[1].name, "comp_cntr");
		CHECK_EQ_U(d->res_other[1].curr, 14);
		CHECK(d->res_other[1].max_valid);
		CHECK_EQ_U(d->res_other[1].max, 1004);
	}
	/* the same summary again (a dump read twice) updates, never appends */
	CHECK_EQ_U(parse_one(&s, nlh, RDMA_NLDEV_CMD_RES_GET, 0), 0);
	d = snap_dev_find(&s, 0);
	CHECK(d && d->n_res_other == 2);
	snap_free(&s);
}

static void put_owner(struct nlmsghdr *nlh, uint32_t pid, const char *kern)
{
	if (kern)
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_RES_KERN_NAME, kern);
	else
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PID, pid);
}

static void test_qp(void)
{
	struct snapshot s;
	struct nlmsghdr *nlh = msg(buf, RDMA_NLDEV_CMD_RES_QP_GET, NLM_F_MULTI);
	struct nlattr *tab, *ent;
	const struct snap_qp *q;

	put_dev(nlh, 3, "rxe0");
	put_unknown(nlh);
	tab = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	ent = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, 17);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_RQPN, 18);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_RQ_PSN, 0xabcdef);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_SQ_PSN, 0x123456);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_PATH_MIG_STATE, 2);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, 0xff);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_STATE, 3);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PDN, 5);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_RES_SUBTYPE, "DCI");
	put_unknown(nlh);
	put_owner(nlh, 914, NULL);
	mnl_attr_nest_end(nlh, ent);
	/* a GSI QP: no rqpn, rq-psn, path-mig-state, pdn, pid, port */
	ent = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, 1);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_SQ_PSN, 3);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, 1);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_STATE, 3);
	put_owner(nlh, 0, "ib_core");
	mnl_attr_nest_end(nlh, ent);
	mnl_attr_nest_end(nlh, tab);

	snap_init(&s);
	CHECK_EQ_U(parse_one(&s, nlh, RDMA_NLDEV_CMD_RES_QP_GET, NLM_F_DUMP), 1);
	CHECK_EQ_U(s.qps.n, 2);
	q = SNAP_AT(&s.qps, struct snap_qp, 0);
	CHECK_EQ_U(q->dev, 3);
	CHECK_EQ_U(q->port, 1);
	CHECK_EQ_U(q->lqpn, 17);
	CHECK_EQ_U(q->rqpn, 18);
	CHECK_EQ_U(q->rq_psn, 0xabcdef);
	CHECK_EQ_U(q->sq_psn, 0x123456);
	CHECK_EQ_S(snap_pmig_str(q->pmig), "ARMED");
	CHECK_EQ_S(snap_qp_type_str(q->type), "DRIVER");
	CHECK_EQ_S(snap_qp_state_str(q->state), "RTS");
	CHECK_EQ_U(q->pdn, 5);
	CHECK_EQ_S(snap_s(&s, q->subtype), "DCI");
	CHECK_EQ_U(q->own.valid, SNAP_OWN_TID);
	CHECK_EQ_U(q->own.tid, 914);
	CHECK_EQ_U(q->valid, SNAP_QP_PORT | SNAP_QP_RQPN | SNAP_QP_RQ_PSN | SNAP_QP_SQ_PSN |
		   SNAP_QP_PMIG | SNAP_QP_TYPE | SNAP_QP_STATE | SNAP_QP_PDN |
		   SNAP_QP_SUBTYPE);
	q = SNAP_AT(&s.qps, struct snap_qp, 1);
	CHECK_EQ_U(q->lqpn, 1);
	CHECK_EQ_U(q->valid, SNAP_QP_SQ_PSN | SNAP_QP_TYPE | SNAP_QP_STATE);
	CHECK_EQ_U(q->own.valid, SNAP_OWN_KERN);
	CHECK_EQ_S(snap_owner_comm(&s, &q->own), "ib_core");
	snap_free(&s);
}

static void put_sockaddr(struct nlmsghdr *nlh, uint16_t type, int family,
			 const char *ip, uint16_t port)
{
	struct sockaddr_storage ss;

	memset(&ss, 0, sizeof(ss));
	if (family == AF_INET) {
		struct sockaddr_in *sin = (struct sockaddr_in *)&ss;

		sin->sin_family = AF_INET;
		sin->sin_port = htons(port);
		inet_pton(AF_INET, ip, &sin->sin_addr);
	} else {
		struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&ss;

		sin6->sin6_family = AF_INET6;
		sin6->sin6_port = htons(port);
		sin6->sin6_scope_id = 4;
		inet_pton(AF_INET6, ip, &sin6->sin6_addr);
	}
	/* the kernel sends the whole __kernel_sockaddr_storage (128 bytes) */
	mnl_attr_put(nlh, type, sizeof(ss), &ss);
}

static void test_cm_id(void)
{
	struct snapshot s;
	struct nlmsghdr *nlh = msg(buf, RDMA_NLDEV_CMD_RES_CM_ID_GET, NLM_F_MULTI);
	struct nlattr *tab, *ent;
	const struct snap_cm_id *c;
	char ip[INET6_ADDRSTRLEN];

	put_dev(nlh, 0, "rxe0");
	tab = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CM_ID);
	ent = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CM_ID_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CM_IDN, 4);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, 19);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, 2);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_STATE, 5);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PS, 0x0106);
	put_sockaddr(nlh, RDMA_NLDEV_ATTR_RES_SRC_ADDR, AF_INET, "10.0.0.1", 57624);
	put_sockaddr(nlh, RDMA_NLDEV_ATTR_RES_DST_ADDR, AF_INET6, "fe80::1", 7174);
	put_unknown(nlh);
	put_owner(nlh, 920, NULL);
	mnl_attr_nest_end(nlh, ent);
	ent = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CM_ID_ENTRY);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_STATE, 8);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PS, 0x0111);
	put_owner(nlh, 0, "rdma_cm");
	mnl_attr_nest_end(nlh, ent);
	mnl_attr_nest_end(nlh, tab);

	snap_init(&s);
	CHECK_EQ_U(parse_one(&s, nlh, RDMA_NLDEV_CMD_RES_CM_ID_GET, NLM_F_DUMP), 1);
	CHECK_EQ_U(s.cm_ids.n, 2);
	c = SNAP_AT(&s.cm_ids, struct snap_cm_id, 0);
	CHECK_EQ_U(c->valid, SNAP_CM_PORT | SNAP_CM_LQPN | SNAP_CM_QP_TYPE | SNAP_CM_STATE |
		   SNAP_CM_PS | SNAP_CM_SRC | SNAP_CM_DST | SNAP_CM_IDN);
	CHECK_EQ_U(c->port, 1);
	CHECK_EQ_U(c->cm_idn, 4);
	CHECK_EQ_U(c->lqpn, 19);
	CHECK_EQ_S(snap_qp_type_str(c->qp_type), "RC");
	CHECK_EQ_S(snap_cm_state_str(c->state), "CONNECT");
	CHECK_EQ_S(snap_ps_str(c->ps), "TCP");
	CHECK_EQ_U(c->src.family, AF_INET);
	CHECK_EQ_U(c->src.port, 57624);
	inet_ntop(AF_INET, c->src.addr, ip, sizeof(ip));
	CHECK_EQ_S(ip, "10.0.0.1");
	CHECK_EQ_U(c->dst.family, AF_INET6);
	CHECK_EQ_U(c->dst.port, 7174);
	CHECK_EQ_U(c->dst.scope_id, 4);
	inet_ntop(AF_INET6, c->dst.addr, ip, sizeof(ip));
	CHECK_EQ_S(ip, "fe80::1");
	CHECK_EQ_U(c->own.tid, 920);
	c = SNAP_AT(&s.cm_ids, struct snap_cm_id, 1);
	CHECK_EQ_U(c->valid, SNAP_CM_STATE | SNAP_CM_PS);
	CHECK_EQ_S(snap_cm_state_str(c->state), "LISTEN");
	CHECK_EQ_S(snap_ps_str(c->ps), "UDP");
	CHECK_EQ_S(snap_owner_comm(&s, &c->own), "rdma_cm");
	snap_free(&s);
}

static void test_names(void)
{
	CHECK_EQ_S(snap_qp_type_str(7), "UNKNOWN");
	CHECK_EQ_S(snap_qp_type_str(10), "XRC_TGT");
	CHECK_EQ_S(snap_qp_type_str(11), "UNKNOWN");
	CHECK_EQ_S(snap_qp_state_str(6), "ERR");
	CHECK_EQ_S(snap_qp_state_str(7), "UNKNOWN");
	CHECK_EQ_S(snap_pmig_str(3), "UNKNOWN");
	CHECK_EQ_S(snap_port_state_str(5), "ACTIVE_DEFER");
	CHECK_EQ_S(snap_port_state_str(255), "UNKNOWN");
	CHECK_EQ_S(snap_phys_state_str(8), "UNKNOWN");
	CHECK_EQ_S(snap_phys_state_str(11), "OPA_TEST");
	CHECK_EQ_S(snap_node_type_str(1), "ca");
	CHECK_EQ_S(snap_node_type_str(200), "unknown");
	CHECK_EQ_S(snap_cm_state_str(10), "DESTROYING");
	CHECK_EQ_S(snap_cm_state_str(11), "UNKNOWN");
	CHECK_EQ_S(snap_ps_str(0x0002), "IPoIB");
	CHECK_EQ_S(snap_ps_str(0x013f), "IPoIB");
	CHECK_EQ_S(snap_ps_str(7), "---");
	CHECK_EQ_S(snap_poll_ctx_str(3), "UNBOUND_WORKQUEUE");
	CHECK_EQ_S(snap_poll_ctx_str(4), "UNKNOWN");
	CHECK_EQ_S(snap_srq_type_str(2), "TM");
	CHECK_EQ_S(snap_srq_type_str(3), "UNKNOWN");
	CHECK_EQ_S(snap_res_name(SNAP_RES_CM_ID), "cm_id");
	CHECK_EQ_S(snap_res_name(SNAP_RES_N), "UNKNOWN");
	CHECK_EQ_S(snap_dev_cap_str(6), "UD_AV_PORT_ENFORCE_PORT_ENFORCE");
	CHECK_EQ_S(snap_dev_cap_str(36), "PCI_WRITE_END_PADDING");
	CHECK(snap_dev_cap_str(16) == NULL);
	CHECK(snap_dev_cap_str(37) == NULL);
	CHECK(snap_dev_cap_str(1000) == NULL);
	/* iproute2 rdma/link.c's names, both masks (bit 32 = CapabilityMask2 bit 0) */
	CHECK_EQ_S(snap_port_cap_str(0), "RESERVED");
	CHECK_EQ_S(snap_port_cap_str(13), "CABLE_INFO");
	CHECK_EQ_S(snap_port_cap_str(15), "CAP_MASK2");
	CHECK_EQ_S(snap_port_cap_str(26), "OTHER_LOCAL_CHANGES");
	CHECK_EQ_S(snap_port_cap_str(27), "LINK_SPPED_WIDTH");
	CHECK_EQ_S(snap_port_cap_str(31), "HIERARCHY_INFO");
	CHECK_EQ_S(snap_port_cap_str(32), "SET_NODE_DESC");
	CHECK_EQ_S(snap_port_cap_str(37), "LINK_SPEED_HDR");
	CHECK(snap_port_cap_str(38) == NULL);
	CHECK(snap_port_cap_str(42) == NULL);	/* LINK_SPEED_NDR: rdma says UNKNOWN */
}

TEST_MAIN(test_dev, test_port_sys_summary, test_qp, test_cm_id, test_names)
