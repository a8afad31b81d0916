/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Names of the kernel's enum values as the snapshot holds them (QP types
 * and states, port states, ...), for every output: the model, the writers
 * and the screen spell them alike without seeing the netlink headers.
 */
#ifndef RDMATOP_NAMES_H
#define RDMATOP_NAMES_H

#include <stdint.h>

#include "snapshot.h"

/* Enum-to-string tables (src/model/names.c): rdma's spellings, "UNKNOWN" fallback. */
const char *snap_qp_type_str(uint8_t t);
const char *snap_qp_state_str(uint8_t t);
const char *snap_pmig_str(uint8_t t);
const char *snap_port_state_str(uint8_t t);
const char *snap_phys_state_str(uint8_t t);
const char *snap_node_type_str(uint8_t t);
const char *snap_dev_type_str(uint8_t t);
const char *snap_cm_state_str(uint8_t t);
const char *snap_ps_str(uint32_t ps);
const char *snap_poll_ctx_str(uint8_t t);
const char *snap_srq_type_str(uint8_t t);
const char *snap_res_name(enum snap_res r);	/* "pd", "cq", ... */
/* Event type: REGISTER, ..., and ours (dev_added, port_state, ...). */
const char *snap_event_str(uint32_t type);
/* Name of device capability bit `bit`, NULL if unknown (rdma prints "UNKNOWN"). */
const char *snap_dev_cap_str(unsigned int bit);
const char *snap_port_cap_str(unsigned int bit);

#endif
