/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The netdev models of gen_net.c: each driver's `ethtool -S` names in its
 * get_strings order (a subset of the port's groups; per-queue counters
 * only for the first queue), values for two samples, and the DCB and
 * ethtool netlink numbers the same driver derives from the same registers.
 */
#ifndef GEN_NET_DRIVERS_H
#define GEN_NET_DRIVERS_H

#define S(n, a, b) { n, { a, b } }

/* mlx5 en_stats.c (6.1 to 6.12): sw, rq 0, vport, pport_802_3, _2863, phy,
 * eth_ext, per_prio traffic and the PFC of priority 3 (only priorities
 * with PFC on are listed: mlx5e_grp_per_prio_pfc_fill_strings), the stall
 * counters, q counters.  A pause storm on priority 3: the peer pauses us
 * 900k times in the sample, the device drops and reports stall events. */
#define MLX5_PRIO(p, rb, rp, rd, tb, tp) \
	S("rx_prio" #p "_bytes", rb, rb), S("rx_prio" #p "_packets", rp, rp), \
	S("rx_prio" #p "_discards", rd, rd), S("tx_prio" #p "_bytes", tb, tb), \
	S("tx_prio" #p "_packets", tp, tp)
static const struct stat_def mlx5_stats[] = {
	S("rx_packets", 81000000, 81004000), S("rx_bytes", 330000000000, 330016000000),
	S("tx_packets", 79000000, 79003000), S("tx_bytes", 320000000000, 320012000000),
	S("rx0_packets", 20000000, 20001000), S("rx0_bytes", 80000000000, 80004000000),
	S("rx_vport_unicast_packets", 81000000, 81004000),
	S("rx_vport_unicast_bytes", 330000000000, 330016000000),
	S("tx_vport_rdma_unicast_packets", 150000000, 150010000),
	S("tx_vport_rdma_unicast_bytes", 610000000000, 610040000000),
	S("tx_packets_phy", 231000000, 231013000), S("rx_packets_phy", 233000000, 233014000),
	S("rx_crc_errors_phy", 0, 0), S("tx_bytes_phy", 940000000000, 940052000000),
	S("rx_bytes_phy", 950000000000, 950056000000), S("tx_multicast_phy", 120, 120),
	S("tx_broadcast_phy", 40, 40), S("rx_multicast_phy", 300, 300),
	S("rx_broadcast_phy", 77, 77), S("rx_in_range_len_errors_phy", 0, 0),
	S("rx_out_of_range_len_phy", 0, 0), S("rx_oversize_pkts_phy", 0, 0),
	S("rx_symbol_err_phy", 0, 7), S("tx_mac_control_phy", 1200, 1500),
	S("rx_mac_control_phy", 2000000, 2900000), S("rx_unsupported_op_phy", 0, 0),
	S("rx_pause_ctrl_phy", 2000000, 2900000), S("tx_pause_ctrl_phy", 1200, 1500),
	S("rx_discards_phy", 10, 510), S("tx_discards_phy", 0, 0), S("tx_errors_phy", 0, 0),
	S("link_down_events_phy", 2, 2), S("rx_buffer_passed_thres_phy", 100, 4100),
	MLX5_PRIO(0, 1000000, 8000, 0, 900000, 7000),
	MLX5_PRIO(1, 0, 0, 0, 0, 0), MLX5_PRIO(2, 0, 0, 0, 0, 0),
	/* priority 3 carries the RoCE traffic: most of the port's bytes */
	S("rx_prio3_bytes", 949000000000, 949055000000), S("rx_prio3_packets", 232990000, 233003800),
	S("rx_prio3_discards", 10, 510), S("tx_prio3_bytes", 939000000000, 939051000000),
	S("tx_prio3_packets", 230990000, 231002800),
	MLX5_PRIO(4, 0, 0, 0, 0, 0), MLX5_PRIO(5, 0, 0, 0, 0, 0),
	MLX5_PRIO(6, 0, 0, 0, 0, 0), MLX5_PRIO(7, 0, 0, 0, 0, 0),
	/* microseconds paused (mlx5 counters.rst: "in microSec"): 184 ms of
	 * the 200 ms between the tests' two samples (-d 0.2), 92% */
	S("rx_prio3_pause", 2000000, 2900000), S("rx_prio3_pause_duration", 4100000, 4284000),
	S("tx_prio3_pause", 1200, 1500), S("tx_prio3_pause_duration", 2400, 3000),
	S("rx_prio3_pause_transition", 1000000, 1450000),
	S("tx_pause_storm_warning_events", 0, 3), S("tx_pause_storm_error_events", 0, 1),
	S("rx_out_of_buffer", 0, 40), S("rx_if_down_packets", 0, 0),
};

/* ice ice_ethtool.c (6.1 to 6.12): ice_gstrings_pf_stats in part, then
 * the per-priority xon/xoff (ice_get_strings: tx, then rx, priorities 0-7) */
#define ICE_PRIO(d, p, on, off) S(d "_priority_" #p "_xon.nic", on, on), \
	S(d "_priority_" #p "_xoff.nic", off, off)
#define ICE_STATS(storm)                                                        \
	S("rx_bytes.nic", 5000000000, 5000900000), S("tx_bytes.nic", 4000000000, 4000700000), \
	S("rx_unicast.nic", 3000000, 3000600), S("tx_unicast.nic", 2800000, 2800500),    \
	S("link_xon_rx.nic", 0, 0), S("link_xon_tx.nic", 0, 0),                           \
	S("link_xoff_rx.nic", 0, 0), S("link_xoff_tx.nic", 0, 0),                         \
	S("rx_dropped.nic", 5, storm ? 305 : 5), S("rx_crc_errors.nic", 0, 0),            \
	ICE_PRIO("tx", 0, 0, 0), ICE_PRIO("tx", 1, 0, 0), ICE_PRIO("tx", 2, 0, 0),        \
	S("tx_priority_3_xon.nic", 10, 10), S("tx_priority_3_xoff.nic", 70, 90),          \
	ICE_PRIO("tx", 4, 0, 0), ICE_PRIO("tx", 5, 0, 0), ICE_PRIO("tx", 6, 0, 0),        \
	ICE_PRIO("tx", 7, 0, 0),                                                          \
	ICE_PRIO("rx", 0, 0, 0), ICE_PRIO("rx", 1, 0, 0), ICE_PRIO("rx", 2, 0, 0),        \
	S("rx_priority_3_xon.nic", 30, 30),                                               \
	S("rx_priority_3_xoff.nic", storm ? 500000 : 800, storm ? 740000 : 820),          \
	ICE_PRIO("rx", 4, 0, 0), ICE_PRIO("rx", 5, 0, 0), ICE_PRIO("rx", 6, 0, 0),        \
	ICE_PRIO("rx", 7, 0, 0)
static const struct stat_def ice0_stats[] = { ICE_STATS(0) };
static const struct stat_def ice1_stats[] = { ICE_STATS(1) };

/* bnxt_en bnxt_ethtool.c (6.1 to 6.12): port stats' pause and PFC frames,
 * the extended per-priority PFC duration and transitions (priority 3) */
static const struct stat_def bnxt_stats[] = {
	S("rx_ucast_packets", 9000000, 9002000), S("tx_ucast_packets", 8000000, 8001800),
	S("rx_pause_frames", 0, 0), S("tx_pause_frames", 0, 0),
	S("rx_pfc_frames", 4000, 4600), S("tx_pfc_frames", 300, 330),
	S("rx_fcs_err_frames", 0, 3),
	S("pfc_pri3_rx_duration_us", 8000, 9200), S("pfc_pri3_rx_transitions", 2000, 2300),
	S("pfc_pri3_tx_duration_us", 600, 660), S("pfc_pri3_tx_transitions", 150, 165),
};

/* The standard groups (STATS_GET) from the same registers as ethtool -S:
 * mlx5 en_stats.c mlx5e_stats_eth_phy_get, _eth_mac_get, _eth_ctrl_get
 * (the IEEE 802.3 PPCNT group: rx_symbol_err_phy is
 * a_symbol_error_during_carrier, rx_crc_errors_phy
 * a_frame_check_sequence_errors), mlx5e_stats_rmon_get (RFC 2819 group:
 * undersize, fragments, jabbers, oversize and the receive histogram over
 * mlx5e_rmon_ranges; no transmit one), 6.1 to 6.12 */
#define SD(g, a, x, y) { ETHTOOL_STATS_##g, ETHTOOL_A_STATS_##a, { x, y } }
static const struct std_def mlx5_std[] = {
	SD(ETH_PHY, ETH_PHY_5_SYM_ERR, 0, 7),
	SD(ETH_MAC, ETH_MAC_2_TX_PKT, 231000000, 231013000),
	SD(ETH_MAC, ETH_MAC_5_RX_PKT, 233000000, 233014000),
	SD(ETH_MAC, ETH_MAC_6_FCS_ERR, 0, 0),
	SD(ETH_MAC, ETH_MAC_8_TX_BYTES, 940000000000, 940052000000),
	SD(ETH_MAC, ETH_MAC_14_RX_BYTES, 950000000000, 950056000000),
	SD(ETH_MAC, ETH_MAC_18_TX_MCAST, 120, 120), SD(ETH_MAC, ETH_MAC_19_TX_BCAST, 40, 40),
	SD(ETH_MAC, ETH_MAC_21_RX_MCAST, 300, 300), SD(ETH_MAC, ETH_MAC_22_RX_BCAST, 77, 77),
	SD(ETH_MAC, ETH_MAC_23_IR_LEN_ERR, 0, 0), SD(ETH_MAC, ETH_MAC_24_OOR_LEN, 0, 0),
	SD(ETH_MAC, ETH_MAC_25_TOO_LONG_ERR, 0, 0),
	SD(ETH_CTRL, ETH_CTRL_3_TX, 1200, 1500), SD(ETH_CTRL, ETH_CTRL_4_RX, 2000000, 2900000),
	SD(ETH_CTRL, ETH_CTRL_5_RX_UNSUP, 0, 0),
	SD(RMON, RMON_UNDERSIZE, 0, 0), SD(RMON, RMON_OVERSIZE, 0, 0),
	SD(RMON, RMON_FRAG, 0, 0), SD(RMON, RMON_JABBER, 0, 0),
};
#define NS UINT64_MAX
#define HB(l, h, a, b) { l, h, { a, b }, { NS, NS } }
static const struct hist_def mlx5_hist[] = {
	HB(0, 64, 2000077, 2900077), HB(65, 127, 1000000, 1000400), HB(128, 255, 0, 0),
	HB(256, 511, 0, 0), HB(512, 1023, 0, 0), HB(1024, 1518, 5000, 5100),
	HB(1519, 2047, 0, 0), HB(2048, 4095, 229994223, 230107523), HB(4096, 8191, 0, 0),
	HB(8192, 10239, 0, 0),
};

/* bnxt_en bnxt_ethtool.c bnxt_get_eth_mac_stats, _eth_ctrl_stats (6.1 to
 * 6.12): the port statistics' good frames, rx_fcs_err_frames (the FCS
 * errors that move here), rx_align_err_frames, rx_oor_len_frames and the
 * control frames; this firmware without the extended port statistics
 * gives no eth-phy group, and no RMON: the groups stay empty */
static const struct std_def bnxt_std[] = {
	SD(ETH_MAC, ETH_MAC_2_TX_PKT, 8000000, 8001800),
	SD(ETH_MAC, ETH_MAC_5_RX_PKT, 9000000, 9002000),
	SD(ETH_MAC, ETH_MAC_6_FCS_ERR, 0, 3), SD(ETH_MAC, ETH_MAC_7_ALIGN_ERR, 0, 0),
	SD(ETH_MAC, ETH_MAC_24_OOR_LEN, 0, 0),
	SD(ETH_CTRL, ETH_CTRL_3_TX, 300, 330), SD(ETH_CTRL, ETH_CTRL_4_RX, 4000, 4600),
};

#define N(a) (sizeof(a) / sizeof(a[0]))
#define P3(a, b) { { 0, 0, 0, a, 0, 0, 0, 0 }, { 0, 0, 0, b, 0, 0, 0, 0 } }

static const struct ndev_def mlx5_nd[] = { {
	.name = "ens1f0np0", .ifindex = 6, .dcb = 1, .pfc_en = 1 << 3, .delay = 32,
	/* en_dcbnl.c mlx5e_dcbnl_ieee_getpfc: requests = tx_pause, indications =
	 * rx_pause of each priority's PPCNT group, the numbers of ethtool -S */
	.req = P3(1200, 1500), .ind = P3(2000000, 2900000),
	/* mlx5e_stats_pause_get: the 802.3 group's pause control frames */
	.pause_tx = { 1200, 1500 }, .pause_rx = { 2000000, 2900000 },
	.fec = 1, .fec_corr = { 12000, 12500 }, .fec_unc = { 0, 2 }, .fec_bits = { 90000, 94000 },
	.down_cnt = 1, .downs = { 2, 2 }, .speed = 100000, .lanes = 4,
	.stats = mlx5_stats, .nstats = N(mlx5_stats),
	.std = 2, .stds = mlx5_std, .nstds = N(mlx5_std), .hist = mlx5_hist, .nhist = N(mlx5_hist),
} };

/* ice_dcb_nl.c ice_dcbnl_getpfc: requests = priority_xoff_tx, indications =
 * priority_xoff_rx; STATS_GET answers every group empty, as for a driver
 * without the get_eth_*_stats and get_rmon_stats ops (stats_prepare_data
 * leaves them ETHTOOL_STAT_NOT_SET) */
static const struct ndev_def ice_nd[] = { {
	.name = "ens24f0", .ifindex = 8, .dcb = 1, .pfc_en = 1 << 3, .delay = 0,
	.req = P3(70, 90), .ind = P3(800, 820),
	/* ice_get_pauseparam: autoneg from the PHY's caps; a partner that
	 * advertises Asym_Pause only: both asymmetric, ours with Pause too,
	 * so this side receives pauses and sends none (RX on, TX off); the
	 * bitsets by name (an older rdmatop's recording asked no compact) */
	.pause_an = 1, .verbose = 1, .ours = 3, .peer = 2, .neg = { 1, 0 },
	.pause_tx = { 0, 0 }, .pause_rx = { 0, 0 },
	.fec = 1, .fec_corr = { 100, 100 }, .fec_unc = { 0, 0 }, .fec_bits = { 0, 0 },
	.speed = 25000, .lanes = 1, .stats = ice0_stats, .nstats = N(ice0_stats), .std = 1,
}, {
	.name = "ens24f1", .ifindex = 9, .dcb = 1, .pfc_en = 1 << 3, .delay = 0,
	.req = P3(70, 90), .ind = P3(500000, 740000),
	.pause_tx = { 0, 0 }, .pause_rx = { 0, 0 },
	.fec = 1, .fec_corr = { 300, 380 }, .fec_unc = { 1, 4 }, .fec_bits = { 0, 0 },
	.speed = 25000, .lanes = 1, .stats = ice1_stats, .nstats = N(ice1_stats), .std = 1,
} };

/* bnxt_dcb.c bnxt_dcbnl_ieee_getpfc: the port's PFC frames per priority;
 * FEC without statistics on this firmware: FEC_GET -EOPNOTSUPP */
static const struct ndev_def bnxt_nd[] = { {
	.name = "ens2f0np0", .ifindex = 4, .dcb = 1, .pfc_en = 1 << 3, .delay = 0,
	.req = P3(300, 330), .ind = P3(4000, 4600),
	.pause_tx = { 300, 330 }, .pause_rx = { 4000, 4600 },
	/* bnxt_get_pauseparam: autoneg where BNXT_AUTONEG_FLOW_CTRL; both
	 * sides advertise Pause: RX and TX on */
	.pause_an = 1, .ours = 3, .peer = 1, .neg = { 1, 1 },
	.fec = 0, .speed = 100000, .lanes = 4, .stats = bnxt_stats, .nstats = N(bnxt_stats),
	.std = 1, .stds = bnxt_std, .nstds = N(bnxt_std),
} };

/* RoCE over an mlx5 LAG (mlx5_bond_0 on bond0; tests/hw/bond.sh makes the
 * bond's sysfs): the slaves hold the statistics, bonding none of them (no
 * dcbnl ops, no get_pauseparam, no ETH_SS_STATS set: drivers/net/bonding,
 * 6.1 to 6.12), so bond0 is only named in `netdevs`.  The first slave is
 * mlx5-roce's port; the second carries less and has no FEC (no corrected
 * bits), its priority 3 pausing and dropping at its own pace: the port's
 * figures are the two summed. */
static const struct stat_def mlx5_slave1_stats[] = {
	S("rx_packets", 41000000, 41002000), S("rx_bytes", 160000000000, 160008000000),
	S("rx_bytes_phy", 470000000000, 470028000000), S("rx_symbol_err_phy", 0, 3),
	S("rx_pause_ctrl_phy", 700000, 1100000), S("tx_pause_ctrl_phy", 90, 130),
	S("rx_discards_phy", 4, 94), S("link_down_events_phy", 5, 6),
	MLX5_PRIO(0, 500000, 4000, 0, 450000, 3500),
	S("rx_prio3_bytes", 469000000000, 469027000000), S("rx_prio3_packets", 115000000, 115006900),
	S("rx_prio3_discards", 4, 94), S("tx_prio3_bytes", 465000000000, 465025000000),
	S("tx_prio3_packets", 114000000, 114006000),
	S("rx_prio3_pause", 700000, 1100000), S("rx_prio3_pause_duration", 1400000, 1450000),
	S("tx_prio3_pause", 90, 130), S("tx_prio3_pause_duration", 180, 260),
	S("tx_pause_storm_warning_events", 0, 0), S("rx_out_of_buffer", 2, 9),
};

/* the same driver's standard groups of the second slave: the same
 * registers as its ethtool -S (symbol errors, FCS, the pause frames) */
static const struct std_def mlx5_slave1_std[] = {
	SD(ETH_PHY, ETH_PHY_5_SYM_ERR, 0, 3), SD(ETH_MAC, ETH_MAC_6_FCS_ERR, 0, 0),
	SD(ETH_CTRL, ETH_CTRL_3_TX, 90, 130), SD(ETH_CTRL, ETH_CTRL_4_RX, 700000, 1100000),
};

static const struct ndev_def bond_slave1 = {
	.name = "ens1f1np1", .ifindex = 7, .dcb = 1, .pfc_en = 1 << 3, .delay = 32,
	.req = P3(90, 130), .ind = P3(700000, 1100000),
	.pause_tx = { 90, 130 }, .pause_rx = { 700000, 1100000 },
	.down_cnt = 1, .downs = { 5, 6 }, .speed = 100000, .lanes = 4,
	.stats = mlx5_slave1_stats, .nstats = N(mlx5_slave1_stats),
	.std = 2, .stds = mlx5_slave1_std, .nstds = N(mlx5_slave1_std),
};
/* mlx5_nd[0] and bond_slave1, filled by bond_init() */
static struct ndev_def bond_nd[2];

static void bond_init(void)
{
	bond_nd[0] = mlx5_nd[0];
	bond_nd[1] = bond_slave1;
}

static const struct fix_def fixes[] = {
	{ "mlx5-roce", "mlx5_core", mlx5_nd, N(mlx5_nd) },
	{ "bond", "mlx5_core", bond_nd, N(bond_nd) },
	{ "irdma", "ice", ice_nd, N(ice_nd) },
	{ "bnxt_re", "bnxt_en", bnxt_nd, N(bnxt_nd) },
};

#endif
