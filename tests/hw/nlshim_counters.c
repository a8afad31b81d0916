// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The shim applying the QP counter controls it accepts (with
 * RDMATOP_HW_COUNTERS, a state file kept across processes; without it
 * the answers are the fixture's alone).  The fixture decides each answer
 * (tests/hw/gen_stat.c: answer_stat_bind, answer_stat_set); an accepted
 * one is remembered, one a line, and later reads answer as the kernel
 * would then (drivers/infiniband/core/counters.c and nldev.c, 6.12):
 *   bind D P LQPN CNTN   STAT_SET, STAT_MODE = MANUAL, RES_LQPN: the QP in
 *                        the counter of the reply's STAT_COUNTER_ID
 *                        (rdma_counter_bind_qpn[_alloc]; a new id is a
 *                        counter allocated: port, id, STAT_MODE manual,
 *                        the QP, the port's counters at 0, as
 *                        fill_res_counter_entry() puts them)
 *   unbind D P LQPN CNTN STAT_DEL (rdma_counter_unbind_qpn): the QP out of
 *                        it; a counter left without QPs is freed
 *                        (counter_release) and leaves the dump
 *   mode D P MASK OPCNT  STAT_SET, STAT_MODE = AUTO (rdma_counter_set_auto_
 *                        mode): auto with MASK, or off (MASK 0): manual
 *                        while counters remain on the port, none else
 * The bound counters' dump (stat_get dump dev=D [port=P] res=19) lists
 * each counter's QPs so changed; the port's mode (stat_get dev=D port=P
 * res=19) says auto with its mask when set so, else manual while the
 * port has counters, none without (the optional-counters flag of 6.15+
 * kept where the fixture's answer had it).  RDMATOP_HW_COUNTERS_TAMPER:
 * the set is acked but nothing changes (a self-test: the reader must
 * notice).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rdma/rdma_netlink.h>

#include "nlshim.h"

#define MAX_OPS 64
#define MAX_QPS 64
#define MAX_NEW 16

static struct op {
	char kind;		/* 'b' bind, 'u' unbind, 'm' mode */
	unsigned int dev, port, lqpn, cntn;
	int mask, opcnt;
} ops[MAX_OPS];
static size_t nops;

static void load(void)
{
	const char *path = getenv("RDMATOP_HW_COUNTERS");
	char kind[16];
	struct op o;
	FILE *fp;

	nops = 0;
	if (!path || !(fp = fopen(path, "re")))
		return;
	while (nops < MAX_OPS && fscanf(fp, "%15s %u %u", kind, &o.dev, &o.port) == 3) {
		memset(&o.lqpn, 0, sizeof(o) - offsetof(struct op, lqpn));
		if (!strcmp(kind, "mode") ? fscanf(fp, "%d %d", &o.mask, &o.opcnt) != 2 :
					    fscanf(fp, "%u %u", &o.lqpn, &o.cntn) != 2)
			break;
		o.kind = kind[0] == 'u' ? 'u' : kind[0];
		ops[nops++] = o;
	}
	fclose(fp);
}

/* " NAME=VALUE" of a fixture key, -1 when absent */
static long long keyval(const char *key, const char *name)
{
	char pat[32];
	const char *at;

	snprintf(pat, sizeof(pat), " %s=", name);
	at = strstr(key, pat);
	return at ? strtoll(at + strlen(pat), NULL, 10) : -1;
}

/* ---- attributes ---- */

static const struct nlattr *attr_next(const unsigned char **p, const unsigned char *end)
{
	const struct nlattr *a = (const struct nlattr *)*p;

	if (*p + NLA_HDRLEN > end || a->nla_len < NLA_HDRLEN || *p + a->nla_len > end)
		return NULL;
	*p += NLA_ALIGN(a->nla_len);
	return a;
}

#define ATTR_TYPE(a) ((a)->nla_type & NLA_TYPE_MASK)
#define ATTR_DATA(a) ((const unsigned char *)(a) + NLA_HDRLEN)
#define ATTR_END(a) ((const unsigned char *)(a) + (a)->nla_len)

static long long attr_u32_in(const unsigned char *p, const unsigned char *end, unsigned int type)
{
	const struct nlattr *a;
	uint32_t v;

	while ((a = attr_next(&p, end)))
		if (ATTR_TYPE(a) == type && a->nla_len >= NLA_HDRLEN + 4) {
			memcpy(&v, ATTR_DATA(a), 4);
			return v;
		}
	return -1;
}

struct buf {
	unsigned char *b;
	size_t len, cap;
};

static void put(struct buf *o, const void *data, size_t len)
{
	size_t want = o->len + NLA_ALIGN(len);

	if (want > o->cap) {
		size_t cap = o->cap ? o->cap * 2 : 4096;
		unsigned char *nb;

		while (cap < want)
			cap *= 2;
		nb = realloc(o->b, cap);
		if (!nb)
			abort();	/* a test helper: out of memory is the end */
		o->b = nb;
		o->cap = cap;
	}
	memcpy(o->b + o->len, data, len);
	memset(o->b + o->len + len, 0, NLA_ALIGN(len) - len);
	o->len = want;
}

static size_t nest_start(struct buf *o, unsigned int type)
{
	struct nlattr a = { .nla_len = NLA_HDRLEN, .nla_type = (uint16_t)(type | NLA_F_NESTED) };
	size_t at = o->len;

	put(o, &a, sizeof(a));
	return at;
}

static void nest_end(struct buf *o, size_t at)
{
	uint16_t len = (uint16_t)(o->len - at);

	memcpy(o->b + at, &len, 2);
}

static void put_attr(struct buf *o, unsigned int type, const void *data, size_t len)
{
	struct nlattr a = { .nla_len = (uint16_t)(NLA_HDRLEN + len), .nla_type = (uint16_t)type };
	size_t at = o->len;

	put(o, &a, sizeof(a));
	o->len = at + NLA_HDRLEN;
	put(o, data, len);
}

static void put_u32(struct buf *o, unsigned int type, uint32_t v)
{
	put_attr(o, type, &v, 4);
}

static void put_copy(struct buf *o, const struct nlattr *a)
{
	put(o, a, a->nla_len);
}

/* ---- the bound counters ---- */

/* cntn of dev/port's QPs after the ops, from the fixture's; 1 when an op
 * touched it */
static int qps_after(unsigned int dev, unsigned int port, unsigned int cntn, uint32_t *q, size_t *n)
{
	int touched = 0;

	for (size_t i = 0; i < nops; i++) {
		const struct op *o = &ops[i];
		size_t k;

		if (o->kind == 'm' || o->dev != dev || o->port != port || o->cntn != cntn)
			continue;
		touched = 1;
		for (k = 0; k < *n && q[k] != o->lqpn; k++)
			;
		if (o->kind == 'b' && k == *n && *n < MAX_QPS)
			q[(*n)++] = o->lqpn;
		else if (o->kind == 'u' && k < *n)
			memmove(&q[k], &q[k + 1], (--*n - k) * sizeof(q[0]));
	}
	return touched;
}

static void put_qps(struct buf *o, const uint32_t *q, size_t n)
{
	size_t t = nest_start(o, RDMA_NLDEV_ATTR_RES_QP);

	for (size_t i = 0; i < n; i++) {
		size_t e = nest_start(o, RDMA_NLDEV_ATTR_RES_QP_ENTRY);

		put_u32(o, RDMA_NLDEV_ATTR_RES_LQPN, q[i]);
		nest_end(o, e);
	}
	nest_end(o, t);
}

/* one counter entry as the ops leave it; 0 when it is freed */
static int put_entry(struct buf *o, unsigned int dev, const struct nlattr *e)
{
	long long port = attr_u32_in(ATTR_DATA(e), ATTR_END(e), RDMA_NLDEV_ATTR_PORT_INDEX);
	long long cntn = attr_u32_in(ATTR_DATA(e), ATTR_END(e), RDMA_NLDEV_ATTR_STAT_COUNTER_ID);
	const unsigned char *p = ATTR_DATA(e);
	const struct nlattr *a, *qa;
	uint32_t q[MAX_QPS];
	size_t n = 0, at;

	while ((a = attr_next(&p, ATTR_END(e))))
		if (ATTR_TYPE(a) == RDMA_NLDEV_ATTR_RES_QP) {
			const unsigned char *qp = ATTR_DATA(a);

			while ((qa = attr_next(&qp, ATTR_END(a)))) {
				long long l = attr_u32_in(ATTR_DATA(qa), ATTR_END(qa), RDMA_NLDEV_ATTR_RES_LQPN);

				if (l >= 0 && n < MAX_QPS)
					q[n++] = (uint32_t)l;
			}
		}
	if (port >= 0 && cntn >= 0 && qps_after(dev, (unsigned int)port, (unsigned int)cntn, q, &n) && !n)
		return 0;	/* counter_release(): its last QP gone */
	at = nest_start(o, RDMA_NLDEV_ATTR_STAT_COUNTER_ENTRY);
	p = ATTR_DATA(e);
	while ((a = attr_next(&p, ATTR_END(e))))
		if (ATTR_TYPE(a) == RDMA_NLDEV_ATTR_RES_QP)
			put_qps(o, q, n);
		else
			put_copy(o, a);
	nest_end(o, at);
	return 1;
}

/* a counter bind_qpn_alloc made: port, id, manual, its QP, the port's
 * counters at 0 (its HWCOUNTERS from the port's answer) */
static int put_new(struct buf *o, unsigned int dev, unsigned int port, unsigned int cntn)
{
	uint32_t q[MAX_QPS], mode = RDMA_COUNTER_MODE_MANUAL;
	size_t n = 0, at;
	char key[64];
	const struct fix_rec *r;
	const unsigned char *p;
	const struct nlattr *a;

	qps_after(dev, port, cntn, q, &n);
	if (!n)
		return 0;
	at = nest_start(o, RDMA_NLDEV_ATTR_STAT_COUNTER_ENTRY);
	put_u32(o, RDMA_NLDEV_ATTR_PORT_INDEX, port);
	put_u32(o, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, cntn);
	put_u32(o, RDMA_NLDEV_ATTR_STAT_MODE, mode);
	put_qps(o, q, n);
	snprintf(key, sizeof(key), "stat_get dev=%u port=%u", dev, port);
	r = fix_find(&nlshim_fixture, key);
	if (r && !r->error && r->nmsgs == 1) {
		p = r->msgs[0].data + NLMSG_HDRLEN;
		while ((a = attr_next(&p, r->msgs[0].data + r->msgs[0].len)))
			if (ATTR_TYPE(a) == RDMA_NLDEV_ATTR_STAT_HWCOUNTERS) {
				size_t t = o->len;
				const unsigned char *ep = ATTR_DATA(a);
				const struct nlattr *ent;

				put_copy(o, a);
				/* every ENTRY_VALUE to 0 in the copy */
				while ((ent = attr_next(&ep, ATTR_END(a)))) {
					const unsigned char *vp = ATTR_DATA(ent);
					const struct nlattr *v;

					while ((v = attr_next(&vp, ATTR_END(ent))))
						if (ATTR_TYPE(v) == RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE)
							memset(o->b + t + ((const unsigned char *)v - (const unsigned char *)a) +
								       NLA_HDRLEN, 0, v->nla_len - NLA_HDRLEN);
				}
			}
	}
	nest_end(o, at);
	return 1;
}

static int seen(const unsigned int *ids, size_t n, unsigned int id)
{
	for (size_t i = 0; i < n; i++)
		if (ids[i] == id)
			return 1;
	return 0;
}

/* the new counters of dev (on port, or any when port < 0) in a nest */
static int put_news(struct buf *o, unsigned int dev, long long port, unsigned int *ids, size_t *nids,
		    long long count_port, size_t *count)
{
	int any = 0;

	for (size_t i = 0; i < nops; i++) {
		const struct op *op = &ops[i];

		if (op->kind != 'b' || op->dev != dev || (port >= 0 && op->port != port) ||
		    seen(ids, *nids, op->cntn))
			continue;
		if (*nids < 256)
			ids[(*nids)++] = op->cntn;
		if (put_new(o, dev, op->port, op->cntn)) {
			any = 1;
			*count += op->port == count_port;
		}
	}
	return any;
}

static void msg_done(struct buf *out, size_t start, size_t *lens, size_t *nmsgs)
{
	uint32_t len = (uint32_t)(out->len - start);

	memcpy(out->b + start, &len, 4);
	lens[(*nmsgs)++] = len;
}

/* The dump's messages as the ops leave them, in *out (each message's
 * STAT_COUNTER nest rebuilt; the new counters at the end of the last);
 * the number of counters on port count_port in *count. */
static void dump_after(const struct fix_rec *r, unsigned int dev, long long port, struct buf *out,
		       size_t *lens, size_t *nmsgs, long long count_port, size_t *count)
{
	unsigned int ids[256];
	size_t nids = 0;

	*nmsgs = 0;
	*count = 0;
	/* a first pass for the ids the fixture has */
	for (uint32_t m = 0; m < r->nmsgs; m++) {
		const unsigned char *p = r->msgs[m].data + NLMSG_HDRLEN, *end = r->msgs[m].data + r->msgs[m].len;
		const struct nlattr *a, *e;

		while ((a = attr_next(&p, end)))
			if (ATTR_TYPE(a) == RDMA_NLDEV_ATTR_STAT_COUNTER)
				for (const unsigned char *ep = ATTR_DATA(a); (e = attr_next(&ep, ATTR_END(a)));) {
					long long id = attr_u32_in(ATTR_DATA(e), ATTR_END(e),
								   RDMA_NLDEV_ATTR_STAT_COUNTER_ID);

					if (id >= 0 && nids < 256)
						ids[nids++] = (unsigned int)id;
				}
	}
	if (!r->nmsgs) {
		/* no message: one, with the handle nldev_get_doit() gives */
		struct nlmsghdr h = { .nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_STAT_GET),
				      .nlmsg_flags = NLM_F_MULTI };
		char key[32];
		const struct fix_rec *g;
		size_t t;

		snprintf(key, sizeof(key), "get dev=%u", dev);
		g = fix_find(&nlshim_fixture, key);
		put(out, &h, NLMSG_HDRLEN);
		put_u32(out, RDMA_NLDEV_ATTR_DEV_INDEX, dev);
		if (g && !g->error && g->nmsgs) {
			const unsigned char *p = g->msgs[0].data + NLMSG_HDRLEN;
			const struct nlattr *a;

			while ((a = attr_next(&p, g->msgs[0].data + g->msgs[0].len)))
				if (ATTR_TYPE(a) == RDMA_NLDEV_ATTR_DEV_NAME)
					put_copy(out, a);
		}
		t = nest_start(out, RDMA_NLDEV_ATTR_STAT_COUNTER);
		if (put_news(out, dev, port, ids, &nids, count_port, count)) {
			nest_end(out, t);
			msg_done(out, 0, lens, nmsgs);
		} else {
			out->len = 0;
		}
		return;
	}
	for (uint32_t m = 0; m < r->nmsgs; m++) {
		const unsigned char *p = r->msgs[m].data + NLMSG_HDRLEN, *end = r->msgs[m].data + r->msgs[m].len;
		const struct nlattr *a, *e;
		size_t start = out->len;

		put(out, r->msgs[m].data, NLMSG_HDRLEN);
		while ((a = attr_next(&p, end))) {
			size_t t;

			if (ATTR_TYPE(a) != RDMA_NLDEV_ATTR_STAT_COUNTER) {
				put_copy(out, a);
				continue;
			}
			t = nest_start(out, RDMA_NLDEV_ATTR_STAT_COUNTER);
			for (const unsigned char *ep = ATTR_DATA(a); (e = attr_next(&ep, ATTR_END(a)));) {
				long long cp = attr_u32_in(ATTR_DATA(e), ATTR_END(e), RDMA_NLDEV_ATTR_PORT_INDEX);

				if (put_entry(out, dev, e))
					*count += cp == count_port;
			}
			if (m + 1 == r->nmsgs)
				put_news(out, dev, port, ids, &nids, count_port, count);
			nest_end(out, t);
		}
		msg_done(out, start, lens, nmsgs);
	}
}

