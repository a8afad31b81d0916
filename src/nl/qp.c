// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_RES_QP_GET: QPs of one device (nldev.c fill_res_qp_entry).
 * rqpn, rq-psn and path-mig-state exist only for connected QPs (RC/UC);
 * kernel QPs (the GSI QP ib_core owns) carry a kernel name and no pid;
 * a QP not yet bound to a port has no PORT_INDEX.
 */
#include <errno.h>
#include <string.h>

#include "nl.h"

/* inline: libmnl's getter is a library call, 9 per QP of 100k */
static inline uint32_t u32(const struct nlattr *a)
{
	uint32_t v;

	memcpy(&v, (const char *)a + MNL_ATTR_HDRLEN, sizeof(v));
	return v;
}

static inline uint8_t u8(const struct nlattr *a)
{
	return *((const uint8_t *)a + MNL_ATTR_HDRLEN);
}

static int qp_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	struct snap_qp *q;

	if (!tb[RDMA_NLDEV_ATTR_RES_LQPN])
		return -EBADMSG;
	q = snap_push(&s->qps, sizeof(*q));
	if (!q)
		return -ENOMEM;
	q->dev = *(const uint32_t *)arg;
	q->lqpn = u32(tb[RDMA_NLDEV_ATTR_RES_LQPN]);
	if (tb[RDMA_NLDEV_ATTR_PORT_INDEX]) {
		q->port = u32(tb[RDMA_NLDEV_ATTR_PORT_INDEX]);
		q->valid |= SNAP_QP_PORT;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_RQPN]) {
		q->rqpn = u32(tb[RDMA_NLDEV_ATTR_RES_RQPN]);
		q->valid |= SNAP_QP_RQPN;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_RQ_PSN]) {
		q->rq_psn = u32(tb[RDMA_NLDEV_ATTR_RES_RQ_PSN]);
		q->valid |= SNAP_QP_RQ_PSN;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_SQ_PSN]) {
		q->sq_psn = u32(tb[RDMA_NLDEV_ATTR_RES_SQ_PSN]);
		q->valid |= SNAP_QP_SQ_PSN;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_PATH_MIG_STATE]) {
		q->pmig = u8(tb[RDMA_NLDEV_ATTR_RES_PATH_MIG_STATE]);
		q->valid |= SNAP_QP_PMIG;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_TYPE]) {
		q->type = u8(tb[RDMA_NLDEV_ATTR_RES_TYPE]);
		q->valid |= SNAP_QP_TYPE;
	}
	if (tb[RDMA_NLDEV_ATTR_RES_STATE]) {
		q->state = u8(tb[RDMA_NLDEV_ATTR_RES_STATE]);
		q->valid |= SNAP_QP_STATE;
	}
	/* older kernels do not send it; 6.1 and 6.12 rxe do for every QP (captured) */
	if (tb[RDMA_NLDEV_ATTR_RES_PDN]) {
		q->pdn = u32(tb[RDMA_NLDEV_ATTR_RES_PDN]);
		q->valid |= SNAP_QP_PDN;
	}
	/* driver QPs (type DRIVER) name their kind; 6.12 rxe sends none (captured) */
	if (tb[RDMA_NLDEV_ATTR_RES_SUBTYPE]) {
		const struct nlattr *a = tb[RDMA_NLDEV_ATTR_RES_SUBTYPE];

		q->subtype = snap_str(s, mnl_attr_get_str(a), mnl_attr_get_payload_len(a));
		q->valid |= SNAP_QP_SUBTYPE;
	}
	nl_owner(s, tb, &q->own);
	return 0;
}

int nl_qp_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	return nl_res_table(nlh, s, RDMA_NLDEV_ATTR_RES_QP,
			    RDMA_NLDEV_ATTR_RES_QP_ENTRY, qp_entry);
}
