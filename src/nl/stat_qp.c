// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The counters of objects, from STAT_GET by STAT_RES (nldev.c, 5.3+):
 *   - the bound counters (dump, RES_QP: fill_res_counter_entry): port,
 *     counter id, mode, the auto criteria's values (QP type, owner), the
 *     bound LQPNs and the counter's own values;
 *   - the port's QP counter mode (doit, RES_QP: stat_get_doit_qp): mode
 *     and, in auto mode, the criteria mask;
 *   - the MRs' driver stats (dump, RES_MR: fill_stat_mr_entry; mlx5's
 *     ODP page faults and invalidations, 5.9+);
 * and a port's optional counters (STAT_GET_STATUS, 6.2+: name, index,
 * DYNAMIC = enabled).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "nl.h"

struct obj_ctx {
	uint32_t dev, port, obj;
	uint8_t kind;
	char lqpns[512];	/* the bound QPs, "288,289" */
	size_t len;
	uint32_t n;
};

static int obj_value(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	const struct obj_ctx *x = arg;
	int err = 0;
	struct snap_counter *c = nl_stat_hw_counter(s, &s->objcnts, tb, x->dev, x->port, &err);

	if (!c)
		return err;
	c->obj = x->obj;
	c->kind = x->kind;
	return 0;
}

static int bound_qp(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	struct obj_ctx *x = arg;
	int n;

	(void)s;
	if (!tb[RDMA_NLDEV_ATTR_RES_LQPN])
		return -EBADMSG;
	n = snprintf(x->lqpns + x->len, sizeof(x->lqpns) - x->len, "%s%u", x->n ? "," : "",
		     mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_LQPN]));
	if (n < 0 || (size_t)n >= sizeof(x->lqpns) - x->len)
		return 0;	/* a longer list is cut, the count stays true */
	x->len += (size_t)n;
	x->n++;
	return 0;
}

static int counter_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	const struct snap_dev *d = arg;
	struct obj_ctx x = { .dev = d->index, .kind = SNAP_OBJ_QPCNT };
	struct snap_qpcnt *c;
	int err;

	if (!tb[RDMA_NLDEV_ATTR_STAT_COUNTER_ID] || !tb[RDMA_NLDEV_ATTR_PORT_INDEX])
		return -EBADMSG;
	x.port = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_PORT_INDEX]);
	x.obj = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_STAT_COUNTER_ID]);
	if (tb[RDMA_NLDEV_ATTR_RES_QP]) {
		err = nl_entries(s, tb[RDMA_NLDEV_ATTR_RES_QP], RDMA_NLDEV_ATTR_RES_QP_ENTRY,
				 bound_qp, &x);
		if (err)
			return err;
	}
	c = nl_stat_row(&s->qpcnts, sizeof(*c), x.dev, x.port);
	if (!c)
		return -ENOMEM;
	c->cntn = x.obj;
	c->n_lqpn = x.n;
	c->lqpns = snap_str(s, x.lqpns, x.len);
	if (tb[RDMA_NLDEV_ATTR_STAT_MODE])
		SNAP_SET(c, mode, SNAP_QPCNT_MODE,
			 (uint8_t)mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_STAT_MODE]));
	if (tb[RDMA_NLDEV_ATTR_RES_TYPE])
		SNAP_SET(c, qp_type, SNAP_QPCNT_TYPE, mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_RES_TYPE]));
	nl_owner(s, tb, &c->own);
	return nl_stat_entries(s, tb, obj_value, &x);
}

static int mr_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	const struct snap_dev *d = arg;
	struct obj_ctx x = { .dev = d->index, .port = 0, .kind = SNAP_OBJ_MR };

	if (!tb[RDMA_NLDEV_ATTR_RES_MRN])
		return -EBADMSG;
	x.obj = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_RES_MRN]);
	/* an MR the driver keeps no stats for is listed bare (mrn alone) */
	return nl_stat_entries(s, tb, obj_value, &x);
}

/* stat_get_doit_qp(): handle, port, STAT_MODE, and in auto mode the mask
 * and (6.15+) STAT_OPCOUNTER_ENABLED: whether the counters auto mode binds
 * get the port's enabled optional counters too */
static int port_mode(struct snapshot *s, const struct nlattr **tb, const struct snap_dev *d)
{
	struct snap_port *p;
	int err = nl_msg_port(s, tb, d, &p);

	if (err)
		return err;
	SNAP_SET(p, qp_mode, SNAP_PORT_QP_MODE,
		 (uint8_t)mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_STAT_MODE]));
	if (tb[RDMA_NLDEV_ATTR_STAT_AUTO_MODE_MASK])
		SNAP_SET(p, qp_mask, SNAP_PORT_QP_MASK,
			 (uint8_t)mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_STAT_AUTO_MODE_MASK]));
	if (tb[RDMA_NLDEV_ATTR_STAT_OPCOUNTER_ENABLED])
		SNAP_SET(p, qp_opcnt, SNAP_PORT_QP_OPCNT,
			 mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_STAT_OPCOUNTER_ENABLED]) != 0);
	return 0;
}

int nl_stat_obj_parse(struct snapshot *s, const struct nlattr **tb, struct snap_dev *d)
{
	if (tb[RDMA_NLDEV_ATTR_STAT_COUNTER])
		return nl_entries(s, tb[RDMA_NLDEV_ATTR_STAT_COUNTER],
				  RDMA_NLDEV_ATTR_STAT_COUNTER_ENTRY, counter_entry, d);
	if (tb[RDMA_NLDEV_ATTR_RES_MR])
		return nl_entries(s, tb[RDMA_NLDEV_ATTR_RES_MR], RDMA_NLDEV_ATTR_RES_MR_ENTRY,
				  mr_entry, d);
	if (tb[RDMA_NLDEV_ATTR_STAT_MODE])
		return port_mode(s, tb, d);
	return 1;	/* none of these: the port's own counters */
}

/* An enabled optional counter is among the port's counters (STAT_GET
 * answered first, live.c): mark it so. */
static void mark_optional(struct snapshot *s, const struct snap_optcnt *o)
{
	const char *name = snap_s(s, o->name);
	size_t i;

	for (i = 0; i < s->counters.n; i++) {
		struct snap_counter *c = SNAP_AT(&s->counters, struct snap_counter, i);

		if (c->dev == o->dev && c->port == o->port && c->source == SNAP_SRC_HW &&
		    !strcmp(snap_s(s, c->name), name))
			c->optional = 1;
	}
}

/* Only the optional counters (DYNAMIC present) are kept: the others are
 * the port's counters, always on and listed by STAT_GET already. */
static int status_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	const struct nl_stat_port *x = arg;
	const struct nlattr *name = tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME];
	struct snap_optcnt *o;

	if (!name)
		return -EBADMSG;
	if (!tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_DYNAMIC])
		return 0;
	o = nl_stat_row(&s->optcnts, sizeof(*o), x->dev, x->port);
	if (!o)
		return -ENOMEM;
	o->name = snap_name(s, mnl_attr_get_str(name), mnl_attr_get_payload_len(name));
	if (tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX])
		o->index = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX]);
	o->enabled = mnl_attr_get_u8(tb[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_DYNAMIC]) != 0;
	if (o->enabled)
		mark_optional(s, o);
	return 0;
}

int nl_stat_status_parse(struct snapshot *s, const struct nlattr **tb, struct snap_dev *d)
{
	if (!tb[RDMA_NLDEV_ATTR_PORT_INDEX])
		return -EBADMSG;
	return nl_stat_port_entries(s, tb, d->index,
				    mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_PORT_INDEX]), status_entry);
}
