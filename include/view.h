/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Views: the tables users look at, built from a snapshot.  Rows are indexes
 * into the snapshot's arrays (or into the per-process aggregation), columns
 * are typed, sorting is stable and type aware, filters are expressions like
 * "dev=rxe0", "state!=RTS", "comm~^ib_", "pid=42".  Pure: no output, no curses.
 */
#ifndef RDMATOP_VIEW_H
#define RDMATOP_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "snapshot.h"

/* The tables: five of their own, then one per resource object. */
enum view_table {
	VIEW_DEVS,
	VIEW_LINKS,
	VIEW_COUNTERS,
	VIEW_PROCS,
	VIEW_GROUPS,
	VIEW_RES,	/* + enum snap_res: VIEW_QPS, ... */
#define VIEW_RES_TABLE(ID, name, cmd, ...) VIEW_##ID##S = VIEW_RES + SNAP_RES_##ID,
	SNAP_RES_LIST(VIEW_RES_TABLE)
#undef VIEW_RES_TABLE
	VIEW_N = VIEW_RES + SNAP_RES_N
};

/* Per-process aggregation of everything a process holds. */
#define VIEW_PROC_THREADS 8
struct view_proc {
	uint32_t pid;		/* Tgid; 0 = kernel-owned or not visible */
	uint32_t uid;
	uint32_t comm;		/* string id in the snapshot ("" if unknown) */
	uint32_t valid;		/* VIEW_PROC_UID, ... */
	uint32_t n_threads;	/* distinct owner thread ids */
	uint32_t threads[VIEW_PROC_THREADS];	/* the first ones, ascending */
	uint32_t res[SNAP_RES_N];	/* counts by enum snap_res */
	uint32_t qp_state[16];	/* QPs by state (snap_qp_state_str) */
	uint64_t mr_bytes;
	double psn_rate;	/* sum of its QPs' sq+rq PSN rates */
	uint64_t psn_adv;	/* sum of its QPs' psn_adv (PSNs since their last dump) */
	uint32_t cgroup;	/* string id: its cgroup (job, pod, service), 0 = unknown */
	/* its bound counters' totals and rates, by enum view_hw_class */
	uint64_t hw[4];
	double hw_rate[4];
	uint32_t n_qpcnt;	/* bound counters counted here */
	double cpu;		/* VIEW_PROC_CPU: percent of one CPU (snap_proc.h) */
	uint64_t rss;		/* VIEW_PROC_RSS: resident bytes */
};

/*
 * What a bound counter's value counts, for the per-process columns, from
 * its classification (classify.h, src/model/procs_hw.c): retransmits, the
 * other errors, CNPs, traffic bytes; other counters count in none.
 */
enum view_hw_class { VIEW_HW_RETX, VIEW_HW_ERR, VIEW_HW_CNP, VIEW_HW_BYTES, VIEW_HW_N };
int view_hw_class(const struct snap_counter *c);	/* enum view_hw_class, or -1 */
/* "auto type,pid", "manual", "none": a port's QP counter mode. */
const char *view_qp_mode_str(const struct snap_port *p, char *buf, size_t len);
/* Add each bound counter to the process it counts (from view_procs). */
void view_procs_hw(const struct snapshot *s, struct view_proc *procs, size_t n);

enum {
	VIEW_PROC_UID = 1 << 0,
	VIEW_PROC_PSN_RATE = 1 << 1,
	VIEW_PROC_KERN = 1 << 2,	/* a kernel owner: comm is its name */
	VIEW_PROC_HIDDEN = 1 << 3,	/* owner's process not visible: one
					 * entry per thread id, threads[0] */
	VIEW_PROC_HW = 1 << 4,		/* hw[]: a bound counter counts it */
	VIEW_PROC_HW_RATE = 1 << 5,	/* hw_rate[] */
	VIEW_PROC_CPU = 1 << 6,		/* cpu */
	VIEW_PROC_RSS = 1 << 7,		/* rss */
};

/*
 * Aggregate per process: one entry per process id (threads of a process
 * merged through their Tgid), then one per kernel owner name (pid 0,
 * VIEW_PROC_KERN, comm = owner), then one per thread id whose process is not
 * visible from here (pid 0, VIEW_PROC_HIDDEN: another PID namespace, or it
 * exited); resources with no owner at all form one HIDDEN entry with no
 * thread.  *out is malloc'd; returns the count or -ENOMEM.  O(n log n).
 */
