// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Text batch output, like `top -b`: a header, then one table per section,
 * columns from the view tables.  Absent values print as n/a; every string
 * goes through fmt_escape, so names with control characters stay inert.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "fmt.h"
#include "names.h"
#include "out.h"
#include "net_view.h"
#include "stall.h"
#include "verdict.h"
#include "view.h"

#define MAX_COLS 24

/* In a section's column list: the id after it only where the snapshot has
 * what it shows (a PCI walk, /proc context, processes with GPUs open), so
 * a recording without them prints as it always has. */
enum { IF_PCI = -10, IF_PCTX = -11, IF_GPU = -12 };

static bool text_have(const struct snapshot *s, int cond)
{
	return cond == IF_PCI ? s->pcis.n > 0 : cond == IF_PCTX ? s->pstats.n > 0
							    : (s->flags & SNAP_F_GPU_REL) != 0;
}

static const int *text_ids(const struct snapshot *s, const int *in, int *out)
{
	size_t k = 0;

	for (; *in != -1 && k + 1 < MAX_COLS; in++)
		if (*in == IF_PCI || *in == IF_PCTX || *in == IF_GPU)
			in += !text_have(s, *in);	/* skip the id it guards */
		else
			out[k++] = *in;
	out[k] = -1;
	return out;
}

/* The cells of escaped text (fmt_escape's output: valid UTF-8), as the
 * screen counts them; a character wcwidth() does not know takes one. */
static int text_cells(const char *esc, size_t *ascii_len)
{
	const unsigned char *p = (const unsigned char *)esc;
	int w = 0, cw;
	uint32_t cp;

	while (*p && *p < 0x80)
		p++;
	*ascii_len = *p ? (size_t)-1 : (size_t)(p - (const unsigned char *)esc);
	w = (int)(p - (const unsigned char *)esc);
	while (*p) {
		int n = fmt_utf8(p, &cp);

		cw = *p < 0x80 ? 1 : cp == FMT_UTF8_BAD ? 1 : wcwidth((wchar_t)cp);
		w += cw < 0 ? 1 : cw;
		p += n;
	}
	return w;
}

/* The first bytes of esc that fill at most w cells; *used: the cells. */
static size_t text_head(const char *esc, int w, int *used)
{
	const unsigned char *p = (const unsigned char *)esc;
	int cw;
	uint32_t cp;

	while (*p) {
		int n = fmt_utf8(p, &cp);

		cw = *p < 0x80 ? 1 : cp == FMT_UTF8_BAD ? 1 : wcwidth((wchar_t)cp);
		cw = cw < 0 ? 1 : cw;
		if (*used + cw > w)
			break;
		*used += cw;
		p += n;
	}
	return (size_t)(p - (const unsigned char *)esc);
}

/*
 * A cell in width cells, cut by the screen's rule (src/ui/cells.c) when it
 * is wider, so the columns after it stay aligned: a name (a left-aligned
 * text column) in the middle, its start, the mark, its end (rocep24s0f0
 * and rocep24s0f1 never read the same; a non-ASCII one at the end), any
 * other value at the end, the mark last.  The last column of a line is
 * written whole when left-aligned.
 */
static void put_cell(FILE *f, const struct out_opts *o, const char *s, int width, bool right,
		     bool name, bool last)
{
	const char *mark = o && o->ascii ? "~" : "\u2026";
	char esc[256];
	size_t alen, head;
	int w, tail, used = 0;

	fmt_escape(esc, sizeof(esc), s);
	if (last && !right) {
		fputs(esc, f);
		return;
	}
	w = text_cells(esc, &alen);
	if (w <= width) {
		fprintf(f, "%*s%s%*s", right ? width - w : 0, "", esc, right ? 0 : width - w, "");
		return;
	}
	if (width <= 0)
		return;
	if (name && width >= 5 && alen != (size_t)-1) {
		tail = (width - 1) / 3;
		fprintf(f, "%.*s%s%s", width - 1 - tail, esc, mark, esc + alen - (size_t)tail);
		return;
	}
	head = text_head(esc, width - 1, &used);
	fprintf(f, "%.*s%s%*s", (int)head, esc, mark, width - 1 - used, "");
}

