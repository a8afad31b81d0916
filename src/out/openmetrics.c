// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One snapshot as an OpenMetrics 1.0 exposition, or as the Prometheus 0.0.4
 * text format that node_exporter's textfile collector and promtool read.
 * The two differ only in how counter and info families are declared and in
 * the closing "# EOF"; the samples are the same.
 *
 * Counters are only values that the kernel increases monotonically (driver
 * hardware counters, IB PMA counters, netdev statistics); a reset shows as a
 * drop, which Prometheus' rate() already handles; each carries its class
 * (classify.h) as a label, a function of its name, so no series more and
 * the rules sum errors by class="error".  Everything else is a
 * gauge.  Per-process series are capped: the processes holding the most
 * QPs keep their own series, the rest are summed into pid="other", so a
 * host with thousands of short-lived processes cannot explode a TSDB.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "fmt.h"
#include "names.h"
#include "om.h"
#include "truth.h"
#include "record.h"
#include "util.h"

void out_om_label(FILE *f, const char *str)
{
	const unsigned char *s = (const unsigned char *)(str ? str : "");

	while (*s) {
		const unsigned char *run = s;
		uint32_t cp;
		int n;

		while (*s >= 0x20 && *s < 0x7f && *s != '"' && *s != '\\')
			s++;
		if (s > run)
			fwrite(run, 1, (size_t)(s - run), f);
		if (!*s)
			break;
		/* n >= 1 whatever s holds: the loop always advances */
		n = fmt_utf8(s, &cp);
		if (cp == '"' || cp == '\\' || cp == '\n') {
			/* the only three escapes both formats define */
			fputc('\\', f);
			fputc(cp == '\n' ? 'n' : (int)cp, f);
		} else if (cp == FMT_UTF8_BAD || fmt_cp_control(cp)) {
			/* not UTF-8 (one U+FFFD per ill-formed unit), or a
			 * control character that has no escape: U+FFFD keeps
			 * the value valid UTF-8 and the line one line */
			fputs("\xef\xbf\xbd", f);
		} else {
			fwrite(s, 1, (size_t)n, f);
		}
		s += n;
	}
}

uint8_t out_om_known(uint8_t v, const char *(*name)(uint8_t))
{
	return strcmp(name(v), "UNKNOWN") ? v : OM_UNKNOWN_KEY;
}

/* HELP and TYPE (and UNIT in OpenMetrics) of one family. */
void out_om_family(struct om *w, const char *name, enum om_type type, const char *unit,
		      const char *help)
{
	static const char *const types[] = { "gauge", "counter", "info" };
	const char *suffix = "";

	w->family = name;
	w->type = type;
	if (w->prom) {
		/* 0.0.4 names the family by its sample name and has no info */
		suffix = type == OM_COUNTER ? "_total" : type == OM_INFO ? "_info" : "";
		if (type == OM_INFO)
			type = OM_GAUGE;
	}
	fprintf(w->f, "# HELP %s%s ", name, suffix);
	/* OpenMetrics escapes a double quote in HELP too; 0.0.4 must not */
	for (; *help; help++) {
		if (*help == '\\' || (*help == '"' && !w->prom))
			fputc('\\', w->f);
		fputc(*help, w->f);
	}
	fputc('\n', w->f);
	fprintf(w->f, "# TYPE %s%s %s\n", name, suffix, types[type]);
	if (unit && !w->prom)
		fprintf(w->f, "# UNIT %s %s\n", name, unit);
}

static void om_sample(struct om *w, const struct om_label *l, size_t n, const char *value)
{
	static const char *const suffix[] = { "", "_total", "_info" };
	size_t i;

	fprintf(w->f, "%s%s", w->family, suffix[w->type]);
	for (i = 0; i < n; i++) {
		fprintf(w->f, "%c%s=\"", i ? ',' : '{', l[i].k);
		out_om_label(w->f, l[i].v);
		fputc('"', w->f);
	}
	/* never a timestamp, not even for a carried table's rows: node_exporter's
	 * textfile collector refuses a file that has one, and Prometheus' staleness
	 * handling breaks on them; rdmatop_table_age_seconds tells the age */
	fprintf(w->f, "%s %s\n", n ? "}" : "", value);
}

