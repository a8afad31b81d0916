// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A paced recording replays to the tables and ages the live run had: a
 * real 6.12 recording is rewritten as a paced run records (the QP dumps of
 * odd samples left out, a cost record naming a budget in every sample,
 * and in their place the GETs a dashboard showing the first two QPs
 * sends, answered as nldev.c's res_get_common_doit() does from the
 * dump's entries of those QPs), then replayed through the same steps as the dashboard and batch mode
 * (snap_carry, rate_compute).  With RDMATOP_PACED_OUT set, the rewritten
 * recording is also written there (tests/data/synth/paced.rdrec).
 */
#include <errno.h>
#include <math.h>
#include <unistd.h>

#include "nl.h"
#include "rate.h"
#include "record.h"
#include "source.h"
#include "test.h"
#include "util.h"

const char *test_data(const char *rel);

/*
 * The rewriting sink: a replay feeds records but does not begin or end
 * samples, so each sample's records are kept and written once it is in
 * (its times known), minus odd samples' QP dumps, plus a cost record.
 */
struct rec {
	bool nl;
	struct nl_req req;
	char path[256];
	int err;
	void *buf;
	size_t len;
};

struct paced {
	struct raw_sink *out;
	struct raw_sink sink;
	long sample;
	struct rec recs[4096];
	size_t n;
	unsigned int gets;	/* GET answers made in this sample */
};

#define GETS 2

/*
 * The answer to a GET of one QP, from its dump entry: the device handle
 * (fill_nldev_handle: DEV_INDEX, DEV_NAME), then fill_res_qp_entry()'s
 * attributes at the top level, no RES_QP nest, no NLM_F_MULTI (nldev.c
 * res_get_common_doit, 6.1 to 7.x), as rdmatop asks for it (req).
 */
static int get_answer(struct paced *p, const struct nlmsghdr *dump, const struct nlattr *idx,
		      const struct nlattr *name, const struct nlattr *entry, uint32_t dev);

static int get_answers(struct paced *p, const struct nl_req *req, const void *buf, size_t len)
{
	/* a replay's bytes sit at any offset: read them aligned */
	static uint32_t copy[NL_BUF_SIZE / 4];
	const struct nlmsghdr *nlh = (const void *)copy;
	int rem = (int)len, ret;

	if (len > sizeof(copy))
		return -EMSGSIZE;
	memcpy(copy, buf, len);

	for (; mnl_nlmsg_ok(nlh, rem); nlh = mnl_nlmsg_next(nlh, &rem)) {
		const struct nlattr *a, *e, *idx = NULL, *name = NULL, *table = NULL;

		if (nlh->nlmsg_type < NLMSG_MIN_TYPE)
			continue;
		mnl_attr_for_each(a, nlh, 0) {
			if (mnl_attr_get_type(a) == RDMA_NLDEV_ATTR_DEV_INDEX)
				idx = a;
			else if (mnl_attr_get_type(a) == RDMA_NLDEV_ATTR_DEV_NAME)
				name = a;
			else if (mnl_attr_get_type(a) == RDMA_NLDEV_ATTR_RES_QP)
				table = a;
		}
		if (!idx || !name || !table)
			continue;
		mnl_attr_for_each_nested(e, table) {
			if (p->gets == GETS)
				return 0;
			if ((ret = get_answer(p, nlh, idx, name, e, req->dev)))
				return ret;
		}
	}
	return 0;
}

static int keep(struct paced *p, bool nl, const struct nl_req *req, const char *path, int err,
		const void *buf, size_t len)
{
	struct rec *r;

	if (p->n == sizeof(p->recs) / sizeof(p->recs[0]))
		return -ENOSPC;
	r = &p->recs[p->n++];
	memset(r, 0, sizeof(*r));
	r->nl = nl;
	if (req)
		r->req = *req;
	if (path)
		snprintf(r->path, sizeof(r->path), "%s", path);
	r->err = err;
	r->len = len;
	r->buf = malloc(len ? len : 1);
	if (!r->buf)
		return -ENOMEM;
	if (len)
		memcpy(r->buf, buf, len);
	return 0;
}

static int p_nl(void *ctx, const struct nl_req *req, const void *buf, size_t len)
{
	struct paced *p = ctx;

	if ((p->sample & 1) && req->cmd == RDMA_NLDEV_CMD_RES_QP_GET && (req->flags & NLM_F_DUMP))
		return get_answers(p, req, buf, len);
	return keep(p, true, req, NULL, 0, buf, len);
}

static int get_answer(struct paced *p, const struct nlmsghdr *dump, const struct nlattr *idx,
		      const struct nlattr *name, const struct nlattr *entry, uint32_t dev)
{
	static unsigned char out[NL_BUF_SIZE];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(out);
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_RES_QP_GET, .dev = dev, .kind = NL_REQ_OBJ };
	const struct nlattr *a;

	nlh->nlmsg_type = dump->nlmsg_type;
	nlh->nlmsg_flags = 0;
	nlh->nlmsg_seq = dump->nlmsg_seq;
	nlh->nlmsg_pid = dump->nlmsg_pid;
	mnl_attr_put(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, mnl_attr_get_payload_len(idx),
		     mnl_attr_get_payload(idx));
	mnl_attr_put(nlh, RDMA_NLDEV_ATTR_DEV_NAME, mnl_attr_get_payload_len(name),
		     mnl_attr_get_payload(name));
	mnl_attr_for_each_nested(a, entry) {
		mnl_attr_put(nlh, a->nla_type, mnl_attr_get_payload_len(a), mnl_attr_get_payload(a));
		if (mnl_attr_get_type(a) == RDMA_NLDEV_ATTR_PORT_INDEX)
			req.port = mnl_attr_get_u32(a);
		else if (mnl_attr_get_type(a) == RDMA_NLDEV_ATTR_RES_LQPN)
			req.id = mnl_attr_get_u32(a);
	}
	if (!req.port)
		return 0;	/* bound to no port: no GET can ask for it */
	p->gets++;
	return keep(p, true, &req, NULL, 0, nlh, nlh->nlmsg_len);
}

