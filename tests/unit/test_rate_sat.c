// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Wrap, reset and saturation, one table: every width of the IB PMA
 * counters (4, 8, 16, 32, 64 bits, from the kernel's table through the
 * sysfs parser), counters that wrap (a 32-bit one, 64-bit netdev), and
 * each going up, wrapping, reset (a driver reload), reaching its maximum
 * between two samples, at it in both, and leaving it (perfquery -R).
 * Each row gives two sample values and the status, delta, rate text and
 * mark it must come out with.
 */
#include <math.h>

#include "net_view.h"
#include "rate.h"
#include "sysfs.h"
#include "test.h"
#include "util.h"
#include "view.h"

#define M4 15ULL
#define M8 255ULL
#define M16 65535ULL
#define M32 4294967295ULL

enum kind {
	PMA,		/* ports/1/counters/NAME, parsed */
	PMA_EXT,	/* the same, on a port with PortCountersExtended */
	WRAP32,		/* a 32-bit counter that wraps (src hw, bits 32) */
	NETDEV,		/* a 64-bit netdev statistic */
	HFI1,		/* a 64-bit hfi1 hardware counter (src hw) */
};

struct row {
	const char *what;
	enum kind kind;
	const char *name;
	uint64_t old_v, new_v;	/* as the file says (PMA data: 4-octet words) */
	unsigned int bits;	/* the width it must get */
	uint8_t status;		/* enum rate_status */
	uint64_t delta;		/* in its unit (PMA data: bytes) */
	bool sat;		/* saturated in the second sample */
	const char *rate;	/* the counters table's rate text */
};