void out_om_u(struct om *w, const struct om_label *l, size_t n, uint64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%" PRIu64, v);
	om_sample(w, l, n, buf);
}

void out_om_d(struct om *w, const struct om_label *l, size_t n, double v)
{
	char buf[40];
	int prec;

	/* the exposition formats' spelling of what printf says inf and nan
	 * (a value the caller did not check, e.g. a division by zero) */
	if (isnan(v) || isinf(v)) {
		om_sample(w, l, n, isnan(v) ? "NaN" : v > 0 ? "+Inf" : "-Inf");
		return;
	}
	/* the shortest form that reads back as the same double */
	for (prec = 15; prec < 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	if (prec == 17)
		snprintf(buf, sizeof(buf), "%.17g", v);
	om_sample(w, l, n, buf);
}

const char *out_om_dev_label(const struct snapshot *s, uint32_t index, char *buf, size_t len)
{
	const struct snap_dev *d = snap_dev_find(s, index);

	if (d)
		return d->name;
	snprintf(buf, len, "%" PRIu32, index);
	return buf;
}

static void om_up(struct om *w)
{
	const struct snapshot *s = w->s;
	bool sysfs = !s->ports.n, proc = !s->tasks.n;
	size_t i;

	/* a source is down when there was something to read there and not
	 * one value came back (sysfs unmounted, /proc hidden by hidepid) */
	for (i = 0; i < s->ports.n; i++)
		if (SNAP_AT(&s->ports, struct snap_port, i)->valid &
		    (SNAP_PORT_RATE | SNAP_PORT_LINK_LAYER))
			sysfs = true;
	for (i = 0; i < s->counters.n; i++)
		if (SNAP_AT(&s->counters, struct snap_counter, i)->source != SNAP_SRC_HW)
			sysfs = true;
	for (i = 0; i < s->tasks.n; i++)
		if (SNAP_AT(&s->tasks, struct snap_task, i)->valid & SNAP_TASK_PID)
			proc = true;
	out_om_family(w, "rdma_up", OM_GAUGE, NULL,
		  "Whether the last sample could read this data source (1) or not (0).");
	if (s->flags & SNAP_F_NO_NETLINK)
		out_om_u(w, (struct om_label[]){ { "source", "netlink" },
			 { "reason", s->nl_err == -EPROTONOSUPPORT ?
				     "no NETLINK_RDMA: ib_core is not loaded" :
				     strerror(-s->nl_err) } }, 2, 0);
	else
		out_om_u(w, (struct om_label[]){ { "source", "netlink" } }, 1, 1);
	out_om_u(w, (struct om_label[]){ { "source", "sysfs" } }, 1, sysfs);
	out_om_u(w, (struct om_label[]){ { "source", "proc" } }, 1, proc);
}

static void om_devices(struct om *w)
{
	const struct snapshot *s = w->s;
	size_t i;

	out_om_family(w, "rdma_device", OM_INFO, NULL,
		  "RDMA device: node type, firmware and node GUID as labels.");
	for (i = 0; i < s->devs.n; i++) {
		const struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, i);
		char guid[24];
		struct om_label l[] = {
			{ "device", d->name },
			{ "node_type", d->valid & SNAP_DEV_NODE_TYPE ?
				       snap_node_type_str(d->node_type) : "" },
			{ "fw", d->valid & SNAP_DEV_FW ? d->fw : "" },
			{ "node_guid", d->valid & SNAP_DEV_NODE_GUID ?
				       fmt_guid(guid, sizeof(guid), d->node_guid) : "" },
		};

		out_om_u(w, l, NL(l), 1);
	}
}

/* "100 Gb/sec (4X EDR)" -> bytes per second; 0 when not in that form. */
static double port_speed(const char *rate)
{
	char *end;
	double v = strtod(rate, &end);

	return end != rate && !strncmp(end, " Gb/sec", 7) && v > 0 ? v * 1e9 / 8 : 0;
}

