/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The snapshot's view of the Ethernet layer under a RoCE port: what DCB
 * netlink (PFC), ethtool netlink (pause, FEC, link state and modes) and the
 * driver's `ethtool -S` statistics say of the port's netdev.  Part of the
 * snapshot model: included by snapshot.h.  The counters themselves are
 * s->counters rows of sources SNAP_SRC_DCB, SNAP_SRC_ETHNL, SNAP_SRC_DRV.
 */
#ifndef RDMATOP_SNAP_NET_H
#define RDMATOP_SNAP_NET_H

#ifndef RDMATOP_SNAPSHOT_H
#error "include snapshot.h"
#endif

#include <stdbool.h>
#include <stdint.h>

#include "module.h"

/* The inputs of one netdev, each a raw input of its own (record kind NET). */
enum snap_net_in {
	SNAP_NET_DCB,		/* RTM_GETDCB DCB_CMD_IEEE_GET answer */
	SNAP_NET_FAMILY,	/* CTRL_CMD_GETFAMILY "ethtool" answer */
	SNAP_NET_PAUSE,		/* ETHTOOL_MSG_PAUSE_GET (stats) answer */
	SNAP_NET_FEC,		/* ETHTOOL_MSG_FEC_GET (stats) answer */
	SNAP_NET_LINKSTATE,	/* ETHTOOL_MSG_LINKSTATE_GET answer */
	SNAP_NET_LINKMODES,	/* ETHTOOL_MSG_LINKMODES_GET answer */
	SNAP_NET_DRV,		/* ETHTOOL_GSTRINGS + ETHTOOL_GSTATS (ethtool -S) */
	SNAP_NET_STATS,		/* ETHTOOL_MSG_STATS_GET standard groups answer */
	SNAP_NET_MODULE,	/* ETHTOOL_MSG_MODULE_EEPROM_GET requests and answers */
	SNAP_NET_N
};

enum {
	SNAP_NET_PFC = 1 << 0,		/* pfc_cap, pfc_en, mbc, delay */
	SNAP_NET_PAUSE_CFG = 1 << 1,	/* pause autoneg, rx, tx */
	SNAP_NET_FEC_MODE = 1 << 2,	/* fec_active, fec_auto */
	SNAP_NET_LINK = 1 << 3,		/* link up (LINKSTATE_LINK) */
	SNAP_NET_EXT_STATE = 1 << 4,	/* ext_state, ext_substate */
	SNAP_NET_DOWN_CNT = 1 << 5,	/* ext_down_cnt (6.6+) */
	SNAP_NET_SPEED = 1 << 6,	/* speed (UINT32_MAX: SPEED_UNKNOWN) */
	SNAP_NET_LANES = 1 << 7,
	SNAP_NET_SUBSTATE = 1 << 8,
	SNAP_NET_DUPLEX = 1 << 9,	/* LINKMODES_DUPLEX */
	SNAP_NET_AUTONEG = 1 << 10,	/* LINKMODES_AUTONEG */
	SNAP_NET_OURS = 1 << 11,	/* adv_pause: LINKMODES_OURS */
	SNAP_NET_PEER = 1 << 12,	/* lp_pause: LINKMODES_PEER (a partner that advertises) */
	SNAP_NET_MOD = 1 << 13,		/* mod: the transceiver module decoded */
	SNAP_NET_OPER = 1 << 14,	/* oper: sysfs operstate (an upper's) */
	SNAP_NET_BOND_MODE = 1 << 15,	/* bond_mode: bonding/mode's number */
	SNAP_NET_ACTIVE = 1 << 16,	/* active: bonding/active_slave */
	SNAP_NET_FEC_HIST = 1 << 17,	/* fec_bin: FEC_GET's histogram (6.18+) */
};

/*
 * A device beneath a port's netdev, by the kernel's own links: each
 * /sys/class/net/UPPER/lower_NAME (net/core/dev.c
 * netdev_adjacent_sysfs_add, 3.13+): a bond's slaves, a VLAN's real
 * device, an IPoIB child's parent.  Its files are read through that link
 * (UPPER/lower_NAME/statistics/rx_bytes), so the path names both and a
 * recording replays them (src/sysfs/lower.c).
 */
