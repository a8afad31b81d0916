// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the metrics endpoint's parsers: a request head as
 * received (in one piece and byte by byte, which must agree), an Accept
 * value, and a --listen address.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "http.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct http_req a, b;
	struct sockaddr_storage ss;
	socklen_t sl;
	char *copy = malloc(size ? size : 1), *spec, err[128];
	ssize_t whole, part = 0;
	size_t n;

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	memset(&a, 0, sizeof(a));
	whole = http_parse(copy, size, &a);
	if (whole > (ssize_t)size)
		abort();
	/* as it would arrive in pieces: the first complete head is the same */
	for (n = 1; n <= size && n <= 512; n++) {
		memset(&b, 0, sizeof(b));
		part = http_parse(copy, n, &b);
		if (part)
			break;
	}
	if (part > 0 && size <= 512 && part != whole)
		abort();
	http_accept_openmetrics(copy, size);
	spec = malloc(size + 1);
	if (spec) {
		memcpy(spec, data, size);
		spec[size] = '\0';
		http_parse_listen(spec, &ss, &sl, err, sizeof(err));
		free(spec);
	}
	free(copy);
	return 0;
}
