/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The model a hardware-shaped fixture is generated from (tests/hw/gen.c
 * builds the kernel's answers from it, tests/hw/gen_drivers.c holds one
 * model per driver).
 */
#ifndef RDMATOP_HW_GEN_H
#define RDMATOP_HW_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "uapi_extra.h"

#define MAXN 16

/* rdma_nl_put_driver_{u32,u32_hex,u64,u64_hex,string}() (core/nldev.c) */
enum drv_kind { DRV_NONE, DRV_U32, DRV_U64, DRV_S32, DRV_STR };
struct drv_kv {
	const char *name;
	enum drv_kind kind;
	bool hex;		/* RDMA_NLDEV_PRINT_TYPE_HEX */
	uint64_t v;
	const char *s;
};
#define DRV_MAX 6

struct gport {
	uint8_t state, phys;	/* IB_PORT_ACTIVE = 4, phys LinkUp = 5 */
	bool ib;		/* rdma_protocol_ib(): subnet prefix, LID, SM LID, LMC */
	uint32_t lid, sm_lid;
	uint8_t lmc;
	uint32_t cap, cap2;	/* port_cap_flags, port_cap_flags2 */
	uint64_t subnet;
	const char *link_layer;	/* sysfs link_layer */
	const char *rate;	/* sysfs rate */
	const char *ndev;	/* netdev, NULL: none (IB, efa) */
	uint32_t ndev_index;
	const char *gid[6];	/* sysfs gids/N, RoCE: with types */
	const char *gid_type[6];
	const char *gid_ndev[6];	/* gid_attrs/ndevs/N; NULL: ndev */
	const char *vlan_dev;	/* a VLAN device on ndev (/proc/net/vlan/config) */
	uint16_t vlan_id;
	uint16_t pkey[2];
	unsigned int mode;	/* STAT_MODE: RDMA_COUNTER_MODE_* */
	unsigned int auto_mask;	/* RDMA_COUNTER_MASK_* */
	uint8_t opcnt;		/* auto mode's bind_opcnt as 6.15+ sends it
				 * (STAT_OPCOUNTER_ENABLED): 0 not sent (older
				 * kernels), 1 off, 2 on */
};

struct gqp {
	uint32_t port, lqpn, rqpn, rq_psn, sq_psn, pdn;
	uint8_t type, state, pmig;
	uint32_t pid;		/* a thread id; 0: kernel */
	const char *kern;
	const char *subtype;	/* RES_SUBTYPE (6.9+ mlx5 DCT/DCI/REG_UMR) */
	bool dd;		/* RESTRACK_DD: only with DRIVER_DETAILS */
	struct drv_kv drv[DRV_MAX];
};

struct gcq {
	uint32_t cqn, cqe, ctxn, pid;
	uint64_t users;
	uint8_t poll_ctx;	/* kernel CQs */
	bool dim, has_dim;
	const char *kern;
	struct drv_kv drv[DRV_MAX];
};

struct gmr {
	uint32_t mrn, pdn, pid, rkey, lkey;
	uint64_t len, iova;
	const char *kern;
	struct drv_kv drv[DRV_MAX];
	const char *stat_names[4];	/* stat mr: driver's fill_stat_mr_entry */
	uint64_t stat_vals[4];
};

struct gpd {
	uint32_t pdn, ctxn, pid, local_dma_lkey;
	uint64_t users;
	const char *kern;
};

struct gctx {
	uint32_t ctxn, pid;
};

struct gsrq {
	uint32_t srqn, pdn, cqn, pid;
	uint8_t type;		/* IB_SRQT_BASIC = 0 */
	uint32_t qp_min, qp_max;	/* one range of LQPNs, 0: none */
};

/* An FRMR pool (7.x, nldev.c fill_frmr_pool_entry): its key, its counts */
struct gfrmr {
	uint64_t vendor_key, num_dma_blocks;	/* num_dma_blocks 0: no pool */
	uint32_t access_flags, queue, pinned;
	uint64_t in_use, max_in_use;
	uint8_t ats;
};