enum snap_lower_stat {
	SNAP_LOW_RX_BYTES, SNAP_LOW_TX_BYTES, SNAP_LOW_RX_PACKETS, SNAP_LOW_TX_PACKETS,
	SNAP_LOW_RX_DROPPED, SNAP_LOW_TX_DROPPED, SNAP_LOW_RX_ERRORS, SNAP_LOW_TX_ERRORS,
	SNAP_LOW_STATS
};
enum {
	SNAP_LOW_OPER = 1 << 0,		/* oper: operstate (enum snap_oper) */
	SNAP_LOW_CARRIER = 1 << 1,	/* carrier: 0 or 1 (no file while down) */
	SNAP_LOW_SPEED = 1 << 2,	/* speed, Mb/s (-1 in the file: not set) */
	SNAP_LOW_STATE = 1 << 3,	/* backup: bonding_slave/state */
	SNAP_LOW_MII = 1 << 4,		/* mii: bonding_slave/mii_status */
	SNAP_LOW_CHANGES = 1 << 5,	/* carrier_changes */
	SNAP_LOW_RATES = 1 << 6,	/* rate[] and flaps: against the sample before */
};
/* net/core/net-sysfs.c operstates[] (RFC 2863), in its order */
enum snap_oper { SNAP_OPER_UNKNOWN, SNAP_OPER_NOTPRESENT, SNAP_OPER_DOWN,
		 SNAP_OPER_LOWERDOWN, SNAP_OPER_TESTING, SNAP_OPER_DORMANT, SNAP_OPER_UP };
/* include/net/bonding.h bond_slave_link_status(): up, going down, down,
 * going back */
enum snap_mii { SNAP_MII_UP, SNAP_MII_FAIL, SNAP_MII_DOWN, SNAP_MII_BACK };
/* what the upper is to its lowers (its uevent's DEVTYPE) */
enum snap_upper { SNAP_UPPER_OTHER, SNAP_UPPER_BOND, SNAP_UPPER_VLAN };
#define SNAP_NET_LOWERS 4	/* lowers kept per netdev, in name order */

struct snap_lower {
	char name[SNAP_IFNAME_MAX];
	uint32_t valid;		/* SNAP_LOW_* */
	uint16_t stat_valid;	/* 1 << enum snap_lower_stat: stat[] read */
	uint16_t rate_valid;	/* the same: rate[] known */
	uint8_t oper, carrier, backup, mii;
	uint32_t speed;
	uint32_t carrier_changes;
	uint64_t stat[SNAP_LOW_STATS];	/* statistics/NAME */
	double rate[SNAP_LOW_STATS];	/* per second (rate_valid) */
	uint32_t flaps;		/* carrier changes in the window (SNAP_LOW_RATES) */
};

/*
 * One bin of the FEC statistics histogram (ETHTOOL_A_FEC_STAT_HIST, Linux
 * 6.18 net/ethtool/fec.c fec_put_hist): the codewords seen with low to
 * high symbol errors corrected, the total and, where the driver has them,
 * per lane.  The kernel sends up to ETHTOOL_FEC_HIST_MAX (64) bins; mlx5
 * (en_stats.c, the PPHCR register) and netdevsim send 16 or fewer: the
 * first SNAP_FEC_BINS are kept, fec_bins_more counts the others.
 */
#define SNAP_FEC_BINS 16
#define SNAP_FEC_LANES 8	/* ETHTOOL_MAX_LANES */
struct snap_fec_bin {
	uint32_t low, high;
	uint64_t total;
	uint8_t n_lanes;
	uint64_t lane[SNAP_FEC_LANES];
};

/* adv_pause, lp_pause: the link modes Pause and Asym_Pause advertised */
enum { SNAP_NET_ADV_PAUSE = 1 << 0, SNAP_NET_ADV_ASYM = 1 << 1 };

#define SNAP_NET_PRIOS 8	/* IEEE_8021QAZ_MAX_TCS */

