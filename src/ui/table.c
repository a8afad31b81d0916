// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The main table: QPs, processes, counters, connections or links, with
 * tabs, the sort column marked, and the selection kept on its object.
 */
#include <stdio.h>
#include <string.h>

#include "history.h"
#include "priv.h"

static const char *const qp_cols[] = {
	"dev", "port", "lqpn", "rqpn", "type", "state", "psn_rate", "pid", "comm",
	"sq_psn", "rq_psn", "pdn", "tid", "pmig", "sq_rate", "rq_rate",
};
static const char *const proc_cols[] = {
	"pid", "comm", "uid", "qp", "cq", "mr", "mr_bytes", "pd", "cm_id", "ctx", "srq",
	"psn_rate", "threads", "cgroup",
};
static const char *const counter_cols[] = {
	"dev", "port", "name", "value", "rate", "unit", "source", "delta",
};
static const char *const conn_cols[] = {
	"dev", "port", "cm_idn", "src", "dst", "state", "lqpn", "type", "ps", "pid", "comm", "tid",
};
static const char *const link_cols[] = {
	"dev", "port", "state", "phys", "netdev", "rate", "rx_bytes", "tx_bytes", "rx_packets",
	"tx_packets", "link_layer", "lid", "sm_lid", "netdev_index",
};

static const struct {
	const char *title;
	const char *const *cols;
	size_t n;
} panes[UI_PANE_N] = {
#define P(id, t, c) [id] = { t, c, sizeof(c) / sizeof(c[0]) }
	P(UI_QPS, "QPs", qp_cols),
	P(UI_PROCS, "Processes", proc_cols),
	P(UI_COUNTERS, "Counters", counter_cols),
	P(UI_CONNS, "Connections", conn_cols),
	P(UI_LINKS, "Links", link_cols),
#undef P
};

const char *const *ui_pane_cols(enum ui_pane p, size_t *n)
{
	*n = panes[p].n;
	return panes[p].cols;
}

const char *ui_cell_text(const struct ui *u, const char *col, const struct view_value *v,
			 char *buf, size_t len)
{
	/* say why a key is missing rather than "n/a": the kernel sends MR and
	 * PD keys only to CAP_NET_ADMIN */
	if (!v->valid && u->s && (u->s->flags & SNAP_F_UNPRIVILEGED) && strstr(col, "key"))
		return "hidden";
	return view_fmt(v, buf, len);
}

int ui_value_role(const char *col, const struct view_value *v, const char *text)
{
	if (!v->valid)
		return ROLE_NA;
	if (!strcmp(col, "state") || !strcmp(col, "phys"))
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
	for (i = 0; i < UI_PANE_N; i++) {
		snprintf(buf, sizeof(buf), " %zu %s ", i + 1, panes[i].title);
		ui_put(y, x, w - x, i == u->pane ? ROLE_SELECTED : ROLE_TITLE, buf);
		x += (int)strlen(buf) + 1;
		if (x >= w)
			return;
	}
	snprintf(buf, sizeof(buf), "%zu rows", u->n_rows);
	if (x + (int)strlen(buf) + 1 < w)
		ui_put_right(y, x, w - x - 1, ROLE_TITLE, buf);
}

void ui_draw_table(struct ui *u, const struct ui_layout *l)
{
	enum view_table t = ui_pane_table(u->pane);
	const char *const *names = panes[u->pane].cols;
	size_t ncol = panes[u->pane].n, nvc, i, c;
	const struct view_col *vcols = view_cols(t, &nvc);
	int idx[32], x, y = l->table.y, body, shown = 0;
	size_t *sel = &u->sel[u->pane], *top = &u->top[u->pane];

	if (!l->table.h)
		return;
	draw_tabs(u, y++, l->table.w);
	if (l->table.h < 2)
		return;
	/* which columns fit */
	for (c = 0, x = 0; c < ncol && shown < 32; c++) {
		int k = view_col_find(t, names[c]);

		if (k < 0 || x + vcols[k].width > l->table.w)
			continue;
		idx[shown++] = k;
		x += vcols[k].width + 1;
	}
	ui_fill(y, 0, l->table.w, ROLE_COLUMN);
	for (c = 0, x = 0; c < (size_t)shown; c++) {
		const struct view_col *vc = &vcols[idx[c]];
		int role = idx[c] == u->sort[u->pane] ? ROLE_COLUMN_SORT : ROLE_COLUMN;
		char hdr[40];

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
			text = ui_cell_text(u, vc->name, &v, buf, sizeof(buf));
			role = selected ? ROLE_SELECTED : ui_value_role(vc->name, &v, text);
			if (t == VIEW_COUNTERS && !selected && !strcmp(vc->name, "rate") &&
			    v.valid && v.d > 0) {
				struct view_value nv;
				char nb[128];
				int k = view_col_find(t, "name");

				view_get(&u->vc, t, u->rows[i], k, &nv);
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
