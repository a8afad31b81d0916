// SPDX-License-Identifier: GPL-2.0-or-later
/* The QP table's stall columns (stall.h): getters over the model. */
#include <stdio.h>
#include <string.h>

#include "stall.h"
#include "verdict.h"

const int stall_table_cols[] = { STALL_COLS, -1 };

void stall_get_kind(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v)
{
	struct stall_info st;

	(void)col;
	stall_of(c->s, row, &st);
	v->valid = st.kind != STALL_NA;
	v->s = stall_kind_str(st.kind);
}

/* stalled: seconds its PSNs stood still; SQE, ERR and setup: in the
 * state; n/a otherwise (a moving or idle QP has no stall age) */
void stall_get_age(const struct view_ctx *c, const void *row, const struct view_col *col,
		   struct view_value *v)
{
	struct stall_info st;

	(void)col;
	stall_of(c->s, row, &st);
	v->valid = stall_listed(st.kind);
	v->d = v->valid ? st.age : 0;
	/* in its state when first seen: at least that, marked "12s+" */
	v->sat = v->valid && st.before;
}

void stall_get_group(const struct view_ctx *c, const void *row, const struct view_col *col,
		     struct view_value *v)
{
	const struct snap_qp *q = row;
	const struct snap_task *t;
	struct view_group_key k;
	const char *kind;
	size_t len, room;

	(void)col;
	v->valid = false;
	v->s = "";
	if (q->own.valid & SNAP_OWN_KERN) {
		v->valid = true;
		v->s = "kernel";
		return;
	}
	if (!(q->own.valid & SNAP_OWN_TID))
		return;
	t = snap_task_find(c->s, q->own.tid);
	if (!t || !(t->valid & SNAP_TASK_CGROUP))
		return;
	view_group_classify(snap_s(c->s, t->cgroup), &k);
	kind = view_group_kind_str(k.kind);
	len = strlen(k.name);
	room = sizeof(v->tmp) - strlen(kind) - 2;
	/* a cgroup path longer than the cell: its end, marked (the leaf
	 * names the process's place) */
	if ((len > room ?
		     snprintf(v->tmp, sizeof(v->tmp), "%s:...%s", kind, k.name + len - (room - 3)) :
		     snprintf(v->tmp, sizeof(v->tmp), "%s:%s", kind, k.name)) < 0)
		return;
	v->s = v->tmp;
	v->valid = true;
}

/* its peer's stall where it is here ("stalled", "err", ...), "gone",
 * or "remote" (not on this host) */
void stall_get_peer(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v)
{
	struct stall_info st;

	(void)col;
	switch (stall_peer_of(c->s, row, &st)) {
	case STALL_PEER_HERE:
		v->s = stall_kind_str(st.kind);
		break;
	case STALL_PEER_GONE:
		v->s = "gone";
		break;
	case STALL_PEER_AWAY:
		v->s = "remote";
		break;
	default:
		v->s = "";
	}
	v->valid = *v->s != '\0';
}

void stall_get_health(const struct view_ctx *c, const void *row, const struct view_col *col,
		      struct view_value *v)
{
	const struct snap_qp *q = row;
	const struct snap_port *p;
	struct verdict vd;

	(void)col;
	v->valid = false;
	if (!SNAP_HAS(q, SNAP_QP_PORT) || !(p = snap_port_find(c->s, q->dev, q->port)))
		return;
	verdict_port(c->s, p, &vd);
	v->valid = vd.level != VERDICT_NONE;
	v->u = vd.level;
}
