// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Basic authentication of the --listen endpoint (see http.h).  bcrypt is
 * slow on purpose, tens of milliseconds a check at cost 10, and it runs on
 * the loop's thread: a scraper that passed once is therefore recognised
 * from a salted SHA-256 of its credentials, and checks of anything else
 * come from a small budget, so a stream of wrong passwords costs at most
 * HTTP_AUTH_RATE bcrypt runs a second (and gets 429 past it) instead of
 * the loop.  The comparisons do not stop at the first differing byte.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <crypt.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>

#include "http.h"

#define CACHE_SLOTS 8
#define DIGEST_LEN 32

struct http_auth {
	const struct webcfg_user *users;
	size_t n_users;
	const char *dummy;	/* the costliest hash: for unknown users */
	uint8_t salt[16];
	uint8_t cache[CACHE_SLOTS][DIGEST_LEN];
	bool used[CACHE_SLOTS];
	unsigned int next_slot;
	double tokens, last;
	struct crypt_data cd;	/* 32 KiB: crypt_r's state, not on the stack */
};

static bool same(const void *a, const void *b, size_t n)
{
	const volatile uint8_t *x = a, *y = b;
	uint8_t d = 0;
	size_t i;

	for (i = 0; i < n; i++)
		d |= x[i] ^ y[i];
	return !d;
}

int http_auth_new(struct http_auth **out, const struct webcfg_user *users, size_t n)
{
	struct http_auth *a = calloc(1, sizeof(*a));

	if (!a)
		return -ENOMEM;
	a->users = users;
	a->n_users = n;
	/* "$2y$NN$": NN is the cost, two digits */
	for (size_t i = 0; i < n; i++)
		if (!a->dummy || strncmp(users[i].hash + 4, a->dummy + 4, 2) > 0)
			a->dummy = users[i].hash;
	a->tokens = HTTP_AUTH_BURST;
	a->last = -1;
	if (gnutls_rnd(GNUTLS_RND_NONCE, a->salt, sizeof(a->salt))) {
		free(a);
		return -EIO;
	}
	*out = a;
	return 0;
}

static int digest(const struct http_auth *a, const char *user, const char *pass,
		  uint8_t out[DIGEST_LEN])
{
	gnutls_hash_hd_t h;

	if (gnutls_hash_init(&h, GNUTLS_DIG_SHA256))
		return -EIO;
	gnutls_hash(h, a->salt, sizeof(a->salt));
	gnutls_hash(h, user, strlen(user) + 1);
	gnutls_hash(h, pass, strlen(pass));
	gnutls_hash_deinit(h, out);
	return 0;
}

enum http_auth_result http_auth_check(struct http_auth *a, const char *user, const char *pass,
				      double now)
{
	const struct webcfg_user *u = NULL;
	uint8_t d[DIGEST_LEN];
	bool hit = false, ok;
	const char *out;
	size_t i;

	if (!a->n_users)
		return HTTP_AUTH_DENIED;
	if (digest(a, user, pass, d))
		return HTTP_AUTH_BUSY;
	for (i = 0; i < CACHE_SLOTS; i++)
		hit |= a->used[i] && same(a->cache[i], d, DIGEST_LEN);
	if (hit)
		return HTTP_AUTH_OK;
	if (a->last >= 0 && now > a->last)
		a->tokens += (now - a->last) * HTTP_AUTH_RATE;
	if (a->tokens > HTTP_AUTH_BURST)
		a->tokens = HTTP_AUTH_BURST;
	a->last = now;
	if (a->tokens < 1)
		return HTTP_AUTH_BUSY;
	a->tokens -= 1;
	for (i = 0; i < a->n_users; i++)
		if (!strcmp(a->users[i].name, user))
			u = &a->users[i];
	out = crypt_r(pass, u ? u->hash : a->dummy, &a->cd);
	/* crypt_r fails with a "*..." string, never equal to a hash */
	ok = out && strlen(out) == 60 && same(out, u ? u->hash : a->dummy, 60) && u;
	explicit_bzero(a->cd.output, sizeof(a->cd.output));
	if (!ok)
		return HTTP_AUTH_DENIED;
	memcpy(a->cache[a->next_slot], d, DIGEST_LEN);
	a->used[a->next_slot] = true;
	a->next_slot = (a->next_slot + 1) % CACHE_SLOTS;
	return HTTP_AUTH_OK;
}

void http_auth_free(struct http_auth *a)
{
	if (!a)
		return;
	explicit_bzero(a, sizeof(*a));
	free(a);
}