static const struct fix_rec *as_rec(const struct fix_rec *r, struct buf *out, const size_t *lens, size_t n)
{
	struct fix_rec *nr = calloc(1, sizeof(*nr));
	struct fix_msg *m = calloc(n ? n : 1, sizeof(*m));
	size_t off = 0;

	if (!nr || !m)
		abort();
	*nr = *r;
	nr->nmsgs = (uint32_t)n;
	nr->msgs = m;
	for (size_t i = 0; i < n; i++) {
		m[i].len = (uint32_t)lens[i];
		m[i].data = out->b + off;
		off += lens[i];
	}
	return nr;
}

/* the counters on dev/port after the ops */
static size_t counters_on(unsigned int dev, unsigned int port)
{
	char key[64];
	const struct fix_rec *r;
	struct buf out = { 0 };
	size_t lens[64], n, count;

	snprintf(key, sizeof(key), "stat_get dump dev=%u res=%u", dev, RDMA_NLDEV_ATTR_RES_QP);
	r = fix_find(&nlshim_fixture, key);
	if (!r || r->error || r->nmsgs > 63)
		return 0;
	dump_after(r, dev, -1, &out, lens, &n, port, &count);
	free(out.b);
	return count;
}

/* stat_get_doit_qp() without a counter: the port's mode after the ops */
static const struct fix_rec *mode_after(const struct fix_rec *r, unsigned int dev, unsigned int port)
{
	const struct op *last = NULL;
	const unsigned char *p, *end;
	const struct nlattr *a;
	struct buf out = { 0 };
	long long mode = -1, mask = 0;
	int opcnt = -1, touched = 0;
	size_t len;

	for (size_t i = 0; i < nops; i++)
		if (ops[i].dev == dev && ops[i].port == port) {
			touched = 1;
			if (ops[i].kind == 'm')
				last = &ops[i];
		}
	if (!touched || r->nmsgs != 1)
		return r;
	p = r->msgs[0].data + NLMSG_HDRLEN;
	end = r->msgs[0].data + r->msgs[0].len;
	put(&out, r->msgs[0].data, NLMSG_HDRLEN);
	while ((a = attr_next(&p, end))) {
		if (ATTR_TYPE(a) == RDMA_NLDEV_ATTR_STAT_MODE)
			mode = attr_u32_in((const unsigned char *)a, ATTR_END(a), RDMA_NLDEV_ATTR_STAT_MODE);
		else if (ATTR_TYPE(a) == RDMA_NLDEV_ATTR_STAT_AUTO_MODE_MASK)
			mask = attr_u32_in((const unsigned char *)a, ATTR_END(a), RDMA_NLDEV_ATTR_STAT_AUTO_MODE_MASK);
		else if (ATTR_TYPE(a) == RDMA_NLDEV_ATTR_STAT_OPCOUNTER_ENABLED)
			opcnt = *ATTR_DATA(a);
		else
			put_copy(&out, a);
	}
	if (last) {
		mode = last->mask ? RDMA_COUNTER_MODE_AUTO : RDMA_COUNTER_MODE_NONE;
		mask = last->mask;
		if (opcnt >= 0)
			opcnt = last->opcnt > 0;
	}
	if (mode != RDMA_COUNTER_MODE_AUTO)
		mode = counters_on(dev, port) ? RDMA_COUNTER_MODE_MANUAL : RDMA_COUNTER_MODE_NONE;
	put_u32(&out, RDMA_NLDEV_ATTR_STAT_MODE, (uint32_t)mode);
	if (mode == RDMA_COUNTER_MODE_AUTO) {
		uint8_t o = (uint8_t)opcnt;

		put_u32(&out, RDMA_NLDEV_ATTR_STAT_AUTO_MODE_MASK, (uint32_t)mask);
		if (opcnt >= 0)
			put_attr(&out, RDMA_NLDEV_ATTR_STAT_OPCOUNTER_ENABLED, &o, 1);
	}
	len = out.len;
	memcpy(out.b, &(uint32_t){ (uint32_t)len }, 4);
	return as_rec(r, &out, &len, 1);
}

