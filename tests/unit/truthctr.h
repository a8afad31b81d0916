/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The port truth tests' counters: device 3's, classed by name and rated. */
#ifndef RDMATOP_TEST_TRUTHCTR_H
#define RDMATOP_TEST_TRUTHCTR_H

#include <stdint.h>

#include "classify.h"
#include "snapshot.h"

/* a counter of port `port` of device 3, rated at `rate`, value 1000 */
static inline void truth_ctr_push(struct snapshot *s, uint32_t port, uint8_t src, const char *name,
				  double rate)
{
	struct snap_counter *k = snap_push(&s->counters, sizeof(*k));

	k->dev = 3;
	k->port = port;
	k->source = src;
	k->name = snap_str(s, name, 96);
	k->cls = cnt_classify(name, &k->cls_flags);
	k->unit = cnt_unit(name);
	k->rate = rate;
	k->rate_status = RATE_DATA;
	k->value = 1000;
}

#endif