static void om_ports(struct om *w)
{
	const struct snapshot *s = w->s;
	size_t i;

	out_om_family(w, "rdma_port", OM_INFO, NULL,
		  "RDMA port: state, physical state, netdev, link layer and LID as labels.");
	for (i = 0; i < s->ports.n; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);
		char dbuf[16], port[16], lid[16] = "";
		struct om_label l[] = {
			{ "device", out_om_dev_label(s, p->dev, dbuf, sizeof(dbuf)) },
			{ "port", port },
			{ "netdev", p->valid & SNAP_PORT_NDEV ? p->ndev : "" },
			{ "state", p->valid & SNAP_PORT_STATE ? snap_port_state_str(p->state) : "" },
			{ "physical_state", p->valid & SNAP_PORT_PHYS_STATE ?
					    snap_phys_state_str(p->phys_state) : "" },
			{ "link_layer", p->valid & SNAP_PORT_LINK_LAYER ? p->link_layer : "" },
			/* a QP's peer_lid finds its host by it (the cluster view's Stalls) */
			{ "lid", lid },
		};

		snprintf(port, sizeof(port), "%" PRIu32, p->port);
		if (p->valid & SNAP_PORT_LID)
			snprintf(lid, sizeof(lid), "%" PRIu32, (uint32_t)p->lid);
		out_om_u(w, l, NL(l), 1);
	}
	out_om_family(w, "rdma_port_speed_bytes_per_second", OM_GAUGE, "bytes_per_second",
		  "Signalling rate of the port from sysfs ports/N/rate, in bytes per second.");
	for (i = 0; i < s->ports.n; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);
		double v = p->valid & SNAP_PORT_RATE ? port_speed(p->rate) : 0;
		char dbuf[16], port[16];
		struct om_label l[] = {
			{ "device", out_om_dev_label(s, p->dev, dbuf, sizeof(dbuf)) },
			{ "port", port },
		};

		snprintf(port, sizeof(port), "%" PRIu32, p->port);
		if (v > 0)
			out_om_d(w, l, NL(l), v);
	}
}

/*
 * Port traffic, from the best source the port has, as the dashboard's link
 * rates (view_link_counter): the IB PMA counters, else the driver's own
 * counters of the port's traffic (efa, bnxt_re; rxe's packets: RDMA
 * packets only), else the bound netdev (bytes of Soft-RoCE and iWARP,
 * shared with the netdev's other traffic); the counter table names them
 * (classify_tab.c).  The source label says which; a port has one series
 * per family.
 */
static void om_traffic(struct om *w)
{
	static const struct {
		const char *family, *unit, *help;
	} k[] = {
		{ "rdma_port_receive_bytes", "bytes",
		  "Bytes received on the port: the counter RX/s is, by rdmatop's ranked table "
		  "(mlx5 rx_bytes_phy on Ethernet, IB PMA port_rcv_data, the driver's, the "
		  "netdev's last); source says whose." },
		{ "rdma_port_transmit_bytes", "bytes",
		  "Bytes sent on the port: the counter TX/s is, by rdmatop's ranked table; source "
		  "says whose." },
		{ "rdma_port_receive_packets", "packets",
		  "Packets received on the port, by rdmatop's ranked table; source says whose." },
		{ "rdma_port_transmit_packets", "packets",
		  "Packets sent on the port, by rdmatop's ranked table; source says whose." },
	};
	const struct snapshot *s = w->s;
	size_t i, m;

	for (m = 0; m < NL(k); m++) {
		out_om_family(w, k[m].family, OM_COUNTER, k[m].unit, k[m].help);
		for (i = 0; i < s->ports.n; i++) {
			const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);
			char dbuf[16], port[16];
			uint64_t v;
			uint8_t src;

			if (!truth_value(s, p->dev, p->port, (enum truth_fig)m, &v, &src))
				continue;
			snprintf(port, sizeof(port), "%" PRIu32, p->port);
			out_om_u(w, (struct om_label[]){
				     { "device", out_om_dev_label(s, p->dev, dbuf, sizeof(dbuf)) },
				     { "port", port }, { "source", truth_src_name(src) } },
			     3, v);
		}
	}
}

static void om_resources(struct om *w)
{
	const struct snapshot *s = w->s;
	size_t i;
	int r;

	out_om_family(w, "rdma_resources", OM_GAUGE, NULL,
		  "Resources of the device by type, from the kernel's resource summary.");
	for (i = 0; i < s->devs.n; i++) {
		const struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, i);

		for (r = 0; r < SNAP_RES_N; r++)
			if (d->res_valid & (1u << r))
				out_om_u(w, (struct om_label[]){
					     { "device", d->name },
					     { "type", snap_res_name((enum snap_res)r) } },
				     2, d->res[r]);
	}
}

