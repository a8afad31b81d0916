// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the meaning of Prometheus's HTTP answers
 * (src/prom/http.c): a status, a Content-Type, a Location, the transfer's
 * outcome and a body, all from the input.  Checked: a taken answer is a
 * 200 within the series bound; a refused one has a reason, valid UTF-8
 * that fits, an empty vector, and names the HTTP status whenever the
 * status is not 200 and the reason is not Prometheus's own; a redirect
 * says where to.  The scrape interval likewise, and oauth2's token
 * endpoint's answer: a token taken has no control character, a type
 * without a space; a refusal says why.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "prom.h"
#include "snapgen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const long codes[] = { 200, 0, 204, 301, 302, 307, 308, 400, 404, 422, 429, 500, 502, 503, 999 };

static void utf8_ok(const char *why, size_t cap)
{
	const unsigned char *p = (const unsigned char *)why;
	uint32_t cp;

	if (strlen(why) >= cap)
		fz_fail("reason past its buffer", why, strlen(why), 0);
	for (; *p; p += fmt_utf8(p, &cp))
		if (fmt_utf8(p, &cp), cp == FMT_UTF8_BAD)
			fz_fail("reason cut inside a character", why, strlen(why), 0);
}

/* a refused answer of status code names it, unless Prometheus said why */
static void names_status(const struct prom_http *h, const char *why)
{
	char want[32];

	if (h->code == 200 || h->code == 0 || !strncmp(why, "Prometheus: ", 12))
		return;
	snprintf(want, sizeof(want), "HTTP %ld", h->code);
	if (!strstr(why, want))
		fz_fail("a non-200 refusal without its status", why, strlen(why), 0);
	if (h->code >= 300 && h->code < 400 && !strstr(why, "redirect"))
		fz_fail("a redirect not said", why, strlen(why), 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz z = { data, size };
	char type[64], to[64], err_why[64], why[256];
	uint8_t flags = fz_u8(&z);
	struct prom_http h = {
		.code = codes[fz_u8(&z) % (sizeof(codes) / sizeof(codes[0]))],
		.over = flags & 1,
		.unread = flags & 64,
		.size = (size_t)(16u << 20) + (flags & 128 ? 1 : 1u << 30),
		.err = flags & 2 ? (flags & 4 ? -ETIMEDOUT : -EIO) : 0,
		.answer_max = 16u << 20,
		.series_max = 1 + fz_u8(&z) % 64,
	};
	struct prom_vector v = { 0 }, whole = { 0 };
	static const bool go = false;
	char why2[256];
	int err, err2;
	double t;

	fz_name(&z, type, sizeof(type));
	fz_name(&z, to, sizeof(to));
	fz_name(&z, err_why, sizeof(err_why));
	h.type = flags & 8 ? type : NULL;
	h.to = flags & 16 ? to : NULL;
	h.err_why = flags & 32 ? err_why : NULL;
	{
		struct prom_token tk;

		why[0] = '\0';
		if (prom_oauth2_answer(h.code, (const char *)z.p, z.n, &tk, why, sizeof(why))) {
			if (!why[0] || tk.token)
				fz_fail("a token refused without a reason", why, 0, 0);
			utf8_ok(why, sizeof(why));
		} else {
			for (const char *p = tk.token; *p; p++)
				if ((unsigned char)*p < 0x20 || *p == 0x7f)
					fz_fail("a token with a control character", tk.token, 0, 0);
			if (!*tk.token || strchr(tk.type, ' ') || tk.expires_in < 0)
				fz_fail("a token taken that cannot go out", tk.token, 0, 0);
			prom_token_free(&tk);
		}
	}
	err = prom_http_transfer(&h, why, sizeof(why));
	if ((h.over || h.err || h.code == 401 || h.code == 403) != (err != 0))
		fz_fail("transfer outcome", why, strlen(why), 0);
	if (err) {
		if (!why[0])
			fz_fail("a failed transfer without a reason", why, 0, 0);
		utf8_ok(why, sizeof(why));
		return 0;
	}
	/* read a piece at a time, as the worker reads (a stop never comes):
	 * the same outcome as the parse of the whole buffer at once */
	h.stop = &go;
	err = prom_http_answer(&h, (const char *)z.p, z.n, &v, why, sizeof(why));
	err2 = prom_parse_answer((const char *)z.p, z.n, h.series_max, &whole, why2, sizeof(why2));
	if ((err2 && (!err || (h.code == 200 && !strstr(why, why2)))) ||
	    (!err2 && h.code == 200 && (err || v.n != whole.n)))
		fz_fail("a parse a piece at a time differs from one at once", why, strlen(why), 0);
	prom_vector_free(&whole);
	if (!err) {
		if (h.code != 200 || v.n > h.series_max)
			fz_fail("answer taken that is not a 200 within its bound", why, 0, 0);
		prom_vector_free(&v);
	} else {
		if (!why[0] || v.n || v.s)
			fz_fail("a refusal without a reason, or with series", why, strlen(why), 0);
		utf8_ok(why, sizeof(why));
		names_status(&h, why);
	}
	why[0] = '\0';
	t = prom_http_interval(&h, (const char *)z.p, z.n, why, sizeof(why));
	if (t <= 0) {
		if (!why[0])
			fz_fail("interval refused without a reason", why, 0, 0);
		utf8_ok(why, sizeof(why));
		names_status(&h, why + (strncmp(why, "status/config: ", 15) ? 0 : 15));
	}
	return 0;
}
