// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Copy a recording with its bound counters moving: in sample k (from 0)
 * every value of the counters bound to QPs (the STAT_GET dumps of RES_QP:
 * STAT_COUNTER entries, each one counter with its values in
 * STAT_HWCOUNTERS entries, as nldev.c's stat_get_dumpit() and
 * fill_stat_counter_hwcounters() build them) is STEP * k higher.  A
 * fixture's counters are still (tests/hw answers the same bytes each
 * sample); the cluster test needs a job whose errors move.  So that the
 * host's ERR/s, FLUSH/s, CONG/s and UTIL are not 0 either, every port
 * counter (STAT_GET of a port: STAT_HWCOUNTERS at the top, as
 * nldev_stat_get_doit() answers) is STEP * k higher too, and the netdevs'
 * statistics/rx_bytes and tx_bytes RX_STEP * k and TX_STEP * k.
 * Every other input is copied as it was, in its order.
 *
 * usage: bound STEP IN.rdrec OUT.rdrec
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>

#include "nl.h"
#include "record.h"
#include "source.h"

/* one input of the sample being read, kept until its BEGIN can be written */
struct input {
	int type; /* 0 nl, 1 file, 2 net */
	struct nl_req req;
	char path[1024];
	unsigned int what;
	int err;
	void *buf;
	size_t len;
};

struct tee {
	struct input *in;
	size_t n, cap;
	uint64_t add; /* STEP * k for this sample */
	uint64_t k; /* the sample, from 0 */
	int oom;
};

/* the next input, a copy of its bytes; NULL when out of memory */
static struct input *keep(struct tee *t, int type, const char *name, int err, const void *buf,
			  size_t len)
{
	struct input *i;

	if (t->n == t->cap) {
		size_t nc = t->cap ? 2 * t->cap : 256;
		struct input *n = realloc(t->in, nc * sizeof(*n));

		if (!n)
			return NULL;
		t->in = n;
		t->cap = nc;
	}
	i = &t->in[t->n];
	memset(i, 0, sizeof(*i));
	len = buf ? len : 0;
	i->buf = malloc(len ? len : 1);
	if (!i->buf)
		return NULL;
	if (len)
		memcpy(i->buf, buf, len);
	i->len = len;
	i->type = type;
	i->err = err;
	snprintf(i->path, sizeof(i->path), "%s", name);
	t->n++;
	return i;
}

/* fn on each attribute from a up to end */
static void each(struct nlattr *a, const char *end, void (*fn)(struct nlattr *, uint64_t),
		 uint64_t add)
{
	for (; mnl_attr_ok(a, (int)(end - (const char *)a)); a = mnl_attr_next(a))
		fn(a, add);
}

static void nested(struct nlattr *nest, void (*fn)(struct nlattr *, uint64_t), uint64_t add)
{
	each(mnl_attr_get_payload(nest),
	     (const char *)mnl_attr_get_payload(nest) + mnl_attr_get_payload_len(nest), fn, add);
}

static void hw_value(struct nlattr *v, uint64_t add)
{
	uint64_t x;

	if (mnl_attr_get_type(v) != RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE ||
	    mnl_attr_get_payload_len(v) != sizeof(x))
		return;
	memcpy(&x, mnl_attr_get_payload(v), sizeof(x));
	x += add;
	memcpy(mnl_attr_get_payload(v), &x, sizeof(x));
}

static void hw_entry(struct nlattr *e, uint64_t add)
{
	nested(e, hw_value, add);
}

static void counter_attr(struct nlattr *h, uint64_t add)
{
	if (mnl_attr_get_type(h) == RDMA_NLDEV_ATTR_STAT_HWCOUNTERS)
		nested(h, hw_entry, add);
}

static void counter_entry(struct nlattr *c, uint64_t add)
{
	nested(c, counter_attr, add);
}

static void top(struct nlattr *a, uint64_t add)
{
	if (mnl_attr_get_type(a) == RDMA_NLDEV_ATTR_STAT_COUNTER)
		nested(a, counter_entry, add);
}

/* a port's own counters: STAT_HWCOUNTERS at the top of the answer */
static void port_top(struct nlattr *a, uint64_t add)
{
	counter_attr(a, add);
}

/* each message: STAT_COUNTER, its STAT_COUNTER_ENTRY nests (one a
 * counter), their STAT_HWCOUNTERS entries, each one's VALUE (fn top); or
 * a port's STAT_HWCOUNTERS (fn port_top) */
static void advance(void *buf, size_t len, void (*fn)(struct nlattr *, uint64_t), uint64_t add)
{
	struct nlmsghdr *nlh = buf;
	int left = (int)len;

	for (; mnl_nlmsg_ok(nlh, left); nlh = mnl_nlmsg_next(nlh, &left))
		if (nlh->nlmsg_type != NLMSG_DONE && nlh->nlmsg_type != NLMSG_ERROR)
			each(mnl_nlmsg_get_payload(nlh), mnl_nlmsg_get_payload_tail(nlh), fn, add);
}

/* bytes a sample the netdevs' counters move: 2 GB/s received and 0.8 GB/s
 * sent at the cluster test's -d 0.5, 16% of the fixture's 100 Gb/s */
