// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One model per driver: what its devices, ports, counter tables and
 * resources look like to nldev.c.  Counter names are the drivers' own
 * tables, in their order (Linux 7.x sources):
 *   mlx5:    drivers/infiniband/hw/mlx5/counters.c (basic_q_cnts,
 *            out_of_seq_q_cnts, retrans_q_cnts, extended_err_cnts,
 *            roce_accl_cnts, cong_cnts, ext_ppcnt_cnts; optional
 *            packet-based cc counters)
 *   bnxt_re: drivers/infiniband/hw/bnxt_re/hw_counters.c (bnxt_re_stat_descs, 6.5+:
 *            standard then extended counters, a BCM57508 being a gen P5 chip)
 *   irdma:   drivers/infiniband/hw/irdma/verbs.c (irdma_hw_stat_names, in the
 *            order of enum irdma_hw_stats_index; gen2 = E810)
 *   efa:     drivers/infiniband/hw/efa/efa_verbs.c (efa_port_stats_descs)
 *   hfi1:    drivers/infiniband/hw/hfi1/chip.c (port_cntrs, named by init_cntrs)
 * Every value is hw_value() of its position, so a decoded value names
 * the counter it belongs to.
 */
#include <errno.h>

#include "gen.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char *const mlx5_hw[] = {
	/* basic_q_cnts */
	"rx_write_requests", "rx_read_requests", "rx_atomic_requests", "rx_dct_connect",
	"out_of_buffer",
	/* out_of_seq_q_cnts */
	"out_of_sequence",
	/* retrans_q_cnts */
	"duplicate_request", "rnr_nak_retry_err", "packet_seq_err", "implied_nak_seq_err",
	"local_ack_timeout_err",
	/* extended_err_cnts */
	"resp_local_length_error", "resp_cqe_error", "req_cqe_error", "req_remote_invalid_request",
	"req_remote_access_errors", "resp_remote_access_errors", "resp_cqe_flush_error",
	"req_cqe_flush_error", "req_transport_retries_exceeded", "req_rnr_retries_exceeded",
	/* roce_accl_cnts */
	"roce_adp_retrans", "roce_adp_retrans_to", "roce_slow_restart", "roce_slow_restart_cnps",
	"roce_slow_restart_trans",
	/* cong_cnts */
	"rp_cnp_ignored", "rp_cnp_handled", "np_ecn_marked_roce_packets", "np_cnp_sent",
	/* ext_ppcnt_cnts */
	"rx_icrc_encapsulated",
};

/* mlx5's optional (IB_STAT_FLAG_OPTIONAL) packet-based cc counters */
static const char *const mlx5_opt[] = { "cc_rx_ce_pkts", "cc_rx_cnp_pkts", "cc_tx_cnp_pkts" };

/* IB PMA (ib_pma_portcounters + _ext): ports/N/counters/ on IB ports */
static const char *const ib_pma[] = {
	"excessive_buffer_overrun_errors", "link_downed", "link_error_recovery",
	"local_link_integrity_errors", "multicast_rcv_packets", "multicast_xmit_packets",
	"port_rcv_constraint_errors", "port_rcv_data", "port_rcv_errors", "port_rcv_packets",
	"port_rcv_remote_physical_errors", "port_rcv_switch_relay_errors", "port_xmit_constraint_errors",
	"port_xmit_data", "port_xmit_discards", "port_xmit_packets", "port_xmit_wait",
	"symbol_error", "unicast_rcv_packets", "unicast_xmit_packets", "VL15_dropped",
};

static const char *const bnxt_hw[] = {
	"active_pds", "active_ahs", "active_qps", "active_rc_qps", "active_ud_qps", "active_srqs",
	"active_cqs", "active_mrs", "active_mws", "watermark_pds", "watermark_ahs", "watermark_qps",
	"watermark_rc_qps", "watermark_ud_qps", "watermark_srqs", "watermark_cqs", "watermark_mrs",
	"watermark_mws", "resize_cq_cnt", "rx_pkts", "rx_bytes", "tx_pkts", "tx_bytes",
	"recoverable_errors", "tx_roce_errors", "tx_roce_discards", "rx_roce_errors",
	"rx_roce_discards", "to_retransmits", "seq_err_naks_rcvd", "max_retry_exceeded",
	"rnr_naks_rcvd", "missing_resp", "unrecoverable_err", "bad_resp_err", "local_qp_op_err",
	"local_protection_err", "mem_mgmt_op_err", "remote_invalid_req_err", "remote_access_err",
	"remote_op_err", "dup_req", "res_exceed_max", "res_length_mismatch", "res_exceeds_wqe",
	"res_opcode_err", "res_rx_invalid_rkey", "res_rx_domain_err", "res_rx_no_perm",
	"res_rx_range_err", "res_tx_invalid_rkey", "res_tx_domain_err", "res_tx_no_perm",
	"res_tx_range_err", "res_irrq_oflow", "res_unsup_opcode", "res_unaligned_atomic",
	"res_rem_inv_err", "res_mem_err", "res_srq_err", "res_cmp_err", "res_invalid_dup_rkey",
	"res_wqe_format_err", "res_cq_load_err", "res_srq_load_err", "res_tx_pci_err",
	"res_rx_pci_err", "oos_drop_count",
	/* BNXT_RE_NUM_STD_COUNTERS ends here; gen P5 chips have the extended ones */
	"tx_atomic_req", "tx_read_req", "tx_read_resp", "tx_write_req", "tx_send_req",
	"tx_roce_only_pkts", "tx_roce_only_bytes", "rx_atomic_req", "rx_read_req", "rx_read_resp",
	"rx_write_req", "rx_send_req", "rx_roce_only_pkts", "rx_roce_only_bytes",
	"rx_roce_good_pkts", "rx_roce_good_bytes", "rx_out_of_buffer", "tx_cnp_pkts", "rx_cnp_pkts",
	"rx_ecn_marked_pkts", "pacing_reschedule", "pacing_complete", "pacing_alerts",
	"db_fifo_register",
};

