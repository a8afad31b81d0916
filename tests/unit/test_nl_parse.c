// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nl_parse() framing: dumps split over several reads, NLMSG_DONE and
 * NLMSG_ERROR with extended ack, interrupted dumps rolled back, and bytes
 * that are cut or corrupt — never a crash, never a read past the buffer.
 */
#include <errno.h>

#include "nl.h"
#include "test.h"
#include "../../src/nl/walk.h"

static unsigned char buf[NL_BUF_SIZE] __attribute__((aligned(8)));
static size_t used;

static struct nlmsghdr *add(uint16_t type, uint16_t flags)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf + used);

	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = flags;
	return nlh;
}

static void done(struct nlmsghdr *nlh)
{
	used += nlh->nlmsg_len;
}

/* A QP dump message of device 0 with `n` QPs numbered from `first`. */
static void add_qps(uint32_t first, int n, uint16_t flags)
{
	struct nlmsghdr *nlh = add(RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_QP_GET),
				   NLM_F_MULTI | flags);
	struct nlattr *tab, *e;
	int i;

	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 0);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, "rxe0");
	tab = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	for (i = 0; i < n; i++) {
		e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, first + (uint32_t)i);
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_RES_KERN_NAME, "ib_core");
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, tab);
	done(nlh);
}

static void add_done(int error, const char *text)
{
	struct nlmsghdr *nlh = add(NLMSG_DONE, NLM_F_MULTI | (text ? NLM_F_ACK_TLVS : 0));
	int *e = mnl_nlmsg_put_extra_header(nlh, sizeof(int));

	*e = error;
	if (text)
		mnl_attr_put_strz(nlh, NLMSGERR_ATTR_MSG, text);
	done(nlh);
}

/* NLMSG_ERROR echoing a whole request (or only its header when capped). */
static void add_error(int error, const char *text, bool capped, uint16_t cmd)
{
	unsigned char rq[64] __attribute__((aligned(4)));
	struct nlmsghdr *req = mnl_nlmsg_put_header(rq), *nlh;
	struct nlmsgerr *e;
	uint16_t flags = (capped ? NLM_F_CAPPED : 0) | (text ? NLM_F_ACK_TLVS : 0);

	req->nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, cmd);
	req->nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
	mnl_attr_put_u32(req, RDMA_NLDEV_ATTR_DEV_INDEX, 0);
	nlh = add(NLMSG_ERROR, flags);
	e = mnl_nlmsg_put_extra_header(nlh, capped ? sizeof(*e) :
				       sizeof(int) + req->nlmsg_len);
	e->error = error;
	memcpy(&e->msg, req, capped ? sizeof(*req) : req->nlmsg_len);
	if (text)
		mnl_attr_put_strz(nlh, NLMSGERR_ATTR_MSG, text);
	done(nlh);
}

static const struct nl_req qp_req = {
	.cmd = RDMA_NLDEV_CMD_RES_QP_GET, .flags = NLM_F_DUMP, .dev = 0, .port = SNAP_NONE,
};

/* a snapshot that already knows device 0 (the device list comes first) */
static void init_with_dev(struct snapshot *s)
{
	struct snap_dev *d;

	snap_init(s);
	d = snap_push(&s->devs, sizeof(*d));
	d->index = 0;
	strcpy(d->name, "rxe0");
}

static void test_split_dump(void)
{
	struct snapshot s;
	struct nl_result res = { 0 };
	size_t first;

	init_with_dev(&s);
	used = 0;
	add_qps(1, 2, 0);
	add_qps(3, 2, 0);
	first = used;
	add_qps(5, 1, 0);
	add_done(0, NULL);
	CHECK_EQ_U(nl_parse(&s, &qp_req, buf, first, &res), 1);
	CHECK(!res.done);
	CHECK_EQ_U(s.qps.n, 4);
	CHECK_EQ_U(nl_parse(&s, &qp_req, buf + first, used - first, &res), 0);
	CHECK(res.done);
	CHECK_EQ_U(res.err, 0);
	CHECK_EQ_U(s.qps.n, 5);
	CHECK_EQ_U(SNAP_AT(&s.qps, struct snap_qp, 4)->lqpn, 5);
	CHECK_EQ_U(s.notes.n, 0);
	snap_free(&s);
}

