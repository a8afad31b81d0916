// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON output against rdma -j: a snapshot built by hand with the values of
 * the Debian 6.1 rxe captures (rdma -j -d dev/link/res show), rendered and
 * compared with rdma's own objects plus our keys.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <sys/socket.h>
#include <unistd.h>

#include "classify.h"
#include "hostile.h"
#include "out.h"
#include "test.h"
#include "../../src/out/jw.h"

static struct snap_owner user(uint32_t tid)
{
	struct snap_owner o = { .tid = tid, .valid = SNAP_OWN_TID };

	return o;
}

static struct snap_owner kern(struct snapshot *s)
{
	struct snap_owner o = { .kern = snap_str(s, "ib_core", 64), .valid = SNAP_OWN_KERN };

	return o;
}

static void task(struct snapshot *s, uint32_t tid, uint32_t pid, const char *comm)
{
	struct snap_task *t = snap_task_get(s, tid);

	t->pid = pid;
	t->uid = 1000;
	t->comm = snap_str(s, comm, 64);
	t->pcomm = t->comm;
	t->valid = SNAP_TASK_PID | SNAP_TASK_COMM | SNAP_TASK_PCOMM | SNAP_TASK_UID;
}

static void dev(struct snapshot *s, uint32_t idx, const char *name, uint64_t guid,
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
	d->valid = SNAP_DEV_CAPS | SNAP_DEV_NODE_GUID | SNAP_DEV_SYS_GUID |
		   SNAP_DEV_NODE_TYPE | SNAP_DEV_DIM | SNAP_DEV_NUM_PORTS;
	for (r = 0; r < SNAP_RES_N; r++) {
		d->res[r] = res[r];
		/* what the kernel's summary counts */
		if (snap_res_info[r].flags & SNAP_RES_SUMMED)
			d->res_valid |= (uint16_t)(1u << r);
	}
}

static void add_link(struct snapshot *s, uint32_t d, const char *ndev, uint32_t ndev_index)
{
	struct snap_port *p = snap_port_get(s, d, 1);

	p->state = 4;
	p->phys_state = 5;
	snprintf(p->ndev, sizeof(p->ndev), "%s", ndev);
	p->ndev_index = ndev_index;
	p->valid = SNAP_PORT_STATE | SNAP_PORT_PHYS_STATE | SNAP_PORT_NDEV;
}

