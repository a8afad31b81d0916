// SPDX-License-Identifier: GPL-2.0-or-later
/* The fuzz snapshot's resource tables and events (snapgen.h). */
#include "snapgen.h"

static void fz_addr(struct fz *z, struct snap_addr *a)
{
	size_t i;

	a->family = fz_u8(z) & 1 ? 2 /* AF_INET */ : 10 /* AF_INET6 */;
	if (fz_u8(z) == 0xff)
		a->family = fz_u8(z);
	a->port = (uint16_t)fz_u32(z);
	a->scope_id = fz_u8(z);
	for (i = 0; i < sizeof(a->addr); i++)
		a->addr[i] = fz_u8(z);
}

void fz_res(struct snapshot *s, struct fz *z)
{
	unsigned int n, i;

	if (!s->devs.n)
		return;
	for (n = fz_u8(z) % 48, i = 0; i < n; i++) {
		struct snap_qp *q = snap_push(&s->qps, sizeof(*q));

		if (!q)
			return;
		q->dev = fz_dev(s, z);
		q->port = fz_u8(z) % 4;
		q->lqpn = fz_u32(z);
		q->rqpn = fz_u32(z);
		q->rq_psn = fz_u32(z);
		q->sq_psn = fz_u32(z);
		q->pdn = fz_u8(z);
		q->subtype = fz_str(s, z);
		q->own = fz_owner(z);
		fz_drv(s, z, &q->own);
		q->valid = (uint16_t)fz_u32(z);
		q->type = fz_u8(z);
		q->state = fz_u8(z);
		q->pmig = fz_u8(z);
		q->sq_psn_rate = (float)fz_double(z);
		q->rq_psn_rate = (float)fz_double(z);
	}
	for (n = fz_u8(z) % 12, i = 0; i < n; i++) {
		struct snap_cm_id *c = snap_push(&s->cm_ids, sizeof(*c));

		if (!c)
			return;
		c->dev = fz_dev(s, z);
		c->port = fz_u8(z) % 4;
		c->cm_idn = fz_u32(z);
		c->lqpn = fz_u32(z);
		c->ps = fz_u32(z);
		c->own = fz_owner(z);
		c->valid = (uint16_t)fz_u32(z);
		c->qp_type = fz_u8(z);
		c->state = fz_u8(z);
		fz_addr(z, &c->src);
		fz_addr(z, &c->dst);
	}
	for (n = fz_u8(z) % 12, i = 0; i < n; i++) {
		struct snap_cq *c = snap_push(&s->cqs, sizeof(*c));

		if (!c)
			return;
		c->dev = fz_dev(s, z);
		c->cqn = fz_u32(z);
		c->cqe = fz_u32(z);
		c->ctxn = fz_u8(z);
		c->users = fz_u64(z);
		c->own = fz_owner(z);
		fz_drv(s, z, &c->own);
		c->valid = (uint16_t)fz_u32(z);
		c->poll_ctx = fz_u8(z);
		c->dim = fz_u8(z);
	}
	for (n = fz_u8(z) % 12, i = 0; i < n; i++) {
		struct snap_mr *m = snap_push(&s->mrs, sizeof(*m));

		if (!m)
			return;
		m->dev = fz_dev(s, z);
		m->mrn = fz_u32(z);
		m->rkey = fz_u32(z);
		m->lkey = fz_u32(z);
		m->pdn = fz_u8(z);
		m->iova = fz_u64(z);
		m->mrlen = fz_u64(z);
		m->own = fz_owner(z);
		m->valid = (uint16_t)fz_u32(z);
	}
	for (n = fz_u8(z) % 12, i = 0; i < n; i++) {
		struct snap_pd *p = snap_push(&s->pds, sizeof(*p));

		if (!p)
			return;
		p->dev = fz_dev(s, z);
		p->pdn = fz_u8(z);
		p->local_dma_lkey = fz_u32(z);
		p->unsafe_global_rkey = fz_u32(z);
		p->ctxn = fz_u8(z);
		p->users = fz_u64(z);
		p->own = fz_owner(z);
		p->valid = (uint16_t)fz_u32(z);
	}
	for (n = fz_u8(z) % 8, i = 0; i < n; i++) {
		struct snap_ctx *c = snap_push(&s->ctxs, sizeof(*c));

		if (!c)
			return;
		c->dev = fz_dev(s, z);
		c->ctxn = fz_u8(z);
		c->own = fz_owner(z);
	}
	for (n = fz_u8(z) % 8, i = 0; i < n; i++) {
		struct snap_srq *q = snap_push(&s->srqs, sizeof(*q));

		if (!q)
			return;
		q->dev = fz_dev(s, z);
		q->srqn = fz_u32(z);
		q->pdn = fz_u8(z);
		q->cqn = fz_u32(z);
		q->lqpn = fz_str(s, z);
		q->own = fz_owner(z);
		q->valid = (uint16_t)fz_u32(z);
		q->type = fz_u8(z);
	}
}

void fz_events(struct snapshot *s, struct fz *z)
{
	unsigned int n, i;

	for (n = fz_u8(z) % 8, i = 0; i < n; i++) {
		struct snap_event *e = snap_push(&s->events, sizeof(*e));
		uint8_t k;

		if (!e)
			return;
		e->source = fz_u8(z) & 1;
		e->valid = (uint16_t)fz_u32(z);
		k = fz_u8(z);
		e->type = k < 8 ? k : SNAP_EV_DEV_ADDED + k % 8;
		e->dev = fz_dev(s, z);
		e->port = fz_u8(z) % 4;
		e->ndev_index = fz_u32(z);
		e->name = fz_str(s, z);
		e->ndev = fz_str(s, z);
		e->from = fz_str(s, z);
		e->to = fz_str(s, z);
	}
	for (n = fz_u8(z) % 6, i = 0; i < n; i++) {
		struct snap_note *t = snap_push(&s->notes, sizeof(*t));

		if (!t)
			return;
		t->err = -(int)(fz_u8(z) % 140);
		t->dev = fz_u8(z) & 1 ? SNAP_NONE : fz_dev(s, z);
		t->text = fz_str(s, z);
	}
}
