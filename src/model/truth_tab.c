// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The port truth's tables (truth.h): which counter each headline figure
 * is, ranked, and which names count one event.  doc/counters.md lists
 * them ("The headline figures"); tests/unit/test_truth.c walks them.
 */
#include "truth.h"
#include "util.h"

#define HW(n)                  \
	{                      \
		SNAP_SRC_HW, n \
	}
#define PMA(n)                  \
	{                       \
		SNAP_SRC_PMA, n \
	}
#define ND(n)                      \
	{                          \
		SNAP_SRC_NETDEV, n \
	}
#define NL(n)                     \
	{                         \
		SNAP_SRC_ETHNL, n \
	}
#define DRV(n)                  \
	{                       \
		SNAP_SRC_DRV, n \
	}

/* a row: figure, link layer, its `agree` letter, driver, file, why, the counters */
#define ROW(f, l, a, drv, fl, w, ...)                                               \
	{                                                                           \
		.fig = f, .ll = l, .agree = a, .driver = drv, .file = fl, .why = w, \
		.n = { __VA_ARGS__ }                                                \
	}

#define EN_STATS "drivers/net/ethernet/mellanox/mlx5/core/en_stats.c (6.1-6.12)"
#define IB_SYSFS "drivers/infiniband/core/sysfs.c, mlx5 mad.c (2.6-7.x)"
#define STATS_C "net/ethernet/stats.c via net/ethtool/stats.c (5.13-6.12)"
#define NET_SYSFS "net/core/net-sysfs.c (all)"

/*
 * The wire's bytes first on Ethernet: UTIL% holds them against the link's
 * rate, which every frame on the wire takes, RoCE or not.  mlx5's PMA
 * counters of a RoCE port are its vport's RDMA traffic only (mad.c
 * pma_cnt_ext_assign: the *_ib_unicast and *_ib_multicast octets), and
 * its netdev's are the kernel's rings only (en_main.c mlx5e_get_stats):
 * RoCE bypasses them.  On InfiniBand the PMA counters are the port's
 * (PortCountersExtended where the device has them); on Ethernet they are
 * the RDMA traffic only (mlx5's vport, rxe's own on 7.x), never the link's.
 */
