// SPDX-License-Identifier: GPL-2.0-or-later
/* The settings' table, their one setter, the command line and --help
 * (see settings.h). */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "settings.h"

_Static_assert(offsetof(struct settings, n_filters) ==
	       offsetof(struct settings, filters) + sizeof(((struct settings *)0)->filters),
	       "a list's count follows it");

static const struct setting table[SET_N] = {
#define SETTING_ROW(id_, field, type_, ...)                                                     \
	[SET_##id_] = { .id = SET_##id_, .type = SET_##type_,                                   \
			.off = offsetof(struct settings, field), __VA_ARGS__ },
	SETTINGS_ALL(SETTING_ROW)
#undef SETTING_ROW
};

const struct setting *settings_table(size_t *n)
{
	*n = SET_N;
	return table;
}

const struct setting *settings_find(const char *name)
{
	size_t i;

	for (i = 0; i < SET_N; i++)
		if (!strcmp(table[i].name, name) || (table[i].alias && !strcmp(table[i].alias, name)))
			return &table[i];
	return NULL;
}

/* getopt's value for row d: its letter, or 256 + its index */
static int getopt_val(const struct setting *d)
{
	return d->key ? d->key : 256 + (int)d->id;
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

int settings_number(enum setting_id id, const char *text, double *v)
{
	const struct setting *d = (unsigned int)id < SET_N ? &table[id] : NULL;
	long l;
	int ret;

	if (d && d->type == SET_DOUBLE)
		return parse_double(text, d->min, d->max, v);
	if (d && d->type == SET_INT) {
		ret = parse_long(text, (long)d->min, (long)d->max, &l);
		*v = (double)l;
		return ret;
	}
	return -EINVAL;
}

static int parse_flag(const char *v, bool *out)
{
	if (!v || !strcmp(v, "yes") || !strcmp(v, "true") || !strcmp(v, "on") || !strcmp(v, "1"))
		*out = true;
	else if (!strcmp(v, "no") || !strcmp(v, "false") || !strcmp(v, "off") || !strcmp(v, "0"))
		*out = false;
	else
		return -EINVAL;
	return 0;
}

int settings_set(struct settings *s, enum setting_id id, const char *text)
{
	const struct setting *d = (unsigned int)id < SET_N ? &table[id] : NULL;
	void *p;
	size_t i;
	int ret;

	if (!d || (!text && d->type != SET_FLAG))
		return -EINVAL;
	p = (char *)s + d->off;
	switch (d->type) {
	case SET_FLAG:
		return parse_flag(text, p);
	case SET_INT: {
		long v;

		ret = parse_long(text, (long)d->min, (long)d->max, &v);
		if (!ret)
			*(long *)p = v;
		return ret;
	}
	case SET_DOUBLE: {
		double v;

		ret = parse_double(text, d->min, d->max, &v);
		if (!ret)
			*(double *)p = v;
		return ret;
	}
	case SET_STR:
		*(const char **)p = text;
		return 0;
	case SET_CHOICE:
		for (i = 0; d->choices[i]; i++)
			if (!strcmp(text, d->choices[i])) {
				*(int *)p = (int)i;
				return 0;
			}
		return -EINVAL;
	case SET_SIZE: {
		uint64_t v;

		ret = parse_size(text, d->min, d->max, &v);
		if (!ret)
			*(uint64_t *)p = v;
		return ret;
	}
	case SET_LIST: {
		/* the list, then its count (SETTING_FIELD_LIST) */
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

static void set_default(struct settings *s, const struct setting *d)
{
	void *p = (char *)s + d->off;

	switch (d->type) {
	case SET_FLAG: *(bool *)p = false; break;
	case SET_INT: *(long *)p = 0; break;
	case SET_DOUBLE: *(double *)p = 0; break;
	case SET_STR: *(const char **)p = NULL; break;
	case SET_CHOICE: *(int *)p = -1; break;
	case SET_SIZE: *(uint64_t *)p = 0; break;
	case SET_LIST: *(int *)((const char **)p + OPTS_MAX_FILTERS) = 0; break;
	}
	if (d->def)
		settings_set(s, d->id, d->def);
}

void settings_reset(struct settings *s, enum setting_id id)
{
	if ((unsigned int)id < SET_N)
		set_default(s, &table[id]);
}

const char *settings_why(enum setting_id id, const char *text, int ret, char *buf, size_t len)
{
	const struct setting *d = &table[(unsigned int)id < SET_N ? id : 0];

	if (ret == -E2BIG)
		snprintf(buf, len, "at most %d values for --%s", OPTS_MAX_FILTERS, d->name);
	else if (ret == -ERANGE)
		snprintf(buf, len, "value '%.200s' for --%s is out of range (%.16g to %.16g%s)",
			 text ? text : "", d->name, d->min, d->max,
			 d->type == SET_SIZE ? " bytes" : "");
	else if (d->type == SET_FLAG)
		snprintf(buf, len, "'%s' takes yes or no", d->name);
	else
		snprintf(buf, len, "bad value '%.200s' for --%s", text ? text : "", d->name);
	return buf;
}

void settings_store_init(struct settings_store *st, const struct settings *from)
{
	memset(st, 0, sizeof(*st));
	st->s = *from;
}

static void store_drop(struct settings_store *st, enum setting_id id)
{
	size_t i;

	for (i = 0; i < OPTS_MAX_FILTERS; i++) {
		free(st->own[id][i]);
		st->own[id][i] = NULL;
	}
}

int settings_store_set(struct settings_store *st, enum setting_id id, const char *text)
{
	const struct setting *d = (unsigned int)id < SET_N ? &table[id] : NULL;
	struct settings was;
	size_t slot = 0;
	char *copy;
	int ret;

	if (!d)
		return -EINVAL;
	if (!text) {
		store_drop(st, id);
		settings_reset(&st->s, id);
		return 0;
	}
	if (d->type == SET_LIST) {
		slot = (size_t)*(const int *)((const char *)&st->s + d->off +
					      OPTS_MAX_FILTERS * sizeof(const char *));
		if (slot >= OPTS_MAX_FILTERS)
			return -E2BIG;
	}
	copy = strdup(text);
	if (!copy)
		return -ENOMEM;
	was = st->s;
	ret = settings_set(&st->s, id, copy);
	if (ret) {
		st->s = was;
		free(copy);
		return ret;
	}
	free(st->own[id][slot]);
	st->own[id][slot] = copy;
	return 0;
}

void settings_store_free(struct settings_store *st)
{
	size_t i;

	for (i = 0; i < SET_N; i++)
		store_drop(st, (enum setting_id)i);
}

void settings_defaults(struct settings *s)
{
	size_t i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < SET_N; i++)
		set_default(s, &table[i]);
}

/* text from column col, wrapped at 80 columns, each line after the first
 * indented to column ind */
static void put_wrapped(FILE *f, const char *text, int col, int ind)
{
	const char *p = text;

	while (*p) {
		int room = 80 - col, n = (int)strlen(p);

		if (n > room) {
			for (n = room; n > 0 && p[n] != ' '; n--)
				;
			if (n <= 0)
				n = room;
		}
		fprintf(f, "%.*s\n", n, p);
		p += n;
		while (*p == ' ')
			p++;
		if (*p)
			fprintf(f, "%*s", ind, "");
		col = ind;
	}
}

void settings_usage(FILE *f)
{
	size_t i;

	fprintf(f, "Usage: rdmatop [OPTION]...\n"
		   "Show RDMA devices, links, queue pairs and the processes holding them.\n\n");
	for (i = 0; i < SET_N; i++) {
		const struct setting *d = &table[i];
		char left[64];
		int n;

		n = snprintf(left, sizeof(left), "%s%c%s--%s%s%s", d->key ? "-" : " ",
			     d->key ? d->key : ' ', d->key ? ", " : "  ", d->name,
			     d->metavar ? " " : "", d->metavar ? d->metavar : "");
		/* the help beside the option, or below a long one */
		if (n <= 24)
			fprintf(f, "  %-24s  ", left);
		else
			fprintf(f, "  %s\n%28s", left, "");
		put_wrapped(f, d->help, 28, 28);
		if (d->alias)
			fprintf(f, "      --%-18s  the same as --%s\n", d->alias, d->name);
	}
	fprintf(f, "\nSIGINT, SIGTERM and SIGHUP end rdmatop within a second (status 0; a second\n"
		   "signal ends it at once); an exporter (--listen, --textfile without the\n"
		   "dashboard) takes SIGHUP as: read --web-config again.\n"
		   "The endpoint serves the metrics, / (a page), /-/healthy, /-/ready (a sample is\n"
		   "served), gzip when asked, and the socket systemd passes (LISTEN_FDS).\n"
		   "Keys: h, ? or F1 in the dashboard lists them (man rdmatop, THE DASHBOARD, Keys).\n"
		   "ERR/s is every error of a port once: its counters of class error (a table of\n"
		   "the kernel's counter names, then keyword rules: doc/counters.md) less those\n"
		   "that count an event another counter counts already; flushes at QP teardown,\n"
		   "congestion (CNPs, ECN) and rxe's ack_deferred are not errors.\n"
		   "IB PMA counters saturate at 2^bits - 1 (4 to 64 bits) instead of wrapping:\n"
		   "a saturated counter's value ends in +, its rate reads sat (JSON\n"
		   "\"saturated\": true, metric rdma_stat_saturated); only a PMA reset\n"
		   "(perfquery -R, privileged, outside rdmatop) clears it.\n"
		   "Exit status: 0 ok, 1 no RDMA (batch mode; --listen and --textfile serve\n"
		   "rdma_up 0 and retry every sample) or runtime error, 2 bad usage.\n"
		   "See rdmatop(1); the JSON schema is in doc/json.md (installed in\n"
		   "/usr/share/doc/rdmatop).\n");
}

/* getopt_long's tables from the settings' table: lo (2 * SET_N + 1
 * entries, an alias its own) and the short options so (SET_N * 2 + 2) */
static void getopt_tables(struct option *lo, char *so)
{
	char *p = so;
	size_t i, n = 0;

	*p++ = ':';
	memset(lo, 0, (2 * SET_N + 1) * sizeof(*lo));
	for (i = 0; i < SET_N; i++) {
		const struct setting *d = &table[i];

		lo[n].name = d->name;
		lo[n].has_arg = d->type == SET_FLAG ? no_argument : required_argument;
		lo[n++].val = getopt_val(d);
		if (d->alias) {
			lo[n] = lo[n - 1];
			lo[n++].name = d->alias;
		}
		if (d->key) {
			*p++ = (char)d->key;
			if (d->type != SET_FLAG)
				*p++ = ':';
		}
	}
	*p = '\0';
}

/* One option getopt_long returned (c) into o: 0, or -EINVAL said on err */
static int parse_option(struct settings *o, int c, char **argv, FILE *err)
{
	char why[300];
	size_t i;
	int ret;

	if (c == ':') {
		fprintf(err, "rdmatop: option '%s' needs a value\n", argv[optind - 1]);
		return -EINVAL;
	}
	for (i = 0; i < SET_N && getopt_val(&table[i]) != c; i++)
		;
	if (i == SET_N) {
		fprintf(err, "rdmatop: unknown option '%s' (try --help)\n", argv[optind - 1]);
		return -EINVAL;
	}
	/* a switch on the command line is set; its value is for the config */
	ret = settings_set(o, (enum setting_id)i, table[i].type == SET_FLAG ? NULL : optarg);
	if (ret) {
		settings_why((enum setting_id)i, optarg, ret, why, sizeof(why));
		fprintf(err, "rdmatop: %s%s\n", why, ret == -EINVAL ? " (try --help)" : "");
		return -EINVAL;
	}
	if (i == SET_JSON) {
		o->batch = true;
		o->output = OPT_OUT_JSON;
	}
	return 0;
}

/* What follows the options: --set-qp-counters' MODE, or nothing */
static int parse_operands(struct settings *o, int argc, char **argv, FILE *err)
{
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
	return 0;
}

/* The commands (set a mode, bind, move, turn counters on) run alone */
static int check_commands(const struct settings *o, FILE *err)
{
	if (o->set_qp_counters && (o->batch || o->read || o->write || o->set_netns >= 0)) {
		fprintf(err, "rdmatop: --set-qp-counters is a command of its own: not with -b, -r, -w "
			"or --set-netns-mode\n");
		return -EINVAL;
	}
	if (o->set_netns >= 0 && (o->batch || o->read || o->write)) {
		fprintf(err, "rdmatop: --set-netns-mode is a command of its own: not with -b, -r or -w\n");
		return -EINVAL;
	}
	if (o->opt_counters && (o->batch || o->read || o->write || o->set_netns >= 0 ||
				o->set_qp_counters || o->bind_qp_counter || o->unbind_qp_counter ||
				o->move_netns)) {
		fprintf(err, "rdmatop: --optional-counters is a command of its own: not with -b, -r, "
			"-w or another setting\n");
		return -EINVAL;
	}
	if (o->move_netns && (o->batch || o->read || o->write || o->set_netns >= 0 ||
			      o->set_qp_counters || o->bind_qp_counter || o->unbind_qp_counter)) {
		fprintf(err, "rdmatop: --move-netns is a command of its own: not with -b, -r, -w or "
			"another setting\n");
		return -EINVAL;
	}
	if ((o->bind_qp_counter || o->unbind_qp_counter) &&
	    (o->batch || o->read || o->write || o->set_netns >= 0 || o->set_qp_counters ||
	     (o->bind_qp_counter && o->unbind_qp_counter))) {
		fprintf(err, "rdmatop: --%s is a command of its own: not with -b, -r, -w or another "
			"setting\n", o->bind_qp_counter ? "bind-qp-counter" : "unbind-qp-counter");
		return -EINVAL;
	}
	return 0;
}

/* Settings that need or exclude another, and the telemetry path's form */
static int check_pairs(const struct settings *o, FILE *err)
{
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

int settings_parse(struct settings *o, int argc, char **argv, FILE *err)
{
	struct option lo[2 * SET_N + 1];
	char so[SET_N * 2 + 2];
	int c, ret;

	getopt_tables(lo, so);
	optind = 0;	/* GNU getopt: full re-initialisation */
	opterr = 0;
	while ((c = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		ret = parse_option(o, c, argv, err);
		if (ret)
			return ret;
	}
	ret = parse_operands(o, argc, argv, err);
	if (!ret)
		ret = check_commands(o, err);
	if (!ret)
		ret = check_pairs(o, err);
	return ret;
}
