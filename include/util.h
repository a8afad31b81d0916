/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Small helpers every layer may use: no state, no dependencies. */
#ifndef RDMATOP_UTIL_H
#define RDMATOP_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* The struct a member is embedded in (libev watchers find their owner). */
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

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

#endif
