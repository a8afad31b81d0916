// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The counter table (classify.h): the names each kernel file declares,
 * in that file's order, with what they count.  A name several drivers use
 * (rx_bytes, duplicate_request, link_downed) has one meaning in all of
 * them; tests/unit/test_classify.c checks that every repeat agrees, so a
 * name is classed the same whichever driver sent it.  A trailing "#"
 * stands for a number the driver appends (hfi1's per-VL and per-context
 * counters).
 */
#include <string.h>

#include "classify.h"
#include "util.h"

#define T(n) { .name = n, .cls = CNT_TRAFFIC }
#define I(n) { .name = n, .cls = CNT_INFO }
#define E(n) { .name = n, .cls = CNT_ERROR }
#define R(n) { .name = n, .cls = CNT_ERROR, .flags = CNT_F_RETX }	/* an error that makes a resend */
#define F(n) { .name = n, .cls = CNT_FLUSH }
#define C(n) { .name = n, .cls = CNT_CONGESTION }
#define N(n) { .name = n, .cls = CNT_CONGESTION, .flags = CNT_F_CNP }
#define P(n) { .name = n, .cls = CNT_FLOW }
/* an error the netdev statistics already count (CNT_F_NETDEV) */
#define D(n) { .name = n, .cls = CNT_ERROR, .flags = CNT_F_NETDEV }
/* traffic, and the link's throughput in one direction (view_link_rates) */
#define L(n, l) { .name = n, .cls = CNT_TRAFFIC, .link = l }

/* drivers/infiniband/sw/rxe/rxe_hw_counters.c rxe_counter_name[] (4.9 to
 * 7.x; sent_bytes and rcvd_bytes 7.x).  ack_deferred is
 * RXE_CNT_COMPLETER_SCHED: the completer ran later, no fault at all. */
static const struct cnt_entry rxe[] = {
	/* its RDMA packets, which the bound netdev may not see when a device
	 * talks to itself; its 7.x bytes count payload only: not the link's */
	L("sent_pkts", CNT_L_TX_PKTS), L("rcvd_pkts", CNT_L_RX_PKTS),
	R("duplicate_request"),		/* the requester sent a request again */
	E("out_of_seq_request"),
	R("rcvd_rnr_err"),		/* RNR NAK received: the requester retries */
	E("send_rnr_err"),		/* RNR NAK sent: no receive posted */
	R("rcvd_seq_err"),		/* sequence NAK received: resent from the PSN */
	I("ack_deferred"),
	E("retry_exceeded_err"), E("retry_rnr_exceeded_err"),
	R("completer_retry_err"), E("send_err"), E("link_downed"),
	T("rdma_sends"), T("rdma_recvs"), T("sent_bytes"), T("rcvd_bytes"),
};

/* drivers/infiniband/hw/mlx5/counters.c (6.x to 7.x): basic_q_cnts,
 * out_of_seq_q_cnts, retrans_q_cnts, extended_err_cnts, roce_accl_cnts,
 * cong_cnts, ext_ppcnt_cnts and the optional op counters (cc_* 6.6+,
 * rdma_{tx,rx}_* 6.15+).  Switchdev representors name the q counters with
 * a "vport_" prefix (INIT_VPORT_Q_COUNTER): classify.c strips it.  The
 * *_cqe_flush_error counters count the work requests a QP in the error
 * state completes with IB_WC_WR_FLUSH_ERR, which every QP destroyed with
 * work posted does: not errors of their own. */
static const struct cnt_entry mlx5[] = {
	T("rx_write_requests"), T("rx_read_requests"), T("rx_atomic_requests"),
	T("rx_dct_connect"),
	E("out_of_buffer"),		/* a packet came with no receive WQE posted */
	E("out_of_sequence"),
	R("duplicate_request"), R("rnr_nak_retry_err"), R("packet_seq_err"),
	R("implied_nak_seq_err"), R("local_ack_timeout_err"),
	E("resp_local_length_error"), E("resp_cqe_error"), E("req_cqe_error"),
	E("req_remote_invalid_request"), E("req_remote_access_errors"),
	E("resp_remote_access_errors"),
	F("resp_cqe_flush_error"), F("req_cqe_flush_error"),
	E("req_transport_retries_exceeded"), E("req_rnr_retries_exceeded"),
	R("roce_adp_retrans"), R("roce_adp_retrans_to"),
	C("roce_slow_restart"), C("roce_slow_restart_cnps"), C("roce_slow_restart_trans"),
	C("rp_cnp_ignored"), N("rp_cnp_handled"), C("np_ecn_marked_roce_packets"),
	N("np_cnp_sent"),
	E("rx_icrc_encapsulated"),
	C("cc_rx_ce_pkts"), N("cc_rx_cnp_pkts"), N("cc_tx_cnp_pkts"),
	T("rdma_tx_packets"), T("rdma_tx_bytes"), T("rdma_rx_packets"), T("rdma_rx_bytes"),
};

