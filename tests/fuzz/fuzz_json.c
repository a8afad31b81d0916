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
#include <stdlib.h>

#include "out.h"
#include "snapgen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz z = { data, size };
	struct out_opts o = { .sort_col = -1 };
	struct snapshot s;
	size_t n_cols, len;
	uint8_t k = fz_u8(&z);
	char *out;
	FILE *f;

	view_cols(VIEW_QPS, &n_cols);
	if (k & 0x80)
		o.sort_col = (int)(fz_u8(&z) % n_cols);
	o.reverse = k & 0x40;
	if (k & 0x20)
		o.pid = 1 + fz_u8(&z) % 32;
	snap_init(&s);
	fz_snapshot(&s, &z);
	f = fz_out_open(FZ_OUT_CAP(size));
	out_json(f, &s, &o);
	out = fz_out_close(f, &len);
	fz_check_json_lines(out, len);
	fz_dump("json", out, len);
	free(out);
	snap_free(&s);
	return 0;
}
