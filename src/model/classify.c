// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Counter classification (classify.h): the table of classify_tab.c, looked
 * up through one sorted index built on first use, then the keyword rules
 * for names no table knows.  The parsers call it once per counter read.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "snapshot.h"
#include "util.h"

/* The rules, first match wins, for names the table does not know: a
 * newer driver's counters, a driver without a table here, hfi1's chip
 * counters.  Flushes before errors ("flush_error" is no fault of its
 * own), congestion before errors ("cnp_err" would be about CNPs). */
static const char *const w_flush[] = { "flush", NULL };
static const char *const w_flow[] = { "pause", "xon", "xoff", "pfc", NULL };
static const char *const w_cong[] = { "cnp", "ecn", "congest", NULL };
static const char *const w_err[] = {
	"err", "drop", "discard", "dscd", "timeout", "retrans", "retry", "nak", "rnr",
	"out_of_seq", "duplicate", "overflow", "oflow", "overrun", "invalid",
	"violation", "bad", "malformed", "fail", "lost", "trunc", "crc", "symbol",
	"link_down", NULL,
};
static const char *const w_traffic[] = {
	"bytes", "octets", "pkts", "packets", "words", "reads", "writes", "sends",
	"recvs", "requests", "_req", "resp", "atomic", "segs", NULL,
};
static const char *const w_info[] = { "active", "watermark", "cnt", "count", NULL };

static const struct cnt_rule rules[] = {
	{ w_flush, CNT_FLUSH, "work requests flushed by a QP in the error state" },
	{ w_flow, CNT_FLOW, "pause and PFC frames, XON/XOFF, their durations" },
	{ w_cong, CNT_CONGESTION, "congestion notifications, ECN marks" },
	{ w_err, CNT_ERROR, "names of failures, drops, retries and timeouts" },
	{ w_traffic, CNT_TRAFFIC, "names of packets, bytes and requests" },
	{ w_info, CNT_INFO, "resource counts" },
};

struct ix {
	const char *name;
	const struct cnt_entry *e;
};

static struct ix *index_v;
static size_t index_n;
static pthread_once_t index_once = PTHREAD_ONCE_INIT;

static int ix_cmp(const void *a, const void *b)
{
	return strcmp(((const struct ix *)a)->name, ((const struct ix *)b)->name);
}

static void index_build(void)
{
	size_t ng, g, i, n = 0, k;
	const struct cnt_group *grp = cnt_groups(&ng);

	for (g = 0; g < ng; g++)
		n += grp[g].n;
	index_v = malloc(n * sizeof(*index_v));
	if (!index_v)
		return;	/* no table: the rules alone */
	for (g = 0; g < ng; g++)
		for (i = 0; i < grp[g].n; i++)
			index_v[index_n++] = (struct ix){ grp[g].e[i].name, &grp[g].e[i] };
	qsort(index_v, index_n, sizeof(*index_v), ix_cmp);
	/* a name in several groups: keep one (tests/unit/test_classify.c
	 * checks that all its entries agree) */
	for (i = 0, k = 0; i < index_n; i++)
		if (!k || strcmp(index_v[k - 1].name, index_v[i].name))
			index_v[k++] = index_v[i];
	index_n = k;
}

static const struct cnt_entry *find(const char *name)
{
	struct ix key = { name, NULL }, *r;

	r = bsearch(&key, index_v, index_n, sizeof(*index_v), ix_cmp);
	return r ? r->e : NULL;
}

/* the table's entry for name, looked up */
static const struct cnt_entry *lookup(const char *name)
{
	const struct cnt_entry *e;
	char buf[96];
	size_t len, d;

	pthread_once(&index_once, index_build);
	if (!name || !index_v)
		return NULL;
	e = find(name);
	if (e)
		return e;
	/* mlx5 switchdev representors: "vport_" + the q counter's name */
	if (!strncmp(name, "vport_", 6) && (e = find(name + 6)))
		return e;
	/* a number the driver appends (hfi1 TxPktVL15, RcvHdrOvr3): NAME# */
	len = strlen(name);
	for (d = len; d > 0 && isdigit((unsigned char)name[d - 1]); d--)
		;
	if (d == len || d == 0 || d + 2 > sizeof(buf))
		return NULL;
	memcpy(buf, name, d);
	buf[d] = '#';
	buf[d + 1] = '\0';
	return find(buf);
}

