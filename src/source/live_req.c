// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live source's requests: one request and every datagram of its
 * answer fed to the parsers, timed under its kind, with DRIVER_DETAILS
 * where the kernel takes it, and the check that a device went away.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>

#include "live.h"
#include "nl.h"
#include "source.h"

#define DUMP_RETRIES 3 /* interrupted dumps re-asked this often */
#define RECV_TIMEOUT_MS 10000 /* a QP dump of 100k entries takes seconds */

/* Wait for and receive one datagram of the request in flight. */
static ssize_t recv_reply(struct live *l)
{
	struct pollfd pfd = { .fd = nl_fd(&l->ns), .events = POLLIN };

	for (;;) {
		ssize_t n = nl_recv(&l->ns, l->buf, NL_BUF_SIZE);
		const struct nlmsghdr *nlh = (const void *)l->buf;
		int r;

		if (n >= (ssize_t)sizeof(*nlh) && nlh->nlmsg_seq != l->ns.seq)
			continue; /* a late answer to an abandoned request */
		if (n != -EAGAIN)
			return n;
		r = poll(&pfd, 1, RECV_TIMEOUT_MS);
		if (r == 0)
			return -ETIMEDOUT;
		if (r < 0 && errno != EINTR)
			return -errno;
	}
}

/*
 * Send one request and feed every datagram of its answer.  Errors the
 * kernel reports are recorded by the parser (table errors, notes); the
 * return value is only for transport failures.
 */
static int request_once(struct source *src, struct snapshot *s, const struct nl_req *req)
{
	struct live *l = src->priv;
	struct nl_result res;
	int tries, ret = 0;

	for (tries = 0; tries < DUMP_RETRIES; tries++) {
		if (source_cancelled(src))
			return -ECANCELED;
		src->in_dump = false; /* a new request, even if equal to the last */
		ret = nl_send(&l->ns, req);
		if (ret)
			return ret;
		do {
			ssize_t n = recv_reply(l);

			if (n < 0) {
				live_note(src, s, (int)n, req->dev, "netlink receive failed: %s",
					  strerror((int)-n));
				return (int)n;
			}
			ret = source_feed_nl(src, s, req, l->buf, (size_t)n, &res);
		} while (ret == 1);
		l->last_err = res.err;
		if (ret == -ECANCELED)
			return ret;
		if (ret != -EINTR)
			return 0;
		/* NLM_F_DUMP_INTR: the table changed under the dump; the
		 * parser discarded the partial result, ask again */
	}
	live_note(src, s, -EINTR, req->dev, "dump still interrupted after %d tries", tries);
	return 0;
}

/*
 * A request, its wall time counted under its kind; *secs gets the CPU
 * time it cost this thread (the kernel's dump work runs in our recvmsg;
 * the budget is of CPU, and a loaded host or TCG stretches wall time).
 */
int live_request_timed(struct source *src, struct snapshot *s, const struct nl_req *req,
		       double *secs)
{
	double t0 = source_now(), c0 = source_cpu_now(), dt;
	int ret = request_once(src, s, req);

	dt = source_now() - t0;
	s->self.cost[req->kind == NL_REQ_OBJ ? SNAP_COST_QP_GET : source_cost_kind(req->cmd)] += dt;
	if (secs)
		*secs = source_cpu_now() - c0;
	return ret;
}

int live_request(struct source *src, struct snapshot *s, const struct nl_req *req)
{
	return live_request_timed(src, s, req, NULL);
}

/*
 * A resource request with DRIVER_DETAILS (6.9+ list the driver-detail
 * objects only then), unless the kernel refused it there before: then, and
 * when it refuses now, without (nl_dd_refused).  A refusal is remembered
 * per device and command once the plain request has worked, so a dump is
 * never lost to the attribute; past DD_REFUSALS pairs, none is asked.
 */
int live_request_dd(struct source *src, struct snapshot *s, const struct nl_req *req, double *secs)
{
	struct live *l = src->priv;
	struct nl_req r = *req;
	double first;
	size_t i;
	int ret;

	for (i = 0; i < l->n_dd_no; i++)
		if (l->dd_no[i].dev == req->dev && l->dd_no[i].cmd == req->cmd)
			return live_request_timed(src, s, req, secs);
	if (l->n_dd_no == DD_REFUSALS)
		return live_request_timed(src, s, req, secs);
	r.flags |= NL_REQ_DD;
	ret = live_request_timed(src, s, &r, secs);
	if (ret || !nl_dd_refused(&r, l->last_err))
		return ret;
	first = *secs; /* the refused request costs too */
	ret = live_request_timed(src, s, req, secs);
	*secs += first;
	if (!ret && !l->last_err) {
		l->dd_no[l->n_dd_no].dev = req->dev;
		l->dd_no[l->n_dd_no++].cmd = req->cmd;
	}
	return ret;
}

/*
 * One of device dev's dumps failed: ask for the device itself, once per
 * sample.  When that fails too, the device went away after the device list
 * was read (`rdma link delete`, a driver unbind) and the parser has taken
 * it out of the snapshot (nl_dev_gone).  Returns 1 then, 0 when the device
 * is still there, or a transport error.
 */
int live_dev_gone(struct source *src, struct snapshot *s, uint32_t dev, bool *asked)
{
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_GET, .dev = dev, .port = SNAP_NONE };
	const struct snap_dev *d = snap_dev_find(s, dev);
	size_t t;
	int ret;

	if (!d)
		return 1;
	if (*asked)
		return 0;
	for (t = 0; t < SNAP_TBL_N && !d->tbl_err[t]; t++)
		;
	if (t == SNAP_TBL_N)
		return 0;
	*asked = true;
	if ((ret = live_request(src, s, &req)))
		return ret;
	return !snap_dev_find(s, dev);
}
