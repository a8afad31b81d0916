// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the netdev parsers (src/net: DCB PFC, ethtool
 * netlink pause, FEC, link state and modes, the standard groups of
 * STATS_GET, `ethtool -S` buffers; seeds in tests/fuzz/seeds/net): the
 * first byte picks the input (enum snap_net_in, modulo), the second the
 * read result (0 or an errno), the rest is the answer.  The snapshot
 * knows port 1 of device 0 on netdev eth0, so counters get rows; eth1 and
 * eth2, eth0's lowers (a bond's slaves), are fed the same bytes, their
 * rows kept apart (src/net/lowctr.c).  A second sample of the same answer
 * follows, and the sample's pipeline on the two (the series check, carry,
 * rates: the rows' runs, src/net/runs.c; the lowers' sums onto eth0's
 * port, src/model/lowsum.c).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "advance.h"
#include "net.h"
#include "sysfs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void sample(struct snapshot *s, const uint8_t *data, size_t size, long sec)
{
	static const int errs[] = { 0, -EOPNOTSUPP, -ENODEV, -ENOENT, -EBADMSG };
	struct snap_port *p;

	snap_init(s);
	s->mono.tv_sec = sec;
	p = snap_port_get(s, 0, 1);
	if (p) {
		p->valid |= SNAP_PORT_NDEV;
		strcpy(p->ndev, "eth0");
	}
	sysfs_parse(s, "/sys/class/net/eth0/lower_eth1/operstate", 0, "up\n", 3);
	sysfs_parse(s, "/sys/class/net/eth0/lower_eth2/operstate", 0, "up\n", 3);
	net_parse(s, data[0] % (SNAP_NET_N + 1), "eth0", errs[data[1] % 5], data + 2, size - 2);
	/* the same bytes as every other input, a lower's rows too */
	net_parse(s, (data[0] + 1u) % SNAP_NET_N, "eth1", 0, data + 2, size - 2);
	net_parse(s, data[0] % SNAP_NET_N, "eth2", 0, data + 2, size - 2);
	snap_dedup(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct snapshot a, b;

	if (size < 2)
		return 0;
	sample(&a, data, size, 1);
	sample(&b, data, size, 2);
	snap_advance(NULL, &a);
	snap_advance(&a, &b);
	snap_free(&a);
	snap_free(&b);
	return 0;
}