/* drivers/infiniband/hw/mlx5/restrack.c fill_stat_mr_entry (5.9+): an
 * ODP MR's page faults, invalidations and prefetches (rdma stat mr) */
static const struct cnt_entry mlx5_mr[] = {
	I("page_faults"), I("page_invalidations"), I("page_prefetch"),
};

/* drivers/infiniband/hw/bnxt_re/hw_counters.c bnxt_re_stat_descs[] (6.5+:
 * the watermarks, the extended gen P5 counters, pacing).  The driver
 * fills recoverable_errors from the chip's tx_bcast_pkts: a packet count,
 * not errors. */
static const struct cnt_entry bnxt_re[] = {
	I("active_pds"), I("active_ahs"), I("active_qps"), I("active_rc_qps"),
	I("active_ud_qps"), I("active_srqs"), I("active_cqs"), I("active_mrs"),
	I("active_mws"), I("watermark_pds"), I("watermark_ahs"), I("watermark_qps"),
	I("watermark_rc_qps"), I("watermark_ud_qps"), I("watermark_srqs"),
	I("watermark_cqs"), I("watermark_mrs"), I("watermark_mws"), I("resize_cq_cnt"),
	/* the RoCE traffic of the port (the chip's RoCE statistics), beside
	 * the netdev's, which the RDMA engine's packets bypass */
	L("rx_pkts", CNT_L_RX_PKTS), L("rx_bytes", CNT_L_RX_BYTES),
	L("tx_pkts", CNT_L_TX_PKTS), L("tx_bytes", CNT_L_TX_BYTES),
	I("recoverable_errors"),
	E("tx_roce_errors"), E("tx_roce_discards"), E("rx_roce_errors"),
	E("rx_roce_discards"),
	R("to_retransmits"), R("seq_err_naks_rcvd"), E("max_retry_exceeded"),
	R("rnr_naks_rcvd"), R("missing_resp"), E("unrecoverable_err"),
	E("bad_resp_err"), E("local_qp_op_err"), E("local_protection_err"),
	E("mem_mgmt_op_err"), E("remote_invalid_req_err"), E("remote_access_err"),
	E("remote_op_err"), R("dup_req"),
	E("res_exceed_max"), E("res_length_mismatch"), E("res_exceeds_wqe"),
	E("res_opcode_err"), E("res_rx_invalid_rkey"), E("res_rx_domain_err"),
	E("res_rx_no_perm"), E("res_rx_range_err"), E("res_tx_invalid_rkey"),
	E("res_tx_domain_err"), E("res_tx_no_perm"), E("res_tx_range_err"),
	E("res_irrq_oflow"), E("res_unsup_opcode"), E("res_unaligned_atomic"),
	E("res_rem_inv_err"), E("res_mem_err"), E("res_srq_err"), E("res_cmp_err"),
	E("res_invalid_dup_rkey"), E("res_wqe_format_err"), E("res_cq_load_err"),
	E("res_srq_load_err"), E("res_tx_pci_err"), E("res_rx_pci_err"),
	E("oos_drop_count"),
	T("tx_atomic_req"), T("tx_read_req"), T("tx_read_resp"), T("tx_write_req"),
	T("tx_send_req"), T("tx_roce_only_pkts"), T("tx_roce_only_bytes"),
	T("rx_atomic_req"), T("rx_read_req"), T("rx_read_resp"), T("rx_write_req"),
	T("rx_send_req"), T("rx_roce_only_pkts"), T("rx_roce_only_bytes"),
	T("rx_roce_good_pkts"), T("rx_roce_good_bytes"),
	E("rx_out_of_buffer"),
	N("tx_cnp_pkts"), N("rx_cnp_pkts"), C("rx_ecn_marked_pkts"),
	C("pacing_reschedule"),		/* doorbell pacing: posts held back */
	I("pacing_complete"), C("pacing_alerts"),
	I("db_fifo_register"),		/* a register's current value */
};

