// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The resource answers (tests/hw/gen.c): res_get_common_dumpit() and the
 * fill_res_*_entry() functions of drivers/infiniband/core/nldev.c (7.x).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "gen_priv.h"
#include "mlx5_raw.h"

static unsigned int n_qps(const struct gdev *d, bool dd)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < MAXN && d->qps[i].lqpn; i++)
		n += !d->qps[i].dd || dd;
	return n;
}


/* fill_res_info(): handle, RES_SUMMARY of (name, curr) in restrack order;
 * rdma_restrack_count() leaves RESTRACK_DD entries out unless the request
 * asked for DRIVER_DETAILS (6.9+). */
static void answer_res_summary(const struct gdev *d, bool dd, bool doit)
{
	struct nlmsghdr *nlh = msg_start(RDMA_NLDEV_CMD_RES_GET, !doit);
	const char *names[] = { "pd", "cq", "qp", "cm_id", "mr", "ctx", "srq" };
	uint64_t vals[] = { N_OF(d, pds, pdn), N_OF(d, cqs, cqn), n_qps(d, dd), N_OF(d, cms, cm_idn), N_OF(d, mrs, mrn), N_OF(d, ctxs, ctxn), N_OF(d, srqs, srqn) };
	struct nlattr *t, *e;

	put_handle(nlh, d);
	t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY);
	for (unsigned int i = 0; i < 7; i++) {
		e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY);
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_NAME, names[i]);
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_CURR, vals[i]);
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, t);
	msg_end(nlh);
	for (unsigned int k = 0; doit && k < 3; k++) {
		static const char *const sfx[] = { "", "-olddd", "-dd" };

		if ((k == 2) != dd)
			continue;
		exp_start(exp_cmd("res", sfx[k]), d);
		for (unsigned int i = 0; i < 7; i++)
			exp_u(names[i], vals[i]);
		exp_end();
	}
}

/* fill_res_qp_entry(): PORT_INDEX (once bound), LQPN, PDN (user QPs),
 * owner, then fill_res_qp_entry_query(): RQPN + RQ_PSN (RC, UC), SQ_PSN,
 * PATH_MIG_STATE (RC, UC, XRC), TYPE, STATE, the driver's
 * fill_res_qp_entry (mlx5: RES_SUBTYPE of its driver QPs, 6.9+; with
 * DRIVER_DETAILS the driver nest). */
static void fill_qp_attrs(struct nlmsghdr *nlh, const struct gqp *q)
{
	bool conn = q->type == IB_QPT_RC || q->type == IB_QPT_UC;

	if (q->port)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, q->port);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, q->lqpn);
	if (!q->kern)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PDN, q->pdn);
	put_owner(nlh, q->pid, q->kern);
	if (conn) {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_RQPN, q->rqpn);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_RQ_PSN, q->rq_psn);
	}
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_SQ_PSN, q->sq_psn);
	if (conn || q->type == IB_QPT_XRC_INI || q->type == IB_QPT_XRC_TGT)
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_PATH_MIG_STATE, q->pmig);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, q->type);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_STATE, q->state);
	if (q->subtype && !gen_fix->linux_6_1)
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_RES_SUBTYPE, q->subtype);
	/* the driver's fill_res_*_entry runs whatever was asked */
	put_driver(nlh, q->drv);
}

static void fill_qp(struct nlmsghdr *nlh, const struct gqp *q, bool dd)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);

	(void)dd;
	fill_qp_attrs(nlh, q);
	mnl_attr_nest_end(nlh, e);
}

/*
 * res_get_common_doit() for RES_QP_GET: DEV_INDEX and RES_LQPN, and a
 * PORT_INDEX (a QP is not NLDEV_PER_DEV: without one -EINVAL), whose QP
 * is found by rdma_restrack_get_byid(); one message, no NLM_F_MULTI: the
 * handle, then fill_res_qp_entry()'s attributes at the top level, no
 * nest; DRIVER_DETAILS is not read (any QP, driver-detail ones too).  Its
 * errors (a QP on another port: -EAGAIN; none: -ENOENT) are not modelled:
 * an unknown key answers -EOPNOTSUPP.
 */
