// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * FRMR pools (RDMA_NLDEV_CMD_FRMR_POOLS_GET, 7.x; `rdma res show
 * frmr_pools`, iproute2 7.x rdma/res-frmr-pools.c): the one declaration of
 * the object.  Read-only here.  A device keeps a pool of fast-registration
 * MRs per key (vendor key, size in DMA blocks, access flags, ATS); linux
 * 7.3's nldev_frmr_pools_get_dumpit sends each pool but kernel-only ones,
 * as fill_frmr_pool_entry builds it: a FRMR_POOL_KEY nest, then the queued,
 * in-use, peak and pinned handles.  Drivers without pools (all but mlx5)
 * answer an empty dump; older kernels -EINVAL (SNAP_RES_NEWER).
 */
#include <inttypes.h>
#include <stdio.h>

#include "cols.h"
#include "nl.h"

#define FP struct snap_frmr_pool
#define KEY_NEST RDMA_NLDEV_ATTR_FRMR_POOL_KEY

enum {
	FP_DEV, FP_KEY, FP_QUEUE, FP_IN_USE, FP_MAX_IN_USE, FP_PINNED, FP_ATS, FP_ACCESS,
	FP_VENDOR, FP_BLOCKS, FP_N, FP_KVENDOR = FP_N	/* a field no column shows */
};

/* the key as rdma prints it, "vendor:blocks:flags:ats" in hex: computed */
static void fp_key(const struct view_ctx *c, const void *row, const struct view_col *col,
		   struct view_value *v)
{
	const FP *p = row;

	(void)c;
	(void)col;
	v->valid = p->valid & (SNAP_FRMR_ATS | SNAP_FRMR_ACCESS | SNAP_FRMR_VENDOR | SNAP_FRMR_BLOCKS);
	snprintf(v->tmp, sizeof(v->tmp), "%" PRIx64 ":%" PRIx64 ":%x:%u", p->vendor_key,
		 p->num_dma_blocks, p->access_flags, p->ats ? 1 : 0);
	v->s = v->valid ? v->tmp : "";
}

static const struct view_col fp_fields[FP_N + 1] = {
	[FP_DEV] = COL_DEV(FP),
	[FP_KEY] = { .name = "key", .header = "KEY", .width = 20, TEXT, .get = fp_key,
		     .json = "key", .desc = "the pool's key: vendor key, DMA blocks, access flags, ATS" },
	[FP_QUEUE] = { .name = "queue", .header = "QUEUE", .width = 6, NUM,
		       FIELD(FP, queue, SNAP_FRMR_QUEUE), .attr = RDMA_NLDEV_ATTR_FRMR_POOL_QUEUE_HANDLES,
		       .json = "queue", .desc = "handles queued, ready for use", .desc_sort = true },
	[FP_IN_USE] = { .name = "in_use", .header = "IN_USE", .width = 6, NUM,
			FIELD(FP, in_use, SNAP_FRMR_IN_USE), .attr = RDMA_NLDEV_ATTR_FRMR_POOL_IN_USE,
			.json = "in_use", .desc = "handles in use", .desc_sort = true },
	[FP_MAX_IN_USE] = { .name = "max_in_use", .header = "MAX_USE", .width = 7, NUM,
			    FIELD(FP, max_in_use, SNAP_FRMR_MAX_IN_USE),
			    .attr = RDMA_NLDEV_ATTR_FRMR_POOL_MAX_IN_USE, .json = "max_in_use",
			    .desc = "the most handles in use at once", .desc_sort = true },
	[FP_PINNED] = { .name = "pinned", .header = "PINNED", .width = 6, NUM,
			FIELD(FP, pinned, SNAP_FRMR_PINNED),
			.attr = RDMA_NLDEV_ATTR_FRMR_POOL_PINNED_HANDLES, .json = "pinned",
			.desc = "handles kept whatever the aging (rdma res set ... pinned)" },
	[FP_ATS] = { .name = "ats", .header = "ATS", .width = 3, NUM, FIELD(FP, ats, SNAP_FRMR_ATS),
		     .nest = KEY_NEST, .attr = RDMA_NLDEV_ATTR_FRMR_POOL_KEY_ATS, .json = "ats",
		     .desc = "address translation services" },
	[FP_ACCESS] = { .name = "access_flags", .header = "ACCESS", .width = 6, NUM,
			FIELD(FP, access_flags, SNAP_FRMR_ACCESS), .nest = KEY_NEST,
			.attr = RDMA_NLDEV_ATTR_FRMR_POOL_KEY_ACCESS_FLAGS, .json = "access_flags",
			.desc = "the MRs' access flags (enum ib_access_flags)" },
	[FP_VENDOR] = { .name = "vendor_key", .header = "VENDOR", .width = 6, NUM,
			FIELD(FP, vendor_key, SNAP_FRMR_VENDOR), .nest = KEY_NEST,
			.attr = RDMA_NLDEV_ATTR_FRMR_POOL_KEY_VENDOR_KEY, .json = "vendor_key",
			.desc = "the driver's part of the key" },
	[FP_BLOCKS] = { .name = "num_dma_blocks", .header = "BLOCKS", .width = 6, NUM,
			FIELD(FP, num_dma_blocks, SNAP_FRMR_BLOCKS), .nest = KEY_NEST,
			.attr = RDMA_NLDEV_ATTR_FRMR_POOL_KEY_NUM_DMA_BLOCKS, .json = "num_dma_blocks",
			.desc = "the MRs' size in DMA blocks", .desc_sort = true },
	[FP_KVENDOR] = { .name = "kernel_vendor_key", NUM,
			 FIELD(FP, kernel_vendor_key, SNAP_FRMR_KVENDOR), .nest = KEY_NEST,
			 .attr = RDMA_NLDEV_ATTR_FRMR_POOL_KEY_KERNEL_VENDOR_KEY,
			 .json = "kernel_vendor_key" },
};
/* rdma -d's order: the key, its parts, then the counts */
static const int8_t fp_json[] = {
	FP_KEY, FP_ATS, FP_ACCESS, FP_VENDOR, FP_BLOCKS, FP_KVENDOR, FP_QUEUE, FP_IN_USE,
	FP_MAX_IN_USE, FP_PINNED, -1,
};
const struct view_tab view_frmr_pool_tab =
	FIELD_TAB(fp_fields, FP, FP_N, fp_json, [VIEW_ROLE_DEV] = FP_DEV + 1);

NL_OBJ(frmr_pool, FRMR_POOL, FRMR_POOLS, FRMR_POOL_ENTRY)
