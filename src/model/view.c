// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Views: typed columns over the snapshot's tables.  Each table's columns
 * are declared once (src/model/cols.c, src/nl/<object>.c); this reads a cell
 * through its column's descriptor, and formats and compares values.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "cols.h"
#include "fmt.h"
#include "names.h"
#include "verdict.h"
#include "view.h"

static const struct view_tab *const tables[VIEW_N] = {
	[VIEW_DEVS] = &view_devs_tab, [VIEW_LINKS] = &view_links_tab,
	[VIEW_COUNTERS] = &view_counters_tab, [VIEW_PROCS] = &view_procs_tab,
	[VIEW_GROUPS] = &view_groups_tab,
#define TAB_OF(ID, name, cmd, ...) [VIEW_##ID##S] = &view_##name##_tab,
	SNAP_RES_LIST(TAB_OF)
#undef TAB_OF
};

const struct view_tab *view_tab(enum view_table t)
{
	return (unsigned int)t < VIEW_N ? tables[t] : NULL;
}

const char *view_table_name(enum view_table t)
{
	static const char *const names[VIEW_RES] = {
		[VIEW_DEVS] = "devices", [VIEW_LINKS] = "links", [VIEW_COUNTERS] = "counters",
		[VIEW_PROCS] = "processes", [VIEW_GROUPS] = "groups",
	};

	if ((unsigned int)t >= VIEW_N)
		return "";
	return t >= VIEW_RES ? snap_res_info[t - VIEW_RES].table : names[t];
}

const struct view_col *view_cols(enum view_table t, size_t *n)
{
	if ((unsigned int)t >= VIEW_N) {
		*n = 0;
		return NULL;
	}
	*n = tables[t]->n;
	return tables[t]->cols;
}

/* the count column of object r in table t, -1: none */
static int res_col(enum view_table t, int r)
{
	const struct snap_res_info *i = &snap_res_info[r];

	if (t == VIEW_DEVS)
		return i->flags & SNAP_RES_SUMMED ? VC_DEV_RES + r : -1;
	if (!(i->flags & SNAP_RES_OWNED) || (t != VIEW_PROCS && t != VIEW_GROUPS))
		return -1;
	return (t == VIEW_PROCS ? VC_PROC_RES : VC_GRP_RES) + (int)i->proc;
}

static bool named(const int *ids, size_t n, int col)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (ids[i] == col)
			return true;
	return false;
}

size_t view_cols_res(enum view_table t, const int *ids, size_t n, int *out, size_t max)
{
	size_t i, k = 0, j;

	for (i = 0; i < n; i++) {
		if (ids[i] != VIEW_COLS_RES && ids[i] != VIEW_COLS_RES_CHG) {
			if (k < max)
				out[k++] = ids[i];
			continue;
		}
		for (j = 0; j < SNAP_RES_N; j++) {
			/* devices in the list's order, the others in the per-process one */
			int r = t == VIEW_DEVS ? (int)j : (int)snap_res_proc(j);
			int c = r < SNAP_RES_N ? res_col(t, r) : -1;

			if (c < 0 || named(ids, n, c))
				continue;
			if (k < max)
				out[k++] = c;
			if (t == VIEW_DEVS && ids[i] == VIEW_COLS_RES_CHG && k < max)
				out[k++] = VC_DEV_CHG + r;
		}
	}
	return k;
}

int view_col_find(enum view_table t, const char *name)
{
	size_t i, n;
	const struct view_col *c = view_cols(t, &n);

	for (i = 0; i < n; i++)
		if (!strcmp(c[i].name, name))
			return (int)i;
	return -1;
}

int view_col_role(enum view_table t, enum view_role role)
{
	if ((unsigned int)t >= VIEW_N || (unsigned int)role >= VIEW_ROLE_N)
		return -1;
	return tables[t]->role[role] - 1;
}

