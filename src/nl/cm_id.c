// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_RES_CM_ID_GET: rdma_cm identifiers of one device
 * (nldev.c fill_res_cm_id_entry).  A listener has no QP (no lqpn, no
 * qp-type) and a zero destination; addresses come as the kernel's whole
 * struct __kernel_sockaddr_storage (128 bytes on 6.1 and 6.12).
 */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>

#include "nl.h"

/* Read a sockaddr without assuming the payload is aligned for one. */
static void addr_parse(const struct nlattr *a, struct snap_addr *out)
{
	const unsigned char *p = mnl_attr_get_payload(a);
	size_t len = mnl_attr_get_payload_len(a);
	sa_family_t family;

	memset(out, 0, sizeof(*out));
	memcpy(&family, p, sizeof(family));	/* the policy guarantees 4 bytes */
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

static int cm_id_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	struct snap_cm_id *c = snap_push(&s->cm_ids, sizeof(*c));

	if (!c)
		return -ENOMEM;
	c->dev = *(const uint32_t *)arg;
	if (tb[RDMA_NLDEV_ATTR_PORT_INDEX])
		SNAP_SET(c, port, SNAP_CM_PORT, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_PORT_INDEX]));
	if (tb[RDMA_NLDEV_ATTR_RES_CM_IDN])
		SNAP_SET(c, cm_idn, SNAP_CM_IDN, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_CM_IDN]));
	if (tb[RDMA_NLDEV_ATTR_RES_LQPN])
		SNAP_SET(c, lqpn, SNAP_CM_LQPN, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_LQPN]));
	if (tb[RDMA_NLDEV_ATTR_RES_TYPE])
		SNAP_SET(c, qp_type, SNAP_CM_QP_TYPE,
			 mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_RES_TYPE]));
	if (tb[RDMA_NLDEV_ATTR_RES_STATE])
		SNAP_SET(c, state, SNAP_CM_STATE, mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_RES_STATE]));
	if (tb[RDMA_NLDEV_ATTR_RES_PS])
		SNAP_SET(c, ps, SNAP_CM_PS, mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_PS]));
	if (tb[RDMA_NLDEV_ATTR_RES_SRC_ADDR]) {
		addr_parse(tb[RDMA_NLDEV_ATTR_RES_SRC_ADDR], &c->src);
		c->valid |= SNAP_CM_SRC;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_DST_ADDR]) {
		addr_parse(tb[RDMA_NLDEV_ATTR_RES_DST_ADDR], &c->dst);
		c->valid |= SNAP_CM_DST;
	}
	nl_owner(s, tb, &c->own);
	return 0;
}

int nl_cm_id_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	return nl_res_table(nlh, s, RDMA_NLDEV_ATTR_RES_CM_ID,
			    RDMA_NLDEV_ATTR_RES_CM_ID_ENTRY, cm_id_entry);
}
