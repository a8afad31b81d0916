// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A device's PCI locality in its detail view: the function, its link (and
 * whether it trained below its maximum), the bridges up to the root port,
 * and the matrix of the host's GPUs and NICs as nvidia-smi topo -m prints
 * it, with a legend.
 */
#include <stdio.h>
#include <string.h>

#include "priv.h"
#include "snap_pci.h"

#define MAX_ENDS 24

static void link_text(char *b, size_t n, const struct snap_pci *p)
{
	if (!snap_pci_link_known(p)) {
		snprintf(b, n, "link n/a");
		return;
	}
	snprintf(b, n, "%.1f GT/s x%u (max %.1f GT/s x%u)%s", p->cur_speed, p->cur_width,
		 p->max_speed, p->max_width, snap_pci_degraded(p) ? " DEGRADED" : "");
}

static const char *kind_name(const struct snap_pci *p)
{
	return snap_pci_kind(p) == SNAP_PCI_GPU ? "GPU" : "NIC";
}

void ui_detail_pci(const struct snapshot *s, const char *dev, ui_emit_fn emit, void *ctx)
{
	const struct snap_pci *p = s ? snap_pci_of_dev(s, dev) : NULL, *up[24], *ends[MAX_ENDS];
	char b[512], lab[MAX_ENDS][8];
	unsigned int n, i, k, ne = 0, ng = 0, nn = 0;

	if (!p)
		return;
	emit(ctx, ROLE_HEADER_VALUE, 0, "PCI");
	if (SNAP_HAS(p, SNAP_PCI_NUMA) && p->numa >= 0)
		snprintf(b, sizeof(b), "%-14s %s  NUMA %d  CPUs %s", "function", p->addr, p->numa,
			 p->cpus[0] ? p->cpus : "n/a");
	else
		snprintf(b, sizeof(b), "%-14s %s  NUMA n/a", "function", p->addr);
	emit(ctx, ROLE_DEFAULT, 2, b);
	strcpy(b, "link           ");
	link_text(b + strlen(b), sizeof(b) - strlen(b), p);
	emit(ctx, snap_pci_degraded(p) ? ROLE_STATUS_WARN : ROLE_DEFAULT, 2, b);
	n = snap_pci_path(s, p, up, 24);
	for (i = 0; i < n; i++) {
		char l[128] = "not read";

		if (up[i])
			link_text(l, sizeof(l), up[i]);
		snprintf(b, sizeof(b), "%-14s %s  %s", i + 1 == n ? "root port" : i ? "" : "path up",
			 up[i] ? up[i]->addr : "?", l);
		emit(ctx, up[i] && snap_pci_degraded(up[i]) ? ROLE_STATUS_WARN : ROLE_DEFAULT, 2, b);
	}

	/* the GPUs, then the NICs, in address order */
	for (k = 0; k < 2; k++)
		for (i = 0; i < s->pcis.n && ne < MAX_ENDS; i++) {
			const struct snap_pci *e = SNAP_AT(&s->pcis, struct snap_pci, i);
			unsigned int j = ne;

			if (snap_pci_kind(e) != (k ? SNAP_PCI_NIC : SNAP_PCI_GPU))
				continue;
			while (j > (k ? ng : 0) && strcmp(ends[j - 1]->addr, e->addr) > 0) {
				ends[j] = ends[j - 1];
				j--;
			}
			ends[j] = e;
			ne++;
			k ? nn++ : ng++;
		}
	for (i = 0; i < ne; i++)
		snprintf(lab[i], sizeof(lab[i]), "%s%u", i < ng ? "GPU" : "NIC", i < ng ? i : i - ng);
	if (!ng) {
		emit(ctx, ROLE_DEFAULT, 2, "no GPU on this host's PCI bus");
		return;
	}
	emit(ctx, ROLE_DEFAULT, 0, "");
	emit(ctx, ROLE_HEADER_VALUE, 0, "topology (nvidia-smi topo -m)");
	snprintf(b, sizeof(b), "%-8s", "");
	for (i = 0; i < ne; i++)
		snprintf(b + strlen(b), sizeof(b) - strlen(b), " %-5s", lab[i]);
	emit(ctx, ROLE_HEADER, 2, b);
	for (i = 0; i < ne; i++) {
		snprintf(b, sizeof(b), "%-8s", lab[i]);
		for (k = 0; k < ne; k++)
			snprintf(b + strlen(b), sizeof(b) - strlen(b), " %-5s",
				 snap_topo_str(snap_topo(ends[i], ends[k])));
		emit(ctx, ends[i] == p ? ROLE_HEADER_VALUE : ROLE_DEFAULT, 2, b);
	}
	emit(ctx, ROLE_DEFAULT, 0, "");
	for (i = 0; i < ne; i++) {
		char l[128];

		link_text(l, sizeof(l), ends[i]);
		snprintf(b, sizeof(b), "%-6s %s %-8s NUMA %d  %s", lab[i], ends[i]->addr,
			 ends[i]->ib[0] ? ends[i]->ib : kind_name(ends[i]),
			 SNAP_HAS(ends[i], SNAP_PCI_NUMA) ? ends[i]->numa : -1, l);
		emit(ctx, snap_pci_degraded(ends[i]) ? ROLE_STATUS_WARN : ROLE_DEFAULT, 2, b);
	}
	emit(ctx, ROLE_DEFAULT, 2, "PIX one PCIe switch  PXB several  PHB host bridge  NODE one NUMA node  "
				 "SYS across nodes");
}
