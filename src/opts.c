// SPDX-License-Identifier: GPL-2.0-or-later
/* Command-line options from one table (see opts.h). */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "opts.h"

enum { OPT_SYSROOT = 256, OPT_ASCII, OPT_WRITE_MAX, OPT_WRITE_KEEP, OPT_SET_NETNS,
       OPT_LISTEN, OPT_TEXTFILE, OPT_METRICS_PROCS, OPT_WEB_CONFIG };

static const struct opt_def table[] = {
	{ "batch", 'b', OPT_NONE, NULL,
	  "batch mode: print samples to stdout instead of the screen", false },
	{ "iterations", 'n', OPT_INT, "N",
	  "stop after N samples; the dashboard quits once the Nth is on screen (default: run until interrupted)", false },
	{ "delay", 'd', OPT_DOUBLE, "SECS",
	  "seconds between samples (default 1, at least 0.1)", true },
	{ "output", 'o', OPT_STR, "FMT",
	  "batch output format: text, json, openmetrics or prometheus (text 0.0.4)", true },
	{ "json", 'j', OPT_NONE, NULL, "same as -b -o json", false },
	{ "pid", 'p', OPT_INT, "PID", "show only resources of process PID", false },
	{ "sort", 's', OPT_STR, "COL", "sort the QP table by column COL", true },
	{ "reverse", 'R', OPT_NONE, NULL, "reverse the sort order", true },
	{ "filter", 'f', OPT_STR, "EXPR",
	  "show only rows matching EXPR (key=val, key!=val, key~regex, key!~regex); repeatable", true },
	{ "write", 'w', OPT_STR, "FILE",
	  "record the raw kernel input of every sample to FILE (replay with -r)", false },
	{ "write-max-size", OPT_WRITE_MAX, OPT_STR, "SIZE",
	  "rotate the recording at SIZE bytes (suffix K, M, G): FILE becomes FILE.1", true },
	{ "write-keep", OPT_WRITE_KEEP, OPT_INT, "N", "rotated recordings kept (default 3)", true },
	{ "read", 'r', OPT_STR, "FILE", "replay a recording made with -w instead of the kernel", false },
	{ "theme", 't', OPT_STR, "NAME",
	  "colour theme: default, light, high-contrast, mono, or a NAME.theme file", true },
	{ "ascii", OPT_ASCII, OPT_NONE, NULL, "draw graphs and marks with ASCII only", true },
	{ "set-netns-mode", OPT_SET_NETNS, OPT_STR, "MODE",
	  "set the RDMA netns mode (shared or exclusive), verify it, and exit", false },
	{ "listen", OPT_LISTEN, OPT_STR, "ADDR:PORT",
	  "serve GET /metrics (OpenMetrics) on ADDR:PORT; :PORT is 127.0.0.1:PORT", false },
	{ "web-config", OPT_WEB_CONFIG, OPT_STR, "FILE",
	  "TLS and basic auth for --listen, in exporter-toolkit's web config format", false },
	{ "textfile", OPT_TEXTFILE, OPT_STR, "PATH",
	  "rewrite PATH atomically every sample, for node_exporter's textfile collector", false },
	{ "metrics-procs", OPT_METRICS_PROCS, OPT_INT, "N",
	  "processes with series of their own in the metrics, most QPs first (default 50)", false },
	{ "sysroot", OPT_SYSROOT, OPT_STR, "DIR",
	  "read /sys and /proc under DIR (for tests)", false },
	{ "help", 'h', OPT_NONE, NULL, "show this help and exit", false },
	{ "version", 'V', OPT_NONE, NULL, "show the version and exit", false },
};

#define N_OPTS (sizeof(table) / sizeof(table[0]))

const struct opt_def *opts_table(size_t *n)
{
	*n = N_OPTS;
	return table;
}

void opts_defaults(struct opts *o)
{
	memset(o, 0, sizeof(*o));
	o->delay = 1.0;
	o->iterations = -1;	/* decided after parsing */
	o->write_keep = 3;
	o->metrics_procs = 50;
	o->set_netns = -1;
}

void opts_usage(FILE *f)
{
	size_t i;

	fprintf(f, "Usage: rdmatop [OPTION]...\n"
		   "Show RDMA devices, links, queue pairs and the processes holding them.\n\n");
	for (i = 0; i < N_OPTS; i++) {
		const struct opt_def *d = &table[i];
		char left[48];

		if (d->key < 256)
			snprintf(left, sizeof(left), "-%c, --%s%s%s", d->key, d->name,
				 d->metavar ? " " : "", d->metavar ? d->metavar : "");
		else
			snprintf(left, sizeof(left), "    --%s%s%s", d->name,
				 d->metavar ? " " : "", d->metavar ? d->metavar : "");
		fprintf(f, "  %-26s %s\n", left, d->help);
	}
	fprintf(f, "\nExit status: 0 ok, 1 no RDMA (batch mode) or runtime error, 2 bad usage.\n"
		   "See rdmatop(1); the JSON schema is in doc/json.md.\n");
}

static int parse_long(const char *s, long min, long max, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	return (errno || end == s || *end || *v < min || *v > max) ? -EINVAL : 0;
}

