// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Views: typed columns over the snapshot's tables.  Column names are what
 * -s/--sort and filters use; every table that has an owner has pid (the
 * process), tid (the id the kernel reported) and comm.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "names.h"
#include "view.h"

#define U VIEW_T_UINT
#define D VIEW_T_DOUBLE
#define S VIEW_T_STR
#define N(name, hdr, w) { name, hdr, w, true, U, VIEW_F_PLAIN }
#define X(name, hdr, w) { name, hdr, w, true, U, VIEW_F_HEX }
#define T(name, hdr, w) { name, hdr, w, false, S, VIEW_F_PLAIN }
#define R(name, hdr, w, f) { name, hdr, w, true, D, f }
#define OWNER N("pid", "PID", 7), N("tid", "TID", 7), T("comm", "COMM", 16)

static const struct view_col devs_cols[] = {
	T("dev", "DEV", 10), N("index", "IDX", 3), T("node_type", "NODE", 5),
	T("protocol", "PROTO", 5), T("fw", "FW", 10), { "node_guid", "NODE_GUID", 19,
	false, U, VIEW_F_GUID }, { "sys_image_guid", "SYS_GUID", 19, false, U, VIEW_F_GUID },
	N("ports", "PORTS", 5), N("pd", "PD", 5), N("cq", "CQ", 5), N("qp", "QP", 6),
	N("cm_id", "CM_ID", 5), N("mr", "MR", 6), N("ctx", "CTX", 4), N("srq", "SRQ", 4),
};

static const struct view_col links_cols[] = {
	T("dev", "DEV", 10), N("port", "PORT", 4), T("state", "STATE", 6),
	T("phys", "PHYS", 8), T("netdev", "NETDEV", 10), N("netdev_index", "NDEV_IDX", 8),
	T("rate", "RATE", 19), T("link_layer", "LAYER", 10), N("lid", "LID", 5),
	N("sm_lid", "SM_LID", 6), N("lmc", "LMC", 3),
	{ "subnet_prefix", "SUBNET_PREFIX", 19, false, U, VIEW_F_GUID },
	R("rx_bytes", "RX/s", 11, VIEW_F_BPS), R("tx_bytes", "TX/s", 11, VIEW_F_BPS),
	R("rx_packets", "RXPKT/s", 8, VIEW_F_RATE), R("tx_packets", "TXPKT/s", 8, VIEW_F_RATE),
};

static const struct view_col qps_cols[] = {
	T("dev", "DEV", 10), N("port", "PORT", 4), N("lqpn", "LQPN", 7), N("rqpn", "RQPN", 7),
	T("type", "TYPE", 5), T("state", "STATE", 5), N("sq_psn", "SQ_PSN", 8),
	N("rq_psn", "RQ_PSN", 8), R("psn_rate", "PSN/s", 7, VIEW_F_RATE),
	R("sq_rate", "SQPSN/s", 7, VIEW_F_RATE), R("rq_rate", "RQPSN/s", 7, VIEW_F_RATE),
	T("pmig", "PMIG", 8), N("pdn", "PDN", 4), OWNER,
};

static const struct view_col cm_ids_cols[] = {
	T("dev", "DEV", 10), N("port", "PORT", 4), N("cm_idn", "CM_IDN", 6),
	N("lqpn", "LQPN", 7), T("type", "TYPE", 4), T("state", "STATE", 14),
	T("ps", "PS", 5), T("src", "SRC", 22), T("dst", "DST", 22), OWNER,
};

static const struct view_col cqs_cols[] = {
	T("dev", "DEV", 10), N("cqn", "CQN", 5), N("cqe", "CQE", 6), N("users", "USERS", 5),
	T("poll_ctx", "POLL_CTX", 9), T("dim", "DIM", 3), N("ctxn", "CTXN", 4), OWNER,
};

static const struct view_col mrs_cols[] = {
	T("dev", "DEV", 10), N("mrn", "MRN", 5), X("rkey", "RKEY", 8), X("lkey", "LKEY", 8),
	X("iova", "IOVA", 16), { "mrlen", "MRLEN", 10, true, U, VIEW_F_BYTES },
	N("pdn", "PDN", 4), OWNER,
};

