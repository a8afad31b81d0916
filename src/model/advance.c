// SPDX-License-Identifier: GPL-2.0-or-later
/* One sample's pipeline (include/advance.h). */
#include "advance.h"
#include "events.h"
#include "rate.h"
#include "stall.h"

int snap_advance(const struct snapshot *prev, struct snapshot *cur)
{
	int err = snap_carry(prev, cur);
	int e2 = rate_compute(prev, cur);
	int e3;

	stall_track(cur, !prev);
	e3 = events_diff(prev, cur);

	return err ? err : e2 ? e2 : e3;
}
