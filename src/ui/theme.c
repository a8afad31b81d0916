// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Themes: role names, the compiled-in themes, the theme file parser, the
 * search for theme files and the 256 -> 8 colour fallback.  No curses
 * here; cells.c applies a theme to the terminal.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "settings.h"
#include "theme.h"

#define THEME_FILE_MAX (64 * 1024)
#define THEME_LINE_MAX 256
#define THEME_PATH_MAX 4096

static const char *const role_names[ROLE_N] = {
	[ROLE_DEFAULT] = "normal",
	[ROLE_HEADER] = "header",
	[ROLE_HEADER_VALUE] = "header-value",
	[ROLE_TITLE] = "title",
	[ROLE_COLUMN] = "column",
	[ROLE_COLUMN_SORT] = "column-sort",
	[ROLE_SELECTED] = "selected",
	[ROLE_STATE_GOOD] = "state-good",
	[ROLE_STATE_WARN] = "state-warn",
	[ROLE_STATE_BAD] = "state-bad",
	[ROLE_RATE_ZERO] = "rate-zero",
	[ROLE_RATE_LOW] = "rate-low",
	[ROLE_RATE_HIGH] = "rate-high",
	[ROLE_ERROR] = "error",
	[ROLE_NA] = "na",
	[ROLE_KEY] = "key",
	[ROLE_KEY_LABEL] = "key-label",
	[ROLE_STATUS_INFO] = "status-info",
	[ROLE_STATUS_WARN] = "status-warn",
	[ROLE_GRAPH_RX] = "graph-rx",
	[ROLE_GRAPH_TX] = "graph-tx",
	[ROLE_GRAPH_ERR] = "graph-err",
	[ROLE_CHANGED] = "changed",
	[ROLE_PROMPT] = "prompt",
	[ROLE_PROMPT_SEL] = "prompt-selected",
	[ROLE_TAB_ACTIVE] = "tab-active",
};

static const char *const color_names[8] = {
	"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
};

static const struct {
	const char *name;
	uint16_t bit;
} attr_names[] = {
	{ "bold", THEME_BOLD },		  { "dim", THEME_DIM },
	{ "reverse", THEME_REVERSE },	  { "underline", THEME_UNDERLINE },
	{ "italic", THEME_ITALIC },
};

const char *theme_role_name(enum theme_role r)
{
	if ((unsigned int)r >= ROLE_N || !role_names[r])
		return "unknown";
	return role_names[r];
}

enum { BLK, RED, GRN, YEL, BLU, MAG, CYN, WHT, DEF = THEME_COLOR_DEFAULT };
#define B THEME_BOLD
#define S(f, b, a) { .fg = (f), .bg = (b), .attrs = (a) }

/* Basic colours and bold only, so that 8-colour terminals show it as meant. */
static const struct theme_style default_roles[ROLE_N] = {
	[ROLE_DEFAULT] = S(DEF, DEF, 0),	[ROLE_HEADER] = S(CYN, DEF, 0),
	[ROLE_HEADER_VALUE] = S(DEF, DEF, B),	[ROLE_TITLE] = S(CYN, DEF, B),
	[ROLE_COLUMN] = S(BLK, GRN, 0),		[ROLE_COLUMN_SORT] = S(BLK, CYN, B),
	[ROLE_SELECTED] = S(BLK, CYN, 0),	[ROLE_STATE_GOOD] = S(GRN, DEF, 0),
	[ROLE_STATE_WARN] = S(YEL, DEF, 0),	[ROLE_STATE_BAD] = S(RED, DEF, B),
	/* grey 244 falls back to white (theme_color8) */
	[ROLE_RATE_ZERO] = S(244, DEF, 0),	[ROLE_RATE_LOW] = S(CYN, DEF, 0),
	[ROLE_RATE_HIGH] = S(GRN, DEF, B),	[ROLE_ERROR] = S(WHT, RED, B),
	[ROLE_NA] = S(244, DEF, 0),		[ROLE_KEY] = S(WHT, DEF, B),
	[ROLE_KEY_LABEL] = S(BLK, CYN, 0),	[ROLE_STATUS_INFO] = S(CYN, DEF, 0),
	[ROLE_STATUS_WARN] = S(YEL, DEF, B),	[ROLE_GRAPH_RX] = S(GRN, DEF, 0),
	[ROLE_GRAPH_TX] = S(CYN, DEF, 0),	[ROLE_GRAPH_ERR] = S(RED, DEF, B),
	[ROLE_CHANGED] = S(WHT, DEF, B),	[ROLE_PROMPT] = S(YEL, DEF, B),
	[ROLE_PROMPT_SEL] = S(BLK, YEL, 0),	[ROLE_TAB_ACTIVE] = S(BLK, CYN, 0),
};

