// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Resource tables of the real 6.1/6.12 rxe captures: every row `rdma -j`
 * printed must be parsed with the same values, and every key rdma left
 * out must be "n/a" (validity bit clear) in ours.
 */
#include <arpa/inet.h>
#include <sys/socket.h>

#include "test_nl_ref.h"

struct ref {
	struct snapshot s;
	char *txt;
	int n;
};

static void ref_load_mode(struct ref *r, const char *kernel, const char *name,
			  bool per_port)
{
	struct replay rp;

	snap_init(&r->s);
	replay_mode(&r->s, kernel, name, &rp, per_port);
	CHECK_EQ_U(rp.errors, 0);
	r->txt = load_txt(kernel, name);
	CHECK(r->txt != NULL);
	r->n = r->txt ? json_count(r->txt) : 0;
}

static void ref_load(struct ref *r, const char *kernel, const char *name)
{
	ref_load_mode(r, kernel, name, false);
}

static void ref_free(struct ref *r)
{
	free(r->txt);
	snap_free(&r->s);
}

static void check_str(const char *obj, const char *key, const char *ours)
{
	char v[256] = "";

	CHECK(json_get(obj, key, v, sizeof(v)));
	CHECK_EQ_S(ours, v);
}

/* rdma prints keys (lkey, rkey, local_dma_lkey) as bare hex strings */
static void check_hex(const char *obj, const char *key, uint32_t ours)
{
	char b[16];

	snprintf(b, sizeof(b), "%x", ours);
	check_str(obj, key, b);
}

static void check_addr(const char *obj, const char *key, const struct snap_addr *a)
{
	char ip[INET6_ADDRSTRLEN] = "?", b[80];

	CHECK(a->family == AF_INET || a->family == AF_INET6);
	inet_ntop(a->family, a->addr, ip, sizeof(ip));
	snprintf(b, sizeof(b), "%s:%u", ip, a->port);
	check_str(obj, key, b);
}

static void check_qp(const char *kernel)
{
	struct ref r;
	char obj[4096];
	int i;
	size_t j;

	ref_load_mode(&r, kernel, "res_qp_json_d", true);
	CHECK(r.n > 0);
	CHECK_EQ_U(r.s.qps.n, r.n);
	for (i = 0; i < r.n && json_obj(r.txt, i, obj, sizeof(obj)); i++) {
		const struct snap_qp *q = NULL;

		for (j = 0; j < r.s.qps.n; j++) {
			q = SNAP_AT(&r.s.qps, struct snap_qp, j);
			if (q->dev == json_u(obj, "ifindex") && q->lqpn == json_u(obj, "lqpn"))
				break;
			q = NULL;
		}
		CHECK(q != NULL);
		if (!q)
			continue;
		CHECK_OPT(obj, "port", q->valid & SNAP_QP_PORT);
		CHECK_EQ_U(q->port, json_u(obj, "port"));
		CHECK_OPT(obj, "rqpn", q->valid & SNAP_QP_RQPN);
		if (q->valid & SNAP_QP_RQPN)
			CHECK_EQ_U(q->rqpn, json_u(obj, "rqpn"));
		check_str(obj, "type", snap_qp_type_str(q->type));
		check_str(obj, "state", snap_qp_state_str(q->state));
		CHECK_OPT(obj, "rq-psn", q->valid & SNAP_QP_RQ_PSN);
		if (q->valid & SNAP_QP_RQ_PSN)
			CHECK_EQ_U(q->rq_psn, json_u(obj, "rq-psn"));
		CHECK_EQ_U(q->sq_psn, json_u(obj, "sq-psn"));
		CHECK_OPT(obj, "path-mig-state", q->valid & SNAP_QP_PMIG);
		if (q->valid & SNAP_QP_PMIG)
			check_str(obj, "path-mig-state", snap_pmig_str(q->pmig));
		CHECK_OPT(obj, "pdn", q->valid & SNAP_QP_PDN);
		if (q->valid & SNAP_QP_PDN)
			CHECK_EQ_U(q->pdn, json_u(obj, "pdn"));
		check_owner(&r.s, obj, &q->own);
	}
	ref_free(&r);
}

/* QPs read through a kept layout equal QPs read attribute by attribute */
static void check_qp_layouts(const char *kernel)
{
	struct ref fast, slow;
	unsigned long hits = nl_qp_layout_hits();
	size_t i;

	nl_qp_layouts(true);
	ref_load_mode(&fast, kernel, "res_qp_json_d", true);
	CHECK(nl_qp_layout_hits() > hits);	/* the kept layout was used */
	nl_qp_layouts(false);
	ref_load_mode(&slow, kernel, "res_qp_json_d", true);
	nl_qp_layouts(true);
	CHECK(fast.s.qps.n >= 3);
	CHECK_EQ_U(fast.s.qps.n, slow.s.qps.n);
	for (i = 0; i < fast.s.qps.n && i < slow.s.qps.n; i++)
		CHECK(!memcmp(SNAP_AT(&fast.s.qps, struct snap_qp, i),
			      SNAP_AT(&slow.s.qps, struct snap_qp, i), sizeof(struct snap_qp)));
	ref_free(&fast);
	ref_free(&slow);
}

