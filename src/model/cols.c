// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The columns of the devices, links, counters and processes tables: one
 * descriptor each, in the order of the ids of include/view.h.
 */
#include <stdio.h>
#include <string.h>

#include "classify.h"
#include "cols.h"
#include "names.h"

#define SD struct snap_dev
#define SP struct snap_port
#define SC struct snap_counter
#define VP struct view_proc

/* The kernel's resource summary count of one object (arg: enum snap_res). */
static void dev_res(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v)
{
	const struct snap_dev *d = row;

	(void)c;
	v->valid = d->res_valid & (1u << col->arg);
	v->u = d->res[col->arg];
}

#define DEV_RES(n, h, w, r)                                                    \
	{ VIEW_COL(n, h, w, true, VIEW_T_UINT, VIEW_F_PLAIN), .get = dev_res, .arg = r, \
	  .desc = h "s of the device (the kernel's resource summary)" }

/* A count's change since the previous sample (arg: enum snap_res). */
static void dev_res_chg(const struct view_ctx *c, const void *row, const struct view_col *col,
			struct view_value *v)
{
	const struct snap_dev *d = row;

	(void)c;
	v->valid = d->res_chg_valid & (1u << col->arg);
	v->d = (double)d->res_chg[col->arg];
}

#define DEV_CHG(n, h, w, r, what)                                              \
	{ VIEW_COL(n, h, w, true, VIEW_T_DOUBLE, VIEW_F_PLAIN), .get = dev_res_chg, .arg = r, \
	  .desc = "change of the " what " count since the previous sample" }

/* adaptive interrupt moderation, as rdma says it */
static void dev_dim(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v)
{
	const struct snap_dev *d = row;

	(void)c;
	(void)col;
	v->valid = SNAP_HAS(d, SNAP_DEV_DIM) && d->dim <= 1;
	v->s = v->valid ? (d->dim ? "on" : "off") : "";
}

static const struct view_col devs_cols[VC_DEV_N] = {
	[VC_DEV_NAME] = { COL_S("dev", "DEV", 10, SD, name, 0, "device name") },
	[VC_DEV_INDEX] = { COL_N("index", "IDX", 3, SD, index, 0, "device index") },
	[VC_DEV_NODE_TYPE] = { COL_E("node_type", "NODE", 5, SD, node_type, SNAP_DEV_NODE_TYPE,
				   snap_node_type_str, "node type (ca, rnic, ...)") },
	[VC_DEV_PROTOCOL] = { COL_S("protocol", "PROTO", 5, SD, protocol, SNAP_DEV_PROTOCOL,
				  "protocol (ib, roce, iw)") },
	[VC_DEV_FW] = { COL_S("fw", "FW", 10, SD, fw, SNAP_DEV_FW, "firmware version") },
	[VC_DEV_NODE_GUID] = { COL_G("node_guid", "NODE_GUID", 19, SD, node_guid,
				   SNAP_DEV_NODE_GUID, "node GUID") },
	[VC_DEV_SYS_GUID] = { COL_G("sys_image_guid", "SYS_GUID", 19, SD,
				  sys_image_guid, SNAP_DEV_SYS_GUID, "system image GUID") },
	[VC_DEV_PORTS] = { COL_N("ports", "PORTS", 5, SD, num_ports, SNAP_DEV_NUM_PORTS,
			       "number of ports") },
	[VC_DEV_PD] = DEV_RES("pd", "PD", 5, SNAP_RES_PD),
	[VC_DEV_CQ] = DEV_RES("cq", "CQ", 5, SNAP_RES_CQ),
	[VC_DEV_QP] = DEV_RES("qp", "QP", 6, SNAP_RES_QP),
	[VC_DEV_CM_ID] = DEV_RES("cm_id", "CM_ID", 5, SNAP_RES_CM_ID),
	[VC_DEV_MR] = DEV_RES("mr", "MR", 6, SNAP_RES_MR),
	[VC_DEV_CTX] = DEV_RES("ctx", "CTX", 4, SNAP_RES_CTX),
	[VC_DEV_SRQ] = DEV_RES("srq", "SRQ", 4, SNAP_RES_SRQ),
	[VC_DEV_PD_CHG] = DEV_CHG("pd_chg", "dPD", 4, SNAP_RES_PD, "PD"),
	[VC_DEV_CQ_CHG] = DEV_CHG("cq_chg", "dCQ", 4, SNAP_RES_CQ, "CQ"),
	[VC_DEV_QP_CHG] = DEV_CHG("qp_chg", "dQP", 5, SNAP_RES_QP, "QP"),
	[VC_DEV_CM_ID_CHG] = DEV_CHG("cm_id_chg", "dCM_ID", 6, SNAP_RES_CM_ID, "CM_ID"),
	[VC_DEV_MR_CHG] = DEV_CHG("mr_chg", "dMR", 5, SNAP_RES_MR, "MR"),
	[VC_DEV_CTX_CHG] = DEV_CHG("ctx_chg", "dCTX", 4, SNAP_RES_CTX, "CTX"),
	[VC_DEV_SRQ_CHG] = DEV_CHG("srq_chg", "dSRQ", 4, SNAP_RES_SRQ, "SRQ"),
	[VC_DEV_CAPS] = { COL_F("caps", "CAPS", 16, VIEW_F_HEX, SD, caps, SNAP_DEV_CAPS,
				"device capability flags (names in the device's details)") },
	[VC_DEV_DIM] = { VIEW_COL("adaptive_moderation", "DIM", 3, false, VIEW_T_STR,
				  VIEW_F_PLAIN), .get = dev_dim,
			 .desc = "adaptive interrupt moderation" },
	[VC_DEV_TYPE] = { COL_E("dev_type", "TYPE", 5, SD, type, SNAP_DEV_TYPE, snap_dev_type_str,
				"sub-device type (smi), 6.12+") },
	[VC_DEV_PARENT] = { COL_S("dev_parent", "PARENT", 10, SD, parent, SNAP_DEV_PARENT,
				  "the sub-device's parent device, 6.12+") },
};
/* the device's own name is its dev column */
const struct view_tab view_devs_tab = VIEW_TAB(devs_cols, SD, valid, [VIEW_ROLE_DEV] = 1);

