// SPDX-License-Identifier: GPL-2.0-or-later
/* The option table, the command line, --help and the man page agree. */
#include <ctype.h>
#include <errno.h>

#include "settings.h"
#include "test.h"

static int parse(struct settings *o, const char *line)
{
	char buf[512], *argv[32], *p;
	int argc = 0;
	FILE *devnull = fopen("/dev/null", "w");
	int ret;

	snprintf(buf, sizeof(buf), "rdmatop %s", line);
	for (p = strtok(buf, " "); p && argc < 31; p = strtok(NULL, " "))
		argv[argc++] = p;
	argv[argc] = NULL;
	settings_defaults(o);
	ret = settings_parse(o, argc, argv, devnull);
	fclose(devnull);
	return ret;
}

static void test_good(void)
{
	struct settings o;

	CHECK_EQ_U(parse(&o, "-b -n 3 -d 0.5 -o json -p 42 -s lqpn -R -f type=RC -f state!=RTS"), 0);
	CHECK(o.batch && o.iterations == 3 && o.delay == 0.5 && o.output == OPT_OUT_JSON);
	CHECK(o.pid == 42 && o.reverse && o.n_filters == 2);
	CHECK_EQ_S(o.sort, "lqpn");
	CHECK_EQ_U(parse(&o, "-j"), 0);
	CHECK(o.batch && o.output == OPT_OUT_JSON && o.iterations == 0);
	CHECK_EQ_U(parse(&o, "-j -o text --write-max-size 8K"), 0);
	CHECK(o.batch && o.output == OPT_OUT_TEXT && o.write_max == 8192);
	CHECK_EQ_U(parse(&o, "--set-netns-mode=shared"), 0);
	CHECK(o.set_netns == 1);
	CHECK_EQ_U(parse(&o, ""), 0);
	CHECK(o.delay == 1.0 && o.write_keep == 3 && o.metrics_procs == 50 && o.set_netns == -1);
	CHECK_EQ_U(parse(&o, "--batch --iterations=2 --delay 2 --write /tmp/x"), 0);
	CHECK(o.iterations == 2 && o.delay == 2.0);
	CHECK_EQ_S(o.write, "/tmp/x");
}

static void test_bad(void)
{
	struct settings o;
	const char *bad[] = {
		"-n -1", "-n x", "-d 0", "-d 0.01", "-d abc", "-d nan", "-o xml", "-p 0",
		"-p 99999999999", "--nope", "-n", "extra", "-w a -r b", "-d 1e9",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (parse(&o, bad[i]) != -EINVAL)
			fprintf(stderr, "accepted: %s\n", bad[i]);
		CHECK_EQ_U(parse(&o, bad[i]), (uint64_t)-EINVAL);
	}
}

/* Sizes and counts: no overflow, out of range said as such. */
static void test_ranges(void)
{
	static const struct {
		const char *arg;
		uint64_t bytes;	/* 0: refused */
	} sizes[] = {
		{ "4096", 4096 }, { "4K", 4096 }, { "64M", 64ULL << 20 }, { "2g", 2ULL << 30 },
		{ "1048576G", 1ULL << 50 },
		/* 2^64 + 2^30: a shift would wrap it to 1 GiB */
		{ "17179869185G", 0 }, { "1048577G", 0 }, { "18446744073709551616", 0 },
		{ "18446744073709551615K", 0 }, { "4095", 0 }, { "3K", 0 }, { "-5M", 0 },
		{ "+5M", 0 }, { " 5M", 0 }, { "5T", 0 }, { "5MB", 0 }, { "", 0 },
	};
	char line[128], msg[256] = "";
	struct settings o;
	size_t i;
	FILE *f;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		settings_defaults(&o);
		snprintf(line, sizeof(line), "--write-max-size=%s", sizes[i].arg);
		if (sizes[i].bytes) {
			CHECK_EQ_U(parse(&o, line), 0);
			CHECK_EQ_U(o.write_max, sizes[i].bytes);
		} else {
			if (parse(&o, line) != -EINVAL)
				fprintf(stderr, "accepted: %s\n", line);
			CHECK_EQ_U(parse(&o, line), (uint64_t)-EINVAL);
		}
	}
	/* the message names the range */
	{
		char *argv[] = { "rdmatop", "--write-max-size", "17179869185G", NULL };

		f = fmemopen(msg, sizeof(msg) - 1, "w");
		settings_defaults(&o);
		CHECK_EQ_U(settings_parse(&o, 3, argv, f), (uint64_t)-EINVAL);
		fclose(f);
		CHECK(strstr(msg, "out of range") != NULL);
	}
	CHECK_EQ_U(parse(&o, "-n 99999999999999999999"), (uint64_t)-EINVAL);
	CHECK_EQ_U(parse(&o, "-n 1099511627777"), (uint64_t)-EINVAL);
	CHECK_EQ_U(parse(&o, "-n 1099511627776"), 0);
	CHECK_EQ_U(parse(&o, "-n +5"), (uint64_t)-EINVAL);
	CHECK_EQ_U(parse(&o, "-p 4294967296"), (uint64_t)-EINVAL);
	CHECK_EQ_U(parse(&o, "-p 4294967295"), 0);
	CHECK_EQ_U(parse(&o, "--write-keep 1001"), (uint64_t)-EINVAL);
	CHECK_EQ_U(parse(&o, "--metrics-procs 9223372036854775808"), (uint64_t)-EINVAL);
	CHECK_EQ_U(parse(&o, "-d 1e400"), (uint64_t)-EINVAL);
	CHECK_EQ_U(parse(&o, "-d inf"), (uint64_t)-EINVAL);
}

