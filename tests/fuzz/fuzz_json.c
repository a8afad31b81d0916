// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the JSON writer (out_json, json_res.c): a snapshot of
 * arbitrary contents (snapgen.c) with a sort column, order and -p from the
 * input.  The output must end within its bound and be one strict JSON
 * object on one line whose strings are UTF-8 with every control and bidi
 * character escaped (check.c; the smoke run also parses the outputs with
 * python3's json).
 */
#include <stdint.h>

#include "snapgen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fz_writer_run(data, size, FZ_JSON);
}