struct gcm {
	uint32_t port, lqpn, ps, pid, cm_idn;
	uint8_t type, state;
	const char *src, *dst;	/* "a.b.c.d:port" (AF_INET) */
	const char *kern;
};

/* A bound counter (rdma statistic qp), fill_res_counter_entry() */
struct gcounter {
	uint32_t port, id, mode, mask;
	uint8_t qp_type;	/* with RDMA_COUNTER_MASK_QP_TYPE */
	uint32_t pid;		/* with RDMA_COUNTER_MASK_PID */
	uint32_t lqpn[4];
	uint64_t vals[64];	/* by the device's counter table */
};

struct gproc {
	uint32_t pid;		/* the process */
	uint32_t tids[3];	/* its threads (tids[0] == pid) */
	const char *comm;
	const char *cgroup;
	uint32_t uid;		/* its real uid: a user of the tree's etc/passwd */
};

struct gdev {
	uint32_t index;
	const char *name;
	uint8_t node_type;	/* RDMA_NODE_* */
	const char *fw;
	uint64_t node_guid, sys_guid;	/* host order, as nldev puts them */
	uint64_t caps;		/* device_cap_flags */
	const char *protocol;	/* DEV_PROTOCOL: "ib", "roce", "iw", NULL */
	bool dim;
	uint8_t dev_type;	/* 6.12+: RDMA_DEVICE_TYPE_SMI; 0: none */
	const char *parent;
	const char *hca_type, *board_id;	/* sysfs */
	int set_err;		/* STAT_SET of the QP counter mode: 0 as
				 * rdma_counter_set_auto_mode() rules, or this */
	unsigned int nports;
	struct gport ports[2];
	/* the driver's counter table: hw_counters, STAT_GET; optional ones
	 * are listed by STAT_GET_STATUS, shown when enabled */
	const char *const *hw;
	unsigned int nhw;
	const char *const *opt;
	unsigned int nopt;
	uint32_t opt_enabled;	/* bit i: opt[i] on */
	const char *const *pma;	/* sysfs ports/N/counters (IB PMA) */
	unsigned int npma;
	/* the PMA files' values (NULL: hw_value() * 3), and those of the
	 * first recorded sample where they differ (0: the same), the file
	 * `first-sample` tests/hw/record reads: a counter that reaches its
	 * maximum between two samples */
	const uint64_t *pma_val, *pma_first;
	/* a link flap between the two recorded samples: the first sample's
	 * carrier counts of the netdev are 2 lower (a down and an up) and an
	 * IB port's link_downed 1 lower, the state the same in both */
	bool flap;
	/* a hardware counter at 2^64 - 1 (hfi1's CNTR_SYNTH ones saturate
	 * there, chip.c read_dev_port_cntr()), NULL: none */
	const char *hw_max;
	struct gqp qps[MAXN];
	struct gcq cqs[MAXN];
	struct gmr mrs[MAXN];
	struct gpd pds[MAXN];
	struct gctx ctxs[MAXN];
	struct gsrq srqs[MAXN];
	struct gcm cms[MAXN];
	struct gcounter counters[MAXN];
	struct gfrmr frmrs[MAXN];
};

struct gfix {
	const char *name;
	const char *what;	/* one line: what it models */
	bool linux_6_1;		/* 6.1's layouts; DRIVER_DETAILS unknown to it */
	bool monitor;		/* SYS_GET MONITOR_MODE */
	uint8_t netns_mode, qkey_mode, cof;
	struct gdev devs[3];
	unsigned int ndevs;
	struct gproc procs[6];
	unsigned int nprocs;
	bool pci;		/* the GPU node's PCI tree (gen_pci.c) */
};

extern struct gfix *const gen_fixtures[];
/* Fill the fixtures derived from others (gen_drivers.c): before use. */
void gen_derive(void);
extern const unsigned int gen_nfixtures;
/* gen_pci.c: the gpu-node fixture, derived from mlx5-roce */
extern struct gfix gpu_node;
void gen_pci_derive(const struct gfix *roce);
void write_pci(void);

#endif