/* Every option is in --help and in the man page. */
static void test_documented(void)
{
	size_t n, i, len;
	const struct setting *t = settings_table(&n);
	char *man = test_slurp("doc/rdmatop.1", &len);
	char *help = NULL;
	size_t hlen = 0;
	FILE *f = open_memstream(&help, &hlen);

	CHECK(man != NULL);
	/* roff spells a hyphen "\\-": compare with plain hyphens */
	for (i = 0; man && man[i]; i++)
		if (man[i] == '\\' && man[i + 1] == '-')
			memmove(man + i, man + i + 1, strlen(man + i));
	settings_usage(f);
	fclose(f);
	/* no line of --help is wider than an 80-column terminal */
	{
		const char *l = help;

		while (l && *l) {
			size_t w = strcspn(l, "\n");

			if (w > 80)
				fprintf(stderr, "--help line of %zu columns: %.*s\n", w, (int)w, l);
			CHECK(w <= 80);
			l += w + (l[w] == '\n');
		}
	}
	for (i = 0; man && i < n; i++) {
		char key[64];

		snprintf(key, sizeof(key), "--%s", t[i].name);
		if (!strstr(man, key))
			fprintf(stderr, "man page lacks --%s\n", t[i].name);
		CHECK(strstr(man, key) != NULL);
		snprintf(key, sizeof(key), "--%s", t[i].name);
		CHECK(strstr(help, key) != NULL);
		/* its values and its default, where it has them */
		for (size_t k = 0; t[i].choices && t[i].choices[k]; k++) {
			CHECK(strstr(t[i].help, t[i].choices[k]) != NULL);
			CHECK(strstr(man, t[i].choices[k]) != NULL);
		}
		if (t[i].def) {
			snprintf(key, sizeof(key), "default %s", t[i].def);
			if (!strstr(t[i].help, key))
				fprintf(stderr, "--%s: its help lacks \"%s\"\n", t[i].name, key);
			CHECK(strstr(t[i].help, key) != NULL);
		}
	}
	/* the man page's list of config keys is the table's */
	{
		const char *a = man ? strstr(man, "is the long name of one of the options") : NULL;
		const char *b = a ? strstr(a, "(yes or no") : NULL;

		CHECK(a && b);
		for (i = 0; a && b && i < n; i++) {
			char key[64];
			const char *p;

			snprintf(key, sizeof(key), "%s", t[i].name);
			for (p = strstr(a, key); p && p < b; p = strstr(p + 1, key))
				if (!isalnum((unsigned char)p[strlen(key)]) && p[strlen(key)] != '-' &&
				    p[-1] != '-')
					break;
			if ((p && p < b) != t[i].config)
				fprintf(stderr, "man page's config keys and --%s disagree\n", t[i].name);
			CHECK((p && p < b) == t[i].config);
		}
	}
	free(man);
	free(help);
}

TEST_MAIN(test_good, test_bad, test_ranges, test_documented)