const struct fix_rec *nlshim_counters_view(const char *key, const struct fix_rec *r)
{
	long long dev = keyval(key, "dev"), port = keyval(key, "port");
	struct buf out = { 0 };
	size_t lens[64], n, count;

	if (!getenv("RDMATOP_HW_COUNTERS") || !r || r->error || dev < 0 ||
	    keyval(key, "res") != RDMA_NLDEV_ATTR_RES_QP || keyval(key, "counter") >= 0 ||
	    keyval(key, "lqpn") >= 0 || strncmp(key, "stat_get ", 9))
		return r;
	load();
	if (!nops)
		return r;
	if (strncmp(key, "stat_get dump ", 14))
		return port >= 0 && !strstr(key, " dd=") ? mode_after(r, (unsigned int)dev, (unsigned int)port) : r;
	if (r->nmsgs > 63)
		return r;
	nlshim_log("RDMATOP_HW_TRACE", "counters as bound and unbound: %s", key);
	dump_after(r, (unsigned int)dev, port, &out, lens, &n, -2, &count);
	return as_rec(r, &out, lens, n);
}

void nlshim_counters_apply(const char *key, const struct fix_rec *r)
{
	const char *path = getenv("RDMATOP_HW_COUNTERS");
	long long dev = keyval(key, "dev"), port = keyval(key, "port"), lqpn = keyval(key, "lqpn");
	long long cntn = keyval(key, "counter"), mode = keyval(key, "mode"), mask = keyval(key, "mask");
	char line[128] = "";
	FILE *fp;

	if (!path || !r || r->error || dev < 0 || port < 0 || keyval(key, "res") != RDMA_NLDEV_ATTR_RES_QP)
		return;
	if (!strncmp(key, "stat_del ", 9) && lqpn >= 0 && cntn >= 0) {
		snprintf(line, sizeof(line), "unbind %lld %lld %lld %lld", dev, port, lqpn, cntn);
	} else if (!strncmp(key, "stat_set ", 9) && lqpn >= 0 && mode == RDMA_COUNTER_MODE_MANUAL) {
		/* the counter: the reply's STAT_COUNTER_ID (a new one when allocated) */
		if (r->nmsgs)
			cntn = attr_u32_in(r->msgs[0].data + NLMSG_HDRLEN, r->msgs[0].data + r->msgs[0].len,
					   RDMA_NLDEV_ATTR_STAT_COUNTER_ID);
		if (cntn < 0)
			return;
		snprintf(line, sizeof(line), "bind %lld %lld %lld %lld", dev, port, lqpn, cntn);
	} else if (!strncmp(key, "stat_set ", 9) && lqpn < 0 && mode == RDMA_COUNTER_MODE_AUTO) {
		snprintf(line, sizeof(line), "mode %lld %lld %lld %lld", dev, port, mask, keyval(key, "opcnt"));
	} else {
		return;
	}
	nlshim_log("RDMATOP_HW_TRACE", "counters: %s%s", line,
		   getenv("RDMATOP_HW_COUNTERS_TAMPER") ? " (tampered: not applied)" : "");
	if (getenv("RDMATOP_HW_COUNTERS_TAMPER") || !(fp = fopen(path, "ae")))
		return;
	fprintf(fp, "%s\n", line);
	fclose(fp);
}

