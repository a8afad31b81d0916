// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the controls' answers: what the kernel sends back to
 * STAT_SET, STAT_DEL, SET and SYS_SET with NLM_F_ACK (a reply, then the ack
 * or an error with its extended-ack text), read as src/nl/nlset.c reads
 * them (qpcnt_bind.c, optcnt_set.c, dev_netns.c) and as nl_parse reads them
 * (qpcnt_set.c, netns.c), and the read-backs the controls parse after
 * (the bound counters, the optional counters, the device list, the
 * system) with what the controls look up in them.
 *
 * Input: byte 0 picks the request, bytes 1-4 the sequence number
 * (little-endian), byte 5 the device and port; then datagrams, each a
 * 16-bit little-endian length and that many bytes.  What the callers take
 * from an answer is checked: an error they can negate (-errno, not
 * INT_MIN, never positive), a message that ends inside its buffer.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/nl/nlset.h"
#include "dgram.h"
#include "nl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct {
	uint16_t cmd;
	uint16_t flags;
	uint16_t kind;
} reqs[] = {
	/* the writes (nl_parse reads the ack: qpcnt_set.c, netns.c) */
	{ RDMA_NLDEV_CMD_STAT_SET, NLM_F_ACK, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_STAT_DEL, NLM_F_ACK, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_SET, NLM_F_ACK, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_SYS_SET, NLM_F_ACK, NL_REQ_PLAIN },
	/* the read-backs */
	{ RDMA_NLDEV_CMD_STAT_GET, NLM_F_DUMP, NL_REQ_STAT_QP },
	{ RDMA_NLDEV_CMD_STAT_GET, 0, NL_REQ_STAT_QP },
	{ RDMA_NLDEV_CMD_STAT_GET_STATUS, 0, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_GET, NLM_F_DUMP, NL_REQ_PLAIN },
	{ RDMA_NLDEV_CMD_SYS_GET, 0, NL_REQ_PLAIN },
};

static void check_answer(const struct nlset_answer *an)
{
	/* the callers print strerror(-err) */
	if (an->err > 0 || an->err == INT_MIN)
		abort();
	if (!memchr(an->msg, '\0', sizeof(an->msg)))
		abort();
}

/* What the controls look up in a read-back. */
static void read_back(const struct snapshot *s, uint32_t lqpn)
{
	size_t i;

	for (i = 0; i < s->qpcnts.n; i++) {
		const struct snap_qpcnt *q = SNAP_AT(&s->qpcnts, struct snap_qpcnt, i);

		(void)nlset_lqpn_listed(snap_s(s, q->lqpns), lqpn);
		(void)snap_port_find(s, q->dev, q->port);
	}
	for (i = 0; i < s->optcnts.n; i++) {
		const struct snap_optcnt *c = SNAP_AT(&s->optcnts, struct snap_optcnt, i);

		if (strlen(snap_s(s, c->name)) > 4096)
			abort();
	}
	(void)snap_dev_by_name(s, "mlx5_0");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct nlset_answer an = { 0 };
	struct nl_result res = { 0 };
	struct nl_req req = { 0 };
	struct snapshot s;
	uint32_t seq;
	size_t off = 6, pick, len;
	uint8_t *dg;
	int ret = 1;

	if (size < 6)
		return 0;
	pick = data[0] % (sizeof(reqs) / sizeof(reqs[0]));
	seq = (uint32_t)data[1] | (uint32_t)data[2] << 8 | (uint32_t)data[3] << 16 |
	      (uint32_t)data[4] << 24;
	req.cmd = reqs[pick].cmd;
	req.flags = reqs[pick].flags;
	req.kind = reqs[pick].kind;
	req.dev = req.cmd == RDMA_NLDEV_CMD_SYS_SET || req.cmd == RDMA_NLDEV_CMD_SYS_GET ||
				  req.cmd == RDMA_NLDEV_CMD_GET ?
			  SNAP_NONE :
			  data[5] & 0x0f;
	req.port = req.dev == SNAP_NONE || (req.flags & NLM_F_DUMP) ? SNAP_NONE : data[5] >> 4;
	snap_init(&s);
	while ((dg = fuzz_dgram(data, size, &off, &len))) {
		/* as the controls read: until the ack */
		if (!an.done) {
			nlset_read_answer(dg, len, seq, &an);
			check_answer(&an);
		}
		/* as nl_parse reads: until the answer is complete */
		if (ret == 1)
			ret = nl_parse(&s, &req, dg, len, &res);
		free(dg);
	}
	read_back(&s, seq);
	/* and the QP-list match on the input itself */
	if (size > 6) {
		char *l = malloc(size - 5);

		if (l) {
			memcpy(l, data + 6, size - 6);
			l[size - 6] = '\0';
			(void)nlset_lqpn_listed(l, seq);
			free(l);
		}
	}
	snap_free(&s);
	return 0;
}
