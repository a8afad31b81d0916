// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The main table: QPs, processes, counters, connections, links, devices,
 * CQs, MRs, PDs, CTXs or SRQs, with tabs, the sort column marked, and the
 * selection kept on its object.
 */
#include <stdio.h>
#include <string.h>

#include "classify.h"
#include "priv.h"

/* Each pane's columns, in the order they are shown while they fit. */
static const int qp_cols[] = {
	VC_QP_DEV, VC_QP_PORT, VC_QP_LQPN, VC_QP_RQPN, VC_QP_TYPE, VC_QP_STATE, VC_QP_PSN_RATE,
	VC_QP_PID, VC_QP_COMM, VC_QP_SQ_PSN, VC_QP_RQ_PSN, VC_QP_PDN, VC_QP_TID, VC_QP_PMIG,
	VC_QP_SQ_RATE, VC_QP_RQ_RATE,
};
static const int proc_cols[] = {
	VC_PROC_PID, VC_PROC_COMM, VC_PROC_UID, VC_PROC_QP, VC_PROC_RETX_RATE, VC_PROC_ERR_RATE,
	VC_PROC_CNP_RATE, VC_PROC_BYTES_RATE, VC_PROC_RETX, VC_PROC_ERR, VC_PROC_CNP, VC_PROC_CQ,
	VC_PROC_MR,
	VC_PROC_MR_BYTES, VC_PROC_PD, VC_PROC_CM_ID, VC_PROC_CTX, VC_PROC_SRQ, VC_PROC_PSN_RATE,
	VC_PROC_THREADS, VC_PROC_CGROUP,
};
static const int counter_cols[] = {
	VC_CNT_DEV, VC_CNT_PORT, VC_CNT_NAME, VC_CNT_VALUE, VC_CNT_RATE, VC_CNT_CLASS,
	VC_CNT_CLASS_BY, VC_CNT_UNIT, VC_CNT_SOURCE, VC_CNT_DELTA, VC_CNT_OPTIONAL,
};
static const int conn_cols[] = {
	VC_CM_DEV, VC_CM_PORT, VC_CM_IDN, VC_CM_SRC, VC_CM_DST, VC_CM_STATE, VC_CM_LQPN,
	VC_CM_TYPE, VC_CM_PS, VC_CM_PID, VC_CM_COMM, VC_CM_TID,
};
static const int link_cols[] = {
	VC_LINK_DEV, VC_LINK_PORT, VC_LINK_STATE, VC_LINK_PHYS, VC_LINK_NETDEV, VC_LINK_QP_MODE,
	VC_LINK_RATE,
	VC_LINK_RX_BYTES, VC_LINK_TX_BYTES, VC_LINK_RX_PACKETS, VC_LINK_TX_PACKETS,
	VC_LINK_LAYER, VC_LINK_LID, VC_LINK_SM_LID, VC_LINK_NETDEV_INDEX,
};

static const int group_cols[] = {
	VC_GRP_KIND, VC_GRP_NAME, VC_GRP_PROCS, VC_GRP_QP, VC_GRP_RTS, VC_GRP_QP_ERR,
	VC_GRP_PSN_RATE, VC_GRP_MR_BYTES, VC_GRP_MR, VC_GRP_CQ, VC_GRP_PD, VC_GRP_CM_ID,
	VC_GRP_QP_OTHER, VC_GRP_CTX, VC_GRP_SRQ, VC_GRP_RETX, VC_GRP_ERR, VC_GRP_CNP,
	VC_GRP_RUNTIME, VC_GRP_CGROUP,
};

