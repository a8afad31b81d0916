// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The resource objects' descriptors, expanded from SNAP_RES_LIST: names,
 * sizes, where the owner sits, and the two orders objects are listed in.
 */
#include <stddef.h>

#include "snapshot.h"

#define RES_INFO(ID, n, cmd, d, p, f, ...)                                               \
	[SNAP_RES_##ID] = {                                                       \
		.name = #n,                                                       \
		.table = #n "s",                                                  \
		.title = #ID "s",                                                 \
		.what = #ID " table",                                             \
		.size = sizeof(struct snap_##n),                                  \
		.own = offsetof(struct snap_##n, own),                            \
		.dump = d,                                                        \
		.proc = p,                                                        \
		.flags = f,                                                       \
	},
const struct snap_res_info snap_res_info[SNAP_RES_N] = { SNAP_RES_LIST(RES_INFO) };

/* what the device's own cleanup (nl_dev_gone) and the owner walks rely on */
#define RES_CHECK(ID, n, cmd, d, p, ...)                                              \
	_Static_assert(offsetof(struct snap_##n, dev) == 0, #n ": dev first");    \
	_Static_assert((d) < SNAP_RES_N && (p) < SNAP_RES_N, #n ": places");
SNAP_RES_LIST(RES_CHECK)

/* The orders are permutations: each place is taken once. */
#define RES_DUMP_BIT(ID, n, cmd, d, p, ...) | (1u << (d))
#define RES_PROC_BIT(ID, n, cmd, d, p, ...) | (1u << (p))
_Static_assert((0 SNAP_RES_LIST(RES_DUMP_BIT)) == (1u << SNAP_RES_N) - 1, "dump places");
_Static_assert((0 SNAP_RES_LIST(RES_PROC_BIT)) == (1u << SNAP_RES_N) - 1, "proc places");

enum snap_res snap_res_dump(size_t i)
{
	int r;

	for (r = 0; r < SNAP_RES_N && snap_res_info[r].dump != i; r++)
		;
	return (enum snap_res)r;
}

enum snap_res snap_res_proc(size_t i)
{
	int r;

	for (r = 0; r < SNAP_RES_N && snap_res_info[r].proc != i; r++)
		;
	return r < SNAP_RES_N && snap_res_owned(r) ? (enum snap_res)r : SNAP_RES_N;
}

bool snap_res_seen(const struct snapshot *s, int r)
{
	size_t i;

	if ((unsigned int)r >= SNAP_RES_N)
		return false;
	if (!(snap_res_info[r].flags & SNAP_RES_NEWER))
		return true;
	for (i = 0; i < s->devs.n; i++) {
		const struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, i);

		if ((d->res_asked | d->res_carried) & (1u << r))
			return true;
	}
	return false;
}