static void answer_qp_gets(const struct gdev *d)
{
	char key[96];

	for (unsigned int i = 0; i < MAXN && d->qps[i].lqpn; i++) {
		const struct gqp *q = &d->qps[i];

		if (!q->port)
			continue;
		/* without DRIVER_DETAILS and with it (iproute2 6.9+): the same */
		for (int dd = 0; dd < 2; dd++) {
			struct nlmsghdr *nlh = msg_start(RDMA_NLDEV_CMD_RES_QP_GET, false);

			put_handle(nlh, d);
			fill_qp_attrs(nlh, q);
			msg_end(nlh);
			snprintf(key, sizeof(key), "res_qp_get dev=%u port=%u lqpn=%u%s", d->index,
				 q->port, q->lqpn, dd ? " dd=1" : "");
			rec_write(key, 0, NULL);
		}
	}
}

static void exp_qp(const struct gdev *d, const struct gqp *q, const char *sfx)
{
	exp_start(exp_cmd("res qp", sfx), d);
	exp_u("lqpn", q->lqpn);
	if (q->port)
		exp_u("port", q->port);
	exp_s("type", qp_type_name(q->type));
	exp_s("state", qp_state_name(q->state));
	exp_u("sq-psn", q->sq_psn);
	if (q->type == IB_QPT_RC || q->type == IB_QPT_UC) {
		exp_u("rqpn", q->rqpn);
		exp_u("rq-psn", q->rq_psn);
	}
	if (!q->kern)
		exp_u("pdn", q->pdn);
	exp_owner(q->pid, q->kern);
	if (*sfx)
		exp_driver(q->drv);
	exp_end();
}

static void fill_cq(struct nlmsghdr *nlh, const struct gcq *c, bool dd)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CQ_ENTRY);

	/* fill_res_cq_entry(): CQE, USECNT, POLL_CTX (kernel CQs), DEV_DIM,
	 * CQN, CTXN (user CQs), owner, the driver's */
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CQE, c->cqe);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_USECNT, c->users);
	if (c->kern)
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_POLL_CTX, c->poll_ctx);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_DEV_DIM, c->dim);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CQN, c->cqn);
	if (!c->kern)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CTXN, c->ctxn);
	put_owner(nlh, c->pid, c->kern);
	(void)dd;
	put_driver(nlh, c->drv);
	mnl_attr_nest_end(nlh, e);
}

static void exp_cq(const struct gdev *d, const struct gcq *c, const char *sfx)
{
	exp_start(exp_cmd("res cq", sfx), d);
	exp_u("cqn", c->cqn);
	exp_u("cqe", c->cqe);
	exp_u("users", c->users);
	if (!c->kern)
		exp_u("ctxn", c->ctxn);
	exp_owner(c->pid, c->kern);
	if (*sfx)
		exp_driver(c->drv);
	exp_end();
}

/* fill_res_mr_entry(): RKEY + LKEY (CAP_NET_ADMIN readers: the fixtures
 * model an unprivileged reader, so none), MRLEN, MRN, PDN (user MRs),
 * owner, the driver's */
static void fill_mr(struct nlmsghdr *nlh, const struct gmr *m, bool dd)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_MR_ENTRY);

	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_MRLEN, m->len);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_MRN, m->mrn);
	if (!m->kern)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PDN, m->pdn);
	put_owner(nlh, m->pid, m->kern);
	(void)dd;
	put_driver(nlh, m->drv);
	mnl_attr_nest_end(nlh, e);
}

static void exp_mr(const struct gdev *d, const struct gmr *m, const char *sfx)
{
	exp_start(exp_cmd("res mr", sfx), d);
	exp_u("mrn", m->mrn);
	exp_u("mrlen", m->len);
	if (!m->kern)
		exp_u("pdn", m->pdn);
	exp_owner(m->pid, m->kern);
	if (*sfx)
		exp_driver(m->drv);
	exp_end();
}

/* fill_res_pd_entry(): LOCAL_DMA_LKEY (+ UNSAFE_GLOBAL_RKEY) for
 * CAP_NET_ADMIN readers only, USECNT, PDN, CTXN (user PDs), owner */
