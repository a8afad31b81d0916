// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for Prometheus's answers (--prometheus): any bytes as
 * an /api/v1/query answer and as /api/v1/status/config's.  The parser
 * takes them or says why; what it takes stays within its limits (series,
 * label sizes), builds a cluster model, and is written as text and JSON.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prom.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct prom_qstate q[PROM_Q_N];
	struct prom_model m;
	char err[256];
	size_t i, k;
	int ret, qi;
	FILE *null;

	err[0] = '\0';
	ret = prom_parse_answer((const char *)data, size, 100, &q[0].v, err, sizeof(err));
	if (ret && (!err[0] || q[0].v.n || q[0].v.s))
		abort();
	if (!ret && q[0].v.n > 100)
		abort();
	for (i = 0; !ret && i < q[0].v.n; i++)
		for (k = 0; k < q[0].v.s[i].n_labels; k++)
			if (strlen(q[0].v.s[i].labels[k].value) >= PROM_LABEL_MAX)
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
		for (i = 0; i < m.n_hosts; i++)
			if (!memchr(m.hosts[i].instance, '\0', sizeof(m.hosts[i].instance)))
				abort();
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
