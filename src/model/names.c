// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Enum-to-string tables, spelled exactly as iproute2's `rdma` prints them
 * (rdma/res*.c, dev.c, link.c), so that our output agrees with `rdma -j`.
 * Every lookup is bounds-checked; holes and out-of-range values fall back
 * to rdma's own fallback string.
 */
#include <stddef.h>

#include "names.h"
#include "util.h"

static const char *lookup(const char *const *tbl, size_t n, unsigned int i,
			  const char *fallback)
{
	if (i < n && tbl[i])
		return tbl[i];
	return fallback;
}

/* enum ib_qp_type; 7 is reserved in the kernel, 0xff is IB_QPT_DRIVER. */
const char *snap_qp_type_str(uint8_t t)
{
	static const char *const s[] = {
		"SMI", "GSI", "RC", "UC", "UD", "RAW_IPV6", "RAW_ETHERTYPE",
		NULL, "RAW_PACKET", "XRC_INI", "XRC_TGT",
	};

	if (t == 0xff)
		return "DRIVER";
	return lookup(s, ARRAY_SIZE(s), t, "UNKNOWN");
}

/* enum ib_qp_state */
const char *snap_qp_state_str(uint8_t t)
{
	static const char *const s[] = {
		"RESET", "INIT", "RTR", "RTS", "SQD", "SQE", "ERR",
	};

	return lookup(s, ARRAY_SIZE(s), t, "UNKNOWN");
}

/* enum ib_mig_state */
const char *snap_pmig_str(uint8_t t)
{
	static const char *const s[] = { "MIGRATED", "REARM", "ARMED" };

	return lookup(s, ARRAY_SIZE(s), t, "UNKNOWN");
}

/* enum ib_port_state */
const char *snap_port_state_str(uint8_t t)
{
	static const char *const s[] = {
		"NOP", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER",
	};

	return lookup(s, ARRAY_SIZE(s), t, "UNKNOWN");
}

/* enum ib_port_phys_state; 8 and 10 are unassigned (OPA uses 9 and 11). */
const char *snap_phys_state_str(uint8_t t)
{
	static const char *const s[] = {
		"NOP", "SLEEP", "POLLING", "DISABLED", "ARMED", "LINK_UP",
		"LINK_ERROR_RECOVER", "PHY_TEST", NULL, "OPA_OFFLINE", NULL,
		"OPA_TEST",
	};

	return lookup(s, ARRAY_SIZE(s), t, "UNKNOWN");
}

/*
 * enum rdma_node_type; rdma prints these in lower case and says "unknown"
 * both for 0 and for values past the table.
 */
/* enum rdma_nl_dev_type, as rdma dev.c dev_type2str() names it */
const char *snap_dev_type_str(uint8_t t)
{
	return t == 1 ? "smi" : "unknown";	/* RDMA_DEVICE_TYPE_SMI */
}

const char *snap_node_type_str(uint8_t t)
{
	static const char *const s[] = {
		"unknown", "ca", "switch", "router", "rnic", "usnic",
		"usnic_udp", "unspecified",
	};

	return lookup(s, ARRAY_SIZE(s), t, "unknown");
}

/* enum rdma_cm_state (drivers/infiniband/core/cma_priv.h) */
const char *snap_cm_state_str(uint8_t t)
{
	static const char *const s[] = {
		"IDLE", "ADDR_QUERY", "ADDR_RESOLVED", "ROUTE_QUERY",
		"ROUTE_RESOLVED", "CONNECT", "DISCONNECT", "ADDR_BOUND",
		"LISTEN", "DEVICE_REMOVAL", "DESTROYING",
	};

	return lookup(s, ARRAY_SIZE(s), t, "UNKNOWN");
}

/* enum rdma_ucm_port_space (rdma/rdma_user_cm.h, not in our vendored header) */
enum {
	NL_PS_IPOIB = 0x0002,
	NL_PS_TCP = 0x0106,
	NL_PS_UDP = 0x0111,
	NL_PS_IB = 0x013f,
};

/*
 * rdma (res-cmid.c, iproute2 6.1 through 6.15) prints "IPoIB" for both
 * RDMA_PS_IPOIB and RDMA_PS_IB, and "---" for anything else; we keep its
 * spelling so the two tools agree field for field.
 */
const char *snap_ps_str(uint32_t ps)
{
	switch (ps) {
	case NL_PS_IPOIB:
	case NL_PS_IB:
		return "IPoIB";
	case NL_PS_TCP:
		return "TCP";
	case NL_PS_UDP:
		return "UDP";
	default:
		return "---";
	}
}

/* enum ib_poll_context */
const char *snap_poll_ctx_str(uint8_t t)
{
	static const char *const s[] = {
		"DIRECT", "SOFTIRQ", "WORKQUEUE", "UNBOUND_WORKQUEUE",
	};

	return lookup(s, ARRAY_SIZE(s), t, "UNKNOWN");
}

/* enum ib_srq_type */
const char *snap_srq_type_str(uint8_t t)
{
	static const char *const s[] = { "BASIC", "XRC", "TM" };

	return lookup(s, ARRAY_SIZE(s), t, "UNKNOWN");
}

/* The kernel's resource summary names (nldev.c fill_res_info). */
const char *snap_res_name(enum snap_res r)
{
	return (unsigned int)r < SNAP_RES_N ? snap_res_info[r].name : "UNKNOWN";
}

