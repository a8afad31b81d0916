// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The OpenMetrics / Prometheus exposition: golden output of a hand-built
 * snapshot (an IB port with PMA counters, a Soft-RoCE port with netdev
 * statistics), hostile names that must not break the format, and the cap
 * on per-process series.
 */
#include <errno.h>
#include <unistd.h>

#include "classify.h"
#include "hostile.h"
#include "omsnap.h"
#include "nl.h"
#include "out.h"
#include "sysfs.h"
#include "test.h"

static void port(struct snapshot *s, uint32_t d, const char *ndev, const char *ll,
		 const char *rate)
{
	struct snap_port *p = snap_port_get(s, d, 1);

	p->state = 4;
	p->phys_state = 5;
	p->valid = SNAP_PORT_STATE | SNAP_PORT_PHYS_STATE | SNAP_PORT_LINK_LAYER;
	snprintf(p->link_layer, sizeof(p->link_layer), "%s", ll);
	if (ndev) {
		snprintf(p->ndev, sizeof(p->ndev), "%s", ndev);
		p->valid |= SNAP_PORT_NDEV;
	}
	if (rate) {
		snprintf(p->rate, sizeof(p->rate), "%s", rate);
		p->valid |= SNAP_PORT_RATE;
	}
}

static void counter(struct snapshot *s, uint32_t d, uint32_t p, enum snap_src src,
		    const char *name, uint64_t v)
{
	struct snap_counter *c = snap_push(&s->counters, sizeof(*c));

	c->dev = d;
	c->port = p;
	c->source = (uint8_t)src;
	c->name = snap_str(s, name, 64);
	c->cls = cnt_classify(name, &c->cls_flags);
	c->value = v;
	/* the unit as each source's parser gives it */
	if (src == SNAP_SRC_HW) {
		c->unit = nl_stat_unit(name);
	} else if (src == SNAP_SRC_PMA) {
		int words;

		c->unit = (uint8_t)sysfs_pma_unit(name, &words);
	} else {
		c->unit = (uint8_t)sysfs_netdev_unit(name);
	}
}

static void build(struct snapshot *s)
{
	struct snap_owner k = { .kern = snap_str(s, "ib_core", 64), .valid = SNAP_OWN_KERN };

	s->wall.tv_sec = 1700000000;
	s->wall.tv_nsec = 250000000;
	oms_dev(s, 0, "rxe0");
	oms_dev(s, 1, "mlx5_0");
	port(s, 0, "dummy0", "Ethernet", "2.5 Gb/sec (1X SDR)");
	port(s, 1, "ib0", "InfiniBand", "100 Gb/sec (4X EDR)");
	counter(s, 0, 1, SNAP_SRC_HW, "rcvd_pkts", 12);
	counter(s, 0, 1, SNAP_SRC_NETDEV, "rx_bytes", 4096);
	counter(s, 0, 1, SNAP_SRC_NETDEV, "tx_packets", 7);
	counter(s, 1, 1, SNAP_SRC_PMA, "port_rcv_data", 4000);
	counter(s, 1, 1, SNAP_SRC_PMA, "symbol_error", 0);
	/* a driver's bytes (bnxt_re): with the driver's other bytes, not its events */
	counter(s, 1, 1, SNAP_SRC_HW, "rx_roce_good_bytes", 512);
	/* an IPoIB netdev's bytes are not the port's: PMA wins */
	counter(s, 1, 1, SNAP_SRC_NETDEV, "rx_bytes", 99);
	oms_qp(s, 0, 1, 3, k);
	oms_qp(s, 0, 2, 3, oms_user(101));
	oms_qp(s, 0, 2, 6, oms_user(102));
	oms_qp(s, 1, 2, 3, oms_user(103));
	oms_task(s, 101, 100, "ib_send_bw");
	oms_task(s, 102, 100, "ib_send_bw");
	oms_task(s, 103, 103, "rping");
	/* a SLURM job (cgroup v1 layout) and a docker container */
	oms_cgroup(s, 101, "/slurm/uid_1000/job_7/step_0/task_0");
	oms_cgroup(s, 102, "/slurm/uid_1000/job_7/step_0/task_0");
	oms_cgroup(s, 103, "/system.slice/docker-0123456789abcdef.scope");
	snap_tasks_sort(s);
}

