// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A QP's other end: the driver's raw QP context (RDMA_NLDEV_CMD_RES_QP_GET_RAW)
 * decoded for mlx5, and a CM_ID's destination joined to its QP.
 *
 * The raw dump (drivers/infiniband/core/nldev.c, 5.9 to 7.x): the command
 * carries RDMA_NL_ADMIN_PERM, so rdma_nl_rcv_msg() (core/netlink.c) answers
 * -EPERM without CAP_NET_ADMIN before any dumpit runs; then
 * res_get_common_dumpit() with fill_res_qp_raw_entry(), which puts nothing
 * but what the driver's fill_res_qp_entry_raw puts into each entry nest (no
 * LQPN), and fails the dump with -EINVAL where the driver has none (rxe,
 * siw, every driver but mlx5 and hns: 6.1 to 7.x; 6.12 rxe's answer to
 * `rdma -j -r res show qp` is tests/data/ref/linux-6.12-rxe/res_qp_raw_json.nlhex).
 *
 * mlx5 (drivers/infiniband/hw/mlx5/restrack.c fill_res_raw, 5.9 to 7.x):
 * RDMA_NLDEV_ATTR_RES_RAW holds (up to 1024 bytes) a resource dump of the
 * segment MLX5_SGMT_TYPE_PRM_QUERY_QP for index1 = the QP number wrote
 * (mlx5_rsc_dump_next, .../mlx5/core/diag/rsc_dump.c).  The bytes are
 * big-endian PRM segments, include/linux/mlx5/mlx5_ifc.h (6.12): each
 * starts with resource_dump_segment_header (length_dw including itself,
 * segment_type); a dump is laid out as menu_resource_dump_response is:
 * resource_dump_info_segment, resource_dump_command_segment (index1: the
 * QPN asked), the data, resource_dump_terminate_segment (a header alone).
 * The segment type numbers are the firmware's, told by its menu
 * (mlx5_rsc_dump_read_menu_sgmt), not fixed: segments are told apart by
 * place, and the data is the resource_dump_resource_segment whose index1 is
 * the QPN, its payload the QUERY_QP command's output (query_qp_out: status,
 * syndrome, 8 bytes, opt_param_mask, ece, then qpc at byte 24).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "nl.h"
#include "walk.h"

