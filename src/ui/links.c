// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Devices/links pane: one row per port with state, netdev, speed,
 * throughput, error rate and sparklines of the recent history.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "graph.h"
#include "history.h"
#include "names.h"
#include "priv.h"

struct lcol {
	const char *hdr;
	int w;
	bool right;
};

static const struct lcol cols[] = {
	{ "DEV", 10, false }, { "PORT", 4, true }, { "STATE", 6, false },
	{ "PHYS", 8, false }, { "NETDEV", 10, false }, { "RATE", 19, false },
	{ "RX/s", 10, true }, { "TX/s", 10, true }, { "RXPKT/s", 8, true },
	{ "TXPKT/s", 8, true }, { "ERR/s", 7, true },
};
#define NCOLS (sizeof(cols) / sizeof(cols[0]))

int ui_state_role(const char *state)
{
	static const char *const good[] = { "ACTIVE", "LINK_UP", "RTS", "CONNECT", "LISTEN" };
	static const char *const bad[] = { "DOWN", "DISABLED", "ERR", "SQE", "LINK_ERROR_RECOVERY" };
	size_t i;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		if (!strcmp(state, good[i]))
			return ROLE_STATE_GOOD;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (!strcmp(state, bad[i]))
			return ROLE_STATE_BAD;
	return ROLE_STATE_WARN;
}

/* formatted as the tables format rates (view_fmt: "0 B/s", "1.2K/s") */
static void rate_cell(int y, int x, int w, bool valid, double v, bool bytes, bool error,
		      bool sat)
{
	struct view_value val = {
		.type = VIEW_T_DOUBLE, .fmt = bytes ? VIEW_F_BPS : VIEW_F_RATE, .valid = valid,
		.d = v, .sat = sat,
	};
	char buf[32];
	int role;

	if (!valid)
		role = ROLE_NA;
	else if (sat)
		role = ROLE_STATE_WARN;	/* "sat": a counter stopped at its maximum */
	else if (v <= 0)
		role = ROLE_RATE_ZERO;
	else if (error)
		role = ROLE_ERROR;
	else
		role = v >= 1e6 ? ROLE_RATE_HIGH : ROLE_RATE_LOW;
	ui_put_right(y, x, w, role, view_fmt(&val, buf, sizeof(buf)));
}

/*
 * The order of the port rows: a sub-device's ports (6.12+ mlx5 SMI,
 * PARENT_NAME) right after its parent's, the others as the kernel lists
 * them.  Returns the number of indexes put in ord (at most max).
 */
static size_t port_order(const struct snapshot *s, size_t *ord, size_t max)
{
	size_t i, j, n = 0;

	for (i = 0; i < s->ports.n && n < max; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);
		const struct snap_dev *d = snap_dev_find(s, p->dev);
		const struct snap_port *next = i + 1 < s->ports.n ?
			SNAP_AT(&s->ports, struct snap_port, i + 1) : NULL;

		if (d && SNAP_HAS(d, SNAP_DEV_PARENT) && snap_dev_by_name(s, d->parent))
			continue;	/* placed under its parent */
		ord[n++] = i;
		if (!d || (next && next->dev == p->dev))
			continue;	/* not the device's last port yet */
		for (j = 0; j < s->ports.n && n < max; j++) {
			const struct snap_port *q = SNAP_AT(&s->ports, struct snap_port, j);
			const struct snap_dev *e = snap_dev_find(s, q->dev);

			if (e && SNAP_HAS(e, SNAP_DEV_PARENT) && !strcmp(e->parent, d->name))
				ord[n++] = j;
		}
	}
	return n;
}