#define R THEME_REVERSE
#define U THEME_UNDERLINE
#define M(a) S(DEF, DEF, a)
static const struct theme_style mono_roles[ROLE_N] = {
	[ROLE_DEFAULT] = M(0),			[ROLE_HEADER] = M(0),
	[ROLE_HEADER_VALUE] = M(B),		[ROLE_TITLE] = M(B),
	/* vt100, linux, serial consoles: headers underlined (the sort column
	 * and the active tab bold too), the selection in reverse video; an
	 * alert (an error counter moving, a link that went down) bold and
	 * underlined, never reverse: that is the selection's */
	[ROLE_COLUMN] = M(U),			[ROLE_COLUMN_SORT] = M(B | U),
	[ROLE_SELECTED] = M(R | B),		[ROLE_STATE_GOOD] = M(0),
	[ROLE_STATE_WARN] = M(B),		[ROLE_STATE_BAD] = M(B | U),
	[ROLE_RATE_ZERO] = M(THEME_DIM),	[ROLE_RATE_LOW] = M(0),
	[ROLE_RATE_HIGH] = M(B),		[ROLE_ERROR] = M(B | U),
	[ROLE_NA] = M(THEME_DIM),		[ROLE_KEY] = M(B),
	[ROLE_KEY_LABEL] = M(R),		[ROLE_STATUS_INFO] = M(0),
	[ROLE_STATUS_WARN] = M(B),		[ROLE_GRAPH_RX] = M(0),
	[ROLE_GRAPH_TX] = M(B),			[ROLE_GRAPH_ERR] = M(B),
	[ROLE_CHANGED] = M(U),			[ROLE_PROMPT] = M(B),
	/* the prompt's selection and cursor in reverse video */
	[ROLE_PROMPT_SEL] = M(R | B),		[ROLE_TAB_ACTIVE] = M(B | U),
};
#undef M
#undef U
#undef R
#undef S
#undef B

void theme_builtin_default(struct theme *t)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->name, sizeof(t->name), "default");
	memcpy(t->role, default_roles, sizeof(t->role));
}

void theme_builtin_mono(struct theme *t)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->name, sizeof(t->name), "mono");
	memcpy(t->role, mono_roles, sizeof(t->role));
}

