// SPDX-License-Identifier: GPL-2.0-or-later
/* An exporter's operator conventions (see http_ops.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include <systemd/sd-daemon.h>
#include <zlib.h>

#include "http_ops.h"
#include "util.h"

/* The q of one list element ("gzip;q=0.5"): 1 when absent, 0 when not a
 * number in [0, 1] (RFC 9110 qvalue), so a malformed weight refuses. */
static double qvalue(const char *p, const char *end)
{
	char buf[16];
	size_t n;
	double q;
	char *e;

	while (p < end && (p = memchr(p, ';', (size_t)(end - p)))) {
		p++;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (end - p < 2 || (p[0] != 'q' && p[0] != 'Q') || p[1] != '=')
			continue;
		p += 2;
		n = 0;
		while (p + n < end && n < sizeof(buf) - 1 && (isdigit((unsigned char)p[n]) || p[n] == '.'))
			n++;
		memcpy(buf, p, n);
		buf[n] = '\0';
		if (!n || !isdigit((unsigned char)buf[0]))
			return 0;
		q = strtod(buf, &e);
		return *e || q < 0 || q > 1 ? 0 : q;
	}
	return 1;
}

static bool token_is(const char *p, const char *end, const char *tok)
{
	size_t n = strlen(tok);

	while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	return (size_t)(end - p) == n && !strncasecmp(p, tok, n);
}

bool http_accept_gzip(const char *v, size_t len)
{
	const char *p = v, *end = v + len;
	double gzip = -1, star = -1;

	while (p < end) {
		const char *e = memchr(p, ',', (size_t)(end - p)), *semi;

		if (!e)
			e = end;
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		semi = memchr(p, ';', (size_t)(e - p));
		if (!semi)
			semi = e;
		if (token_is(p, semi, "gzip") || token_is(p, semi, "x-gzip"))
			gzip = qvalue(semi, e);
		else if (token_is(p, semi, "*"))
			star = qvalue(semi, e);
		p = e + 1;
	}
	return gzip >= 0 ? gzip > 0 : star > 0;
}

int http_gzip(const char *in, size_t n, char **out, size_t *out_len)
{
	z_stream z = { 0 };
	char *buf;
	size_t cap;
	int ret;

	/* 15 + 16: a gzip header and trailer around the deflate stream */
	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK)
		return -ENOMEM;
	cap = deflateBound(&z, (uLong)n);
	buf = malloc(cap ? cap : 1);
	if (!buf) {
		deflateEnd(&z);
		return -ENOMEM;
	}
	z.next_in = (Bytef *)(uintptr_t)in;
	z.avail_in = (uInt)n;
	z.next_out = (Bytef *)buf;
	z.avail_out = (uInt)cap;
	ret = deflate(&z, Z_FINISH);
	*out_len = z.total_out;
	deflateEnd(&z);
	if (ret != Z_STREAM_END || n > 0xffffffffu) {
		free(buf);
		return -ENOMEM;
	}
	*out = buf;
	return 0;
}

/* path with &, <, >, " and ' escaped for HTML */
static void html_escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default: fputc(*s, f);
		}
	}
}

char *http_landing_page(const char *path, const char *version)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\">"
	      "<title>rdmatop exporter</title></head>\n<body>\n<h1>rdmatop exporter</h1>\n"
	      "<p>RDMA devices, links, queue pairs and their processes, for Prometheus.</p>\n"
	      "<p>Version ", f);
	html_escaped(f, version);
	fputs("</p>\n<ul>\n<li><a href=\"", f);
	html_escaped(f, path);
	fputs("\">Metrics</a></li>\n<li><a href=\"/-/healthy\">Health</a></li>\n"
	      "<li><a href=\"/-/ready\">Readiness</a> (a sample has been taken)</li>\n"
	      "</ul>\n</body>\n</html>\n", f);
	if (fclose(f)) {
		free(buf);
		return NULL;
	}
	return buf;
}

int http_passed_socket(char *err, size_t errlen)
{
	int n = sd_listen_fds(1);

	if (n <= 0)
		return -ENOENT;
	if (n > 1) {
		snprintf(err, errlen, "systemd passed %d sockets (LISTEN_FDS): rdmatop serves one", n);
		return -EINVAL;
	}
	if (sd_is_socket(SD_LISTEN_FDS_START, AF_UNSPEC, SOCK_STREAM, 1) <= 0) {
		snprintf(err, errlen, "the socket systemd passed (LISTEN_FDS) is no listening "
				      "stream socket");
		return -EINVAL;
	}
	return SD_LISTEN_FDS_START;
}

double http_watchdog_interval(void)
{
	uint64_t usec = 0;

	return sd_watchdog_enabled(0, &usec) > 0 ? (double)usec / 1e6 : 0;
}

void http_notify_alive(void)
{
	static bool ready;
	static double last, every = -1;
	double now;

	if (!ready) {
		sd_notify(0, "READY=1\nSTATUS=serving the first sample");
		ready = true;
		every = http_watchdog_interval() / 2;
	}
	if (every <= 0)
		return;
	now = clock_sec(CLOCK_MONOTONIC);
	if (now - last >= every) {
		sd_notify(0, "WATCHDOG=1");
		last = now;
	}
}