static struct cnt_info classify(const char *name)
{
	struct cnt_info i = { .e = lookup(name) };
	size_t r, w;

	if (i.e) {
		i.flags = i.e->flags;
		i.cls = i.e->cls;
		return i;
	}
	i.flags = CNT_F_RULE;
	for (r = 0; name && r < ARRAY_SIZE(rules); r++)
		for (w = 0; rules[r].words[w]; w++)
			if (strcasestr(name, rules[r].words[w])) {
				i.cls = rules[r].cls;
				return i;
			}
	i.flags = CNT_F_DEFAULT;
	i.cls = CNT_INFO;
	return i;
}

/*
 * What is known of the names seen, process-wide: the parsers class every
 * counter every sample, the same few hundred names each time, and a
 * lookup is a bsearch of strcmps (300 instructions), a name the table
 * lacks every rule's strcasestr (thousands).  A bounded open-addressed
 * table keyed by the name as its source gave it, its slots written once
 * but for the units of the first MEMO_UNITS unit functions that ask
 * (cnt_name) and the name's string in the snapshot being filled; a name
 * too long for one, or past the probes, is looked up each time.
 */
#define MEMO_N 4096
#define MEMO_PROBES 8
#define MEMO_UNITS 2
static struct memo {
	char name[CNT_MEMO_NAME];	/* as given: a NUL inside kept */
	uint8_t len;
	bool used;
	struct cnt_info i;
	struct {
		uint8_t (*of)(const char *name);
		uint8_t unit;
	} u[MEMO_UNITS];
	struct snap_str_memo str;
} memo[MEMO_N];
static pthread_mutex_t memo_lock = PTHREAD_MUTEX_INITIALIZER;

/* The name as printed (snap_name's), made at most once a call. */
struct esc {
	const char *raw;
	size_t len;
	bool made;
	char buf[1024];
};

static const char *esc(struct esc *e)
{
	if (!e->made)
		snap_name_esc(e->buf, sizeof(e->buf), e->raw, e->len > 255 ? 255 : e->len);
	e->made = true;
	return e->buf;
}

/* m's unit by unit_of, kept where there is room */
static uint8_t memo_unit(struct memo *m, uint8_t (*unit_of)(const char *), struct esc *e)
{
	size_t k;

	if (!unit_of)
		return 0;
	for (k = 0; k < MEMO_UNITS; k++) {
		if (m->u[k].of == unit_of)
			return m->u[k].unit;
		if (!m->u[k].of) {
			m->u[k].of = unit_of;
			return m->u[k].unit = unit_of(esc(e));
		}
	}
	return unit_of(esc(e));
}

/* what is known of a name no slot keeps */
static struct cnt_info unkept(struct snapshot *s, uint8_t (*unit_of)(const char *),
			      struct esc *e, uint32_t *id)
{
	struct cnt_info i = classify(esc(e));

	i.unit = unit_of ? unit_of(esc(e)) : 0;
	if (id)
		*id = snap_str(s, esc(e), sizeof(e->buf));
	return i;
}

struct cnt_info cnt_name(struct snapshot *s, const char *raw, size_t len,
			 uint8_t (*unit_of)(const char *name), uint32_t *id)
{
	uint64_t h = 1469598103934665603ULL;
	struct esc e;
	struct cnt_info i;
	struct memo *m = NULL;
	size_t k;

	while (len && !raw[len - 1])
		len--;	/* the terminating NUL (nla_put_string), and padding */
	e.raw = raw;
	e.len = len;
	e.made = false;
	if (len >= CNT_MEMO_NAME)
		return unkept(s, unit_of, &e, id);
	for (k = 0; k < len; k++)
		h = (h ^ (uint8_t)raw[k]) * 1099511628211ULL;
	pthread_mutex_lock(&memo_lock);
	for (k = 0; k < MEMO_PROBES; k++) {
		m = &memo[(h + k) % MEMO_N];
		if (!m->used || (m->len == len && !memcmp(m->name, raw, len)))
			break;
	}
	if (k == MEMO_PROBES) {
		pthread_mutex_unlock(&memo_lock);
		return unkept(s, unit_of, &e, id);
	}
	if (!m->used) {
		memcpy(m->name, raw, len);
		m->len = (uint8_t)len;
		m->i = classify(esc(&e));
		m->used = true;
	}
	i = m->i;
	i.unit = memo_unit(m, unit_of, &e);
	if (id) {
		if (!m->str.id || m->str.gen != s->strs.gen || m->str.id >= s->strs.len) {
			m->str.id = snap_str(s, esc(&e), sizeof(e.buf));
			m->str.gen = s->strs.gen;
		}
		*id = m->str.id;
	}
	pthread_mutex_unlock(&memo_lock);
	return i;
}