/* Throughput from the port's counters (arg: index into view_link_rates). */
static void link_rate(const struct view_ctx *c, const void *row, const struct view_col *col,
		      struct view_value *v)
{
	const struct snap_port *p = row;
	struct view_link_rates lr;

	view_link_rates(c->s, p->dev, p->port, &lr);
	v->valid = lr.valid[col->arg];
	v->sat = lr.sat[col->arg];
	v->d = lr.v[col->arg];
}

#define LINK_RATE(n, h, w, f, k, d)                                              \
	{ VIEW_COL(n, h, w, true, VIEW_T_DOUBLE, f), .get = link_rate, .arg = k, .desc = d }

/* the port's QP counter mode, as `rdma statistic qp mode` says it */
static void link_qp_mode(const struct view_ctx *c, const void *row, const struct view_col *col,
			 struct view_value *v)
{
	const struct snap_port *p = row;

	(void)c;
	(void)col;
	v->valid = SNAP_HAS(p, SNAP_PORT_QP_MODE);
	v->s = view_qp_mode_str(p, v->tmp, sizeof(v->tmp));
}

static const struct view_col links_cols[VC_LINK_N] = {
	[VC_LINK_DEV] = COL_DEV(SP),
	[VC_LINK_PORT] = { COL_N("port", "PORT", 4, SP, port, 0, "port number") },
	[VC_LINK_STATE] = { COL_E("state", "STATE", 6, SP, state, SNAP_PORT_STATE,
				  snap_port_state_str, "logical port state"),
			    .flags = VIEW_C_STATE },
	[VC_LINK_PHYS] = { COL_E("phys", "PHYS", 8, SP, phys_state, SNAP_PORT_PHYS_STATE,
				 snap_phys_state_str, "physical port state"),
			   .flags = VIEW_C_STATE },
	[VC_LINK_NETDEV] = { COL_S("netdev", "NETDEV", 10, SP, ndev, SNAP_PORT_NDEV,
				 "the network device bound to the port") },
	[VC_LINK_NETDEV_INDEX] = { COL_N("netdev_index", "NDEV_IDX", 8, SP, ndev_index,
				       SNAP_PORT_NDEV, "its interface index") },
	[VC_LINK_RATE] = { COL_S("rate", "RATE", 19, SP, rate, SNAP_PORT_RATE,
			       "link rate (sysfs ports/N/rate)") },
	[VC_LINK_LAYER] = { COL_S("link_layer", "LAYER", 10, SP, link_layer, SNAP_PORT_LINK_LAYER,
				"link layer (InfiniBand, Ethernet)") },
	[VC_LINK_LID] = { COL_N("lid", "LID", 5, SP, lid, SNAP_PORT_LID, "local identifier") },
	[VC_LINK_SM_LID] = { COL_N("sm_lid", "SM_LID", 6, SP, sm_lid, SNAP_PORT_SM_LID,
				 "subnet manager's LID") },
	[VC_LINK_LMC] = { COL_N("lmc", "LMC", 3, SP, lmc, SNAP_PORT_LMC, "LID mask control") },
	[VC_LINK_SUBNET_PREFIX] = { COL_G("subnet_prefix", "SUBNET_PREFIX", 19, SP, subnet_prefix,
					  SNAP_PORT_SUBNET_PREFIX, "subnet prefix") },
	[VC_LINK_RX_BYTES] = LINK_RATE("rx_bytes", "RX/s", 11, VIEW_F_BPS, 0,
				       "bytes received per second"),
	[VC_LINK_TX_BYTES] = LINK_RATE("tx_bytes", "TX/s", 11, VIEW_F_BPS, 1,
				       "bytes sent per second"),
	[VC_LINK_RX_PACKETS] = LINK_RATE("rx_packets", "RXPKT/s", 8, VIEW_F_RATE, 2,
					 "packets received per second"),
	[VC_LINK_TX_PACKETS] = LINK_RATE("tx_packets", "TXPKT/s", 8, VIEW_F_RATE, 3,
					 "packets sent per second"),
	[VC_LINK_QP_MODE] = { VIEW_COL("qp_counters", "QPCNT", 14, false, VIEW_T_STR, VIEW_F_PLAIN),
			      .get = link_qp_mode,
			      .desc = "QP counter mode: auto (by type, pid), manual, none" },
};
const struct view_tab view_links_tab =
	VIEW_TAB(links_cols, SP, valid, [VIEW_ROLE_DEV] = VC_LINK_DEV + 1,
		 [VIEW_ROLE_PORT] = VC_LINK_PORT + 1);