static const struct snap_vec *table_vec(const struct snapshot *s, enum view_table t)
{
	if (t >= VIEW_RES && t < VIEW_N)
		return &s->res[t - VIEW_RES];
	switch (t) {
	case VIEW_DEVS: return &s->devs;
	case VIEW_LINKS: return &s->ports;
	case VIEW_COUNTERS: return &s->counters;
	default: return NULL;
	}
}

const struct snap_vec *view_vec(const struct snapshot *s, enum view_table t)
{
	return table_vec(s, t);
}

uint32_t view_port_active_mtu(const struct snapshot *s, const struct snap_port *p)
{
	const struct snap_dev *d = snap_dev_find(s, p->dev);
	uint32_t m, ib;

	if (!d || !SNAP_HAS(p, SNAP_PORT_NDEV_MTU) || !SNAP_HAS(d, SNAP_DEV_PROTOCOL) ||
	    strcmp(d->protocol, "roce") || p->ndev_mtu < 96 + 256)
		return 0;
	m = p->ndev_mtu - 96;
	for (ib = 4096; ib > 256 && m < ib; ib /= 2)
		;
	return ib;
}

const char *view_gid_type_str(uint8_t type)
{
	static const char *const t[] = { "IB", "RoCE v1", "RoCE v2" };

	return type < 3 ? t[type] : "unknown";
}

size_t view_driver(const struct view_ctx *c, enum view_table t, size_t row, char *buf,
		   size_t len)
{
	const struct snap_vec *v = table_vec(c->s, t);
	const struct snap_owner *o;
	size_t i, k = 0;

	if (!len)
		return 0;
	buf[0] = '\0';
	if (t < VIEW_RES || t >= VIEW_N || !v || row >= v->n)
		return 0;
	o = (const struct snap_owner *)((const char *)v->v + row * snap_res_info[t - VIEW_RES].size +
					 snap_res_info[t - VIEW_RES].own);
	for (i = 0; i < o->ndrv && o->drv + i < c->s->drvs.n; i++) {
		const struct snap_drv *d = SNAP_AT(&c->s->drvs, struct snap_drv, o->drv + i);
		const char *name = snap_s(c->s, d->name), *sep = i ? " " : "";
		int n;

		if (d->kind == SNAP_DRV_STR)
			n = snprintf(buf + k, len - k, "%sdrv_%s %s", sep, name, snap_s(c->s, d->str));
		else if (d->hex)
			n = snprintf(buf + k, len - k, "%sdrv_%s 0x%" PRIx64, sep, name, d->v);
		else if (d->kind == SNAP_DRV_S32 || d->kind == SNAP_DRV_S64)
			n = snprintf(buf + k, len - k, "%sdrv_%s %" PRId64, sep, name, (int64_t)d->v);
		else
			n = snprintf(buf + k, len - k, "%sdrv_%s %" PRIu64, sep, name, d->v);
		if (n < 0 || (size_t)n >= len - k) {
			k = len ? len - 1 : 0;	/* cut short */
			break;
		}
		k += (size_t)n;
	}
	return i;
}

size_t view_count(const struct view_ctx *c, enum view_table t)
{
	const struct snap_vec *v;

	if (t == VIEW_PROCS)
		return c->n_procs;
	if (t == VIEW_GROUPS)
		return c->n_groups;
	v = table_vec(c->s, t);
	return v ? v->n : 0;
}

/* ---- cells ---- */

static void set_u(struct view_value *v, bool valid, uint64_t u)
{
	v->valid = valid;
	v->u = u;
}

static void set_s(struct view_value *v, const char *s)
{
	v->valid = s && *s;
	v->s = s ? s : "";
}

static uint32_t row_u32(const void *row, size_t off)
{
	uint32_t x;

	memcpy(&x, (const char *)row + off, sizeof(x));
	return x;
}

void view_get_dev(const struct view_ctx *c, const void *row, const struct view_col *col,
		  struct view_value *v)
{
	const struct snap_dev *d = snap_dev_find(c->s, row_u32(row, col->off));

	set_s(v, d ? d->name : NULL);
}

/* arg: which of the owner's (cols.h) */
bool view_owner_outside(const struct snap_owner *o)
{
	return !(o->valid & (SNAP_OWN_TID | SNAP_OWN_KERN));
}

