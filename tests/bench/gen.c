// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gen: write a recording of a synthetic host in the kernel's wire format.
 *
 *   gen -o FILE [-q QPS] [-d DEVS] [-p PROCS] [-n SAMPLES] [-c CHURN_PER_MILLE]
 *       [-P PROCS_REPLACED] [-D DEV_EVERY] [-i INTERVAL_MS] [-s SEED] [-R]
 *   -R: every owner's /proc files in every sample (no kept ids, as before them)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kgen.h"
#include "record.h"

static void usage(void)
{
	fprintf(stderr, "usage: gen -o FILE [-q QPS] [-d DEVS] [-p PROCS] [-n SAMPLES] "
		"[-c CHURN_PER_MILLE] [-P PROCS_REPLACED] [-D DEV_EVERY] [-i MS] [-s SEED] [-R]\n");
}

int main(int argc, char **argv)
{
	struct kgen_cfg cfg = { .qps = 1000, .devs = 4, .procs = 200, .interval_ms = 1000 };
	const char *out = NULL;
	unsigned long samples = 3, i;
	struct rec_writer *w;
	struct kgen *g;
	int opt, err;

	while ((opt = getopt(argc, argv, "o:q:d:p:n:c:P:D:i:s:R")) != -1) {
		unsigned long v = strtoul(optarg ? optarg : "0", NULL, 0);

		switch (opt) {
		case 'o': out = optarg; break;
		case 'q': cfg.qps = (unsigned int)v; break;
		case 'd': cfg.devs = (unsigned int)v; break;
		case 'p': cfg.procs = (unsigned int)v; break;
		case 'n': samples = v; break;
		case 'c': cfg.churn = (unsigned int)v; break;
		case 'P': cfg.proc_churn = (unsigned int)v; break;
		case 'D': cfg.dev_churn = (unsigned int)v; break;
		case 'i': cfg.interval_ms = (unsigned int)v; break;
		case 's': cfg.seed = v; break;
		case 'R': cfg.read_all = true; break;
		default: usage(); return 2;
		}
	}
	if (!out || optind != argc) {
		usage();
		return 2;
	}
	err = kgen_new(&g, &cfg);
	if (err) {
		fprintf(stderr, "gen: %s\n", strerror(-err));
		return 1;
	}
	err = rec_writer_open(&w, out);
	if (err) {
		fprintf(stderr, "gen: %s: %s\n", out, strerror(-err));
		kgen_free(g);
		return 1;
	}
	for (i = 0; !err && i < samples; i++)
		err = kgen_sample(g, rec_writer_sink(w));
	if (err)
		fprintf(stderr, "gen: sample %lu: %s\n", i, strerror(-err));
	i = (unsigned long)rec_writer_close(w);
	kgen_free(g);
	return err || i ? 1 : 0;
}
