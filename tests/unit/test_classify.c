// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The counter classification (classify.h): the table is consistent, known
 * counters get their class, unknown ones a rule, the README's example
 * counts real errors only, every counter name of every recording and
 * capture is classed by the table or by a rule (never by default), and
 * doc/counters.md lists exactly the table.
 */
#include <glob.h>
#include <math.h>

#include "classify.h"
#include "history.h"
#include "rate.h"
#include "source.h"
#include "test_nl_ref.h"

static void test_table(void)
{
	size_t ng, g, i, h, j;
	const struct cnt_group *grp = cnt_groups(&ng);

	CHECK(ng >= 9);
	for (g = 0; g < ng; g++) {
		CHECK(grp[g].n > 0 && grp[g].driver && grp[g].file && grp[g].kernel);
		for (i = 0; i < grp[g].n; i++) {
			const struct cnt_entry *e = &grp[g].e[i];
			const struct cnt_entry *f = cnt_lookup(e->name);

			CHECK(e->name && *e->name && e->cls < CNT_CLASS_N);
			CHECK(!(e->flags & ~(CNT_F_RETX | CNT_F_CNP | CNT_F_NETDEV)));
			CHECK(!(e->flags & CNT_F_RETX) || e->cls == CNT_ERROR);
			CHECK(!(e->flags & CNT_F_NETDEV) || e->cls == CNT_ERROR);
			CHECK(!(e->flags & CNT_F_CNP) || e->cls == CNT_CONGESTION);
			/* found, and a name repeated anywhere means the same */
			CHECK(f && f->cls == e->cls && f->flags == e->flags && f->link == e->link);
			if (!f || f->cls != e->cls || f->flags != e->flags || f->link != e->link)
				fprintf(stderr, "  %s (%s) disagrees with another entry\n",
					e->name, grp[g].driver);
			for (h = g; h < ng; h++)
				for (j = h == g ? i + 1 : 0; j < grp[h].n; j++)
					if (!strcmp(e->name, grp[h].e[j].name))
						CHECK(h != g);	/* not twice in one file */
		}
	}
}

static void expect(const char *name, uint8_t cls, uint8_t flags)
{
	uint8_t f = 0xff, c = cnt_classify(name, &f);

	if (c != cls || f != flags) {
		test_failures++;
		fprintf(stderr, "%s: %s is %s/%s 0x%x, not %s/%s 0x%x\n", test_name, name,
			cnt_class_name(c), cnt_by_name(f), f, cnt_class_name(cls),
			cnt_by_name(flags), flags);
	}
}

static void test_known(void)
{
	/* rxe's completer running later is no error (6.x README's ERR/s) */
	expect("ack_deferred", CNT_INFO, 0);
	expect("completer_retry_err", CNT_ERROR, CNT_F_RETX);
	expect("retry_exceeded_err", CNT_ERROR, 0);
	expect("sent_pkts", CNT_TRAFFIC, 0);
	/* mlx5: real errors counted, flushes and CNPs apart */
	expect("out_of_buffer", CNT_ERROR, 0);
	expect("local_ack_timeout_err", CNT_ERROR, CNT_F_RETX);
	expect("req_cqe_flush_error", CNT_FLUSH, 0);
	expect("resp_cqe_flush_error", CNT_FLUSH, 0);
	expect("np_cnp_sent", CNT_CONGESTION, CNT_F_CNP);
	expect("np_ecn_marked_roce_packets", CNT_CONGESTION, 0);
	expect("rdma_rx_bytes", CNT_TRAFFIC, 0);
	expect("vport_out_of_buffer", CNT_ERROR, 0);
	expect("vport_duplicate_request", CNT_ERROR, CNT_F_RETX);
	/* bnxt_re fills recoverable_errors from tx_bcast_pkts */
	expect("recoverable_errors", CNT_INFO, 0);
	expect("rx_ecn_marked_pkts", CNT_CONGESTION, 0);
	/* hfi1's numbered counters */
	expect("TxPktVL15", CNT_TRAFFIC, 0);
	expect("RcvHdrOvr25", CNT_ERROR, 0);
	expect("TxWaitVL0", CNT_CONGESTION, 0);
	expect("TxPkt", CNT_TRAFFIC, 0);
	/* the IB PMA set and the netdev */
	expect("symbol_error", CNT_ERROR, 0);
	expect("port_xmit_wait", CNT_CONGESTION, 0);
	expect("port_xmit_data", CNT_TRAFFIC, 0);
	expect("VL15_dropped", CNT_ERROR, 0);
	expect("rx_dropped", CNT_ERROR, 0);
	expect("rx_bytes", CNT_TRAFFIC, 0);
	CHECK(!cnt_lookup(NULL) && !cnt_lookup("") && !cnt_lookup("15"));
	CHECK(!cnt_lookup("vport_") && !cnt_lookup("TxPktVL"));
	CHECK_EQ_S(cnt_class_name(CNT_CLASS_N), "info");
	CHECK_EQ_S(cnt_class_name(200), "info");
}

