// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Drill-down views: everything a process holds, every field of a QP (and
 * its CM_ID), a link's counters with full-width history graphs, and a
 * device's fields, capabilities, ports and counters.  Each
 * builds a list of lines, then draws the part that fits from detail_top.
 */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "detail.h"
#include "flaps.h"
#include "fmt.h"
#include "graph.h"
#include "history.h"
#include "names.h"
#include "priv.h"
#include "snap_pci.h"

struct line {
	int role;
	int indent;
	char text[512];
};

struct lines {
	struct line *v;
	size_t n, cap;
};

static void add(struct lines *L, int role, int indent, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void add(struct lines *L, int role, int indent, const char *fmt, ...)
{
	va_list ap;

	if (L->n == L->cap) {
		size_t cap = L->cap ? L->cap * 2 : 64;
		struct line *nv = realloc(L->v, cap * sizeof(*nv));

		if (!nv)
			return;
		L->v = nv;
		L->cap = cap;
	}
	L->v[L->n].role = role;
	L->v[L->n].indent = indent;
	va_start(ap, fmt);
	vsnprintf(L->v[L->n].text, sizeof(L->v[L->n].text), fmt, ap);
	va_end(ap);
	L->n++;
}

static void emit_line(void *ctx, int role, int indent, const char *text)
{
	add(ctx, role, indent, "%s", text);
}

/* A table section: header line, then one line per matching row. */
static void section(struct ui *u, struct lines *L, enum view_table t, const char *title,
		    bool (*match)(const struct ui *, enum view_table, size_t))
{
	size_t n = view_count(&u->cache.vc, t), ncol, i, c, count = 0;
	const struct view_col *cols = view_cols(t, &ncol);
	char line[512], buf[128];
	size_t first = L->n;
	/* the owner is the section's subject: its pid and comm are left out */
	int pid = view_col_role(t, VIEW_ROLE_PID), comm = view_col_role(t, VIEW_ROLE_COMM);

	add(L, ROLE_TITLE, 0, "%s", title);
	line[0] = '\0';
	for (c = 0; c < ncol; c++) {
		if ((int)c == pid || (int)c == comm)
			continue;
		snprintf(line + strlen(line), sizeof(line) - strlen(line), "%*s ",
			 cols[c].right ? cols[c].width : -cols[c].width, cols[c].header);
	}
	add(L, ROLE_COLUMN, 2, "%s", line);
	for (i = 0; i < n; i++) {
		if (!match(u, t, i))
			continue;
		count++;
		line[0] = '\0';
		for (c = 0; c < ncol; c++) {
			if ((int)c == pid || (int)c == comm)
				continue;
			/* raw text: ui_put escapes the whole line when drawing */
			snprintf(line + strlen(line), sizeof(line) - strlen(line), "%*.*s ",
				 cols[c].right ? cols[c].width : -cols[c].width, 40,
				 ui_detail_cell(u, t, i, (int)c, buf, sizeof(buf)));
		}
		add(L, ROLE_DEFAULT, 2, "%s", line);
		if (view_driver(&u->cache.vc, t, i, line, sizeof(line)))
			add(L, ROLE_DEFAULT, 4, "driver: %s", line);
	}
	snprintf(L->v[first].text, sizeof(L->v[first].text), "%s (%zu)", title, count);
	if (!count)
		L->n = first + 1;	/* keep just the title */
	add(L, ROLE_DEFAULT, 0, "%s", "");
}

/* The values of one object's counters (bound counter, MR), one a line. */
static void obj_counters(struct ui *u, struct lines *L, uint8_t kind, uint32_t dev, uint32_t obj)
{
	char rate[32];
	size_t i;

	for (i = 0; i < u->run.s->objcnts.n; i++) {
		const struct snap_counter *c = SNAP_AT(&u->run.s->objcnts, struct snap_counter, i);

		if (c->kind != kind || c->dev != dev || c->obj != obj)
			continue;
		if (c->rate_status == RATE_DATA)
			fmt_si(rate, sizeof(rate), c->rate);
		else
			snprintf(rate, sizeof(rate), "n/a");
		add(L, ROLE_DEFAULT, 4, "%-32s %14llu %10s/s", snap_s(u->run.s, c->name),
		    (unsigned long long)c->value, rate);
	}
}

/* A process's bound counters by class, and its MRs' driver stats. */
static void proc_hw(struct ui *u, struct lines *L, const struct view_proc *p)
{
	static const char *const what[VIEW_HW_N] = { "retransmits", "errors", "CNPs", "bytes" };
	char rate[32];
	size_t i;
	int k;

	if (p->valid & VIEW_PROC_HW) {
		add(L, ROLE_TITLE, 0, "bound counters (%u)", p->n_qpcnt);
		for (k = 0; k < VIEW_HW_N; k++) {
			if (p->valid & VIEW_PROC_HW_RATE)
				fmt_si(rate, sizeof(rate), p->hw_rate[k]);
			else
				snprintf(rate, sizeof(rate), "n/a");
			add(L, ROLE_DEFAULT, 2, "%-12s %14llu %10s/s", what[k],
			    (unsigned long long)p->hw[k], rate);
		}
		add(L, ROLE_DEFAULT, 0, "%s", "");
	}
	for (i = 0; i < u->run.s->mrs.n; i++) {
		const struct snap_mr *m = SNAP_AT(&u->run.s->mrs, struct snap_mr, i);
		size_t j;

		if (!p->pid || snap_owner_pid(u->run.s, &m->own) != p->pid)
			continue;
		for (j = 0; j < u->run.s->objcnts.n; j++) {
			const struct snap_counter *c = SNAP_AT(&u->run.s->objcnts, struct snap_counter, j);

			if (c->kind == SNAP_OBJ_MR && c->dev == m->dev && c->obj == m->mrn)
				break;
		}
		if (j == u->run.s->objcnts.n)
			continue;
		add(L, ROLE_TITLE, 0, "MR %u stats (rdma statistic mr)", m->mrn);
		obj_counters(u, L, SNAP_OBJ_MR, m->dev, m->mrn);
		add(L, ROLE_DEFAULT, 0, "%s", "");
	}
}

static void build_proc(struct ui *u, struct lines *L)
{
	const struct ui_rowkey *k = &u->view.detail.key;
	size_t i;

	if (k->a)
		add(L, ROLE_HEADER_VALUE, 0, "process %u  %s", k->a, k->name);
	else if (k->b)
		add(L, ROLE_HEADER_VALUE, 0, "thread %u (its process is not visible here)", k->b);
	else
		add(L, ROLE_HEADER_VALUE, 0, "[kernel: %s]", k->name);
	for (i = 0; i < u->cache.n_procs; i++) {
		const struct view_proc *p = &u->cache.procs[i];
		char thr[128] = "";
		size_t j;

		if (p->pid != k->a || (!k->a && strcmp(snap_s(u->run.s, p->comm), k->name)))
			continue;
		for (j = 0; j < p->n_threads && j < VIEW_PROC_THREADS; j++)
			snprintf(thr + strlen(thr), sizeof(thr) - strlen(thr), "%s%u",
				 j ? "," : "", p->threads[j]);
		if (p->n_threads)
			add(L, ROLE_DEFAULT, 0, "owner thread ids: %s%s", thr,
			    p->n_threads > VIEW_PROC_THREADS ? ",..." : "");
		ui_detail_pctx(&u->cache.vc, i, emit_line, L);
		ui_detail_group(u->run.s, p, emit_line, L);
		add(L, ROLE_DEFAULT, 0, "%s", "");
		proc_hw(u, L, p);
		break;
	}
	add(L, ROLE_DEFAULT, 0, "%s", "");
	/* a section per object, in the per-process order */
	for (i = 0; i < SNAP_RES_N; i++) {
		enum snap_res r = snap_res_proc(i);

		if (r == SNAP_RES_N)
			continue;	/* an object processes do not hold */
		section(u, L, VIEW_RES + r, snap_res_info[r].title, ui_detail_owned);
	}
}

/* All fields of one row, "name: value". */
static void fields(struct ui *u, struct lines *L, enum view_table t, size_t row)
{
	size_t ncol, c;
	const struct view_col *cols = view_cols(t, &ncol);
	char buf[128];

	char drv[512];

	for (c = 0; c < ncol; c++)
		add(L, ROLE_DEFAULT, 2, "%-14s %s", cols[c].name,
		    ui_detail_cell(u, t, row, (int)c, buf, sizeof(buf)));
	/* the driver's own attributes (rdma -dd's drv_* fields) */
	if (view_driver(&u->cache.vc, t, row, drv, sizeof(drv)))
		add(L, ROLE_DEFAULT, 2, "%-14s %s", "driver", drv);
}

/* The counter the QP is bound to, with its values and rates. */
static void qp_counter(struct ui *u, struct lines *L)
{
	const struct snap_dev *d = u->run.s ? snap_dev_by_name(u->run.s, u->view.detail.key.name) : NULL;
	const struct snap_qpcnt *c = d ? snap_qpcnt_of(u->run.s, d->index, u->view.detail.key.a) : NULL;

	if (!c)
		return;
	add(L, ROLE_TITLE, 0, "bound counter %u (%s), port %u, QPs %s", c->cntn,
	    c->mode == SNAP_QPCNT_AUTO ? "auto" : c->mode == SNAP_QPCNT_MANUAL ? "manual" : "?",
	    c->port, snap_s(u->run.s, c->lqpns));
	obj_counters(u, L, SNAP_OBJ_QPCNT, c->dev, c->cntn);
	add(L, ROLE_DEFAULT, 0, "%s", "");
}

static void build_qp(struct ui *u, struct lines *L)
{
	size_t i, n = view_count(&u->cache.vc, VIEW_QPS);
	bool found = false;

	add(L, ROLE_HEADER_VALUE, 0, "QP %u on %s", u->view.detail.key.a, u->view.detail.key.name);
	for (i = 0; i < n; i++)
		if (ui_detail_is_qp(u, VIEW_QPS, i)) {
			struct view_value v;
			size_t j;

			fields(u, L, VIEW_QPS, i);
			found = true;
			ui_detail_stall(u->run.s, SNAP_AT(&u->run.s->qps, struct snap_qp, i),
					emit_line, L);
			/* where its owner runs: the cgroup, job, pod, unit */
			view_get(&u->cache.vc, VIEW_QPS, i, view_col_role(VIEW_QPS, VIEW_ROLE_PID), &v);
			for (j = 0; v.valid && j < u->cache.n_procs; j++)
				if (u->cache.procs[j].pid == v.u)
					ui_detail_group(u->run.s, &u->cache.procs[j], emit_line, L);
			break;
		}
	if (!found)
		add(L, ROLE_STATUS_WARN, 2, "%s", "this QP is gone");
	add(L, ROLE_DEFAULT, 0, "%s", "");
	qp_counter(u, L);
	n = view_count(&u->cache.vc, VIEW_CM_IDS);
	for (i = 0; i < n; i++)
		if (ui_detail_is_qp(u, VIEW_CM_IDS, i)) {
			add(L, ROLE_TITLE, 0, "%s", "CM_ID");
			fields(u, L, VIEW_CM_IDS, i);
		}
}

static void graph(struct ui *u, struct lines *L, const char *title, const char *dev,
		  uint32_t devi, uint32_t port, enum hist_series k, bool bytes, int width)
{
	double v[HIST_LEN], scale;
	char *rows[6], store[6][HIST_LEN * 3 + 1], lab[32];
	size_t n;
	int r, h = 5;

	if (width > HIST_LEN)
		width = HIST_LEN;
	n = hist_get(&u->run.hist, devi, port, dev, k, v, (size_t)width);
	for (r = 0; r < h; r++)
		rows[r] = store[r];
	if (width < 1 || graph_area(rows, h, width, v, n, 0, u->view.ascii, &scale))
		return;
	/* throughput as the link's rows show it: bits, or bytes (--bytes) */
	if (bytes && !u->cache.vc.bytes)
		fmt_bits(lab, sizeof(lab), scale);
	else if (bytes)
		fmt_iec(lab, sizeof(lab) - 2, scale);
	else
		fmt_si(lab, sizeof(lab) - 2, scale);
	if (!bytes || u->cache.vc.bytes)
		strcat(lab, "/s");
	add(L, ROLE_TITLE, 0, "%s (top of scale %s, last %zu sample%s)", title, lab, n,
	    n == 1 ? "" : "s");
	for (r = 0; r < h; r++)
		add(L, k == HIST_ERRORS ? ROLE_GRAPH_ERR : k == HIST_TX_BYTES ||
		    k == HIST_TX_PKTS ? ROLE_GRAPH_TX : ROLE_GRAPH_RX, 0, "%s", rows[r]);
}

static bool link_counter(const struct ui *u, enum view_table t, size_t row)
{
	struct view_value v;
	char dev[64];

	view_get(&u->cache.vc, t, row, view_col_role(t, VIEW_ROLE_PORT), &v);
	if (!v.valid || v.u != u->view.detail.key.a)
		return false;
	ui_detail_cell(u, t, row, view_col_role(t, VIEW_ROLE_DEV), dev, sizeof(dev));
	return !strcmp(dev, u->view.detail.key.name);
}

/* The port's sysfs facts: GUID, MTU, its GID and P_Key tables. */
static void port_tables(struct ui *u, struct lines *L, const struct snap_port *p)
{
	char buf[48], line[512], vlan[8];
	uint32_t mtu = view_port_active_mtu(u->run.s, p);
	size_t i, n = 0;

	add(L, ROLE_DEFAULT, 2, "port GUID      %s",
	    SNAP_HAS(p, SNAP_PORT_GUID) ? fmt_guid(buf, sizeof(buf), p->guid) : "n/a");
	if (mtu)
		add(L, ROLE_DEFAULT, 2, "active MTU     %u (netdev MTU %u)", mtu, p->ndev_mtu);
	else
		add(L, ROLE_DEFAULT, 2, "active MTU     %s", "n/a");
	line[0] = '\0';
	for (i = 0; i < p->npkeys; i++)
		snprintf(line + strlen(line), sizeof(line) - strlen(line), "%s0x%04x", i ? " " : "",
			 p->pkeys[i]);
	add(L, ROLE_DEFAULT, 2, "P_Keys         %s", p->npkeys ? line : "n/a");
	for (i = 0; i < u->run.s->gids.n; i++) {
		const struct snap_gid *g = SNAP_AT(&u->run.s->gids, struct snap_gid, i);

		if (g->dev != p->dev || g->port != p->port)
			continue;
		if (!n++) {
			add(L, ROLE_TITLE, 0, "%s", "GIDs");
			add(L, ROLE_COLUMN, 2, "%-5s %-39s %-8s %-15s %s", "INDEX", "GID", "TYPE", "NETDEV",
			    "VLAN");
		}
		snprintf(vlan, sizeof(vlan), "%u", g->vlan);
		add(L, ROLE_DEFAULT, 2, "%5u %-39s %-8s %-15s %s", g->index,
		    fmt_gid(buf, sizeof(buf), g->gid), g->has_type ? view_gid_type_str(g->type) : "n/a",
		    g->ndev[0] ? g->ndev : "-", g->has_vlan ? vlan : "-");
	}
	add(L, ROLE_DEFAULT, 0, "%s", "");
}

/* The port's QP counter mode and its optional counters. */
static void link_stat(struct ui *u, struct lines *L, uint32_t dev, uint32_t port)
{
	const struct snap_port *p = snap_port_find(u->run.s, dev, port);
	char buf[64];
	size_t i, n = L->n;

	if (p && SNAP_HAS(p, SNAP_PORT_QP_MODE))
		add(L, ROLE_DEFAULT, 0, "QP counters: %s%s", view_qp_mode_str(p, buf, sizeof(buf)),
		    p->qp_mode == SNAP_QPCNT_AUTO ?
		    " (auto mode binds the QPs created from then on)" : "");
	/* 6.15+: whether the counters auto mode makes count the enabled
	 * optional counters too */
	if (p && SNAP_HAS(p, SNAP_PORT_QP_OPCNT))
		add(L, ROLE_DEFAULT, 2, "optional counters in them: %s",
		    p->qp_opcnt ? "yes (optional-counters on)" : "no (optional-counters off)");
	for (i = 0; i < u->run.s->optcnts.n; i++) {
		const struct snap_optcnt *o = SNAP_AT(&u->run.s->optcnts, struct snap_optcnt, i);

		if (o->dev == dev && o->port == port)
			add(L, ROLE_DEFAULT, 2, "optional counter %-24s %s", snap_s(u->run.s, o->name),
			    o->enabled ? "enabled" : "supported, off");
	}
	if (L->n > n)
		add(L, ROLE_DEFAULT, 0, "%s", "");
}

static void build_link(struct ui *u, struct lines *L, int width)
{
	const struct snap_dev *d = u->run.s ? snap_dev_by_name(u->run.s, u->view.detail.key.name) : NULL;
	const struct snap_port *p;
	uint32_t port = u->view.detail.key.a;

	add(L, ROLE_HEADER_VALUE, 0, "link %s/%u", u->view.detail.key.name, port);
	if (!d) {
		add(L, ROLE_STATUS_WARN, 2, "%s", "this device is gone");
		return;
	}
	if (SNAP_HAS(d, SNAP_DEV_TYPE) || SNAP_HAS(d, SNAP_DEV_PARENT))
		add(L, ROLE_DEFAULT, 2, "sub-device: type %s, parent %s",
		    SNAP_HAS(d, SNAP_DEV_TYPE) ? snap_dev_type_str(d->type) : "n/a",
		    SNAP_HAS(d, SNAP_DEV_PARENT) ? d->parent : "n/a");
	/* the verdict and where each figure comes from first, then the
	 * counter mode: the GID table can be long (255 on mlx5 RoCE) */
	if ((p = snap_port_find(u->run.s, d->index, port)))
		ui_detail_truth(u->run.s, p, emit_line, L);
	link_stat(u, L, d->index, port);
	ui_detail_net(u->run.s, d->index, port, emit_line, L);
	if ((p = snap_port_find(u->run.s, d->index, port))) {
		ui_detail_flaps(u->run.s, p, emit_line, L);
		port_tables(u, L, p);
	}
	graph(u, L, "RX throughput", d->name, d->index, port, HIST_RX_BYTES, true, width);
	graph(u, L, "TX throughput", d->name, d->index, port, HIST_TX_BYTES, true, width);
	graph(u, L, "RX packets", d->name, d->index, port, HIST_RX_PKTS, false, width);
	graph(u, L, "TX packets", d->name, d->index, port, HIST_TX_PKTS, false, width);
	graph(u, L, "errors", d->name, d->index, port, HIST_ERRORS, false, width);
	add(L, ROLE_DEFAULT, 0, "%s", "");
	section(u, L, VIEW_COUNTERS, "counters", link_counter);
}

static bool dev_row(const struct ui *u, enum view_table t, size_t row)
{
	char dev[64];

	ui_detail_cell(u, t, row, view_col_role(t, VIEW_ROLE_DEV), dev, sizeof(dev));
	return !strcmp(dev, u->view.detail.key.name);
}

/* A device: its fields and resource summary, capabilities by name, its
 * ports and counters. */
static void build_dev(struct ui *u, struct lines *L)
{
	const struct snap_dev *d = u->run.s ? snap_dev_by_name(u->run.s, u->view.detail.key.name) : NULL;
	size_t i, n = view_count(&u->cache.vc, VIEW_DEVS);
	char caps[512] = "";
	uint64_t c;
	unsigned int bit;

	add(L, ROLE_HEADER_VALUE, 0, "device %s", u->view.detail.key.name);
	if (!d) {
		add(L, ROLE_STATUS_WARN, 2, "%s", "this device is gone");
		return;
	}
	for (i = 0; i < n; i++)
		if (dev_row(u, VIEW_DEVS, i))
			fields(u, L, VIEW_DEVS, i);
	for (bit = 0, c = d->caps; SNAP_HAS(d, SNAP_DEV_CAPS) && c; bit++, c >>= 1) {
		const char *name = snap_dev_cap_str(bit);

		if (c & 1)
			snprintf(caps + strlen(caps), sizeof(caps) - strlen(caps), "%s%s",
				 *caps ? " " : "", name ? name : "UNKNOWN");
	}
	add(L, ROLE_DEFAULT, 2, "%-14s %s", "caps (names)", SNAP_HAS(d, SNAP_DEV_CAPS) ?
	    caps : "n/a");
	add(L, ROLE_DEFAULT, 0, "%s", "");
	ui_detail_pci(u->run.s, d->name, emit_line, L);
	if (snap_pci_of_dev(u->run.s, d->name))
		add(L, ROLE_DEFAULT, 0, "%s", "");
	section(u, L, VIEW_LINKS, "ports", dev_row);
	section(u, L, VIEW_COUNTERS, "counters", dev_row);
}

/* The cells a line takes: its code points (the drill-downs' text is
 * ASCII but for names, which are one cell a character where shown). */
static size_t cells(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

void ui_draw_detail(struct ui *u, const struct ui_layout *l)
{
	struct lines L = { 0 };
	/* a page below the status line, which keeps its message */
	int y = l->page.y, h = l->page.h;
	size_t i;

	switch (u->view.detail.kind) {
	case DETAIL_PROC:
		build_proc(u, &L);
		break;
	case DETAIL_QP:
		build_qp(u, &L);
		break;
	case DETAIL_LINK:
		build_link(u, &L, l->table.w);
		break;
	case DETAIL_DEV:
		build_dev(u, &L);
		break;
	default:
		break;
	}
	if (u->view.detail.top > (int)L.n - h)
		u->view.detail.top = (int)L.n - h;
	if (u->view.detail.top < 0)
		u->view.detail.top = 0;
	ui_clear(&l->page);
	for (i = (size_t)u->view.detail.top; i < L.n && (int)(i - (size_t)u->view.detail.top) < h; i++) {
		int row = y + (int)(i - (size_t)u->view.detail.top), w = l->table.w - L.v[i].indent;

		/* a line wider than the screen ends in a ">" where it is cut */
		if (w > 1 && cells(L.v[i].text) > (size_t)w) {
			ui_put(row, L.v[i].indent, w - 1, L.v[i].role, L.v[i].text);
			ui_put(row, L.v[i].indent + w - 1, 1, ROLE_STATUS_WARN, ">");
		} else {
			ui_put(row, L.v[i].indent, w, L.v[i].role, L.v[i].text);
		}
	}
	free(L.v);
}
