// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_ATTR_DRIVER: the driver's own attributes of a resource entry
 * (a QP's, CQ's, MR's, ...), put by its fill_res_*_entry with
 * rdma_nl_put_driver_{string,u32,u64}() and their _hex forms (ib_core
 * nldev.c, 4.19 to 7.x): a flat nest of DRIVER_STRING (the name), an
 * optional DRIVER_PRINT_TYPE, then one value (DRIVER_STRING, _U32, _S32,
 * _U64 or _S64).  Read as rdma's print_driver_table() reads it: a string
 * with no name pending is a name, a print type applies to the next value.
 * A name with no value, or a value with no name, is skipped; bytes that
 * do not make an attribute end the nest (what came before is kept).
 */
#include "walk.h"

/* The kind of a value attribute, or -1 for any other type. */
static int value_kind(uint16_t type)
{
	switch (type) {
	case RDMA_NLDEV_ATTR_DRIVER_U32: return SNAP_DRV_U32;
	case RDMA_NLDEV_ATTR_DRIVER_S32: return SNAP_DRV_S32;
	case RDMA_NLDEV_ATTR_DRIVER_U64: return SNAP_DRV_U64;
	case RDMA_NLDEV_ATTR_DRIVER_S64: return SNAP_DRV_S64;
	}
	return -1;
}

int nl_driver(struct snapshot *s, const struct nlattr *nest, struct snap_owner *o)
{
	const struct nlattr *a = (const struct nlattr *)a_data(nest), *cur, *name = NULL;
	size_t len = a_len(nest);
	bool hex = false;

	o->drv = (uint32_t)s->drvs.n;
	o->ndrv = 0;
	while (a_next(&a, &len, &cur) > 0 && o->ndrv < UINT16_MAX) {
		uint16_t type = a_type(cur);
		int kind = value_kind(type);
		struct snap_drv *d;

		if (a_check(cur, type))
			break;
		if (type == RDMA_NLDEV_ATTR_DRIVER_PRINT_TYPE) {
			hex = *(const uint8_t *)a_data(cur) == RDMA_NLDEV_PRINT_TYPE_HEX;
			continue;
		}
		if (type == RDMA_NLDEV_ATTR_DRIVER_STRING && !name) {
			name = cur;
			continue;
		}
		if (type == RDMA_NLDEV_ATTR_DRIVER_STRING)
			kind = SNAP_DRV_STR;
		if (kind < 0)
			continue;	/* a type newer than our header */
		if (!name)
			continue;	/* a value without a name */
		d = snap_push(&s->drvs, sizeof(*d));
		if (!d)
			return -ENOMEM;
		d->name = snap_str(s, a_data(name), a_len(name));
		d->kind = (uint8_t)kind;
		d->hex = hex;
		switch (kind) {
		case SNAP_DRV_STR:
			d->str = snap_str(s, a_data(cur), a_len(cur));
			break;
		case SNAP_DRV_U32:
			d->v = a_u32(cur);
			break;
		case SNAP_DRV_S32:
			d->v = (uint64_t)(int64_t)(int32_t)a_u32(cur);
			break;
		default:
			memcpy(&d->v, a_data(cur), sizeof(d->v));
			break;
		}
		o->ndrv++;
		name = NULL;
		hex = false;
	}
	return 0;
}