int view_procs(const struct snapshot *s, struct view_proc **out);
/* Add p's resource counts, QP states and MR bytes to sum. */
void view_proc_add_res(struct view_proc *sum, const struct view_proc *p);

/*
 * Whether an owner lives outside the reader's PID namespace: a user
 * resource the kernel sent with neither RES_PID nor RES_KERN_NAME.  Since
 * 5.5, nldev.c lists every resource whatever the reader's PID namespace, and
 * fill_res_name_pid() leaves RES_PID out when task_pid_vnr() is 0: the task
 * has no pid in the reader's namespace (it lives in a parent or sibling
 * one), or, for an instant, it is exiting.  Kernel-owned resources carry
 * RES_KERN_NAME instead.
 */
bool view_owner_outside(const struct snap_owner *o);

/*
 * Groups of processes by cgroup (src/model/groups.c has the rules): a
 * SLURM job, a Kubernetes pod, a container, a systemd unit, else the
 * cgroup path; kernel owners and processes not visible here form one each.
 */
enum view_group_kind {
	VIEW_G_JOB, VIEW_G_POD, VIEW_G_CONTAINER, VIEW_G_UNIT, VIEW_G_CGROUP,
	VIEW_G_KERNEL, VIEW_G_HIDDEN, VIEW_G_UNKNOWN, VIEW_G_N
};
struct view_group_key {
	uint8_t kind;		/* enum view_group_kind */
	char runtime[16];	/* slurm, kubernetes, docker, containerd, cri-o, podman,
				 * systemd, "" */
	char name[256];		/* job id, pod UID, container id, unit, path */
	char container[80];	/* a pod's: the process's container id */
};
struct view_group {
	struct view_group_key key;
	uint32_t valid;		/* VIEW_PROC_PSN_RATE */
	uint32_t n_procs;
	uint32_t cgroup;	/* string id: its first process's cgroup */
	uint32_t res[SNAP_RES_N];
	uint32_t qp_state[16];
	uint64_t mr_bytes;
	double psn_rate;
	uint64_t psn_adv;	/* its processes' psn_adv */
	/* its processes' bound counter totals (VIEW_PROC_HW), by enum view_hw_class */
	uint64_t hw[VIEW_HW_N];
	uint32_t n_qpcnt;
	double cpu;		/* its processes' (VIEW_PROC_CPU) */
	uint64_t rss;		/* VIEW_PROC_RSS */
};
const char *view_group_kind_str(uint8_t kind);
/* The group of a cgroup path (NULL or "": VIEW_G_UNKNOWN). */
void view_group_classify(const char *path, struct view_group_key *k);
/*
 * A pod's Kubernetes QoS class, from its cgroup path (the kubelet's
 * kubepods-burstable.slice / kubepods-besteffort.slice, cgroupfs
 * /kubepods/burstable/ or /besteffort/; a Guaranteed pod sits right under
 * kubepods): "burstable", "besteffort", "guaranteed", or NULL when the
 * path is no pod's.
 */
const char *view_group_qos(const char *path);
/* The group of a process entry. */
void view_proc_group(const struct snapshot *s, const struct view_proc *p,
		     struct view_group_key *k);
bool view_group_key_eq(const struct view_group_key *a, const struct view_group_key *b);
/* Add g's processes and totals to sum (the metrics' "other"). */
void view_group_sum(struct view_group *sum, const struct view_group *g);
/* One entry per group of procs[0..n), by kind then name; *out is malloc'd;
 * member_of (NULL, or n entries) gets each process's group index; the
 * count or -ENOMEM. */
int view_groups(const struct snapshot *s, const struct view_proc *procs, size_t n,
		struct view_group **out, uint32_t *member_of);

/* comm of the owner's process (/proc/PID/comm, else the thread's), or "". */
const char *view_owner_pcomm(const struct snapshot *s, const struct snap_owner *o);

enum view_type { VIEW_T_UINT, VIEW_T_DOUBLE, VIEW_T_STR };

