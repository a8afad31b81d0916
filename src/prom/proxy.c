// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which proxy a request goes through, decided here rather than by libcurl
 * (client.c hands curl the answer, "" for none): Prometheus's rules, which
 * are Go's.  proxy_url takes every request unless no_proxy names its host;
 * the environment's proxies are used only with proxy_from_environment
 * (libcurl would read http_proxy by itself); and where Go's httpproxy
 * decides (no_proxy given, or the environment), localhost and loopback
 * addresses never go through a proxy.  Pure: unit-tested with a made-up
 * environment.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "prom.h"

struct host {
	char name[256]; /* lower case, without brackets */
	char port[8];
};

/* url's host and port (the scheme's default when none) */
static bool host_of(const char *url, struct host *h)
{
	const char *p = strstr(url, "://"), *end, *at, *colon;
	size_t n;

	if (!p)
		return false;
	snprintf(h->port, sizeof(h->port), "%s", !strncasecmp(url, "https", 5) ? "443" : "80");
	p += 3;
	end = p + strcspn(p, "/?#");
	at = memchr(p, '@', (size_t)(end - p));
	if (at)
		p = at + 1;
	if (*p == '[') {
		colon = memchr(p, ']', (size_t)(end - p));
		if (!colon)
			return false;
		n = (size_t)(colon - p - 1);
		p++;
		colon = colon[1] == ':' ? colon + 1 : NULL;
	} else {
		colon = memchr(p, ':', (size_t)(end - p));
		n = (size_t)((colon ? colon : end) - p);
	}
	if (!n || n >= sizeof(h->name))
		return false;
	for (size_t i = 0; i < n; i++)
		h->name[i] = (char)tolower((unsigned char)p[i]);
	h->name[n] = '\0';
	if (colon && end - colon > 1 && (size_t)(end - colon) <= sizeof(h->port))
		snprintf(h->port, sizeof(h->port), "%.*s", (int)(end - colon - 1), colon + 1);
	return true;
}

/* an IPv4 or IPv6 address: its 16 bytes (v4 mapped) */
static bool ip_of(const char *s, unsigned char a[16])
{
	unsigned char v4[4];

	if (inet_pton(AF_INET6, s, a) == 1)
		return true;
	if (inet_pton(AF_INET, s, v4) != 1)
		return false;
	memset(a, 0, 10);
	a[10] = a[11] = 0xff;
	memcpy(a + 12, v4, 4);
	return true;
}

static bool loopback(const char *host)
{
	static const unsigned char v6[16] = { [15] = 1 };
	unsigned char a[16];

	if (!strcmp(host, "localhost"))
		return true;
	if (!ip_of(host, a))
		return false;
	return !memcmp(a, v6, 16) ||
	       (!memcmp(a, "\0\0\0\0\0\0\0\0\0\0\xff\xff", 12) && a[12] == 127);
}

/* one no_proxy entry (lower case, trimmed) against h */
static bool entry_match(char *e, const struct host *h)
{
	unsigned char ip[16], net[16];
	char *slash = strchr(e, '/'), *port = NULL, *rb;
	size_t n, hl;
	long bits;

	if (slash) { /* CIDR: no port */
		char *endp;
		int i;

		*slash = '\0';
		bits = strtol(slash + 1, &endp, 10);
		if (*endp || !ip_of(e, net) || !ip_of(h->name, ip))
			return false;
		/* an IPv4 prefix (0-32) among IPv6's (the mapped ::ffff:0:0/96);
		 * checked before the sum, which a huge number would overflow */
		if (!strchr(e, ':')) {
			if (bits < 0 || bits > 32)
				return false;
			bits += 96;
		}
		if (bits < 0 || bits > 128)
			return false;
		for (i = 0; bits > 0; i++, bits -= 8) {
			unsigned char m = bits >= 8 ? 0xff : (unsigned char)(0xff << (8 - bits));

			if ((ip[i] & m) != (net[i] & m))
				return false;
		}
		return true;
	}
	/* host:port, [v6]:port, or a bare host or address */
	if (*e == '[' && (rb = strchr(e, ']'))) {
		*rb = '\0';
		port = rb[1] == ':' ? rb + 2 : NULL;
		e++;
	} else if (strchr(e, ':') == strrchr(e, ':') && strchr(e, ':')) {
		port = strchr(e, ':');
		*port++ = '\0';
	}
	if (port && strcmp(port, h->port))
		return false;
	if (ip_of(e, net))
		return ip_of(h->name, ip) && !memcmp(ip, net, 16);
	if (*e == '*')
		e++;
	/* "foo.com" is foo.com and its subdomains, ".foo.com" only these */
	if (*e != '.' && !strcmp(e, h->name))
		return true;
	n = strlen(e);
	hl = strlen(h->name);
	if (!n)
		return false;
	if (*e == '.')
		return hl > n && !strcmp(h->name + hl - n, e);
	return hl > n && h->name[hl - n - 1] == '.' && !strcmp(h->name + hl - n, e);
}

