// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A link in JSON (doc/json.md, "links"): `rdma -j link show`'s keys first
 * (iproute2 rdma/link.c), then the port's sysfs tables (GUID, MTU, GIDs,
 * P_Keys), its rates with their source, ERR/s, utilisation, the kernel's
 * flap counts with the changes seen, and its netdev (json_net.c).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cols.h"
#include "flaps.h"
#include "fmt.h"
#include "history.h"
#include "jw.h"
#include "truth.h"
#include "verdict.h"
#include "names.h"

/* a ratio over decades (a bit error rate): 6 significant digits, where
 * jw_d's 3 decimals would say 0 */
static void jw_ratio(struct jw *w, const char *k, double v)
{
	char buf[32];

	jw_key(w, k);
	snprintf(buf, sizeof(buf), "%.6g", v);
	jw_write(w, buf, strlen(buf));
}

/* sysfs facts of a port: GUID, MTU, the GID and P_Key tables */
static void json_port_tables(struct jw *w, const struct snapshot *s, const struct snap_port *p)
{
	uint32_t mtu = view_port_active_mtu(s, p);
	char buf[48];
	size_t i;
	bool any = false;

	if (SNAP_HAS(p, SNAP_PORT_GUID))
		jw_guid(w, "port_guid", p->guid);
	if (SNAP_HAS(p, SNAP_PORT_NDEV_MTU))
		jw_u(w, "netdev_mtu", p->ndev_mtu);
	if (mtu)
		jw_u(w, "active_mtu", mtu);
	for (i = 0; i < s->gids.n; i++) {
		const struct snap_gid *g = SNAP_AT(&s->gids, struct snap_gid, i);

		if (g->dev != p->dev || g->port != p->port)
			continue;
		if (!any)
			jw_open(w, "gids", '[');
		any = true;
		jw_open(w, NULL, '{');
		jw_u(w, "index", g->index);
		jw_s(w, "gid", fmt_gid(buf, sizeof(buf), g->gid));
		if (g->has_type)
			jw_s(w, "type", view_gid_type_str(g->type));
		if (g->ndev[0])
			jw_s(w, "netdev", g->ndev);
		if (g->has_vlan)
			jw_u(w, "vlan", g->vlan);
		jw_close(w, '}');
	}
	if (any)
		jw_close(w, ']');
	if (p->npkeys) {
		jw_open(w, "pkeys", '[');
		for (i = 0; i < p->npkeys; i++) {
			snprintf(buf, sizeof(buf), "0x%04x", p->pkeys[i]);
			jw_s(w, NULL, buf);
		}
		jw_close(w, ']');
	}
}

/* rdma's order of the port's keys (its columns', src/model/cols.c), the
 * capability names between the netdev and the rate */
static const uint8_t port_keys[] = {
	VC_LINK_SUBNET_PREFIX, VC_LINK_LID,  VC_LINK_SM_LID, VC_LINK_LMC,
	VC_LINK_STATE,	       VC_LINK_PHYS, VC_LINK_NETDEV, VC_LINK_NETDEV_INDEX,
};
static const uint8_t port_keys_after_caps[] = { VC_LINK_RATE, VC_LINK_LAYER };

#define SP struct snap_port
/* the netdev's carrier counts (rtnetlink's IFLA_CARRIER_*) */
static const struct jw_field carrier_fields[] = {
	JW_FIELD("carrier_changes", SP, carrier_changes, SNAP_PORT_CARRIER_CHANGES, JW_UINT),
	JW_FIELD("carrier_up_count", SP, carrier_up, SNAP_PORT_CARRIER_UP, JW_UINT),
	JW_FIELD("carrier_down_count", SP, carrier_down, SNAP_PORT_CARRIER_DOWN, JW_UINT),
};
#undef SP

/* The kernel's flap counts, the last change seen and the changes kept
 * (src/model/flaps.c; doc/json.md) */
