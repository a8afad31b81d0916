// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One attribute policy for every NLDEV message, and the validating walk all
 * parsers share.  Types are those the kernel puts (drivers/infiniband/core/
 * nldev.c, nldev_policy and the fill_* functions); a type we do not know is
 * skipped, because newer kernels send attributes newer than our header.
 */
#include <errno.h>
#include <string.h>

#include "walk.h"

/* sa_family plus at least a port: what a sockaddr needs to be read at all */
#define ADDR_MIN 4
#define ADDR_MAX 128	/* sizeof(struct __kernel_sockaddr_storage) */

const uint8_t nl_policy[RDMA_NLDEV_ATTR_MAX] = {
	[RDMA_NLDEV_ATTR_DEV_INDEX] = K_U32,
	[RDMA_NLDEV_ATTR_DEV_NAME] = K_STR,
	[RDMA_NLDEV_ATTR_PORT_INDEX] = K_U32,
	[RDMA_NLDEV_ATTR_CAP_FLAGS] = K_U64,
	[RDMA_NLDEV_ATTR_FW_VERSION] = K_STR,
	[RDMA_NLDEV_ATTR_NODE_GUID] = K_U64,
	[RDMA_NLDEV_ATTR_SYS_IMAGE_GUID] = K_U64,
	[RDMA_NLDEV_ATTR_SUBNET_PREFIX] = K_U64,
	[RDMA_NLDEV_ATTR_LID] = K_U32,
	[RDMA_NLDEV_ATTR_SM_LID] = K_U32,
	[RDMA_NLDEV_ATTR_LMC] = K_U8,
	[RDMA_NLDEV_ATTR_PORT_STATE] = K_U8,
	[RDMA_NLDEV_ATTR_PORT_PHYS_STATE] = K_U8,
	[RDMA_NLDEV_ATTR_DEV_NODE_TYPE] = K_U8,
	[RDMA_NLDEV_ATTR_RES_SUMMARY] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_NAME] = K_STR,
	[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_CURR] = K_U64,
	[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_MAX] = K_U64,
	[RDMA_NLDEV_ATTR_RES_QP] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_QP_ENTRY] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_LQPN] = K_U32,
	[RDMA_NLDEV_ATTR_RES_RQPN] = K_U32,
	[RDMA_NLDEV_ATTR_RES_RQ_PSN] = K_U32,
	[RDMA_NLDEV_ATTR_RES_SQ_PSN] = K_U32,
	[RDMA_NLDEV_ATTR_RES_PATH_MIG_STATE] = K_U8,
	[RDMA_NLDEV_ATTR_RES_TYPE] = K_U8,
	[RDMA_NLDEV_ATTR_RES_STATE] = K_U8,
	[RDMA_NLDEV_ATTR_RES_PID] = K_U32,
	[RDMA_NLDEV_ATTR_RES_KERN_NAME] = K_STR,
	[RDMA_NLDEV_ATTR_RES_CM_ID] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_CM_ID_ENTRY] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_PS] = K_U32,
	[RDMA_NLDEV_ATTR_RES_SRC_ADDR] = K_ADDR,
	[RDMA_NLDEV_ATTR_RES_DST_ADDR] = K_ADDR,
	[RDMA_NLDEV_ATTR_RES_CQ] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_CQ_ENTRY] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_CQE] = K_U32,
	[RDMA_NLDEV_ATTR_RES_USECNT] = K_U64,
	[RDMA_NLDEV_ATTR_RES_POLL_CTX] = K_U8,
	[RDMA_NLDEV_ATTR_RES_MR] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_MR_ENTRY] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_RKEY] = K_U32,
	[RDMA_NLDEV_ATTR_RES_LKEY] = K_U32,
	[RDMA_NLDEV_ATTR_RES_IOVA] = K_U64,
	[RDMA_NLDEV_ATTR_RES_MRLEN] = K_U64,
	[RDMA_NLDEV_ATTR_RES_PD] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_PD_ENTRY] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_LOCAL_DMA_LKEY] = K_U32,
	[RDMA_NLDEV_ATTR_RES_UNSAFE_GLOBAL_RKEY] = K_U32,
	[RDMA_NLDEV_ATTR_NDEV_INDEX] = K_U32,
	[RDMA_NLDEV_ATTR_NDEV_NAME] = K_STR,
	[RDMA_NLDEV_ATTR_DRIVER] = K_NEST,
	[RDMA_NLDEV_ATTR_DRIVER_ENTRY] = K_NEST,
	[RDMA_NLDEV_ATTR_DRIVER_STRING] = K_STR,
	[RDMA_NLDEV_ATTR_DRIVER_PRINT_TYPE] = K_U8,
	[RDMA_NLDEV_ATTR_DRIVER_S32] = K_U32,
	[RDMA_NLDEV_ATTR_DRIVER_U32] = K_U32,
	[RDMA_NLDEV_ATTR_DRIVER_S64] = K_U64,
	[RDMA_NLDEV_ATTR_DRIVER_U64] = K_U64,
	[RDMA_NLDEV_ATTR_RES_PDN] = K_U32,
	[RDMA_NLDEV_ATTR_RES_CQN] = K_U32,
	[RDMA_NLDEV_ATTR_RES_MRN] = K_U32,
	[RDMA_NLDEV_ATTR_RES_CM_IDN] = K_U32,
	[RDMA_NLDEV_ATTR_RES_CTXN] = K_U32,
	[RDMA_NLDEV_ATTR_LINK_TYPE] = K_STR,
	[RDMA_NLDEV_SYS_ATTR_NETNS_MODE] = K_U8,
	[RDMA_NLDEV_ATTR_DEV_PROTOCOL] = K_STR,
	[RDMA_NLDEV_NET_NS_FD] = K_U32,
	[RDMA_NLDEV_ATTR_CHARDEV_TYPE] = K_STR,
	[RDMA_NLDEV_ATTR_CHARDEV_NAME] = K_STR,
	[RDMA_NLDEV_ATTR_CHARDEV_ABI] = K_U64,
	[RDMA_NLDEV_ATTR_CHARDEV] = K_U64,
	[RDMA_NLDEV_ATTR_UVERBS_DRIVER_ID] = K_U64,
	[RDMA_NLDEV_ATTR_STAT_MODE] = K_U32,
	[RDMA_NLDEV_ATTR_STAT_RES] = K_U32,
	[RDMA_NLDEV_ATTR_STAT_AUTO_MODE_MASK] = K_U32,
	[RDMA_NLDEV_ATTR_STAT_COUNTER] = K_NEST,
	[RDMA_NLDEV_ATTR_STAT_COUNTER_ENTRY] = K_NEST,
	[RDMA_NLDEV_ATTR_STAT_COUNTER_ID] = K_U32,
	[RDMA_NLDEV_ATTR_STAT_HWCOUNTERS] = K_NEST,
	[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY] = K_NEST,
	[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME] = K_STR,
	[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE] = K_U64,
	[RDMA_NLDEV_ATTR_DEV_DIM] = K_U8,
	[RDMA_NLDEV_ATTR_RES_RAW] = K_BIN,
	[RDMA_NLDEV_ATTR_RES_CTX] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_CTX_ENTRY] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_SRQ] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_SRQ_ENTRY] = K_NEST,
	[RDMA_NLDEV_ATTR_RES_SRQN] = K_U32,
	[RDMA_NLDEV_ATTR_MIN_RANGE] = K_U32,
	[RDMA_NLDEV_ATTR_MAX_RANGE] = K_U32,
	[RDMA_NLDEV_SYS_ATTR_COPY_ON_FORK] = K_U8,
	[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX] = K_U32,
	[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_DYNAMIC] = K_U8,
	[RDMA_NLDEV_SYS_ATTR_PRIVILEGED_QKEY_MODE] = K_U8,
	[RDMA_NLDEV_ATTR_DRIVER_DETAILS] = K_U8,
	[RDMA_NLDEV_ATTR_RES_SUBTYPE] = K_STR,
	[RDMA_NLDEV_ATTR_DEV_TYPE] = K_U8,
	[RDMA_NLDEV_ATTR_PARENT_NAME] = K_STR,
	[RDMA_NLDEV_ATTR_NAME_ASSIGN_TYPE] = K_U8,
	[RDMA_NLDEV_ATTR_EVENT_TYPE] = K_U8,
	[RDMA_NLDEV_SYS_ATTR_MONITOR_MODE] = K_U8,
	[RDMA_NLDEV_ATTR_STAT_OPCOUNTER_ENABLED] = K_U8,
	/* 7.x: FRMR pools (nldev.c fill_frmr_pool_entry / fill_frmr_pool_key) */
	[RDMA_NLDEV_ATTR_FRMR_POOLS] = K_NEST,
	[RDMA_NLDEV_ATTR_FRMR_POOL_ENTRY] = K_NEST,
	[RDMA_NLDEV_ATTR_FRMR_POOL_KEY] = K_NEST,
	[RDMA_NLDEV_ATTR_FRMR_POOL_KEY_ATS] = K_U8,
	[RDMA_NLDEV_ATTR_FRMR_POOL_KEY_ACCESS_FLAGS] = K_U32,
	[RDMA_NLDEV_ATTR_FRMR_POOL_KEY_VENDOR_KEY] = K_U64,
	[RDMA_NLDEV_ATTR_FRMR_POOL_KEY_NUM_DMA_BLOCKS] = K_U64,
	[RDMA_NLDEV_ATTR_FRMR_POOL_QUEUE_HANDLES] = K_U32,
	[RDMA_NLDEV_ATTR_FRMR_POOL_MAX_IN_USE] = K_U64,
	[RDMA_NLDEV_ATTR_FRMR_POOL_IN_USE] = K_U64,
	[RDMA_NLDEV_ATTR_FRMR_POOLS_AGING_PERIOD] = K_U32,
	[RDMA_NLDEV_ATTR_FRMR_POOL_PINNED_HANDLES] = K_U32,
	[RDMA_NLDEV_ATTR_FRMR_POOL_KEY_KERNEL_VENDOR_KEY] = K_U64,
};