/* How a value is shown (and, for HEX, how a filter value is read). */
enum view_fmt {
	VIEW_F_PLAIN,	/* decimal / string */
	VIEW_F_HEX,	/* lowercase hex without 0x, like rdma's keys */
	VIEW_F_GUID,	/* 0000:00ff:fe00:0001 */
	VIEW_F_BYTES,	/* 1.5 KiB */
	VIEW_F_COUNT,	/* 1.2K */
	VIEW_F_BPS,	/* 1.5 KiB/s */
	VIEW_F_RATE,	/* 1.2K/s */
	VIEW_F_AGE,	/* seconds as 45s, 3m12s, 2h05m, 3d04h */
	VIEW_F_PCT,	/* 12.3% */
	VIEW_F_BITPS,	/* a byte rate in bits: 12.3 Gb/s (a link's throughput) */
	VIEW_F_LEVEL,	/* a verdict's level (enum verdict_level): OK, WARN, FAIL */
	VIEW_F_DEC1,	/* -13.0: one decimal (dBm, °C) */
	VIEW_F_SCI,	/* 1.2e-06: a ratio over decades (a bit error rate) */
};

/*
 * A cell.  s may point into tmp (formatted addresses, lists): use the value
 * where view_get put it, do not copy the struct.
 */
struct view_value {
	enum view_type type;
	enum view_fmt fmt;
	bool valid;		/* false: "n/a" */
	bool outside;		/* n/a because the owner's task is outside the
				 * reader's PID namespace (view_owner_outside) */
	bool sat;		/* from a saturated counter (snap_counter_saturated):
				 * a rate shows "sat", a value its mark */
	uint64_t u;
	double d;
	const char *s;
	char tmp[96];	/* a container group: "container:" + 64 hex digits */
};

/* Everything a view needs besides the snapshot. */
struct view_ctx {
	const struct snapshot *s;
	const struct view_proc *procs;	/* for VIEW_PROCS */
	size_t n_procs;
	const struct view_group *groups;	/* for VIEW_GROUPS */
	size_t n_groups;
	bool bytes;	/* a link's throughput in bytes per second (--bytes), not
			 * bits as its rate is spelt */
};

enum {
	VIEW_C_KEY = 1 << 0,	/* a key the kernel sends only to CAP_NET_ADMIN */
	VIEW_C_STATE = 1 << 1,	/* a state: the screen colours it by its value */
	VIEW_C_NZ = 1 << 2,	/* a number that is n/a when 0 (pid, port) */
};

/*
 * A column, declared once (src/model/cols*.c): its name (-s, filters, the
 * JSON of a table written by its columns), header, width, type, format
 * and description, and where its value is: either a getter, or a field of
 * the row at `off` (`size` bytes: an unsigned number, a float or double,
 * or for VIEW_T_STR an inline char array; `name8` turns a u8 into its
 * name), valid when the row's validity bits have `bit` (0: always).
 */
struct view_col {
	const char *name;
	const char *header;
	int width;
	bool right;		/* right-aligned (numbers) */
	enum view_type type;
	enum view_fmt fmt;
	uint8_t flags;		/* VIEW_C_* */
	uint8_t size;
	uint16_t off;
	uint32_t bit;
	const char *(*name8)(uint8_t);
	void (*get)(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v);
	uint8_t arg;		/* for the getter */
	const char *desc;
	/*
	 * A resource object's column is also its field: the kernel attribute
	 * its parser reads into off/size/bit (0: none, computed or filled by
	 * hand), inside the entry's nest `nest` (0: the entry itself), and
	 * rdma's JSON key it is written under (NULL: not written).
	 */
	uint16_t attr, nest;
	const char *json;
	uint8_t jfmt;		/* VIEW_J_*: how the JSON writes it */
	bool desc_sort;		/* sorted high to low first (htop's defaultSortDesc) */
	/*
	 * Its place on the screen, in a pane whose columns its table gives:
	 * lowest first while they fit; 0: after those with one, in the
	 * table's order.
	 */
	uint8_t prio;
};

/*
 * How a field's JSON value is written besides by its type and format:
 * VIEW_J_BOOL u as true/false; VIEW_J_LIST a text "3,5-7" as an array of
 * its parts (["3","5-7"], empty ones left out); VIEW_J_ZERO, or'ed, an
 * absent field written as its zero (a name8 field: its name of 0).
 */
enum { VIEW_J_PLAIN, VIEW_J_BOOL, VIEW_J_LIST, VIEW_J_ZERO = 0x80 };