static void json_link_flaps(struct jw *w, const struct snapshot *s, const struct snap_port *p)
{
	const char *what;
	char t[40];
	uint64_t n;
	double age;
	bool sat;
	int i;

	jw_fields(w, p, p->valid, carrier_fields, JW_N(carrier_fields));
	if (flaps_downed(s, p->dev, p->port, &n, &sat)) {
		jw_u(w, "link_downed", n);
		if (sat)
			jw_b(w, "link_downed_saturated", true);
	}
	if (flaps_counter(s, p->dev, p->port, "link_error_recovery", &n, &sat)) {
		jw_u(w, "link_error_recovery", n);
		if (sat)
			jw_b(w, "link_error_recovery_saturated", true);
	}
	if (flaps_count(s, p, &n, &what, &sat)) {
		jw_u(w, "flaps", n);
		jw_s(w, "flaps_counter", what);
	}
	if (!flaps_age(s, p, &age))
		return;
	jw_s(w, "last_change", fmt_time(t, sizeof(t), &p->last_change));
	jw_d(w, "last_change_age_sec", age);
	jw_open(w, "changes", '[');
	for (i = 0; i < p->nchanges; i++) {
		const struct snap_link_change *c = &p->changes[i];

		jw_open(w, NULL, '{');
		jw_s(w, "time", fmt_time(t, sizeof(t), &c->when));
		jw_d(w, "window_sec", c->window);
		if (c->from_state)
			jw_s(w, "from_state", snap_port_state_str(c->from_state));
		if (c->state)
			jw_s(w, "state", snap_port_state_str(c->state));
		if (c->from_phys)
			jw_s(w, "from_physical_state", snap_phys_state_str(c->from_phys));
		if (c->phys)
			jw_s(w, "physical_state", snap_phys_state_str(c->phys));
		jw_u(w, "carrier_changes", c->carrier);
		jw_u(w, "link_downed", c->downed);
		if (c->down_known)
			jw_u(w, "link_down_events", c->down_events);
		jw_close(w, '}');
	}
	jw_close(w, ']');
}

/* The verdict (verdict.h): "health", and "reasons" with each rule, its
 * level, value, threshold and the counter it is from */
static void json_link_health(struct jw *w, const struct snapshot *s, const struct snap_port *p)
{
	const struct verdict_rule_def *rules = verdict_rules();
	struct verdict v;
	char text[96];
	int i;

	verdict_port(s, p, &v);
	jw_s(w, "health", verdict_level_name(v.level));
	jw_open(w, "reasons", '[');
	for (i = 0; i < v.n; i++) {
		const struct verdict_reason *r = &v.r[i];

		jw_open(w, NULL, '{');
		jw_s(w, "rule", rules[r->rule].id);
		jw_s(w, "level", verdict_level_name(r->level));
		if (r->rule == VR_FEC_BER) {
			jw_ratio(w, "value", r->value);
			jw_ratio(w, "threshold", r->threshold);
		} else {
			jw_d(w, "value", r->value);
			jw_d(w, "threshold", r->threshold);
		}
		if (rules[r->rule].unit[0])
			jw_s(w, "unit", rules[r->rule].unit);
		if (r->prio >= 0)
			jw_u(w, r->rule == VR_MOD_RX ? "lane" : "priority", (uint64_t)r->prio);
		if (r->lower[0])
			jw_s(w, r->slave ? "slave" : "lower", r->lower);
		if (r->counter) {
			jw_s(w, "counter", snap_s(s, r->counter));
			jw_s(w, "source", truth_src_name(r->src));
		}
		if (r->rule == VR_PAUSE_RX || r->rule == VR_PAUSE_TX) {
			/* a share the counter put past the window (truth.h) */
			struct port_truth t;
			int d = r->rule == VR_PAUSE_TX, k = r->prio >= 0 ? r->prio : TRUTH_PRIOS;

			truth_port(s, p->dev, p->port, &t);
			if (t.pause_over[d][k])
				jw_d(w, "counter_value", t.pause_raw[d][k] * 100);
		}
		jw_s(w, "text", verdict_reason_text(s, r, text, sizeof(text)));
		jw_close(w, '}');
	}
	jw_close(w, ']');
}