int out_text_cells(const char *s)
{
	char esc[256];
	size_t alen;

	return text_cells(fmt_escape(esc, sizeof(esc), s), &alen);
}

void out_text_cell(FILE *f, const char *s, int width, bool right, bool last)
{
	static const struct out_opts ascii = { .ascii = true };

	put_cell(f, &ascii, s, width, right, false, last);
}

/* The last column's string whole (a command line: up to the 4 KiB the
 * reader keeps), escaped as every cell is. */
static void put_last(FILE *f, const char *s)
{
	size_t n = strlen(s) * 4 + 1;
	char *esc = malloc(n);

	if (!esc) {
		put_cell(f, NULL, s, 0, false, false, true);
		return;
	}
	fputs(fmt_escape(esc, n, s), f);
	free(esc);
}

/* The longest a name's column widens to: the screen's (UI_NAME_MAX). */
#define TEXT_NAME_MAX 40

/* a column of names: widened to its longest, cut in the middle */
static bool text_name(const struct view_col *col)
{
	return col->type == VIEW_T_STR && !col->right;
}

/* rdma shows kernel owners as [name]; so do we, on screen only. */
static bool kernel_owned(const struct view_ctx *c, enum view_table t, size_t row)
{
	struct view_value v;
	int tid = view_col_role(t, VIEW_ROLE_TID);

	if (t == VIEW_PROCS)
		return c->procs[row].valid & VIEW_PROC_KERN;
	if (tid < 0)
		return false;
	view_get(c, t, row, tid, &v);
	return !v.valid;
}

/* One section: a title, a header line, and the rows of table t, in the
 * columns ids (ending with -1; NULL: every column of the table). */
static int text_rows(FILE *f, const struct view_ctx *c, const struct out_opts *o,
		     enum view_table t, const char *title, const int *ids, size_t *rows,
		     ssize_t nr);

static int text_table(FILE *f, const struct view_ctx *c, const struct out_opts *o,
		      enum view_table t, const char *title, const int *ids)
{
	size_t *rows;
	ssize_t nr = out_rows(c, t, o, &rows);

	if (nr < 0)
		return (int)nr;
	return text_rows(f, c, o, t, title, ids, rows, nr);
}

