// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the text batch writer (out_text): a snapshot of
 * arbitrary contents (snapgen.c) with a sort column, order and -p from the
 * input.  The output must end within its bound and hold no raw control or
 * bidi character, and be UTF-8: names are escaped.
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
	out_text(f, &s, &o);
	out = fz_out_close(f, &len);
	fz_check_terminal_text(out, len);
	fz_dump("txt", out, len);
	free(out);
	snap_free(&s);
	return 0;
}