/*
 * Column ids: the columns a pane, a writer or a row key names, by table;
 * each is the column's index in view_cols().  The owner's pid, tid and
 * comm end every resource table (VC_CQ_PID + 1, + 2).
 */
/*
 * The count columns, made from SNAP_RES_LIST (src/model/cols.c): one per
 * summarised object in the device table (its count, then a block of their
 * changes), one per owned object in the process and group tables (in
 * their per-process order, snap_res_proc).  VC_DEV_OF(QP), VC_PROC_OF(QP)
 * name one.
 */
#define VIEW_RES_OWNED(ID, n, cmd, d, p, f, ...) +!!((f) & SNAP_RES_OWNED)
#define VIEW_RES_SUMMED(ID, n, cmd, d, p, f, ...) +!!((f) & SNAP_RES_SUMMED)
enum {
	VIEW_OWNED_N = 0 SNAP_RES_LIST(VIEW_RES_OWNED),
	VIEW_SUMMED_N = 0 SNAP_RES_LIST(VIEW_RES_SUMMED),
};
#define VC_DEV_OF(ID) (VC_DEV_RES + SNAP_RES_##ID)
#define VC_DEV_CHG_OF(ID) (VC_DEV_CHG + SNAP_RES_##ID)
#define VIEW_RES_PLACE(ID, n, cmd, d, p, ...) VIEW_PLACE_##ID = (p),
enum { SNAP_RES_LIST(VIEW_RES_PLACE) };
#undef VIEW_RES_PLACE
#define VC_PROC_OF(ID) (VC_PROC_RES + VIEW_PLACE_##ID)
#define VC_GRP_OF(ID) (VC_GRP_RES + VIEW_PLACE_##ID)
/* in a list of column ids (src/out/text.c, src/ui/table.c): the count
 * columns of the objects the list does not name (view_cols_res); the
 * same, each count followed by its change (devices) */
