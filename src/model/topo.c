// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The relations nvidia-smi topo -m prints, from the PCI tree (the sysfs
 * path of each function) and the NUMA nodes: PIX when the path between two
 * functions crosses at most one PCIe switch (a bridge, or a switch's
 * downstream ports and its upstream port), PXB when it crosses more but
 * not the host bridge, PHB when it goes through the host bridge (two root
 * ports of one root complex), NODE between root complexes of one NUMA
 * node, SYS across nodes.
 */
#include <stddef.h>
#include <string.h>

#include "snap_pci.h"

enum snap_pci_kind snap_pci_kind(const struct snap_pci *p)
{
	uint32_t cls = p->class_code >> 8;

	if (!SNAP_HAS(p, SNAP_PCI_CLASS))
		return SNAP_PCI_OTHER;
	if (cls == 0x0604)
		return SNAP_PCI_BRIDGE;
	if ((cls >> 8) == 0x02)
		return SNAP_PCI_NIC;
	/* a 3D controller (NVIDIA's data-centre GPUs), and the VGA and
	 * display controllers of the GPU makers (NVIDIA, AMD, Intel): not
	 * a server's BMC display (ASPEED) */
	if (cls == 0x0302)
		return SNAP_PCI_GPU;
	if ((cls == 0x0300 || cls == 0x0380) && SNAP_HAS(p, SNAP_PCI_VENDOR) &&
	    (p->vendor == 0x10de || p->vendor == 0x1002 || p->vendor == 0x8086))
		return SNAP_PCI_GPU;
	return SNAP_PCI_OTHER;
}

/* The function whose name at off (addr, ib) is key; an empty one is no name. */
static const struct snap_pci *pci_by(const struct snapshot *s, size_t off, const char *key)
{
	size_t i;

	for (i = 0; i < s->pcis.n; i++) {
		const struct snap_pci *p = SNAP_AT(&s->pcis, struct snap_pci, i);
		const char *name = (const char *)p + off;

		if (name[0] && !strcmp(name, key))
			return p;
	}
	return NULL;
}

/* (an address is never empty: sysfs_pci_parse() refuses one) */
const struct snap_pci *snap_pci_find(const struct snapshot *s, const char *addr)
{
	return pci_by(s, offsetof(struct snap_pci, addr), addr);
}

const struct snap_pci *snap_pci_of_dev(const struct snapshot *s, const char *dev)
{
	return pci_by(s, offsetof(struct snap_pci, ib), dev);
}

#define PATH_MAX_PARTS 24

/* The components of a function's path after /sys/devices/: the root
 * complex ("pci0000:10") then each function down to itself. */
static unsigned int parts(const char *path, const char **part, size_t *len)
{
	const char *p = path + strlen("/sys/devices/");
	unsigned int n = 0;

	while (*p && n < PATH_MAX_PARTS) {
		size_t l = strcspn(p, "/");

		part[n] = p;
		len[n++] = l;
		p += l;
		if (*p == '/')
			p++;
	}
	return n;
}

static bool same(const char *a, size_t la, const char *b, size_t lb)
{
	return la == lb && !memcmp(a, b, la);
}

enum snap_topo snap_topo(const struct snap_pci *a, const struct snap_pci *b)
{
	const char *pa[PATH_MAX_PARTS], *pb[PATH_MAX_PARTS];
	size_t la[PATH_MAX_PARTS], lb[PATH_MAX_PARTS];
	unsigned int na, nb, k;

	if (a == b || !strcmp(a->addr, b->addr))
		return SNAP_TOPO_X;
	if (!SNAP_HAS(a, SNAP_PCI_PATH) || !SNAP_HAS(b, SNAP_PCI_PATH))
		return SNAP_TOPO_N;
	na = parts(a->path, pa, la);
	nb = parts(b->path, pb, lb);
	if (!na || !nb || !same(pa[0], la[0], pb[0], lb[0])) {
		/* two root complexes: one node, or two */
		if (SNAP_HAS(a, SNAP_PCI_NUMA) && SNAP_HAS(b, SNAP_PCI_NUMA) && a->numa >= 0 &&
		    b->numa >= 0)
			return a->numa == b->numa ? SNAP_TOPO_NODE : SNAP_TOPO_SYS;
		if (SNAP_HAS(a, SNAP_PCI_CPUS) && SNAP_HAS(b, SNAP_PCI_CPUS))
			return strcmp(a->cpus, b->cpus) ? SNAP_TOPO_SYS : SNAP_TOPO_NODE;
		return SNAP_TOPO_N;
	}
	for (k = 1; k < na && k < nb && same(pa[k], la[k], pb[k], lb[k]); k++)
		;
	if (k == 1)
		return SNAP_TOPO_PHB; /* two root ports */
	/* below the deepest common bridge: at most its downstream port and
	 * the function on each side */
	return na - k <= 2 && nb - k <= 2 ? SNAP_TOPO_PIX : SNAP_TOPO_PXB;
}

const char *snap_topo_str(enum snap_topo t)
{
	static const char *const n[] = { "X", "PIX", "PXB", "PHB", "NODE", "SYS" };

	return (unsigned int)t < SNAP_TOPO_N ? n[t] : "?";
}

