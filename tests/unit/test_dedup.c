// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Names outputs key by (src/model/dedup.c): a NUL inside is escaped, never
 * cut at, and names that meet (the same bytes, or the same once printed)
 * give no series or key twice.
 */
#include "snapshot.h"
#include "test.h"

static void test_escape(void)
{
	char buf[16];

	CHECK_EQ_U(snap_name_esc(buf, sizeof(buf), "a\0b", 4), 6);
	CHECK_EQ_S(buf, "a\\x00b");
	/* the attribute's own NUL and padding are not part of the name */
	CHECK_EQ_U(snap_name_esc(buf, sizeof(buf), "rx\0\0\0", 5), 2);
	CHECK_EQ_S(buf, "rx");
	CHECK_EQ_U(snap_name_esc(buf, sizeof(buf), "\0\0x", 3), 9);
	CHECK_EQ_S(buf, "\\x00\\x00x");
	/* cut to fit, never inside an escape */
	CHECK_EQ_U(snap_name_esc(buf, 8, "abcd\0ef", 7), 4);
	CHECK_EQ_S(buf, "abcd");
	CHECK_EQ_U(snap_name_esc(buf, 9, "abcd\0ef", 7), 8);
	CHECK_EQ_S(buf, "abcd\\x00");
	CHECK_EQ_U(snap_name_esc(buf, 1, "abc", 3), 0);
	CHECK_EQ_S(buf, "");
}

static void test_same_name(void)
{
	/* as the writers print them: not UTF-8 and controls are U+FFFD */
	CHECK(snap_same_name("a\xff", "a\xfe"));
	CHECK(snap_same_name("a\xff", "a\xef\xbf\xbd"));
	CHECK(snap_same_name("a\x01", "a\x7f"));
	CHECK(!snap_same_name("a\n", "a\x01"));
	CHECK(!snap_same_name("a", "ab"));
	CHECK(!snap_same_name("a\\x00", "a"));
	CHECK(snap_same_name("", ""));
}

static struct snap_counter *counter(struct snapshot *s, uint32_t dev, const char *name,
				    uint64_t v)
{
	struct snap_counter *c = snap_push(&s->counters, sizeof(*c));

	c->dev = dev;
	c->port = 1;
	c->name = snap_str(s, name, 64);
	c->value = v;
	return c;
}

static struct snap_dev *dev(struct snapshot *s, uint32_t index, const char *name)
{
	struct snap_dev *d = snap_push(&s->devs, sizeof(*d));

	d->index = index;
	snprintf(d->name, sizeof(d->name), "%s", name);
	return d;
}

static void test_dedup(void)
{
	struct snapshot s;

	snap_init(&s);
	dev(&s, 0, "a");
	dev(&s, 1, "a");
	dev(&s, 2, "a~2");
	dev(&s, 3, "b\xff");
	dev(&s, 4, "b\xfe");
	counter(&s, 0, "x", 1);
	counter(&s, 0, "x", 2);		/* sent twice: the first kept */
	counter(&s, 0, "y\x01", 3);
	counter(&s, 0, "y\x02", 4);	/* the same once printed */
	counter(&s, 1, "x", 5);		/* another device (renamed) */
	counter(&s, 9, "x", 6);		/* no such device: labelled 9 */
	counter(&s, 0, "z", 7)->port = 2;
	counter(&s, 0, "x", 8)->source = SNAP_SRC_PMA;
	snap_dedup(&s);
	CHECK_EQ_S(SNAP_AT(&s.devs, struct snap_dev, 0)->name, "a");
	/* NAME~2 is a later device's: the next free one */
	CHECK_EQ_S(SNAP_AT(&s.devs, struct snap_dev, 1)->name, "a~3");
	CHECK_EQ_S(SNAP_AT(&s.devs, struct snap_dev, 2)->name, "a~2");
	CHECK_EQ_S(SNAP_AT(&s.devs, struct snap_dev, 3)->name, "b\xff");
	CHECK_EQ_S(SNAP_AT(&s.devs, struct snap_dev, 4)->name, "b\xfe~2");
	CHECK_EQ_U(s.counters.n, 6);
	CHECK_EQ_U(SNAP_AT(&s.counters, struct snap_counter, 0)->value, 1);
	CHECK_EQ_U(SNAP_AT(&s.counters, struct snap_counter, 1)->value, 3);
	CHECK_EQ_U(SNAP_AT(&s.counters, struct snap_counter, 2)->value, 5);
	CHECK_EQ_U(SNAP_AT(&s.counters, struct snap_counter, 3)->value, 6);
	CHECK_EQ_U(SNAP_AT(&s.counters, struct snap_counter, 4)->value, 7);
	CHECK_EQ_U(SNAP_AT(&s.counters, struct snap_counter, 5)->value, 8);
	/* a device named like the label of a missing one's index: the first kept */
	snap_clear(&s);
	dev(&s, 0, "7");
	counter(&s, 0, "x", 1);
	counter(&s, 7, "x", 2);
	snap_dedup(&s);
	CHECK_EQ_U(s.counters.n, 1);
	snap_free(&s);
}

/*
 * A netdev's names are one string for all its ports: more names than the
 * hashes kept by string id (1,024), shared by three devices whose rows
 * interleave, and the same names again under other ids, which go.
 */