__attribute__((format(printf, 4, 5)))
static int fail(char *err, size_t errlen, size_t line, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!err || !errlen)
		return -EINVAL;
	n = snprintf(err, errlen, "line %zu: ", line);
	if (n >= 0 && (size_t)n < errlen) {
		va_start(ap, fmt);
		vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

/* A token of the file, quoted in a message: printable ASCII only. */
static const char *shown(char *buf, size_t len, const char *s)
{
	size_t i;

	for (i = 0; s[i] && i + 1 < len; i++)
		buf[i] = s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?';
	buf[i] = '\0';
	return buf;
}

static int parse_color(const char *s, int16_t *c)
{
	unsigned int i, v = 0;

	if (!strcmp(s, "default")) {
		*c = THEME_COLOR_DEFAULT;
		return 0;
	}
	if (s[0] >= '0' && s[0] <= '9') {
		for (i = 0; s[i]; i++) {
			if (i >= 3 || s[i] < '0' || s[i] > '9')
				return -EINVAL;
			v = v * 10 + (unsigned int)(s[i] - '0');
		}
		if (v > 255)
			return -EINVAL;
		*c = (int16_t)v;
		return 0;
	}
	v = 0;
	if (!strncmp(s, "bright-", 7)) {
		s += 7;
		v = 8;
	}
	for (i = 0; i < 8; i++) {
		if (!strcmp(s, color_names[i])) {
			*c = (int16_t)(v + i);
			return 0;
		}
	}
	return -EINVAL;
}

static int parse_attr(const char *s, uint16_t *attrs)
{
	size_t i;

	for (i = 0; i < sizeof(attr_names) / sizeof(attr_names[0]); i++) {
		if (!strcmp(s, attr_names[i].name)) {
			*attrs |= attr_names[i].bit;
			return 0;
		}
	}
	return -EINVAL;
}

static char *trim(char *s)
{
	char *e;

	s += strspn(s, " \t");
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		*--e = '\0';
	return s;
}

/* One line, NUL-terminated, without its newline: "role = fg [bg] [attr...]" */
static int parse_line(struct theme_style *roles, size_t *seen, char *s, size_t line, char *err,
		      size_t errlen)
{
	struct theme_style st = { THEME_COLOR_DEFAULT, THEME_COLOR_DEFAULT, 0 };
	char q[40], *eq, *key, *tok, *save = NULL;
	int16_t c;
	int colors = 0;
	size_t r;

	for (eq = s; *eq; eq++) {
		if (((unsigned char)*eq < 0x20 && *eq != '\t') || *eq == 0x7f)
			return fail(err, errlen, line, "control character");
	}
	s[strcspn(s, "#")] = '\0';
	s = trim(s);
	if (!*s)
		return 0;
	eq = strchr(s, '=');
	if (!eq)
		return fail(err, errlen, line, "missing '=' (expected \"role = fg [bg] [attr...]\")");
	*eq = '\0';
	key = trim(s);
	if (!*key)
		return fail(err, errlen, line, "missing role name before '='");
	for (r = 0; r < ROLE_N; r++)
		if (!strcmp(key, role_names[r]))
			break;
	if (r == ROLE_N)
		return fail(err, errlen, line, "unknown role '%s'", shown(q, sizeof(q), key));
	if (seen[r])
		return fail(err, errlen, line, "role '%s' already set on line %zu", key, seen[r]);
	for (tok = strtok_r(eq + 1, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		if (colors < 2 && !st.attrs && !parse_color(tok, &c)) {
			if (colors++)
				st.bg = c;
			else
				st.fg = c;
		} else if (!colors) {
			return fail(err, errlen, line, "bad colour '%s' for '%s'",
				    shown(q, sizeof(q), tok), key);
		} else if (parse_attr(tok, &st.attrs)) {
			if (!parse_color(tok, &c))
				return fail(err, errlen, line,
					    "colour '%s' out of place (expected \"role = fg [bg] [attr...]\")",
					    shown(q, sizeof(q), tok));
			return fail(err, errlen, line, "bad attribute '%s' for '%s'",
				    shown(q, sizeof(q), tok), key);
		}
	}
	if (!colors)
		return fail(err, errlen, line, "missing colour for '%s'", key);
	roles[r] = st;
	seen[r] = line;
	return 0;
}

int theme_parse(struct theme *t, const char *text, size_t len, char *err, size_t errlen)
{
	struct theme_style roles[ROLE_N];
	size_t seen[ROLE_N] = { 0 };
	char buf[THEME_LINE_MAX + 1];
	size_t off = 0, line = 0;
	int ret;

	if (err && errlen)
		err[0] = '\0';
	if (!t || (!text && len))
		return -EINVAL;
	/* work on a copy: a file with an error changes nothing */
	memcpy(roles, t->role, sizeof(roles));
	while (off < len) {
		const char *s = text + off;
		const char *nl = memchr(s, '\n', len - off);
		size_t n = nl ? (size_t)(nl - s) : len - off;

		off += n + (nl ? 1 : 0);
		line++;
		if (n && s[n - 1] == '\r')
			n--;
		if (n > THEME_LINE_MAX)
			return fail(err, errlen, line, "line longer than %d bytes", THEME_LINE_MAX);
		memcpy(buf, s, n);
		buf[n] = '\0';
		if (memchr(s, '\0', n))
			return fail(err, errlen, line, "NUL byte");
		ret = parse_line(roles, seen, buf, line, err, errlen);
		if (ret)
			return ret;
	}
	memcpy(t->role, roles, sizeof(roles));
	return 0;
}

static bool valid_name(const char *name)
{
	size_t i;

	if (!name || !name[0] || name[0] == '.')
		return false;
	for (i = 0; name[i]; i++)
		if (i >= 31 || name[i] == '/' || (unsigned char)name[i] < 0x20 || name[i] == 0x7f)
			return false;
	return true;
}

/* $XDG_CONFIG_HOME/rdmatop/themes, else ~/.config/rdmatop/themes */
static int user_dir(char *buf, size_t len)
{
	return cfg_user_path(buf, len, "themes") ? 0 : -ENOENT;
}

/* Read dir/name.theme over the default theme: -ENOENT when there is none. */
static int load_file(struct theme *t, const char *dir, const char *name, char *err,
		     size_t errlen)
{
	char path[THEME_PATH_MAX], perr[160], *buf;
	struct theme tmp;
	struct stat st;
	ssize_t r;
	size_t n = 0;
	int fd, ret, len;

	len = snprintf(path, sizeof(path), "%s/%s.theme", dir, name);
	if (len < 0 || (size_t)len >= sizeof(path))
		return -ENOENT;
	/* O_NONBLOCK: a FIFO in the theme dir must not hang the start-up */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		ret = -errno;
		if (ret == -ENOENT || ret == -ENOTDIR)
			return -ENOENT;
		snprintf(err, errlen, "%s: %s", path, strerror(-ret));
		return ret;
	}
	ret = -EINVAL;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		goto out_close;
	}
	ret = -ENOMEM;
	buf = malloc(THEME_FILE_MAX + 1);
	if (!buf) {
		snprintf(err, errlen, "%s: out of memory", path);
		goto out_close;
	}
	/* one byte past the cap tells a file that is too large */
	while (n <= THEME_FILE_MAX) {
		r = read(fd, buf + n, THEME_FILE_MAX + 1 - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			ret = -errno;
			snprintf(err, errlen, "%s: %s", path, strerror(-ret));
			goto out_free;
		}
		if (!r)
			break;
		n += (size_t)r;
	}
	ret = -EFBIG;
	if (n > THEME_FILE_MAX) {
		snprintf(err, errlen, "%s: larger than %d KiB", path, THEME_FILE_MAX / 1024);
		goto out_free;
	}
	theme_builtin_default(&tmp);
	ret = theme_parse(&tmp, buf, n, perr, sizeof(perr));
	if (ret) {
		snprintf(err, errlen, "%s: %s", path, perr);
		goto out_free;
	}
	snprintf(tmp.name, sizeof(tmp.name), "%s", name);
	*t = tmp;
out_free:
	free(buf);
out_close:
	close(fd);
	return ret;
}

