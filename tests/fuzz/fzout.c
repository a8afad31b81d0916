// SPDX-License-Identifier: GPL-2.0-or-later
/* The writer targets' bounded output stream, their failure report and
 * the dump of their outputs for the oracles (snapgen.h). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "snapgen.h"

struct fz_buf {
	char *buf;
	size_t len, cap, max;
};

static ssize_t buf_write(void *c, const char *p, size_t n)
{
	struct fz_buf *b = c;

	if (n > b->max - b->len) {
		fprintf(stderr, "writer output past %zu bytes: it does not end, or grows without "
			"bound\n", b->max);
		abort();
	}
	if (b->len + n + 1 > b->cap) {
		size_t cap = (b->len + n + 1) * 2;
		char *nb = realloc(b->buf, cap);

		if (!nb)
			abort();
		b->buf = nb;
		b->cap = cap;
	}
	memcpy(b->buf + b->len, p, n);
	b->len += n;
	b->buf[b->len] = '\0';
	return (ssize_t)n;
}

static int buf_close(void *c)
{
	(void)c;
	return 0;
}

static struct fz_buf *open_buf;

FILE *fz_out_open(size_t cap)
{
	static const cookie_io_functions_t io = { .write = buf_write, .close = buf_close };
	struct fz_buf *b = calloc(1, sizeof(*b));
	FILE *f;

	if (!b)
		abort();
	b->max = cap;
	f = fopencookie(b, "w", io);
	if (!f)
		abort();
	open_buf = b;
	return f;
}

char *fz_out_close(FILE *f, size_t *len)
{
	struct fz_buf *b = open_buf;
	char *out;

	fclose(f);
	out = b->buf ? b->buf : strdup("");
	*len = b->len;
	free(b);
	open_buf = NULL;
	return out;
}

void fz_fail(const char *what, const char *out, size_t len, size_t at)
{
	size_t a = at, e = at;

	while (a > 0 && out[a - 1] != '\n')
		a--;
	while (e < len && out[e] != '\n')
		e++;
	fprintf(stderr, "%s at byte %zu of %zu; the line:\n", what, at, len);
	fwrite(out + a, 1, e - a > 400 ? 400 : e - a, stderr);
	fputc('\n', stderr);
	abort();
}

void fz_dump(const char *ext, const char *out, size_t len)
{
	static unsigned long seq;
	const char *dir = getenv("RDMATOP_FUZZ_DUMP");
	char path[4096];
	int fd;

	if (!dir || !*dir)
		return;
	snprintf(path, sizeof(path), "%s/%d-%lu.%s", dir, (int)getpid(), seq++, ext);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	if (write(fd, out, len) != (ssize_t)len)
		perror(path);
	close(fd);
}