bool snap_pci_link_known(const struct snap_pci *p)
{
	const uint32_t all = SNAP_PCI_CUR_SPEED | SNAP_PCI_MAX_SPEED | SNAP_PCI_CUR_WIDTH |
			     SNAP_PCI_MAX_WIDTH;

	return (p->valid & all) == all && p->max_speed > 0 && p->max_width > 0;
}

/*
 * Whether a bridge is the upper end of its link: a root port (right below
 * a root complex, "pci0000:00", or a VMD domain's "pci10000:e0") or a
 * switch's downstream port (below an upstream port), by its depth there.
 */
static bool port_faces_down(const struct snap_pci *p)
{
	const char *pp[PATH_MAX_PARTS];
	size_t lp[PATH_MAX_PARTS];
	unsigned int n, depth = 0;

	if (snap_pci_kind(p) != SNAP_PCI_BRIDGE || !SNAP_HAS(p, SNAP_PCI_PATH))
		return false;
	for (n = parts(p->path, pp, lp); n--;) {
		if (lp[n] > 3 && !memcmp(pp[n], "pci", 3))
			break;
		depth++;
	}
	return depth % 2 == 1;
}

/*
 * A root port or downstream port trains to what the device below it can
 * do (an x4 Gen3 port above an x1 Gen1 e1000e reads x1 2.5 GT/s): that is
 * not a fault, and the device's own link says whether the link is
 * degraded.  lspci (pciutils ls-caps.c, link_compare) marks "downgraded"
 * by the same rule; it tells the port type from the PCIe capability,
 * which an unprivileged reader cannot see in sysfs, so the depth tells.
 */
bool snap_pci_degraded(const struct snap_pci *p)
{
	return snap_pci_link_known(p) &&
	       (p->cur_speed < p->max_speed || p->cur_width < p->max_width) && !port_faces_down(p);
}

int snap_pci_gen(double gts)
{
	static const double g[] = { 2.5, 5, 8, 16, 32, 64 };
	unsigned int i;

	for (i = 0; i < sizeof(g) / sizeof(g[0]); i++)
		if (gts > g[i] - 0.1 && gts < g[i] + 0.1)
			return (int)i + 1;
	return 0;
}

unsigned int snap_pci_nearest_gpu(const struct snapshot *s, const struct snap_pci *p,
				  enum snap_topo *rel)
{
	enum snap_topo best = SNAP_TOPO_N;
	unsigned int n = 0;
	size_t i;

	for (i = 0; i < s->pcis.n; i++) {
		const struct snap_pci *g = SNAP_AT(&s->pcis, struct snap_pci, i);
		enum snap_topo t;

		if (snap_pci_kind(g) != SNAP_PCI_GPU || g == p)
			continue;
		t = snap_topo(p, g);
		if (t < best) {
			best = t;
			n = 0;
		}
		n += t == best;
	}
	*rel = best;
	return best == SNAP_TOPO_N ? 0 : n;
}

unsigned int snap_pci_path(const struct snapshot *s, const struct snap_pci *p,
			   const struct snap_pci **up, unsigned int max)
{
	const char *pp[PATH_MAX_PARTS];
	size_t lp[PATH_MAX_PARTS];
	char addr[SNAP_PCI_ADDR_MAX];
	unsigned int n, k, out = 0;

	if (!SNAP_HAS(p, SNAP_PCI_PATH))
		return 0;
	n = parts(p->path, pp, lp);
	if (n < 2)
		return 0;
	for (k = n - 1; k-- > 1 && out < max;) {
		if (lp[k] >= sizeof(addr))
			break;
		memcpy(addr, pp[k], lp[k]);
		addr[lp[k]] = '\0';
		up[out++] = snap_pci_find(s, addr);
	}
	return out;
}

bool snap_topo_far(enum snap_topo t)
{
	return t == SNAP_TOPO_NODE || t == SNAP_TOPO_SYS;
}

/* The number after prefix, the rest of node: 0, or -1. */
static int node_number(const char *node, const char *prefix, uint32_t *n)
{
	size_t l = strlen(prefix);
	unsigned long v = 0;
	const char *p;

	if (strncmp(node, prefix, l) || !node[l] || strlen(node + l) > 7)
		return -1;
	for (p = node + l; *p; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		v = v * 10 + (unsigned long)(*p - '0');
	}
	*n = (uint32_t)v;
	return 0;
}

const struct snap_pci *snap_pci_of_node(const struct snapshot *s, const char *node)
{
	uint32_t bit, n;
	size_t i;

	/* /dev/nvidiactl, /dev/nvidia-uvm, /dev/nvidia-caps/...: no GPU's */
	if (!node_number(node, "/dev/nvidia", &n))
		bit = SNAP_PCI_NV_MINOR;
	else if (!node_number(node, "/dev/dri/renderD", &n))
		bit = SNAP_PCI_RENDER;
	else
		return NULL;
	for (i = 0; i < s->pcis.n; i++) {
		const struct snap_pci *p = SNAP_AT(&s->pcis, struct snap_pci, i);

		if ((p->valid & bit) && (bit == SNAP_PCI_NV_MINOR ? p->nv_minor : p->render) == n &&
		    snap_pci_kind(p) == SNAP_PCI_GPU)
			return p;
	}
	return NULL;
}