int theme_load(struct theme *t, const char *name, const char *const *dirs, char *err,
	       size_t errlen)
{
	char dir[THEME_PATH_MAX], q[40], dummy[1];
	int ret;

	if (!err || !errlen) {
		err = dummy;
		errlen = sizeof(dummy);
	}
	err[0] = '\0';
	theme_builtin_default(t);
	if (!valid_name(name)) {
		snprintf(err, errlen, "bad theme name '%s'", name ? shown(q, sizeof(q), name) : "");
		return -EINVAL;
	}
	/* the user's own files first, so that a copy of default.theme there wins */
	if (!user_dir(dir, sizeof(dir))) {
		ret = load_file(t, dir, name, err, errlen);
		if (ret != -ENOENT)
			return ret;
	}
	if (!strcmp(name, "default"))
		return 0;
	if (!strcmp(name, "mono")) {
		theme_builtin_mono(t);
		return 0;
	}
	for (; dirs && *dirs; dirs++) {
		ret = load_file(t, *dirs, name, err, errlen);
		if (ret != -ENOENT)
			return ret;
	}
	snprintf(err, errlen, "theme '%s' not found", name);
	return -ENOENT;
}

/* Insert into the sorted names[first..*n), dropping the last when full. */
static void list_add(char names[][32], size_t first, size_t *n, size_t max, const char *name)
{
	size_t i, j, len;
	int c = 1;

	for (i = 0; i < *n; i++)
		if (!strcmp(names[i], name))
			return;
	for (i = first; i < *n; i++) {
		c = strcmp(name, names[i]);
		if (c < 0)
			break;
	}
	if (i >= max)
		return;
	j = *n < max ? (*n)++ : max - 1;
	for (; j > i; j--)
		memcpy(names[j], names[j - 1], 32);
	len = strnlen(name, 31);
	memcpy(names[i], name, len);
	names[i][len] = '\0';
}

