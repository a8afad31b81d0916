// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cluster view's recording rules (src/prom/query.c): the queries that
 * read the recorded series compute no rate of their own, the raw ones
 * name no recorded series, and the rules' window decides which are sent.
 */
#include <math.h>
#include <string.h>

#include "prom.h"
#include "test.h"

/* the queries of rates: with the rules, no rate() and no window in them */
static void test_rules_text(void)
{
	static const enum prom_q rated[] = { PROM_Q_HOST, PROM_Q_ERR, PROM_Q_PORTS, PROM_Q_JOBS };
	struct prom_qctx c = { .match = "rack=\"r1\"", .window = 4 };
	char q[16384];
	size_t i;
	int k;

	for (k = 0; k < 2; k++) {
		/* every row, then the top 60 by a rate (util: rx and tx) */
		if (k) {
			c.ports = (struct prom_qtop){ .n = 60, .col = "util", .search = "mlx" };
			c.jobs = (struct prom_qtop){ .n = 60, .col = "psn" };
		}
		for (i = 0; i < sizeof(rated) / sizeof(rated[0]); i++) {
			c.recorded = false;
			CHECK(prom_q_text(rated[i], &c, q, sizeof(q)) > 0);
			CHECK(strstr(q, "rate(") && strstr(q, "[4s]") && !strstr(q, "rdma:"));
			c.recorded = true;
			CHECK(prom_q_text(rated[i], &c, q, sizeof(q)) > 0);
			if (strstr(q, "rate(") || strstr(q, "[4s]") ||
			    !strstr(q, ":rate{rack=\"r1\","))
				fprintf(stderr, "%s: %s\n", prom_q_name(rated[i]), q);
			CHECK(!strstr(q, "rate(") && !strstr(q, "[4s]"));
			CHECK(strstr(q, ":rate{rack=\"r1\",") != NULL); /* --match kept */
		}
	}
	/* the others are the same either way */
	c.recorded = true;
	CHECK(prom_q_text(PROM_Q_QPS, &c, q, sizeof(q)) > 0 && !strstr(q, "rdma:"));
	CHECK_EQ_S(prom_q_rules(), "max by (window_seconds) (rdma:rdmatop_rules_info)");
}

static void test_rules_window(void)
{
	struct prom_label l60 = { "window_seconds", "60" }, l4 = { "window_seconds", "4" },
			  bad = { "window_seconds", "4s" };
	struct prom_series s[] = {
		{ &bad, 1, 1, 0 },
		{ &l60, 1, 1, 0 },
		{ &l4, 1, 1, 0 },
	};
	struct prom_vector v = { s, 3 }, none = { NULL, 0 };
	char why[320];

	CHECK(prom_rules_window(&v, 4) == 4); /* the one that fits */
	CHECK(prom_rules_window(&v, 120) == 60); /* else the first readable */
	CHECK(prom_rules_window(&none, 4) == 0);
	CHECK(prom_rules_window(NULL, 4) == 0);
	CHECK(prom_rules_say(4, 4, why, sizeof(why)));
	CHECK_EQ_S(why, "recording rules: rates as recorded, rate[4s]");
	CHECK(!prom_rules_say(60, 4, why, sizeof(why)));
	CHECK_EQ_S(why, "recording rules' window 60s, not rate[4s]: raw queries");
	CHECK(!prom_rules_say(0, 60, why, sizeof(why)));
	CHECK_EQ_S(why, "no recording rules: raw queries, rate[60s]");
	CHECK(!prom_rules_say(-1, 60, why, sizeof(why)));
	CHECK_EQ_S(why, "recording rules not known: raw queries, rate[60s]");
}

TEST_MAIN(test_rules_text, test_rules_window)
