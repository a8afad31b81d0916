// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which rows a drill-down is about: the rows its subject owns, its QP;
 * and the QPs the screen shows, which the sample reads again by a GET of
 * their own where the QP table is paced.
 */
#include <string.h>

#include "detail.h"
#include "priv.h"

const char *ui_detail_cell(const struct ui *u, enum view_table t, size_t row, int col, char *buf,
			   size_t len)
{
	struct view_value v;
	size_t n;
	const struct view_col *cols = view_cols(t, &n);

	view_get(&u->cache.vc, t, row, col, &v);
	if (col >= 0 && (size_t)col < n)
		return ui_cell_text(u, &cols[col], &v, buf, len);
	return view_fmt(&v, buf, len);
}

bool ui_detail_owned(const struct ui *u, enum view_table t, size_t row)
{
	const struct ui_rowkey *k = &u->view.detail.key;
	struct view_value v;
	char buf[128];
	int c;

	if (k->a) { /* a process */
		c = view_col_role(t, VIEW_ROLE_PID);
		view_get(&u->cache.vc, t, row, c, &v);
		return v.valid && v.u == k->a;
	}
	if (k->b) { /* a thread whose process is not visible */
		c = view_col_role(t, VIEW_ROLE_TID);
		view_get(&u->cache.vc, t, row, c, &v);
		return v.valid && v.u == k->b;
	}
	/* a kernel owner, by name */
	c = view_col_role(t, VIEW_ROLE_PID);
	view_get(&u->cache.vc, t, row, c, &v);
	if (v.valid)
		return false;
	c = view_col_role(t, VIEW_ROLE_COMM);
	return !strcmp(ui_detail_cell(u, t, row, c, buf, sizeof(buf)), k->name);
}

bool ui_detail_is_qp(const struct ui *u, enum view_table t, size_t row)
{
	char dev[64];
	struct view_value v;

	view_get(&u->cache.vc, t, row, view_col_role(t, VIEW_ROLE_LQPN), &v);
	if (!v.valid || v.u != u->view.detail.key.a)
		return false;
	ui_detail_cell(u, t, row, view_col_role(t, VIEW_ROLE_DEV), dev, sizeof(dev));
	return !strcmp(dev, u->view.detail.key.name);
}

/* QP row i of the sample as a GET's target. */
static size_t want_qp(const struct ui *u, size_t i, struct nl_want *out, size_t n, size_t max)
{
	const struct snap_qp *q;

	if (n >= max || i >= u->run.s->qps.n)
		return n;
	q = SNAP_AT(&u->run.s->qps, struct snap_qp, i);
	out[n] = (struct nl_want){ .dev = q->dev,
				   .lqpn = q->lqpn,
				   .port = (q->valid & SNAP_QP_PORT) ? q->port : 0 };
	return n + 1;
}

size_t ui_want_qps(const struct ui *u, struct nl_want *out, size_t max)
{
	size_t i, n = 0, count, top;

	if (!u->run.s)
		return 0;
	count = view_count(&u->cache.vc, VIEW_QPS);
	switch (u->view.detail.kind) {
	case DETAIL_PROC:
		for (i = 0; i < count && n < max; i++)
			if (ui_detail_owned(u, VIEW_QPS, i))
				n = want_qp(u, i, out, n, max);
		return n;
	case DETAIL_QP:
		for (i = 0; i < count; i++)
			if (ui_detail_is_qp(u, VIEW_QPS, i))
				return want_qp(u, i, out, n, max);
		return 0;
	case DETAIL_NONE:
		break;
	default:
		return 0;
	}
	if (u->view.pane != UI_QPS)
		return 0;
	/* the rows drawn last (all of a screen's height before the first draw) */
	count = u->view.mouse.hit.body_h > 0 ? (size_t)u->view.mouse.hit.body_h :
					       (size_t)(u->run.rows_n > 0 ? u->run.rows_n : 0);
	top = u->view.panes[UI_QPS].top;
	for (i = top; i < u->cache.n_rows && i < top + count && n < max; i++)
		n = want_qp(u, u->cache.rows[i], out, n, max);
	return n;
}