static void test_ref_qp(void)
{
	check_qp("linux-6.1-rxe");
	check_qp("linux-6.12-rxe");
	/* the oracle again, every entry read the long way */
	nl_qp_layouts(false);
	check_qp("linux-6.1-rxe");
	check_qp("linux-6.12-rxe");
	nl_qp_layouts(true);
	check_qp_layouts("linux-6.1-rxe");
	check_qp_layouts("linux-6.12-rxe");
}

static void check_cm_id(const char *kernel)
{
	struct ref r;
	char obj[4096];
	int i;

	ref_load(&r, kernel, "res_cm_id_json");
	CHECK(r.n > 0);
	CHECK_EQ_U(r.s.cm_ids.n, r.n);
	/* rdma prints the rows in the kernel's order: compare row by row */
	for (i = 0; i < r.n && (size_t)i < r.s.cm_ids.n &&
		    json_obj(r.txt, i, obj, sizeof(obj)); i++) {
		const struct snap_cm_id *c = SNAP_AT(&r.s.cm_ids, struct snap_cm_id, i);

		CHECK_EQ_U(c->dev, json_u(obj, "ifindex"));
		CHECK_EQ_U(c->port, json_u(obj, "port"));
		CHECK_EQ_U(c->cm_idn, json_u(obj, "cm-idn"));
		CHECK_OPT(obj, "lqpn", c->valid & SNAP_CM_LQPN);
		if (c->valid & SNAP_CM_LQPN)
			CHECK_EQ_U(c->lqpn, json_u(obj, "lqpn"));
		CHECK_OPT(obj, "qp-type", c->valid & SNAP_CM_QP_TYPE);
		if (c->valid & SNAP_CM_QP_TYPE)
			check_str(obj, "qp-type", snap_qp_type_str(c->qp_type));
		check_str(obj, "state", snap_cm_state_str(c->state));
		check_str(obj, "ps", snap_ps_str(c->ps));
		check_addr(obj, "src-addr", &c->src);
		check_addr(obj, "dst-addr", &c->dst);
		check_owner(&r.s, obj, &c->own);
	}
	ref_free(&r);
}

static void test_ref_cm_id(void)
{
	check_cm_id("linux-6.1-rxe");
	check_cm_id("linux-6.12-rxe");
}

static void check_cq(const char *kernel)
{
	struct ref r;
	char obj[4096], v[16];
	int i;

	ref_load(&r, kernel, "res_cq_json");
	CHECK(r.n > 0);
	CHECK_EQ_U(r.s.cqs.n, r.n);
	for (i = 0; i < r.n && (size_t)i < r.s.cqs.n &&
		    json_obj(r.txt, i, obj, sizeof(obj)); i++) {
		const struct snap_cq *c = SNAP_AT(&r.s.cqs, struct snap_cq, i);

		CHECK_EQ_U(c->dev, json_u(obj, "ifindex"));
		CHECK_EQ_U(c->cqn, json_u(obj, "cqn"));
		CHECK_EQ_U(c->cqe, json_u(obj, "cqe"));
		CHECK_EQ_U(c->users, json_u(obj, "users"));
		CHECK_OPT(obj, "poll-ctx", c->valid & SNAP_CQ_POLL_CTX);
		if (c->valid & SNAP_CQ_POLL_CTX)
			check_str(obj, "poll-ctx", snap_poll_ctx_str(c->poll_ctx));
		CHECK(c->valid & SNAP_CQ_DIM);
		CHECK(json_get(obj, "adaptive-moderation", v, sizeof(v)));
		CHECK_EQ_S(c->dim ? "true" : "false", v);
		CHECK_OPT(obj, "ctxn", c->valid & SNAP_CQ_CTXN);
		if (c->valid & SNAP_CQ_CTXN)
			CHECK_EQ_U(c->ctxn, json_u(obj, "ctxn"));
		check_owner(&r.s, obj, &c->own);
	}
	ref_free(&r);
}

static void test_ref_cq(void)
{
	check_cq("linux-6.1-rxe");
	check_cq("linux-6.12-rxe");
}