/* the resource summary counts, each with its change since the last sample */
static const int dev_cols[] = {
	VC_DEV_NAME, VC_DEV_NODE_TYPE, VC_DEV_PROTOCOL, VC_DEV_QP, VC_DEV_QP_CHG, VC_DEV_MR,
	VC_DEV_MR_CHG, VC_DEV_CQ, VC_DEV_CQ_CHG, VC_DEV_PD, VC_DEV_PD_CHG, VC_DEV_CM_ID,
	VC_DEV_CM_ID_CHG, VC_DEV_CTX, VC_DEV_CTX_CHG, VC_DEV_SRQ, VC_DEV_SRQ_CHG, VC_DEV_FW,
	VC_DEV_PORTS, VC_DEV_DIM, VC_DEV_NODE_GUID, VC_DEV_SYS_GUID, VC_DEV_CAPS, VC_DEV_INDEX,
};
/* the owner's pid and comm early, so they stay at 80 columns */
static const int cq_cols[] = {
	VC_CQ_DEV, VC_CQ_CQN, VC_CQ_CQE, VC_CQ_USERS, VC_CQ_PID, VC_CQ_PID + 2, VC_CQ_POLL_CTX,
	VC_CQ_DIM, VC_CQ_CTXN, VC_CQ_PID + 1,
};
static const int mr_cols[] = {
	VC_MR_DEV, VC_MR_MRN, VC_MR_LEN, VC_MR_PDN, VC_MR_PID, VC_MR_PID + 2, VC_MR_RKEY,
	VC_MR_LKEY, VC_MR_PID + 1,
};
static const int pd_cols[] = {
	VC_PD_DEV, VC_PD_PDN, VC_PD_USERS, VC_PD_CTXN, VC_PD_PID, VC_PD_PID + 2, VC_PD_LDMA,
	VC_PD_UNSAFE, VC_PD_PID + 1,
};
static const int ctx_cols[] = {
	VC_CTX_DEV, VC_CTX_CTXN, VC_CTX_PID, VC_CTX_PID + 2, VC_CTX_PID + 1,
};
static const int srq_cols[] = {
	VC_SRQ_DEV, VC_SRQ_SRQN, VC_SRQ_TYPE, VC_SRQ_LQPN, VC_SRQ_PDN, VC_SRQ_CQN, VC_SRQ_PID,
	VC_SRQ_PID + 2, VC_SRQ_PID + 1,
};

/* a tab's title, and a shorter one for when all of them do not fit */
static const struct {
	const char *title, *brief;
	const int *cols;
	size_t n;
} panes[UI_PANE_N] = {
#define P(id, t, b, c) [id] = { t, b, c, sizeof(c) / sizeof(c[0]) }
	P(UI_QPS, "QPs", "QPs", qp_cols),
	P(UI_PROCS, "Processes", "Procs", proc_cols),
	P(UI_COUNTERS, "Counters", "Cntrs", counter_cols),
	P(UI_CONNS, "Connections", "Conns", conn_cols),
	P(UI_LINKS, "Links", "Links", link_cols),
	P(UI_DEVS, "Devices", "Devs", dev_cols),
	P(UI_CQS, "CQs", "CQs", cq_cols),
	P(UI_MRS, "MRs", "MRs", mr_cols),
	P(UI_PDS, "PDs", "PDs", pd_cols),
	P(UI_CTXS, "CTXs", "CTXs", ctx_cols),
	P(UI_SRQS, "SRQs", "SRQs", srq_cols),
	P(UI_GROUPS, "Groups", "Grps", group_cols),
#undef P
};

const int *ui_pane_cols_default(enum ui_pane p, size_t *n)
{
	*n = panes[p].n;
	return panes[p].cols;
}

/*
 * The columns of bound counters, optional counters and QP counter modes
 * show where the sample has any: on rxe they would be n/a throughout.
 */
bool ui_col_shown(const struct ui *u, enum view_table t, int col)
{
	const struct snapshot *s = u->s;
	size_t i;

	if ((t == VIEW_PROCS && col >= VC_PROC_HW_FIRST) ||
	    (t == VIEW_GROUPS && col >= VC_GRP_HW_FIRST))
		return s && s->qpcnts.n;
	if (t == VIEW_COUNTERS && col == VC_CNT_OPTIONAL)
		return s && s->optcnts.n;
	if (t == VIEW_LINKS && col == VC_LINK_QP_MODE) {
		for (i = 0; s && i < s->ports.n; i++)
			if (SNAP_AT(&s->ports, struct snap_port, i)->qp_mode != SNAP_QPCNT_NONE)
				return true;
		return false;
	}
	return true;
}