static const struct view_col pds_cols[] = {
	T("dev", "DEV", 10), N("pdn", "PDN", 4), X("local_dma_lkey", "LDMA_LKEY", 9),
	X("unsafe_global_rkey", "UNSAFE_RKEY", 11), N("users", "USERS", 5),
	N("ctxn", "CTXN", 4), OWNER,
};

static const struct view_col ctxs_cols[] = {
	T("dev", "DEV", 10), N("ctxn", "CTXN", 4), OWNER,
};

static const struct view_col srqs_cols[] = {
	T("dev", "DEV", 10), N("srqn", "SRQN", 5), T("type", "TYPE", 5),
	T("lqpn", "LQPN", 12), N("pdn", "PDN", 4), N("cqn", "CQN", 4), OWNER,
};

static const struct view_col counters_cols[] = {
	T("dev", "DEV", 10), N("port", "PORT", 4), T("source", "SRC", 6),
	T("name", "NAME", 24), { "value", "VALUE", 12, true, U, VIEW_F_COUNT },
	T("unit", "UNIT", 7), R("rate", "RATE/s", 9, VIEW_F_RATE), N("delta", "DELTA", 10),
};

static const struct view_col procs_cols[] = {
	N("pid", "PID", 7), T("comm", "COMM", 16), N("uid", "UID", 5),
	N("threads", "THR", 3), N("qp", "QP", 5), N("cq", "CQ", 5), N("mr", "MR", 5),
	{ "mr_bytes", "MR_BYTES", 10, true, U, VIEW_F_BYTES }, N("pd", "PD", 5),
	N("cm_id", "CM_ID", 5), N("ctx", "CTX", 4), N("srq", "SRQ", 4),
	R("psn_rate", "PSN/s", 7, VIEW_F_RATE), T("cgroup", "CGROUP", 40),
};

#define TAB(name, cols) [name] = { cols, sizeof(cols) / sizeof(cols[0]) }
static const struct {
	const struct view_col *cols;
	size_t n;
} tables[VIEW_N] = {
	TAB(VIEW_DEVS, devs_cols), TAB(VIEW_LINKS, links_cols), TAB(VIEW_QPS, qps_cols),
	TAB(VIEW_CM_IDS, cm_ids_cols), TAB(VIEW_CQS, cqs_cols), TAB(VIEW_MRS, mrs_cols),
	TAB(VIEW_PDS, pds_cols), TAB(VIEW_CTXS, ctxs_cols), TAB(VIEW_SRQS, srqs_cols),
	TAB(VIEW_COUNTERS, counters_cols), TAB(VIEW_PROCS, procs_cols),
};

const char *view_table_name(enum view_table t)
{
	static const char *const names[VIEW_RES] = {
		[VIEW_DEVS] = "devices", [VIEW_LINKS] = "links", [VIEW_COUNTERS] = "counters",
		[VIEW_PROCS] = "processes",
	};

	if ((unsigned int)t >= VIEW_N)
		return "";
	return t >= VIEW_RES ? snap_res_info[t - VIEW_RES].table : names[t];
}

const struct view_col *view_cols(enum view_table t, size_t *n)
{
	if ((unsigned int)t >= VIEW_N) {
		*n = 0;
		return NULL;
	}
	*n = tables[t].n;
	return tables[t].cols;
}

int view_col_find(enum view_table t, const char *name)
{
	size_t i, n;
	const struct view_col *c = view_cols(t, &n);

	for (i = 0; i < n; i++)
		if (!strcmp(c[i].name, name))
			return (int)i;
	return -1;
}

static const struct snap_vec *table_vec(const struct snapshot *s, enum view_table t)
{
	if (t >= VIEW_RES && t < VIEW_N)
		return &s->res[t - VIEW_RES];
	switch (t) {
	case VIEW_DEVS: return &s->devs;
	case VIEW_LINKS: return &s->ports;
	case VIEW_COUNTERS: return &s->counters;
	default: return NULL;
	}
}