static const struct row rows[] = {
	/* 4 bits */
	{ "4-bit counts", PMA, "local_link_integrity_errors", 3, 7, 4, RATE_DATA, 4, false, "4/s" },
	{ "4-bit reaches max", PMA, "local_link_integrity_errors", 10, M4, 4, RATE_DATA, 5, true, "sat" },
	{ "4-bit at max twice", PMA, "excessive_buffer_overrun_errors", M4, M4, 4, RATE_SAT, 0, true,
	  "sat" },
	{ "4-bit leaves max", PMA, "local_link_integrity_errors", M4, 0, 4, RATE_RESET, 0, false, "n/a" },
	{ "4-bit down is no wrap", PMA, "local_link_integrity_errors", 14, 2, 4, RATE_RESET, 0, false,
	  "n/a" },
	/* 8 bits */
	{ "8-bit counts", PMA, "link_downed", 1, 3, 8, RATE_DATA, 2, false, "2/s" },
	{ "8-bit reaches max", PMA, "link_downed", 250, M8, 8, RATE_DATA, 5, true, "sat" },
	{ "8-bit at max twice", PMA, "link_error_recovery", M8, M8, 8, RATE_SAT, 0, true, "sat" },
	{ "8-bit leaves max", PMA, "port_rcv_constraint_errors", M8, 1, 8, RATE_RESET, 0, false,
	  "n/a" },
	/* 16 bits */
	{ "16-bit counts", PMA, "symbol_error", 100, 1100, 16, RATE_DATA, 1000, false, "1.0K/s" },
	{ "16-bit reaches max", PMA, "port_xmit_discards", 65000, M16, 16, RATE_DATA, 535, true,
	  "sat" },
	{ "16-bit at max twice", PMA, "port_xmit_discards", M16, M16, 16, RATE_SAT, 0, true, "sat" },
	{ "16-bit leaves max", PMA, "VL15_dropped", M16, 0, 16, RATE_RESET, 0, false, "n/a" },
	{ "16-bit down is no wrap", PMA, "symbol_error", 65530, 4, 16, RATE_RESET, 0, false, "n/a" },
	/* 32 bits: PortCounters' port_xmit_wait, and the data and packet
	 * counters of a port without PortCountersExtended */
	{ "32-bit counts", PMA, "port_xmit_wait", 10, 20, 32, RATE_DATA, 10, false, "10/s" },
	{ "32-bit reaches max", PMA, "port_xmit_wait", M32 - 9, M32, 32, RATE_DATA, 9, true, "sat" },
	{ "32-bit at max twice", PMA, "port_xmit_wait", M32, M32, 32, RATE_SAT, 0, true, "sat" },
	{ "32-bit leaves max", PMA, "port_xmit_wait", M32, 5, 32, RATE_RESET, 0, false, "n/a" },
	{ "32-bit data in words", PMA, "port_xmit_data", 0, 256, 32, RATE_DATA, 1024, false,
	  "1.0 KiB/s" },
	{ "32-bit data reaches max", PMA, "port_rcv_data", M32 - 1, M32, 32, RATE_DATA, 4, true,
	  "sat" },
	{ "32-bit data at max twice", PMA, "port_rcv_data", M32, M32, 32, RATE_SAT, 0, true, "sat" },
	{ "32-bit packets at max twice", PMA, "port_xmit_packets", M32, M32, 32, RATE_SAT, 0, true,
	  "sat" },
	/* a noietf port (64-bit files, no unicast_*): past 32 bits is 64 */
	{ "data past 32 bits", PMA, "port_xmit_packets", M32 + 1, M32 + 11, 64, RATE_DATA, 10, false,
	  "10/s" },
	/* 64 bits: PortCountersExtended */
	{ "64-bit data at 2^32-1 counts", PMA_EXT, "port_xmit_data", M32 - 1, M32, 64, RATE_DATA, 4,
	  false, "4 B/s" },
	{ "64-bit packets at 2^32-1 twice", PMA_EXT, "port_rcv_packets", M32, M32, 64, RATE_DATA, 0,
	  false, "0/s" },
	{ "64-bit unicast counts", PMA_EXT, "unicast_xmit_packets", 5, 8, 64, RATE_DATA, 3, false,
	  "3/s" },
	{ "64-bit reaches max", PMA_EXT, "multicast_rcv_packets", UINT64_MAX - 2, UINT64_MAX, 64,
	  RATE_DATA, 2, true, "sat" },
	{ "64-bit at max twice", PMA_EXT, "unicast_rcv_packets", UINT64_MAX, UINT64_MAX, 64, RATE_SAT,
	  0, true, "sat" },
	{ "64-bit leaves max", PMA_EXT, "unicast_rcv_packets", UINT64_MAX, 3, 64, RATE_RESET, 0,
	  false, "n/a" },
	/* counters that wrap keep wrapping: at their top is no mark */
	{ "32-bit wraps", WRAP32, "rx_write_requests", M32 - 4, 5, 32, RATE_DATA, 10, false, "10/s" },
	{ "32-bit at top twice", WRAP32, "rx_write_requests", M32, M32, 32, RATE_DATA, 0, false,
	  "0/s" },
	{ "32-bit reset", WRAP32, "rx_write_requests", 1ULL << 40, 5, 32, RATE_RESET, 0, false,
	  "n/a" },
	{ "netdev counts", NETDEV, "rx_packets", 100, 150, 64, RATE_DATA, 50, false, "50/s" },
	{ "netdev driver reload", NETDEV, "rx_packets", 1000, 10, 64, RATE_RESET, 0, false, "n/a" },
	{ "netdev at 2^64-1 is no mark", NETDEV, "tx_packets", UINT64_MAX, UINT64_MAX, 64, RATE_DATA,
	  0, false, "0/s" },
	/* hfi1's CNTR_SYNTH counters saturate at 2^64 - 1 (chip.c
	 * read_dev_port_cntr), its others wrap as every 64-bit one */
	{ "hfi1 synth counts", HFI1, "TxWait", 10, 30, 64, RATE_DATA, 20, false, "20/s" },
	{ "hfi1 synth reaches max", HFI1, "XmitDscd", UINT64_MAX - 7, UINT64_MAX, 64, RATE_DATA, 7,
	  true, "sat" },
	{ "hfi1 synth at max twice", HFI1, "TxFlitVL3", UINT64_MAX, UINT64_MAX, 64, RATE_SAT, 0, true,
	  "sat" },
	{ "hfi1 synth leaves max", HFI1, "SwLinkDown", UINT64_MAX, 0, 64, RATE_RESET, 0, false,
	  "n/a" },
	{ "hfi1 synth driver reload", HFI1, "RcvCstrErr", 500, 2, 64, RATE_RESET, 0, false, "n/a" },
	{ "hfi1 normal at 2^64-1 is no mark", HFI1, "TxPkt", UINT64_MAX, UINT64_MAX, 64, RATE_DATA, 0,
	  false, "0/s" },
};

