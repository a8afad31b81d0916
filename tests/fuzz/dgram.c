// SPDX-License-Identifier: GPL-2.0-or-later
/* The netlink targets' datagrams (dgram.h). */
#include <stdlib.h>
#include <string.h>

#include "dgram.h"

uint8_t *fuzz_dgram(const uint8_t *data, size_t size, size_t *off, size_t *len)
{
	uint8_t *dg;
	size_t n;

	if (*off + 2 > size)
		return NULL;
	n = (size_t)data[*off] | (size_t)data[*off + 1] << 8;
	*off += 2;
	if (n > size - *off)
		n = size - *off;
	dg = malloc(n ? n : 1);
	if (!dg)
		return NULL;
	memcpy(dg, data + *off, n);
	*off += n;
	*len = n;
	return dg;
}
