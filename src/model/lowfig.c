// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A port's and its lowers' health figures side by side (net_view.h struct
 * net_figs): the link detail's per-slave lines, -b's LOWERS figures, JSON's
 * and the exposition's per-lower figures.  Each figure's alternatives are
 * the names the Links columns and the truth read (net_rates.c, truth_tab.c):
 * DCB's struct ieee_pfc requests and indications (dcbnl ieee_getpfc: mlx5
 * en_dcbnl.c), mlx5's own rx_prio3_pause, rx_prio3_discards,
 * rx_corrected_bits_phy, link_down_events_phy (en_stats.c, 6.1 to 6.12),
 * ethtool netlink's pause and FEC statistics (net/ethtool/pause.c,
 * fec.c) and LINKSTATE's ext_down_cnt (6.6+).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "net_view.h"

#define ALTS 3
static const struct {
	uint8_t source;
	const char *name; /* '#': a priority, 0 to 7 */
} alts[NET_FIG_N][ALTS] = {
	[NET_FIG_PAUSE_RX] = { { SNAP_SRC_DCB, "indications_prio#" },
			       { SNAP_SRC_DRV, "rx_prio#_pause" },
			       { SNAP_SRC_ETHNL, "rx_pause_frames" } },
	[NET_FIG_PAUSE_TX] = { { SNAP_SRC_DCB, "requests_prio#" },
			       { SNAP_SRC_DRV, "tx_prio#_pause" },
			       { SNAP_SRC_ETHNL, "tx_pause_frames" } },
	[NET_FIG_DISCARD] = { { SNAP_SRC_DRV, "rx_prio#_discards" } },
	[NET_FIG_FEC_CORR] = { { SNAP_SRC_ETHNL, "fec_corrected_blocks" } },
	[NET_FIG_FEC_UNCORR] = { { SNAP_SRC_ETHNL, "fec_uncorrectable_blocks" } },
	[NET_FIG_CORR_BITS] = { { SNAP_SRC_ETHNL, "fec_corrected_bits" },
				{ SNAP_SRC_DRV, "rx_corrected_bits_phy" } },
	[NET_FIG_LINK_DOWN] = { { SNAP_SRC_ETHNL, "link_down_events" },
				{ SNAP_SRC_DRV, "link_down_events_phy" } },
};

static const char *const keys[NET_FIG_N] = {
	[NET_FIG_PAUSE_RX] = "pause_rx",
	[NET_FIG_PAUSE_TX] = "pause_tx",
	[NET_FIG_DISCARD] = "prio_discards",
	[NET_FIG_FEC_CORR] = "fec_corrected_blocks",
	[NET_FIG_FEC_UNCORR] = "fec_uncorrectable_blocks",
	[NET_FIG_CORR_BITS] = "corrected_bits",
	[NET_FIG_LINK_DOWN] = "link_down_events",
};

const char *net_fig_key(unsigned int fig)
{
	return fig < NET_FIG_N ? keys[fig] : "unknown";
}

const char *net_fig_source(char *buf, size_t n, unsigned int fig, unsigned int alt)
{
	if (fig < NET_FIG_N && alt < ALTS && alts[fig][alt].name)
		snprintf(buf, n, "%s:%s", snap_src_name(alts[fig][alt].source),
			 alts[fig][alt].name);
	else
		snprintf(buf, n, "-");
	return buf;
}

static bool match(const char *pat, const char *name)
{
	for (; *pat; pat++, name++)
		if (*pat == '#' ? *name < '0' || *name > '7' : *pat != *name)
			return false;
	return !*name;
}

/* what the rows of one alternative of one figure add up to */
struct acc {
	bool has, unrated;
	uint64_t v, delta;
	double rate;
	bool summed;
};

static void take(struct acc (*a)[ALTS], const struct snapshot *s, const struct snap_counter *c,
		 bool summed)
{
	const char *name;
	unsigned int f, k;

	if (c->kind ||
	    (c->source != SNAP_SRC_DCB && c->source != SNAP_SRC_DRV && c->source != SNAP_SRC_ETHNL))
		return;
	name = snap_s(s, c->name);
	for (f = 0; f < NET_FIG_N; f++)
		for (k = 0; k < ALTS && alts[f][k].name; k++) {
			struct acc *x = &a[f][k];

			if (alts[f][k].source != c->source || !match(alts[f][k].name, name))
				continue;
			x->has = true;
			x->v += c->value;
			x->summed |= summed;
			if (c->rate_status == RATE_DATA) {
				x->rate += c->rate;
				x->delta += c->delta;
			} else {
				x->unrated = true;
			}
		}
}

