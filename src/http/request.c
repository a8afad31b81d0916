// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * HTTP/1.x request heads (RFC 9112), strictly: anything this endpoint does
 * not need (folded lines, whitespace before a colon, control characters,
 * other versions) is refused rather than guessed at, so a malformed or
 * hostile request ends with a 400 instead of a different reading than a
 * proxy in front of us made.  Pure functions, no I/O.
 */
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http.h"

/* RFC 9110 tchar */
static bool tchar(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c && strchr("!#$%&'*+-.^_`|~", c));
}

/* Offset just past the blank line ending the head, or 0; *lines counts
 * the line ends seen (for the header limit before the head is complete). */
static size_t head_end(const char *buf, size_t len, size_t *lines)
{
	size_t i;

	*lines = 0;
	for (i = 0; i < len; i++) {
		if (buf[i] != '\n')
			continue;
		(*lines)++;
		if (i + 1 < len && buf[i + 1] == '\n')
			return i + 2;
		if (i + 2 < len && buf[i + 1] == '\r' && buf[i + 2] == '\n')
			return i + 3;
	}
	return 0;
}

/* One line [p, e) without its CR; NULL at the end of the head. */
static const char *next_line(const char *p, const char *end, const char **e)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	if (!nl)
		return NULL;
	*e = nl > p && nl[-1] == '\r' ? nl - 1 : nl;
	return nl + 1;
}

static int request_line(const char *p, const char *e, struct http_req *r)
{
	const char *m = p, *t, *v;

	while (p < e && tchar((unsigned char)*p))
		p++;
	if (p == m || p >= e || *p != ' ')
		return -EBADMSG;
	if (p - m == 3 && !memcmp(m, "GET", 3))
		r->method = HTTP_GET;
	else if (p - m == 4 && !memcmp(m, "HEAD", 4))
		r->method = HTTP_HEAD;
	else
		r->method = HTTP_OTHER;
	t = ++p;
	while (p < e && (unsigned char)*p > ' ' && *p != 0x7f)
		p++;
	if (p == t || p >= e || *p != ' ')
		return -EBADMSG;
	r->metrics = (p - t == 8 || (p - t > 8 && t[8] == '?')) && !memcmp(t, "/metrics", 8);
	v = p + 1;
	if (e - v != 8 || memcmp(v, "HTTP/1.", 7) || (v[7] != '0' && v[7] != '1'))
		return -EBADMSG;
	return 0;
}

ssize_t http_parse(const char *buf, size_t len, struct http_req *r)
{
	const char *p = buf, *end, *e, *next;
	size_t n, lines, hdrs = 0;
	bool accept_seen = false;
	int ret;

	memset(r, 0, sizeof(*r));
	n = head_end(buf, len, &lines);
	if (lines > HTTP_HEADERS_MAX + 2)
		return -E2BIG;
	if (!n)
		return len >= HTTP_HEAD_MAX ? -E2BIG : 0;
	if (n > HTTP_HEAD_MAX)
		return -E2BIG;
	end = buf + n;
	/* RFC 9112 2.2: an empty line before the request line is ignored */
	if (*p == '\r' && p + 1 < end && p[1] == '\n')
		p += 2;
	else if (*p == '\n')
		p++;
	next = next_line(p, end, &e);
	if (!next || e == p)
		return -EBADMSG;
	ret = request_line(p, e, r);
	if (ret)
		return ret;
	for (p = next; (next = next_line(p, end, &e)) && e > p; p = next) {
		const char *name = p, *colon, *v, *ve;

		if (++hdrs > HTTP_HEADERS_MAX)
			return -E2BIG;
		while (p < e && tchar((unsigned char)*p))
			p++;
		colon = p;
		if (colon == name || colon >= e || *colon != ':')
			return -EBADMSG;	/* also obs-fold and "Name :" */
		for (v = colon + 1; v < e && (*v == ' ' || *v == '\t'); v++)
			;
		for (ve = e; ve > v && (ve[-1] == ' ' || ve[-1] == '\t'); ve--)
			;
		for (p = v; p < ve; p++)
			if (((unsigned char)*p < 0x20 && *p != '\t') || *p == 0x7f)
				return -EBADMSG;
		if (colon - name == 6 && !strncasecmp(name, "accept", 6) && !accept_seen) {
			accept_seen = true;
			r->openmetrics = http_accept_openmetrics(v, (size_t)(ve - v));
		}
	}
	return (ssize_t)n;
}

