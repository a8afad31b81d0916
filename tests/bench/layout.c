// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * layout: the generator's messages against the kernel's, attribute by
 * attribute.  For each command rdmatop sends, the first answer message in
 * the captures of tests/data/ref (6.1 and 6.12, rxe) and in a generated
 * sample are reduced to signatures: top-level attribute types in order, and
 * per kind of table entry (a user entry with RES_PID, a kernel one with
 * RES_KERN_NAME) the entry's attribute types, order and payload sizes
 * (strings: just "a string").  They must be equal.  Also checks the
 * framing: NLM_F_MULTI on dump messages, NLMSG_DONE alone in its datagram,
 * one message per datagram, datagrams filled to the kernel's room.
 *
 *   layout DATADIR      prints "layout: N passed, N failed"
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/netlink.h>

#include "kgen.h"

static int passed, failed;

static void check(bool ok, const char *what, const char *detail)
{
	if (ok) {
		passed++;
		printf("ok %s\n", what);
	} else {
		failed++;
		printf("not ok %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
	}
}

/* ---- signatures ---- */

#define SIG_MAX 1024

struct sig {
	char top[SIG_MAX];	/* "1,2,19" */
	char user[SIG_MAX];	/* "3:4,21:4,..." of the first entry with RES_PID */
	char kern[SIG_MAX];	/* ... with RES_KERN_NAME */
	char any[SIG_MAX];	/* first entry whatever its owner */
};

static bool is_str(uint16_t t)
{
	switch (t) {
	case RDMA_NLDEV_ATTR_DEV_NAME:
	case RDMA_NLDEV_ATTR_RES_KERN_NAME:
	case RDMA_NLDEV_ATTR_NDEV_NAME:
	case RDMA_NLDEV_ATTR_DEV_PROTOCOL:
	case RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_NAME:
	case RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME:
	case RDMA_NLDEV_ATTR_FW_VERSION:
		return true;
	default:
		return false;
	}
}

static void entry_sig(const struct nlattr *e, struct sig *sg)
{
	char buf[SIG_MAX] = "";
	const struct nlattr *a;
	bool user = false, kern = false;
	size_t n = 0;

	mnl_attr_for_each_nested(a, e) {
		uint16_t t = mnl_attr_get_type(a);

		if (is_str(t))
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%u:s,", t);
		else
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%u:%u,", t,
					      mnl_attr_get_payload_len(a));
		user |= t == RDMA_NLDEV_ATTR_RES_PID;
		kern |= t == RDMA_NLDEV_ATTR_RES_KERN_NAME;
		if (n >= sizeof(buf))
			break;
	}
	if (!sg->any[0])
		snprintf(sg->any, sizeof(sg->any), "%s", buf);
	if (user && !sg->user[0])
		snprintf(sg->user, sizeof(sg->user), "%s", buf);
	if (kern && !sg->kern[0])
		snprintf(sg->kern, sizeof(sg->kern), "%s", buf);
}

static bool is_table(uint16_t t)
{
	switch (t) {
	case RDMA_NLDEV_ATTR_RES_QP:
	case RDMA_NLDEV_ATTR_RES_CQ:
	case RDMA_NLDEV_ATTR_RES_MR:
	case RDMA_NLDEV_ATTR_RES_PD:
	case RDMA_NLDEV_ATTR_RES_CTX:
	case RDMA_NLDEV_ATTR_RES_SUMMARY:
	case RDMA_NLDEV_ATTR_STAT_HWCOUNTERS:
		return true;
	default:
		return false;
	}
}

/* Add a message to sig: top-level types of the first one, entries of all. */
static void msg_sig(const struct nlmsghdr *nlh, struct sig *sg)
{
	const struct nlattr *a;
	bool first = !sg->top[0];
	size_t n = 0;

	mnl_attr_for_each(a, nlh, 0) {
		uint16_t t = mnl_attr_get_type(a);

		if (first && n < SIG_MAX)
			n += (size_t)snprintf(sg->top + n, SIG_MAX - n, "%u,", t);
		if (is_table(t)) {
			const struct nlattr *e;

			mnl_attr_for_each_nested(e, a)
				entry_sig(e, sg);
		}
	}
}

/* ---- the captures ---- */

static long unhex(const char *s, unsigned char *out, size_t max)
{
	size_t n = 0;

	while (s[0] && s[1] && n < max) {
		unsigned int b;

		if (sscanf(s, "%2x", &b) != 1)
			break;
		out[n++] = (unsigned char)b;
		s += 2;
	}
	return (long)n;
}

/*
 * The answers to the first request of `cmd` the capture sent with a
 * DEV_INDEX and no PORT_INDEX (rdmatop's per-device dumps), or any request
 * of cmd when `any`.
 */