/*
 * enum ib_device_cap_flags bit numbers.  rdma's name for bit 6 really is
 * "UD_AV_PORT_ENFORCE_PORT_ENFORCE" (dev.c), and it is what `rdma -j dev
 * show -d` prints on 6.1 and 6.12; bits 32.. are the kernel's "high" flags.
 */
const char *snap_dev_cap_str(unsigned int bit)
{
	static const char *const s[] = {
		[0] = "RESIZE_MAX_WR",
		[1] = "BAD_PKEY_CNTR",
		[2] = "BAD_QKEY_CNTR",
		[3] = "RAW_MULTI",
		[4] = "AUTO_PATH_MIG",
		[5] = "CHANGE_PHY_PORT",
		[6] = "UD_AV_PORT_ENFORCE_PORT_ENFORCE",
		[7] = "CURR_QP_STATE_MOD",
		[8] = "SHUTDOWN_PORT",
		[9] = "INIT_TYPE",
		[10] = "PORT_ACTIVE_EVENT",
		[11] = "SYS_IMAGE_GUID",
		[12] = "RC_RNR_NAK_GEN",
		[13] = "SRQ_RESIZE",
		[14] = "N_NOTIFY_CQ",
		[15] = "LOCAL_DMA_LKEY",
		[17] = "MEM_WINDOW",
		[18] = "UD_IP_CSUM",
		[19] = "UD_TSO",
		[20] = "XRC",
		[21] = "MEM_MGT_EXTENSIONS",
		[22] = "BLOCK_MULTICAST_LOOPBACK",
		[23] = "MEM_WINDOW_TYPE_2A",
		[24] = "MEM_WINDOW_TYPE_2B",
		[25] = "RC_IP_CSUM",
		[26] = "RAW_IP_CSUM",
		[27] = "CROSS_CHANNEL",
		[29] = "MANAGED_FLOW_STEERING",
		[30] = "SIGNATURE_HANDOVER",
		[31] = "ON_DEMAND_PAGING",
		[32] = "SG_GAPS_REG",
		[33] = "VIRTUAL_FUNCTION",
		[34] = "RAW_SCATTER_FCS",
		[35] = "RDMA_NETDEV_OPA_VNIC",
		[36] = "PCI_WRITE_END_PADDING",
	};

	return lookup(s, ARRAY_SIZE(s), bit, NULL);
}

/*
 * IB PortInfo CapabilityMask bits 0-31 and CapabilityMask2 bits 32-37 (the
 * kernel sends cap_mask | cap_mask2 << 32 in CAP_FLAGS, nldev.c
 * fill_port_info), spelled as iproute2's rdma/link.c caps_to_str() does
 * (6.1 and 7.3 alike, typos included: LINK_SPPED_WIDTH, MULT_PKER_TRAP,
 * SWITCH_POR_STATE_TABLE); bit 26 is OTHER_LOCAL_CHANGES there, not the
 * IP_BASED_GIDS of the kernel's ib_port_capability_mask_bits.
 */
const char *snap_port_cap_str(unsigned int bit)
{
	static const char *const s[] = {
		[0] = "RESERVED",
		[1] = "SM",
		[2] = "NOTICE",
		[3] = "TRAP",
		[4] = "OPT_IPD",
		[5] = "AUTO_MIGR",
		[6] = "SL_MAP",
		[7] = "MKEY_NVRAM",
		[8] = "PKEY_NVRAM",
		[9] = "LED_INFO",
		[10] = "SM_DISABLED",
		[11] = "SYS_IMAGE_GUID",
		[12] = "PKEY_SW_EXT_PORT_TRAP",
		[13] = "CABLE_INFO",
		[14] = "EXTENDED_SPEEDS",
		[15] = "CAP_MASK2",
		[16] = "CM",
		[17] = "SNMP_TUNNEL",
		[18] = "REINIT",
		[19] = "DEVICE_MGMT",
		[20] = "VENDOR_CLASS",
		[21] = "DR_NOTICE",
		[22] = "CAP_MASK_NOTICE",
		[23] = "BOOT_MGMT",
		[24] = "LINK_LATENCY",
		[25] = "CLIENT_REG",
		[26] = "OTHER_LOCAL_CHANGES",
		[27] = "LINK_SPPED_WIDTH",
		[28] = "VENDOR_SPECIFIC_MADS",
		[29] = "MULT_PKER_TRAP",
		[30] = "MULT_FDB",
		[31] = "HIERARCHY_INFO",
		[32] = "SET_NODE_DESC",
		[33] = "EXT_INFO",
		[34] = "VIRT",
		[35] = "SWITCH_POR_STATE_TABLE",
		[36] = "LINK_WIDTH_2X",
		[37] = "LINK_SPEED_HDR",
	};

	return lookup(s, ARRAY_SIZE(s), bit, NULL);
}

const char *snap_event_str(uint32_t type)
{
	/* enum rdma_nl_notify_event_type: 0-3 in 6.12; RENAME and
	 * NETDEV_RENAME follow in later kernels */
	static const char *const k[] = {
		"REGISTER", "UNREGISTER", "NETDEV_ATTACH", "NETDEV_DETACH",
		"RENAME", "NETDEV_RENAME",
	};
	static const char *const ours[] = {
		"dev_added", "dev_removed", "dev_renamed", "port_state", "port_phys_state",
		"netdev_changed",
	};

	if (type < ARRAY_SIZE(k))
		return k[type];
	if (type >= SNAP_EV_DEV_ADDED && type - SNAP_EV_DEV_ADDED < ARRAY_SIZE(ours))
		return ours[type - SNAP_EV_DEV_ADDED];
	return "UNKNOWN";
}
