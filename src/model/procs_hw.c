// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The processes' bound counters: each counter bound to QPs (auto by pid,
 * or by type or by hand with all its QPs in one process) is added to that
 * process, its values summed by class.  A counter whose QPs belong to
 * several processes (auto by type alone) cannot be split and counts for
 * none.
 *
 * The sums follow the counter classification (classify.h): retransmits
 * (errors that make a resend), the other errors (not flushes), CNPs, and
 * the bytes of traffic counters.
 */
#include <stdio.h>

#include "classify.h"
#include "view.h"

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

int view_hw_class(const struct snap_counter *c)
{
	if (c->cls_flags & CNT_F_RETX)
		return VIEW_HW_RETX;
	if (c->cls_flags & CNT_F_CNP)
		return VIEW_HW_CNP;
	if (c->cls == CNT_ERROR)
		return VIEW_HW_ERR;
	if (c->cls == CNT_TRAFFIC && c->unit == SNAP_UNIT_BYTES)
		return VIEW_HW_BYTES;
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
		k = view_hw_class(v);
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
