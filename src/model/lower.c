// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The lowers' rates (include/snap_net.h struct snap_lower): each statistic
 * against the same lower of the same netdev in the sample before, and the
 * carrier changes of the window (its flaps).  A count that went back (the
 * device re-created, a driver reload) gives no rate.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "net_view.h"

static const struct snap_lower *lower_of(const struct snap_net *n, const char *name)
{
	size_t i;

	for (i = 0; n && i < n->n_lower; i++)
		if (!strcmp(n->lower[i].name, name))
			return &n->lower[i];
	return NULL;
}

void snap_lowers_rate(const struct snapshot *prev, struct snapshot *cur, double dt)
{
	size_t i, j, k;

	if (!prev || dt <= 0)
		return;
	for (i = 0; i < cur->nets.n; i++) {
		struct snap_net *n = SNAP_AT(&cur->nets, struct snap_net, i);
		const struct snap_net *pn = n->n_lower ? snap_net_find(prev, n->ndev) : NULL;

		for (j = 0; pn && j < n->n_lower; j++) {
			struct snap_lower *l = &n->lower[j];
			const struct snap_lower *pl = lower_of(pn, l->name);
			uint16_t both;

			if (!pl)
				continue;
			both = l->stat_valid & pl->stat_valid;
			for (k = 0; k < SNAP_LOW_STATS; k++) {
				if (!(both >> k & 1) || l->stat[k] < pl->stat[k])
					continue;
				l->rate[k] = (double)(l->stat[k] - pl->stat[k]) / dt;
				l->rate_valid |= (uint16_t)(1u << k);
			}
			l->flaps = 0;
			if ((l->valid & pl->valid & SNAP_LOW_CHANGES) &&
			    l->carrier_changes >= pl->carrier_changes)
				l->flaps = l->carrier_changes - pl->carrier_changes;
			l->valid |= SNAP_LOW_RATES;
		}
	}
}

bool snap_lower_down(const struct snap_lower *l)
{
	return ((l->valid & SNAP_LOW_OPER) && l->oper != SNAP_OPER_UP) ||
	       ((l->valid & SNAP_LOW_CARRIER) && !l->carrier) ||
	       ((l->valid & SNAP_LOW_MII) && l->mii != SNAP_MII_UP);
}

/* a rate cell: "1.2G" (a's and b's summed where known), "-" where neither is */
static const char *cell(char *buf, size_t n, const struct snap_lower *l, int a, int b)
{
	bool ka = l->rate_valid >> a & 1, kb = b >= 0 && (l->rate_valid >> b & 1);

	if (!ka && !kb)
		return "-";
	return fmt_si(buf, n, (ka ? l->rate[a] : 0) + (kb ? l->rate[b] : 0));
}

const char *net_lower_state(const struct snap_lower *l)
{
	static const char *const mii[] = { "up", "mii-fail", "mii-down", "mii-back" };

	if ((l->valid & SNAP_LOW_OPER) && l->oper != SNAP_OPER_UP)
		return l->oper == SNAP_OPER_LOWERDOWN ? "lowerdn" :
		       l->oper == SNAP_OPER_DOWN      ? "down" :
							"notup";
	if ((l->valid & SNAP_LOW_CARRIER) && !l->carrier)
		return "no-carr";
	if ((l->valid & SNAP_LOW_MII) && l->mii != SNAP_MII_UP)
		return mii[l->mii < 4 ? l->mii : 2];
	return l->valid & (SNAP_LOW_OPER | SNAP_LOW_CARRIER | SNAP_LOW_MII) ? "up" : "n/a";
}

const char *net_lower_head(void)
{
	return "LOWER           STATE    CAR ROLE    SPEED     RX/s     TX/s  DROP/s FLAPS";
}

const char *net_lower_line(char *buf, size_t n, const struct snap_net *u,
			   const struct snap_lower *l)
{
	char rx[16], tx[16], dr[16], sp[16], fl[16];
	const char *role = "-";

	if ((u->valid & SNAP_NET_ACTIVE) && u->active[0])
		role = strcmp(u->active, l->name) ? "backup" : "active";
	else if (l->valid & SNAP_LOW_STATE)
		role = l->backup ? "backup" : "active";
	if ((l->valid & SNAP_LOW_SPEED) && l->speed != UINT32_MAX)
		snprintf(sp, sizeof(sp), l->speed % 1000 ? "%" PRIu32 "M" : "%" PRIu32 "G",
			 l->speed % 1000 ? l->speed : l->speed / 1000);
	else
		snprintf(sp, sizeof(sp), "-");
	if ((l->valid & SNAP_LOW_RATES) && (l->valid & SNAP_LOW_CHANGES))
		snprintf(fl, sizeof(fl), "%" PRIu32, l->flaps);
	else
		snprintf(fl, sizeof(fl), "-");
	snprintf(buf, n, "%-15.15s %-8s %-3s %-6s %6s %8s %8s %7s %5s", l->name, net_lower_state(l),
		 l->valid & SNAP_LOW_CARRIER ? (l->carrier ? "yes" : "no") : "-", role, sp,
		 cell(rx, sizeof(rx), l, SNAP_LOW_RX_BYTES, -1),
		 cell(tx, sizeof(tx), l, SNAP_LOW_TX_BYTES, -1),
		 cell(dr, sizeof(dr), l, SNAP_LOW_RX_DROPPED, SNAP_LOW_TX_DROPPED), fl);
	return buf;
}
