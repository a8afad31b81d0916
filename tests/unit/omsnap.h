/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Hand-built snapshots for the exposition tests (omsnap.c). */
#ifndef RDMATOP_TEST_OMSNAP_H
#define RDMATOP_TEST_OMSNAP_H

#include <stdint.h>

#include "out.h"
#include "snapshot.h"

/* an owner thread of user space */
struct snap_owner oms_user(uint32_t tid);
void oms_task(struct snapshot *s, uint32_t tid, uint32_t pid, const char *comm);
void oms_cgroup(struct snapshot *s, uint32_t tid, const char *path);
void oms_dev(struct snapshot *s, uint32_t idx, const char *name);
void oms_qp(struct snapshot *s, uint32_t d, uint8_t type, uint8_t state, struct snap_owner own);
/* the exposition of s as a string (free it) */
char *oms_render(const struct snapshot *s, const struct out_om_opts *o);
/* the sum of the values of the samples of out starting with prefix */
uint64_t oms_sum_of(const char *out, const char *prefix);

#endif
