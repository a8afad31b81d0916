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
#include <stdio.h>
#include <string.h>

#include "cols.h"
#include "util.h"
#include "walk.h"

/* what a JSON key and an OpenMetrics label value take without escaping */
static bool plain_name(const char *n)
{
	size_t i;

	for (i = 0; n[i]; i++)
		if (i >= SNAP_RES_OTHER_NAME - 1 || !((n[i] >= 'a' && n[i] <= 'z') || (n[i] >= 'A' && n[i] <= 'Z') ||
				 (n[i] >= '0' && n[i] <= '9') || n[i] == '_'))
			return false;
	return i > 0;
}

static int other_entry(struct snap_dev *d, const char *name, const struct nlattr **tb)
{
	struct snap_res_other *o;
	uint8_t i;

	if (!plain_name(name))
		return 0;
	/* a device summarised twice in one sample (a dump read again) */
	for (i = 0; i < d->n_res_other; i++)
		if (!strcmp(d->res_other[i].name, name))
			break;
	if (i >= SNAP_RES_OTHER_N)
		return 0;
	o = &d->res_other[i];
	snprintf(o->name, sizeof(o->name), "%s", name);
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

	(void)s;	/* the names are the device's own (snap_res_other) */
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
	return other_entry(d, name, tb);
}

int nl_res_parse(struct snapshot *s, const struct nlattr **tb, struct snap_dev *d)
{
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

/* ---- the declared objects (struct res_obj): one parser for all ---- */

struct obj_arg {
	const struct res_obj *o;
	uint32_t dev;
	const struct nlattr *nt[RDMA_NLDEV_ATTR_MAX];	/* a nest's attributes */
};

static void set_valid(char *row, const struct view_tab *t, uint32_t bits)
{
	char *p = row + t->valid;

	switch (bits ? t->valid_size : 0) {
	case 1: *(uint8_t *)p |= (uint8_t)bits; break;
	case 2: *(uint16_t *)p |= (uint16_t)bits; break;
	case 4: *(uint32_t *)p |= bits; break;
	default: break;
	}
}

/* A field the parser reads: from its table, once per thread and object. */
struct fast_field {
	uint16_t attr, nest, off;
	uint8_t size, kind;
	uint32_t bit;
};
#define FAST_MAX 32
static __thread struct {
	bool ready;
	uint8_t n;
	struct fast_field f[FAST_MAX];
} fast[SNAP_RES_N];

static void fast_build(const struct res_obj *o)
{
	const struct view_tab *t = o->tab;
	size_t i, n = t->nfields ? t->nfields : t->n;
	uint8_t k = 0;

	for (i = 0; i < n && k < FAST_MAX; i++) {
		const struct view_col *c = &t->cols[i];

		if (!c->attr || c->attr >= RDMA_NLDEV_ATTR_MAX)
			continue;
		fast[o->res].f[k++] = (struct fast_field){
			.attr = c->attr, .nest = c->nest, .off = c->off, .size = c->size,
			.kind = nl_policy[c->attr], .bit = c->bit,
		};
	}
	fast[o->res].n = k;
	fast[o->res].ready = true;
}

/*
 * One attribute into its field: a number of the field's size is copied
 * (the walk checked its length against the policy), another is widened or
 * cut, a string becomes its snapshot string id (COL_ID).  0, or -ENOMEM.
 */
static int read_field(struct snapshot *s, char *row, const struct fast_field *f,
		      const struct nlattr *a)
{
	char *p = row + f->off;
	uint8_t n = nl_kind_size(f->kind);
	uint64_t v;

	if (n && f->size == n) {
		memcpy(p, a_data(a), n);
		return 0;
	}
	switch (f->kind) {
	case K_U8:
		v = *(const uint8_t *)a_data(a);
		break;
	case K_U32:
		v = a_u32(a);
		break;
	case K_U64:
		v = mnl_attr_get_u64(a);
		break;
	case K_STR:
		v = snap_str(s, a_data(a), a_len(a));
		if (!v && a_len(a) > 1)
			return -ENOMEM;
		break;
	default:
		return 0;	/* a kind no field holds: the table is wrong, not the bytes */
	}
	field_put(p, f->size, v);
	return 0;
}

static int obj_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	struct obj_arg *oa = arg;
	const struct res_obj *o = oa->o;
	const struct view_tab *t = o->tab;
	struct snap_vec *vec = &s->res[o->res];
	const struct fast_field *f, *end;
	uint16_t nested = 0;
	uint32_t bits = 0;
	char *row;
	int err = 0;

	if (o->need && !tb[o->need])
		return -EBADMSG;
	row = snap_push(vec, t->size);
	if (!row)
		return -ENOMEM;
	memcpy(row, &oa->dev, sizeof(oa->dev));	/* dev first (res.c checks) */
	if (!fast[o->res].ready)
		fast_build(o);
	for (f = fast[o->res].f, end = f + fast[o->res].n; f < end && !err; f++) {
		const struct nlattr *a;

		if (f->nest && f->nest != nested) {
			/* one nest level (FRMR_POOL_KEY): parsed when first named */
			memset(oa->nt, 0, sizeof(oa->nt));
			if (tb[f->nest] && nl_kind_check(tb[f->nest], K_NEST) == 0)
				err = nl_attrs_nested(tb[f->nest], oa->nt);
			nested = f->nest;
		}
		a = f->nest ? oa->nt[f->attr] : tb[f->attr];
		if (a && !err) {
			err = read_field(s, row, f, a);
			bits |= f->bit;
		}
	}
	set_valid(row, t, bits);
	if (!err) {
		nl_owner(s, tb, (struct snap_owner *)(row + snap_res_info[o->res].own));
		if (o->special)
			err = o->special(s, tb, row);
	}
	if (err)
		vec->n--;	/* the row goes: its dump is malformed or memory ran out */
	return err;
}

