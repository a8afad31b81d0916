// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON objects of the resource tables, with `rdma -j -d res show ...`'s keys
 * in its order (iproute2 rdma/res-qp.c, res-cmid.c, res-cq.c, res-mr.c,
 * res-pd.c, res-ctx.c, res-srq.c), then ours: process_pid, process_comm,
 * and the QPs' PSN rates.
 */
#include <string.h>

#include "jw.h"
#include "names.h"

/*
 * "drv_NAME": value, as iproute2's print_driver_table() names them (6.9+;
 * "drv_" prefix); a number whatever its print type (hex only changes
 * rdma's text), a signed one with its sign.  The name is the driver's:
 * written escaped.
 */
/*
 * "drv_" and the driver's name, whose bytes other than letters, digits and
 * '_' become '_': drivers name them as C identifiers (rdma_nl_put_driver_u32(
 * msg, "sq_wqe_cnt", ...)), and a key is then plain ASCII.
 */
static void drv_key(char *key, size_t size, const char *name)
{
	size_t i;

	snprintf(key, size, "drv_%s", name);
	for (i = 4; key[i]; i++)
		if (!((key[i] >= 'a' && key[i] <= 'z') || (key[i] >= 'A' && key[i] <= 'Z') ||
		      (key[i] >= '0' && key[i] <= '9') || key[i] == '_'))
			key[i] = '_';
}

void jw_driver(struct jw *w, const struct snapshot *s, const struct snap_owner *o)
{
	uint32_t i;

	for (i = 0; i < o->ndrv && o->drv + i < s->drvs.n; i++) {
		const struct snap_drv *d = SNAP_AT(&s->drvs, struct snap_drv, o->drv + i);
		char key[128], other[128], num[24];
		uint32_t j;

		drv_key(key, sizeof(key), snap_s(s, d->name));
		/* a key twice (no driver repeats a name; a long one is cut) is
		 * written once: a key is unique in a JSON object */
		for (j = 0; j < i; j++) {
			drv_key(other, sizeof(other),
				snap_s(s, SNAP_AT(&s->drvs, struct snap_drv, o->drv + j)->name));
			if (!strcmp(key, other))
				break;
		}
		if (j < i)
			continue;
		jw_key(w, key);
		switch (d->kind) {
		case SNAP_DRV_STR:
			jw_str(w, snap_s(s, d->str));
			break;
		case SNAP_DRV_S32:
		case SNAP_DRV_S64:
			snprintf(num, sizeof(num), "%" PRId64, (int64_t)d->v);
			jw_write(w, num, strlen(num));
			break;
		default:
			jw_uint(w, d->v);
			break;
		}
	}
}

static void out_json_qp(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_qp *q = row;

	jw_dev(w, s, q->dev);
	if (SNAP_HAS(q, SNAP_QP_PORT))
		jw_u(w, "port", q->port);
	jw_u(w, "lqpn", q->lqpn);
	if (SNAP_HAS(q, SNAP_QP_RQPN))
		jw_u(w, "rqpn", q->rqpn);
	if (SNAP_HAS(q, SNAP_QP_TYPE)) {
		jw_s(w, "type", snap_qp_type_str(q->type));
		if (q->type == 0xff && SNAP_HAS(q, SNAP_QP_SUBTYPE))
			jw_s(w, "subtype", snap_s(s, q->subtype));
	}
	if (SNAP_HAS(q, SNAP_QP_STATE))
		jw_s(w, "state", snap_qp_state_str(q->state));
	if (SNAP_HAS(q, SNAP_QP_RQ_PSN))
		jw_u(w, "rq-psn", q->rq_psn);
	if (SNAP_HAS(q, SNAP_QP_SQ_PSN))
		jw_u(w, "sq-psn", q->sq_psn);
	if (SNAP_HAS(q, SNAP_QP_PMIG))
		jw_s(w, "path-mig-state", snap_pmig_str(q->pmig));
	if (SNAP_HAS(q, SNAP_QP_PDN))
		jw_u(w, "pdn", q->pdn);
	jw_owner(w, s, &q->own, true);
	jw_owner(w, s, &q->own, false);
	if (SNAP_HAS(q, SNAP_QP_PSN_RATE))
		jw_d(w, "sq_psn_per_sec", q->sq_psn_rate);
	if (SNAP_HAS(q, SNAP_QP_RQ_PSN_RATE))
		jw_d(w, "rq_psn_per_sec", q->rq_psn_rate);
	/* where its table is carried, rows differ in age (per-QP GETs) */
	if (snap_qp_paced(s, q))
		jw_d(w, "age", snap_qp_age(s, q));
}

static void out_json_cm_id(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_cm_id *c = row;
	char buf[64];

	jw_dev(w, s, c->dev);
	if (SNAP_HAS(c, SNAP_CM_PORT))
		jw_u(w, "port", c->port);
	if (SNAP_HAS(c, SNAP_CM_IDN))
		jw_u(w, "cm-idn", c->cm_idn);
	if (SNAP_HAS(c, SNAP_CM_LQPN))
		jw_u(w, "lqpn", c->lqpn);
	if (SNAP_HAS(c, SNAP_CM_QP_TYPE))
		jw_s(w, "qp-type", snap_qp_type_str(c->qp_type));
	if (SNAP_HAS(c, SNAP_CM_STATE))
		jw_s(w, "state", snap_cm_state_str(c->state));
	if (SNAP_HAS(c, SNAP_CM_PS))
		jw_s(w, "ps", snap_ps_str(c->ps));
	jw_owner(w, s, &c->own, true);
	if (SNAP_HAS(c, SNAP_CM_SRC) && fmt_addr(buf, sizeof(buf), &c->src))
		jw_s(w, "src-addr", buf);
	if (SNAP_HAS(c, SNAP_CM_DST) && fmt_addr(buf, sizeof(buf), &c->dst))
		jw_s(w, "dst-addr", buf);
	jw_owner(w, s, &c->own, false);
}