static void fill_pd(struct nlmsghdr *nlh, const struct gpd *p)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_PD_ENTRY);

	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_RES_USECNT, p->users);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PDN, p->pdn);
	if (!p->kern)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CTXN, p->ctxn);
	put_owner(nlh, p->pid, p->kern);
	mnl_attr_nest_end(nlh, e);
}

static void exp_pd(const struct gdev *d, const struct gpd *p, const char *cmd)
{
	exp_start(cmd, d);
	exp_u("pdn", p->pdn);
	exp_u("users", p->users);
	if (!p->kern)
		exp_u("ctxn", p->ctxn);
	exp_owner(p->pid, p->kern);
	exp_end();
}

/* fill_res_ctx_entry(): CTXN, owner (user contexts only exist) */
static void fill_ctx(struct nlmsghdr *nlh, const struct gctx *c)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CTX_ENTRY);

	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CTXN, c->ctxn);
	put_owner(nlh, c->pid, NULL);
	mnl_attr_nest_end(nlh, e);
}

/* fill_res_srq_entry(): SRQN, TYPE, PDN, CQN (when it has one), the QPs
 * using it (fill_res_srq_qps: LQPN or MIN_RANGE/MAX_RANGE entries in a
 * RES_QP nest), owner */
static void fill_srq(struct nlmsghdr *nlh, const struct gsrq *s)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_SRQ_ENTRY), *q, *qe;

	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_SRQN, s->srqn);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, s->type);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PDN, s->pdn);
	if (s->cqn)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CQN, s->cqn);
	q = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	if (s->qp_min) {
		qe = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);
		if (s->qp_max > s->qp_min) {
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_MIN_RANGE, s->qp_min);
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_MAX_RANGE, s->qp_max);
		} else {
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, s->qp_min);
		}
		mnl_attr_nest_end(nlh, qe);
	}
	mnl_attr_nest_end(nlh, q);
	put_owner(nlh, s->pid, NULL);
	mnl_attr_nest_end(nlh, e);
}

static void put_sockaddr(struct nlmsghdr *nlh, unsigned int type, const char *text)
{
	struct sockaddr_storage ss;
	struct sockaddr_in *in = (struct sockaddr_in *)&ss;
	char host[64];
	const char *colon = strrchr(text, ':');

	memset(&ss, 0, sizeof(ss));
	snprintf(host, sizeof(host), "%.*s", (int)(colon - text), text);
	in->sin_family = AF_INET;
	in->sin_port = htons((uint16_t)atoi(colon + 1));
	inet_pton(AF_INET, host, &in->sin_addr);
	mnl_attr_put(nlh, type, sizeof(ss), &ss);
}

/* fill_res_cm_id_entry(): PORT_INDEX (once bound), LQPN + TYPE (with a
 * QP), PS, STATE, SRC_ADDR, DST_ADDR (sockaddr_storage), CM_IDN, owner */
static void fill_cm(struct nlmsghdr *nlh, const struct gcm *c)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CM_ID_ENTRY);

	if (c->port)
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, c->port);
	if (c->lqpn) {
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, c->lqpn);
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, c->type);
	}
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PS, c->ps);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_STATE, c->state);
	if (c->src)
		put_sockaddr(nlh, RDMA_NLDEV_ATTR_RES_SRC_ADDR, c->src);
	if (c->dst)
		put_sockaddr(nlh, RDMA_NLDEV_ATTR_RES_DST_ADDR, c->dst);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CM_IDN, c->cm_idn);
	put_owner(nlh, c->pid, c->kern);
	mnl_attr_nest_end(nlh, e);
}

static void e_qp(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	fill_qp(nlh, &d->qps[i], dd);
}

static void e_cq(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	fill_cq(nlh, &d->cqs[i], dd);
}

static void e_mr(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	fill_mr(nlh, &d->mrs[i], dd);
}

static void e_pd(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	(void)dd;
	fill_pd(nlh, &d->pds[i]);
}

static void e_ctx(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	(void)dd;
	fill_ctx(nlh, &d->ctxs[i]);
}

static void e_srq(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	(void)dd;
	fill_srq(nlh, &d->srqs[i]);
}

static void e_cm(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	(void)dd;
	fill_cm(nlh, &d->cms[i]);
}