/* drivers/infiniband/hw/irdma/verbs.c irdma_hw_stat_names[] (5.14 to 6.x:
 * gen1, and gen2 = E810); then the GEN3 statistics (irdma_hw_stat_descs,
 * 2025) with its renamed iWARP and TCP counters. */
static const struct cnt_entry irdma[] = {
	E("ip4InDiscards"), E("ip4InTruncatedPkts"), E("ip4OutNoRoutes"),
	E("ip6InDiscards"), E("ip6InTruncatedPkts"), E("ip6OutNoRoutes"),
	R("tcpRetransSegs"), E("tcpInOptErrors"), E("tcpInProtoErrors"), E("rxVlanErrors"),
	T("ip4InOctets"), T("ip4InPkts"), T("ip4InReasmRqd"), T("ip4InMcastPkts"),
	T("ip4OutOctets"), T("ip4OutPkts"), T("ip4OutSegRqd"), T("ip4OutMcastPkts"),
	T("ip6InOctets"), T("ip6InPkts"), T("ip6InReasmRqd"), T("ip6InMcastPkts"),
	T("ip6OutOctets"), T("ip6OutPkts"), T("ip6OutSegRqd"), T("ip6OutMcastPkts"),
	T("tcpInSegs"), T("tcpOutSegs"),
	T("iwInRdmaReads"), T("iwInRdmaSends"), T("iwInRdmaWrites"), T("iwOutRdmaReads"),
	T("iwOutRdmaSends"), T("iwOutRdmaWrites"), T("iwRdmaBnd"), T("iwRdmaInv"),
	N("cnpHandled"), C("cnpIgnored"), N("cnpSent"),
	T("ip4InMcastOctets"), T("ip4OutMcastOctets"), T("ip6InMcastOctets"),
	T("ip6OutMcastOctets"), T("RxUDP"), T("TxUDP"), C("RxECNMrkd"),
	/* GEN3 */
	T("InRdmaReads"), T("InRdmaSends"), T("InRdmaWrites"), T("OutRdmaReads"),
	T("OutRdmaSends"), T("OutRdmaWrites"), T("RdmaBnd"), T("RdmaInv"),
	R("RetransSegs"), E("InOptErrors"), E("InProtoErrors"), T("InSegs"), T("OutSegs"),
	E("RNR sent"), R("RNR received"), I("ord limit count"), I("ird limit count"),
	T("Rx atomics"), T("Tx atomics"), R("Nak Sequence Error"),
	R("Nak Sequence Error Implied"), R("RTO"), E("Rcvd Out of order packets"),
	E("CRC errors"),
};

/* drivers/infiniband/hw/efa/efa_verbs.c EFA_DEFINE_PORT_STATS (5.12+;
 * rdma_write_* 6.4+, the network stats retrans_* and *_events 6.11+) and
 * EFA_DEFINE_DEVICE_STATS (port 0: admin commands and their failures) */
static const struct cnt_entry efa[] = {
	/* the port's basic stats (efa_admin_basic_stats): all its traffic,
	 * the send, RDMA read and write bytes below are parts of them (adding
	 * those would count them twice); EFA has no netdev */
	L("tx_bytes", CNT_L_TX_BYTES), L("tx_pkts", CNT_L_TX_PKTS),
	L("rx_bytes", CNT_L_RX_BYTES), L("rx_pkts", CNT_L_RX_PKTS), E("rx_drops"),
	T("send_bytes"), T("send_wrs"), T("recv_bytes"), T("recv_wrs"),
	T("rdma_read_wrs"), T("rdma_read_bytes"), E("rdma_read_wr_err"),
	T("rdma_read_resp_bytes"), T("rdma_write_wrs"), T("rdma_write_bytes"),
	E("rdma_write_wr_err"), T("rdma_write_recv_bytes"),
	T("retrans_bytes"),		/* bytes, beside retrans_pkts's events */
	R("retrans_pkts"), R("retrans_timeout_events"), E("unresponsive_remote_events"),
	E("impaired_remote_conn_events"),
	I("submitted_cmds"), I("completed_cmds"), E("cmds_err"), E("no_completion_cmds"),
	I("keep_alive_rcvd"), E("alloc_pd_err"), E("create_qp_err"), E("create_cq_err"),
	E("reg_mr_err"), E("alloc_ucontext_err"), E("create_ah_err"), E("mmap_err"),
};

