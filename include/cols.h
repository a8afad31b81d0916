/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Inside the model: a table's columns and what view_get needs to read its
 * rows, one struct view_tab per table (src/model/cols.c for devices,
 * links, counters, processes and groups, src/nl/<name>.c for the objects
 * of SNAP_RES_LIST, each as view_<name>_tab).
 */
#ifndef RDMATOP_MODEL_COLS_H
#define RDMATOP_MODEL_COLS_H

#include <stddef.h>

#include "view.h"

struct view_tab {
	const struct view_col *cols;
	size_t n;
	size_t size;		/* bytes per row */
	size_t valid;		/* offset of the row's validity bits */
	uint8_t valid_size;	/* their size (1, 2 or 4); 0: the row has none */
	int8_t role[VIEW_ROLE_N];	/* column + 1 of each role, 0: none */
	/*
	 * A resource object's field table: its columns, then nfields - n
	 * fields no column shows (parsed and written to JSON only); the
	 * order its JSON writes them in (column indexes, -1 ends; NULL: the
	 * fields' order).  VIEW_JSON_OWNER in the order: the fields with a
	 * JSON key it does not name (in the table's order), then the owner;
	 * else those come after the order, and the owner last.
	 */
	size_t nfields;
	const int8_t *json_order;
};

/* in a json_order: where the owner is written (see above), or only its
 * rdma part (pid, comm, drivers; ours last: the CM_IDs, rdma's order) */
#define VIEW_JSON_OWNER (-2)
#define VIEW_JSON_PID (-3)

/*
 * A resource object declared once, in its own file (src/nl/<name>.c): its
 * field table (view_tab: kernel attribute -> field -> column -> JSON key)
 * and its dump's nests.  nl_obj_parse() reads it, out_json_fields()
 * writes it; hand code only for what a field cannot say (`special`).
 */
struct nlattr;
struct res_obj {
	enum snap_res res;
	const struct view_tab *tab;
	uint16_t table, entry;	/* RDMA_NLDEV_ATTR_RES_CQ and _CQ_ENTRY */
	uint16_t need;		/* an entry without this attribute is malformed (0: none) */
	/* after the fields: what no field reads; 0 or -errno (the row is dropped) */
	int (*special)(struct snapshot *s, const struct nlattr **tb, void *row);
};

/*
 * An object's declaration ends so (src/nl/<name>.c): its struct res_obj
 * (the dump's table and entry nests, then .need or .special) and
 * nl_<name>_parse() reading it.
 */
