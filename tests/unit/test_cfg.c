// SPDX-License-Identifier: GPL-2.0-or-later
/* The config file: same keys as the long options; errors name the line. */
#include <errno.h>
#include <unistd.h>

#include "settings.h"
#include "test.h"

static char path[128];

static void put(const char *text)
{
	FILE *f = fopen(path, "w");

	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static int load(struct settings *o, char *err, size_t len)
{
	FILE *f = fmemopen(err, len, "w");
	int ret;

	memset(err, 0, len);
	settings_defaults(o);
	ret = cfg_load(o, path, f);
	fclose(f);
	return ret;
}

static void test_load(void)
{
	struct settings o;
	char err[256];

	snprintf(path, sizeof(path), "/tmp/rdmatop-cfg-%d", (int)getpid());
	put("# settings\n\ndelay = 2.5\ntheme=light\r\n  reverse = yes\nascii = no\n"
	    "filter = type=RC state!=RTS\nsort = lqpn\nno-mouse = yes\n");
	CHECK_EQ_U(load(&o, err, sizeof(err)), 0);
	CHECK_EQ_S(err, "");
	CHECK(o.delay == 2.5 && o.reverse && !o.ascii && o.no_mouse);
	CHECK_EQ_S(o.theme, "light");
	CHECK_EQ_S(o.sort, "lqpn");
	CHECK_EQ_U(o.n_filters, 1);
	CHECK_EQ_S(o.filters[0], "type=RC state!=RTS");
	/* no file: defaults, no error */
	unlink(path);
	CHECK_EQ_U(load(&o, err, sizeof(err)), 0);
	CHECK(o.delay == 1.0);
}

static void test_errors(void)
{
	static const struct {
		const char *text, *want;
	} bad[] = {
		{ "delay = 1\nnonsense\n", ":2: expected" },
		{ "\n\ncolour = red\n", ":3: unknown setting 'colour'" },
		{ "delay = 0\n", ":1: bad value '0' for 'delay'" },
		{ "reverse = maybe\n", ":1: 'reverse' takes yes or no" },
		{ "write = /tmp/x\n", ":1: unknown setting 'write'" },	/* not a config key */
		{ "read = /tmp/x\n", ":1: unknown setting 'read'" },
		{ "theme = a\x1b[2Jb\n", ":1: control character" },
	};
	struct settings o;
	char err[256];
	size_t i;

	snprintf(path, sizeof(path), "/tmp/rdmatop-cfg-%d", (int)getpid());
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		put(bad[i].text);
		CHECK_EQ_U(load(&o, err, sizeof(err)), (uint64_t)-EINVAL);
		if (!strstr(err, bad[i].want))
			fprintf(stderr, "got: %s", err);
		CHECK(strstr(err, bad[i].want) != NULL);
	}
	unlink(path);
}

static void test_save_round_trip(void)
{
	struct settings v = { .delay = 0.5, .theme = "mono", .sort = "psn_rate", .reverse = true,
			  .filters = { "comm~ping" }, .n_filters = 1, .ascii = true,
			  .bytes = true, .read = "not saved" };
	char dir[48], err[256], *text;
	struct settings o;
	size_t len;

	snprintf(dir, sizeof(dir), "/tmp/rdmatop-cfgdir-%d", (int)getpid());
	snprintf(path, sizeof(path), "%s/sub/config", dir);
	CHECK_EQ_U(cfg_save(path, &v), 0);
	CHECK_EQ_U(load(&o, err, sizeof(err)), 0);
	CHECK(o.delay == 0.5 && o.reverse && o.ascii && o.bytes && o.n_filters == 1);
	CHECK_EQ_S(o.theme, "mono");
	CHECK_EQ_S(o.sort, "psn_rate");
	CHECK_EQ_S(o.filters[0], "comm~ping");
	/* the settings marked saved, in the table's order; nothing else */
	text = test_slurp(path, &len);
	CHECK(text != NULL);
	if (text)
		CHECK_EQ_S(strchr(strchr(text, '\n') + 1, '\n') + 1,
			   "delay = 0.5\nsort = psn_rate\nreverse = yes\nfilter = comm~ping\n"
			   "theme = mono\nascii = yes\nbytes = yes\nno-mouse = no\n");
	free(text);
	unlink(path);
	snprintf(path, sizeof(path), "%s/sub", dir);
	rmdir(path);
	rmdir(dir);
}

TEST_MAIN(test_load, test_errors, test_save_round_trip)