size_t view_count(const struct view_ctx *c, enum view_table t)
{
	const struct snap_vec *v;

	if (t == VIEW_PROCS)
		return c->n_procs;
	v = table_vec(c->s, t);
	return v ? v->n : 0;
}

/* ---- cells ---- */

static void set_u(struct view_value *v, bool valid, uint64_t u)
{
	v->valid = valid;
	v->u = u;
}

static void set_d(struct view_value *v, bool valid, double d)
{
	v->valid = valid;
	v->d = d;
}

static void set_s(struct view_value *v, const char *s)
{
	v->valid = s && *s;
	v->s = s ? s : "";
}

static const char *dev_name(const struct snapshot *s, uint32_t dev)
{
	const struct snap_dev *d = snap_dev_find(s, dev);

	return d ? d->name : NULL;
}

/* pid, tid, comm of an owner: columns `base`, base+1, base+2 */
static void get_owner(const struct snapshot *s, const struct snap_owner *o, int col,
		      struct view_value *v)
{
	uint32_t pid = snap_owner_pid(s, o);

	if (col == 0)
		set_u(v, pid != 0, pid);
	else if (col == 1)
		set_u(v, o->valid & SNAP_OWN_TID, o->tid);
	else
		set_s(v, snap_owner_comm(s, o));
}

static void get_dev(const struct snapshot *s, const struct snap_dev *d, int col,
		    struct view_value *v)
{
	static const enum snap_res res[] = {
		SNAP_RES_PD, SNAP_RES_CQ, SNAP_RES_QP, SNAP_RES_CM_ID, SNAP_RES_MR,
		SNAP_RES_CTX, SNAP_RES_SRQ,
	};

	(void)s;
	switch (col) {
	case 0: set_s(v, d->name); break;
	case 1: set_u(v, true, d->index); break;
	case 2: set_s(v, SNAP_HAS(d, SNAP_DEV_NODE_TYPE) ? snap_node_type_str(d->node_type) : NULL); break;
	case 3: set_s(v, SNAP_HAS(d, SNAP_DEV_PROTOCOL) ? d->protocol : NULL); break;
	case 4: set_s(v, SNAP_HAS(d, SNAP_DEV_FW) ? d->fw : NULL); break;
	case 5: set_u(v, SNAP_HAS(d, SNAP_DEV_NODE_GUID), d->node_guid); break;
	case 6: set_u(v, SNAP_HAS(d, SNAP_DEV_SYS_GUID), d->sys_image_guid); break;
	case 7: set_u(v, SNAP_HAS(d, SNAP_DEV_NUM_PORTS), d->num_ports); break;
	default:
		if (col - 8 < (int)(sizeof(res) / sizeof(res[0]))) {
			enum snap_res r = res[col - 8];

			set_u(v, d->res_valid & (1u << r), d->res[r]);
		}
	}
}

static void get_link(const struct snapshot *s, const struct snap_port *p, int col,
		     struct view_value *v)
{
	struct view_link_rates lr;

	switch (col) {
	case 0: set_s(v, dev_name(s, p->dev)); break;
	case 1: set_u(v, true, p->port); break;
	case 2: set_s(v, SNAP_HAS(p, SNAP_PORT_STATE) ? snap_port_state_str(p->state) : NULL); break;
	case 3: set_s(v, SNAP_HAS(p, SNAP_PORT_PHYS_STATE) ? snap_phys_state_str(p->phys_state) : NULL); break;
	case 4: set_s(v, SNAP_HAS(p, SNAP_PORT_NDEV) ? p->ndev : NULL); break;
	case 5: set_u(v, SNAP_HAS(p, SNAP_PORT_NDEV), p->ndev_index); break;
	case 6: set_s(v, SNAP_HAS(p, SNAP_PORT_RATE) ? p->rate : NULL); break;
	case 7: set_s(v, SNAP_HAS(p, SNAP_PORT_LINK_LAYER) ? p->link_layer : NULL); break;
	case 8: set_u(v, SNAP_HAS(p, SNAP_PORT_LID), p->lid); break;
	case 9: set_u(v, SNAP_HAS(p, SNAP_PORT_SM_LID), p->sm_lid); break;
	case 10: set_u(v, SNAP_HAS(p, SNAP_PORT_LMC), p->lmc); break;
	case 11: set_u(v, SNAP_HAS(p, SNAP_PORT_SUBNET_PREFIX), p->subnet_prefix); break;
	default:
		view_link_rates(s, p->dev, p->port, &lr);
		if (col - 12 < 4)
			set_d(v, lr.valid[col - 12], lr.v[col - 12]);
	}
}