static int p_file(void *ctx, const char *path, int err, const void *buf, size_t len)
{
	return keep(ctx, false, NULL, path, err, buf, len);
}

/* The sample is in: write it, with what a paced run would have recorded. */
static int flush(struct paced *p, const struct snapshot *s)
{
	struct snap_self m = { .budget = 3, .utime = 0.01 * (double)p->sample,
			       .stime = 0.02 * (double)p->sample, .wall = 0.005 };
	char text[1024];
	size_t i;
	int n, ret;

	m.cost[SNAP_COST_RES + SNAP_RES_QP] = (p->sample & 1) ? 0 : 0.004;
	ret = p->out->begin(p->out->ctx, s);
	for (i = 0; i < p->n; i++) {
		struct rec *r = &p->recs[i];

		if (!ret)
			ret = r->nl ? p->out->nl(p->out->ctx, &r->req, r->buf, r->len) :
				      p->out->file(p->out->ctx, r->path, r->err, r->buf, r->len);
		free(r->buf);
	}
	p->n = 0;
	p->gets = 0;
	n = snap_self_format(&m, text, sizeof(text));
	if (!ret && n > 0)
		ret = p->out->file(p->out->ctx, SOURCE_SELF, 0, text, (size_t)n);
	p->sample++;
	return ret ? ret : p->out->end(p->out->ctx, s);
}

static int rewrite(const char *from, const char *to)
{
	struct source src = { 0 };
	struct rec_writer *w;
	static struct paced p;
	struct snapshot s;
	char err[256];
	int ret;

	if (source_replay_open(&src, from, err, sizeof(err)))
		return -ENOENT;
	if (rec_writer_open(&w, to)) {
		source_close(&src);
		return -EIO;
	}
	memset(&p, 0, sizeof(p));
	p.out = rec_writer_sink(w);
	p.sink = (struct raw_sink){ .ctx = &p, .nl = p_nl, .file = p_file };
	src.sink = &p.sink;
	snap_init(&s);
	for (;;) {
		snap_clear(&s);
		ret = source_sample(&src, &s);
		if (ret || (ret = flush(&p, &s)))
			break;
	}
	snap_free(&s);
	source_close(&src);
	return rec_writer_close(w) || ret < 0 ? -EIO : 0;
}

