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
#include <pthread.h>
#include <stdlib.h>
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

/*
 * The string sets seen, process-wide.  A netdev's names are the same from
 * sample to sample (they change with the driver's channel count, ethtool
 * -L, or its private flags), so which names are kept, their classes and
 * units are worked out once per distinct set, and each sample after only
 * matches its names against the set (one memcmp: about 2,000 instructions
 * for mlx5's 700 names) and copies the values.  Matched by content, so the
 * netdevs of one driver and channel count share a set; the least recently
 * used of SETS_N gives way to a new one.
 */
#define SETS_N 16
#define SET_NAMES_MAX 65536	/* larger sets are parsed each time */

struct kept {
	uint32_t ix;
	uint8_t cls, flags, unit, len;
	char name[ETH_GSTRING_LEN + 1];
};

static struct sset {
	uint32_t n, n_kept;
	unsigned char *names;	/* n * ETH_GSTRING_LEN bytes, as the kernel gave them */
	struct kept *kept;
	uint64_t used;
} sets[SETS_N];
static uint64_t sets_clock;
static pthread_mutex_t sets_lock = PTHREAD_MUTEX_INITIALIZER;

static bool keep_name(const unsigned char *raw, struct kept *k)
{
	memcpy(k->name, raw, ETH_GSTRING_LEN);
	k->name[ETH_GSTRING_LEN] = 0;
	if (!k->name[0] || net_estats_per_queue(k->name))
		return false;
	k->len = (uint8_t)strlen(k->name);
	k->cls = net_classify(k->name, &k->flags, &k->unit);
	return true;
}

/* the set of names, n of them; NULL where it cannot be kept (memory) */
static struct sset *set_of(const unsigned char *names, uint32_t n)
{
	struct sset *e, *old = &sets[0];
	size_t i, bytes = (size_t)n * ETH_GSTRING_LEN;

	for (i = 0; i < SETS_N; i++) {
		e = &sets[i];
		if (e->names && e->n == n && !memcmp(e->names, names, bytes)) {
			e->used = ++sets_clock;
			return e;
		}
		if (e->used < old->used)
			old = e;
	}
	if (!n || n > SET_NAMES_MAX)
		return NULL;
	e = old;
	free(e->names);
	free(e->kept);
	memset(e, 0, sizeof(*e));
	e->names = malloc(bytes);
	e->kept = malloc(n * sizeof(*e->kept));
	if (!e->names || !e->kept) {
		free(e->names);
		free(e->kept);
		memset(e, 0, sizeof(*e));
		return NULL;
	}
	memcpy(e->names, names, bytes);
	e->n = n;
	for (i = 0; i < n; i++)
		if (keep_name(names + i * ETH_GSTRING_LEN, &e->kept[e->n_kept]))
			e->kept[e->n_kept++].ix = (uint32_t)i;
	e->used = ++sets_clock;
	return e;
}

static int push(struct snapshot *s, struct snap_net *n, const struct kept *k,
		const unsigned char *vals)
{
	uint64_t v;

	memcpy(&v, vals + (size_t)k->ix * sizeof(v), sizeof(v));
	return net_push_classified(s, n, SNAP_SRC_DRV, k->name, k->len, k->cls, k->flags,
				   k->unit, v);
}

int net_estats_parse(struct snapshot *s, struct snap_net *n, const void *buf, size_t len)
{
	const unsigned char *p = buf, *vals;
	struct ethtool_gstrings gs;
	struct ethtool_stats st;
	const struct sset *e;
	size_t names, i;
	int ret = 0;

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
	vals = p + names + sizeof(st);
	if (n->n_ports) {
		pthread_mutex_lock(&sets_lock);
		e = set_of(p + sizeof(gs), gs.len);
		for (i = 0; e && !ret && i < e->n_kept; i++)
			ret = push(s, n, &e->kept[i], vals);
		pthread_mutex_unlock(&sets_lock);
		for (i = 0; !e && !ret && i < gs.len; i++) {
			struct kept k;

			if (keep_name(p + sizeof(gs) + i * ETH_GSTRING_LEN, &k)) {
				k.ix = (uint32_t)i;
				ret = push(s, n, &k, vals);
			}
		}
		if (ret)
			return ret;
	}
	n->err[SNAP_NET_DRV] = 0;
	return 0;
}
