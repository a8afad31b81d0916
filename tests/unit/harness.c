// SPDX-License-Identifier: GPL-2.0-or-later
/* Runner and helpers shared by the unit tests (see test.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

int test_run(test_fn *fns, size_t n, const char *names)
{
	int failed = 0;
	size_t i;

	printf("1..%zu\n", n);
	for (i = 0; i < n; i++) {
		char name[128];
		size_t len = strcspn(names, ",");
		int before = test_failures;

		snprintf(name, sizeof(name), "%.*s", (int)len, names);
		names += len;
		names += strspn(names, ", \t\n");
		test_name = name;
		fns[i]();
		if (test_failures != before)
			failed++;
		printf("%s %zu - %s\n", test_failures != before ? "not ok" : "ok",
		       i + 1, name);
	}
	return failed ? 1 : 0;
}

const char *test_data(const char *rel)
{
	static char path[4][1024];
	static int slot;
	const char *dir = getenv("RDMATOP_TEST_DATA");

	slot = (slot + 1) % 4;
	snprintf(path[slot], sizeof(path[slot]), "%s/%s", dir ? dir : "tests/data", rel);
	return path[slot];
}

char *test_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (n + 4096 + 1 > cap) {
			char *nb;

			cap = cap ? cap * 2 : 65536;
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		size_t r = fread(buf + n, 1, cap - n - 1, f);

		if (!r)
			break;
		n += r;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

long test_unhex(const char *hex, unsigned char *out, size_t cap)
{
	size_t n = 0;

	while (isxdigit((unsigned char)hex[0]) && isxdigit((unsigned char)hex[1])) {
		char b[3] = { hex[0], hex[1], 0 };

		if (n == cap)
			return -1;
		out[n++] = (unsigned char)strtoul(b, NULL, 16);
		hex += 2;
	}
	return (long)n;
}

void test_doc_section(const char *path, const char *begin, const char *end, char *want,
		      const char *bin)
{
	char *doc = test_slurp(path, NULL);
	char *a = doc ? strstr(doc, begin) : NULL, *z = a ? strstr(a, end) : NULL;

	CHECK(want && a && z);
	if (!want || !a || !z)
		goto out;
	a += strlen(begin);
	if ((size_t)(z - a) != strlen(want) || memcmp(a, want, strlen(want))) {
		if (getenv("RDMATOP_REGEN_DOC")) {
			FILE *f = fopen(path, "w");

			CHECK(f != NULL);
			if (f) {
				fprintf(f, "%.*s%s%s", (int)(a - doc), doc, want, z);
				fclose(f);
			}
		} else {
			test_failures++;
			fprintf(stderr, "%s differs from the code's tables: RDMATOP_REGEN_DOC=1 %s "
					"rewrites it\n", path, bin);
		}
	}
out:
	free(doc);
	free(want);
}

/* s with every from[i] replaced by to[i] (the first match at each place) */
static char *subst(const char *s, const char *const *from, const char *const *to)
{
	size_t cap = strlen(s) + 1, len = 0, i;
	char *r;

	for (i = 0; from && from[i]; i++)
		cap += strlen(s) / (strlen(from[i]) ? strlen(from[i]) : 1) * strlen(to[i]) + 1;
	r = malloc(cap);
	if (!r)
		return NULL;
	while (*s) {
		for (i = 0; from && from[i]; i++)
			if (*from[i] && !strncmp(s, from[i], strlen(from[i])))
				break;
		if (from && from[i]) {
			memcpy(r + len, to[i], strlen(to[i]));
			len += strlen(to[i]);
			s += strlen(from[i]);
		} else {
			r[len++] = *s++;
		}
	}
	r[len] = '\0';
	return r;
}

void test_golden_file(const char *name, const char *out, const char *const *vars, const char *bin)
{
	char path[512], *file, *want = NULL;
	const char *keys[16] = { 0 }, *vals[16] = { 0 };
	size_t i;

	for (i = 0; vars && vars[2 * i] && i < 15; i++) {
		keys[i] = vars[2 * i];
		vals[i] = vars[2 * i + 1];
	}
	snprintf(path, sizeof(path), "tests/unit/golden/%s", name);
	CHECK(out != NULL);
	if (!out)
		return;
	if (getenv("RDMATOP_REGEN_GOLDEN")) {
		char *text = subst(out, vals, keys);
		FILE *f = fopen(path, "w");

		CHECK(text && f);
		if (f) {
			fputs(text ? text : "", f);
			fclose(f);
		}
		free(text);
		return;
	}
	file = test_slurp(path, NULL);
	if (file)
		want = subst(file, keys, vals);
	if (!want || strcmp(out, want)) {
		const char *a = out, *b = want ? want : "";
		unsigned int line = 1;

		while (*a && *a == *b) {
			line += *a == '\n';
			a++;
			b++;
		}
		/* from the start of that line */
		while (a > out && a[-1] != '\n') {
			a--;
			b--;
		}
		test_failures++;
		fprintf(stderr,
			"%s: %s differs from the output at line %u:\n  output: %.*s\n  golden: %.*s\n"
			"RDMATOP_REGEN_GOLDEN=1 %s rewrites it (review its diff)\n",
			test_name, path, line, (int)strcspn(a, "\n"), a, (int)strcspn(b, "\n"), b, bin);
	}
	free(file);
	free(want);
}
