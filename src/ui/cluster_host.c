// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Enter on a host: its links, processes and groups, from its own series
 * (the ports answer, the processes query asked only while a host is
 * open, the groups answer), one above the other; `s` gives the line that
 * goes deeper on the host itself.
 */
#include <stdio.h>

#include "cluster.h"
#include "priv.h"

void ui_cluster_host(struct ui_cluster *u, const struct cl_view *v, int y, int h, int w)
{
	int third = h / 3;
	char key[sizeof(u->sel_key)];

	if (h < 6) {
		ui_cluster_table(u, v, PROM_T_PORTS, CL_HOST, y, h, w, true);
		return;
	}
	ui_cluster_table(u, v, PROM_T_PORTS, CL_HOST, y, third, w, true);
	/* the selection is the links'; the other two only show */
	snprintf(key, sizeof(key), "%s", u->sel_key);
	ui_cluster_table(u, v, PROM_T_PROCS, CL_HOST, y + third, third, w, false);
	ui_cluster_table(u, v, PROM_T_HOSTGROUPS, CL_HOST, y + 2 * third, h - 2 * third, w, false);
	snprintf(u->sel_key, sizeof(u->sel_key), "%s", key);
}