/* QPs per (device, type, state): a key per QP, sorted, counted in runs. */
static int qp_key_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static int om_qps(struct om *w)
{
	const struct snapshot *s = w->s;
	uint64_t *keys = malloc((s->qps.n ? s->qps.n : 1) * sizeof(*keys));
	size_t i, j;

	if (!keys)
		return -ENOMEM;
	for (i = 0; i < s->qps.n; i++) {
		const struct snap_qp *q = SNAP_AT(&s->qps, struct snap_qp, i);
		uint64_t type = q->valid & SNAP_QP_TYPE ? out_om_known(q->type, snap_qp_type_str) : 0x100;
		uint64_t state = q->valid & SNAP_QP_STATE ? out_om_known(q->state, snap_qp_state_str) :
			0x100;

		keys[i] = (uint64_t)q->dev << 32 | type << 16 | state;
	}
	qsort(keys, s->qps.n, sizeof(*keys), qp_key_cmp);
	out_om_family(w, "rdma_qps", OM_GAUGE, NULL,
		  "Queue pairs of the device by type and state, from the QP dump (a carried "
		  "table: its last dump, as old as rdmatop_table_age_seconds says).");
	for (i = 0; i < s->qps.n; i = j) {
		uint32_t type = (uint32_t)(keys[i] >> 16) & 0xffff, state = keys[i] & 0xffff;
		char dbuf[16];

		for (j = i; j < s->qps.n && keys[j] == keys[i]; j++)
			;
		out_om_u(w, (struct om_label[]){
			     { "device", out_om_dev_label(s, (uint32_t)(keys[i] >> 32), dbuf, sizeof(dbuf)) },
			     { "type", type > 0xff ? "unknown" : snap_qp_type_str((uint8_t)type) },
			     { "state", state > 0xff ? "unknown" : snap_qp_state_str((uint8_t)state) } },
		     3, j - i);
	}
	free(keys);
	return 0;
}

/* What rdmatop costs (samples that measured it) and how old each table is. */
static void om_self(struct om *w)
{
	const struct snapshot *s = w->s;
	const struct snap_self *m = &s->self;
	size_t i, k;

	if (m->valid & SNAP_SELF_CPU) {
		out_om_family(w, "rdmatop_cpu_seconds", OM_COUNTER, "seconds",
			  "CPU time rdmatop has used (getrusage), by mode.");
		out_om_d(w, (struct om_label[]){ { "mode", "user" } }, 1, m->utime);
		out_om_d(w, (struct om_label[]){ { "mode", "system" } }, 1, m->stime);
		out_om_family(w, "rdmatop_request_seconds", OM_GAUGE, "seconds",
			  "Wall time of the sample's kernel requests and file reads, by kind "
			  "(qps: the QP dumps of every device; 0 when not dumped this sample).");
		for (i = 0; i < SNAP_COST_N; i++)
			if (i < SNAP_COST_RES || i >= SNAP_COST_RES + SNAP_RES_N ||
			    snap_res_seen(s, i - SNAP_COST_RES))
				out_om_d(w, (struct om_label[]){ { "request", snap_cost_name[i] } },
					 1, m->cost[i]);
		if (m->valid & SNAP_SELF_BUDGET) {
			out_om_family(w, "rdmatop_budget_ratio", OM_GAUGE, NULL,
				  "--budget: the share of one CPU the resource dumps are paced "
				  "to (0: every table every sample).");
			out_om_d(w, NULL, 0, m->budget / 100);
		}
	}
	out_om_family(w, "rdmatop_table_age_seconds", OM_GAUGE, "seconds",
		  "How old a device's resource table is: 0 when dumped in this sample, "
		  "else the time since the dump its rows are from (--budget).");
	for (i = 0; i < SNAP_RES_N; i++) {
		enum snap_res r = snap_res_dump(i);

		if (!snap_res_seen(s, r))
			continue;	/* a kernel without such objects */
		for (k = 0; k < s->devs.n; k++) {
			const struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, k);

			out_om_d(w, (struct om_label[]){ { "device", d->name },
							 { "table", snap_res_info[r].table } },
				 2, snap_res_age(s, d, r));
		}
	}
	/* the resource summary, where a paced sample did not read it (as JSON) */
	for (k = 0; k < s->devs.n && !SNAP_AT(&s->devs, struct snap_dev, k)->sum_carried; k++)
		;
	for (i = k < s->devs.n ? 0 : s->devs.n; i < s->devs.n; i++) {
		const struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, i);

		out_om_d(w, (struct om_label[]){ { "device", d->name }, { "table", "summary" } },
			 2, snap_sum_age(s, d));
	}
}