/* res_get_common_dumpit(): handle, then the table nest of entries; QP and
 * CM_ID dumps take a port filter (entries bound to another port, or to
 * none yet, are skipped: fill_res_qp_entry's -EAGAIN) */
static void answer_table(const struct gdev *d, unsigned int cmd, const char *name, unsigned int port, bool dd)
{
	struct dumper w = { .d = d, .cmd = cmd };
	bool expect = !port;
	char key[96];
	unsigned int i;

	switch (cmd) {
	case RDMA_NLDEV_CMD_RES_QP_GET:
		w.nest = RDMA_NLDEV_ATTR_RES_QP;
		dumper_open(&w);
		for (i = 0; i < MAXN && d->qps[i].lqpn; i++) {
			if ((d->qps[i].dd && !dd) || (port && d->qps[i].port != port))
				continue;
			dumper_entry(&w, e_qp, i, dd);
			if (expect && dd) {
				exp_qp(d, &d->qps[i], "-dd");
			} else if (expect) {
				exp_qp(d, &d->qps[i], "");
				exp_qp(d, &d->qps[i], "-olddd");
			}
		}
		break;
	case RDMA_NLDEV_CMD_RES_CQ_GET:
		w.nest = RDMA_NLDEV_ATTR_RES_CQ;
		dumper_open(&w);
		for (i = 0; i < N_OF(d, cqs, cqn); i++) {
			dumper_entry(&w, e_cq, i, dd);
			exp_cq(d, &d->cqs[i], dd ? "-dd" : "");
			if (!dd)
				exp_cq(d, &d->cqs[i], "-olddd");
		}
		break;
	case RDMA_NLDEV_CMD_RES_MR_GET:
		w.nest = RDMA_NLDEV_ATTR_RES_MR;
		dumper_open(&w);
		for (i = 0; i < N_OF(d, mrs, mrn); i++) {
			dumper_entry(&w, e_mr, i, dd);
			exp_mr(d, &d->mrs[i], dd ? "-dd" : "");
			if (!dd)
				exp_mr(d, &d->mrs[i], "-olddd");
		}
		break;
	case RDMA_NLDEV_CMD_RES_PD_GET:
		w.nest = RDMA_NLDEV_ATTR_RES_PD;
		dumper_open(&w);
		for (i = 0; i < N_OF(d, pds, pdn); i++) {
			dumper_entry(&w, e_pd, i, dd);
			exp_pd(d, &d->pds[i], dd ? "res pd-dd" : "res pd");
		}
		break;
	case RDMA_NLDEV_CMD_RES_CTX_GET:
		w.nest = RDMA_NLDEV_ATTR_RES_CTX;
		dumper_open(&w);
		for (i = 0; i < N_OF(d, ctxs, ctxn); i++) {
			dumper_entry(&w, e_ctx, i, dd);
			exp_start(dd ? "res ctx-dd" : "res ctx", d);
			exp_u("ctxn", d->ctxs[i].ctxn);
			exp_owner(d->ctxs[i].pid, NULL);
			exp_end();
		}
		break;
	case RDMA_NLDEV_CMD_RES_SRQ_GET:
		w.nest = RDMA_NLDEV_ATTR_RES_SRQ;
		dumper_open(&w);
		for (i = 0; i < N_OF(d, srqs, srqn); i++) {
			dumper_entry(&w, e_srq, i, dd);
			exp_start(dd ? "res srq-dd" : "res srq", d);
			exp_u("srqn", d->srqs[i].srqn);
			exp_u("pdn", d->srqs[i].pdn);
			exp_owner(d->srqs[i].pid, NULL);
			exp_end();
		}
		break;
	default:
		w.nest = RDMA_NLDEV_ATTR_RES_CM_ID;
		dumper_open(&w);
		for (i = 0; i < N_OF(d, cms, cm_idn); i++) {
			if (port && d->cms[i].port != port)
				continue;
			dumper_entry(&w, e_cm, i, dd);
			if (!expect)
				continue;
			exp_start(dd ? "res cm_id-dd" : "res cm_id", d);
			exp_u("cm-idn", d->cms[i].cm_idn);
			if (d->cms[i].lqpn)
				exp_u("lqpn", d->cms[i].lqpn);
			if (d->cms[i].src)
				exp_s("src-addr", d->cms[i].src);
			exp_owner(d->cms[i].pid, d->cms[i].kern);
			exp_end();
		}
		break;
	}
	dumper_close(&w);
	if (!w.counted)
		free(msgs[--nmsg]);	/* nothing filled: the message is cancelled, DONE alone */
	if (port)
		snprintf(key, sizeof(key), "%s dump dev=%u port=%u%s", name, d->index, port, dd ? " dd=1" : "");
	else
		snprintf(key, sizeof(key), "%s dump dev=%u%s", name, d->index, dd ? " dd=1" : "");
	rec_write(key, 0, NULL);
}

