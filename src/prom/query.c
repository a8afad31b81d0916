// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The PromQL of one refresh, from one table: the exporter's metric names
 * (README's metric table, src/out/openmetrics*.c) are spelled here only.
 * Every query aggregates in Prometheus (sum by, count by), so the number
 * of series is that of hosts, ports or groups, and the number of queries
 * is fixed.  Several fields of one kind share a query: each part is
 * label_replace'd with its name in label "f" and joined with `or`.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "prom.h"

/* the exporter's names */
#define M_UP "up"
#define M_SAMPLE_TS "rdma_sample_timestamp_seconds"
#define M_DEVICE "rdma_device_info"
#define M_PORT "rdma_port_info"
#define M_SPEED "rdma_port_speed_bytes_per_second"
#define M_RX "rdma_port_receive_bytes_total"
#define M_TX "rdma_port_transmit_bytes_total"
#define M_HEALTH "rdma_port_health"	/* the ports' verdicts (src/model/verdict.c) */
#define M_STATS "rdma_(hw|pma|netdev)_stat_total"	/* events, with label class */
#define M_ERRORS "rdma_port_errors_total"	/* ERR/s's counters, each event once */
#define M_QPS "rdma_qps"
#define M_PROCS "rdma_processes"
#define M_PROC_QPS "rdma_process_qps"
#define M_GROUP_QPS "rdma_group_qps"
#define M_GROUP_PROCS "rdma_group_processes"
#define M_GROUP_PSNS "rdma_group_psns_total"
#define M_GROUP_HW "rdma_group_qp_hw_total"	/* class retransmits, errors, cnps */
#define M_PFC "rdma_netdev_pfc_frames_total"	/* priority, direction */
#define M_PAUSE "rdma_netdev_pause_frames_total"	/* direction */
#define M_DRV "rdma_netdev_driver_stat_total"	/* counter */
#define M_ANY "rdma_up"	/* a job with it is an rdmatop's */

/*
 * A port's pause frames/s in direction D (rx, tx), every priority: DCB's
 * PFC counters where the port has them, else the driver's per-priority
 * ones where DCB gave none (ethtool -S: mlx5 en_stats.c rx_prio3_pause,
 * 6.1 to 6.12), else the link's pause frames (ethtool PAUSE_GET), as the
 * Links pane takes them (src/model/net_rates.c): `or` keeps the first of
 * each port.
 */
#define PAUSES(D)                                                                      \
	"sum by (instance, device, port) (rate(" M_PFC "{$S direction=\"" D "\"}[$W]))" \
	" or sum by (instance, device, port) (rate(" M_DRV "{$S counter=~\"" D          \
	"_prio[0-7]_pause\"}[$W]))"                                                     \
	" or sum by (instance, device, port) (rate(" M_PAUSE "{$S direction=\"" D "\"}[$W]))"

/*
 * Each query: its name and its text, where $S is the selector (--match,
 * with a comma after it when not empty), $W the rate window ("4s") and $I
 * the open host's instance.
 */
static const struct {
	const char *name, *text;
} queries[PROM_Q_N] = {
	[PROM_Q_UP] = { "up",
		M_UP "{$S} and on (job) group by (job) (" M_ANY "{$S})" },
	[PROM_Q_HOST] = { "host",
		"label_replace(sum by (instance) (rate(" M_RX "{$S}[$W])), \"f\", \"rx\", \"\", \"\")"
		" or label_replace(sum by (instance) (rate(" M_TX "{$S}[$W])), \"f\", \"tx\", \"\", \"\")"
		" or label_replace(sum by (instance) (" M_SPEED "{$S}), \"f\", \"speed\", \"\", \"\")"
		" or label_replace(count by (instance) (" M_DEVICE "{$S}), \"f\", \"devices\", \"\", \"\")"
		" or label_replace(sum by (instance) (" M_PROCS "{$S}), \"f\", \"procs\", \"\", \"\")"
		" or label_replace(max by (instance) (time() - timestamp(" M_SAMPLE_TS "{$S})),"
		" \"f\", \"age\", \"\", \"\")"
		" or label_replace(sum by (instance) (" PAUSES("rx") "), \"f\", \"pause_rx\", \"\", \"\")"
		" or label_replace(sum by (instance) (" PAUSES("tx") "), \"f\", \"pause_tx\", \"\", \"\")"
		" or label_replace(max by (instance) (" M_HEALTH "{$S}), \"f\", \"health\", \"\", \"\")" },
	[PROM_Q_PORTSTATE] = { "ports_state", "count by (instance, state) (" M_PORT "{$S})" },
	/* errors: the ports' ERR/s (rdma_port_errors_total, each event
	 * once); an exporter before it, the class's counters summed */
	[PROM_Q_ERR] = { "errors",
		"label_replace(sum by (instance) (rate(" M_ERRORS "{$S}[$W])),"
		" \"class\", \"error\", \"\", \"\")"
		" or sum by (instance, class) (rate({__name__=~\"" M_STATS "\",$S"
		"class=~\"error|flush|congestion\"}[$W]))" },
	[PROM_Q_QPS] = { "qps", "sum by (instance, state) (" M_QPS "{$S})" },
	[PROM_Q_HOSTGROUPS] = { "host_groups",
		"sum by (instance, kind, group) (" M_GROUP_PROCS "{$S})" },
	[PROM_Q_JOBS] = { "jobs",
		"label_replace(count by (kind, group) (sum by (instance, kind, group) ("
		M_GROUP_PROCS "{$S})), \"f\", \"hosts\", \"\", \"\")"
		" or label_replace(sum by (kind, group) (" M_GROUP_QPS "{$S}), \"f\", \"qps\", \"\", \"\")"
		" or label_replace(sum by (kind, group) (" M_GROUP_QPS "{$S state=\"ERR\"}),"
		" \"f\", \"qps_err\", \"\", \"\")"
		" or label_replace(sum by (kind, group) (rate(" M_GROUP_PSNS "{$S}[$W])),"
		" \"f\", \"psn\", \"\", \"\")"
		" or label_replace(sum by (kind, group) (rate(" M_GROUP_HW "{$S"
		" class=~\"retransmits|errors\"}[$W])), \"f\", \"err\", \"\", \"\")"
		" or label_replace(sum by (kind, group) (rate(" M_GROUP_HW "{$S class=\"cnps\"}[$W])),"
		" \"f\", \"cnp\", \"\", \"\")" },
	[PROM_Q_PORTS] = { "ports",
		"label_replace(sum by (instance, device, port) (rate(" M_RX "{$S}[$W])),"
		" \"f\", \"rx\", \"\", \"\")"
		" or label_replace(sum by (instance, device, port) (rate(" M_TX "{$S}[$W])),"
		" \"f\", \"tx\", \"\", \"\")"
		" or label_replace(sum by (instance, device, port) (" M_SPEED "{$S}),"
		" \"f\", \"speed\", \"\", \"\")"
		" or label_replace(sum by (instance, device, port) (rate(" M_ERRORS "{$S}[$W]))"
		" or sum by (instance, device, port) (rate({__name__=~\"" M_STATS
		"\",$S class=\"error\"}[$W])), \"f\", \"err\", \"\", \"\")"
		" or label_replace(sum by (instance, device, port) (rate({__name__=~\"" M_STATS
		"\",$S class=\"congestion\"}[$W])), \"f\", \"cong\", \"\", \"\")"
		" or label_replace(max by (instance, device, port, state) (" M_PORT "{$S}),"
		" \"f\", \"state\", \"\", \"\")"
		" or label_replace(" PAUSES("rx") ", \"f\", \"pause_rx\", \"\", \"\")"
		" or label_replace(" PAUSES("tx") ", \"f\", \"pause_tx\", \"\", \"\")"
		" or label_replace(max by (instance, device, port) (" M_HEALTH "{$S}),"
		" \"f\", \"health\", \"\", \"\")" },
	[PROM_Q_PROCS] = { "processes",
		"sum by (pid, comm, state) (" M_PROC_QPS "{$S instance=\"$I\"})" },
};

const char *prom_q_name(enum prom_q q)
{
	return (unsigned int)q < PROM_Q_N ? queries[q].name : "unknown";
}

double prom_window(double scrape_interval)
{
	double w = 4 * scrape_interval;

	return w < 1 ? 1 : w;
}

/*
 * A label value in a PromQL string: PromQL's lexer takes Go's escapes
 * (promql/parser/lex.go, lexEscape) and ends a double-quoted string at a
 * raw newline ("unterminated quoted string"), so backslash and quote are
 * escaped, \n \r \t by name and the other control bytes as \xNN.
 */
static int put_quoted(char *buf, size_t len, size_t *at, const char *s)
{
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		char e[5];
		size_t n;

		if (ch == '"' || ch == '\\')
			n = (size_t)snprintf(e, sizeof(e), "\\%c", ch);
		else if (ch == '\n' || ch == '\r' || ch == '\t')
			n = (size_t)snprintf(e, sizeof(e), "\\%c", ch == '\n' ? 'n' : ch == '\r' ? 'r' : 't');
		else if (ch < 0x20 || ch == 0x7f)
			n = (size_t)snprintf(e, sizeof(e), "\\x%02x", ch);
		else
			e[0] = (char)ch, n = 1;
		if (*at + n >= len)
			return -ENOSPC;
		memcpy(buf + *at, e, n);
		*at += n;
	}
	return 0;
}

