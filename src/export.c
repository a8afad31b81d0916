// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fleet export (see export.h).  Both expositions are built when a sample
 * arrives, never when a client asks, so the cost of a scrape does not grow
 * with the host's QP count and a busy scraper cannot make us dump the
 * kernel more often than -d says.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "export.h"
#include "http.h"
#include "out.h"

struct exporter {
	struct ev_loop *loop;
	struct http_server *http;
	const char *textfile;
	unsigned int max_procs;
	bool live;
};

int export_open(struct exporter **out, struct ev_loop *loop, const struct export_opts *o,
		char *err, size_t errlen)
{
	struct exporter *ex = calloc(1, sizeof(*ex));
	int ret;

	if (!ex)
		return -ENOMEM;
	ex->textfile = o->textfile;
	ex->max_procs = o->max_procs;
	ex->live = o->live;
	if (o->listen) {
		struct http_server_opts ho = { .listen = o->listen, .web = o->web };

		ret = http_server_start(&ex->http, loop, &ho, err, errlen);
		if (ret) {
			free(ex);
			return ret;
		}
		ex->loop = loop;
	}
	*out = ex;
	return 0;
}

static int render(const struct exporter *ex, const struct snapshot *s, enum out_om_format fmt,
		  char **buf, size_t *len)
{
	struct out_om_opts o = { .format = fmt, .max_procs = ex->max_procs,
				 .sample_seconds = -1, .timed = true };
	struct timespec now;
	FILE *f;
	int ret;

	if (ex->live) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		o.sample_seconds = (double)(now.tv_sec - s->mono.tv_sec) +
				   (double)(now.tv_nsec - s->mono.tv_nsec) / 1e9;
	}
	*buf = NULL;
	f = open_memstream(buf, len);
	if (!f)
		return -ENOMEM;
	ret = out_openmetrics(f, s, &o);
	if (fclose(f) && !ret)
		ret = -ENOMEM;
	if (ret) {
		free(*buf);
		*buf = NULL;
	}
	return ret;
}

int export_write_file(const char *path, const char *buf, size_t len)
{
	char *dir = strdup(path), *base = strdup(path), *tmp = NULL;
	int fd = -1, ret = 0;
	size_t off = 0;

	/* a dot name without .prom: node_exporter skips it while it grows */
	if (!dir || !base ||
	    asprintf(&tmp, "%s/.%s.XXXXXX", dirname(dir), basename(base)) < 0) {
		free(dir);
		free(base);
		return -ENOMEM;
	}
	/* same directory: rename() is atomic only within one file system */
	fd = mkstemp(tmp);
	if (fd < 0) {
		ret = -errno;
		goto out;
	}
	while (off < len) {
		ssize_t n = write(fd, buf + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ret = n < 0 ? -errno : -EIO;
			goto out;
		}
		off += (size_t)n;
	}
	/* mkstemp makes it 0600; node_exporter usually runs as another user */
	if (fchmod(fd, 0644) || fsync(fd) || close(fd)) {
		ret = -errno;
		fd = -1;
		goto out;
	}
	fd = -1;
	if (rename(tmp, path))
		ret = -errno;
out:
	if (fd >= 0)
		close(fd);
	if (ret)
		unlink(tmp);
	free(tmp);
	free(dir);
	free(base);
	return ret;
}

int export_sample(struct exporter *ex, const struct snapshot *s)
{
	char *om = NULL, *prom = NULL;
	size_t om_len = 0, prom_len = 0;
	int ret;

	if (!ex)
		return 0;
	ret = render(ex, s, OUT_OM_PROMETHEUS, &prom, &prom_len);
	if (ret)
		return ret;
	if (ex->textfile)
		ret = export_write_file(ex->textfile, prom, prom_len);
	if (ex->http) {
		int r = render(ex, s, OUT_OM_OPENMETRICS, &om, &om_len);

		if (!r)
			r = http_server_publish(ex->http, om, om_len, prom, prom_len);
		else
			free(prom);
		prom = NULL;
		ret = ret ? ret : r;
	}
	free(prom);
	return ret;
}

struct ev_loop *export_loop(const struct exporter *ex)
{
	return ex && ex->http ? ex->loop : NULL;
}

void export_close(struct exporter *ex)
{
	if (!ex)
		return;
	http_server_stop(ex->http);
	free(ex);
}
