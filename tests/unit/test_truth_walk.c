// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The port truth's one walk of a port's counters (src/model/truth.c): what
 * it indexes for one port is never read for the next, the netdev's totals
 * give way to finer errors found anywhere in the walk, and ERR/s's largest
 * events are kept in their order.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "classify.h"
#include "test.h"
#include "truthctr.h"
#include "truth.h"

struct ctr {
	uint32_t port;
	uint8_t src;
	const char *name;
	double rate;
};

/* One device (3) of two Ethernet ports with these counters, rated. */
static void ports_of(struct snapshot *s, const struct ctr *c, size_t n)
{
	struct snap_dev *d;
	uint32_t port;
	size_t i;

	snap_init(s);
	d = snap_push(&s->devs, sizeof(*d));
	d->index = 3;
	snprintf(d->name, sizeof(d->name), "mlx5_0");
	for (port = 1; port <= 2; port++) {
		struct snap_port *p = snap_port_get(s, 3, port);

		p->valid |= SNAP_PORT_LINK_LAYER | SNAP_PORT_STATE;
		p->state = 4;
		snprintf(p->link_layer, sizeof(p->link_layer), "Ethernet");
	}
	for (i = 0; i < n; i++)
		truth_ctr_push(s, c[i].port, c[i].src, c[i].name, c[i].rate);
	s->rated++;
}

#define DRV SNAP_SRC_DRV
#define ND SNAP_SRC_NETDEV

/* Port 1 has the driver's counters, port 2 its netdev's only: port 2,
 * worked out right after port 1 (truth_port_fill, no memo between), has
 * none of port 1's figures, events or pauses. */
static void test_ports_apart(void)
{
	static const struct ctr c[] = {
		{ 1, DRV, "rx_bytes_phy", 280e6 },   { 1, DRV, "tx_bytes_phy", 260e6 },
		{ 1, DRV, "rx_discards_phy", 2500 }, { 1, DRV, "rx_prio3_pause_duration", 500000 },
		{ 1, ND, "rx_bytes", 1e6 },	     { 1, ND, "rx_errors", 40 },
		{ 2, ND, "rx_bytes", 2e6 },	     { 2, ND, "tx_bytes", 3e6 },
		{ 2, ND, "rx_errors", 7 },
	};
	struct snapshot s;
	struct port_truth t1, t2;

	ports_of(&s, c, sizeof(c) / sizeof(c[0]));
	truth_port_fill(&s, 3, 1, &t1);
	truth_port_fill(&s, 3, 2, &t2);
	CHECK_EQ_U(t1.f[TRUTH_RX_BYTES].src, DRV);
	CHECK(t1.f[TRUTH_RX_BYTES].v == 280e6);
	CHECK(fabs(t1.err - 2500) < 1e-9 && t1.n_same == 1);
	CHECK(t1.pause_valid[0][3] && t1.pause_worst[0] == 3);
	/* port 2: its netdev's bytes and totals, no pause */
	CHECK_EQ_U(t2.f[TRUTH_RX_BYTES].src, ND);
	CHECK(t2.f[TRUTH_RX_BYTES].v == 2e6 && t2.f[TRUTH_TX_BYTES].v == 3e6);
	CHECK_EQ_S(snap_s(&s, t2.f[TRUTH_RX_BYTES].name), "rx_bytes");
	CHECK(t2.f[TRUTH_DISCARD].rule < 0);
	CHECK(fabs(t2.err - 7) < 1e-9 && t2.n_same == 0 && t2.n_err == 1);
	CHECK(!t2.pause_valid[0][3] && t2.pause_worst[0] == -1);
	/* and port 1 again, after port 2 */
	truth_port_fill(&s, 3, 1, &t2);
	CHECK(!memcmp(&t1, &t2, sizeof(t1)));
	snap_free(&s);
}

/* The netdev's totals give way to the driver's errors where these come
 * last in the port's counters, as where they come first. */
static void test_finer_last(void)
{
	static const struct ctr last[] = {
		{ 1, ND, "rx_errors", 40 },
		{ 1, ND, "rx_dropped", 2 },
		{ 1, DRV, "rx_crc_errors_phy", 3 },
	};
	static const struct ctr first[] = {
		{ 1, DRV, "rx_crc_errors_phy", 3 },
		{ 1, ND, "rx_errors", 40 },
		{ 1, ND, "rx_dropped", 2 },
	};
	struct snapshot s;
	struct port_truth t;

	ports_of(&s, last, 3);
	truth_port_fill(&s, 3, 1, &t);
	CHECK(fabs(t.err - 3) < 1e-9 && t.n_same == 2);
	snap_free(&s);
	ports_of(&s, first, 3);
	truth_port_fill(&s, 3, 1, &t);
	CHECK(fabs(t.err - 3) < 1e-9 && t.n_same == 2);
	snap_free(&s);
}

/* More events than ERR/s keeps (TRUTH_ERRS): the largest, largest first,
 * alike rates in the port's order. */
static void test_errs_kept(void)
{
	static const size_t top[] = { 2, 3, 35, 36, 37, 39, 38, 34 };
	char names[40][32];
	struct ctr c[40];
	struct snapshot s;
	struct port_truth t;
	size_t i;

	for (i = 0; i < 40; i++) {
		snprintf(names[i], sizeof(names[i]), "rx_vendor%zu_errors", i);
		c[i] = (struct ctr){ 1, DRV, names[i], 100.0 + (double)i };
	}
	/* five alike, the largest: two before the 24 kept fill, three after */
	c[2].rate = c[3].rate = c[35].rate = c[36].rate = c[37].rate = 1000;
	ports_of(&s, c, 40);
	for (i = 0; i < 40; i++)
		CHECK(cnt_is_error(((struct snap_counter *)s.counters.v)[i].cls));
	truth_port_fill(&s, 3, 1, &t);
	CHECK_EQ_U(t.n_err, 40);
	for (i = 0; i < sizeof(top) / sizeof(top[0]); i++)
		CHECK_EQ_S(snap_s(&s, t.errs[i].name), names[top[i]]);
	/* the smallest kept: counter 18 (34 down to 18 and the five) */
	CHECK_EQ_S(snap_s(&s, t.errs[TRUTH_ERRS - 1].name), names[18]);
	snap_free(&s);
}

TEST_MAIN(test_ports_apart, test_finer_last, test_errs_kept)
