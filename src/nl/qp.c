// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RDMA_NLDEV_CMD_RES_QP_GET: QPs of one device (nldev.c fill_res_qp_entry).
 * rqpn, rq-psn and path-mig-state exist only for connected QPs (RC/UC);
 * kernel QPs (the GSI QP ib_core owns) carry a kernel name and no pid;
 * a QP not yet bound to a port has no PORT_INDEX.
 */
#include <errno.h>
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
	uint16_t valid;		/* the QP's validity bits */
	uint8_t n;
	uint16_t at[QP_LAYOUT_MAX];	/* offset of each attribute header */
	uint32_t hdr[QP_LAYOUT_MAX];	/* the header (nla_len, nla_type) */
	uint16_t off[QF_N];	/* payload offset of each field; 0: absent */
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

static int field_of(uint16_t type)
{
	switch (type) {
	case RDMA_NLDEV_ATTR_RES_LQPN: return QF_LQPN;
	case RDMA_NLDEV_ATTR_PORT_INDEX: return QF_PORT;
	case RDMA_NLDEV_ATTR_RES_RQPN: return QF_RQPN;
	case RDMA_NLDEV_ATTR_RES_RQ_PSN: return QF_RQ_PSN;
	case RDMA_NLDEV_ATTR_RES_SQ_PSN: return QF_SQ_PSN;
	case RDMA_NLDEV_ATTR_RES_PDN: return QF_PDN;
	case RDMA_NLDEV_ATTR_RES_PID: return QF_PID;
	case RDMA_NLDEV_ATTR_RES_PATH_MIG_STATE: return QF_PMIG;
	case RDMA_NLDEV_ATTR_RES_TYPE: return QF_TYPE;
	case RDMA_NLDEV_ATTR_RES_STATE: return QF_STATE;
	}
	return -1;
}

/* Keep the layout of an entry just read the long way into q, if it can be. */
static void layout_learn(const struct nlattr *entry, const struct snap_qp *q)
{
	const struct nlattr *a = (const struct nlattr *)a_data(entry), *cur;
	size_t len = a_len(entry);
	struct qp_layout l;

	memset(&l, 0, sizeof(l));
	l.len = a_len(entry);
	l.valid = q->valid;
	while (a_next(&a, &len, &cur) > 0) {
		uint16_t type = a_type(cur);
		uint8_t kind = type < RDMA_NLDEV_ATTR_MAX ? nl_policy[type] : K_SKIP;
		int f = field_of(type);

		if (l.n == QP_LAYOUT_MAX || kind > K_U64)
			return;	/* strings, nests, or more than we keep */
		l.at[l.n] = (uint16_t)((const char *)cur - a_data(entry));
		memcpy(&l.hdr[l.n], cur, sizeof(l.hdr[0]));
		l.n++;
		if (f >= 0)
			l.off[f] = (uint16_t)(a_data(cur) - a_data(entry));
	}
	/* in the place of the one that did not fit last */
	layout_last = (layout_last + 1) % QP_LAYOUTS;
	layouts[layout_last] = l;
}

static inline uint32_t rd32(const char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
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
	q->valid = l->valid;
	q->lqpn = rd32(p + l->off[QF_LQPN]);	/* always there: checked when kept */
	if (l->off[QF_PORT])
		q->port = rd32(p + l->off[QF_PORT]);
	if (l->off[QF_RQPN])
		q->rqpn = rd32(p + l->off[QF_RQPN]);
	if (l->off[QF_RQ_PSN])
		q->rq_psn = rd32(p + l->off[QF_RQ_PSN]);
	if (l->off[QF_SQ_PSN])
		q->sq_psn = rd32(p + l->off[QF_SQ_PSN]);
	if (l->off[QF_PDN])
		q->pdn = rd32(p + l->off[QF_PDN]);
	if (l->off[QF_PMIG])
		q->pmig = (uint8_t)p[l->off[QF_PMIG]];
	if (l->off[QF_TYPE])
		q->type = (uint8_t)p[l->off[QF_TYPE]];
	if (l->off[QF_STATE])
		q->state = (uint8_t)p[l->off[QF_STATE]];
	if (l->off[QF_PID]) {
		q->own.tid = rd32(p + l->off[QF_PID]);
		q->own.valid = SNAP_OWN_TID;
	}
	layout_hits++;
	return 1;
}

