// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Link flaps: the netdev's carrier files through the sysfs parser, the
 * changes seen from sample to sample (a flap between two samples seen by
 * the counts alone, a state change, link_downed growing, saturated), the
 * history carried and capped, FLAPS and LAST CHANGE as the columns say.
 */
#include <errno.h>

#include "flaps.h"
#include "rate.h"
#include "sysfs.h"
#include "test.h"
#include "view.h"

#define NET "/sys/class/net/eth0/"
#define FEED(s, path, text) sysfs_parse(s, path, 0, text, strlen(text))

/* One sample of rxe0/1 on eth0 at second sec: state, carrier counts, and
 * the PMA link_downed (an IB port when ib). */
static void sample(struct snapshot *s, long sec, uint8_t state, const char *changes,
		   const char *up, const char *down, const char *downed, bool ib)
{
	struct snap_dev *d;
	struct snap_port *p;

	snap_clear(s);
	s->mono.tv_sec = sec;
	s->wall.tv_sec = 1764633600 + sec;
	d = snap_push(&s->devs, sizeof(*d));
	snprintf(d->name, sizeof(d->name), ib ? "mlx5_0" : "rxe0");
	p = snap_push(&s->ports, sizeof(*p));
	p->port = 1;
	SNAP_SET(p, state, SNAP_PORT_STATE, state);
	if (ib) {
		snprintf(p->link_layer, sizeof(p->link_layer), "InfiniBand");
		p->valid |= SNAP_PORT_LINK_LAYER;
		CHECK_EQ_U(FEED(s, "/sys/class/infiniband/mlx5_0/ports/1/counters/link_downed", downed),
			   0);
		return;
	}
	snprintf(p->ndev, sizeof(p->ndev), "eth0");
	p->valid |= SNAP_PORT_NDEV;
	CHECK_EQ_U(FEED(s, NET "carrier_changes", changes), 0);
	CHECK_EQ_U(FEED(s, NET "carrier_up_count", up), 0);
	CHECK_EQ_U(FEED(s, NET "carrier_down_count", down), 0);
}

static const struct snap_port *port(const struct snapshot *s)
{
	return SNAP_AT(&s->ports, struct snap_port, 0);
}

static void test_parse(void)
{
	struct snapshot s;
	const struct snap_port *p;

	snap_init(&s);
	sample(&s, 10, 4, "5\n", "3\n", "2\n", NULL, false);
	p = port(&s);
	CHECK_EQ_U(p->carrier_changes, 5);
	CHECK_EQ_U(p->carrier_up, 3);
	CHECK_EQ_U(p->carrier_down, 2);
	CHECK((p->valid & (SNAP_PORT_CARRIER_CHANGES | SNAP_PORT_CARRIER_UP |
			   SNAP_PORT_CARRIER_DOWN)) ==
	      (SNAP_PORT_CARRIER_CHANGES | SNAP_PORT_CARRIER_UP | SNAP_PORT_CARRIER_DOWN));
	/* bad contents: an error, the value kept */
	CHECK_EQ_U(FEED(&s, NET "carrier_changes", "x\n"), (uint64_t)-EBADMSG);
	CHECK_EQ_U(FEED(&s, NET "carrier_changes", "4294967296\n"), (uint64_t)-EBADMSG);
	CHECK_EQ_U(port(&s)->carrier_changes, 5);
	/* a netdev no port is bound to changes nothing */
	CHECK_EQ_U(FEED(&s, "/sys/class/net/eth9/carrier_changes", "77\n"), 0);
	CHECK_EQ_U(port(&s)->carrier_changes, 5);
	snap_free(&s);
}

static void test_flap_between_samples(void)
{
	struct snapshot a, b, c;
	const struct snap_port *p;
	const char *what;
	uint64_t n;
	double age;

	snap_init(&a);
	snap_init(&b);
	snap_init(&c);
	sample(&a, 10, 4, "1\n", "1\n", "0\n", NULL, false);
	snap_flaps(NULL, &a);
	CHECK(!flaps_age(&a, port(&a), &age));
	CHECK(flaps_count(&a, port(&a), &n, &what, NULL) && n == 0);
	CHECK_EQ_S(what, "carrier_down_count");
	/* down and up between the samples: ACTIVE on both sides */
	sample(&b, 12, 4, "3\n", "2\n", "1\n", NULL, false);
	snap_flaps(&a, &b);
	p = port(&b);
	CHECK_EQ_U(p->nchanges, 1);
	CHECK_EQ_U(p->changes[0].carrier, 2);
	CHECK_EQ_U(p->changes[0].from_state, 4);
	CHECK_EQ_U(p->changes[0].state, 4);
	CHECK_EQ_U(p->changes[0].when.tv_sec, b.wall.tv_sec);
	CHECK(p->changes[0].window > 1.99 && p->changes[0].window < 2.01);
	CHECK(flaps_count(&b, p, &n, &what, NULL) && n == 1);
	CHECK(flaps_age(&b, p, &age) && age == 0);
	/* nothing changes: the history is carried, the age grows */
	sample(&c, 75, 4, "3\n", "2\n", "1\n", NULL, false);
	snap_flaps(&b, &c);
	p = port(&c);
	CHECK_EQ_U(p->nchanges, 1);
	CHECK(flaps_age(&c, p, &age) && age == 63);
	/* the state went down: a change, the history grows */
	sample(&a, 76, 1, "4\n", "2\n", "2\n", NULL, false);
	snap_flaps(&c, &a);
	p = port(&a);
	CHECK_EQ_U(p->nchanges, 2);
	CHECK_EQ_U(p->changes[1].from_state, 4);
	CHECK_EQ_U(p->changes[1].state, 1);
	CHECK_EQ_U(p->changes[1].carrier, 1);
	/* a lower count (a new netdev) is no change of its own */
	sample(&b, 77, 1, "0\n", "0\n", "0\n", NULL, false);
	snap_flaps(&a, &b);
	CHECK_EQ_U(port(&b)->nchanges, 2);
	snap_free(&a);
	snap_free(&b);
	snap_free(&c);
}

