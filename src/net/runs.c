// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A netdev's counter rows as runs (struct snap_counter's run and set): a
 * driver's kept string set (estats.c), and the rows one netlink answer
 * pushes through net_push_name for a netdev of one RDMA port (DCB's
 * requests and indications, the pause and FEC statistics, the standard
 * groups).  An answer's template is the sequence of its names' memos
 * (struct net_name, each with a serial of its text); the same sequence
 * again is the same template, so its rows pair with the sample before's
 * run by position.  All under net_parse's lock.
 */
#include <stdlib.h>
#include <string.h>

#include "net.h"

uint32_t net_set_serial(void)
{
	static uint32_t serial;

	if (!++serial)
		serial = 1; /* after 2^32 templates: the oldest long gone */
	return serial;
}

static int by_hash(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

bool net_names_differ(size_t n, const char *(*name)(const void *ctx, size_t i), const void *ctx)
{
	uint64_t *h = n ? malloc(n * 2 * sizeof(*h)) : NULL;
	bool ok = h != NULL;
	size_t i, j;

	for (i = 0; ok && i < n; i++) {
		h[2 * i] = snap_name_hash(name(ctx, i));
		h[2 * i + 1] = i;
	}
	if (ok)
		qsort(h, n, 2 * sizeof(*h), by_hash);
	for (i = 1; ok && i < n; i++)
		for (j = i; j-- && h[2 * j] == h[2 * i];)
			if (snap_same_name(name(ctx, h[2 * i + 1]), name(ctx, h[2 * j + 1])))
				ok = false;
	free(h);
	return ok;
}

/* the names' memos an answer pushed, in order */
#define PUSHED_MAX 512
static struct {
	uint32_t serial[PUSHED_MAX];
	size_t n;
	bool over;
	size_t first; /* the answer's first row */
} pushed;

/* the templates seen: an answer's memos, and whether their names differ */
#define TEMPLATES 32
static struct tmpl {
	uint32_t *serial;
	size_t n;
	uint32_t set; /* 0: the names meet (no run) */
	uint64_t used;
} tmpls[TEMPLATES];
static uint64_t tmpls_clock;

void net_runs_start(const struct snapshot *s)
{
	pushed.n = 0;
	pushed.over = false;
	pushed.first = s->counters.n;
}

void net_runs_note(struct net_name *nm)
{
	if (!nm->serial)
		nm->serial = net_set_serial();
	if (pushed.n < PUSHED_MAX)
		pushed.serial[pushed.n++] = nm->serial;
	else
		pushed.over = true;
}

static const char *row_name(const void *ctx, size_t i)
{
	const struct snapshot *s = ctx;

	return snap_s(s, SNAP_AT(&s->counters, struct snap_counter, pushed.first + i)->name);
}

/* the template of the answer's memos (its names looked at once), NULL
 * where there is no memory */
static struct tmpl *tmpl_of(const struct snapshot *s)
{
	struct tmpl *t, *old = &tmpls[0];
	size_t i, bytes = pushed.n * sizeof(pushed.serial[0]);

	for (i = 0; i < TEMPLATES; i++) {
		t = &tmpls[i];
		if (t->serial && t->n == pushed.n && !memcmp(t->serial, pushed.serial, bytes)) {
			t->used = ++tmpls_clock;
			return t;
		}
		if (t->used < old->used)
			old = t;
	}
	t = old;
	free(t->serial);
	memset(t, 0, sizeof(*t));
	if (!(t->serial = malloc(bytes)))
		return NULL;
	memcpy(t->serial, pushed.serial, bytes);
	t->n = pushed.n;
	t->set = net_names_differ(pushed.n, row_name, s) ? net_set_serial() : 0;
	t->used = ++tmpls_clock;
	return t;
}

void net_runs_end(struct snapshot *s, const struct snap_net *n)
{
	struct snap_counter *c;
	const struct tmpl *t;
	size_t i, k = s->counters.n - pushed.first;

	/* one row a push: a netdev of one port, every row the answer's */
	if (n->n_ports != 1 || pushed.over || k != pushed.n || k < 2 || k > UINT16_MAX)
		return;
	c = SNAP_AT(&s->counters, struct snap_counter, pushed.first);
	for (i = 1; i < k; i++)
		if (c[i].source != c[0].source || c[i].dev != c[0].dev || c[i].port != c[0].port)
			return;
	if (c[0].run || !(t = tmpl_of(s)) || !t->set)
		return;
	for (i = 0; i < k; i++)
		c[i].set = t->set;
	c[0].run = (uint16_t)k;
}
