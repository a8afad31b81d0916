// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The batch writers' fuzz run, shared by fuzz_text, fuzz_json,
 * fuzz_openmetrics and fuzz_prometheus.  The options come first in the
 * input: text and JSON take a flags byte (0x80 a sort column byte follows,
 * 0x40 reverse, 0x20 a -p byte follows); the expositions the flags byte
 * (1 a sample-seconds word follows, 2 the scrape duration, 4 the groups' PSN
 * ledger, written twice as the exporter does, 8 the textfile's error count,
 * 16 at its largest), then the per-process cap.  Then the snapshot (snapgen.c).
 */
#include <stdint.h>
#include <stdlib.h>

#include "out.h"
#include "snapgen.h"

static void batch_opts(struct fz *z, uint8_t k, struct out_opts *o)
{
	size_t n_cols;

	view_cols(VIEW_QPS, &n_cols);
	if (k & 0x80)
		o->sort_col = (int)(fz_u8(z) % n_cols);
	o->reverse = k & 0x40;
	if (k & 0x20)
		o->pid = 1 + fz_u8(z) % 32;
}

static void om_opts(struct fz *z, uint8_t k, struct out_om_opts *o)
{
	o->max_procs = fz_u8(z) % 64;
	o->sample_seconds = k & 1 ? (double)fz_u32(z) / 1e6 : -1;
	o->timed = k & 2;
	o->psns = k & 4 ? out_om_psns_new() : NULL;
	o->textfile = k & 8;
	if (o->textfile)
		o->textfile_errors = k & 16 ? UINT64_MAX : fz_u8(z);
}

int fz_writer_run(const uint8_t *data, size_t size, enum fz_writer which)
{
	static const char *const ext[] = { "txt", "json", "om", "prom" };
	struct fz z = { data, size };
	struct out_opts o = { .sort_col = -1 };
	struct out_om_opts om = { .format = which == FZ_OPENMETRICS ? OUT_OM_OPENMETRICS :
							       OUT_OM_PROMETHEUS };
	uint8_t k = fz_u8(&z);
	struct snapshot s;
	size_t len;
	char *out;
	FILE *f;

	if (which == FZ_TEXT || which == FZ_JSON)
		batch_opts(&z, k, &o);
	else
		om_opts(&z, k, &om);
	snap_init(&s);
	fz_snapshot(&s, &z);
	if (om.psns) {
		/* the ledger counts a sample once: the checks below read the
		 * second exposition of it, as the exporter writes two */
		f = fz_out_open(FZ_OUT_CAP(size));
		out_openmetrics(f, &s, &om);
		free(fz_out_close(f, &len));
	}
	f = fz_out_open(FZ_OUT_CAP(size));
	switch (which) {
	case FZ_TEXT:
		out_text(f, &s, &o);
		break;
	case FZ_JSON:
		out_json(f, &s, &o);
		break;
	default:
		out_openmetrics(f, &s, &om);
		out_om_psns_free(om.psns);
		break;
	}
	out = fz_out_close(f, &len);
	switch (which) {
	case FZ_TEXT:
		fz_check_terminal_text(out, len);
		break;
	case FZ_JSON:
		fz_check_json_lines(out, len);
		break;
	default:
		fz_check_exposition(out, len, which == FZ_OPENMETRICS);
		break;
	}
	fz_dump(ext[which], out, len);
	free(out);
	snap_free(&s);
	return 0;
}
