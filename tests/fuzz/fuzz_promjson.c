// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for Prometheus's answers (--prometheus): any bytes as
 * an /api/v1/query answer and as /api/v1/status/config's.  The parser
 * takes them or says why; what it takes stays within its limits (series),
 * builds a cluster model whose fields stay UTF-8 (cut where a character
 * ends), and is written as text and JSON.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "prom.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct prom_qstate q[PROM_Q_N];
	struct prom_model m;
	char err[256];
	size_t i;
	int ret, qi;
	FILE *null;

	err[0] = '\0';
	ret = prom_parse_answer((const char *)data, size, 100, &q[0].v, err, sizeof(err));
	if (ret && (!err[0] || q[0].v.n || q[0].v.s))
		abort();
	if (!ret && q[0].v.n > 100)
		abort();
	/* the same answer for every query: the model takes any shape */
	for (qi = 0; qi < PROM_Q_N; qi++) {
		q[qi].have = !ret;
		if (qi && !ret)
			q[qi].v = q[0].v;
	}
	if (!prom_model_build(&m, q)) {
		null = fopen("/dev/null", "w");
		if (null) {
			prom_out_text(null, &m, q, NULL);
			prom_out_json(null, &m, q, NULL);
			fclose(null);
		}
		/* a field holds its label cut where a character ends:
		 * jansson's strings are UTF-8, so the field stays so */
		for (i = 0; i < m.n_hosts; i++) {
			const unsigned char *p = (const unsigned char *)m.hosts[i].instance;
			uint32_t cp;

			if (!memchr(p, '\0', sizeof(m.hosts[i].instance)))
				abort();
			for (; *p; p += fmt_utf8(p, &cp))
				if (fmt_utf8(p, &cp), cp == FMT_UTF8_BAD)
					abort();
		}
		prom_model_free(&m);
	}
	for (qi = 1; qi < PROM_Q_N; qi++)
		memset(&q[qi].v, 0, sizeof(q[qi].v));
	prom_vector_free(&q[0].v);
	err[0] = '\0';
	if (prom_parse_interval((const char *)data, size, err, sizeof(err)) <= 0 && !err[0])
		abort();
	return 0;
}
