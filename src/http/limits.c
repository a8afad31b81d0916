// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Who a client is, for the limits (see http.h): an address cut to a
 * prefix, because a host holds a whole IPv6 /64 (SLAAC, privacy addresses,
 * a routed /64 per VM) and can connect from as many addresses as it likes
 * in it: counting single addresses would give it 2^64 budgets.  And the
 * budgets of bcrypt checks, one token bucket per client, so one client's
 * flood of wrong passwords spends its own budget and not everyone's.
 * Pure functions, no I/O, no clock of their own.
 */
#include <netinet/in.h>
#include <string.h>

#include "http.h"

static void cut(unsigned char *b, size_t len, unsigned int bits)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned int keep = bits > 8 * i ? bits - 8 * (unsigned int)i : 0;

		if (keep < 8)
			b[i] &= (unsigned char)(0xff00u >> keep);
	}
}

void http_prefix_of(const struct sockaddr *sa, unsigned int p4, unsigned int p6,
		    struct http_prefix *out)
{
	memset(out, 0, sizeof(*out));
	if (sa->sa_family == AF_INET6) {
		const struct sockaddr_in6 *a = (const void *)sa;

		if (IN6_IS_ADDR_V4MAPPED(&a->sin6_addr)) {
			out->family = AF_INET;
			memcpy(out->addr, a->sin6_addr.s6_addr + 12, 4);
			cut(out->addr, 4, p4 > 32 ? 32 : p4);
			return;
		}
		out->family = AF_INET6;
		memcpy(out->addr, a->sin6_addr.s6_addr, 16);
		cut(out->addr, 16, p6 > 128 ? 128 : p6);
	} else if (sa->sa_family == AF_INET) {
		const struct sockaddr_in *a = (const void *)sa;

		out->family = AF_INET;
		memcpy(out->addr, &a->sin_addr, 4);
		cut(out->addr, 4, p4 > 32 ? 32 : p4);
	}
}

bool http_prefix_eq(const struct http_prefix *a, const struct http_prefix *b)
{
	return a->family == b->family && !memcmp(a->addr, b->addr, sizeof(a->addr));
}

/* The client's bucket: found, or a new one in place of the least recently
 * seen without a check pending; NULL when every one has a check pending. */
static int slot(struct http_budget *b, const struct http_prefix *who)
{
	int i, pick = -1;

	for (i = 0; i < HTTP_AUTH_CLIENTS; i++)
		if (b->c[i].used && http_prefix_eq(&b->c[i].who, who))
			return i;
	for (i = 0; i < HTTP_AUTH_CLIENTS && pick < 0; i++)
		if (!b->c[i].used)
			pick = i;
	if (pick < 0)
		for (i = 0; i < HTTP_AUTH_CLIENTS; i++)
			if (!b->c[i].pending && (pick < 0 || b->c[i].last < b->c[pick].last))
				pick = i;
	if (pick < 0)
		return -1;
	b->c[pick].used = true;
	b->c[pick].who = *who;
	b->c[pick].tokens = HTTP_AUTH_BURST;
	b->c[pick].last = -1;
	b->c[pick].pending = 0;
	return pick;
}

double http_budget_take(struct http_budget *b, const struct http_prefix *who, double now)
{
	int i = slot(b, who);

	if (i < 0)
		return -1;
	if (b->c[i].last >= 0 && now > b->c[i].last)
		b->c[i].tokens += (now - b->c[i].last) * HTTP_AUTH_RATE;
	if (b->c[i].tokens > HTTP_AUTH_BURST)
		b->c[i].tokens = HTTP_AUTH_BURST;
	if (now > b->c[i].last)
		b->c[i].last = now;
	if (b->c[i].tokens < 1 || b->c[i].pending >= HTTP_AUTH_PER_CLIENT)
		return -1;
	b->c[i].tokens -= 1;
	b->c[i].pending++;
	return b->c[i].tokens;
}

void http_budget_done(struct http_budget *b, const struct http_prefix *who)
{
	int i;

	for (i = 0; i < HTTP_AUTH_CLIENTS; i++)
		if (b->c[i].used && http_prefix_eq(&b->c[i].who, who)) {
			if (b->c[i].pending)
				b->c[i].pending--;
			return;
		}
}
