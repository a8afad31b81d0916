// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Basic authentication of the --listen endpoint (see http.h).  bcrypt is
 * slow on purpose, tens of milliseconds a check at cost 10, so it never
 * runs on the loop's thread: the loop decides (cache, budget) and the
 * workers of src/http/pool.c run crypt_r.  A scraper that passed once is
 * recognised from a salted SHA-256 of its credentials; a check of anything
 * else comes from its client's budget (src/http/limits.c), so a stream of
 * wrong passwords from one host costs at most HTTP_AUTH_RATE bcrypt runs a
 * second and the rest gets 429, and another host's first login still finds
 * a worker.  The comparisons do not stop at the first differing byte.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <crypt.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>

#include "http.h"
#include "util.h"

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
	double t_dear;		/* seconds a check of the dearest takes */
	struct http_budget budget;
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
	for (size_t i = 0; i < n; i++)
		if (!a->dummy || webcfg_bcrypt_cost(users[i].hash) > webcfg_bcrypt_cost(a->dummy))
			a->dummy = users[i].hash;
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

enum http_auth_result http_auth_begin(struct http_auth *a, const char *user, const char *pass,
				      const struct http_prefix *who, double now,
				      struct http_auth_job **out)
{
	const struct webcfg_user *u = NULL;
	struct http_auth_job *job;
	uint8_t d[DIGEST_LEN];
	size_t i, plen;
	bool hit = false;
	double prio;

	*out = NULL;
	if (!a->n_users)
		return HTTP_AUTH_DENIED;
	if (digest(a, user, pass, d))
		return HTTP_AUTH_BUSY;
	for (i = 0; i < CACHE_SLOTS; i++)
		hit |= a->used[i] && same(a->cache[i], d, DIGEST_LEN);
	if (hit)
		return HTTP_AUTH_OK;
	plen = strlen(pass);
	job = calloc(1, sizeof(*job) + plen + 1);
	if (!job)
		return HTTP_AUTH_BUSY;
	prio = http_budget_take(&a->budget, who, now);
	if (prio < 0) {
		free(job);
		return HTTP_AUTH_BUSY;
	}
	for (i = 0; i < a->n_users; i++)
		if (!strcmp(a->users[i].name, user))
			u = &a->users[i];
	job->prio = prio;
	job->who = *who;
	job->known = u;
	memcpy(job->digest, d, DIGEST_LEN);
	snprintf(job->hash, sizeof(job->hash), "%s", u ? u->hash : a->dummy);
	/* a cheaper hash takes as long as the dearest, so that the time of
	 * an answer does not tell a name that exists from one that does not */
	if (webcfg_bcrypt_cost(job->hash) < webcfg_bcrypt_cost(a->dummy)) {
		snprintf(job->dear, sizeof(job->dear), "%s", a->dummy);
		job->pad = a->t_dear;
	}
	memcpy(job->pass, pass, plen + 1);
	*out = job;
	return HTTP_AUTH_PENDING;
}

void http_auth_run(struct http_auth_job *job)
{
	struct crypt_data *cd = calloc(1, sizeof(*cd));	/* 32 KiB: not on the stack */
	double t0 = clock_sec(CLOCK_MONOTONIC), t1;
	const char *out;

	job->ok = false;
	if (!cd)
		return;
	out = crypt_r(job->pass, job->hash, cd);
	/* crypt_r fails with a "*..." string, never equal to a hash */
	job->ok = out && strlen(out) == 60 && strlen(job->hash) == 60 &&
		  same(out, job->hash, 60) && job->known;
	t1 = clock_sec(CLOCK_MONOTONIC);
	if (!job->dear[0]) {
		job->took = t1 - t0;
	} else if (job->pad > 0) {
		double left = t0 + job->pad - t1;
		struct timespec ts = { (time_t)left, (long)((left - (double)(time_t)left) * 1e9) };

		if (left > 0)
			nanosleep(&ts, NULL);
	} else {
		/* no measure yet: run the dearest itself, and measure it */
		crypt_r(job->pass, job->dear, cd);
		job->took = clock_sec(CLOCK_MONOTONIC) - t1;
	}
	explicit_bzero(cd, sizeof(*cd));
	free(cd);
}

void http_auth_job_free(struct http_auth_job *job)
{
	if (!job)
		return;
	explicit_bzero(job->pass, strlen(job->pass));
	free(job);
}

void http_auth_drop(struct http_auth *a, struct http_auth_job *job)
{
	http_budget_done(&a->budget, &job->who);
	http_auth_job_free(job);
}

enum http_auth_result http_auth_finish(struct http_auth *a, struct http_auth_job *job)
{
	bool ok = job->ok;

	if (job->took > 0)
		a->t_dear = a->t_dear > 0 ? 0.75 * a->t_dear + 0.25 * job->took : job->took;
	if (ok) {
		memcpy(a->cache[a->next_slot], job->digest, DIGEST_LEN);
		a->used[a->next_slot] = true;
		a->next_slot = (a->next_slot + 1) % CACHE_SLOTS;
	}
	http_auth_drop(a, job);
	return ok ? HTTP_AUTH_OK : HTTP_AUTH_DENIED;
}

void http_auth_free(struct http_auth *a)
{
	if (!a)
		return;
	explicit_bzero(a, sizeof(*a));
	free(a);
}
