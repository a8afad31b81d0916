/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A tiny unit-test harness: each test binary runs its TEST functions and
 * prints "ok"/"not ok" lines (TAP) and a summary; tests/run-unit counts them.
 */
#ifndef RDMATOP_TEST_H
#define RDMATOP_TEST_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int test_failures;
extern const char *test_name;

#define CHECK(cond)                                                            \
	do {                                                                   \
		if (!(cond)) {                                                 \
			test_failures++;                                       \
			fprintf(stderr, "%s:%d: %s: check failed: %s\n",       \
				__FILE__, __LINE__, test_name, #cond);         \
		}                                                              \
	} while (0)

#define CHECK_EQ_U(a, b)                                                       \
	do {                                                                   \
		uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);               \
		if (a_ != b_) {                                                \
			test_failures++;                                       \
			fprintf(stderr, "%s:%d: %s: %s == %s: %" PRIu64       \
				" != %" PRIu64 "\n", __FILE__, __LINE__,       \
				test_name, #a, #b, a_, b_);                    \
		}                                                              \
	} while (0)

#define CHECK_EQ_S(a, b)                                                       \
	do {                                                                   \
		const char *a_ = (a), *b_ = (b);                               \
		if (!a_ || !b_ || strcmp(a_, b_)) {                            \
			test_failures++;                                       \
			fprintf(stderr, "%s:%d: %s: %s == %s: \"%s\" != \"%s\"\n", \
				__FILE__, __LINE__, test_name, #a, #b,         \
				a_ ? a_ : "(null)", b_ ? b_ : "(null)");       \
		}                                                              \
	} while (0)

typedef void (*test_fn)(void);
struct test_case {
	const char *name;
	test_fn fn;
};

/* Each test file ends with: TEST_MAIN(test_a, test_b, ...) */
#define TEST_MAIN(...)                                                         \
	int test_failures;                                                     \
	const char *test_name;                                                 \
	int main(void)                                                         \
	{                                                                      \
		test_fn fns[] = { __VA_ARGS__ };                               \
		const char *names = #__VA_ARGS__;                              \
		return test_run(fns, sizeof(fns) / sizeof(fns[0]), names);     \
	}

int test_run(test_fn *fns, size_t n, const char *names);

/* Test data: path of a file under tests/data (or shared captures). */
const char *test_data(const char *rel);
/* Read a whole file; NULL on error.  Caller frees. */
char *test_slurp(const char *path, size_t *len);
/*
 * The part of file path between the lines begin and end is want (the code's
 * own text of it): a test failure naming the test binary to run with
 * RDMATOP_REGEN_DOC=1, which rewrites it instead.  want is freed.
 */
void test_doc_section(const char *path, const char *begin, const char *end, char *want,
		      const char *bin);
/*
 * out against the golden file tests/unit/golden/NAME, whose @KEY@ words
 * stand for what the build puts there (vars: "@KEY@", value, ..., NULL): a
 * failure says the first line that differs.  RDMATOP_REGEN_GOLDEN=1 writes
 * out into the file instead (tests/data/regen-golden does, for every one).
 */
void test_golden_file(const char *name, const char *out, const char *const *vars, const char *bin);
/* Decode an .nlhex capture line's hex bytes; returns length or -1. */
long test_unhex(const char *hex, unsigned char *out, size_t cap);

#endif
