// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The config file: the same option table as the command line, so a setting
 * is spelled once.  Each "key = value" line is handed to the command-line
 * parser as "--key=value"; the command line, parsed after, overrides it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "opts.h"
#include "wfile.h"

#define CFG_MAX_BYTES 65536

const char *cfg_user_path(char *buf, size_t len, const char *leaf)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	int n;

	/* the XDG Base Directory spec: a relative path is invalid, ignore it */
	if (xdg && xdg[0] == '/')
		n = snprintf(buf, len, "%s/rdmatop/%s", xdg, leaf);
	else if (home && *home)
		n = snprintf(buf, len, "%s/.config/rdmatop/%s", home, leaf);
	else
		return NULL;
	return n < 0 || (size_t)n >= len ? NULL : buf;
}

const char *cfg_path(char *buf, size_t len)
{
	return cfg_user_path(buf, len, "config");
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

static const struct opt_def *find(const char *key)
{
	size_t n, i;
	const struct opt_def *t = opts_table(&n);

	for (i = 0; i < n; i++)
		if (!strcmp(t[i].name, key))
			return &t[i];
	return NULL;
}

static int yes(const char *v, int *out)
{
	if (!strcmp(v, "yes") || !strcmp(v, "true") || !strcmp(v, "on") || !strcmp(v, "1"))
		*out = 1;
	else if (!strcmp(v, "no") || !strcmp(v, "false") || !strcmp(v, "off") || !strcmp(v, "0"))
		*out = 0;
	else
		return -EINVAL;
	return 0;
}

/* the parser keeps pointers into its arguments: they live on, to the exit */
static char *kept[128];
static size_t n_kept;
static bool kept_registered;

static void kept_free(void)
{
	while (n_kept)
		free(kept[--n_kept]);
}

/* One line: 0, or -EINVAL with the reason in why. */
static int apply(struct opts *o, char *line, char *why, size_t whylen)
{
	char *eq = strchr(line, '='), *key, *val, arg[600], *argv[3];
	const struct opt_def *d;
	FILE *devnull;
	int on, ret;

	if (!eq) {
		snprintf(why, whylen, "expected \"key = value\"");
		return -EINVAL;
	}
	*eq = '\0';
	key = trim(line);
	val = trim(eq + 1);
	d = find(key);
	if (!d || !d->config) {
		snprintf(why, whylen, "unknown setting '%s'", key);
		return -EINVAL;
	}
	if (d->arg == OPT_NONE) {
		if (yes(val, &on)) {
			snprintf(why, whylen, "'%s' takes yes or no", key);
			return -EINVAL;
		}
		if (!on)
			return 0;
		snprintf(arg, sizeof(arg), "--%s", key);
	} else {
		snprintf(arg, sizeof(arg), "--%s=%.500s", key, val);
	}
	if (n_kept == sizeof(kept) / sizeof(kept[0])) {
		snprintf(why, whylen, "too many settings");
		return -EINVAL;
	}
	if (!kept_registered)
		kept_registered = !atexit(kept_free);
	kept[n_kept] = strdup(arg);
	if (!kept[n_kept])
		return -ENOMEM;
	argv[0] = "rdmatop";
	argv[1] = kept[n_kept++];
	argv[2] = NULL;
	devnull = fopen("/dev/null", "w");
	ret = opts_parse(o, 2, argv, devnull ? devnull : stderr);
	if (devnull)
		fclose(devnull);
	if (ret)
		snprintf(why, whylen, "bad value '%.200s' for '%s'", val, key);
	return ret;
}

int cfg_load(struct opts *o, const char *path, FILE *err)
{
	char *buf, *line, *save = NULL, why[300];
	size_t n;
	int lineno = 0, ret = 0;
	FILE *f;

	if (!path)
		return 0;
	f = fopen(path, "r");
	if (!f)
		return 0;	/* no config file: defaults */
	buf = calloc(1, CFG_MAX_BYTES + 1);
	if (!buf) {
		fclose(f);
		return -ENOMEM;
	}
	n = fread(buf, 1, CFG_MAX_BYTES + 1, f);
	fclose(f);
	if (n > CFG_MAX_BYTES) {
		fprintf(err, "rdmatop: %s: larger than %d bytes\n", path, CFG_MAX_BYTES);
		free(buf);
		return -EINVAL;
	}
	buf[n] = '\0';
	/* count lines ourselves: strtok would merge blank ones */
	for (line = buf; line && !ret; line = save) {
		char *nl = strchr(line, '\n'), *t;

		save = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		lineno++;
		t = trim(line);
		if (!*t || *t == '#')
			continue;
		if (strlen(t) != strcspn(t, "\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f"
					    "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c"
					    "\x1d\x1e\x1f\x7f")) {
			snprintf(why, sizeof(why), "control character");
			ret = -EINVAL;
		} else {
			ret = apply(o, t, why, sizeof(why));
		}
		if (ret)
			fprintf(err, "rdmatop: %s:%d: %s\n", path, lineno, why);
	}
	free(buf);
	return ret;
}

static int mkdirs(const char *path)
{
	char tmp[4096], *p;

	snprintf(tmp, sizeof(tmp), "%s", path);
	p = strrchr(tmp, '/');
	if (!p)
		return 0;
	*p = '\0';
	for (p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0755) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(tmp, 0755) && errno != EEXIST)
		return -errno;
	return 0;
}

