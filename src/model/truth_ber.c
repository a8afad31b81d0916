// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The port's bit error rate (truth.h, ber): pre-FEC from the corrected
 * bits' figure over the link's bits in the window, post-FEC from the
 * uncorrectable blocks.  One place: the verdict, the Links pane's BER, the
 * drill-down, -b, JSON and the exposition read it from the port's truth.
 */
#include <math.h>
#include <string.h>

#include "net_view.h"
#include "truth.h"
#include "view.h"

double truth_ber_of(double bits_per_s, double link_bps)
{
	if (!(link_bps > 0) || !(bits_per_s >= 0) || !isfinite(bits_per_s))
		return NAN;
	return bits_per_s / link_bps;
}

double truth_link_bps(const struct snapshot *s, const struct snap_port *p)
{
	const struct snap_net *n = net_of_port(s, p->dev, p->port);

	/* the netdev's LINKMODES speed (Mb/s; SPEED_UNKNOWN is UINT32_MAX),
	 * else the RDMA port's sysfs rate ("100 Gb/sec (4X EDR)") */
	if (n && (n->valid & SNAP_NET_SPEED) && n->speed && n->speed != UINT32_MAX)
		return n->speed * 1e6;
	return SNAP_HAS(p, SNAP_PORT_RATE) ? view_link_speed(p->rate) : 0;
}

void truth_ber_fill(const struct snapshot *s, const struct snap_port *p, struct port_truth *t)
{
	const struct truth_val *cb = &t->f[TRUTH_CORR_BITS];
	const struct snap_counter *c;
	struct snap_ctr_it it;
	double bps = truth_link_bps(s, p);

	t->ber_bps = bps;
	if (cb->valid && bps > 0) {
		t->ber = truth_ber_of(cb->v, bps);
		t->ber_valid = !isnan(t->ber);
	}
	/* after FEC: ethtool's uncorrectable blocks (FEC_GET), each counted
	 * as one bit lost, which it is at least */
	snap_ctrs_of(s, p->dev, p->port, &it);
	while ((c = snap_ctr_next(&it)))
		if (c->dev == p->dev && c->port == p->port && !c->kind &&
		    c->source == SNAP_SRC_ETHNL && c->rate_status == RATE_DATA &&
		    !strcmp(snap_s(s, c->name), "fec_uncorrectable_blocks")) {
			t->ber_post_blocks = c->rate;
			if (bps > 0) {
				t->ber_post = truth_ber_of(c->rate, bps);
				t->ber_post_valid = !isnan(t->ber_post);
			}
			break;
		}
}
