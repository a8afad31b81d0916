/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The settings: one table, one row per setting, driving the command line,
 * --help, the config file, the dashboard's prompts and W (and checked
 * against the man page by the tests), so a setting is never spelled twice.
 * (src/settings/)
 */
#ifndef RDMATOP_SETTINGS_H
#define RDMATOP_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum opt_out { OPT_OUT_TEXT, OPT_OUT_JSON, OPT_OUT_OPENMETRICS, OPT_OUT_PROMETHEUS };

#define OPTS_MAX_FILTERS 16

/* a CHOICE's values, in the order of the int the setting holds */
#define SETTING_CHOICES(...) ((const char *const[]){ __VA_ARGS__, NULL })

/*
 * The settings, one row each (tmux's options-table.c):
 *   X(ID, field, TYPE, named fields of struct setting)
 * ID is SET_<ID>, the row's index; field its member of struct settings; TYPE
 * FLAG (bool), INT (long in [.min, .max]), DOUBLE (double in [.min, .max]),
 * STR (const char *), CHOICE (int: the index in .choices), SIZE (uint64_t
 * bytes, K/M/G suffixes, in [.min, .max]), LIST (repeatable:
 * const char *field[OPTS_MAX_FILTERS] and int n_field).  A new setting is
 * one row here and its use (doc/design.md, "How to add").
 */