/* drivers/infiniband/hw/hfi1/chip.c port_cntrs[] as init_cntrs() names
 * them (per VL 0-7 and 15, per receive context), handed to the core by
 * hfi1/verbs.c hfi_alloc_hw_port_stats (4.x to 6.x); then verbs.c's
 * driver_cntr_names[], the device's.  The device's chip counters (chip.c
 * dev_cntrs[]: hundreds, one per error bit) are left to the rules.
 * The CNTR_SYNTH ones (chip.c 4.x to 6.x: TxWait, the per-VL TxFlitVL,
 * TxPktVL and TxWaitVL, SwLinkDown/Up, XmitDscd, XmitDscdVl, XmitCstrErr,
 * RcvCstrErr) saturate: read_dev_port_cntr() holds one that rolled over
 * at CNTR_MAX, 2^64 - 1 ("If we rolled we are saturated"). */
#define HS(n, c) { .name = n, .cls = c, .bits = 64, .width = CNT_W_64, .sat = true }
static const struct cnt_entry hfi1[] = {
	E("TxUnVLErr"), E("TxInvalLen"), E("TxMMLenErr"), E("TxUnderrun"),
	C("TxFlowStall"), E("TxDropped"), E("TxHdrErr"), T("TxPkt"), T("TxWords"),
	HS("TxWait", CNT_CONGESTION), HS("TxFlitVL#", CNT_TRAFFIC), HS("TxPktVL#", CNT_TRAFFIC),
	HS("TxWaitVL#", CNT_CONGESTION), T("RxPkt"),
	T("RxWords"), HS("SwLinkDown", CNT_ERROR), HS("SwLinkUp", CNT_INFO), E("UnknownFrame"),
	HS("XmitDscd", CNT_ERROR), HS("XmitDscdVl#", CNT_ERROR), HS("XmitCstrErr", CNT_ERROR),
	HS("RcvCstrErr", CNT_ERROR), T("LoopPkts"),
	R("RcResend"), R("RnrNak"), E("OtherNak"), R("RcTimeOut"), E("PktDrop"),
	C("DmaWait"),			/* QPs waiting for send DMA descriptors */
	E("RcSeqNak"), E("RcDupRew"), E("RdmaSeq"), E("Unaligned"), E("SeqNak"),
	C("RcCrWait"),			/* RC sends waiting for credits */
	T("RcAcks"), T("RcQacks"), I("RcDelayComp"),
	E("RcvHdrOvr#"),		/* a receive context's header queue overflowed */
	I("DRIVER_KernIntr"), E("DRIVER_ErrorIntr"), E("DRIVER_Tx_Errs"),
	E("DRIVER_Rcv_Errs"), E("DRIVER_HW_Errs"), C("DRIVER_NoPIOBufs"),
	I("DRIVER_CtxtsOpen"), E("DRIVER_RcvLen_Errs"), E("DRIVER_EgrBufFull"),
	E("DRIVER_EgrHdrFull"),
};

/*
 * drivers/infiniband/core/sysfs.c PORT_PMA_ATTR and PORT_PMA_ATTR_EXT
 * (2.6 to 7.x): ports/N/counters/, the IB PMA (IBA 16.1.3.5), each with
 * the width show_pma_counter() reads (the same table from 4.6, which added
 * port_xmit_wait, on: read in a 5.15, a 6.2+ and a 7.x tree, so 6.1 and
 * 6.12 have it too).  The counters of
 * PortCounters and PortCountersExtended stop at their maximum, they do not
 * wrap (IBA 16.1.3.5: a counter at all ones stays there); only a PMA
 * Set (perfquery -R) clears them.
 *
 * Which group a port has is get_counter_table()'s choice from the PMA's
 * ClassPortInfo: pma_group_ext (IB_PMA_CLASS_CAP_EXT_WIDTH: the data and
 * packet counters 64-bit, plus unicast_* and multicast_*),
 * pma_group_noietf (CAP_EXT_WIDTH_NOIETF: 64-bit data and packets, no
 * unicast/multicast) or pma_group (all 32-bit).  All three are the
 * directory "counters" with the same file names (the three trees read):
 * there is no counters_ext directory, in 6.1 or 6.12 either.  So a port whose counters/ has unicast_* or
 * multicast_* has the extended ones (src/sysfs/sysfs.c); a value past 32
 * bits says so too (a noietf port).
 */