static void test_history_capped(void)
{
	struct snapshot s[2];
	char v[16];
	int i;

	snap_init(&s[0]);
	snap_init(&s[1]);
	sample(&s[0], 0, 4, "0\n", "0\n", "0\n", NULL, false);
	for (i = 1; i <= SNAP_CHANGES_MAX + 3; i++) {
		struct snapshot *cur = &s[i % 2], *prev = &s[(i + 1) % 2];

		snprintf(v, sizeof(v), "%d\n", 2 * i);
		sample(cur, i, 4, v, "0\n", "0\n", NULL, false);
		snap_flaps(prev, cur);
	}
	i--;
	CHECK_EQ_U(port(&s[i % 2])->nchanges, SNAP_CHANGES_MAX);
	/* the newest last, the oldest dropped */
	CHECK_EQ_U(port(&s[i % 2])->changes[SNAP_CHANGES_MAX - 1].when.tv_sec, s[i % 2].wall.tv_sec);
	CHECK_EQ_U(port(&s[i % 2])->changes[0].when.tv_sec, s[i % 2].wall.tv_sec - SNAP_CHANGES_MAX + 1);
	snap_free(&s[0]);
	snap_free(&s[1]);
}

/* IB: FLAPS is the PMA's link_downed, 8 bits, marked when at 255; it
 * growing is a change */
static void test_ib_downed(void)
{
	struct snapshot a, b;
	const char *what;
	uint64_t n;
	bool sat;
	char buf[32];
	struct view_ctx vc = { .s = &b };
	size_t nc;
	const struct view_col *cols = view_cols(VIEW_LINKS, &nc);
	struct view_value v = { .type = cols[VC_LINK_FLAPS].type, .fmt = cols[VC_LINK_FLAPS].fmt };

	snap_init(&a);
	snap_init(&b);
	sample(&a, 10, 4, NULL, NULL, NULL, "250\n", true);
	snap_flaps(NULL, &a);
	sample(&b, 11, 4, NULL, NULL, NULL, "255\n", true);
	snap_flaps(&a, &b);
	CHECK(flaps_count(&b, port(&b), &n, &what, &sat) && n == 255 && sat);
	CHECK_EQ_S(what, "link_downed");
	CHECK_EQ_U(port(&b)->nchanges, 1);
	CHECK_EQ_U(port(&b)->changes[0].downed, 5);
	cols[VC_LINK_FLAPS].get(&vc, port(&b), &cols[VC_LINK_FLAPS], &v);
	CHECK_EQ_S(view_fmt(&v, buf, sizeof(buf)), "255" VIEW_SAT_MARK);
	/* a device re-registered under its index starts again */
	snprintf(SNAP_AT(&b.devs, struct snap_dev, 0)->name, SNAP_DEV_NAME_MAX, "mlx5_1");
	SNAP_AT(&b.ports, struct snap_port, 0)->nchanges = 0;
	snap_flaps(&a, &b);
	CHECK_EQ_U(port(&b)->nchanges, 0);
	snap_free(&a);
	snap_free(&b);
}

/* the PHY's link-down count (ethtool LINKSTATE EXT_DOWN_CNT) of sample s:
 * its netdev row, eth0 of rxe0/1 */
static void down_events(struct snapshot *s, uint64_t n)
{
	struct snap_net *d = snap_push(&s->nets, sizeof(*d));

	memset(d, 0, sizeof(*d));
	snprintf(d->ndev, sizeof(d->ndev), "eth0");
	d->ext_down_cnt = (uint32_t)n;
	d->valid = SNAP_NET_DOWN_CNT;
}

/* a down the PHY counted while the carrier counts and state stayed: a
 * change of its own; a netdev without the count says nothing of it */
