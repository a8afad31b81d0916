// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the writers' output must be, checked on every fuzz input
 * (snapgen.h).  Written from the specifications, not from the writers:
 * UTF-8 from RFC 3629, JSON from RFC 8259, the expositions from the
 * OpenMetrics 1.0 ABNF and the Prometheus text format 0.0.4.
 */
#include <stdlib.h>
#include <string.h>

#include "snapgen.h"

/*
 * The code point of the well-formed sequence at p (RFC 3629's UTF8-char),
 * its length in *n; -1 if there is none.
 */
static long utf8_at(const unsigned char *p, const unsigned char *end, int *n)
{
	unsigned char b = p[0];
	long cp, min;
	int k, i;

	if (b < 0x80) {
		*n = 1;
		return b;
	}
	if (b >= 0xc0 && b < 0xe0) {
		k = 2, cp = b & 0x1f, min = 0x80;
	} else if (b >= 0xe0 && b < 0xf0) {
		k = 3, cp = b & 0x0f, min = 0x800;
	} else if (b >= 0xf0 && b < 0xf8) {
		k = 4, cp = b & 0x07, min = 0x10000;
	} else {
		return -1;
	}
	if (end - p < k)
		return -1;
	for (i = 1; i < k; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return -1;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return -1;
	*n = k;
	return cp;
}

/*
 * C0 (but newline), DEL, C1; the bidi controls and the line separators;
 * characters a terminal draws in no cell (Unicode's format characters:
 * soft hyphen, zero width space and joiners, word joiner, BOM, tags).
 */
static bool terminal_unsafe(long cp)
{
	return (cp < 0x20 && cp != '\n') || (cp >= 0x7f && cp < 0xa0) || cp == 0x00ad ||
	       cp == 0x061c || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) ||
	       (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x2066 && cp <= 0x2069) ||
	       cp == 0xfeff || (cp >= 0xe0000 && cp <= 0xe007f);
}

void fz_check_terminal_text(const char *out, size_t len)
{
	const unsigned char *p = (const unsigned char *)out, *end = p + len;

	while (p < end) {
		int n;
		long cp = utf8_at(p, end, &n);

		if (cp < 0)
			fz_fail("not UTF-8", out, len, (size_t)(p - (const unsigned char *)out));
		if (terminal_unsafe(cp))
			fz_fail("a raw control, bidi or invisible character", out, len,
				(size_t)(p - (const unsigned char *)out));
		p += n;
	}
}

/* ---- JSON (RFC 8259), strict: one value, no trailing commas, no NaN ---- */
struct js {
	const char *s, *p, *end;
	size_t len;
	int depth;
};

static void js_fail(struct js *j, const char *what)
{
	fz_fail(what, j->s, j->len, (size_t)(j->p - j->s));
}

static void js_ws(struct js *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r'))
		j->p++;
}

static void js_value(struct js *j);

static void js_lit(struct js *j, const char *lit)
{
	size_t n = strlen(lit);

	if ((size_t)(j->end - j->p) < n || memcmp(j->p, lit, n))
		js_fail(j, "JSON: bad literal");
	j->p += n;
}

static bool js_digit(struct js *j)
{
	return j->p < j->end && *j->p >= '0' && *j->p <= '9';
}

static void js_number(struct js *j)
{
	if (j->p < j->end && *j->p == '-')
		j->p++;
	if (!js_digit(j))
		js_fail(j, "JSON: bad number");
	if (*j->p == '0')
		j->p++;
	else
		while (js_digit(j))
			j->p++;
	if (j->p < j->end && *j->p == '.') {
		j->p++;
		if (!js_digit(j))
			js_fail(j, "JSON: bad fraction");
		while (js_digit(j))
			j->p++;
	}
	if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
		j->p++;
		if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
			j->p++;
		if (!js_digit(j))
			js_fail(j, "JSON: bad exponent");
		while (js_digit(j))
			j->p++;
	}
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static long js_u4(struct js *j)
{
	long v = 0;
	int i;

	if (j->end - j->p < 4)
		js_fail(j, "JSON: short \\u escape");
	for (i = 0; i < 4; i++) {
		int h = hexval(j->p[i]);

		if (h < 0)
			js_fail(j, "JSON: bad \\u escape");
		v = v << 4 | h;
	}
	j->p += 4;
	return v;
}