/* The table of rows (freed here), its columns ids (NULL: all). */
static int text_rows(FILE *f, const struct view_ctx *c, const struct out_opts *o,
		     enum view_table t, const char *title, const int *ids, size_t *rows,
		     ssize_t nr)
{
	const struct view_col *cols;
	int idx[MAX_COLS], width[MAX_COLS], all[MAX_COLS + 1], comm = view_col_role(t, VIEW_ROLE_COMM);
	size_t n, k = 0, i;

	cols = view_cols(t, &n);
	if (ids) {	/* the count columns the list does not name (VIEW_COLS_RES) */
		for (i = 0; ids[i] != -1; i++)
			;
		i = view_cols_res(t, ids, i, all, MAX_COLS);
		all[i] = -1;
		ids = all;
	}
	for (i = 0; ids ? ids[i] >= 0 : i < n; i++)
		if (k < MAX_COLS && (!ids || (size_t)ids[i] < n))
			idx[k++] = ids ? ids[i] : (int)i;
	/* the screen's width rule (src/ui/table.c): a name widens its column
	 * to the longest one, up to TEXT_NAME_MAX cells; longer values are
	 * cut with the mark (put_cell) */
	for (i = 0; i < k; i++) {
		const struct view_col *col = &cols[idx[i]];
		int most = col->width < TEXT_NAME_MAX ? TEXT_NAME_MAX : col->width;

		width[i] = col->width;
		for (size_t r = 0; text_name(col) && i + 1 < k && r < (size_t)nr; r++) {
			struct view_value v;
			char buf[128], esc[256];
			size_t alen;
			int w;

			view_get(c, t, rows[r], idx[i], &v);
			view_fmt(&v, buf, sizeof(buf));
			if (v.valid && idx[i] == comm && kernel_owned(c, t, rows[r]))
				snprintf(buf, sizeof(buf), "[%s]", v.s);
			w = text_cells(fmt_escape(esc, sizeof(esc), buf), &alen);
			if (w > width[i])
				width[i] = w < most ? w : most;
		}
	}
	fprintf(f, "\n%s\n", title);
	for (i = 0; i < k; i++) {
		const struct view_col *col = &cols[idx[i]];

		if (i)
			fputc(' ', f);
		put_cell(f, o, col->header, width[i], col->right, false, i + 1 == k);
	}
	fputc('\n', f);
	for (size_t r = 0; r < (size_t)nr; r++) {
		for (i = 0; i < k; i++) {
			const struct view_col *col = &cols[idx[i]];
			struct view_value v;
			char buf[128];

			view_get(c, t, rows[r], idx[i], &v);
			view_fmt(&v, buf, sizeof(buf));
			if (v.valid && idx[i] == comm && kernel_owned(c, t, rows[r]))
				snprintf(buf, sizeof(buf), "[%s]", v.s);
			if (i)
				fputc(' ', f);
			if (i + 1 == k && !col->right && v.valid && v.type == VIEW_T_STR &&
			    idx[i] != comm)
				put_last(f, v.s);
			else
				put_cell(f, o, buf, width[i], col->right, text_name(col), i + 1 == k);
		}
		fputc('\n', f);
	}
	free(rows);
	return 0;
}

/* The headline: the worst port and why, or that the network is OK. */
static void text_verdict(FILE *f, const struct snapshot *s)
{
	char line[512], esc[2048], name[SNAP_DEV_NAME_MAX * 4], ndev[sizeof(((struct snap_port *)0)->ndev) * 4];
	struct verdict v;
	long w = verdict_worst(s, &v, NULL);
	const struct snap_port *p;
	const struct snap_dev *d;

	if (w < 0) {
		fputs("verdict: no ports\n", f);
		return;
	}
	if (v.level == VERDICT_NONE) {
		fputs("verdict: n/a (rates need a second sample)\n", f);
		return;
	}
	if (v.level <= VERDICT_OK) {
		fprintf(f, "verdict: network OK (%zu port%s)\n", s->ports.n,
			s->ports.n == 1 ? "" : "s");
		return;
	}
	p = SNAP_AT(&s->ports, struct snap_port, (size_t)w);
	d = snap_dev_find(s, p->dev);
	fprintf(f, "verdict: %s %s/%" PRIu32 "%s%s: %s\n", verdict_level_name(v.level),
		d ? fmt_escape(name, sizeof(name), d->name) : "?", p->port,
		SNAP_HAS(p, SNAP_PORT_NDEV) ? " " : "",
		SNAP_HAS(p, SNAP_PORT_NDEV) ? fmt_escape(ndev, sizeof(ndev), p->ndev) : "",
		fmt_escape(esc, sizeof(esc), verdict_reasons_line(s, &v, 400, true, line,
								  sizeof(line))));
}

static void text_header(FILE *f, const struct snapshot *s)
{
	const struct snap_sys *y = &s->sys;
	char t[64], host[sizeof(s->host) * 4], kern[sizeof(s->kernel) * 4];

	fprintf(f, "rdmatop %s  host %s  kernel %s  interval %.2f s\n",
		fmt_time(t, sizeof(t), &s->wall), fmt_escape(host, sizeof(host), s->host),
		fmt_escape(kern, sizeof(kern), s->kernel), s->interval);
	fputs("system:", f);
	if (y->valid & SNAP_SYS_NETNS_MODE)
		fprintf(f, " netns %s", y->netns_shared ? "shared" : "exclusive");
	if (y->valid & SNAP_SYS_COPY_ON_FORK)
		fprintf(f, "  copy-on-fork %s", y->copy_on_fork ? "on" : "off");
	if (y->valid & SNAP_SYS_PRIV_QKEY)
		fprintf(f, "  privileged-qkey %s", y->privileged_qkey ? "on" : "off");
	if (y->valid & SNAP_SYS_MONITOR)
		fprintf(f, "  monitor %s", y->monitor_mode ? "on" : "off");
	if (!y->valid)
		fputs(" n/a", f);
	fputc('\n', f);
	text_verdict(f, s);
}

