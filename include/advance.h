/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One sample's pipeline, the same in every mode (the dashboard, batch and
 * exports, replay, tests/soak and tests/bench): the tables a paced sample
 * did not read carried from the one before (snap_carry), then the rates
 * (rate_compute), then the events (events_diff).  Order matters: rates
 * are over carried rows' own spans, and events compare the carried rows.
 */
#ifndef RDMATOP_ADVANCE_H
#define RDMATOP_ADVANCE_H

#include "snapshot.h"

/* prev is NULL at the first sample and after a jump.  0, or the first -errno. */
int snap_advance(const struct snapshot *prev, struct snapshot *cur);

#endif
