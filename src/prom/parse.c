// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Prometheus's answers, parsed with jansson: /api/v1/query's instant
 * vectors and scalars (docs: "Expression query result formats": a value
 * is [ <unix_time>, "<sample_value as string>" ]), and the scrape interval
 * out of /api/v1/status/config (the YAML of the running config, as a
 * string in data.yaml; libyaml reads it).  Anything not of that shape is
 * refused with its reason; nothing is trusted to be there.
 */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <yaml.h>

#include "fmt.h"
#include "parse.h"
#include "prom.h"
#include "util.h"

const char *prom_label(const struct prom_series *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n_labels; i++)
		if (!strcmp(s->labels[i].name, name))
			return s->labels[i].value;
	return "";
}

void prom_vector_free(struct prom_vector *v)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		free(v->s[i].labels);	/* and their strings: one allocation */
	free(v->s);
	v->s = NULL;
	v->n = 0;
}

/* Prometheus writes values as strings: "1.5", "NaN", "+Inf", "-Inf" */
int prom_value_str(const char *s, double *v)
{
	char *end;

	if (!strcmp(s, "NaN")) {
		*v = NAN;
		return 0;
	}
	*v = strtod(s, &end);
	return end == s || *end ? -EINVAL : 0;
}

static int value_of(json_t *pair, double *ts, double *v)
{
	if (!json_is_array(pair) || json_array_size(pair) != 2 ||
	    !json_is_number(json_array_get(pair, 0)) || !json_is_string(json_array_get(pair, 1)))
		return -EINVAL;
	*ts = json_number_value(json_array_get(pair, 0));
	return prom_value_str(json_string_value(json_array_get(pair, 1)), v);
}


int prom_series_of(json_t *r, struct prom_series *s)
{
	json_t *metric = json_object_get(r, "metric"), *val;
	const char *k;
	size_t n, bytes = 0;
	char *str;

	if (!json_is_object(r) || !json_is_object(metric))
		return -EINVAL;
	n = json_object_size(metric);
	if (n > 64)
		return -E2BIG;
	json_object_foreach(metric, k, val) {
		if (!json_is_string(val))
			return -EINVAL;
		bytes += strlen(k) + json_string_length(val) + 2;
	}
	/* the labels and their strings in one allocation: a label's two
	 * strdup()s were two thirds of the allocations of a 5,000-host
	 * refresh, each with its malloc overhead */
	s->labels = malloc((n ? n : 1) * sizeof(*s->labels) + bytes);
	if (!s->labels)
		return -ENOMEM;
	str = (char *)(s->labels + (n ? n : 1));
	json_object_foreach(metric, k, val) {
		struct prom_label *l = &s->labels[s->n_labels];
		size_t kl = strlen(k), vl = json_string_length(val);

		/* whole: a row is named by the whole value (two hosts that
		 * share their first 127 bytes are two); the model cuts what
		 * it shows (bounded by the answer's size); a value with a NUL
		 * ends there, as strdup() ended it */
		l->name = memcpy(str, k, kl + 1);
		str += kl + 1;
		l->value = memcpy(str, json_string_value(val), vl);
		l->value[vl] = '\0';
		str += vl + 1;
		s->n_labels++;
	}
	return value_of(json_object_get(r, "value"), &s->ts, &s->value);
}

/*
 * What jansson 2.14 takes to hold a JSON text, estimated from its bytes
 * before it is parsed (a linear scan, no allocation): an object about 240
 * bytes (its hashtable: 5.5 million empty objects, 16.5 MB of "{},", took
 * 1.30 GB), an array 96, a string 64 and its bytes, any other value 64.
 * The byte bound alone let 16 MiB become gigabytes; the estimate refuses
 * an answer whose parse would pass PROM_PARSE_MEMORY_MAX, and says where
 * it passed it.
 */
