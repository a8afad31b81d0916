// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The gpu-node fixture: a two-socket GPU node's PCI tree under the --sysroot
 * (sys/devices/pciDDDD:BB/..., sys/bus/pci/devices/ADDR links, each RDMA
 * device's `device` link), with the files drivers/pci/pci-sysfs.c (6.12)
 * makes and the 256-byte config space lspci and hwloc read, the CPU and
 * NUMA files hwloc needs (drivers/base/{cpu,node,topology}.c), and each
 * GPU's device nodes (gpu_nodes: GPU0-3 are /dev/nvidia0-3 and
 * /dev/dri/renderD128-131).
 *
 *   socket 0 (node 0, CPUs 0-7)           socket 1 (node 1, CPUs 8-15)
 *   pci0000:00  00:1c.0 > 02:00.0 ASPEED   pci0000:90  90:01.0 > 91:00.0 switch
 *   pci0000:10  10:01.0 > 11:00.0 switch       92:00.0 > 93:00.0 GPU2
 *       12:00.0 > 13:00.0 GPU0                 92:01.0 > 94:00.0 GPU3
 *       12:01.0 > 14:00.0 GPU1                 92:02.0 > 95:00.0 switch
 *       12:02.0 > 15:00.0 mlx5_0 (x16)             96:00.0 > 97:00.0 mlx5_1 (x8 of x16)
 *   pci0000:30  30:02.0 > 31:00.0 E810     90:03.0 > 9a:00.0 ConnectX-6 Dx (no RDMA)
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gen_priv.h"

enum { EP = 0, ROOT = 4, UP = 5, DOWN = 6 };	/* PCI_EXP_TYPE_* */

struct gpci {
	const char *addr, *parent;	/* parent NULL: a root port */
	const char *host;		/* its root complex: "pci0000:10" */
	uint32_t cls;
	uint16_t vendor, device;
	uint8_t type;			/* PCIe port type */
	uint8_t sec, sub;		/* a bridge's buses */
	uint8_t cur_gen, max_gen, cur_w, max_w;
	int node;
	const char *ib, *net;		/* RDMA device, netdev */
};

