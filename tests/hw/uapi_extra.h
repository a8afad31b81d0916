/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Kernel constants the fixtures need that no uapi header carries (they
 * live in include/rdma/ib_verbs.h, restrack.h, rdma_cm.h): values as in
 * Linux 6.1 through 7.x, where they have not changed.
 */
#ifndef RDMATOP_HW_UAPI_EXTRA_H
#define RDMATOP_HW_UAPI_EXTRA_H

#include <rdma/rdma_netlink.h>

/* enum ib_qp_type */
#define IB_QPT_SMI 0
#define IB_QPT_GSI 1
#define IB_QPT_RC 2
#define IB_QPT_UC 3
#define IB_QPT_UD 4
#define IB_QPT_RAW_PACKET 8
#define IB_QPT_XRC_INI 9
#define IB_QPT_XRC_TGT 10
#define IB_QPT_DRIVER 0xFF
/* enum ib_qp_state */
#define IB_QPS_RESET 0
#define IB_QPS_INIT 1
#define IB_QPS_RTR 2
#define IB_QPS_RTS 3
#define IB_QPS_ERR 6
/* enum ib_mig_state */
#define IB_MIG_MIGRATED 0
#define IB_MIG_ARMED 2
/* enum ib_port_state; phys state 5 = LinkUp (IB spec 14.2.5.6) */
#define IB_PORT_DOWN 1
#define IB_PORT_ACTIVE 4
#define IB_PORT_PHYS_DISABLED 3
#define IB_PORT_PHYS_LINK_UP 5
/* enum ib_poll_context */
#define IB_POLL_SOFTIRQ 1
#define IB_POLL_WORKQUEUE 2
/* enum rdma_ucm_port_space */
#define RDMA_PS_TCP 0x0106
#define RDMA_PS_UDP 0x0111
/* enum rdma_cm_state */
#define RDMA_CM_CONNECT 5
#define RDMA_CM_LISTEN 8
/* enum ib_srq_type */
#define IB_SRQT_BASIC 0
/* enum ib_port_capability_mask_bits (ib_verbs.h), a few */
#define IB_PORT_SM (1u << 1)
#define IB_PORT_TRAP_SUP (1u << 5)
#define IB_PORT_AUTO_MIGR_SUP (1u << 9)
#define IB_PORT_SL_MAP_SUP (1u << 10)
#define IB_PORT_LED_INFO_SUP (1u << 16)
#define IB_PORT_CM_SUP (1u << 16 << 0)	/* bit 16 */
#define IB_PORT_SYS_IMAGE_GUID_SUP (1u << 11)
#define IB_PORT_PKEY_SW_EXT_PORT_TRAP_SUP (1u << 12)
#define IB_PORT_EXTENDED_SPEEDS_SUP (1u << 14)
#define IB_PORT_CAP_MASK2_SUP (1u << 15)
#define IB_PORT_DEVICE_MGMT_SUP (1u << 19)
#define IB_PORT_VENDOR_CLASS_SUP (1u << 24)
#define IB_PORT_CLIENT_REG_SUP (1u << 25)
#define IB_PORT_IP_BASED_GIDS (1u << 26)
/* enum ib_port_capability_mask2_bits */
#define IB_PORT_SET_NODE_DESC_SUP (1u << 0)
#define IB_PORT_EX_PORT_INFO_EXT_SUP (1u << 1)
#define IB_PORT_VIRT_SUP (1u << 3)
#define IB_PORT_SWITCH_PORT_STATE_TABLE_SUP (1u << 3 << 0)
#define IB_PORT_LINK_WIDTH_2X_SUP (1u << 4)
#define IB_PORT_LINK_SPEED_HDR_SUP (1u << 5)
#define IB_PORT_LINK_SPEED_NDR_SUP (1u << 10)
/* nldev's counter modes and masks are in rdma_netlink.h */
#endif
