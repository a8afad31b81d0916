/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Small helpers every layer may use: no state, no dependencies. */
#ifndef RDMATOP_UTIL_H
#define RDMATOP_UTIL_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The struct a member is embedded in (libev watchers find their owner). */
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * Room for one more element of size bytes in base, an array of *cap with n
 * in use: base itself while there is room, else base moved to twice its
 * capacity (first elements for an empty one) and *cap updated; NULL when
 * out of memory (base is still valid then).
 */
static inline void *vec_grow(void *base, size_t n, size_t *cap, size_t size, size_t first)
{
	size_t nc;
	void *nb;

	if (n < *cap)
		return base;
	nc = *cap ? *cap * 2 : first;
	nb = realloc(base, nc * size);
	if (nb)
		*cap = nc;
	return nb;
}

/* A byte buffer of at least n bytes at *p (of *cap): 0 or -ENOMEM. */
static inline int bytes_reserve(uint8_t **p, size_t *cap, size_t n)
{
	uint8_t *q;

	if (n <= *cap)
		return 0;
	q = realloc(*p, n);
	if (!q)
		return -ENOMEM;
	*p = q;
	*cap = n;
	return 0;
}

/* v stored in the integer field of size bytes (1, 2, 4, 8) at p, cut to it
 * (a negative value keeps its two's complement bytes). */
static inline void field_put(void *p, size_t size, uint64_t v)
{
	uint8_t u8 = (uint8_t)v;
	uint16_t u16 = (uint16_t)v;
	uint32_t u32 = (uint32_t)v;

	switch (size) {
	case 1: memcpy(p, &u8, 1); break;
	case 2: memcpy(p, &u16, 2); break;
	case 4: memcpy(p, &u32, 4); break;
	default: memcpy(p, &v, sizeof(v)); break;
	}
}

/* Fold v into the running hash h (boost's hash_combine, 64-bit). */
static inline uint64_t hash_mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h;
}

/*
 * The final avalanche of MurmurHash3 (fmix64).  Without it, QP numbers,
 * which drivers hand out in sequence, fill runs of adjacent slots per
 * device; the runs of several devices overlap and linear probing becomes
 * quadratic (100k QPs on 4 devices: seconds per refresh).
 */
static inline uint64_t hash_fmix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}

/* FNV-1a of a NUL-terminated string. */
static inline uint64_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

/* Seconds from a to b (monotonic or wall clock alike). */
static inline double ts_diff(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/* A time in seconds. */
static inline double ts_sec(const struct timespec *t)
{
	return (double)t->tv_sec + (double)t->tv_nsec / 1e9;
}

/* Now on clock id (CLOCK_MONOTONIC, CLOCK_REALTIME), in seconds. */
static inline double clock_sec(clockid_t id)
{
	struct timespec t;

	clock_gettime(id, &t);
	return ts_sec(&t);
}

#endif
