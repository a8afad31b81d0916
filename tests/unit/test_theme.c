// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"
#include "theme.h"

static const char *const theme_files[] = { "default", "light", "high-contrast", "mono" };

static int parse(struct theme *t, const char *text, char *err, size_t errlen)
{
	return theme_parse(t, text, strlen(text), err, errlen);
}

/* Every role is set by each file: none keeps the sentinel it started with. */
static void test_files_complete(void)
{
	glob_t g;
	size_t i, r, found = 0;

	CHECK_EQ_U(glob("themes/*.theme", 0, NULL, &g), 0);
	for (i = 0; i < g.gl_pathc; i++) {
		const char *path = g.gl_pathv[i];
		char err[128];
		struct theme t;
		size_t len;
		char *text;

		for (r = 0; r < sizeof(theme_files) / sizeof(theme_files[0]); r++) {
			char want[64];

			snprintf(want, sizeof(want), "themes/%s.theme", theme_files[r]);
			found += !strcmp(path, want);
		}
		text = test_slurp(path, &len);
		CHECK(text != NULL);
		if (!text)
			continue;
		for (r = 0; r < ROLE_N; r++)
			t.role[r] = (struct theme_style){ -2, -2, 0xffff };
		CHECK_EQ_U(theme_parse(&t, text, len, err, sizeof(err)), 0);
		if (err[0])
			fprintf(stderr, "%s: %s\n", path, err);
		for (r = 0; r < ROLE_N; r++) {
			if (t.role[r].attrs == 0xffff)
				fprintf(stderr, "%s: no '%s'\n", path,
					theme_role_name((enum theme_role)r));
			CHECK(t.role[r].fg >= -1 && t.role[r].fg <= 255);
			CHECK(t.role[r].bg >= -1 && t.role[r].bg <= 255);
			CHECK(t.role[r].attrs != 0xffff);
		}
		free(text);
	}
	/* at least the four the README promises */
	CHECK_EQ_U(found, sizeof(theme_files) / sizeof(theme_files[0]));
	globfree(&g);
}

/* themes/default.theme and mono.theme are the built-ins, for copying. */
static void test_files_match_builtins(void)
{
	struct theme want, got;
	char err[128];
	size_t len;
	char *text;

	text = test_slurp("themes/default.theme", &len);
	CHECK(text != NULL);
	theme_builtin_mono(&got);
	if (text)
		CHECK_EQ_U(theme_parse(&got, text, len, err, sizeof(err)), 0);
	theme_builtin_default(&want);
	CHECK(!memcmp(want.role, got.role, sizeof(want.role)));
	free(text);

	text = test_slurp("themes/mono.theme", &len);
	CHECK(text != NULL);
	theme_builtin_default(&got);
	if (text)
		CHECK_EQ_U(theme_parse(&got, text, len, err, sizeof(err)), 0);
	theme_builtin_mono(&want);
	CHECK(!memcmp(want.role, got.role, sizeof(want.role)));
	free(text);
}

static void test_builtins(void)
{
	struct theme t;
	size_t r;

	theme_builtin_default(&t);
	CHECK_EQ_S(t.name, "default");
	for (r = 0; r < ROLE_N; r++) {
		/* 256-colour values only where the 8-colour fallback is not black */
		CHECK(t.role[r].fg < 8 || theme_color8(t.role[r].fg) != 0);
		CHECK(t.role[r].bg < 8);
		CHECK(!(t.role[r].attrs & ~THEME_BOLD));
	}
	CHECK(t.role[ROLE_STATE_BAD].fg == 1);
	theme_builtin_mono(&t);
	CHECK_EQ_S(t.name, "mono");
	for (r = 0; r < ROLE_N; r++) {
		CHECK(t.role[r].fg == THEME_COLOR_DEFAULT && t.role[r].bg == THEME_COLOR_DEFAULT);
		CHECK(!(t.role[r].attrs & THEME_ITALIC));
	}
	CHECK(t.role[ROLE_SELECTED].attrs & THEME_REVERSE);
	/* headers and the active tab stand out without reverse video, which
	 * is the selection's (a vt100 shows no colours) */
	CHECK((t.role[ROLE_COLUMN].attrs & THEME_UNDERLINE) &&
	      !(t.role[ROLE_COLUMN].attrs & THEME_REVERSE));
	CHECK((t.role[ROLE_TAB_ACTIVE].attrs & (THEME_BOLD | THEME_UNDERLINE)) ==
	      (THEME_BOLD | THEME_UNDERLINE) && !(t.role[ROLE_TAB_ACTIVE].attrs & THEME_REVERSE));
}