/* Recordings hand over bytes at any offset: same result as aligned ones. */
static void test_unaligned(void)
{
	static unsigned char odd[NL_BUF_SIZE + 1] __attribute__((aligned(8)));
	struct snapshot s;
	struct nl_result res = { 0 };

	init_with_dev(&s);
	used = 0;
	add_qps(1, 3, 0);
	add_done(0, NULL);
	memcpy(odd + 1, buf, used);
	CHECK_EQ_U(nl_parse(&s, &qp_req, odd + 1, used, &res), 0);
	CHECK_EQ_U(s.qps.n, 3);
	CHECK_EQ_U(SNAP_AT(&s.qps, struct snap_qp, 2)->lqpn, 3);
	snap_free(&s);
}

static void test_dump_intr(void)
{
	struct snapshot s;
	struct nl_result res = { 0 };
	struct snap_mark before;
	size_t first;

	init_with_dev(&s);
	snap_mark(&s, &before);
	used = 0;
	add_qps(1, 3, 0);
	first = used;
	add_qps(4, 2, NLM_F_DUMP_INTR);
	add_done(0, NULL);
	/* res kept across the calls: the whole dump goes */
	CHECK_EQ_U(nl_parse(&s, &qp_req, buf, first, &res), 1);
	CHECK_EQ_U(s.qps.n, 3);
	CHECK_EQ_U(nl_parse(&s, &qp_req, buf + first, used - first, &res), -EINTR);
	CHECK_EQ_U(res.err, -EINTR);
	CHECK_EQ_U(s.qps.n, 0);
	CHECK_EQ_U(s.strs.len, before.strs);
	CHECK_EQ_U(s.devs.n, 1);
	CHECK_EQ_U(s.notes.n, 0);	/* the caller retries; nothing to say yet */
	/* a fresh res for every buffer: what this call added goes */
	CHECK_EQ_U(nl_parse(&s, &qp_req, buf, first, &res), 1);
	memset(&res, 0, sizeof(res));
	CHECK_EQ_U(nl_parse(&s, &qp_req, buf + first, used - first, &res), -EINTR);
	CHECK_EQ_U(s.qps.n, 3);
	snap_free(&s);
}

static void test_error_ext_ack(void)
{
	struct nl_req srq_req = qp_req;
	struct snapshot s;
	struct nl_result res = { 0 };
	const struct snap_dev *d;
	const char *note;

	/* the QP table works... */
	init_with_dev(&s);
	used = 0;
	add_qps(1, 1, 0);
	add_done(0, NULL);
	CHECK_EQ_U(nl_parse(&s, &qp_req, buf, used, &res), 0);
	/* ...the SRQ table is refused, with the kernel's reason */
	srq_req.cmd = RDMA_NLDEV_CMD_RES_SRQ_GET;
	used = 0;
	add_error(-EOPNOTSUPP, "SRQ dump not supported", false, srq_req.cmd);
	memset(&res, 0, sizeof(res));
	CHECK_EQ_U(nl_parse(&s, &srq_req, buf, used, &res), -EOPNOTSUPP);
	CHECK(res.done);
	CHECK_EQ_U(res.err, -EOPNOTSUPP);
	CHECK_EQ_S(res.msg, "SRQ dump not supported");
	d = snap_dev_find(&s, 0);
	CHECK_EQ_U(d->tbl_err[SNAP_TBL_SRQ], -EOPNOTSUPP);
	CHECK_EQ_U(d->tbl_err[SNAP_TBL_QP], 0);
	CHECK_EQ_U(s.qps.n, 1);
	CHECK_EQ_U(s.notes.n, 1);
	note = snap_s(&s, SNAP_AT(&s.notes, struct snap_note, 0)->text);
	CHECK(strstr(note, "rxe0") != NULL);
	CHECK(strstr(note, "SRQ") != NULL);
	CHECK(strstr(note, "SRQ dump not supported") != NULL);
	CHECK_EQ_U(SNAP_AT(&s.notes, struct snap_note, 0)->err, -EOPNOTSUPP);

	/* capped echo: only the request's header precedes the TLVs */
	used = 0;
	add_error(-EINVAL, "Invalid port index", true, RDMA_NLDEV_CMD_STAT_GET);
	srq_req.cmd = RDMA_NLDEV_CMD_STAT_GET;
	srq_req.flags = 0;
	memset(&res, 0, sizeof(res));
	CHECK_EQ_U(nl_parse(&s, &srq_req, buf, used, &res), -EINVAL);
	CHECK_EQ_S(res.msg, "Invalid port index");
	CHECK_EQ_U(d->tbl_err[SNAP_TBL_STAT], -EINVAL);
	CHECK_EQ_U(s.notes.n, 2);

	/* a dump that fails in the kernel says so in NLMSG_DONE */
	used = 0;
	add_done(-EPERM, "Requires CAP_NET_ADMIN");
	srq_req.cmd = RDMA_NLDEV_CMD_RES_MR_GET;
	srq_req.flags = NLM_F_DUMP;
	memset(&res, 0, sizeof(res));
	CHECK_EQ_U(nl_parse(&s, &srq_req, buf, used, &res), -EPERM);
	CHECK_EQ_S(res.msg, "Requires CAP_NET_ADMIN");
	CHECK_EQ_U(d->tbl_err[SNAP_TBL_MR], -EPERM);

	/* without ext-ack there is no text, still one note */
	used = 0;
	add_error(-ENOENT, NULL, false, RDMA_NLDEV_CMD_PORT_GET);
	srq_req.cmd = RDMA_NLDEV_CMD_PORT_GET;
	memset(&res, 0, sizeof(res));
	CHECK_EQ_U(nl_parse(&s, &srq_req, buf, used, &res), -ENOENT);
	CHECK_EQ_S(res.msg, "");
	CHECK_EQ_U(d->tbl_err[SNAP_TBL_PORT], -ENOENT);
	CHECK_EQ_U(s.notes.n, 4);
	snap_free(&s);
}