struct snap_net {
	char ndev[SNAP_IFNAME_MAX];
	uint32_t dev, port;	/* the first RDMA port on it, SNAP_NONE if none */
	uint32_t valid;
	uint8_t pfc_cap, pfc_en, mbc;	/* struct ieee_pfc */
	uint16_t delay;
	uint8_t pause_autoneg, pause_rx, pause_tx;
	uint32_t fec_active;	/* ETHTOOL_LINK_MODE_FEC_*_BIT number, or UINT32_MAX */
	uint8_t fec_auto;
	uint8_t link, ext_state, ext_substate;
	uint32_t ext_down_cnt;
	uint32_t speed;		/* Mb/s, UINT32_MAX unknown */
	uint32_t lanes;
	uint8_t duplex, autoneg;
	uint8_t adv_pause, lp_pause;	/* SNAP_NET_ADV_*: ours, the link partner's */
	/* per input: 0 (answered), or why it said nothing (-EOPNOTSUPP, ...) */
	int err[SNAP_NET_N];
	uint16_t seen;		/* bits 1 << enum snap_net_in: inputs fed */
	uint8_t std_groups;	/* bits 1 << ETHTOOL_STATS_*: groups with statistics */
	/* the RDMA ports on it (s->ports indexes), SNAP_NET_PORTS at most;
	 * n_ports > SNAP_NET_PORTS: more, looked up by name */
	uint8_t n_ports;
	uint16_t port_ix[4];
	struct mod_info mod;	/* SNAP_NET_MOD: its transceiver (src/net/module.c) */
	/* the devices beneath it (src/sysfs/lower.c) */
	uint8_t upper;		/* enum snap_upper */
	uint8_t oper;		/* SNAP_NET_OPER */
	uint8_t bond_mode;	/* SNAP_NET_BOND_MODE: BOND_MODE_* (0 balance-rr, 1
				 * active-backup, 2 balance-xor, 4 802.3ad, ...) */
	uint8_t n_lower;
	uint8_t lower_more;	/* more than SNAP_NET_LOWERS: left out */
	char active[SNAP_IFNAME_MAX];	/* SNAP_NET_ACTIVE: "" for none */
	struct snap_lower lower[SNAP_NET_LOWERS];
	/* SNAP_NET_FEC_HIST: the bins in the kernel's order; each bin's total
	 * is also the counter fec_hist_binN (its rate) */
	uint8_t n_fec_bins, fec_bins_more;
	struct snap_fec_bin fec_bin[SNAP_FEC_BINS];
};
#define SNAP_NET_PORTS 4

/*
 * What autonegotiation made of pause (ethtool -a's "RX negotiated", "TX
 * negotiated": both sides advertise Pause, else both Asym_Pause and the
 * one that also advertises Pause receives them): false where it says
 * nothing (pause autonegotiation off, no advertisement of ours or the
 * partner's known).
 */
bool snap_net_pause_negotiated(const struct snap_net *n, bool *rx, bool *tx);

/* The netdev row of name ndev, NULL when none. */
struct snapshot;
struct snap_net *snap_net_find(const struct snapshot *s, const char *ndev);
/* The lowers' rates against prev's, dt s before (src/model/lower.c). */
void snap_lowers_rate(const struct snapshot *prev, struct snapshot *cur, double dt);
/*
 * A lower's counter rows (s->lowctrs, src/net/lowctr.c) are keyed by its
 * name's 64-bit hash in their dev and obj (port SNAP_NONE), so that the
 * rates pair each lower's rows with its own of the sample before whatever
 * came and went beside it.
 */
void snap_lower_key(const char *ndev, uint32_t *dev, uint32_t *obj);
/*
 * The lowers' rows summed onto the ports of their upper (src/model/
 * lowsum.c), after the rates: per (source, name) the upper's own row does
 * not have, one row a port whose value, delta and rate are the lowers'
 * summed, rated only where every lower's row is (a lower new, reset or
 * gone gives no false rate).  Appended to s->counters (s->lowsum marks
 * them) and the port index made again; snap_lowers_unsum takes them away
 * (a snapshot advanced again).  0 or -ENOMEM.
 */
int snap_lowers_sum(struct snapshot *s);
void snap_lowers_unsum(struct snapshot *s);
/* A lower down: its operstate not up, no carrier, or its bond's MII
 * monitor not up. */
bool snap_lower_down(const struct snap_lower *l);
/* The same, added (its ports looked up) when not there; NULL: no memory. */
struct snap_net *snap_net_get(struct snapshot *s, const char *ndev);

#endif