#define SETTINGS_TABLE(X)                                                                       \
	X(BATCH, batch, FLAG, .name = "batch", .key = 'b',                                      \
	  .help = "batch mode: print samples to stdout instead of the screen")                  \
	X(ITERATIONS, iterations, INT, .name = "iterations", .key = 'n', .metavar = "N",        \
	  .max = 1099511627776.0,                                                               \
	  .help = "stop after N samples; the dashboard quits once the Nth is on screen "        \
		"(default: run until interrupted)")                                             \
	X(DELAY, delay, DOUBLE, .name = "delay", .key = 'd', .metavar = "SECS", .min = 0.1,     \
	  .max = 86400, .def = "1", .config = true, .saved = true,                              \
	  .help = "seconds between samples (default 1, at least 0.1)")                          \
	X(BUDGET, budget, DOUBLE, .name = "budget", .metavar = "PCT", .max = 100, .def = "5",   \
	  .config = true,                                                                       \
	  .help = "refresh the QP, CQ, MR, PD, CM_ID, CTX and SRQ tables as often as PCT "      \
		"percent of one CPU allows (default 5; 0: every table every sample)")           \
	X(OUTPUT, output, CHOICE, .name = "output", .key = 'o', .metavar = "FMT",               \
	  .choices = SETTING_CHOICES("text", "json", "openmetrics", "prometheus"),              \
	  .def = "text", .config = true,                                                        \
	  .help = "batch output format: text, json, openmetrics or prometheus (text 0.0.4; "    \
		"default text)")                                                                \
	X(JSON, json, FLAG, .name = "json", .key = 'j', .help = "same as -b -o json")           \
	X(GROUPS, groups, FLAG, .name = "groups", .key = 'g',                                   \
	  .help = "start on the groups table: processes by job, pod, container or unit")        \
	X(PID, pid, INT, .name = "pid", .key = 'p', .metavar = "PID", .min = 1,                 \
	  .max = 4294967295.0, .help = "show only resources of process PID")                    \
	X(SORT, sort, STR, .name = "sort", .key = 's', .metavar = "COL", .config = true,        \
	  .saved = true, .help = "sort the QP table by column COL")                             \
	X(REVERSE, reverse, FLAG, .name = "reverse", .key = 'R', .config = true,                \
	  .saved = true, .help = "reverse the sort order")                                      \
	X(FILTER, filters, LIST, .name = "filter", .key = 'f', .metavar = "EXPR",               \
	  .config = true, .saved = true,                                                        \
	  .help = "show only rows matching EXPR (key=val, key!=val, key~regex, "                \
		"key!~regex); repeatable")                                                      \
	X(WRITE, write, STR, .name = "write", .key = 'w', .metavar = "FILE",                    \
	  .help = "record the raw kernel input of every sample to FILE (mode 0600; replay"      \
		" with -r)")                                                                    \
	X(WRITE_MAX, write_max, SIZE, .name = "write-max-size", .metavar = "SIZE",              \
	  .min = 4096, .max = 1125899906842624.0, .config = true,                               \
	  .help = "rotate the recording at SIZE bytes (suffix K, M, G): FILE becomes FILE.1")   \
	X(WRITE_KEEP, write_keep, INT, .name = "write-keep", .metavar = "N", .max = 1000,       \
	  .def = "3", .config = true, .help = "rotated recordings kept (default 3)")            \
	X(READ, read, STR, .name = "read", .key = 'r', .metavar = "FILE",                       \
	  .help = "replay a recording made with -w instead of the kernel")                      \
	X(THEME, theme, STR, .name = "theme", .key = 't', .metavar = "NAME", .config = true,    \
	  .saved = true,                                                                        \
	  .help = "colour theme: default, light, high-contrast, mono, or a NAME.theme file")    \
	X(ASCII, ascii, FLAG, .name = "ascii", .config = true, .saved = true,                   \
	  .help = "draw graphs and marks with ASCII only")                                      \
	X(THRESHOLD, thresholds, LIST, .name = "threshold", .metavar = "RULE=WARN[,FAIL]",     \
	  .config = true,                                                                       \
	  .help = "move a verdict rule's thresholds (man rdmatop, THRESHOLDS; not the "       \
		  "module rules': each module's own); repeatable")                              \
	X(STALL_AFTER, stall_after, DOUBLE, .name = "stall-after", .metavar = "SECS",          \
	  .min = 1, .max = 86400, .def = "10", .config = true,                                  \
	  .help = "a connected QP in RTS whose PSNs moved and then stood still this long is "   \
		"stalled (default 10; man rdmatop, STALLS)")                                    \
	X(BYTES, bytes, FLAG, .name = "bytes", .config = true, .saved = true,                   \
	  .help = "a link's throughput in bytes per second (default: bits per second, "         \
		"the unit of its rate)")                                                        \
	X(COLUMNS, columns, LIST, .name = "columns", .metavar = "TABLE:COLS", .config = true,   \
	  .saved = true,                                                                        \
	  .help = "the dashboard's columns of TABLE (qps, processes, counters, cm_ids, "        \
		"links, devices, cqs, mrs, pds, ctxs, srqs, groups), in order, "                \
		"comma-separated; repeatable")                                                  \
	X(NO_MOUSE, no_mouse, FLAG, .name = "no-mouse", .config = true, .saved = true,          \
	  .help = "leave the mouse to the terminal (no click to sort or select, no wheel)")     \
	X(SET_NETNS, set_netns, CHOICE, .name = "set-netns-mode", .metavar = "MODE",            \
	  .choices = SETTING_CHOICES("exclusive", "shared"),                                    \
	  .help = "set the RDMA netns mode (shared or exclusive), verify it, and exit")         \
	X(SET_QP_COUNTERS, set_qp_counters, STR, .name = "set-qp-counters",                     \
	  .metavar = "LINK MODE",                                                               \
	  .help = "set LINK's (DEV/PORT) QP counter mode: type, pid, type,pid (auto) or "       \
		"off; "               "verify it, and exit")                                    \
	X(BIND_QP_COUNTER, bind_qp_counter, STR, .name = "bind-qp-counter",                     \
	  .metavar = "LINK/LQPN[:CNT]",                                                         \
	  .help = "bind QP LQPN of LINK (DEV/PORT) to counter CNT, or to a new one; verify "    \
		  "it, and exit")                                                               \
	X(UNBIND_QP_COUNTER, unbind_qp_counter, STR, .name = "unbind-qp-counter",               \
	  .metavar = "LINK/LQPN:CNT",                                                           \
	  .help = "unbind QP LQPN of LINK (DEV/PORT) from counter CNT; verify it, and exit")    \
	X(OPT_COUNTERS, opt_counters, STR, .name = "optional-counters", .metavar = "LINK:NAMES", \
	  .help = "turn LINK's (DEV/PORT) optional counters NAMES (comma-separated) on and "    \
		  "the others off, or all off (LINK:off); verify it, and exit")                 \
	X(MOVE_NETNS, move_netns, STR, .name = "move-netns", .metavar = "DEV:NETNS",            \
	  .help = "move RDMA device DEV into network namespace NETNS (a name under "            \
		  "/run/netns, or a PID); verify it, and exit")                                 \
	X(LISTEN, listen, STR, .name = "listen", .alias = "web.listen-address",                 \
	  .metavar = "ADDR:PORT",                                                               \
	  .help = "serve GET /metrics (OpenMetrics) on ADDR:PORT; :PORT is 127.0.0.1:PORT"      \
		" (rdmatop's port: 19101)")                                                     \
	X(WEB_CONFIG, web_config, STR, .name = "web-config", .alias = "web.config.file",        \
	  .metavar = "FILE",                                                                    \
	  .help = "TLS and basic auth for --listen, in exporter-toolkit's web config format")   \
	X(LISTEN_PREFIX4, listen_prefix4, INT, .name = "listen-prefix4", .metavar = "BITS",     \
	  .min = 8, .max = 32, .def = "32",                                                     \
	  .help = "--listen counts connections and password checks per IPv4 /BITS client "      \
		"(default 32)")                                                                 \
	X(LISTEN_PREFIX6, listen_prefix6, INT, .name = "listen-prefix6", .metavar = "BITS",     \
	  .min = 16, .max = 128, .def = "64",                                                   \
	  .help = "--listen counts connections and password checks per IPv6 /BITS client "      \
		"(default 64: one host has a whole /64)")                                       \
	X(TELEMETRY_PATH, telemetry_path, STR, .name = "telemetry-path",                        \
	  .alias = "web.telemetry-path", .metavar = "/PATH", .def = "/metrics",                 \
	  .help = "the path of the metrics for --listen (default /metrics)")                    \
	X(TEXTFILE, textfile, STR, .name = "textfile", .metavar = "PATH",                       \
	  .help = "rewrite PATH atomically every sample, for node_exporter's textfile "         \
		"collector")                                                                    \
	X(METRICS_PROCS, metrics_procs, INT, .name = "metrics-procs", .metavar = "N",           \
	  .max = 100000, .def = "50",                                                           \
	  .help = "processes with series of their own in the metrics, most QPs first "          \
		"(default 50)")                                                                 \
	X(SYSROOT, sysroot, STR, .name = "sysroot", .metavar = "DIR",                           \
	  .help = "read /sys and /proc under DIR (for tests)")                                  \
	X(PROMETHEUS, prometheus, STR, .name = "prometheus", .metavar = "URL",                  \
	  .help = "the whole cluster: hosts, ports, jobs, stalls from the Prometheus at URL")   \
	X(PROMETHEUS_CONFIG, prometheus_config, STR, .name = "prometheus-config",               \
	  .metavar = "FILE",                                                                    \
	  .help = "TLS, auth, oauth2 and proxies for --prometheus (Prometheus's http_config)") \
	X(MATCH, match, STR, .name = "match", .metavar = "SELECTOR",                            \
	  .help = "--prometheus: only series matching SELECTOR (job=\"rdma\")")                  \
	X(ROWS, rows, INT, .name = "rows", .metavar = "N", .max = 1000000,                      \
	  .help = "--prometheus: the Ports and Jobs tables ask for their top N rows by their "  \
		"sort column (default: the screen's rows and a screen more; batch: every row)") \
	X(PROMETHEUS_TIMEOUT, prometheus_timeout, DOUBLE, .name = "prometheus-timeout",         \
	  .metavar = "SECS", .min = 0.1, .max = 3600,                                           \
	  .help = "--prometheus: seconds a query may take (default: twice the refresh "         \
		"interval, at least 10)")                                                   \
	X(AT, at, STR, .name = "at", .metavar = "TIME",                                         \
	  .help = "--prometheus: the cluster at TIME: YYYY-MM-DDTHH:MM:SSZ, Unix seconds, "     \
		"or HH:MM[:SS] of today, all UTC")                                              \
	X(HELP, help, FLAG, .name = "help", .key = 'h', .help = "show this help and exit")      \
	X(VERSION, version, FLAG, .name = "version", .key = 'V',                                \
	  .help = "show the version and exit")