/* the figures of a, each from alternative alt[f] (0xff: its first there) */
static void finish(struct acc (*a)[ALTS], const uint8_t *alt, struct net_figs *f)
{
	unsigned int i, k;

	memset(f, 0, sizeof(*f));
	for (i = 0; i < NET_FIG_N; i++) {
		k = alt ? alt[i] : 0xff;
		if (k == 0xff)
			for (k = 0; k < ALTS - 1 && !a[i][k].has; k++)
				;
		f->alt[i] = (uint8_t)k;
		if (k >= ALTS || !a[i][k].has)
			continue;
		f->has |= (uint16_t)(1u << i);
		f->v[i] = a[i][k].v;
		if (!a[i][k].unrated) {
			f->rated |= (uint16_t)(1u << i);
			f->rate[i] = a[i][k].rate;
			f->delta[i] = a[i][k].delta;
		}
		if (a[i][k].summed)
			f->summed |= (uint16_t)(1u << i);
	}
}

void net_figs_port(const struct snapshot *s, uint32_t dev, uint32_t port, struct net_figs *f)
{
	struct acc a[NET_FIG_N][ALTS];
	const struct snap_counter *c, *v = s->counters.v;
	struct snap_ctr_it it;

	memset(a, 0, sizeof(a));
	snap_ctrs_of(s, dev, port, &it);
	while ((c = snap_ctr_next(&it)))
		if (c->dev == dev && c->port == port)
			take(a, s, c, s->lowsum && (size_t)(c - v) >= s->lowsum - 1);
	finish(a, NULL, f);
}

void net_figs_lower(const struct snapshot *s, const struct net_figs *port,
		    const struct snap_lower *l, struct net_figs *f)
{
	struct acc a[NET_FIG_N][ALTS];
	uint8_t alt[NET_FIG_N];
	uint32_t kd, ko;
	size_t i;

	memset(a, 0, sizeof(a));
	snap_lower_key(l->name, &kd, &ko);
	for (i = 0; i < s->lowctrs.n; i++) {
		const struct snap_counter *c = SNAP_AT(&s->lowctrs, struct snap_counter, i);

		if (c->dev == kd && c->obj == ko && c->port == SNAP_NONE)
			take(a, s, c, false);
	}
	/* the port's alternative where it has the figure, so that its sum is
	 * the lowers' shown */
	for (i = 0; i < NET_FIG_N; i++)
		alt[i] = port && (port->has >> i & 1) ? port->alt[i] : 0xff;
	finish(a, alt, f);
}

static const char *const heads[NET_FIG_N] = {
	[NET_FIG_PAUSE_RX] = "RXPAUSE",	   [NET_FIG_PAUSE_TX] = "TXPAUSE",
	[NET_FIG_DISCARD] = "PRIODISC",	   [NET_FIG_FEC_CORR] = "FECCORR",
	[NET_FIG_FEC_UNCORR] = "FECUNCOR", [NET_FIG_CORR_BITS] = "CORRBITS",
	[NET_FIG_LINK_DOWN] = "LINKDOWN",
};

#define NAME_W 13

const char *net_figs_head(char *buf, size_t n, double window)
{
	char w[NAME_W + 1];
	size_t k;
	unsigned int i;

	if (window > 0 && window < 1e5)
		snprintf(w, sizeof(w), "IN %.1fs", window);
	else
		snprintf(w, sizeof(w), "IN WINDOW");
	k = (size_t)snprintf(buf, n, "%-*s", NAME_W, w);
	for (i = 0; i < NET_FIG_N && k < n; i++)
		k += (size_t)snprintf(buf + k, n - k, " %8s", heads[i]);
	return buf;
}

/*
 * A cell: the count in the window (the rates' delta; LINKDOWN the total),
 * whole where it fits, so that the lowers' cells add up to the port's on
 * screen (rates rounded each on its own would not); "-" where not known,
 * '*' after the port's own figure among sums.
 */
static const char *cell(char *buf, size_t n, const struct net_figs *f, unsigned int i, bool mark)
{
	char v[16];
	const char *own = mark && (f->has >> i & 1) && !(f->summed >> i & 1) ? "*" : "";
	bool known = i == NET_FIG_LINK_DOWN ? f->has >> i & 1 : f->rated >> i & 1;
	uint64_t x = i == NET_FIG_LINK_DOWN ? f->v[i] : f->delta[i];

	if (!known) {
		snprintf(v, sizeof(v), "-");
	} else if (x < 10000000) {
		snprintf(v, sizeof(v), "%" PRIu64, x);
	} else { /* past the column: its SI form, '~' for the rounding */
		char si[16];

		snprintf(v, sizeof(v), "~%s", fmt_si(si, sizeof(si), (double)x));
	}
	snprintf(buf, n, "%s%s", v, own);
	return buf;
}

const char *net_figs_line(char *buf, size_t n, const char *label, const struct net_figs *f,
			  bool mark_own)
{
	char name[NAME_W + 1], c[24];
	size_t k;
	unsigned int i;

	/* a name longer than the column cut with a visible '~' */
	if (strlen(label) > NAME_W)
		snprintf(name, sizeof(name), "%.*s~", NAME_W - 1, label);
	else
		snprintf(name, sizeof(name), "%s", label);
	k = (size_t)snprintf(buf, n, "%-*s", NAME_W, name);
	for (i = 0; i < NET_FIG_N && k < n; i++)
		k += (size_t)snprintf(buf + k, n - k, " %8s", cell(c, sizeof(c), f, i, mark_own));
	return buf;
}
