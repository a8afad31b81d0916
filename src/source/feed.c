// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The one path every raw input takes: to the sink (recorder) unchanged,
 * then to the parsers.  Live and replay sources both come through here, so
 * a recording is parsed exactly as the live bytes were.
 */
#include <errno.h>
#include <string.h>

#include "nl.h"
#include "source.h"
#include "sysfs.h"

int source_feed_nl(struct source *src, struct snapshot *s, const struct nl_req *req,
		   const void *buf, size_t len, struct nl_result *res)
{
	int ret;

	if (source_cancelled(src))
		return -ECANCELED;
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
	if (res)
		*res = src->dump_res;
	return ret;
}

int source_feed_file(struct source *src, struct snapshot *s, const char *path,
		     int err, const void *buf, size_t len)
{
	int ret;

	if (source_cancelled(src))
		return -ECANCELED;
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
	ret = sysfs_parse(s, path, err, buf, len);
	if (ret == -EBADMSG)
		snap_note(s, ret, SNAP_NONE, "unexpected contents in %s", path);
	return ret == -ENOMEM ? ret : 0;
}