static int capture_sig(const char *dir, const char *name, uint16_t cmd, bool any,
		       struct sig *sg)
{
	static unsigned char bin[65536];
	char path[512], *line = NULL;
	size_t cap = 0;
	bool in = false, done = false;
	FILE *f;

	memset(sg, 0, sizeof(*sg));
	snprintf(path, sizeof(path), "%s/%s.nlhex", dir, name);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	while (!done && getline(&line, &cap, f) > 0) {
		char how[8];
		int off = 0;
		long n;
		const struct nlmsghdr *nlh = (const void *)bin;
		int rem;

		if (sscanf(line, "%*s %*s %*s %7s %*d %n", how, &off) < 1 || !off)
			continue;
		n = unhex(line + off, bin, sizeof(bin));
		if (!strcmp(how, "send")) {
			bool dev = false, port = false;
			const struct nlattr *a;

			if (in)
				done = true;	/* the answer ended */
			if (n < 16 || RDMA_NL_GET_OP(nlh->nlmsg_type) != cmd)
				continue;
			mnl_attr_for_each(a, nlh, 0) {
				dev |= mnl_attr_get_type(a) == RDMA_NLDEV_ATTR_DEV_INDEX;
				port |= mnl_attr_get_type(a) == RDMA_NLDEV_ATTR_PORT_INDEX;
			}
			in = any || (dev && !port);
			continue;
		}
		if (!in)
			continue;
		rem = (int)n;
		for (; mnl_nlmsg_ok(nlh, rem); nlh = mnl_nlmsg_next(nlh, &rem))
			if (nlh->nlmsg_type >= NLMSG_MIN_TYPE)
				msg_sig(nlh, sg);
	}
	free(line);
	fclose(f);
	return sg->top[0] ? 0 : -ENOENT;
}

/* ---- a generated sample ---- */

#define MAX_DG 4096

struct dg {
	struct nl_req req;
	size_t len;
	unsigned char *buf;
};

struct cap {
	struct dg dg[MAX_DG];
	size_t n;
};

static int c_begin(void *ctx, const struct snapshot *s)
{
	(void)ctx;
	(void)s;
	return 0;
}

static int c_nl(void *ctx, const struct nl_req *req, const void *buf, size_t len)
{
	struct cap *c = ctx;
	struct dg *d;

	if (c->n == MAX_DG)
		return -E2BIG;
	d = &c->dg[c->n++];
	d->req = *req;
	d->len = len;
	d->buf = malloc(len);
	if (!d->buf)
		return -ENOMEM;
	memcpy(d->buf, buf, len);
	return 0;
}

static int c_file(void *ctx, const char *path, int err, const void *buf, size_t len)
{
	(void)ctx, (void)path, (void)err, (void)buf, (void)len;
	return 0;
}

static void gen_sig(const struct cap *c, uint16_t cmd, struct sig *sg)
{
	size_t i;

	memset(sg, 0, sizeof(*sg));
	for (i = 0; i < c->n; i++) {
		const struct nlmsghdr *nlh = (const void *)c->dg[i].buf;

		if (c->dg[i].req.cmd == cmd && nlh->nlmsg_type >= NLMSG_MIN_TYPE)
			msg_sig(nlh, sg);
	}
}

static void compare(const char *kernel, const char *what, const struct sig *cap,
		    const struct sig *gen)
{
	char name[128], detail[3 * SIG_MAX];

	snprintf(name, sizeof(name), "%s %s top-level attributes", kernel, what);
	snprintf(detail, sizeof(detail), "kernel %s, generated %s", cap->top, gen->top);
	check(!strcmp(cap->top, gen->top), name, detail);
	if (cap->user[0]) {
		snprintf(name, sizeof(name), "%s %s user entry", kernel, what);
		snprintf(detail, sizeof(detail), "kernel %s, generated %s", cap->user, gen->user);
		check(!strcmp(cap->user, gen->user), name, detail);
	}
	if (cap->kern[0]) {
		snprintf(name, sizeof(name), "%s %s kernel entry", kernel, what);
		snprintf(detail, sizeof(detail), "kernel %s, generated %s", cap->kern, gen->kern);
		check(!strcmp(cap->kern, gen->kern), name, detail);
	}
	if (!cap->user[0] && !cap->kern[0] && cap->any[0]) {
		snprintf(name, sizeof(name), "%s %s entry", kernel, what);
		snprintf(detail, sizeof(detail), "kernel %s, generated %s", cap->any, gen->any);
		check(!strcmp(cap->any, gen->any), name, detail);
	}
}

