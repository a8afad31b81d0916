// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the transceiver module parsers (src/net/module.c,
 * src/model/module.c; seeds in tests/fuzz/seeds/module): the first byte
 * picks the form.  Even: the rest is a MODULE_EEPROM_GET input (requests
 * and their answers, as the live side feeds them) through net_parse, its
 * verdict and the pages' next read.  Odd: the rest is pages, each four
 * bytes (I2C address, bank, page, upper half) and 128 bytes, decoded
 * directly, then every reading's math (dBm, the thresholds crossed).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "net.h"
#include "verdict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void pages(const uint8_t *d, size_t n)
{
	struct net_module_ask a;
	struct mod_pages pg;
	struct mod_info m;
	unsigned q, l;
	double mw = 0;

	memset(&pg, 0, sizeof(pg));
	while (n >= 4 + 128) {
		mod_put(&pg, d[0] & 0x7f, d[1] & 7, d[2], d[3] & 1 ? 128 : 0, d + 4, 128);
		d += 4 + 128;
		n -= 4 + 128;
	}
	if (n > 4)
		mod_put(&pg, d[0] & 0x7f, d[1] & 7, d[2], (d[3] & 1 ? 128 : 0) + (d[3] >> 1 & 63),
			d + 4, n - 4 > 64 ? 64 : n - 4);
	net_module_next(&pg, &a);
	if (mod_decode(&pg, &m))
		return;
	mod_rx_min(&m, &mw, &l);
	mod_dbm(mw);
	mod_dbm(m.temp);
	for (q = 0; q < MOD_Q_N; q++)
		for (l = 0; l < MOD_LANES; l++) {
			mod_flags(&m, q, l);
			mod_crossed(&m, q, m.rxpwr[l]);
		}
	(void)mod_id_name(m.id);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct snapshot s;
	struct snap_port *p;
	struct verdict v;

	if (size < 1)
		return 0;
	if (data[0] & 1) {
		pages(data + 1, size - 1);
		return 0;
	}
	snap_init(&s);
	p = snap_port_get(&s, 0, 1);
	if (p) {
		p->valid |= SNAP_PORT_NDEV;
		strcpy(p->ndev, "eth0");
	}
	net_parse(&s, SNAP_NET_MODULE, "eth0", 0, data + 1, size - 1);
	p = snap_port_find(&s, 0, 1);
	if (p)
		verdict_port(&s, p, &v);
	snap_free(&s);
	return 0;
}