int opts_parse(struct opts *o, int argc, char **argv, FILE *err)
{
	struct option lo[N_OPTS + 1];
	char so[N_OPTS * 2 + 2], *p = so;
	size_t i;
	int c;

	*p++ = ':';
	memset(lo, 0, sizeof(lo));
	for (i = 0; i < N_OPTS; i++) {
		lo[i].name = table[i].name;
		lo[i].has_arg = table[i].arg == OPT_NONE ? no_argument : required_argument;
		lo[i].val = table[i].key;
		if (table[i].key < 256) {
			*p++ = (char)table[i].key;
			if (table[i].arg != OPT_NONE)
				*p++ = ':';
		}
	}
	*p = '\0';

	optind = 0;	/* GNU getopt: full re-initialisation */
	opterr = 0;
	while ((c = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		long v;
		char *end;

		switch (c) {
		case 'b':
			o->batch = true;
			break;
		case 'n':
			if (parse_long(optarg, 0, 1L << 40, &v))
				goto bad;
			o->iterations = v;
			break;
		case 'd':
			errno = 0;
			o->delay = strtod(optarg, &end);
			if (errno || end == optarg || *end || !isfinite(o->delay) ||
			    o->delay < 0.1 || o->delay > 86400)
				goto bad;
			break;
		case 'o':
			if (!strcmp(optarg, "text"))
				o->output = OPT_OUT_TEXT;
			else if (!strcmp(optarg, "json"))
				o->output = OPT_OUT_JSON;
			else if (!strcmp(optarg, "openmetrics"))
				o->output = OPT_OUT_OPENMETRICS;
			else if (!strcmp(optarg, "prometheus"))
				o->output = OPT_OUT_PROMETHEUS;
			else
				goto bad;
			break;
		case 'j':
			o->batch = true;
			o->output = OPT_OUT_JSON;
			break;
		case 'p':
			if (parse_long(optarg, 1, UINT32_MAX, &v))
				goto bad;
			o->pid = (uint32_t)v;
			break;
		case 's':
			o->sort = optarg;
			break;
		case 'R':
			o->reverse = true;
			break;
		case 'f':
			if (o->n_filters == OPTS_MAX_FILTERS) {
				fprintf(err, "rdmatop: at most %d filters\n", OPTS_MAX_FILTERS);
				return -EINVAL;
			}
			o->filters[o->n_filters++] = optarg;
			break;
		case 'w':
			o->write = optarg;
			break;
		case 'r':
			o->read = optarg;
			break;
		case OPT_WRITE_MAX: {
			unsigned long long n;
			char *e;

			errno = 0;
			n = strtoull(optarg, &e, 10);
			if (errno || e == optarg || optarg[0] == '-')
				goto bad;
			if (*e == 'K' || *e == 'k')
				n <<= 10, e++;
			else if (*e == 'M' || *e == 'm')
				n <<= 20, e++;
			else if (*e == 'G' || *e == 'g')
				n <<= 30, e++;
			if (*e || n < 4096)
				goto bad;
			o->write_max = n;
			break;
		}
		case OPT_WRITE_KEEP:
			if (parse_long(optarg, 0, 1000, &v))
				goto bad;
			o->write_keep = (unsigned int)v;
			break;
		case 't':
			o->theme = optarg;
			break;
		case OPT_ASCII:
			o->ascii = true;
			break;
		case OPT_SET_NETNS:
			if (!strcmp(optarg, "shared"))
				o->set_netns = 1;
			else if (!strcmp(optarg, "exclusive"))
				o->set_netns = 0;
			else
				goto bad;
			break;
		case OPT_SYSROOT:
			o->sysroot = optarg;
			break;
		case OPT_LISTEN:
			o->listen = optarg;
			break;
		case OPT_TEXTFILE:
			o->textfile = optarg;
			break;
		case OPT_WEB_CONFIG:
			o->web_config = optarg;
			break;
		case OPT_METRICS_PROCS:
			if (parse_long(optarg, 0, 100000, &v))
				goto bad;
			o->metrics_procs = (unsigned int)v;
			break;
		case 'h':
			o->help = true;
			break;
		case 'V':
			o->version = true;
			break;
		case ':':
			fprintf(err, "rdmatop: option '%s' needs a value\n", argv[optind - 1]);
			return -EINVAL;
		default:
			fprintf(err, "rdmatop: unknown option '%s' (try --help)\n",
				argv[optind - 1]);
			return -EINVAL;
		}
		continue;
bad:
		for (i = 0; i < N_OPTS && table[i].key != c; i++)
			;
		fprintf(err, "rdmatop: bad value '%s' for --%s (try --help)\n", optarg,
			i < N_OPTS ? table[i].name : "?");
		return -EINVAL;
	}
	if (optind < argc) {
		fprintf(err, "rdmatop: unexpected argument '%s' (try --help)\n", argv[optind]);
		return -EINVAL;
	}
	if (o->iterations < 0)
		o->iterations = 0;
	if (o->set_netns >= 0 && (o->batch || o->read || o->write)) {
		fprintf(err, "rdmatop: --set-netns-mode is a command of its own: not with -b, -r or -w\n");
		return -EINVAL;
	}
	if (o->web_config && !o->listen) {
		fprintf(err, "rdmatop: --web-config goes with --listen\n");
		return -EINVAL;
	}
	if (o->write && o->read) {
		fprintf(err, "rdmatop: -w and -r do not go together (a recording is not re-recorded)\n");
		return -EINVAL;
	}
	return 0;
}
