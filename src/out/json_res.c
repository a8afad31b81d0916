// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON objects of the resource tables, with `rdma -j -d res show ...`'s keys
 * in its order (iproute2 rdma/res-qp.c, res-cmid.c, res-cq.c, res-mr.c,
 * res-pd.c, res-ctx.c, res-srq.c), then ours: process_pid, process_comm,
 * and the QPs' PSN rates.
 */
#include <string.h>

#include "cols.h"
#include "jw.h"
#include "names.h"

/*
 * "drv_NAME": value, as iproute2's print_driver_table() names them (6.9+;
 * "drv_" prefix); a number whatever its print type (hex only changes
 * rdma's text), a signed one with its sign.  The name is the driver's:
 * written escaped.
 */
/*
 * "drv_" and the driver's name, whose bytes other than letters, digits and
 * '_' become '_': drivers name them as C identifiers (rdma_nl_put_driver_u32(
 * msg, "sq_wqe_cnt", ...)), and a key is then plain ASCII.
 */
static void drv_key(char *key, size_t size, const char *name)
{
	size_t i;

	snprintf(key, size, "drv_%s", name);
	for (i = 4; key[i]; i++)
		if (!((key[i] >= 'a' && key[i] <= 'z') || (key[i] >= 'A' && key[i] <= 'Z') ||
		      (key[i] >= '0' && key[i] <= '9') || key[i] == '_'))
			key[i] = '_';
}

void jw_driver(struct jw *w, const struct snapshot *s, const struct snap_owner *o)
{
	uint32_t i;

	for (i = 0; i < o->ndrv && o->drv + i < s->drvs.n; i++) {
		const struct snap_drv *d = SNAP_AT(&s->drvs, struct snap_drv, o->drv + i);
		char key[128], other[128], num[24];
		uint32_t j;

		drv_key(key, sizeof(key), snap_s(s, d->name));
		/* a key twice (no driver repeats a name; a long one is cut) is
		 * written once: a key is unique in a JSON object */
		for (j = 0; j < i; j++) {
			drv_key(other, sizeof(other),
				snap_s(s, SNAP_AT(&s->drvs, struct snap_drv, o->drv + j)->name));
			if (!strcmp(key, other))
				break;
		}
		if (j < i)
			continue;
		jw_key(w, key);
		switch (d->kind) {
		case SNAP_DRV_STR:
			jw_str(w, snap_s(s, d->str));
			break;
		case SNAP_DRV_S32:
		case SNAP_DRV_S64:
			snprintf(num, sizeof(num), "%" PRId64, (int64_t)d->v);
			jw_write(w, num, strlen(num));
			break;
		default:
			jw_uint(w, d->v);
			break;
		}
	}
}

/* "3,5-7" as ["3","5-7"], rdma's array of strings (SRQ's lqpn) */
static void json_list(struct jw *w, const char *key, const char *l)
{
	jw_open(w, key, '[');
	while (*l) {
		size_t n = strcspn(l, ",");
		char part[64];

		snprintf(part, sizeof(part), "%.*s", (int)n, l);
		if (n)
			jw_s(w, NULL, part);
		l += n;
		l += *l == ',';
	}
	jw_close(w, ']');
}

/* one value under key, as its type and format say */
static void json_value(struct jw *w, const char *key, const struct view_col *col,
		       const struct view_value *v)
{
	uint8_t fmt = col->jfmt & ~VIEW_J_ZERO;

	if (fmt == VIEW_J_BOOL)
		jw_b(w, key, v->u != 0);
	else if (fmt == VIEW_J_LIST && v->type == VIEW_T_STR)
		json_list(w, key, v->s);
	else if (v->type == VIEW_T_STR)
		jw_s(w, key, v->s);
	else if (v->type == VIEW_T_DOUBLE)
		jw_d(w, key, v->d);
	else if (v->fmt == VIEW_F_HEX)
		jw_hex(w, key, v->u);
	else if (v->fmt == VIEW_F_GUID)
		jw_guid(w, key, v->u);
	else
		jw_u(w, key, v->u);
}

