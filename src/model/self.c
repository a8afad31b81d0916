// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rdmatop's own cost per sample as the text of its SOURCE_SELF record:
 * "key value" lines, seconds (budget in percent).  Written by the live
 * source, read back by every source, so a replay shows recorded costs.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snapshot.h"

#define COST_RES(ID, name, cmd, ...) [SNAP_COST_RES + SNAP_RES_##ID] = #name "s",
const char *const snap_cost_name[SNAP_COST_N] = {
	[SNAP_COST_SYS] = "sys",
	[SNAP_COST_DEVS] = "devices",
	[SNAP_COST_SUMMARY] = "summary",
	[SNAP_COST_PORTS] = "ports",
	[SNAP_COST_STATS] = "counters",
	[SNAP_COST_FILES] = "sysfs",
	[SNAP_COST_PROC] = "proc",
	SNAP_RES_LIST(COST_RES)
	[SNAP_COST_QP_GET] = "qp_get",
	[SNAP_COST_NET] = "net",
};
#undef COST_RES

int snap_self_format(const struct snap_self *m, char *buf, size_t size)
{
	size_t n = 0;
	int i, w;

	w = snprintf(buf, size, "budget %g\nutime %.6f\nstime %.6f\nwall %.6f\n", m->budget,
		     m->utime, m->stime, m->wall);
	if (w < 0 || (size_t)w >= size)
		return -ENOSPC;
	n = (size_t)w;
	if (m->hold > 0) {
		/* written only when held: older readers skip the key */
		w = snprintf(buf + n, size - n, "hold %.6f\n", m->hold);
		if (w < 0 || (size_t)w >= size - n)
			return -ENOSPC;
		n += (size_t)w;
	}
	if (m->skip) {
		/* written only when some are: older readers skip the key */
		w = snprintf(buf + n, size - n, "skip %u\n", (unsigned int)m->skip);
		if (w < 0 || (size_t)w >= size - n)
			return -ENOSPC;
		n += (size_t)w;
	}
	for (i = 0; i < SNAP_COST_N; i++) {
		w = snprintf(buf + n, size - n, "%s %.6f\n", snap_cost_name[i], m->cost[i]);
		if (w < 0 || (size_t)w >= size - n)
			return -ENOSPC;
		n += (size_t)w;
	}
	return (int)n;
}

/* One value: a finite number, not negative. */
static int number(const char *v, size_t len, double *out)
{
	char tmp[32], *end;

	if (!len || len >= sizeof(tmp))
		return -EBADMSG;
	memcpy(tmp, v, len);
	tmp[len] = '\0';
	*out = strtod(tmp, &end);
	if (end != tmp + len || !isfinite(*out) || *out < 0)
		return -EBADMSG;
	return 0;
}

int snap_self_parse(struct snapshot *s, const char *buf, size_t len)
{
	struct snap_self m = { 0 };
	const char *p = buf, *end = buf + (buf ? len : 0);
	bool budget = false, skip = false;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *line_end = nl ? nl : end;
		const char *sp = memchr(p, ' ', (size_t)(line_end - p));
		size_t klen;
		double v;
		int i;

		if (!sp || number(sp + 1, (size_t)(line_end - sp - 1), &v))
			return -EBADMSG;
		klen = (size_t)(sp - p);
#define KEY(k) (klen == sizeof(k) - 1 && !memcmp(p, k, klen))
		if (KEY("budget")) {
			m.budget = v;
			budget = true;
		} else if (KEY("skip")) {
			/* a mask of the resource tables: the ones there are */
			m.skip = (uint32_t)(v < (1u << SNAP_RES_N) ? v : 0) & ((1u << SNAP_RES_N) - 1);
			skip = true;
		} else if (KEY("hold")) {
			m.hold = v;
		} else if (KEY("utime")) {
			m.utime = v;
		} else if (KEY("stime")) {
			m.stime = v;
		} else if (KEY("wall")) {
			m.wall = v;
		} else {
			for (i = 0; i < SNAP_COST_N; i++)
				if (strlen(snap_cost_name[i]) == klen &&
				    !memcmp(p, snap_cost_name[i], klen))
					m.cost[i] = v;
			/* keys of newer versions are skipped */
		}
#undef KEY
		p = line_end + 1;
	}
	m.valid = SNAP_SELF_CPU | (budget ? SNAP_SELF_BUDGET : 0) | (skip ? SNAP_SELF_SKIP : 0);
	s->self = m;
	return 0;
}