static void get_qp(const struct snapshot *s, const struct snap_qp *q, int col,
		   struct view_value *v)
{
	bool sq = SNAP_HAS(q, SNAP_QP_PSN_RATE), rq = SNAP_HAS(q, SNAP_QP_RQ_PSN_RATE);

	switch (col) {
	case 0: set_s(v, dev_name(s, q->dev)); break;
	case 1: set_u(v, SNAP_HAS(q, SNAP_QP_PORT), q->port); break;
	case 2: set_u(v, true, q->lqpn); break;
	case 3: set_u(v, SNAP_HAS(q, SNAP_QP_RQPN), q->rqpn); break;
	case 4: set_s(v, SNAP_HAS(q, SNAP_QP_TYPE) ? snap_qp_type_str(q->type) : NULL); break;
	case 5: set_s(v, SNAP_HAS(q, SNAP_QP_STATE) ? snap_qp_state_str(q->state) : NULL); break;
	case 6: set_u(v, SNAP_HAS(q, SNAP_QP_SQ_PSN), q->sq_psn); break;
	case 7: set_u(v, SNAP_HAS(q, SNAP_QP_RQ_PSN), q->rq_psn); break;
	case 8: set_d(v, sq || rq, (sq ? q->sq_psn_rate : 0) + (rq ? q->rq_psn_rate : 0)); break;
	case 9: set_d(v, sq, q->sq_psn_rate); break;
	case 10: set_d(v, rq, q->rq_psn_rate); break;
	case 11: set_s(v, SNAP_HAS(q, SNAP_QP_PMIG) ? snap_pmig_str(q->pmig) : NULL); break;
	case 12: set_u(v, SNAP_HAS(q, SNAP_QP_PDN), q->pdn); break;
	default: get_owner(s, &q->own, col - 13, v);
	}
}

static void get_cm_id(const struct snapshot *s, const struct snap_cm_id *c, int col,
		      struct view_value *v)
{
	switch (col) {
	case 0: set_s(v, dev_name(s, c->dev)); break;
	case 1: set_u(v, SNAP_HAS(c, SNAP_CM_PORT), c->port); break;
	case 2: set_u(v, SNAP_HAS(c, SNAP_CM_IDN), c->cm_idn); break;
	case 3: set_u(v, SNAP_HAS(c, SNAP_CM_LQPN), c->lqpn); break;
	case 4: set_s(v, SNAP_HAS(c, SNAP_CM_QP_TYPE) ? snap_qp_type_str(c->qp_type) : NULL); break;
	case 5: set_s(v, SNAP_HAS(c, SNAP_CM_STATE) ? snap_cm_state_str(c->state) : NULL); break;
	case 6: set_s(v, SNAP_HAS(c, SNAP_CM_PS) ? snap_ps_str(c->ps) : NULL); break;
	case 7: set_s(v, SNAP_HAS(c, SNAP_CM_SRC) ? fmt_addr(v->tmp, sizeof(v->tmp), &c->src) : NULL); break;
	case 8: set_s(v, SNAP_HAS(c, SNAP_CM_DST) ? fmt_addr(v->tmp, sizeof(v->tmp), &c->dst) : NULL); break;
	default: get_owner(s, &c->own, col - 9, v);
	}
}

