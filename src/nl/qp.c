// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_RES_QP_GET: QPs of one device (nldev.c fill_res_qp_entry).
 * rqpn, rq-psn and path-mig-state exist only for connected QPs (RC/UC);
 * kernel QPs (the GSI QP ib_core owns) carry a kernel name and no pid;
 * a QP not yet bound to a port has no PORT_INDEX.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "util.h"
#include "cols.h"
#include "fmt.h"
#include "names.h"
#include "stall.h"
#include "walk.h"

/* ---- the declaration: attribute -> field -> column -> JSON key ---- */
#define QP struct snap_qp
#ifndef NL_QP_EXTRA_COLS
#define NL_QP_EXTRA_COLS
#define NL_QP_EXTRA_FIELDS
#endif

/* sq + rq: what the QP moved either way */
static void qp_psn_rate(const struct view_ctx *c, const void *row, const struct view_col *col,
			struct view_value *v)
{
	const struct snap_qp *q = row;
	bool sq = SNAP_HAS(q, SNAP_QP_PSN_RATE), rq = SNAP_HAS(q, SNAP_QP_RQ_PSN_RATE);

	(void)c;
	(void)col;
	v->valid = sq || rq;
	v->d = (sq ? q->sq_psn_rate : 0) + (rq ? q->rq_psn_rate : 0);
}

/* a driver QP's kind (type DRIVER only, as rdma prints it) */
static void qp_subtype(const struct view_ctx *c, const void *row, const struct view_col *col,
		       struct view_value *v)
{
	const struct snap_qp *q = row;

	(void)col;
	v->valid = SNAP_HAS(q, SNAP_QP_TYPE) && q->type == 0xff && SNAP_HAS(q, SNAP_QP_SUBTYPE);
	v->s = v->valid ? snap_s(c->s, q->subtype) : "";
}

/* where its table is carried, rows differ in age (per-QP GETs) */
static void qp_age(const struct view_ctx *c, const void *row, const struct view_col *col,
		   struct view_value *v)
{
	(void)col;
	v->valid = snap_qp_paced(c->s, row);
	v->d = v->valid ? snap_qp_age(c->s, row) : 0;
}

/*
 * The other end (src/nl/qp_raw.c): its address as text, an IPv4 address
 * where the GID is one mapped (a RoCE v2 GID of an IPv4 netdev, or a CM_ID's
 * AF_INET destination), else the GID in IPv6 notation.
 */
static void qp_peer(const struct view_ctx *c, const void *row, const struct view_col *col,
		    struct view_value *v)
{
	const struct snap_qp *q = row;

	(void)c;
	(void)col;
	v->s = "";
	v->valid = q->peer_valid & SNAP_PEER_GID;
	if (!v->valid)
		return;
	v->s = fmt_gid_addr(v->tmp, sizeof(v->tmp), q->peer_gid);
	v->valid = v->s != NULL;
	if (!v->s)
		v->s = "";
}

/* the peer is this host: the device/port one of whose GIDs it is (loopback) */
static void qp_peer_dev(const struct view_ctx *c, const void *row, const struct view_col *col,
			struct view_value *v)
{
	const struct snap_qp *q = row;
	size_t i;

	(void)col;
	v->s = "";
	v->valid = false;
	if (!(q->peer_valid & SNAP_PEER_GID))
		return;
	for (i = 0; i < c->s->gids.n; i++) {
		const struct snap_gid *g = SNAP_AT(&c->s->gids, struct snap_gid, i);
		const struct snap_dev *d;

		if (memcmp(g->gid, q->peer_gid, sizeof(g->gid)) || !(d = snap_dev_find(c->s, g->dev)))
			continue;
		snprintf(v->tmp, sizeof(v->tmp), "%s/%u", d->name, g->port);
		v->s = v->tmp;
		v->valid = true;
		return;
	}
}

/* where the peer's address is from: its CM_ID, or the driver's context */
static void qp_peer_from(const struct view_ctx *c, const void *row, const struct view_col *col,
			 struct view_value *v)
{
	const struct snap_qp *q = row;