/* A section of lines, one per element of v (each size bytes), when it has any. */
static void text_lines(FILE *f, const struct snapshot *s, const char *title,
		       const struct snap_vec *v, size_t size,
		       void (*line)(FILE *f, const struct snapshot *s, const void *row))
{
	size_t i;

	if (!v->n)
		return;
	fprintf(f, "\n%s\n", title);
	for (i = 0; i < v->n; i++)
		line(f, s, (const char *)v->v + i * size);
}

static void text_note(FILE *f, const struct snapshot *s, const void *row)
{
	const struct snap_note *n = row;
	const char *e = n->err ? strerrorname_np(-n->err) : NULL;
	char msg[1024];

	fmt_escape(msg, sizeof(msg), snap_s(s, n->text));
	if (e)
		fprintf(f, "%s: %s\n", e, msg);
	else
		fprintf(f, "%s\n", msg);
}

static void text_event(FILE *f, const struct snapshot *s, const void *row)
{
	const struct snap_event *e = row;
	char name[160], nd[64], from[160], to[160];

	fmt_escape(name, sizeof(name), snap_s(s, e->name));
	fmt_escape(nd, sizeof(nd), snap_s(s, e->ndev));
	fmt_escape(from, sizeof(from), snap_s(s, e->from));
	fmt_escape(to, sizeof(to), snap_s(s, e->to));
	fprintf(f, "%-6s %-15s %s", e->source == SNAP_EV_KERNEL ? "kernel" : "poll",
		snap_event_str(e->type), name);
	if (e->valid & SNAP_EV_PORT)
		fprintf(f, "/%u", e->port);
	if (e->valid & SNAP_EV_NDEV_NAME)
		fprintf(f, " netdev %s", nd);
	if (e->from || e->to)
		fprintf(f, " %s -> %s", from, to);
	fputc('\n', f);
}

/* The lowers' health figures and their port's, their sum where the netdev
 * has none of its own ('*': its own), a line each (net_figs_line) */
static void text_lower_figs(FILE *f, const struct snapshot *s)
{
	char line[160], esc[640], up[SNAP_IFNAME_MAX * 4], label[SNAP_IFNAME_MAX + 4];
	struct net_figs pf, lf;
	bool head = false;
	size_t i, j;

	for (i = 0; i < s->nets.n; i++) {
		const struct snap_net *n = SNAP_AT(&s->nets, struct snap_net, i);
		bool any = false;

		if (!n->n_lower || n->dev == SNAP_NONE)
			continue;
		net_figs_port(s, n->dev, n->port, &pf);
		for (j = 0; j < n->n_lower && !any; j++) {
			net_figs_lower(s, &pf, &n->lower[j], &lf);
			any = lf.has != 0;
		}
		if (!any)
			continue;
		if (!head)
			fprintf(f, "\nLOWER FIGURES\n%-15s %s\n", "NETDEV",
				net_figs_head(line, sizeof(line), s->interval));
		head = true;
		fmt_escape(up, sizeof(up), n->ndev);
		for (j = 0; j < n->n_lower; j++) {
			net_figs_lower(s, &pf, &n->lower[j], &lf);
			fmt_escape(esc, sizeof(esc), n->lower[j].name);
			fprintf(f, "%-15s %s\n", up, net_figs_line(line, sizeof(line), esc, &lf, false));
		}
		snprintf(label, sizeof(label), "%s sum", n->ndev);
		fmt_escape(esc, sizeof(esc), label);
		fprintf(f, "%-15s %s\n", up, net_figs_line(line, sizeof(line), esc, &pf, true));
	}
}