size_t prom_parse_cost(const char *buf, size_t len, size_t *values, size_t *at)
{
	size_t cost = 0, i, e;
	char prev = ',';

	*values = 0;
	for (i = 0; i < len && cost <= PROM_PARSE_MEMORY_MAX; i++) {
		char c = buf[i];

		switch (c) {
		case ' ': case '\t': case '\n': case '\r':
			continue;
		case '{':
			cost += 240;
			break;
		case '[':
			cost += 96;
			break;
		case '"':
			/* 64 and its bytes (an escape's two counted) */
			e = prom_str_end(buf, i, len);
			cost += 64 + (e - i - 1);
			++*values;
			prev = c;
			i = e - 1;
			continue;
		default:
			/* a number or a literal where a value starts */
			if (prev != ',' && prev != ':' && prev != '[') {
				prev = c;
				continue;
			}
			cost += 64;
			break;
		}
		if (c != '}' && c != ']')
			++*values;
		prev = c;
	}
	*at = i;
	return cost;
}

/* jansson's error text quotes the bytes near the fault (jansson 2.14,
 * load.c error_set: "near '...'"): a broken character there becomes '?',
 * so the reason said on screen and in JSON is whole UTF-8 */
static void utf8_mend(char *s)
{
	uint32_t cp;
	int n;

	while (*s) {
		n = fmt_utf8((const unsigned char *)s, &cp);
		if (cp == FMT_UTF8_BAD || n < 1) {
			for (int k = 0; k < (n < 1 ? 1 : n); k++)
				s[k] = '?';
			n = n < 1 ? 1 : n;
		}
		s += n;
	}
}

/* jansson reads the answer a piece at a time, so that a stop is seen
 * within one piece (its reader asks for 1 KiB at a time: jansson 2.14) */
struct feed {
	const char *buf;
	size_t len, off;
	const bool *stop;
};

static bool stopped(const bool *stop)
{
	return stop && __atomic_load_n(stop, __ATOMIC_RELAXED);
}

static size_t feed(void *out, size_t n, void *arg)
{
	struct feed *f = arg;

	if (stopped(f->stop))
		return (size_t)-1;
	if (n > f->len - f->off)
		n = f->len - f->off;
	memcpy(out, f->buf + f->off, n);
	f->off += n;
	return n;
}

int prom_parse_answer(const char *buf, size_t len, size_t max_series, struct prom_vector *v,
		      char *err, size_t errlen)
{
	return prom_parse_answer_stop(buf, len, max_series, v, err, errlen, NULL);
}

/* the whole answer as one tree: the reference (parse_vec.c parses a
 * vector's series one at a time and comes here for anything else) */
int prom_parse_answer_whole(const char *buf, size_t len, size_t max_series,
			    struct prom_vector *v, char *err, size_t errlen, const bool *stop)
{
	struct feed f = { .buf = buf, .len = len, .stop = stop };
	size_t values, at;
	json_error_t je;
	json_t *root, *data, *res;
	const char *st, *type;
	size_t i;
	int ret = -EINVAL;