static void test_phy_down_events(void)
{
	struct snapshot a, b;
	uint64_t n;

	snap_init(&a);
	snap_init(&b);
	sample(&a, 10, 4, "5\n", "3\n", "2\n", NULL, false);
	down_events(&a, 7);
	snap_flaps(NULL, &a);
	sample(&b, 11, 4, "5\n", "3\n", "2\n", NULL, false);
	down_events(&b, 9);
	snap_flaps(&a, &b);
	CHECK(flaps_down_events(&b, 0, 1, &n) && n == 9);
	CHECK(!flaps_down_events(&b, 0, 2, &n));
	CHECK_EQ_U(port(&b)->nchanges, 1);
	CHECK(port(&b)->changes[0].down_known);
	CHECK_EQ_U(port(&b)->changes[0].down_events, 2);
	CHECK_EQ_U(port(&b)->changes[0].carrier, 0);
	/* 9 -> 7: a reset (a driver reload), not a down: b's change carried,
	 * none added */
	snap_flaps(&b, &a);
	CHECK_EQ_U(port(&a)->nchanges, 1);
	/* no count in the samples: not known, nothing seen */
	sample(&a, 10, 4, "5\n", "3\n", "2\n", NULL, false);
	snap_flaps(NULL, &a);
	sample(&b, 11, 4, "5\n", "3\n", "2\n", NULL, false);
	snap_flaps(&a, &b);
	CHECK_EQ_U(port(&b)->nchanges, 0);
	snap_free(&a);
	snap_free(&b);
}

static void test_age_format(void)
{
	static const struct {
		double sec;
		const char *want;
	} t[] = {
		{ 0, "0s" }, { 59.9, "59s" }, { 60, "1m00s" }, { 192, "3m12s" },
		{ 3600 * 2 + 300, "2h05m" }, { 86400 * 3 + 3600 * 4, "3d04h" },
	};
	char buf[32];
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct view_value v = { .type = VIEW_T_DOUBLE, .fmt = VIEW_F_AGE, .valid = true,
					.d = t[i].sec };

		CHECK_EQ_S(view_fmt(&v, buf, sizeof(buf)), t[i].want);
	}
}

/* one counter row of port (dev, 1) */
static void row(struct snapshot *s, uint32_t dev, uint8_t source, const char *name, uint64_t v)
{
	struct snap_counter *c = snap_push(&s->counters, sizeof(*c));

	c->dev = dev;
	c->port = 1;
	c->source = source;
	c->bits = 64;
	c->name = snap_str(s, name, strlen(name));
	c->value = v;
}

/*
 * The ports' link counters found in one walk (flaps_index) are those a
 * walk per port finds: the PMA's before the driver's, the first of a rank,
 * another source's or another port's never; a counter added after the
 * index is seen (the walk again).
 */
static void test_index(void)
{
	struct snapshot s;
	uint64_t v = 0;
	bool sat = true;
	uint32_t d;

	snap_init(&s);
	for (d = 0; d < 3; d++) {
		struct snap_port *p = snap_push(&s.ports, sizeof(*p));

		p->dev = d;
		p->port = 1;
	}
	row(&s, 0, SNAP_SRC_HW, "link_downed", 5);
	row(&s, 0, SNAP_SRC_DRV, "link_downed", 99);
	row(&s, 0, SNAP_SRC_PMA, "link_downed", 7);
	row(&s, 0, SNAP_SRC_PMA, "link_downed", 8);
	row(&s, 0, SNAP_SRC_PMA, "link_error_recovery", 3);
	row(&s, 1, SNAP_SRC_HW, "link_downed", 11);
	row(&s, 1, SNAP_SRC_HW, "link_downed", 12);
	row(&s, 2, SNAP_SRC_ETHNL, "link_downed", 13);
	snap_flaps(NULL, &s);
	CHECK(s.flaps.n == s.counters.n && s.flaps.gen == s.strs.gen);
	CHECK(flaps_downed(&s, 0, 1, &v, &sat) && v == 7 && !sat);
	CHECK(flaps_counter(&s, 0, 1, "link_error_recovery", &v, NULL) && v == 3);
	CHECK(flaps_downed(&s, 1, 1, &v, NULL) && v == 11);
	CHECK(!flaps_counter(&s, 1, 1, "link_error_recovery", &v, NULL));
	CHECK(!flaps_downed(&s, 2, 1, &v, NULL));
	CHECK(!flaps_downed(&s, 3, 1, &v, NULL));
	/* a name the index does not keep: walked */
	row(&s, 1, SNAP_SRC_PMA, "symbol_error", 4);
	snap_flaps(NULL, &s);
	CHECK(flaps_counter(&s, 1, 1, "symbol_error", &v, NULL) && v == 4);
	/* added after the index: the PMA's, seen */
	row(&s, 1, SNAP_SRC_PMA, "link_downed", 21);
	CHECK(flaps_downed(&s, 1, 1, &v, NULL) && v == 21);
	snap_flaps(NULL, &s);
	CHECK(flaps_downed(&s, 1, 1, &v, NULL) && v == 21);
	snap_free(&s);
}

TEST_MAIN(test_parse, test_flap_between_samples, test_history_capped, test_ib_downed,
	  test_phy_down_events, test_age_format, test_index)
