// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What an HTTP answer of Prometheus means, apart from the transfer
 * (client.c's libcurl): its status, type and redirect and its body into a
 * query's state or the scrape interval, with a reason that names the HTTP
 * status whenever the answer is not Prometheus's own.  Pure, so the fuzz
 * target (tests/fuzz/fuzz_promhttp.c) drives it with any status and bytes.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "prom.h"

/*
 * A header's value as the server sent it, for a message: a byte that is
 * not UTF-8 or a control character becomes '?' (found by fuzzing: a
 * Content-Type of Latin-1 bytes made the reason invalid UTF-8, which
 * jansson refuses), cut where a character ends.
 */
static const char *clean(char *buf, size_t len, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t o = 0;
	uint32_t cp;
	int n;

	for (; *p; p += n) {
		n = fmt_utf8(p, &cp);
		if (cp == FMT_UTF8_BAD || cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) {
			if (o + 1 >= len)
				break;
			buf[o++] = '?';
			continue;
		}
		if (o + (size_t)n >= len)
			break;
		memcpy(buf + o, p, (size_t)n);
		o += (size_t)n;
	}
	buf[o] = '\0';
	return buf;
}

/*
 * why, a parser's reason, for an answer of HTTP status code other than
 * 200 that is not Prometheus's own error (its API answers a bad query with
 * 400 or 422 and a JSON reason): the status named, and for a redirect
 * where to: one not followed (follow_redirects: false; a reverse proxy's
 * 307 would otherwise read "not JSON ... at byte 0").
 */
static void http_why(const struct prom_http *h, const char *what, char *why, size_t len)
{
	char *msg = NULL, to[160], type[96];
	int n;

	if (h->code == 200 || h->code == 0 || !strncmp(why, "Prometheus: ", 12))
		return;
	if (h->code >= 300 && h->code < 400)
		n = asprintf(&msg,
			     "%sHTTP %ld: a redirect to %s, not followed (follow_redirects is "
			     "false: give --prometheus the URL it redirects to)",
			     what, h->code, h->to ? clean(to, sizeof(to), h->to) : "(no Location)");
	else
		n = asprintf(&msg, "%sHTTP %ld%s%s%s: %s", what, h->code, h->type ? " (" : "",
			     h->type ? clean(type, sizeof(type), h->type) : "", h->type ? ")" : "",
			     strncmp(why, what, strlen(what)) ? why : why + strlen(what));
	if (n >= 0)
		fmt_cut(why, len, msg);
	free(msg);
}

int prom_http_transfer(const struct prom_http *h, char *why, size_t len)
{
	why[0] = '\0';
	if (h->over && h->unread) {
		snprintf(why, len,
			 "answer of %zu bytes (its Content-Length), more than the limit "
			 "of %zu: refused unread; narrow it with --match",
			 h->size, h->answer_max);
		return -E2BIG;
	}
	if (h->over) {
		snprintf(why, len,
			 "answer larger than the limit of %zu bytes: cut at %zu bytes "
			 "received; narrow it with --match",
			 h->answer_max, h->size);
		return -E2BIG;
	}
	if (h->err) {
		clean(why, len, h->err_why && *h->err_why ? h->err_why : "transfer failed");
		return h->err;
	}
	if (h->code == 401 || h->code == 403) {
		snprintf(why, len, "HTTP %ld: %s", h->code,
			 h->code == 401 ? "unauthorized (see --prometheus-config)" : "forbidden");
		return -EACCES;
	}
	return 0;
}

int prom_http_answer(const struct prom_http *h, const char *buf, size_t len, struct prom_vector *v,
		     char *why, size_t whylen)
{
	/* Prometheus answers a bad query with 400 and its reason in JSON */
	int err = prom_parse_answer_stop(buf, len, h->series_max, v, why, whylen, h->stop);

	if (err)
		http_why(h, "", why, whylen);
	if (!err && h->code != 200) {
		/* JSON of Prometheus's shape, but not its answer: a proxy's */
		snprintf(why, whylen, "not Prometheus's answer");
		http_why(h, "", why, whylen);
		prom_vector_free(v);
		err = -EIO;
	}
	return err;
}

double prom_http_interval(const struct prom_http *h, const char *buf, size_t len, char *why,
			  size_t whylen)
{
	double t = prom_parse_interval(buf, len, why, whylen);

	if (t <= 0)
		http_why(h, "status/config: ", why, whylen);
	return t;
}