#ifdef __clang__
#define COMPILER "clang " __clang_version__
#else
#define COMPILER "gcc " __VERSION__
#endif

static void test_golden(void)
{
	struct out_om_opts o = { .format = OUT_OM_OPENMETRICS, .max_procs = 1,
				 .sample_seconds = 0.125 };
	struct snapshot s;
	char *out;

	snap_init(&s);
	build(&s);
	out = oms_render(&s, &o);
	{
		static const char *const vars[] = { "@VERSION@", RDMATOP_VERSION, "@COMPILER@",
						     COMPILER, NULL };

		test_golden_file("openmetrics.om", out, vars, "build/tests/test_out_openmetrics");
	}
	free(out);
	snap_free(&s);
}

/* The 0.0.4 text: the same samples, counters and info typed by sample name. */
static void test_prometheus_text(void)
{
	struct out_om_opts o = { .format = OUT_OM_PROMETHEUS, .max_procs = 50,
				 .sample_seconds = -1, .timed = true };
	struct snapshot s;
	char *out;

	snap_init(&s);
	build(&s);
	out = oms_render(&s, &o);
	CHECK(out && strstr(out, "# TYPE rdma_hw_stat_packets_total counter\n"
				 "rdma_hw_stat_packets_total{"));
	CHECK(out && strstr(out, "# TYPE rdma_port_info gauge\nrdma_port_info{"));
	CHECK(out && strstr(out, "# TYPE rdmatop_build_info gauge\nrdmatop_build_info{version=\""
				 RDMATOP_VERSION "\","));
	CHECK(out && strstr(out, "# HELP rdma_port_receive_bytes_total "));
	CHECK(out && strstr(out, "; pid=\"kernel\" for kernel owners"));
	CHECK(out && !strstr(out, "# UNIT") && !strstr(out, "# EOF"));
	CHECK(out && !strstr(out, "rdma_sample_duration_seconds"));
	CHECK(out && strstr(out, "\n# TYPE rdma_scrape_duration_seconds gauge\n"
				 "rdma_scrape_duration_seconds "));
	/* under the cap every process has its own series: no "other" */
	CHECK(out && strstr(out, "rdma_process_qps{pid=\"103\",comm=\"rping\",device=\"mlx5_0\","
				 "state=\"RTS\"} 1\n"));
	CHECK(out && strstr(out, "{pid=\"kernel\",comm=\"ib_core\",device=\"rxe0\",state=\"RTS\"} 1\n"));
	CHECK(out && !strstr(out, "pid=\"other\""));
	free(out);
	snap_free(&s);
}

/* Every line of an exposition is a comment or NAME[{...}] VALUE. */
static bool well_formed(const char *out)
{
	const char *l = out;

	while (*l) {
		const char *e = strchr(l, '\n'), *p = l;

		if (!e)
			return false;
		if (*l != '#') {
			while (p < e && *p != '{' && *p != ' ')
				p++;
			if (*p == '{') {
				/* label values: a quote only escaped, no raw newline */
				for (p++; p < e && *p != '}';) {
					while (p < e && *p != '"')
						p++;
					for (p++; p < e && *p != '"'; p++)
						if (*p == '\\')
							p++;
					if (p >= e)
						return false;
					p++;
					if (*p == ',')
						p++;
				}
				p++;
			}
			if (*p != ' ' || p + 1 >= e)
				return false;
		}
		l = e + 1;
	}
	return true;
}