static void test_ack_and_foreign(void)
{
	struct nl_req sys = { .cmd = RDMA_NLDEV_CMD_SYS_GET, .dev = SNAP_NONE, .port = SNAP_NONE };
	struct snapshot s;
	struct nl_result res = { 0 };
	struct nlmsghdr *nlh;

	snap_init(&s);
	used = 0;
	/* another RDMA netlink client's message is not ours to read */
	nlh = add(RDMA_NL_GET_TYPE(RDMA_NL_LS, 1), 0);
	mnl_attr_put_u32(nlh, 1, 5);
	done(nlh);
	add_error(0, NULL, true, RDMA_NLDEV_CMD_SYS_GET);
	CHECK_EQ_U(nl_parse(&s, &sys, buf, used, &res), 0);
	CHECK(res.done);
	CHECK_EQ_U(s.notes.n, 0);
	CHECK_EQ_U(s.sys.valid, 0);
	snap_free(&s);
}

/* Bad bytes: each must be -EBADMSG, roll the dump back and say so once. */
static void expect_bad(const char *what, size_t len)
{
	struct snapshot s;
	struct nl_result res = { 0 };
	int ret;

	init_with_dev(&s);
	ret = nl_parse(&s, &qp_req, buf, len, &res);
	if (ret != -EBADMSG)
		fprintf(stderr, "%s: %d\n", what, ret);
	CHECK_EQ_U(ret, -EBADMSG);
	CHECK_EQ_U(s.qps.n, 0);
	CHECK_EQ_U(s.notes.n, 1);
	CHECK_EQ_U(snap_dev_find(&s, 0)->tbl_err[SNAP_TBL_QP], -EBADMSG);
	snap_free(&s);
}

