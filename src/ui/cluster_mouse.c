// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mouse in the cluster view, as on the dashboard (mouse.c): a click
 * on a tab switches, on a column header sorts by it (again: reverses), on
 * a row selects it, twice on one row within 400 ms opens it; the wheel
 * scrolls.  Where things are is the layout of cluster.c and
 * cluster_table.c: tabs on line 2, the table's title on 3, its header on
 * 4, rows from 5.
 */
#include <string.h>
#include <time.h>

#include <curses.h>

#include "cluster.h"
#include "priv.h"

static const enum prom_table pane_table[CL_PANE_N] = {
	PROM_T_HOSTS, PROM_T_PORTS, PROM_T_JOBS, PROM_T_STALLS, PROM_T_PORTS,
};

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* the tab under column x: its names are "1 Hosts" ... two cells apart */
static int tab_at(int x)
{
	static const char *const names[] = { "1 Hosts", "2 Ports", "3 Jobs", "4 Stalls" };
	int at = 0, i;

	for (i = 0; i < 4; i++) {
		int w = (int)strlen(names[i]) + 2;

		if (x >= at && x < at + w)
			return i;
		at += w;
	}
	return -1;
}

/* the column under x, as cluster_table.c last drew the table */
static int col_at(const struct ui_cluster *u, enum prom_table t, int x)
{
	size_t n, k;
	const struct prom_col *c = prom_cols(t, &n);
	int at = 0;

	for (k = 0; k < n; k++) {
		int w = u->n_col_w == n ? u->col_w[k] : c[k].width;

		if (x >= at && x < at + w)
			return (int)k;
		at += w + 1;
	}
	return -1;
}

enum cl_action ui_cluster_mouse(struct ui_cluster *u, int *enter)
{
	static long long last_ms;
	static size_t last_row = (size_t)-1;
	enum prom_table t = pane_table[u->pane];
	MEVENT ev;
	int i;

	*enter = 0;
	for (i = 0; i < 16 && getmouse(&ev) == OK; i++) {
		if (ev.bstate & BUTTON4_PRESSED) {
			u->sel[u->pane] = u->sel[u->pane] > 3 ? u->sel[u->pane] - 3 : 0;
			continue;
		}
#ifdef BUTTON5_PRESSED
		if (ev.bstate & BUTTON5_PRESSED) {
			u->sel[u->pane] += 3;
			continue;
		}
#endif
		if (!(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
			continue;
		if (ev.y == 2 && tab_at(ev.x) >= 0) {
			u->pane = (enum cl_pane)tab_at(ev.x);
			u->ssh[0] = '\0';
		} else if (ev.y == 4 && col_at(u, t, ev.x) >= 0) {
			int c = col_at(u, t, ev.x);

			if (u->sort[t] == c || (u->sort[t] < 0 && c == prom_default_sort(t)))
				u->reverse[t] = !u->reverse[t];
			u->sort[t] = c;
		} else if (ev.y >= 5) {
			size_t row = u->top[u->pane] + (size_t)(ev.y - 5);
			long long ms = now_ms();

			u->sel[u->pane] = row;
			if (row == last_row && ms - last_ms <= 400)
				*enter = 1;
			last_row = row;
			last_ms = ms;
		}
	}
	return CL_NONE;
}