int nl_kind_check(const struct nlattr *a, enum nl_kind kind)
{
	uint16_t len = a_len(a);
	const char *p = a_data(a);

	switch (kind) {
	case K_U8:
		return len == sizeof(uint8_t) ? 0 : -EBADMSG;
	case K_U32:
		return len == sizeof(uint32_t) ? 0 : -EBADMSG;
	case K_U64:
		return len == sizeof(uint64_t) ? 0 : -EBADMSG;
	case K_STR:
		/* nla_put_string() always includes the NUL */
		return len && memchr(p, '\0', len) ? 0 : -EBADMSG;
	case K_NEST:
		return !len || len >= MNL_ATTR_HDRLEN ? 0 : -EBADMSG;
	case K_ADDR:
		return len >= ADDR_MIN && len <= ADDR_MAX ? 0 : -EBADMSG;
	case K_SKIP:
	case K_BIN:
		break;
	}
	return 0;
}

/*
 * Walk `len` bytes of attributes.  Unlike mnl_attr_parse(), which stops
 * quietly at the first attribute that does not fit, any bytes left over
 * (a cut message, a lying nla_len) are an error here.
 */
static int attrs_walk(const void *start, size_t len, const struct nlattr **tb)
{
	static const uint8_t kind_size[] = { [K_U8] = 1, [K_U32] = 4, [K_U64] = 8 };
	const struct nlattr *a = start;

	memset(tb, 0, RDMA_NLDEV_ATTR_MAX * sizeof(*tb));
	while (len) {
		uint16_t type;
		uint8_t kind;
		size_t step;

		if (!a_ok(a, len))
			return -EBADMSG;
		type = a_type(a);
		kind = type < RDMA_NLDEV_ATTR_MAX ? nl_policy[type] : K_SKIP;
		if (kind != K_SKIP) {
			/* the fixed-size kinds, most of what a QP entry holds */
			if (kind <= K_U64 ? a_len(a) != kind_size[kind] : nl_kind_check(a, (enum nl_kind)kind))
				return -EBADMSG;
			tb[type] = a;
		}
		step = MNL_ALIGN(a->nla_len);
		if (step >= len)
			break;	/* the last attribute may lack its padding */
		len -= step;
		a = (const struct nlattr *)((const char *)a + step);
	}
	return 0;
}