/* The devices beneath the ports' netdevs: a line each (net_lower_line) */
static void text_lowers(FILE *f, const struct snapshot *s)
{
	char line[160], esc[640], up[SNAP_IFNAME_MAX * 4];
	bool head = false;
	size_t i, j;

	for (i = 0; i < s->nets.n; i++) {
		const struct snap_net *n = SNAP_AT(&s->nets, struct snap_net, i);

		if (!n->n_lower)
			continue;
		if (!head)
			fprintf(f, "\nLOWERS\n%-15s %s\n", "NETDEV", net_lower_head());
		head = true;
		fmt_escape(up, sizeof(up), n->ndev);
		for (j = 0; j < n->n_lower; j++)
			fprintf(f, "%-15s %s\n", up,
				fmt_escape(esc, sizeof(esc),
					   net_lower_line(line, sizeof(line), n, &n->lower[j])));
		if (n->lower_more)
			fprintf(f, "%-15s (more lowers than %d: left out)\n", up, SNAP_NET_LOWERS);
	}
	text_lower_figs(f, s);
}

/* STALLS: the stalled and erred QPs, worst and oldest first (stall.h);
 * none, no section */
static int text_stalls(FILE *f, const struct view_ctx *c, const struct out_opts *o)
{
	size_t *rows;
	ssize_t nr = stall_rows(c->s, &rows);

	if (nr <= 0)
		return (int)nr;
	return text_rows(f, c, o, VIEW_QPS, "STALLS", stall_table_cols, rows, nr);
}