static void test_role_names(void)
{
	size_t r, s;

	for (r = 0; r < ROLE_N; r++) {
		CHECK(strcmp(theme_role_name((enum theme_role)r), "unknown"));
		for (s = 0; s < r; s++)
			CHECK(strcmp(theme_role_name((enum theme_role)r),
				     theme_role_name((enum theme_role)s)));
	}
	CHECK_EQ_S(theme_role_name(ROLE_DEFAULT), "normal");
	CHECK_EQ_S(theme_role_name(ROLE_RATE_HIGH), "rate-high");
	CHECK_EQ_S(theme_role_name(ROLE_N), "unknown");
	CHECK_EQ_S(theme_role_name((enum theme_role)-1), "unknown");
	CHECK_EQ_S(theme_role_name((enum theme_role)1000), "unknown");
}

static void test_parse_syntax(void)
{
	struct theme t;
	char err[128];

	theme_builtin_default(&t);
	CHECK_EQ_U(parse(&t, "# only a comment\r\n\r\n   \t\n"
			     "title = bright-red 17 bold underline # trailing\r\n"
			     "\tna=default\n"
			     "selected = 255 blue reverse\n"
			     "key = red italic dim", err, sizeof(err)), 0);
	CHECK_EQ_S(err, "");
	CHECK(t.role[ROLE_TITLE].fg == 9 && t.role[ROLE_TITLE].bg == 17);
	CHECK_EQ_U(t.role[ROLE_TITLE].attrs, THEME_BOLD | THEME_UNDERLINE);
	CHECK(t.role[ROLE_NA].fg == -1 && t.role[ROLE_NA].bg == -1 && !t.role[ROLE_NA].attrs);
	CHECK(t.role[ROLE_SELECTED].fg == 255 && t.role[ROLE_SELECTED].bg == 4);
	CHECK(t.role[ROLE_KEY].fg == 1 && t.role[ROLE_KEY].bg == -1);
	CHECK_EQ_U(t.role[ROLE_KEY].attrs, THEME_ITALIC | THEME_DIM);
	/* roles not mentioned keep their value */
	CHECK(t.role[ROLE_STATE_BAD].fg == 1);
	/* empty text is a valid (empty) theme */
	CHECK_EQ_U(theme_parse(&t, NULL, 0, err, sizeof(err)), 0);
}

static void check_error(const char *text, const char *want)
{
	struct theme t, before;
	char err[128];

	theme_builtin_default(&t);
	before = t;
	CHECK_EQ_U(parse(&t, text, err, sizeof(err)), -EINVAL);
	CHECK_EQ_S(err, want);
	/* a file with an error changes nothing */
	CHECK(!memcmp(&t, &before, sizeof(t)));
}

static void test_parse_errors(void)
{
	check_error("normal = default\nbogus = red\n", "line 2: unknown role 'bogus'");
	check_error("\n\n# c\ntitle = purple\n", "line 4: bad colour 'purple' for 'title'");
	check_error("title = 256\n", "line 1: bad colour '256' for 'title'");
	check_error("title = -1\n", "line 1: bad colour '-1' for 'title'");
	check_error("title = 0x10\n", "line 1: bad colour '0x10' for 'title'");
	check_error("title = bold\n", "line 1: bad colour 'bold' for 'title'");
	check_error("title = RED\n", "line 1: bad colour 'RED' for 'title'");
	check_error("a = b\r\ntitle = red blue blink\r\n",
		    "line 1: unknown role 'a'");
	check_error("title = red blue blink\r\n", "line 1: bad attribute 'blink' for 'title'");
	check_error("title = red bold green\n",
		    "line 1: colour 'green' out of place (expected \"role = fg [bg] [attr...]\")");
	check_error("title = red blue green\n",
		    "line 1: colour 'green' out of place (expected \"role = fg [bg] [attr...]\")");
	check_error("normal = default\ntitle red\n",
		    "line 2: missing '=' (expected \"role = fg [bg] [attr...]\")");
	check_error("title =   # nothing\n", "line 1: missing colour for 'title'");
	check_error(" = red\n", "line 1: missing role name before '='");
	check_error("title = red\nna = red\ntitle = blue\n",
		    "line 3: role 'title' already set on line 1");
	check_error("title = red\x1b[31m\n", "line 1: control character");
	check_error("title = red\rblue\n", "line 1: control character");
	check_error("st\xc3\xa4te = red\n", "line 1: unknown role 'st??te'");
}

