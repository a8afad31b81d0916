/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An mlx5 raw QP context as the kernel puts it in RDMA_NLDEV_ATTR_RES_RAW
 * (drivers/infiniband/hw/mlx5/restrack.c fill_res_raw -> dump_rsc: a
 * resource dump of MLX5_SGMT_TYPE_PRM_QUERY_QP, index1 = the QPN), laid out
 * field by field at the bit offsets of include/linux/mlx5/mlx5_ifc.h as of
 * linux 6.12 (MLX5_SET's big-endian bit order: bit 0 is the top bit of the
 * first byte): resource_dump_info_segment, resource_dump_command_segment,
 * resource_dump_resource_segment holding query_qp_out (qpc at 0xc0, its
 * primary_address_path ads at 0xc0 within it), resource_dump_terminate_
 * segment.  The segment type numbers are the firmware's (its menu names
 * them, diag/rsc_dump.c), so the values here are the fixture's own.
 * Shared by tests/hw/gen_res.c and tests/unit/test_qp_raw.c.
 */
#ifndef RDMATOP_MLX5_RAW_H
#define RDMATOP_MLX5_RAW_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct mlx5_raw_qp {
	uint32_t qpn, remote_qpn, next_send_psn, next_rcv_psn, last_acked_psn;
	uint16_t rlid;
	uint8_t grh, rgid[16], state, sl, retry_count, rnr_retry, cur_retry, cur_rnr;
};

/* MLX5_SET: value v into w bits at bit offset o of the structure at p */
static inline void mlx5_raw_set(uint8_t *p, unsigned int o, unsigned int w, uint32_t v)
{
	unsigned int i;

	for (i = 0; i < w; i++) {
		unsigned int bit = o + i, shift = w - 1 - i;
		uint8_t m = (uint8_t)(0x80 >> (bit % 8));

		if ((v >> shift) & 1)
			p[bit / 8] |= m;
		else
			p[bit / 8] &= (uint8_t)~m;
	}
}

/* the bit offsets (mlx5_ifc.h 6.12) */
enum {
	MLX5R_HDR_LEN = 0x00,
	MLX5R_HDR_TYPE = 0x10, /* resource_dump_segment_header */
	MLX5R_INFO_BITS = 0x80, /* resource_dump_info_segment */
	MLX5R_INFO_VERSION = 0x38, /* dump_version[0x8] */
	MLX5R_CMD_BITS = 0xa0, /* resource_dump_command_segment */
	MLX5R_CMD_CALLED = 0x20,
	MLX5R_CMD_INDEX1 = 0x40,
	MLX5R_CMD_NOBJ1 = 0x80,
	MLX5R_RES_INDEX1 = 0x40,
	MLX5R_RES_PAYLOAD = 0x80, /* resource_dump_resource_segment */
	MLX5R_QO_BITS = 0x880, /* query_qp_out to its reserved_at_800[0x80], no pas */
	MLX5R_QO_QPC = 0xc0,
	/* qpc */
	MLX5R_QPC_STATE = 0x0,
	MLX5R_QPC_RQPN = 0xa8,
	MLX5R_QPC_PAP = 0xc0,
	MLX5R_QPC_RETRY = 0x38d,
	MLX5R_QPC_RNR_RETRY = 0x390,
	MLX5R_QPC_CUR_RNR = 0x395,
	MLX5R_QPC_CUR_RETRY = 0x398,
	MLX5R_QPC_SPSN = 0x3c8,
	MLX5R_QPC_ACKED = 0x448,
	MLX5R_QPC_RPSN = 0x4a8,
	/* ads */
	MLX5R_ADS_GRH = 0x28,
	MLX5R_ADS_RLID = 0x30,
	MLX5R_ADS_RGID = 0x80,
	MLX5R_ADS_SL = 0x124,
	/* the fixture's segment types (the firmware's menu assigns them) */
	MLX5R_T_INFO = 0xfffe,
	MLX5R_T_CMD = 0xfffd,
	MLX5R_T_QP = 0x1109,
	MLX5R_T_END = 0xffff,
};