static void list_dir(const char *path, char names[][32], size_t first, size_t *n, size_t max)
{
	DIR *d = opendir(path);
	struct dirent *e;
	struct stat st;
	char name[64];

	if (!d)
		return;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);

		if (len <= 6 || len - 6 >= sizeof(name) || strcmp(e->d_name + len - 6, ".theme"))
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)(len - 6), e->d_name);
		if (!valid_name(name))
			continue;
		if (fstatat(dirfd(d), e->d_name, &st, 0) || !S_ISREG(st.st_mode))
			continue;
		list_add(names, first, n, max, name);
	}
	closedir(d);
}

size_t theme_list(const char *const *dirs, char names[][32], size_t max)
{
	static const char *const builtin[] = { "default", "mono" };
	char dir[THEME_PATH_MAX];
	size_t n = 0, nb;

	for (nb = 0; nb < 2 && n < max; nb++)
		snprintf(names[n++], 32, "%s", builtin[nb]);
	nb = n;
	if (!user_dir(dir, sizeof(dir)))
		list_dir(dir, names, nb, &n, max);
	for (; dirs && *dirs; dirs++)
		list_dir(*dirs, names, nb, &n, max);
	return n;
}

/*
 * Nearest basic colour by hue: the palette's greys (and nearly grey cube
 * colours) go to black or white by lightness, the rest to the basic colour
 * whose channels are the colour's dominant ones.  Plain RGB distance to
 * xterm's basic colours would send the mid greys 242-243 to red.
 */
int16_t theme_color8(int16_t c)
{
	int rgb[3], hi, lo, i, out = 0;

	if (c < 0 || c > 255)
		return THEME_COLOR_DEFAULT;
	if (c < 16)
		return c & 7;
	if (c >= 232) {
		rgb[0] = rgb[1] = rgb[2] = 8 + 10 * (c - 232);
	} else {
		c -= 16;
		rgb[0] = c / 36;
		rgb[1] = c / 6 % 6;
		rgb[2] = c % 6;
		for (i = 0; i < 3; i++)
			rgb[i] = rgb[i] ? 55 + 40 * rgb[i] : 0;
	}
	hi = lo = rgb[0];
	for (i = 1; i < 3; i++) {
		hi = rgb[i] > hi ? rgb[i] : hi;
		lo = rgb[i] < lo ? rgb[i] : lo;
	}
	/* saturation below 1/4: a grey */
	if ((hi - lo) * 4 < hi || hi == lo)
		return hi + lo >= 256 ? WHT : BLK;
	for (i = 0; i < 3; i++)
		if (2 * rgb[i] >= hi + lo)
			out |= 1 << i;
	return (int16_t)out;
}
