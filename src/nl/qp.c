// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_RES_QP_GET: QPs of one device (nldev.c fill_res_qp_entry).
 * rqpn, rq-psn and path-mig-state exist only for connected QPs (RC/UC);
 * kernel QPs (the GSI QP ib_core owns) carry a kernel name and no pid;
 * a QP not yet bound to a port has no PORT_INDEX.
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "walk.h"

/*
 * A QP entry's layout repeats: the kernel puts the same attributes in the
 * same order and sizes for every QP of a kind (nldev.c fill_res_qp_entry:
 * all user RC QPs alike, all UD ones alike; 6.1 and 6.12 rxe, captured).
 * The layouts of the last two entries read the long way are kept (a host
 * mixes RC and UD QPs), per thread; an entry whose attribute headers equal
 * one of them word for word, at the same offsets, has the attributes, sizes
 * and order of one that passed every check, and is read from those offsets.
 * Only layouts of fixed-size attributes are kept (a string's content needs
 * its own check).
 */
#define QP_LAYOUT_MAX 24

enum { QF_LQPN, QF_PORT, QF_RQPN, QF_RQ_PSN, QF_SQ_PSN, QF_PDN, QF_PID, QF_PMIG, QF_TYPE,
       QF_STATE, QF_N };

struct qp_layout {
	uint16_t len;		/* the entry's payload length; 0: none kept */
	uint8_t n;		/* attributes */
	uint8_t n32, n8;	/* of them 32-bit and 8-bit QP fields */
	uint16_t at[QP_LAYOUT_MAX];	/* offset of each attribute header */
	uint32_t hdr[QP_LAYOUT_MAX];	/* the header (nla_len, nla_type) */
	/* per field: where in the entry's payload, where in struct snap_qp */
	uint16_t from32[QF_N], to32[QF_N], from8[QF_N], to8[QF_N];
	uint16_t valid;		/* the validity bits the fields give */
	uint8_t own_valid;
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

/* The QP field an attribute type fills, or -1. */
static int field_of(uint16_t type)
{
	switch (type) {
	case RDMA_NLDEV_ATTR_RES_LQPN: return QF_LQPN;
	case RDMA_NLDEV_ATTR_PORT_INDEX: return QF_PORT;
	case RDMA_NLDEV_ATTR_RES_RQPN: return QF_RQPN;
	case RDMA_NLDEV_ATTR_RES_RQ_PSN: return QF_RQ_PSN;
	case RDMA_NLDEV_ATTR_RES_SQ_PSN: return QF_SQ_PSN;
	/* older kernels do not send it; 6.1 and 6.12 rxe do for every QP (captured) */
	case RDMA_NLDEV_ATTR_RES_PDN: return QF_PDN;
	case RDMA_NLDEV_ATTR_RES_PID: return QF_PID;
	case RDMA_NLDEV_ATTR_RES_PATH_MIG_STATE: return QF_PMIG;
	case RDMA_NLDEV_ATTR_RES_TYPE: return QF_TYPE;
	case RDMA_NLDEV_ATTR_RES_STATE: return QF_STATE;
	}
	return -1;
}

static inline uint32_t rd32(const char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* Where each field goes in struct snap_qp, its size, the bit it makes valid. */
static const struct {
	uint16_t to;
	uint8_t size;
	uint16_t valid;
	uint8_t own_valid;
} qf[QF_N] = {
#define F(f, m, v) [f] = { offsetof(struct snap_qp, m), sizeof(((struct snap_qp *)0)->m), v, 0 }
	F(QF_LQPN, lqpn, 0),
	F(QF_PORT, port, SNAP_QP_PORT),
	F(QF_RQPN, rqpn, SNAP_QP_RQPN),
	F(QF_RQ_PSN, rq_psn, SNAP_QP_RQ_PSN),
	F(QF_SQ_PSN, sq_psn, SNAP_QP_SQ_PSN),
	F(QF_PDN, pdn, SNAP_QP_PDN),
	[QF_PID] = { offsetof(struct snap_qp, own.tid), 4, 0, SNAP_OWN_TID },
	F(QF_PMIG, pmig, SNAP_QP_PMIG),
	F(QF_TYPE, type, SNAP_QP_TYPE),
	F(QF_STATE, state, SNAP_QP_STATE),
#undef F
};

/* Field f of q from an attribute's payload (of the size the policy checked). */
static inline void qp_set(struct snap_qp *q, int f, const char *v)
{
	memcpy((char *)q + qf[f].to, v, qf[f].size);
	q->valid |= qf[f].valid;
	q->own.valid |= qf[f].own_valid;
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

		if (l.n == QP_LAYOUT_MAX || l.n32 + l.n8 == QF_N || kind > K_U64)
			return;	/* strings, nests, or more than we keep */
		l.at[l.n] = (uint16_t)((const char *)cur - a_data(entry));
		memcpy(&l.hdr[l.n], cur, sizeof(l.hdr[0]));
		l.n++;
		if (f < 0)
			continue;
		if (qf[f].size == 4) {
			l.from32[l.n32] = (uint16_t)(a_data(cur) - a_data(entry));
			l.to32[l.n32++] = qf[f].to;
		} else {
			l.from8[l.n8] = (uint16_t)(a_data(cur) - a_data(entry));
			l.to8[l.n8++] = qf[f].to;
		}
		l.valid |= qf[f].valid;
		l.own_valid |= qf[f].own_valid;
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
	q = snap_push(&s->qps, sizeof(*q));
	if (!q)
		return -ENOMEM;
	q->dev = dev;
	for (i = 0; i < l->n32; i++)	/* LQPN among them: checked when kept */
		memcpy((char *)q + l->to32[i], p + l->from32[i], 4);
	for (i = 0; i < l->n8; i++)
		((char *)q)[l->to8[i]] = p[l->from8[i]];
	q->valid = l->valid;
	q->own.valid = l->own_valid;
	layout_hits++;
	return 1;
}

/*
 * One entry, read attribute by attribute straight into the QP (checked
 * against the policy as every other walk): no table of all NLDEV types to
 * clear and fill for each of 100k entries.  The last of a repeated
 * attribute wins, as in a table.
 */
static int qp_slow(struct snapshot *s, const struct nlattr *a, size_t len, uint32_t dev,
		   struct snap_qp **out)
{
	const struct nlattr *cur, *kern = NULL, *subtype = NULL, *drv = NULL;
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
			qp_set(q, f, a_data(cur));
			lqpn |= f == QF_LQPN;
		} else if (type == RDMA_NLDEV_ATTR_RES_SUBTYPE) {
			/* driver QPs (type DRIVER) name their kind; 6.12 rxe sends none (captured) */
			subtype = cur;
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
	if (subtype)
		SNAP_SET(q, subtype, SNAP_QP_SUBTYPE, snap_str(s, a_data(subtype), a_len(subtype)));
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