/* byte offsets in query_qp_out (mlx5_ifc.h 6.12, bit offset / 8) */
enum {
	QO_STATUS = 0, /* status[0x8] */
	QO_QPC = 0x0c0 / 8, /* struct mlx5_ifc_qpc_bits qpc */
	/* in qpc */
	QPC_STATE = 0x000 / 8, /* state[0x4]: the top nibble */
	QPC_RQPN = 0x0a0 / 8, /* reserved[3], log_page_size[5], remote_qpn[0x18] */
	QPC_PAP = 0x0c0 / 8, /* struct mlx5_ifc_ads_bits primary_address_path */
	QPC_RETRY = 0x380 / 8, /* log_ack_req_freq .. cur_retry_count */
	QPC_SPSN = 0x3c0 / 8, /* reserved[8], next_send_psn[0x18] */
	QPC_ACKED = 0x440 / 8, /* reserved[8], last_acked_psn[0x18] */
	QPC_RPSN = 0x4a0 / 8, /* reserved[3], min_rnr_nak[5], next_rcv_psn[0x18] */
	/* in ads (0x160 bits) */
	ADS_GRH = 0x028 / 8, /* grh[0x1] at bit 0x28: the byte's top bit */
	ADS_RLID = 0x030 / 8, /* rlid[0x10] */
	ADS_RGID = 0x080 / 8, /* rgid_rip[16][0x8] */
	ADS_SL = 0x120 / 8, /* dei_cfi[1], eth_prio[3], sl[4] */
	QO_MIN = QO_QPC + QPC_RPSN + 4, /* the bytes read */
	SEG_HDR = 4, /* resource_dump_segment_header */
	SEG_CMD_LEN = 0x0a0 / 8, /* resource_dump_command_segment */
	SEG_CMD_INDEX1 = 0x040 / 8,
	SEG_RES_INDEX1 = 0x040 / 8, /* resource_dump_resource_segment */
	SEG_RES_PAYLOAD = 0x080 / 8,
};

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The query_qp_out payload of a QUERY_QP resource dump: fields into *q. */
static int qpc_decode(const uint8_t *o, size_t len, struct nl_mlx5_qp *q)
{
	const uint8_t *c = o + QO_QPC, *a = c + QPC_PAP;
	uint32_t r;

	if (len < QO_MIN)
		return -EBADMSG;
	if (o[QO_STATUS])
		return -EIO; /* the firmware's command failed */
	q->state = c[QPC_STATE] >> 4;
	q->remote_qpn = be32(c + QPC_RQPN) & 0xffffff;
	q->grh = a[ADS_GRH] >> 7;
	q->rlid = (uint16_t)(a[ADS_RLID] << 8 | a[ADS_RLID + 1]);
	memcpy(q->rgid, a + ADS_RGID, sizeof(q->rgid));
	q->sl = a[ADS_SL] & 0xf;
	/* bits 0x38d-0x38f retry_count, 0x390-0x392 rnr_retry, 0x395-0x397
	 * cur_rnr_retry, 0x398-0x39a cur_retry_count (MSB first) */
	r = be32(c + QPC_RETRY);
	q->retry_count = (r >> 16) & 7;
	q->rnr_retry = (r >> 13) & 7;
	q->cur_rnr_retry = (r >> 8) & 7;
	q->cur_retry_count = (r >> 5) & 7;
	q->next_send_psn = be32(c + QPC_SPSN) & 0xffffff;
	q->last_acked_psn = be32(c + QPC_ACKED) & 0xffffff;
	q->next_rcv_psn = be32(c + QPC_RPSN) & 0xffffff;
	return 0;
}

int nl_mlx5_qp_decode(const uint8_t *p, size_t len, struct nl_mlx5_qp *q)
{
	size_t off = 0;
	unsigned int seg;
	bool cmd = false;

	memset(q, 0, sizeof(*q));
	for (seg = 0; off + SEG_HDR <= len; seg++) {
		size_t n = (size_t)(be32(p + off) >> 16) * 4;
		const uint8_t *s = p + off;

		if (!n || n > len - off)
			return -EBADMSG;
		if (seg == 1) {
			/* the command segment: what was asked */
			if (n < SEG_CMD_LEN)
				return -EBADMSG;
			q->qpn = be32(s + SEG_CMD_INDEX1);
			cmd = true;
		} else if (seg > 1 && n == SEG_HDR) {
			break; /* the terminate segment */
		} else if (seg > 1 && n >= SEG_RES_PAYLOAD && be32(s + SEG_RES_INDEX1) == q->qpn) {
			return qpc_decode(s + SEG_RES_PAYLOAD, n - SEG_RES_PAYLOAD, q);
		}
		off += n;
	}
	return cmd ? -ENOENT : -EBADMSG;
}

/*
 * The QP (dev, lqpn) of this sample's rows, looked for from *hint on: the
 * raw dump walks the device's restrack xarray in the QP dump's order (QPs
 * are kept by their number, restrack.c), and CM_IDs mostly come in the
 * order their QPs were made, so the next match is near the last.
 */
static struct snap_qp *qp_find(struct snapshot *s, uint32_t dev, uint32_t lqpn, size_t *hint)
{
	size_t n = s->qps.n, k, i;

	for (k = 0; k < n; k++) {
		struct snap_qp *q;

		i = (*hint + k) % n;
		q = SNAP_AT(&s->qps, struct snap_qp, i);
		if (q->lqpn == lqpn && q->dev == dev && !(q->valid & SNAP_QP_GONE)) {
			*hint = i + 1;
			return q;
		}
	}
	return NULL;
}