static void js_string(struct js *j)
{
	j->p++;
	for (;;) {
		const unsigned char *u = (const unsigned char *)j->p;
		long cp;
		int n;

		if (j->p >= j->end)
			js_fail(j, "JSON: unterminated string");
		if (*j->p == '"') {
			j->p++;
			return;
		}
		if (*j->p == '\\') {
			j->p++;
			if (j->p >= j->end)
				js_fail(j, "JSON: unterminated escape");
			if (strchr("\"\\/bfnrt", *j->p) && *j->p) {
				j->p++;
				continue;
			}
			if (*j->p != 'u')
				js_fail(j, "JSON: bad escape");
			j->p++;
			cp = js_u4(j);
			/* a character past U+FFFF is a surrogate pair (RFC 8259
			 * 7: the writer escapes invisible tags so); a lone
			 * surrogate is no character */
			if (cp >= 0xdc00 && cp <= 0xdfff)
				js_fail(j, "JSON: lone low surrogate escape");
			if (cp >= 0xd800 && cp <= 0xdbff) {
				if (j->end - j->p < 6 || j->p[0] != '\\' || j->p[1] != 'u')
					js_fail(j, "JSON: lone high surrogate escape");
				j->p += 2;
				cp = js_u4(j);
				if (cp < 0xdc00 || cp > 0xdfff)
					js_fail(j, "JSON: high surrogate without its low one");
			}
			continue;
		}
		cp = utf8_at(u, (const unsigned char *)j->end, &n);
		if (cp < 0)
			js_fail(j, "JSON: string not UTF-8");
		if (cp < 0x20)
			js_fail(j, "JSON: raw control character in a string");
		if (terminal_unsafe(cp))
			js_fail(j, "JSON: raw C1, bidi or invisible character in a string");
		j->p += n;
	}
}

static void js_members(struct js *j, char close, bool object)
{
	/* an object's keys so far, as written: none twice (RFC 8259 4: the
	 * names SHOULD be unique; parsers differ on which one they keep) */
	const char *key[256];
	size_t key_len[256], n_keys = 0, i;

	j->p++;
	if (++j->depth > 64)
		js_fail(j, "JSON: nested too deep");
	js_ws(j);
	if (j->p < j->end && *j->p == close) {
		j->p++;
		j->depth--;
		return;
	}
	for (;;) {
		js_ws(j);
		if (object) {
			const char *k = j->p;

			if (j->p >= j->end || *j->p != '"')
				js_fail(j, "JSON: object key is not a string");
			js_string(j);
			for (i = 0; i < n_keys; i++)
				if (key_len[i] == (size_t)(j->p - k) && !memcmp(key[i], k, key_len[i])) {
					j->p = k;
					js_fail(j, "JSON: a key twice in one object");
				}
			if (n_keys < 256) {
				key[n_keys] = k;
				key_len[n_keys++] = (size_t)(j->p - k);
			}
			js_ws(j);
			if (j->p >= j->end || *j->p != ':')
				js_fail(j, "JSON: no colon after a key");
			j->p++;
		}
		js_value(j);
		js_ws(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			continue;
		}
		if (j->p < j->end && *j->p == close) {
			j->p++;
			j->depth--;
			return;
		}
		js_fail(j, "JSON: expected , or the closing bracket");
	}
}

static void js_value(struct js *j)
{
	js_ws(j);
	if (j->p >= j->end)
		js_fail(j, "JSON: value missing");
	switch (*j->p) {
	case '{': js_members(j, '}', true); break;
	case '[': js_members(j, ']', false); break;
	case '"': js_string(j); break;
	case 't': js_lit(j, "true"); break;
	case 'f': js_lit(j, "false"); break;
	case 'n': js_lit(j, "null"); break;
	default: js_number(j); break;
	}
}