int nl_attrs(const struct nlmsghdr *nlh, const struct nlattr **tb)
{
	if (nlh->nlmsg_len < MNL_NLMSG_HDRLEN)
		return -EBADMSG;
	/* NLDEV messages carry no family header: attributes start at once */
	return attrs_walk(mnl_nlmsg_get_payload(nlh),
			  nlh->nlmsg_len - MNL_NLMSG_HDRLEN, tb);
}

int nl_attrs_nested(const struct nlattr *nest, const struct nlattr **tb)
{
	return attrs_walk(a_data(nest), a_len(nest), tb);
}

/* every `type` nest of table: parsed into tb for cb, or as it is for nest_cb */
static int entries(struct snapshot *s, const struct nlattr *table, uint16_t type,
		   nl_entry_cb cb, nl_nest_cb nest_cb, void *arg)
{
	const struct nlattr *tb[RDMA_NLDEV_ATTR_MAX];
	size_t len = a_len(table);
	const struct nlattr *a = (const struct nlattr *)a_data(table);
	int err;

	while (len) {
		size_t step;

		if (!a_ok(a, len))
			return -EBADMSG;
		if (a_type(a) == type) {
			if (nl_kind_check(a, K_NEST))
				return -EBADMSG;
			if (nest_cb) {
				err = nest_cb(s, a, arg);
			} else {
				err = nl_attrs_nested(a, tb);
				if (!err)
					err = cb(s, tb, arg);
			}
			if (err)
				return err;
		}
		step = MNL_ALIGN(a->nla_len);
		if (step >= len)
			break;
		len -= step;
		a = (const struct nlattr *)((const char *)a + step);
	}
	return 0;
}