/* One saved setting as a config line (none for an unset string). */
static void save_one(FILE *f, const struct opt_def *d, const struct opts *o)
{
	const void *p = (const char *)o + d->off;
	int i;

	switch (d->arg) {
	case OPT_NONE:
		fprintf(f, "%s = %s\n", d->name, *(const bool *)p ? "yes" : "no");
		break;
	case OPT_INT:
		fprintf(f, "%s = %ld\n", d->name, *(const long *)p);
		break;
	case OPT_DOUBLE:
		fprintf(f, "%s = %g\n", d->name, *(const double *)p);
		break;
	case OPT_STR:
		if (*(const char *const *)p && **(const char *const *)p)
			fprintf(f, "%s = %s\n", d->name, *(const char *const *)p);
		break;
	case OPT_CHOICE:
		if (*(const int *)p >= 0)
			fprintf(f, "%s = %s\n", d->name, d->choices[*(const int *)p]);
		break;
	case OPT_SIZE:
		if (*(const uint64_t *)p)
			fprintf(f, "%s = %llu\n", d->name,
				(unsigned long long)*(const uint64_t *)p);
		break;
	case OPT_LIST:
		for (i = 0; i < ((const int *)((const char *const *)p + OPTS_MAX_FILTERS))[0]; i++)
			if (((const char *const *)p)[i][0])
				fprintf(f, "%s = %s\n", d->name, ((const char *const *)p)[i]);
		break;
	}
}

static bool any_file(const uint8_t *head, size_t n)
{
	(void)head, (void)n;
	return true;	/* the user's own config, written by hand or by us */
}

/*
 * Written through a symbolic link (a config kept in a dotfiles repository
 * stays a link to it): the target is replaced atomically in its own
 * directory, keeping its mode (less the umask).  A link to nothing is
 * refused, and so is anything but a regular file.
 */
int cfg_save(const char *path, const struct opts *o)
{
	char *real = NULL, *buf = NULL;
	const char *target = path;
	const struct opt_def *t;
	size_t len = 0, n, i;
	mode_t mode = 0644;
	struct stat st;
	FILE *f;
	int ret;

	ret = mkdirs(path);
	if (ret)
		return ret;
	if (!lstat(path, &st) && S_ISLNK(st.st_mode)) {
		real = realpath(path, NULL);
		if (!real)
			return errno == ENOENT ? -ELOOP : -errno;
		target = real;
	}
	ret = wfile_probe(target, any_file);
	if (ret < 0)
		goto out;
	if (ret == WFILE_OURS && !stat(target, &st))
		mode = st.st_mode & 07777;
	f = open_memstream(&buf, &len);
	if (!f) {
		ret = -ENOMEM;
		goto out;
	}
	fprintf(f, "# rdmatop settings, written by the dashboard (W).\n"
		   "# Every key is a long option of rdmatop --help; the command line wins.\n");
	t = opts_table(&n);
	for (i = 0; i < n; i++)
		if (t[i].saved)
			save_one(f, &t[i], o);
	if (fclose(f)) {
		ret = -ENOMEM;
		goto out;
	}
	ret = wfile_replace(target, buf, len, mode);
out:
	free(buf);
	free(real);
	return ret < 0 ? ret : 0;
}
