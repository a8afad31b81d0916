// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The PCI walk's record (SYSFS_PCI, include/snap_pci.h): one line per sysfs
 * file read, in the formats of drivers/pci/pci-sysfs.c (6.1, 6.12): class
 * "0x%06x", vendor and device "0x%04x", numa_node "%d", local_cpulist a
 * CPU list, current_link_speed and max_link_speed pci_speed_string()
 * ("16.0 GT/s PCIe", "Unknown"; kernels before 5.0 printed "8 GT/s"),
 * current_link_width and max_link_width "%u"; and a GPU's device nodes,
 * "drm renderDN" and "nvidia_minor N" (src/source/pci.c).
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "snap_pci.h"
#include "util.h"

static struct snap_pci *pci_get(struct snapshot *s, const char *addr, size_t n)
{
	struct snap_pci *p;
	size_t i;

	if (!n || n >= SNAP_PCI_ADDR_MAX)
		return NULL;
	for (i = s->pcis.n; i-- > 0;) {
		p = SNAP_AT(&s->pcis, struct snap_pci, i);
		if (!strncmp(p->addr, addr, n) && !p->addr[n])
			return p;
	}
	p = snap_push(&s->pcis, sizeof(*p));
	if (!p)
		return NULL;
	memcpy(p->addr, addr, n);
	p->addr[n] = '\0';
	p->numa = -1;
	return p;
}

/* A number in the whole of v (base 0: "0x.." hex), within [lo, hi]. */
static int num(const char *v, long long lo, long long hi, long long *out)
{
	char *end;

	if (!*v)
		return -EBADMSG;
	errno = 0;
	*out = strtoll(v, &end, 0);
	if (errno || *end || *out < lo || *out > hi)
		return -EBADMSG;
	return 0;
}

/* A decimal number, the whole of v, at most hi. */
static int dec(const char *v, unsigned long hi, uint32_t *out)
{
	char *end;
	unsigned long n;

	if (*v < '0' || *v > '9')
		return -EBADMSG;
	errno = 0;
	n = strtoul(v, &end, 10);
	if (errno || *end || n > hi)
		return -EBADMSG;
	*out = (uint32_t)n;
	return 0;
}

/* pci_speed_string()'s text: GT/s, 0 for "Unknown" */
static int speed(const char *v, double *gts)
{
	char *end;

	if (!strcmp(v, "Unknown")) {
		*gts = 0;
		return 0;
	}
	errno = 0;
	*gts = strtod(v, &end);
	if (errno || end == v || strncmp(end, " GT/s", 5) || !(*gts > 0 && *gts < 1000))
		return -EBADMSG;
	return 0;
}

#define PCI_NUM(f) offsetof(struct snap_pci, f), sizeof(((struct snap_pci *)0)->f)

/* the files that hold one number: its range, its field and validity bit */
static const struct pci_num {
	const char *k;
	long long lo, hi;
	size_t off, size;
	uint32_t bit;
} nums[] = {
	{ "class", 0, 0xffffff, PCI_NUM(class_code), SNAP_PCI_CLASS },
	{ "vendor", 0, 0xffff, PCI_NUM(vendor), SNAP_PCI_VENDOR },
	{ "device", 0, 0xffff, PCI_NUM(device), SNAP_PCI_DEVICE },
	{ "numa_node", -1, 65535, PCI_NUM(numa), SNAP_PCI_NUMA },
	{ "current_link_width", 0, 32, PCI_NUM(cur_width), SNAP_PCI_CUR_WIDTH },
	{ "max_link_width", 0, 32, PCI_NUM(max_width), SNAP_PCI_MAX_WIDTH },
};

static int pci_num(struct snap_pci *p, const struct pci_num *f, const char *v)
{
	long long n;
	int ret = num(v, f->lo, f->hi, &n);

	if (ret)
		return ret;
	field_put((char *)p + f->off, f->size, (uint64_t)n); /* numa's -1 too */
	p->valid |= f->bit;
	return 0;
}

