// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A device that goes away in the middle of a sample (`rdma link delete`
 * while its QPs are dumped): its dump ends with -EINVAL, the GET of the
 * device itself fails too, and the device leaves the snapshot with every
 * row of it, with one note.  Also the receive-buffer size of
 * RDMATOP_EVENTS_RCVBUF.
 */
#include <errno.h>

#include "nl.h"
#include "test.h"

static unsigned char buf[NL_BUF_SIZE] __attribute__((aligned(8)));
static size_t used;

static struct nlmsghdr *add(uint16_t type, uint16_t flags)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf + used);

	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = flags;
	return nlh;
}

/* A QP dump message of device `dev` with `n` QPs numbered from `first`. */
static void add_qps(uint32_t dev, const char *name, uint32_t first, int n)
{
	struct nlmsghdr *nlh = add(RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_QP_GET),
				   NLM_F_MULTI);
	struct nlattr *tab, *e;
	int i;

	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, dev);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, name);
	tab = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	for (i = 0; i < n; i++) {
		e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, first + (uint32_t)i);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_PID, 4242);
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, tab);
	used += nlh->nlmsg_len;
}

/* NLMSG_DONE of a dump that failed in the kernel. */
static void add_done(int error)
{
	struct nlmsghdr *nlh = add(NLMSG_DONE, NLM_F_MULTI);
	int *e = mnl_nlmsg_put_extra_header(nlh, sizeof(int));

	*e = error;
	used += nlh->nlmsg_len;
}

/* NLMSG_ERROR answering a plain CMD_GET (capped: the request's header). */
static void add_get_error(int error)
{
	struct nlmsghdr *nlh = add(NLMSG_ERROR, NLM_F_CAPPED);
	struct nlmsgerr *e = mnl_nlmsg_put_extra_header(nlh, sizeof(*e));

	e->error = error;
	e->msg.nlmsg_type = RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_GET);
	e->msg.nlmsg_flags = NLM_F_REQUEST;
	e->msg.nlmsg_len = 24;
	used += nlh->nlmsg_len;
}

/* The answer to a plain CMD_GET: the device is still there. */
static void add_dev(uint32_t dev, const char *name)
{
	struct nlmsghdr *nlh = add(RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_GET), 0);

	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, dev);
	mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_DEV_NAME, name);
	used += nlh->nlmsg_len;
}

static int feed(struct snapshot *s, const struct nl_req *req)
{
	struct nl_result res = { 0 };

	return nl_parse(s, req, buf, used, &res);
}

#define PUSH(vec, type, d)                                                      \
	do {                                                                   \
		type *x_ = snap_push(vec, sizeof(type));                       \
		x_->dev = (d);                                                 \
	} while (0)

/* rxe0 (index 0) and rxe1 (index 1), a row of each kind for each, a note */
static void two_devs(struct snapshot *s)
{
	uint32_t i;

	snap_init(s);
	for (i = 0; i < 2; i++) {
		struct snap_dev *d = snap_push(&s->devs, sizeof(*d));
		struct snap_port *p;

		d->index = i;
		snprintf(d->name, sizeof(d->name), "rxe%u", i);
		p = snap_port_get(s, i, 1);
		p->valid = SNAP_PORT_STATE;
		PUSH(&s->counters, struct snap_counter, i);
		PUSH(&s->cm_ids, struct snap_cm_id, i);
		PUSH(&s->cqs, struct snap_cq, i);
		PUSH(&s->mrs, struct snap_mr, i);
		PUSH(&s->pds, struct snap_pd, i);
		PUSH(&s->ctxs, struct snap_ctx, i);
		PUSH(&s->srqs, struct snap_srq, i);
	}
	snap_note(s, 0, SNAP_NONE, "without CAP_NET_ADMIN ...");
}

static const char *note(const struct snapshot *s, size_t i)
{
	return i < s->notes.n ? snap_s(s, SNAP_AT(&s->notes, struct snap_note, i)->text) : "";
}

static bool only_dev0(const struct snap_vec *v, size_t size)
{
	/* every row kind starts with its device index */
	return v->n == 1 && *(const uint32_t *)v->v == 0 && size >= sizeof(uint32_t);
}