	(void)c;
	(void)col;
	v->valid = q->peer_valid & (SNAP_PEER_CM | SNAP_PEER_RAW);
	v->s = q->peer_valid & SNAP_PEER_CM ? "cm" : v->valid ? "raw" : "";
}

/* a number of the peer's (peer_valid bit in col->arg) */
static void qp_peer_num(const struct view_ctx *c, const void *row, const struct view_col *col,
			struct view_value *v)
{
	const struct snap_qp *q = row;

	(void)c;
	v->valid = q->peer_valid & col->arg;
	v->u = 0;
	if (!v->valid)
		return;
	if (col->arg == SNAP_PEER_LID)
		v->u = q->peer_lid;
	else
		v->u = col->off == offsetof(QP, cur_rnr) ? q->cur_rnr : q->cur_retry;
}

/*
 * The columns other files name are include/view.h's VC_QP_*; a column
 * only the table knows takes its id here, after QP_NAMED, and its entry
 * after the owner's.
 */
enum {
	QP_NAMED = VC_QP_N - 1,
	NL_QP_EXTRA_COLS	/* a test's (include/snap_res.h, SNAP_QP_EXTRA) */
	QP_NCOLS,
	/* fields no column shows (JSON only) */
	QP_SUBTYPE = QP_NCOLS, QP_AGE, QP_GPU_REL, QP_GPU_FAR, QP_PEER_FROM, QP_CUR_RETRY,
	QP_CUR_RNR, QP_RAW, QP_NFIELDS
};

