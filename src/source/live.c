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
#include <stdarg.h>
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
		if ((ret = live_request(src, s, &req)))
			return ret;
		req.kind = NL_REQ_PLAIN;
		req.cmd = RDMA_NLDEV_CMD_STAT_GET_STATUS;
		if ((ret = live_request(src, s, &req)))
			return ret;
	}
	req.cmd = RDMA_NLDEV_CMD_STAT_GET;
	req.flags = NLM_F_DUMP;
	req.port = SNAP_NONE;
	for (i = 0; i < s->devs.n; i++) {
		req.dev = SNAP_AT(&s->devs, struct snap_dev, i)->index;
		req.kind = NL_REQ_STAT_QP;
		if ((ret = live_request(src, s, &req)))
			return ret;
		req.kind = NL_REQ_STAT_MR;
		if ((ret = live_request(src, s, &req)))
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
		if ((ret = live_request(src, s, &req)))
			return ret;
		if (!snap_dev_find(s, dev))
			break;
	}
	return 0;
}

void live_note(struct source *src, struct snapshot *s, int err, uint32_t dev, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	snap_note(s, err, dev, "%s", text);
	if (src->sink && src->sink->note)
		src->sink->note(src->sink->ctx, err, dev, text);
}

/*
 * The raw QP contexts of a device whose QPs were just dumped: the peer's
 * GID and LID where no CM_ID says it (mlx5; src/nl/qp_raw.c).  Each entry
 * costs the kernel a firmware command (mlx5 restrack.c dump_rsc), so a
 * device with more QPs than RAW_QPS_MAX is not asked.  Not asked again: a
 * device whose driver has no raw fill (-EINVAL, -EOPNOTSUPP: rxe), and in
 * this sample any device once the kernel refused for want of CAP_NET_ADMIN
 * (-EPERM, said once by the parser).
 */
