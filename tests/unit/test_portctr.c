// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Each port's counters found once a sample (src/model/portctr.c): a port
 * reads its own rows, in their order; a row added after the index is seen
 * (every row read again); and a port's link rates asked before the rates
 * are computed are not the ones given after (the columns' memo).
 */
#include "advance.h"
#include "rate.h"
#include "test.h"
#include "view.h"

static void row(struct snapshot *s, uint32_t dev, uint32_t port, uint8_t src, const char *name,
		uint64_t v)
{
	struct snap_counter *c = snap_push(&s->counters, sizeof(*c));

	c->dev = dev;
	c->port = port;
	c->source = src;
	c->bits = 64;
	c->unit = SNAP_UNIT_BYTES;
	c->name = snap_str(s, name, strlen(name));
	c->value = v;
}

static void ports(struct snapshot *s, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		struct snap_port *p = snap_push(&s->ports, sizeof(*p));

		p->dev = (uint32_t)i / 2;
		p->port = (uint32_t)i % 2 + 1;
	}
}

/* the values of port (dev, port)'s rows as the iterator gives them */
static uint64_t sum_of(const struct snapshot *s, uint32_t dev, uint32_t port, size_t *n)
{
	const struct snap_counter *c;
	struct snap_ctr_it it;
	uint64_t sum = 0;

	*n = 0;
	snap_ctrs_of(s, dev, port, &it);
	while ((c = snap_ctr_next(&it)))
		if (c->dev == dev && c->port == port) {
			sum = sum * 10 + c->value;
			++*n;
		}
	return sum;
}

static void test_index(void)
{
	struct snapshot s;
	struct snap_ctr_it it;
	size_t n;

	snap_init(&s);
	ports(&s, 4);
	row(&s, 0, 1, SNAP_SRC_HW, "a", 1);
	row(&s, 1, 2, SNAP_SRC_HW, "a", 5);
	row(&s, 0, 1, SNAP_SRC_HW, "b", 2);
	row(&s, 9, 1, SNAP_SRC_HW, "no port", 7);
	row(&s, 0, 2, SNAP_SRC_HW, "a", 3);
	row(&s, 0, 1, SNAP_SRC_HW, "c", 4);
	CHECK_EQ_U(snap_ctrs_index(&s), 0);
	/* its own rows only, in their order */
	snap_ctrs_of(&s, 0, 1, &it);
	CHECK(it.ix != NULL && it.n == 3);
	CHECK_EQ_U(sum_of(&s, 0, 1, &n), 124);
	CHECK_EQ_U(n, 3);
	CHECK_EQ_U(sum_of(&s, 1, 2, &n), 5);
	snap_ctrs_of(&s, 1, 1, &it);
	CHECK(it.n == 0 && !snap_ctr_next(&it));
	/* a row after the index: every row read, the new one seen */
	row(&s, 0, 1, SNAP_SRC_HW, "d", 6);
	snap_ctrs_of(&s, 0, 1, &it);
	CHECK(it.ix == NULL && it.n == s.counters.n);
	CHECK_EQ_U(sum_of(&s, 0, 1, &n), 1246);
	CHECK_EQ_U(snap_ctrs_index(&s), 0);
	CHECK_EQ_U(sum_of(&s, 0, 1, &n), 1246);
	snap_free(&s);
}

/* rx bytes of port (0, 1): 1000 then 3000 over 2 s */
static void test_rates_not_stale(void)
{
	struct snapshot a, b;
	struct view_link_rates r;

	snap_init(&a);
	snap_init(&b);
	ports(&a, 1);
	ports(&b, 1);
	a.mono.tv_sec = 1;
	b.mono.tv_sec = 3;
	row(&a, 0, 1, SNAP_SRC_NETDEV, "rx_bytes", 1000);
	row(&b, 0, 1, SNAP_SRC_NETDEV, "rx_bytes", 3000);
	CHECK_EQ_U(snap_advance(NULL, &a), 0);
	/* asked before b's rates: none yet */
	view_link_rates(&b, 0, 1, &r);
	CHECK(!r.valid[0]);
	CHECK_EQ_U(snap_advance(&a, &b), 0);
	view_link_rates(&b, 0, 1, &r);
	CHECK(r.valid[0] && r.v[0] == 1000);
	snap_free(&a);
	snap_free(&b);
}

TEST_MAIN(test_index, test_rates_not_stale)
