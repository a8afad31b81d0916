// SPDX-License-Identifier: GPL-2.0-or-later
/* The files rdmatop writes (see wfile.h). */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

int wfile_probe(const char *path, wfile_ours_fn *ours)
{
	uint8_t head[64];
	struct stat st;
	ssize_t n;
	int fd, ret;

	if (lstat(path, &st))
		return errno == ENOENT ? WFILE_NONE : -errno;
	if (S_ISLNK(st.st_mode))
		return -ELOOP;
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	if (!st.st_size)
		return WFILE_OURS;
	/* O_NOFOLLOW, O_NONBLOCK: it may have been swapped since the lstat */
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
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

const char *wfile_strerror(int err)
{
	switch (err) {
	case -ELOOP:
		return "it is a symbolic link (not followed)";
	case -EINVAL:
		return "it is not a regular file";
	case -EEXIST:
		return "it exists and was not written by rdmatop (not overwritten)";
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

int wfile_replace(const char *path, const void *buf, size_t len, mode_t mode)
{
	char *d = strdup(path), *b = strdup(path), *dir, *tmp = NULL;
	int fd = -1, dfd, ret = 0;

	if (!d || !b) {
		ret = -ENOMEM;
		goto out;
	}
	dir = dirname(d);
	/* a dot name: node_exporter skips it while it grows; the same
	 * directory: rename() is atomic only within one file system */
	if (asprintf(&tmp, "%s/.%s.XXXXXX", dir, basename(b)) < 0) {
		tmp = NULL;
		ret = -ENOMEM;
		goto out;
	}
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		free(tmp);
		tmp = NULL;
		goto out;
	}
	ret = write_all(fd, buf, len);
	if (!ret && (fchmod(fd, wfile_mode(mode)) || fsync(fd)))
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path))
		ret = -errno;
	if (ret)
		goto out;
	/* the rename itself survives a crash once the directory is synced */
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
out:
	if (ret && tmp)
		unlink(tmp);
	free(tmp);
	free(d);
	free(b);
	return ret;
}