static const char *const irdma_hw[] = {
	/* gen1 - 32-bit */
	"ip4InDiscards", "ip4InTruncatedPkts", "ip4OutNoRoutes", "ip6InDiscards",
	"ip6InTruncatedPkts", "ip6OutNoRoutes", "tcpRetransSegs", "tcpInOptErrors",
	"tcpInProtoErrors", "rxVlanErrors",
	/* gen1 - 64-bit */
	"ip4InOctets", "ip4InPkts", "ip4InReasmRqd", "ip4InMcastPkts", "ip4OutOctets",
	"ip4OutPkts", "ip4OutSegRqd", "ip4OutMcastPkts", "ip6InOctets", "ip6InPkts",
	"ip6InReasmRqd", "ip6InMcastPkts", "ip6OutOctets", "ip6OutPkts", "ip6OutSegRqd",
	"ip6OutMcastPkts", "tcpInSegs", "tcpOutSegs", "iwInRdmaReads", "iwInRdmaSends",
	"iwInRdmaWrites", "iwOutRdmaReads", "iwOutRdmaSends", "iwOutRdmaWrites", "iwRdmaBnd",
	"iwRdmaInv",
	/* gen2 (E810) - 32-bit */
	"cnpHandled", "cnpIgnored", "cnpSent",
	/* gen2 - 64-bit */
	"ip4InMcastOctets", "ip4OutMcastOctets", "ip6InMcastOctets", "ip6OutMcastOctets",
	"RxUDP", "TxUDP", "RxECNMrkd",
};

static const char *const efa_hw[] = {
	"tx_bytes", "tx_pkts", "rx_bytes", "rx_pkts", "rx_drops", "send_bytes", "send_wrs",
	"recv_bytes", "recv_wrs", "rdma_read_wrs", "rdma_read_bytes", "rdma_read_wr_err",
	"rdma_read_resp_bytes", "rdma_write_wrs", "rdma_write_bytes", "rdma_write_wr_err",
	"rdma_write_recv_bytes",
};

/* hfi1: chip.c port_cntrs[] in the order of its C_* enum (chip.h), as
 * init_cntrs() names them: CNTR_VL ones once per VL (0-7, 15), and the
 * receive-header-overflow ones for the contexts in use only (26 here) */
static const char *const hfi1_hw[] = {
	"TxUnVLErr", "TxInvalLen", "TxMMLenErr", "TxUnderrun", "TxFlowStall", "TxDropped",
	"TxHdrErr", "TxPkt", "TxWords", "TxWait", "TxFlitVL0", "TxFlitVL1", "TxFlitVL2",
	"TxFlitVL3", "TxFlitVL4", "TxFlitVL5", "TxFlitVL6", "TxFlitVL7", "TxFlitVL15", "TxPktVL0",
	"TxPktVL1", "TxPktVL2", "TxPktVL3", "TxPktVL4", "TxPktVL5", "TxPktVL6", "TxPktVL7",
	"TxPktVL15", "TxWaitVL0", "TxWaitVL1", "TxWaitVL2", "TxWaitVL3", "TxWaitVL4", "TxWaitVL5",
	"TxWaitVL6", "TxWaitVL7", "TxWaitVL15", "RxPkt", "RxWords", "SwLinkDown", "SwLinkUp",
	"UnknownFrame", "XmitDscd", "XmitDscdVl0", "XmitDscdVl1", "XmitDscdVl2", "XmitDscdVl3",
	"XmitDscdVl4", "XmitDscdVl5", "XmitDscdVl6", "XmitDscdVl7", "XmitDscdVl15", "XmitCstrErr",
	"RcvCstrErr", "LoopPkts", "RcResend", "RnrNak", "OtherNak", "RcTimeOut", "PktDrop",
	"DmaWait", "RcSeqNak", "RcDupRew", "RdmaSeq", "Unaligned", "SeqNak", "RcCrWait", "RcAcks",
	"RcQacks", "RcDelayComp", "RcvHdrOvr0", "RcvHdrOvr1", "RcvHdrOvr2", "RcvHdrOvr3",
	"RcvHdrOvr4", "RcvHdrOvr5", "RcvHdrOvr6", "RcvHdrOvr7", "RcvHdrOvr8", "RcvHdrOvr9",
	"RcvHdrOvr10", "RcvHdrOvr11", "RcvHdrOvr12", "RcvHdrOvr13", "RcvHdrOvr14", "RcvHdrOvr15",
	"RcvHdrOvr16", "RcvHdrOvr17", "RcvHdrOvr18", "RcvHdrOvr19", "RcvHdrOvr20", "RcvHdrOvr21",
	"RcvHdrOvr22", "RcvHdrOvr23", "RcvHdrOvr24", "RcvHdrOvr25",
};

/*
 * A few processes: a UCX job with two threads (a SLURM step), a perftest in
 * a user's session, and nccl-tests in a Kubernetes pod as the kubelet's
 * cgroupfs driver places a Burstable pod's container: the pod UID in full,
 * then containerd's 64-hex-digit container id.  The users are the tree's
 * etc/passwd's (gen_sysfs.c): alice (1000) runs the first two, the pod's
 * image runs as nccl (1001).
 */
