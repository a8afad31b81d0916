// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The columns of the CM_IDs, whose parser and JSON writer are their own
 * (their addresses).  The other objects are declared whole in their
 * src/nl/<name>.c.  Every table starts with dev and has the owner's pid,
 * tid and comm.
 */
#include "cols.h"
#include "fmt.h"
#include "names.h"

#define KEY(n, h, w, type, field, b, d)                                          \
	{ COL_F(n, h, w, VIEW_F_HEX, type, field, b, d), .flags = VIEW_C_KEY }
#define STATE(n, h, w, type, field, b, fn, d)                                    \
	{ COL_E(n, h, w, type, field, b, fn, d), .flags = VIEW_C_STATE }

/* ---- CM_IDs ---- */
#define CM struct snap_cm_id

/* what cm_get reads */
enum { CM_ARG_PS, CM_ARG_SRC, CM_ARG_DST };

static void cm_get(const struct view_ctx *c, const void *row, const struct view_col *col,
		   struct view_value *v)
{
	const struct snap_cm_id *m = row;
	static const uint16_t bit[] = {
		[CM_ARG_PS] = SNAP_CM_PS, [CM_ARG_SRC] = SNAP_CM_SRC, [CM_ARG_DST] = SNAP_CM_DST,
	};
	const char *s = NULL;

	(void)c;
	if (SNAP_HAS(m, bit[col->arg]))
		s = col->arg == CM_ARG_PS ? snap_ps_str(m->ps) :
		    fmt_addr(v->tmp, sizeof(v->tmp), col->arg == CM_ARG_SRC ? &m->src : &m->dst);
	v->s = s ? s : "";
	v->valid = s && *s;
}

#define CM_GET(n, h, w, k, d)                                                    \
	{ VIEW_COL(n, h, w, false, VIEW_T_STR, VIEW_F_PLAIN), .get = cm_get, .arg = k, .desc = d }

static const struct view_col cm_id_cols[VC_CM_N] = {
	[VC_CM_DEV] = COL_DEV(CM),
	[VC_CM_PORT] = { COL_N("port", "PORT", 4, CM, port, SNAP_CM_PORT, "port") },
	[VC_CM_IDN] = { COL_N("cm_idn", "CM_IDN", 6, CM, cm_idn, SNAP_CM_IDN, "CM_ID number") },
	[VC_CM_LQPN] = { COL_N("lqpn", "LQPN", 7, CM, lqpn, SNAP_CM_LQPN, "its QP's number") },
	[VC_CM_TYPE] = { COL_E("type", "TYPE", 4, CM, qp_type, SNAP_CM_QP_TYPE, snap_qp_type_str,
			       "its QP's type") },
	[VC_CM_STATE] = STATE("state", "STATE", 14, CM, state, SNAP_CM_STATE, snap_cm_state_str,
			      "connection state"),
	[VC_CM_PS] = CM_GET("ps", "PS", 5, CM_ARG_PS, "port space (TCP, UDP, IPOIB, IB)"),
	[VC_CM_SRC] = CM_GET("src", "SRC", 22, CM_ARG_SRC, "source address"),
	[VC_CM_DST] = CM_GET("dst", "DST", 22, CM_ARG_DST, "destination address"),
	COL_OWNER(CM),
};
const struct view_tab view_cm_id_tab = RES_TAB(cm_id_cols, CM, VC_CM_PID,
					       [VIEW_ROLE_PORT] = VC_CM_PORT + 1,
					       [VIEW_ROLE_LQPN] = VC_CM_LQPN + 1);
