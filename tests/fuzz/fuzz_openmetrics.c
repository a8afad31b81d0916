// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the OpenMetrics 1.0 exposition (out_openmetrics,
 * openmetrics_procs.c): a snapshot of arbitrary contents (snapgen.c), the
 * per-process cap and the timing options from the input.  The output must
 * end within its bound and follow the format's grammar (check.c: names,
 * label escapes, UTF-8, families whole and typed, no series twice); the
 * smoke run also feeds the outputs to a real OpenMetrics parser (python3-prometheus-client).
 */
#include <stdint.h>
#include <stdlib.h>

#include "out.h"
#include "snapgen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz z = { data, size };
	struct out_om_opts o = { .format = OUT_OM_OPENMETRICS };
	struct snapshot s;
	uint8_t k = fz_u8(&z);
	size_t len;
	char *out;
	FILE *f;

	o.max_procs = fz_u8(&z) % 64;
	o.sample_seconds = k & 1 ? (double)fz_u32(&z) / 1e6 : -1;
	o.timed = k & 2;
	snap_init(&s);
	fz_snapshot(&s, &z);
	f = fz_out_open(FZ_OUT_CAP(size));
	out_openmetrics(f, &s, &o);
	out = fz_out_close(f, &len);
	fz_check_exposition(out, len, true);
	fz_dump("om", out, len);
	free(out);
	snap_free(&s);
	return 0;
}