static void test_parse_long_lines(void)
{
	struct theme t;
	char err[128], *text;
	size_t n = 100000;

	theme_builtin_default(&t);
	text = malloc(n + 32);
	CHECK(text != NULL);
	if (!text)
		return;
	/* 256 bytes is the longest line; a comment that long is still fine */
	memset(text, ' ', 255);
	text[0] = '#';
	strcpy(text + 255, "\r\nna = red\n");
	CHECK_EQ_U(parse(&t, text, err, sizeof(err)), 0);
	memset(text, ' ', 257);
	text[0] = '#';
	strcpy(text + 257, "\nna = red\n");
	CHECK_EQ_U(parse(&t, text, err, sizeof(err)), -EINVAL);
	CHECK_EQ_S(err, "line 1: line longer than 256 bytes");
	strcpy(text, "na = red\n");
	memset(text + 9, 'x', n);
	CHECK_EQ_U(theme_parse(&t, text, n + 9, err, sizeof(err)), -EINVAL);
	CHECK_EQ_S(err, "line 2: line longer than 256 bytes");
	/* a NUL inside the text */
	memcpy(text, "na = red\0blue\n", 14);
	CHECK_EQ_U(theme_parse(&t, text, 14, err, sizeof(err)), -EINVAL);
	CHECK_EQ_S(err, "line 1: NUL byte");
	/* a tiny error buffer is truncated, not overrun */
	CHECK_EQ_U(parse(&t, "bogus = red", err, 6), -EINVAL);
	CHECK_EQ_S(err, "line ");
	CHECK_EQ_U(parse(&t, "bogus = red", NULL, 0), -EINVAL);
	free(text);
}

static void test_color8(void)
{
	static const struct {
		int16_t in, out;
	} map[] = {
		{ -1, -1 },  { 256, -1 }, { 0, 0 },   { 1, 1 },	  { 7, 7 },   { 8, 0 },
		{ 9, 1 },    { 12, 4 },	  { 15, 7 },  { 16, 0 },  { 196, 1 }, { 46, 2 },
		{ 226, 3 },  { 21, 4 },	  { 201, 5 }, { 51, 6 },  { 231, 7 }, { 52, 1 },
		{ 17, 4 },   { 28, 2 },	  { 208, 3 }, { 33, 6 },  { 136, 3 }, { 129, 5 },
		{ 189, 7 },  { 60, 4 },	  { 232, 0 }, { 242, 0 }, { 243, 0 }, { 244, 7 },
		{ 255, 7 },  { 59, 0 },	  { 145, 7 },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		if (theme_color8(map[i].in) != map[i].out)
			fprintf(stderr, "color8(%d) = %d\n", map[i].in, theme_color8(map[i].in));
		CHECK_EQ_U((uint16_t)theme_color8(map[i].in), (uint16_t)map[i].out);
	}
	for (i = 0; i < 256; i++) {
		int16_t c = theme_color8((int16_t)i);

		CHECK(c >= 0 && c <= 7);
	}
}

