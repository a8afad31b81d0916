// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the metrics endpoint's own parsers: an Accept
 * value, a --listen address, and the check of a plain request head made
 * before libmicrohttpd reads it (whole, cut short, refused: a head that
 * is whole or refused stays so with more bytes after it).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "http.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sockaddr_storage ss;
	socklen_t sl;
	char *spec, err[128];

	/* exactly size bytes: a read past them is caught by ASan */
	spec = malloc(size ? size : 1);
	if (!spec)
		return 0;
	memcpy(spec, data, size);
	http_accept_openmetrics(spec, size);
	{
		int v = http_head_check(spec, size);

		if (v < -1 || v > 1)
			abort();
		/* the first half, as a head that came in two parts: when it
		 * was whole or refused, the rest does not change that */
		int p = http_head_check(spec, size / 2);

		if ((p == 1 && v != 1) || (p == -1 && v != -1))
			abort();
	}
	free(spec);
	spec = malloc(size + 1);
	if (!spec)
		return 0;
	memcpy(spec, data, size);
	spec[size] = '\0';
	if (!http_parse_listen(spec, &ss, &sl, err, sizeof(err)))
		http_addr_is_wildcard(&ss);
	free(spec);
	return 0;
}
