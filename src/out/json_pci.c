// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The PCI locality in JSON (doc/json.md): each device's "pci" object, and
 * the "pci" section: the functions read (GPUs, NICs, the bridges above
 * them) and the relation of every GPU and NIC pair.
 */
#include <stdio.h>

#include "jw.h"
#include "snap_pci.h"

static const char *kind_str(enum snap_pci_kind k)
{
	static const char *const n[] = { "other", "gpu", "nic", "bridge" };

	return (unsigned int)k < sizeof(n) / sizeof(n[0]) ? n[k] : "other";
}

#define SPCI struct snap_pci
static const struct jw_field link_fields[] = {
	JW_FIELD("current_speed_gts", SPCI, cur_speed, SNAP_PCI_CUR_SPEED, JW_DOUBLE),
	JW_FIELD("max_speed_gts", SPCI, max_speed, SNAP_PCI_MAX_SPEED, JW_DOUBLE),
	JW_FIELD("current_width", SPCI, cur_width, SNAP_PCI_CUR_WIDTH, JW_UINT),
	JW_FIELD("max_width", SPCI, max_width, SNAP_PCI_MAX_WIDTH, JW_UINT),
};
#undef SPCI

static void json_link(struct jw *w, const struct snap_pci *p)
{
	if (!(p->valid & (SNAP_PCI_CUR_SPEED | SNAP_PCI_MAX_SPEED | SNAP_PCI_CUR_WIDTH |
			  SNAP_PCI_MAX_WIDTH)))
		return;	/* conventional PCI, a virtual function: no link files */
	jw_open(w, "link", '{');
	jw_fields(w, p, p->valid, link_fields, JW_N(link_fields));
	if (snap_pci_link_known(p))
		jw_b(w, "degraded", snap_pci_degraded(p));
	jw_close(w, '}');
}

static void json_fn(struct jw *w, const struct snap_pci *p)
{
	char b[16];

	jw_s(w, "address", p->addr);
	if (SNAP_HAS(p, SNAP_PCI_CLASS)) {
		snprintf(b, sizeof(b), "0x%06x", p->class_code);
		jw_s(w, "class", b);
	}
	if (SNAP_HAS(p, SNAP_PCI_VENDOR)) {
		snprintf(b, sizeof(b), "0x%04x", p->vendor);
		jw_s(w, "vendor", b);
	}
	if (SNAP_HAS(p, SNAP_PCI_DEVICE)) {
		snprintf(b, sizeof(b), "0x%04x", p->device);
		jw_s(w, "device", b);
	}
	if (SNAP_HAS(p, SNAP_PCI_NUMA) && p->numa >= 0)
		jw_u(w, "numa_node", (uint64_t)p->numa);
	if (SNAP_HAS(p, SNAP_PCI_CPUS))
		jw_s(w, "local_cpus", p->cpus);
	json_link(w, p);
	if (p->valid & (SNAP_PCI_NV_MINOR | SNAP_PCI_RENDER)) {
		char node[40];

		jw_open(w, "device_nodes", '[');
		if (SNAP_HAS(p, SNAP_PCI_NV_MINOR)) {
			snprintf(node, sizeof(node), "/dev/nvidia%u", p->nv_minor);
			jw_s(w, NULL, node);
		}
		if (SNAP_HAS(p, SNAP_PCI_RENDER)) {
			snprintf(node, sizeof(node), "/dev/dri/renderD%u", p->render);
			jw_s(w, NULL, node);
		}
		jw_close(w, ']');
	}
}

void out_json_dev_pci(struct jw *w, const struct snapshot *s, const char *dev)
{
	const struct snap_pci *p = snap_pci_of_dev(s, dev), *up[24];
	enum snap_topo rel;
	unsigned int n, i;

	if (!p)
		return;
	jw_open(w, "pci", '{');
	json_fn(w, p);
	n = snap_pci_path(s, p, up, 24);
	jw_open(w, "path", '[');
	for (i = 0; i < n; i++) {
		jw_open(w, NULL, '{');
		jw_s(w, "address", up[i] ? up[i]->addr : "");
		if (up[i])
			json_link(w, up[i]);
		jw_close(w, '}');
	}
	jw_close(w, ']');
	n = snap_pci_nearest_gpu(s, p, &rel);
	if (n) {
		jw_s(w, "nearest_gpu", snap_topo_str(rel));
		jw_u(w, "nearest_gpus", n);
	}
	jw_close(w, '}');
}

static bool endpoint(const struct snap_pci *p)
{
	enum snap_pci_kind k = snap_pci_kind(p);

	return k == SNAP_PCI_GPU || k == SNAP_PCI_NIC;
}

void out_json_pci(struct jw *w, const struct snapshot *s)
{
	size_t i, k;

	if (!s->pcis.n)
		return;
	jw_open(w, "pci", '{');
	jw_open(w, "functions", '[');
	for (i = 0; i < s->pcis.n; i++) {
		const struct snap_pci *p = SNAP_AT(&s->pcis, struct snap_pci, i);

		jw_open(w, NULL, '{');
		json_fn(w, p);
		jw_s(w, "kind", kind_str(snap_pci_kind(p)));
		if (p->ib[0])
			jw_s(w, "rdma_device", p->ib);
		jw_close(w, '}');
	}
	jw_close(w, ']');
	/* nvidia-smi topo -m: every GPU and NIC against every other */
	jw_open(w, "topology", '[');
	for (i = 0; i < s->pcis.n; i++) {
		const struct snap_pci *a = SNAP_AT(&s->pcis, struct snap_pci, i);

		if (!endpoint(a))
			continue;
		for (k = 0; k < s->pcis.n; k++) {
			const struct snap_pci *b = SNAP_AT(&s->pcis, struct snap_pci, k);

			if (k == i || !endpoint(b))
				continue;
			jw_open(w, NULL, '{');
			jw_s(w, "from", a->addr);
			jw_s(w, "to", b->addr);
			jw_s(w, "relation", snap_topo_str(snap_topo(a, b)));
			jw_close(w, '}');
		}
	}
	jw_close(w, ']');
	jw_close(w, '}');
}
