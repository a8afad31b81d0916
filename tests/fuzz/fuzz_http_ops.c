// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the endpoint's operator side: an Accept-Encoding
 * value, gzip (whose output must gunzip back to the input), and the
 * landing page of a metrics path (the input; its HTML must not carry it
 * unescaped).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "http_ops.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *in, *z = NULL, *page, *back;
	size_t zlen = 0;
	uLongf blen = size;

	/* exactly size bytes: a read past them is caught by ASan */
	in = malloc(size ? size : 1);
	if (!in)
		return 0;
	memcpy(in, data, size);
	http_accept_gzip(in, size);
	if (!http_gzip(in, size, &z, &zlen)) {
		z_stream s = { 0 };

		back = malloc(size ? size : 1);
		if (back && inflateInit2(&s, 15 + 16) == Z_OK) {
			s.next_in = (Bytef *)z;
			s.avail_in = (uInt)zlen;
			s.next_out = (Bytef *)back;
			s.avail_out = (uInt)blen;
			if (inflate(&s, Z_FINISH) != Z_STREAM_END || s.total_out != size ||
			    memcmp(back, in, size))
				abort();
			inflateEnd(&s);
		}
		free(back);
		free(z);
	}
	free(in);
	in = malloc(size + 1);
	if (!in)
		return 0;
	memcpy(in, data, size);
	in[size] = '\0';
	page = http_landing_page(in, "0.1.0");
	if (page && !memchr(in, 0, size) && strpbrk(in, "<>&\"'")) {
		/* the link is the path escaped, and the raw path is in no link */
		char *raw = malloc(size + 16);

		if (raw) {
			snprintf(raw, size + 16, "href=\"%s\">", in);
			if (strstr(page, raw))
				abort();
			free(raw);
		}
	}
	free(page);
	free(in);
	return 0;
}
