// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cluster view's Stalls pane (tab 4): the fleet's stalled and erred
 * QPs, each with its other end as Prometheus joined it (src/prom/stall.c),
 * the most suspect host's first.  The table is cluster_table.c's; this
 * is what is the pane's own: its title's suspect and cut, and the colours
 * of a QP's stall and of what its other end is doing.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cluster.h"
#include "priv.h"

void ui_cluster_stalls_title(const struct cl_view *v, char *buf, size_t len)
{
	const struct prom_model *m = v->m;
	char line[PROM_KEY_MAX + 200];
	size_t at = strlen(buf);

	if (at >= len)
		return;
	if (!isnan(m->stalls_total) && m->stalls_total > (double)m->n_stalls)
		at += (size_t)snprintf(buf + at, len - at, " (the oldest %d asked)",
				       PROM_STALL_ROWS);
	if (at >= len)
		return;
	if (prom_stall_suspect_line(m, line, sizeof(line)))
		snprintf(buf + at, len - at, "; %s", line);
	else if (!m->n_stalls && !isnan(m->stalls_total))
		snprintf(buf + at, len - at, "; no stalled or erred QP in the fleet");
}

int ui_cluster_stalls_role(const struct prom_col *c, const char *text)
{
	if (!strcmp(c->name, "stall"))
		return !strcmp(text, "stalled") ? ROLE_STATE_WARN : ROLE_STATE_BAD;
	if (!strcmp(c->name, "other")) {
		if (!strcmp(text, "no match") || !strcmp(text, "not listed"))
			return ROLE_NA;
		return !strcmp(text, "stalled") ? ROLE_STATE_WARN : ROLE_STATE_BAD;
	}
	return -1;
}
