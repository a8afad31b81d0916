// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fleet export (see export.h).  Both expositions are built when a sample
 * arrives, never when a client asks, so the cost of a scrape does not grow
 * with the host's QP count and a busy scraper cannot make us dump the
 * kernel more often than -d says.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "export.h"
#include "http.h"
#include "http_ops.h"
#include "out.h"
#include "wfile.h"
#include "util.h"

struct exporter {
	struct ev_loop *loop;
	struct http_server *http;
	const char *textfile;
	const char *web_path;
	unsigned int max_procs;
	bool live;
	struct out_om_psns *psns;	/* the groups' PSN and bound counter ledgers */
	/* --textfile's failures: counted, and said at most once a minute */
	uint64_t tf_errors, tf_unsaid;
	bool tf_said_fail, tf_due;
	struct timespec tf_said;
	char tf_msg[600];
};

/* an exposition of ours: its first line is the help of an rdma_ metric */
static bool textfile_ours(const uint8_t *head, size_t n)
{
	static const char sig[] = "# HELP rdma_";

	return n >= sizeof(sig) - 1 && !memcmp(head, sig, sizeof(sig) - 1);
}

int export_open(struct exporter **out, struct ev_loop *loop, const struct export_opts *o,
		char *err, size_t errlen)
{
	struct exporter *ex = calloc(1, sizeof(*ex));
	int ret;

	if (!ex)
		return -ENOMEM;
	ex->textfile = o->textfile;
	if (o->textfile && (ret = wfile_probe(o->textfile, textfile_ours)) < 0) {
		snprintf(err, errlen, "cannot write --textfile %s: %s", o->textfile,
			 wfile_strerror(ret));
		free(ex);
		return ret;
	}
	ex->max_procs = o->max_procs;
	ex->web_path = o->web_path;
	ex->live = o->live;
	ex->psns = out_om_psns_new();
	if (!ex->psns) {
		free(ex);
		return -ENOMEM;
	}
	if (o->listen) {
		struct http_server_opts ho = { .listen = o->listen, .web = o->web,
					       .prefix4 = o->prefix4, .prefix6 = o->prefix6,
					       .path = o->path };

		ret = http_server_start(&ex->http, loop, &ho, err, errlen);
		if (ret) {
			out_om_psns_free(ex->psns);
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
				 .sample_seconds = -1, .timed = true, .psns = ex->psns,
				 .textfile = ex->textfile != NULL, .textfile_errors = ex->tf_errors };
	struct timespec now;
	FILE *f;
	int ret;

	if (ex->live) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		o.sample_seconds = ts_diff(&s->mono, &now);
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
	/* node_exporter usually runs as another user: readable (less the umask) */
	return wfile_write(path, textfile_ours, buf, len, 0644);
}

/*
 * A full disk or a read-only remount fails every sample: a message for the
 * first failure, then at most one a minute (with the count since), and one
 * when writes work again; rdmatop_textfile_write_errors_total counts all.
 */
static void textfile_result(struct exporter *ex, int ret)
{
	struct timespec now;
	bool quiet;

	clock_gettime(CLOCK_MONOTONIC, &now);
	quiet = ex->tf_said.tv_sec && now.tv_sec - ex->tf_said.tv_sec < 60;
	if (ret) {
		ex->tf_errors++;
		ex->tf_unsaid++;
	}
	if (ret && (!quiet || !ex->tf_said_fail)) {
		snprintf(ex->tf_msg, sizeof(ex->tf_msg),
			 "writing --textfile %s failed: %s (%llu time%s since the last message; "
			 "rdmatop_textfile_write_errors_total counts them)", ex->textfile,
			 wfile_strerror(ret), (unsigned long long)ex->tf_unsaid,
			 ex->tf_unsaid == 1 ? "" : "s");
		ex->tf_unsaid = 0;
		ex->tf_said_fail = ex->tf_due = true;
		ex->tf_said = now;
	} else if (!ret && ex->tf_said_fail) {
		snprintf(ex->tf_msg, sizeof(ex->tf_msg), "--textfile %s written again%s",
			 ex->textfile, ex->tf_unsaid ? " (after more failed writes)" : "");
		ex->tf_unsaid = 0;
		ex->tf_said_fail = false;
		ex->tf_due = true;
		ex->tf_said = now;
	}
}

const char *export_textfile_msg(struct exporter *ex)
{
	if (!ex || !ex->tf_due)
		return NULL;
	ex->tf_due = false;
	return ex->tf_msg;
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
	if (ex->textfile) {
		ret = export_write_file(ex->textfile, prom, prom_len);
		textfile_result(ex, ret);
	}
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
	/* systemd (Type=notify): ready once a sample is served, then alive */
	http_notify_alive();
	return ret;
}

const char *export_addr(const struct exporter *ex, bool *passed)
{
	*passed = ex && ex->http && http_server_passed(ex->http);
	return ex && ex->http ? http_server_addr(ex->http) : NULL;
}

int export_reload(struct exporter *ex, char *err, size_t errlen)
{
	if (!ex || !ex->http || !ex->web_path)
		return 1;
	return http_server_reload(ex->http, ex->web_path, err, errlen);
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
	out_om_psns_free(ex->psns);
	free(ex);
}