/* the byte offset of the remote GID in the dump (info, command, resource
 * segment's header, query_qp_out to qpc, qpc to ads, ads to rgid_rip) */
#define MLX5R_RGID_AT                                                                           \
	((MLX5R_INFO_BITS + MLX5R_CMD_BITS + MLX5R_RES_PAYLOAD + MLX5R_QO_QPC + MLX5R_QPC_PAP + \
	  MLX5R_ADS_RGID) /                                                                     \
	 8)
#define MLX5R_RLID_AT                                                                           \
	((MLX5R_INFO_BITS + MLX5R_CMD_BITS + MLX5R_RES_PAYLOAD + MLX5R_QO_QPC + MLX5R_QPC_PAP + \
	  MLX5R_ADS_RLID) /                                                                     \
	 8)

static inline void mlx5_raw_hdr(uint8_t *p, unsigned int bits, unsigned int type)
{
	mlx5_raw_set(p, MLX5R_HDR_LEN, 16, bits / 32);
	mlx5_raw_set(p, MLX5R_HDR_TYPE, 16, type);
}

/* The dump of q into buf (1024 bytes, MAX_DUMP_SIZE): its length. */
static inline size_t mlx5_raw_build(uint8_t *buf, const struct mlx5_raw_qp *q)
{
	uint8_t *p = buf, *qo, *qpc, *ads;
	unsigned int i;

	memset(buf, 0, 1024);
	mlx5_raw_hdr(p, MLX5R_INFO_BITS, MLX5R_T_INFO);
	mlx5_raw_set(p, MLX5R_INFO_VERSION, 8, 1);
	p += MLX5R_INFO_BITS / 8;
	mlx5_raw_hdr(p, MLX5R_CMD_BITS, MLX5R_T_CMD);
	mlx5_raw_set(p, MLX5R_CMD_CALLED, 16, MLX5R_T_QP);
	mlx5_raw_set(p, MLX5R_CMD_INDEX1, 32, q->qpn);
	mlx5_raw_set(p, MLX5R_CMD_NOBJ1, 16, 1);
	p += MLX5R_CMD_BITS / 8;
	mlx5_raw_hdr(p, MLX5R_RES_PAYLOAD + MLX5R_QO_BITS, MLX5R_T_QP);
	mlx5_raw_set(p, MLX5R_RES_INDEX1, 32, q->qpn);
	qo = p + MLX5R_RES_PAYLOAD / 8;
	qpc = qo + MLX5R_QO_QPC / 8;
	mlx5_raw_set(qpc, MLX5R_QPC_STATE, 4, q->state);
	mlx5_raw_set(qpc, MLX5R_QPC_RQPN, 24, q->remote_qpn);
	mlx5_raw_set(qpc, MLX5R_QPC_RETRY, 3, q->retry_count);
	mlx5_raw_set(qpc, MLX5R_QPC_RNR_RETRY, 3, q->rnr_retry);
	mlx5_raw_set(qpc, MLX5R_QPC_CUR_RNR, 3, q->cur_rnr);
	mlx5_raw_set(qpc, MLX5R_QPC_CUR_RETRY, 3, q->cur_retry);
	mlx5_raw_set(qpc, MLX5R_QPC_SPSN, 24, q->next_send_psn);
	mlx5_raw_set(qpc, MLX5R_QPC_ACKED, 24, q->last_acked_psn);
	mlx5_raw_set(qpc, MLX5R_QPC_RPSN, 24, q->next_rcv_psn);
	ads = qpc + MLX5R_QPC_PAP / 8;
	mlx5_raw_set(ads, MLX5R_ADS_GRH, 1, q->grh);
	mlx5_raw_set(ads, MLX5R_ADS_RLID, 16, q->rlid);
	for (i = 0; i < 16; i++)
		mlx5_raw_set(ads, MLX5R_ADS_RGID + 8 * i, 8, q->rgid[i]);
	mlx5_raw_set(ads, MLX5R_ADS_SL, 4, q->sl);
	p += (MLX5R_RES_PAYLOAD + MLX5R_QO_BITS) / 8;
	mlx5_raw_hdr(p, 32, MLX5R_T_END);
	p += 4;
	return (size_t)(p - buf);
}

#endif