const char *ui_cell_text(const struct ui *u, const struct view_col *col,
			 const struct view_value *v, char *buf, size_t len)
{
	/* say why a key is missing rather than "n/a": the kernel sends MR and
	 * PD keys only to CAP_NET_ADMIN */
	if (!v->valid && u->s && (u->s->flags & SNAP_F_UNPRIVILEGED) && (col->flags & VIEW_C_KEY))
		return "hidden";
	/* an owner the kernel gave no pid: it lives outside our PID namespace
	 * (a table's narrow PID column shows the first word) */
	if (!v->valid && v->outside)
		return "outside this PID namespace";
	return view_fmt(v, buf, len);
}

int ui_value_role(const struct view_col *col, const struct view_value *v, const char *text)
{
	if (!v->valid)
		return ROLE_NA;
	if (v->sat)
		return ROLE_STATE_WARN;	/* a counter stopped at its maximum */
	if (col->flags & VIEW_C_STATE)
		return ui_state_role(text);
	if (v->type == VIEW_T_DOUBLE) {
		if (v->d <= 0)
			return ROLE_RATE_ZERO;
		return v->d >= 1e6 ? ROLE_RATE_HIGH : ROLE_RATE_LOW;
	}
	return ROLE_DEFAULT;
}

/*
 * A tab's label: its key (1-9, 0, g; none for the rest) and title (the
 * brief groups tab drops its key to fit 80 columns); a paced QP table says
 * how old its oldest rows are (age >= 0.5 s).
 */
static int tab_label(char *buf, size_t len, size_t i, bool brief, double age)
{
	const char *t = brief ? panes[i].brief : panes[i].title;
	char title[64];

	if (i == UI_GROUPS && !brief)
		return snprintf(buf, len, " g %s ", t);
	if (i == UI_QPS && age >= 0.5) {
		snprintf(title, sizeof(title), brief ? "%s %.0fs" : "%s, %.0fs old", t, age);
		t = title;
	}
	if (i < 10)
		return snprintf(buf, len, brief ? "%zu %s" : " %zu %s ", (i + 1) % 10, t);
	return snprintf(buf, len, brief ? "%s" : " %s ", t);
}

/*
 * The tabs: full titles, two blanks apart, when they fit with the row
 * count; else the brief titles one blank apart (79 cells: 80 columns).
 */
static void draw_tabs(struct ui *u, int y, int w)
{
	int x = 0, full = 0;
	size_t i;
	char buf[96], rows[32];
	bool brief;
	double age = u->s ? snap_table_age(u->s, SNAP_RES_QP) : 0;

	snprintf(rows, sizeof(rows), "%zu rows", u->n_rows);
	for (i = 0; i < UI_PANE_N; i++)
		full += tab_label(buf, sizeof(buf), i, false, age) + 1;
	brief = full + (int)strlen(rows) + 1 >= w;
	ui_fill(y, 0, w, ROLE_TITLE);
	u->hit.tabs_y = y;
	for (i = 0; i < UI_PANE_N; i++) {
		int n = tab_label(buf, sizeof(buf), i, brief, age);

		ui_put(y, x, w - x, i == u->pane ? ROLE_SELECTED : ROLE_TITLE, buf);
		u->hit.tab_x[i] = x;
		x += n + 1;
		u->hit.tab_x[i + 1] = x < w ? x : w;
		if (x >= w) {
			for (i++; i < UI_PANE_N; i++)	/* the tabs cut off: none */
				u->hit.tab_x[i] = u->hit.tab_x[i + 1] = w;
			return;
		}
	}
	if (x + (int)strlen(rows) + 1 < w)
		ui_put_right(y, x, w - x - 1, ROLE_TITLE, rows);
}

/* Whether QP row `row` is older than the interval: its own time (a per-QP
 * GET refreshes the rows on screen), else its table's. */
static bool row_old(const struct ui *u, size_t row)
{
	if (!u->s || row >= u->s->qps.n)
		return false;
	return snap_qp_age(u->s, SNAP_AT(&u->s->qps, struct snap_qp, row)) > u->delay / 2;
}