#define BR 0x060400
static const struct gpci tree[] = {
	{ "0000:00:1c.0", NULL, "pci0000:00", BR, 0x8086, 0x1bb8, ROOT, 0x02, 0x02, 2, 2, 1, 1, 0 },
	{ "0000:02:00.0", "0000:00:1c.0", "pci0000:00", 0x030000, 0x1a03, 0x2000, EP, 0, 0, 2, 2, 1, 1, 0 },
	{ "0000:10:01.0", NULL, "pci0000:10", BR, 0x8086, 0x352a, ROOT, 0x11, 0x15, 5, 5, 16, 16, 0 },
	{ "0000:11:00.0", "0000:10:01.0", "pci0000:10", BR, 0x1000, 0xc030, UP, 0x12, 0x15, 5, 5, 16, 16, 0 },
	{ "0000:12:00.0", "0000:11:00.0", "pci0000:10", BR, 0x1000, 0xc030, DOWN, 0x13, 0x13, 5, 5, 16, 16, 0 },
	{ "0000:12:01.0", "0000:11:00.0", "pci0000:10", BR, 0x1000, 0xc030, DOWN, 0x14, 0x14, 5, 5, 16, 16, 0 },
	{ "0000:12:02.0", "0000:11:00.0", "pci0000:10", BR, 0x1000, 0xc030, DOWN, 0x15, 0x15, 5, 5, 16, 16, 0 },
	{ "0000:13:00.0", "0000:12:00.0", "pci0000:10", 0x030200, 0x10de, 0x2330, EP, 0, 0, 5, 5, 16, 16, 0 },
	{ "0000:14:00.0", "0000:12:01.0", "pci0000:10", 0x030200, 0x10de, 0x2330, EP, 0, 0, 5, 5, 16, 16, 0 },
	{ "0000:15:00.0", "0000:12:02.0", "pci0000:10", 0x020000, 0x15b3, 0x1021, EP, 0, 0, 5, 5, 16, 16, 0,
	  "mlx5_0", "ens1f0np0" },
	{ "0000:30:02.0", NULL, "pci0000:30", BR, 0x8086, 0x352b, ROOT, 0x31, 0x31, 4, 4, 16, 16, 0 },
	{ "0000:31:00.0", "0000:30:02.0", "pci0000:30", 0x020000, 0x8086, 0x1593, EP, 0, 0, 4, 4, 16, 16, 0,
	  NULL, "ens3f0" },
	{ "0000:90:01.0", NULL, "pci0000:90", BR, 0x8086, 0x352a, ROOT, 0x91, 0x97, 5, 5, 16, 16, 1 },
	{ "0000:90:03.0", NULL, "pci0000:90", BR, 0x8086, 0x352c, ROOT, 0x9a, 0x9a, 4, 4, 16, 16, 1 },
	{ "0000:91:00.0", "0000:90:01.0", "pci0000:90", BR, 0x1000, 0xc030, UP, 0x92, 0x97, 5, 5, 16, 16, 1 },
	{ "0000:92:00.0", "0000:91:00.0", "pci0000:90", BR, 0x1000, 0xc030, DOWN, 0x93, 0x93, 5, 5, 16, 16, 1 },
	{ "0000:92:01.0", "0000:91:00.0", "pci0000:90", BR, 0x1000, 0xc030, DOWN, 0x94, 0x94, 5, 5, 16, 16, 1 },
	{ "0000:92:02.0", "0000:91:00.0", "pci0000:90", BR, 0x1000, 0xc030, DOWN, 0x95, 0x97, 5, 5, 16, 16, 1 },
	{ "0000:93:00.0", "0000:92:00.0", "pci0000:90", 0x030200, 0x10de, 0x2330, EP, 0, 0, 5, 5, 16, 16, 1 },
	{ "0000:94:00.0", "0000:92:01.0", "pci0000:90", 0x030200, 0x10de, 0x2330, EP, 0, 0, 5, 5, 16, 16, 1 },
	{ "0000:95:00.0", "0000:92:02.0", "pci0000:90", BR, 0x1000, 0xc030, UP, 0x96, 0x97, 5, 5, 16, 16, 1 },
	{ "0000:96:00.0", "0000:95:00.0", "pci0000:90", BR, 0x1000, 0xc030, DOWN, 0x97, 0x97, 5, 5, 16, 16, 1 },
	/* the down-trained NIC: x8 of its x16 */
	{ "0000:97:00.0", "0000:96:00.0", "pci0000:90", 0x020000, 0x15b3, 0x1021, EP, 0, 0, 5, 5, 8, 16, 1,
	  "mlx5_1", "ens9np0" },
	{ "0000:9a:00.0", "0000:90:03.0", "pci0000:90", 0x020000, 0x15b3, 0x101d, EP, 0, 0, 4, 4, 16, 16, 1,
	  NULL, "ens10f0np0" },
};
#define NTREE (sizeof(tree) / sizeof(tree[0]))
#define NCPU 16

static const struct gpci *find(const char *addr)
{
	for (unsigned int i = 0; i < NTREE; i++)
		if (!strcmp(tree[i].addr, addr))
			return &tree[i];
	return NULL;
}

/* /sys/devices/pci0000:10/0000:10:01.0/.../ADDR, without /sys */
static void dev_path(const struct gpci *p, char *out, size_t n)
{
	char up[512] = "";

	if (p->parent)
		dev_path(find(p->parent), up, sizeof(up));
	else
		snprintf(up, sizeof(up), "devices/%s", p->host);
	snprintf(out, n, "%s/%s", up, p->addr);
}

