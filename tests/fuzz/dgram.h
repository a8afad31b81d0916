/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The netlink targets' input: datagrams, each a 16-bit little-endian
 * length and that many bytes (tests/fuzz/dgram.c). */
#ifndef RDMATOP_FUZZ_DGRAM_H
#define RDMATOP_FUZZ_DGRAM_H

#include <stddef.h>
#include <stdint.h>

/*
 * The datagram at *off of data (the last one cut at the input's end), in a
 * buffer of its own so that ASan sees reads past its end, its length in
 * *len; *off moves past it.  NULL when no datagram is left (or no memory).
 * The caller frees it.
 */
uint8_t *fuzz_dgram(const uint8_t *data, size_t size, size_t *off, size_t *len);

#endif