static const struct view_col qp_fields[QP_NFIELDS] = {
	[VC_QP_DEV] = COL_DEV_P(QP, 1),
	[VC_QP_PORT] = { COL_N("port", "PORT", 4, QP, port, SNAP_QP_PORT,
			       "port (n/a: not bound to one yet)"),
			 .attr = RDMA_NLDEV_ATTR_PORT_INDEX, .json = "port", .prio = 2 },
	[VC_QP_LQPN] = { COL_N("lqpn", "LQPN", 7, QP, lqpn, 0, "local QP number"),
			 .attr = RDMA_NLDEV_ATTR_RES_LQPN, .json = "lqpn", .prio = 3 },
	[VC_QP_RQPN] = { COL_N("rqpn", "RQPN", 7, QP, rqpn, SNAP_QP_RQPN, "remote QP number"),
			 .attr = RDMA_NLDEV_ATTR_RES_RQPN, .json = "rqpn", .prio = 4 },
	[VC_QP_TYPE] = { COL_E("type", "TYPE", 5, QP, type, SNAP_QP_TYPE, snap_qp_type_str,
			       "QP type (RC, UD, ...)"),
			 .attr = RDMA_NLDEV_ATTR_RES_TYPE, .json = "type", .prio = 5 },
	[VC_QP_STATE] = { COL_E("state", "STATE", 5, QP, state, SNAP_QP_STATE, snap_qp_state_str,
				"QP state (RESET, INIT, RTR, RTS, ...)"),
			  .flags = VIEW_C_STATE, .attr = RDMA_NLDEV_ATTR_RES_STATE, .json = "state",
			  .prio = 6 },
	[VC_QP_SQ_PSN] = { COL_N("sq_psn", "SQ_PSN", 8, QP, sq_psn, SNAP_QP_SQ_PSN,
				 "send queue PSN"),
			   .attr = RDMA_NLDEV_ATTR_RES_SQ_PSN, .json = "sq-psn", .prio = 11 },
	[VC_QP_RQ_PSN] = { COL_N("rq_psn", "RQ_PSN", 8, QP, rq_psn, SNAP_QP_RQ_PSN,
				 "receive queue PSN"),
			   .attr = RDMA_NLDEV_ATTR_RES_RQ_PSN, .json = "rq-psn", .prio = 12 },
	[VC_QP_PSN_RATE] = { VIEW_COL("psn_rate", "PSN/s", 7, true, VIEW_T_DOUBLE, VIEW_F_RATE),
			     .get = qp_psn_rate, .desc = "PSNs advanced per second, both queues",
			     .desc_sort = true, .prio = 7 },
	[VC_QP_SQ_RATE] = { COL_R("sq_rate", "SQPSN/s", 7, VIEW_F_RATE, QP, sq_psn_rate,
				  SNAP_QP_PSN_RATE, "send PSNs advanced per second"),
			    .json = "sq_psn_per_sec", .desc_sort = true, .prio = 16 },
	[VC_QP_RQ_RATE] = { COL_R("rq_rate", "RQPSN/s", 7, VIEW_F_RATE, QP, rq_psn_rate,
				  SNAP_QP_RQ_PSN_RATE, "receive PSNs advanced per second"),
			    .json = "rq_psn_per_sec", .desc_sort = true, .prio = 17 },
	[VC_QP_PMIG] = { COL_E("pmig", "PMIG", 8, QP, pmig, SNAP_QP_PMIG, snap_pmig_str,
			       "path migration state"),
			 .attr = RDMA_NLDEV_ATTR_RES_PATH_MIG_STATE, .json = "path-mig-state",
			 .prio = 15 },
	/* older kernels do not send it; 6.1 and 6.12 rxe do for every QP (captured) */
	[VC_QP_PDN] = { COL_N("pdn", "PDN", 4, QP, pdn, SNAP_QP_PDN, "its PD's number"),
			.attr = RDMA_NLDEV_ATTR_RES_PDN, .json = "pdn", .prio = 13 },
	COL_OWNER_P(QP, 8, 14, 9),	/* (VC_QP_PID, TID, COMM: after PDN) */
	/* its device to the nearest GPU its process has open (src/model/pgpu.c) */
	[VC_QP_GPU] = { VIEW_COL("gpu", "GPU", 5, false, VIEW_T_STR, VIEW_F_PLAIN),
			.get = view_get_qp_gpu, .prio = 10,
			.desc = "its device to the nearest GPU its process has open (PIX ... SYS); "
				"far, NODE or SYS: SYS!" },
	/* the other end (src/nl/qp_raw.c): no place on the screen by default */
	[VC_QP_PEER] = { VIEW_COL("peer", "PEER", 16, false, VIEW_T_STR, VIEW_F_PLAIN),
			 .get = qp_peer, .json = "peer",
			 .desc = "the remote address: its CM_ID's destination, else the remote GID "
				 "of the driver's raw context (mlx5, CAP_NET_ADMIN)" },
	[VC_QP_PEER_LID] = { VIEW_COL("peer_lid", "PLID", 5, true, VIEW_T_UINT, VIEW_F_PLAIN),
			     .get = qp_peer_num, .arg = SNAP_PEER_LID, .json = "peer_lid",
			     .desc = "the remote LID (IB; mlx5 raw context, CAP_NET_ADMIN)" },
	[VC_QP_PEER_DEV] = { VIEW_COL("peer_local", "PEER_LOCAL", 10, false, VIEW_T_STR,
				      VIEW_F_PLAIN),
			     .get = qp_peer_dev, .json = "peer_local",
			     .desc = "the peer is on this host: the device/port whose GID it is" },
	/* the Stalls table's (src/model/stall.c); JSON: its "stalls" table only */
	[VC_QP_STALL] = { VIEW_COL("stall", "STALL", 7, false, VIEW_T_STR, VIEW_F_PLAIN),
			  .flags = VIEW_C_STATE, .get = stall_get_kind, .prio = 18,
			  .desc = "stalled (PSNs moved, then still for --stall-after), idle "
				  "(still since RTS), ok, gone (owner exited), sqe, err, setup" },
	[VC_QP_STALL_AGE] = { VIEW_COL("stall_age", "STALLED", 7, true, VIEW_T_DOUBLE, VIEW_F_AGE),
			      .get = stall_get_age, .desc_sort = true, .prio = 19,
			      .desc = "seconds its PSNs stood still (stalled), or in SQE/ERR" },
	[VC_QP_PEER_STATE] = { VIEW_COL("peer_state", "PEER_ST", 7, false, VIEW_T_STR,
					VIEW_F_PLAIN),
			       .flags = VIEW_C_STATE, .get = stall_get_peer, .prio = 22,
			       .desc = "its peer QP's stall where it is on this host, gone "
				       "(it was, and is no more), or remote" },
	[VC_QP_GROUP] = { VIEW_COL("group", "JOB", 12, false, VIEW_T_STR, VIEW_F_PLAIN),
			  .get = stall_get_group, .prio = 20,
			  .desc = "its owner's group: job, pod, container, unit or cgroup" },
	[VC_QP_HEALTH] = { VIEW_COL("health", "HEALTH", 6, false, VIEW_T_UINT, VIEW_F_LEVEL),
			   .get = stall_get_health, .desc_sort = true, .prio = 21,
			   .desc = "its port's verdict: OK, WARN or FAIL (man rdmatop, THRESHOLDS)" },
	NL_QP_EXTRA_FIELDS
	/* driver QPs (type DRIVER) name their kind; 6.12 rxe sends none (captured) */
	[QP_SUBTYPE] = { .name = "subtype", TEXT, .get = qp_subtype,
			 FIELD(QP, subtype, SNAP_QP_SUBTYPE), .attr = RDMA_NLDEV_ATTR_RES_SUBTYPE,
			 .json = "subtype" },
	[QP_AGE] = { .name = "age", .type = VIEW_T_DOUBLE, .get = qp_age, .json = "age" },
	/* where a process has GPUs open: the relation and whether it is far */
	[QP_GPU_REL] = { .name = "gpu_relation", TEXT, .get = view_get_qp_gpu_rel,
			 .json = "gpu_relation" },
	[QP_GPU_FAR] = { .name = "gpu_far", .type = VIEW_T_UINT, .get = view_get_qp_gpu_far,
			 .jfmt = VIEW_J_BOOL, .json = "gpu_far" },
	[QP_PEER_FROM] = { .name = "peer_from", TEXT, .get = qp_peer_from, .json = "peer_from" },
	/* mlx5 qpc cur_retry_count, cur_rnr_retry */
	[QP_CUR_RETRY] = { .name = "cur_retry_count", .type = VIEW_T_UINT, .get = qp_peer_num,
			   .arg = SNAP_PEER_RETRY, FIELD(QP, cur_retry, 0),
			   .json = "cur_retry_count" },
	[QP_CUR_RNR] = { .name = "cur_rnr_retry", .type = VIEW_T_UINT, .get = qp_peer_num,
			 .arg = SNAP_PEER_RETRY, FIELD(QP, cur_rnr, 0), .json = "cur_rnr_retry" },
	/* the driver's raw context, as hex: what a replay decodes again */
	[QP_RAW] = { .name = "raw", TEXT, .get = view_get_strid, FIELD(QP, raw, SNAP_QP_RAW),
		     .json = "raw" },
};
/* rdma -j's order (res-qp.c), then the owner, then ours */
static const int8_t qp_json[] = {
	VC_QP_PORT, VC_QP_LQPN, VC_QP_RQPN, VC_QP_TYPE, QP_SUBTYPE, VC_QP_STATE, VC_QP_RQ_PSN,
	VC_QP_SQ_PSN, VC_QP_PMIG, VC_QP_PDN, VIEW_JSON_OWNER, VC_QP_SQ_RATE, VC_QP_RQ_RATE,
	QP_AGE, QP_GPU_REL, QP_GPU_FAR, VC_QP_PEER, VC_QP_PEER_LID, VC_QP_PEER_DEV, QP_PEER_FROM,
	QP_CUR_RETRY, QP_CUR_RNR, QP_RAW, -1,
};
const struct view_tab view_qp_tab =
	FIELD_TAB(qp_fields, QP, QP_NCOLS, qp_json, ROLES_OWNER(VC_QP_PID),
		  [VIEW_ROLE_PORT] = VC_QP_PORT + 1, [VIEW_ROLE_LQPN] = VC_QP_LQPN + 1);