static void test_rules(void)
{
	expect("new_cqe_flush_err", CNT_FLUSH, CNT_F_RULE);
	expect("rx_cnp_err", CNT_CONGESTION, CNT_F_RULE);
	expect("CceCsrParityErr", CNT_ERROR, CNT_F_RULE);	/* hfi1 chip.c dev_cntrs */
	expect("rx_discards_phy", CNT_ERROR, 0);	/* mlx5 en_stats.c, in the table */
	/* per priority (mlx5 en_stats.c, ice, bnxt_en): pauses are flow
	 * control, their discards errors */
	expect("rx_prio3_pause", CNT_FLOW, CNT_F_RULE);
	expect("rx_prio3_pause_duration", CNT_FLOW, CNT_F_RULE);
	expect("tx_prio5_pause_transition", CNT_FLOW, CNT_F_RULE);
	expect("rx_prio3_discards", CNT_ERROR, CNT_F_RULE);
	expect("rx_priority_3_xoff.nic", CNT_FLOW, CNT_F_RULE);
	expect("pfc_pri3_rx_duration_us", CNT_FLOW, CNT_F_RULE);
	expect("requests_prio3", CNT_FLOW, 0);
	expect("fec_uncorrectable_blocks", CNT_ERROR, 0);
	expect("tx_pause_storm_error_events", CNT_ERROR, 0);
	CHECK(!cnt_is_error(CNT_FLOW) && cnt_is_problem(CNT_FLOW));
	CHECK_EQ_S(cnt_class_name(CNT_FLOW), "flow");
	expect("tx_vport_rdma_unicast_bytes", CNT_TRAFFIC, CNT_F_RULE);
	expect("num_alloc_pds", CNT_INFO, CNT_F_DEFAULT);
	expect("lifespan", CNT_INFO, CNT_F_DEFAULT);
	expect("", CNT_INFO, CNT_F_DEFAULT);
	CHECK_EQ_S(cnt_by_name(0), "table");
	CHECK_EQ_S(cnt_by_name(CNT_F_RULE), "rule");
	CHECK_EQ_S(cnt_by_name(CNT_F_DEFAULT), "default");
}

static uint8_t unit_first(const char *name)
{
	return name[0] == 'r' ? SNAP_UNIT_BYTES : SNAP_UNIT_PACKETS;
}

static uint8_t unit_events(const char *name)
{
	(void)name;
	return SNAP_UNIT_EVENTS;
}

/*
 * The names kept (cnt_name): what the table and rules say, each unit
 * function's own unit, a name's string once a fill of a snapshot, a NUL
 * inside a name kept apart from the name it ends, a name too long for
 * the memo answered all the same.
 */
