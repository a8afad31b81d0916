/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The option table: one entry per setting, driving the command line and
 * --help (and checked against the man page by the tests), so an option is
 * never spelled twice.
 */
#ifndef RDMATOP_OPTS_H
#define RDMATOP_OPTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum opt_out { OPT_OUT_TEXT, OPT_OUT_JSON, OPT_OUT_OPENMETRICS, OPT_OUT_PROMETHEUS };

#define OPTS_MAX_FILTERS 16

struct opts {
	bool batch;
	long iterations;	/* 0 = forever */
	double delay;		/* seconds */
	enum opt_out output;
	uint32_t pid;
	const char *sort;
	bool reverse;
	const char *filters[OPTS_MAX_FILTERS];
	int n_filters;
	const char *write;	/* -w FILE */
	uint64_t write_max;	/* rotate at this many bytes, 0 = never */
	unsigned int write_keep;
	const char *read;	/* -r FILE */
	const char *sysroot;
	const char *listen;	/* --listen ADDR:PORT */
	const char *web_config;	/* --web-config FILE */
	const char *textfile;	/* --textfile PATH */
	unsigned int metrics_procs;	/* per-process series before "other" */
	const char *theme;
	int set_netns;		/* -1 no, 0 exclusive, 1 shared */
	bool ascii;
	bool help, version;
};

enum opt_arg { OPT_NONE, OPT_INT, OPT_DOUBLE, OPT_STR };

struct opt_def {
	const char *name;	/* long name */
	int key;		/* short letter, or a value >= 256 */
	enum opt_arg arg;
	const char *metavar;
	const char *help;
	bool config;		/* may be set in the config file too */
};

const struct opt_def *opts_table(size_t *n);
void opts_defaults(struct opts *o);
/*
 * Parse argv.  Returns 0, or -EINVAL after writing a one-line error naming
 * the option to `err` (the caller exits with status 2).
 */
int opts_parse(struct opts *o, int argc, char **argv, FILE *err);
void opts_usage(FILE *f);

/*
 * The config file ($XDG_CONFIG_HOME/rdmatop/config, else
 * ~/.config/rdmatop/config): "key = value" lines with the long names of the
 * options marked config, '#' comments; read before the command line, which
 * overrides it.  0 (also when there is no file), or -EINVAL after a
 * "FILE:LINE: reason" message on err.  (src/cfg.c)
 */
int cfg_load(struct opts *o, const char *path, FILE *err);
/* The config file's path into buf; NULL when no home is known. */
const char *cfg_path(char *buf, size_t len);

/* Settings the dashboard can save with W. */
struct cfg_values {
	double delay;
	const char *theme;
	const char *sort;	/* QP column name, NULL = natural order */
	bool reverse;
	const char *filter;	/* NULL or "" = none */
	bool ascii;
};
/* Write them to path atomically (temp file + rename); 0 or -errno. */
int cfg_save(const char *path, const struct cfg_values *v);

#endif