/*
 * RDMA_NLDEV_CMD_RES_QP_GET_RAW (nldev.c res_get_common_dumpit with
 * fill_res_qp_raw_entry, 5.9 to 7.x; `rdma -j -r res show qp` and rdmatop
 * ask it as "dump dev=N"): the handle, the RES_QP nest, per QP an entry
 * holding RES_RAW alone.  mlx5 (restrack.c fill_res_raw): the resource dump
 * of its QUERY_QP (mlx5_raw.h); the remote end is the fixture's: RoCE, a
 * GRH to ::ffff:10.200.DEV.N, but QP 0x121's to 10.0.0.1, the port's own
 * GID (a loopback job); IB, no GRH and the LID 0x40 + N.  Every other
 * driver has no raw fill: the dump fails with -EINVAL at its first QP
 * (NLMSG_DONE carrying it), and a device without QPs ends it empty.
 */
static bool qp_raw_of(const struct gdev *d, const struct gqp *q, struct mlx5_raw_qp *r)
{
	bool roce = !strcmp(d->ports[0].link_layer, "Ethernet");

	memset(r, 0, sizeof(*r));
	r->qpn = q->lqpn;
	r->remote_qpn = q->rqpn;
	r->next_send_psn = q->sq_psn;
	r->next_rcv_psn = q->rq_psn;
	r->state = 3;
	r->retry_count = 7;
	r->rnr_retry = 7;
	r->cur_retry = q->lqpn & 7;
	r->cur_rnr = 7;
	if (roce) {
		r->grh = 1;
		r->rgid[10] = r->rgid[11] = 0xff;
		r->rgid[12] = 10;
		r->rgid[13] = q->lqpn == 0x121 ? 0 : 200;
		r->rgid[14] = q->lqpn == 0x121 ? 0 : (uint8_t)d->index;
		r->rgid[15] = q->lqpn == 0x121 ? 1 : (uint8_t)q->lqpn;
	} else {
		r->rlid = (uint16_t)(0x40 + (q->lqpn & 0xff));
	}
	return roce;
}

static void e_qp_raw(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);
	struct mlx5_raw_qp r;
	uint8_t raw[1024];

	(void)dd;
	qp_raw_of(d, &d->qps[i], &r);
	mnl_attr_put(nlh, RDMA_NLDEV_ATTR_RES_RAW, mlx5_raw_build(raw, &r), raw);
	mnl_attr_nest_end(nlh, e);
}

static void exp_qp_raw(const struct gdev *d, const struct gqp *q)
{
	char hex[2 * 1024 + 1], peer[INET6_ADDRSTRLEN];
	struct mlx5_raw_qp r;
	uint8_t raw[1024];
	size_t n, k;
	bool roce = qp_raw_of(d, q, &r);

	n = mlx5_raw_build(raw, &r);
	for (k = 0; k < n; k++)
		snprintf(hex + 2 * k, 3, "%02x", raw[k]);
	exp_start("res qp-raw", d);
	exp_u("lqpn", q->lqpn);
	exp_s("data", hex);
	if (roce) {
		inet_ntop(AF_INET, r.rgid + 12, peer, sizeof(peer));
		exp_s("peer", peer);
		if (q->lqpn == 0x121) {
			snprintf(peer, sizeof(peer), "%s/1", d->name);
			exp_s("peer_local", peer);
		}
	} else {
		exp_u("peer_lid", r.rlid);
	}
	exp_end();
}

