/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A synthetic RDMA host that answers rdmatop's requests the way the kernel
 * does (drivers/infiniband/core/nldev.c as in Debian's 6.1 and 6.12, rxe):
 * the same attributes in the same order and nesting, NLM_F_MULTI on dump
 * messages, each dump datagram filled until the next entry would not fit
 * the socket buffer, NLMSG_DONE in a datagram of its own; and the sysfs and
 * /proc files rdmatop reads, all fed to a raw_sink in live_sample()'s order.
 * Used to write large recordings for the benchmark, the soak and the fuzz
 * corpora (tests/bench/gen.c).
 */
#ifndef RDMATOP_KGEN_H
#define RDMATOP_KGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nl.h"
#include "source.h"

/*
 * Room the kernel gives one dump datagram: netlink_dump() allocates
 * max_recvmsg_len, capped at SKB_WITH_OVERHEAD(32768) = 32768 - 320 bytes
 * of skb_shared_info on x86_64 (6.1, 6.12), once the socket has received
 * with a 32 KiB buffer as rdmatop's long-lived socket has.
 */
#define KGEN_SKB_ROOM (32768 - 320)

struct kgen_cfg {
	unsigned int qps;	/* user QPs over all devices */
	unsigned int devs;	/* rxe devices */
	unsigned int procs;	/* processes holding them (two threads each) */
	unsigned int churn;	/* per mille of QPs destroyed and created per sample */
	unsigned int proc_churn;	/* processes replaced per sample */
	unsigned int dev_churn;	/* every this many samples a device goes, a new one comes (0: never) */
	unsigned int interval_ms;	/* between samples */
	uint64_t seed;
	bool linux_6_1;		/* 6.1's layout: no NAME_ASSIGN_TYPE, no MONITOR_MODE */
	bool read_all;		/* every owner's /proc files every sample, no kept ids */
};

struct kgen;

int kgen_new(struct kgen **g, const struct kgen_cfg *cfg);
void kgen_free(struct kgen *g);
/* Feed one sample to the sink (begin ... end), then move the state on. */
int kgen_sample(struct kgen *g, struct raw_sink *sink);

#endif