static void get_cq(const struct snapshot *s, const struct snap_cq *c, int col,
		   struct view_value *v)
{
	switch (col) {
	case 0: set_s(v, dev_name(s, c->dev)); break;
	case 1: set_u(v, SNAP_HAS(c, SNAP_CQ_CQN), c->cqn); break;
	case 2: set_u(v, SNAP_HAS(c, SNAP_CQ_CQE), c->cqe); break;
	case 3: set_u(v, SNAP_HAS(c, SNAP_CQ_USERS), c->users); break;
	case 4: set_s(v, SNAP_HAS(c, SNAP_CQ_POLL_CTX) ? snap_poll_ctx_str(c->poll_ctx) : NULL); break;
	case 5: set_s(v, SNAP_HAS(c, SNAP_CQ_DIM) && c->dim <= 1 ? (c->dim ? "on" : "off") : NULL); break;
	case 6: set_u(v, SNAP_HAS(c, SNAP_CQ_CTXN), c->ctxn); break;
	default: get_owner(s, &c->own, col - 7, v);
	}
}

static void get_mr(const struct snapshot *s, const struct snap_mr *m, int col,
		   struct view_value *v)
{
	switch (col) {
	case 0: set_s(v, dev_name(s, m->dev)); break;
	case 1: set_u(v, SNAP_HAS(m, SNAP_MR_MRN), m->mrn); break;
	case 2: set_u(v, SNAP_HAS(m, SNAP_MR_RKEY), m->rkey); break;
	case 3: set_u(v, SNAP_HAS(m, SNAP_MR_LKEY), m->lkey); break;
	case 4: set_u(v, SNAP_HAS(m, SNAP_MR_IOVA), m->iova); break;
	case 5: set_u(v, SNAP_HAS(m, SNAP_MR_LEN), m->mrlen); break;
	case 6: set_u(v, SNAP_HAS(m, SNAP_MR_PDN), m->pdn); break;
	default: get_owner(s, &m->own, col - 7, v);
	}
}

static void get_pd(const struct snapshot *s, const struct snap_pd *p, int col,
		   struct view_value *v)
{
	switch (col) {
	case 0: set_s(v, dev_name(s, p->dev)); break;
	case 1: set_u(v, SNAP_HAS(p, SNAP_PD_PDN), p->pdn); break;
	case 2: set_u(v, SNAP_HAS(p, SNAP_PD_LOCAL_DMA_LKEY), p->local_dma_lkey); break;
	case 3: set_u(v, SNAP_HAS(p, SNAP_PD_UNSAFE_RKEY), p->unsafe_global_rkey); break;
	case 4: set_u(v, SNAP_HAS(p, SNAP_PD_USERS), p->users); break;
	case 5: set_u(v, SNAP_HAS(p, SNAP_PD_CTXN), p->ctxn); break;
	default: get_owner(s, &p->own, col - 6, v);
	}
}

static void get_srq(const struct snapshot *s, const struct snap_srq *q, int col,
		    struct view_value *v)
{
	switch (col) {
	case 0: set_s(v, dev_name(s, q->dev)); break;
	case 1: set_u(v, SNAP_HAS(q, SNAP_SRQ_SRQN), q->srqn); break;
	case 2: set_s(v, SNAP_HAS(q, SNAP_SRQ_TYPE) ? snap_srq_type_str(q->type) : NULL); break;
	case 3: set_s(v, SNAP_HAS(q, SNAP_SRQ_LQPN) ? snap_s(s, q->lqpn) : NULL); break;
	case 4: set_u(v, SNAP_HAS(q, SNAP_SRQ_PDN), q->pdn); break;
	case 5: set_u(v, SNAP_HAS(q, SNAP_SRQ_CQN), q->cqn); break;
	default: get_owner(s, &q->own, col - 6, v);
	}
}

static void get_counter(const struct snapshot *s, const struct snap_counter *c, int col,
			struct view_value *v)
{
	static const char *const src[] = { "hw", "pma", "netdev" };
	static const char *const unit[] = { "events", "packets", "bytes" };
	bool data = c->rate_status == RATE_DATA;