void fz_check_json_lines(const char *out, size_t len)
{
	const char *l = out, *end = out + len;

	if (len && out[len - 1] != '\n')
		fz_fail("JSON: last line not ended", out, len, len - 1);
	while (l < end) {
		const char *e = memchr(l, '\n', (size_t)(end - l));
		struct js j = { .s = out, .p = l, .end = e, .len = len };

		js_value(&j);
		js_ws(&j);
		if (j.p != e)
			js_fail(&j, "JSON: more after the value");
		if (*l != '{')
			fz_fail("JSON: a line is not an object", out, len, (size_t)(l - out));
		l = e + 1;
	}
}

/* ---- expositions ---- */
struct family {
	char name[128];
	char type[16];
};

struct xp {
	const char *out;
	size_t len;
	bool om;
	struct family *fams;
	size_t n_fams, cap_fams;
	struct family *cur;
	char **series;		/* name{labels} of every sample: no repeats */
	size_t n_series, cap_series;
};

static void xp_fail(struct xp *x, const char *what, const char *at)
{
	fz_fail(what, x->out, x->len, (size_t)(at - x->out));
}

static bool name_char(char c, bool first, bool colon)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       (colon && c == ':') || (!first && c >= '0' && c <= '9');
}

/* a metric name (colon) or label name at p; its end */
static const char *xp_name(struct xp *x, const char *p, const char *e, bool colon)
{
	const char *s = p;

	while (p < e && name_char(*p, p == s, colon))
		p++;
	if (p == s)
		xp_fail(x, "exposition: a name expected", s);
	return p;
}

/* A number as both formats write one (Go's ParseFloat, OpenMetrics' realnumber). */
static const char *xp_value(struct xp *x, const char *p, const char *e)
{
	const char *s = p;
	bool digits = false;

	if (e - p >= 3 && !memcmp(p, "NaN", 3))
		return p + 3;
	if (p < e && (*p == '+' || *p == '-'))
		p++;
	if (e - p >= 3 && !memcmp(p, "Inf", 3))
		return p + 3;
	while (p < e && *p >= '0' && *p <= '9')
		p++, digits = true;
	if (p < e && *p == '.') {
		p++;
		while (p < e && *p >= '0' && *p <= '9')
			p++, digits = true;
	}
	if (!digits)
		xp_fail(x, "exposition: a number expected", s);
	if (p < e && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < e && (*p == '+' || *p == '-'))
			p++;
		if (p >= e || *p < '0' || *p > '9')
			xp_fail(x, "exposition: bad exponent", s);
		while (p < e && *p >= '0' && *p <= '9')
			p++;
	}
	return p;
}

static struct family *fam_find(struct xp *x, const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < x->n_fams; i++)
		if (strlen(x->fams[i].name) == n && !memcmp(x->fams[i].name, name, n))
			return &x->fams[i];
	return NULL;
}

