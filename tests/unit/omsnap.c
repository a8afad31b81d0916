// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Snapshots built by hand for the exposition tests (test_out_openmetrics.c,
 * test_out_om_groups.c), and the exposition of one as a string.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "omsnap.h"
#include "test.h"

struct snap_owner oms_user(uint32_t tid)
{
	struct snap_owner o = { .tid = tid, .valid = SNAP_OWN_TID };

	return o;
}

void oms_task(struct snapshot *s, uint32_t tid, uint32_t pid, const char *comm)
{
	struct snap_task *t = snap_task_get(s, tid);

	t->pid = pid;
	t->comm = snap_str(s, comm, 64);
	t->pcomm = t->comm;
	t->valid = SNAP_TASK_PID | SNAP_TASK_COMM | SNAP_TASK_PCOMM;
}

void oms_cgroup(struct snapshot *s, uint32_t tid, const char *path)
{
	struct snap_task *t = snap_task_get(s, tid);

	SNAP_SET(t, cgroup, SNAP_TASK_CGROUP, snap_str(s, path, 255));
}

void oms_dev(struct snapshot *s, uint32_t idx, const char *name)
{
	struct snap_dev *d = snap_push(&s->devs, sizeof(*d));

	d->index = idx;
	snprintf(d->name, sizeof(d->name), "%s", name);
	d->node_type = 1;
	d->node_guid = 0x0c42a10300aabbccull + idx;
	snprintf(d->fw, sizeof(d->fw), "20.31.1014");
	d->valid = SNAP_DEV_NODE_TYPE | SNAP_DEV_NODE_GUID | (idx ? SNAP_DEV_FW : 0);
	d->res[SNAP_RES_QP] = 3;
	d->res[SNAP_RES_CQ] = 2;
	d->res_valid = 1u << SNAP_RES_QP | 1u << SNAP_RES_CQ;
}

void oms_qp(struct snapshot *s, uint32_t d, uint8_t type, uint8_t state,
	       struct snap_owner own)
{
	struct snap_qp *q = snap_push(&s->qps, sizeof(*q));

	q->dev = d;
	q->port = 1;
	q->lqpn = (uint32_t)s->qps.n;
	q->type = type;
	q->state = state;
	q->own = own;
	q->valid = SNAP_QP_TYPE | SNAP_QP_STATE | SNAP_QP_PORT;
}

char *oms_render(const struct snapshot *s, const struct out_om_opts *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK_EQ_U(out_openmetrics(f, s, o), 0);
	fclose(f);
	return buf;
}

/* Sum of the values of the samples whose line starts with prefix. */
uint64_t oms_sum_of(const char *out, const char *prefix)
{
	uint64_t sum = 0;
	const char *l;

	for (l = out; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
		if (!strncmp(l, prefix, strlen(prefix)))
			sum += strtoull(strchr(l, '}') + 2, NULL, 10);
	return sum;
}