	switch (col) {
	case 0: set_s(v, dev_name(s, c->dev)); break;
	case 1: set_u(v, c->port != 0, c->port); break;
	case 2: set_s(v, c->source < SNAP_SRC_N ? src[c->source] : NULL); break;
	case 3: set_s(v, snap_s(s, c->name)); break;
	case 4:
		set_u(v, true, c->value);
		if (c->unit == SNAP_UNIT_BYTES)
			v->fmt = VIEW_F_BYTES;
		break;
	case 5: set_s(v, c->unit < SNAP_UNIT_N ? unit[c->unit] : NULL); break;
	case 6:
		set_d(v, data, c->rate);
		if (c->unit == SNAP_UNIT_BYTES)
			v->fmt = VIEW_F_BPS;
		break;
	case 7: set_u(v, data, c->delta); break;
	}
}

static void get_proc(const struct snapshot *s, const struct view_proc *p, int col,
		     struct view_value *v)
{
	static const enum snap_res res[] = {
		SNAP_RES_QP, SNAP_RES_CQ, SNAP_RES_MR,
	};

	switch (col) {
	case 0: set_u(v, p->pid != 0, p->pid); break;
	case 1:
		set_s(v, snap_s(s, p->comm));
		if (!v->valid && (p->valid & VIEW_PROC_HIDDEN)) {
			v->s = "(not visible)";
			v->valid = true;
		}
		break;
	case 2: set_u(v, p->valid & VIEW_PROC_UID, p->uid); break;
	case 3: set_u(v, true, p->n_threads); break;
	case 4: case 5: case 6: set_u(v, true, p->res[res[col - 4]]); break;
	case 7: set_u(v, true, p->mr_bytes); break;
	case 8: set_u(v, true, p->res[SNAP_RES_PD]); break;
	case 9: set_u(v, true, p->res[SNAP_RES_CM_ID]); break;
	case 10: set_u(v, true, p->res[SNAP_RES_CTX]); break;
	case 11: set_u(v, true, p->res[SNAP_RES_SRQ]); break;
	case 12: set_d(v, p->valid & VIEW_PROC_PSN_RATE, p->psn_rate); break;
	case 13: set_s(v, snap_s(s, p->cgroup)); break;
	}
}

void view_get(const struct view_ctx *c, enum view_table t, size_t row, int col,
	      struct view_value *v)
{
	const struct snapshot *s = c->s;
	const struct snap_vec *vec = table_vec(s, t);
	size_t n;
	const struct view_col *cols = view_cols(t, &n);

	memset(v, 0, offsetof(struct view_value, tmp));
	v->tmp[0] = '\0';
	v->s = "";
	/* vec, not view_count(): this runs for every row a sort or filter
	 * looks at */
	if (col < 0 || (size_t)col >= n ||
	    row >= (t == VIEW_PROCS ? c->n_procs : vec ? vec->n : 0))
		return;
	v->type = cols[col].type;
	v->fmt = cols[col].fmt;
	switch (t) {
	case VIEW_DEVS: get_dev(s, SNAP_AT(vec, struct snap_dev, row), col, v); break;
	case VIEW_LINKS: get_link(s, SNAP_AT(vec, struct snap_port, row), col, v); break;
	case VIEW_QPS: get_qp(s, SNAP_AT(vec, struct snap_qp, row), col, v); break;
	case VIEW_CM_IDS: get_cm_id(s, SNAP_AT(vec, struct snap_cm_id, row), col, v); break;
	case VIEW_CQS: get_cq(s, SNAP_AT(vec, struct snap_cq, row), col, v); break;
	case VIEW_MRS: get_mr(s, SNAP_AT(vec, struct snap_mr, row), col, v); break;
	case VIEW_PDS: get_pd(s, SNAP_AT(vec, struct snap_pd, row), col, v); break;
	case VIEW_CTXS:
		if (col == 0)
			set_s(v, dev_name(s, SNAP_AT(vec, struct snap_ctx, row)->dev));
		else if (col == 1)
			set_u(v, true, SNAP_AT(vec, struct snap_ctx, row)->ctxn);
		else
			get_owner(s, &SNAP_AT(vec, struct snap_ctx, row)->own, col - 2, v);
		break;
	case VIEW_SRQS: get_srq(s, SNAP_AT(vec, struct snap_srq, row), col, v); break;
	case VIEW_COUNTERS: get_counter(s, SNAP_AT(vec, struct snap_counter, row), col, v); break;
	case VIEW_PROCS: get_proc(s, &c->procs[row], col, v); break;
	default: break;
	}
}