	v->s = NULL;
	v->n = 0;
	if (prom_parse_cost(buf, len, &values, &at) > PROM_PARSE_MEMORY_MAX) {
		snprintf(err, errlen, "answer too large to parse: %zu JSON values in its first %zu "
			 "bytes would take more than %u MiB; narrow it with --match", values, at,
			 PROM_PARSE_MEMORY_MAX >> 20);
		return -E2BIG;
	}
	root = stop ? json_load_callback(feed, &f, JSON_REJECT_DUPLICATES, &je) :
		      json_loadb(buf, len, JSON_REJECT_DUPLICATES, &je);
	if (!root && stopped(stop)) {
		snprintf(err, errlen, "stopped");
		return -ECANCELED;
	}
	if (!root) {
		snprintf(err, errlen, "not JSON: %s at byte %d", je.text, je.position);
		utf8_mend(err);
		return -EINVAL;
	}
	st = json_string_value(json_object_get(root, "status"));
	if (!st) {
		snprintf(err, errlen, "not an answer of Prometheus's API: no \"status\"");
		goto out;
	}
	if (strcmp(st, "success")) {
		const char *e = json_string_value(json_object_get(root, "error"));
		const char *et = json_string_value(json_object_get(root, "errorType"));

		char *msg;

		/* cut where a character ends, marked: never a broken one */
		if (asprintf(&msg, "Prometheus: %s: %s", et ? et : "error",
			     e ? e : "(no reason given)") < 0) {
			ret = -ENOMEM;
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		fmt_cut(err, errlen, msg);
		free(msg);
		goto out;
	}
	data = json_object_get(root, "data");
	type = json_string_value(json_object_get(data, "resultType"));
	res = json_object_get(data, "result");
	if (!type || !res) {
		snprintf(err, errlen, "answer without data.resultType or data.result");
		goto out;
	}
	if (!strcmp(type, "scalar")) {
		v->s = calloc(1, sizeof(*v->s));
		if (!v->s) {
			ret = -ENOMEM;
			goto out;
		}
		v->n = 1;
		if (value_of(res, &v->s[0].ts, &v->s[0].value)) {
			snprintf(err, errlen, "a scalar that is not [time, \"value\"]");
			goto bad;
		}
		ret = 0;
		goto out;
	}
	if (strcmp(type, "vector") || !json_is_array(res)) {
		snprintf(err, errlen, "answer of type '%.32s', not an instant vector", type);
		goto out;
	}
	if (json_array_size(res) > max_series) {
		snprintf(err, errlen, "%zu series, more than the limit of %zu: narrow it with --match",
			 json_array_size(res), max_series);
		ret = -E2BIG;
		goto out;
	}
	v->s = calloc(json_array_size(res) + 1, sizeof(*v->s));
	if (!v->s) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < json_array_size(res); i++) {
		if (!(i & 4095) && stopped(stop)) {
			snprintf(err, errlen, "stopped");
			ret = -ECANCELED;
			goto bad;
		}
		v->n++;
		ret = prom_series_of(json_array_get(res, i), &v->s[i]);
		if (ret) {
			snprintf(err, errlen, "series %zu: %s", i,
				 ret == -E2BIG ? "more than 64 labels" : ret == -ENOMEM ?
				 "out of memory" : "not {\"metric\": {...}, \"value\": [time, \"value\"]}");
			goto bad;
		}
	}
	ret = 0;
	goto out;
bad:
	prom_vector_free(v);
	if (!ret)
		ret = -EINVAL;
out:
	json_decref(root);
	return ret;
}

/* the longest scrape interval taken: its rate() window is four of them */
#define INTERVAL_MAX (365 * 86400.0)

/*
 * "1m30s", "15s", "500ms", "2h": a duration as Prometheus's
 * model.ParseDuration takes it (common/model/time.go): whole numbers, each
 * unit at most once from y down to ms, in integer milliseconds that fit
 * an int64; in seconds, or -1 for anything else ("1e308y" passed strtod
 * and became [infs] in every rate()).
 */
static double duration(const char *s)
{
	static const struct {
		const char *name;
		uint64_t ms;
	} units[] = { { "y", 31536000000ull }, { "w", 604800000ull }, { "d", 86400000ull },
		      { "h", 3600000ull },	 { "m", 60000ull },	{ "s", 1000ull },
		      { "ms", 1ull } };
	uint64_t total = 0;
	size_t k = 0;

	if (!strcmp(s, "0"))
		return 0;
	if (!*s)
		return -1;
	while (*s) {
		uint64_t n = 0;
		const char *d = s;

		for (; *s >= '0' && *s <= '9'; s++) {
			if (n > (UINT64_MAX - 9) / 10)
				return -1;
			n = n * 10 + (uint64_t)(*s - '0');
		}
		if (s == d)
			return -1;
		/* "ms" before "m"; a unit after those already seen */
		for (; k < ARRAY_SIZE(units); k++) {
			size_t l = strlen(units[k].name);

			if (!strncmp(s, units[k].name, l) && (l == 2 || s[1] != 's' || k != 4))
				break;
		}
		if (k == ARRAY_SIZE(units))
			return -1;
		if (n > (uint64_t)INT64_MAX / units[k].ms || total > (uint64_t)INT64_MAX - n * units[k].ms)
			return -1;
		total += n * units[k].ms;
		s += strlen(units[k].name);
		k++;
	}
	return (double)total / 1000;
}