static void sample(struct snapshot *s, const struct row *r, uint64_t v, long sec)
{
	char path[128], buf[32];
	struct snap_dev *d;
	struct snap_counter *c;

	snap_clear(s);
	s->mono.tv_sec = sec;
	d = snap_push(&s->devs, sizeof(*d));
	d->index = 0;
	snprintf(d->name, sizeof(d->name), "mlx5_0");
	if (r->kind == PMA || r->kind == PMA_EXT) {
		/* in files.c's order: the names sorted, multicast_ first */
		if (r->kind == PMA_EXT && strncmp(r->name, "multicast_", 10)) {
			snprintf(buf, sizeof(buf), "%d\n", 7);
			CHECK(!sysfs_parse(s, "/sys/class/infiniband/mlx5_0/ports/1/counters/"
					   "multicast_xmit_packets", 0, buf, strlen(buf)));
		}
		snprintf(path, sizeof(path), "/sys/class/infiniband/mlx5_0/ports/1/counters/%s",
			 r->name);
		snprintf(buf, sizeof(buf), "%" PRIu64 "\n", v);
		CHECK(!sysfs_parse(s, path, 0, buf, strlen(buf)));
		return;
	}
	c = snap_push(&s->counters, sizeof(*c));
	c->dev = 0;
	c->port = 1;
	c->name = snap_str(s, r->name, 64);
	c->value = v;
	c->unit = SNAP_UNIT_PACKETS;
	c->source = r->kind == WRAP32 || r->kind == HFI1 ? SNAP_SRC_HW : SNAP_SRC_NETDEV;
	c->bits = r->kind == WRAP32 ? 32 : 64;
}

static const struct snap_counter *find(const struct snapshot *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->counters.n; i++) {
		const struct snap_counter *c = SNAP_AT(&s->counters, struct snap_counter, i);

		if (!strcmp(snap_s(s, c->name), name))
			return c;
	}
	return NULL;
}

/* The counters table's text of a column of counter c (the view's getter). */
static const char *cell(const struct snapshot *s, const struct snap_counter *c, int col,
			char *buf, size_t len)
{
	struct view_ctx vc = { .s = s };
	size_t n;
	const struct view_col *cols = view_cols(VIEW_COUNTERS, &n);
	struct view_value v = { .type = cols[col].type, .fmt = cols[col].fmt };

	cols[col].get(&vc, c, &cols[col], &v);
	return view_fmt(&v, buf, len);
}

static void test_table(void)
{
	struct snapshot a, b;
	size_t i;

	snap_init(&a);
	snap_init(&b);
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct row *r = &rows[i];
		const struct snap_counter *c;
		char buf[64], want[64];
		int fails = test_failures;

		sample(&a, r, r->old_v, 10);
		sample(&b, r, r->new_v, 11);
		CHECK(!rate_compute(&a, &b));
		c = find(&b, r->name);
		CHECK(c);
		if (!c)
			continue;
		CHECK_EQ_U(c->bits, r->bits);
		CHECK_EQ_U(c->rate_status, r->status);
		CHECK_EQ_U(c->delta, r->delta);
		CHECK_EQ_U(snap_counter_saturated(c), r->sat);
		if (r->status == RATE_DATA)
			CHECK(fabs(c->rate - (double)r->delta) < 1e-6);
		CHECK_EQ_S(cell(&b, c, VC_CNT_RATE, buf, sizeof(buf)), r->rate);
		/* the value: marked when saturated, plain when not */
		cell(&b, c, VC_CNT_VALUE, buf, sizeof(buf));
		CHECK_EQ_U(strstr(buf, VIEW_SAT_MARK) != NULL, r->sat);
		snprintf(want, sizeof(want), "%s", buf);
		if (test_failures != fails)
			fprintf(stderr, "  row %zu: %s (%s %" PRIu64 " -> %" PRIu64 "): value %s\n", i,
				r->what, r->name, r->old_v, r->new_v, want);
	}
	snap_free(&a);
	snap_free(&b);
}

/* A port's unicast_* file read after its data counters still makes them
 * 64-bit: the order of the files does not decide. */
static void test_ext_after(void)
{
	struct snapshot s;
	const struct snap_counter *c;
	struct snap_dev *d;
	const char *p = "/sys/class/infiniband/mlx5_0/ports/1/counters/";
	char path[128];

	snap_init(&s);
	d = snap_push(&s.devs, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "mlx5_0");
	snprintf(path, sizeof(path), "%sport_xmit_data", p);
	CHECK(!sysfs_parse(&s, path, 0, "4294967295\n", 11));
	c = find(&s, "port_xmit_data");
	CHECK(c && c->bits == 32 && snap_counter_saturated(c));
	snprintf(path, sizeof(path), "%sunicast_xmit_packets", p);
	CHECK(!sysfs_parse(&s, path, 0, "1\n", 2));
	c = find(&s, "port_xmit_data");
	CHECK(c && c->bits == 64 && !snap_counter_saturated(c));
	/* port_xmit_wait is PortCounters' in both groups: 32 bits */
	snprintf(path, sizeof(path), "%sport_xmit_wait", p);
	CHECK(!sysfs_parse(&s, path, 0, "4294967295\n", 11));
	c = find(&s, "port_xmit_wait");
	CHECK(c && c->bits == 32 && snap_counter_saturated(c));
	snap_free(&s);
}