static void wr(const char *rel, const char *text, size_t len)
{
	char path[1536], dir[1536];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", gen_root, rel);
	snprintf(dir, sizeof(dir), "%s", path);
	*strrchr(dir, '/') = 0;
	mkdirs(dir);
	f = fopen(path, "wb");
	if (!f || fwrite(text, 1, len, f) != len) {
		perror(path);
		exit(1);
	}
	fclose(f);
}

static void wt(const char *dir, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void wt(const char *dir, const char *name, const char *fmt, ...)
{
	char rel[1024], text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	snprintf(rel, sizeof(rel), "%s/%s", dir, name);
	wr(rel, text, strlen(text));
}

static void link_to(const char *rel, const char *target)
{
	char path[1536], dir[1536];

	snprintf(path, sizeof(path), "%s/%s", gen_root, rel);
	snprintf(dir, sizeof(dir), "%s", path);
	*strrchr(dir, '/') = 0;
	mkdirs(dir);
	unlink(path);
	if (symlink(target, path)) {
		perror(path);
		exit(1);
	}
}

/* cpumap_print_to_pagebuf(false): 32-bit hex words, high first */
static const char *node_mask(int node)
{
	return node ? "ff00" : "00ff";
}

static const char *node_list(int node)
{
	return node ? "8-15" : "0-7";
}

/* pci_speed_string() */
static const char *speed(int gen)
{
	static const char *const s[] = { "Unknown", "2.5 GT/s PCIe", "5.0 GT/s PCIe", "8.0 GT/s PCIe",
					 "16.0 GT/s PCIe", "32.0 GT/s PCIe" };

	return s[gen];
}

/* the config space: header (type 0 or 1) and a PCI Express capability
 * (include/uapi/linux/pci_regs.h) at 0x40 */
static void config(const struct gpci *p, unsigned char *c)
{
	bool br = (p->cls >> 8) == 0x0604;
	uint32_t lnkcap = (uint32_t)p->max_gen | (uint32_t)p->max_w << 4;

	memset(c, 0, 256);
	c[0x00] = p->vendor & 0xff;
	c[0x01] = p->vendor >> 8;
	c[0x02] = p->device & 0xff;
	c[0x03] = p->device >> 8;
	c[0x04] = 0x06;			/* memory, bus master */
	c[0x06] = 0x10;			/* PCI_STATUS_CAP_LIST */
	c[0x09] = p->cls & 0xff;
	c[0x0a] = (p->cls >> 8) & 0xff;
	c[0x0b] = p->cls >> 16;
	c[0x0e] = br ? 1 : 0;		/* PCI_HEADER_TYPE_BRIDGE */
	if (br) {
		unsigned int bus = (unsigned int)strtoul(p->addr + 5, NULL, 16);

		c[0x18] = (unsigned char)bus;
		c[0x19] = p->sec;
		c[0x1a] = p->sub;
	}
	c[0x34] = 0x40;
	c[0x40] = 0x10;			/* PCI_CAP_ID_EXP */
	c[0x42] = (unsigned char)(2 | p->type << 4);	/* version 2, port type */
	c[0x4c] = lnkcap & 0xff;
	c[0x4d] = (unsigned char)(lnkcap >> 8);
	c[0x52] = (unsigned char)(p->cur_gen | (p->cur_w & 0xf) << 4);
	c[0x53] = (unsigned char)(p->cur_w >> 4);
	/* PCI_EXP_LNKCAP2: the supported speeds vector, bits 1..max */
	c[0x6c] = (unsigned char)(((1u << p->max_gen) - 1) << 1);
}

static void write_cpus(void)
{
	wt("sys/devices/system/cpu", "online", "0-%d\n", NCPU - 1);
	wt("sys/devices/system/cpu", "possible", "0-%d\n", NCPU - 1);
	wt("sys/devices/system/cpu", "present", "0-%d\n", NCPU - 1);
	for (int i = 0; i < NCPU; i++) {
		char d[128];
		int node = i / 8;

		snprintf(d, sizeof(d), "sys/devices/system/cpu/cpu%d/topology", i);
		wt(d, "physical_package_id", "%d\n", node);
		wt(d, "die_id", "0\n");
		wt(d, "core_id", "%d\n", i % 8);
		wt(d, "core_cpus_list", "%d\n", i);
		wt(d, "thread_siblings_list", "%d\n", i);
		wt(d, "package_cpus_list", "%s\n", node_list(node));
		wt(d, "core_siblings_list", "%s\n", node_list(node));
		wt(d, "core_cpus", "%04x\n", 1u << i);
		wt(d, "thread_siblings", "%04x\n", 1u << i);
		wt(d, "package_cpus", "%s\n", node_mask(node));
		wt(d, "core_siblings", "%s\n", node_mask(node));
		snprintf(d, sizeof(d), "sys/devices/system/cpu/cpu%d", i);
		wt(d, "online", "1\n");
	}
	wt("sys/devices/system/node", "online", "0-1\n");
	wt("sys/devices/system/node", "possible", "0-1\n");
	wt("sys/devices/system/node", "has_cpu", "0-1\n");
	wt("sys/devices/system/node", "has_memory", "0-1\n");
	for (int n = 0; n < 2; n++) {
		char d[128];

		snprintf(d, sizeof(d), "sys/devices/system/node/node%d", n);
		wt(d, "cpumap", "%s\n", node_mask(n));
		wt(d, "cpulist", "%s\n", node_list(n));
		wt(d, "distance", n ? "21 10\n" : "10 21\n");
		wt(d, "meminfo", "Node %d MemTotal:       263921436 kB\nNode %d MemFree:        250000000 kB\n",
		   n, n);
	}
}

/*
 * A GPU's device nodes, the k-th GPU of the tree (bus order): its DRM
 * render node renderD(128+k) (drm_sysfs.c: drm/renderDN under the PCI
 * device, its dev file "226:N") and NVIDIA's /dev/nvidiak, whose minor the
 * driver's procfs gives (kernel-open/nvidia/nv-procfs.c,
 * open-gpu-kernel-modules 570: "Device Minor: \t %u").
 */
static void gpu_nodes(const struct gpci *p, const char *d, int k)
{
	char rel[800];

	snprintf(rel, sizeof(rel), "sys/%s/drm/renderD%d", d, 128 + k);
	wt(rel, "dev", "226:%d\n", 128 + k);
	snprintf(rel, sizeof(rel), "proc/driver/nvidia/gpus/%s", p->addr);
	wt(rel, "information",
	   "Model: \t\t NVIDIA H100 80GB HBM3\n"
	   "IRQ:   \t\t 0\n"
	   "GPU UUID: \t GPU-00000000-0000-0000-0000-00000000000%d\n"
	   "Video BIOS: \t 96.00.99.00.01\n"
	   "Bus Type: \t PCIe\n"
	   "DMA Size: \t 52 bits\n"
	   "DMA Mask: \t 0xfffffffffffff\n"
	   "Bus Location: \t %s\n"
	   "Device Minor: \t %d\n"
	   "GPU Excluded:\t No\n",
	   k, p->addr, k);
}

/* the PCI tree of the gpu-node fixture (gen.c calls it for gfix.pci) */
void write_pci(void)
{
	unsigned char cfg[256];
	char d[600], rel[700], tgt[1800];
	int ngpu = 0;

	for (unsigned int i = 0; i < NTREE; i++) {
		const struct gpci *p = &tree[i];

		dev_path(p, d, sizeof(d));
		snprintf(rel, sizeof(rel), "sys/%s", d);
		config(p, cfg);
		snprintf(tgt, sizeof(tgt), "%s/config", rel);
		wr(tgt, (const char *)cfg, sizeof(cfg));
		wt(rel, "class", "0x%06x\n", p->cls);
		wt(rel, "vendor", "0x%04x\n", p->vendor);
		wt(rel, "device", "0x%04x\n", p->device);
		wt(rel, "numa_node", "%d\n", p->node);
		wt(rel, "local_cpus", "%s\n", node_mask(p->node));
		wt(rel, "local_cpulist", "%s\n", node_list(p->node));
		wt(rel, "current_link_speed", "%s\n", speed(p->cur_gen));
		wt(rel, "max_link_speed", "%s\n", speed(p->max_gen));
		wt(rel, "current_link_width", "%u\n", p->cur_w);
		wt(rel, "max_link_width", "%u\n", p->max_w);
		wt(rel, "irq", "0\n");
		wt(rel, "resource", "0x0000000000000000 0x0000000000000000 0x0000000000000000\n");
		snprintf(rel, sizeof(rel), "sys/bus/pci/devices/%s", p->addr);
		snprintf(tgt, sizeof(tgt), "../../../%s", d);
		link_to(rel, tgt);
		if (p->net) {
			/* a file in it, as sysfs has (git keeps no empty
			 * directory): type, ARPHRD_ETHER */
			snprintf(rel, sizeof(rel), "sys/%s/net/%s", d, p->net);
			wt(rel, "type", "1\n");
		}
		if (p->cls == 0x030200)
			gpu_nodes(p, d, ngpu++);
		if (p->ib) {
			/* the class entry is a directory of its own here
			 * (gen_sysfs.c), not the kernel's link into the tree:
			 * no loop for diff -r */
			snprintf(rel, sizeof(rel), "sys/%s/infiniband/%s", d, p->ib);
			wt(rel, "node_type", "1: CA\n");	/* ib_core sysfs.c node_type_show */
			snprintf(rel, sizeof(rel), "sys/class/infiniband/%s/device", p->ib);
			snprintf(tgt, sizeof(tgt), "../../../%s", d);
			link_to(rel, tgt);
		}
	}
	write_cpus();
}

/* gpu-node's RDMA devices: mlx5-roce's device, and a second one without
 * resources (gen_drivers.c gen_derive) */
struct gfix gpu_node;

void gen_pci_derive(const struct gfix *roce)
{
	struct gdev *d1;

	gpu_node = *roce;
	gpu_node.name = "gpu-node";
	gpu_node.what = "a two-socket GPU node: two root complexes with a PCIe switch each (2 GPUs and a "
			"ConnectX-7, the second down-trained to x8), an E810 and a ConnectX-6 Dx without RDMA";
	gpu_node.pci = true;
	gpu_node.netns_mode = 0;	/* exclusive: a device may move (--move-netns) */
	gpu_node.ndevs = 2;
	d1 = &gpu_node.devs[1];
	memset(d1, 0, sizeof(*d1));
	d1->index = 4;
	d1->name = "mlx5_1";
	d1->node_type = roce->devs[0].node_type;
	d1->fw = roce->devs[0].fw;
	d1->node_guid = d1->sys_guid = 0x0c42a10300655678ull;
	d1->caps = roce->devs[0].caps;
	d1->protocol = "roce";
	d1->hca_type = "MT4129";
	d1->board_id = "MT_0000000838";
	d1->hw = roce->devs[0].hw;
	d1->nhw = roce->devs[0].nhw;
	d1->nports = 1;
	d1->ports[0] = roce->devs[0].ports[0];
	d1->ports[0].ndev = "ens9np0";
	d1->ports[0].ndev_index = 9;
	d1->ports[0].vlan_dev = NULL;
	d1->ports[0].vlan_id = 0;
	memset(d1->ports[0].gid_ndev, 0, sizeof(d1->ports[0].gid_ndev));
	d1->ports[0].gid[4] = d1->ports[0].gid[5] = NULL;
	d1->ports[0].mode = 0;
	d1->ports[0].auto_mask = 0;
	d1->ports[0].opcnt = 0;
	d1->qps[0] = roce->devs[0].qps[0];	/* the GSI QP */
	/* and ib_write_bw's UD QP, bound to no counter (--bind-qp-counter) */
	d1->qps[1] = roce->devs[0].qps[3];
}
