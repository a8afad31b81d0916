// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_RES_QP_GET: QPs of one device (nldev.c fill_res_qp_entry).
 * rqpn, rq-psn and path-mig-state exist only for connected QPs (RC/UC);
 * kernel QPs (the GSI QP ib_core owns) carry a kernel name and no pid;
 * a QP not yet bound to a port has no PORT_INDEX.
 */
#include <errno.h>
#include <string.h>

#include "walk.h"

/*
 * One entry, read attribute by attribute straight into the QP (checked
 * against the policy as every other walk): no table of all NLDEV types to
 * clear and fill for each of 100k entries.  The last of a repeated
 * attribute wins, as in a table.
 */
static int qp_entry(struct snapshot *s, const struct nlattr *entry, void *arg)
{
	const struct nlattr *a = (const struct nlattr *)a_data(entry), *cur;
	const struct nlattr *pid = NULL, *kern = NULL, *subtype = NULL;
	size_t len = a_len(entry);
	struct snap_qp *q = snap_push(&s->qps, sizeof(*q));
	bool lqpn = false;
	int err;

	if (!q)
		return -ENOMEM;
	while ((err = a_next(&a, &len, &cur)) > 0) {
		uint16_t type = a_type(cur);

		if (a_check(cur, type))
			break;
		switch (type) {
		case RDMA_NLDEV_ATTR_RES_LQPN:
			q->lqpn = a_u32(cur);
			lqpn = true;
			break;
		case RDMA_NLDEV_ATTR_PORT_INDEX:
			q->port = a_u32(cur);
			q->valid |= SNAP_QP_PORT;
			break;
		case RDMA_NLDEV_ATTR_RES_RQPN:
			q->rqpn = a_u32(cur);
			q->valid |= SNAP_QP_RQPN;
			break;
		case RDMA_NLDEV_ATTR_RES_RQ_PSN:
			q->rq_psn = a_u32(cur);
			q->valid |= SNAP_QP_RQ_PSN;
			break;
		case RDMA_NLDEV_ATTR_RES_SQ_PSN:
			q->sq_psn = a_u32(cur);
			q->valid |= SNAP_QP_SQ_PSN;
			break;
		case RDMA_NLDEV_ATTR_RES_PATH_MIG_STATE:
			q->pmig = a_u8(cur);
			q->valid |= SNAP_QP_PMIG;
			break;
		case RDMA_NLDEV_ATTR_RES_TYPE:
			q->type = a_u8(cur);
			q->valid |= SNAP_QP_TYPE;
			break;
		case RDMA_NLDEV_ATTR_RES_STATE:
			q->state = a_u8(cur);
			q->valid |= SNAP_QP_STATE;
			break;
		/* older kernels do not send it; 6.1 and 6.12 rxe do for every QP (captured) */
		case RDMA_NLDEV_ATTR_RES_PDN:
			q->pdn = a_u32(cur);
			q->valid |= SNAP_QP_PDN;
			break;
		/* driver QPs (type DRIVER) name their kind; 6.12 rxe sends none (captured) */
		case RDMA_NLDEV_ATTR_RES_SUBTYPE:
			subtype = cur;
			break;
		case RDMA_NLDEV_ATTR_RES_PID:
			pid = cur;
			break;
		case RDMA_NLDEV_ATTR_RES_KERN_NAME:
			kern = cur;
			break;
		default:
			break;
		}
	}
	if (err || !lqpn) {
		s->qps.n--;	/* not a QP after all */
		return -EBADMSG;
	}
	q->dev = *(const uint32_t *)arg;
	if (subtype) {
		q->subtype = snap_str(s, a_data(subtype), a_len(subtype));
		q->valid |= SNAP_QP_SUBTYPE;
	}
	nl_owner_attrs(s, pid, kern, &q->own);
	return 0;
}

int nl_qp_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	return nl_res_table_nests(nlh, s, RDMA_NLDEV_ATTR_RES_QP,
				  RDMA_NLDEV_ATTR_RES_QP_ENTRY, qp_entry);
}
