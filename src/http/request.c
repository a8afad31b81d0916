// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the endpoint decides itself about a request and its address:
 * OpenMetrics or the 0.0.4 text by Accept, and --listen's ADDR:PORT.
 * (libmicrohttpd reads the request head.)  Pure functions, no I/O.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http.h"

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

bool http_addr_is_wildcard(const struct sockaddr_storage *ss)
{
	if (ss->ss_family == AF_INET6)
		return IN6_IS_ADDR_UNSPECIFIED(&((const struct sockaddr_in6 *)(const void *)ss)->sin6_addr);
	return ss->ss_family == AF_INET &&
	       ((const struct sockaddr_in *)(const void *)ss)->sin_addr.s_addr == htonl(INADDR_ANY);
}

int http_head_check(const char *buf, size_t n)
{
	size_t i, line = 0;	/* where the current line starts */
	bool first = true;

	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)buf[i];

		if (!ch)
			return -1;
		if (ch == '\r') {
			if (i + 1 < n && buf[i + 1] != '\n')
				return -1;	/* a CR alone */
			continue;
		}
		if (ch != '\n') {
			/* obs-fold: a header line that begins with space or tab */
			if (i == line && !first && (ch == ' ' || ch == '\t'))
				return -1;
			continue;
		}
		if (!i || buf[i - 1] != '\r')
			return -1;	/* a bare LF */
		if (i - 1 == line) {
			if (!first)
				return 1;	/* the empty line: the head is whole */
		} else {
			first = false;
		}
		line = i + 1;
	}
	return 0;
}