/*
 * One entry, read attribute by attribute straight into the QP (checked
 * against the policy as every other walk): no table of all NLDEV types to
 * clear and fill for each of 100k entries.  The last of a repeated
 * attribute wins, as in a table.
 */
static int qp_slow(struct snapshot *s, const struct nlattr *entry, uint32_t dev)
{
	const struct nlattr *a = (const struct nlattr *)a_data(entry), *cur;
	const struct nlattr *pid = NULL, *kern = NULL, *subtype = NULL;
	size_t len = a_len(entry);
	struct snap_qp *q = snap_push(&s->qps, sizeof(*q));
	bool lqpn = false;
	int err;

	if (!q)
		return -ENOMEM;
	while ((err = a_next(&a, &len, &cur)) > 0) {
		uint16_t type = a_type(cur);

		if (a_check(cur, type))
			break;
		switch (type) {
		case RDMA_NLDEV_ATTR_RES_LQPN:
			q->lqpn = a_u32(cur);
			lqpn = true;
			break;
		case RDMA_NLDEV_ATTR_PORT_INDEX:
			q->port = a_u32(cur);
			q->valid |= SNAP_QP_PORT;
			break;
		case RDMA_NLDEV_ATTR_RES_RQPN:
			q->rqpn = a_u32(cur);
			q->valid |= SNAP_QP_RQPN;
			break;
		case RDMA_NLDEV_ATTR_RES_RQ_PSN:
			q->rq_psn = a_u32(cur);
			q->valid |= SNAP_QP_RQ_PSN;
			break;
		case RDMA_NLDEV_ATTR_RES_SQ_PSN:
			q->sq_psn = a_u32(cur);
			q->valid |= SNAP_QP_SQ_PSN;
			break;
		case RDMA_NLDEV_ATTR_RES_PATH_MIG_STATE:
			q->pmig = a_u8(cur);
			q->valid |= SNAP_QP_PMIG;
			break;
		case RDMA_NLDEV_ATTR_RES_TYPE:
			q->type = a_u8(cur);
			q->valid |= SNAP_QP_TYPE;
			break;
		case RDMA_NLDEV_ATTR_RES_STATE:
			q->state = a_u8(cur);
			q->valid |= SNAP_QP_STATE;
			break;
		/* older kernels do not send it; 6.1 and 6.12 rxe do for every QP (captured) */
		case RDMA_NLDEV_ATTR_RES_PDN:
			q->pdn = a_u32(cur);
			q->valid |= SNAP_QP_PDN;
			break;
		/* driver QPs (type DRIVER) name their kind; 6.12 rxe sends none (captured) */
		case RDMA_NLDEV_ATTR_RES_SUBTYPE:
			subtype = cur;
			break;
		case RDMA_NLDEV_ATTR_RES_PID:
			pid = cur;
			break;
		case RDMA_NLDEV_ATTR_RES_KERN_NAME:
			kern = cur;
			break;
		default:
			break;
		}
	}
	if (err || !lqpn) {
		s->qps.n--;	/* not a QP after all */
		return -EBADMSG;
	}
	q->dev = dev;
	if (subtype) {
		q->subtype = snap_str(s, a_data(subtype), a_len(subtype));
		q->valid |= SNAP_QP_SUBTYPE;
	}
	nl_owner_attrs(s, pid, kern, &q->own);
	if (layouts_on)
		layout_learn(entry, q);
	return 0;
}

static int qp_entry(struct snapshot *s, const struct nlattr *entry, void *arg)
{
	uint32_t dev = *(const uint32_t *)arg;
	int ret = layouts_on ? qp_fast(s, entry, dev) : 0;

	if (ret)
		return ret < 0 ? ret : 0;
	return qp_slow(s, entry, dev);
}

int nl_qp_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	return nl_res_table_nests(nlh, s, RDMA_NLDEV_ATTR_RES_QP,
				  RDMA_NLDEV_ATTR_RES_QP_ENTRY, qp_entry);
}
