// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CM_IDs (RDMA_NLDEV_CMD_RES_CM_ID_GET, nldev.c fill_res_cm_id_entry): the
 * one declaration of the object.  A listener has no QP (no lqpn, no
 * qp-type) and a zero destination.  Special: the addresses, which come as
 * the kernel's whole struct __kernel_sockaddr_storage (128 bytes on 6.1
 * and 6.12), and the port space, a u32 (RDMA_PS_TCP is 0x0106).
 */
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>

#include "cols.h"
#include "fmt.h"
#include "names.h"
#include "nl.h"

#define CM struct snap_cm_id

/* Read a sockaddr without assuming the payload is aligned for one. */
static void addr_parse(const struct nlattr *a, struct snap_addr *out)
{
	const unsigned char *p = mnl_attr_get_payload(a);
	size_t len = mnl_attr_get_payload_len(a);
	sa_family_t family;

	memset(out, 0, sizeof(*out));
	memcpy(&family, p, sizeof(family)); /* the policy guarantees 4 bytes */
	out->family = family;
	if (family == AF_INET && len >= sizeof(struct sockaddr_in)) {
		struct sockaddr_in sin;

		memcpy(&sin, p, sizeof(sin));
		out->port = ntohs(sin.sin_port);
		memcpy(out->addr, &sin.sin_addr, sizeof(sin.sin_addr));
	} else if (family == AF_INET6 && len >= sizeof(struct sockaddr_in6)) {
		struct sockaddr_in6 sin6;

		memcpy(&sin6, p, sizeof(sin6));
		out->port = ntohs(sin6.sin6_port);
		out->scope_id = sin6.sin6_scope_id;
		memcpy(out->addr, &sin6.sin6_addr, sizeof(sin6.sin6_addr));
	} else if (family == AF_INET || family == AF_INET6) {
		/* too short to hold its family's address: show it raw */
		out->family = AF_UNSPEC;
	}
}

/* where the last CM_ID's QP was: only where to look first (qp_raw.c) */
static _Thread_local size_t cm_hint;

/* what no field reads: the two addresses */
static int cm_addrs(struct snapshot *s, const struct nlattr **tb, void *row)
{
	CM *c = row;

	if (tb[RDMA_NLDEV_ATTR_RES_SRC_ADDR]) {
		addr_parse(tb[RDMA_NLDEV_ATTR_RES_SRC_ADDR], &c->src);
		c->valid |= SNAP_CM_SRC;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_DST_ADDR]) {
		addr_parse(tb[RDMA_NLDEV_ATTR_RES_DST_ADDR], &c->dst);
		c->valid |= SNAP_CM_DST;
	}
	/* a CM QP's peer is its destination (the QPs are dumped before) */
	nl_qp_cm_peer(s, c, &cm_hint);
	return 0;
}

/* what cm_get shows: the port space's name, an address */
enum { CM_ARG_PS, CM_ARG_SRC, CM_ARG_DST };

static void cm_get(const struct view_ctx *c, const void *row, const struct view_col *col,
		   struct view_value *v)
{
	const CM *m = row;
	static const uint16_t bit[] = {
		[CM_ARG_PS] = SNAP_CM_PS,
		[CM_ARG_SRC] = SNAP_CM_SRC,
		[CM_ARG_DST] = SNAP_CM_DST,
	};
	const char *s = NULL;

	(void)c;
	if (SNAP_HAS(m, bit[col->arg]))
		s = col->arg == CM_ARG_PS ? snap_ps_str(m->ps) :
					    fmt_addr(v->tmp, sizeof(v->tmp),
						     col->arg == CM_ARG_SRC ? &m->src : &m->dst);
	v->s = s ? s : "";
	v->valid = s && *s;
}

#define CM_GET(n, h, w, k, j, d)                                                 \
	{ .name = n, .header = h, .width = w, TEXT, .get = cm_get, .arg = k, .json = j, .desc = d }

static const struct view_col cm_id_fields[VC_CM_N] = {
	[VC_CM_DEV] = COL_DEV(CM),
	[VC_CM_PORT] = { COL_NA("port", "PORT", 4, CM, port, SNAP_CM_PORT, PORT_INDEX, "port",
				"port") },
	[VC_CM_IDN] = { COL_NA("cm_idn", "CM_IDN", 6, CM, cm_idn, SNAP_CM_IDN, RES_CM_IDN,
			       "cm-idn", "CM_ID number") },
	[VC_CM_LQPN] = { COL_NA("lqpn", "LQPN", 7, CM, lqpn, SNAP_CM_LQPN, RES_LQPN, "lqpn",
				"its QP's number") },
	[VC_CM_TYPE] = { .name = "type", .header = "TYPE", .width = 4, TEXT,
			 FIELD(CM, qp_type, SNAP_CM_QP_TYPE), .name8 = snap_qp_type_str,
			 .attr = RDMA_NLDEV_ATTR_RES_TYPE, .json = "qp-type",
			 .desc = "its QP's type" },
	[VC_CM_STATE] = { .name = "state", .header = "STATE", .width = 14, TEXT,
			  .flags = VIEW_C_STATE, FIELD(CM, state, SNAP_CM_STATE),
			  .name8 = snap_cm_state_str, .attr = RDMA_NLDEV_ATTR_RES_STATE,
			  .json = "state", .desc = "connection state" },
	/* parsed as a field, shown by cm_get: snap_ps_str takes the u32 */
	[VC_CM_PS] = { .name = "ps", .header = "PS", .width = 5, TEXT, .get = cm_get,
		       .arg = CM_ARG_PS, FIELD(CM, ps, SNAP_CM_PS), .attr = RDMA_NLDEV_ATTR_RES_PS,
		       .json = "ps", .desc = "port space (TCP, UDP, IPOIB, IB)" },
	[VC_CM_SRC] = CM_GET("src", "SRC", 22, CM_ARG_SRC, "src-addr", "source address"),
	[VC_CM_DST] = CM_GET("dst", "DST", 22, CM_ARG_DST, "dst-addr", "destination address"),
	COL_OWNER(CM),
};
/* rdma's order (res-cmid.c): its pid and comm before the addresses */
static const int8_t cm_id_json[] = {
	VC_CM_PORT, VC_CM_IDN, VC_CM_LQPN, VC_CM_TYPE, VC_CM_STATE, VC_CM_PS, VIEW_JSON_PID,
	VC_CM_SRC, VC_CM_DST, -1,
};
const struct view_tab view_cm_id_tab =
	FIELD_TAB(cm_id_fields, CM, VC_CM_N, cm_id_json, ROLES_OWNER(VC_CM_PID),
		  [VIEW_ROLE_PORT] = VC_CM_PORT + 1, [VIEW_ROLE_LQPN] = VC_CM_LQPN + 1);

NL_OBJ(cm_id, CM_ID, RES_CM_ID, RES_CM_ID_ENTRY, .special = cm_addrs)
