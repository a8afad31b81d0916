// SPDX-License-Identifier: GPL-2.0-or-later
/* Command-line options from one table (see opts.h). */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "opts.h"

static const char *const opt_outputs[] = { "text", "json", "openmetrics", "prometheus", NULL };
static const char *const opt_netns_modes[] = { "exclusive", "shared", NULL };

_Static_assert(OPT_OUT_PROMETHEUS == 3, "opt_outputs follows enum opt_out");
_Static_assert(offsetof(struct opts, n_filters) ==
	       offsetof(struct opts, filters) + sizeof(((struct opts *)0)->filters),
	       "a list's count follows it");

static const struct opt_def table[OPT_N] = {
#define OPT_DEF(id, name_, key_, arg_, field, metavar_, min_, max_, choices_, def_, flags,  \
		help_)                                                                      \
	[OPT_##id] = { .name = name_, .key = (key_) ? (key_) : 256 + OPT_##id,              \
		       .arg = OPT_##arg_, .metavar = metavar_, .help = help_,               \
		       .config = ((flags) & OPT_CONFIG) != 0,                               \
		       .saved = ((flags) & OPT_SAVED) != 0, .min = min_, .max = max_,       \
		       .choices = choices_, .def = def_, .off = offsetof(struct opts, field) },
	OPTS_LIST(OPT_DEF)
#undef OPT_DEF
};

#define N_OPTS OPT_N

/* node_exporter's names (exporter-toolkit's flags) of the same settings:
 * a fleet's scripts and units carry them */
static const struct {
	enum opt_id id;
	const char *name;
} aliases[] = {
	{ OPT_LISTEN, "web.listen-address" },
	{ OPT_WEB_CONFIG, "web.config.file" },
	{ OPT_TELEMETRY_PATH, "web.telemetry-path" },
};
#define N_ALIASES (sizeof(aliases) / sizeof(aliases[0]))

const struct opt_def *opts_table(size_t *n)
{
	*n = N_OPTS;
	return table;
}

const char *opts_alias(enum opt_id id)
{
	size_t i;

	for (i = 0; i < N_ALIASES; i++)
		if (aliases[i].id == id)
			return aliases[i].name;
	return NULL;
}

/*
 * Numbers: digits first (strto* would take spaces and a sign), -EINVAL for
 * what is no number, -ERANGE for one outside [min, max] (or too large to
 * hold), which the message tells apart.
 */
static bool starts_number(const char *s)
{
	return isdigit((unsigned char)s[0]) ||
	       ((s[0] == '-' || s[0] == '.') && isdigit((unsigned char)s[1]));
}

static int parse_long(const char *s, long min, long max, long *v)
{
	char *end;

	if (!starts_number(s))
		return -EINVAL;
	errno = 0;
	*v = strtol(s, &end, 10);
	if (end == s || *end)
		return -EINVAL;
	return (errno == ERANGE || *v < min || *v > max) ? -ERANGE : 0;
}

static int parse_double(const char *s, double min, double max, double *v)
{
	char *end;

	if (!starts_number(s))
		return -EINVAL;
	errno = 0;
	*v = strtod(s, &end);
	if (end == s || *end || isnan(*v))
		return -EINVAL;
	return (errno == ERANGE || !isfinite(*v) || *v < min || *v > max) ? -ERANGE : 0;
}

/* bytes, with a K, M or G suffix (powers of 1024); no shift may overflow */
static int parse_size(const char *s, double min, double max, uint64_t *v)
{
	unsigned long long n;
	unsigned int shift = 0;
	char *e;

	if (!isdigit((unsigned char)s[0]))
		return -EINVAL;
	errno = 0;
	n = strtoull(s, &e, 10);
	if (e == s)
		return -EINVAL;
	if (*e == 'K' || *e == 'k')
		shift = 10, e++;
	else if (*e == 'M' || *e == 'm')
		shift = 20, e++;
	else if (*e == 'G' || *e == 'g')
		shift = 30, e++;
	if (*e)
		return -EINVAL;
	if (errno == ERANGE || n > ((uint64_t)max >> shift) || (double)(n << shift) < min)
		return -ERANGE;
	*v = (uint64_t)n << shift;
	return 0;
}

int opts_number(enum opt_id id, const char *text, double *v)
{
	const struct opt_def *d = (unsigned int)id < N_OPTS ? &table[id] : NULL;
	long l;

	if (d && d->arg == OPT_DOUBLE)
		return parse_double(text, d->min, d->max, v);
	if (d && d->arg == OPT_INT && !parse_long(text, (long)d->min, (long)d->max, &l)) {
		*v = (double)l;
		return 0;
	}
	return -EINVAL;
}

/* Option d's value from text into o: 0, or -EINVAL (-E2BIG: a list is full). */
static int set_value(struct opts *o, const struct opt_def *d, const char *text)
{
	void *p = (char *)o + d->off;
	size_t i;

	switch (d->arg) {
	case OPT_NONE:
		*(bool *)p = true;
		return 0;
	case OPT_INT:
		return parse_long(text, (long)d->min, (long)d->max, p);
	case OPT_DOUBLE:
		return parse_double(text, d->min, d->max, p);
	case OPT_STR:
		*(const char **)p = text;
		return 0;
	case OPT_CHOICE:
		for (i = 0; d->choices[i]; i++)
			if (!strcmp(text, d->choices[i])) {
				*(int *)p = (int)i;
				return 0;
			}
		return -EINVAL;
	case OPT_SIZE:
		return parse_size(text, d->min, d->max, p);
	case OPT_LIST: {
		/* the list, then its count (OPT_FIELD_LIST) */
		const char **list = p;
		int *n = (int *)(list + OPTS_MAX_FILTERS);

		if (*n == OPTS_MAX_FILTERS)
			return -E2BIG;
		list[(*n)++] = text;
		return 0;
	}
	}
	return -EINVAL;
}