#define NCCL_POD "/kubepods/burstable/pod3f6c2a8e-91d4-4b7a-8e05-c2d9f17a4b63/" \
	"65d9abc338a07fc1e559ad200bbfe89572f475ea709bbb92b565a1d37fca1c77"
#define PROCS_STD                                                                \
	.procs = {                                                               \
		{ 4100101, { 4100101, 4100107 }, "ucx_perftest", "/slurm/job_4711/step_0", 1000 }, \
		{ 4100230, { 4100230 }, "ib_write_bw", "/user.slice/user-1000.slice", 1000 },  \
		{ 4100150, { 4100150, 4100151, 4100152 }, "nccl-tests", NCCL_POD, 1001 },     \
	},                                                                       \
	.nprocs = 3

#define DEV_RES_STD(PDN0, CTX0)                                                  \
	.cqs = {                                                                  \
		{ .cqn = 1, .cqe = 1023, .users = 2, .kern = "ib_core", .poll_ctx = IB_POLL_SOFTIRQ }, \
		{ .cqn = 7, .cqe = 4095, .users = 2, .ctxn = CTX0, .pid = 4100101 },   \
		{ .cqn = 8, .cqe = 255, .users = 1, .ctxn = CTX0 + 1, .pid = 4100230 }, \
		{ .cqn = 9, .cqe = 8191, .users = 4, .ctxn = CTX0 + 2, .pid = 4100151 }, \
	},                                                                        \
	.pds = {                                                                  \
		{ .pdn = 1, .users = 4, .kern = "ib_core" },                        \
		{ .pdn = PDN0, .users = 6, .ctxn = CTX0, .pid = 4100101 },             \
		{ .pdn = PDN0 + 1, .users = 3, .ctxn = CTX0 + 1, .pid = 4100230 },     \
		{ .pdn = PDN0 + 2, .users = 9, .ctxn = CTX0 + 2, .pid = 4100151 },     \
	},                                                                        \
	.ctxs = { { CTX0, 4100101 }, { CTX0 + 1, 4100230 }, { CTX0 + 2, 4100151 } },      \
	.srqs = { { .srqn = 3, .pdn = PDN0, .cqn = 7, .pid = 4100101, .qp_min = 0x120, .qp_max = 0x123 } }