bool prom_no_proxy(const char *list, const char *url)
{
	struct host h;
	char *copy, *tok, *save = NULL;
	bool hit = false;

	if (!list || !*list || !host_of(url, &h))
		return false;
	copy = strdup(list);
	if (!copy)
		return false;
	for (tok = strtok_r(copy, ",", &save); tok && !hit; tok = strtok_r(NULL, ",", &save)) {
		char *e = tok, *end;

		while (isspace((unsigned char)*e))
			e++;
		end = e + strlen(e);
		while (end > e && isspace((unsigned char)end[-1]))
			*--end = '\0';
		for (char *p = e; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		hit = !strcmp(e, "*") || (*e && entry_match(e, &h));
	}
	free(copy);
	return hit;
}

static const char *env_any(const char *(*env)(const char *), const char *upper, const char *lower,
			   const char **from)
{
	const char *v = env ? env(upper) : NULL;

	*from = upper;
	if (!v || !*v) {
		v = env ? env(lower) : NULL;
		*from = lower;
	}
	return v && *v ? v : NULL;
}

int prom_proxy_for(const struct prom_config *c, const char *url, const char *(*env)(const char *),
		   char *buf, size_t len, const char **from)
{
	const char *proxy = NULL, *no = NULL, *nofrom;
	bool https = !strncasecmp(url, "https://", 8);
	struct host h;

	*from = NULL;
	buf[0] = '\0';
	if (!c)
		return 0;
	if (c->proxy_url) {
		proxy = c->proxy_url;
		*from = "proxy_url";
		no = c->no_proxy && *c->no_proxy ? c->no_proxy : NULL;
	} else if (c->proxy_from_environment) {
		/* Go's: HTTP_PROXY is not read under CGI (REQUEST_METHOD set) */
		if (https)
			proxy = env_any(env, "HTTPS_PROXY", "https_proxy", from);
		else if (!env || !env("REQUEST_METHOD") || !*env("REQUEST_METHOD"))
			proxy = env_any(env, "HTTP_PROXY", "http_proxy", from);
		no = env_any(env, "NO_PROXY", "no_proxy", &nofrom);
		if (!no)
			no = ""; /* the loopback rule still holds */
	}
	if (!proxy || !*proxy) {
		*from = NULL;
		return 0;
	}
	if (no && (!host_of(url, &h) || loopback(h.name) || prom_no_proxy(no, url))) {
		*from = NULL;
		return 0;
	}
	/* a proxy without a scheme is http's, as Go and curl read it */
	snprintf(buf, len, "%s%s", strstr(proxy, "://") ? "" : "http://", proxy);
	return 1;
}

const char *prom_url_redacted(const char *url, char *buf, size_t len)
{
	const char *p = strstr(url, "://"), *end, *at, *colon;

	snprintf(buf, len, "%s", url);
	if (!p)
		return buf;
	p += 3;
	end = p + strcspn(p, "/?#");
	at = memchr(p, '@', (size_t)(end - p));
	colon = at ? memchr(p, ':', (size_t)(at - p)) : NULL;
	if (colon)
		snprintf(buf, len, "%.*s:xxxxx%s", (int)(colon - url), url, at);
	return buf;
}
