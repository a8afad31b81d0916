// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The processes' bound counters: each counter bound to QPs (auto by pid,
 * or by type or by hand with all its QPs in one process) is added to that
 * process, its values summed by class.  A counter whose QPs belong to
 * several processes (auto by type alone) cannot be split and counts for
 * none.
 *
 * The classes are explicit names per driver, a small table of its own
 * until one classification of every counter replaces it.
 */
#include <stdio.h>
#include <string.h>

#include "view.h"

static const struct {
	const char *name;
	int class;
} hw_names[] = {
	/* mlx5: drivers/infiniband/hw/mlx5/counters.c (the counters a QP
	 * counter has: q counters, RoCE accel and cc, optional cc_* and the
	 * 6.15 rdma_{rx,tx}_bytes) */
	{ "local_ack_timeout_err", VIEW_HW_RETX },
	{ "rnr_nak_retry_err", VIEW_HW_RETX },
	{ "packet_seq_err", VIEW_HW_RETX },
	{ "implied_nak_seq_err", VIEW_HW_RETX },
	{ "duplicate_request", VIEW_HW_RETX },
	{ "roce_adp_retrans", VIEW_HW_RETX },
	{ "roce_adp_retrans_to", VIEW_HW_RETX },
	{ "out_of_sequence", VIEW_HW_ERR },
	{ "out_of_buffer", VIEW_HW_ERR },
	{ "resp_local_length_error", VIEW_HW_ERR },
	{ "resp_cqe_error", VIEW_HW_ERR },
	{ "req_cqe_error", VIEW_HW_ERR },
	{ "req_remote_invalid_request", VIEW_HW_ERR },
	{ "req_remote_access_errors", VIEW_HW_ERR },
	{ "resp_remote_access_errors", VIEW_HW_ERR },
	{ "req_transport_retries_exceeded", VIEW_HW_ERR },
	{ "req_rnr_retries_exceeded", VIEW_HW_ERR },
	{ "np_cnp_sent", VIEW_HW_CNP },
	{ "rp_cnp_handled", VIEW_HW_CNP },
	{ "cc_rx_cnp_pkts", VIEW_HW_CNP },
	{ "cc_tx_cnp_pkts", VIEW_HW_CNP },
	{ "rdma_rx_bytes", VIEW_HW_BYTES },
	{ "rdma_tx_bytes", VIEW_HW_BYTES },
};

const char *view_qp_mode_str(const struct snap_port *p, char *buf, size_t len)
{
	if (p->qp_mode == SNAP_QPCNT_MANUAL)
		return "manual";
	if (p->qp_mode != SNAP_QPCNT_AUTO)
		return "none";
	snprintf(buf, len, "auto %s%s%s", p->qp_mask & SNAP_QPCNT_BY_TYPE ? "type" : "",
		 (p->qp_mask & SNAP_QPCNT_BY_TYPE) && (p->qp_mask & SNAP_QPCNT_BY_PID) ? "," : "",
		 p->qp_mask & SNAP_QPCNT_BY_PID ? "pid" : "");
	return buf;
}

int view_hw_class(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(hw_names) / sizeof(hw_names[0]); i++)
		if (!strcmp(hw_names[i].name, name))
			return hw_names[i].class;
	return -1;
}

/* The process a bound counter counts for: its owner (auto by pid), else
 * the one process all its QPs belong to; 0 when none or several. */
static uint32_t counter_pid(const struct snapshot *s, const struct snap_qpcnt *c)
{
	const char *list = snap_s(s, c->lqpns);
	uint32_t pid = 0;
	size_t i;

	if (c->own.valid & SNAP_OWN_TID)
		return snap_owner_pid(s, &c->own);
	for (i = 0; i < s->qps.n; i++) {
		const struct snap_qp *q = SNAP_AT(&s->qps, struct snap_qp, i);
		uint32_t p;

		if (q->dev != c->dev || !snap_lqpns_has(list, q->lqpn))
			continue;
		p = snap_owner_pid(s, &q->own);
		if (!p || (pid && p != pid))
			return 0;
		pid = p;
	}
	return pid;
}

static void add_counter(const struct snapshot *s, struct view_proc *p, const struct snap_qpcnt *c)
{
	size_t i;

	p->valid |= VIEW_PROC_HW;
	p->n_qpcnt++;
	for (i = 0; i < s->objcnts.n; i++) {
		const struct snap_counter *v = SNAP_AT(&s->objcnts, struct snap_counter, i);
		int k;

		if (v->kind != SNAP_OBJ_QPCNT || v->dev != c->dev || v->obj != c->cntn)
			continue;
		k = view_hw_class(snap_s(s, v->name));
		if (k < 0)
			continue;
		p->hw[k] += v->value;
		if (v->rate_status == RATE_DATA) {
			p->hw_rate[k] += v->rate;
			p->valid |= VIEW_PROC_HW_RATE;
		}
	}
}

void view_procs_hw(const struct snapshot *s, struct view_proc *procs, size_t n)
{
	size_t i, j;

	for (i = 0; i < s->qpcnts.n; i++) {
		const struct snap_qpcnt *c = SNAP_AT(&s->qpcnts, struct snap_qpcnt, i);
		uint32_t pid = counter_pid(s, c);

		if (!pid)
			continue;
		for (j = 0; j < n; j++)
			if (procs[j].pid == pid && !(procs[j].valid & (VIEW_PROC_KERN | VIEW_PROC_HIDDEN)))
				break;
		if (j < n)
			add_counter(s, &procs[j], c);
	}
}