/* source and unit by name; value, rate and delta by the counter's state */
static void counter(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v)
{
	static const char *const src[] = { "hw", "pma", "netdev" };
	static const char *const unit[] = { "events", "packets", "bytes" };
	const struct snap_counter *k = row;
	bool data = k->rate_status == RATE_DATA;

	(void)c;
	switch (col->arg) {
	case VC_CNT_SOURCE:
		v->s = k->source < SNAP_SRC_N ? src[k->source] : "";
		v->valid = *v->s;
		break;
	case VC_CNT_VALUE:
		v->valid = true;
		v->u = k->value;
		v->sat = snap_counter_saturated(k);
		if (k->unit == SNAP_UNIT_BYTES)
			v->fmt = VIEW_F_BYTES;
		break;
	case VC_CNT_UNIT:
		v->s = k->unit < SNAP_UNIT_N ? unit[k->unit] : "";
		v->valid = *v->s;
		break;
	case VC_CNT_OPTIONAL:
		v->valid = k->optional;
		v->s = "on";
		break;
	case VC_CNT_CLASS:
		v->s = cnt_class_name(k->cls);
		v->valid = true;
		break;
	case VC_CNT_CLASS_BY:
		v->s = cnt_by_name(k->cls_flags);
		v->valid = true;
		break;
	case VC_CNT_RATE:
		/* saturated: "sat", with a rate (reached since the last
		 * sample) or not (RATE_SAT, the first sample), never "0/s" */
		v->sat = snap_counter_saturated(k);
		v->valid = data || v->sat;
		v->d = k->rate;
		if (k->unit == SNAP_UNIT_BYTES)
			v->fmt = VIEW_F_BPS;
		break;
	default:
		v->valid = data;
		v->u = k->delta;
	}
}

#define CNT(id, n, h, w, r, ty, f, d)                                           \
	[id] = { VIEW_COL(n, h, w, r, ty, f), .get = counter, .arg = id, .desc = d }

