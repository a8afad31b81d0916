// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The peer of a QP: the mlx5 raw context decoder on a dump laid out from
 * mlx5_ifc.h by tests/hw/mlx5_raw.h (each value at its documented bit
 * offset, and a tamper of one offset seen), the RES_QP_GET_RAW dump joined
 * to its QP, a CM_ID's destination joined the same way, a peer that is one
 * of this host's GIDs, and the kernel's refusals (-EPERM without
 * CAP_NET_ADMIN: said once; -EINVAL from a driver without raw fill: not).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <sys/socket.h>

#include "../hw/mlx5_raw.h"
#include "cols.h"
#include "nl.h"
#include "test.h"

static unsigned char buf[NL_BUF_SIZE];
static uint8_t raw[1024];

static const struct nl_req qp_dump = { .cmd = RDMA_NLDEV_CMD_RES_QP_GET,
				       .dev = 0,
				       .port = SNAP_NONE,
				       .flags = NLM_F_DUMP };
static const struct nl_req raw_dump = { .cmd = RDMA_NLDEV_CMD_RES_QP_GET_RAW,
					.dev = 0,
					.port = SNAP_NONE,
					.flags = NLM_F_DUMP };
static const struct nl_req cm_dump = { .cmd = RDMA_NLDEV_CMD_RES_CM_ID_GET,
				       .dev = 0,
				       .port = SNAP_NONE,
				       .flags = NLM_F_DUMP };

/* 10.1.2.3 as a RoCE v2 GID, the fixture's remote end */
static const uint8_t gid_v4[16] = { [10] = 0xff, [11] = 0xff, 10, 1, 2, 3 };

static struct mlx5_raw_qp fixture(uint32_t qpn)
{
	struct mlx5_raw_qp q = { .qpn = qpn,
				 .remote_qpn = 0x4d2,
				 .next_send_psn = 0xabcdef,
				 .next_rcv_psn = 0x123456,
				 .last_acked_psn = 0xabcde0,
				 .rlid = 0x1234,
				 .grh = 1,
				 .state = 3,
				 .sl = 5,
				 .retry_count = 7,
				 .rnr_retry = 6,
				 .cur_retry = 2,
				 .cur_rnr = 4 };

	memcpy(q.rgid, gid_v4, 16);
	return q;
}

static void test_decode(void)
{
	struct mlx5_raw_qp f = fixture(0x1a2);
	size_t n = mlx5_raw_build(raw, &f);
	struct nl_mlx5_qp m;

	CHECK_EQ_U(nl_mlx5_qp_decode(raw, n, &m), 0);
	CHECK_EQ_U(m.qpn, 0x1a2);
	CHECK_EQ_U(m.remote_qpn, 0x4d2);
	CHECK_EQ_U(m.rlid, 0x1234);
	CHECK(!memcmp(m.rgid, gid_v4, 16));
	CHECK_EQ_U(m.grh, 1);
	CHECK_EQ_U(m.state, 3);
	CHECK_EQ_U(m.sl, 5);
	CHECK_EQ_U(m.retry_count, 7);
	CHECK_EQ_U(m.rnr_retry, 6);
	CHECK_EQ_U(m.cur_retry_count, 2);
	CHECK_EQ_U(m.cur_rnr_retry, 4);
	CHECK_EQ_U(m.next_send_psn, 0xabcdef);
	CHECK_EQ_U(m.next_rcv_psn, 0x123456);
	CHECK_EQ_U(m.last_acked_psn, 0xabcde0);
	/* the documented offsets hold the values (the layout, not the decoder) */
	CHECK(!memcmp(raw + MLX5R_RGID_AT, gid_v4, 16));
	CHECK_EQ_U(raw[MLX5R_RLID_AT] << 8 | raw[MLX5R_RLID_AT + 1], 0x1234);
}

/* One byte changed at a documented offset changes what is decoded. */
static void test_tamper(void)
{
	struct mlx5_raw_qp f = fixture(0x1a2);
	size_t n = mlx5_raw_build(raw, &f);
	struct nl_mlx5_qp m;

	raw[MLX5R_RGID_AT + 15] ^= 0x01;
	CHECK_EQ_U(nl_mlx5_qp_decode(raw, n, &m), 0);
	CHECK(memcmp(m.rgid, gid_v4, 16) != 0);
	raw[MLX5R_RGID_AT + 15] ^= 0x01;
	raw[MLX5R_RLID_AT + 1] ^= 0x10;
	CHECK_EQ_U(nl_mlx5_qp_decode(raw, n, &m), 0);
	CHECK(m.rlid != 0x1234);
}