static void test_malformed(void)
{
	struct nlmsghdr *nlh;
	struct nlattr *a;
	size_t one;

	/* a message cut in the middle, after a good one */
	used = 0;
	add_qps(1, 2, 0);
	one = used;
	add_qps(3, 2, 0);
	expect_bad("cut message", one + (used - one) / 2);
	expect_bad("cut header", one + 7);

	/* an attribute longer than its message */
	used = 0;
	add_qps(1, 1, 0);
	nlh = (struct nlmsghdr *)buf;
	a = mnl_attr_next((struct nlattr *)mnl_nlmsg_get_payload(nlh));	/* DEV_NAME */
	a->nla_len = 200;
	expect_bad("attribute past the end", used);

	/* a known attribute of the wrong size: DEV_INDEX as a u16 */
	used = 0;
	nlh = add(RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_QP_GET), NLM_F_MULTI);
	mnl_attr_put_u16(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 0);
	done(nlh);
	expect_bad("u32 sent as u16", used);

	/* a string without its NUL */
	used = 0;
	nlh = add(RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_QP_GET), NLM_F_MULTI);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 0);
	mnl_attr_put(nlh, RDMA_NLDEV_ATTR_DEV_NAME, 4, "rxe0");
	done(nlh);
	expect_bad("unterminated string", used);

	/* an entry whose inner attribute overruns the entry */
	used = 0;
	add_qps(1, 1, 0);
	nlh = (struct nlmsghdr *)buf;
	a = (struct nlattr *)((char *)mnl_nlmsg_get_payload(nlh) + 8 + 12);	/* RES_QP */
	a = (struct nlattr *)mnl_attr_get_payload(a);				/* QP_ENTRY */
	a = (struct nlattr *)mnl_attr_get_payload(a);				/* LQPN */
	a->nla_len = 40;
	expect_bad("nested overrun", used);

	/* a QP entry without its number */
	used = 0;
	nlh = add(RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_QP_GET), NLM_F_MULTI);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, 0);
	a = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	mnl_attr_nest_end(nlh, mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY));
	mnl_attr_nest_end(nlh, a);
	done(nlh);
	expect_bad("entry without lqpn", used);
}

/* Every prefix and many corruptions of a real QP dump buffer (6.12). */
static void test_fuzz_capture(void)
{
	static unsigned char real[NL_BUF_SIZE] __attribute__((aligned(8)));
	static unsigned char work[NL_BUF_SIZE] __attribute__((aligned(8)));
	size_t len = 0, n, i;
	char *txt = test_slurp(test_data("ref/linux-6.12-rxe/res_qp_json_d.nlhex"), &n);
	char *line;
	unsigned int seed = 1;

	CHECK(txt != NULL);
	for (line = txt; txt && line && *line; line = strchr(line, '\n')) {
		char dir[8];
		int off = 0;
		long got;

		line += *line == '\n';
		if (sscanf(line, "%*s %*s %*s %7s %*d %n", dir, &off) < 1 || strcmp(dir, "recv"))
			continue;
		got = test_unhex(line + off, work, sizeof(work));
		if (got > (long)len) {
			len = (size_t)got;
			memcpy(real, work, len);
		}
	}
	free(txt);
	CHECK(len > 300);
	for (n = 0; n <= len; n++) {
		struct snapshot s;
		struct nl_result res = { 0 };
		int ret;

		init_with_dev(&s);
		memcpy(work, real, n);
		ret = nl_parse(&s, &qp_req, work, n, &res);
		CHECK(ret == 1 || ret == -EBADMSG || (n == len && ret == 1));
		snap_free(&s);
	}
	for (i = 0; i < 20000; i++) {
		struct snapshot s;
		struct nl_result res = { 0 };

		init_with_dev(&s);
		memcpy(work, real, len);
		seed = seed * 1103515245 + 12345;
		work[(seed >> 8) % len] ^= (unsigned char)(1u << ((seed >> 4) & 7));
		if (i & 1) {
			seed = seed * 1103515245 + 12345;
			work[(seed >> 8) % len] = (unsigned char)(seed >> 20);
		}
		(void)nl_parse(&s, &qp_req, work, len, &res);
		snap_free(&s);
	}
}

/*
 * Every attribute of the vendored uapi header has a kind in the one policy
 * (the enum is dense from 1 to RDMA_NLDEV_ATTR_MAX - 1): a type without
 * one is skipped, and its object's parser reads zero rows and no error.
 */
static void test_policy_covers_header(void)
{
	unsigned int a, missing = 0;

	for (a = 1; a < RDMA_NLDEV_ATTR_MAX; a++)
		if (nl_policy[a] == K_SKIP) {
			fprintf(stderr, "attribute %u has no kind in src/nl/attr.c\n", a);
			missing++;
		}
	CHECK_EQ_U(missing, 0);
	CHECK_EQ_U(nl_policy[RDMA_NLDEV_ATTR_FRMR_POOL_ENTRY], K_NEST);
	CHECK_EQ_U(nl_policy[RDMA_NLDEV_ATTR_FRMR_POOL_KEY_VENDOR_KEY], K_U64);
}

TEST_MAIN(test_policy_covers_header, test_split_dump, test_unaligned, test_dump_intr, test_error_ext_ack, test_ack_and_foreign,
	  test_malformed, test_fuzz_capture)