/* The unit tests add a row of their own (tests/unit/test_settings_trial.c). */
#ifndef SETTINGS_EXTRA
#define SETTINGS_EXTRA(X)
#endif
#define SETTINGS_ALL(X) SETTINGS_TABLE(X) SETTINGS_EXTRA(X)

enum setting_type { SET_FLAG, SET_INT, SET_DOUBLE, SET_STR, SET_CHOICE, SET_SIZE, SET_LIST };

enum setting_id {
#define SETTING_ID(id, ...) SET_##id,
	SETTINGS_ALL(SETTING_ID)
#undef SETTING_ID
	SET_N
};

/* The member of each type of setting. */
#define SETTING_FIELD_FLAG(f) bool f;
#define SETTING_FIELD_INT(f) long f;
#define SETTING_FIELD_DOUBLE(f) double f;
#define SETTING_FIELD_STR(f) const char *f;
#define SETTING_FIELD_CHOICE(f) int f;
#define SETTING_FIELD_SIZE(f) uint64_t f;
#define SETTING_FIELD_LIST(f) const char *f[OPTS_MAX_FILTERS]; int n_##f;

/*
 * Every setting's value.  iterations: 0 = forever; output: enum opt_out;
 * set_netns: -1 no, 0 exclusive, 1 shared; write_max: 0 = never rotate.
 * Strings point into argv, the config file's lines or what the setter's
 * caller keeps: they live as long as the settings.
 */