void opts_defaults(struct opts *o)
{
	size_t i;

	memset(o, 0, sizeof(*o));
	for (i = 0; i < N_OPTS; i++)
		if (table[i].def)
			set_value(o, &table[i], table[i].def);
	o->iterations = -1;	/* decided after parsing */
	o->set_netns = -1;	/* not asked */
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
		if (opts_alias((enum opt_id)i))
			fprintf(f, "      --%-20s the same as --%s\n", opts_alias((enum opt_id)i),
				d->name);
	}
	fprintf(f, "\nSIGINT, SIGTERM and SIGHUP end rdmatop within a second (status 0; a second\n"
		   "signal ends it at once); an exporter (--listen, --textfile without the\n"
		   "dashboard) takes SIGHUP as: read --web-config again.\n"
		   "The endpoint serves the metrics, / (a page), /-/healthy, /-/ready (a sample is\n"
		   "served), gzip when asked, and the socket systemd passes (LISTEN_FDS).\n"
		   "ERR/s sums the rates of a port's counters of class error (a table of the\n"
		   "kernel's counter names, then keyword rules: doc/counters.md); flushes at QP\n"
		   "teardown, congestion (CNPs, ECN) and rxe's ack_deferred are not errors.\n"
		   "IB PMA counters saturate at 2^bits - 1 (4 to 64 bits) instead of wrapping:\n"
		   "a saturated counter's value ends in +, its rate reads sat (JSON\n"
		   "\"saturated\": true, metric rdma_stat_saturated); only a PMA reset\n"
		   "(perfquery -R, privileged, outside rdmatop) clears it.\n"
		   "Exit status: 0 ok, 1 no RDMA (batch mode; --listen and --textfile serve rdma_up 0\n"
		   "and retry every sample) or runtime error, 2 bad usage.\n"
		   "See rdmatop(1); the JSON schema is in doc/json.md (installed in\n"
		   "/usr/share/doc/rdmatop).\n");
}

int opts_parse(struct opts *o, int argc, char **argv, FILE *err)
{
	struct option lo[N_OPTS + N_ALIASES + 1];
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
	for (i = 0; i < N_ALIASES; i++) {
		lo[N_OPTS + i] = lo[aliases[i].id];
		lo[N_OPTS + i].name = aliases[i].name;
	}

	optind = 0;	/* GNU getopt: full re-initialisation */
	opterr = 0;
	while ((c = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		const struct opt_def *d;
		int ret;

		if (c == ':') {
			fprintf(err, "rdmatop: option '%s' needs a value\n", argv[optind - 1]);
			return -EINVAL;
		}
		for (i = 0; i < N_OPTS && table[i].key != c; i++)
			;
		if (i == N_OPTS) {
			fprintf(err, "rdmatop: unknown option '%s' (try --help)\n",
				argv[optind - 1]);
			return -EINVAL;
		}
		d = &table[i];
		ret = set_value(o, d, optarg);
		if (ret == -E2BIG) {
			fprintf(err, "rdmatop: at most %d filters\n", OPTS_MAX_FILTERS);
			return -EINVAL;
		}
		if (ret == -ERANGE) {
			fprintf(err, "rdmatop: value '%s' for --%s is out of range (%.16g to %.16g%s)\n",
				optarg, d->name, d->min, d->max, d->arg == OPT_SIZE ? " bytes" : "");
			return -EINVAL;
		}
		if (ret) {
			fprintf(err, "rdmatop: bad value '%s' for --%s (try --help)\n", optarg,
				d->name);
			return -EINVAL;
		}
		if (i == OPT_JSON) {
			o->batch = true;
			o->output = OPT_OUT_JSON;
		}
	}
	/* --set-qp-counters LINK MODE: its MODE is the one operand there is */
	if (o->set_qp_counters && optind == argc - 1 && !strchr(o->set_qp_counters, ' ')) {
		static char both[320];

		snprintf(both, sizeof(both), "%.255s %.63s", o->set_qp_counters, argv[optind++]);
		o->set_qp_counters = both;
	}
	if (optind < argc) {
		fprintf(err, "rdmatop: unexpected argument '%s' (try --help)\n", argv[optind]);
		return -EINVAL;
	}
	if (o->set_qp_counters && !strchr(o->set_qp_counters, ' ')) {
		fprintf(err, "rdmatop: --set-qp-counters needs LINK and MODE (e.g. mlx5_0/1 type,pid)\n");
		return -EINVAL;
	}
	if (o->set_qp_counters && (o->batch || o->read || o->write || o->set_netns >= 0)) {
		fprintf(err, "rdmatop: --set-qp-counters is a command of its own: not with -b, -r, -w "
			"or --set-netns-mode\n");
		return -EINVAL;
	}
	if (o->iterations < 0)
		o->iterations = 0;
	if (o->set_netns >= 0 && (o->batch || o->read || o->write)) {
		fprintf(err, "rdmatop: --set-netns-mode is a command of its own: not with -b, -r or -w\n");
		return -EINVAL;
	}
	if (o->telemetry_path[0] != '/' || strpbrk(o->telemetry_path, "?#")) {
		fprintf(err, "rdmatop: --telemetry-path is a path: it starts with / and has no ? or #\n");
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
