// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Names that outputs key by (see snapshot.h): counter names, device names.
 *
 * The kernel's strings are NUL-terminated, but a netlink attribute carries
 * a length, and a recording carries any bytes: a counter "a\0x" and "a\0y"
 * were both cut to "a", so four counters became one series four times and
 * an OpenMetrics parser refused the whole exposition.  A NUL inside a name
 * is kept as the four characters \x00, as fmt_escape() shows bytes it
 * cannot print, so nothing is cut.
 *
 * Escaped names may still meet: the writers put U+FFFD for bytes that are
 * not UTF-8 and for control characters (OpenMetrics; JSON for the former),
 * and a kernel (or a recording) may send a name twice.  snap_dedup() keeps
 * the first of a counter's series and drops the rest, and renames the later
 * of two devices of one name (NAME~2, ~3, ...), comparing names as the
 * writers print them, so no two series or JSON keys can be the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "snapshot.h"
#include "util.h"

size_t snap_name_esc(char *dst, size_t cap, const char *src, size_t len)
{
	size_t o = 0, i;

	if (!cap)
		return 0;
	while (len && !src[len - 1])
		len--;	/* the terminating NUL (nla_put_string), and padding */
	for (i = 0; i < len; i++) {
		if (src[i]) {
			if (o + 1 >= cap)
				break;
			dst[o++] = src[i];
		} else {
			if (o + 4 >= cap)
				break;	/* never half an escape */
			memcpy(dst + o, "\\x00", 4);
			o += 4;
		}
	}
	dst[o] = '\0';
	return o;
}

uint32_t snap_name(struct snapshot *s, const char *src, size_t len)
{
	char buf[1024];

	/* a counter name is at most a few dozen bytes; 255 of them kept */
	if (len > 255)
		len = 255;
	snap_name_esc(buf, sizeof(buf), src, len);
	return snap_str(s, buf, sizeof(buf));
}

/* The code point a writer prints for the unit at s (out_om_label, jw_str). */
static uint32_t printed(const unsigned char **s)
{
	uint32_t cp;

	*s += fmt_utf8(*s, &cp);
	if (cp == '\n')
		return cp;	/* escaped as \n by both */
	return cp == FMT_UTF8_BAD || fmt_cp_control(cp) ? 0xfffd : cp;
}

bool snap_same_name(const char *a, const char *b)
{
	const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;

	while (*p && *q)
		if (printed(&p) != printed(&q))
			return false;
	return !*p && !*q;
}

static uint64_t name_hash(const char *a)
{
	const unsigned char *p = (const unsigned char *)a;
	uint64_t h = 1469598103934665603ULL;

	while (*p)
		h = hash_mix(h, printed(&p));
	return h;
}

/* A device as the writers label it: its name, or its index when unknown. */
static const char *dev_label(const struct snapshot *s, uint32_t index, char *buf, size_t len)
{
	const struct snap_dev *d = snap_dev_find(s, index);

	if (d)
		return d->name;
	snprintf(buf, len, "%u", (unsigned int)index);
	return buf;
}

static bool same_counter(const struct snapshot *s, const struct snap_counter *a,
			 const struct snap_counter *b)
{
	char ba[16], bb[16];

	return a->source == b->source && a->port == b->port && a->kind == b->kind &&
	       a->obj == b->obj && snap_same_name(snap_s(s, a->name), snap_s(s, b->name)) &&
	       snap_same_name(dev_label(s, a->dev, ba, sizeof(ba)),
			      dev_label(s, b->dev, bb, sizeof(bb)));
}

static uint64_t counter_hash(const struct snapshot *s, const struct snap_counter *c)
{
	char buf[16];
	uint64_t h = name_hash(snap_s(s, c->name));

	h = hash_mix(h, name_hash(dev_label(s, c->dev, buf, sizeof(buf))));
	h = hash_mix(h, (uint64_t)c->port << 16 | (uint64_t)c->source << 8 | c->kind);
	return hash_fmix(hash_mix(h, c->obj));
}

/*
 * Keep the first counter of each series, in order: an open-addressing
 * table of the kept ones (a port has ~100 counters, a host thousands).
 * -1 when out of memory (nothing dropped).
 */
static int dedup_counters(const struct snapshot *s, struct snap_vec *v)
{
	size_t cap = 16, i, n = 0, *slot;

	while (cap < 2 * v->n)
		cap *= 2;
	slot = calloc(cap, sizeof(*slot));	/* index + 1; 0 is empty */
	if (!slot)
		return -1;
	for (i = 0; i < v->n; i++) {
		struct snap_counter *c = SNAP_AT(v, struct snap_counter, i);
		size_t k = (size_t)counter_hash(s, c) & (cap - 1);
		bool dup = false;

		for (; slot[k]; k = (k + 1) & (cap - 1))
			if (same_counter(s, SNAP_AT(v, struct snap_counter, slot[k] - 1), c)) {
				dup = true;
				break;
			}
		if (dup)
			continue;
		if (n != i)
			*SNAP_AT(v, struct snap_counter, n) = *c;
		slot[k] = ++n;
	}
	v->n = n;
	free(slot);
	return 0;
}

static bool dev_name_taken(const struct snapshot *s, size_t upto, const char *name)
{
	size_t i;

	for (i = 0; i < upto; i++)
		if (snap_same_name(SNAP_AT(&s->devs, struct snap_dev, i)->name, name))
			return true;
	return false;
}

/* Devices are few (a host has a handful): pairs compared. */
static void dedup_devs(struct snapshot *s)
{
	size_t i;

	for (i = 1; i < s->devs.n; i++) {
		struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, i);
		char base[SNAP_DEV_NAME_MAX], name[SNAP_DEV_NAME_MAX];
		unsigned int k;

		if (!dev_name_taken(s, i, d->name))
			continue;
		memcpy(base, d->name, sizeof(base));
		for (k = 2;; k++) {
			char suffix[16];
			int sl = snprintf(suffix, sizeof(suffix), "~%u", k);
			size_t bl = strlen(base);

			/* cut the base at a character, not inside one */
			if (bl + (size_t)sl >= sizeof(name))
				bl = sizeof(name) - 1 - (size_t)sl;
			while (bl && ((unsigned char)base[bl] & 0xc0) == 0x80)
				bl--;
			snprintf(name, sizeof(name), "%.*s%s", (int)bl, base, suffix);
			/* also against the later ones: NAME~2 may be one */
			if (!dev_name_taken(s, s->devs.n, name))
				break;
		}
		memcpy(d->name, name, sizeof(name));
	}
}

void snap_dedup(struct snapshot *s)
{
	/* devices first: the counters' series are labelled by their names */
	dedup_devs(s);
	dedup_counters(s, &s->counters);
	dedup_counters(s, &s->objcnts);
}