/* q of one media range's parameters ";a=b;q=0.5"; 1 when absent. */
static double range_q(const char *p, const char *e)
{
	while (p < e) {
		const char *semi = memchr(p, ';', (size_t)(e - p));
		char buf[8];
		size_t n;

		if (!semi)
			break;
		for (p = semi + 1; p < e && (*p == ' ' || *p == '\t'); p++)
			;
		if (e - p >= 2 && (*p == 'q' || *p == 'Q') && p[1] == '=') {
			n = (size_t)(e - p - 2);
			for (size_t i = 0; i < n; i++)
				if (p[2 + i] == ';' || p[2 + i] == ' ') {
					n = i;
					break;
				}
			if (n >= sizeof(buf))
				n = sizeof(buf) - 1;
			memcpy(buf, p + 2, n);
			buf[n] = '\0';
			return atof(buf);
		}
	}
	return 1;
}

bool http_accept_openmetrics(const char *v, size_t len)
{
	const char *p = v, *end = v + len;
	double q_om = 0, q_text = 0;

	while (p < end) {
		const char *comma = memchr(p, ',', (size_t)(end - p)), *e = comma ? comma : end;
		const char *t;
		size_t tl;
		double q;

		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		for (t = p; p < e && *p != ';' && *p != ' ' && *p != '\t'; p++)
			;
		tl = (size_t)(p - t);
		q = range_q(p, e);
		if (tl == 28 && !strncasecmp(t, "application/openmetrics-text", 28)) {
			if (q > q_om)
				q_om = q;
		} else if ((tl == 10 && !strncasecmp(t, "text/plain", 10)) ||
			   (tl == 6 && !strncasecmp(t, "text/*", 6)) ||
			   (tl == 3 && !strncmp(t, "*/*", 3))) {
			if (q > q_text)
				q_text = q;
		}
		p = comma ? comma + 1 : end;
	}
	return q_om > 0 && q_om >= q_text;
}

int http_parse_listen(const char *spec, struct sockaddr_storage *ss, socklen_t *len,
		      char *err, size_t errlen)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM,
				  .ai_flags = AI_NUMERICSERV | AI_ADDRCONFIG };
	struct addrinfo *res;
	char host[256], *end;
	const char *port, *colon;
	unsigned long n;
	int ret;

	if (spec[0] == '[') {
		const char *rb = strchr(spec, ']');

		if (!rb || rb[1] != ':' || (size_t)(rb - spec - 1) >= sizeof(host))
			goto bad;
		memcpy(host, spec + 1, (size_t)(rb - spec - 1));
		host[rb - spec - 1] = '\0';
		port = rb + 2;
		hints.ai_flags |= AI_NUMERICHOST;
	} else if ((colon = strrchr(spec, ':'))) {
		if (memchr(spec, ':', (size_t)(colon - spec)) ||
		    (size_t)(colon - spec) >= sizeof(host))
			goto bad;	/* an IPv6 address needs brackets */
		memcpy(host, spec, (size_t)(colon - spec));
		host[colon - spec] = '\0';
		port = colon + 1;
	} else {
		host[0] = '\0';
		port = spec;
	}
	errno = 0;
	n = strtoul(port, &end, 10);
	if (!*port || *end || errno || n > 65535 || *port == '-' || *port == '+')
		goto bad;
	if (!host[0])
		snprintf(host, sizeof(host), "127.0.0.1");
	/* a literal address must not depend on the interfaces configured now */
	if (strchr(host, ':') || strspn(host, "0123456789.") == strlen(host))
		hints.ai_flags = (hints.ai_flags & ~AI_ADDRCONFIG) | AI_NUMERICHOST;
	ret = getaddrinfo(host, port, &hints, &res);
	if (ret) {
		snprintf(err, errlen, "cannot resolve '%s': %s", host, gai_strerror(ret));
		return -EINVAL;
	}
	memcpy(ss, res->ai_addr, res->ai_addrlen);
	*len = res->ai_addrlen;
	freeaddrinfo(res);
	return 0;
bad:
	snprintf(err, errlen, "'%s' is not ADDR:PORT, :PORT or [IPV6]:PORT", spec);
	return -EINVAL;
}