int out_text(FILE *f, const struct snapshot *s, const struct out_opts *o)
{
	/* each section's columns, -1 ends them */
	static const int devs[] = {
		VC_DEV_NAME, VC_DEV_INDEX, VC_DEV_NODE_TYPE, VC_DEV_PROTOCOL, VC_DEV_FW,
		VC_DEV_NODE_GUID, VC_DEV_PORTS, IF_PCI, VC_DEV_NUMA, IF_PCI, VC_DEV_PCIE,
		IF_PCI, VC_DEV_GPU, -1,
	};
	static const int links[] = {
		VC_LINK_DEV, VC_LINK_PORT, VC_LINK_STATE, VC_LINK_PHYS, VC_LINK_NETDEV,
		VC_LINK_RATE, VC_LINK_RX_BYTES, VC_LINK_TX_BYTES, VC_LINK_RX_PACKETS,
		VC_LINK_TX_PACKETS, VC_LINK_ERR, VC_LINK_HEALTH, VC_LINK_UTIL, VC_LINK_SOURCE,
		VC_LINK_FLAPS, VC_LINK_LAST_CHANGE, -1,
	};
	/* the ports' netdevs, where src/net read any (DCB, ethtool) */
	static const int net[] = {
		VC_LINK_DEV, VC_LINK_PORT, VC_LINK_NETDEV, VC_LINK_PAUSE_RX, VC_LINK_PAUSE_TX,
		VC_LINK_DISCARD, VC_LINK_FEC_UNCORR, VC_LINK_FCS, VC_LINK_SYMBOL, VC_LINK_RXPWR,
		VC_LINK_TEMP, VC_LINK_BER, -1,
	};
	/* each summarised object's count, in SNAP_RES_LIST's order */
	static const int res[] = { VC_DEV_NAME, VIEW_COLS_RES, -1 };
	static const int qps[] = {
		VC_QP_DEV, VC_QP_PORT, VC_QP_LQPN, VC_QP_RQPN, VC_QP_TYPE, VC_QP_STATE,
		VC_QP_SQ_PSN, VC_QP_RQ_PSN, VC_QP_PSN_RATE, IF_GPU, VC_QP_GPU, VC_QP_PID,
		VC_QP_TID, VC_QP_COMM, -1,
	};
	static const int procs[] = {
		VC_PROC_PID, VC_PROC_UID, VC_PROC_THREADS, VC_PROC_OF(QP), VC_PROC_OF(CQ),
		VC_PROC_OF(MR), VC_PROC_MR_BYTES, VC_PROC_OF(PD), VC_PROC_OF(CM_ID),
		VC_PROC_OF(CTX), VC_PROC_OF(SRQ), VIEW_COLS_RES, VC_PROC_PSN_RATE, IF_PCTX,
		VC_PROC_CPU, IF_PCTX, VC_PROC_RSS, IF_GPU, VC_PROC_GPU, VC_PROC_COMM,
		IF_PCTX, VC_PROC_CMDLINE, -1,
	};
	static const int groups[] = {
		VC_GRP_KIND, VC_GRP_PROCS, VC_GRP_OF(QP), VC_GRP_RTS, VC_GRP_QP_ERR, VC_GRP_QP_OTHER,
		VC_GRP_OF(MR), VC_GRP_MR_BYTES, VC_GRP_PSN_RATE, IF_PCTX, VC_GRP_CPU, IF_PCTX,
		VC_GRP_RSS, VC_GRP_RUNTIME, VC_GRP_NAME, -1,
	};
	int ids[MAX_COLS];
	struct out_opts none = { .sort_col = -1 };
	struct view_ctx c = { .s = s };
	struct view_proc *pv;
	struct view_group *gv = NULL;
	int np, ng, err = 0;
	unsigned int d, r;

	if (!o)
		o = &none;
	c.bytes = o->bytes;
	np = view_procs(s, &pv);
	if (np < 0)
		return np;
	c.procs = pv;
	c.n_procs = (size_t)np;
	text_header(f, s);
	err = err ?: text_table(f, &c, o, VIEW_DEVS, "DEVICES", text_ids(s, devs, ids));
	err = err ?: text_table(f, &c, o, VIEW_LINKS, "LINKS", links);
	if (s->nets.n)
		err = err ?: text_table(f, &c, o, VIEW_LINKS, "NETWORK", net);
	if (!err)
		text_lowers(f, s);
	err = err ?: text_table(f, &c, o, VIEW_DEVS, "RESOURCES", res);
	err = err ?: text_table(f, &c, o, VIEW_QPS, "QPS", text_ids(s, qps, ids));
	err = err ?: text_stalls(f, &c, o);
	/* the other objects in every column, in the JSON's order */
	for (d = 0; d < SNAP_RES_N; d++)
		for (r = 0; r < SNAP_RES_N; r++) {
			char title[32];
			size_t i;

			if (snap_res_info[r].dump != d || r == SNAP_RES_QP || !snap_res_seen(s, r))
				continue;
			for (i = 0; snap_res_info[r].table[i] && i + 1 < sizeof(title); i++)
				title[i] = (char)toupper((unsigned char)snap_res_info[r].table[i]);
			title[i] = '\0';
			err = err ?: text_table(f, &c, o, VIEW_RES + r, title, NULL);
		}
	err = err ?: text_table(f, &c, o, VIEW_PROCS, "PROCESSES", text_ids(s, procs, ids));
	if (!err) {
		ng = view_groups(s, pv, (size_t)np, &gv, NULL);
		c.groups = gv;
		c.n_groups = ng > 0 ? (size_t)ng : 0;
		err = ng < 0 ? ng : text_table(f, &c, o, VIEW_GROUPS, "GROUPS", text_ids(s, groups, ids));
	}
	err = err ?: text_table(f, &c, o, VIEW_COUNTERS, "COUNTERS", NULL);
	text_lines(f, s, "EVENTS", &s->events, sizeof(struct snap_event), text_event);
	text_lines(f, s, "NOTES", &s->notes, sizeof(struct snap_note), text_note);
	free(pv);
	free(gv);
	if (!err && ferror(f))
		err = -EIO;
	return err;
}