static int pci_attr(struct snap_pci *p, const char *k, const char *v)
{
	int ret = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(nums); i++)
		if (!strcmp(k, nums[i].k))
			return pci_num(p, &nums[i], v);
	if (!strcmp(k, "path")) {
		if (strncmp(v, "/sys/devices/", 13) || strlen(v) >= sizeof(p->path))
			return -EBADMSG;
		snprintf(p->path, sizeof(p->path), "%.*s", (int)sizeof(p->path) - 1, v);
		p->valid |= SNAP_PCI_PATH;
	} else if (!strcmp(k, "local_cpulist")) {
		if (strspn(v, "0123456789,-") != strlen(v))
			return -EBADMSG;
		snprintf(p->cpus, sizeof(p->cpus), "%.*s", (int)sizeof(p->cpus) - 1, v);
		p->valid |= SNAP_PCI_CPUS;
	} else if (!strcmp(k, "current_link_speed")) {
		if (!(ret = speed(v, &p->cur_speed)))
			p->valid |= SNAP_PCI_CUR_SPEED;
	} else if (!strcmp(k, "max_link_speed")) {
		if (!(ret = speed(v, &p->max_speed)))
			p->valid |= SNAP_PCI_MAX_SPEED;
	} else if (!strcmp(k, "drm")) {
		/* drm_sysfs.c's render node name, "renderD%d" (minors 128 on) */
		if (strncmp(v, "renderD", 7) || dec(v + 7, 0xfffff, &p->render))
			return -EBADMSG;
		p->valid |= SNAP_PCI_RENDER;
	} else if (!strcmp(k, "nvidia_minor")) {
		if (dec(v, 0xfffff, &p->nv_minor))
			return -EBADMSG;
		p->valid |= SNAP_PCI_NV_MINOR;
	}
	return ret;
}

/* one line, NUL-terminated, without its newline */
static int pci_line(struct snapshot *s, char *line)
{
	char *k, *v, *sp = strchr(line, ' ');
	struct snap_pci *p;

	if (!sp)
		return -EBADMSG;
	*sp = '\0';
	k = sp + 1;
	sp = strchr(k, ' ');
	if (!sp)
		return -EBADMSG;
	*sp = '\0';
	v = sp + 1;
	if (!strcmp(line, "ib")) {
		/* "ib DEV ADDR" */
		if (!*k || strlen(k) >= SNAP_DEV_NAME_MAX || strchr(v, ' '))
			return -EBADMSG;
		p = pci_get(s, v, strlen(v));
		if (!p)
			return strlen(v) && strlen(v) < SNAP_PCI_ADDR_MAX ? -ENOMEM : -EBADMSG;
		snprintf(p->ib, sizeof(p->ib), "%.*s", (int)sizeof(p->ib) - 1, k);
		return 0;
	}
	if (strspn(line, "0123456789abcdef:.") != strlen(line))
		return -EBADMSG;
	p = pci_get(s, line, strlen(line));
	if (!p)
		return strlen(line) && strlen(line) < SNAP_PCI_ADDR_MAX ? -ENOMEM : -EBADMSG;
	return pci_attr(p, k, v);
}

/*
 * The first line refused, said with its function and file ("unexpected
 * contents in rdmatop:pci" named neither), escaped: the bytes are the
 * file's.  Said once a record, as the record is fed every sample.
 */
static void said(struct snapshot *s, const char *line, size_t n, bool *once)
{
	char raw[128], esc[4 * sizeof(raw)], *k, *v;

	if (*once)
		return;
	*once = true;
	snprintf(raw, sizeof(raw), "%.*s", (int)(n < sizeof(raw) ? n : sizeof(raw) - 1), line);
	k = strchr(raw, ' ');
	v = k ? strchr(k + 1, ' ') : NULL;
	if (k && v) {
		*k = *v = '\0';
		snap_note(s, -EBADMSG, SNAP_NONE, "PCI %s: unexpected %s '%s'", raw, k + 1,
			  fmt_escape(esc, sizeof(esc), v + 1));
	} else {
		snap_note(s, -EBADMSG, SNAP_NONE, "PCI walk: unexpected line '%s'",
			  fmt_escape(esc, sizeof(esc), raw));
	}
}

int sysfs_pci_parse(struct snapshot *s, int err, const char *buf, size_t len)
{
	char line[512];
	size_t off = 0;
	bool once = false;
	int r;

	if (err || !buf)
		return 0;
	s->pcis.n = 0;
	while (off < len) {
		const char *nl = memchr(buf + off, '\n', len - off);
		size_t n = (nl ? (size_t)(nl - buf) : len) - off;

		if (n >= sizeof(line) || memchr(buf + off, '\0', n)) {
			said(s, buf + off, n, &once);
		} else if (n) {
			memcpy(line, buf + off, n);
			line[n] = '\0';
			r = pci_line(s, line);
			if (r == -ENOMEM)
				return r;
			if (r)
				said(s, buf + off, n, &once);
		}
		off += n + 1;
	}
	return 0;
}
