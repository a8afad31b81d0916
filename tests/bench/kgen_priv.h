/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The synthetic host's state, shared by kgen.c (state, files) and kgen_nl.c (dumps). */
#ifndef RDMATOP_KGEN_PRIV_H
#define RDMATOP_KGEN_PRIV_H

#include <linux/netlink.h>

#include "kgen.h"

#define KGEN_PORTID 4242	/* the requester's port id, as the kernel echoes it */
#define RXE_MIN_QPN 16		/* rxe hands out QPNs from 16 up (rxe_param.h) */

struct kqp {
	uint32_t lqpn, rqpn, sq_psn, rq_psn;
	uint32_t proc;		/* index into procs */
	uint8_t type, state;
	uint8_t tid2;		/* created by the second thread */
};

struct kproc {
	uint32_t pid;		/* Tgid; its second thread is pid + 1 */
	uint32_t uid;
	uint32_t dev;		/* slot of the device it uses */
	uint32_t pdn, ctxn, cqn, mrn;	/* first of its per-device objects */
	char comm[16];
};

struct kdev {
	uint32_t index;
	char name[16];
	char ndev[16];
	uint32_t ndev_index;
	uint64_t guid;
	bool absent;		/* unregistered for this sample */
	uint32_t next_qpn, next_pdn, next_ctxn, next_cqn, next_mrn;
	struct kqp *qps;	/* sorted by lqpn: the restrack xarray order */
	size_t n_qps, cap_qps;
	uint64_t hw[15];
	uint64_t net[8];
};

struct kgen {
	struct kgen_cfg cfg;
	uint64_t rng;
	unsigned long sample;
	uint32_t seq;
	uint32_t next_pid;
	uint32_t next_dev_index;
	struct kproc *procs;
	size_t n_procs;
	struct kdev *devs;
	size_t n_devs;
	uint32_t *last_ids;	/* the owner ids of the sample before, ascending */
	size_t n_last;
	uint8_t *dg;		/* one datagram being built */
	struct nlmsghdr *nlh;
};

/* the counters' names, in the order the kernel lists them */
extern const char *const kgen_hw_names[15];

/* how many processes use device slot dev */
size_t kgen_procs_on(const struct kgen *g, size_t dev);
int kgen_nl_sample(struct kgen *g, struct raw_sink *sink);

#endif
