// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A device that goes away in the middle of a sample: the device list named
 * it, then one of its own dumps failed, and a GET of the device itself
 * failed too.  Whatever its dumps had delivered by then is taken out of the
 * snapshot, so no row of a device that no longer exists is shown, and one
 * note says what happened instead of a note per failed table.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "nl.h"

/* Remove the elements whose uint32_t at `off` equals dev, keeping order. */
static void drop_rows(struct snap_vec *v, size_t size, size_t off, uint32_t dev)
{
	char *base = v->v;
	size_t i, k = 0;

	for (i = 0; i < v->n; i++) {
		uint32_t d;

		memcpy(&d, base + i * size + off, sizeof(d));
		if (d == dev)
			continue;
		if (k != i)
			memmove(base + k * size, base + i * size, size);
		k++;
	}
	v->n = k;
}

#define DROP(vec, type, field) drop_rows(vec, sizeof(type), offsetof(type, field), dev)

void nl_dev_gone(struct snapshot *s, uint32_t dev)
{
	const struct snap_dev *d = snap_dev_find(s, dev);
	char name[SNAP_DEV_NAME_MAX];
	int r;

	if (!d)
		return;
	if (d->name[0])
		snprintf(name, sizeof(name), "%s", d->name);
	else
		snprintf(name, sizeof(name), "device %u", dev);
	DROP(&s->devs, struct snap_dev, index);
	DROP(&s->ports, struct snap_port, dev);
	DROP(&s->counters, struct snap_counter, dev);
	DROP(&s->objcnts, struct snap_counter, dev);
	DROP(&s->qpcnts, struct snap_qpcnt, dev);
	DROP(&s->optcnts, struct snap_optcnt, dev);
	for (r = 0; r < SNAP_RES_N; r++)	/* each starts with its dev */
		drop_rows(&s->res[r], snap_res_info[r].size, 0, dev);
	/* "rxe1: QP table unavailable: ..." told only half of it */
	DROP(&s->notes, struct snap_note, dev);
	snap_note(s, -ENODEV, SNAP_NONE, "%s went away during the dump", name);
}