static const struct view_col counters_cols[VC_CNT_N] = {
	[VC_CNT_DEV] = COL_DEV(SC),
	[VC_CNT_PORT] = { COL_N("port", "PORT", 4, SC, port, 0, "port (n/a: the device's)"),
			  .flags = VIEW_C_NZ },
	CNT(VC_CNT_SOURCE, "source", "SRC", 6, false, VIEW_T_STR, VIEW_F_PLAIN,
	    "where it is read: hw (netlink), pma (sysfs), netdev"),
	[VC_CNT_NAME] = { COL_ID("name", "NAME", 24, SC, name, 0, "counter name") },
	CNT(VC_CNT_VALUE, "value", "VALUE", 12, true, VIEW_T_UINT, VIEW_F_COUNT,
	    "its value, in its unit"),
	CNT(VC_CNT_UNIT, "unit", "UNIT", 7, false, VIEW_T_STR, VIEW_F_PLAIN,
	    "events, packets or bytes"),
	CNT(VC_CNT_RATE, "rate", "RATE/s", 9, true, VIEW_T_DOUBLE, VIEW_F_RATE,
	    "change per second over the interval"),
	CNT(VC_CNT_DELTA, "delta", "DELTA", 10, true, VIEW_T_UINT, VIEW_F_PLAIN,
	    "change over the interval"),
	CNT(VC_CNT_OPTIONAL, "optional", "OPT", 3, false, VIEW_T_STR, VIEW_F_PLAIN,
	    "on: an optional counter (rdma statistic set ... optional-counters), enabled"),
	CNT(VC_CNT_CLASS, "class", "CLASS", 10, false, VIEW_T_STR, VIEW_F_PLAIN,
	    "error, flush, congestion, traffic or info (doc/counters.md); ERR/s sums error"),
	CNT(VC_CNT_CLASS_BY, "class_by", "BY", 7, false, VIEW_T_STR, VIEW_F_PLAIN,
	    "table: the counter table names it; rule: a keyword rule; default: neither (info)"),
};
const struct view_tab view_counters_tab = {
	.cols = counters_cols, .n = VC_CNT_N, .size = sizeof(SC),
	.role = { [VIEW_ROLE_DEV] = VC_CNT_DEV + 1, [VIEW_ROLE_PORT] = VC_CNT_PORT + 1 },
};

/* a process entry's comm; one whose process is not visible says so, and
 * the one of owners the kernel gave no pid says where they are */
static void proc_comm(const struct view_ctx *c, const void *row, const struct view_col *col,
		      struct view_value *v)
{
	const struct view_proc *p = row;

	(void)col;
	v->s = snap_s(c->s, p->comm);
	v->valid = *v->s;
	if (!v->valid && (p->valid & VIEW_PROC_HIDDEN)) {
		v->s = p->n_threads ? "(not visible)" : "(outside this PID namespace)";
		v->valid = true;
	}
}

/* a process's group, as kind:name (drill-down and filters match it) */
static void proc_group(const struct view_ctx *c, const void *row, const struct view_col *col,
		       struct view_value *v)
{
	struct view_group_key k;

	(void)col;
	view_proc_group(c->s, row, &k);
	snprintf(v->tmp, sizeof(v->tmp), "%s:%.80s", view_group_kind_str(k.kind), k.name);
	v->s = v->tmp;
	v->valid = true;
}

#define PROC_RES(n, h, w, r) { COL_N(n, h, w, VP, res[r], 0, h "s it holds") }

