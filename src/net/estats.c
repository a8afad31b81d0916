// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A driver's own statistics, `ethtool -S`: the SIOCETHTOOL ioctl's
 * ETHTOOL_GSTRINGS (ETH_SS_STATS) names and ETHTOOL_GSTATS values
 * (net/ethtool/ioctl.c ethtool_get_strings, ethtool_get_stats: no
 * privilege needed).  The names are the driver's: mlx5 en_stats.c
 * (rx_prio3_pause, rx_discards_phy, rx_out_of_buffer,
 * tx_pause_storm_error_events), bnxt_en bnxt_ethtool.c, ice
 * ice_ethtool.c; src/model/classify_tab.c classes them.
 *
 * The input is the two ioctl buffers as the kernel filled them, one after
 * the other: struct ethtool_gstrings (cmd, string_set, len, then len
 * names of ETH_GSTRING_LEN bytes) and struct ethtool_stats (cmd, n_stats,
 * then n_stats u64).  The live source reads the names once per netdev and
 * again when the count changes, and records them with every sample, so
 * that each sample replays alone (a delta frame stores them once).
 */
#include <ctype.h>
#include <errno.h>
#include <string.h>

#include <linux/ethtool.h>

#include "net.h"

/*
 * Per-queue and per-channel counters: mlx5 "rx3_packets", "tx12_xmit_more",
 * "ch2_events", "rx_xsk3_..." (en_stats.c, 6.1), ice "tx_queue_0_packets",
 * "rx_queue_3_bytes" (ice_ethtool.c, 6.1), bnxt_en "[0]: rx_ucast_packets"
 * (bnxt_ethtool.c, 6.1).  The port's counters are kept.
 */
bool net_estats_per_queue(const char *name)
{
	static const char *const pre[] = { "rx", "tx", "ch", "xdp", "xsk", "ptp" };
	size_t i, l;

	if (name[0] == '[')
		return true;
	for (i = 0; i < sizeof(pre) / sizeof(pre[0]); i++) {
		const char *p = pre[i];

		/* by hand: this runs for every name of every sample */
		for (l = 0; p[l] && name[l] == p[l]; l++)
			;
		if (p[l])
			continue;
		if (isdigit((unsigned char)name[l]))
			return true;
		if (name[l] == '-' && isdigit((unsigned char)name[l + 1]))
			return true;	/* "rx-0.packets" (virtio_net, ...) */
	}
	return strchr(name, 'q') && strstr(name, "_queue_") && strpbrk(name, "0123456789");
}

int net_estats_parse(struct snapshot *s, struct snap_net *n, const void *buf, size_t len)
{
	const unsigned char *p = buf;
	struct ethtool_gstrings gs;
	struct ethtool_stats st;
	size_t names, i;
	int ret;

	if (len < sizeof(gs))
		return -EBADMSG;
	memcpy(&gs, p, sizeof(gs));
	if (gs.cmd != ETHTOOL_GSTRINGS || gs.string_set != ETH_SS_STATS ||
	    gs.len > (len - sizeof(gs)) / ETH_GSTRING_LEN)
		return -EBADMSG;
	names = sizeof(gs) + (size_t)gs.len * ETH_GSTRING_LEN;
	if (len - names < sizeof(st))
		return -EBADMSG;
	memcpy(&st, p + names, sizeof(st));
	if (st.cmd != ETHTOOL_GSTATS || st.n_stats != gs.len ||
	    (len - names - sizeof(st)) / sizeof(uint64_t) < st.n_stats)
		return -EBADMSG;
	for (i = 0; i < gs.len; i++) {
		char name[ETH_GSTRING_LEN + 1];
		uint64_t v;

		memcpy(name, p + sizeof(gs) + i * ETH_GSTRING_LEN, ETH_GSTRING_LEN);
		name[ETH_GSTRING_LEN] = 0;
		if (!name[0] || net_estats_per_queue(name))
			continue;
		memcpy(&v, p + names + sizeof(st) + i * sizeof(v), sizeof(v));
		if ((ret = net_push_counter(s, n, SNAP_SRC_DRV, name, v)))
			return ret;
	}
	n->err[SNAP_NET_DRV] = 0;
	return 0;
}
