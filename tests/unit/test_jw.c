// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The JSON writer itself (src/out/jw.h): a string's escapes, every
 * ill-formed UTF-8 unit and bidi control as U+FFFD or \uXXXX, and its own
 * digits and buffer, what printf and stdio would give.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hostile.h"
#include "test.h"
#include "../../src/out/jw.h"

/* jw_str(str) into a new string. */
static char *jstr(const char *str)
{
	struct jw *w = calloc(1, sizeof(*w));
	char *buf = NULL;
	size_t len = 0;

	w->f = open_memstream(&buf, &len);
	jw_str(w, str);
	jw_flush(w);
	fclose(w->f);
	free(w);
	return buf;
}

/* Every ill-formed unit between two of each escaped character, and bidi. */
static void test_json_units(void)
{
	static const char *const esc[] = { "\\\"",    "\\\\",	 "\\n",	   "\\t",
					   "\\u001b", "\\u0001", "\\u007f" };
	size_t e, u;
	char *got;

	alarm(20);
	got = jstr("a\"\xff");
	CHECK_EQ_S(got, "\"a\\\"\\ufffd\"");
	free(got);
	got = jstr("\xe2\x80\xae"
		   "gnp.exe\xe2\x81\xa6\xd8\x9c\xe2\x80\xaf");
	CHECK_EQ_S(got, "\"\\u202egnp.exe\\u2066\\u061c\xe2\x80\xaf\"");
	free(got);
	/* invisible characters too, past the BMP as a surrogate pair */
	got = jstr("n\xe2\x80\x8b\xc2\xad\xef\xbb\xbf\xe2\x81\xa0\xf3\xa0\x80\x81");
	CHECK_EQ_S(got, "\"n\\u200b\\u00ad\\ufeff\\u2060\\udb40\\udc01\"");
	free(got);
	for (e = 0; hostile_esc[e]; e++) {
		for (u = 0; u < hostile_units_n; u++) {
			char in[32], want[128];

			hostile_pair(e, u, in, sizeof(in), "\"", esc[e], "\\ufffd", want,
				     sizeof(want));
			got = jstr(in);
			CHECK_EQ_S(got, want);
			free(got);
		}
	}
	alarm(0);
}

/* the writer's own digits and its buffer: what printf and stdio would give */
static void test_json_writer(void)
{
	static const uint64_t v[] = { 0,
				      9,
				      10,
				      99,
				      100,
				      101,
				      999,
				      1000,
				      16777215,
				      4294967295u,
				      10000000000000000000u,
				      UINT64_MAX };
	char want[16384 * 3], *out = NULL;
	size_t len = 0, n = 0, i;
	struct jw *w = calloc(1, sizeof(*w));
	FILE *f = open_memstream(&out, &len);

	CHECK(w && f);
	if (!w || !f)
		return;
	w->f = f;
	w->first[0] = true;
	jw_open(w, NULL, '[');
	n += (size_t)snprintf(want + n, sizeof(want) - n, "[");
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		jw_u(w, NULL, v[i]);
		n += (size_t)snprintf(want + n, sizeof(want) - n, "%s%" PRIu64, i ? "," : "", v[i]);
	}
	/* across the buffer's end, and one string longer than the buffer */
	for (i = 0; i < 3000; i++) {
		jw_s(w, NULL, "a\"b");
		n += (size_t)snprintf(want + n, sizeof(want) - n, ",\"a\\\"b\"");
	}
	memset(want + n + 2, 'x', JW_BUF + 10);
	want[n + 2 + JW_BUF + 10] = '\0';
	jw_s(w, NULL, want + n + 2);
	memcpy(want + n, ",\"", 2);
	n += 2 + JW_BUF + 10;
	n += (size_t)snprintf(want + n, sizeof(want) - n, "\"]");
	jw_close(w, ']');
	jw_flush(w);
	fclose(f);
	CHECK(len == n);
	CHECK(out && !memcmp(out, want, n));
	free(out);
	free(w);
}

TEST_MAIN(test_json_units, test_json_writer)