#define RAW_QPS_MAX 256
static int raw_contexts(struct source *src, struct snapshot *s, struct nl_req *req, uint32_t dev)
{
	struct live *l = src->priv;
	size_t i, n = 0;
	int ret;

	if (s->flags & SNAP_F_NO_RAW)
		return 0;
	for (i = 0; i < l->n_dd_no; i++)
		if (l->dd_no[i].dev == dev && l->dd_no[i].cmd == RDMA_NLDEV_CMD_RES_QP_GET_RAW)
			return 0;
	for (i = 0; i < s->qps.n; i++)
		n += SNAP_AT(&s->qps, struct snap_qp, i)->dev == dev;
	if (!n || n > RAW_QPS_MAX)
		return 0;
	req->cmd = RDMA_NLDEV_CMD_RES_QP_GET_RAW;
	if ((ret = live_request(src, s, req)))
		return ret;
	if ((l->last_err == -EINVAL || l->last_err == -EOPNOTSUPP) && l->n_dd_no < DD_REFUSALS) {
		l->dd_no[l->n_dd_no].dev = dev;
		l->dd_no[l->n_dd_no++].cmd = RDMA_NLDEV_CMD_RES_QP_GET_RAW;
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
		live_note(src, s, ret, SNAP_NONE, "netdev statistics: %s", strerror(-ret));
	s->self.cost[SNAP_COST_NET] += source_now() - t0;
}

/* A sample's start: its times and host, whether it stands alone (*whole),
 * the recorder told. */
static int sample_begin(struct source *src, struct snapshot *s, bool *whole)
{
	struct live *l = src->priv;
	struct utsname un;

	clock_gettime(CLOCK_MONOTONIC, &s->mono);
	clock_gettime(CLOCK_REALTIME, &s->wall);
	if (!uname(&un)) {
		snprintf(s->host, sizeof(s->host), "%s", un.nodename);
		snprintf(s->kernel, sizeof(s->kernel), "%s", un.release);
	}
	/* a recording's file starts with a sample that stands alone: every
	 * table dumped, every owner read (a replay of that file alone, or a
	 * jump to its start, has nothing before it to carry from) */
	*whole = src->sink && src->sink->fresh && src->sink->fresh(src->sink->ctx);
	if (*whole) {
		src->skip = 0;
		l->tasks.n = 0;
	}
	if (src->sink && src->sink->begin)
		return src->sink->begin(src->sink->ctx, s);
	return 0;
}

/* The netlink socket, opened once; a failure is the sample's note. */
static int open_netlink(struct source *src, struct snapshot *s)
{
	struct live *l = src->priv;
	int ret;

	if (l->open)
		return 0;
	ret = nl_open(&l->ns, 0);
	if (ret) {
		s->nl_err = ret;
		s->flags |= SNAP_F_NO_NETLINK;
		live_note(src, s, ret, SNAP_NONE, "cannot open NETLINK_RDMA: %s%s",
			  strerror(-ret), ret == -EPROTONOSUPPORT ?
			  " (this kernel has no RDMA support, or ib_core is not loaded)" : "");
		return ret;
	}
	l->open = true;
	return 0;
}

/*
 * One device: its resource summary, ports and tables, each where due
 * (whole: all), and the QPs on screen of a QP table not dumped.  *req is
 * the request sent last, for the failure's note; 0 also when the device
 * went away meanwhile (its QPs then are not asked for: it has none).
 */
static int dump_device(struct source *src, struct snapshot *s, struct nl_req *req, uint32_t dev,
		       bool whole, bool *asked, size_t *gets, double mono)
{
	struct live *l = src->priv;
	const bool *due;
	struct budget_table *pace = source_pace_slot(&l->pace, dev, &due);
	double secs;
	size_t t;
	int ret;

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
	req->dev = dev;
	if (!due || due[PACE_SUMMARY]) {
		req->cmd = RDMA_NLDEV_CMD_RES_GET;
		req->flags = 0;
		if ((ret = live_request_dd(src, s, req, &secs)))
			return ret;
		if (pace)
			budget_cost(&pace[PACE_SUMMARY], secs, mono);
		source_pace_dumped(&l->pace, secs);
	}
	req->flags = NLM_F_DUMP;
	/* its ports, then its objects in the dump order; a paced
	 * table not due is left out (snap_carry keeps its rows) */
	for (t = 0; t <= SNAP_RES_N; t++) {
		enum snap_res r = t ? snap_res_dump(t - 1) : SNAP_RES_N;

		if (t && ((due && !due[r]) || ((src->skip | l->newer_no) & (1u << r))))
			continue;
		req->cmd = t ? nl_res_cmd(r) : RDMA_NLDEV_CMD_PORT_GET;
		if ((ret = t && (snap_res_info[r].flags & SNAP_RES_DD) ?
			   live_request_dd(src, s, req, &secs) :
			   live_request_timed(src, s, req, &secs)))
			return ret;
		if (t && (snap_res_info[r].flags & SNAP_RES_NEWER) &&
		    (l->last_err == -EINVAL || l->last_err == -EOPNOTSUPP))
			l->newer_no |= 1u << r;	/* 6.x: no FRMR_POOLS_GET */
		if (t && r == SNAP_RES_QP && (ret = raw_contexts(src, s, req, dev)))
			return ret;
		if (t && pace)
			budget_cost(&pace[r], secs, mono);
		if (t)
			source_pace_dumped(&l->pace, secs);
		if ((ret = live_dev_gone(src, s, dev, asked)) < 0)
			return ret;
		if (ret)
			break;
	}
	if (((due && !due[SNAP_RES_QP]) || (src->skip & (1u << SNAP_RES_QP))) &&
	    snap_dev_find(s, dev))
		return qp_gets(src, s, dev, gets);
	return 0;
}

/*
 * Hardware counters: a GET per port (the dump lists bound counters).
 * The ports are copied first: a device that goes away takes its
 * ports out of s->ports.  *req as in dump_device().
 */
static int port_counters(struct source *src, struct snapshot *s, struct nl_req *req,
			 const uint32_t *devs, size_t ndev, bool *asked)
{
	size_t nport = s->ports.n, i;
	struct snap_port *ports = malloc((nport ? nport : 1) * sizeof(*ports));
	int ret = 0;

	if (!ports)
		return -ENOMEM;
	if (nport)
		memcpy(ports, s->ports.v, nport * sizeof(*ports));
	req->flags = 0;
	req->cmd = RDMA_NLDEV_CMD_STAT_GET;
	for (i = 0; i < nport; i++) {
		size_t k;

		for (k = 0; k < ndev && devs[k] != ports[i].dev; k++)
			;
		if (!snap_dev_find(s, ports[i].dev))
			continue;
		req->dev = ports[i].dev;
		req->port = ports[i].port;
		if ((ret = live_request(src, s, req)))
			goto out;
		if (k < ndev && (ret = live_dev_gone(src, s, devs[k], &asked[k])) < 0)
			goto out;
	}
	ret = stat_objects(src, s, ports, nport);
out:
	free(ports);
	return ret;
}

/* The files beside netlink: the ports' sysfs, the netdevs, PCI, /proc. */
static void read_files(struct source *src, struct snapshot *s)
{
	size_t i;

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
}

/* A sample's end: the tasks sorted, the cost, the recorder told. */
static int sample_end(struct source *src, struct snapshot *s, double t0)
{
	struct live *l = src->priv;
	int ret;

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

static int live_sample(struct source *src, struct snapshot *s)
{
	struct live *l = src->priv;
	struct nl_req req = { .dev = SNAP_NONE, .port = SNAP_NONE };
	uint32_t *devs = NULL;
	bool *asked = NULL;	/* per device: live_dev_gone() asked already */
	size_t ndev, i, gets = NL_WANT_MAX;
	double t0 = source_now(), mono;
	bool whole;
	int ret;

	if ((ret = sample_begin(src, s, &whole)))
		return ret;
	if (open_netlink(src, s))
		goto end;

	/* our own privileges decide which fields the kernel sends */
	live_read_file(src, s, "/proc/self/status");
	req.cmd = RDMA_NLDEV_CMD_SYS_GET;
	if ((ret = live_request(src, s, &req)))
		goto fail;
	drain_events(src, s);
	req.cmd = RDMA_NLDEV_CMD_GET;
	req.flags = NLM_F_DUMP;
	if ((ret = live_request(src, s, &req)))
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
	for (i = 0; i < ndev; i++)
		if ((ret = dump_device(src, s, &req, devs[i], whole, &asked[i], &gets, mono)))
			goto fail;
	if ((ret = port_counters(src, s, &req, devs, ndev, asked)))
		goto fail;
	read_files(src, s);
	goto end;
fail:
	live_note(src, s, ret, req.dev, "sampling stopped early at netlink command %u: %s",
		  req.cmd, strerror(-ret));
	/* the socket may hold stale data now: start afresh next time */
	nl_close(&l->ns);
	l->open = false;
end:
	free(devs);
	free(asked);
	return sample_end(src, s, t0);
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
