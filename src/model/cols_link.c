// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The columns of the links table (the Links tab, the link lines' cells,
 * JSON's port keys): one descriptor each, in the order of the ids of
 * include/view.h.  Its rates, ERR/s and verdict are the port's truth
 * (truth.h, verdict.h).
 */
#include <stdio.h>
#include <string.h>

#include <rdma/rdma_netlink.h>

#include "cols.h"
#include "flaps.h"
#include "history.h"
#include "module.h"
#include "names.h"
#include "net_view.h"
#include "verdict.h"
#include "truth.h"

#define SP struct snap_port

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
	/* bytes in the unit of the link's rate (Gb/s beside "400 Gb/sec") */
	if (col->fmt == VIEW_F_BPS && !c->bytes)
		v->fmt = VIEW_F_BITPS;
}

#define LINK_RATE(n, h, w, f, k, d)                                              \
	{ VIEW_COL(n, h, w, true, VIEW_T_DOUBLE, f), .get = link_rate, .arg = k, .desc = d }

/* The netdev's rates (arg: enum NET_RATE_*, src/model/net_rates.c). */
static void link_net_rate(const struct view_ctx *c, const void *row, const struct view_col *col,
			  struct view_value *v)
{
	const struct snap_port *p = row;
	struct net_rates r;

	net_rates(c->s, p->dev, p->port, &r);
	v->valid = r.valid[col->arg] || r.sat[col->arg];
	v->sat = r.sat[col->arg];	/* "sat": the rate is unknown */
	v->d = r.v[col->arg];
}

#define LINK_NET(n, h, w, k, d)                                                  \
	{ VIEW_COL(n, h, w, true, VIEW_T_DOUBLE, VIEW_F_RATE), .get = link_net_rate, .arg = k, \
	  .desc = d }

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

/* FLAPS: how often the link went down by the kernel's count, since boot
 * or driver load (flaps_count: link_downed on IB, carrier_down_count on a
 * netdev) */
static void link_flaps(const struct view_ctx *c, const void *row, const struct view_col *col,
		       struct view_value *v)
{
	const char *what;

	(void)col;
	v->valid = flaps_count(c->s, row, &v->u, &what, &v->sat);
}

/* LAST CHANGE: the time since the last change seen */
static void link_age(const struct view_ctx *c, const void *row, const struct view_col *col,
		     struct view_value *v)
{
	(void)col;
	v->valid = flaps_age(c->s, row, &v->d);
}

static void link_util(const struct view_ctx *c, const void *row, const struct view_col *col,
		      struct view_value *v)
{
	(void)col;
	v->valid = view_link_util(c->s, row, &v->d);
}

/* where the byte rates come from (the packets' may differ: rxe) */
static void link_source(const struct view_ctx *c, const void *row, const struct view_col *col,
			struct view_value *v)
{
	const struct snap_port *p = row;
	struct view_link_rates lr;

	(void)col;
	view_link_rates(c->s, p->dev, p->port, &lr);
	v->valid = lr.valid[0] || lr.valid[1];
	v->s = view_link_src_label(c->s, &lr, lr.valid[0] ? 0 : 1, v->tmp, sizeof(v->tmp));
}

/* ERR/s: the sum of the rates of the port's counters of class error; "sat"
 * where one of them is stuck at its maximum (an IB PMA counter) */
static void link_err(const struct view_ctx *c, const void *row, const struct view_col *col,
		     struct view_value *v)
{
	const struct snap_port *p = row;

	(void)col;
	v->valid = hist_error(c->s, p->dev, p->port, &v->d, &v->sat) || v->sat;
}

/* HEALTH: the port's verdict, worst first when sorted (verdict.h) */
static void link_health(const struct view_ctx *c, const void *row, const struct view_col *col,
			struct view_value *v)
{
	struct verdict vd;

	(void)col;
	verdict_port(c->s, row, &vd);
	v->valid = vd.level != VERDICT_NONE;
	v->u = vd.level;
}

/* RXPWR: the module's lowest lane's RX power in dBm; TEMP: its
 * temperature (src/model/module.c); a value past the module's own
 * thresholds marked with "!" */
static void link_module(const struct view_ctx *c, const void *row, const struct view_col *col,
			struct view_value *v)
{
	const struct snap_port *p = row;
	const struct snap_net *n = net_of_port(c->s, p->dev, p->port);
	const struct mod_info *m = n && (n->valid & SNAP_NET_MOD) ? &n->mod : NULL;
	double mw;

	if (!m)
		return;
	if (col->arg == MOD_RXPWR && mod_rx_min(m, &mw, NULL)) {
		v->valid = true;
		v->d = mod_dbm(mw);
	} else if (col->arg == MOD_TEMP && (m->valid & MOD_V_MON) && !(m->valid & MOD_V_COPPER)) {
		v->valid = true;
		v->d = m->temp;
	}
}

