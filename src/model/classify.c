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

const struct cnt_entry *cnt_lookup(const char *name)
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

uint8_t cnt_classify(const char *name, uint8_t *flags)
{
	const struct cnt_entry *e = cnt_lookup(name);
	size_t r, w;

	if (e) {
		*flags = e->flags;
		return e->cls;
	}
	*flags = CNT_F_RULE;
	for (r = 0; name && r < ARRAY_SIZE(rules); r++)
		for (w = 0; rules[r].words[w]; w++)
			if (strcasestr(name, rules[r].words[w]))
				return rules[r].cls;
	*flags = CNT_F_DEFAULT;
	return CNT_INFO;
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