static struct gfix mlx5_roce = {
	.name = "mlx5-roce",
	.what = "ConnectX-6 Dx RoCE (mlx5_core): counters bound auto by type and by pid and by hand, "
		"optional cc counters (one on, and bound with the auto counters: 6.15+), DCT/DCI/REG_UMR QPs "
		"marked RESTRACK_DD, driver nests",
	.netns_mode = 1, .cof = 1, .monitor = true,
	PROCS_STD,
	.ndevs = 1,
	.devs = { {
		.index = 3, .name = "mlx5_0", .node_type = RDMA_NODE_IB_CA, .fw = "22.39.1002",
		.node_guid = 0x0c42a10300651234ull, .sys_guid = 0x0c42a10300651234ull,
		.caps = 0x1f25e1c36ull, .protocol = "roce", .dim = true,
		.hca_type = "MT4125", .board_id = "MT_0000000359",
		.nports = 1,
		.ports = { {
			.state = IB_PORT_ACTIVE, .phys = IB_PORT_PHYS_LINK_UP,
			.cap = 0x04010000, .link_layer = "Ethernet", .rate = "100 Gb/sec (2X HDR)",
			.ndev = "ens1f0np0", .ndev_index = 6,
			/* the default GIDs, the netdev's IPv4 address, then its
			 * VLAN upper device's (roce_gid_mgmt.c: an upper
			 * device's addresses are GIDs of the port, with the
			 * upper device as their netdev) */
			.gid = { "fe80:0000:0000:0000:0e42:a1ff:fe65:1234", "fe80:0000:0000:0000:0e42:a1ff:fe65:1234",
				 "0000:0000:0000:0000:0000:ffff:0a00:0001", "0000:0000:0000:0000:0000:ffff:0a00:0001",
				 "0000:0000:0000:0000:0000:ffff:0a64:0001", "0000:0000:0000:0000:0000:ffff:0a64:0001" },
			.gid_type = { "IB/RoCE v1", "RoCE v2", "IB/RoCE v1", "RoCE v2", "IB/RoCE v1", "RoCE v2" },
			.gid_ndev = { [4] = "ens1f0np0.100", [5] = "ens1f0np0.100" },
			.vlan_dev = "ens1f0np0.100", .vlan_id = 100,
			.pkey = { 0xffff, 0 },
			.mode = RDMA_COUNTER_MODE_AUTO, .auto_mask = RDMA_COUNTER_MASK_QP_TYPE | RDMA_COUNTER_MASK_PID,
			.opcnt = 2,	/* 6.15+: auto binds the optional counters too */
		} },
		.hw = mlx5_hw, .nhw = N(mlx5_hw), .opt = mlx5_opt, .nopt = N(mlx5_opt), .opt_enabled = 0x2,
		.qps = {
			{ .port = 1, .lqpn = 1, .sq_psn = 0, .type = IB_QPT_GSI, .state = IB_QPS_RTS, .kern = "ib_core" },
			{ .port = 1, .lqpn = 0x120, .rqpn = 0x2a0, .rq_psn = 0x51a2, .sq_psn = 0x9c4e, .pdn = 5,
			  .type = IB_QPT_RC, .state = IB_QPS_RTS, .pid = 4100101,
			  .drv = { { "sq_wqe_cnt", DRV_U32, false, 512 }, { "rq_wqe_cnt", DRV_U32, false, 256 },
				   { "qpc_flags", DRV_U32, true, 0x3005 } } },
			{ .port = 1, .lqpn = 0x121, .rqpn = 0x2a1, .rq_psn = 0x1001, .sq_psn = 0x2002, .pdn = 5,
			  .type = IB_QPT_RC, .state = IB_QPS_RTS, .pid = 4100107 },
			{ .port = 1, .lqpn = 0x130, .sq_psn = 0x77, .pdn = 6, .type = IB_QPT_UD, .state = IB_QPS_RTS,
			  .pid = 4100230 },
			{ .port = 1, .lqpn = 0x140, .rqpn = 0x3c0, .rq_psn = 0xabc, .sq_psn = 0xdef, .pdn = 7,
			  .type = IB_QPT_RC, .state = IB_QPS_ERR, .pid = 4100151 },
			/* UCX's DC transport: mlx5 driver QPs, RESTRACK_DD since 6.9 */
			{ .port = 1, .lqpn = 0x150, .sq_psn = 0x10, .pdn = 5, .type = IB_QPT_DRIVER,
			  .state = IB_QPS_RTS, .pid = 4100101, .subtype = "DCI", .dd = true },
			{ .port = 1, .lqpn = 0x151, .sq_psn = 0, .pdn = 5, .type = IB_QPT_DRIVER, .state = IB_QPS_RTR,
			  .pid = 4100101, .subtype = "DCT", .dd = true },
			{ .lqpn = 0x152, .sq_psn = 0, .type = IB_QPT_DRIVER, .state = IB_QPS_RTS,
			  .kern = "mlx5_ib", .subtype = "REG_UMR", .dd = true },
		},
		.cqs = {
			{ .cqn = 1, .cqe = 1023, .users = 2, .kern = "ib_core", .poll_ctx = IB_POLL_SOFTIRQ },
			{ .cqn = 7, .cqe = 4095, .users = 2, .ctxn = 2, .pid = 4100101,
			  .drv = { { "cqn", DRV_U32, true, 0x407 } } },
			{ .cqn = 8, .cqe = 255, .users = 1, .ctxn = 3, .pid = 4100230 },
			{ .cqn = 9, .cqe = 8191, .users = 4, .ctxn = 4, .pid = 4100151 },
		},
		.mrs = {
			{ .mrn = 4, .len = 4096, .kern = "mlx5_ib" },
			{ .mrn = 11, .len = 1ull << 30, .pdn = 5, .pid = 4100101,
			  .drv = { { "mkey", DRV_U32, true, 0x1b0c00 }, { "odp", DRV_STR, false, 0, "implicit" } },
			  .stat_names = { "page_faults", "page_invalidations", "page_prefetch" },
			  .stat_vals = { 184, 12, 3 } },
			{ .mrn = 12, .len = 65536, .pdn = 6, .pid = 4100230,
			  .stat_names = { "page_faults", "page_invalidations", "page_prefetch" } },
			{ .mrn = 13, .len = 268435456, .pdn = 7, .pid = 4100152,
			  .stat_names = { "page_faults", "page_invalidations", "page_prefetch" },
			  .stat_vals = { 9, 0, 0 } },
		},
		.pds = {
			{ .pdn = 1, .users = 4, .kern = "ib_core" },
			{ .pdn = 5, .users = 6, .ctxn = 2, .pid = 4100101 },
			{ .pdn = 6, .users = 3, .ctxn = 3, .pid = 4100230 },
			{ .pdn = 7, .users = 9, .ctxn = 4, .pid = 4100151 },
		},
		.ctxs = { { 2, 4100101 }, { 3, 4100230 }, { 4, 4100151 } },
		.srqs = { { .srqn = 3, .pdn = 5, .cqn = 7, .pid = 4100101, .qp_min = 0x120, .qp_max = 0x121 } },
		/* mlx5_ib's FRMR pools (7.x): one per key in use, by access
		 * flags and size; the second with handles pinned (`rdma res
		 * set frmr_pools ... pinned`) */
		.frmrs = {
			{ .vendor_key = 0, .num_dma_blocks = 0x10, .access_flags = 0x1, .queue = 32,
			  .in_use = 5, .max_in_use = 12 },
			{ .vendor_key = 0x2, .num_dma_blocks = 0x100, .access_flags = 0x7, .ats = 1,
			  .queue = 0, .pinned = 8, .in_use = 64, .max_in_use = 64 },
		},
		.cms = {
			{ .port = 1, .ps = RDMA_PS_TCP, .state = RDMA_CM_LISTEN, .src = "10.0.0.1:18515",
			  .pid = 4100230, .cm_idn = 1 },
			{ .port = 1, .lqpn = 0x130, .type = IB_QPT_UD, .ps = RDMA_PS_UDP, .state = RDMA_CM_CONNECT,
			  .src = "10.0.0.1:4791", .dst = "10.0.0.2:4791", .pid = 4100230, .cm_idn = 2 },
		},
		.counters = {
			/* auto by QP type: all RC QPs of the port share one */
			{ .port = 1, .id = 1, .mode = RDMA_COUNTER_MODE_AUTO, .mask = RDMA_COUNTER_MASK_QP_TYPE |
			  RDMA_COUNTER_MASK_PID, .qp_type = IB_QPT_RC, .pid = 4100101, .lqpn = { 0x120, 0x121 },
			  .vals = { 1200, 800, 3, 0, 17, 42, 5, 1, 0, 0, 9 } },
			{ .port = 1, .id = 2, .mode = RDMA_COUNTER_MODE_AUTO, .mask = RDMA_COUNTER_MASK_QP_TYPE |
			  RDMA_COUNTER_MASK_PID, .qp_type = IB_QPT_RC, .pid = 4100151, .lqpn = { 0x140 },
			  .vals = { 99, 0, 0, 0, 250, 1000, 77, 4, 2, 1, 600 } },
			/* bound by hand (rdma statistic qp bind) */
			{ .port = 1, .id = 3, .mode = RDMA_COUNTER_MODE_MANUAL, .lqpn = { 0x130 },
			  .vals = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
				    0, 14, 0, 3 } },
		},
	} },
};

