// SPDX-License-Identifier: GPL-2.0-or-later
/* Request messages, built the same way for the socket and for tests. */
#include <string.h>

#include "nl.h"

struct nlmsghdr *nl_req_build(void *buf, const struct nl_req *req, uint32_t seq)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, req->cmd);
	/* no NLM_F_ACK: errors are sent anyway, and a GET with it answers
	 * with the reply and an extra ACK that would need its own read */
	nlh->nlmsg_flags = NLM_F_REQUEST | req->flags;
	nlh->nlmsg_seq = seq;
	if (req->dev != SNAP_NONE)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, req->dev);
	if (req->port != SNAP_NONE)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, req->port);
	if (req->kind == NL_REQ_STAT_QP) {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_RES, RDMA_NLDEV_ATTR_RES_QP);
		/* stat_get_doit_qp() wants a STAT_MODE, and reads not its value */
		if (!(req->flags & NLM_F_DUMP))
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_MODE, RDMA_COUNTER_MODE_NONE);
	} else if (req->kind == NL_REQ_STAT_MR) {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_RES, RDMA_NLDEV_ATTR_RES_MR);
	}
	return nlh;
}