/*
 * A decimal or a string into buf without snprintf: every cell of every
 * screen comes through here, and the format parser cost more than the
 * rest of drawing the cell.
 */
static const char *put_str(char *buf, size_t len, const char *s)
{
	size_t n = strlen(s);

	if (!len)
		return buf;
	if (n >= len)
		n = len - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return buf;
}

static const char *put_u64(char *buf, size_t len, uint64_t u)
{
	char tmp[24];

	tmp[sizeof(tmp) - 1] = '\0';
	return put_str(buf, len, fmt_digits(tmp + sizeof(tmp) - 1, u));
}

/* s (a formatted number, in a buffer with room for two more) and "/s" */
static void put_per_s(char *buf, size_t len, char *s)
{
	strcat(s, "/s");
	put_str(buf, len, s);
}

const char *view_fmt(const struct view_value *v, char *buf, size_t len)
{
	char tmp[32];

	if (!v->valid)
		return put_str(buf, len, "n/a");
	if (v->type == VIEW_T_STR)
		return put_str(buf, len, v->s);
	switch (v->fmt) {
	case VIEW_F_HEX: snprintf(buf, len, "%" PRIx64, v->u); break;
	case VIEW_F_GUID: fmt_guid(buf, len, v->u); break;
	case VIEW_F_BYTES:
		fmt_iec(buf, len, v->type == VIEW_T_UINT ? (double)v->u : v->d);
		break;
	case VIEW_F_COUNT:
		fmt_si(buf, len, v->type == VIEW_T_UINT ? (double)v->u : v->d);
		break;
	case VIEW_F_BPS:
		fmt_iec(tmp, sizeof(tmp) - 2, v->d);
		put_per_s(buf, len, tmp);
		break;
	case VIEW_F_RATE:
		fmt_si(tmp, sizeof(tmp) - 2, v->d);
		put_per_s(buf, len, tmp);
		break;
	default:
		if (v->type == VIEW_T_UINT)
			put_u64(buf, len, v->u);
		else
			fmt_num(buf, len, v->d);
	}
	return buf;
}

/*
 * A link's throughput from its port's counters.  Sources by preference:
 * the IB PMA port counters; for packets, the RDMA hardware counters
 * rcvd_pkts/sent_pkts (Soft-RoCE: its RDMA traffic, which the bound netdev
 * may not see when a device talks to itself); then the netdev statistics.
 */
void view_link_rates(const struct snapshot *s, uint32_t dev, uint32_t port,
		     struct view_link_rates *r)
{
	static const char *const names[SNAP_SRC_N][4] = {
		[SNAP_SRC_PMA] = { "port_rcv_data", "port_xmit_data", "port_rcv_packets",
				   "port_xmit_packets" },
		[SNAP_SRC_HW] = { "", "", "rcvd_pkts", "sent_pkts" },
		[SNAP_SRC_NETDEV] = { "rx_bytes", "tx_bytes", "rx_packets", "tx_packets" },
	};
	static const int rank[SNAP_SRC_N] = {
		[SNAP_SRC_PMA] = 3, [SNAP_SRC_HW] = 2, [SNAP_SRC_NETDEV] = 1,
	};
	int best[4] = { 0 };
	size_t i;
	int k;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < s->counters.n; i++) {
		const struct snap_counter *c = SNAP_AT(&s->counters, struct snap_counter, i);
		const char *name;

		if (c->dev != dev || c->port != port || c->rate_status != RATE_DATA ||
		    c->source >= SNAP_SRC_N)
			continue;
		name = snap_s(s, c->name);
		for (k = 0; k < 4; k++) {
			if (!names[c->source][k][0] || strcmp(name, names[c->source][k]) ||
			    rank[c->source] <= best[k])
				continue;
			r->valid[k] = true;
			r->v[k] = c->rate;
			best[k] = rank[c->source];
		}
	}
}