void view_get_owner(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v)
{
	const struct snap_owner *o = (const void *)((const char *)row + col->off);
	uint32_t pid;

	v->outside = view_owner_outside(o);
	switch (col->arg) {
	case VIEW_OWN_PID:
		pid = snap_owner_pid(c->s, o);
		set_u(v, pid != 0, pid);
		break;
	case VIEW_OWN_TID:
		set_u(v, SNAP_HAS(o, SNAP_OWN_TID), o->tid);
		break;
	default:
		set_s(v, snap_owner_comm(c->s, o));
	}
}

void view_get_strid(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v)
{
	set_s(v, snap_s(c->s, row_u32(row, col->off)));
}

static uint32_t row_valid(const struct view_tab *tb, const void *row)
{
	const char *p = (const char *)row + tb->valid;

	switch (tb->valid_size) {
	case 1: return *(const uint8_t *)p;
	case 2: return *(const uint16_t *)p;
	case 4: return *(const uint32_t *)p;
	default: return 0;
	}
}

/* A field's value, as its column describes it. */
static inline __attribute__((always_inline)) void get_field(const struct view_tab *tb,
							   const void *row, const struct view_col *col,
							   struct view_value *v)
{
	const char *p = (const char *)row + col->off;
	bool valid = !col->bit || (row_valid(tb, row) & col->bit);
	uint64_t u = 0;

	if (col->type == VIEW_T_STR && !col->name8) {
		set_s(v, valid ? p : NULL);
		return;
	}
	switch (col->size) {
	case 1: u = *(const uint8_t *)p; break;
	case 2: u = *(const uint16_t *)p; break;
	case 4:
		if (col->type == VIEW_T_DOUBLE) {
			v->valid = valid;
			v->d = *(const float *)p;
			return;
		}
		u = *(const uint32_t *)p;
		break;
	default:
		if (col->type == VIEW_T_DOUBLE) {
			v->valid = valid;
			memcpy(&v->d, p, sizeof(v->d));
			return;
		}
		memcpy(&u, p, sizeof(u));
	}
	if (col->name8) {
		v->u = u;	/* the number behind the name: a VIEW_J_BOOL writes it */
		set_s(v, valid ? col->name8((uint8_t)u) : NULL);
		return;
	}
	set_u(v, valid && (!(col->flags & VIEW_C_NZ) || u), u);
}

void view_get(const struct view_ctx *c, enum view_table t, size_t row, int col,
	      struct view_value *v)
{
	const struct view_tab *tb;
	const struct view_col *cd;
	const struct snap_vec *vec;
	const void *r;

	memset(v, 0, offsetof(struct view_value, tmp));
	v->tmp[0] = '\0';
	v->s = "";
	if ((unsigned int)t >= VIEW_N)
		return;
	tb = tables[t];
	/* vec, not view_count(): this runs for every row a sort or filter
	 * looks at */
	vec = table_vec(c->s, t);
	if (col < 0 || (size_t)col >= tb->n ||
	    row >= (t == VIEW_PROCS ? c->n_procs : t == VIEW_GROUPS ? c->n_groups :
		    vec ? vec->n : 0))
		return;
	cd = &tb->cols[col];
	v->type = cd->type;
	v->fmt = cd->fmt;
	if (t == VIEW_PROCS)
		r = &c->procs[row];
	else if (t == VIEW_GROUPS)
		r = &c->groups[row];
	else
		r = (const char *)vec->v + row * tb->size;
	if (cd->get)
		cd->get(c, r, cd, v);
	else
		get_field(tb, r, cd, v);
}

void view_get_field(const struct view_ctx *c, const struct view_tab *tb, const void *row,
		    size_t k, struct view_value *v)
{
	const struct view_col *cd = &tb->cols[k];

	memset(v, 0, offsetof(struct view_value, tmp));
	v->tmp[0] = '\0';
	v->s = "";
	v->type = cd->type;
	v->fmt = cd->fmt;
	if (cd->get)
		cd->get(c, row, cd, v);
	else
		get_field(tb, row, cd, v);
}

