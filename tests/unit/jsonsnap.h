/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The JSON tests' snapshot (test_out_json*.c): owners, tasks, devices,
 * links and objects built by hand with the values of the Debian 6.1 rxe
 * captures, the writers' output as a string, and every line parsed by
 * python3's json module where there is one.
 */
#ifndef RDMATOP_TEST_JSONSNAP_H
#define RDMATOP_TEST_JSONSNAP_H

#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "classify.h"
#include "out.h"
#include "test.h"

static inline struct snap_owner user(uint32_t tid)
{
	struct snap_owner o = { .tid = tid, .valid = SNAP_OWN_TID };

	return o;
}

static inline struct snap_owner kern(struct snapshot *s)
{
	struct snap_owner o = { .kern = snap_str(s, "ib_core", 64), .valid = SNAP_OWN_KERN };

	return o;
}

static inline void task(struct snapshot *s, uint32_t tid, uint32_t pid, const char *comm)
{
	struct snap_task *t = snap_task_get(s, tid);

	t->pid = pid;
	t->uid = 1000;
	t->comm = snap_str(s, comm, 64);
	t->pcomm = t->comm;
	t->valid = SNAP_TASK_PID | SNAP_TASK_COMM | SNAP_TASK_PCOMM | SNAP_TASK_UID;
}

static inline void dev(struct snapshot *s, uint32_t idx, const char *name, uint64_t guid,
		       const uint64_t *res)
{
	struct snap_dev *d = snap_push(&s->devs, sizeof(*d));
	int r;

	d->index = idx;
	snprintf(d->name, sizeof(d->name), "%s", name);
	d->node_type = 1;
	d->node_guid = d->sys_image_guid = guid;
	d->caps = 0x1223c76;
	d->num_ports = 1;
	d->valid = SNAP_DEV_CAPS | SNAP_DEV_NODE_GUID | SNAP_DEV_SYS_GUID | SNAP_DEV_NODE_TYPE |
		   SNAP_DEV_DIM | SNAP_DEV_NUM_PORTS;
	for (r = 0; r < SNAP_RES_N; r++) {
		d->res[r] = res[r];
		/* what the kernel's summary counts */
		if (snap_res_info[r].flags & SNAP_RES_SUMMED)
			d->res_valid |= (uint16_t)(1u << r);
	}
}

static inline void add_link(struct snapshot *s, uint32_t d, const char *ndev, uint32_t ndev_index)
{
	struct snap_port *p = snap_port_get(s, d, 1);

	p->state = 4;
	p->phys_state = 5;
	snprintf(p->ndev, sizeof(p->ndev), "%s", ndev);
	p->ndev_index = ndev_index;
	p->valid = SNAP_PORT_STATE | SNAP_PORT_PHYS_STATE | SNAP_PORT_NDEV;
}

static inline struct snap_qp *qp(struct snapshot *s, uint32_t d, uint32_t lqpn, uint32_t rqpn,
				 uint8_t type, uint32_t rq, uint32_t sq, uint32_t pdn,
				 struct snap_owner own)
{
	struct snap_qp *q = snap_push(&s->qps, sizeof(*q));

	q->dev = d;
	q->port = 1;
	q->lqpn = lqpn;
	q->rqpn = rqpn;
	q->type = type;
	q->state = 3;
	q->rq_psn = rq;
	q->sq_psn = sq;
	q->pdn = pdn;
	q->pmig = 0;
	q->own = own;
	q->valid = SNAP_QP_PORT | SNAP_QP_TYPE | SNAP_QP_STATE | SNAP_QP_SQ_PSN;
	if (type == 2)
		q->valid |= SNAP_QP_RQPN | SNAP_QP_RQ_PSN | SNAP_QP_PMIG | SNAP_QP_PDN;
	return q;
}

static inline void cq(struct snapshot *s, uint32_t d, uint32_t cqn, uint32_t cqe, uint32_t ctxn,
		      struct snap_owner own)
{
	struct snap_cq *c = snap_push(&s->cqs, sizeof(*c));

