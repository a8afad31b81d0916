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
		/* printable ASCII and \n print as themselves: no decoding */
		if ((*p >= 0x20 && *p < 0x7f) || *p == '\n')
			h = hash_mix(h, *p++);
		else
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

/*
 * The hashes one dedup_counters call reuses: a name's by its string id (a
 * netdev's counter names are one string for all its ports: src/net interns
 * them once a sample), a device label's by its index and the last key's
 * (a source pushes a port's rows together), so a row costs a few mixes,
 * not a walk of its name's characters and of the device list.
 */
#define DEDUP_NAMES 2048	/* a table of ids: half of it used at most */
#define DEDUP_DEVS 64
struct dedup_memo {
	uint32_t id[DEDUP_NAMES];	/* 0: empty */
	uint64_t h[DEDUP_NAMES];
	size_t used;
	struct {
		uint64_t ix;	/* the device's index + 1; 0: none */
		uint64_t h;
	} devs[DEDUP_DEVS];	/* the labels' hashes by index */
	struct snap_counter key;	/* the last key_hash asked, and its */
	bool have_key;
	uint64_t key_h;
};

static uint64_t name_hash_of(const struct snapshot *s, struct dedup_memo *m, uint32_t id)
{
	size_t k = (id * 2654435761u) >> 21 & (DEDUP_NAMES - 1);
	uint64_t h;

	for (; id && m->id[k]; k = (k + 1) & (DEDUP_NAMES - 1))
		if (m->id[k] == id)
			return m->h[k];
	/* mixed whole: names that differ in their last character
	 * (requests_prio1, _prio2) on devices that differ in theirs made the
	 * same hash_mix chain */
	h = hash_fmix(name_hash(snap_s(s, id)));
	if (id && m->used < DEDUP_NAMES / 2) {
		m->id[k] = id;
		m->h[k] = h;
		m->used++;
	}
	return h;
}

uint64_t snap_name_hash(const char *name)
{
	return name_hash(name);
}

/* a series' all but its name: device label, port, source, kind, object */
static inline uint64_t key_hash(const struct snapshot *s, const struct snap_counter *c,
				struct dedup_memo *m)
{
	size_t d = c->dev & (DEDUP_DEVS - 1);

	/* the rows of a key come together: the last one's kept */
	if (m->have_key && m->key.dev == c->dev && m->key.port == c->port &&
	    m->key.obj == c->obj && m->key.source == c->source && m->key.kind == c->kind)
		return m->key_h;
	m->key.dev = c->dev;
	m->key.port = c->port;
	m->key.obj = c->obj;
	m->key.source = c->source;
	m->key.kind = c->kind;
	m->have_key = true;
	if (m->devs[d].ix != (uint64_t)c->dev + 1) {
		char buf[16];

		m->devs[d].ix = (uint64_t)c->dev + 1;
		m->devs[d].h = hash_fmix(name_hash(dev_label(s, c->dev, buf, sizeof(buf))));
	}
	/* the label's hash is mixed whole: a multiply by an odd constant
	 * keeps the rest apart (one name on two ports, two names on one) */
	m->key_h = (m->devs[d].h ^ ((uint64_t)c->obj << 32 | (uint64_t)c->port << 16 |
				    (uint64_t)c->source << 8 | c->kind)) *
		   0x9e3779b97f4a7c15ULL;
	return m->key_h;
}

/*
 * The series keys of a sample's runs (struct snap_counter's run) and of
 * its other rows: a run whose key no other run or row has cannot meet
 * anything (its own names differ), and its rows are kept without a look.
 * Counts by key hash: two keys of one hash only cost a look too many.
 */
struct keys {
	struct key {
		uint64_t h;
		uint32_t runs;
		uint32_t rows;	/* 0 or 1: a key's single rows are many */
	} *t;
	size_t mask;
};

static struct key *key_of(struct keys *k, uint64_t h)
{
	size_t i = (size_t)(h >> 32 ^ h) & k->mask;

	for (; k->t[i].runs || k->t[i].rows; i = (i + 1) & k->mask)
		if (k->t[i].h == h)
			return &k->t[i];
	k->t[i].h = h;
	return &k->t[i];
}

/* the keys of v's runs and rows into k (nothing where v has no run); -1
 * out of memory */
static int keys_fill(const struct snapshot *s, const struct snap_vec *v, struct dedup_memo *m,
		     struct keys *k)
{
	size_t i, r, runs = 0, cap = 16, n;
	uint64_t last = 0;
	bool have_last;

	k->t = NULL;
	for (i = 0; i < v->n; i += r ? r : 1)
		runs += (r = snap_counter_run(v, i)) != 0;
	if (!runs)
		return 0;
	/* a key a run, and about one for the rows between two runs */
	while (cap < 4 * (runs + 1))
		cap *= 2;
	for (;;) {
		if (!(k->t = calloc(cap, sizeof(*k->t))))
			return -1;
		k->mask = cap - 1;
		have_last = false;
		for (i = 0, n = 0; i < v->n && n < cap / 2; i += r ? r : 1) {
			uint64_t h = key_hash(s, SNAP_AT(v, struct snap_counter, i), m);
			struct key *e;

			r = snap_counter_run(v, i);
			if (!r && have_last && h == last)
				continue;
			e = key_of(k, h);
			n += !e->runs && !e->rows;
			if (r) {
				e->runs++;
			} else {
				e->rows = 1;
				last = h;
			}
			have_last = !r;
		}
		if (i >= v->n)
			return 0;
		free(k->t);	/* more keys than thought: twice the table */
		cap *= 2;
	}
}

