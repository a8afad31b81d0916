// SPDX-License-Identifier: GPL-2.0-or-later
/* The files rdmatop writes (see wfile.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "wfile.h"

static mode_t mask = 022;
static bool mask_read;

void wfile_init(void)
{
	/* umask() only reads by setting: once, before any thread starts */
	mask = umask(077);
	umask(mask);
	mask_read = true;
}

mode_t wfile_mode(mode_t mode)
{
	if (!mask_read)
		wfile_init();
	return mode & ~mask & 07777;
}

/*
 * As root, a file is only written (and the config only read) where no
 * other user can swap a component of its path: every directory from / to
 * the file's own is owned by root and writable by no group or other user,
 * or is root's and sticky (/tmp: others may add entries but not rename or
 * remove root's), and a symbolic link on the way is followed only if root
 * owns it (a link in a sticky directory may be anyone's).  The walk opens
 * each component from the directory before it with O_NOFOLLOW and checks
 * the descriptor it got (fstat), so what is checked is what is used: the
 * textfile and the config are then probed, created and renamed in that
 * descriptor (openat, renameat), never by their path.  Once such a chain
 * holds, only root can change it, so the check stays true while it is used
 * (and for a recording, which the writer opens and rotates by its path
 * after each file's walk: src/record/writer.c).
 * Other users write as they always did: their own files, by their rights.
 */
static __thread char unsafe_why[400];

static bool strict(void)
{
	return geteuid() == 0;
}

static bool dir_safe(const struct stat *st)
{
	return st->st_uid == 0 && (!(st->st_mode & 022) || (st->st_mode & S_ISVTX));
}

/*
 * Out of line: the message is cut to fit unsafe_why on purpose, and gcc's
 * -Wformat-truncation, seeing a walk's PATH_MAX buffer inlined, says so.
 */
static __attribute__((noinline)) int refuse(const char *where, const struct stat *st,
					    const char *what)
{
	snprintf(unsafe_why, sizeof(unsafe_why),
		 "%s %s is owned by uid %u with mode %04o: another user could replace what "
		 "root writes there (refused as root; see SECURITY in rdmatop(1))",
		 what, *where ? where : "/", (unsigned int)st->st_uid,
		 (unsigned int)(st->st_mode & 07777));
	return WFILE_EUNSAFE;
}

/* Append component c (len n) to the walked path seen (for the messages). */
static void seen_add(char *seen, size_t cap, const char *c, size_t n)
{
	size_t l = strlen(seen);

	if (n == 2 && !memcmp(c, "..", 2)) {
		char *p = strrchr(seen, '/');

		if (p)
			*p = '\0';
		return;
	}
	if (l + n + 2 <= cap) {
		seen[l] = '/';
		memcpy(seen + l + 1, c, n);
		seen[l + 1 + n] = '\0';
	}
}

/* One walk of wfile_dir_open(): what is left to walk, and where it is. */
struct walk {
	char rest[2 * PATH_MAX]; /* the path left to walk, from dfd */
	char seen[PATH_MAX]; /* the path walked so far (for the messages) */
	char link[PATH_MAX];
	const char *c; /* the next component in rest */
	int dfd; /* the directory walked to; -1 once closed */
	int links;
	bool check;
	bool create;
};

/*
 * The directory part of path, absolute (from the working directory when
 * path is relative), into w->rest; *leaf to its last component.
 */
static int walk_start(struct walk *w, const char *path, const char **leaf)
{
	const char *slash;
	size_t dlen, n;

	n = strlen(path);
	if (!n || path[n - 1] == '/')
		return -EISDIR;
	slash = strrchr(path, '/');
	*leaf = slash ? slash + 1 : path;
	if (!strcmp(*leaf, ".") || !strcmp(*leaf, ".."))
		return -EISDIR;
	dlen = slash ? (size_t)(slash - path) : 0;
	if (path[0] == '/') {
		w->rest[0] = '\0';
	} else if (!getcwd(w->rest, PATH_MAX)) {
		return -errno;
	}
	if (strlen(w->rest) + dlen + 2 > sizeof(w->rest))
		return -ENAMETOOLONG;
	strcat(w->rest, "/");
	strncat(w->rest, path, dlen);
	return 0;
}

/*
 * Component name (length n) is a symbolic link: its text, then what was
 * left to walk, becomes the rest, from / when it is absolute.
 */