void ui_draw_table(struct ui *u, const struct ui_layout *l)
{
	enum view_table t = ui_pane_table(u->pane);
	const int *ids = u->cols[u->pane];
	size_t ncol = u->n_cols[u->pane], nvc, i, c;
	const struct view_col *vcols = view_cols(t, &nvc);
	int idx[32], x, y = l->table.y, body, shown = 0;
	size_t *sel = &u->sel[u->pane], *top = &u->top[u->pane];

	u->hit.tabs_y = u->hit.head_y = u->hit.body_y = -1;
	u->hit.n = u->hit.body_h = 0;
	if (!l->table.h)
		return;
	draw_tabs(u, y++, l->table.w);
	if (l->table.h < 2)
		return;
	/* which columns fit */
	for (c = 0, x = 0; c < ncol && shown < 32; c++) {
		int k = ids[c];

		if ((size_t)k >= nvc || x + vcols[k].width > l->table.w || !ui_col_shown(u, t, k))
			continue;
		idx[shown++] = k;
		x += vcols[k].width + 1;
	}
	ui_fill(y, 0, l->table.w, ROLE_COLUMN);
	u->hit.head_y = y;
	u->hit.n = shown;
	for (c = 0, x = 0; c < (size_t)shown; c++) {
		const struct view_col *vc = &vcols[idx[c]];
		int role = idx[c] == u->sort[u->pane] ? ROLE_COLUMN_SORT : ROLE_COLUMN;
		char hdr[40];

		u->hit.x[c] = x;
		u->hit.w[c] = vc->width;
		u->hit.col[c] = idx[c];
		snprintf(hdr, sizeof(hdr), "%s%s", vc->header, idx[c] == u->sort[u->pane] ?
			 (u->reverse[u->pane] ? (u->ascii ? "^" : "\u25b2") :
			  (u->ascii ? "v" : "\u25bc")) : "");
		if (vc->right)
			ui_put_right(y, x, vc->width, role, hdr);
		else
			ui_put(y, x, vc->width, role, hdr);
		x += vc->width + 1;
	}
	y++;
	body = l->table.h - 2;
	if (body <= 0)
		return;
	u->hit.body_y = y;
	u->hit.body_h = body;
	if (!u->n_rows) {
		ui_put(y, 0, l->table.w, ROLE_NA,
		       !u->s ? "(waiting for the first sample)" :
		       (u->s->flags & SNAP_F_NO_DEVICES) ? snap_no_devices_why(u->s) :
		       "(nothing to show: no rows, or none matches the filter)");
		return;
	}
	if (*sel < *top)
		*top = *sel;
	if (*sel >= *top + (size_t)body)
		*top = *sel - (size_t)body + 1;
	if (*top + (size_t)body > u->n_rows)
		*top = u->n_rows > (size_t)body ? u->n_rows - (size_t)body : 0;
	for (i = *top; i < u->n_rows && i < *top + (size_t)body; i++, y++) {
		bool selected = i == *sel;
		/* QP rows older than the interval (a paced table) are dimmed */
		bool old = t == VIEW_QPS && row_old(u, u->rows[i]);

		if (selected)
			ui_fill(y, 0, l->table.w, ROLE_SELECTED);
		for (c = 0, x = 0; c < (size_t)shown; c++) {
			const struct view_col *vc = &vcols[idx[c]];
			struct view_value v;
			char buf[128];
			const char *text;
			int role;

			view_get(&u->vc, t, u->rows[i], idx[c], &v);
			text = ui_cell_text(u, vc, &v, buf, sizeof(buf));
			role = selected ? ROLE_SELECTED : old ? ROLE_NA : ui_value_role(vc, &v, text);
			if (t == VIEW_COUNTERS && !selected && idx[c] == VC_CNT_RATE &&
			    v.valid && v.d > 0 &&
			    cnt_is_error(SNAP_AT(&u->s->counters, struct snap_counter,
						 u->rows[i])->cls))
				role = ROLE_ERROR;
			if (vc->right)
				ui_put_right(y, x, vc->width, role, text);
			else
				ui_put(y, x, vc->width, role, text);
			x += vc->width + 1;
		}
	}
}