/* The port's error figures by the ranked table (truth.h), on every port
 * (InfiniBand's too, which has no NETWORK row): per second where rated,
 * "_saturated" where the counter is stuck */
static void json_link_figures(struct jw *w, const struct snapshot *s, const struct snap_port *p)
{
	static const struct {
		enum truth_fig f;
		const char *rate, *sat;
	} k[] = {
		{ TRUTH_DISCARD, "discards_per_sec", "discards_saturated" },
		{ TRUTH_OOB, "out_of_buffer_per_sec", "out_of_buffer_saturated" },
		{ TRUTH_SYMBOL, "symbol_errors_per_sec", "symbol_errors_saturated" },
		{ TRUTH_FCS, "fcs_errors_per_sec", "fcs_errors_saturated" },
		{ TRUTH_CORR_BITS, "fec_corrected_bits_per_sec", "fec_corrected_bits_saturated" },
	};
	struct port_truth t;
	size_t i;

	truth_port(s, p->dev, p->port, &t);
	for (i = 0; i < sizeof(k) / sizeof(k[0]); i++)
		if (t.f[k[i].f].sat)
			jw_b(w, k[i].sat, true);
		else if (t.f[k[i].f].valid)
			jw_d(w, k[i].rate, t.f[k[i].f].v);
	/* the bit error rates (truth.h ber): before FEC, and after it the
	 * uncorrectable blocks' floor */
	if (t.ber_valid)
		jw_ratio(w, "pre_fec_ber", t.ber);
	if (t.ber_post_valid)
		jw_ratio(w, "post_fec_ber_floor", t.ber_post);
}

void out_json_link(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_port *p = row;
	const struct view_ctx c = { .s = s };
	static const char *const rk[] = {
		"rx_bytes_per_sec",
		"tx_bytes_per_sec",
		"rx_packets_per_sec",
		"tx_packets_per_sec",
	};
	static const char *const sk[] = {
		"rx_bytes_saturated",
		"tx_bytes_saturated",
		"rx_packets_saturated",
		"tx_packets_saturated",
	};
	struct view_link_rates lr;
	double util, err;
	bool any, sat;
	int k;

	jw_dev(w, s, p->dev);
	jw_u(w, "port", p->port);
	out_json_tab(w, &c, &view_links_tab, p, port_keys, sizeof(port_keys));
	if (p->valid & SNAP_PORT_CAP_FLAGS)
		jw_caps(w, "caps", p->cap_flags, snap_port_cap_str);
	out_json_tab(w, &c, &view_links_tab, p, port_keys_after_caps, sizeof(port_keys_after_caps));
	json_port_tables(w, s, p);
	view_link_rates(s, p->dev, p->port, &lr);
	for (k = 0; k < 4; k++)
		if (lr.valid[k] && lr.sat[k]) /* its counter is stuck: no rate */
			jw_b(w, sk[k], true);
		else if (lr.valid[k])
			jw_d(w, rk[k], lr.v[k]);
	if (lr.valid[0] || lr.valid[1])
		jw_s(w, "throughput_source",
		     view_link_src_name(lr.valid[0] ? lr.src[0] : lr.src[1]));
	if (lr.valid[2] || lr.valid[3])
		jw_s(w, "packets_source", view_link_src_name(lr.valid[2] ? lr.src[2] : lr.src[3]));
	if (lr.valid[0] || lr.valid[1])
		jw_s(w, "throughput_counter", snap_s(s, lr.name[lr.valid[0] ? 0 : 1]));
	if (lr.valid[2] || lr.valid[3])
		jw_s(w, "packets_counter", snap_s(s, lr.name[lr.valid[2] ? 2 : 3]));
	any = hist_error(s, p->dev, p->port, &err, &sat);
	if (sat)
		jw_b(w, "errors_saturated", true); /* a counter stuck: no rate */
	else if (any)
		jw_d(w, "errors_per_sec", err);
	if (view_link_util(s, p, &util))
		jw_d(w, "utilisation_percent", util);
	json_link_figures(w, s, p);
	json_link_health(w, s, p);
	json_link_flaps(w, s, p);
	out_json_link_net(w, s, p);
}