static void test_gone_mid_dump(void)
{
	const struct nl_req qp1 = { .cmd = RDMA_NLDEV_CMD_RES_QP_GET, .flags = NLM_F_DUMP,
				    .dev = 1, .port = SNAP_NONE };
	const struct nl_req get1 = { .cmd = RDMA_NLDEV_CMD_GET, .dev = 1, .port = SNAP_NONE };
	struct snapshot s;

	two_devs(&s);
	used = 0;
	add_qps(0, "rxe0", 1, 3);
	add_done(0);
	CHECK_EQ_U(feed(&s, &(struct nl_req){ .cmd = RDMA_NLDEV_CMD_RES_QP_GET,
					     .flags = NLM_F_DUMP, .dev = 0,
					     .port = SNAP_NONE }), 0);
	/* rxe1's dump delivers two QPs, then the device is gone */
	used = 0;
	add_qps(1, "rxe1", 1, 2);
	add_done(-EINVAL);
	CHECK_EQ_U(feed(&s, &qp1), (uint64_t)-EINVAL);
	CHECK_EQ_U(s.qps.n, 5);
	CHECK_EQ_U(s.notes.n, 2);
	CHECK_EQ_S(note(&s, 1), "rxe1: QP table unavailable: Invalid argument");
	CHECK(snap_dev_find(&s, 1)->tbl_err[SNAP_TBL_QP] == -EINVAL);

	used = 0;
	add_get_error(-EINVAL);
	CHECK_EQ_U(feed(&s, &get1), (uint64_t)-EINVAL);
	CHECK(!snap_dev_find(&s, 1));
	CHECK_EQ_U(s.devs.n, 1);
	CHECK_EQ_U(s.qps.n, 3);
	CHECK_EQ_U(SNAP_AT(&s.qps, struct snap_qp, 2)->lqpn, 3);
	CHECK(only_dev0(&s.ports, sizeof(struct snap_port)));
	CHECK(only_dev0(&s.counters, sizeof(struct snap_counter)));
	CHECK(only_dev0(&s.cm_ids, sizeof(struct snap_cm_id)));
	CHECK(only_dev0(&s.cqs, sizeof(struct snap_cq)));
	CHECK(only_dev0(&s.mrs, sizeof(struct snap_mr)));
	CHECK(only_dev0(&s.pds, sizeof(struct snap_pd)));
	CHECK(only_dev0(&s.ctxs, sizeof(struct snap_ctx)));
	CHECK(only_dev0(&s.srqs, sizeof(struct snap_srq)));
	/* the table's note is replaced by one that says what happened */
	CHECK_EQ_U(s.notes.n, 2);
	CHECK_EQ_S(note(&s, 0), "without CAP_NET_ADMIN ...");
	CHECK_EQ_S(note(&s, 1), "rxe1 went away during the dump");
	CHECK(SNAP_AT(&s.notes, struct snap_note, 1)->err == -ENODEV);
	snap_free(&s);
}

/* The device answers its GET: a table that failed for another reason. */
static void test_still_there(void)
{
	const struct nl_req get1 = { .cmd = RDMA_NLDEV_CMD_GET, .dev = 1, .port = SNAP_NONE };
	struct snapshot s;

	two_devs(&s);
	used = 0;
	add_dev(1, "rxe1");
	CHECK_EQ_U(feed(&s, &get1), 0);
	CHECK_EQ_U(s.devs.n, 2);
	CHECK_EQ_U(s.ports.n, 2);
	CHECK_EQ_U(s.notes.n, 1);
	snap_free(&s);
}

/* Other errors, and errors of other requests, remove nothing. */
static void test_other_errors(void)
{
	const struct nl_req get1 = { .cmd = RDMA_NLDEV_CMD_GET, .dev = 1, .port = SNAP_NONE };
	const struct nl_req dump = { .cmd = RDMA_NLDEV_CMD_GET, .flags = NLM_F_DUMP,
				     .dev = SNAP_NONE, .port = SNAP_NONE };
	const struct nl_req get7 = { .cmd = RDMA_NLDEV_CMD_GET, .dev = 7, .port = SNAP_NONE };
	struct snapshot s;

	two_devs(&s);
	used = 0;
	add_get_error(-EPERM);
	CHECK_EQ_U(feed(&s, &get1), (uint64_t)-EPERM);
	CHECK_EQ_U(s.devs.n, 2);
	used = 0;
	add_done(-EINVAL);
	CHECK_EQ_U(feed(&s, &dump), (uint64_t)-EINVAL);
	CHECK_EQ_U(s.devs.n, 2);
	/* a device the snapshot does not hold: nothing to remove, no note */
	used = 0;
	add_get_error(-ENODEV);
	CHECK_EQ_U(feed(&s, &get7), (uint64_t)-ENODEV);
	CHECK_EQ_U(s.devs.n, 2);
	CHECK_EQ_U(s.ports.n, 2);
	CHECK(!strstr(note(&s, s.notes.n - 1), "went away"));
	/* gone twice: the second call finds nothing */
	nl_dev_gone(&s, 1);
	nl_dev_gone(&s, 1);
	CHECK_EQ_U(s.devs.n, 1);
	CHECK_EQ_S(note(&s, s.notes.n - 1), "rxe1 went away during the dump");
	snap_free(&s);
}

static void test_rcvbuf_parse(void)
{
	int b = -1;

	CHECK_EQ_U(nl_rcvbuf_parse("4096", &b), 0);
	CHECK_EQ_U(b, 4096);
	CHECK_EQ_U(nl_rcvbuf_parse("1", &b), 0);
	CHECK_EQ_U(b, 1);
	CHECK_EQ_U(nl_rcvbuf_parse("64K", &b), 0);
	CHECK_EQ_U(b, 65536);
	CHECK_EQ_U(nl_rcvbuf_parse("8k", &b), 0);
	CHECK_EQ_U(b, 8192);
	b = 7;
	CHECK(nl_rcvbuf_parse("", &b) == -EINVAL);
	CHECK(nl_rcvbuf_parse(NULL, &b) == -EINVAL);
	CHECK(nl_rcvbuf_parse("0", &b) == -EINVAL);
	CHECK(nl_rcvbuf_parse("K", &b) == -EINVAL);
	CHECK(nl_rcvbuf_parse("-1", &b) == -EINVAL);
	CHECK(nl_rcvbuf_parse("12 ", &b) == -EINVAL);
	CHECK(nl_rcvbuf_parse("4M", &b) == -EINVAL);
	CHECK(nl_rcvbuf_parse("99999999999", &b) == -ERANGE);
	CHECK(nl_rcvbuf_parse("4194304K", &b) == -ERANGE);
	CHECK_EQ_U(b, 7);
}

TEST_MAIN(test_gone_mid_dump, test_still_there, test_other_errors, test_rcvbuf_parse)