struct cnt_info cnt_info(const char *name)
{
	return name ? cnt_name(NULL, name, strlen(name), NULL, NULL) : classify(name);
}

const struct cnt_entry *cnt_lookup(const char *name)
{
	return cnt_info(name).e;
}

uint8_t cnt_classify(const char *name, uint8_t *flags)
{
	struct cnt_info i = cnt_info(name);

	*flags = i.flags;
	return i.cls;
}

void snap_counter_mark(struct snap_counter *c, const struct cnt_entry *e)
{
	/* what it is to its link's throughput (view_link_rates reads it on
	 * every screen) */
	c->link = (uint8_t)(1 + (e ? e->link : CNT_L_NONE));
	if (c->source != SNAP_SRC_HW || (c->sat & SNAP_CNT_SATURATES))
		return;
	if (!e || !e->sat || e->width != CNT_W_64)
		return;
	c->sat = SNAP_CNT_SATURATES;
	if (c->value == snap_counter_max(c))
		c->sat |= SNAP_CNT_SATURATED;
}

void snap_counter_class(struct snap_counter *c, const char *name)
{
	struct cnt_info i = cnt_info(name);

	c->cls = i.cls;
	c->cls_flags = i.flags;
	snap_counter_mark(c, i.e);
}

const char *cnt_class_name(uint8_t cls)
{
	static const char *const n[CNT_CLASS_N] = {
		[CNT_INFO] = "info", [CNT_TRAFFIC] = "traffic", [CNT_ERROR] = "error",
		[CNT_FLUSH] = "flush", [CNT_CONGESTION] = "congestion", [CNT_FLOW] = "flow",
	};

	return cls < CNT_CLASS_N ? n[cls] : "info";
}

const char *cnt_by_name(uint8_t flags)
{
	return flags & CNT_F_DEFAULT ? "default" : flags & CNT_F_RULE ? "rule" : "table";
}

const struct cnt_rule *cnt_rules(size_t *n)
{
	*n = ARRAY_SIZE(rules);
	return rules;
}

/* a "bytes" at b in name after a number of its own: a size bucket */
static bool size_bucket(const char *name, const char *b)
{
	const char *d = b - 1;

	if (d <= name || *d != '_')
		return false;
	while (d > name && d[-1] >= '0' && d[-1] <= '9')
		d--;
	/* digits, and before them the start, '_' or "to" of "65_to_127" */
	return d < b - 1 && (d == name || d[-1] == '_');
}

uint8_t cnt_unit(const char *name)
{
	const char *b;

	if (strcasestr(name, "duration"))
		return SNAP_UNIT_USEC;
	b = strcasestr(name, "bytes");
	if (b && size_bucket(name, b))
		return SNAP_UNIT_PACKETS;
	/* irdma verbs.c: ip4InOctets, ip4InPkts, tcpInSegs */
	if (b || strcasestr(name, "octets"))
		return SNAP_UNIT_BYTES;
	if (strcasestr(name, "pkts") || strcasestr(name, "packets"))
		return SNAP_UNIT_PACKETS;
	return SNAP_UNIT_EVENTS;
}

const char *cnt_unit_name(uint8_t unit)
{
	static const char *const names[SNAP_UNIT_N] = {
		[SNAP_UNIT_EVENTS] = "events", [SNAP_UNIT_PACKETS] = "packets",
		[SNAP_UNIT_BYTES] = "bytes", [SNAP_UNIT_USEC] = "microseconds",
	};

	return unit < SNAP_UNIT_N ? names[unit] : "events";
}
