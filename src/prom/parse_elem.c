// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One element of an instant vector, {"metric": {...}, "value": [t, "v"]},
 * read straight from its bytes.  jansson took about 277 instructions a
 * byte (a json_t a value, a hashtable an object, each string copied
 * twice): 91 % of a 5,000-host refresh's CPU, most of it the Hosts
 * pane's 6.7 MB.  Prometheus writes every element the same way (Go's
 * encoding, no blanks, labels in order), so this takes the plain case
 * alone: keys "metric" and "value" once each, labels whose names and
 * values are strings without escapes, control or non-ASCII bytes, at
 * most 64 of them, no name twice, numbers in JSON's grammar.  Anything
 * else is not taken (1) and jansson decides (parse_vec.c), so an answer's
 * outcome, series and words are jansson's: the fuzz targets compare them
 * on every input.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "prom.h"

#define LABELS_MAX 64

struct rd {
	const char *s;
	size_t i, len;
};

struct str {
	const char *p;
	size_t n;
};

static void ws(struct rd *r)
{
	while (r->i < r->len && (r->s[r->i] == ' ' || r->s[r->i] == '\t' || r->s[r->i] == '\n' ||
				 r->s[r->i] == '\r'))
		r->i++;
}

static bool eat(struct rd *r, char c)
{
	ws(r);
	if (r->i >= r->len || r->s[r->i] != c)
		return false;
	r->i++;
	return true;
}