/* the longest scrape_interval anywhere in the config's YAML: a stack of
 * collections, each mapping knowing whether its next scalar is a key */
static double longest_interval(const char *yml, size_t len, char *err, size_t errlen)
{
	enum { MAXD = 64 };
	bool map[MAXD], want_key[MAXD];
	yaml_parser_t p;
	yaml_event_t ev;
	double best = 0;
	bool value_is_interval = false;
	int d = -1, guard = 0;

	if (!yaml_parser_initialize(&p))
		return 0;
	yaml_parser_set_input_string(&p, (const unsigned char *)yml, len);
	while (guard++ < 1000000 && yaml_parser_parse(&p, &ev)) {
		yaml_event_type_t t = ev.type;
		bool in_map = d >= 0 && map[d];

		if (t == YAML_SCALAR_EVENT || t == YAML_ALIAS_EVENT ||
		    t == YAML_MAPPING_START_EVENT || t == YAML_SEQUENCE_START_EVENT) {
			if (in_map && want_key[d]) {
				value_is_interval = t == YAML_SCALAR_EVENT &&
					!strcmp((const char *)ev.data.scalar.value, "scrape_interval");
				want_key[d] = false;
			} else {
				if (in_map)
					want_key[d] = true;
				if (t == YAML_SCALAR_EVENT && value_is_interval) {
					const char *txt = (const char *)ev.data.scalar.value;
					double v = duration(txt);

					/* refused here, never a window of [infs] */
					if (v < 0 || v > INTERVAL_MAX) {
						char cut[44];

						snprintf(err, errlen, "status/config: scrape_interval "
							 "'%s' %s", fmt_cut(cut, sizeof(cut), txt), v < 0 ?
							 "is not a duration (as 15s, 1m30s)" :
							 "is over a year");
						best = -1;
						yaml_event_delete(&ev);
						break;
					}
					if (v > best)
						best = v;
				}
				value_is_interval = false;
			}
		}
		if (t == YAML_MAPPING_START_EVENT || t == YAML_SEQUENCE_START_EVENT) {
			if (d + 1 >= MAXD) {
				yaml_event_delete(&ev);
				break;
			}
			d++;
			map[d] = t == YAML_MAPPING_START_EVENT;
			want_key[d] = true;
		} else if ((t == YAML_MAPPING_END_EVENT || t == YAML_SEQUENCE_END_EVENT) && d >= 0) {
			d--;
		}
		yaml_event_delete(&ev);
		if (t == YAML_STREAM_END_EVENT)
			break;
	}
	yaml_parser_delete(&p);
	return best;
}

double prom_parse_interval(const char *buf, size_t len, char *err, size_t errlen)
{
	json_error_t je;
	json_t *root;
	const char *yml;
	size_t values, at;
	double d;

	if (prom_parse_cost(buf, len, &values, &at) > PROM_PARSE_MEMORY_MAX) {
		snprintf(err, errlen, "status/config: answer too large to parse: %zu JSON values in "
			 "its first %zu bytes would take more than %u MiB", values, at,
			 PROM_PARSE_MEMORY_MAX >> 20);
		return 0;
	}
	root = json_loadb(buf, len, 0, &je);
	if (!root) {
		snprintf(err, errlen, "status/config: not JSON: %s", je.text);
		utf8_mend(err);
		return 0;
	}
	yml = json_string_value(json_object_get(json_object_get(root, "data"), "yaml"));
	if (!yml) {
		snprintf(err, errlen, "status/config: no data.yaml");
		json_decref(root);
		return 0;
	}
	d = longest_interval(yml, strlen(yml), err, errlen);
	if (d == 0)
		snprintf(err, errlen, "status/config: no scrape_interval");
	if (d < 0)
		d = 0;
	json_decref(root);
	return d;
}
