// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An instant vector's elements read plain (src/prom/parse_elem.c): what
 * it takes, what it leaves to jansson, and that an answer comes out the
 * same either way (the whole tree's parse is the reference, as in
 * fuzz_promjson).  Each element below is set in an answer of its own.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/prom/parse.h"
#include "prom.h"
#include "test.h"

/* 0: read plain; 1: left to jansson */
static const struct {
	const char *elem;
	int plain;
} elems[] = {
	/* as Prometheus writes them */
	{ "{\"metric\":{\"instance\":\"h1:9101\",\"job\":\"rdma\"},\"value\":[1764558720.5,\"1.5\"]}",
	  0 },
	{ "{\"metric\":{},\"value\":[1764558720,\"NaN\"]}", 0 },
	{ "{\"metric\":{\"a\":\"\"},\"value\":[1.7e9,\"+Inf\"]}", 0 },
	{ "{\"metric\":{\"a\":\"x\"},\"value\":[-0,\"-Inf\"]}", 0 },
	{ "{\"metric\":{\"a\":\"x\"},\"value\":[-0.0,\"-0\"]}", 0 },
	{ "{\"metric\":{\"a\":\"x\"},\"value\":[123456789012345678,\"1e308\"]}", 0 },
	{ "{\"metric\":{\"a\":\"x\"},\"value\":[1E+2,\"0x10\"]}", 0 },
	{ "{\"metric\":{\"a\":\"x\"},\"value\":[4.9e-330,\"1\"]}", 0 }, /* underflow: taken */
	/* numbers read without strtod() where exact (parse_elem.c decimal()),
	 * and with it: the same doubles */
	{ "{\"metric\":{},\"value\":[1764558720.123456,\"0.1\"]}", 0 },
	{ "{\"metric\":{},\"value\":[0.30000000000000004,\"9007199254740993\"]}", 0 },
	{ "{\"metric\":{},\"value\":[1,\"1234567890123456.5\"]}", 0 },
	{ "{\"metric\":{},\"value\":[1,\"00012.50\"]}", 0 },
	{ "{\"metric\":{},\"value\":[1,\".5\"]}", 0 },
	{ "{\"metric\":{},\"value\":[1,\"5.\"]}", 0 },
	{ "{\"metric\":{},\"value\":[1,\"-0.000\"]}", 0 },
	{ "{\"metric\":{},\"value\":[-123.456,\"-999999999999999\"]}", 0 },
	/* blanks anywhere JSON allows them; keys in the other order */
	{ " \n{ \"value\" : [ 1 , \"2\" ] ,\t\"metric\" : { \"b\" : \"y\" , \"a\" : \"x\" } }\r\n",
	  0 },
	/* left to jansson: it decides, the same answer comes out */
	{ "{\"metric\":{\"a\":\"\\u00e9\"},\"value\":[1,\"2\"]}", 1 },
	{ "{\"metric\":{\"a\":\"\\\"q\\\"\"},\"value\":[1,\"2\"]}", 1 },
	{ "{\"metric\":{\"a\":\"caf\xc3\xa9\"},\"value\":[1,\"2\"]}", 1 },
	{ "{\"metric\":{\"a\":\"bad\xc3\"},\"value\":[1,\"2\"]}", 1 },
	{ "{\"metric\":{\"a\":\"tab\there\"},\"value\":[1,\"2\"]}", 1 },
	{ "{\"metric\":{\"a\":\"x\",\"a\":\"y\"},\"value\":[1,\"2\"]}", 1 },
	{ "{\"metric\":{},\"metric\":{},\"value\":[1,\"2\"]}", 1 },
	{ "{\"metric\":{},\"value\":[1,\"2\"],\"histogram\":[1,{}]}", 1 },
	{ "{\"metric\":{}}", 1 },
	{ "{\"value\":[1,\"2\"]}", 1 },
	{ "{}", 1 },
	{ "{\"metric\":{\"a\":1},\"value\":[1,\"2\"]}", 1 },
	{ "{\"metric\":{},\"value\":[1,2]}", 1 },
	{ "{\"metric\":{},\"value\":[1,\"2\",3]}", 1 },
	{ "{\"metric\":{},\"value\":[\"1\",\"2\"]}", 1 },
	{ "{\"metric\":{},\"value\":[01,\"2\"]}", 1 },
	{ "{\"metric\":{},\"value\":[+1,\"2\"]}", 1 },
	{ "{\"metric\":{},\"value\":[1.,\"2\"]}", 1 },
	{ "{\"metric\":{},\"value\":[1e,\"2\"]}", 1 },
	{ "{\"metric\":{},\"value\":[1234567890123456789,\"2\"]}", 1 },
	{ "{\"metric\":{},\"value\":[99999999999999999999,\"2\"]}", 1 },
	{ "{\"metric\":{},\"value\":[1e400,\"2\"]}", 1 },
	{ "{\"metric\":{},\"value\":[1,\"x\"]}", 1 },
	{ "{\"metric\":{},\"value\":[1,\" 1\"]}", 0 }, /* strtod's blank: both take it */
	{ "{\"metric\":{},\"value\":[1,\"2\"]} x", 1 },
	{ "{\"metric\":{},\"value\":[1,\"2\"],}", 1 },
	{ "{\"metric\":{,},\"value\":[1,\"2\"]}", 1 },
	{ "{\"metric\":{\"a\":\"x\",},\"value\":[1,\"2\"]}", 1 },
};