/* ---- the parser: the 100k-entry hot path ---- */

/*
 * A QP entry's layout repeats: the kernel puts the same attributes in the
 * same order and sizes for every QP of a kind (nldev.c fill_res_qp_entry:
 * all user RC QPs alike, all UD ones alike; 6.1 and 6.12 rxe, captured).
 * The layouts of the last two entries read the long way are kept (a host
 * mixes RC and UD QPs), per thread; an entry whose attribute headers equal
 * one of them word for word, at the same offsets, has the attributes, sizes
 * and order of one that passed every check, and is read from those offsets.
 * Only layouts of fixed-size attributes into fields of their size are kept
 * (a string's content needs its own check).
 */
#define QP_LAYOUT_MAX 24
#define QF_MAX 24	/* fields the table's attributes fill, and the owner's pid */

/* A field an attribute fills, from the table (qf_build) */
struct qf {
	uint16_t to;		/* offset in struct snap_qp */
	uint8_t size, kind;	/* the field's size, the attribute's kind */
	uint16_t valid;		/* the bit it makes valid */
	uint8_t own_valid;
};

static _Thread_local struct {
	bool ready;
	uint8_t n;
	int8_t of[RDMA_NLDEV_ATTR_MAX];	/* attribute type -> field, -1: none */
	struct qf f[QF_MAX];
} qpf;

