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

/*
 * The settings, one line each (tmux's options-table.c):
 *   X(ID, name, key, arg, field, metavar, min, max, choices, def, flags, help)
 * ID      OPT_<ID>, the entry's index in opts_table();
 * name    the long option, the config file's key;
 * key     its letter, or 0 for a long option only;
 * arg     NONE (a flag: bool), INT (long in [min, max]), DOUBLE (double in
 *         [min, max]), STR (const char *), CHOICE (int: the index of the
 *         value in `choices`, a NULL-terminated list in src/opts.c), SIZE
 *         (uint64_t bytes, K/M/G suffixes, in [min, max]), LIST (repeatable:
 *         const char *field[OPTS_MAX_FILTERS] and int n_field);
 * field   its member of struct opts;
 * def     its default, as text read like the option's value (NULL: 0);
 * flags   OPT_CONFIG (the config file may set it), OPT_SAVED (W saves it);
 * help    its line in --help (the man page describes each, tests check).
 */
#define OPTS_LIST(X)                                                                          \
	X(BATCH, "batch", 'b', NONE, batch, NULL, 0, 0, NULL, NULL, 0,                        \
	  "batch mode: print samples to stdout instead of the screen")                        \
	X(ITERATIONS, "iterations", 'n', INT, iterations, "N", 0, 1099511627776.0, NULL, NULL, 0, \
	  "stop after N samples; the dashboard quits once the Nth is on screen (default: run until interrupted)") \
	X(DELAY, "delay", 'd', DOUBLE, delay, "SECS", 0.1, 86400, NULL, "1", OPT_CONFIG | OPT_SAVED, \
	  "seconds between samples (default 1, at least 0.1)")                                \
	X(BUDGET, "budget", 0, DOUBLE, budget, "PCT", 0, 100, NULL, "5", OPT_CONFIG,          \
	  "refresh the QP, CQ, MR, PD, CM_ID, CTX and SRQ tables as often as PCT percent of one CPU allows (default 5; 0: every table every sample)") \
	X(OUTPUT, "output", 'o', CHOICE, output, "FMT", 0, 0, opt_outputs, NULL, OPT_CONFIG,  \
	  "batch output format: text, json, openmetrics or prometheus (text 0.0.4)")          \
	X(JSON, "json", 'j', NONE, json, NULL, 0, 0, NULL, NULL, 0, "same as -b -o json")     \
	X(GROUPS, "groups", 'g', NONE, groups, NULL, 0, 0, NULL, NULL, 0,                     \
	  "start on the groups table: processes by job, pod, container or unit") \
	X(PID, "pid", 'p', INT, pid, "PID", 1, 4294967295.0, NULL, NULL, 0,                   \
	  "show only resources of process PID")                                               \
	X(SORT, "sort", 's', STR, sort, "COL", 0, 0, NULL, NULL, OPT_CONFIG | OPT_SAVED,      \
	  "sort the QP table by column COL")                                                  \
	X(REVERSE, "reverse", 'R', NONE, reverse, NULL, 0, 0, NULL, NULL, OPT_CONFIG | OPT_SAVED, \
	  "reverse the sort order")                                                           \
	X(FILTER, "filter", 'f', LIST, filters, "EXPR", 0, 0, NULL, NULL, OPT_CONFIG | OPT_SAVED, \
	  "show only rows matching EXPR (key=val, key!=val, key~regex, key!~regex); repeatable") \
	X(WRITE, "write", 'w', STR, write, "FILE", 0, 0, NULL, NULL, 0,                       \
	  "record the raw kernel input of every sample to FILE (mode 0600; replay with -r)") \
	X(WRITE_MAX, "write-max-size", 0, SIZE, write_max, "SIZE", 4096, 1125899906842624.0, NULL, \
	  NULL, OPT_CONFIG,                                                                   \
	  "rotate the recording at SIZE bytes (suffix K, M, G): FILE becomes FILE.1")         \
	X(WRITE_KEEP, "write-keep", 0, INT, write_keep, "N", 0, 1000, NULL, "3", OPT_CONFIG,  \
	  "rotated recordings kept (default 3)")                                              \
	X(READ, "read", 'r', STR, read, "FILE", 0, 0, NULL, NULL, 0,                          \
	  "replay a recording made with -w instead of the kernel")                            \
	X(THEME, "theme", 't', STR, theme, "NAME", 0, 0, NULL, NULL, OPT_CONFIG | OPT_SAVED,  \
	  "colour theme: default, light, high-contrast, mono, or a NAME.theme file")          \
	X(ASCII, "ascii", 0, NONE, ascii, NULL, 0, 0, NULL, NULL, OPT_CONFIG | OPT_SAVED,     \
	  "draw graphs and marks with ASCII only")                                            \
	X(COLUMNS, "columns", 0, LIST, columns, "TABLE:COLS", 0, 0, NULL, NULL, OPT_CONFIG | OPT_SAVED, \
	  "the dashboard's columns of TABLE (qps, processes, counters, cm_ids, links, devices, cqs, mrs, pds, ctxs, srqs, groups), in order, comma-separated; repeatable") \
	X(NO_MOUSE, "no-mouse", 0, NONE, no_mouse, NULL, 0, 0, NULL, NULL, OPT_CONFIG | OPT_SAVED, \
	  "leave the mouse to the terminal (no click to sort or select, no wheel)")           \
	X(SET_NETNS, "set-netns-mode", 0, CHOICE, set_netns, "MODE", 0, 0, opt_netns_modes, NULL, 0, \
	  "set the RDMA netns mode (shared or exclusive), verify it, and exit")               \
	X(SET_QP_COUNTERS, "set-qp-counters", 0, STR, set_qp_counters, "LINK MODE", 0, 0, NULL, \
	  NULL, 0,                                                                             \
	  "set LINK's (DEV/PORT) QP counter mode: type, pid, type,pid (auto) or off; "       \
	  "verify it, and exit")                                                              \
	X(LISTEN, "listen", 0, STR, listen, "ADDR:PORT", 0, 0, NULL, NULL, 0,                 \
	  "serve GET /metrics (OpenMetrics) on ADDR:PORT; :PORT is 127.0.0.1:PORT (rdmatop's port: 19101)") \
	X(WEB_CONFIG, "web-config", 0, STR, web_config, "FILE", 0, 0, NULL, NULL, 0,           \
	  "TLS and basic auth for --listen, in exporter-toolkit's web config format")          \
	X(LISTEN_PREFIX4, "listen-prefix4", 0, INT, listen_prefix4, "BITS", 8, 32, NULL, "32", 0, \
	  "--listen counts connections and password checks per IPv4 /BITS client (default 32)") \
	X(LISTEN_PREFIX6, "listen-prefix6", 0, INT, listen_prefix6, "BITS", 16, 128, NULL, "64", 0, \
	  "--listen counts connections and password checks per IPv6 /BITS client (default 64: one host has a whole /64)") \
	X(TELEMETRY_PATH, "telemetry-path", 0, STR, telemetry_path, "/PATH", 0, 0, NULL, "/metrics", 0, \
	  "the path of the metrics for --listen (default /metrics)")                          \
	X(TEXTFILE, "textfile", 0, STR, textfile, "PATH", 0, 0, NULL, NULL, 0,                \
	  "rewrite PATH atomically every sample, for node_exporter's textfile collector")     \
	X(METRICS_PROCS, "metrics-procs", 0, INT, metrics_procs, "N", 0, 100000, NULL, "50", 0, \
	  "processes with series of their own in the metrics, most QPs first (default 50)")   \
	X(SYSROOT, "sysroot", 0, STR, sysroot, "DIR", 0, 0, NULL, NULL, 0,                    \
	  "read /sys and /proc under DIR (for tests)")                                        \
	X(HELP, "help", 'h', NONE, help, NULL, 0, 0, NULL, NULL, 0, "show this help and exit") \
	X(VERSION, "version", 'V', NONE, version, NULL, 0, 0, NULL, NULL, 0,                  \
	  "show the version and exit")