static void answer_qp_raw_port(const struct gdev *d, unsigned int port, const char *dd)
{
	struct dumper w = { .d = d, .cmd = RDMA_NLDEV_CMD_RES_QP_GET_RAW,
			    .nest = RDMA_NLDEV_ATTR_RES_QP };
	bool mlx5 = !strncmp(d->name, "mlx5", 4), any = false;
	char key[96];
	unsigned int i;

	if (port)
		snprintf(key, sizeof(key), "res_qp_get_raw dump dev=%u port=%u%s", d->index, port, dd);
	else
		snprintf(key, sizeof(key), "res_qp_get_raw dump dev=%u%s", d->index, dd);
	dumper_open(&w);
	for (i = 0; i < MAXN && d->qps[i].lqpn; i++) {
		/* RESTRACK_DD: only with DRIVER_DETAILS; another port's: -EAGAIN */
		if ((d->qps[i].dd && strcmp(dd, " dd=1")) || (port && d->qps[i].port != port))
			continue;
		any = true;
		if (!mlx5)
			break;
		dumper_entry(&w, e_qp_raw, i, false);
		if (!port && !*dd)
			exp_qp_raw(d, &d->qps[i]);
	}
	dumper_close(&w);
	if (!w.counted)
		free(msgs[--nmsg]);
	if (any && !mlx5) {
		rec_write(key, -EINVAL, NULL);	/* no fill_res_qp_entry_raw */
		return;
	}
	rec_write(key, 0, NULL);
}

/* rdmatop asks "dump dev=N"; rdma per link too (7.x with dd=0: rec_write's
 * twin) */
static void answer_qp_raw(const struct gdev *d)
{
	static const char *const dd[] = { "", " dd=1" };

	for (unsigned int p = 0; p <= d->nports; p++)
		for (unsigned int k = 0; k < 2; k++)
			answer_qp_raw_port(d, p, dd[k]);
}

void answer_res(const struct gdev *d)
{
	static const struct {
		unsigned int cmd;
		const char *name;
	} tables[] = {
		{ RDMA_NLDEV_CMD_RES_QP_GET, "res_qp_get" },
		{ RDMA_NLDEV_CMD_RES_CM_ID_GET, "res_cm_id_get" },
		{ RDMA_NLDEV_CMD_RES_CQ_GET, "res_cq_get" },
		{ RDMA_NLDEV_CMD_RES_MR_GET, "res_mr_get" },
		{ RDMA_NLDEV_CMD_RES_PD_GET, "res_pd_get" },
		{ RDMA_NLDEV_CMD_RES_CTX_GET, "res_ctx_get" },
		{ RDMA_NLDEV_CMD_RES_SRQ_GET, "res_srq_get" },
	};
	char key[96];

	for (unsigned int i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		bool by_port = tables[i].cmd == RDMA_NLDEV_CMD_RES_QP_GET ||
			       tables[i].cmd == RDMA_NLDEV_CMD_RES_CM_ID_GET;

		for (unsigned int p = 0; p <= (by_port ? d->nports : 0); p++) {
			answer_table(d, tables[i].cmd, tables[i].name, p, false);
			answer_table(d, tables[i].cmd, tables[i].name, p, true);
		}
	}
	answer_qp_gets(d);
	answer_qp_raw(d);
	/* nldev_res_get_doit(): the counts honour DRIVER_DETAILS (6.9+; 6.1
	 * has no such attribute and ignores it) */
	answer_res_summary(d, false, true);
	snprintf(key, sizeof(key), "res_get dev=%u", d->index);
	rec_write(key, 0, NULL);
	answer_res_summary(d, !gen_fix->linux_6_1, true);
	snprintf(key, sizeof(key), "res_get dev=%u dd=1", d->index);
	rec_write(key, 0, NULL);
}