static struct gfix mlx5_roce_6_1 = {
	.name = "mlx5-roce-6.1",
	.what = "mlx5-roce on a 6.1 kernel: 6.1's layouts, no driver-detail QPs; DRIVER_DETAILS (beyond 6.1's "
		"RDMA_NLDEV_ATTR_MAX) ignored by the liberal resource handlers, refused (-EINVAL) by the strict stat ones",
	.linux_6_1 = true, .netns_mode = 1, .cof = 1,
	PROCS_STD,
	.ndevs = 1,
	.devs = { {
		.index = 3, .name = "mlx5_0", .node_type = RDMA_NODE_IB_CA, .fw = "22.36.1010",
		.node_guid = 0x0c42a10300651234ull, .sys_guid = 0x0c42a10300651234ull,
		.caps = 0x1f25e1c36ull, .protocol = "roce", .dim = true,
		.nports = 1,
		.ports = { {
			.state = IB_PORT_ACTIVE, .phys = IB_PORT_PHYS_LINK_UP,
			.cap = 0x04010000, .link_layer = "Ethernet", .rate = "100 Gb/sec (2X HDR)",
			.ndev = "ens1f0np0", .ndev_index = 6,
			.gid = { "fe80:0000:0000:0000:0e42:a1ff:fe65:1234" }, .gid_type = { "RoCE v2" },
			.pkey = { 0xffff, 0 },
			.mode = RDMA_COUNTER_MODE_MANUAL,
		} },
		.hw = mlx5_hw, .nhw = N(mlx5_hw) - 2,	/* no retries_exceeded pair before 6.5 */
		.qps = {
			{ .port = 1, .lqpn = 1, .type = IB_QPT_GSI, .state = IB_QPS_RTS, .kern = "ib_core" },
			{ .port = 1, .lqpn = 0x120, .rqpn = 0x2a0, .rq_psn = 0x51a2, .sq_psn = 0x9c4e, .pdn = 5,
			  .type = IB_QPT_RC, .state = IB_QPS_RTS, .pid = 4100101 },
			{ .port = 1, .lqpn = 0x130, .sq_psn = 0x77, .pdn = 6, .type = IB_QPT_UD, .state = IB_QPS_RTS,
			  .pid = 4100230 },
		},
		DEV_RES_STD(5, 2),
		.mrs = { { .mrn = 4, .len = 4096, .kern = "mlx5_ib" },
			 { .mrn = 11, .len = 1ull << 20, .pdn = 5, .pid = 4100101 } },
		.counters = { { .port = 1, .id = 1, .mode = RDMA_COUNTER_MODE_MANUAL, .lqpn = { 0x120 },
				.vals = { 5, 6, 7 } } },
	} },
};