#define PE(n, b) { .name = n, .cls = CNT_ERROR, .bits = b, .width = CNT_W_FIXED, .sat = true }
/* the link's traffic */
#define PL(n, l) { .name = n, .cls = CNT_TRAFFIC, .bits = 32, .width = CNT_W_EXT, .sat = true, \
		   .link = l }
#define PO(n) { .name = n, .cls = CNT_TRAFFIC, .bits = 64, .width = CNT_W_EXT_ONLY, .sat = true }
static const struct cnt_entry ib_pma[] = {
	PE("symbol_error", 16), PE("link_error_recovery", 8), PE("link_downed", 8),
	PE("port_rcv_errors", 16), PE("port_rcv_remote_physical_errors", 16),
	PE("port_rcv_switch_relay_errors", 16), PE("port_xmit_discards", 16),
	PE("port_xmit_constraint_errors", 8), PE("port_rcv_constraint_errors", 8),
	PE("local_link_integrity_errors", 4), PE("excessive_buffer_overrun_errors", 4),
	PE("VL15_dropped", 16), PL("port_xmit_data", CNT_L_TX_BYTES),
	PL("port_rcv_data", CNT_L_RX_BYTES), PL("port_xmit_packets", CNT_L_TX_PKTS),
	PL("port_rcv_packets", CNT_L_RX_PKTS),
	/* ticks with data to send and no credit: PortCounters' 32 bits in
	 * both groups */
	{ .name = "port_xmit_wait", .cls = CNT_CONGESTION, .bits = 32, .width = CNT_W_FIXED,
	  .sat = true },
	PO("unicast_xmit_packets"), PO("unicast_rcv_packets"),
	PO("multicast_xmit_packets"), PO("multicast_rcv_packets"),
};

/* net/core/net-sysfs.c statistics/ (struct rtnl_link_stats64, every
 * kernel): the bound netdev's; rdmatop reads the first eight */
static const struct cnt_entry netdev[] = {
	L("rx_bytes", CNT_L_RX_BYTES), L("tx_bytes", CNT_L_TX_BYTES),
	L("rx_packets", CNT_L_RX_PKTS), L("tx_packets", CNT_L_TX_PKTS),
	E("rx_errors"), E("tx_errors"), E("rx_dropped"), E("tx_dropped"),
	T("multicast"), E("collisions"), E("rx_length_errors"), E("rx_over_errors"),
	E("rx_crc_errors"), E("rx_frame_errors"), E("rx_fifo_errors"),
	E("rx_missed_errors"), E("tx_aborted_errors"), E("tx_carrier_errors"),
	E("tx_fifo_errors"), E("tx_heartbeat_errors"), E("tx_window_errors"),
	T("rx_compressed"), T("tx_compressed"), E("rx_nohandler"),
};

/* net/dcb/dcbnl.c dcbnl_ieee_fill (2.6.38 to 6.12): struct ieee_pfc's
 * requests[] (PFC frames sent) and indications[] (received) per priority,
 * as src/net/dcb.c names them */
static const struct cnt_entry dcb[] = {
	P("requests_prio#"), P("indications_prio#"),
};

/* net/ethtool/pause.c, fec.c, linkstate.c (5.11, 5.13, 6.6+ to 6.12): the
 * standard statistics, under the keys of `ethtool --json` */
static const struct cnt_entry ethtool_nl[] = {
	P("tx_pause_frames"), P("rx_pause_frames"),
	I("fec_corrected_blocks"),	/* the link worked harder, nothing lost */
	E("fec_uncorrectable_blocks"),	/* frames lost to the wire */
	I("fec_corrected_bits"), E("link_down_events"),
	/* per lane: src/net/ethtool.c names them NAME_laneN; in ERR/s the
	 * total counts, its lanes are information */
	I("fec_corrected_blocks_lane#"), I("fec_uncorrectable_blocks_lane#"),
	I("fec_corrected_bits_lane#"),
};