/*
 * RDMA_NLDEV_CMD_FRMR_POOLS_GET (7.x; nldev.c nldev_frmr_pools_get_dumpit
 * and fill_frmr_pool_entry / fill_frmr_pool_key, linux 7.3): the handle,
 * an FRMR_POOLS nest of FRMR_POOL_ENTRY nests (both without NLA_F_NESTED:
 * nla_nest_start_noflag), each a FRMR_POOL_KEY nest (NLA_F_NESTED) of ATS,
 * ACCESS_FLAGS, VENDOR_KEY, NUM_DMA_BLOCKS, then QUEUE_HANDLES, MAX_IN_USE,
 * IN_USE, PINNED_HANDLES.  Kernel-only pools (KERNEL_VENDOR_KEY) are left
 * out of dumps; a device without pools (no driver sets them up: all but
 * mlx5) answers NLMSG_DONE alone.  A 6.1 kernel does not know the command
 * (rdma_nl_rcv_msg: -EINVAL past its RDMA_NLDEV_NUM_OPS).  The handler
 * parses liberally: DRIVER_DETAILS changes nothing.
 */
static void e_frmr(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	const struct gfrmr *f = &d->frmrs[i];
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_FRMR_POOL_ENTRY), *k;

	(void)dd;
	e->nla_type &= (uint16_t)~NLA_F_NESTED;
	k = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_FRMR_POOL_KEY);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_FRMR_POOL_KEY_ATS, f->ats);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_FRMR_POOL_KEY_ACCESS_FLAGS, f->access_flags);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_FRMR_POOL_KEY_VENDOR_KEY, f->vendor_key);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_FRMR_POOL_KEY_NUM_DMA_BLOCKS, f->num_dma_blocks);
	mnl_attr_nest_end(nlh, k);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_FRMR_POOL_QUEUE_HANDLES, f->queue);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_FRMR_POOL_MAX_IN_USE, f->max_in_use);
	mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_FRMR_POOL_IN_USE, f->in_use);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_FRMR_POOL_PINNED_HANDLES, f->pinned);
	mnl_attr_nest_end(nlh, e);
}

void answer_frmr(const struct gdev *d)
{
	static const char *const dd[] = { "", " dd=0", " dd=1" };
	char key[96], hex[64];

	for (unsigned int v = 0; v < 3; v++) {
		struct dumper w = { .d = d, .cmd = RDMA_NLDEV_CMD_FRMR_POOLS_GET,
				    .nest = RDMA_NLDEV_ATTR_FRMR_POOLS };
		unsigned int i;

		snprintf(key, sizeof(key), "frmr_pools_get dump dev=%u%s", d->index, dd[v]);
		if (gen_fix->linux_6_1) {
			rec_write(key, -EINVAL, NULL);
			continue;
		}
		dumper_open(&w);
		w.t->nla_type &= (uint16_t)~NLA_F_NESTED;
		for (i = 0; i < MAXN && d->frmrs[i].num_dma_blocks; i++) {
			const struct gfrmr *f = &d->frmrs[i];

			dumper_entry(&w, e_frmr, i, false);
			if (v)
				continue;
			/* rdma -d: the key as res-frmr-pools.c prints it, then
			 * its parts and the counts */
			exp_start("res frmr_pools", d);
			snprintf(hex, sizeof(hex), "%" PRIx64 ":%" PRIx64 ":%x:%u", f->vendor_key,
				 f->num_dma_blocks, f->access_flags, f->ats);
			exp_s("key", hex);
			exp_u("ats", f->ats);
			exp_u("access_flags", f->access_flags);
			exp_u("vendor_key", f->vendor_key);
			exp_u("num_dma_blocks", f->num_dma_blocks);
			exp_u("queue", f->queue);
			exp_u("in_use", f->in_use);
			exp_u("max_in_use", f->max_in_use);
			exp_u("pinned", f->pinned);
			exp_end();
		}
		dumper_close(&w);
		if (!w.counted)
			free(msgs[--nmsg]);	/* no pool: the message is cancelled, DONE alone */
		rec_write(key, 0, NULL);
	}
}

/* _nldev_res_get_dumpit(): fill_res_info(skb, device, false), whatever
 * the request says: a dump's counts leave DD resources out */
void answer_res_dump(bool dd)
{
	for (unsigned int i = 0; i < gen_fix->ndevs; i++)
		answer_res_summary(&gen_fix->devs[i], false, false);
	rec_write(dd ? "res_get dump dd=1" : "res_get dump", 0, NULL);
}