static void test_memo(void)
{
	static const char *const names[] = {
		"rx_prio3_pause", "out_of_buffer", "TxPktVL15", "lifespan", "vport_out_of_buffer",
		"rx_vport_rdma_unicast_bytes_longer_than_the_memo_keeps_xx",
	};
	struct snapshot s;
	size_t n, r, len;
	uint32_t id, id2;

	snap_init(&s);
	for (r = 0; r < 3; r++) {
		if (r == 2)
			snap_clear(&s);
		for (n = 0; n < sizeof(names) / sizeof(names[0]); n++) {
			struct cnt_info i, j;
			uint8_t f, c = cnt_classify(names[n], &f);
			size_t before;

			len = strlen(names[n]);
			i = cnt_name(&s, names[n], len + 1, unit_first, &id);
			j = cnt_name(&s, names[n], len, unit_events, &id2);
			CHECK(i.cls == c && i.flags == f && i.e == cnt_lookup(names[n]));
			CHECK(j.cls == c && j.flags == f && j.e == i.e);
			CHECK_EQ_U(i.unit, unit_first(names[n]));
			CHECK_EQ_U(j.unit, SNAP_UNIT_EVENTS);
			CHECK_EQ_S(snap_s(&s, id), names[n]);
			CHECK_EQ_S(snap_s(&s, id2), names[n]);
			/* the same name again in this fill: no string more */
			before = s.strs.len;
			CHECK_EQ_U(cnt_name(&s, names[n], len, unit_first, &id2).unit, i.unit);
			if (len < CNT_MEMO_NAME)
				CHECK(id2 == id && s.strs.len == before);
		}
	}
	/* names no other test asks, the longer first */
	CHECK_EQ_U(cnt_name(&s, "rx_memo_pause\0x", 15, unit_first, &id).cls, CNT_FLOW);
	CHECK_EQ_S(snap_s(&s, id), "rx_memo_pause\\x00x");
	CHECK_EQ_U(cnt_name(&s, "rx_memo_pause", 13, unit_first, &id).cls, CNT_FLOW);
	CHECK_EQ_S(snap_s(&s, id), "rx_memo_pause");
	CHECK_EQ_U(cnt_name(&s, "rx_bytes\0x", 10, unit_first, &id).e, NULL);
	CHECK_EQ_S(snap_s(&s, id), "rx_bytes\\x00x");
	CHECK_EQ_U(cnt_name(&s, "rx_bytes", 8, unit_first, &id).e, cnt_lookup("rx_bytes"));
	CHECK_EQ_S(snap_s(&s, id), "rx_bytes");
	snap_free(&s);
}

/* The README's screenshot: demo.rdrec at sample 41, rxe0 port 1.  The old
 * substring rule summed ack_deferred (521/s) into ERR/s' 527/s. */
static void test_readme(void)
{
	struct snapshot a, b;
	struct source src = { 0 };
	char err[256];
	double ack = NAN, real = 0, erate;
	bool any;
	size_t i;

	snap_init(&a);
	snap_init(&b);
	CHECK_EQ_U(source_replay_open(&src, test_data("demo.rdrec"), err, sizeof(err)), 0);
	CHECK_EQ_U(src.ops->seek(&src, 39), 0);
	CHECK_EQ_U(source_sample(&src, &a), 0);
	CHECK_EQ_U(source_sample(&src, &b), 0);
	source_close(&src);
	CHECK_EQ_U(rate_compute(&a, &b), 0);
	for (i = 0; i < b.counters.n; i++) {
		const struct snap_counter *c = SNAP_AT(&b.counters, struct snap_counter, i);
		const char *n = snap_s(&b, c->name);

		if (c->dev || c->port != 1 || c->rate_status != RATE_DATA)
			continue;
		if (!strcmp(n, "ack_deferred"))
			ack = c->rate;
		if (!strcmp(n, "duplicate_request") || !strcmp(n, "completer_retry_err"))
			real += c->rate;
	}
	erate = hist_error_rate(&b, 0, 1, &any);
	CHECK(any);
	CHECK(ack > 500 && ack < 530);
	CHECK(real > 5 && real < 7);
	CHECK(fabs(erate - real) < 1e-9);
	CHECK(erate + ack > 520);	/* what the old rule showed */
	snap_free(&a);
	snap_free(&b);
}

static int unclassed;