int nl_obj_parse(const struct nlmsghdr *nlh, struct snapshot *s, const struct res_obj *o)
{
	const struct nlattr *tb[RDMA_NLDEV_ATTR_MAX];
	struct obj_arg oa = { .o = o };
	struct snap_dev *d;
	int err;

	err = nl_msg_dev(nlh, s, tb, &d);
	if (err)
		return err;
	oa.dev = d->index;
	if (!tb[o->table])
		return 0;	/* a device with no such objects */
	return nl_entries(s, tb[o->table], o->entry, obj_entry, &oa);
}

/* one attribute a into the field at off (size bytes): false for a kind no field holds */
static bool put_attr(const struct nlattr *a, uint16_t attr, char *row, uint16_t off,
		     uint8_t size)
{
	char *p = row + off;

	switch (nl_policy[attr]) {
	case K_STR: nl_strlcpy(p, size, a); return true;
	case K_U8: field_put(p, size, *(const uint8_t *)a_data(a)); return true;
	case K_U32: field_put(p, size, a_u32(a)); return true;
	case K_U64: field_put(p, size, mnl_attr_get_u64(a)); return true;
	default: return false;
	}
}

void nl_fields(const struct nlattr **tb, void *row, uint32_t *valid, const struct nl_field *f,
	       size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (tb[f[i].attr] && put_attr(tb[f[i].attr], f[i].attr, row, f[i].off, f[i].size))
			*valid |= f[i].bit;
}

void nl_tab_fields(const struct nlattr **tb, void *row, uint32_t *valid,
		   const struct view_tab *t)
{
	size_t i, n = t->nfields ? t->nfields : t->n;

	for (i = 0; i < n; i++) {
		const struct view_col *c = &t->cols[i];

		if (c->attr && c->attr < RDMA_NLDEV_ATTR_MAX && !c->nest && tb[c->attr] &&
		    put_attr(tb[c->attr], c->attr, row, c->off, c->size))
			*valid |= c->bit;
	}
}