static const struct truth_rule rules[] = {
	ROW(TRUTH_RX_BYTES, TRUTH_LL_ETH, 'w', "mlx5_core", EN_STATS,
	    "the physical port's received octets (PPCNT 802.3 a_octets_received_ok)",
	    DRV("rx_bytes_phy")),
	ROW(TRUTH_RX_BYTES, TRUTH_LL_ETH, 'w', "any", STATS_C,
	    "the standard MAC group: the same register, where the driver has it",
	    NL("eth-mac-OctetsReceivedOK")),
	ROW(TRUTH_RX_BYTES, TRUTH_LL_IB, 0, "ib_core", IB_SYSFS,
	    "PortRcvData (x4 octets); on mlx5 RoCE the vport's RDMA bytes", PMA("port_rcv_data")),
	ROW(TRUTH_RX_BYTES, TRUTH_LL_ETH, 0, "mlx5_core", EN_STATS,
	    "the function's vport: RDMA and Ethernet bytes (a VF without the phy group)",
	    DRV("rx_vport_rdma_unicast_bytes"), DRV("rx_vport_unicast_bytes"),
	    DRV("rx_vport_rdma_multicast_bytes"), DRV("rx_vport_multicast_bytes"),
	    DRV("rx_vport_broadcast_bytes")),
	ROW(TRUTH_RX_BYTES, TRUTH_LL_ANY, 0, "bnxt_re, efa",
	    "drivers/infiniband/hw/bnxt_re/hw_counters.c, efa/efa_verbs.c (5.12-7.x)",
	    "the RDMA engine's port statistics, which the netdev does not see", HW("rx_bytes")),
	ROW(TRUTH_RX_BYTES, TRUTH_LL_ETH, 0, "ice",
	    "drivers/net/ethernet/intel/ice/ice_ethtool.c (6.1-6.12)",
	    "the port's (the .nic statistics), RDMA's included", DRV("rx_bytes.nic")),
	ROW(TRUTH_RX_BYTES, TRUTH_LL_ANY, 0, "any", NET_SYSFS,
	    "the netdev's: only where nothing better exists (RDMA may bypass it)", ND("rx_bytes")),
	ROW(TRUTH_TX_BYTES, TRUTH_LL_ETH, 'w', "mlx5_core", EN_STATS,
	    "the physical port's sent octets (a_octets_transmitted_ok)", DRV("tx_bytes_phy")),
	ROW(TRUTH_TX_BYTES, TRUTH_LL_ETH, 'w', "any", STATS_C, "the standard MAC group",
	    NL("eth-mac-OctetsTransmittedOK")),
	ROW(TRUTH_TX_BYTES, TRUTH_LL_IB, 0, "ib_core", IB_SYSFS, "PortXmitData (x4 octets)",
	    PMA("port_xmit_data")),
	ROW(TRUTH_TX_BYTES, TRUTH_LL_ETH, 0, "mlx5_core", EN_STATS,
	    "the function's vport: RDMA and Ethernet bytes", DRV("tx_vport_rdma_unicast_bytes"),
	    DRV("tx_vport_unicast_bytes"), DRV("tx_vport_rdma_multicast_bytes"),
	    DRV("tx_vport_multicast_bytes"), DRV("tx_vport_broadcast_bytes")),
	ROW(TRUTH_TX_BYTES, TRUTH_LL_ANY, 0, "bnxt_re, efa",
	    "drivers/infiniband/hw/bnxt_re/hw_counters.c, efa/efa_verbs.c (5.12-7.x)",
	    "the RDMA engine's port statistics", HW("tx_bytes")),
	ROW(TRUTH_TX_BYTES, TRUTH_LL_ETH, 0, "ice",
	    "drivers/net/ethernet/intel/ice/ice_ethtool.c (6.1-6.12)", "the port's",
	    DRV("tx_bytes.nic")),
	ROW(TRUTH_TX_BYTES, TRUTH_LL_ANY, 0, "any", NET_SYSFS,
	    "the netdev's: only where nothing better exists", ND("tx_bytes")),
	ROW(TRUTH_RX_PKTS, TRUTH_LL_ETH, 'p', "mlx5_core", EN_STATS,
	    "the physical port's frames (a_frames_received_ok)", DRV("rx_packets_phy")),
	ROW(TRUTH_RX_PKTS, TRUTH_LL_ETH, 'p', "any", STATS_C, "the standard MAC group",
	    NL("eth-mac-FramesReceivedOK")),
	ROW(TRUTH_RX_PKTS, TRUTH_LL_IB, 0, "ib_core", IB_SYSFS, "PortRcvPkts",
	    PMA("port_rcv_packets")),
	ROW(TRUTH_RX_PKTS, TRUTH_LL_ANY, 0, "bnxt_re, efa",
	    "drivers/infiniband/hw/bnxt_re/hw_counters.c, efa/efa_verbs.c (5.12-7.x)",
	    "the RDMA engine's port statistics", HW("rx_pkts")),
	ROW(TRUTH_RX_PKTS, TRUTH_LL_ANY, 0, "rxe",
	    "drivers/infiniband/sw/rxe/rxe_hw_counters.c (4.9-7.x)",
	    "its RDMA packets, which the netdev may not see when a device talks to itself",
	    HW("rcvd_pkts")),
	ROW(TRUTH_RX_PKTS, TRUTH_LL_ANY, 0, "any", NET_SYSFS, "the netdev's", ND("rx_packets")),
	ROW(TRUTH_TX_PKTS, TRUTH_LL_ETH, 'p', "mlx5_core", EN_STATS,
	    "the physical port's frames (a_frames_transmitted_ok)", DRV("tx_packets_phy")),
	ROW(TRUTH_TX_PKTS, TRUTH_LL_ETH, 'p', "any", STATS_C, "the standard MAC group",
	    NL("eth-mac-FramesTransmittedOK")),
	ROW(TRUTH_TX_PKTS, TRUTH_LL_IB, 0, "ib_core", IB_SYSFS, "PortXmitPkts",
	    PMA("port_xmit_packets")),
	ROW(TRUTH_TX_PKTS, TRUTH_LL_ANY, 0, "bnxt_re, efa",
	    "drivers/infiniband/hw/bnxt_re/hw_counters.c, efa/efa_verbs.c (5.12-7.x)",
	    "the RDMA engine's port statistics", HW("tx_pkts")),
	ROW(TRUTH_TX_PKTS, TRUTH_LL_ANY, 0, "rxe",
	    "drivers/infiniband/sw/rxe/rxe_hw_counters.c (4.9-7.x)", "its RDMA packets",
	    HW("sent_pkts")),
	ROW(TRUTH_TX_PKTS, TRUTH_LL_ANY, 0, "any", NET_SYSFS, "the netdev's", ND("tx_packets")),
	ROW(TRUTH_DISCARD, TRUTH_LL_ETH, 0, "mlx5_core", EN_STATS,
	    "the port's discards (no room in the port buffer), all priorities",
	    DRV("rx_discards_phy"), DRV("tx_discards_phy")),
	ROW(TRUTH_DISCARD, TRUTH_LL_ANY, 0, "ib_core", IB_SYSFS, "PortXmitDiscards",
	    PMA("port_xmit_discards")),
	ROW(TRUTH_DISCARD, TRUTH_LL_ANY, 0, "bnxt_re",
	    "drivers/infiniband/hw/bnxt_re/hw_counters.c (6.5-7.x)", "the RoCE engine's discards",
	    HW("rx_roce_discards"), HW("tx_roce_discards")),
	ROW(TRUTH_DISCARD, TRUTH_LL_ANY, 0, "efa",
	    "drivers/infiniband/hw/efa/efa_verbs.c (5.12-7.x)", "the port's basic stats",
	    HW("rx_drops")),
	ROW(TRUTH_DISCARD, TRUTH_LL_ETH, 0, "ice",
	    "drivers/net/ethernet/intel/ice/ice_ethtool.c (6.1-6.12)", "the port's drops",
	    DRV("rx_dropped.nic"), DRV("tx_dropped_link_down.nic")),
	ROW(TRUTH_DISCARD, TRUTH_LL_ANY, 0, "any", NET_SYSFS,
	    "the netdev's: only where nothing better exists", ND("rx_dropped"), ND("tx_dropped")),
	ROW(TRUTH_OOB, TRUTH_LL_ANY, 0, "mlx5", "drivers/infiniband/hw/mlx5/counters.c, " EN_STATS,
	    "the RDMA and the Ethernet queues' q counters: no receive WQE posted",
	    HW("out_of_buffer"), DRV("rx_out_of_buffer")),
	ROW(TRUTH_OOB, TRUTH_LL_ANY, 0, "mlx5_core", EN_STATS, "the Ethernet queues' q counter",
	    DRV("rx_out_of_buffer")),
	ROW(TRUTH_SYMBOL, TRUTH_LL_ETH, 'y', "any", STATS_C, "the standard PHY group",
	    NL("eth-phy-SymbolErrorDuringCarrier")),
	ROW(TRUTH_SYMBOL, TRUTH_LL_ETH, 'y', "mlx5_core", EN_STATS,
	    "a_symbol_error_during_carrier: the same register", DRV("rx_symbol_err_phy")),
	ROW(TRUTH_SYMBOL, TRUTH_LL_ANY, 0, "ib_core", IB_SYSFS,
	    "SymbolErrorCounter (16 bits, saturates)", PMA("symbol_error")),
	ROW(TRUTH_FCS, TRUTH_LL_ETH, 'f', "any", STATS_C, "the standard MAC group",
	    NL("eth-mac-FrameCheckSequenceErrors")),
	ROW(TRUTH_FCS, TRUTH_LL_ETH, 'f', "mlx5_core", EN_STATS,
	    "a_frame_check_sequence_errors: the same register", DRV("rx_crc_errors_phy")),
	ROW(TRUTH_FCS, TRUTH_LL_ETH, 0, "ice",
	    "drivers/net/ethernet/intel/ice/ice_ethtool.c (6.1-6.12)", "the port's CRC errors",
	    DRV("rx_crc_errors.nic")),
	ROW(TRUTH_FCS, TRUTH_LL_ETH, 0, "bnxt_en",
	    "drivers/net/ethernet/broadcom/bnxt/bnxt_ethtool.c (6.1-6.12)", "the port's",
	    DRV("rx_fcs_err_frames")),
	/* the pre-FEC BER's numerator (truth.h ber): mlx5 fills FEC_GET's
	 * corrected bits from the same PPCNT phy_corrected_bits as its
	 * rx_corrected_bits_phy (en_stats.c fec_set_corrected_bits_total) */
	ROW(TRUTH_CORR_BITS, TRUTH_LL_ETH, 'b', "any", "net/ethtool/fec.c (5.13-6.18)",
	    "FEC_GET's ETHTOOL_A_FEC_STAT_CORR_BITS: the driver's, in the kernel's own name",
	    NL("fec_corrected_bits")),
	ROW(TRUTH_CORR_BITS, TRUTH_LL_ETH, 'b', "mlx5_core", EN_STATS,
	    "PPCNT physical layer phy_corrected_bits: the same register",
	    DRV("rx_corrected_bits_phy")),
};