static void check_name(const char *what, const char *name, const struct snap_counter *c)
{
	uint8_t f, cls = cnt_classify(name, &f);

	if (f & CNT_F_DEFAULT) {
		unclassed++;
		fprintf(stderr, "  unclassified without a rule: %s in %s\n", name, what);
	}
	/* what the parsers stored is the classification of the name */
	if (c && (c->cls != cls || c->cls_flags != f)) {
		test_failures++;
		fprintf(stderr, "  %s in %s: parsed as %s, classed %s\n", name, what,
			cnt_class_name(c->cls), cnt_class_name(cls));
	}
}

static void check_snap(const char *what, const struct snapshot *s)
{
	size_t i;

	for (i = 0; i < s->counters.n; i++) {
		const struct snap_counter *c = SNAP_AT(&s->counters, struct snap_counter, i);

		check_name(what, snap_s(s, c->name), c);
	}
	for (i = 0; i < s->objcnts.n; i++) {
		const struct snap_counter *c = SNAP_AT(&s->objcnts, struct snap_counter, i);

		check_name(what, snap_s(s, c->name), c);
	}
	for (i = 0; i < s->optcnts.n; i++)
		check_name(what, snap_s(s, SNAP_AT(&s->optcnts, struct snap_optcnt, i)->name),
			   NULL);
}

static size_t each(const char *pattern, void (*fn)(const char *path))
{
	glob_t g;
	size_t i, n;

	if (glob(pattern, 0, NULL, &g))
		return 0;
	for (i = 0; i < g.gl_pathc; i++)
		fn(g.gl_pathv[i]);
	n = g.gl_pathc;
	globfree(&g);
	return n;
}

static size_t n_counters;

static void recording(const char *path)
{
	struct snapshot s;
	struct source src = { 0 };
	char err[256];
	int ret;

	snap_init(&s);
	CHECK_EQ_U(source_replay_open(&src, path, err, sizeof(err)), 0);
	while ((ret = source_sample(&src, &s)) == 0) {
		check_snap(path, &s);
		n_counters += s.counters.n;
		snap_clear(&s);
	}
	CHECK(ret == 1);
	source_close(&src);
	snap_free(&s);
}

static void capture(const char *path)
{
	struct snapshot s;
	struct replay r;

	snap_init(&s);
	replay_file(&s, path, &r, false);
	CHECK_EQ_U(r.errors, 0);
	check_snap(path, &s);
	n_counters += s.counters.n;
	snap_free(&s);
}

/* Every recording (tests/data, its hardware fixtures) and every stat
 * capture (tests/data/ref; $RDMATOP_CAPTURES too, laid out the same). */
static void test_fixtures(void)
{
	const char *caps = getenv("RDMATOP_CAPTURES");
	char pat[1024];
	size_t n = 0;

	unclassed = 0;
	n_counters = 0;
	n += each(test_data("*.rdrec"), recording);
	n += each(test_data("*/*.rdrec"), recording);
	n += each(test_data("hw/*/*.rdrec"), recording);
	n += each(test_data("ref/*/stat*.nlhex"), capture);
	if (caps) {
		snprintf(pat, sizeof(pat), "%s/*/stat*.nlhex", caps);
		n += each(pat, capture);
	}
	CHECK(n >= 30);
	CHECK(n_counters > 1000);
	CHECK_EQ_U(unclassed, 0);
}

/* doc/counters.md between its markers: the groups and the rules, as
 * built here from the code.  RDMATOP_REGEN_DOC=1 writes them in. */