static void qf_add(uint16_t attr, struct qf f)
{
	if (attr && attr < RDMA_NLDEV_ATTR_MAX && qpf.n < QF_MAX) {
		qpf.of[attr] = (int8_t)qpf.n;
		qpf.f[qpf.n++] = f;
	}
}

static void qf_build(void)
{
	size_t i;

	memset(qpf.of, -1, sizeof(qpf.of));
	qpf.n = 0;
	for (i = 0; i < QP_NFIELDS; i++) {
		const struct view_col *c = &qp_fields[i];

		if (c->attr && c->attr < RDMA_NLDEV_ATTR_MAX)
			qf_add(c->attr, (struct qf){ .to = c->off, .size = c->size,
						     .kind = nl_policy[c->attr],
						     .valid = (uint16_t)c->bit });
	}
	/* the owner's thread, as every object's (nl_owner) */
	qf_add(RDMA_NLDEV_ATTR_RES_PID,
	       (struct qf){ .to = offsetof(QP, own.tid), .size = 4, .kind = K_U32,
			    .own_valid = SNAP_OWN_TID });
	qpf.ready = true;
}

/* The field an attribute type fills, or -1. */
static inline int field_of(uint16_t type)
{
	return type < RDMA_NLDEV_ATTR_MAX ? qpf.of[type] : -1;
}

/* an attribute of that kind holds exactly a field of this size */
static inline bool qf_exact(const struct qf *f)
{
	return (f->kind == K_U8 && f->size == 1) || (f->kind == K_U32 && f->size == 4) ||
	       (f->kind == K_U64 && f->size == 8);
}

struct qp_layout {
	uint16_t len;		/* the entry's payload length; 0: none kept */
	uint8_t n;		/* attributes */
	uint8_t n32, n8;	/* 32-bit words (a u64 field is two) and bytes to copy */
	uint16_t at[QP_LAYOUT_MAX];	/* offset of each attribute header */
	uint32_t hdr[QP_LAYOUT_MAX];	/* the header (nla_len, nla_type) */
	/* per word or byte: where in the entry's payload, where in struct snap_qp */
	uint16_t from32[2 * QF_MAX], to32[2 * QF_MAX], from8[QF_MAX], to8[QF_MAX];
	/* the row before its fields: zero, its validity bits (dev apart) */
	struct snap_qp row;
};

#define QP_LAYOUTS 2
static _Thread_local struct qp_layout layouts[QP_LAYOUTS];
static _Thread_local unsigned int layout_last;	/* the one that fit last */
static _Thread_local unsigned long layout_hits;
static bool layouts_on = true;

void nl_qp_layouts(bool on)
{
	layouts_on = on;
	memset(layouts, 0, sizeof(layouts));
}

unsigned long nl_qp_layout_hits(void)
{
	return layout_hits;
}

