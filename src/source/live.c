// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live source: one sample of the kernel's RDMA state.
 *
 * Order matters: devices first (their indexes key every per-device dump),
 * then per device its ports and resource tables (each device dumped once:
 * the kernel walks the whole table for every message of a dump, so extra
 * dumps cost quadratically), hardware counters per port, the sysfs files of
 * the ports and their netdevs, and finally /proc once per distinct owner id.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "budget.h"
#include "net.h"
#include "nl.h"
#include "live.h"
#include "pace.h"
#include "source.h"
#include "util.h"

#define DUMP_RETRIES 3		/* interrupted dumps re-asked this often */
#define RECV_TIMEOUT_MS 10000	/* a QP dump of 100k entries takes seconds */

/* Wait for and receive one datagram of the request in flight. */
static ssize_t recv_reply(struct live *l)
{
	struct pollfd pfd = { .fd = nl_fd(&l->ns), .events = POLLIN };

	for (;;) {
		ssize_t n = nl_recv(&l->ns, l->buf, NL_BUF_SIZE);
		const struct nlmsghdr *nlh = (const void *)l->buf;
		int r;

		if (n >= (ssize_t)sizeof(*nlh) && nlh->nlmsg_seq != l->ns.seq)
			continue;	/* a late answer to an abandoned request */
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
		src->in_dump = false;	/* a new request, even if equal to the last */
		ret = nl_send(&l->ns, req);
		if (ret)
			return ret;
		do {
			ssize_t n = recv_reply(l);

			if (n < 0) {
				snap_note(s, (int)n, req->dev,
					  "netlink receive failed: %s", strerror((int)-n));
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
	snap_note(s, -EINTR, req->dev, "dump still interrupted after %d tries", tries);
	return 0;
}

/*
 * A request, its wall time counted under its kind; *secs gets the CPU
 * time it cost this thread (the kernel's dump work runs in our recvmsg;
 * the budget is of CPU, and a loaded host or TCG stretches wall time).
 */
static int request_timed(struct source *src, struct snapshot *s, const struct nl_req *req,
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

static int request(struct source *src, struct snapshot *s, const struct nl_req *req)
{
	return request_timed(src, s, req, NULL);
}

/*
 * A resource request with DRIVER_DETAILS (6.9+ list the driver-detail
 * objects only then), unless the kernel refused it there before: then, and
 * when it refuses now, without (nl_dd_refused).  A refusal is remembered
 * per device and command once the plain request has worked, so a dump is
 * never lost to the attribute; past DD_REFUSALS pairs, none is asked.
 */
static int request_dd(struct source *src, struct snapshot *s, const struct nl_req *req,
		      double *secs)
{
	struct live *l = src->priv;
	struct nl_req r = *req;
	double first;
	size_t i;
	int ret;

	for (i = 0; i < l->n_dd_no; i++)
		if (l->dd_no[i].dev == req->dev && l->dd_no[i].cmd == req->cmd)
			return request_timed(src, s, req, secs);
	if (l->n_dd_no == DD_REFUSALS)
		return request_timed(src, s, req, secs);
	r.flags |= NL_REQ_DD;
	ret = request_timed(src, s, &r, secs);
	if (ret || !nl_dd_refused(&r, l->last_err))
		return ret;
	first = *secs;	/* the refused request costs too */
	ret = request_timed(src, s, req, secs);
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
static int dev_gone(struct source *src, struct snapshot *s, uint32_t dev, bool *asked)
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
	if ((ret = request(src, s, &req)))
		return ret;
	return !snap_dev_find(s, dev);
}


/*
 * RDMATOP_EVENTS_RCVBUF: a smaller receive buffer for the notifications,
 * so that a burst of changes overflows it (the test bed's faults scenario
 * provokes the ENOBUFS path with it).
 */
static void set_event_rcvbuf(struct live *l, struct snapshot *s)
{
	const char *v = getenv("RDMATOP_EVENTS_RCVBUF");
	int bytes, err;

	if (!v)
		return;
	err = nl_rcvbuf_parse(v, &bytes);
	if (!err)
		err = nl_set_rcvbuf(&l->mon, bytes);
	if (err)
		snap_note(s, err, SNAP_NONE, "RDMATOP_EVENTS_RCVBUF=%.40s ignored: %s", v,
			  strerror(-err));
}

/*
 * Kernel notifications since the last sample, fed like any response, so
 * they are recorded and replayed with the sample they arrived in.  The
 * group exists where SYS_GET reports monitor mode (Debian 6.12; not 6.1).
 */
static void drain_events(struct source *src, struct snapshot *s)
{
	struct live *l = src->priv;
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_MONITOR, .dev = SNAP_NONE,
			      .port = SNAP_NONE };
	int n;

	if (!l->mon_tried && (s->sys.valid & SNAP_SYS_MONITOR) && s->sys.monitor_mode) {
		l->mon_tried = true;
		/* an unprivileged socket may join it too (6.12) */
		l->mon_open = !nl_open(&l->mon, 1u << (RDMA_NL_GROUP_NOTIFY - 1));
		if (l->mon_open)
			set_event_rcvbuf(l, s);
	}
	if (!l->mon_open)
		return;
	s->flags |= SNAP_F_EVENTS;
	for (n = 0; n < 4096; n++) {
		ssize_t r = nl_recv(&l->mon, l->buf, NL_BUF_SIZE);

		if (r == -EAGAIN)
			break;
		if (r == -ENOBUFS) {
			/* events were lost; this sample is a full resync anyway
			 * (recorded as such, for a replay to say so too) */
			source_feed_file(src, s, SOURCE_EVENTS_LOST, -ENOBUFS, NULL, 0);
			continue;
		}
		if (r < 0)
			break;
		source_feed_nl(src, s, &req, l->buf, (size_t)r, NULL);
	}
}

static int live_event_fd(struct source *src)
{
	struct live *l = src->priv;

	return l->mon_open ? nl_fd(&l->mon) : -1;
}

/*
 * The counters of objects: per port its QP counter mode and optional
 * counters, per device its bound counters and MR stats.  A device or
 * kernel without them answers an error the parser takes for "none".
 */
static int stat_objects(struct source *src, struct snapshot *s, const struct snap_port *ports,
			size_t nport)
{
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_STAT_GET, .port = SNAP_NONE };
	size_t i;
	int ret;

	for (i = 0; i < nport; i++) {
		if (!snap_dev_find(s, ports[i].dev))
			continue;
		req.dev = ports[i].dev;
		req.port = ports[i].port;
		req.flags = 0;
		req.kind = NL_REQ_STAT_QP;
		req.cmd = RDMA_NLDEV_CMD_STAT_GET;
		if ((ret = request(src, s, &req)))
			return ret;
		req.kind = NL_REQ_PLAIN;
		req.cmd = RDMA_NLDEV_CMD_STAT_GET_STATUS;
		if ((ret = request(src, s, &req)))
			return ret;
	}
	req.cmd = RDMA_NLDEV_CMD_STAT_GET;
	req.flags = NLM_F_DUMP;
	req.port = SNAP_NONE;
	for (i = 0; i < s->devs.n; i++) {
		req.dev = SNAP_AT(&s->devs, struct snap_dev, i)->index;
		req.kind = NL_REQ_STAT_QP;
		if ((ret = request(src, s, &req)))
			return ret;
		req.kind = NL_REQ_STAT_MR;
		if ((ret = request(src, s, &req)))
			return ret;
	}
	return 0;
}

/*
 * The QPs on screen of a device whose QP table is not dumped in this
 * sample: a GET each (res_get_common_doit: DEV_INDEX, PORT_INDEX and
 * RES_LQPN; the QP's port is required, a QP bound to none (port 0) cannot
 * be asked for and stays carried).  *budget counts down NL_WANT_MAX.
 */
static int qp_gets(struct source *src, struct snapshot *s, uint32_t dev, size_t *left)
{
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_RES_QP_GET, .dev = dev, .kind = NL_REQ_OBJ };
	size_t i;
	int ret;

	for (i = 0; i < src->n_want && i < NL_WANT_MAX && *left; i++) {
		const struct nl_want *w = &src->want[i];

		if (w->dev != dev || !w->port || w->port == SNAP_NONE)
			continue;
		req.port = w->port;
		req.id = w->lqpn;
		(*left)--;
		if ((ret = request(src, s, &req)))
			return ret;
		if (!snap_dev_find(s, dev))
			break;
	}
	return 0;
}

/* The ports' netdevs (src/net), timed as one kind of request. */
static void live_read_net(struct source *src, struct snapshot *s)
{
	struct live *l = src->priv;
	double t0 = source_now();
	int ret = net_live_sample(&l->net, src, s);

	if (ret && ret != -ECANCELED && ret != -E2BIG)
		snap_note(s, ret, SNAP_NONE, "netdev statistics: %s", strerror(-ret));
	s->self.cost[SNAP_COST_NET] += source_now() - t0;
}

static int live_sample(struct source *src, struct snapshot *s)
{
	struct live *l = src->priv;
	struct nl_req req = { .dev = SNAP_NONE, .port = SNAP_NONE };
	struct utsname un;
	uint32_t *devs = NULL;
	struct snap_port *ports = NULL;
	bool *asked = NULL;	/* per device: dev_gone() asked already */
	size_t ndev, nport, i, t, gets = NL_WANT_MAX;
	double t0 = source_now(), mono;
	bool whole;
	int ret;

	clock_gettime(CLOCK_MONOTONIC, &s->mono);
	clock_gettime(CLOCK_REALTIME, &s->wall);
	if (!uname(&un)) {
		snprintf(s->host, sizeof(s->host), "%s", un.nodename);
		snprintf(s->kernel, sizeof(s->kernel), "%s", un.release);
	}
	/* a recording's file starts with a sample that stands alone: every
	 * table dumped, every owner read (a replay of that file alone, or a
	 * jump to its start, has nothing before it to carry from) */
	whole = src->sink && src->sink->fresh && src->sink->fresh(src->sink->ctx);
	if (whole) {
		src->skip = 0;
		l->tasks.n = 0;
	}
	if (src->sink && src->sink->begin && (ret = src->sink->begin(src->sink->ctx, s)))
		return ret;

	if (!l->open) {
		ret = nl_open(&l->ns, 0);
		if (ret) {
			s->nl_err = ret;
			s->flags |= SNAP_F_NO_NETLINK;
			snap_note(s, ret, SNAP_NONE, "cannot open NETLINK_RDMA: %s%s",
				  strerror(-ret), ret == -EPROTONOSUPPORT ?
				  " (this kernel has no RDMA support, or ib_core is not loaded)" : "");
			goto end;
		}
		l->open = true;
	}

	/* our own privileges decide which fields the kernel sends */
	live_read_file(src, s, "/proc/self/status");
	req.cmd = RDMA_NLDEV_CMD_SYS_GET;
	if ((ret = request(src, s, &req)))
		goto fail;
	drain_events(src, s);
	req.cmd = RDMA_NLDEV_CMD_GET;
	req.flags = NLM_F_DUMP;
	if ((ret = request(src, s, &req)))
		goto fail;

	ndev = s->devs.n;
	if (!ndev) {
		s->flags |= SNAP_F_NO_DEVICES;
		goto end;
	}
	devs = malloc(ndev * sizeof(*devs));
	if (!devs) {
		ret = -ENOMEM;
		goto fail;
	}
	for (i = 0; i < ndev; i++)
		devs[i] = SNAP_AT(&s->devs, struct snap_dev, i)->index;
	asked = calloc(ndev, sizeof(*asked));
	if (!asked) {
		ret = -ENOMEM;
		goto fail;
	}
	mono = ts_sec(&s->mono);
	source_pace_plan(&l->pace, s, src->budget, src->interval, mono);
	for (i = 0; i < ndev; i++) {
		const bool *due;
		struct budget_table *pace = source_pace_slot(&l->pace, devs[i], &due);
		double secs;

		if (whole)
			due = NULL;

		/*
		 * Its resource summary, paced like a table (the kernel counts
		 * each type's entries one by one under its lock,
		 * rdma_restrack_count: it grows with the QPs like a dump); where
		 * it is not read, snap_carry takes the counts of the tables
		 * dumped below from their rows, the others from the last one.
		 * A GET with DRIVER_DETAILS, as the dumps: 6.9+ counts the
		 * driver-detail objects (mlx5's DCI, DCT, REG_UMR QPs) only then,
		 * and never in the summary dump (_nldev_res_get_dumpit:
		 * fill_res_info(skb, device, false)): the counts are those of
		 * the tables.
		 */
		req.dev = devs[i];
		if (!due || due[PACE_SUMMARY]) {
			req.cmd = RDMA_NLDEV_CMD_RES_GET;
			req.flags = 0;
			if ((ret = request_dd(src, s, &req, &secs)))
				goto fail;
			if (pace)
				budget_cost(&pace[PACE_SUMMARY], secs, mono);
			source_pace_dumped(&l->pace, secs);
		}
		req.flags = NLM_F_DUMP;
		/* its ports, then its objects in the dump order; a paced
		 * table not due is left out (snap_carry keeps its rows) */
		for (t = 0; t <= SNAP_RES_N; t++) {
			enum snap_res r = t ? snap_res_dump(t - 1) : SNAP_RES_N;

			if (t && ((due && !due[r]) || ((src->skip | l->newer_no) & (1u << r))))
				continue;
			req.cmd = t ? nl_res_cmd(r) : RDMA_NLDEV_CMD_PORT_GET;
			if ((ret = t && (snap_res_info[r].flags & SNAP_RES_DD) ?
				   request_dd(src, s, &req, &secs) :
				   request_timed(src, s, &req, &secs)))
				goto fail;
			if (t && (snap_res_info[r].flags & SNAP_RES_NEWER) &&
			    (l->last_err == -EINVAL || l->last_err == -EOPNOTSUPP))
				l->newer_no |= 1u << r;	/* 6.x: no FRMR_POOLS_GET */
			if (t && pace)
				budget_cost(&pace[r], secs, mono);
			if (t)
				source_pace_dumped(&l->pace, secs);
			if ((ret = dev_gone(src, s, devs[i], &asked[i])) < 0)
				goto fail;
			if (ret)
				break;
		}
		if (((due && !due[SNAP_RES_QP]) || (src->skip & (1u << SNAP_RES_QP))) &&
		    snap_dev_find(s, devs[i]) &&
		    (ret = qp_gets(src, s, devs[i], &gets)))
			goto fail;
	}
	/*
	 * Hardware counters: a GET per port (the dump lists bound counters).
	 * The ports are copied first: a device that goes away takes its
	 * ports out of s->ports.
	 */
	nport = s->ports.n;
	ports = malloc((nport ? nport : 1) * sizeof(*ports));
	if (!ports) {
		ret = -ENOMEM;
		goto fail;
	}
	if (nport)
		memcpy(ports, s->ports.v, nport * sizeof(*ports));
	req.flags = 0;
	req.cmd = RDMA_NLDEV_CMD_STAT_GET;
	for (i = 0; i < nport; i++) {
		size_t k;

		for (k = 0; k < ndev && devs[k] != ports[i].dev; k++)
			;
		if (!snap_dev_find(s, ports[i].dev))
			continue;
		req.dev = ports[i].dev;
		req.port = ports[i].port;
		if ((ret = request(src, s, &req)))
			goto fail;
		if (k < ndev && (ret = dev_gone(src, s, devs[k], &asked[k])) < 0)
			goto fail;
	}
	if ((ret = stat_objects(src, s, ports, nport)))
		goto fail;
	for (i = 0; i < s->ports.n; i++) {
		struct snap_port p = *SNAP_AT(&s->ports, struct snap_port, i);
		const struct snap_dev *d = snap_dev_find(s, p.dev);

		if (d) {
			struct snap_dev dc;

			memcpy(dc.name, d->name, sizeof(dc.name));
			live_read_port_files(src, s, &dc, &p);
		}
	}
	live_read_vlans(src, s);
	live_read_net(src, s);
	live_read_pci(src, s);
	live_read_tasks(src, s);
	live_read_users(src, s);
	goto end;
fail:
	snap_note(s, ret, req.dev, "sampling stopped early at netlink command %u: %s",
		  req.cmd, strerror(-ret));
	/* the socket may hold stale data now: start afresh next time */
	nl_close(&l->ns);
	l->open = false;
end:
	free(devs);
	free(ports);
	free(asked);
	snap_tasks_sort(s);
	snap_dedup(s);
	/* stopped by a signal: the recorder drops the partial sample */
	if (source_cancelled(src)) {
		live_tasks_commit(l, false);
		return -ECANCELED;
	}
	s->self.hold = l->pace.hold;
	source_feed_self(src, s, t0);
	ret = src->sink && src->sink->end ? src->sink->end(src->sink->ctx, s) : 0;
	live_tasks_commit(l, !ret);
	return ret;
}

static void live_close(struct source *src)
{
	struct live *l = src->priv;

	if (!l)
		return;
	if (l->open)
		nl_close(&l->ns);
	if (l->mon_open)
		nl_close(&l->mon);
	free(l->buf);
	free(l->fbuf);
	free(l->tasks.v);
	free(l->next.v);
	free(l->users.v);
	net_live_close(l->net);
	free(l->pci);
	free(l->pci_key);
	free(l);
	src->priv = NULL;
}

static const struct source_ops live_ops = {
	.name = "live",
	.sample = live_sample,
	.close = live_close,
	.event_fd = live_event_fd,
};

int source_live_open(struct source *src, const char *sysroot)
{
	struct live *l = calloc(1, sizeof(*l));

	if (!l)
		return -ENOMEM;
	l->buf = malloc(NL_BUF_SIZE);
	l->fcap = 65536;
	l->fbuf = malloc(l->fcap);
	if (!l->buf || !l->fbuf) {
		free(l->buf);
		free(l->fbuf);
		free(l);
		return -ENOMEM;
	}
	snprintf(l->sysroot, sizeof(l->sysroot), "%s", sysroot ? sysroot : "");
	src->ops = &live_ops;
	src->priv = l;
	return 0;
}