#define VIEW_COLS_RES (-2)
#define VIEW_COLS_RES_CHG (-3)
enum view_dev_col {
	VC_DEV_NAME, VC_DEV_INDEX, VC_DEV_NODE_TYPE, VC_DEV_PROTOCOL, VC_DEV_FW,
	VC_DEV_NODE_GUID, VC_DEV_SYS_GUID, VC_DEV_PORTS,
	VC_DEV_RES,	/* + enum snap_res: the summarised objects' counts */
	/* each count's change since the previous sample, in the same order */
	VC_DEV_CHG = VC_DEV_RES + VIEW_SUMMED_N,
	VC_DEV_CAPS = VC_DEV_CHG + VIEW_SUMMED_N, VC_DEV_DIM,
	VC_DEV_TYPE, VC_DEV_PARENT,
	/* the PCI locality (include/snap_pci.h) */
	VC_DEV_NUMA, VC_DEV_PCIE, VC_DEV_GPU, VC_DEV_N
};
enum view_link_col {
	VC_LINK_DEV, VC_LINK_PORT, VC_LINK_STATE, VC_LINK_PHYS, VC_LINK_NETDEV,
	VC_LINK_NETDEV_INDEX, VC_LINK_RATE, VC_LINK_LAYER, VC_LINK_LID, VC_LINK_SM_LID,
	VC_LINK_LMC, VC_LINK_SUBNET_PREFIX, VC_LINK_RX_BYTES, VC_LINK_TX_BYTES,
	VC_LINK_RX_PACKETS, VC_LINK_TX_PACKETS, VC_LINK_QP_MODE,
	/* the netdev's (src/net, net_view.h) */
	VC_LINK_PAUSE_RX, VC_LINK_PAUSE_TX, VC_LINK_DISCARD, VC_LINK_FEC_UNCORR,
	VC_LINK_FLAPS, VC_LINK_LAST_CHANGE, VC_LINK_UTIL, VC_LINK_SOURCE,
	VC_LINK_ERR,	/* ERR/s: the port's counters of class error (hist_error_rate) */
	VC_LINK_FCS, VC_LINK_SYMBOL,	/* the port truth's (truth.h) */
	VC_LINK_HEALTH,	/* the port's verdict (verdict.h): OK, WARN, FAIL */
	VC_LINK_RXPWR, VC_LINK_TEMP,	/* its transceiver module's (module.h) */
	VC_LINK_BER,	/* the pre-FEC bit error rate (truth.h ber) */
	VC_LINK_N
};
enum view_counter_col {
	VC_CNT_DEV, VC_CNT_PORT, VC_CNT_SOURCE, VC_CNT_NAME, VC_CNT_VALUE, VC_CNT_UNIT,
	VC_CNT_RATE, VC_CNT_DELTA, VC_CNT_OPTIONAL, VC_CNT_CLASS, VC_CNT_CLASS_BY, VC_CNT_N
};
enum view_proc_col {
	VC_PROC_PID, VC_PROC_COMM, VC_PROC_UID, VC_PROC_THREADS,
	VC_PROC_RES,	/* + an owned object's place (snap_res_info[].proc): its count */
	VC_PROC_MR_BYTES = VC_PROC_RES + VIEW_OWNED_N, VC_PROC_PSN_RATE, VC_PROC_CGROUP, VC_PROC_GROUP,
	/* the process's context (snap_proc.h) */
	VC_PROC_CMDLINE, VC_PROC_USER, VC_PROC_CPU, VC_PROC_RSS, VC_PROC_START, VC_PROC_GPU,
	VC_PROC_RETX_RATE, VC_PROC_ERR_RATE,
	VC_PROC_CNP_RATE, VC_PROC_BYTES_RATE, VC_PROC_RETX, VC_PROC_ERR, VC_PROC_CNP, VC_PROC_BYTES,
	VC_PROC_N
};
enum view_group_col {
	VC_GRP_KIND, VC_GRP_RUNTIME, VC_GRP_NAME, VC_GRP_PROCS,
	VC_GRP_RES,	/* + an owned object's place (snap_res_info[].proc): its count */
	VC_GRP_RTS = VC_GRP_RES + VIEW_OWNED_N, VC_GRP_QP_ERR, VC_GRP_QP_OTHER, VC_GRP_MR_BYTES,
	VC_GRP_PSN_RATE, VC_GRP_CGROUP, VC_GRP_CPU, VC_GRP_RSS,
	VC_GRP_RETX,
	VC_GRP_ERR, VC_GRP_CNP, VC_GRP_N
};
/* The per-group columns of bound counters (shown when any is bound). */
#define VC_GRP_HW_FIRST VC_GRP_RETX
/* The per-process columns of bound counters (shown when any is bound). */
#define VC_PROC_HW_FIRST VC_PROC_RETX_RATE
enum view_qp_col {
	VC_QP_DEV, VC_QP_PORT, VC_QP_LQPN, VC_QP_RQPN, VC_QP_TYPE, VC_QP_STATE, VC_QP_SQ_PSN,
	VC_QP_RQ_PSN, VC_QP_PSN_RATE, VC_QP_SQ_RATE, VC_QP_RQ_RATE, VC_QP_PMIG, VC_QP_PDN,
	VC_QP_PID, VC_QP_TID, VC_QP_COMM, VC_QP_GPU, VC_QP_PEER, VC_QP_PEER_LID, VC_QP_PEER_DEV,
	/* its stall (stall.h): kind, age, its peer's here, its owner's group, its
	 * port's verdict */
	VC_QP_STALL, VC_QP_STALL_AGE, VC_QP_PEER_STATE, VC_QP_GROUP, VC_QP_HEALTH, VC_QP_N
};
enum view_cm_id_col {
	VC_CM_DEV, VC_CM_PORT, VC_CM_IDN, VC_CM_LQPN, VC_CM_TYPE, VC_CM_STATE, VC_CM_PS,
	VC_CM_SRC, VC_CM_DST, VC_CM_PID, VC_CM_TID, VC_CM_COMM, VC_CM_N
};

enum view_cq_col {
	VC_CQ_DEV, VC_CQ_CQN, VC_CQ_CQE, VC_CQ_USERS, VC_CQ_POLL_CTX, VC_CQ_DIM, VC_CQ_CTXN,
	VC_CQ_PID, VC_CQ_N = VC_CQ_PID + 3
};
/* no IOVA column: only 4.17-era kernels sent it (to CAP_NET_ADMIN); JSON
 * still writes it when present (doc/json.md) */
