// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The link drill-down's FEC histogram: the bit error rates of the port's
 * truth (truth.h ber: pre-FEC from the corrected bits over the link's
 * speed, post-FEC's floor from the uncorrectable blocks), then the bins of
 * FEC_GET's histogram (Linux 6.18+, src/net/ethtool.c) a row each: the
 * symbol errors a codeword had corrected (low-high), its count, its count
 * a second and, where the driver counts them, per lane.  A bin past the
 * kept ones is said, not dropped unsaid.  72 columns with 8 lanes.
 */
#include <stdio.h>
#include <string.h>

#include "net.h"
#include "net_view.h"
#include "priv.h"
#include "truth.h"

static const struct snap_counter *bin_ctr(const struct snapshot *s, uint32_t dev, uint32_t port,
					  unsigned int k)
{
	const struct snap_counter *c;
	struct snap_ctr_it it;
	char name[24];

	snprintf(name, sizeof(name), "fec_hist_bin%u", k);
	snap_ctrs_of(s, dev, port, &it);
	while ((c = snap_ctr_next(&it)))
		if (c->dev == dev && c->port == port && !c->kind && c->source == SNAP_SRC_ETHNL &&
		    !strcmp(snap_s(s, c->name), name))
			return c;
	return NULL;
}

static void ber_line(const struct port_truth *t, ui_emit_fn emit, void *ctx)
{
	char line[256], a[32], b[32];
	size_t k;

	if (t->ber_valid)
		snprintf(a, sizeof(a), "%.2e", t->ber);
	else
		snprintf(a, sizeof(a), "n/a");
	if (t->ber_post_valid)
		snprintf(b, sizeof(b), ">= %.2e", t->ber_post);
	else
		snprintf(b, sizeof(b), "n/a");
	k = (size_t)snprintf(line, sizeof(line), "BER pre-FEC %s, post-FEC %s", a, b);
	if (t->ber_bps > 0 && k < sizeof(line))
		snprintf(line + k, sizeof(line) - k, " (over %.0f Gb/s)", t->ber_bps / 1e9);
	emit(ctx, t->ber_valid && t->ber > 0 ? ROLE_STATUS_WARN : ROLE_DEFAULT, 2, line);
}

void ui_detail_fec(const struct snapshot *s, uint32_t dev, uint32_t port, ui_emit_fn emit,
		   void *ctx)
{
	const struct snap_net *n = net_of_port(s, dev, port);
	struct port_truth t;
	char line[256], range[24], cnt[24], per[24];
	unsigned int i, l;

	truth_port(s, dev, port, &t);
	if (!t.f[TRUTH_CORR_BITS].there && !(n && (n->valid & SNAP_NET_FEC_HIST)))
		return;
	emit(ctx, ROLE_TITLE, 0, "FEC histogram");
	ber_line(&t, emit, ctx);
	if (!n || !(n->valid & SNAP_NET_FEC_HIST)) {
		emit(ctx, ROLE_NA, 2,
		     "no histogram (FEC_GET has one from Linux 6.18, where the "
		     "driver fills it)");
		emit(ctx, ROLE_DEFAULT, 0, "");
		return;
	}
	emit(ctx, ROLE_HEADER, 2, "symbols corrected       count         /s  per lane");
	for (i = 0; i < n->n_fec_bins; i++) {
		const struct snap_fec_bin *b = &n->fec_bin[i];
		const struct snap_counter *c = bin_ctr(s, dev, port, i);
		size_t k;

		if (b->low == b->high)
			snprintf(range, sizeof(range), "%u", b->low);
		else
			snprintf(range, sizeof(range), "%u-%u", b->low, b->high);
		snprintf(cnt, sizeof(cnt), "%llu", (unsigned long long)b->total);
		if (c && c->rate_status == RATE_DATA)
			snprintf(per, sizeof(per), "%.1f", c->rate);
		else
			snprintf(per, sizeof(per), "n/a");
		k = (size_t)snprintf(line, sizeof(line), "%-17s %11s %10s ", range, cnt, per);
		for (l = 0; l < b->n_lanes && k < sizeof(line); l++)
			k += (size_t)snprintf(line + k, sizeof(line) - k, " %llu",
					      (unsigned long long)b->lane[l]);
		emit(ctx,
		     b->low > 0 && c && c->rate_status == RATE_DATA && c->rate > 0 ?
			     ROLE_STATUS_WARN :
			     ROLE_DEFAULT,
		     2, line);
	}
	if (n->fec_bins_more) {
		snprintf(line, sizeof(line), "+%u bins not kept (rdmatop keeps %d)",
			 n->fec_bins_more, SNAP_FEC_BINS);
		emit(ctx, ROLE_STATUS_WARN, 2, line);
	}
	emit(ctx, ROLE_DEFAULT, 0, "");
}
