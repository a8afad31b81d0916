// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A PCIe link's degraded mark (src/model/topo.c snap_pci_degraded): an
 * endpoint or a switch's upstream port below its maximum speed or width
 * is degraded; a root port or a switch's downstream port never is (it
 * trains to the device below it, as lspci's link_compare has it), also
 * below a VMD domain; an unknown link is not.  A line refused is said
 * with its function and file.
 */
#include <string.h>

#include "snap_pci.h"
#include "sysfs.h"
#include "test.h"

#define LINK(a, cur, curw, max, maxw)                                                   \
	a " current_link_speed " cur " PCIe\n" a " current_link_width " curw "\n" a     \
	  " max_link_speed " max " PCIe\n" a " max_link_width " maxw "\n"

/* Root port 00:02.0 (x16 Gen4) above switch 01:00.0 (upstream, x8 of x16)
 * with downstream port 02:01.0 (x4 of x16) above mlx5 03:00.0 (x4 of x16);
 * root port 00:03.0 at x1 Gen1 above e1000e 04:00.0 (x1 Gen1 of x1 Gen1);
 * a VMD domain's root port 10000:e0:1a.0 (x2 of x4); a port with no link. */
static const char walk[] =
	"0000:00:02.0 path /sys/devices/pci0000:00/0000:00:02.0\n"
	"0000:00:02.0 class 0x060400\n" LINK("0000:00:02.0", "16.0 GT/s", "8", "16.0 GT/s", "16")
	"0000:01:00.0 path /sys/devices/pci0000:00/0000:00:02.0/0000:01:00.0\n"
	"0000:01:00.0 class 0x060400\n" LINK("0000:01:00.0", "16.0 GT/s", "8", "16.0 GT/s", "16")
	"0000:02:01.0 path /sys/devices/pci0000:00/0000:00:02.0/0000:01:00.0/0000:02:01.0\n"
	"0000:02:01.0 class 0x060400\n" LINK("0000:02:01.0", "16.0 GT/s", "4", "16.0 GT/s", "16")
	"0000:03:00.0 path /sys/devices/pci0000:00/0000:00:02.0/0000:01:00.0/0000:02:01.0/"
	"0000:03:00.0\n"
	"0000:03:00.0 class 0x020000\n" LINK("0000:03:00.0", "16.0 GT/s", "4", "16.0 GT/s", "16")
	"0000:00:03.0 path /sys/devices/pci0000:00/0000:00:03.0\n"
	"0000:00:03.0 class 0x060400\n" LINK("0000:00:03.0", "2.5 GT/s", "1", "8.0 GT/s", "4")
	"0000:04:00.0 path /sys/devices/pci0000:00/0000:00:03.0/0000:04:00.0\n"
	"0000:04:00.0 class 0x020000\n" LINK("0000:04:00.0", "2.5 GT/s", "1", "2.5 GT/s", "1")
	"10000:e0:1a.0 path /sys/devices/pci0000:00/0000:00:0e.0/pci10000:e0/10000:e0:1a.0\n"
	"10000:e0:1a.0 class 0x060400\n" LINK("10000:e0:1a.0", "8.0 GT/s", "2", "8.0 GT/s", "4")
	"0000:00:04.0 path /sys/devices/pci0000:00/0000:00:04.0\n"
	"0000:00:04.0 class 0x020000\n"
	"0000:00:04.0 current_link_width 1\n";

static bool degraded(const struct snapshot *s, const char *addr)
{
	const struct snap_pci *p = snap_pci_find(s, addr);

	CHECK(p != NULL);
	return p && snap_pci_degraded(p);
}

static void test_degraded(void)
{
	struct snapshot s;

	snap_init(&s);
	CHECK_EQ_U(sysfs_pci_parse(&s, 0, walk, strlen(walk)), 0);
	CHECK_EQ_U(s.pcis.n, 8);
	CHECK(!degraded(&s, "0000:00:02.0"));	/* root port above an x8 link */
	CHECK(degraded(&s, "0000:01:00.0"));	/* upstream port at x8 of x16 */
	CHECK(!degraded(&s, "0000:02:01.0"));	/* downstream port */
	CHECK(degraded(&s, "0000:03:00.0"));	/* the NIC at x4 of x16 */
	CHECK(!degraded(&s, "0000:00:03.0"));	/* root port above an x1 Gen1 NIC */
	CHECK(!degraded(&s, "0000:04:00.0"));	/* at its own maximum */
	CHECK(!degraded(&s, "10000:e0:1a.0"));	/* a VMD domain's root port */
	CHECK(!degraded(&s, "0000:00:04.0"));	/* link not known */
	snap_free(&s);
}

/* A line refused: one note, naming the function and the file, the file's
 * bytes escaped ("unexpected contents in rdmatop:pci" named neither). */
static void test_bad_line(void)
{
	static const char bad[] = "0000:03:00.0 path /sys/devices/pci0000:00/0000:03:00.0\n"
				  "0000:03:00.0 current_link_speed fast\x1b]0;x\x07 PCIe\n"
				  "0000:03:00.0 max_link_width wide\n";
	struct snapshot s;

	snap_init(&s);
	CHECK_EQ_U(sysfs_pci_parse(&s, 0, bad, strlen(bad)), 0);
	CHECK_EQ_U(s.pcis.n, 1);
	CHECK_EQ_U(s.notes.n, 1);
	if (s.notes.n)
		CHECK_EQ_S(snap_s(&s, SNAP_AT(&s.notes, struct snap_note, 0)->text),
			   "PCI 0000:03:00.0: unexpected current_link_speed 'fast\\x1b]0;x\\x07 PCIe'");
	snap_free(&s);
}

TEST_MAIN(test_degraded, test_bad_line)
