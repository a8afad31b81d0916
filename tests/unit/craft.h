/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Crafted kernel bytes for the bound tests (tests/unit/test_bound.c) and the
 * crafted recordings of tests/harden (mkcraft.c). */
#ifndef RDMATOP_TEST_CRAFT_H
#define RDMATOP_TEST_CRAFT_H

#include <stddef.h>
#include <stdint.h>

/* A RES_QP dump datagram of minimal entries (an LQPN each), as many as fit
 * in cap bytes: the most rows a datagram of that size can make. */
size_t craft_qp_datagram(uint8_t *buf, size_t cap);

#endif