/* "# HELP", "# TYPE", "# UNIT", "# EOF" */
static void xp_meta(struct xp *x, const char *l, const char *e)
{
	const char *p = l + 2, *n, *ne;
	size_t kw;

	if (x->om && e - l == 5 && !memcmp(l, "# EOF", 5)) {
		if (e + 1 != x->out + x->len)
			xp_fail(x, "OpenMetrics: # EOF before the end", l);
		return;
	}
	if (e - l < 2 || l[1] != ' ')
		xp_fail(x, "exposition: comment line not '# '", l);
	for (kw = 0; p + kw < e && p[kw] != ' '; kw++)
		;
	if (p + kw >= e)
		xp_fail(x, "exposition: metadata line without a name", l);
	n = p + kw + 1;
	ne = xp_name(x, n, e, true);
	if (ne >= e || *ne != ' ')
		xp_fail(x, "exposition: metadata line without a value", l);
	if (kw == 4 && !memcmp(p, "TYPE", 4)) {
		static const char *const om_types[] = { "counter", "gauge", "info", "stateset",
			"histogram", "gaugehistogram", "summary", "unknown", NULL };
		static const char *const prom_types[] = { "counter", "gauge", "histogram",
			"summary", "untyped", NULL };
		const char *const *t = x->om ? om_types : prom_types;
		const char *v = ne + 1;
		struct family *f = fam_find(x, n, (size_t)(ne - n));

		if (f || (size_t)(ne - n) >= sizeof(f->name))
			xp_fail(x, "exposition: a family's TYPE again", l);
		for (; *t; t++)
			if ((size_t)(e - v) == strlen(*t) && !memcmp(v, *t, strlen(*t)))
				break;
		if (!*t)
			xp_fail(x, "exposition: unknown type", l);
		if (x->n_fams == x->cap_fams) {
			x->cap_fams = x->cap_fams ? x->cap_fams * 2 : 64;
			x->fams = realloc(x->fams, x->cap_fams * sizeof(*x->fams));
			if (!x->fams)
				abort();
		}
		f = &x->fams[x->n_fams++];
		memcpy(f->name, n, (size_t)(ne - n));
		f->name[ne - n] = '\0';
		snprintf(f->type, sizeof(f->type), "%.*s", (int)(e - v), v);
		x->cur = f;
	} else if (kw == 4 && !memcmp(p, "HELP", 4)) {
		/* escapes: \\ and \n, and \" in OpenMetrics */
		for (p = ne + 1; p < e; p++) {
			if (*p != '\\')
				continue;
			if (++p >= e || !(*p == '\\' || *p == 'n' || (x->om && *p == '"')))
				xp_fail(x, "exposition: bad escape in HELP", p - 1);
		}
	} else if (x->om && kw == 4 && !memcmp(p, "UNIT", 4)) {
		if (!x->cur || strlen(x->cur->name) != (size_t)(ne - n) ||
		    memcmp(x->cur->name, n, (size_t)(ne - n)))
			xp_fail(x, "OpenMetrics: UNIT of another family", l);
		/* the name ends with the unit (OpenMetrics 1.0, "Unit") */
		if ((size_t)(ne - n) < (size_t)(e - ne - 1) + 1 ||
		    memcmp(ne - (e - ne - 1), ne + 1, (size_t)(e - ne - 1)) ||
		    ne[-(e - ne - 1) - 1] != '_')
			xp_fail(x, "OpenMetrics: family name does not end with its unit", l);
	} else if (x->om) {
		xp_fail(x, "OpenMetrics: unknown metadata line", l);
	}
}

