// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the metrics endpoint's own parsers: an Accept
 * value and a --listen address (the request head is libmicrohttpd's).
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