static void test_hostile_names(void)
{
	struct snapshot s;
	char *out;

	snap_init(&s);
	build(&s);
	/* a process may call itself anything prctl(PR_SET_NAME) accepts */
	oms_task(&s, 104, 104, "a\"b\\c\nd} 1\n# EOF");
	oms_task(&s, 105, 105, "\x1b]0;x\x07\xff\xc3");
	oms_qp(&s, 0, 2, 3, oms_user(104));
	oms_qp(&s, 0, 2, 3, oms_user(105));
	snap_tasks_sort(&s);
	snprintf(SNAP_AT(&s.devs, struct snap_dev, 0)->name, SNAP_DEV_NAME_MAX, "r\"x\\e");
	out = oms_render(&s, NULL);
	CHECK(out && well_formed(out));
	CHECK(out && strstr(out, "comm=\"a\\\"b\\\\c\\nd} 1\\n# EOF\""));
	CHECK(out && strstr(out, "comm=\"\xef\xbf\xbd]0;x\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""));
	CHECK(out && strstr(out, "device=\"r\\\"x\\\\e\""));
	/* the only end marker is the real one */
	CHECK(out && strstr(out, "\n# EOF\n") == out + strlen(out) - 7);
	free(out);
	snap_free(&s);
}

/* out_om_label(str) into a new string. */
static char *label(const char *str)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	out_om_label(f, str);
	fclose(f);
	return buf;
}

/*
 * Every ill-formed unit between two of each escaped character: the label
 * ends (an alarm fails the test otherwise: `a"\xff` looped for good), each
 * unit is one U+FFFD, each escape stays what the formats define.
 */
static void test_label_units(void)
{
	static const char *const esc[] = { "\\\"", "\\\\", "\\n", "\xef\xbf\xbd",
					   "\xef\xbf\xbd", "\xef\xbf\xbd", "\xef\xbf\xbd" };
	size_t e, u;
	char *got;

	alarm(20);
	got = label("a\"\xff");
	CHECK_EQ_S(got, "a\\\"\xef\xbf\xbd");
	free(got);
	for (e = 0; hostile_esc[e]; e++) {
		for (u = 0; u < hostile_units_n; u++) {
			char in[32], want[128];

			hostile_pair(e, u, in, sizeof(in), "", esc[e], "\xef\xbf\xbd", want,
				     sizeof(want));
			got = label(in);
			CHECK_EQ_S(got, want);
			free(got);
		}
	}
	alarm(0);
}

/* QP states a newer kernel may add: one UNKNOWN series, not one per state. */
static void test_unknown_states(void)
{
	struct snapshot s;
	char *out;

	snap_init(&s);
	build(&s);
	oms_qp(&s, 0, 2, 7, oms_user(103));
	oms_qp(&s, 0, 2, 9, oms_user(103));
	oms_qp(&s, 0, 2, 200, oms_user(103));
	out = oms_render(&s, NULL);
	CHECK(out && strstr(out, "rdma_qps{device=\"rxe0\",type=\"RC\",state=\"UNKNOWN\"} 3\n"));
	CHECK(out && strstr(out, "comm=\"rping\",device=\"rxe0\",state=\"UNKNOWN\"} 3\n"));
	CHECK(out && strstr(out, "state=\"UNKNOWN\"} 3\n") == strstr(out, "state=\"UNKNOWN\""));
	free(out);
	snap_free(&s);
}

struct all_out {
	FILE *f;
	int samples, bad;
};

static int om_sample(const struct snapshot *s, void *ctx)
{
	struct all_out *a = ctx;
	int fmt;

	for (fmt = 0; fmt < 2; fmt++) {
		struct out_om_opts o = { .format = fmt ? OUT_OM_PROMETHEUS : OUT_OM_OPENMETRICS,
					 .max_procs = 50, .sample_seconds = -1 };
		char *out = oms_render(s, &o);
		size_t len = out ? strlen(out) : 0;

		if (!out || !well_formed(out) || !hostile_utf8(out, len) ||
		    (!fmt && (len < 6 || strcmp(out + len - 6, "# EOF\n"))))
			a->bad++;
		if (out)
			fputs(out, a->f);
		free(out);
	}
	a->samples++;
	return a->bad;
}

/* A real recording with each hostile name: both formats end, well formed. */
static void test_hostile_recording(void)
{
	struct all_out a = { 0 };
	char *buf = NULL;
	size_t len = 0;

	alarm(60);
	a.f = open_memstream(&buf, &len);
	CHECK(hostile_replay(om_sample, &a) > 0);
	fclose(a.f);
	alarm(0);
	CHECK_EQ_U(a.bad, 0);
	CHECK(a.samples >= (int)hostile_names_n() / 3);
	CHECK(buf && strstr(buf, "comm=\"a\\\"\xef\xbf\xbd\""));
	CHECK(buf && strstr(buf, "comm=\"\\\\\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\\\\"));
	free(buf);
}

/* 200 processes: the 50 with most QPs keep their series, the rest sum up. */
static void test_cap(void)
{
	struct out_om_opts o = { .format = OUT_OM_PROMETHEUS, .max_procs = 50,
				 .sample_seconds = -1 };
	struct snapshot s;
	char *out, *p;
	uint32_t i, j, total = 0, others = 0;
	size_t series = 0;

	snap_init(&s);
	oms_dev(&s, 0, "rxe0");
	for (i = 1; i <= 200; i++) {
		char comm[16];

		snprintf(comm, sizeof(comm), "job%u", i);
		oms_task(&s, 1000 + i, 1000 + i, comm);
		/* process i holds i % 7 + 1 QPs: ties broken by pid order */
		for (j = 0; j < i % 7 + 1; j++)
			oms_qp(&s, 0, 2, 3, oms_user(1000 + i));
		total += i % 7 + 1;
	}
	snap_tasks_sort(&s);
	out = oms_render(&s, &o);
	CHECK(out != NULL);
	for (p = out; p && (p = strstr(p, "\nrdma_process_resources{")); p++)
		if (strstr(p + 1, "type=\"qp\"") &&
		    strstr(p + 1, "type=\"qp\"") < strchr(p + 1, '\n'))
			series++;
	CHECK_EQ_U(series, 51);
	/* 28 processes hold 7 QPs (i % 7 == 6), 28 hold 6: the first 22 of those */
	CHECK(out && strstr(out, "rdma_process_resources{pid=\"1006\",comm=\"job6\",type=\"qp\"} 7\n"));
	CHECK(out && strstr(out, "rdma_process_resources{pid=\"1152\",comm=\"job152\",type=\"qp\"} 6\n"));
	CHECK(out && !strstr(out, "pid=\"1159\""));
	p = out ? strstr(out, "rdma_process_resources{pid=\"other\",comm=\"\",type=\"qp\"} ") : NULL;
	CHECK(p != NULL);
	if (p)
		others = (uint32_t)strtoul(strchr(p, '}') + 2, NULL, 10);
	CHECK_EQ_U(others, total - 28 * 7 - 22 * 6);
	CHECK(out && strstr(out, "\nrdma_processes 200\n"));
	/* the QPs by device and state add up to the same series */
	CHECK_EQ_U(oms_sum_of(out, "rdma_process_qps{"), total);
	CHECK_EQ_U(oms_sum_of(out, "rdma_process_qps{pid=\"other\""), total - 28 * 7 - 22 * 6);
	free(out);
	/* a cap of 0 sums everything */
	o.max_procs = 0;
	out = oms_render(&s, &o);
	CHECK(out && strstr(out, "rdma_process_resources{pid=\"other\",comm=\"\",type=\"qp\"} 798\n"));
	free(out);
	snap_free(&s);
}

TEST_MAIN(test_golden, test_prometheus_text, test_hostile_names, test_label_units,
	  test_hostile_recording, test_unknown_states, test_cap)
