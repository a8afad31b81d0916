// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An instant vector's series parsed one at a time.  jansson builds the
 * whole answer as a tree before a series can be taken from it: about a
 * KiB a series (an object's hashtable each for the series and its
 * labels, a json_t a string), so a 5,000-host refresh's largest answer
 * (38,752 series, 3.1 MB of JSON) took tens of MB for the moment of its
 * parse.  Here a scan of the bytes (strings and nesting, nothing
 * decoded) finds data.result's array and each of its elements; jansson
 * parses the answer without the array's elements (status, error,
 * resultType, duplicates refused as before), then each element alone,
 * taken and freed before the next.
 *
 * An element as Prometheus writes it is read without jansson
 * (parse_elem.c); jansson parses the rest, each part asked first whether
 * it would hold it within PROM_PARSE_MEMORY_MAX.  Whatever the scan does
 * not recognise (a key written with escapes, a scalar, malformed JSON
 * anywhere, an element jansson refuses, more series than allowed) goes
 * to the whole parse (parse.c), whose outcome and words are the
 * reference: the fuzz targets compare the two on every input.  One
 * difference is meant: an answer of plain elements whose jansson tree
 * would pass the memory bound is read here (its series take their bytes
 * and their labels' pointers, within the 16 MiB bound of an answer),
 * where the whole parse refuses it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "parse.h"
#include "prom.h"

/* data.result's array: its brackets and its elements' spans */
struct span {
	size_t a, b; /* '[' and its ']' */
	size_t *at; /* element k: at[2k] .. at[2k+1] (exclusive) */
	size_t n, cap;
};

static size_t skip_ws(const char *s, size_t i, size_t len)
{
	while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
		i++;
	return i;
}

static int add_elem(struct span *sp, size_t from, size_t to, size_t max)
{
	/* past the bound: the whole parse says so (and 5.5 million "{}"
	 * were 88 MB of spans before their count was known) */
	if (sp->n >= max)
		return -E2BIG;
	if (sp->n * 2 + 2 > sp->cap) {
		size_t nc = sp->cap ? sp->cap * 2 : 256;
		size_t *p = realloc(sp->at, nc * sizeof(*p));

		if (!p)
			return -ENOMEM;
		sp->at = p;
		sp->cap = nc;
	}
	sp->at[sp->n * 2] = from;
	sp->at[sp->n * 2 + 1] = to;
	sp->n++;
	return 0;
}

/* 0 when the answer is an object whose first "data" key holds an object
 * whose first "result" key holds an array, its elements in sp; -EINVAL
 * for anything else (the whole parse says what) */
static int scan(const char *s, size_t len, struct span *sp, size_t max)
{
	size_t i = skip_ws(s, 0, len), from = 0;
	int depth = 0, data = 0; /* data: 1 inside data's object, 2 after it */
	bool in_res = false, found = false;

	if (i >= len || s[i] != '{')
		return -EINVAL;
	while (i < len) {
		char c = s[i];

		if (c == '"') {
			size_t e = prom_str_end(s, i, len), k = skip_ws(s, e, len);

			if (e >= len)
				return -EINVAL;
			/* a key, and where it leads */
			if (k < len && s[k] == ':' && !in_res) {
				size_t v = skip_ws(s, k + 1, len);

				if (v < len && depth == 1 && !data && e - i == 6 &&
				    !memcmp(s + i, "\"data\"", 6) && s[v] == '{') {
					data = 1;
					depth++;
					i = v + 1;
					continue;
				}
				if (v < len && depth == 2 && data == 1 && !found && e - i == 8 &&
				    !memcmp(s + i, "\"result\"", 8) && s[v] == '[') {
					found = in_res = true;
					sp->a = v;
					depth++;
					i = from = v + 1;
					continue;
				}
			}
			i = e;
			continue;
		}
		switch (c) {
		case '{':
		case '[':
			if (++depth > 256)
				return -EINVAL; /* jansson's own limit is 2048 */
			break;
		case '}':
		case ']':
			if (in_res && depth == 3) {
				/* the array's end: its last element, if any */
				if (c != ']')
					return -EINVAL;
				if (skip_ws(s, from, len) < i && add_elem(sp, from, i, max))
					return -E2BIG;
				else if (skip_ws(s, from, len) >= i && sp->n)
					return -EINVAL; /* [x,] */
				sp->b = i;
				in_res = false;
			}
			if (data == 1 && depth == 2)
				data = 2;
			if (--depth < 0)
				return -EINVAL;
			if (!depth)
				return found && skip_ws(s, i + 1, len) == len ? 0 : -EINVAL;
			break;
		case ',':
			if (in_res && depth == 3) {
				if (add_elem(sp, from, i, max))
					return -E2BIG;
				from = i + 1;
			}
			break;
		default:
			break;
		}
		i++;
	}
	return -EINVAL;
}

/* one element: read plain (parse_elem.c), or jansson's, taken and freed
 * (where jansson would hold it within the bound) */
static int one(const char *s, size_t len, struct prom_series *out)
{
	json_error_t je;
	json_t *r;
	size_t values, at;
	int ret = prom_series_plain(s, len, out);

	if (ret != 1)
		return ret;
	if (prom_parse_cost(s, len, &values, &at) > PROM_PARSE_MEMORY_MAX)
		return -E2BIG;
	r = json_loadb(s, len, JSON_REJECT_DUPLICATES, &je);
	if (!r)
		return -EINVAL;
	ret = prom_series_of(r, out);
	json_decref(r);
	return ret;
}

int prom_parse_answer_stop(const char *buf, size_t len, size_t max_series, struct prom_vector *v,
			   char *err, size_t errlen, const bool *stop)
{
	struct span sp = { 0 };
	json_error_t je;
	json_t *root = NULL;
	char *env = NULL;
	const char *type, *st;
	size_t i, values, at;
	int ret;

	v->s = NULL;
	v->n = 0;
	/* jansson's memory is asked of what jansson parses: the envelope
	 * and an element that is not plain, each within the bound (the
	 * series read plain take their bytes and a label's pointers) */
	if (scan(buf, len, &sp, max_series))
		goto whole;
	/* the answer without the array's elements: "[]" where they were */
	env = malloc(len - (sp.b - sp.a - 1) + 1);
	if (!env)
		goto whole;
	memcpy(env, buf, sp.a + 1);
	memcpy(env + sp.a + 1, buf + sp.b, len - sp.b);
	if (prom_parse_cost(env, len - (sp.b - sp.a - 1), &values, &at) > PROM_PARSE_MEMORY_MAX)
		goto whole;
	root = json_loadb(env, len - (sp.b - sp.a - 1), JSON_REJECT_DUPLICATES, &je);
	st = json_string_value(json_object_get(root, "status"));
	type = json_string_value(json_object_get(json_object_get(root, "data"), "resultType"));
	/* a success of a vector: what the whole parse would take */
	if (!st || strcmp(st, "success") || !type || strcmp(type, "vector"))
		goto whole;
	v->s = calloc(sp.n + 1, sizeof(*v->s));
	if (!v->s)
		goto whole;
	for (i = 0; i < sp.n; i++) {
		if (!(i & 4095) && stop && __atomic_load_n(stop, __ATOMIC_RELAXED)) {
			prom_vector_free(v);
			snprintf(err, errlen, "stopped");
			ret = -ECANCELED;
			goto out;
		}
		v->n++;
		if (one(buf + sp.at[2 * i], sp.at[2 * i + 1] - sp.at[2 * i], &v->s[i])) {
			/* refused: the whole parse says why in its words (a
			 * later element may not even be JSON, which it says
			 * first) */
			prom_vector_free(v);
			goto whole;
		}
	}
	ret = 0;
	goto out;
whole:
	json_decref(root);
	root = NULL;
	ret = prom_parse_answer_whole(buf, len, max_series, v, err, errlen, stop);
out:
	json_decref(root);
	free(env);
	free(sp.at);
	return ret;
}