enum view_mr_col {
	VC_MR_DEV, VC_MR_MRN, VC_MR_RKEY, VC_MR_LKEY, VC_MR_LEN, VC_MR_PDN, VC_MR_PID,
	VC_MR_N = VC_MR_PID + 3
};
enum view_pd_col {
	VC_PD_DEV, VC_PD_PDN, VC_PD_LDMA, VC_PD_UNSAFE, VC_PD_USERS, VC_PD_CTXN, VC_PD_PID,
	VC_PD_N = VC_PD_PID + 3
};
enum view_ctx_col {
	VC_CTX_DEV, VC_CTX_CTXN, VC_CTX_PID, VC_CTX_N = VC_CTX_PID + 3
};
enum view_srq_col {
	VC_SRQ_DEV, VC_SRQ_SRQN, VC_SRQ_TYPE, VC_SRQ_LQPN, VC_SRQ_PDN, VC_SRQ_CQN, VC_SRQ_PID,
	VC_SRQ_N = VC_SRQ_PID + 3
};

/* Columns every table that has them plays the same part with. */
enum view_role {
	VIEW_ROLE_DEV,		/* the device's name */
	VIEW_ROLE_PORT,
	VIEW_ROLE_LQPN,		/* the QP a row is or belongs to */
	VIEW_ROLE_PID,		/* the owner's process */
	VIEW_ROLE_TID,		/* the owner's thread, as the kernel reported it */
	VIEW_ROLE_COMM,		/* the owner's comm or kernel name */
	VIEW_ROLE_N
};

const char *view_table_name(enum view_table t);	/* "qps", ... */
/*
 * ids[0..n) with VIEW_COLS_RES (VIEW_COLS_RES_CHG) replaced by the count
 * columns of table t (devices, processes, groups) of the objects the list
 * does not name, into out (room for max): their number.
 */
size_t view_cols_res(enum view_table t, const int *ids, size_t n, int *out, size_t max);
const struct view_col *view_cols(enum view_table t, size_t *n);
/* The column a user names (-s, filters, the saved sort): index or -1. */
int view_col_find(enum view_table t, const char *name);
/* The column playing `role` in table t: index or -1. */
int view_col_role(enum view_table t, enum view_role role);
size_t view_count(const struct view_ctx *c, enum view_table t);
/* Value of column `col` of row `row` of table t. */
void view_get(const struct view_ctx *c, enum view_table t, size_t row, int col,
	      struct view_value *v);
/* Format a value for display into buf ("n/a" when invalid); not escaped. */
const char *view_fmt(const struct view_value *v, char *buf, size_t len);
/* Compare two values of a column: numbers numerically, strings with
 * strcmp, n/a after everything; a saturated counter's rate ("sat") is the
 * largest unknown, above every known rate. */
int view_cmp(const struct view_value *a, const struct view_value *b);
/* Whether a value is a saturated counter's rate: shown "sat", not known. */
bool view_rate_unknown(const struct view_value *v);

/*
 * Whether a row belongs to process `pid` (-p): its owner's process id or
 * the thread id the kernel gave; for the process table, the process or one
 * of its threads; for the groups, a group with such a process.  Rows of
 * tables without owners (devices, links, counters) always match.
 */
bool view_pid_match(const struct view_ctx *c, enum view_table t, size_t row, uint32_t pid);

/*
 * The driver attributes of row `row` of a resource table as rdma -dd
 * prints them ("drv_sq_wqe_cnt 512 drv_qpc_flags 0x3005", hex where the
 * driver asked): the number of them, 0 for none or another table.
 */
size_t view_driver(const struct view_ctx *c, enum view_table t, size_t row, char *buf,
		   size_t len);

/*
 * A RoCE port's active MTU (256 ... 4096) from its netdev's MTU, as the
 * RoCE drivers set it (mlx5, bnxt_re: ib_addr.h iboe_get_mtu(), the MTU less
 * the GRH, UDP, BTH, XRC, AtomicETH and ICRC headers, 96 bytes); 0 when not
 * RoCE or the netdev's MTU is unknown.  sysfs has no MTU file of a port.
 */
uint32_t view_port_active_mtu(const struct snapshot *s, const struct snap_port *p);
/* "IB", "RoCE v1", "RoCE v2", "unknown" */
const char *view_gid_type_str(uint8_t type);

/* Throughput of a link from its port's counters (see doc/json.md). */
struct view_link_rates {
	bool valid[4];		/* rx_bytes, tx_bytes, rx_packets, tx_packets */
	bool sat[4];		/* from a saturated counter: no rate known ("sat") */
	double v[4];		/* per second (at least, when sat) */
	uint8_t src[4];		/* enum snap_src of each */
	uint32_t name[4];	/* the counter's name (s->strs), the first of a sum */
	uint8_t nsum[4];	/* counters summed (truth.h) */
};
/* The counter of the link's traffic of kind k (0..3: as valid[]) from the
 * best source the port has, whatever its rate; NULL when none. */