/* With no sample before, a saturated counter's rate is as unknown as
 * later: "sat", not n/a; a plain one's is n/a. */
static void test_first_sample(void)
{
	static const struct row sat = { "", PMA, "link_downed", 0, 0, 8, 0, 0, true, NULL };
	static const struct row plain = { "", PMA, "symbol_error", 0, 0, 16, 0, 0, false, NULL };
	struct snapshot s;
	char buf[64];

	snap_init(&s);
	sample(&s, &sat, M8, 10);
	CHECK(!rate_compute(NULL, &s));
	CHECK_EQ_U(find(&s, "link_downed")->rate_status, RATE_INIT);
	CHECK_EQ_S(cell(&s, find(&s, "link_downed"), VC_CNT_RATE, buf, sizeof(buf)), "sat");
	sample(&s, &plain, 7, 10);
	CHECK(!rate_compute(NULL, &s));
	CHECK_EQ_S(cell(&s, find(&s, "symbol_error"), VC_CNT_RATE, buf, sizeof(buf)), "n/a");
	snap_free(&s);
}

/* An IB port's DISCARD/s sums the PMA's port_xmit_discards and the
 * device's out_of_buffer: with the first at its 16-bit maximum in both
 * samples (mlx5, tests/data/hw/mlx5-ib-sat) the sum is unknown, "sat"
 * as JSON's discards_saturated says, never the other part's 0/s. */
static void ib_port(struct snapshot *s, uint64_t discards, long sec)
{
	struct snap_dev *d;
	struct snap_port *p;
	struct snap_counter *c;
	char buf[32];

	snap_clear(s);
	s->mono.tv_sec = sec;
	d = snap_push(&s->devs, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "mlx5_0");
	p = snap_port_get(s, 0, 1);
	p->valid |= SNAP_PORT_LINK_LAYER;
	snprintf(p->link_layer, sizeof(p->link_layer), "InfiniBand");
	snprintf(buf, sizeof(buf), "%" PRIu64 "\n", discards);
	CHECK(!sysfs_parse(s, "/sys/class/infiniband/mlx5_0/ports/1/counters/port_xmit_discards", 0,
			   buf, strlen(buf)));
	c = snap_push(&s->counters, sizeof(*c));
	c->dev = 0;
	c->port = 1;
	c->name = snap_str(s, "out_of_buffer", 64);
	c->value = 40;
	c->unit = SNAP_UNIT_PACKETS;
	c->source = SNAP_SRC_HW;
	c->bits = 64;
}

static const char *discard_cell(const struct snapshot *s, char *buf, size_t len)
{
	struct view_ctx vc = { .s = s };
	size_t n;
	const struct view_col *cols = view_cols(VIEW_LINKS, &n);
	const struct view_col *col = &cols[VC_LINK_DISCARD];
	struct view_value v = { .type = col->type, .fmt = col->fmt };

	col->get(&vc, snap_port_find(s, 0, 1), col, &v);
	return view_fmt(&v, buf, len);
}

static void test_discard_sat(void)
{
	struct snapshot a, b;
	struct net_rates r;
	char buf[64];

	snap_init(&a);
	snap_init(&b);
	ib_port(&a, 100, 10);
	ib_port(&b, 105, 11);
	CHECK(!rate_compute(&a, &b));
	CHECK_EQ_S(discard_cell(&b, buf, sizeof(buf)), "5/s");
	ib_port(&a, M16, 10);
	ib_port(&b, M16, 11);
	CHECK(!rate_compute(&a, &b));
	net_rates(&b, 0, 1, &r);
	CHECK(r.sat[NET_RATE_DISCARD] && !r.valid[NET_RATE_DISCARD]);
	CHECK_EQ_S(discard_cell(&b, buf, sizeof(buf)), "sat");
	snap_free(&a);
	snap_free(&b);
}

TEST_MAIN(test_table, test_ext_after, test_first_sample, test_discard_sat)