static bool same(const struct prom_vector *a, const struct prom_vector *b)
{
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++) {
		const struct prom_series *x = &a->s[i], *y = &b->s[i];

		if (x->n_labels != y->n_labels || memcmp(&x->ts, &y->ts, sizeof(x->ts)) ||
		    (memcmp(&x->value, &y->value, sizeof(x->value)) &&
		     !(isnan(x->value) && isnan(y->value))))
			return false;
		for (size_t k = 0; k < x->n_labels; k++)
			if (strcmp(x->labels[k].name, y->labels[k].name) ||
			    strcmp(x->labels[k].value, y->labels[k].value))
				return false;
	}
	return true;
}

static void test_elements(void)
{
	for (size_t i = 0; i < sizeof(elems) / sizeof(elems[0]); i++) {
		struct prom_series s = { 0 };
		struct prom_vector v, w;
		char *ans, e1[256] = "", e2[256] = "";
		int r, a, b;

		r = prom_series_plain(elems[i].elem, strlen(elems[i].elem), &s);
		if (r != elems[i].plain)
			fprintf(stderr, "element %zu: %s\n", i, elems[i].elem);
		CHECK_EQ_U(r, elems[i].plain);
		free(s.labels);
		if (asprintf(&ans,
			     "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\","
			     "\"result\":[%s,%s]}}",
			     elems[i].elem, elems[0].elem) < 0)
			abort();
		a = prom_parse_answer(ans, strlen(ans), 10, &v, e1, sizeof(e1));
		b = prom_parse_answer_whole(ans, strlen(ans), 10, &w, e2, sizeof(e2), NULL);
		if (a != b || strcmp(e1, e2) || (!a && !same(&v, &w)))
			fprintf(stderr, "element %zu: %d '%s' against %d '%s'\n", i, a, e1, b, e2);
		CHECK_EQ_U(a, b);
		CHECK_EQ_S(e1, e2);
		CHECK(a || same(&v, &w));
		if (!a)
			prom_vector_free(&v);
		if (!b)
			prom_vector_free(&w);
		free(ans);
	}
}

/* what a plain element holds: its labels in order, its numbers */
static void test_values(void)
{
	static const char e[] = "{\"metric\":{\"instance\":\"h1:9101\",\"job\":\"rdma\"},"
				"\"value\":[1764558720.5,\"1.5\"]}";
	struct prom_series s = { 0 };
	char labels[65 * 16 + 64], *p = labels;

	CHECK_EQ_U(prom_series_plain(e, strlen(e), &s), 0);
	CHECK_EQ_U(s.n_labels, 2);
	CHECK_EQ_S(s.labels[0].name, "instance");
	CHECK_EQ_S(s.labels[0].value, "h1:9101");
	CHECK_EQ_S(s.labels[1].name, "job");
	CHECK_EQ_S(prom_label(&s, "job"), "rdma");
	CHECK(s.ts == 1764558720.5 && s.value == 1.5);
	free(s.labels);
	/* 64 labels are taken, 65 left to jansson (which refuses them) */
	p += sprintf(p, "{\"metric\":{");
	for (int k = 0; k < 64; k++)
		p += sprintf(p, "%s\"l%d\":\"v\"", k ? "," : "", k);
	sprintf(p, "},\"value\":[1,\"2\"]}");
	memset(&s, 0, sizeof(s));
	CHECK_EQ_U(prom_series_plain(labels, strlen(labels), &s), 0);
	CHECK_EQ_U(s.n_labels, 64);
	free(s.labels);
	sprintf(p, ",\"l64\":\"v\"},\"value\":[1,\"2\"]}");
	CHECK_EQ_U(prom_series_plain(labels, strlen(labels), &s), 1);
}

TEST_MAIN(test_elements, test_values)
