// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Ports query in two steps (src/prom/query.c, client.c): the top rows
 * ranked alone, then every field of their hosts' ports only, the count
 * of every port unrestricted.  Real Prometheus runs both in tests/cluster
 * (the top rows by ERR/s equal its own PromQL's); here, their text.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "prom.h"
#include "test.h"

/* occurrences of s in q */
static size_t count(const char *q, const char *s)
{
	size_t n = 0;

	for (q = strstr(q, s); q; q = strstr(q + 1, s))
		n++;
	return n;
}

static void test_top_text(void)
{
	struct prom_qctx c = { .match = "job=\"rdma\"", .window = 60 };
	char q[131072], one[131072];
	const char *rows = "instance=~\"h1:9101|h2:9101\"";
	const char *count_part;

	/* a pane that does not rank in Prometheus: one step */
	CHECK_EQ_U(prom_q_top_text(PROM_Q_PORTS, &c, q, sizeof(q)), -ENOENT);
	c.ports = (struct prom_qtop){ .n = 50, .col = "state" };
	CHECK_EQ_U(prom_q_top_text(PROM_Q_PORTS, &c, q, sizeof(q)), -ENOENT);
	CHECK_EQ_U(prom_q_top_text(PROM_Q_JOBS, &c, q, sizeof(q)), -EINVAL);
	/* the first step: the top 50 by ERR/s, a port without it as NaN */
	c.ports = (struct prom_qtop){ .n = 50, .col = "err", .match = "device=\"mlx5_0\"" };
	CHECK(prom_q_top_text(PROM_Q_PORTS, &c, q, sizeof(q)) > 0);
	CHECK(!strncmp(q, "topk(50, (sum by (instance, device, port) (rate(rdma_port_errors_total{",
		       70));
	CHECK(strstr(q, "* NaN)") != NULL && !strstr(q, "label_replace") && !strstr(q, "$"));
	CHECK(strstr(q, "job=\"rdma\",device=\"mlx5_0\",") != NULL);
	/* the second step's text is the one step's but for the matcher:
	 * in every selector of the fields and the ranking, not the count's */
	CHECK(prom_q_text(PROM_Q_PORTS, &c, one, sizeof(one)) > 0);
	c.ports.rows = rows;
	CHECK(prom_q_text(PROM_Q_PORTS, &c, q, sizeof(q)) > 0);
	count_part = strstr(q, "label_replace(count(");
	CHECK(count_part != NULL && !strstr(count_part, rows));
	CHECK_EQ_U(count(q, rows), count(one, "device=\"mlx5_0\",") - count(count_part, "device="));
	CHECK(strlen(q) == strlen(one) + count(q, rows) * (strlen(rows) + 1));
	/* with a search: its top rows are restricted too */
	c.ports.search = "h1";
	CHECK(prom_q_top_text(PROM_Q_PORTS, &c, one, sizeof(one)) > 0);
	CHECK(strstr(one, " or topk(50, ((") != NULL && strstr(one, "instance=~\".*h1.*\""));
	CHECK(prom_q_text(PROM_Q_PORTS, &c, q, sizeof(q)) > 0 && count(q, rows) >= 6);
	CHECK_EQ_U(prom_q_top_text(PROM_Q_PORTS, &c, q, 64), -ENOSPC);
}

static void test_rows(void)
{
	struct prom_label l[6] = {
		{ "instance", "h2:9101" }, { "instance", "h1:9101" },
		{ "instance", "h2:9101" }, { "instance", "a.b|c\"\\" },
		{ "device", "mlx5_0" },	   { "instance", "esc\x1b]0;x\x07" },
	};
	struct prom_series s[5] = {
		{ .labels = &l[0], .n_labels = 1 }, { .labels = &l[1], .n_labels = 1 },
		{ .labels = &l[2], .n_labels = 1 }, { .labels = &l[3], .n_labels = 2 },
		{ .labels = &l[5], .n_labels = 1 },
	};
	struct prom_vector v = { s, 3 };
	char m[256];

	/* sorted, each host once */
	CHECK_EQ_U(prom_q_rows(&v, m, sizeof(m)), 0);
	CHECK_EQ_S(m, "instance=~\"h1:9101|h2:9101\"");
	/* RE2 and PromQL's string: the value matches itself alone, a control
	 * byte written as \xNN */
	v.n = 5;
	CHECK_EQ_U(prom_q_rows(&v, m, sizeof(m)), 0);
	CHECK_EQ_S(m,
		   "instance=~\"a\\\\.b\\\\|c\\\"\\\\\\\\|esc\\x1b\\\\]0;x\\x07|h1:9101|h2:9101\"");
	/* past the room: nothing, the rows unrestricted */
	CHECK_EQ_U(prom_q_rows(&v, m, 24), -ENOSPC);
	CHECK_EQ_S(m, "");
	/* no row: a matcher no host has */
	v.n = 0;
	CHECK_EQ_U(prom_q_rows(&v, m, sizeof(m)), 0);
	CHECK_EQ_S(m, "instance=~\"\"");
}

TEST_MAIN(test_top_text, test_rows)