/* The family a sample name belongs to, by its type's suffixes. */
static bool sample_of(const struct family *f, const char *n, size_t len, bool om)
{
	size_t fl = strlen(f->name);

	if (len == fl && !memcmp(n, f->name, fl))
		return !om || (strcmp(f->type, "counter") && strcmp(f->type, "info"));
	if (!om || len <= fl || memcmp(n, f->name, fl))
		return false;
	if (!strcmp(f->type, "counter"))
		return (len - fl == 6 && !memcmp(n + fl, "_total", 6)) ||
		       (len - fl == 8 && !memcmp(n + fl, "_created", 8));
	if (!strcmp(f->type, "info"))
		return len - fl == 5 && !memcmp(n + fl, "_info", 5);
	return false;
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void xp_sample(struct xp *x, const char *l, const char *e)
{
	const char *p = xp_name(x, l, e, true);
	char labels[64][64];
	size_t nl = 0, i;

	if (!x->cur || !sample_of(x->cur, l, (size_t)(p - l), x->om))
		xp_fail(x, "exposition: sample outside its family", l);
	if (p < e && *p == '{') {
		p++;
		while (p < e && *p != '}') {
			const char *ln = p;

			p = xp_name(x, p, e, false);
			if ((size_t)(p - ln) >= sizeof(labels[0]) || nl == 64)
				xp_fail(x, "exposition: label name too long or too many", ln);
			for (i = 0; i < nl; i++)
				if (strlen(labels[i]) == (size_t)(p - ln) &&
				    !memcmp(labels[i], ln, (size_t)(p - ln)))
					xp_fail(x, "exposition: label twice", ln);
			snprintf(labels[nl++], sizeof(labels[0]), "%.*s", (int)(p - ln), ln);
			if (p + 1 >= e || p[0] != '=' || p[1] != '"')
				xp_fail(x, "exposition: label without =\"", p);
			for (p += 2; p < e && *p != '"'; p++) {
				unsigned char c = (unsigned char)*p;

				if (c == '\\') {
					if (++p >= e || !(*p == '\\' || *p == '"' || *p == 'n'))
						xp_fail(x, "exposition: bad escape in a label value",
							p - 1);
				} else if (c < 0x20 || c == 0x7f) {
					xp_fail(x, "exposition: raw control in a label value", p);
				}
			}
			if (p >= e)
				xp_fail(x, "exposition: unterminated label value", ln);
			p++;
			if (p < e && *p == ',')
				p++;
			else if (p < e && *p != '}')
				xp_fail(x, "exposition: expected , or } after a label", p);
		}
		if (p >= e)
			xp_fail(x, "exposition: unterminated label set", l);
		p++;
	}
	if (x->n_series == x->cap_series) {
		x->cap_series = x->cap_series ? x->cap_series * 2 : 256;
		x->series = realloc(x->series, x->cap_series * sizeof(*x->series));
		if (!x->series)
			abort();
	}
	x->series[x->n_series] = strndup(l, (size_t)(p - l));
	if (!x->series[x->n_series++])
		abort();
	if (p >= e || *p != ' ')
		xp_fail(x, "exposition: no space before the value", p);
	p = xp_value(x, p + 1, e);
	if (p != e)
		xp_fail(x, "exposition: more after the value (no timestamps here)", p);
}

void fz_check_exposition(const char *out, size_t len, bool om)
{
	struct xp x = { .out = out, .len = len, .om = om };
	const char *l = out, *end = out + len;
	size_t i;

	/* UTF-8 throughout, no control character but the line ends (label
	 * values may carry bidi characters: the formats have no escape for
	 * them, and they are part of the name) */
	for (i = 0; i < len;) {
		int n;
		long cp = utf8_at((const unsigned char *)out + i, (const unsigned char *)end, &n);

		if (cp < 0)
			fz_fail("exposition: not UTF-8", out, len, i);
		if ((cp < 0x20 && cp != '\n') || (cp >= 0x7f && cp < 0xa0))
			fz_fail("exposition: a raw control character", out, len, i);
		i += (size_t)n;
	}
	if (!len || out[len - 1] != '\n')
		fz_fail("exposition: empty or last line not ended", out, len, len ? len - 1 : 0);
	if (om && (len < 6 || memcmp(end - 6, "# EOF\n", 6)))
		fz_fail("OpenMetrics: does not end with # EOF", out, len, len - 1);
	while (l < end) {
		const char *e = memchr(l, '\n', (size_t)(end - l));

		if (e == l)
			xp_fail(&x, "exposition: empty line", l);
		if (*l == '#')
			xp_meta(&x, l, e);
		else
			xp_sample(&x, l, e);
		l = e + 1;
	}
	qsort(x.series, x.n_series, sizeof(*x.series), str_cmp);
	for (i = 1; i < x.n_series; i++)
		if (!strcmp(x.series[i - 1], x.series[i]))
			fz_fail("exposition: the same series twice", out, len,
				(size_t)(strstr(out, x.series[i]) - out));
	for (i = 0; i < x.n_series; i++)
		free(x.series[i]);
	free(x.series);
	free(x.fams);
}