#define NL_OBJ(name, ID, tbl, ent, ...)                                        \
	static const struct res_obj name##_obj = {                             \
		.res = SNAP_RES_##ID, .tab = &view_##name##_tab,              \
		.table = RDMA_NLDEV_ATTR_##tbl, .entry = RDMA_NLDEV_ATTR_##ent, \
		__VA_ARGS__                                                    \
	};                                                                     \
	int nl_##name##_parse(const struct nlmsghdr *nlh, struct snapshot *s)  \
	{                                                                      \
		return nl_obj_parse(nlh, s, &name##_obj);                      \
	}
/* A field table with fields past its ncols columns and rdma's JSON order. */
#define FIELD_TAB(fields, type, ncols, order, ...)                             \
	{                                                                      \
		.cols = fields, .n = ncols,                                    \
		.nfields = sizeof(fields) / sizeof(fields[0]), .json_order = order, \
		.size = sizeof(type), .valid = offsetof(type, valid),          \
		.valid_size = sizeof(((type *)0)->valid), .role = { __VA_ARGS__ }, \
	}

/* The named-field pieces of a field table's entries (src/nl/<name>.c). */
#define FIELD(type, field, b)                                                  \
	.off = offsetof(type, field), .size = sizeof(((type *)0)->field), .bit = b
#define NUM .type = VIEW_T_UINT, .right = true
#define TEXT .type = VIEW_T_STR
/*
 * The common entry, the inside of an initializer ({ COL_NA(...), .prio = 2 }):
 * a number in the row's field with its bit, from the kernel's attribute
 * RDMA_NLDEV_ATTR_<a>, its JSON key j (rdma's).
 */
#define COL_NA(n, h, w, type, field, b, a, j, d)                               \
	.name = n, .header = h, .width = w, NUM, FIELD(type, field, b),       \
	.attr = RDMA_NLDEV_ATTR_##a, .json = j, .desc = d

#define VIEW_TAB(cols_, type, valid_, ...) \
	VIEW_TAB_N(cols_, sizeof(cols_) / sizeof(cols_[0]), type, valid_, __VA_ARGS__)
/* the same with its first n_ entries as its columns (the others: none) */
#define VIEW_TAB_N(cols_, n_, type, valid_, ...)                                    \
	{                                                                           \
		.cols = cols_, .n = n_,                                             \
		.size = sizeof(type), .valid = offsetof(type, valid_),              \
		.valid_size = sizeof(((type *)0)->valid_), .role = { __VA_ARGS__ }, \
	}

/* The rows of a table that has them in the snapshot (NULL: procs, groups). */
const struct snap_vec *view_vec(const struct snapshot *s, enum view_table t);

/* A table's descriptor (NULL past the tables). */
const struct view_tab *view_tab(enum view_table t);
/* Field k of row `row` (an element of tb's table), past its columns too (JSON). */
void view_get_field(const struct view_ctx *c, const struct view_tab *tb, const void *row,
		    size_t k, struct view_value *v);

/* the table of an object whose rows have validity bits, dev first, owner last */
#define RES_TAB(cols, type, pid, ...)                                            \
	VIEW_TAB(cols, type, valid, ROLES_OWNER(pid), __VA_ARGS__)
/* the process-context columns (src/model/cols_pctx.c; arg: the column id) */
void view_get_pctx(const struct view_ctx *c, const void *row, const struct view_col *col,
		   struct view_value *v);
void view_get_gctx(const struct view_ctx *c, const void *row, const struct view_col *col,
		   struct view_value *v);
/* a QP's device to its process's GPUs (src/model/cols_pctx.c) */
void view_get_qp_gpu(const struct view_ctx *c, const void *row, const struct view_col *col,
		     struct view_value *v);
void view_get_qp_gpu_rel(const struct view_ctx *c, const void *row, const struct view_col *col,
			 struct view_value *v);
void view_get_qp_gpu_far(const struct view_ctx *c, const void *row, const struct view_col *col,
			 struct view_value *v);

extern const struct view_tab view_devs_tab, view_links_tab, view_counters_tab,
	view_procs_tab, view_groups_tab;
#define VIEW_RES_TAB(ID, name, cmd, ...) extern const struct view_tab view_##name##_tab;
SNAP_RES_LIST(VIEW_RES_TAB)
#undef VIEW_RES_TAB

/*
 * Column kinds shared by the tables: COL_N..COL_ID are the inside of an
 * initializer ({ COL_N(...) } or { COL_N(...), .flags = ... }).
 */
#define VIEW_COL(n, h, w, r, ty, f) .name = n, .header = h, .width = w, .right = r, .type = ty, .fmt = f
/* a number, a hex key, a string, a rate: from a field with its bit */
#define COL_N(n, h, w, type, field, b, d)                                      \
	VIEW_COL(n, h, w, true, VIEW_T_UINT, VIEW_F_PLAIN),                   \
	  .off = offsetof(type, field), .size = sizeof(((type *)0)->field), .bit = b, .desc = d
#define COL_F(n, h, w, fm, type, field, b, d)                                  \
	VIEW_COL(n, h, w, true, VIEW_T_UINT, fm),                             \
	  .off = offsetof(type, field), .size = sizeof(((type *)0)->field), .bit = b, .desc = d
#define COL_G(n, h, w, type, field, b, d)                                      \
	VIEW_COL(n, h, w, false, VIEW_T_UINT, VIEW_F_GUID),                     \
	  .off = offsetof(type, field), .size = sizeof(((type *)0)->field), .bit = b, .desc = d
#define COL_S(n, h, w, type, field, b, d)                                      \
	VIEW_COL(n, h, w, false, VIEW_T_STR, VIEW_F_PLAIN),                  \
	  .off = offsetof(type, field), .size = sizeof(((type *)0)->field), .bit = b, .desc = d
/* a u8 shown by its name (enum-to-string) */
#define COL_E(n, h, w, type, field, b, fn, d)                                  \
	VIEW_COL(n, h, w, false, VIEW_T_STR, VIEW_F_PLAIN),                  \
	  .off = offsetof(type, field), .size = 1, .bit = b, .name8 = fn, .desc = d
#define COL_R(n, h, w, fm, type, field, b, d)                                  \
	VIEW_COL(n, h, w, true, VIEW_T_DOUBLE, fm),                           \
	  .off = offsetof(type, field), .size = sizeof(((type *)0)->field), .bit = b, .desc = d
/* a string id of the snapshot (snap_s) */
#define COL_ID(n, h, w, type, field, b, d)                                     \
	VIEW_COL(n, h, w, false, VIEW_T_STR, VIEW_F_PLAIN), .get = view_get_strid, \
	  .off = offsetof(type, field), .bit = b, .desc = d
/* the device's name, from the row's device index */
#define COL_DEV(type) COL_DEV_P(type, 0)
#define COL_DEV_P(type, p)                                                     \
	{ VIEW_COL("dev", "DEV", 10, false, VIEW_T_STR, VIEW_F_PLAIN),         \
	  .get = view_get_dev, .off = offsetof(type, dev), .desc = "device name", .prio = p }
/* the object's reference count (RES_USECNT, rdma's "users") in its field
 * users, at place p on the screen */
#define COL_USERS_P(type, b, p)                                                        \
	{ COL_NA("users", "USERS", 5, type, users, b, RES_USECNT, "users", "references"), \
	  .desc_sort = true, .prio = p }
/* pid, tid, comm of the row's owner (the getter's arg says which) */
enum { VIEW_OWN_PID, VIEW_OWN_TID, VIEW_OWN_COMM };
#define COL_OWNER(type) COL_OWNER_P(type, 0, 0, 0)
/* the same with their places on the screen (struct view_col's prio) */
#define COL_OWNER_P(type, ppid, ptid, pcomm)                                   \
	{ VIEW_COL("pid", "PID", 7, true, VIEW_T_UINT, VIEW_F_PLAIN),          \
	  .get = view_get_owner, .off = offsetof(type, own), .arg = VIEW_OWN_PID,          \
	  .desc = "process holding it (the creating thread's process)", .prio = ppid }, \
	{ VIEW_COL("tid", "TID", 7, true, VIEW_T_UINT, VIEW_F_PLAIN),          \
	  .get = view_get_owner, .off = offsetof(type, own), .arg = VIEW_OWN_TID,          \
	  .desc = "thread id the kernel reported (the creating thread)", .prio = ptid }, \
	{ VIEW_COL("comm", "COMM", 16, false, VIEW_T_STR, VIEW_F_PLAIN),       \
	  .get = view_get_owner, .off = offsetof(type, own), .arg = VIEW_OWN_COMM,          \
	  .desc = "the owner's command name, or the kernel owner's name", .prio = pcomm }
/* the roles of a table with a device and an owner, its owner at `pid` */
#define ROLES_OWNER(pid)                                                       \
	[VIEW_ROLE_DEV] = 1, [VIEW_ROLE_PID] = (pid) + 1, [VIEW_ROLE_TID] = (pid) + 2, \
	[VIEW_ROLE_COMM] = (pid) + 3

void view_get_dev(const struct view_ctx *c, const void *row, const struct view_col *col,
		  struct view_value *v);
void view_get_owner(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v);
void view_get_strid(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v);
/* A u8 flag the kernel sends as 0 or 1 (DIM), as rdma says it: on, off;
 * NULL (n/a) for another value.  A COL_E's name8. */
const char *view_on_off_str(uint8_t flag);

#endif