int nl_entries(struct snapshot *s, const struct nlattr *table, uint16_t type,
	       nl_entry_cb cb, void *arg)
{
	return entries(s, table, type, cb, NULL, arg);
}

int nl_entries_nests(struct snapshot *s, const struct nlattr *table, uint16_t type,
		     nl_nest_cb cb, void *arg)
{
	return entries(s, table, type, NULL, cb, arg);
}

void nl_owner(struct snapshot *s, const struct nlattr **tb, struct snap_owner *o)
{
	const struct nlattr *pid = tb[RDMA_NLDEV_ATTR_RES_PID];
	const struct nlattr *kern = tb[RDMA_NLDEV_ATTR_RES_KERN_NAME];

	memset(o, 0, sizeof(*o));
	if (pid)
		SNAP_SET(o, tid, SNAP_OWN_TID, a_u32(pid));
	if (kern)
		SNAP_SET(o, kern, SNAP_OWN_KERN, snap_str(s, a_data(kern), a_len(kern)));
	if (tb[RDMA_NLDEV_ATTR_DRIVER])
		nl_driver(s, tb[RDMA_NLDEV_ATTR_DRIVER], o);
}

/* a NUL inside is kept as \x00 (snap_name_esc): two names are not cut to one */
void nl_strlcpy(char *dst, size_t size, const struct nlattr *a)
{
	snap_name_esc(dst, size, mnl_attr_get_str(a), mnl_attr_get_payload_len(a));
}

int nl_dev_index(const struct nlattr **tb, uint32_t *dev)
{
	if (!tb[RDMA_NLDEV_ATTR_DEV_INDEX])
		return -EBADMSG;
	*dev = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_DEV_INDEX]);
	return 0;
}
