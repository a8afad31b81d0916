// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for --prometheus-config (Prometheus's http_config):
 * any bytes as the file's text, and as --match and --at.  It parses or
 * fails with a message, and a failed config is left empty; a parsed one
 * keeps the format's rules (one kind of auth, a password only with a
 * user, a certificate with its key, Prometheus's proxy rules, versions in
 * order) and picks a proxy for a URL; the bytes are a no_proxy list too.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "prom.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct prom_config c;
	struct prom_qctx ctx = { .window = 4, .instance = "h:1" };
	char err[256], *text = malloc(size + 1), q[8192];
	double t;
	int i;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	err[0] = '\0';
	if (prom_config_parse(&c, text, size, err, sizeof(err))) {
		if (!err[0] || c.ca_file || c.username || c.credentials || c.cert_file)
			abort();
	} else {
		if (c.username && c.credentials)
			abort();
		if (c.password && !c.username)
			abort();
		if (!!c.cert_file != !!c.key_file)
			abort();
		if (c.credentials && !c.auth_type)
			abort();
		if ((c.proxy_url && c.proxy_from_environment) ||
		    (c.no_proxy && *c.no_proxy && !c.proxy_url))
			abort();
		if (c.tls_min && c.tls_max && c.tls_max < c.tls_min)
			abort();
		if (c.client_id && (c.username || c.credentials || !c.token_url))
			abort();
		{
			char buf[512];
			const char *from;
			char *form = c.client_id ? prom_oauth2_form(&c) : NULL;

			if (prom_proxy_for(&c, "http://h.example:9090/", NULL, buf, sizeof(buf),
					   &from) &&
			    (!buf[0] || !from))
				abort();
			free(form);
		}
		prom_config_free(&c);
	}
	/* the same bytes as a selector: checked, and a checked one makes
	 * queries that fit or say they do not */
	if (!memchr(data, '\0', size) && !prom_match_check(text, err, sizeof(err))) {
		ctx.match = text;
		for (i = 0; i < PROM_Q_N; i++)
			if (prom_q_text((enum prom_q)i, &ctx, q, sizeof(q)) >= (int)sizeof(q))
				abort();
	}
	/* and as a search and a filter of the top rows' queries: any text
	 * is quoted, or the query says it does not fit */
	if (!memchr(data, '\0', size)) {
		char m[512] = "";

		ctx.match = "";
		ctx.ports = (struct prom_qtop){ .n = 50, .col = "util", .search = text, .match = m };
		ctx.jobs = (struct prom_qtop){ .n = 50, .col = "qps", .asc = true, .search = text };
		if (prom_q_filter(PROM_Q_PORTS, text, m, sizeof(m)) < 0 && m[0])
			abort();
		for (i = 0; i < PROM_Q_N; i++)
			if (prom_q_text((enum prom_q)i, &ctx, q, sizeof(q)) >= (int)sizeof(q))
				abort();
		ctx.ports = ctx.jobs = (struct prom_qtop){ 0 };
	}
	(void)prom_parse_time(text, 1796094720, &t, err, sizeof(err));
	if (!memchr(data, '\0', size)) {
		(void)prom_no_proxy(text, "http://a.b.example:80/");
		(void)prom_no_proxy(text, "https://[fd00::1]/");
		(void)prom_no_proxy(text, "http://10.1.2.3:8080/");
	}
	free(text);
	return 0;
}