static struct gfix mlx5_ib = {
	.name = "mlx5-ib",
	.what = "ConnectX-7 InfiniBand (mlx5_ib): LID, SM LID, LMC, cap mask with CAP_MASK2, the SMI "
		"sub-device (6.12+), IB PMA counters in sysfs",
	.netns_mode = 1, .cof = 1, .monitor = true,
	PROCS_STD,
	.ndevs = 2,
	.devs = {
		{
			.index = 1, .name = "mlx5_0", .node_type = RDMA_NODE_IB_CA, .fw = "28.39.2048",
			.flap = true,
			.node_guid = 0xb83fd20300a1b2c4ull, .sys_guid = 0xb83fd20300a1b2c4ull,
			.caps = 0x1f25e1c36ull, .protocol = "ib", .dim = false,
			.hca_type = "MT4129", .board_id = "MT_0000000838",
			.nports = 1,
			.ports = { {
				.state = IB_PORT_ACTIVE, .phys = IB_PORT_PHYS_LINK_UP, .ib = true,
				.lid = 0x1a, .sm_lid = 0x1, .lmc = 0,
				/* IsSM off; CM, SL map, sys image GUID, extended speeds,
				 * CAP_MASK2 (bit 15), client reg...; cap mask 2: node
				 * description set, port info ext, NDR */
				.cap = 0xa651e848, .cap2 = 0x0000062f,
				.subnet = 0xfe80000000000000ull,
				.link_layer = "InfiniBand", .rate = "400 Gb/sec (4X NDR)",
				.gid = { "fe80:0000:0000:0000:b83f:d203:00a1:b2c4" },
				.pkey = { 0xffff, 0x8001 },
				.mode = RDMA_COUNTER_MODE_NONE,
			} },
			.hw = mlx5_hw, .nhw = 21,	/* IB: no roce_accl, cong, ext_ppcnt */
			.pma = ib_pma, .npma = N(ib_pma),
			.qps = {
				{ .port = 1, .lqpn = 0, .type = IB_QPT_SMI, .state = IB_QPS_RTS, .kern = "ib_core" },
				{ .port = 1, .lqpn = 1, .type = IB_QPT_GSI, .state = IB_QPS_RTS, .kern = "ib_core" },
				{ .port = 1, .lqpn = 0x48, .rqpn = 0x9a, .rq_psn = 0x10, .sq_psn = 0x20, .pdn = 5,
				  .type = IB_QPT_RC, .state = IB_QPS_RTS, .pid = 4100150 },
				{ .port = 1, .lqpn = 0x49, .rqpn = 0x9b, .rq_psn = 0x11, .sq_psn = 0x21, .pdn = 5,
				  .type = IB_QPT_RC, .state = IB_QPS_RTS, .pid = 4100152 },
				{ .port = 1, .lqpn = 0x4a, .sq_psn = 0x5, .pdn = 6, .type = IB_QPT_UD,
				  .state = IB_QPS_RTS, .pid = 4100230 },
			},
			DEV_RES_STD(5, 2),
			.mrs = { { .mrn = 4, .len = 4096, .kern = "mlx5_ib" },
				 { .mrn = 21, .len = 1ull << 31, .pdn = 5, .pid = 4100150 } },
			.cms = { { .port = 1, .ps = RDMA_PS_TCP, .state = RDMA_CM_LISTEN, .src = "192.168.10.1:7471",
				   .pid = 4100230, .cm_idn = 1 } },
		},
		{
			/* 6.12+: mlx5's SMI sub-device, DEV_TYPE SMI, PARENT_NAME */
			.index = 2, .name = "smi_mlx5_0", .node_type = RDMA_NODE_IB_CA, .fw = "28.39.2048",
			.node_guid = 0xb83fd20300a1b2c4ull, .sys_guid = 0xb83fd20300a1b2c4ull,
			.caps = 0x1f25e1c36ull, .protocol = "ib",
			.dev_type = RDMA_DEVICE_TYPE_SMI, .parent = "mlx5_0",
			.nports = 1,
			.ports = { {
				.state = IB_PORT_ACTIVE, .phys = IB_PORT_PHYS_LINK_UP, .ib = true,
				.lid = 0x1a, .sm_lid = 0x1, .cap = 0xa651e848, .cap2 = 0x0000062f,
				.subnet = 0xfe80000000000000ull,
				.link_layer = "InfiniBand", .rate = "400 Gb/sec (4X NDR)",
				.gid = { "fe80:0000:0000:0000:b83f:d203:00a1:b2c4" }, .pkey = { 0xffff },
			} },
			/* the parent's counter set: a device without one answers
			 * STAT_GET -EOPNOTSUPP, and `rdma stat show` stops there */
			.hw = mlx5_hw, .nhw = 21,
			.qps = { { .port = 1, .lqpn = 0, .type = IB_QPT_SMI, .state = IB_QPS_RTS, .kern = "ib_core" } },
		},
	},
};

static struct gfix bnxt_re = {
	.name = "bnxt_re",
	.what = "Broadcom BCM57508 RoCE (bnxt_re): its ~80-counter table, no bound counters",
	.netns_mode = 1, .cof = 1, .monitor = true,
	PROCS_STD,
	.ndevs = 1,
	.devs = { {
		.index = 0, .name = "bnxt_re0", .node_type = RDMA_NODE_IB_CA, .fw = "227.1.111.0",
		.flap = true,
		/* the QP counter mode set: as a driver without counter_bind_qp
		 * answers (rdma_counter_set_auto_mode: -EOPNOTSUPP) */
		.set_err = -EOPNOTSUPP,
		.node_guid = 0x5e0bcefffe3a1b2cull, .sys_guid = 0x5e0bcefffe3a1b2cull,
		.caps = 0x1001c1c21ull, .protocol = "roce",
		.nports = 1,
		.ports = { {
			.state = IB_PORT_ACTIVE, .phys = IB_PORT_PHYS_LINK_UP, .cap = 0x04010000,
			.link_layer = "Ethernet", .rate = "200 Gb/sec (4X HDR)",
			.ndev = "ens2f0np0", .ndev_index = 4,
			.gid = { "fe80:0000:0000:0000:5e0b:ceff:fe3a:1b2c", "0000:0000:0000:0000:0000:ffff:c0a8:0101" },
			.gid_type = { "RoCE v2", "RoCE v2" }, .pkey = { 0xffff },
		} },
		.hw = bnxt_hw, .nhw = N(bnxt_hw),
		.qps = {
			{ .port = 1, .lqpn = 1, .type = IB_QPT_GSI, .state = IB_QPS_RTS, .kern = "ib_core" },
			{ .port = 1, .lqpn = 0x400, .rqpn = 0x401, .rq_psn = 0x1, .sq_psn = 0x2, .pdn = 2,
			  .type = IB_QPT_RC, .state = IB_QPS_RTS, .pid = 4100230 },
			{ .port = 1, .lqpn = 0x402, .rqpn = 0x403, .rq_psn = 0x3, .sq_psn = 0x4, .pdn = 3,
			  .type = IB_QPT_RC, .state = IB_QPS_RTS, .pid = 4100150 },
		},
		DEV_RES_STD(2, 1),
		.mrs = { { .mrn = 1, .len = 8192, .kern = "ib_core" },
			 { .mrn = 5, .len = 1048576, .pdn = 2, .pid = 4100230 } },
	} },
};

