// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The main table: QPs, processes, counters, connections or links, with
 * tabs, the sort column marked, and the selection kept on its object.
 */
#include <stdio.h>
#include <string.h>

#include "history.h"
#include "priv.h"

/* Each pane's columns, in the order they are shown while they fit. */
static const int qp_cols[] = {
	VC_QP_DEV, VC_QP_PORT, VC_QP_LQPN, VC_QP_RQPN, VC_QP_TYPE, VC_QP_STATE, VC_QP_PSN_RATE,
	VC_QP_PID, VC_QP_COMM, VC_QP_SQ_PSN, VC_QP_RQ_PSN, VC_QP_PDN, VC_QP_TID, VC_QP_PMIG,
	VC_QP_SQ_RATE, VC_QP_RQ_RATE,
};
static const int proc_cols[] = {
	VC_PROC_PID, VC_PROC_COMM, VC_PROC_UID, VC_PROC_QP, VC_PROC_CQ, VC_PROC_MR,
	VC_PROC_MR_BYTES, VC_PROC_PD, VC_PROC_CM_ID, VC_PROC_CTX, VC_PROC_SRQ, VC_PROC_PSN_RATE,
	VC_PROC_THREADS, VC_PROC_CGROUP,
};
static const int counter_cols[] = {
	VC_CNT_DEV, VC_CNT_PORT, VC_CNT_NAME, VC_CNT_VALUE, VC_CNT_RATE, VC_CNT_UNIT,
	VC_CNT_SOURCE, VC_CNT_DELTA,
};
static const int conn_cols[] = {
	VC_CM_DEV, VC_CM_PORT, VC_CM_IDN, VC_CM_SRC, VC_CM_DST, VC_CM_STATE, VC_CM_LQPN,
	VC_CM_TYPE, VC_CM_PS, VC_CM_PID, VC_CM_COMM, VC_CM_TID,
};
static const int link_cols[] = {
	VC_LINK_DEV, VC_LINK_PORT, VC_LINK_STATE, VC_LINK_PHYS, VC_LINK_NETDEV, VC_LINK_RATE,
	VC_LINK_RX_BYTES, VC_LINK_TX_BYTES, VC_LINK_RX_PACKETS, VC_LINK_TX_PACKETS,
	VC_LINK_LAYER, VC_LINK_LID, VC_LINK_SM_LID, VC_LINK_NETDEV_INDEX,
};

static const int group_cols[] = {
	VC_GRP_KIND, VC_GRP_NAME, VC_GRP_PROCS, VC_GRP_QP, VC_GRP_RTS, VC_GRP_QP_ERR,
	VC_GRP_PSN_RATE, VC_GRP_MR_BYTES, VC_GRP_MR, VC_GRP_CQ, VC_GRP_PD, VC_GRP_CM_ID,
	VC_GRP_QP_OTHER, VC_GRP_CTX, VC_GRP_SRQ, VC_GRP_RUNTIME, VC_GRP_CGROUP,
};

static const struct {
	const char *title;
	const int *cols;
	size_t n;
} panes[UI_PANE_N] = {
#define P(id, t, c) [id] = { t, c, sizeof(c) / sizeof(c[0]) }
	P(UI_QPS, "QPs", qp_cols),
	P(UI_PROCS, "Processes", proc_cols),
	P(UI_COUNTERS, "Counters", counter_cols),
	P(UI_CONNS, "Connections", conn_cols),
	P(UI_LINKS, "Links", link_cols),
	P(UI_GROUPS, "Groups", group_cols),
#undef P
};

const int *ui_pane_cols_default(enum ui_pane p, size_t *n)
{
	*n = panes[p].n;
	return panes[p].cols;
}

const char *ui_cell_text(const struct ui *u, const struct view_col *col,
			 const struct view_value *v, char *buf, size_t len)
{
	/* say why a key is missing rather than "n/a": the kernel sends MR and
	 * PD keys only to CAP_NET_ADMIN */
	if (!v->valid && u->s && (u->s->flags & SNAP_F_UNPRIVILEGED) && (col->flags & VIEW_C_KEY))
		return "hidden";
	return view_fmt(v, buf, len);
}

int ui_value_role(const struct view_col *col, const struct view_value *v, const char *text)
{
	if (!v->valid)
		return ROLE_NA;
	if (col->flags & VIEW_C_STATE)
		return ui_state_role(text);
	if (v->type == VIEW_T_DOUBLE) {
		if (v->d <= 0)
			return ROLE_RATE_ZERO;
		return v->d >= 1e6 ? ROLE_RATE_HIGH : ROLE_RATE_LOW;
	}
	return ROLE_DEFAULT;
}

static void draw_tabs(struct ui *u, int y, int w)
{
	int x = 0;
	size_t i;
	char buf[96];

	ui_fill(y, 0, w, ROLE_TITLE);
	u->hit.tabs_y = y;
	for (i = 0; i < UI_PANE_N; i++) {
		snprintf(buf, sizeof(buf), " %zu %s ", i + 1, panes[i].title);
		ui_put(y, x, w - x, i == u->pane ? ROLE_SELECTED : ROLE_TITLE, buf);
		u->hit.tab_x[i] = x;
		x += (int)strlen(buf) + 1;
		u->hit.tab_x[i + 1] = x < w ? x : w;
		if (x >= w) {
			for (i++; i < UI_PANE_N; i++)
				u->hit.tab_x[i + 1] = w;
			return;
		}
	}
	snprintf(buf, sizeof(buf), "%zu rows", u->n_rows);
	if (x + (int)strlen(buf) + 1 < w)
		ui_put_right(y, x, w - x - 1, ROLE_TITLE, buf);
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

		if ((size_t)k >= nvc || x + vcols[k].width > l->table.w)
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
		       u->s ? "(nothing to show: no rows, or none matches the filter)" :
			      "(waiting for the first sample)");
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
			role = selected ? ROLE_SELECTED : ui_value_role(vc, &v, text);
			if (t == VIEW_COUNTERS && !selected && idx[c] == VC_CNT_RATE &&
			    v.valid && v.d > 0) {
				struct view_value nv;
				char nb[128];

				view_get(&u->vc, t, u->rows[i], VC_CNT_NAME, &nv);
				if (hist_is_error_counter(view_fmt(&nv, nb, sizeof(nb))))
					role = ROLE_ERROR;
			}
			if (vc->right)
				ui_put_right(y, x, vc->width, role, text);
			else
				ui_put(y, x, vc->width, role, text);
			x += vc->width + 1;
		}
	}
}