static char tmpdir[64];

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void test_load(void)
{
	char xdg[128], themes[160], err[256], names[8][32], inst[96], *text;
	const char *dirs[] = { inst, NULL };
	struct theme t;
	size_t n;

	snprintf(tmpdir, sizeof(tmpdir), "/tmp/rdmatop-theme-XXXXXX");
	CHECK(mkdtemp(tmpdir) != NULL);
	/* an install dir of our own, so that new files in themes/ change nothing */
	snprintf(inst, sizeof(inst), "%s/share", tmpdir);
	CHECK(!mkdir(inst, 0700));
	text = test_slurp("themes/high-contrast.theme", NULL);
	CHECK(text != NULL);
	write_file(inst, "high-contrast.theme", text ? text : "");
	free(text);
	write_file(inst, "light.theme", "title = blue\n");
	write_file(inst, "default.theme", "title = blue\n");
	write_file(inst, "mono.theme", "title = blue\n");
	snprintf(xdg, sizeof(xdg), "%s/cfg", tmpdir);
	snprintf(themes, sizeof(themes), "%s/rdmatop/themes", xdg);
	CHECK(!mkdir(xdg, 0700));
	snprintf(err, sizeof(err), "%s/rdmatop", xdg);
	CHECK(!mkdir(err, 0700));
	CHECK(!mkdir(themes, 0700));
	setenv("XDG_CONFIG_HOME", xdg, 1);
	write_file(themes, "mine.theme", "# my own\ntitle = 99 bold\n");
	write_file(themes, "broken.theme", "title = red\nwrong\n");
	write_file(themes, "light.theme", "title = magenta\n");
	write_file(themes, "not-a-theme.txt", "");
	write_file(themes, ".hidden.theme", "");

	CHECK_EQ_U(theme_load(&t, "mine", dirs, err, sizeof(err)), 0);
	CHECK_EQ_S(t.name, "mine");
	CHECK(t.role[ROLE_TITLE].fg == 99 && t.role[ROLE_TITLE].attrs == THEME_BOLD);
	/* the rest comes from the default theme */
	CHECK(t.role[ROLE_STATE_BAD].fg == 1);
	/* the user's light.theme comes before the one in `dirs` */
	CHECK_EQ_U(theme_load(&t, "light", dirs, err, sizeof(err)), 0);
	CHECK(t.role[ROLE_TITLE].fg == 5);
	CHECK_EQ_U(theme_load(&t, "high-contrast", dirs, err, sizeof(err)), 0);
	CHECK_EQ_S(t.name, "high-contrast");
	CHECK(t.role[ROLE_DEFAULT].bg == 0);
	CHECK_EQ_U(theme_load(&t, "mono", NULL, err, sizeof(err)), 0);
	CHECK_EQ_S(t.name, "mono");
	CHECK(t.role[ROLE_STATE_BAD].fg == -1);
	/* the built-ins come before the install dir */
	CHECK_EQ_U(theme_load(&t, "mono", dirs, err, sizeof(err)), 0);
	CHECK(t.role[ROLE_TITLE].fg == -1);
	CHECK_EQ_U(theme_load(&t, "default", dirs, err, sizeof(err)), 0);
	CHECK(t.role[ROLE_TITLE].fg == 6);

	CHECK_EQ_U(theme_load(&t, "broken", dirs, err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "broken.theme: line 2: missing '='") != NULL);
	CHECK_EQ_S(t.name, "default");
	CHECK(t.role[ROLE_TITLE].fg == 6);
	CHECK_EQ_U(theme_load(&t, "nosuch", dirs, err, sizeof(err)), -ENOENT);
	CHECK_EQ_S(err, "theme 'nosuch' not found");
	CHECK_EQ_S(t.name, "default");

	n = theme_list(dirs, names, 8);
	CHECK_EQ_U(n, 6);
	if (n == 6) {
		CHECK_EQ_S(names[0], "default");
		CHECK_EQ_S(names[1], "mono");
		CHECK_EQ_S(names[2], "broken");
		CHECK_EQ_S(names[3], "high-contrast");
		CHECK_EQ_S(names[4], "light");
		CHECK_EQ_S(names[5], "mine");
	}
	n = theme_list(dirs, names, 3);
	CHECK_EQ_U(n, 3);
	CHECK_EQ_S(names[2], "broken");
	CHECK_EQ_U(theme_list(NULL, names, 1), 1);
	CHECK_EQ_U(theme_list(NULL, names, 0), 0);

	/* relative XDG_CONFIG_HOME is ignored: HOME/.config is used */
	setenv("XDG_CONFIG_HOME", "relative", 1);
	setenv("HOME", tmpdir, 1);
	snprintf(err, sizeof(err), "%s/.config", tmpdir);
	CHECK(!mkdir(err, 0700));
	snprintf(err, sizeof(err), "%s/.config/rdmatop", tmpdir);
	CHECK(!mkdir(err, 0700));
	snprintf(xdg, sizeof(xdg), "%s/.config/rdmatop/themes", tmpdir);
	CHECK(!mkdir(xdg, 0700));
	write_file(xdg, "home.theme", "na = 3\n");
	CHECK_EQ_U(theme_load(&t, "home", NULL, err, sizeof(err)), 0);
	CHECK(t.role[ROLE_NA].fg == 3);
	/* a default.theme of the user's replaces the built-in */
	write_file(xdg, "default.theme", "na = 4\n");
	CHECK_EQ_U(theme_load(&t, "default", NULL, err, sizeof(err)), 0);
	CHECK(t.role[ROLE_NA].fg == 4);
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("HOME");
	CHECK_EQ_U(theme_load(&t, "home", NULL, err, sizeof(err)), -ENOENT);
	CHECK_EQ_U(theme_load(&t, "default", NULL, err, sizeof(err)), 0);
	CHECK(t.role[ROLE_NA].fg == 244);
}

