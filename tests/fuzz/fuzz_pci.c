// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the live source's PCI walk (src/source/pci.c) over
 * a --sysroot tree built from the input in a directory of its own: PCI
 * functions nested under bridges, their links in /sys/bus/pci/devices
 * (some hostile: to the root, to themselves, out of the tree), their
 * attribute files with any bytes, RDMA devices' and netdevs' `device`
 * links, DRM render nodes and NVIDIA's procfs, and FIFOs and directories
 * where files are read.  The walk must end (a FIFO held it) and its
 * text must be what sysfs_pci_parse reads: lines "A K V" whose A is a
 * function listed in the tree (or "ib DEV ADDR" for a device the snapshot
 * has), whose path V names a directory inside the tree, none twice; fed
 * through the parser, every path line gives its function that path.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../src/source/live.h"
#include "snap_pci.h"
#include "snapgen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define N_FN 8
static char root[PATH_MAX];
static const char *const devs[] = { "mlx5_0", "rxe0", "siw0" };
static const char *const attrs[] = {
	"class", "vendor", "device", "numa_node", "local_cpulist", "current_link_speed",
	"max_link_speed", "current_link_width", "max_link_width",
};

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)f;
	return flag == FTW_DP ? rmdir(p) : unlink(p);
}

static void wipe(void)
{
	char p[PATH_MAX + 8];

	snprintf(p, sizeof(p), "%s/sys", root);
	nftw(p, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	snprintf(p, sizeof(p), "%s/proc", root);
	nftw(p, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* The tree's real path, and whether PATH's directory lies in it.  Case 2
 * below links a function to "/", "/etc" or above the tree: what the
 * fuzzer itself then writes, removes or links must not follow those links
 * out of the tree (it once wrote /class and /vendor). */
static char root_real[PATH_MAX];

static int in_tree(const char *path)
{
	char d[PATH_MAX], r[PATH_MAX];
	char *s;
	size_t n = strlen(root_real);

	snprintf(d, sizeof(d), "%s", path);
	s = strrchr(d, '/');
	if (!s || !n)
		return 0;
	*s = '\0';
	if (!realpath(d, r))
		return 0;
	return !strncmp(r, root_real, n) && (r[n] == '/' || !r[n]);
}

static int t_unlink(const char *p)
{
	return in_tree(p) ? unlink(p) : -1;
}

static int t_mkdir(const char *p, mode_t m)
{
	return in_tree(p) ? mkdir(p, m) : -1;
}

static int t_mkfifo(const char *p, mode_t m)
{
	return in_tree(p) ? mkfifo(p, m) : -1;
}

static int t_symlink(const char *to, const char *p)
{
	return in_tree(p) ? symlink(to, p) : -1;
}

static void mkdirs(const char *path)
{
	char p[PATH_MAX];
	char *s;

	snprintf(p, sizeof(p), "%s", path);
	for (s = p + strlen(root) + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		t_mkdir(p, 0755);
		*s = '/';
	}
	t_mkdir(p, 0755);
}

/* a new file in place of what was there: opening a FIFO the input made
 * to write would wait for a reader */
static void put_file(const char *path, const char *v, size_t n)
{
	int fd;

	if (!in_tree(path))
		return;
	if (unlink(path))
		rmdir(path);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NONBLOCK, 0644);

	if (fd >= 0) {
		if (write(fd, v, n) < 0)
			abort();
		close(fd);
	}
}

static void gone(void)
{
	wipe();
	rmdir(root);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *t = getenv("TMPDIR");

	(void)argc;
	(void)argv;
	snprintf(root, sizeof(root), "%s/rdmatop-fuzz-pci-XXXXXX", t ? t : "/tmp");
	if (!mkdtemp(root) || !realpath(root, root_real))
		abort();
	atexit(gone);
	return 0;
}

static void fn_addr(char *buf, size_t len, unsigned int i)
{
	snprintf(buf, len, "0000:%02x:00.%u", 0x10 + i / 2, i % 2);
}

/* the tree from the input; fn[i]: where function i lives, "" if nowhere */
static void build(struct fz *z, char fn[N_FN][PATH_MAX])
{
	char p[PATH_MAX * 2], q[PATH_MAX], a[32], v[256];
	unsigned int n = fz_u8(z) % 48, k, i;

	snprintf(p, sizeof(p), "%s/sys/bus/pci/devices", root);
	mkdirs(p);
	for (k = 0; k < n; k++) {
		uint8_t op = fz_u8(z), arg = fz_u8(z);

		i = arg % N_FN;
		fn_addr(a, sizeof(a), i);
		switch (op % 9) {
		case 0: /* a function, under the root complex or a bridge */
			if (fn[arg / N_FN % N_FN][0] && arg / N_FN % N_FN != i)
				snprintf(q, sizeof(q), "%.3000s/%s", fn[arg / N_FN % N_FN], a);
			else
				snprintf(q, sizeof(q), "%s/sys/devices/pci0000:00/%s", root, a);
			if (strlen(q) > 3000)
				break;
			mkdirs(q);
			snprintf(fn[i], PATH_MAX, "%s", q);
			snprintf(p, sizeof(p), "%s/sys/bus/pci/devices/%s", root, a);
			t_unlink(p);
			if (t_symlink(q, p))
				break;
			break;
		case 1: { /* an attribute file, any bytes */
			size_t len = fz_u8(z) % sizeof(v);

			for (size_t j = 0; j < len; j++)
				v[j] = (char)fz_u8(z);
			snprintf(p, sizeof(p), "%s/sys/bus/pci/devices/%s/%s", root, a,
				 attrs[fz_u8(z) % (sizeof(attrs) / sizeof(attrs[0]))]);
			put_file(p, v, len);
			break;
		}
		case 2: { /* a hostile link in place of the function's */
			static const char *const to[] = { "/", "..", "../../../..", "/etc",
							  "loop", "../../../devices", "" };

			snprintf(p, sizeof(p), "%s/sys/bus/pci/devices/%s", root, a);
			t_unlink(p);
			if (t_symlink(to[arg / N_FN % 7][0] ? to[arg / N_FN % 7] : p, p))
				break;
			break;
		}
		case 3: /* an RDMA device on a function */
		case 4: /* a netdev on one (Soft-RoCE's port) */
			snprintf(p, sizeof(p), "%s/sys/class/%s/%s", root,
				 op % 9 == 3 ? "infiniband" : "net",
				 op % 9 == 3 ? devs[arg / N_FN % 3] : "eth0");
			mkdirs(p);
			snprintf(p + strlen(p), sizeof(p) - strlen(p), "/device");
			t_unlink(p);
			if (fn[i][0] && t_symlink(fn[i], p))
				break;
			break;
		case 5: /* a DRM node; a name from the input */
			fz_name(z, v, 40);
			if (strchr(v, '/') || !v[0] || !strcmp(v, ".") || !strcmp(v, ".."))
				break;
			snprintf(p, sizeof(p), "%s/sys/bus/pci/devices/%s/drm/%s", root, a, v);
			mkdirs(p);
			break;
		case 6: /* NVIDIA's information file */
			fz_name(z, v, sizeof(v));
			snprintf(p, sizeof(p), "%s/proc/driver/nvidia/gpus/%s", root, a);
			mkdirs(p);
			strcat(p, "/information");
			put_file(p, v, strlen(v));
			break;
		case 7: /* a virtio device under a function, the RDMA device's */
			if (!fn[i][0])
				break;
			snprintf(p, sizeof(p), "%s/virtio%u", fn[i], arg / N_FN % 4);
			mkdirs(p);
			snprintf(q, sizeof(q), "%s/sys/class/infiniband/%s", root,
				 devs[arg / N_FN % 3]);
			mkdirs(q);
			strcat(q, "/device");
			t_unlink(q);
			if (t_symlink(p, q))
				break;
			break;
		case 8: /* a FIFO or a directory where a file is read */
			if (arg / N_FN % 10 == 9) {
				snprintf(p, sizeof(p), "%s/proc/driver/nvidia/gpus/%s", root, a);
				mkdirs(p);
				strcat(p, "/information");
			} else {
				snprintf(p, sizeof(p), "%s/sys/bus/pci/devices/%s/%s", root, a,
					 attrs[arg / N_FN % 10]);
			}
			t_unlink(p);
			if (arg & 0x80 ? t_mkdir(p, 0755) : t_mkfifo(p, 0644))
				break;
			break;
		}
	}
}

static void line_check(const char *t, size_t len, const char *l, const char *end,
		       unsigned char *seen)
{
	char a[64], k[64], p[PATH_MAX], r[PATH_MAX];
	const char *s1 = memchr(l, ' ', (size_t)(end - l)), *s2;
	size_t i;

	if (!s1 || !(s2 = memchr(s1 + 1, ' ', (size_t)(end - s1 - 1))) || s1 == l ||
	    s2 == s1 + 1 || s2 + 1 == end || (size_t)(s1 - l) >= sizeof(a) ||
	    (size_t)(s2 - s1 - 1) >= sizeof(k) || memchr(l, '\0', (size_t)(end - l)))
		fz_fail("walk: not a line \"A K V\"", t, len, (size_t)(l - t));
	snprintf(a, sizeof(a), "%.*s", (int)(s1 - l), l);
	snprintf(k, sizeof(k), "%.*s", (int)(s2 - s1 - 1), s1 + 1);
	if (!strcmp(a, "ib")) {
		for (i = 0; i < 3 && strcmp(k, devs[i]); i++)
			;
		if (i == 3)
			fz_fail("walk: a device the snapshot has not", t, len, (size_t)(l - t));
		snprintf(a, sizeof(a), "%.*s", (int)(end - s2 - 1), s2 + 1);
	}
	for (i = 0; i < N_FN; i++) {
		char fa[32];

		fn_addr(fa, sizeof(fa), (unsigned int)i);
		if (!strcmp(a, fa))
			break;
	}
	if (i == N_FN)
		fz_fail("walk: a function not in the tree", t, len, (size_t)(l - t));
	if (!strcmp(k, "path")) {
		if (seen[i]++)
			fz_fail("walk: a function's path twice", t, len, (size_t)(l - t));
		snprintf(p, sizeof(p), "%s%.*s", root, (int)(end - s2 - 1), s2 + 1);
		if (strncmp(s2 + 1, "/sys/devices/", 13) || !realpath(p, r) || strcmp(p, r))
			fz_fail("walk: a path not a directory of the tree", t, len, (size_t)(l - t));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char fn[N_FN][PATH_MAX];
	struct fz z = { data, size };
	struct live *l = calloc(1, sizeof(*l));
	struct source src = { .priv = l };
	unsigned char seen[N_FN] = { 0 };
	struct snapshot s;
	const char *p, *e;
	size_t i, paths = 0;

	if (!l)
		return 0;
	memset(fn, 0, sizeof(fn));
	wipe();
	snprintf(l->sysroot, sizeof(l->sysroot), "%s", root);
	snap_init(&s);
	for (i = 0; i < 3; i++) {
		struct snap_dev *d = snap_push(&s.devs, sizeof(*d));

		if (!d)
			abort();
		snprintf(d->name, sizeof(d->name), "%s", devs[i]);
		d->index = (uint32_t)i;
	}
	{
		struct snap_port *pt = snap_port_get(&s, 1, 1);

		if (pt) {
			pt->valid |= SNAP_PORT_NDEV;
			strcpy(pt->ndev, "eth0");
		}
	}
	build(&z, fn);
	live_read_pci(&src, &s);
	for (p = l->pci; p && p < l->pci + l->pci_len; p = e + 1) {
		e = memchr(p, '\n', (size_t)(l->pci + l->pci_len - p));
		if (!e)
			fz_fail("walk: a line without its end", l->pci, l->pci_len, (size_t)(p - l->pci));
		line_check(l->pci, l->pci_len, p, e, seen);
	}
	/* the parser takes every path the walk gave, for its function */
	for (i = 0; i < s.pcis.n; i++) {
		const struct snap_pci *c = SNAP_AT(&s.pcis, struct snap_pci, i);

		if (c->valid & SNAP_PCI_PATH) {
			char want[PATH_MAX + 32];

			snprintf(want, sizeof(want), "%s path %s\n", c->addr, c->path);
			if (!l->pci || !memmem(l->pci, l->pci_len, want, strlen(want)))
				fz_fail("parse: a path the walk did not give", l->pci, l->pci_len, 0);
			paths++;
		}
	}
	for (i = 0; i < N_FN; i++)
		if (seen[i])
			paths--;
	if (paths)
		fz_fail("parse: not every path of the walk", l->pci, l->pci_len, 0);
	free(l->pci);
	free(l->pci_key);
	free(l);
	snap_free(&s);
	return 0;
}
