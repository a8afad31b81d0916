// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The PCI locality of each RDMA device as metric families: its function,
 * NUMA node and nearest GPU (an info family), the PCIe link's speed and
 * width now and at most, and whether it trained below its maximum.
 */
#include <stdio.h>

#include "om.h"
#include "snap_pci.h"

void out_om_pci(struct om *w)
{
	const struct snapshot *s = w->s;
	size_t i;
	int pass;

	if (!s->pcis.n)
		return;
	for (pass = 0; pass < 4; pass++) {
		if (pass == 0)
			out_om_family(w, "rdma_device_pci", OM_INFO, NULL,
				      "PCI function of the RDMA device: address, NUMA node and the nearest GPU "
				      "(nvidia-smi topo -m: PIX, PXB, PHB, NODE, SYS) as labels.");
		else if (pass == 1)
			out_om_family(w, "rdma_device_pcie_link_degraded", OM_GAUGE, NULL,
				      "1 when the device's PCIe link trained below its maximum speed or width.");
		else if (pass == 2)
			out_om_family(w, "rdma_device_pcie_link_speed_transfers_per_second", OM_GAUGE,
				      "transfers_per_second",
				      "PCIe link speed per lane (sysfs current_link_speed, max_link_speed), "
				      "in transfers per second.");
		else
			out_om_family(w, "rdma_device_pcie_link_width_lanes", OM_GAUGE, "lanes",
				      "PCIe link width (sysfs current_link_width, max_link_width), in lanes.");
		for (i = 0; i < s->devs.n; i++) {
			const struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, i);
			const struct snap_pci *p = snap_pci_of_dev(s, d->name);
			enum snap_topo rel;
			char numa[16] = "";

			if (!p)
				continue;
			if (pass == 0) {
				struct om_label l[] = {
					{ "device", d->name }, { "pci_address", p->addr },
					{ "numa_node", numa }, { "nearest_gpu", "" },
				};

				if (SNAP_HAS(p, SNAP_PCI_NUMA) && p->numa >= 0)
					snprintf(numa, sizeof(numa), "%d", p->numa);
				if (snap_pci_nearest_gpu(s, p, &rel))
					l[3].v = snap_topo_str(rel);
				out_om_u(w, l, NL(l), 1);
				continue;
			}
			if (!snap_pci_link_known(p))
				continue;
			if (pass == 1) {
				struct om_label l[] = { { "device", d->name }, { "pci_address", p->addr } };

				out_om_u(w, l, NL(l), snap_pci_degraded(p));
				continue;
			}
			for (int k = 0; k < 2; k++) {
				struct om_label l[] = {
					{ "device", d->name }, { "pci_address", p->addr },
					{ "link", k ? "max" : "current" },
				};

				if (pass == 2)
					out_om_d(w, l, NL(l), (k ? p->max_speed : p->cur_speed) * 1e9);
				else
					out_om_u(w, l, NL(l), k ? p->max_width : p->cur_width);
			}
		}
	}
}