	c->dev = d;
	c->cqn = cqn;
	c->cqe = cqe;
	c->users = 2;
	c->ctxn = ctxn;
	c->own = own;
	c->valid = SNAP_CQ_CQN | SNAP_CQ_CQE | SNAP_CQ_USERS | SNAP_CQ_DIM;
	if (own.valid & SNAP_OWN_KERN) {
		c->poll_ctx = 2;
		c->valid |= SNAP_CQ_POLL_CTX;
	} else {
		c->valid |= SNAP_CQ_CTXN;
	}
}

static inline void mr(struct snapshot *s, uint32_t mrn, uint32_t rkey, uint32_t lkey, uint64_t len,
		      uint32_t pdn, struct snap_owner own)
{
	struct snap_mr *m = snap_push(&s->mrs, sizeof(*m));

	m->mrn = mrn;
	m->rkey = rkey;
	m->lkey = lkey;
	m->mrlen = len;
	m->pdn = pdn;
	m->own = own;
	m->valid = SNAP_MR_MRN | SNAP_MR_RKEY | SNAP_MR_LKEY | SNAP_MR_LEN | SNAP_MR_PDN;
}

static inline void pd(struct snapshot *s, uint32_t d, uint32_t pdn, uint32_t lkey, uint64_t users,
		      uint32_t ctxn, struct snap_owner own)
{
	struct snap_pd *p = snap_push(&s->pds, sizeof(*p));

	p->dev = d;
	p->pdn = pdn;
	p->local_dma_lkey = lkey;
	p->users = users;
	p->ctxn = ctxn;
	p->own = own;
	p->valid = SNAP_PD_PDN | SNAP_PD_LOCAL_DMA_LKEY | SNAP_PD_USERS;
	if (own.valid & SNAP_OWN_TID)
		p->valid |= SNAP_PD_CTXN;
}

static inline void ctx(struct snapshot *s, uint32_t ctxn, struct snap_owner own)
{
	struct snap_ctx *c = snap_push(&s->ctxs, sizeof(*c));

	c->ctxn = ctxn;
	c->own = own;
}

static inline void cm_id(struct snapshot *s, uint32_t idn, uint8_t state, const char *src,
			 uint16_t sport, const char *dst, uint16_t dport, uint32_t lqpn,
			 struct snap_owner own)
{
	struct snap_cm_id *c = snap_push(&s->cm_ids, sizeof(*c));

	c->port = 1;
	c->cm_idn = idn;
	c->state = state;
	c->ps = 0x0106;
	c->src.family = c->dst.family = AF_INET;
	inet_pton(AF_INET, src, c->src.addr);
	inet_pton(AF_INET, dst, c->dst.addr);
	c->src.port = sport;
	c->dst.port = dport;
	c->own = own;
	c->valid = SNAP_CM_PORT | SNAP_CM_IDN | SNAP_CM_STATE | SNAP_CM_PS | SNAP_CM_SRC |
		   SNAP_CM_DST;
	if (lqpn) {
		c->lqpn = lqpn;
		c->qp_type = 2;
		c->valid |= SNAP_CM_LQPN | SNAP_CM_QP_TYPE;
	}
}

static inline struct snap_counter *counter(struct snapshot *s, uint32_t d, uint8_t src,
					   uint8_t unit, const char *name, uint64_t v, uint8_t st)
{
	struct snap_counter *c = snap_push(&s->counters, sizeof(*c));

	c->dev = d;
	c->port = 1;
	c->source = src;
	c->unit = unit;
	c->bits = 64;
	c->name = snap_str(s, name, 64);
	c->cls = cnt_classify(name, &c->cls_flags);
	c->value = v;
	c->rate_status = st;
	return c;
}