/* NLM_F_MULTI, one message per datagram, DONE alone, filled to the room */
static void check_framing(const struct cap *c)
{
	size_t i, biggest = 0, multi_bad = 0, shared = 0, done_bad = 0, qp_dgs = 0;
	char detail[128];

	for (i = 0; i < c->n; i++) {
		const struct dg *d = &c->dg[i];
		const struct nlmsghdr *nlh = (const void *)d->buf;
		bool dump = d->req.flags & NLM_F_DUMP;

		if (nlh->nlmsg_len != d->len)
			shared++;
		if (nlh->nlmsg_type == NLMSG_DONE) {
			done_bad += d->len != 20 || !(nlh->nlmsg_flags & NLM_F_MULTI);
			continue;
		}
		if (dump != !!(nlh->nlmsg_flags & NLM_F_MULTI))
			multi_bad++;
		if (d->req.cmd == RDMA_NLDEV_CMD_RES_QP_GET) {
			qp_dgs++;
			/* every QP datagram but a dump's last is full: no room
			 * for one more entry (at most 84 bytes) */
			if (i + 1 < c->n && c->dg[i + 1].buf[4] != NLMSG_DONE &&
			    d->len + 84 <= KGEN_SKB_ROOM)
				multi_bad++;
		}
		if (d->len > biggest)
			biggest = d->len;
	}
	check(!multi_bad, "dump messages carry NLM_F_MULTI, full datagrams", NULL);
	check(!shared, "one message per datagram", NULL);
	check(!done_bad, "NLMSG_DONE alone, 20 bytes, NLM_F_MULTI", NULL);
	snprintf(detail, sizeof(detail), "largest %zu, room %d, %zu QP datagrams", biggest,
		 KGEN_SKB_ROOM, qp_dgs);
	check(biggest <= KGEN_SKB_ROOM && biggest > KGEN_SKB_ROOM - 84 && qp_dgs > 1,
	      "QP datagrams up to the kernel's 32 KiB room", detail);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *file;
		uint16_t cmd;
		bool any;
		const char *what;
	} cmds[] = {
		{ "res_qp_json_d", RDMA_NLDEV_CMD_RES_QP_GET, false, "QP dump" },
		{ "res_cq_json", RDMA_NLDEV_CMD_RES_CQ_GET, false, "CQ dump" },
		{ "res_mr_json", RDMA_NLDEV_CMD_RES_MR_GET, false, "MR dump" },
		{ "res_pd_json", RDMA_NLDEV_CMD_RES_PD_GET, false, "PD dump" },
		{ "res_ctx_json", RDMA_NLDEV_CMD_RES_CTX_GET, false, "CTX dump" },
		{ "dev_show_json_d", RDMA_NLDEV_CMD_GET, true, "device" },
		{ "res_show_json_busy", RDMA_NLDEV_CMD_RES_GET, false, "resource summary" },
		{ "stat_link_json", RDMA_NLDEV_CMD_STAT_GET, true, "hw counters" },
	};
	static const char *const kernels[] = { "linux-6.1-rxe", "linux-6.12-rxe" };
	struct kgen_cfg cfg = { .qps = 2000, .devs = 2, .procs = 20, .seed = 1 };
	static struct cap c;
	struct raw_sink sink = { .ctx = &c, .begin = c_begin, .nl = c_nl,
				  .file = c_file, .end = c_begin };
	struct sig cs, gs;
	struct kgen *g;
	size_t k, i;
	char dir[512];

	if (argc != 2) {
		fprintf(stderr, "usage: layout DATADIR\n");
		return 2;
	}
	for (k = 0; k < 2; k++) {
		cfg.linux_6_1 = k == 0;
		for (i = 0; i < c.n; i++)
			free(c.dg[i].buf);
		c.n = 0;
		if (kgen_new(&g, &cfg) || kgen_sample(g, &sink)) {
			fprintf(stderr, "layout: cannot generate\n");
			return 1;
		}
		kgen_free(g);
		snprintf(dir, sizeof(dir), "%s/ref/%s", argv[1], kernels[k]);
		for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
			int err = capture_sig(dir, cmds[i].file, cmds[i].cmd, cmds[i].any, &cs);

			/* 6.1's captures of these have other names */
			if (err == -ENOENT && cmds[i].cmd == RDMA_NLDEV_CMD_RES_GET)
				err = capture_sig(dir, "res_show_json_idle", cmds[i].cmd, false, &cs);
			if (err == -ENOENT && cmds[i].cmd == RDMA_NLDEV_CMD_STAT_GET)
				err = capture_sig(dir, "stat_link_busy_json", cmds[i].cmd, true, &cs);
			if (err) {
				/* not every capture exists for both kernels */
				printf("# %s/%s: %s\n", kernels[k], cmds[i].file, strerror(-err));
				continue;
			}
			gen_sig(&c, cmds[i].cmd, &gs);
			compare(kernels[k], cmds[i].what, &cs, &gs);
		}
	}
	check_framing(&c);
	for (i = 0; i < c.n; i++)
		free(c.dg[i].buf);
	printf("layout: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