static const struct view_col procs_cols[VC_PROC_N] = {
	[VC_PROC_PID] = { COL_N("pid", "PID", 7, VP, pid, 0,
				"process id (n/a: kernel-owned or not visible)"),
			  .flags = VIEW_C_NZ },
	[VC_PROC_COMM] = { VIEW_COL("comm", "COMM", 16, false, VIEW_T_STR, VIEW_F_PLAIN),
			   .get = proc_comm, .desc = "command name, or the kernel owner's name" },
	[VC_PROC_UID] = { COL_N("uid", "UID", 5, VP, uid, VIEW_PROC_UID, "user id") },
	[VC_PROC_THREADS] = { COL_N("threads", "THR", 3, VP, n_threads, 0,
				  "threads that created its resources") },
	[VC_PROC_QP] = PROC_RES("qp", "QP", 5, SNAP_RES_QP),
	[VC_PROC_CQ] = PROC_RES("cq", "CQ", 5, SNAP_RES_CQ),
	[VC_PROC_MR] = PROC_RES("mr", "MR", 5, SNAP_RES_MR),
	[VC_PROC_MR_BYTES] = { COL_F("mr_bytes", "MR_BYTES", 10, VIEW_F_BYTES, VP, mr_bytes, 0,
				   "bytes of memory its MRs register") },
	[VC_PROC_PD] = PROC_RES("pd", "PD", 5, SNAP_RES_PD),
	[VC_PROC_CM_ID] = PROC_RES("cm_id", "CM_ID", 5, SNAP_RES_CM_ID),
	[VC_PROC_CTX] = PROC_RES("ctx", "CTX", 4, SNAP_RES_CTX),
	[VC_PROC_SRQ] = PROC_RES("srq", "SRQ", 4, SNAP_RES_SRQ),
	[VC_PROC_PSN_RATE] = { COL_R("psn_rate", "PSN/s", 7, VIEW_F_RATE, VP, psn_rate,
				   VIEW_PROC_PSN_RATE, "PSNs its QPs advanced per second") },
	[VC_PROC_CGROUP] = { COL_ID("cgroup", "CGROUP", 40, VP, cgroup, 0,
				  "its cgroup (job, pod, service)") },
	[VC_PROC_GROUP] = { VIEW_COL("group", "GROUP", 30, false, VIEW_T_STR, VIEW_F_PLAIN),
			    .get = proc_group,
			    .desc = "its group (kind:name, see the groups table)" },
	[VC_PROC_RETX_RATE] = { COL_R("retx_rate", "RETX/s", 7, VIEW_F_RATE, VP, hw_rate[VIEW_HW_RETX],
				    VIEW_PROC_HW_RATE, "retransmits and timeouts per second (bound counters)") },
	[VC_PROC_ERR_RATE] = { COL_R("hw_err_rate", "HWERR/s", 7, VIEW_F_RATE, VP,
				   hw_rate[VIEW_HW_ERR], VIEW_PROC_HW_RATE,
				   "transport errors per second (bound counters)") },
	[VC_PROC_CNP_RATE] = { COL_R("cnp_rate", "CNP/s", 7, VIEW_F_RATE, VP, hw_rate[VIEW_HW_CNP],
				   VIEW_PROC_HW_RATE, "congestion notifications per second (bound counters)") },
	[VC_PROC_BYTES_RATE] = { COL_R("hw_bytes_rate", "HWB/s", 9, VIEW_F_BPS, VP,
				     hw_rate[VIEW_HW_BYTES], VIEW_PROC_HW_RATE,
				     "bytes per second, where the driver counts them (bound counters)") },
	[VC_PROC_RETX] = { COL_F("retx", "RETX", 7, VIEW_F_COUNT, VP, hw[VIEW_HW_RETX], VIEW_PROC_HW,
			       "retransmits and timeouts (bound counters)") },
	[VC_PROC_ERR] = { COL_F("hw_err", "HWERR", 7, VIEW_F_COUNT, VP, hw[VIEW_HW_ERR], VIEW_PROC_HW,
			      "transport errors (bound counters)") },
	[VC_PROC_CNP] = { COL_F("cnp", "CNP", 7, VIEW_F_COUNT, VP, hw[VIEW_HW_CNP], VIEW_PROC_HW,
			      "congestion notifications (bound counters)") },
	[VC_PROC_BYTES] = { COL_F("hw_bytes", "HWBYTES", 9, VIEW_F_BYTES, VP, hw[VIEW_HW_BYTES],
				VIEW_PROC_HW, "bytes, where the driver counts them (bound counters)") },
};
const struct view_tab view_procs_tab =
	VIEW_TAB(procs_cols, VP, valid, [VIEW_ROLE_PID] = VC_PROC_PID + 1,
		 [VIEW_ROLE_COMM] = VC_PROC_COMM + 1);

#define VG struct view_group
enum { QPS_RTS = 3, QPS_ERR = 6 };	/* the kernel's enum ib_qp_state */

/* kind by name; a group's QPs in RTS, in ERR, in any other state */
static void group_get(const struct view_ctx *c, const void *row, const struct view_col *col,
		      struct view_value *v)
{
	const struct view_group *g = row;
	(void)c;
	v->valid = true;
	switch (col->arg) {
	case VC_GRP_KIND:
		v->s = view_group_kind_str(g->key.kind);
		return;
	case VC_GRP_NAME:
		v->s = g->key.name;
		v->valid = *v->s;
		return;
	case VC_GRP_RTS:
		v->u = g->qp_state[QPS_RTS];
		return;
	case VC_GRP_QP_ERR:
		v->u = g->qp_state[QPS_ERR];
		return;
	default:
		/* QPs of no known state count here too */
		v->u = g->res[SNAP_RES_QP] - g->qp_state[QPS_RTS] - g->qp_state[QPS_ERR];
	}
}

