// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the text batch writer (out_text): a snapshot of
 * arbitrary contents (snapgen.c) with a sort column, order and -p from the
 * input.  The output must end within its bound and hold no raw control or
 * bidi character, and be UTF-8: names are escaped.
 */
#include <stdint.h>

#include "snapgen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fz_writer_run(data, size, FZ_TEXT);
}