enum opt_arg { OPT_NONE, OPT_INT, OPT_DOUBLE, OPT_STR, OPT_CHOICE, OPT_SIZE, OPT_LIST };

enum { OPT_CONFIG = 1 << 0, OPT_SAVED = 1 << 1 };

enum opt_id {
#define OPT_ID(id, ...) OPT_##id,
	OPTS_LIST(OPT_ID)
#undef OPT_ID
	OPT_N
};

/* The field of each kind of option. */
#define OPT_FIELD_NONE(f) bool f;
#define OPT_FIELD_INT(f) long f;
#define OPT_FIELD_DOUBLE(f) double f;
#define OPT_FIELD_STR(f) const char *f;
#define OPT_FIELD_CHOICE(f) int f;
#define OPT_FIELD_SIZE(f) uint64_t f;
#define OPT_FIELD_LIST(f) const char *f[OPTS_MAX_FILTERS]; int n_##f;

/*
 * Every setting's value.  iterations: 0 = forever; output: enum opt_out;
 * set_netns: -1 no, 0 exclusive, 1 shared; write_max: 0 = never rotate.
 */
struct opts {
#define OPT_FIELD(id, name, key, arg, field, ...) OPT_FIELD_##arg(field)
	OPTS_LIST(OPT_FIELD)
#undef OPT_FIELD
};

