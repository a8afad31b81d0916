// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Each table pane's declaration: its columns in the order they are shown
 * while they fit (its object's field table by .prio where it is one), its
 * title and brief title (src/ui/table.c draws the table, tabs.c the tabs).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "fit.h"
#include "priv.h"
#include "stall.h"

/* Each pane's columns, in the order they are shown while they fit. */
static const int proc_cols[] = {
	VC_PROC_PID, VC_PROC_COMM, VC_PROC_UID, VC_PROC_OF(QP), VC_PROC_GPU, VC_PROC_RETX_RATE, VC_PROC_ERR_RATE,
	VC_PROC_CNP_RATE, VC_PROC_BYTES_RATE, VC_PROC_RETX, VC_PROC_ERR, VC_PROC_CNP, VC_PROC_OF(CQ),
	VC_PROC_OF(MR), VC_PROC_MR_BYTES, VC_PROC_CPU, VC_PROC_RSS, VC_PROC_OF(PD),
	VC_PROC_OF(CM_ID), VC_PROC_OF(CTX), VC_PROC_OF(SRQ), VIEW_COLS_RES, VC_PROC_PSN_RATE,
	VC_PROC_THREADS, VC_PROC_USER, VC_PROC_START, VC_PROC_CMDLINE, VC_PROC_GROUP,
	VC_PROC_CGROUP,
};
static const int counter_cols[] = {
	VC_CNT_DEV, VC_CNT_PORT, VC_CNT_NAME, VC_CNT_VALUE, VC_CNT_RATE, VC_CNT_CLASS,
	VC_CNT_CLASS_BY, VC_CNT_UNIT, VC_CNT_SOURCE, VC_CNT_DELTA, VC_CNT_OPTIONAL,
};
static const int conn_cols[] = {
	VC_CM_DEV, VC_CM_PORT, VC_CM_IDN, VC_CM_SRC, VC_CM_DST, VC_CM_STATE, VC_CM_LQPN,
	VC_CM_TYPE, VC_CM_PS, VC_CM_PID, VC_CM_COMM, VC_CM_TID,
};
/*
 * The link lines above the table show each port's state and throughput
 * (links.c): the Links table shows first, after DEV, PORT and NETDEV, the
 * network's columns (the netdev's pauses, drops, FEC, FCS and symbol
 * errors, ERR/s, the verdict, the transceiver), then what the link lines
 * have, so at 80 columns it is not their copy.
 */
static const int link_cols[] = {
	VC_LINK_DEV, VC_LINK_PORT, VC_LINK_NETDEV, VC_LINK_PAUSE_RX, VC_LINK_PAUSE_TX,
	VC_LINK_DISCARD, VC_LINK_FEC_UNCORR, VC_LINK_FCS, VC_LINK_SYMBOL, VC_LINK_ERR,
	VC_LINK_HEALTH, VC_LINK_RXPWR, VC_LINK_TEMP,
	VC_LINK_STATE, VC_LINK_PHYS, VC_LINK_QP_MODE, VC_LINK_RATE, VC_LINK_RX_BYTES,
	VC_LINK_TX_BYTES, VC_LINK_RX_PACKETS, VC_LINK_TX_PACKETS, VC_LINK_UTIL, VC_LINK_FLAPS,
	VC_LINK_LAST_CHANGE, VC_LINK_SOURCE, VC_LINK_LAYER, VC_LINK_LID, VC_LINK_SM_LID,
	VC_LINK_NETDEV_INDEX, VC_LINK_BER,
};

/* the Stalls table's columns, declared once (stall.h) */
static const int stall_cols[] = { STALL_COLS };
static const int group_cols[] = {
	VC_GRP_KIND, VC_GRP_NAME, VC_GRP_PROCS, VC_GRP_OF(QP), VC_GRP_RTS, VC_GRP_QP_ERR, VC_GRP_CPU,
	VC_GRP_RSS, VC_GRP_PSN_RATE, VC_GRP_MR_BYTES, VC_GRP_OF(MR), VC_GRP_OF(CQ), VC_GRP_OF(PD),
	VC_GRP_OF(CM_ID), VC_GRP_QP_OTHER, VC_GRP_OF(CTX), VC_GRP_OF(SRQ), VIEW_COLS_RES,
	VC_GRP_RETX, VC_GRP_ERR, VC_GRP_CNP, VC_GRP_RUNTIME, VC_GRP_CGROUP,
};

/* the resource summary counts, each with its change since the last sample */
static const int dev_cols[] = {
	VC_DEV_NAME, VC_DEV_NODE_TYPE, VC_DEV_PROTOCOL, VC_DEV_NUMA, VC_DEV_PCIE, VC_DEV_GPU,
	VC_DEV_OF(QP), VC_DEV_CHG_OF(QP), VC_DEV_OF(MR), VC_DEV_CHG_OF(MR), VC_DEV_OF(CQ),
	VC_DEV_CHG_OF(CQ), VC_DEV_OF(PD), VC_DEV_CHG_OF(PD), VC_DEV_OF(CM_ID), VC_DEV_CHG_OF(CM_ID),
	VC_DEV_OF(CTX), VC_DEV_CHG_OF(CTX), VC_DEV_OF(SRQ), VC_DEV_CHG_OF(SRQ), VIEW_COLS_RES_CHG,
	VC_DEV_FW, VC_DEV_PORTS, VC_DEV_DIM, VC_DEV_NODE_GUID, VC_DEV_SYS_GUID, VC_DEV_CAPS,
	VC_DEV_INDEX,
};

/* a tab's title, and a shorter one for when all of them do not fit */
static const struct {
	const char *title, *brief;
	const int *cols;
	size_t n;
} panes[UI_PANE_N] = {
#define P(id, t, b, c) [id] = { t, b, c, sizeof(c) / sizeof(c[0]) }
	P(UI_PROCS, "Processes", "Procs", proc_cols),
	P(UI_COUNTERS, "Counters", "Cntrs", counter_cols),
	P(UI_CONNS, "Connections", "Conns", conn_cols),
	P(UI_LINKS, "Links", "Links", link_cols),
	P(UI_DEVS, "Devices", "Devs", dev_cols),
	P(UI_GROUPS, "Groups", "Grps", group_cols),
	P(UI_STALLS, "Stalls", "Stall", stall_cols),
#undef P
	/* the objects' panes (SNAP_RES_LIST's tab) but the Connections: titles
	 * from their names, columns from their field tables (by .prio) */
};

/*
 * A pane whose columns its table gives: those with a place on the screen
 * (prio) by it, then the others in the table's order.
 */
static size_t cols_by_prio(enum view_table t, int *ids)
{
	size_t n, i, k = 0;
	const struct view_col *cols = view_cols(t, &n);
	unsigned int p;

	for (p = 1; p <= UINT8_MAX; p++)
		for (i = 0; i < n && k < UI_COLS_MAX; i++)
			if (cols[i].prio == p)
				ids[k++] = (int)i;
	for (i = 0; i < n && k < UI_COLS_MAX; i++)
		if (!cols[i].prio)
			ids[k++] = (int)i;
	return k;
}

const int *ui_pane_cols_default(enum ui_pane p, size_t *n)
{
	static int made[UI_PANE_N][UI_COLS_MAX];

	if (!panes[p].cols)
		*n = cols_by_prio(ui_pane_table(p), made[p]);
	else	/* the count columns of objects it does not name (VIEW_COLS_RES) */
		*n = view_cols_res(ui_pane_table(p), panes[p].cols, panes[p].n, made[p],
				   UI_COLS_MAX);
	return made[p];
}

/*
 * An object's pane's title from its table's name: the first word in
 * capitals, the rest as they are, a plural's s kept ("cqs": "CQs",
 * "frmr_pools": "FRMR pools", brief "FRMR").
 */
static const char *obj_title(enum ui_pane p, bool brief, char *buf, size_t len)
{
	const char *n = view_table_name(ui_pane_table(p)), *us = strchr(n, '_');
	size_t i, caps = us ? (size_t)(us - n) : strlen(n);

	if (!us && caps && n[caps - 1] == 's')
		caps--;
	for (i = 0; n[i] && i + 1 < len; i++) {
		char ch = n[i];

		if (ch == '_') {
			if (brief)
				break;
			ch = ' ';
		} else if (i < caps) {
			ch = (char)toupper((unsigned char)ch);
		}
		buf[i] = ch;
	}
	buf[i] = '\0';
	return buf;
}

const char *ui_pane_title(enum ui_pane p, char *buf, size_t len)
{
	if (panes[p].title)
		return panes[p].title;
	return obj_title(p, false, buf, len);
}

const char *ui_pane_brief(enum ui_pane p, char *buf, size_t len)
{
	if (panes[p].brief)
		return panes[p].brief;
	return obj_title(p, true, buf, len);
}