static int put_str(char *buf, size_t len, size_t *at, const char *s)
{
	size_t n = strlen(s);

	if (*at + n >= len)
		return -ENOSPC;
	memcpy(buf + *at, s, n);
	*at += n;
	return 0;
}

int prom_q_text(enum prom_q q, const struct prom_qctx *c, char *buf, size_t len)
{
	const char *p;
	size_t at = 0;
	char w[32];
	int ret = 0;

	/* a window PromQL cannot spell ([infs]) is never sent */
	if ((unsigned int)q >= PROM_Q_N || !len || !isfinite(c->window) || c->window > 1e12)
		return -EINVAL;
	snprintf(w, sizeof(w), "%.0fs", c->window < 1 ? 1 : c->window);
	for (p = queries[q].text; *p && !ret; p++) {
		if (p[0] != '$' || !p[1]) {
			if (at + 1 >= len)
				return -ENOSPC;
			buf[at++] = *p;
			continue;
		}
		p++;
		if (*p == 'S') {
			if (c->match && *c->match) {
				ret = put_str(buf, len, &at, c->match);
				/* the next matcher, or the brace: a comma
				 * before either is valid PromQL */
				if (!ret)
					ret = put_str(buf, len, &at, ",");
			}
		} else if (*p == 'W') {
			ret = put_str(buf, len, &at, w);
		} else if (*p == 'I') {
			ret = put_quoted(buf, len, &at, c->instance ? c->instance : "");
		}
	}
	if (ret)
		return ret;
	buf[at] = '\0';
	return (int)at;
}

/*
 * name op "value" [, ...]: what goes between a selector's braces.  Checked
 * here so that a typo is said at start, not as Prometheus's parse error of
 * a query the user never wrote.
 */
int prom_match_check(const char *m, char *err, size_t len)
{
	const char *p = m;

	while (*p) {
		const char *name = p;

		while (*p == ' ')
			p++;
		name = p;
		if (!(isalpha((unsigned char)*p) || *p == '_'))
			goto bad;
		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		if (!strncmp(p, "=~", 2) || !strncmp(p, "!~", 2) || !strncmp(p, "!=", 2))
			p += 2;
		else if (*p == '=')
			p++;
		else
			goto bad;
		if (*p != '"')
			goto bad;
		for (p++; *p && *p != '"'; p++)
			if (*p == '\\' && p[1])
				p++;
		if (*p != '"')
			goto bad;
		p++;
		while (*p == ' ')
			p++;
		if (*p == ',')
			p++;
		else if (*p)
			goto bad;
		continue;
bad:
		snprintf(err, len, "bad selector '%s' at '%.20s': label matchers are "
			 "name=\"value\" (=, !=, =~, !~), comma-separated", m, name);
		return -EINVAL;
	}
	return 0;
}