/*
 * One event, several names.  The standard groups first (the same
 * registers as the drivers' names: mlx5 en_stats.c mlx5e_stats_eth_*_get,
 * bnxt_en bnxt_get_eth_mac_stats), then the drivers' own, then the
 * netdev's and the PMA's.
 */
static const struct truth_same sames[] = {
	{ "FCS errors",
	  { NL("eth-mac-FrameCheckSequenceErrors"), DRV("rx_crc_errors_phy"),
	    DRV("rx_crc_errors.nic"), DRV("rx_fcs_err_frames"), DRV("rx_crc_errors"),
	    ND("rx_crc_errors") },
	  false,
	  STATS_C },
	{ "symbol errors",
	  { NL("eth-phy-SymbolErrorDuringCarrier"), DRV("rx_symbol_err_phy"), PMA("symbol_error") },
	  false,
	  STATS_C },
	{ "alignment errors",
	  { NL("eth-mac-AlignmentErrors"), DRV("rx_align_err_frames"), DRV("rx_frame_errors"),
	    ND("rx_frame_errors") },
	  false,
	  STATS_C },
	{ "in-range length errors",
	  { NL("eth-mac-InRangeLengthErrors"), DRV("rx_in_range_len_errors_phy") },
	  false,
	  EN_STATS },
	{ "out-of-range length",
	  { NL("eth-mac-OutOfRangeLengthField"), DRV("rx_out_of_range_len_phy"),
	    DRV("rx_oor_len_frames") },
	  false,
	  EN_STATS },
	{ "frames too long",
	  { NL("eth-mac-FrameTooLongErrors"), DRV("rx_oversize_pkts_phy") },
	  false,
	  EN_STATS },
	{ "unsupported opcodes",
	  { NL("eth-ctrl-UnsupportedOpcodesReceived"), DRV("rx_unsupported_op_phy") },
	  false,
	  EN_STATS },
	{ "undersize frames",
	  { NL("rmon-etherStatsUndersizePkts"), DRV("rx_undersize_pkts_phy"),
	    DRV("rx_undersize.nic") },
	  false,
	  EN_STATS },
	{ "fragments",
	  { NL("rmon-etherStatsFragments"), DRV("rx_fragments_phy"), DRV("rx_fragments.nic") },
	  false,
	  EN_STATS },
	{ "jabbers",
	  { NL("rmon-etherStatsJabbers"), DRV("rx_jabbers_phy"), DRV("rx_jabber.nic") },
	  false,
	  EN_STATS },
	{ "oversize frames",
	  { NL("rmon-etherStatsOversizePkts"), DRV("rx_oversize.nic") },
	  false,
	  EN_STATS },
	{ "link downs",
	  { NL("link_down_events"), DRV("link_down_events_phy"), PMA("link_downed") },
	  false,
	  "net/ethernet/linkstate.c, " EN_STATS },
	/* mlx5 en_stats.c: each priority's discards are the port's */
	{ "receive discards", { DRV("rx_discards_phy"), DRV("rx_prio#_discards") }, true, EN_STATS },
	/* include/uapi/linux/if_link.h: rx_errors "must include" the length,
	 * CRC and frame errors, tx_errors the aborted, carrier, FIFO,
	 * heartbeat and window ones; where a driver's `ethtool -S` repeats
	 * the netdev's names (e1000e), its total counts and its parts are in it */
	{ "receive errors",
	  { DRV("rx_errors"), DRV("rx_length_errors"), DRV("rx_crc_errors"), DRV("rx_frame_errors"),
	    DRV("rx_long_length_errors"), DRV("rx_short_length_errors") },
	  true,
	  "include/uapi/linux/if_link.h" },
	{ "transmit errors",
	  { DRV("tx_errors"), DRV("tx_aborted_errors"), DRV("tx_carrier_errors"),
	    DRV("tx_fifo_errors"), DRV("tx_window_errors"), DRV("tx_heartbeat_errors") },
	  true,
	  "include/uapi/linux/if_link.h" },
};

const struct truth_rule *truth_rules(size_t *n)
{
	*n = ARRAY_SIZE(rules);
	return rules;
}

const struct truth_same *truth_sames(size_t *n)
{
	*n = ARRAY_SIZE(sames);
	return sames;
}

const char *truth_fig_key(enum truth_fig f)
{
	static const char *const keys[TRUTH_FIG_N] = {
		[TRUTH_RX_BYTES] = "rx_bytes",
		[TRUTH_TX_BYTES] = "tx_bytes",
		[TRUTH_RX_PKTS] = "rx_packets",
		[TRUTH_TX_PKTS] = "tx_packets",
		[TRUTH_DISCARD] = "discards",
		[TRUTH_OOB] = "out_of_buffer",
		[TRUTH_SYMBOL] = "symbol_errors",
		[TRUTH_FCS] = "fcs_errors",
		[TRUTH_CORR_BITS] = "fec_corrected_bits",
	};

	return (unsigned)f < TRUTH_FIG_N ? keys[f] : "unknown";
}

const char *truth_src_name(uint8_t src)
{
	return snap_src_name(src);
}
