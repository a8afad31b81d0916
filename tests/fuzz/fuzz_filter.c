// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for filter expressions: any text through
 * view_filter_add (all or nothing, a reason on failure), then matched
 * against every row of every table of a small snapshot, and the filtered
 * rows sorted by each column.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "view.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct snapshot s;
static struct view_proc *procs;
static int n_procs;

static void setup(void)
{
	static const uint8_t types[] = { 2, 4, 1, 2 };
	struct snap_dev *d;
	struct snap_task *t;
	size_t i;

	snap_init(&s);
	d = snap_push(&s.devs, sizeof(*d));
	strcpy(d->name, "rxe0");
	d->valid = SNAP_DEV_NODE_GUID | SNAP_DEV_NODE_TYPE;
	snap_port_get(&s, 0, 1)->valid |= SNAP_PORT_STATE;
	for (i = 0; i < 4; i++) {
		struct snap_qp *q = snap_push(&s.qps, sizeof(*q));
		struct snap_cm_id *c = snap_push(&s.cm_ids, sizeof(*c));
		struct snap_mr *m = snap_push(&s.mrs, sizeof(*m));
		struct snap_counter *k = snap_push(&s.counters, sizeof(*k));

		q->lqpn = 17 + (uint32_t)i;
		q->type = types[i];
		q->state = (uint8_t)(3 + i % 3);
		q->valid = SNAP_QP_TYPE | SNAP_QP_STATE | SNAP_QP_PSN_RATE | SNAP_QP_PORT;
		q->port = 1;
		q->sq_psn_rate = (float)(i * 1000);
		q->own.tid = 914 + (uint32_t)i;
		q->own.valid = i == 2 ? SNAP_OWN_KERN : SNAP_OWN_TID;
		q->own.kern = snap_str(&s, "ib_core", 8);
		c->valid = SNAP_CM_SRC | SNAP_CM_STATE;
		c->src.family = i & 1 ? AF_INET6 : AF_INET;
		c->src.port = 7174;
		c->own = q->own;
		m->valid = SNAP_MR_RKEY | SNAP_MR_LEN;
		m->rkey = 0x1234 + (uint32_t)i;
		m->mrlen = 4096u << i;
		m->own = q->own;
		k->name = snap_str(&s, i & 1 ? "rcvd_pkts" : "port_xmit_data", 32);
		k->rate_status = RATE_DATA;
		k->rate = 1e6 * (double)i;
		k->unit = (uint8_t)(i % 3);
	}
	t = snap_task_get(&s, 914);
	t->pid = 914;
	t->comm = snap_str(&s, "ibv_rc_pingpong", 16);
	t->valid = SNAP_TASK_PID | SNAP_TASK_COMM;
	n_procs = view_procs(&s, &procs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct view_ctx c;
	struct view_filter *f;
	char *expr, err[256];
	int t;

	if (!procs)
		setup();
	c = (struct view_ctx){ .s = &s, .procs = procs, .n_procs = n_procs > 0 ? (size_t)n_procs : 0 };
	expr = malloc(size + 1);
	f = view_filter_new();
	if (!expr || !f)
		goto out;
	memcpy(expr, data, size);
	expr[size] = '\0';
	if (view_filter_add(f, expr, err, sizeof(err))) {
		if (!memchr(err, '\0', sizeof(err)) || !err[0])
			abort();	/* a failure always says why */
		goto out;
	}
	for (t = 0; t < VIEW_N; t++) {
		size_t ncol, *rows = NULL, i;
		int col;

		view_cols((enum view_table)t, &ncol);
		for (i = 0; i < view_count(&c, (enum view_table)t); i++)
			view_filter_match(f, &c, (enum view_table)t, i);
		for (col = -1; col < (int)ncol; col++) {
			if (view_rows(&c, (enum view_table)t, f, col, col & 1, &rows) < 0)
				abort();
			free(rows);
		}
	}
out:
	view_filter_free(f);
	free(expr);
	return 0;
}
