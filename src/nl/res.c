// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_RES_GET: the per-device resource summary, a nested list
 * of (name, current count) pairs (nldev.c fill_res_info); 7.x adds the
 * device's limit (RES_SUMMARY_ENTRY_MAX, for pd, cq, qp, mr and srq on rxe)
 * and a type without a dump of its own (comp_cntr).  A name that is no
 * enum snap_res is kept as it comes, when it is a plain word.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "walk.h"

/* what a JSON key and an OpenMetrics label value take without escaping */
static bool plain_name(const char *n)
{
	size_t i;

	for (i = 0; n[i]; i++)
		if (i >= 31 || !((n[i] >= 'a' && n[i] <= 'z') || (n[i] >= 'A' && n[i] <= 'Z') ||
				 (n[i] >= '0' && n[i] <= '9') || n[i] == '_'))
			return false;
	return i > 0;
}

static int other_entry(struct snapshot *s, struct snap_dev *d, const char *name,
		       const struct nlattr **tb)
{
	struct snap_res_other *o;
	uint8_t i;

	if (!plain_name(name))
		return 0;
	/* a device summarised twice in one sample (a dump read again) */
	for (i = 0; i < d->n_res_other; i++)
		if (!strcmp(snap_s(s, d->res_other[i].name), name))
			break;
	if (i >= SNAP_RES_OTHER_N)
		return 0;
	o = &d->res_other[i];
	o->name = snap_str(s, name, 32);
	if (!o->name)
		return -ENOMEM;
	o->curr = mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_CURR]);
	o->max_valid = tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_MAX] != NULL;
	if (o->max_valid)
		o->max = mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_MAX]);
	if (i == d->n_res_other)
		d->n_res_other++;
	return 0;
}

static int summary_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	struct snap_dev *d = arg;
	const char *name;
	int r;

	if (!tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_NAME] ||
	    !tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_CURR])
		return -EBADMSG;
	name = mnl_attr_get_str(tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_NAME]);
	for (r = 0; r < SNAP_RES_N; r++) {
		if (strcmp(name, snap_res_name((enum snap_res)r)))
			continue;
		d->res[r] = mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_CURR]);
		d->res_valid |= (uint16_t)(1u << r);
		if (tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_MAX]) {
			d->res_max[r] = mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_MAX]);
			d->res_max_valid |= (uint16_t)(1u << r);
		}
		return 0;
	}
	return other_entry(s, d, name, tb);
}

int nl_res_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	const struct nlattr *tb[RDMA_NLDEV_ATTR_MAX];
	struct snap_dev *d;
	int err;

	err = nl_msg_dev(nlh, s, tb, &d);
	if (err)
		return err;
	if (!tb[RDMA_NLDEV_ATTR_RES_SUMMARY])
		return 0;
	return nl_entries(s, tb[RDMA_NLDEV_ATTR_RES_SUMMARY],
			  RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY, summary_entry, d);
}

static int res_table(const struct nlmsghdr *nlh, struct snapshot *s, uint16_t table,
		     uint16_t entry, nl_entry_cb cb, nl_nest_cb nest_cb)
{
	const struct nlattr *tb[RDMA_NLDEV_ATTR_MAX];
	struct snap_dev *d;
	uint32_t dev;
	int err;

	err = nl_msg_dev(nlh, s, tb, &d);
	if (err)
		return err;
	dev = d->index;
	/* a device with no such objects sends a message without the table */
	if (!tb[table])
		return 0;
	if (nest_cb)
		return nl_entries_nests(s, tb[table], entry, nest_cb, &dev);
	return nl_entries(s, tb[table], entry, cb, &dev);
}

int nl_res_table(const struct nlmsghdr *nlh, struct snapshot *s, uint16_t table,
		 uint16_t entry, nl_entry_cb cb)
{
	return res_table(nlh, s, table, entry, cb, NULL);
}

int nl_res_table_nests(const struct nlmsghdr *nlh, struct snapshot *s, uint16_t table,
		       uint16_t entry, nl_nest_cb cb)
{
	return res_table(nlh, s, table, entry, NULL, cb);
}