struct settings {
#define SETTING_FIELD(id, field, type, ...) SETTING_FIELD_##type(field)
	SETTINGS_ALL(SETTING_FIELD)
#undef SETTING_FIELD
};

struct setting {
	enum setting_id id;
	enum setting_type type;
	const char *name;	/* the long option, the config file's key */
	const char *alias;	/* another long name (exporter-toolkit's), or NULL */
	int key;		/* -letter; 0: none (getopt gets 256 + id) */
	const char *metavar;	/* the value's name in --help */
	double min, max;	/* bounds of INT, DOUBLE and SIZE */
	const char *const *choices;	/* CHOICE: the values, NULL-terminated */
	const char *def;	/* the default, as text read like a value; NULL: 0
				 * (a CHOICE: -1, none) */
	bool config;		/* the config file may set it */
	bool saved;		/* W writes it to the config file */
	const char *help;	/* its line in --help (the man page describes it) */
	size_t off;		/* its member of struct settings */
};

const struct setting *settings_table(size_t *n);
static inline const struct setting *settings_def(enum setting_id id)
{
	size_t n;

	return &settings_table(&n)[id];
}
/* The row of long name (or alias) name, NULL when there is none. */
const struct setting *settings_find(const char *name);
void settings_defaults(struct settings *s);

/*
 * The setter, the one way a value gets in: the command line, the config
 * file, the dashboard's prompts and W all call it.  text is kept, not
 * copied.  A FLAG takes NULL (set), or yes/no, true/false, on/off, 1/0; a
 * LIST appends.  0, -EINVAL (no such value), -ERANGE (outside the
 * bounds), -E2BIG (the list is full); settings_why() says which in words.
 */
int settings_set(struct settings *s, enum setting_id id, const char *text);
/* A LIST emptied, anything else back to its default. */
void settings_reset(struct settings *s, enum setting_id id);
/* "bad value 'x' for --delay (0.1 to 86400)": the error ret of
 * settings_set(id, text) in words, into buf. */
const char *settings_why(enum setting_id id, const char *text, int ret, char *buf, size_t len);
/* A number for setting id (INT or DOUBLE) from text, within its bounds,
 * without setting it: 0, or -EINVAL / -ERANGE. */
int settings_number(enum setting_id id, const char *text, double *v);

/*
 * Settings that keep their own copies of the texts set (the dashboard's,
 * which W saves): the screen's buffers come and go.
 */
struct settings_store {
	struct settings s;
	char *own[SET_N][OPTS_MAX_FILTERS];
};
/* A copy of from (its strings borrowed, as they live on). */
void settings_store_init(struct settings_store *st, const struct settings *from);
/* settings_set with a copy of text; NULL: settings_reset.  0 or -errno. */
int settings_store_set(struct settings_store *st, enum setting_id id, const char *text);
void settings_store_free(struct settings_store *st);

/*
 * Parse argv.  Returns 0, or -EINVAL after writing a one-line error naming
 * the option to `err` (the caller exits with status 2).
 */
int settings_parse(struct settings *s, int argc, char **argv, FILE *err);
/* --help, no line wider than 80 columns. */
void settings_usage(FILE *f);

/*
 * The config file ($XDG_CONFIG_HOME/rdmatop/config, else
 * ~/.config/rdmatop/config): "key = value" lines with the long names of the
 * settings marked config, '#' comments; read before the command line, which
 * overrides it.  0 (also when there is no file), or -EINVAL after a
 * "FILE:LINE: reason" message on err.  (src/settings/cfg.c)
 */
int cfg_load(struct settings *s, const char *path, FILE *err);
/*
 * $XDG_CONFIG_HOME/rdmatop/LEAF, else ~/.config/rdmatop/LEAF, into buf (a
 * relative XDG_CONFIG_HOME is ignored, as the XDG spec says); NULL when no
 * home is known or the path does not fit.  Config and themes both use it.
 */
const char *cfg_user_path(char *buf, size_t len, const char *leaf);
/* The config file's path into buf (cfg_user_path of "config"). */
const char *cfg_path(char *buf, size_t len);

/* Write the settings marked saved of s to path atomically (temp file +
 * rename), in the table's order; 0 or -errno.  W. */
int cfg_save(const char *path, const struct settings *s);

#endif
