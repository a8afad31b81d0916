// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The one path every raw input takes: to the sink (recorder) unchanged,
 * then to the parsers.  Live and replay sources both come through here, so
 * a recording is parsed exactly as the live bytes were.
 */
#include <errno.h>
#include <string.h>

#include "net.h"
#include "nl.h"
#include "source.h"
#include "sysfs.h"

/*
 * Count one input against the sample's bound (source.h); true when it is
 * past it: the input is dropped, and the first one past says so.  The
 * rows are counted (snap_bytes, all the snapshot's vectors) every 16th
 * input and after 16 KiB: once an input they were a twentieth of a
 * sample at 64 ports, and past the bound by at most what 16 inputs add.
 */
static bool over(struct snapshot *s, size_t len)
{
	if (s->fed.over)
		return true;
	s->fed.bytes += len + 24;
	s->fed.unchecked += len + 24;
	s->fed.records++;
	if (s->fed.bytes > SOURCE_SAMPLE_BYTES)
		goto past;
	if ((s->fed.records & 15) != 1 && s->fed.unchecked < 16384)
		return false;
	s->fed.unchecked = 0;
	if (snap_bytes(s) <= SOURCE_SAMPLE_ROWS)
		return false;
past:
	s->fed.over = true;
	snap_note(s, -E2BIG, SNAP_NONE,
		  "sample too large: more than %u MiB of %s after %llu inputs; the rest of "
		  "the sample left out", (s->fed.bytes > SOURCE_SAMPLE_BYTES ?
					  SOURCE_SAMPLE_BYTES : SOURCE_SAMPLE_ROWS) >> 20,
		  s->fed.bytes > SOURCE_SAMPLE_BYTES ? "input" : "rows",
		  (unsigned long long)s->fed.records - 1);
	return true;
}

int source_feed_nl(struct source *src, struct snapshot *s, const struct nl_req *req,
		   const void *buf, size_t len, struct nl_result *res)
{
	int ret;

	if (source_cancelled(src))
		return -ECANCELED;
	if (len > NL_BUF_SIZE) {
		/* longer than any datagram the live source reads: not one */
		snap_note(s, -EMSGSIZE, req->dev, "a netlink answer of %zu bytes left out", len);
		ret = -EMSGSIZE;
		goto dropped;
	}
	if (over(s, len)) {
		ret = -E2BIG;
		goto dropped;
	}
	if (src->sink && src->sink->nl) {
		int err = src->sink->nl(src->sink->ctx, req, buf, len);

		if (err)
			return err;
	}
	if (!src->in_dump || memcmp(req, &src->dump_req, sizeof(*req))) {
		memset(&src->dump_res, 0, sizeof(src->dump_res));
		src->dump_req = *req;
	}
	ret = nl_parse(s, req, buf, len, &src->dump_res);
	src->in_dump = ret == 1;
	if (!ret && !src->dump_res.err && req->cmd == RDMA_NLDEV_CMD_RES_GET &&
	    !(req->flags & NLM_F_DUMP) && req->dev != SNAP_NONE) {
		/* the device's summary is this sample's (snap_carry) */
		struct snap_dev *d = snap_dev_find(s, req->dev);

		if (d) {
			d->sum_asked = true;
			d->sum_when = s->mono;
		}
	}
	if (res)
		*res = src->dump_res;
	return ret;
dropped:
	/* the dump ends here for the parser: its datagrams left are late
	 * answers to the live source, and skipped */
	src->in_dump = false;
	if (res)
		*res = (struct nl_result){ 0 };
	return ret;
}

int source_feed_file(struct source *src, struct snapshot *s, const char *path,
		     int err, const void *buf, size_t len)
{
	int ret;

	if (source_cancelled(src))
		return -ECANCELED;
	if (over(s, len + strlen(path)))
		return -E2BIG;
	if (src->sink && src->sink->file) {
		ret = src->sink->file(src->sink->ctx, path, err, buf, len);
		if (ret)
			return ret;
	}
	if (!strcmp(path, SOURCE_EVENTS_LOST)) {
		if (!(s->flags & SNAP_F_EVENTS_LOST))
			snap_note(s, 0, SNAP_NONE, "event queue overflowed: state re-read in full");
		s->flags |= SNAP_F_EVENTS_LOST;
		return 0;
	}
	if (!strcmp(path, SOURCE_SELF)) {
		if (!err && snap_self_parse(s, buf, buf ? len : 0))
			snap_note(s, -EBADMSG, SNAP_NONE, "unexpected contents in %s", path);
		return 0;
	}
	if (!strcmp(path, SOURCE_TASKS_KEPT)) {
		ret = err ? 0 : snap_tasks_kept_parse(s, buf, buf ? len : 0);
		if (ret == -EBADMSG)
			snap_note(s, ret, SNAP_NONE, "unexpected contents in %s", path);
		return ret == -ENOMEM ? ret : 0;
	}
	if (!strcmp(path, SNAP_USERS)) {
		ret = err ? 0 : snap_users_parse(s, buf, buf ? len : 0);
		if (ret == -EBADMSG)
			snap_note(s, ret, SNAP_NONE, "unexpected contents in %s", path);
		return ret == -ENOMEM ? ret : 0;
	}
	ret = sysfs_parse(s, path, err, buf, len);
	if (ret == -EBADMSG)
		snap_note(s, ret, SNAP_NONE, "unexpected contents in %s", path);
	return ret == -ENOMEM ? ret : 0;
}

int source_feed_net(struct source *src, struct snapshot *s, unsigned int what, const char *ndev,
		    int err, const void *buf, size_t len)
{
	int ret;

	if (source_cancelled(src))
		return -ECANCELED;
	if (s->fed.over)
		return -E2BIG;
	s->fed.bytes += len + 32;
	s->fed.records++;
	if (src->sink && src->sink->net &&
	    (ret = src->sink->net(src->sink->ctx, what, ndev, err, buf, len)))
		return ret;
	return net_parse(s, what, ndev, err, buf, len);
}