static void check_mr(const char *kernel)
{
	struct ref r;
	char obj[4096];
	int i;

	ref_load(&r, kernel, "res_mr_json");
	CHECK(r.n > 0);
	CHECK_EQ_U(r.s.mrs.n, r.n);
	for (i = 0; i < r.n && (size_t)i < r.s.mrs.n &&
		    json_obj(r.txt, i, obj, sizeof(obj)); i++) {
		const struct snap_mr *m = SNAP_AT(&r.s.mrs, struct snap_mr, i);

		CHECK_EQ_U(m->dev, json_u(obj, "ifindex"));
		CHECK_EQ_U(m->mrn, json_u(obj, "mrn"));
		CHECK_OPT(obj, "rkey", m->valid & SNAP_MR_RKEY);
		if (m->valid & SNAP_MR_RKEY)
			check_hex(obj, "rkey", m->rkey);
		CHECK_OPT(obj, "lkey", m->valid & SNAP_MR_LKEY);
		if (m->valid & SNAP_MR_LKEY)
			check_hex(obj, "lkey", m->lkey);
		CHECK_OPT(obj, "iova", m->valid & SNAP_MR_IOVA);
		CHECK_EQ_U(m->mrlen, json_u(obj, "mrlen"));
		CHECK_EQ_U(m->pdn, json_u(obj, "pdn"));
		check_owner(&r.s, obj, &m->own);
	}
	ref_free(&r);
}

static void test_ref_mr(void)
{
	check_mr("linux-6.1-rxe");
	check_mr("linux-6.12-rxe");
}

static void check_pd(const char *kernel)
{
	struct ref r;
	char obj[4096];
	int i;

	ref_load(&r, kernel, "res_pd_json");
	CHECK(r.n > 0);
	CHECK_EQ_U(r.s.pds.n, r.n);
	for (i = 0; i < r.n && (size_t)i < r.s.pds.n &&
		    json_obj(r.txt, i, obj, sizeof(obj)); i++) {
		const struct snap_pd *p = SNAP_AT(&r.s.pds, struct snap_pd, i);

		CHECK_EQ_U(p->dev, json_u(obj, "ifindex"));
		CHECK_EQ_U(p->pdn, json_u(obj, "pdn"));
		CHECK_OPT(obj, "local_dma_lkey", p->valid & SNAP_PD_LOCAL_DMA_LKEY);
		if (p->valid & SNAP_PD_LOCAL_DMA_LKEY)
			check_hex(obj, "local_dma_lkey", p->local_dma_lkey);
		CHECK_OPT(obj, "unsafe_global_rkey", p->valid & SNAP_PD_UNSAFE_RKEY);
		CHECK_EQ_U(p->users, json_u(obj, "users"));
		CHECK_OPT(obj, "ctxn", p->valid & SNAP_PD_CTXN);
		if (p->valid & SNAP_PD_CTXN)
			CHECK_EQ_U(p->ctxn, json_u(obj, "ctxn"));
		check_owner(&r.s, obj, &p->own);
	}
	ref_free(&r);
}

static void test_ref_pd(void)
{
	check_pd("linux-6.1-rxe");
	check_pd("linux-6.12-rxe");
}

static void check_ctx(const char *kernel)
{
	struct ref r;
	char obj[4096];
	int i;

	ref_load(&r, kernel, "res_ctx_json");
	CHECK(r.n > 0);
	CHECK_EQ_U(r.s.ctxs.n, r.n);
	for (i = 0; i < r.n && (size_t)i < r.s.ctxs.n &&
		    json_obj(r.txt, i, obj, sizeof(obj)); i++) {
		const struct snap_ctx *c = SNAP_AT(&r.s.ctxs, struct snap_ctx, i);

		CHECK_EQ_U(c->dev, json_u(obj, "ifindex"));
		CHECK_EQ_U(c->ctxn, json_u(obj, "ctxn"));
		check_owner(&r.s, obj, &c->own);
	}
	ref_free(&r);
}

static void test_ref_ctx(void)
{
	check_ctx("linux-6.1-rxe");
	check_ctx("linux-6.12-rxe");
}

/* No SRQ existed while these were taken: rdma printed none, we parse none. */
static void test_ref_srq(void)
{
	struct ref r;

	ref_load(&r, "linux-6.1-rxe", "res_srq");
	CHECK_EQ_U(r.n, 0);
	CHECK_EQ_U(r.s.srqs.n, 0);
	CHECK_EQ_U(r.s.devs.n, 2);
	ref_free(&r);
	ref_load(&r, "linux-6.12-rxe", "res_srq_json");
	CHECK_EQ_U(r.n, 0);
	CHECK_EQ_U(r.s.srqs.n, 0);
	CHECK_EQ_U(r.s.devs.n, 2);
	ref_free(&r);
}

TEST_MAIN(test_ref_qp, test_ref_cm_id, test_ref_cq, test_ref_mr, test_ref_pd, test_ref_ctx,
	  test_ref_srq)