static void test_malformed(void)
{
	struct mlx5_raw_qp f = fixture(0x1a2);
	size_t n = mlx5_raw_build(raw, &f), res = (MLX5R_INFO_BITS + MLX5R_CMD_BITS) / 8;
	struct nl_mlx5_qp m;

	CHECK_EQ_U(nl_mlx5_qp_decode(raw, 3, &m), (uint64_t)-EBADMSG);
	CHECK_EQ_U(nl_mlx5_qp_decode(raw, 40, &m), (uint64_t)-EBADMSG); /* cut in a segment */
	/* the firmware's command failed: query_qp_out's status */
	raw[res + MLX5R_RES_PAYLOAD / 8] = 0x02;
	CHECK_EQ_U(nl_mlx5_qp_decode(raw, n, &m), (uint64_t)-EIO);
	raw[res + MLX5R_RES_PAYLOAD / 8] = 0;
	/* the data of another QP: none of this one's */
	raw[res + MLX5R_RES_INDEX1 / 8 + 3] ^= 1;
	CHECK_EQ_U(nl_mlx5_qp_decode(raw, n, &m), (uint64_t)-ENOENT);
	CHECK_EQ_U(m.qpn, 0x1a2);
	raw[res + MLX5R_RES_INDEX1 / 8 + 3] ^= 1;
	/* a zero length never ends the walk */
	raw[res] = raw[res + 1] = 0;
	CHECK_EQ_U(nl_mlx5_qp_decode(raw, n, &m), (uint64_t)-EBADMSG);
}

static int feed(struct snapshot *s, const struct nl_req *req, const struct nlmsghdr *nlh)
{
	struct nl_result res = { 0 };

	return nl_parse(s, req, nlh, nlh->nlmsg_len, &res);
}

static struct nlmsghdr *msg(uint16_t cmd)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);

	nlh->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, cmd);
	nlh->nlmsg_flags = NLM_F_MULTI;
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 0);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, "mlx5_0");
	return nlh;
}

/* fill_res_qp_entry's RC QPs lqpn[0..n) in RTS */
static void qps(struct snapshot *s, const uint32_t *lqpn, size_t n)
{
	struct nlmsghdr *nlh = msg(RDMA_NLDEV_CMD_RES_QP_GET);
	struct nlattr *t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	size_t i;

	for (i = 0; i < n; i++) {
		struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);

		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, lqpn[i]);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_RQPN, 0x4d2);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_SQ_PSN, 1);
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, 2);
		mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_STATE, 3);
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, t);
	CHECK_EQ_U(feed(s, &qp_dump, nlh), 1);
}

/* res_get_common_dumpit with fill_res_qp_raw_entry: RES_RAW alone per entry */
static void raws(struct snapshot *s, const struct mlx5_raw_qp *f, size_t n)
{
	struct nlmsghdr *nlh = msg(RDMA_NLDEV_CMD_RES_QP_GET_RAW);
	struct nlattr *t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	size_t i;

	for (i = 0; i < n; i++) {
		struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);

		mnl_attr_put(nlh, RDMA_NLDEV_ATTR_RES_RAW, mlx5_raw_build(raw, &f[i]), raw);
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, t);
	CHECK_EQ_U(feed(s, &raw_dump, nlh), 1);
}

static const struct snap_qp *find(const struct snapshot *s, uint32_t lqpn)
{
	size_t i;

	for (i = 0; i < s->qps.n; i++)
		if (SNAP_AT(&s->qps, struct snap_qp, i)->lqpn == lqpn)
			return SNAP_AT(&s->qps, struct snap_qp, i);
	return NULL;
}

static const char *col(const struct snapshot *s, const struct snap_qp *q, const char *name,
		       struct view_value *v)
{
	struct view_ctx c = { .s = s };
	size_t k;

	memset(v, 0, sizeof(*v));
	/* a field past the columns too (JSON's) */
	for (k = 0; k < view_qp_tab.nfields && strcmp(view_qp_tab.cols[k].name, name); k++)
		;
	CHECK(k < view_qp_tab.nfields);
	if (k == view_qp_tab.nfields)
		return "";
	view_get_field(&c, &view_qp_tab, q, k, v);
	return v->valid ? v->s : "n/a";
}