static struct snap_qp *qp(struct snapshot *s, uint32_t d, uint32_t lqpn, uint32_t rqpn,
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

static void cq(struct snapshot *s, uint32_t d, uint32_t cqn, uint32_t cqe, uint32_t ctxn,
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

static void mr(struct snapshot *s, uint32_t mrn, uint32_t rkey, uint32_t lkey, uint64_t len,
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

static void pd(struct snapshot *s, uint32_t d, uint32_t pdn, uint32_t lkey, uint64_t users,
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

static void ctx(struct snapshot *s, uint32_t ctxn, struct snap_owner own)
{
	struct snap_ctx *c = snap_push(&s->ctxs, sizeof(*c));

	c->ctxn = ctxn;
	c->own = own;
}

static void cm_id(struct snapshot *s, uint32_t idn, uint8_t state, const char *src,
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

static struct snap_counter *counter(struct snapshot *s, uint32_t d, uint8_t src,
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
static void build_61(struct snapshot *s)
{
	static const uint64_t res0[SNAP_RES_N] = { 7, 5, 5, 3, 9, 4, 0 };
	static const uint64_t res1[SNAP_RES_N] = { 1, 1, 1, 0, 0, 0, 0 };
	struct snap_counter *c;
	struct snap_qp *q;

	snap_init(s);
	s->wall.tv_sec = 1796014800;	/* 2026-11-30T05:00:00Z */
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
	task(s, 395, 393, "rping");	/* a thread of 393 */
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
	ctx(s, 9, user(4242));		/* its process is not visible */
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

static char *render(const struct snapshot *s, const struct out_opts *o, bool json)
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

static const char expect_61[] =
	"{\"time\":\"2026-11-30T05:00:00.250Z\",\"interval\":1,\"host\":\"vm\","
	"\"kernel\":\"6.1.0-57-amd64\",\"system\":{\"netns\":\"shared\",\"copy-on-fork\":true},"
	/* rdma -j dev show -d */
	"\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"node_type\":\"ca\","
	"\"node_guid\":\"0000:00ff:fe00:0001\",\"sys_image_guid\":\"0000:00ff:fe00:0001\","
	"\"adaptive-moderation\":false,\"caps\":[\"BAD_PKEY_CNTR\",\"BAD_QKEY_CNTR\","
	"\"AUTO_PATH_MIG\",\"CHANGE_PHY_PORT\",\"UD_AV_PORT_ENFORCE_PORT_ENFORCE\","
	"\"PORT_ACTIVE_EVENT\",\"SYS_IMAGE_GUID\",\"RC_RNR_NAK_GEN\",\"SRQ_RESIZE\","
	"\"MEM_WINDOW\",\"MEM_MGT_EXTENSIONS\",\"MEM_WINDOW_TYPE_2B\"]},"
	"{\"ifindex\":1,\"ifname\":\"rxe1\",\"node_type\":\"ca\","
	"\"node_guid\":\"c850:7dff:fe5c:6c80\",\"sys_image_guid\":\"c850:7dff:fe5c:6c80\","
	"\"adaptive-moderation\":false,\"caps\":[\"BAD_PKEY_CNTR\",\"BAD_QKEY_CNTR\","
	"\"AUTO_PATH_MIG\",\"CHANGE_PHY_PORT\",\"UD_AV_PORT_ENFORCE_PORT_ENFORCE\","
	"\"PORT_ACTIVE_EVENT\",\"SYS_IMAGE_GUID\",\"RC_RNR_NAK_GEN\",\"SRQ_RESIZE\","
	"\"MEM_WINDOW\",\"MEM_MGT_EXTENSIONS\",\"MEM_WINDOW_TYPE_2B\"]}],"
	/* rdma -j link show -d, plus the port's byte rate */
	"\"links\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"state\":\"ACTIVE\","
	"\"physical_state\":\"LINK_UP\",\"netdev\":\"dummy0\",\"netdev_index\":2,"
	"\"rx_bytes_per_sec\":1048576,\"tx_packets_per_sec\":1500.5,"
	"\"throughput_source\":\"netdev\",\"packets_source\":\"driver\",\"link_downed\":0,"
	"\"flaps\":0,\"flaps_counter\":\"link_downed\"},"
	"{\"ifindex\":1,\"ifname\":\"rxe1\",\"port\":1,\"state\":\"ACTIVE\","
	"\"physical_state\":\"LINK_UP\",\"netdev\":\"veth0\",\"netdev_index\":4}],"
	/* rdma -j res show */
	"\"resources\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"pd\":7,\"cq\":5,\"qp\":5,"
	"\"cm_id\":3,\"mr\":9,\"ctx\":4,\"srq\":0},{\"ifindex\":1,\"ifname\":\"rxe1\","
	"\"pd\":1,\"cq\":1,\"qp\":1,\"cm_id\":0,\"mr\":0,\"ctx\":0,\"srq\":0}],"
	/* every table dumped in this sample: no age */
	"\"tables\":{\"qps\":{\"age\":0,\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"age\":0},{\"ifindex\":1,\"ifname\":\"rxe1\",\"age\":0}]},"
	"\"cm_ids\":{\"age\":0,\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"age\":0},{\"ifindex\":1,\"ifname\":\"rxe1\",\"age\":0}]},"
	"\"cqs\":{\"age\":0,\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"age\":0},{\"ifindex\":1,\"ifname\":\"rxe1\",\"age\":0}]},"
	"\"mrs\":{\"age\":0,\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"age\":0},{\"ifindex\":1,\"ifname\":\"rxe1\",\"age\":0}]},"
	"\"pds\":{\"age\":0,\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"age\":0},{\"ifindex\":1,\"ifname\":\"rxe1\",\"age\":0}]},"
	"\"ctxs\":{\"age\":0,\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"age\":0},{\"ifindex\":1,\"ifname\":\"rxe1\",\"age\":0}]},"
	"\"srqs\":{\"age\":0,\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"age\":0},{\"ifindex\":1,\"ifname\":\"rxe1\",\"age\":0}]}},"
	/* rdma -j -d res show qp */
	"\"qps\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"lqpn\":17,\"rqpn\":18,"
	"\"type\":\"RC\",\"state\":\"RTS\",\"rq-psn\":9026229,\"sq-psn\":11660903,"
	"\"path-mig-state\":\"MIGRATED\",\"pdn\":1,\"pid\":387,\"comm\":\"ibv_rc_pingpong\","
	"\"process_pid\":387,\"process_comm\":\"ibv_rc_pingpong\",\"sq_psn_per_sec\":2000,"
	"\"rq_psn_per_sec\":2000.5},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"lqpn\":18,\"rqpn\":17,\"type\":\"RC\","
	"\"state\":\"RTS\",\"rq-psn\":11660903,\"sq-psn\":9026229,\"path-mig-state\":\"MIGRATED\","
	"\"pdn\":3,\"pid\":389,\"comm\":\"ibv_rc_pingpong\",\"process_pid\":389,"
	"\"process_comm\":\"ibv_rc_pingpong\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"lqpn\":19,\"rqpn\":20,\"type\":\"RC\","
	"\"state\":\"RTS\",\"rq-psn\":607527,\"sq-psn\":13334292,\"path-mig-state\":\"MIGRATED\","
	"\"pdn\":5,\"pid\":393,\"comm\":\"rping\",\"process_pid\":393,\"process_comm\":\"rping\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"lqpn\":20,\"rqpn\":19,\"type\":\"RC\","
	"\"state\":\"RTS\",\"rq-psn\":13334292,\"sq-psn\":607527,\"path-mig-state\":\"MIGRATED\","
	"\"pdn\":6,\"pid\":390,\"comm\":\"rping\",\"process_pid\":390,\"process_comm\":\"rping\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"lqpn\":1,\"type\":\"GSI\",\"state\":\"RTS\","
	"\"sq-psn\":3,\"comm\":\"ib_core\"},"
	"{\"ifindex\":1,\"ifname\":\"rxe1\",\"port\":1,\"lqpn\":1,\"type\":\"GSI\",\"state\":\"RTS\","
	"\"sq-psn\":0,\"comm\":\"ib_core\"}],"
	/* rdma -j res show cm_id */
	"\"cm_ids\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"cm-idn\":0,\"state\":\"LISTEN\","
	"\"ps\":\"TCP\",\"pid\":390,\"comm\":\"rping\",\"src-addr\":\"10.0.0.1:7174\","
	"\"dst-addr\":\"0.0.0.0:0\",\"process_pid\":390,\"process_comm\":\"rping\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"cm-idn\":1,\"lqpn\":19,\"qp-type\":\"RC\","
	"\"state\":\"CONNECT\",\"ps\":\"TCP\",\"pid\":393,\"comm\":\"rping\","
	"\"src-addr\":\"10.0.0.1:36434\",\"dst-addr\":\"10.0.0.1:7174\",\"process_pid\":393,"
	"\"process_comm\":\"rping\"}],"
	/* rdma -j res show cq */
	"\"cqs\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"cqn\":0,\"cqe\":1023,\"users\":2,"
	"\"poll-ctx\":\"WORKQUEUE\",\"adaptive-moderation\":false,\"comm\":\"ib_core\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"cqn\":1,\"cqe\":511,\"users\":2,"
	"\"adaptive-moderation\":false,\"ctxn\":1,\"pid\":387,\"comm\":\"ibv_rc_pingpong\","
	"\"process_pid\":387,\"process_comm\":\"ibv_rc_pingpong\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"cqn\":4,\"cqe\":63,\"users\":2,"
	"\"adaptive-moderation\":false,\"ctxn\":2,\"pid\":390,\"comm\":\"rping\","
	"\"process_pid\":390,\"process_comm\":\"rping\"},"
	"{\"ifindex\":1,\"ifname\":\"rxe1\",\"cqn\":0,\"cqe\":1023,\"users\":2,"
	"\"poll-ctx\":\"WORKQUEUE\",\"adaptive-moderation\":false,\"comm\":\"ib_core\"}],"
	/* rdma -j res show mr */
	"\"mrs\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"mrn\":0,\"rkey\":\"0\",\"lkey\":\"2a5\","
	"\"mrlen\":4096,\"pdn\":1,\"pid\":387,\"comm\":\"ibv_rc_pingpong\",\"process_pid\":387,"
	"\"process_comm\":\"ibv_rc_pingpong\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"mrn\":4,\"rkey\":\"696\",\"lkey\":\"696\","
	"\"mrlen\":1024,\"pdn\":5,\"pid\":393,\"comm\":\"rping\",\"process_pid\":393,"
	"\"process_comm\":\"rping\"}],"
	/* rdma -j res show pd */
	"\"pds\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"pdn\":0,\"local_dma_lkey\":\"1b7\","
	"\"users\":1,\"comm\":\"ib_core\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"pdn\":4,\"local_dma_lkey\":\"0\",\"users\":0,"
	"\"ctxn\":4,\"pid\":395,\"comm\":\"rping\",\"process_pid\":393,\"process_comm\":\"rping\"},"
	"{\"ifindex\":1,\"ifname\":\"rxe1\",\"pdn\":0,\"local_dma_lkey\":\"101\",\"users\":1,"
	"\"comm\":\"ib_core\"}],"
	/* rdma -j res show ctx */
	"\"ctxs\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"ctxn\":1,\"pid\":387,"
	"\"comm\":\"ibv_rc_pingpong\",\"process_pid\":387,\"process_comm\":\"ibv_rc_pingpong\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"ctxn\":4,\"pid\":395,\"comm\":\"rping\","
	"\"process_pid\":393,\"process_comm\":\"rping\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"ctxn\":9,\"pid\":4242}],"
	"\"srqs\":[],"
	"\"counters\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"name\":\"sent_pkts\","
	"\"value\":180395,\"unit\":\"packets\",\"source\":\"hw\",\"class\":\"traffic\",\"class_by\":\"table\","
	"\"rate\":1500.5,\"delta\":1500},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"name\":\"rcvd_pkts\",\"value\":180395,"
	"\"unit\":\"packets\",\"source\":\"hw\",\"class\":\"traffic\",\"class_by\":\"table\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"name\":\"link_downed\",\"value\":0,"
	"\"unit\":\"events\",\"source\":\"hw\",\"class\":\"error\",\"class_by\":\"table\","
	"\"reset\":true},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"name\":\"rx_bytes\",\"value\":9000000,"
	"\"unit\":\"bytes\",\"source\":\"netdev\",\"class\":\"traffic\",\"class_by\":\"table\","
	"\"rate\":1048576,\"delta\":1048576}],"
	"\"stat_qp\":[],\"stat_qp_mode\":[],\"optional_counters\":[],\"stat_mr\":[],"
	"\"processes\":["
	"{\"pid\":387,\"comm\":\"ibv_rc_pingpong\",\"uid\":1000,\"threads\":[387],\"n_threads\":1,"
	"\"qps\":1,\"qp_states\":{\"RTS\":1},\"cqs\":1,\"mrs\":1,\"mr_bytes\":4096,\"pds\":0,"
	"\"cm_ids\":0,\"ctxs\":1,\"srqs\":0,\"psn_per_sec\":4000.5},"
	"{\"pid\":389,\"comm\":\"ibv_rc_pingpong\",\"uid\":1000,\"threads\":[389],\"n_threads\":1,"
	"\"qps\":1,\"qp_states\":{\"RTS\":1},\"cqs\":0,\"mrs\":0,\"mr_bytes\":0,\"pds\":0,"
	"\"cm_ids\":0,\"ctxs\":0,\"srqs\":0},"
	"{\"pid\":390,\"comm\":\"rping\",\"uid\":1000,\"threads\":[390],\"n_threads\":1,"
	"\"qps\":1,\"qp_states\":{\"RTS\":1},\"cqs\":1,\"mrs\":0,\"mr_bytes\":0,\"pds\":0,"
	"\"cm_ids\":1,\"ctxs\":0,\"srqs\":0},"
	"{\"pid\":393,\"comm\":\"rping\",\"uid\":1000,\"threads\":[393,395],\"n_threads\":2,"
	"\"qps\":1,\"qp_states\":{\"RTS\":1},\"cqs\":0,\"mrs\":1,\"mr_bytes\":1024,\"pds\":1,"
	"\"cm_ids\":1,\"ctxs\":1,\"srqs\":0},"
	"{\"kernel\":true,\"comm\":\"ib_core\",\"qps\":2,\"qp_states\":{\"RTS\":2},\"cqs\":2,"
	"\"mrs\":0,\"mr_bytes\":0,\"pds\":2,\"cm_ids\":0,\"ctxs\":0,\"srqs\":0},"
	"{\"visible\":false,\"threads\":[4242],\"n_threads\":1,\"qps\":0,\"qp_states\":{},"
	"\"cqs\":0,\"mrs\":0,\"mr_bytes\":0,\"pds\":0,\"cm_ids\":0,\"ctxs\":1,\"srqs\":0}],"
	"\"groups\":["
	"{\"kind\":\"kernel\",\"name\":\"kernel\",\"n_processes\":1,\"pids\":[],\"qps\":2,"
	"\"qp_states\":{\"RTS\":2},\"cqs\":2,\"mrs\":0,\"mr_bytes\":0,\"pds\":2,\"cm_ids\":0,"
	"\"ctxs\":0,\"srqs\":0},"
	"{\"kind\":\"hidden\",\"name\":\"(not visible)\",\"n_processes\":1,\"pids\":[],\"qps\":0,"
	"\"qp_states\":{},\"cqs\":0,\"mrs\":0,\"mr_bytes\":0,\"pds\":0,\"cm_ids\":0,\"ctxs\":1,"
	"\"srqs\":0},"
	"{\"kind\":\"unknown\",\"name\":\"\",\"n_processes\":4,\"pids\":[387,389,390,393],"
	"\"qps\":4,\"qp_states\":{\"RTS\":4},\"cqs\":2,\"mrs\":2,\"mr_bytes\":5120,\"pds\":1,"
	"\"cm_ids\":2,\"ctxs\":2,\"srqs\":0,\"psn_per_sec\":4000.5}],"
	"\"events\":[],\"notes\":[{\"error\":\"EOPNOTSUPP\",\"ifname\":\"rxe1\","
	"\"message\":\"srq: not supported by this kernel\"},"
	"{\"error\":null,\"message\":\"keys hidden\"}]}\n";

/* Parse every line with python3's json module when there is one. */
static void check_parses(const char *out)
{
	char path[] = "/tmp/rdmatop-json-XXXXXX";
	char cmd[256];
	int fd, rc;
	FILE *f;

	if (system("command -v python3 >/dev/null 2>&1"))
		return;		/* no python3: nothing to cross-check with */
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

static void test_json_61(void)
{
	struct snapshot s;
	char *out;

	build_61(&s);
	out = render(&s, NULL, true);
	CHECK_EQ_S(out, expect_61);
	if (out && strcmp(out, expect_61)) {
		size_t i = 0;

		while (out[i] && out[i] == expect_61[i])
			i++;
		fprintf(stderr, "differs at %zu: ...%.80s\n", i, out + (i > 20 ? i - 20 : 0));
	}
	check_parses(out);
	free(out);
	snap_free(&s);
}

static void test_json_hostile(void)
{
	struct snapshot s;
	struct snap_task *t;
	char *out;

	build_61(&s);
	t = snap_task_get(&s, 389);
	t->comm = snap_str(&s, "\x1b]0;pwn\x07\"\\\xff\xc2\x9b", 64);
	t->valid &= ~SNAP_TASK_PCOMM;
	out = render(&s, NULL, true);
	CHECK(out && strstr(out, "\"comm\":\"\\u001b]0;pwn\\u0007\\\"\\\\\\ufffd\\u009b\""));
	CHECK(out && !strchr(out, 0x1b) && !strchr(out, 0x07));
	CHECK(out && strchr(out, '\n') == out + strlen(out) - 1);
	check_parses(out);
	free(out);
	snap_free(&s);
}

/* QP states a newer kernel may add: one "UNKNOWN" key, not one per state. */
static void test_json_unknown_states(void)
{
	struct snapshot s;
	struct snap_qp *q;
	char *out, *p;
	int i;

	build_61(&s);
	for (i = 0; i < 3; i++) {
		q = snap_push(&s.qps, sizeof(*q));
		q->lqpn = 100 + (uint32_t)i;
		q->type = 2;
		q->state = (uint8_t)(7 + 2 * i);	/* 7, 9, 11 */
		q->own = user(389);
		q->valid = SNAP_QP_TYPE | SNAP_QP_STATE;
	}
	out = render(&s, NULL, true);
	/* the process's and its group's */
	p = out ? strstr(out, "\"UNKNOWN\":3") : NULL;
	CHECK(p != NULL);
	p = p ? strstr(p + 1, "\"UNKNOWN\"") : NULL;
	CHECK(p && !strncmp(p, "\"UNKNOWN\":3", 11) && p > strstr(out, "\"groups\":"));
	CHECK(p && !strstr(p + 1, "\"UNKNOWN\""));
	check_parses(out);
	free(out);
	snap_free(&s);
}

struct all_out {
	FILE *f;
	int samples, bad;
};

static int json_sample(const struct snapshot *s, void *ctx)
{
	struct all_out *a = ctx;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK_EQ_U(out_json(f, s, NULL), 0);
	fclose(f);
	if (!hostile_utf8(buf, len) || !hostile_terminal_clean(buf, len) ||
	    !len || buf[len - 1] != '\n' || strchr(buf, '\n') != buf + len - 1)
		a->bad++;
	fwrite(buf, 1, len, a->f);
	a->samples++;
	free(buf);
	return a->bad;
}

/* A real recording with each hostile name: one line of JSON each sample. */
static void test_json_hostile_recording(void)
{
	struct all_out a = { 0 };
	char *buf = NULL;
	size_t len = 0;

	alarm(60);
	a.f = open_memstream(&buf, &len);
	CHECK(hostile_replay(json_sample, &a) > 0);
	fclose(a.f);
	alarm(0);
	CHECK_EQ_U(a.bad, 0);
	CHECK(a.samples >= (int)hostile_names_n() / 3);
	CHECK(buf && strstr(buf, "\"comm\":\"a\\\"\\ufffd\""));
	CHECK(buf && strstr(buf, "\"comm\":\"\\u202egnp.exe\""));
	if (buf)
		check_parses(buf);
	free(buf);
}

static void test_json_opts(void)
{
	struct snapshot s;
	struct view_filter *f = view_filter_new();
	struct out_opts o = { .filter = f, .sort_col = view_col_find(VIEW_QPS, "lqpn"),
			      .reverse = true };
	char err[128], *out;

	build_61(&s);
	CHECK_EQ_U(view_filter_add(f, "type=RC", err, sizeof(err)), 0);
	out = render(&s, &o, true);
	/* QPs: only RC, by lqpn descending; devices untouched by type= */
	CHECK(out && strstr(out, "\"qps\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"lqpn\":20"));
	CHECK(out && !strstr(out, "\"GSI\""));
	CHECK(out && strstr(out, "\"ifname\":\"rxe1\",\"node_type\""));
	free(out);
	/* -p 393: the process, also through its thread 395 */
	o.filter = NULL;
	o.sort_col = -1;
	o.pid = 393;
	out = render(&s, &o, true);
	CHECK(out && strstr(out, "\"ctxs\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"ctxn\":4,"));
	CHECK(out && strstr(out, "\"processes\":[{\"pid\":393,"));
	CHECK(out && !strstr(out, "\"pid\":387"));
	check_parses(out);
	free(out);
	view_filter_free(f);
	snap_free(&s);
}

static void cgroup(struct snapshot *s, uint32_t pid, const char *path)
{
	struct snap_task *t = snap_task_get(s, pid);

	SNAP_SET(t, cgroup, SNAP_TASK_CGROUP, snap_str(s, path, 255));
}

/* groups: a SLURM job of two processes, a container, a unit; -p narrows */
static void test_json_groups(void)
{
	struct snapshot s;
	struct out_opts o = { .sort_col = -1 };
	char *out;

	build_61(&s);
	cgroup(&s, 387, "/system.slice/slurmstepd.scope/job_42/step_0/user/task_0");
	cgroup(&s, 389, "/system.slice/slurmstepd.scope/job_42/step_0/user/task_1");
	cgroup(&s, 390, "/system.slice/docker-0123456789abcdef.scope");
	cgroup(&s, 393, "/user.slice/user-1000.slice/session-3.scope");
	out = render(&s, NULL, true);
	CHECK(out && strstr(out, "\"groups\":[{\"kind\":\"job\",\"runtime\":\"slurm\","
			     "\"name\":\"42\",\"n_processes\":2,\"pids\":[387,389],\"qps\":2,"
			     "\"qp_states\":{\"RTS\":2},\"cqs\":1,\"mrs\":1,\"mr_bytes\":4096,"));
	CHECK(out && strstr(out, "\"psn_per_sec\":4000.5,\"cgroup\":\"/system.slice/"
			     "slurmstepd.scope/job_42/step_0/user/task_0\"},"
			     "{\"kind\":\"container\",\"runtime\":\"docker\","
			     "\"name\":\"0123456789abcdef\",\"n_processes\":1,\"pids\":[390],"));
	CHECK(out && strstr(out, "{\"kind\":\"unit\",\"runtime\":\"systemd\","
			     "\"name\":\"session-3.scope\",\"n_processes\":1,\"pids\":[393],"));
	CHECK(out && !strstr(out, "\"kind\":\"unknown\""));
	check_parses(out);
	free(out);
	/* -p 395 (a thread of 393): its group only */
	o.pid = 395;
	out = render(&s, &o, true);
	CHECK(out && strstr(out, "\"groups\":[{\"kind\":\"unit\""));
	CHECK(out && strstr(out, "\"pids\":[393]"));
	CHECK(out && !strstr(out, "\"kind\":\"job\""));
	free(out);
	snap_free(&s);
}

static void test_json_lines(void)
{
	struct snapshot s;
	char *buf = NULL;
	size_t len = 0, lines = 0, i;
	FILE *f = open_memstream(&buf, &len);

	snap_init(&s);
	out_json(f, &s, NULL);
	out_json(f, &s, NULL);
	fclose(f);
	for (i = 0; i < len; i++)
		lines += buf[i] == '\n';
	CHECK_EQ_U(lines, 2);
	CHECK(strstr(buf, "\"system\":{},\"devices\":[],") != NULL);
	check_parses(buf);
	free(buf);
	snap_free(&s);
}

/* What 6.12 adds (protocol, monitor, caps rdma cannot name), SRQs, IPv6. */
static void test_json_more(void)
{
	struct snapshot s;
	struct snap_srq *q;
	struct snap_dev *d;
	struct snap_qp *p;
	char *out;

	build_61(&s);
	s.sys.valid |= SNAP_SYS_PRIV_QKEY | SNAP_SYS_MONITOR;
	s.sys.monitor_mode = 1;
	d = SNAP_AT(&s.devs, struct snap_dev, 0);
	snprintf(d->protocol, sizeof(d->protocol), "roce");
	d->valid |= SNAP_DEV_PROTOCOL;
	d->caps = (1ULL << 24) | (1ULL << 40) | (1ULL << 63);
	q = snap_push(&s.srqs, sizeof(*q));
	q->srqn = 3;
	q->lqpn = snap_str(&s, "3,5-7", 16);
	q->cqn = 1;
	q->valid = SNAP_SRQ_SRQN | SNAP_SRQ_LQPN | SNAP_SRQ_CQN;
	q->own.kern = snap_str(&s, "ib_ipoib", 16);
	q->own.valid = SNAP_OWN_KERN;
	p = SNAP_AT(&s.qps, struct snap_qp, 4);
	p->type = 0xff;
	p->subtype = snap_str(&s, "REG_UMR", 16);
	p->valid |= SNAP_QP_SUBTYPE;
	{
		struct snap_cm_id *c = SNAP_AT(&s.cm_ids, struct snap_cm_id, 0);

		c->src.family = AF_INET6;
		inet_pton(AF_INET6, "fe80::1", c->src.addr);
		c->dst.family = 1;	/* AF_UNIX: rdma cannot print it either */
	}
	/* 7.x (rdma -j res show of iproute2 7.3 with rxe): limits as NAME-max,
	 * a type without a dump of its own under the kernel's name */
	d->res_max[SNAP_RES_PD] = 1048576;
	d->res_max[SNAP_RES_SRQ] = 917503;
	d->res_max_valid = 1u << SNAP_RES_PD | 1u << SNAP_RES_SRQ;
	d->res_other[0].name = snap_str(&s, "comp_cntr", 32);
	d->res_other[0].curr = 2;
	d->n_res_other = 1;
	out = render(&s, NULL, true);
	CHECK(out && strstr(out, "\"resources\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"pd\":7,"
			    "\"pd-max\":1048576,\"cq\":5,\"qp\":5,\"cm_id\":3,\"mr\":9,\"ctx\":4,"
			    "\"srq\":0,\"srq-max\":917503,\"comp_cntr\":2},{\"ifindex\":1,"));
	CHECK(out && strstr(out, "\"system\":{\"netns\":\"shared\",\"copy-on-fork\":true,"
			    "\"privileged-qkey\":false,\"monitor\":true}"));
	CHECK(out && strstr(out, "\"node_type\":\"ca\",\"protocol\":\"roce\",\"node_guid\""));
	CHECK(out && strstr(out, "\"caps\":[\"MEM_WINDOW_TYPE_2B\",\"UNKNOWN\",\"UNKNOWN\"]"));
	CHECK(out && strstr(out, "\"srqs\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"srqn\":3,"
			    "\"type\":\"BASIC\",\"lqpn\":[\"3\",\"5-7\"],\"cqn\":1,"
			    "\"comm\":\"ib_ipoib\"}]"));
	CHECK(out && strstr(out, "\"type\":\"DRIVER\",\"subtype\":\"REG_UMR\",\"state\""));
	CHECK(out && strstr(out, "\"src-addr\":\"fe80::1:7174\",\"process_pid\":390"));
	check_parses(out);
	free(out);
	snap_free(&s);
}

TEST_MAIN(test_json_61, test_json_more, test_json_hostile, test_json_hostile_recording,
	  test_json_unknown_states, test_json_opts, test_json_lines, test_json_groups)
