// SPDX-License-Identifier: GPL-2.0-or-later
/* Changes found by comparing two samples (see events.h). */
#include <errno.h>
#include <string.h>

#include "events.h"
#include "names.h"

static struct snap_event *push(struct snapshot *s, uint32_t type, const struct snap_dev *d)
{
	struct snap_event *e = snap_push(&s->events, sizeof(*e));

	if (!e)
		return NULL;
	e->source = SNAP_EV_POLL;
	e->type = type;
	if (d) {
		e->dev = d->index;
		e->name = snap_str(s, d->name, sizeof(d->name));
		e->valid = SNAP_EV_DEV | SNAP_EV_NAME;
	}
	return e;
}

static int change(struct snapshot *cur, uint32_t type, const struct snap_dev *d,
		  const struct snap_port *p, const char *from, const char *to)
{
	struct snap_event *e = push(cur, type, d);

	if (!e)
		return -ENOMEM;
	if (p)
		SNAP_SET(e, port, SNAP_EV_PORT, p->port);
	e->from = snap_str(cur, from, 64);
	e->to = snap_str(cur, to, 64);
	return 0;
}

static const char *port_ndev(const struct snap_port *p)
{
	return (p->valid & SNAP_PORT_NDEV) ? p->ndev : "";
}

int events_diff(const struct snapshot *prev, struct snapshot *cur)
{
	size_t i, n;

	if (!prev)
		return 0;
	/* devices are few: quadratic lookups are fine; the snapshot's
	 * device vector may grow a string pool, not the device array */
	n = cur->devs.n;
	for (i = 0; i < n; i++) {
		struct snap_dev d = *SNAP_AT(&cur->devs, struct snap_dev, i);
		const struct snap_dev *o = snap_dev_find(prev, d.index);

		if (!o) {
			if (!push(cur, SNAP_EV_DEV_ADDED, &d))
				return -ENOMEM;
		} else if (strcmp(o->name, d.name) &&
			   change(cur, SNAP_EV_DEV_RENAMED, &d, NULL, o->name, d.name)) {
			return -ENOMEM;
		}
	}
	for (i = 0; i < prev->devs.n; i++) {
		const struct snap_dev *o = SNAP_AT(&prev->devs, struct snap_dev, i);

		if (!snap_dev_find(cur, o->index) && !push(cur, SNAP_EV_DEV_REMOVED, o))
			return -ENOMEM;
	}
	n = cur->ports.n;
	for (i = 0; i < n; i++) {
		struct snap_port p = *SNAP_AT(&cur->ports, struct snap_port, i);
		const struct snap_port *o = snap_port_find(prev, p.dev, p.port);
		const struct snap_dev *dp = snap_dev_find(cur, p.dev);
		struct snap_dev d;

		if (!o || !dp)
			continue;
		d = *dp;
		if ((o->valid & p.valid & SNAP_PORT_STATE) && o->state != p.state &&
		    change(cur, SNAP_EV_PORT_STATE, &d, &p, snap_port_state_str(o->state),
			   snap_port_state_str(p.state)))
			return -ENOMEM;
		if ((o->valid & p.valid & SNAP_PORT_PHYS_STATE) &&
		    o->phys_state != p.phys_state &&
		    change(cur, SNAP_EV_PORT_PHYS, &d, &p, snap_phys_state_str(o->phys_state),
			   snap_phys_state_str(p.phys_state)))
			return -ENOMEM;
		if (strcmp(port_ndev(o), port_ndev(&p)) &&
		    change(cur, SNAP_EV_NETDEV, &d, &p, port_ndev(o), port_ndev(&p)))
			return -ENOMEM;
	}
	return 0;
}