/* a string of printable ASCII without escapes: its bytes are its value */
static bool str(struct rd *r, struct str *out)
{
	size_t k;

	if (!eat(r, '"'))
		return false;
	for (k = r->i; k < r->len; k++) {
		unsigned char c = (unsigned char)r->s[k];

		if (c == '"') {
			out->p = r->s + r->i;
			out->n = k - r->i;
			r->i = k + 1;
			return true;
		}
		if (c == '\\' || c < 0x20 || c >= 0x80)
			return false;
	}
	return false;
}

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * -?D+(.D+)? of at most 15 digits: the digits as an integer (exact below
 * 2^53) over a power of ten (exact up to 1e22), one division: correctly
 * rounded, the double strtod() gives (Clinger's fast path).  false for
 * anything else: strtod() reads it.  Prometheus's times (1764558720.5)
 * and most values ("1.5", "0") are of this form; strtod() was a tenth
 * of a refresh.
 */
static bool decimal(const char *s, size_t n, double *v)
{
	static const double p10[] = { 1e0, 1e1, 1e2,  1e3,  1e4,  1e5,	1e6,  1e7,
				      1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15 };
	uint64_t m = 0;
	size_t i = 0, digits = 0, frac = 0;
	bool neg = n && s[0] == '-', point = false;

	for (i = neg; i < n; i++) {
		if (digit(s[i])) {
			if (++digits > 15)
				return false;
			m = m * 10 + (uint64_t)(s[i] - '0');
			frac += point;
		} else if (s[i] == '.' && !point && digits && i + 1 < n) {
			point = true;
		} else {
			return false;
		}
	}
	if (!digits)
		return false;
	*v = (double)m / p10[frac];
	if (neg)
		*v = -*v;
	return true;
}

/*
 * A JSON number as jansson 2.14 reads it (load.c lex_scan_number): an
 * integer (no '.', 'e') by strtoll(), made a double by json_number_value();
 * any other by strtod(), refused where it overflows.  Only what fits is
 * taken here: up to 18 digits of integer, 63 bytes of real.
 */
static bool number(struct rd *r, double *v)
{
	const char *s;
	size_t a, n;
	bool real = false;
	char buf[64], *end;

	ws(r);
	a = r->i;
	s = r->s;
	if (r->i < r->len && s[r->i] == '-')
		r->i++;
	if (r->i >= r->len || !digit(s[r->i]))
		return false;
	if (s[r->i] == '0') {
		r->i++;
		if (r->i < r->len && digit(s[r->i]))
			return false;
	} else {
		while (r->i < r->len && digit(s[r->i]))
			r->i++;
	}
	if (r->i < r->len && s[r->i] == '.') {
		real = true;
		if (++r->i >= r->len || !digit(s[r->i]))
			return false;
		while (r->i < r->len && digit(s[r->i]))
			r->i++;
	}
	if (r->i < r->len && (s[r->i] == 'e' || s[r->i] == 'E')) {
		real = true;
		r->i++;
		if (r->i < r->len && (s[r->i] == '+' || s[r->i] == '-'))
			r->i++;
		if (r->i >= r->len || !digit(s[r->i]))
			return false;
		while (r->i < r->len && digit(s[r->i]))
			r->i++;
	}
	n = r->i - a;
	if (!real) {
		int64_t x = 0;
		size_t k = s[a] == '-';

		if (n - k > 18)
			return false;
		for (; k < n; k++)
			x = x * 10 + (s[a + k] - '0');
		*v = (double)(s[a] == '-' ? -x : x);
		return true;
	}
	if (decimal(s + a, n, v))
		return true;
	if (n >= sizeof(buf))
		return false;
	memcpy(buf, s + a, n);
	buf[n] = '\0';
	*v = strtod(buf, &end);
	return end == buf + n && !isinf(*v);
}

/* "value": [t, "v"] */
static bool value(struct rd *r, double *ts, double *v)
{
	struct str vs;
	char buf[64];

	if (!eat(r, '[') || !number(r, ts) || !eat(r, ',') || !str(r, &vs) || !eat(r, ']') ||
	    vs.n >= sizeof(buf))
		return false;
	if (decimal(vs.p, vs.n, v))
		return true;
	memcpy(buf, vs.p, vs.n);
	buf[vs.n] = '\0';
	return !prom_value_str(buf, v);
}

/* "metric": {"name": "value", ...}: its labels' spans */
static bool metric(struct rd *r, struct str *lab, size_t *n)
{
	*n = 0;
	if (!eat(r, '{'))
		return false;
	if (eat(r, '}'))
		return true;
	do {
		struct str *k = &lab[2 * *n];

		if (*n == LABELS_MAX || !str(r, k) || !eat(r, ':') || !str(r, k + 1))
			return false;
		/* a name twice: jansson refuses it (JSON_REJECT_DUPLICATES) */
		for (size_t j = 0; j < *n; j++)
			if (lab[2 * j].n == k->n && !memcmp(lab[2 * j].p, k->p, k->n))
				return false;
		++*n;
	} while (eat(r, ','));
	return eat(r, '}');
}

int prom_series_plain(const char *s, size_t len, struct prom_series *out)
{
	struct rd r = { .s = s, .len = len };
	struct str lab[2 * LABELS_MAX], key;
	size_t n = 0, bytes = 0, j;
	bool have_m = false, have_v = false;
	double ts = 0, v = 0;
	char *p;

	if (!eat(&r, '{'))
		return 1;
	do {
		if (!str(&r, &key) || !eat(&r, ':'))
			return 1;
		if (key.n == 6 && !memcmp(key.p, "metric", 6) && !have_m) {
			if (!metric(&r, lab, &n))
				return 1;
			have_m = true;
		} else if (key.n == 5 && !memcmp(key.p, "value", 5) && !have_v) {
			if (!value(&r, &ts, &v))
				return 1;
			have_v = true;
		} else {
			return 1; /* another key, or one twice */
		}
	} while (eat(&r, ','));
	if (!eat(&r, '}') || !have_m || !have_v)
		return 1;
	ws(&r);
	if (r.i != len)
		return 1;
	for (j = 0; j < 2 * n; j++)
		bytes += lab[j].n + 1;
	/* as prom_series_of(): the labels, then their strings */
	out->labels = malloc((n ? n : 1) * sizeof(*out->labels) + bytes);
	if (!out->labels)
		return -ENOMEM;
	p = (char *)(out->labels + (n ? n : 1));
	for (j = 0; j < n; j++) {
		struct prom_label *l = &out->labels[j];

		l->name = memcpy(p, lab[2 * j].p, lab[2 * j].n);
		p += lab[2 * j].n;
		*p++ = '\0';
		l->value = memcpy(p, lab[2 * j + 1].p, lab[2 * j + 1].n);
		p += lab[2 * j + 1].n;
		*p++ = '\0';
	}
	out->n_labels = n;
	out->ts = ts;
	out->value = v;
	return 0;
}