const struct snap_counter *view_link_counter(const struct snapshot *s, uint32_t dev,
					     uint32_t port, int kind);
/* hw, pma, netdev, ethtool, driver: the Counters tab's names (truth_src_name) */
const char *view_link_src_name(uint8_t src);
/* "driver:rx_bytes_phy", "pma:port_rcv_data", a "+" after a sum's first:
 * the counter of r's kind k (0..3), in buf; "n/a" when none */
const char *view_link_src_label(const struct snapshot *s, const struct view_link_rates *r,
				int k, char *buf, size_t n);
/* The link's rate in bits per second from its sysfs rate string
 * ("400 Gb/sec (4X NDR)", "2.5 Gb/sec (1X SDR)"); 0 when not one. */
double view_link_speed(const char *rate);
/*
 * Utilisation of a link: the busier direction's bytes per second against
 * the link's rate, in percent.  False when the rate or both byte rates
 * are not known (or a byte counter is saturated).
 */
bool view_link_util(const struct snapshot *s, const struct snap_port *p, double *pct);
/* The same from the port's rates already taken (a pane draws them too). */
bool view_link_util_of(const struct snap_port *p, const struct view_link_rates *r, double *pct);
/* The mark after a saturated counter's value, and its rate's text. */
#define VIEW_SAT_MARK "+"
#define VIEW_SAT_RATE "sat"
void view_link_rates(const struct snapshot *s, uint32_t dev, uint32_t port,
		     struct view_link_rates *r);
/*
 * A value of port (dev, port) that fill works out from s's counters
 * (view_link_rates', net_rates'), kept for the next asker: a row's columns
 * ask one after the other.  out (size bytes) is fill's, or a copy of the
 * one kept while s has the same strings, counters and rates (view_link.c);
 * each thread keeps its own (the sampler's, the screen's).
 */
typedef void view_port_fill(const struct snapshot *s, uint32_t dev, uint32_t port, void *out);
void view_port_value(const struct snapshot *s, uint32_t dev, uint32_t port,
		     view_port_fill *fill, void *out, size_t size);

/* Filters: up to VIEW_FILTER_MAX terms, all must match. */
#define VIEW_FILTER_MAX 16
struct view_filter;
struct view_filter *view_filter_new(void);
void view_filter_free(struct view_filter *f);
/*
 * Add terms from an expression ("dev=rxe0 state!=RTS comm~^ib_"): terms
 * separated by blanks, each KEY=VALUE, KEY!=VALUE, KEY~REGEX or KEY!~REGEX
 * (POSIX extended).  KEY is a column name of some table; a term whose key a
 * table lacks does not filter that table; TABLE.KEY (view_table_name)
 * applies to that table only.  0, or -EINVAL with a one-line
 * reason in err (-ENOMEM, -E2BIG past VIEW_FILTER_MAX terms).
 */
int view_filter_add(struct view_filter *f, const char *expr, char *err, size_t errlen);
/*
 * Why a filter's regular expression is refused (regex.c): nested or
 * stacked repetitions or back-references, which glibc's regcomp() and
 * regexec() take exponential memory or time for; NULL when it is fine.
 */
const char *view_re_refuse(const char *re);
/* Whether any term of f is about table t (else every row of t matches). */
bool view_filter_about(const struct view_filter *f, enum view_table t);
bool view_filter_match(const struct view_filter *f, const struct view_ctx *c,
		       enum view_table t, size_t row);
/* The rows of table t that pass (NULL: all) into out (view_count's room): their count. */
size_t view_filter_rows(const struct view_filter *f, const struct view_ctx *c, enum view_table t,
			size_t *out);

/*
 * Rows of table t that pass the filter (NULL: all), sorted by column
 * sort_col (-1: natural order) stably, reversed if asked.  *rows is
 * malloc'd; returns the count or -ENOMEM.
 */
ssize_t view_rows(const struct view_ctx *c, enum view_table t,
		  const struct view_filter *f, int sort_col, bool reverse,
		  size_t **rows);

#endif