static void test_load_limits(void)
{
	const char *dirs[] = { tmpdir, NULL };
	char err[256], path[128], *big;
	struct theme t;
	FILE *f;

	big = malloc(70000);
	CHECK(big != NULL);
	if (!big)
		return;
	memset(big, '\n', 70000);
	f = fopen((snprintf(path, sizeof(path), "%s/big.theme", tmpdir), path), "w");
	CHECK(f != NULL);
	if (f) {
		fwrite(big, 1, 70000, f);
		fclose(f);
	}
	CHECK_EQ_U(theme_load(&t, "big", dirs, err, sizeof(err)), -EFBIG);
	CHECK(strstr(err, "larger than 64 KiB") != NULL);
	/* exactly 64 KiB is fine */
	f = fopen(path, "w");
	if (f) {
		fwrite(big, 1, 65536, f);
		fclose(f);
	}
	CHECK_EQ_U(theme_load(&t, "big", dirs, err, sizeof(err)), 0);
	free(big);
	/* a directory or a FIFO named like a theme */
	snprintf(path, sizeof(path), "%s/dir.theme", tmpdir);
	CHECK(!mkdir(path, 0700));
	CHECK_EQ_U(theme_load(&t, "dir", dirs, err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "not a regular file") != NULL);
	snprintf(path, sizeof(path), "%s/fifo.theme", tmpdir);
	CHECK(!mkfifo(path, 0600));
	CHECK_EQ_U(theme_load(&t, "fifo", dirs, err, sizeof(err)), -EINVAL);
	/* no error buffer */
	CHECK_EQ_U(theme_load(&t, "nosuch", dirs, NULL, 0), -ENOENT);
	CHECK_EQ_S(t.name, "default");
}

static void test_bad_names(void)
{
	static const char *const bad[] = {
		"", ".", "..", ".hidden", "../default", "a/b", "/etc/passwd",
		"a\nb", "a\x1b", "12345678901234567890123456789012",
	};
	const char *dirs[] = { "themes", NULL };
	char err[128];
	struct theme t;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK_EQ_U(theme_load(&t, bad[i], dirs, err, sizeof(err)), -EINVAL);
		CHECK(!strncmp(err, "bad theme name '", 16));
		CHECK(!strpbrk(err, "\n\x1b"));
		CHECK_EQ_S(t.name, "default");
	}
	CHECK_EQ_U(theme_load(&t, NULL, dirs, err, sizeof(err)), -EINVAL);
	/* 31 characters is the longest name */
	CHECK_EQ_U(theme_load(&t, "1234567890123456789012345678901", dirs, err, sizeof(err)),
		   -ENOENT);
}

static void cleanup(void)
{
	char cmd[128];

	if (tmpdir[0]) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
		CHECK(!system(cmd));
	}
}

TEST_MAIN(test_files_complete, test_files_match_builtins, test_builtins, test_role_names,
	  test_parse_syntax, test_parse_errors, test_parse_long_lines, test_color8, test_load,
	  test_load_limits, test_bad_names, cleanup)