static struct gfix irdma = {
	.name = "irdma",
	.what = "Intel E810 (irdma): one iWARP device and one RoCE device, irdma's hw stats",
	.netns_mode = 1, .cof = 1, .monitor = true,
	PROCS_STD,
	.ndevs = 2,
	.devs = {
		{
			.index = 0, .name = "iwp24s0f0", .node_type = RDMA_NODE_RNIC, .fw = "1.71",
			/* the QP counter mode set as an unprivileged caller gets it
			 * (STAT_SET is RDMA_NL_ADMIN_PERM: -EPERM) */
			.set_err = -EPERM,
			.node_guid = 0x6a05cafffe1c0e00ull, .sys_guid = 0x6a05cafffe1c0e00ull,
			.caps = 0x1000000c21ull, .protocol = "iw",
			.nports = 1,
			.ports = { {
				.state = IB_PORT_ACTIVE, .phys = IB_PORT_PHYS_LINK_UP, .cap = 0x00010000,
				.link_layer = "Ethernet", .rate = "100 Gb/sec (4X EDR)",
				.ndev = "ens24f0", .ndev_index = 8,
				.gid = { "6a05:caff:fe1c:0e00:0000:0000:0000:0000" }, .pkey = { 0xffff },
			} },
			.hw = irdma_hw, .nhw = N(irdma_hw),
			.qps = {
				{ .port = 1, .lqpn = 2, .rqpn = 3, .rq_psn = 0x100, .sq_psn = 0x200, .pdn = 2,
				  .type = IB_QPT_RC, .state = IB_QPS_RTS, .pid = 4100230 },
			},
			DEV_RES_STD(2, 1),
			.mrs = { { .mrn = 3, .len = 4194304, .pdn = 2, .pid = 4100230 } },
			.cms = { { .port = 1, .lqpn = 2, .type = IB_QPT_RC, .ps = RDMA_PS_TCP, .state = RDMA_CM_CONNECT,
				   .src = "10.1.0.1:20079", .dst = "10.1.0.2:20079", .pid = 4100230, .cm_idn = 3 } },
		},
		{
			.index = 1, .name = "rocep24s0f1", .node_type = RDMA_NODE_IB_CA, .fw = "1.71",
			.node_guid = 0x6a05cafffe1c0e01ull, .sys_guid = 0x6a05cafffe1c0e01ull,
			.caps = 0x1000000c21ull, .protocol = "roce",
			.nports = 1,
			.ports = { {
				.state = IB_PORT_DOWN, .phys = IB_PORT_PHYS_DISABLED, .cap = 0x04010000,
				.link_layer = "Ethernet", .rate = "100 Gb/sec (4X EDR)",
				.ndev = "ens24f1", .ndev_index = 9,
				.gid = { "fe80:0000:0000:0000:6a05:caff:fe1c:0e01" }, .gid_type = { "RoCE v2" },
				.pkey = { 0xffff },
			} },
			.hw = irdma_hw, .nhw = N(irdma_hw),
			.qps = { { .port = 1, .lqpn = 1, .type = IB_QPT_GSI, .state = IB_QPS_RTS, .kern = "ib_core" } },
		},
	},
};

static struct gfix efa = {
	.name = "efa",
	.what = "AWS EFA (efa): node type unspecified, no netdev, SRD QPs as driver QPs, efa's port stats",
	.netns_mode = 1, .cof = 1, .monitor = true,
	PROCS_STD,
	.ndevs = 1,
	.devs = { {
		.index = 0, .name = "rdmap16s27", .node_type = RDMA_NODE_UNSPECIFIED,
		.node_guid = 0x0000000000000000ull, .sys_guid = 0x0000000000000000ull,
		.caps = 0x0ull,
		.nports = 1,
		.ports = { {
			.state = IB_PORT_ACTIVE, .phys = IB_PORT_PHYS_LINK_UP, .cap = 0,
			.link_layer = "Unspecified", .rate = "100 Gb/sec (4X EDR)",
			.gid = { "fe80:0000:0000:0000:0496:13ff:fe2e:7d4b" }, .pkey = { 0xffff },
		} },
		.hw = efa_hw, .nhw = N(efa_hw),
		.qps = {
			{ .port = 1, .lqpn = 0x1, .sq_psn = 0, .pdn = 1, .type = IB_QPT_DRIVER, .state = IB_QPS_RTS,
			  .pid = 4100150 },
			{ .port = 1, .lqpn = 0x2, .sq_psn = 0, .pdn = 1, .type = IB_QPT_UD, .state = IB_QPS_RTS,
			  .pid = 4100152 },
		},
		.cqs = { { .cqn = 1, .cqe = 4096, .users = 2, .ctxn = 1, .pid = 4100150 } },
		.pds = { { .pdn = 1, .users = 4, .ctxn = 1, .pid = 4100150 } },
		.ctxs = { { 1, 4100150 } },
		.mrs = { { .mrn = 1, .len = 1ull << 28, .pdn = 1, .pid = 4100150 } },
	} },
};

