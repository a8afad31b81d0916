// SPDX-License-Identifier: GPL-2.0-or-later
/* One sample's pipeline (include/advance.h). */
#include "advance.h"
#include "events.h"
#include "rate.h"
#include "stall.h"

int snap_advance(const struct snapshot *prev, struct snapshot *cur)
{
	int err, e2, e3;

	/* advanced again (a replay's jump): its lowers' sums made anew */
	snap_lowers_unsum(cur);
	err = snap_carry(prev, cur);
	e2 = rate_compute(prev, cur);
	/* the lowers' rows rated: their sums onto their uppers' ports */
	if (!e2)
		e2 = snap_lowers_sum(cur);

	stall_track(cur, !prev);
	e3 = events_diff(prev, cur);

	return err ? err : e2 ? e2 : e3;
}