static void test_raw_join(void)
{
	static const uint32_t lqpn[] = { 0x1a1, 0x1a2, 0x1a3 };
	struct mlx5_raw_qp f[2] = { fixture(0x1a3), fixture(0x1a1) };
	struct snapshot s;
	struct view_value v;
	const struct snap_qp *q;
	struct snap_gid *g;
	char hex[2 * 1024 + 1];
	size_t n, i;

	snap_init(&s);
	qps(&s, lqpn, 3);
	f[1].rgid[15] = 9; /* 10.1.2.9: this host's */
	f[1].rlid = 0; /* RoCE: no LID */
	raws(&s, f, 2);
	q = find(&s, 0x1a3);
	CHECK(q && (q->peer_valid & SNAP_PEER_RAW));
	CHECK_EQ_S(col(&s, q, "peer", &v), "10.1.2.3");
	(void)col(&s, q, "peer_lid", &v);
	CHECK(v.valid && v.u == 0x1234);
	CHECK_EQ_S(col(&s, q, "peer_local", &v), "n/a");
	CHECK_EQ_S(col(&s, q, "peer_from", &v), "raw");
	CHECK_EQ_U(q->peer_lid, 0x1234);
	CHECK_EQ_U(q->cur_retry, 2);
	CHECK_EQ_U(q->cur_rnr, 4);
	/* the bytes are kept as they came */
	n = mlx5_raw_build(raw, &f[0]);
	for (i = 0; i < n; i++)
		snprintf(hex + 2 * i, 3, "%02x", raw[i]);
	CHECK(q->valid & SNAP_QP_RAW);
	CHECK_EQ_S(snap_s(&s, q->raw), hex);
	/* the middle QP has no raw entry; the first's peer is a local GID */
	CHECK(!find(&s, 0x1a2)->peer_valid);
	g = snap_push(&s.gids, sizeof(*g));
	g->dev = 0;
	g->port = 1;
	memcpy(g->gid, f[1].rgid, 16);
	q = find(&s, 0x1a1);
	CHECK_EQ_S(col(&s, q, "peer", &v), "10.1.2.9");
	CHECK_EQ_S(col(&s, q, "peer_local", &v), "mlx5_0/1");
	CHECK(!(q->peer_valid & SNAP_PEER_LID));
	(void)col(&s, q, "peer_lid", &v);
	CHECK(!v.valid);
	snap_free(&s);
}

/* A CM QP's peer is its CM_ID's destination, which the raw GID does not replace. */
static void test_cm(void)
{
	static const uint32_t lqpn[] = { 0x20 };
	struct mlx5_raw_qp f = fixture(0x20);
	struct sockaddr_storage ss;
	struct sockaddr_in *in = (struct sockaddr_in *)&ss;
	struct nlmsghdr *nlh;
	struct nlattr *t, *e;
	struct snapshot s;
	struct view_value v;
	const struct snap_qp *q;

	snap_init(&s);
	qps(&s, lqpn, 1);
	nlh = msg(RDMA_NLDEV_CMD_RES_CM_ID_GET);
	t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CM_ID);
	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_CM_ID_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, 1);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, 0x20);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, 2);
	mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_STATE, 8);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PS, 0x106);
	memset(&ss, 0, sizeof(ss));
	in->sin_family = AF_INET;
	in->sin_port = htons(7471);
	inet_pton(AF_INET, "192.168.7.9", &in->sin_addr);
	mnl_attr_put(nlh, RDMA_NLDEV_ATTR_RES_DST_ADDR, sizeof(ss), &ss);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_CM_IDN, 4);
	mnl_attr_nest_end(nlh, e);
	mnl_attr_nest_end(nlh, t);
	CHECK_EQ_U(feed(&s, &cm_dump, nlh), 1);
	q = find(&s, 0x20);
	CHECK_EQ_S(col(&s, q, "peer", &v), "192.168.7.9");
	CHECK_EQ_S(col(&s, q, "peer_from", &v), "cm");
	raws(&s, &f, 1);
	q = find(&s, 0x20);
	CHECK_EQ_S(col(&s, q, "peer", &v), "192.168.7.9");
	(void)col(&s, q, "peer_lid", &v);
	CHECK(v.valid && v.u == 0x1234);
	snap_free(&s);
}

/* NLMSG_DONE carrying err, as netlink_dump() ends a refused dump. */
static struct nlmsghdr *done(int err)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	int *e;

	nlh->nlmsg_type = NLMSG_DONE;
	nlh->nlmsg_flags = NLM_F_MULTI;
	e = mnl_nlmsg_put_extra_header(nlh, sizeof(*e));
	*e = err;
	return nlh;
}

static size_t notes_with(const struct snapshot *s, const char *what)
{
	size_t i, n = 0;

	for (i = 0; i < s->notes.n; i++)
		n += strstr(snap_s(s, SNAP_AT(&s->notes, struct snap_note, i)->text), what) != NULL;
	return n;
}

static void test_refused(void)
{
	struct nl_req r1 = raw_dump;
	struct snapshot s;

	/* rdma_nl_rcv_msg(): -EPERM without CAP_NET_ADMIN, said once */
	snap_init(&s);
	CHECK_EQ_U(feed(&s, &raw_dump, done(-EPERM)), (uint64_t)-EPERM);
	CHECK(s.flags & SNAP_F_NO_RAW);
	CHECK_EQ_U(notes_with(&s, "peer address needs CAP_NET_ADMIN"), 1);
	snap_free(&s);
	/* rxe: fill_res_qp_raw_entry() has no driver op: -EINVAL, nothing said */
	snap_init(&s);
	r1.dev = 0;
	CHECK_EQ_U(feed(&s, &r1, done(-EINVAL)), (uint64_t)-EINVAL);
	CHECK(!(s.flags & SNAP_F_NO_RAW));
	CHECK_EQ_U(s.notes.n, 0);
	snap_free(&s);
}

TEST_MAIN(test_decode, test_tamper, test_malformed, test_raw_join, test_cm, test_refused)
