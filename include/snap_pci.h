/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The host's PCI locality: each RDMA device's PCI function, the host's GPUs
 * and other NICs, the bridges between them and the root ports, with NUMA
 * node, local CPUs and PCIe link state (sysfs, unprivileged).  Read once and
 * again when the set of RDMA devices changes (src/source/pci.c), fed each
 * sample as one SYSFS_PCI record, parsed by src/sysfs/pci.c; the relations
 * nvidia-smi topo -m prints are computed from it (src/model/topo.c).
 */
#ifndef RDMATOP_SNAP_PCI_H
#define RDMATOP_SNAP_PCI_H

#include <stdbool.h>
#include <stdint.h>

#include "snapshot.h"

/*
 * Not a file: the text of the PCI walk, one "ADDR FILE VALUE" line per
 * sysfs file read (FILE is the sysfs attribute's name, VALUE its first
 * line), "ADDR path /sys/devices/..." for where the function sits in the
 * tree, "ib DEV ADDR" for the function behind each RDMA device, and for a
 * GPU the device nodes a process opens it by: "ADDR drm renderDN" (its
 * sysfs drm/ directory) and "ADDR nvidia_minor N" (/dev/nvidiaN, from
 * /proc/driver/nvidia/gpus/ADDR/information) (doc/recording.md).
 */
#define SYSFS_PCI "rdmatop:pci"

#define SNAP_PCI_ADDR_MAX 16	/* "0000:15:00.0" */
#define SNAP_PCI_PATH_MAX 256

enum {
	SNAP_PCI_PATH = 1 << 0,
	SNAP_PCI_CLASS = 1 << 1,
	SNAP_PCI_VENDOR = 1 << 2,
	SNAP_PCI_DEVICE = 1 << 3,
	SNAP_PCI_NUMA = 1 << 4,
	SNAP_PCI_CPUS = 1 << 5,
	SNAP_PCI_CUR_SPEED = 1 << 6,
	SNAP_PCI_MAX_SPEED = 1 << 7,
	SNAP_PCI_CUR_WIDTH = 1 << 8,
	SNAP_PCI_MAX_WIDTH = 1 << 9,
	SNAP_PCI_RENDER = 1 << 10,
	SNAP_PCI_NV_MINOR = 1 << 11,
};

struct snap_pci {
	uint32_t valid;
	char addr[SNAP_PCI_ADDR_MAX];
	char path[SNAP_PCI_PATH_MAX];	/* /sys/devices/pci0000:10/.../ADDR */
	uint32_t class_code;		/* 24 bits: 0x030200 */
	uint16_t vendor, device;
	int32_t numa;			/* -1: the firmware gave none */
	char cpus[128];			/* local_cpulist (cut at 127 bytes) */
	/* GT/s (pci_speed_string(): "16.0 GT/s PCIe"), 0 when "Unknown" */
	double cur_speed, max_speed;
	uint8_t cur_width, max_width;
	char ib[SNAP_DEV_NAME_MAX];	/* the RDMA device it carries, "" */
	uint32_t render;		/* a GPU's /dev/dri/renderDN: N */
	uint32_t nv_minor;		/* an NVIDIA GPU's /dev/nvidiaN: N */
};

/* What a function is, for the topology (class and vendor). */
enum snap_pci_kind { SNAP_PCI_OTHER, SNAP_PCI_GPU, SNAP_PCI_NIC, SNAP_PCI_BRIDGE };

/* nvidia-smi topo -m's relations, nearest first. */
enum snap_topo {
	SNAP_TOPO_X,		/* itself */
	SNAP_TOPO_PIX,		/* at most one PCIe bridge (one switch) */
	SNAP_TOPO_PXB,		/* several bridges, not the host bridge */
	SNAP_TOPO_PHB,		/* through a PCIe host bridge */
	SNAP_TOPO_NODE,		/* between host bridges of one NUMA node */
	SNAP_TOPO_SYS,		/* across the sockets' interconnect */
	SNAP_TOPO_N
};

/* Parse a SYSFS_PCI record (src/sysfs/pci.c): 0, -EBADMSG for a line not
 * in its form (the others are kept), -ENOMEM. */
int sysfs_pci_parse(struct snapshot *s, int err, const char *buf, size_t len);

/* ---- src/model/topo.c ---- */
enum snap_pci_kind snap_pci_kind(const struct snap_pci *p);
const struct snap_pci *snap_pci_find(const struct snapshot *s, const char *addr);
/* The function behind RDMA device `dev`, or NULL. */
const struct snap_pci *snap_pci_of_dev(const struct snapshot *s, const char *dev);
enum snap_topo snap_topo(const struct snap_pci *a, const struct snap_pci *b);
const char *snap_topo_str(enum snap_topo t);
/* Whether the link trained below its maximum speed or width (both known);
 * never a root port's or downstream port's (the device below it tells). */
bool snap_pci_degraded(const struct snap_pci *p);
/* Whether current and maximum speed and width are all known. */
bool snap_pci_link_known(const struct snap_pci *p);
/* The PCIe generation of a speed in GT/s (2.5 -> 1 ... 64 -> 6), 0. */
int snap_pci_gen(double gts);
/* The nearest GPU's relation to p and how many GPUs are that near: 0 when
 * the host has no GPU. */
unsigned int snap_pci_nearest_gpu(const struct snapshot *s, const struct snap_pci *p,
				  enum snap_topo *rel);
/* The GPU a device node opens ("/dev/nvidia2", "/dev/dri/renderD130"), or
 * NULL (not a GPU's node, or none the walk read has that number). */
const struct snap_pci *snap_pci_of_node(const struct snapshot *s, const char *node);
/* Whether a relation is far: NODE or SYS (across root complexes). */
bool snap_topo_far(enum snap_topo t);
/* The bridges from p up to its root port, nearest first: their count
 * (at most max), each a row of s->pcis or NULL where the walk did not read it. */
unsigned int snap_pci_path(const struct snapshot *s, const struct snap_pci *p,
			   const struct snap_pci **up, unsigned int max);

#endif