/*
 * rdmatop_build_info{version,...} 1, as Go exporters' build_info: what was
 * built (the host it runs on is not build information).  A label more is a
 * row more.
 */
static void om_build_info(struct om *w)
{
	char recording[12];
	const struct om_label l[] = {
		{ "version", RDMATOP_VERSION },
#ifdef __clang__
		{ "compiler", "clang " __clang_version__ },
#else
		{ "compiler", "gcc " __VERSION__ },
#endif
		/* the newest recording format this build writes (-w) */
		{ "recording_format", recording },
	};

	snprintf(recording, sizeof(recording), "%d", REC_FILE_VERSION);
	out_om_family(w, "rdmatop_build_info", OM_GAUGE, NULL,
		      "Always 1: the version of rdmatop and how it was built, as labels.");
	out_om_u(w, l, NL(l), 1);
}

static double mono_since(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return ts_diff(t, &now);
}

int out_openmetrics(FILE *f, const struct snapshot *s, const struct out_om_opts *o)
{
	struct out_om_opts def = { .format = OUT_OM_OPENMETRICS, .max_procs = 50,
				   .sample_seconds = -1 };
	struct om w = { .f = f, .s = s };
	struct timespec start;
	int err;

	if (!o)
		o = &def;
	w.prom = o->format == OUT_OM_PROMETHEUS;
	clock_gettime(CLOCK_MONOTONIC, &start);
	/* a bond's summed counters from the ledger the caller keeps: without
	 * one (a single exposition), their values */
	if (o->psns) {
		struct om_sums **l = out_om_psns_sums(o->psns);

		err = out_om_sums_count(l, s);
		if (err)
			return err;
		w.sums = *l;
	}
	om_up(&w);
	out_om_family(&w, "rdma_sample_timestamp_seconds", OM_GAUGE, "seconds",
		  "Wall-clock time the sample was taken (recorded time when replaying).");
	out_om_d(&w, NULL, 0, (double)s->wall.tv_sec + (double)s->wall.tv_nsec / 1e9);
	if (o->sample_seconds >= 0) {
		out_om_family(&w, "rdma_sample_duration_seconds", OM_GAUGE, "seconds",
			  "Time the sample took: netlink dumps, sysfs and /proc reads, rates.");
		out_om_d(&w, NULL, 0, o->sample_seconds);
	}
	om_devices(&w);
	out_om_pci(&w);
	om_ports(&w);
	om_traffic(&w);
	out_om_links(&w);
	out_om_gids(&w);
	out_om_counters(&w);
	out_om_net(&w);
	out_om_lowers(&w);
	om_resources(&w);
	err = om_qps(&w);
	if (!err)
		err = out_om_stalls(&w);
	if (!err)
		err = out_om_procs(&w, o->max_procs);
	if (!err)
		err = out_om_groups(&w, o->max_procs, o->psns);
	om_self(&w);
	if (o->textfile) {
		out_om_family(&w, "rdmatop_textfile_write_errors", OM_COUNTER, NULL,
			  "Writes of --textfile that failed since start.");
		out_om_u(&w, NULL, 0, o->textfile_errors);
	}
	om_build_info(&w);
	if (o->timed) {
		/* last, so that it covers building everything above */
		out_om_family(&w, "rdma_scrape_duration_seconds", OM_GAUGE, "seconds",
			  "Time taken to build this exposition from the sample.");
		out_om_d(&w, NULL, 0, mono_since(&start));
	}
	if (!w.prom)
		fputs("# EOF\n", f);
	if (!err && ferror(f))
		err = -EIO;
	return err;
}