void ui_draw_links(struct ui *u, const struct ui_layout *l)
{
	const struct snapshot *s = u->s;
	int y = l->links.y, x = 0, rows = l->links.h - 1, spark_x = 0;
	double hist[HIST_LEN];
	size_t i, c, nord, *ord;

	if (!l->links.h || !s)
		return;
	ui_fill(y, 0, l->links.w, ROLE_COLUMN);
	for (c = 0; c < NCOLS && x < l->links.w; c++) {
		int w = cols[c].w;

		if (cols[c].right)
			ui_put_right(y, x, w, ROLE_COLUMN, cols[c].hdr);
		else
			ui_put(y, x, w, ROLE_COLUMN, cols[c].hdr);
		x += w + 1;
	}
	spark_x = x;
	if (l->spark_w && spark_x + l->spark_w <= l->links.w)
		ui_put(y, spark_x, l->spark_w, ROLE_COLUMN, "RX+TX history");
	if (rows > 0 && (size_t)rows > s->ports.n)
		rows = (int)s->ports.n;
	ord = rows > 0 ? calloc((size_t)rows, sizeof(*ord)) : NULL;
	nord = ord ? port_order(s, ord, (size_t)rows) : 0;
	for (i = 0; i < nord; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, ord[i]);
		const struct snap_dev *d = snap_dev_find(s, p->dev);
		bool sub = d && SNAP_HAS(d, SNAP_DEV_PARENT);
		char name[SNAP_DEV_NAME_MAX + 4];
		const char *st = (p->valid & SNAP_PORT_STATE) ? snap_port_state_str(p->state) : "n/a";
		const char *ph = (p->valid & SNAP_PORT_PHYS_STATE) ?
				 snap_phys_state_str(p->phys_state) : "n/a";
		struct view_link_rates r;
		char buf[64];
		double ev;
		bool evalid, esat;

		y++;
		x = 0;
		/* a sub-device is drawn as a branch of its parent */
		snprintf(name, sizeof(name), "%s%s", sub ? (u->ascii ? "`" : "\u2514") : "",
			 d ? d->name : "?");
		ui_put(y, x, cols[0].w, d && ui_dev_changed(u, d->index) ? ROLE_CHANGED :
		       ROLE_DEFAULT, name);
		x += cols[0].w + 1;
		snprintf(buf, sizeof(buf), "%u", p->port);
		ui_put_right(y, x, cols[1].w, ROLE_DEFAULT, buf);
		x += cols[1].w + 1;
		ui_put(y, x, cols[2].w, ui_state_role(st), st);
		x += cols[2].w + 1;
		ui_put(y, x, cols[3].w, ui_state_role(ph), ph);
		x += cols[3].w + 1;
		ui_put(y, x, cols[4].w, (p->valid & SNAP_PORT_NDEV) ? ROLE_DEFAULT : ROLE_NA,
		       (p->valid & SNAP_PORT_NDEV) ? p->ndev : "n/a");
		x += cols[4].w + 1;
		ui_put(y, x, cols[5].w, (p->valid & SNAP_PORT_RATE) ? ROLE_DEFAULT : ROLE_NA,
		       (p->valid & SNAP_PORT_RATE) ? p->rate : "n/a");
		x += cols[5].w + 1;
		view_link_rates(s, p->dev, p->port, &r);
		for (c = 0; c < 4; c++) {
			rate_cell(y, x, cols[6 + c].w, r.valid[c], r.v[c], c < 2, false, r.sat[c]);
			x += cols[6 + c].w + 1;
		}
		ev = hist_error_rate(s, p->dev, p->port, &evalid);
		esat = hist_error_saturated(s, p->dev, p->port);
		rate_cell(y, x, cols[10].w, evalid || esat, ev, false, true, esat);
		x += cols[10].w + 1;
		if (l->spark_w && d && x + l->spark_w <= l->links.w) {
			char spark[HIST_LEN * 3 + 1];
			size_t n, k, m;
			double tx[HIST_LEN];

			n = hist_get(&u->hist, p->dev, p->port, d->name, HIST_RX_BYTES, hist,
				     (size_t)l->spark_w);
			m = hist_get(&u->hist, p->dev, p->port, d->name, HIST_TX_BYTES, tx,
				     (size_t)l->spark_w);
			for (k = 0; k < n && k < m; k++)
				hist[k] = isnan(hist[k]) ? tx[k] : isnan(tx[k]) ? hist[k] :
					  hist[k] + tx[k];
			graph_spark(spark, sizeof(spark), hist, n, l->spark_w, 0, u->ascii);
			ui_put(y, x, l->spark_w, ROLE_GRAPH_RX, spark);
		}
	}
	free(ord);
}
