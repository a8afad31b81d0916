// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the Prometheus 0.0.4 text (out_openmetrics,
 * openmetrics_procs.c): a snapshot of arbitrary contents (snapgen.c), the
 * per-process cap and the timing options from the input.  The output must
 * end within its bound and follow the format's grammar (check.c: names,
 * label escapes, UTF-8, families whole and typed, no series twice); the
 * smoke run also feeds the outputs to promtool check metrics.
 */
#include <stdint.h>

#include "snapgen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fz_writer_run(data, size, FZ_PROMETHEUS);
}
