/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared by the capture-replay tests (test_nl_ref*.c): feed a stored
 * `rdma` session to nl_parse(), and read the flat JSON objects `rdma -j`
 * printed for the same bytes.
 */
#ifndef RDMATOP_TEST_NL_REF_H
#define RDMATOP_TEST_NL_REF_H

#include <stdbool.h>

#include "nl.h"
#include "test.h"

static const char *const kernels[] __attribute__((unused)) = { "linux-6.1-rxe", "linux-6.12-rxe" };
#define NK (sizeof(kernels) / sizeof(kernels[0]))

/* ---- capture replay ---- */

struct replay {
	int reqs, recvs, errors;
	int last_err;
	struct nl_result res;
};

/* The request a "send" line carried, decoded with our own attribute walk. */
static inline void decode_req(const unsigned char *b, long n, struct nl_req *req)
{
	const struct nlmsghdr *nlh = (const void *)b;
	const struct nlattr *tb[RDMA_NLDEV_ATTR_MAX];

	req->cmd = 0;
	req->flags = 0;
	req->dev = req->port = SNAP_NONE;
	if (n < (long)sizeof(*nlh) || nl_attrs(nlh, tb))
		return;
	req->cmd = RDMA_NL_GET_OP(nlh->nlmsg_type);
	req->flags = nlh->nlmsg_flags & NLM_F_DUMP;
	if (tb[RDMA_NLDEV_ATTR_DEV_INDEX])
		req->dev = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_DEV_INDEX]);
	if (tb[RDMA_NLDEV_ATTR_PORT_INDEX])
		req->port = mnl_attr_get_u32(tb[RDMA_NLDEV_ATTR_PORT_INDEX]);
}

/*
 * Feed every received buffer in order.  rdma dumps each resource table once
 * without a port and once per port; rdmatop dumps a device once, so one of
 * the two is left out (both would only duplicate rows): the per-port ones,
 * unless `per_port` (rdma prints a QP from its port's dump, and PSNs move
 * between the two dumps under traffic).
 */
static inline void replay_file(struct snapshot *s, const char *path, struct replay *r,
			       bool per_port)
{
	static unsigned char bin[NL_BUF_SIZE * 2];
	size_t len;
	char *txt, *line, *save = NULL;
	struct nl_req req = { .dev = SNAP_NONE, .port = SNAP_NONE };
	bool skip = false;

	memset(r, 0, sizeof(*r));
	txt = test_slurp(path, &len);
	CHECK(txt != NULL);
	if (!txt)
		return;
	for (line = strtok_r(txt, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char dir[8] = "", hex_at[2];
		int off = 0;
		long n;

		if (sscanf(line, "%*s %*s %*s %7s %*d %n%1s", dir, &off, hex_at) < 1)
			continue;
		n = test_unhex(line + off, bin, sizeof(bin));
		if (!strcmp(dir, "send")) {
			decode_req(bin, n, &req);
			skip = (req.flags & NLM_F_DUMP) && req.cmd >= RDMA_NLDEV_CMD_RES_GET &&
			       (req.port != SNAP_NONE) != per_port;
			memset(&r->res, 0, sizeof(r->res));
			r->reqs++;
		} else if (!skip && n > 0) {
			int ret = nl_parse(s, &req, bin, (size_t)n, &r->res);

			r->recvs++;
			if (ret < 0) {
				r->errors++;
				r->last_err = ret;
			} else if (ret == 1) {
				continue;
			}
			memset(&r->res, 0, sizeof(r->res));
		}
	}
	free(txt);
}

static inline void replay_mode(struct snapshot *s, const char *kernel, const char *name,
			       struct replay *r, bool per_port)
{
	char path[256];

	snprintf(path, sizeof(path), "ref/%s/%s.nlhex", kernel, name);
	replay_file(s, test_data(path), r, per_port);
}

static inline void replay(struct snapshot *s, const char *kernel, const char *name,
			  struct replay *r)
{
	replay_mode(s, kernel, name, r, false);
}

/* ---- the flat JSON objects rdma -j prints ---- */

/* Copy the n-th {...} of the file (no nested objects in rdma's output). */
static inline bool json_obj(const char *txt, int n, char *buf, size_t size)
{
	const char *p = txt, *e;

	for (;;) {
		p = strchr(p, '{');
		if (!p)
			return false;
		e = strchr(p, '}');
		if (!e)
			return false;
		if (n-- == 0)
			break;
		p = e;
	}
	snprintf(buf, size, "%.*s", (int)(e - p + 1), p);
	return true;
}

static inline int json_count(const char *txt)
{
	char b[4096];
	int n = 0;

	while (json_obj(txt, n, b, sizeof(b)))
		n++;
	return n;
}

/* Value of "key": as text (strings unquoted, arrays verbatim). */
static inline bool json_get(const char *obj, const char *key, char *val, size_t size)
{
	char pat[64];
	const char *p, *e;

	snprintf(pat, sizeof(pat), "\"%s\":", key);
	p = strstr(obj, pat);
	if (!p)
		return false;
	p += strlen(pat);
	if (*p == '"') {
		e = strchr(++p, '"');
	} else if (*p == '[') {
		e = strchr(p, ']');
		e = e ? e + 1 : NULL;
	} else {
		e = p + strcspn(p, ",}");
	}
	if (!e)
		return false;
	snprintf(val, size, "%.*s", (int)(e - p), p);
	return true;
}

static inline uint64_t json_u(const char *obj, const char *key)
{
	char v[64] = "";

	CHECK(json_get(obj, key, v, sizeof(v)));
	return strtoull(v, NULL, 0);
}

static inline char *load_txt(const char *kernel, const char *name)
{
	char path[256];
	size_t len;

	snprintf(path, sizeof(path), "ref/%s/%s.txt", kernel, name);
	return test_slurp(test_data(path), &len);
}

/* Whether a key rdma printed is present exactly when its validity bit is. */
#define CHECK_OPT(obj, key, valid)                                             \
	do {                                                                   \
		char v_[8];                                                    \
		CHECK(json_get(obj, key, v_, sizeof(v_)) == !!(valid));        \
	} while (0)

static inline void guid_str(uint64_t g, char *buf, size_t size)
{
	snprintf(buf, size, "%04x:%04x:%04x:%04x", (unsigned)(g >> 48) & 0xffff,
		 (unsigned)(g >> 32) & 0xffff, (unsigned)(g >> 16) & 0xffff,
		 (unsigned)g & 0xffff);
}

/* Owner as rdma prints it: "pid" for a user's object, kernel "comm" else. */
static inline void check_owner(const struct snapshot *s, const char *obj,
			const struct snap_owner *o)
{
	char v[64];

	CHECK_OPT(obj, "pid", o->valid & SNAP_OWN_TID);
	if (o->valid & SNAP_OWN_TID)
		CHECK_EQ_U(o->tid, json_u(obj, "pid"));
	if (o->valid & SNAP_OWN_KERN) {
		CHECK(json_get(obj, "comm", v, sizeof(v)));
		CHECK_EQ_S(snap_s(s, o->kern), v);
	}
}

#endif