/* The busy state of the 6.1 capture (a subset of the MRs). */
static inline void build_61(struct snapshot *s)
{
	static const uint64_t res0[SNAP_RES_N] = { 7, 5, 5, 3, 9, 4, 0 };
	static const uint64_t res1[SNAP_RES_N] = { 1, 1, 1, 0, 0, 0, 0 };
	struct snap_counter *c;
	struct snap_qp *q;

	snap_init(s);
	s->wall.tv_sec = 1796014800; /* 2026-11-30T05:00:00Z */
	s->wall.tv_nsec = 250000000;
	s->interval = 1.0;
	snprintf(s->host, sizeof(s->host), "vm");
	snprintf(s->kernel, sizeof(s->kernel), "6.1.0-57-amd64");
	s->sys.valid = SNAP_SYS_NETNS_MODE | SNAP_SYS_COPY_ON_FORK;
	s->sys.netns_shared = 1;
	s->sys.copy_on_fork = 1;
	task(s, 387, 387, "ibv_rc_pingpong");
	task(s, 389, 389, "ibv_rc_pingpong");
	task(s, 390, 390, "rping");
	task(s, 393, 393, "rping");
	task(s, 395, 393, "rping"); /* a thread of 393 */
	dev(s, 0, "rxe0", 0x000000fffe000001ULL, res0);
	dev(s, 1, "rxe1", 0xc8507dfffe5c6c80ULL, res1);
	add_link(s, 0, "dummy0", 2);
	add_link(s, 1, "veth0", 4);
	q = qp(s, 0, 17, 18, 2, 9026229, 11660903, 1, user(387));
	q->sq_psn_rate = 2000;
	q->rq_psn_rate = 2000.5;
	q->valid |= SNAP_QP_PSN_RATE | SNAP_QP_RQ_PSN_RATE;
	qp(s, 0, 18, 17, 2, 11660903, 9026229, 3, user(389));
	qp(s, 0, 19, 20, 2, 607527, 13334292, 5, user(393));
	qp(s, 0, 20, 19, 2, 13334292, 607527, 6, user(390));
	qp(s, 0, 1, 0, 1, 0, 3, 0, kern(s));
	qp(s, 1, 1, 0, 1, 0, 0, 0, kern(s));
	cm_id(s, 0, 8, "10.0.0.1", 7174, "0.0.0.0", 0, 0, user(390));
	cm_id(s, 1, 5, "10.0.0.1", 36434, "10.0.0.1", 7174, 19, user(393));
	cq(s, 0, 0, 1023, 0, kern(s));
	cq(s, 0, 1, 511, 1, user(387));
	cq(s, 0, 4, 63, 2, user(390));
	cq(s, 1, 0, 1023, 0, kern(s));
	mr(s, 0, 0, 0x2a5, 4096, 1, user(387));
	mr(s, 4, 0x696, 0x696, 1024, 5, user(393));
	pd(s, 0, 0, 0x1b7, 1, 0, kern(s));
	pd(s, 0, 4, 0, 0, 4, user(395));
	pd(s, 1, 0, 0x101, 1, 0, kern(s));
	ctx(s, 1, user(387));
	ctx(s, 4, user(395));
	ctx(s, 9, user(4242)); /* its process is not visible */
	c = counter(s, 0, SNAP_SRC_HW, SNAP_UNIT_PACKETS, "sent_pkts", 180395, RATE_DATA);
	c->rate = 1500.5;
	c->delta = 1500;
	counter(s, 0, SNAP_SRC_HW, SNAP_UNIT_PACKETS, "rcvd_pkts", 180395, RATE_INIT);
	counter(s, 0, SNAP_SRC_HW, SNAP_UNIT_EVENTS, "link_downed", 0, RATE_RESET);
	c = counter(s, 0, SNAP_SRC_NETDEV, SNAP_UNIT_BYTES, "rx_bytes", 9000000, RATE_DATA);
	c->rate = 1048576;
	c->delta = 1048576;
	snap_note(s, -EOPNOTSUPP, 1, "srq: not supported by this kernel");
	snap_note(s, 0, SNAP_NONE, "keys hidden");
}

static inline char *render(const struct snapshot *s, const struct out_opts *o, bool json)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	if (json)
		CHECK_EQ_U(out_json(f, s, o), 0);
	else
		CHECK_EQ_U(out_text(f, s, o), 0);
	fclose(f);
	return buf;
}

/* Parse every line with python3's json module when there is one. */
static inline void check_parses(const char *out)
{
	char path[] = "/tmp/rdmatop-json-XXXXXX";
	char cmd[256];
	int fd, rc;
	FILE *f;

	if (system("command -v python3 >/dev/null 2>&1"))
		return; /* no python3: nothing to cross-check with */
	fd = mkstemp(path);
	CHECK(fd >= 0);
	if (fd < 0)
		return;
	f = fdopen(fd, "w");
	fputs(out, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd),
		 "python3 -c 'import json,sys\nfor l in open(sys.argv[1]): json.loads(l)' %s",
		 path);
	rc = system(cmd);
	CHECK_EQ_U(rc, 0);
	unlink(path);
}

#endif