/* the bytes as hex, kept in the snapshot's strings (a JSON value, a record) */
static uint32_t raw_keep(struct snapshot *s, const uint8_t *p, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	char buf[2 * NL_RAW_MAX + 1];
	size_t i;

	if (len > NL_RAW_MAX)
		len = NL_RAW_MAX;
	for (i = 0; i < len; i++) {
		buf[2 * i] = hex[p[i] >> 4];
		buf[2 * i + 1] = hex[p[i] & 15];
	}
	buf[2 * len] = '\0';
	return snap_str(s, buf, 2 * len);
}

struct raw_arg {
	uint32_t dev;
	size_t hint;
};

static int raw_entry(struct snapshot *s, const struct nlattr **tb, void *arg)
{
	struct raw_arg *ra = arg;
	const struct nlattr *raw = tb[RDMA_NLDEV_ATTR_RES_RAW];
	struct nl_mlx5_qp m;
	struct snap_qp *q;
	uint32_t lqpn;
	int dec;

	if (!raw)
		return 0;
	dec = nl_mlx5_qp_decode((const uint8_t *)a_data(raw), a_len(raw), &m);
	/* a kernel that names the QP (none does yet): its word first */
	if (tb[RDMA_NLDEV_ATTR_RES_LQPN])
		lqpn = a_u32(tb[RDMA_NLDEV_ATTR_RES_LQPN]);
	else if (dec != -EBADMSG)
		lqpn = m.qpn;
	else
		return 0; /* whose it is cannot be told */
	q = qp_find(s, ra->dev, lqpn, &ra->hint);
	if (!q)
		return 0; /* made after the QP dump */
	q->raw = raw_keep(s, (const uint8_t *)a_data(raw), a_len(raw));
	if (q->raw)
		q->valid |= SNAP_QP_RAW;
	if (dec)
		return 0;
	q->peer_valid |= SNAP_PEER_RAW | SNAP_PEER_RETRY;
	q->cur_retry = m.cur_retry_count;
	q->cur_rnr = m.cur_rnr_retry;
	if (m.rlid) {
		q->peer_lid = m.rlid;
		q->peer_valid |= SNAP_PEER_LID;
	}
	/* a CM QP's address is its CM_ID's; without a GRH the GID is none */
	if (m.grh && !(q->peer_valid & SNAP_PEER_CM)) {
		memcpy(q->peer_gid, m.rgid, sizeof(q->peer_gid));
		q->peer_valid |= SNAP_PEER_GID;
	}
	return 0;
}

int nl_qp_raw_parse(const struct nlmsghdr *nlh, struct snapshot *s)
{
	const struct nlattr *tb[RDMA_NLDEV_ATTR_MAX];
	struct raw_arg ra = { 0 };
	struct snap_dev *d;
	int err = nl_msg_dev(nlh, s, tb, &d);

	if (err)
		return err;
	if (!tb[RDMA_NLDEV_ATTR_RES_QP])
		return 0;
	ra.dev = d->index;
	return nl_entries(s, tb[RDMA_NLDEV_ATTR_RES_QP], RDMA_NLDEV_ATTR_RES_QP_ENTRY, raw_entry,
			  &ra);
}

void nl_qp_cm_peer(struct snapshot *s, const struct snap_cm_id *c, size_t *hint)
{
	struct snap_qp *q;
	uint8_t g[16];

	if (!(c->valid & SNAP_CM_LQPN) || !(c->valid & SNAP_CM_DST))
		return;
	if (c->dst.family == AF_INET) {
		memset(g, 0, 10);
		g[10] = g[11] = 0xff;
		memcpy(g + 12, c->dst.addr, 4);
	} else if (c->dst.family == AF_INET6) {
		memcpy(g, c->dst.addr, 16);
	} else {
		return;
	}
	if (!memcmp(g + 12, "\0\0\0\0", 4) && !memcmp(g, "\0\0\0\0\0\0\0\0", 8))
		return; /* not connected yet: no destination */
	q = qp_find(s, c->dev, c->lqpn, hint);
	if (!q)
		return;
	memcpy(q->peer_gid, g, sizeof(g));
	q->peer_valid |= SNAP_PEER_GID | SNAP_PEER_CM;
}