#define GRP_GET(id, n, h, w, r, ty, d)                                          \
	[id] = { VIEW_COL(n, h, w, r, ty, VIEW_F_PLAIN), .get = group_get, .arg = id, .desc = d }
#define GRP_RES(n, h, w, r) { COL_N(n, h, w, VG, res[r], 0, h "s its processes hold") }

static const struct view_col groups_cols[VC_GRP_N] = {
	GRP_GET(VC_GRP_KIND, "kind", "KIND", 9, false, VIEW_T_STR,
		"job, pod, container, unit, cgroup, kernel, hidden or unknown"),
	[VC_GRP_RUNTIME] = { COL_S("runtime", "RUNTIME", 10, VG, key.runtime, 0,
				   "what made the cgroup: slurm, kubernetes, docker, containerd, "
				   "cri-o, podman, systemd") },
	GRP_GET(VC_GRP_NAME, "group", "GROUP", 36, false, VIEW_T_STR,
		"job id, pod UID, container id, unit name or cgroup path"),
	[VC_GRP_PROCS] = { COL_N("procs", "PROCS", 5, VG, n_procs, 0, "processes in it") },
	[VC_GRP_QP] = GRP_RES("qp", "QP", 5, SNAP_RES_QP),
	GRP_GET(VC_GRP_RTS, "rts", "RTS", 5, true, VIEW_T_UINT, "its QPs in state RTS"),
	GRP_GET(VC_GRP_QP_ERR, "qp_err", "ERR", 4, true, VIEW_T_UINT, "its QPs in state ERR"),
	GRP_GET(VC_GRP_QP_OTHER, "qp_other", "OTHER", 5, true, VIEW_T_UINT,
		"its QPs in any other state (RESET, INIT, RTR, SQD, SQE, unknown)"),
	[VC_GRP_CQ] = GRP_RES("cq", "CQ", 5, SNAP_RES_CQ),
	[VC_GRP_MR] = GRP_RES("mr", "MR", 5, SNAP_RES_MR),
	[VC_GRP_MR_BYTES] = { COL_F("mr_bytes", "MR_BYTES", 10, VIEW_F_BYTES, VG, mr_bytes, 0,
				    "bytes of memory its MRs register") },
	[VC_GRP_PD] = GRP_RES("pd", "PD", 5, SNAP_RES_PD),
	[VC_GRP_CM_ID] = GRP_RES("cm_id", "CM_ID", 5, SNAP_RES_CM_ID),
	[VC_GRP_CTX] = GRP_RES("ctx", "CTX", 4, SNAP_RES_CTX),
	[VC_GRP_SRQ] = GRP_RES("srq", "SRQ", 4, SNAP_RES_SRQ),
	[VC_GRP_PSN_RATE] = { COL_R("psn_rate", "PSN/s", 7, VIEW_F_RATE, VG, psn_rate,
				    VIEW_PROC_PSN_RATE, "PSNs its QPs advanced per second") },
	[VC_GRP_CGROUP] = { COL_ID("cgroup", "CGROUP", 40, VG, cgroup, 0,
				   "the cgroup of its first process") },
	[VC_GRP_RETX] = { COL_F("retx", "RETX", 7, VIEW_F_COUNT, VG, hw[VIEW_HW_RETX], VIEW_PROC_HW,
				"its processes' retransmits and timeouts (bound counters)") },
	[VC_GRP_ERR] = { COL_F("hw_err", "HWERR", 7, VIEW_F_COUNT, VG, hw[VIEW_HW_ERR], VIEW_PROC_HW,
			       "its processes' transport errors (bound counters)") },
	[VC_GRP_CNP] = { COL_F("cnp", "CNP", 7, VIEW_F_COUNT, VG, hw[VIEW_HW_CNP], VIEW_PROC_HW,
			       "its processes' congestion notifications (bound counters)") },
};
const struct view_tab view_groups_tab = VIEW_TAB(groups_cols, VG, valid);
