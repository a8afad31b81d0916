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

/*
 * A number from RDMA_NLDEV_ATTR_FRMR_POOL_<a>, named as its field (rdma's
 * JSON key too); a part of the key, from FRMR_POOL_KEY_<a> in the key's nest.
 */
#define FP_NUM(field, h, w, b, a, d) COL_NA(#field, h, w, FP, field, b, FRMR_POOL_##a, #field, d)
#define FP_KEY_PART(field, h, w, b, a, d) FP_NUM(field, h, w, b, KEY_##a, d), .nest = KEY_NEST

static const struct view_col fp_fields[FP_N + 1] = {
	[FP_DEV] = COL_DEV(FP),
	[FP_KEY] = { .name = "key", .header = "KEY", .width = 20, TEXT, .get = fp_key,
		     .json = "key", .desc = "the pool's key: vendor key, DMA blocks, access flags, ATS" },
	[FP_QUEUE] = { FP_NUM(queue, "QUEUE", 6, SNAP_FRMR_QUEUE, QUEUE_HANDLES,
			      "handles queued, ready for use"), .desc_sort = true },
	[FP_IN_USE] = { FP_NUM(in_use, "IN_USE", 6, SNAP_FRMR_IN_USE, IN_USE, "handles in use"),
			.desc_sort = true },
	[FP_MAX_IN_USE] = { FP_NUM(max_in_use, "MAX_USE", 7, SNAP_FRMR_MAX_IN_USE, MAX_IN_USE,
				   "the most handles in use at once"), .desc_sort = true },
	[FP_PINNED] = { FP_NUM(pinned, "PINNED", 6, SNAP_FRMR_PINNED, PINNED_HANDLES,
			       "handles kept whatever the aging (rdma res set ... pinned)") },
	[FP_ATS] = { FP_KEY_PART(ats, "ATS", 3, SNAP_FRMR_ATS, ATS, "address translation services") },
	[FP_ACCESS] = { FP_KEY_PART(access_flags, "ACCESS", 6, SNAP_FRMR_ACCESS, ACCESS_FLAGS,
				    "the MRs' access flags (enum ib_access_flags)") },
	[FP_VENDOR] = { FP_KEY_PART(vendor_key, "VENDOR", 6, SNAP_FRMR_VENDOR, VENDOR_KEY,
				    "the driver's part of the key") },
	[FP_BLOCKS] = { FP_KEY_PART(num_dma_blocks, "BLOCKS", 6, SNAP_FRMR_BLOCKS, NUM_DMA_BLOCKS,
				    "the MRs' size in DMA blocks"), .desc_sort = true },
	[FP_KVENDOR] = { FP_KEY_PART(kernel_vendor_key, NULL, 0, SNAP_FRMR_KVENDOR,
				     KERNEL_VENDOR_KEY, NULL) },
};
/* rdma -d's order: the key, its parts, then the counts */
static const int8_t fp_json[] = {
	FP_KEY, FP_ATS, FP_ACCESS, FP_VENDOR, FP_BLOCKS, FP_KVENDOR, FP_QUEUE, FP_IN_USE,
	FP_MAX_IN_USE, FP_PINNED, -1,
};
const struct view_tab view_frmr_pool_tab =
	FIELD_TAB(fp_fields, FP, FP_N, fp_json, [VIEW_ROLE_DEV] = FP_DEV + 1);

NL_OBJ(frmr_pool, FRMR_POOL, FRMR_POOLS, FRMR_POOL_ENTRY)