static double secs(const struct timespec *a, const struct timespec *b)
{
	return ts_diff(a, b);
}

static void test_replay_paced(void)
{
	const char *out = getenv("RDMATOP_PACED_OUT");
	char path[256], err[256];
	struct source src = { 0 };
	struct snapshot snaps[2], *prev = NULL, *cur;
	long i;
	int ret, odd = 0;

	snprintf(path, sizeof(path), "/tmp/rdmatop-test-paced-%d.rdrec", (int)getpid());
	CHECK_EQ_U(rewrite(test_data("linux-6.12-rxe/bw.rdrec"), out ? out : path), 0);
	CHECK_EQ_U(source_replay_open(&src, out ? out : path, err, sizeof(err)), 0);
	snap_init(&snaps[0]);
	snap_init(&snaps[1]);
	for (i = 0;; i++) {
		const struct snap_dev *d;

		cur = &snaps[i & 1];
		snap_clear(cur);
		ret = source_sample(&src, cur);
		if (ret)
			break;
		snap_carry(prev, cur);
		rate_compute(prev, cur);
		CHECK(cur->self.valid & SNAP_SELF_BUDGET);
		d = cur->devs.n ? SNAP_AT(&cur->devs, struct snap_dev, 0) : NULL;
		CHECK(d != NULL);
		if (!d)
			break;
		if (i & 1) {
			/* carried: the previous sample's rows, as old as its dump */
			odd++;
			CHECK(!(d->res_asked & (1u << SNAP_RES_QP)));
			CHECK(d->res_carried & (1u << SNAP_RES_QP));
			CHECK(cur->qps.n > 0 && cur->qps.n == prev->qps.n);
			/* but the first two rows read again by their GETs: their
			 * own time, rates over their own span; the rest as old */
			for (size_t k = 0; k < cur->qps.n; k++) {
				const struct snap_qp *q = SNAP_AT(&cur->qps, struct snap_qp, k);
				const struct snap_qp *o = SNAP_AT(&prev->qps, struct snap_qp, k);

				CHECK_EQ_U(q->lqpn, o->lqpn);
				CHECK_EQ_U(!!(q->valid & SNAP_QP_WHEN), k < GETS);
				if (k < GETS) {
					CHECK(snap_qp_age(cur, q) == 0);
					CHECK(q->sq_psn != o->sq_psn);
					CHECK(fabs(q->sq_psn_rate - rate_psn_delta(o->sq_psn, q->sq_psn) /
						   secs(&prev->mono, &cur->mono)) < 1e-2);
				} else {
					CHECK(fabs(snap_qp_age(cur, q) - secs(&prev->mono, &cur->mono)) <
					      1e-6);
				}
			}
			CHECK(fabs(snap_table_age(cur, SNAP_RES_QP) - secs(&prev->mono, &cur->mono)) <
			      1e-6);
			CHECK(snap_table_age(cur, SNAP_RES_QP) > 0);
			/* the last QP dump's cost is the previous sample's */
			CHECK(fabs(cur->self.dump[SNAP_RES_QP] - 0.004) < 1e-9);
			/* and the CQs, dumped, are fresh */
			CHECK_EQ_U(snap_table_age(cur, SNAP_RES_CQ), 0);
		} else {
			CHECK_EQ_U(snap_table_age(cur, SNAP_RES_QP), 0);
		}
		if (prev)
			CHECK(cur->self.valid & SNAP_SELF_RATE);
		prev = cur;
	}
	CHECK_EQ_U(ret, 1);
	CHECK_EQ_U(odd, 1);	/* three samples: the middle one paced */
	snap_free(&snaps[0]);
	snap_free(&snaps[1]);
	source_close(&src);
	unlink(path);
}

TEST_MAIN(test_replay_paced)
