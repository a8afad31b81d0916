// SPDX-License-Identifier: GPL-2.0-or-later
#include <libmnl/libmnl.h>

#include "craft.h"
#include "rdma/rdma_netlink.h"

size_t craft_qp_datagram(uint8_t *buf, size_t cap)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nlattr *tab;
	uint32_t i;

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_QP_GET);
	nlh->nlmsg_flags = NLM_F_MULTI;
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 0);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, "rxe0");
	tab = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	for (i = 0; nlh->nlmsg_len + 16 <= cap - 8; i++) {
		struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);

		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, i + 2);
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, tab);
	return nlh->nlmsg_len;
}
