/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Per-second rates: a pure function of the previous snapshot, the current one
 * and the monotonic time between them.  Only the derived fields of `cur`
 * (counter rate/delta/rate_status, QP PSN rates, cur->interval) are written.
 */
#ifndef RDMATOP_RATE_H
#define RDMATOP_RATE_H

#include <stdint.h>

#include "snapshot.h"

/*
 * prev may be NULL (first sample): every counter gets RATE_INIT.  Counters
 * are matched by (dev, port, source, name), QPs by (dev, lqpn) with the same
 * type and owner; a counter new in `cur` is RATE_INIT, one that went down is
 * RATE_RESET, and with no positive monotonic interval nothing gets a rate
 * (RATE_NODATA).  0, or -ENOMEM (then some rates are missing).
 */
int rate_compute(const struct snapshot *prev, struct snapshot *cur);

/*
 * Delta of a wrapping counter of `bits` width (up to 64) from old to new.  Returns
 * RATE_DATA with *delta set, or RATE_RESET when the counter went down in a
 * way that is not a wrap: a counter narrower than 64 bits that went down is
 * taken to have wrapped when both values fit its width.
 */
enum rate_status rate_delta(uint64_t old_v, uint64_t new_v, unsigned int bits,
			    uint64_t *delta);

/*
 * Delta of one counter from its previous row p to c: rate_delta() for a
 * counter that wraps; for one that saturates (SNAP_CNT_SATURATES), lower
 * is RATE_RESET, at its maximum in both RATE_SAT, else RATE_DATA.
 */
enum rate_status rate_counter_delta(const struct snap_counter *p, const struct snap_counter *c,
				    uint64_t *delta);

/* Forward distance between two 24-bit PSNs. */
uint32_t rate_psn_delta(uint32_t old_psn, uint32_t new_psn);

#endif
