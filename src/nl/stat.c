// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_STAT_GET for one (device, port): the driver's hardware
 * counters (nldev.c stat_get_doit_default_counter), the same set as sysfs
 * hw_counters/.  Soft-RoCE (rxe, 6.1 and 6.12) reports packet and error
 * counts only.  The answers about objects (bound counters, the QP counter
 * mode, MR stats) go to stat_qp.c.
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "classify.h"
#include "nl.h"

/* The unit a driver's counter counts, from its name: mlx5 "rx_write_bytes",
 * rxe "sent_pkts", bnxt_re "tx_packets"; anything else counts events. */
uint8_t nl_stat_unit(const char *name)
{
	return cnt_unit(name);
}

/* the rows nl_stat_row() makes */
#define STARTS_WITH_PORT(type)                                                              \
	_Static_assert(offsetof(type, dev) == 0 &&                                          \
			       offsetof(type, port) == offsetof(struct nl_stat_port, port), \
		       #type " starts with dev, port")
STARTS_WITH_PORT(struct snap_counter);
STARTS_WITH_PORT(struct snap_qpcnt);
STARTS_WITH_PORT(struct snap_optcnt);

void *nl_stat_row(struct snap_vec *vec, size_t size, uint32_t dev, uint32_t port)
{
	const struct nl_stat_port at = { .dev = dev, .port = port };
	void *row = snap_push(vec, size);

	if (row)
		memcpy(row, &at, sizeof(at));
	return row;
}

struct snap_counter *nl_stat_hw_counter(struct snapshot *s, struct snap_vec *vec,
					const struct nlattr **tb, uint32_t dev, uint32_t port,
					int *err)
{
	const struct nlattr *name = tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME];
	struct snap_counter *c;
	struct cnt_info i;

	if (!name || !tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE]) {
		*err = -EBADMSG;
		return NULL;
	}
	c = nl_stat_row(vec, sizeof(*c), dev, port);
	if (!c) {
		*err = -ENOMEM;
		return NULL;
	}
	/* a driver's names are the same each sample on each of its devices:
	 * what they are, and their string, once a sample */
	i = cnt_name(s, mnl_attr_get_str(name), mnl_attr_get_payload_len(name), nl_stat_unit,
		     &c->name);
	c->source = SNAP_SRC_HW;
	c->unit = i.unit;
	c->cls = i.cls;
	c->cls_flags = i.flags;
	c->bits = 64;	/* rdma_hw_stats values are u64 */
	c->value = mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE]);
	snap_counter_mark(c, i.e);
	return c;
}

int nl_stat_entries(struct snapshot *s, const struct nlattr **tb, nl_entry_cb cb, void *arg)
{
	if (!tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTERS])
		return 0;
	return nl_entries(s, tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTERS],
			  RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY, cb, arg);
}

int nl_stat_port_entries(struct snapshot *s, const struct nlattr **tb, uint32_t dev, uint32_t port,
			 nl_entry_cb cb)
{
	struct nl_stat_port x = { .dev = dev, .port = port };

	return nl_stat_entries(s, tb, cb, &x);
}

static int hw_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	const struct nl_stat_port *x = arg;
	int err = 0;

	nl_stat_hw_counter(s, &s->counters, tb, x->dev, x->port, &err);
	return err;
}

int nl_stat_parse(struct snapshot *s, const struct nlattr **tb, struct snap_dev *d)
{
	const struct nlattr *port = tb[RDMA_NLDEV_ATTR_PORT_INDEX];
	int err = nl_stat_obj_parse(s, tb, d);

	if (err <= 0)
		return err;
	return nl_stat_port_entries(s, tb, d->index, port ? mnl_attr_get_u32(port) : SNAP_NONE,
				    hw_entry);
}
