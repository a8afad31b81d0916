// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for --web-config: any bytes as the file's text.  It
 * parses or fails with a message; a parsed config keeps its promises
 * (TLS has a certificate and a key and its versions in order, every user
 * a bcrypt hash of a cost in range), and a failed one is left empty.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "webcfg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct webcfg c;
	char *text = malloc(size ? size : 1), err[256];
	size_t i;

	if (!text)
		return 0;
	memcpy(text, data, size);
	err[0] = '\0';
	if (webcfg_parse(&c, text, size, "/etc", err, sizeof(err))) {
		if (!err[0] || c.tls || c.n_users || c.users || c.cert_file || c.cert_pem)
			abort();
	} else {
		if (c.tls && ((!c.cert_file && !c.cert_pem) || (!c.key_file && !c.key_pem)))
			abort();
		/* versions without a certificate are unused, unchecked (as in
		 * the toolkit), yet always in range */
		if ((c.tls && c.min_version > c.max_version) || c.min_version < WEBCFG_TLS10 ||
		    c.max_version > WEBCFG_TLS13)
			abort();
		for (i = 0; i < c.n_users; i++)
			if (!c.users[i].hash || strlen(c.users[i].hash) != 60 ||
			    strchr(c.users[i].name, ':') ||
			    webcfg_bcrypt_cost(c.users[i].hash) < WEBCFG_COST_MIN ||
			    webcfg_bcrypt_cost(c.users[i].hash) > WEBCFG_COST_MAX)
				abort();
		(void)webcfg_client_auth_name(c.client_auth);
	}
	webcfg_free(&c);
	free(text);
	return 0;
}
