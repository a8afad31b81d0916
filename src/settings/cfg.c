// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The config file: the same settings table as the command line, so a
 * setting is spelled once.  Each "key = value" line goes to the one setter
 * (settings_set); the command line, parsed after, overrides it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "settings.h"
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
static int apply(struct settings *o, char *line, char *why, size_t whylen)
{
	char *eq = strchr(line, '='), *key, *val;
	const struct setting *d;
	int ret;

	if (!eq) {
		snprintf(why, whylen, "expected \"key = value\"");
		return -EINVAL;
	}
	*eq = '\0';
	key = trim(line);
	val = trim(eq + 1);
	d = settings_find(key);
	if (!d || !d->config || strcmp(d->name, key)) {
		snprintf(why, whylen, "unknown setting '%s'", key);
		return -EINVAL;
	}
	if (n_kept == sizeof(kept) / sizeof(kept[0])) {
		snprintf(why, whylen, "too many settings");
		return -EINVAL;
	}
	if (!kept_registered)
		kept_registered = !atexit(kept_free);
	kept[n_kept] = strdup(val);
	if (!kept[n_kept])
		return -ENOMEM;
	ret = settings_set(o, d->id, kept[n_kept++]);
	if (ret == -EINVAL && d->type == SET_FLAG)
		snprintf(why, whylen, "'%s' takes yes or no", key);
	else if (ret)
		snprintf(why, whylen, "bad value '%.200s' for '%s'", val, key);
	return ret ? -EINVAL : 0;
}

/*
 * Open the config for reading or writing: its directory as
 * wfile_dir_open() walks it, and a symbolic link at its place (a config
 * kept in a dotfiles repository) followed, by the same walk, so that as
 * root no link another user could plant or swap is followed.  The
 * directory and the leaf of the file the link ends at, or -errno.
 */
static int cfg_dir(const char *path, bool create, char *target, size_t tlen, const char **leaf)
{
	char link[4096], next[4096];
	const char *p = path;
	struct stat st;
	int dfd, hops;

	for (hops = 0;; hops++) {
		ssize_t n;

		dfd = wfile_dir_open(p, create, leaf);
		if (dfd < 0)
			return dfd;
		if (fstatat(dfd, *leaf, &st, AT_SYMLINK_NOFOLLOW)) {
			if (errno == ENOENT && hops) {
				close(dfd);
				return -ENOENT;	/* a link to nothing */
			}
			break;
		}
		if (!S_ISLNK(st.st_mode))
			break;
		n = readlinkat(dfd, *leaf, link, sizeof(link) - 1);
		close(dfd);
		if (n < 0 || hops == 8)
			return n < 0 ? -errno : -ELOOP;
		link[n] = '\0';
		/* a relative link is relative to the directory it is in */
		if (link[0] == '/' || *leaf == p)
			n = snprintf(next, sizeof(next), "%s", link);
		else
			n = snprintf(next, sizeof(next), "%.*s/%s", (int)(*leaf - p), p, link);
		if (n < 0 || (size_t)n >= sizeof(next) || (size_t)n >= tlen)
			return -ENAMETOOLONG;
		memcpy(target, next, (size_t)n + 1);
		p = target;
		create = false;
	}
	return dfd;
}

int cfg_load(struct settings *o, const char *path, FILE *err)
{
	char *buf, *line, *save = NULL, why[300], target[4096];
	const char *leaf;
	struct stat st;
	size_t n;
	int lineno = 0, ret = 0, dfd, fd;
	FILE *f;

	if (!path)
		return 0;
	dfd = cfg_dir(path, false, target, sizeof(target), &leaf);
	if (dfd == -ENOENT)
		return 0;	/* no config file: defaults */
	if (dfd == WFILE_EUNSAFE && lstat(path, &st))
		return 0;	/* nothing there to refuse */
	if (dfd < 0) {
		fprintf(err, "rdmatop: not reading %s: %s\n", path, wfile_strerror(dfd));
		return dfd;
	}
	fd = openat(dfd, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	close(dfd);
	if (fd < 0)
		return 0;	/* no config file: defaults */
	/* as root, the file itself is root's and no one else's to write */
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (!geteuid() && (st.st_uid != 0 || (st.st_mode & 022)))) {
		fprintf(err, "rdmatop: not reading %s: %s\n", path,
			!S_ISREG(st.st_mode) ? "it is not a regular file" :
			"as root, the config must be root's and writable by no one else");
		close(fd);
		return -EPERM;
	}
	f = fdopen(fd, "r");
	if (!f) {
		close(fd);
		return -ENOMEM;
	}
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

/* One saved setting as a config line (none for an unset string). */
static void save_one(FILE *f, const struct setting *d, const struct settings *o)
{
	const void *p = (const char *)o + d->off;
	int i;

	switch (d->type) {
	case SET_FLAG:
		fprintf(f, "%s = %s\n", d->name, *(const bool *)p ? "yes" : "no");
		break;
	case SET_INT:
		fprintf(f, "%s = %ld\n", d->name, *(const long *)p);
		break;
	case SET_DOUBLE:
		fprintf(f, "%s = %g\n", d->name, *(const double *)p);
		break;
	case SET_STR:
		if (*(const char *const *)p && **(const char *const *)p)
			fprintf(f, "%s = %s\n", d->name, *(const char *const *)p);
		break;
	case SET_CHOICE:
		if (*(const int *)p >= 0)
			fprintf(f, "%s = %s\n", d->name, d->choices[*(const int *)p]);
		break;
	case SET_SIZE:
		if (*(const uint64_t *)p)
			fprintf(f, "%s = %llu\n", d->name,
				(unsigned long long)*(const uint64_t *)p);
		break;
	case SET_LIST:
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
 * refused, and so is anything but a regular file.  As root, the walk
 * (cfg_dir) refuses a directory or link another user could change.
 */
int cfg_save(const char *path, const struct settings *o)
{
	char *buf = NULL, target[4096];
	const struct setting *t;
	const char *leaf;
	size_t len = 0, n, i;
	mode_t mode = 0644;
	struct stat st;
	int ret, dfd;
	FILE *f;

	dfd = cfg_dir(path, true, target, sizeof(target), &leaf);
	if (dfd < 0)
		return dfd == -ENOENT ? -ELOOP : dfd;	/* a link to nothing */
	ret = wfile_probe_at(dfd, leaf, any_file);
	if (ret < 0)
		goto out;
	if (ret == WFILE_OURS && !fstatat(dfd, leaf, &st, AT_SYMLINK_NOFOLLOW))
		mode = st.st_mode & 07777;
	f = open_memstream(&buf, &len);
	if (!f) {
		ret = -ENOMEM;
		goto out;
	}
	fprintf(f, "# rdmatop settings, written by the dashboard (W).\n"
		   "# Every key is a long option of rdmatop --help; the command line wins.\n");
	t = settings_table(&n);
	for (i = 0; i < n; i++)
		if (t[i].saved)
			save_one(f, &t[i], o);
	if (fclose(f)) {
		ret = -ENOMEM;
		goto out;
	}
	ret = wfile_replace_at(dfd, leaf, buf, len, mode);
out:
	close(dfd);
	free(buf);
	return ret < 0 ? ret : 0;
}
