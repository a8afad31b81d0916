// SPDX-License-Identifier: GPL-2.0-or-later
/* netport.h: the src/net tests' snapshot helpers */
#include <stdio.h>
#include <string.h>

#include "netport.h"

void test_port_on(struct snapshot *s, const char *ndev)
{
	struct snap_port *p = snap_port_get(s, 0, 1);

	snprintf(p->ndev, sizeof(p->ndev), "%s", ndev);
	p->valid |= SNAP_PORT_NDEV;
}

const struct snap_counter *test_counter(const struct snapshot *s, uint8_t src, const char *name)
{
	size_t i;

	for (i = 0; i < s->counters.n; i++) {
		const struct snap_counter *c = SNAP_AT(&s->counters, struct snap_counter, i);

		if (c->source == src && !strcmp(snap_s(s, c->name), name))
			return c;
	}
	return NULL;
}