#define RX_STEP 1000000000ULL
#define TX_STEP 400000000ULL

static bool ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), m = strlen(end);

	return n >= m && !strcmp(s + n - m, end);
}

/* a netdev's statistics/rx_bytes or tx_bytes, its number moved on; the
 * file as read where it holds no number */
static void bytes_file(struct input *i, uint64_t k)
{
	uint64_t step = 0, v;
	char text[32], *end;
	void *b;
	int n;

	if (ends_with(i->path, "/statistics/rx_bytes"))
		step = RX_STEP;
	else if (ends_with(i->path, "/statistics/tx_bytes"))
		step = TX_STEP;
	if (!step || i->err || !i->len || i->len >= sizeof(text))
		return;
	memcpy(text, i->buf, i->len);
	text[i->len] = '\0';
	v = strtoull(text, &end, 10);
	if (end == text || (*end && strcmp(end, "\n")))
		return;
	n = snprintf(text, sizeof(text), "%" PRIu64 "\n", v + step * k);
	b = realloc(i->buf, (size_t)n);
	if (!b)
		return;
	memcpy(b, text, (size_t)n);
	i->buf = b;
	i->len = (size_t)n;
}

static int t_nl(void *ctx, const struct nl_req *req, const void *buf, size_t len)
{
	struct tee *t = ctx;
	struct input *i = keep(t, 0, "", 0, buf, len);

	if (!i)
		return t->oom = -ENOMEM;
	i->req = *req;
	if (req->cmd == RDMA_NLDEV_CMD_STAT_GET && req->kind == NL_REQ_STAT_QP &&
	    (req->flags & NLM_F_DUMP))
		advance(i->buf, i->len, top, t->add);
	else if (req->cmd == RDMA_NLDEV_CMD_STAT_GET && req->kind == NL_REQ_PLAIN &&
		 !(req->flags & NLM_F_DUMP))
		advance(i->buf, i->len, port_top, t->add);
	return 0;
}

static int t_file(void *ctx, const char *path, int err, const void *buf, size_t len)
{
	struct tee *t = ctx;
	struct input *i = keep(t, 1, path, err, buf, len);

	if (!i)
		return t->oom = -ENOMEM;
	bytes_file(i, t->k);
	return 0;
}

static int t_net(void *ctx, unsigned int what, const char *ndev, int err, const void *buf,
		 size_t len)
{
	struct tee *t = ctx;
	struct input *i = keep(t, 2, ndev, err, buf, len);

	if (!i)
		return t->oom = -ENOMEM;
	i->what = what;
	return 0;
}

/* the sample as read, its inputs after its BEGIN */
static int put(struct raw_sink *o, struct tee *t, const struct snapshot *s)
{
	int ret = o->begin(o->ctx, s);
	size_t k;

	for (k = 0; k < t->n && !ret; k++) {
		struct input *i = &t->in[k];

		if (i->type == 0)
			ret = o->nl(o->ctx, &i->req, i->buf, i->len);
		else if (i->type == 1)
			ret = o->file(o->ctx, i->path, i->err, i->len ? i->buf : NULL, i->len);
		else
			ret = o->net(o->ctx, i->what, i->path, i->err, i->len ? i->buf : NULL,
				     i->len);
	}
	for (k = 0; k < t->n; k++)
		free(t->in[k].buf);
	t->n = 0;
	return ret ? ret : o->end(o->ctx, s);
}

int main(int argc, char **argv)
{
	struct tee t = { 0 };
	struct raw_sink sink = { .ctx = &t, .nl = t_nl, .file = t_file, .net = t_net };
	struct source src = { 0 };
	struct rec_writer *w;
	struct snapshot s;
	uint64_t step;
	char err[256];
	int ret = 0, k;

	if (argc != 4) {
		fprintf(stderr, "usage: bound STEP IN.rdrec OUT.rdrec\n");
		return 2;
	}
	step = strtoull(argv[1], NULL, 10);
	if (source_replay_open(&src, argv[2], err, sizeof(err))) {
		fprintf(stderr, "bound: %s\n", err);
		return 1;
	}
	if (rec_writer_open(&w, argv[3])) {
		fprintf(stderr, "bound: cannot write %s\n", argv[3]);
		return 1;
	}
	src.sink = &sink;
	snap_init(&s);
	for (k = 0; !ret; k++) {
		snap_clear(&s);
		t.add = step * (uint64_t)k;
		t.k = (uint64_t)k;
		ret = src.ops->sample(&src, &s);
		if (ret == 1 || t.oom)
			break;
		if (ret < 0)
			fprintf(stderr, "bound: sample %d: %s\n", k + 1, strerror(-ret));
		else
			ret = put(rec_writer_sink(w), &t, &s);
	}
	while (t.n)
		free(t.in[--t.n].buf);
	free(t.in);
	snap_free(&s);
	src.ops->close(&src);
	if (rec_writer_close(w) || t.oom || ret < 0) {
		fprintf(stderr, "bound: %s not written whole\n", argv[3]);
		return 1;
	}
	printf("%d samples\n", k);
	return 0;
}