/* does the run at v[i] meet no other run or row? */
static bool run_alone(const struct snapshot *s, const struct snap_vec *v, size_t i,
		      struct dedup_memo *m, struct keys *k)
{
	const struct key *e;

	if (!k->t)
		return false;
	e = key_of(k, key_hash(s, SNAP_AT(v, struct snap_counter, i), m));
	return e->runs == 1 && !e->rows;
}

/*
 * Keep the first counter of each series, in order: a run alone as it is,
 * every other row through an open-addressing table of the kept ones with
 * their hashes (a port has ~100 counters, a netdev's hundreds, a host
 * thousands); two rows are compared only when their hashes are equal.
 * -1 when out of memory (nothing dropped).
 */
static int dedup_counters(const struct snapshot *s, struct snap_vec *v)
{
	struct slot {
		uint32_t ix;	/* index + 1; 0 is empty */
		uint32_t h;	/* the hash's high half (the low one placed it) */
	} *slot = NULL;
	struct keys k = { NULL, 0 };
	struct dedup_memo *m;
	size_t cap = 16, i, n = 0, r, look = 0;
	int ret = -1;

	if (v->n < 2)
		return 0;
	if (v->n >= UINT32_MAX / 2 || !(m = malloc(sizeof(*m))))
		return -1;	/* never: a sample's counters are thousands */
	memset(m->id, 0, sizeof(m->id));
	memset(m->devs, 0, sizeof(m->devs));
	m->used = 0;
	m->have_key = false;
	if (keys_fill(s, v, m, &k))
		goto out;
	for (i = 0; i < v->n; i += r ? r : 1) {
		r = snap_counter_run(v, i);
		if (!r || !run_alone(s, v, i, m, &k))
			look += r ? r : 1;
	}
	while (cap < 2 * look)
		cap *= 2;
	if (!(slot = calloc(cap, sizeof(*slot))))
		goto out;
	for (i = 0; i < v->n; i++) {
		struct snap_counter *c = SNAP_AT(v, struct snap_counter, i);
		uint64_t h;
		size_t at;
		bool dup = false;

		if ((r = snap_counter_run(v, i))) {
			if (run_alone(s, v, i, m, &k)) {
				if (n != i)
					memmove(SNAP_AT(v, struct snap_counter, n), c, r * sizeof(*c));
				n += r;
				i += r - 1;
				continue;
			}
			c->run = 0;	/* its rows looked at one by one */
		}
		h = name_hash_of(s, m, c->name) ^ key_hash(s, c, m);
		for (at = (size_t)h & (cap - 1); slot[at].ix; at = (at + 1) & (cap - 1))
			if (slot[at].h == (uint32_t)(h >> 32) &&
			    same_counter(s, SNAP_AT(v, struct snap_counter, slot[at].ix - 1), c)) {
				dup = true;
				break;
			}
		if (dup)
			continue;
		if (n != i)
			*SNAP_AT(v, struct snap_counter, n) = *c;
		slot[at].h = (uint32_t)(h >> 32);
		slot[at].ix = (uint32_t)++n;
	}
	v->n = n;
	ret = 0;
out:
	free(slot);
	free(k.t);
	free(m);
	return ret;
}

/* a device name's hash as printed (hs: the devices' names', or NULL) */
static bool dev_name_taken(const struct snapshot *s, const uint64_t *hs, size_t upto,
			   const char *name)
{
	uint64_t h = hs ? name_hash(name) : 0;
	size_t i;

	for (i = 0; i < upto; i++)
		if ((!hs || hs[i] == h) &&
		    snap_same_name(SNAP_AT(&s->devs, struct snap_dev, i)->name, name))
			return true;
	return false;
}

/*
 * Devices are few (a host has a handful, an SR-IOV host hundreds): pairs
 * compared by the hashes of their names, the names only where those meet
 * (without memory for the hashes, the names).
 */
static void dedup_devs(struct snapshot *s)
{
	uint64_t *hs = s->devs.n > 1 ? malloc(s->devs.n * sizeof(*hs)) : NULL;
	size_t i;

	for (i = 0; hs && i < s->devs.n; i++)
		hs[i] = name_hash(SNAP_AT(&s->devs, struct snap_dev, i)->name);
	for (i = 1; i < s->devs.n; i++) {
		struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, i);
		char base[SNAP_DEV_NAME_MAX], name[SNAP_DEV_NAME_MAX];
		unsigned int k;

		if (!dev_name_taken(s, hs, i, d->name))
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
			if (!dev_name_taken(s, hs, s->devs.n, name))
				break;
		}
		memcpy(d->name, name, sizeof(name));
		if (hs)
			hs[i] = name_hash(d->name);
	}
	free(hs);
}

void snap_dedup(struct snapshot *s)
{
	/* devices first: the counters' series are labelled by their names */
	dedup_devs(s);
	dedup_counters(s, &s->counters);
	dedup_counters(s, &s->objcnts);
}
