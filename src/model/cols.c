// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The columns of the devices, links, counters and processes tables: one
 * descriptor each, in the order of the ids of include/view.h.
 */
#include <stdio.h>
#include <string.h>

#include <rdma/rdma_netlink.h>

#include "classify.h"
#include "cols.h"
#include "flaps.h"
#include "history.h"
#include "names.h"
#include "net_view.h"
#include "snap_pci.h"
#include "verdict.h"

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

/*
 * The count columns, one per object of SNAP_RES_LIST counted in a table
 * (include/view.h); an object not counted there gets its entry past the
 * table's columns, where no column is.  Widths: a device's QPs and MRs run
 * to 6 digits, CTXs and SRQs are few; else 5, or the name's length.
 */
#define CMAX(a, b) ((a) > (b) ? (a) : (b))
#define RES_W(ID, dev)                                                            \
	(SNAP_RES_##ID == SNAP_RES_CTX || SNAP_RES_##ID == SNAP_RES_SRQ            ? 4 : \
	 (dev) && (SNAP_RES_##ID == SNAP_RES_QP || SNAP_RES_##ID == SNAP_RES_MR) ? 6 : \
										   CMAX(5, (int)sizeof(#ID) - 1))
#define CHG_W(ID) CMAX(CMAX(RES_W(ID, 1) - 1, 4), (int)sizeof("d" #ID) - 1)
#define RES_AT(f, flag, at, past) [((f) & (flag)) ? (at) : (past)]
#define DEV_RES(ID, n, cmd, d, p, f, ...)                                              \
	RES_AT(f, SNAP_RES_SUMMED, VC_DEV_RES + SNAP_RES_##ID, VC_DEV_N + SNAP_RES_##ID) = { \
		VIEW_COL(#n, #ID, RES_W(ID, 1), true, VIEW_T_UINT, VIEW_F_PLAIN),            \
		.get = dev_res, .arg = SNAP_RES_##ID,                                        \
		.desc = #ID "s of the device (the kernel's resource summary)", .desc_sort = true },

/* A count's change since the previous sample (arg: enum snap_res). */
static void dev_res_chg(const struct view_ctx *c, const void *row, const struct view_col *col,
			struct view_value *v)
{
	const struct snap_dev *d = row;

	(void)c;
	v->valid = d->res_chg_valid & (1u << col->arg);
	v->d = (double)d->res_chg[col->arg];
}

#define DEV_CHG(ID, n, cmd, d, p, f, ...)                                             \
	RES_AT(f, SNAP_RES_SUMMED, VC_DEV_CHG + SNAP_RES_##ID,                        \
	       VC_DEV_N + SNAP_RES_N + SNAP_RES_##ID) = {                             \
		VIEW_COL(#n "_chg", "d" #ID, CHG_W(ID), true, VIEW_T_DOUBLE, VIEW_F_PLAIN), \
		.get = dev_res_chg, .arg = SNAP_RES_##ID,                                  \
		.desc = "change of the " #ID " count since the previous sample" },
/* summarised objects come first in the list: their counts have no gap */
#define RES_FIRST(ID, n, cmd, d, p, f, ...)                                           \
	_Static_assert(!((f) & SNAP_RES_SUMMED) || (int)SNAP_RES_##ID < (int)VIEW_SUMMED_N, \
		       #ID ": summarised objects first in SNAP_RES_LIST");           \
	_Static_assert((((f) & SNAP_RES_OWNED) != 0) == ((int)(p) < (int)VIEW_OWNED_N), \
		       #ID ": owned objects take the first places (proc)");
SNAP_RES_LIST(RES_FIRST)

const char *view_on_off_str(uint8_t flag)
{
	return flag == 1 ? "on" : flag == 0 ? "off" : NULL;
}

/* the PCI locality of the device's function (arg: which column) */
static void dev_pci(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v)
{
	const struct snap_dev *d = row;
	const struct snap_pci *p = snap_pci_of_dev(c->s, d->name);
	enum snap_topo rel;

	v->valid = false;
	v->s = "";
	if (!p)
		return;
	if (col->arg == VC_DEV_NUMA) {
		v->valid = SNAP_HAS(p, SNAP_PCI_NUMA) && p->numa >= 0;
		v->u = v->valid ? (uint64_t)p->numa : 0;
	} else if (col->arg == VC_DEV_PCIE && snap_pci_link_known(p)) {
		int cg = snap_pci_gen(p->cur_speed), mg = snap_pci_gen(p->max_speed);
		char g[16], w[16];

		/* "G5 x16"; below its maximum: "G5 x8/16!", "G3/5 x16!" */
		if (cg == mg)
			snprintf(g, sizeof(g), "G%d", cg);
		else
			snprintf(g, sizeof(g), "G%d/%d", cg, mg);
		if (p->cur_width == p->max_width)
			snprintf(w, sizeof(w), "x%u", p->cur_width);
		else
			snprintf(w, sizeof(w), "x%u/%u", p->cur_width, p->max_width);
		snprintf(v->tmp, sizeof(v->tmp), "%s %s%s", g, w, snap_pci_degraded(p) ? "!" : "");
		v->s = v->tmp;
		v->valid = true;
	} else if (col->arg == VC_DEV_GPU && snap_pci_nearest_gpu(c->s, p, &rel)) {
		v->s = snap_topo_str(rel);
		v->valid = true;
	}
}

#define DEV_PCI(n, h, w, r, ty, k, d) \
	{ VIEW_COL(n, h, w, r, ty, VIEW_F_PLAIN), .get = dev_pci, .arg = k, .desc = d }

/*
 * The device's one declaration: each field's column, the attribute its
 * parser reads (src/nl/dev.c, nldev.c fill_dev_info) and rdma's JSON key,
 * written in this order (src/out/json.c; caps, adaptive-moderation and the
 * port count by hand).  iproute2 6.1 does not print the protocol, though
 * the 6.1 kernel sends it; DEV_TYPE and PARENT_NAME are 6.12+ (mlx5 IB SMI
 * sub-devices); in a device message PORT_INDEX is the number of ports.
 */
#define DEV_A(a, j) .attr = RDMA_NLDEV_ATTR_##a, .json = j
static const struct view_col devs_cols[VC_DEV_N + 2 * SNAP_RES_N] = {
	[VC_DEV_NAME] = { COL_S("dev", "DEV", 10, SD, name, 0, "device name") },
	[VC_DEV_INDEX] = { COL_N("index", "IDX", 3, SD, index, 0, "device index") },
	[VC_DEV_NODE_TYPE] = { COL_E("node_type", "NODE", 5, SD, node_type, SNAP_DEV_NODE_TYPE,
				   snap_node_type_str, "node type (ca, rnic, ...)"),
			       DEV_A(DEV_NODE_TYPE, "node_type") },
	[VC_DEV_PROTOCOL] = { COL_S("protocol", "PROTO", 5, SD, protocol, SNAP_DEV_PROTOCOL,
				  "protocol (ib, roce, iw)"), DEV_A(DEV_PROTOCOL, "protocol") },
	[VC_DEV_FW] = { COL_S("fw", "FW", 10, SD, fw, SNAP_DEV_FW, "firmware version"),
			DEV_A(FW_VERSION, "fw") },
	[VC_DEV_NODE_GUID] = { COL_G("node_guid", "NODE_GUID", 19, SD, node_guid,
				   SNAP_DEV_NODE_GUID, "node GUID"), DEV_A(NODE_GUID, "node_guid") },
	[VC_DEV_SYS_GUID] = { COL_G("sys_image_guid", "SYS_GUID", 19, SD,
				  sys_image_guid, SNAP_DEV_SYS_GUID, "system image GUID"),
			      DEV_A(SYS_IMAGE_GUID, "sys_image_guid") },
	[VC_DEV_PORTS] = { COL_N("ports", "PORTS", 5, SD, num_ports, SNAP_DEV_NUM_PORTS,
			       "number of ports"), DEV_A(PORT_INDEX, NULL) },
	SNAP_RES_LIST(DEV_RES) SNAP_RES_LIST(DEV_CHG)
	[VC_DEV_CAPS] = { COL_F("caps", "CAPS", 16, VIEW_F_HEX, SD, caps, SNAP_DEV_CAPS,
				"device capability flags (names in the device's details)"),
			  DEV_A(CAP_FLAGS, NULL) },
	[VC_DEV_DIM] = { COL_E("adaptive_moderation", "DIM", 3, SD, dim, SNAP_DEV_DIM,
			       view_on_off_str, "adaptive interrupt moderation"),
			 DEV_A(DEV_DIM, NULL) },
	[VC_DEV_TYPE] = { COL_E("dev_type", "TYPE", 5, SD, type, SNAP_DEV_TYPE, snap_dev_type_str,
				"sub-device type (smi), 6.12+"), DEV_A(DEV_TYPE, "type") },
	[VC_DEV_PARENT] = { COL_S("dev_parent", "PARENT", 10, SD, parent, SNAP_DEV_PARENT,
				  "the sub-device's parent device, 6.12+"),
			    DEV_A(PARENT_NAME, "parent") },
	[VC_DEV_NUMA] = DEV_PCI("numa", "NUMA", 4, true, VIEW_T_UINT, VC_DEV_NUMA,
				"NUMA node of the device's PCI function"),
	[VC_DEV_PCIE] = DEV_PCI("pcie", "PCIE", 10, false, VIEW_T_STR, VC_DEV_PCIE,
				"PCIe generation and width the link trained at (G5 x16); "
				"below its maximum: G5 x8/16!, the maximum after the slash"),
	[VC_DEV_GPU] = DEV_PCI("gpu", "GPU", 4, false, VIEW_T_STR, VC_DEV_GPU,
			       "the nearest GPU, as nvidia-smi topo -m says it: PIX, PXB, PHB, NODE, SYS"),
};
/* the device's own name is its dev column */
const struct view_tab view_devs_tab = VIEW_TAB_N(devs_cols, VC_DEV_N, SD, valid, [VIEW_ROLE_DEV] = 1);

/* source and unit by name; value, rate and delta by the counter's state */
static void counter(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v)
{
	const struct snap_counter *k = row;
	bool data = k->rate_status == RATE_DATA;

	(void)c;
	switch (col->arg) {
	case VC_CNT_SOURCE:
		v->s = k->source < SNAP_SRC_N ? snap_src_name(k->source) : "";
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
		v->s = cnt_unit_name(k->unit);
		v->valid = true;
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
		/* microseconds a second: the share of the time, as a percent
		 * (a priority paused 92% of the interval) */
		if (k->unit == SNAP_UNIT_USEC) {
			v->d = k->rate / 1e4;
			v->fmt = VIEW_F_PCT;
		}
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

#define PROC_RES(ID, n, cmd, d, p, f, ...)                                            \
	RES_AT(f, SNAP_RES_OWNED, VC_PROC_RES + (p), VC_PROC_N + SNAP_RES_##ID) = {    \
		COL_N(#n, #ID, RES_W(ID, 0), VP, res[SNAP_RES_##ID], 0, #ID "s it holds"),   \
		.desc_sort = true },

static const struct view_col procs_cols[VC_PROC_N + SNAP_RES_N] = {
	[VC_PROC_PID] = { COL_N("pid", "PID", 7, VP, pid, 0,
				"process id (n/a: kernel-owned or not visible)"),
			  .flags = VIEW_C_NZ },
	[VC_PROC_COMM] = { VIEW_COL("comm", "COMM", 16, false, VIEW_T_STR, VIEW_F_PLAIN),
			   .get = proc_comm, .desc = "command name, or the kernel owner's name" },
	[VC_PROC_UID] = { COL_N("uid", "UID", 5, VP, uid, VIEW_PROC_UID, "user id") },
	[VC_PROC_THREADS] = { COL_N("threads", "THR", 3, VP, n_threads, 0,
				  "threads that created its resources") },
	SNAP_RES_LIST(PROC_RES)
	[VC_PROC_MR_BYTES] = { COL_F("mr_bytes", "MR_BYTES", 10, VIEW_F_BYTES, VP, mr_bytes, 0,
				   "bytes of memory its MRs register") },
	[VC_PROC_PSN_RATE] = { COL_R("psn_rate", "PSN/s", 7, VIEW_F_RATE, VP, psn_rate,
				   VIEW_PROC_PSN_RATE, "PSNs its QPs advanced per second") },
	[VC_PROC_CGROUP] = { COL_ID("cgroup", "CGROUP", 40, VP, cgroup, 0,
				  "its cgroup (job, pod, service)") },
	[VC_PROC_GROUP] = { VIEW_COL("group", "GROUP", 30, false, VIEW_T_STR, VIEW_F_PLAIN),
			    .get = proc_group,
			    .desc = "its group (kind:name, see the groups table)" },
#define PCTX(id, n, h, w, r, ty, f, d) \
	[id] = { VIEW_COL(n, h, w, r, ty, f), .get = view_get_pctx, .arg = id, .desc = d }
	PCTX(VC_PROC_CMDLINE, "cmdline", "COMMAND", 40, false, VIEW_T_STR, VIEW_F_PLAIN,
	     "command line (/proc/PID/cmdline), the arguments separated by spaces"),
	PCTX(VC_PROC_USER, "user", "USER", 8, false, VIEW_T_STR, VIEW_F_PLAIN,
	     "user name of the real uid, as recorded (the uid where there was none; uid N: an older recording)"),
	PCTX(VC_PROC_CPU, "cpu", "CPU%", 5, true, VIEW_T_DOUBLE, VIEW_F_PLAIN,
	     "percent of one CPU the process used since the previous sample"),
	PCTX(VC_PROC_RSS, "rss", "RSS", 9, true, VIEW_T_UINT, VIEW_F_BYTES,
	     "resident memory (/proc/PID/stat rss, in this machine's pages)"),
	PCTX(VC_PROC_START, "start", "START", 5, false, VIEW_T_STR, VIEW_F_PLAIN,
	     "when it started, UTC: the time today, else the day"),
	PCTX(VC_PROC_GPU, "gpu", "GPU", 5, false, VIEW_T_STR, VIEW_F_PLAIN,
	     "its QPs' devices to the GPUs it has open: the farthest device's nearest GPU "
	     "(PIX ... SYS); far, NODE or SYS: SYS!"),
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
	VIEW_TAB_N(procs_cols, VC_PROC_N, VP, valid, [VIEW_ROLE_PID] = VC_PROC_PID + 1,
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
#define GRP_RES(ID, n, cmd, d, p, f, ...)                                              \
	RES_AT(f, SNAP_RES_OWNED, VC_GRP_RES + (p), VC_GRP_N + SNAP_RES_##ID) = {       \
		COL_N(#n, #ID, RES_W(ID, 0), VG, res[SNAP_RES_##ID], 0,                  \
		      #ID "s its processes hold"), .desc_sort = true },

static const struct view_col groups_cols[VC_GRP_N + SNAP_RES_N] = {
	GRP_GET(VC_GRP_KIND, "kind", "KIND", 9, false, VIEW_T_STR,
		"job, pod, container, unit, cgroup, kernel, hidden or unknown"),
	[VC_GRP_RUNTIME] = { COL_S("runtime", "RUNTIME", 10, VG, key.runtime, 0,
				   "what made the cgroup: slurm, kubernetes, docker, containerd, "
				   "cri-o, podman, systemd") },
	GRP_GET(VC_GRP_NAME, "group", "GROUP", 36, false, VIEW_T_STR,
		"job id, pod UID, container id, unit name or cgroup path"),
	[VC_GRP_PROCS] = { COL_N("procs", "PROCS", 5, VG, n_procs, 0, "processes in it") },
	GRP_GET(VC_GRP_RTS, "rts", "RTS", 5, true, VIEW_T_UINT, "its QPs in state RTS"),
	GRP_GET(VC_GRP_QP_ERR, "qp_err", "ERR", 4, true, VIEW_T_UINT, "its QPs in state ERR"),
	GRP_GET(VC_GRP_QP_OTHER, "qp_other", "OTHER", 5, true, VIEW_T_UINT,
		"its QPs in any other state (RESET, INIT, RTR, SQD, SQE, unknown)"),
	SNAP_RES_LIST(GRP_RES)
	[VC_GRP_MR_BYTES] = { COL_F("mr_bytes", "MR_BYTES", 10, VIEW_F_BYTES, VG, mr_bytes, 0,
				    "bytes of memory its MRs register") },
	[VC_GRP_PSN_RATE] = { COL_R("psn_rate", "PSN/s", 7, VIEW_F_RATE, VG, psn_rate,
				    VIEW_PROC_PSN_RATE, "PSNs its QPs advanced per second") },
	[VC_GRP_CGROUP] = { COL_ID("cgroup", "CGROUP", 40, VG, cgroup, 0,
				   "the cgroup of its first process") },
	[VC_GRP_CPU] = { VIEW_COL("cpu", "CPU%", 5, true, VIEW_T_DOUBLE, VIEW_F_PLAIN),
			 .get = view_get_gctx, .arg = VC_GRP_CPU,
			 .desc = "percent of one CPU its processes used since the previous sample" },
	[VC_GRP_RSS] = { VIEW_COL("rss", "RSS", 9, true, VIEW_T_UINT, VIEW_F_BYTES),
			 .get = view_get_gctx, .arg = VC_GRP_RSS, .desc = "its processes' resident memory" },
	[VC_GRP_RETX] = { COL_F("retx", "RETX", 7, VIEW_F_COUNT, VG, hw[VIEW_HW_RETX], VIEW_PROC_HW,
				"its processes' retransmits and timeouts (bound counters)") },
	[VC_GRP_ERR] = { COL_F("hw_err", "HWERR", 7, VIEW_F_COUNT, VG, hw[VIEW_HW_ERR], VIEW_PROC_HW,
			       "its processes' transport errors (bound counters)") },
	[VC_GRP_CNP] = { COL_F("cnp", "CNP", 7, VIEW_F_COUNT, VG, hw[VIEW_HW_CNP], VIEW_PROC_HW,
			       "its processes' congestion notifications (bound counters)") },
};
const struct view_tab view_groups_tab = VIEW_TAB_N(groups_cols, VC_GRP_N, VG, valid);