static struct gfix hfi1 = {
	.name = "hfi1",
	.what = "Cornelis Omni-Path (hfi1): IB protocol over OPA, ~100 per-port counters, PMA counters",
	.netns_mode = 1, .cof = 1,
	PROCS_STD,
	.ndevs = 1,
	.devs = { {
		.index = 0, .name = "hfi1_0", .node_type = RDMA_NODE_IB_CA, .fw = "1.27.0",
		.hw_max = "XmitDscd",	/* a CNTR_SYNTH counter at CNTR_MAX */
		.node_guid = 0x0011750101671ed5ull, .sys_guid = 0x0011750101671ed5ull,
		.caps = 0x3e07c36ull, .protocol = "opa",	/* rdma_cap_opa_mad() */
		.hca_type = "HFI100", .board_id = "Intel Omni-Path HFI Silicon 100 Series",
		.nports = 1,
		.ports = { {
			.state = IB_PORT_ACTIVE, .phys = IB_PORT_PHYS_LINK_UP, .ib = true,
			.lid = 0x7, .sm_lid = 0x1, .lmc = 0, .cap = 0x00410022,
			.subnet = 0xfe80000000000000ull, .link_layer = "InfiniBand", .rate = "100 Gb/sec (4X EDR)",
			.gid = { "fe80:0000:0000:0000:0011:7501:0167:1ed5" }, .pkey = { 0xffff, 0x8001 },
		} },
		.hw = hfi1_hw, .nhw = N(hfi1_hw),
		.pma = ib_pma, .npma = N(ib_pma),
		.qps = {
			{ .port = 1, .lqpn = 0, .type = IB_QPT_SMI, .state = IB_QPS_RTS, .kern = "ib_core" },
			{ .port = 1, .lqpn = 1, .type = IB_QPT_GSI, .state = IB_QPS_RTS, .kern = "ib_core" },
			{ .port = 1, .lqpn = 0x22, .rqpn = 0x44, .rq_psn = 0x99, .sq_psn = 0x88, .pdn = 2,
			  .type = IB_QPT_RC, .state = IB_QPS_RTS, .pid = 4100150 },
		},
		DEV_RES_STD(2, 1),
		.mrs = { { .mrn = 2, .len = 2097152, .pdn = 2, .pid = 4100150 } },
	} },
};

/*
 * mlx5-ib with its PMA counters at their maximum (drivers/infiniband/core/
 * sysfs.c widths): in both recorded samples, and reaching it between them
 * (pma_first: the first sample's value).  mlx5-ib-sat has
 * PortCountersExtended (64-bit data and packets, unicast_*, multicast_*:
 * a value at 2^32 - 1 there is no maximum); mlx5-ib-sat32 has PortCounters
 * alone, whose 32-bit data and packet counters saturate too.
 */
#define U32M 4294967295ull
static const uint64_t sat_ext_val[] = {
	15, 255, 255, 15, 1000, 2000, 0, U32M, 12, 8000000000ull, 0, 0, 0, 123456789012ull,
	65535, 9000000000ull, U32M, 65535, 7000000000ull, 8000000000ull, 3,
};
static const uint64_t sat_ext_first[] = {
	0, 0, 250, 12, 0, 0, 0, U32M - 295, 0, 0, 0, 0, 0, 123456000000ull,
	0, 0, 0, 65000, 0, 0, 0,
};
static const char *const ib_pma32[] = {
	"excessive_buffer_overrun_errors", "link_downed", "link_error_recovery",
	"local_link_integrity_errors", "port_rcv_constraint_errors", "port_rcv_data",
	"port_rcv_errors", "port_rcv_packets", "port_rcv_remote_physical_errors",
	"port_rcv_switch_relay_errors", "port_xmit_constraint_errors", "port_xmit_data",
	"port_xmit_discards", "port_xmit_packets", "port_xmit_wait", "symbol_error", "VL15_dropped",
};
static const uint64_t sat32_val[] = {
	15, 255, 7, 0, 0, U32M, 12, U32M, 0, 0, 0, U32M, 65535, 123456, U32M, 65535, 0,
};
static const uint64_t sat32_first[] = {
	0, 0, 0, 0, 0, U32M - 7295, 0, 0, 0, 0, 0, 0, 60000, 100000, 0, 0, 0,
};
static struct gfix mlx5_ib_sat, mlx5_ib_sat32;

void gen_derive(void)
{
	mlx5_ib_sat = mlx5_ib;
	mlx5_ib_sat.name = "mlx5-ib-sat";
	mlx5_ib_sat.what = "mlx5-ib with PortCountersExtended and PMA error counters at their "
			   "maximum (in both samples, and reached between them)";
	mlx5_ib_sat.devs[0].flap = false;	/* their first samples are their own */
	mlx5_ib_sat.devs[0].pma_val = sat_ext_val;
	mlx5_ib_sat.devs[0].pma_first = sat_ext_first;
	mlx5_ib_sat32 = mlx5_ib;
	mlx5_ib_sat32.name = "mlx5-ib-sat32";
	mlx5_ib_sat32.what = "mlx5-ib with PortCounters only (32-bit data and packets) and counters "
			     "at their maximum (in both samples, and reached between them)";
	mlx5_ib_sat32.devs[0].flap = false;
	mlx5_ib_sat32.devs[0].pma = ib_pma32;
	mlx5_ib_sat32.devs[0].npma = N(ib_pma32);
	mlx5_ib_sat32.devs[0].pma_val = sat32_val;
	mlx5_ib_sat32.devs[0].pma_first = sat32_first;
	gen_pci_derive(&mlx5_roce);
}

_Static_assert(N(sat_ext_val) == N(ib_pma) && N(sat_ext_first) == N(ib_pma), "one per file");
_Static_assert(N(sat32_val) == N(ib_pma32) && N(sat32_first) == N(ib_pma32), "one per file");

struct gfix *const gen_fixtures[] = { &mlx5_roce, &mlx5_roce_6_1, &mlx5_ib, &bnxt_re, &irdma, &efa,
				      &hfi1, &mlx5_ib_sat, &mlx5_ib_sat32, &gpu_node };
const unsigned int gen_nfixtures = N(gen_fixtures);