static void test_shared_ids(void)
{
	enum { NAMES = 1500 };
	static uint32_t id[NAMES];
	struct snapshot s;
	size_t i, n, dropped = 0;
	uint32_t d;
	char name[32];

	snap_init(&s);
	dev(&s, 0, "mlx5_1");
	dev(&s, 1, "mlx5_2");
	dev(&s, 2, "mlx5_12");
	for (i = 0; i < NAMES; i++) {
		snprintf(name, sizeof(name), "rx_prio%zu_pause", i);
		id[i] = snap_str(&s, name, sizeof(name));
	}
	for (i = 0; i < NAMES; i++)
		for (d = 0; d < 3; d++) {
			struct snap_counter *c = counter(&s, d, "", i * 3 + d);

			c->name = id[i];
		}
	/* the same text, another id: the second of a series */
	for (i = 0; i < NAMES; i += 100) {
		snprintf(name, sizeof(name), "rx_prio%zu_pause", i);
		counter(&s, i % 3, name, 1u << 30);
		dropped++;
	}
	n = s.counters.n;
	snap_dedup(&s);
	CHECK_EQ_U(s.counters.n, n - dropped);
	for (i = 0; i < s.counters.n; i++) {
		const struct snap_counter *c = SNAP_AT(&s.counters, struct snap_counter, i);

		if (c->value != i) {
			CHECK_EQ_U(c->value, i);
			break;
		}
	}
	snap_free(&s);
}

/* a run as src/net/estats.c pushes one: names a0.. on (dev, port 1) */
static void run(struct snapshot *s, uint32_t dev, uint32_t set, size_t n, uint64_t v0)
{
	size_t i;
	char name[24];

	for (i = 0; i < n; i++) {
		struct snap_counter *c;

		snprintf(name, sizeof(name), "a%zu", i);
		c = counter(s, dev, name, v0 + i);
		c->source = SNAP_SRC_DRV;
		c->set = set;
		c->run = i ? 0 : (uint16_t)n;
	}
}

static uint64_t value(const struct snapshot *s, size_t i)
{
	return SNAP_AT(&s->counters, struct snap_counter, i)->value;
}

/*
 * Runs (struct snap_counter's run): alone, kept whole without a look; the
 * same netdev's set twice (a recording may hold an answer twice), the
 * second's rows go; a row of another source's set of the run's key and
 * name meets the run's row; a run cut short is rows like any other.
 */
static void test_runs(void)
{
	struct snapshot s;
	size_t i;

	snap_init(&s);
	dev(&s, 0, "mlx5_0");
	dev(&s, 1, "mlx5_1");
	run(&s, 0, 7, 5, 100);
	run(&s, 1, 7, 5, 200);
	counter(&s, 0, "a1", 1);	/* another source: kept */
	snap_dedup(&s);
	CHECK_EQ_U(s.counters.n, 11);
	CHECK_EQ_U(SNAP_AT(&s.counters, struct snap_counter, 0)->run, 5);
	CHECK_EQ_U(SNAP_AT(&s.counters, struct snap_counter, 5)->run, 5);
	/* the same run twice, then a single row of its key and a name */
	snap_clear(&s);
	dev(&s, 0, "mlx5_0");
	counter(&s, 0, "x", 1)->source = SNAP_SRC_DRV;
	run(&s, 0, 7, 4, 100);
	run(&s, 0, 7, 4, 200);
	counter(&s, 0, "a2", 2)->source = SNAP_SRC_DRV;
	counter(&s, 0, "a9", 3)->source = SNAP_SRC_DRV;
	snap_dedup(&s);
	CHECK_EQ_U(s.counters.n, 6);
	CHECK_EQ_U(value(&s, 0), 1);
	for (i = 0; i < 4; i++)
		CHECK_EQ_U(value(&s, 1 + i), 100 + i);
	CHECK_EQ_U(value(&s, 5), 3);
	/* looked at row by row: no longer a run */
	CHECK_EQ_U(SNAP_AT(&s.counters, struct snap_counter, 1)->run, 0);
	/* a single row of the run's key before it: the run's row goes */
	snap_clear(&s);
	dev(&s, 0, "mlx5_0");
	counter(&s, 0, "a3", 9)->source = SNAP_SRC_DRV;
	run(&s, 0, 7, 5, 100);
	snap_dedup(&s);
	CHECK_EQ_U(s.counters.n, 5);
	CHECK_EQ_U(value(&s, 0), 9);
	CHECK_EQ_U(value(&s, 4), 104);
	/* a run longer than the rows left, alone: each row looked at */
	snap_clear(&s);
	dev(&s, 0, "mlx5_0");
	run(&s, 0, 7, 3, 100);
	counter(&s, 0, "a0", 5)->source = SNAP_SRC_DRV;
	SNAP_AT(&s.counters, struct snap_counter, 0)->run = 9;
	snap_dedup(&s);
	CHECK_EQ_U(s.counters.n, 3);
	CHECK_EQ_U(value(&s, 2), 102);
	snap_free(&s);
}

TEST_MAIN(test_escape, test_same_name, test_dedup, test_shared_ids, test_runs)