/*
 * A decimal or a string into buf without snprintf: every cell of every
 * screen comes through here, and the format parser cost more than the
 * rest of drawing the cell.
 */
static const char *put_str(char *buf, size_t len, const char *s)
{
	size_t n = strlen(s);

	if (!len)
		return buf;
	if (n >= len)
		n = len - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return buf;
}

static const char *put_u64(char *buf, size_t len, uint64_t u)
{
	char tmp[24];

	tmp[sizeof(tmp) - 1] = '\0';
	return put_str(buf, len, fmt_digits(tmp + sizeof(tmp) - 1, u));
}

/* a rate: v as fmt formats it, and "/s" */
static void put_per_s(char *buf, size_t len, const char *(*fmt)(char *, size_t, double), double v)
{
	char tmp[32];

	fmt(tmp, sizeof(tmp) - 2, v);
	strcat(tmp, "/s");
	put_str(buf, len, tmp);
}

/* seconds as the largest two units: 45s, 3m12s, 2h05m, 3d04h */
static void put_age(char *buf, size_t len, double sec)
{
	uint64_t t = sec > 0 && sec < 1e15 ? (uint64_t)sec : 0;

	if (t < 60)
		snprintf(buf, len, "%" PRIu64 "s", t);
	else if (t < 3600)
		snprintf(buf, len, "%" PRIu64 "m%02" PRIu64 "s", t / 60, t % 60);
	else if (t < 86400)
		snprintf(buf, len, "%" PRIu64 "h%02" PRIu64 "m", t / 3600, t % 3600 / 60);
	else
		snprintf(buf, len, "%" PRIu64 "d%02" PRIu64 "h", t / 86400, t % 86400 / 3600);
}

bool view_rate_unknown(const struct view_value *v)
{
	return v->valid && v->sat &&
	       (v->fmt == VIEW_F_BPS || v->fmt == VIEW_F_BITPS || v->fmt == VIEW_F_RATE);
}

const char *view_fmt(const struct view_value *v, char *buf, size_t len)
{
	double num;

	if (!v->valid)
		return put_str(buf, len, "n/a");
	if (v->type == VIEW_T_STR)
		return put_str(buf, len, v->s);
	num = v->type == VIEW_T_UINT ? (double)v->u : v->d;
	/* a saturated counter's rate is not known, whatever its delta says */
	if (view_rate_unknown(v))
		return put_str(buf, len, VIEW_SAT_RATE);
	switch (v->fmt) {
	case VIEW_F_HEX: snprintf(buf, len, "%" PRIx64, v->u); break;
	case VIEW_F_GUID: fmt_guid(buf, len, v->u); break;
	case VIEW_F_BYTES: fmt_iec(buf, len, num); break;
	case VIEW_F_COUNT: fmt_si(buf, len, num); break;
	case VIEW_F_BPS: put_per_s(buf, len, fmt_iec, v->d); break;
	case VIEW_F_BITPS: fmt_bits(buf, len, v->d); break;
	case VIEW_F_RATE: put_per_s(buf, len, fmt_si, v->d); break;
	case VIEW_F_AGE: put_age(buf, len, num); break;
	case VIEW_F_PCT: snprintf(buf, len, "%.1f%%", num); break;
	case VIEW_F_LEVEL: return put_str(buf, len, verdict_level_name((uint8_t)v->u));
	case VIEW_F_DEC1: snprintf(buf, len, "%.1f", num); break;
	case VIEW_F_SCI: snprintf(buf, len, "%.1e", num); break;
	default:
		if (v->type == VIEW_T_UINT)
			put_u64(buf, len, v->u);
		else
			fmt_num(buf, len, v->d);
	}
	/* the value it stopped at, marked: the true count is higher */
	if (v->sat && strlen(buf) + sizeof(VIEW_SAT_MARK) <= len)
		strcat(buf, VIEW_SAT_MARK);
	return buf;
}
