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
 * netdevs of one driver and channel count share a set, and a name's string
 * is interned once a sample for all of them (struct net_name); the least
 * recently used of SETS_N gives way to a new one.
 */
#define SETS_N 16
#define SET_NAMES_MAX 65536	/* larger sets are parsed each time */

struct kept {
	uint32_t ix;
	uint8_t len;
	char name[ETH_GSTRING_LEN + 1];
};

static struct sset {
	uint32_t n, n_kept;
	unsigned char *names;	/* n * ETH_GSTRING_LEN bytes, as the kernel gave them */
	struct kept *kept;
	/* each kept name's row, but for the port and value: copied whole */
	struct snap_counter *rows;
	uint64_t used;
	uint64_t gen;		/* the strings the rows' names are in (snap_strs) */
	uint32_t serial;	/* its rows' runs' set (struct snap_counter) */
	bool runs;		/* its kept names differ as printed: rows in runs */
} sets[SETS_N];
static uint64_t sets_clock;	/* guarded by net_parse's lock */

/* a kept name, for net_names_differ */
static const char *kept_name(const void *ctx, size_t i)
{
	return ((const struct sset *)ctx)->kept[i].name;
}

static bool keep_name(const unsigned char *raw, struct kept *k, struct snap_counter *row)
{
	memcpy(k->name, raw, ETH_GSTRING_LEN);
	k->name[ETH_GSTRING_LEN] = 0;
	if (!k->name[0] || net_estats_per_queue(k->name))
		return false;
	k->len = (uint8_t)strlen(k->name);
	memset(row, 0, sizeof(*row));
	row->source = SNAP_SRC_DRV;
	row->bits = 64;
	net_class_row(row, k->name);
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
	free(e->rows);
	memset(e, 0, sizeof(*e));
	e->names = malloc(bytes);
	e->kept = malloc(n * sizeof(*e->kept));
	e->rows = malloc(n * sizeof(*e->rows));
	if (!e->names || !e->kept || !e->rows) {
		free(e->names);
		free(e->kept);
		free(e->rows);
		memset(e, 0, sizeof(*e));
		return NULL;
	}
	memcpy(e->names, names, bytes);
	e->n = n;
	for (i = 0; i < n; i++)
		if (keep_name(names + i * ETH_GSTRING_LEN, &e->kept[e->n_kept],
			      &e->rows[e->n_kept]))
			e->kept[e->n_kept++].ix = (uint32_t)i;
	e->used = ++sets_clock;
	/* a driver may name two counters alike: then its rows are no run,
	 * and snap_dedup looks at each */
	e->serial = net_set_serial();
	e->runs = e->n_kept >= 2 && e->n_kept <= UINT16_MAX &&
		  net_names_differ(e->n_kept, kept_name, e);
	for (i = 0; i < e->n_kept; i++)
		e->rows[i].set = e->runs ? e->serial : 0;
	return e;
}

/* the names interned once a sample, for every netdev of the set */
static void set_names(struct snapshot *s, struct sset *e)
{
	size_t i;

	if (!s->strs.gen || e->gen != s->strs.gen) {
		for (i = 0; i < e->n_kept; i++)
			e->rows[i].name = snap_str(s, e->kept[i].name, e->kept[i].len);
		e->gen = s->strs.gen;
	}
}

/* the set's rows a lower keeps (net_lower_keeps) for netdev n of no RDMA
 * port, values from vals: rows of s->lowctrs, no run */
static int push_lower(struct snapshot *s, const struct snap_net *n, struct sset *e,
		      const unsigned char *vals)
{
	struct snap_counter row;
	size_t i;
	int ret;

	set_names(s, e);
	for (i = 0; i < e->n_kept; i++) {
		if (!net_lower_keeps(&e->rows[i], e->kept[i].name))
			continue;
		row = e->rows[i];
		memcpy(&row.value, vals + (size_t)e->kept[i].ix * sizeof(row.value),
		       sizeof(row.value));
		if ((ret = net_push_lower(s, n, &row)))
			return ret;
	}
	return 0;
}

/* the set's rows for each RDMA port on n, values from vals */
static int push_set(struct snapshot *s, const struct snap_net *n, struct sset *e,
		    const unsigned char *vals)
{
	uint32_t dp[256][2];
	size_t np = net_ports(s, n, dp, 256), i, j;
	struct snap_counter *c;

	if (!np || !e->n_kept)
		return 0;
	set_names(s, e);
	if (!(c = snap_push_n(&s->counters, sizeof(*c), np * e->n_kept)))
		return -ENOMEM;
	/* row by row: a memcpy of the block is rep movsb, a loop of bytes */
	for (j = 0; j < np; j++) {
		struct snap_counter *first = c;

		for (i = 0; i < e->n_kept; i++, c++) {
			*c = e->rows[i];
			c->dev = dp[j][0];
			c->port = dp[j][1];
			memcpy(&c->value, vals + (size_t)e->kept[i].ix * sizeof(c->value),
			       sizeof(c->value));
		}
		if (e->runs)
			first->run = (uint16_t)e->n_kept;	/* a run a port */
	}
	return 0;
}

int net_estats_parse(struct snapshot *s, struct snap_net *n, const void *buf, size_t len)
{
	const unsigned char *p = buf, *vals;
	struct ethtool_gstrings gs;
	struct ethtool_stats st;
	int (*push)(struct snapshot *, const struct snap_net *, struct sset *,
		    const unsigned char *);
	struct sset *e;
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
	/* a netdev of no RDMA port is a lower: its health rows, apart */
	push = n->n_ports ? push_set : push_lower;
	e = set_of(p + sizeof(gs), gs.len);
	if (e)
		ret = push(s, n, e, vals);
	for (i = 0; !e && !ret && i < gs.len; i++) {
		struct snap_counter row;
		struct sset one = { .n_kept = 1 };
		struct kept k;

		if (keep_name(p + sizeof(gs) + i * ETH_GSTRING_LEN, &k, &row)) {
			k.ix = (uint32_t)i;
			one.kept = &k;
			one.rows = &row;
			ret = push(s, n, &one, vals);
		}
	}
	if (ret)
		return ret;
	n->err[SNAP_NET_DRV] = 0;
	return 0;
}
