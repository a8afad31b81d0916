/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Inside the model: a table's columns and what view_get needs to read its
 * rows, one struct view_tab per table (src/model/cols.c for devices,
 * links, counters and processes, src/model/cols_res.c for the objects of
 * SNAP_RES_LIST, each as view_<name>_tab).
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
};

#define VIEW_TAB(cols_, type, valid_, ...)                                          \
	{                                                                           \
		.cols = cols_, .n = sizeof(cols_) / sizeof(cols_[0]),               \
		.size = sizeof(type), .valid = offsetof(type, valid_),              \
		.valid_size = sizeof(((type *)0)->valid_), .role = { __VA_ARGS__ }, \
	}

extern const struct view_tab view_devs_tab, view_links_tab, view_counters_tab,
	view_procs_tab, view_groups_tab;
#define VIEW_RES_TAB(ID, name, cmd, dump, proc, json) extern const struct view_tab view_##name##_tab;
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
	  .off = offsetof(type, field), .size = 0, .bit = b, .desc = d
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
#define COL_DEV(type)                                                          \
	{ VIEW_COL("dev", "DEV", 10, false, VIEW_T_STR, VIEW_F_PLAIN),         \
	  .get = view_get_dev, .off = offsetof(type, dev), .desc = "device name" }
/* pid, tid, comm of the row's owner (the getter's arg says which) */
enum { VIEW_OWN_PID, VIEW_OWN_TID, VIEW_OWN_COMM };
#define COL_OWNER(type)                                                        \
	{ VIEW_COL("pid", "PID", 7, true, VIEW_T_UINT, VIEW_F_PLAIN),          \
	  .get = view_get_owner, .off = offsetof(type, own), .arg = VIEW_OWN_PID,          \
	  .desc = "process holding it (the creating thread's process)" },       \
	{ VIEW_COL("tid", "TID", 7, true, VIEW_T_UINT, VIEW_F_PLAIN),          \
	  .get = view_get_owner, .off = offsetof(type, own), .arg = VIEW_OWN_TID,          \
	  .desc = "thread id the kernel reported (the creating thread)" },      \
	{ VIEW_COL("comm", "COMM", 16, false, VIEW_T_STR, VIEW_F_PLAIN),       \
	  .get = view_get_owner, .off = offsetof(type, own), .arg = VIEW_OWN_COMM,          \
	  .desc = "the owner's command name, or the kernel owner's name" }
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

#endif
