// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_RES_GET: the per-device resource summary, a nested list
 * of (name, current count) pairs (nldev.c fill_res_info).  Names we do not
 * know (a future resource type) are skipped.
 */
#include <errno.h>
#include <string.h>

#include "walk.h"

static int summary_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	struct snap_dev *d = arg;
	const char *name;
	int r;

	(void)s;
	if (!tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_NAME] ||
	    !tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_CURR])
		return -EBADMSG;
	name = mnl_attr_get_str(tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_NAME]);
	for (r = 0; r < SNAP_RES_N; r++) {
		if (strcmp(name, snap_res_name((enum snap_res)r)))
			continue;
		d->res[r] = mnl_attr_get_u64(tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_CURR]);
		d->res_valid |= (uint16_t)(1u << r);
		break;
	}
	return 0;
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