static char *doc_table(void)
{
	static const char *const link_name[] = {
		[CNT_L_RX_BYTES] = "rx bytes", [CNT_L_TX_BYTES] = "tx bytes",
		[CNT_L_RX_PKTS] = "rx packets", [CNT_L_TX_PKTS] = "tx packets",
	};
	size_t ng, nr, g, i, w, len = 0, cap = 1 << 16;
	const struct cnt_group *grp = cnt_groups(&ng);
	const struct cnt_rule *rules = cnt_rules(&nr);
	char *b = malloc(cap);

#define OUT(...) (len += (size_t)snprintf(b + len, cap - len, __VA_ARGS__))
	if (!b)
		return NULL;
	b[0] = '\0';
	for (g = 0; g < ng; g++) {
		OUT("\n### %s: `%s` (%s)\n\n| counter | class | also |\n|---|---|---|\n",
		    grp[g].driver, grp[g].file, grp[g].kernel);
		for (i = 0; i < grp[g].n; i++) {
			const struct cnt_entry *e = &grp[g].e[i];
			const char *also = e->flags & CNT_F_RETX ? "retransmit" :
					   e->flags & CNT_F_CNP ? "CNP" :
					   e->flags & CNT_F_NETDEV ? "in the netdev statistics too" : "";

			OUT("| `%s` | %s | %s", e->name, cnt_class_name(e->cls), also);
			if (e->width == CNT_W_FIXED)
				OUT("%s%u bits", *also ? ", " : "", e->bits);
			else if (e->width == CNT_W_EXT)
				OUT("%s%u bits, 64 with PortCountersExtended", *also ? ", " : "",
				    e->bits);
			else if (e->width == CNT_W_EXT_ONLY)
				OUT("%s64 bits, PortCountersExtended only", *also ? ", " : "");
			if (e->sat)
				OUT("%ssaturates", *also || e->width != CNT_W_64 ? ", " : "");
			if (e->link)
				OUT("%slink %s", *also || e->width != CNT_W_64 || e->sat ? ", " : "",
				    link_name[e->link]);
			OUT(" |\n");
		}
	}
	OUT("\n### Rules, in order (first match wins)\n\n| words (any case) | class | why |\n"
	    "|---|---|---|\n");
	for (i = 0; i < nr; i++) {
		OUT("| ");
		for (w = 0; rules[i].words[w]; w++)
			OUT("%s`%s`", w ? " " : "", rules[i].words[w]);
		OUT(" | %s | %s |\n", cnt_class_name(rules[i].cls), rules[i].why);
	}
	OUT("\nA name no rule matches is taken as info (`class_by` \"default\").\n");
#undef OUT
	CHECK(len < cap);
	return b;
}

static void test_doc(void)
{
	test_doc_section("doc/counters.md", "<!-- the table: tests/unit/test_classify.c -->\n", "<!-- end of the table -->\n", doc_table(), "build/tests/test_classify");
}

/* a name's unit: a priority's bytes are bytes, a size bucket's packets, a
 * duration microseconds (mlx5 en_stats.c, bnxt_en bnxt_ethtool.c) */
static void test_unit(void)
{
	static const struct {
		const char *name;
		uint8_t unit;
	} u[] = {
		{ "rx_prio3_bytes", SNAP_UNIT_BYTES }, { "tx_prio0_bytes", SNAP_UNIT_BYTES },
		{ "rx_65_to_127_bytes_phy", SNAP_UNIT_PACKETS }, { "rx_64_bytes_phy", SNAP_UNIT_PACKETS },
		{ "rx_prio3_pause_duration", SNAP_UNIT_USEC },
		{ "pfc_pri3_rx_duration_us", SNAP_UNIT_USEC }, { "rx_bytes_phy", SNAP_UNIT_BYTES },
		{ "rx0_bytes", SNAP_UNIT_BYTES }, { "rcvd_pkts", SNAP_UNIT_PACKETS },
		{ "ip4InOctets", SNAP_UNIT_BYTES }, { "ip6OutPkts", SNAP_UNIT_PACKETS },
		{ "rx_prio3_pause", SNAP_UNIT_EVENTS },
	};
	size_t i;

	for (i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
		if (cnt_unit(u[i].name) != u[i].unit)
			fprintf(stderr, "%s: %s\n", u[i].name, cnt_unit_name(cnt_unit(u[i].name)));
		CHECK_EQ_U(cnt_unit(u[i].name), u[i].unit);
	}
	CHECK_EQ_S(cnt_unit_name(SNAP_UNIT_USEC), "microseconds");
	CHECK_EQ_S(cnt_unit_name(200), "events");
}

TEST_MAIN(test_table, test_known, test_rules, test_memo, test_readme, test_fixtures, test_doc,
	  test_unit)
