// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the live source's own buffer handling
 * (src/source/live.c, live_req.c, net.c): two samples of the real live
 * source, its kernel side replaced at link time (the fuzz-link line below;
 * the shim is tests/fuzz/kshim/).  The input scripts what the kernel
 * answers (kshim.h: records keyed by request, datagrams split or not,
 * stale, truncated, EAGAIN, ENOBUFS, timeouts, ioctl counts that change
 * between calls), so the live code's receive loops, sequence checks, dump
 * ends and ioctl buffers meet what a kernel can do; the parsers below them
 * are the other targets' business.
 *
 * Checked beyond "no crash": a datagram's bytes past its length are
 * poisoned (ASan) until the buffer is written again; every datagram fed to
 * the parsers is the one just received, under the request that was sent;
 * the shim aborts a sample that calls it without end; both samples'
 * batch text and JSON pass the writer targets' checks (check.c); and the
 * samples recorded on the way replay to the same JSON (the recording holds
 * every input the live source parsed).
 */
// fuzz-link: tests/fuzz/kshim/kshim.c tests/fuzz/kshim/kshim_ioctl.c
// fuzz-link: -Wl,--wrap=mnl_socket_open2,--wrap=mnl_socket_bind,--wrap=mnl_socket_close
// fuzz-link: -Wl,--wrap=mnl_socket_get_fd,--wrap=mnl_socket_get_portid
// fuzz-link: -Wl,--wrap=mnl_socket_setsockopt,--wrap=mnl_socket_sendto
// fuzz-link: -Wl,--wrap=mnl_socket_recvfrom,--wrap=poll,--wrap=socket,--wrap=ioctl
// fuzz-link: -Wl,--wrap=net_dcb_req,--wrap=net_family_req,--wrap=net_ethtool_req
// fuzz-link: -Wl,--wrap=net_stats_req,--wrap=net_module_req
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "advance.h"
#include "kshim/kshim.h"
#include "out.h"
#include "record.h"
#include "snapgen.h"
#include "source.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SAMPLES 2

static char dir[4096], sysroot[4200], recpath[4200];
static struct snapshot live[SAMPLES], rep[SAMPLES];

/* The recorder, and the check of what reaches it. */
struct watch {
	struct raw_sink *rec;
};

static int w_begin(void *ctx, const struct snapshot *s)
{
	struct watch *w = ctx;

	return w->rec->begin(w->rec->ctx, s);
}

static int w_nl(void *ctx, const struct nl_req *req, const void *buf, size_t len)
{
	struct watch *w = ctx;

	kshim_check_nl(req->cmd, buf, len);
	return w->rec->nl(w->rec->ctx, req, buf, len);
}

static int w_file(void *ctx, const char *path, int err, const void *buf, size_t len)
{
	struct watch *w = ctx;

	return w->rec->file(w->rec->ctx, path, err, buf, len);
}

static int w_net(void *ctx, unsigned int what, const char *ndev, int err, const void *buf,
		 size_t len)
{
	struct watch *w = ctx;

	kshim_check_net(what, ndev, err, buf, len);
	return w->rec->net(w->rec->ctx, what, ndev, err, buf, len);
}

static int w_end(void *ctx, const struct snapshot *s)
{
	struct watch *w = ctx;

	return w->rec->end(w->rec->ctx, s);
}

static int w_note(void *ctx, int err, uint32_t dev, const char *text)
{
	struct watch *w = ctx;

	return w->rec->note(w->rec->ctx, err, dev, text);
}

static bool w_fresh(void *ctx)
{
	struct watch *w = ctx;

	return w->rec->fresh && w->rec->fresh(w->rec->ctx);
}

/* the directory's files gone at exit (the driver's TMPDIR goes anyway) */
static void cleanup(void)
{
	unlink(recpath);
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *t = getenv("TMPDIR");

	(void)argc;
	(void)argv;
	/* an empty tree: the files beside netlink are not this target's */
	snprintf(dir, sizeof(dir), "%s/rdmatop-live-XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(dir)) {
		perror(dir);
		abort();
	}
	snprintf(sysroot, sizeof(sysroot), "%s/root", dir);
	snprintf(recpath, sizeof(recpath), "%s/rec.rdrec", dir);
	atexit(cleanup);
	return 0;
}

/* A sample's JSON (caller frees); checked (and its text) as the writer
 * targets check them, for the live sample (the replay's must equal it). */
static char *outputs(const struct snapshot *s, size_t size, bool check)
{
	struct out_opts o = { .sort_col = -1 };
	size_t len;
	char *out;
	FILE *f;

	if (check) {
		f = fz_out_open(FZ_OUT_CAP(size));
		out_text(f, s, &o);
		out = fz_out_close(f, &len);
		fz_check_terminal_text(out, len);
		free(out);
	}
	f = fz_out_open(FZ_OUT_CAP(size));
	out_json(f, s, &o);
	out = fz_out_close(f, &len);
	if (check)
		fz_check_json_lines(out, len);
	return out;
}

/*
 * Two samples' JSON the same, notes included: what the live source says
 * of its own requests (receive errors, a sample stopped early) is
 * recorded (REC_NOTE) and said again by the replay, and the parsers'
 * notes come again from the bytes.
 */
static bool same(const char *live_json, const char *rep_json)
{
	return !strcmp(live_json, rep_json);
}

/* The recording replays to the samples taken live. */
static void replay(int n, size_t size)
{
	struct source src = { 0 };
	char err[256];
	int i;

	if (source_replay_open(&src, recpath, err, sizeof(err))) {
		fprintf(stderr, "the recording does not open: %s\n", err);
		abort();
	}
	for (i = 0; i < n; i++) {
		char *a, *b;

		snap_clear(&rep[i]);
		if (source_sample(&src, &rep[i])) {
			fprintf(stderr, "sample %d is not in the recording\n", i);
			abort();
		}
		snap_advance(i ? &rep[i - 1] : NULL, &rep[i]);
		a = outputs(&live[i], size, true);
		b = outputs(&rep[i], size, false);
		if (!same(a, b)) {
			fprintf(stderr, "sample %d: live\n%s\nreplayed\n%s\n", i, a, b);
			abort();
		}
		free(a);
		free(b);
	}
	source_close(&src);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct source src = { 0 };
	struct rec_writer *rw;
	struct watch w;
	struct raw_sink sink = { &w, w_begin, w_nl, w_file, w_net, w_end, w_fresh, w_note };
	int i, n = 0;

	kshim_start(data, size);
	unlink(recpath);
	if (rec_writer_open(&rw, recpath))
		abort();
	w.rec = rec_writer_sink(rw);
	if (source_live_open(&src, sysroot))
		abort();
	src.sink = &sink;
	for (i = 0; i < SAMPLES; i++) {
		int ret;

		snap_clear(&live[i]);
		kshim_sample(i);
		ret = source_sample(&src, &live[i]);
		if (ret)
			break;
		snap_advance(i ? &live[i - 1] : NULL, &live[i]);
		n++;
	}
	source_close(&src);
	if (rec_writer_close(rw))
		abort();
	replay(n, size);
	kshim_end();
	return 0;
}
