// SPDX-License-Identifier: GPL-2.0-or-later
/* Request messages, built the same way for the socket and for tests. */
#include <errno.h>
#include <string.h>

#include "nl.h"

struct nlmsghdr *nl_req_build(void *buf, const struct nl_req *req, uint32_t seq)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, req->cmd);
	/* no NLM_F_ACK: errors are sent anyway, and a GET with it answers
	 * with the reply and an extra ACK that would need its own read */
	nlh->nlmsg_flags = NLM_F_REQUEST | (req->flags & ~NL_REQ_DD);
	nlh->nlmsg_seq = seq;
	if (req->dev != SNAP_NONE)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, req->dev);
	if (req->port != SNAP_NONE)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, req->port);
	if (req->flags & NL_REQ_DD)
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DRIVER_DETAILS, 1);
	if (req->kind == NL_REQ_STAT_QP) {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_RES, RDMA_NLDEV_ATTR_RES_QP);
		/* stat_get_doit_qp() wants a STAT_MODE, and reads not its value */
		if (!(req->flags & NLM_F_DUMP))
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_MODE, RDMA_COUNTER_MODE_NONE);
	} else if (req->kind == NL_REQ_STAT_MR) {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_RES, RDMA_NLDEV_ATTR_RES_MR);
	} else if (req->kind == NL_REQ_OBJ && req->cmd == RDMA_NLDEV_CMD_RES_QP_GET) {
		/* res_get_common_doit() finds the QP by fill_entries[QP].id */
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, req->id);
	}
	return nlh;
}

/*
 * Whether a request with DRIVER_DETAILS failed because the kernel refuses
 * the attribute: a strict nlmsg_parse() of a kernel older than 6.9 (whose
 * RDMA_NLDEV_ATTR_MAX it is beyond) answers -EINVAL "Unknown attribute
 * type" (6.1's STAT_GET, doit and dumpit; its resource handlers parse
 * liberally and ignore it).  The source asks again without it; the parser
 * keeps nothing of the refused answer, in the live run and in its replay.
 */
bool nl_dd_refused(const struct nl_req *req, int err)
{
	return (req->flags & NL_REQ_DD) && (err == -EINVAL || err == -EOPNOTSUPP);
}