/* BER: the pre-FEC bit error rate of the port's truth (truth.h ber) */
static void link_ber(const struct view_ctx *c, const void *row, const struct view_col *col,
		     struct view_value *v)
{
	const struct snap_port *p = row;
	struct port_truth t;

	(void)col;
	truth_port(c->s, p->dev, p->port, &t);
	v->valid = t.ber_valid;
	v->d = t.ber;
}

/*
 * The port's columns; those with an attribute are the fields its parser
 * reads (src/nl/port.c, nldev.c fill_port_info), those with a key rdma's
 * JSON (src/out/json_link.c, in rdma's order).  The netdev's pair, the
 * capability flags (no column: named in the details) and the sysfs rate
 * and link layer are read by hand.
 */
static const struct view_col links_cols[VC_LINK_N] = {
	[VC_LINK_DEV] = COL_DEV(SP),
	[VC_LINK_PORT] = { COL_N("port", "PORT", 4, SP, port, 0, "port number") },
	[VC_LINK_STATE] = { COL_E("state", "STATE", 6, SP, state, SNAP_PORT_STATE,
				  snap_port_state_str, "logical port state"),
			    .flags = VIEW_C_STATE, .attr = RDMA_NLDEV_ATTR_PORT_STATE, .json = "state" },
	[VC_LINK_PHYS] = { COL_E("phys", "PHYS", 8, SP, phys_state, SNAP_PORT_PHYS_STATE,
				 snap_phys_state_str, "physical port state"),
			   .flags = VIEW_C_STATE, .attr = RDMA_NLDEV_ATTR_PORT_PHYS_STATE,
			   .json = "physical_state" },
	[VC_LINK_NETDEV] = { COL_S("netdev", "NETDEV", 10, SP, ndev, SNAP_PORT_NDEV,
				 "the network device bound to the port"), .json = "netdev" },
	[VC_LINK_NETDEV_INDEX] = { COL_N("netdev_index", "NDEV_IDX", 8, SP, ndev_index,
				       SNAP_PORT_NDEV, "its interface index"), .json = "netdev_index" },
	[VC_LINK_RATE] = { COL_S("rate", "RATE", 19, SP, rate, SNAP_PORT_RATE,
			       "link rate (sysfs ports/N/rate)"), .json = "rate" },
	[VC_LINK_LAYER] = { COL_S("link_layer", "LAYER", 10, SP, link_layer, SNAP_PORT_LINK_LAYER,
				"link layer (InfiniBand, Ethernet)"), .json = "link_layer" },
	[VC_LINK_LID] = { COL_N("lid", "LID", 5, SP, lid, SNAP_PORT_LID, "local identifier"),
			  .attr = RDMA_NLDEV_ATTR_LID, .json = "lid" },
	[VC_LINK_SM_LID] = { COL_N("sm_lid", "SM_LID", 6, SP, sm_lid, SNAP_PORT_SM_LID,
				 "subnet manager's LID"), .attr = RDMA_NLDEV_ATTR_SM_LID, .json = "sm_lid" },
	[VC_LINK_LMC] = { COL_N("lmc", "LMC", 3, SP, lmc, SNAP_PORT_LMC, "LID mask control"),
			  .attr = RDMA_NLDEV_ATTR_LMC, .json = "lmc" },
	[VC_LINK_SUBNET_PREFIX] = { COL_G("subnet_prefix", "SUBNET_PREFIX", 19, SP, subnet_prefix,
					  SNAP_PORT_SUBNET_PREFIX, "subnet prefix"),
				    .attr = RDMA_NLDEV_ATTR_SUBNET_PREFIX, .json = "subnet_prefix" },
	[VC_LINK_RX_BYTES] = LINK_RATE("rx_bytes", "RX/s", 11, VIEW_F_BPS, 0,
				       "received per second (bits; --bytes: bytes)"),
	[VC_LINK_TX_BYTES] = LINK_RATE("tx_bytes", "TX/s", 11, VIEW_F_BPS, 1,
				       "sent per second (bits; --bytes: bytes)"),
	[VC_LINK_RX_PACKETS] = LINK_RATE("rx_packets", "RXPKT/s", 8, VIEW_F_RATE, 2,
					 "packets received per second"),
	[VC_LINK_TX_PACKETS] = LINK_RATE("tx_packets", "TXPKT/s", 8, VIEW_F_RATE, 3,
					 "packets sent per second"),
	[VC_LINK_QP_MODE] = { VIEW_COL("qp_counters", "QPCNT", 14, false, VIEW_T_STR, VIEW_F_PLAIN),
			      .get = link_qp_mode,
			      .desc = "QP counter mode: auto (by type, pid), manual, none" },
	[VC_LINK_PAUSE_RX] = LINK_NET("pause_rx", "PAUSE RX/s", 11, NET_RATE_PAUSE_RX,
				      "pause frames received per second, busiest priority"),
	[VC_LINK_PAUSE_TX] = LINK_NET("pause_tx", "PAUSE TX/s", 11, NET_RATE_PAUSE_TX,
				      "pause frames sent per second, busiest priority"),
	[VC_LINK_DISCARD] = LINK_NET("discard", "DISCARD/s", 10, NET_RATE_DISCARD,
				     "packets the port dropped per second (no buffer, discards)"),
	[VC_LINK_FEC_UNCORR] = LINK_NET("fec_uncorr", "FEC-UNCORR/s", 13, NET_RATE_FEC_UNCORR,
					"uncorrectable FEC blocks per second"),
	[VC_LINK_FCS] = LINK_NET("fcs", "FCS/s", 7, NET_RATE_FCS,
				 "frames received with a bad FCS per second (the standard group, "
				 "else the driver's; truth_tab.c)"),
	[VC_LINK_SYMBOL] = LINK_NET("symbol", "SYMBOL/s", 9, NET_RATE_SYMBOL,
				    "symbol errors per second (the standard group, the driver's, "
				    "the PMA's; truth_tab.c)"),
	[VC_LINK_FLAPS] = { VIEW_COL("flaps", "FLAPS", 5, true, VIEW_T_UINT, VIEW_F_PLAIN),
			    .get = link_flaps, .desc_sort = true,
			    .desc = "link downs the kernel counted since boot or driver load, not "
				    "since rdmatop started (IB link_downed, since a PMA reset; "
				    "else the netdev's carrier_down_count)" },
	[VC_LINK_LAST_CHANGE] = { VIEW_COL("last_change", "LASTCHG", 7, true, VIEW_T_DOUBLE,
					   VIEW_F_AGE),
				  .get = link_age,
				  .desc = "time since the link's last change seen (state, carrier, "
					  "link_downed)" },
	[VC_LINK_UTIL] = { VIEW_COL("util", "UTIL%", 6, true, VIEW_T_DOUBLE, VIEW_F_PCT),
			   .get = link_util,
			   .desc = "the busier direction's bytes against the link's rate" },
	[VC_LINK_SOURCE] = { VIEW_COL("source", "SRC", 20, false, VIEW_T_STR, VIEW_F_PLAIN),
			     .get = link_source,
			     .desc = "the counter RX/s is (TX/s where none): source:name, "
				     "a + after a sum's first (truth_tab.c)" },
	[VC_LINK_ERR] = { VIEW_COL("err_rate", "ERR/s", 7, true, VIEW_T_DOUBLE, VIEW_F_RATE),
			  .get = link_err, .desc_sort = true,
			  .desc = "errors per second: every class-error counter of every source of "
				  "the port, each event once (truth_tab.c)" },
	[VC_LINK_HEALTH] = { VIEW_COL("health", "HEALTH", 6, false, VIEW_T_UINT, VIEW_F_LEVEL),
			     .get = link_health, .desc_sort = true,
			     .desc = "the port's verdict: OK, WARN or FAIL by the rules "
				     "(man rdmatop, THRESHOLDS); the link detail says why" },
	[VC_LINK_RXPWR] = { VIEW_COL("rx_power", "RXPWR", 6, true, VIEW_T_DOUBLE, VIEW_F_DEC1),
			    .get = link_module, .arg = MOD_RXPWR,
			    .desc = "the transceiver's lowest lane's received optical power, dBm "
				    "(ethtool -m; read every 10 s)" },
	[VC_LINK_TEMP] = { VIEW_COL("temperature", "TEMP", 5, true, VIEW_T_DOUBLE, VIEW_F_DEC1),
			   .get = link_module, .arg = MOD_TEMP,
			   .desc = "the transceiver's temperature, degrees C (ethtool -m)" },
	[VC_LINK_BER] = { VIEW_COL("ber", "BER", 7, true, VIEW_T_DOUBLE, VIEW_F_SCI),
			  .get = link_ber, .desc_sort = true,
			  .desc = "the bit error rate before FEC: FEC's corrected bits a second "
				  "over the link's speed (ethtool FEC stats, mlx5 "
				  "rx_corrected_bits_phy)" },
};
const struct view_tab view_links_tab =
	VIEW_TAB(links_cols, SP, valid, [VIEW_ROLE_DEV] = VC_LINK_DEV + 1,
		 [VIEW_ROLE_PORT] = VC_LINK_PORT + 1);