struct opt_def {
	const char *name;	/* long name */
	int key;		/* short letter, or a value >= 256 */
	enum opt_arg arg;
	const char *metavar;
	const char *help;
	bool config;		/* may be set in the config file too */
	bool saved;		/* W writes it to the config file */
	double min, max;	/* bounds of INT, DOUBLE and SIZE */
	const char *const *choices;	/* CHOICE: the values, NULL-terminated */
	const char *def;	/* the default, NULL: none */
	size_t off;		/* where struct opts keeps it */
};

const struct opt_def *opts_table(size_t *n);
/* The other long name of option id (exporter-toolkit's spelling of the
 * same setting: --web.listen-address), NULL when it has none. */
const char *opts_alias(enum opt_id id);
static inline const struct opt_def *opts_def(enum opt_id id)
{
	size_t n;

	return &opts_table(&n)[id];
}
void opts_defaults(struct opts *o);
/*
 * Parse argv.  Returns 0, or -EINVAL after writing a one-line error naming
 * the option to `err` (the caller exits with status 2).
 */
int opts_parse(struct opts *o, int argc, char **argv, FILE *err);
void opts_usage(FILE *f);
/* A number for option `id` (INT or DOUBLE) from text, within its bounds:
 * 0, or -EINVAL (the dashboard's prompts read values so). */
int opts_number(enum opt_id id, const char *text, double *v);

/*
 * The config file ($XDG_CONFIG_HOME/rdmatop/config, else
 * ~/.config/rdmatop/config): "key = value" lines with the long names of the
 * options marked config, '#' comments; read before the command line, which
 * overrides it.  0 (also when there is no file), or -EINVAL after a
 * "FILE:LINE: reason" message on err.  (src/cfg.c)
 */
int cfg_load(struct opts *o, const char *path, FILE *err);
/*
 * $XDG_CONFIG_HOME/rdmatop/LEAF, else ~/.config/rdmatop/LEAF, into buf (a
 * relative XDG_CONFIG_HOME is ignored, as the XDG spec says); NULL when no
 * home is known or the path does not fit.  Config and themes both use it.
 */
const char *cfg_user_path(char *buf, size_t len, const char *leaf);
/* The config file's path into buf (cfg_user_path of "config"). */
const char *cfg_path(char *buf, size_t len);

/* Write the settings marked OPT_SAVED of o to path atomically (temp file +
 * rename), in the table's order; 0 or -errno. */
int cfg_save(const char *path, const struct opts *o);

#endif