/* STAT_DEL of a QP bound here (no fixture key has it): rdma_counter_
 * unbind_qpn() unbinds it; nldev_stat_del_doit()'s reply as gen_stat.c's
 * bind_reply: a STAT_SET message, the handle, port, counter, LQPN. */
const struct fix_rec *nlshim_counters_answer(const char *key, const struct fix_rec *r)
{
	long long dev = keyval(key, "dev"), port = keyval(key, "port"), lqpn = keyval(key, "lqpn");
	long long cntn = keyval(key, "counter");
	struct nlmsghdr h = { .nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_STAT_SET) };
	static const struct fix_rec none;
	const struct fix_rec *g;
	struct buf out = { 0 };
	char gkey[32];
	int in = 0;
	size_t len;

	if ((r && !r->error) || !getenv("RDMATOP_HW_COUNTERS") || strncmp(key, "stat_del ", 9) || dev < 0 ||
	    port < 0 || lqpn < 0 || cntn < 0)
		return r;
	load();
	for (size_t i = 0; i < nops; i++)
		if (ops[i].kind != 'm' && ops[i].dev == dev && ops[i].port == port && ops[i].lqpn == lqpn &&
		    ops[i].cntn == cntn)
			in = ops[i].kind == 'b';
	if (!in)
		return r;
	nlshim_log("RDMATOP_HW_TRACE", "counters: %s answered (QP %lld bound here)", key, lqpn);
	put(&out, &h, NLMSG_HDRLEN);
	put_u32(&out, RDMA_NLDEV_ATTR_DEV_INDEX, (uint32_t)dev);
	snprintf(gkey, sizeof(gkey), "get dev=%lld", dev);
	g = fix_find(&nlshim_fixture, gkey);
	if (g && !g->error && g->nmsgs) {
		const unsigned char *p = g->msgs[0].data + NLMSG_HDRLEN;
		const struct nlattr *a;

		while ((a = attr_next(&p, g->msgs[0].data + g->msgs[0].len)))
			if (ATTR_TYPE(a) == RDMA_NLDEV_ATTR_DEV_NAME)
				put_copy(&out, a);
	}
	put_u32(&out, RDMA_NLDEV_ATTR_PORT_INDEX, (uint32_t)port);
	put_u32(&out, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, (uint32_t)cntn);
	put_u32(&out, RDMA_NLDEV_ATTR_RES_LQPN, (uint32_t)lqpn);
	len = out.len;
	memcpy(out.b, &(uint32_t){ (uint32_t)len }, 4);
	return as_rec(&none, &out, &len, 1);
}