static inline uint32_t rd32(const char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/*
 * Field f of q from an attribute (of the size the policy checked): copied
 * when of the field's size, else widened or cut; a string becomes its
 * snapshot string id.
 */
static inline void qp_set(struct snapshot *s, struct snap_qp *q, const struct qf *f,
			  const struct nlattr *a)
{
	char *p = (char *)q + f->to;
	uint64_t v;

	if (qf_exact(f)) {
		memcpy(p, a_data(a), f->size);
	} else {
		switch (f->kind) {
		case K_U8: v = *(const uint8_t *)a_data(a); break;
		case K_U32: v = a_u32(a); break;
		case K_U64: v = mnl_attr_get_u64(a); break;
		case K_STR: v = snap_str(s, a_data(a), a_len(a)); break;
		default: return;	/* a kind no field holds: the table is wrong, not the bytes */
		}
		field_put(p, f->size, v);
	}
	q->valid |= f->valid;
	q->own.valid |= f->own_valid;
}

/* Keep the layout of an entry just read the long way, if it can be. */
static void layout_learn(const struct nlattr *entry)
{
	const struct nlattr *a = (const struct nlattr *)a_data(entry), *cur;
	size_t len = a_len(entry);
	struct qp_layout l;

	memset(&l, 0, sizeof(l));
	l.len = a_len(entry);
	while (a_next(&a, &len, &cur) > 0) {
		uint16_t type = a_type(cur);
		uint8_t kind = type < RDMA_NLDEV_ATTR_MAX ? nl_policy[type] : K_SKIP;
		int f = field_of(type);
		const struct qf *q;
		uint16_t from;

		if (l.n == QP_LAYOUT_MAX || l.n32 + 1 >= 2 * QF_MAX || l.n8 == QF_MAX ||
		    kind > K_U64)
			return;	/* strings, nests, or more than we keep */
		l.at[l.n] = (uint16_t)((const char *)cur - a_data(entry));
		memcpy(&l.hdr[l.n], cur, sizeof(l.hdr[0]));
		l.n++;
		if (f < 0)
			continue;
		q = &qpf.f[f];
		if (!qf_exact(q))
			return;	/* widened or cut: the long way */
		from = (uint16_t)(a_data(cur) - a_data(entry));
		if (q->size == 1) {
			l.from8[l.n8] = from;
			l.to8[l.n8++] = q->to;
		} else {
			l.from32[l.n32] = from;
			l.to32[l.n32++] = q->to;
			if (q->size == 8) {
				l.from32[l.n32] = from + 4;
				l.to32[l.n32++] = q->to + 4;
			}
		}
		l.row.valid |= q->valid;
		l.row.own.valid |= q->own_valid;
	}
	/* in the place of the one that did not fit last */
	layout_last = (layout_last + 1) % QP_LAYOUTS;
	layouts[layout_last] = l;
}

static bool layout_fits(const struct qp_layout *l, const struct nlattr *entry)
{
	const char *p = a_data(entry);
	uint8_t i;

	if (!l->len || a_len(entry) != l->len)
		return false;
	for (i = 0; i < l->n; i++)
		if (rd32(p + l->at[i]) != l->hdr[i])
			return false;
	return true;
}

/* The entry read through a kept layout: 1, or 0 when none fits. */
static int qp_fast(struct snapshot *s, const struct nlattr *entry, uint32_t dev)
{
	const struct qp_layout *l = &layouts[layout_last];
	const char *p = a_data(entry);
	struct snap_qp *q;
	uint8_t i;

	if (!layout_fits(l, entry)) {
		unsigned int other = (layout_last + 1) % QP_LAYOUTS;

		if (!layout_fits(&layouts[other], entry))
			return 0;
		layout_last = other;
		l = &layouts[other];
	}
	q = snap_push_raw(&s->qps, sizeof(*q));
	if (!q)
		return -ENOMEM;
	*q = l->row;
	q->dev = dev;
	for (i = 0; i < l->n32; i++)	/* LQPN among them: checked when kept */
		memcpy((char *)q + l->to32[i], p + l->from32[i], 4);
	for (i = 0; i < l->n8; i++)
		((char *)q)[l->to8[i]] = p[l->from8[i]];
	layout_hits++;
	return 1;
}

/*
 * One entry, read attribute by attribute straight into the QP (checked
 * against the policy as every other walk): no table of all NLDEV types to
 * clear and fill for each of 100k entries.  The last of a repeated
 * attribute wins, as in a table.  The owner's kernel name and driver
 * attributes are every object's (nl_owner), read here by hand.
 */
static int qp_slow(struct snapshot *s, const struct nlattr *a, size_t len, uint32_t dev,
		   struct snap_qp **out)
{
	const struct nlattr *cur, *kern = NULL, *drv = NULL;
	struct snap_qp *q = snap_push(&s->qps, sizeof(*q));
	bool lqpn = false;
	int err;

	if (!q)
		return -ENOMEM;
	while ((err = a_next(&a, &len, &cur)) > 0) {
		uint16_t type = a_type(cur);
		int f;

		if (a_check(cur, type))
			break;
		f = field_of(type);
		if (f >= 0) {
			qp_set(s, q, &qpf.f[f], cur);
			lqpn |= type == RDMA_NLDEV_ATTR_RES_LQPN;
		} else if (type == RDMA_NLDEV_ATTR_RES_KERN_NAME) {
			kern = cur;
		} else if (type == RDMA_NLDEV_ATTR_DRIVER) {
			drv = cur;
		}
	}
	if (err || !lqpn) {
		s->qps.n--;	/* not a QP after all */
		return -EBADMSG;
	}
	q->dev = dev;
	if (kern) {
		q->own.kern = snap_str(s, a_data(kern), a_len(kern));
		q->own.valid |= SNAP_OWN_KERN;
	}
	if (drv && (err = nl_driver(s, drv, &q->own)))
		return err;
	if (out)
		*out = q;
	return 0;
}

static int qp_entry(struct snapshot *s, const struct nlattr *entry, void *arg)
{
	uint32_t dev = *(const uint32_t *)arg;
	int ret = layouts_on ? qp_fast(s, entry, dev) : 0;

	if (ret)
		return ret < 0 ? ret : 0;
	ret = qp_slow(s, (const struct nlattr *)a_data(entry), a_len(entry), dev, NULL);
	if (!ret && layouts_on)
		layout_learn(entry);
	return ret;
}

int nl_qp_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	if (!qpf.ready)
		qf_build();
	return nl_res_table_nests(nlh, s, RDMA_NLDEV_ATTR_RES_QP,
				  RDMA_NLDEV_ATTR_RES_QP_ENTRY, qp_entry);
}

