/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The src/net tests' snapshot: an RDMA port on a netdev, its counters. */
#ifndef RDMATOP_TEST_NETPORT_H
#define RDMATOP_TEST_NETPORT_H

#include <stdint.h>

#include "snapshot.h"

/* port 1 of device 0, bound to netdev ndev */
void test_port_on(struct snapshot *s, const char *ndev);
/* the counter of source src named name, NULL if none */
const struct snap_counter *test_counter(const struct snapshot *s, uint8_t src, const char *name);

#endif