/* net/ethtool/stats.c (5.13 to 6.12): the standard groups of STATS_GET,
 * as src/net/stats.c names them (ethtool -S --all-groups).  Their errors
 * are the MAC registers the drivers also fold into the netdev statistics
 * (mlx5 en_main.c mlx5e_get_stats: rx_crc_errors is the FCS count,
 * rx_length_errors in-range + out-of-range + too long; bnxt_en
 * bnxt_get_ring_stats64 likewise): those stay out of ERR/s.  Symbol
 * errors and unsupported opcodes are in no netdev statistic: they count. */
static const struct cnt_entry ethtool_std[] = {
	E("eth-phy-SymbolErrorDuringCarrier"),
	T("eth-mac-FramesTransmittedOK"), I("eth-mac-SingleCollisionFrames"),
	I("eth-mac-MultipleCollisionFrames"), T("eth-mac-FramesReceivedOK"),
	D("eth-mac-FrameCheckSequenceErrors"), D("eth-mac-AlignmentErrors"),
	T("eth-mac-OctetsTransmittedOK"), I("eth-mac-FramesWithDeferredXmissions"),
	D("eth-mac-LateCollisions"), D("eth-mac-FramesAbortedDueToXSColls"),
	D("eth-mac-FramesLostDueToIntMACXmitError"), D("eth-mac-CarrierSenseErrors"),
	T("eth-mac-OctetsReceivedOK"), D("eth-mac-FramesLostDueToIntMACRcvError"),
	T("eth-mac-MulticastFramesXmittedOK"), T("eth-mac-BroadcastFramesXmittedOK"),
	D("eth-mac-FramesWithExcessiveDeferral"), T("eth-mac-MulticastFramesReceivedOK"),
	T("eth-mac-BroadcastFramesReceivedOK"), D("eth-mac-InRangeLengthErrors"),
	D("eth-mac-OutOfRangeLengthField"), D("eth-mac-FrameTooLongErrors"),
	I("eth-ctrl-MACControlFramesTransmitted"), I("eth-ctrl-MACControlFramesReceived"),
	E("eth-ctrl-UnsupportedOpcodesReceived"),
	D("rmon-etherStatsUndersizePkts"), D("rmon-etherStatsOversizePkts"),
	D("rmon-etherStatsFragments"), D("rmon-etherStatsJabbers"),
};

/* drivers/net/ethernet/mellanox/mlx5/core/en_stats.c (6.1 to 6.12) port
 * groups: pport_802_3, _2863, _2819, phy, eth_ext, per_prio (the global
 * pause and the PFC stall counters; per priority rx_prio3_pause goes by
 * the rules), q counters.  A pause storm: the device stopped sending
 * pauses after the stall watermark (warning: minor, error: critical). */
static const struct cnt_entry mlx5_en[] = {
	T("tx_packets_phy"), T("rx_packets_phy"), E("rx_crc_errors_phy"),
	T("tx_bytes_phy"), T("rx_bytes_phy"), T("tx_multicast_phy"), T("tx_broadcast_phy"),
	T("rx_multicast_phy"), T("rx_broadcast_phy"), E("rx_in_range_len_errors_phy"),
	E("rx_out_of_range_len_phy"), E("rx_oversize_pkts_phy"), E("rx_symbol_err_phy"),
	I("tx_mac_control_phy"), I("rx_mac_control_phy"), E("rx_unsupported_op_phy"),
	P("rx_pause_ctrl_phy"), P("tx_pause_ctrl_phy"),
	E("rx_discards_phy"), E("tx_discards_phy"), E("tx_errors_phy"),
	E("rx_undersize_pkts_phy"), E("rx_fragments_phy"), E("rx_jabbers_phy"),
	E("link_down_events_phy"), E("rx_pcs_symbol_err_phy"), I("rx_corrected_bits_phy"),
	C("rx_buffer_passed_thres_phy"),	/* the receive buffer almost full */
	P("rx_global_pause"), P("rx_global_pause_duration"), P("tx_global_pause"),
	P("tx_global_pause_duration"), P("rx_global_pause_transition"),
	P("tx_pause_storm_warning_events"), E("tx_pause_storm_error_events"),
	E("rx_out_of_buffer"), E("rx_if_down_packets"),
};