void out_json_value(struct jw *w, const char *key, const struct view_col *col,
		    const struct view_value *v)
{
	json_value(w, key, col, v);
}

/* the owner's pid and comm (rdma's) and its drivers' attributes, or ours */
static void json_owner(struct jw *w, const struct view_ctx *c, enum view_table t,
		       const struct view_tab *tb, const void *r, bool rdma_part)
{
	if (tb->role[VIEW_ROLE_PID])
		jw_owner(w, c->s, snap_res_owner(r, (enum snap_res)(t - VIEW_RES)), rdma_part);
}

/* field k of the row under its JSON key, when it has one and a value */
static void json_field(struct jw *w, const struct view_ctx *c, const struct view_tab *tb,
		       const void *r, size_t k)
{
	struct view_value v;

	if (!tb->cols[k].json)
		return;
	view_get_field(c, tb, r, k, &v);
	if (v.valid)
		json_value(w, tb->cols[k].json, &tb->cols[k], &v);
	else if ((tb->cols[k].jfmt & VIEW_J_ZERO) && tb->cols[k].name8)
		jw_s(w, tb->cols[k].json, tb->cols[k].name8(0)); /* rdma writes one */
	else if (tb->cols[k].jfmt & VIEW_J_ZERO)
		jw_u(w, tb->cols[k].json, 0);
}

void out_json_tab(struct jw *w, const struct view_ctx *c, const struct view_tab *tb,
		  const void *row, const uint8_t *order, size_t n)
{
	size_t k, all = tb->nfields ? tb->nfields : tb->n;

	for (k = 0; k < (order ? n : all); k++)
		if (!order || order[k] < all)
			json_field(w, c, tb, row, order ? order[k] : k);
}

/*
 * A declared object's row (cols.h, struct res_obj): its device as rdma
 * writes it, each valid field with a JSON key in the table's JSON order,
 * the fields it does not name, and its owner (rdma's pid and comm, its
 * drivers, then ours) last; or at the order's mark, VIEW_JSON_OWNER (all
 * of the owner there) or VIEW_JSON_PID (rdma's part there, ours last),
 * the fields after the mark after it.
 */
static void json_fields(struct jw *w, const struct view_ctx *c, enum view_table t,
			const struct view_tab *tb, size_t row)
{
	size_t i, k, n = tb->nfields ? tb->nfields : tb->n;
	const void *r = snap_res_at(c->s, (enum snap_res)(t - VIEW_RES), row);
	const int8_t *order = tb->json_order;
	uint64_t named = 0; /* the fields the order names (64 at most) */
	int8_t mark;
	uint32_t dev;

	memcpy(&dev, r, sizeof(dev));
	jw_dev(w, c->s, dev);
	for (i = 0; order && order[i] != -1; i++)
		if (order[i] >= 0 && order[i] < 64)
			named |= 1ull << order[i];
	for (i = 0; order && order[i] >= 0; i++)
		json_field(w, c, tb, r, (size_t)order[i]);
	mark = order ? order[i] : -1;
	/* the fields the order does not name (all without one) */
	for (k = 0; k < n; k++)
		if (k >= 64 || !(named >> k & 1))
			json_field(w, c, tb, r, k);
	json_owner(w, c, t, tb, r, true);
	if (mark == VIEW_JSON_OWNER)
		json_owner(w, c, t, tb, r, false);
	if (mark != -1)
		for (i++; order[i] >= 0; i++)
			json_field(w, c, tb, r, (size_t)order[i]);
	if (mark != VIEW_JSON_OWNER)
		json_owner(w, c, t, tb, r, false);
}

void out_json_cols(struct jw *w, const struct view_ctx *c, enum view_table t, size_t row)
{
	const struct view_tab *tb = view_tab(t);
	size_t n, i;
	const struct view_col *cols = view_cols(t, &n);

	if (t >= VIEW_RES && tb && tb->cols[1].json) {
		json_fields(w, c, t, tb, row);
		return;
	}
	for (i = 0; i < n; i++) {
		struct view_value v;

		view_get(c, t, row, (int)i, &v);
		if (v.valid)
			json_value(w, cols[i].name, &cols[i], &v);
	}
}