static void out_json_cq(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_cq *c = row;

	jw_dev(w, s, c->dev);
	if (SNAP_HAS(c, SNAP_CQ_CQN))
		jw_u(w, "cqn", c->cqn);
	if (SNAP_HAS(c, SNAP_CQ_CQE))
		jw_u(w, "cqe", c->cqe);
	if (SNAP_HAS(c, SNAP_CQ_USERS))
		jw_u(w, "users", c->users);
	if (SNAP_HAS(c, SNAP_CQ_POLL_CTX))
		jw_s(w, "poll-ctx", snap_poll_ctx_str(c->poll_ctx));
	if (SNAP_HAS(c, SNAP_CQ_DIM) && c->dim <= 1)
		jw_b(w, "adaptive-moderation", c->dim);
	if (SNAP_HAS(c, SNAP_CQ_CTXN))
		jw_u(w, "ctxn", c->ctxn);
	jw_owner(w, s, &c->own, true);
	jw_owner(w, s, &c->own, false);
}

static void out_json_mr(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_mr *m = row;

	jw_dev(w, s, m->dev);
	if (SNAP_HAS(m, SNAP_MR_MRN))
		jw_u(w, "mrn", m->mrn);
	if (SNAP_HAS(m, SNAP_MR_RKEY))
		jw_hex(w, "rkey", m->rkey);
	if (SNAP_HAS(m, SNAP_MR_LKEY))
		jw_hex(w, "lkey", m->lkey);
	if (SNAP_HAS(m, SNAP_MR_IOVA))
		jw_hex(w, "iova", m->iova);
	if (SNAP_HAS(m, SNAP_MR_LEN))
		jw_u(w, "mrlen", m->mrlen);
	if (SNAP_HAS(m, SNAP_MR_PDN))
		jw_u(w, "pdn", m->pdn);
	jw_owner(w, s, &m->own, true);
	jw_owner(w, s, &m->own, false);
}

static void out_json_pd(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_pd *p = row;

	jw_dev(w, s, p->dev);
	if (SNAP_HAS(p, SNAP_PD_PDN))
		jw_u(w, "pdn", p->pdn);
	if (SNAP_HAS(p, SNAP_PD_LOCAL_DMA_LKEY))
		jw_hex(w, "local_dma_lkey", p->local_dma_lkey);
	if (SNAP_HAS(p, SNAP_PD_USERS))
		jw_u(w, "users", p->users);
	if (SNAP_HAS(p, SNAP_PD_UNSAFE_RKEY))
		jw_hex(w, "unsafe_global_rkey", p->unsafe_global_rkey);
	if (SNAP_HAS(p, SNAP_PD_CTXN))
		jw_u(w, "ctxn", p->ctxn);
	jw_owner(w, s, &p->own, true);
	jw_owner(w, s, &p->own, false);
}

static void out_json_ctx(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_ctx *c = row;

	jw_dev(w, s, c->dev);
	jw_u(w, "ctxn", c->ctxn);
	jw_owner(w, s, &c->own, true);
	jw_owner(w, s, &c->own, false);
}

static void out_json_srq(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_srq *q = row;
	const char *l = SNAP_HAS(q, SNAP_SRQ_LQPN) ? snap_s(s, q->lqpn) : "";

	jw_dev(w, s, q->dev);
	if (SNAP_HAS(q, SNAP_SRQ_SRQN))
		jw_u(w, "srqn", q->srqn);
	/* rdma prints the type even when absent (as BASIC, type 0) */
	jw_s(w, "type", snap_srq_type_str(SNAP_HAS(q, SNAP_SRQ_TYPE) ? q->type : 0));
	if (*l) {
		/* "3,5-7" -> ["3","5-7"], rdma's array of strings */
		jw_open(w, "lqpn", '[');
		while (*l) {
			size_t n = strcspn(l, ",");
			char part[32];

			snprintf(part, sizeof(part), "%.*s", (int)n, l);
			if (n)
				jw_s(w, NULL, part);
			l += n;
			l += *l == ',';
		}
		jw_close(w, ']');
	}
	if (SNAP_HAS(q, SNAP_SRQ_PDN))
		jw_u(w, "pdn", q->pdn);
	if (SNAP_HAS(q, SNAP_SRQ_CQN))
		jw_u(w, "cqn", q->cqn);
	jw_owner(w, s, &q->own, true);
	jw_owner(w, s, &q->own, false);
}

void out_json_cols(struct jw *w, const struct view_ctx *c, enum view_table t, size_t row)
{
	size_t n, i;
	const struct view_col *cols = view_cols(t, &n);

	for (i = 0; i < n; i++) {
		struct view_value v;

		view_get(c, t, row, (int)i, &v);
		if (!v.valid)
			continue;
		if (v.type == VIEW_T_STR)
			jw_s(w, cols[i].name, v.s);
		else if (v.type == VIEW_T_DOUBLE)
			jw_d(w, cols[i].name, v.d);
		else if (v.fmt == VIEW_F_HEX)
			jw_hex(w, cols[i].name, v.u);
		else if (v.fmt == VIEW_F_GUID)
			jw_guid(w, cols[i].name, v.u);
		else
			jw_u(w, cols[i].name, v.u);
	}
}

const json_row_fn out_json_res[SNAP_RES_N] = {
#define RES_JSON(ID, name, cmd, dump, proc, json) [SNAP_RES_##ID] = json,
	SNAP_RES_LIST(RES_JSON)
#undef RES_JSON
};