/*
 * The answer to a GET of one QP (NL_REQ_OBJ): res_get_common_doit() puts
 * the device handle (DEV_INDEX, DEV_NAME) and then fill_res_qp_entry()'s
 * attributes at the top level of one message, with no RES_QP table nor
 * entry nest (nldev.c, 6.1 to 7.x).  The row is the QP's data as of this
 * sample, whatever its table's age.
 */
int nl_qp_get_parse(const struct nlmsghdr *nlh, struct snapshot *s, const struct nl_req *req)
{
	struct snap_qp *q = NULL;
	int ret;

	if (req->dev == SNAP_NONE || nlh->nlmsg_len < MNL_NLMSG_HDRLEN)
		return -EBADMSG;
	if (!qpf.ready)
		qf_build();
	ret = qp_slow(s, mnl_nlmsg_get_payload(nlh), nlh->nlmsg_len - MNL_NLMSG_HDRLEN,
		      req->dev, &q);
	if (ret)
		return ret;
	if (q->lqpn != req->id) {
		s->qps.n--;	/* not the QP asked for */
		return -EBADMSG;
	}
	q->when = s->mono;
	q->valid |= SNAP_QP_WHEN;
	return 0;
}

int nl_qp_gone(struct snapshot *s, const struct nl_req *req)
{
	struct snap_qp *q = snap_push(&s->qps, sizeof(*q));

	if (!q)
		return -ENOMEM;
	q->dev = req->dev;
	q->lqpn = req->id;
	q->valid = SNAP_QP_GONE;
	return 0;
}
