// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A new setting is one row of the settings table and its use (doc/design.md,
 * "How to add"): this file adds a row of its own, a trial INT setting saved
 * by W, compiles the settings code with it, and drives it through the
 * command line, --help, the config file, the dashboard's setter and W,
 * with nothing else written for it.  If a setting ever needs a second
 * place spelled by hand, this file stops building or these checks fail.
 */
#include <errno.h>
#include <unistd.h>

#define SETTINGS_EXTRA(X)                                                                          \
	X(TRIAL, trial, INT, .name = "trial-knob", .metavar = "N", .min = 1, .max = 9, .def = "3", \
	  .config = true, .saved = true, .help = "a trial setting (default 3)")

#include "../../src/settings/settings.c"
#include "../../src/settings/cfg.c"
#include "test.h"

static char dir[64], path[128];

static int parse(struct settings *s, const char *a, const char *b)
{
	char *argv[] = { "rdmatop", (char *)a, (char *)b, NULL };
	FILE *devnull = fopen("/dev/null", "w");
	int ret;

	settings_defaults(s);
	ret = settings_parse(s, b ? 3 : 2, argv, devnull);
	fclose(devnull);
	return ret;
}

static void put(const char *text)
{
	FILE *f = fopen(path, "w");

	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void test_command_line(void)
{
	struct settings s;
	char *help = NULL;
	size_t len = 0;
	FILE *f;

	settings_defaults(&s);
	CHECK_EQ_U(s.trial, 3);
	CHECK_EQ_U(parse(&s, "--trial-knob", "7"), 0);
	CHECK_EQ_U(s.trial, 7);
	CHECK_EQ_U(parse(&s, "--trial-knob=10", NULL), (uint64_t)-EINVAL);
	CHECK_EQ_U(parse(&s, "--trial-knob", "x"), (uint64_t)-EINVAL);
	f = open_memstream(&help, &len);
	settings_usage(f);
	fclose(f);
	CHECK(strstr(help, "--trial-knob N") && strstr(help, "a trial setting (default 3)"));
	free(help);
}

static void test_config_and_save(void)
{
	struct settings s;
	struct settings_store st;
	char err[256] = "", *text;
	size_t len;
	FILE *f;

	snprintf(dir, sizeof(dir), "/tmp/rdmatop-trial-%d", (int)getpid());
	CHECK(mkdir(dir, 0700) == 0);
	snprintf(path, sizeof(path), "%s/config", dir);
	put("trial-knob = 5\n");
	settings_defaults(&s);
	f = fmemopen(err, sizeof(err) - 1, "w");
	CHECK_EQ_U(cfg_load(&s, path, f), 0);
	fclose(f);
	CHECK_EQ_U(s.trial, 5);
	put("trial-knob = 0\n");
	settings_defaults(&s);
	f = fmemopen(err, sizeof(err) - 1, "w");
	CHECK_EQ_U(cfg_load(&s, path, f), (uint64_t)-EINVAL);
	fclose(f);
	CHECK(strstr(err, "config:1: bad value '0' for 'trial-knob'") != NULL);

	/* the dashboard's copy, changed through the setter; W writes it */
	settings_defaults(&s);
	settings_store_init(&st, &s);
	CHECK_EQ_U(settings_store_set(&st, SET_TRIAL, "8"), 0);
	CHECK_EQ_U(settings_store_set(&st, SET_TRIAL, "99"), (uint64_t)-ERANGE);
	CHECK_EQ_U(st.s.trial, 8);
	CHECK_EQ_U(cfg_save(path, &st.s), 0);
	settings_store_free(&st);
	text = test_slurp(path, &len);
	CHECK(text && strstr(text, "\ntrial-knob = 8\n"));
	free(text);
	settings_defaults(&s);
	CHECK_EQ_U(cfg_load(&s, path, stderr), 0);
	CHECK_EQ_U(s.trial, 8);
	unlink(path);
	rmdir(dir);
}

TEST_MAIN(test_command_line, test_config_and_save)