static int walk_link(struct walk *w, const char *name, size_t n, const struct stat *st)
{
	ssize_t l;
	char *p;

	seen_add(w->seen, sizeof(w->seen), name, n);
	if (w->check && st->st_uid != 0)
		return refuse(w->seen, st, "symbolic link");
	l = readlinkat(w->dfd, name, w->link, sizeof(w->link) - 1);
	if (l < 0 || ++w->links > 40)
		return l < 0 ? -errno : -ELOOP;
	w->link[l] = '\0';
	if (strlen(w->link) + strlen(w->c) + 2 > sizeof(w->rest))
		return -ENAMETOOLONG;
	memmove(w->rest + l + 1, w->c, strlen(w->c) + 1);
	memcpy(w->rest, w->link, (size_t)l);
	w->rest[l] = '/';
	w->c = w->rest;
	p = strrchr(w->seen, '/');
	if (p)
		*p = '\0';
	if (w->link[0] == '/') {
		close(w->dfd);
		w->seen[0] = '\0';
		w->dfd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (w->dfd < 0)
			return -errno;
	}
	return 0;
}

/* Walk one component, name (length n): made when missing and create. */
static int walk_step(struct walk *w, const char *name, size_t n)
{
	struct stat st;
	int nfd;

	if (fstatat(w->dfd, name, &st, AT_SYMLINK_NOFOLLOW)) {
		if (errno != ENOENT || !w->create ||
		    (mkdirat(w->dfd, name, 0755) && errno != EEXIST))
			return -errno;
		if (fstatat(w->dfd, name, &st, AT_SYMLINK_NOFOLLOW))
			return -errno;
	}
	if (S_ISLNK(st.st_mode))
		return walk_link(w, name, n, &st);
	nfd = openat(w->dfd, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (nfd < 0)
		return -errno;
	close(w->dfd);
	w->dfd = nfd;
	seen_add(w->seen, sizeof(w->seen), name, n);
	if (fstat(w->dfd, &st))
		return -errno;
	if (w->check && !dir_safe(&st))
		return refuse(w->seen, &st, "directory");
	return 0;
}

/* Walk w->rest from w->dfd, component by component. */
static int walk_rest(struct walk *w)
{
	char name[NAME_MAX + 1];
	size_t n;
	int ret;

	for (w->c = w->rest; *w->c;) {
		while (*w->c == '/')
			w->c++;
		n = strcspn(w->c, "/");
		if (!n)
			break;
		if (n >= NAME_MAX + 1)
			return -ENAMETOOLONG;
		memcpy(name, w->c, n);
		name[n] = '\0';
		w->c += n;
		if (!strcmp(name, "."))
			continue;
		ret = walk_step(w, name, n);
		if (ret < 0)
			return ret;
	}
	return 0;
}

/*
 * Open the directory that holds path's last component, which *leaf is
 * set to (a pointer into path).  create: missing directories are made
 * (0755, less the umask), each in a directory already checked.
 */
int wfile_dir_open(const char *path, bool create, const char **leaf)
{
	struct walk w = { .seen = "", .check = strict(), .create = create };
	struct stat st;
	int nfd, ret;

	unsafe_why[0] = '\0';
	ret = walk_start(&w, path, leaf);
	if (ret < 0)
		return ret;
	w.dfd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (w.dfd < 0)
		return -errno;
	if (w.check && fstat(w.dfd, &st)) {
		ret = -errno;
		goto fail;
	}
	if (w.check && !dir_safe(&st)) {
		ret = refuse("", &st, "directory");
		goto fail;
	}
	ret = walk_rest(&w);
	if (ret < 0)
		goto fail;
	/* readable, for the fsync after a rename; a directory we may only
	 * search (--x) is still written in */
	nfd = openat(w.dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (nfd >= 0) {
		close(w.dfd);
		w.dfd = nfd;
	}
	return w.dfd;
fail:
	if (w.dfd >= 0)
		close(w.dfd);
	return ret;
}

int wfile_probe_at(int dfd, const char *leaf, wfile_ours_fn *ours)
{
	uint8_t head[64];
	struct stat st;
	ssize_t n;
	int fd, ret;

	if (fstatat(dfd, leaf, &st, AT_SYMLINK_NOFOLLOW))
		return errno == ENOENT ? WFILE_NONE : -errno;
	if (S_ISLNK(st.st_mode))
		return -ELOOP;
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	if (!st.st_size)
		return WFILE_OURS;
	/* O_NOFOLLOW, O_NONBLOCK: it may have been swapped since the lstat */
	fd = openat(dfd, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? WFILE_NONE : -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	do
		n = read(fd, head, sizeof(head));
	while (n < 0 && errno == EINTR);
	ret = n < 0 ? -errno : (!n || ours(head, (size_t)n)) ? WFILE_OURS : -EEXIST;
	close(fd);
	return ret;
}

int wfile_probe(const char *path, wfile_ours_fn *ours)
{
	const char *leaf;
	int dfd = wfile_dir_open(path, false, &leaf), ret;

	if (dfd < 0)
		return dfd == -ENOENT ? WFILE_NONE : dfd;
	ret = wfile_probe_at(dfd, leaf, ours);
	close(dfd);
	return ret;
}

int wfile_read(const char *path, size_t max, char **out, size_t *len, mode_t *mode)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY), ret = 0;
	struct stat st;
	size_t n = 0;
	char *buf;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	if (mode)
		*mode = st.st_mode;
	buf = malloc(max + 2);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	while (n <= max) {
		ssize_t r = read(fd, buf + n, max + 1 - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			ret = -errno;
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	if (!ret && n > max)
		ret = -EFBIG;
	if (ret) {
		free(buf);
		return ret;
	}
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return 0;
}

const char *wfile_strerror(int err)
{
	switch (err) {
	case -ELOOP:
		return "it is a symbolic link (not followed)";
	case -EINVAL:
		return "it is not a regular file";
	case -EEXIST:
		return "it exists and was not written by rdmatop (not overwritten)";
	case WFILE_EUNSAFE:
		if (unsafe_why[0])
			return unsafe_why;
		return strerror(-err);
	default:
		return strerror(-err);
	}
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t r = write(fd, p, n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r < 0 ? -errno : -EIO;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

int wfile_replace_at(int dfd, const char *leaf, const void *buf, size_t len, mode_t mode)
{
	char tmp[NAME_MAX + 1];
	int fd = -1, ret = 0, tries;
	struct timespec t;

	/* a dot name: node_exporter skips it while it grows; the same
	 * directory: rename() is atomic only within one file system */
	clock_gettime(CLOCK_MONOTONIC, &t);
	for (tries = 0; tries < 100 && fd < 0; tries++) {
		unsigned long r = ((unsigned long)t.tv_nsec ^ ((unsigned long)getpid() << 16)) +
				  (unsigned long)tries * 2654435761u;

		if ((size_t)snprintf(tmp, sizeof(tmp), ".%.200s.%06lx", leaf, r & 0xffffff) >=
		    sizeof(tmp))
			return -ENAMETOOLONG;
		/* O_EXCL | O_NOFOLLOW: it follows no link and is new */
		fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0 && errno != EEXIST)
			return -errno;
	}
	if (fd < 0)
		return -EEXIST;
	ret = write_all(fd, buf, len);
	if (!ret && (fchmod(fd, wfile_mode(mode)) || fsync(fd)))
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	if (!ret && renameat(dfd, tmp, dfd, leaf))
		ret = -errno;
	if (ret) {
		unlinkat(dfd, tmp, 0);
		return ret;
	}
	/* the rename itself survives a crash once the directory is synced
	 * (an O_PATH descriptor, a directory we may only search: EBADF) */
	fsync(dfd);
	return 0;
}

int wfile_replace(const char *path, const void *buf, size_t len, mode_t mode)
{
	const char *leaf;
	int dfd = wfile_dir_open(path, false, &leaf), ret;

	if (dfd < 0)
		return dfd;
	ret = wfile_replace_at(dfd, leaf, buf, len, mode);
	close(dfd);
	return ret;
}

int wfile_write(const char *path, wfile_ours_fn *ours, const void *buf, size_t len, mode_t mode)
{
	const char *leaf;
	int dfd = wfile_dir_open(path, false, &leaf), ret;

	if (dfd < 0)
		return dfd;
	ret = wfile_probe_at(dfd, leaf, ours);
	if (ret >= 0)
		ret = wfile_replace_at(dfd, leaf, buf, len, mode);
	close(dfd);
	return ret;
}
