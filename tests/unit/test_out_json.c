// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON output against rdma -j: a snapshot built by hand with the values of
 * the Debian 6.1 rxe captures (rdma -j -d dev/link/res show), rendered and
 * compared with rdma's own objects plus our keys.
 */
#include "hostile.h"
#include "jsonsnap.h"

static void test_json_61(void)
{
	struct snapshot s;
	char *out;

	build_61(&s);
	out = render(&s, NULL, true);
	test_golden_file("json-6.1.json", out, NULL, "build/tests/test_out_json");
	check_parses(out);
	free(out);
	snap_free(&s);
}

static void test_json_hostile(void)
{
	struct snapshot s;
	struct snap_task *t;
	char *out;

	build_61(&s);
	t = snap_task_get(&s, 389);
	t->comm = snap_str(&s, "\x1b]0;pwn\x07\"\\\xff\xc2\x9b", 64);
	t->valid &= ~SNAP_TASK_PCOMM;
	out = render(&s, NULL, true);
	CHECK(out && strstr(out, "\"comm\":\"\\u001b]0;pwn\\u0007\\\"\\\\\\ufffd\\u009b\""));
	CHECK(out && !strchr(out, 0x1b) && !strchr(out, 0x07));
	CHECK(out && strchr(out, '\n') == out + strlen(out) - 1);
	check_parses(out);
	free(out);
	snap_free(&s);
}

/* QP states a newer kernel may add: one "UNKNOWN" key, not one per state. */
static void test_json_unknown_states(void)
{
	struct snapshot s;
	struct snap_qp *q;
	char *out, *p;
	int i;

	build_61(&s);
	for (i = 0; i < 3; i++) {
		q = snap_push(&s.qps, sizeof(*q));
		q->lqpn = 100 + (uint32_t)i;
		q->type = 2;
		q->state = (uint8_t)(7 + 2 * i);	/* 7, 9, 11 */
		q->own = user(389);
		q->valid = SNAP_QP_TYPE | SNAP_QP_STATE;
	}
	out = render(&s, NULL, true);
	/* the process's and its group's */
	p = out ? strstr(out, "\"UNKNOWN\":3") : NULL;
	CHECK(p != NULL);
	p = p ? strstr(p + 1, "\"UNKNOWN\"") : NULL;
	CHECK(p && !strncmp(p, "\"UNKNOWN\":3", 11) && p > strstr(out, "\"groups\":"));
	CHECK(p && !strstr(p + 1, "\"UNKNOWN\""));
	check_parses(out);
	free(out);
	snap_free(&s);
}

static void test_json_more(void)
{
	struct snapshot s;
	struct snap_srq *q;
	struct snap_dev *d;
	struct snap_qp *p;
	char *out;

	build_61(&s);
	s.sys.valid |= SNAP_SYS_PRIV_QKEY | SNAP_SYS_MONITOR;
	s.sys.monitor_mode = 1;
	d = SNAP_AT(&s.devs, struct snap_dev, 0);
	snprintf(d->protocol, sizeof(d->protocol), "roce");
	d->valid |= SNAP_DEV_PROTOCOL;
	d->caps = (1ULL << 24) | (1ULL << 40) | (1ULL << 63);
	q = snap_push(&s.srqs, sizeof(*q));
	q->srqn = 3;
	q->lqpn = snap_str(&s, "3,5-7", 16);
	q->cqn = 1;
	q->valid = SNAP_SRQ_SRQN | SNAP_SRQ_LQPN | SNAP_SRQ_CQN;
	q->own.kern = snap_str(&s, "ib_ipoib", 16);
	q->own.valid = SNAP_OWN_KERN;
	p = SNAP_AT(&s.qps, struct snap_qp, 4);
	p->type = 0xff;
	p->subtype = snap_str(&s, "REG_UMR", 16);
	p->valid |= SNAP_QP_SUBTYPE;
	{
		struct snap_cm_id *c = SNAP_AT(&s.cm_ids, struct snap_cm_id, 0);

		c->src.family = AF_INET6;
		inet_pton(AF_INET6, "fe80::1", c->src.addr);
		c->dst.family = 1;	/* AF_UNIX: rdma cannot print it either */
	}
	/* 7.x (rdma -j res show of iproute2 7.3 with rxe): limits as NAME-max,
	 * a type without a dump of its own under the kernel's name */
	d->res_max[SNAP_RES_PD] = 1048576;
	d->res_max[SNAP_RES_SRQ] = 917503;
	d->res_max_valid = 1u << SNAP_RES_PD | 1u << SNAP_RES_SRQ;
	strcpy(d->res_other[0].name, "comp_cntr");
	d->res_other[0].curr = 2;
	/* a kernel's type named as one of the row's keys: left out */
	strcpy(d->res_other[1].name, "ifname");
	d->res_other[1].curr = 9;
	d->n_res_other = 2;
	out = render(&s, NULL, true);
	CHECK(out && strstr(out, "\"resources\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"pd\":7,"
			    "\"pd-max\":1048576,\"cq\":5,\"qp\":5,\"cm_id\":3,\"mr\":9,\"ctx\":4,"
			    "\"srq\":0,\"srq-max\":917503,\"comp_cntr\":2},{\"ifindex\":1,"));
	CHECK(out && strstr(out, "\"system\":{\"netns\":\"shared\",\"copy-on-fork\":true,"
			    "\"privileged-qkey\":false,\"monitor\":true}"));
	CHECK(out && strstr(out, "\"node_type\":\"ca\",\"protocol\":\"roce\",\"node_guid\""));
	CHECK(out && strstr(out, "\"caps\":[\"MEM_WINDOW_TYPE_2B\",\"UNKNOWN\",\"UNKNOWN\"]"));
	CHECK(out && strstr(out, "\"srqs\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"srqn\":3,"
			    "\"type\":\"BASIC\",\"lqpn\":[\"3\",\"5-7\"],\"cqn\":1,"
			    "\"comm\":\"ib_ipoib\"}]"));
	CHECK(out && strstr(out, "\"type\":\"DRIVER\",\"subtype\":\"REG_UMR\",\"state\""));
	CHECK(out && strstr(out, "\"src-addr\":\"fe80::1:7174\",\"process_pid\":390"));
	check_parses(out);
	free(out);
	snap_free(&s);
}

TEST_MAIN(test_json_61, test_json_more, test_json_hostile, test_json_unknown_states)