/* drivers/net/ethernet/intel/ice/ice_ethtool.c ice_gstrings_pf_stats
 * (6.1 to 6.12): the port's ".nic" counters that tell loss and pauses;
 * per priority (rx_priority_3_xon.nic) by the rules */
static const struct cnt_entry ice[] = {
	/* the port's traffic (RX/s and TX/s on ice: truth_tab.c) */
	T("rx_bytes.nic"), T("tx_bytes.nic"), T("rx_unicast.nic"), T("tx_unicast.nic"),
	P("link_xon_rx.nic"), P("link_xon_tx.nic"), P("link_xoff_rx.nic"),
	P("link_xoff_tx.nic"), E("tx_dropped_link_down.nic"), E("rx_undersize.nic"),
	E("rx_fragments.nic"), E("rx_oversize.nic"), E("rx_jabber.nic"),
	E("rx_csum_bad.nic"), E("rx_length_errors.nic"), E("rx_dropped.nic"),
	E("rx_crc_errors.nic"), E("illegal_bytes.nic"), E("mac_local_faults.nic"),
	E("mac_remote_faults.nic"), E("tx_errors.nic"),
};

/* drivers/net/ethernet/broadcom/bnxt/bnxt_ethtool.c (6.1 to 6.12): the
 * port statistics' pause and PFC frames; per priority
 * (pfc_pri3_rx_duration_us, _transitions) by the rules */
static const struct cnt_entry bnxt_en[] = {
	P("rx_pfc_frames"), P("tx_pfc_frames"), E("rx_fcs_err_frames"),
	/* what bnxt_get_eth_mac_stats gives as AlignmentErrors and
	 * OutOfRangeLengthField */
	E("rx_align_err_frames"), E("rx_oor_len_frames"),
};

#define G(d, f, k, a) { d, f, k, a, ARRAY_SIZE(a) }

static const struct cnt_group groups[] = {
	G("rxe", "drivers/infiniband/sw/rxe/rxe_hw_counters.c", "4.9-7.x", rxe),
	G("mlx5", "drivers/infiniband/hw/mlx5/counters.c", "6.x-7.x", mlx5),
	G("mlx5", "drivers/infiniband/hw/mlx5/restrack.c", "5.9-7.x", mlx5_mr),
	G("bnxt_re", "drivers/infiniband/hw/bnxt_re/hw_counters.c", "6.5-7.x", bnxt_re),
	G("irdma", "drivers/infiniband/hw/irdma/verbs.c", "5.14-7.x", irdma),
	G("efa", "drivers/infiniband/hw/efa/efa_verbs.c", "5.12-7.x", efa),
	G("hfi1", "drivers/infiniband/hw/hfi1/chip.c, verbs.c", "4.x-6.x", hfi1),
	G("ib", "drivers/infiniband/core/sysfs.c", "2.6-7.x", ib_pma),
	G("netdev", "net/core/net-sysfs.c", "all", netdev),
	G("dcb", "net/dcb/dcbnl.c", "2.6.38-6.12", dcb),
	G("ethtool", "net/ethtool/pause.c, fec.c, linkstate.c", "5.11-6.12", ethtool_nl),
	G("ethtool", "net/ethtool/stats.c", "5.13-6.12", ethtool_std),
	G("mlx5_core", "drivers/net/ethernet/mellanox/mlx5/core/en_stats.c", "6.1-6.12", mlx5_en),
	G("ice", "drivers/net/ethernet/intel/ice/ice_ethtool.c", "6.1-6.12", ice),
	G("bnxt_en", "drivers/net/ethernet/broadcom/bnxt/bnxt_ethtool.c", "6.1-6.12", bnxt_en),
};

const struct cnt_entry *cnt_pma_lookup(const char *name)
{
	size_t i;

	for (i = 0; name && i < ARRAY_SIZE(ib_pma); i++)
		if (!strcmp(ib_pma[i].name, name))
			return &ib_pma[i];
	return NULL;
}

const struct cnt_group *cnt_groups(size_t *n)
{
	*n = ARRAY_SIZE(groups);
	return groups;
}
