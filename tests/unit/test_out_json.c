// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON output against rdma -j: a snapshot built by hand with the values of
 * the Debian 6.1 rxe captures (rdma -j -d dev/link/res show), rendered and
 * compared with rdma's own objects plus our keys.
 */
#include "hostile.h"
#include "jsonsnap.h"

static const char expect_61[] =
	"{\"time\":\"2026-11-30T05:00:00.250Z\",\"interval\":1,\"host\":\"vm\","
	"\"kernel\":\"6.1.0-57-amd64\",\"system\":{\"netns\":\"shared\",\"copy-on-fork\":true},"
	/* rdma -j dev show -d */
	"\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"node_type\":\"ca\","
	"\"node_guid\":\"0000:00ff:fe00:0001\",\"sys_image_guid\":\"0000:00ff:fe00:0001\","
	"\"adaptive-moderation\":false,\"caps\":[\"BAD_PKEY_CNTR\",\"BAD_QKEY_CNTR\","
	"\"AUTO_PATH_MIG\",\"CHANGE_PHY_PORT\",\"UD_AV_PORT_ENFORCE_PORT_ENFORCE\","
	"\"PORT_ACTIVE_EVENT\",\"SYS_IMAGE_GUID\",\"RC_RNR_NAK_GEN\",\"SRQ_RESIZE\","
	"\"MEM_WINDOW\",\"MEM_MGT_EXTENSIONS\",\"MEM_WINDOW_TYPE_2B\"]},"
	"{\"ifindex\":1,\"ifname\":\"rxe1\",\"node_type\":\"ca\","
	"\"node_guid\":\"c850:7dff:fe5c:6c80\",\"sys_image_guid\":\"c850:7dff:fe5c:6c80\","
	"\"adaptive-moderation\":false,\"caps\":[\"BAD_PKEY_CNTR\",\"BAD_QKEY_CNTR\","
	"\"AUTO_PATH_MIG\",\"CHANGE_PHY_PORT\",\"UD_AV_PORT_ENFORCE_PORT_ENFORCE\","
	"\"PORT_ACTIVE_EVENT\",\"SYS_IMAGE_GUID\",\"RC_RNR_NAK_GEN\",\"SRQ_RESIZE\","
	"\"MEM_WINDOW\",\"MEM_MGT_EXTENSIONS\",\"MEM_WINDOW_TYPE_2B\"]}],"
	/* rdma -j link show -d, plus the port's byte rate */
	"\"links\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"state\":\"ACTIVE\","
	"\"physical_state\":\"LINK_UP\",\"netdev\":\"dummy0\",\"netdev_index\":2,"
	"\"rx_bytes_per_sec\":1048576,\"tx_packets_per_sec\":1500.5,"
	"\"throughput_source\":\"netdev\",\"packets_source\":\"hw\","
	"\"throughput_counter\":\"rx_bytes\",\"packets_counter\":\"sent_pkts\","
	"\"health\":\"OK\",\"reasons\":[],\"link_downed\":0,"
	"\"flaps\":0,\"flaps_counter\":\"link_downed\"},"
	"{\"ifindex\":1,\"ifname\":\"rxe1\",\"port\":1,\"state\":\"ACTIVE\","
	"\"physical_state\":\"LINK_UP\",\"netdev\":\"veth0\",\"netdev_index\":4,"
	"\"health\":\"n/a\",\"reasons\":[]}],"
	/* rdma -j res show */
	"\"resources\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"pd\":7,\"cq\":5,\"qp\":5,"
	"\"cm_id\":3,\"mr\":9,\"ctx\":4,\"srq\":0},{\"ifindex\":1,\"ifname\":\"rxe1\","
	"\"pd\":1,\"cq\":1,\"qp\":1,\"cm_id\":0,\"mr\":0,\"ctx\":0,\"srq\":0}],"
	/* every table dumped in this sample: no age */
	"\"tables\":{\"qps\":{\"age\":0,\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"age\":0},{\"ifindex\":1,\"ifname\":\"rxe1\",\"age\":0}]},"
	"\"cm_ids\":{\"age\":0,\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"age\":0},{\"ifindex\":1,\"ifname\":\"rxe1\",\"age\":0}]},"
	"\"cqs\":{\"age\":0,\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"age\":0},{\"ifindex\":1,\"ifname\":\"rxe1\",\"age\":0}]},"
	"\"mrs\":{\"age\":0,\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"age\":0},{\"ifindex\":1,\"ifname\":\"rxe1\",\"age\":0}]},"
	"\"pds\":{\"age\":0,\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"age\":0},{\"ifindex\":1,\"ifname\":\"rxe1\",\"age\":0}]},"
	"\"ctxs\":{\"age\":0,\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"age\":0},{\"ifindex\":1,\"ifname\":\"rxe1\",\"age\":0}]},"
	"\"srqs\":{\"age\":0,\"devices\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"age\":0},{\"ifindex\":1,\"ifname\":\"rxe1\",\"age\":0}]}},"
	/* rdma -j -d res show qp */
	"\"qps\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"lqpn\":17,\"rqpn\":18,"
	"\"type\":\"RC\",\"state\":\"RTS\",\"rq-psn\":9026229,\"sq-psn\":11660903,"
	"\"path-mig-state\":\"MIGRATED\",\"pdn\":1,\"pid\":387,\"comm\":\"ibv_rc_pingpong\","
	"\"process_pid\":387,\"process_comm\":\"ibv_rc_pingpong\",\"sq_psn_per_sec\":2000,"
	"\"rq_psn_per_sec\":2000.5},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"lqpn\":18,\"rqpn\":17,\"type\":\"RC\","
	"\"state\":\"RTS\",\"rq-psn\":11660903,\"sq-psn\":9026229,\"path-mig-state\":\"MIGRATED\","
	"\"pdn\":3,\"pid\":389,\"comm\":\"ibv_rc_pingpong\",\"process_pid\":389,"
	"\"process_comm\":\"ibv_rc_pingpong\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"lqpn\":19,\"rqpn\":20,\"type\":\"RC\","
	"\"state\":\"RTS\",\"rq-psn\":607527,\"sq-psn\":13334292,\"path-mig-state\":\"MIGRATED\","
	"\"pdn\":5,\"pid\":393,\"comm\":\"rping\",\"process_pid\":393,\"process_comm\":\"rping\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"lqpn\":20,\"rqpn\":19,\"type\":\"RC\","
	"\"state\":\"RTS\",\"rq-psn\":13334292,\"sq-psn\":607527,\"path-mig-state\":\"MIGRATED\","
	"\"pdn\":6,\"pid\":390,\"comm\":\"rping\",\"process_pid\":390,\"process_comm\":\"rping\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"lqpn\":1,\"type\":\"GSI\",\"state\":\"RTS\","
	"\"sq-psn\":3,\"comm\":\"ib_core\"},"
	"{\"ifindex\":1,\"ifname\":\"rxe1\",\"port\":1,\"lqpn\":1,\"type\":\"GSI\",\"state\":\"RTS\","
	"\"sq-psn\":0,\"comm\":\"ib_core\"}],"
	/* rdma -j res show cm_id */
	"\"cm_ids\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"cm-idn\":0,\"state\":\"LISTEN\","
	"\"ps\":\"TCP\",\"pid\":390,\"comm\":\"rping\",\"src-addr\":\"10.0.0.1:7174\","
	"\"dst-addr\":\"0.0.0.0:0\",\"process_pid\":390,\"process_comm\":\"rping\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"cm-idn\":1,\"lqpn\":19,\"qp-type\":\"RC\","
	"\"state\":\"CONNECT\",\"ps\":\"TCP\",\"pid\":393,\"comm\":\"rping\","
	"\"src-addr\":\"10.0.0.1:36434\",\"dst-addr\":\"10.0.0.1:7174\",\"process_pid\":393,"
	"\"process_comm\":\"rping\"}],"
	/* rdma -j res show cq */
	"\"cqs\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"cqn\":0,\"cqe\":1023,\"users\":2,"
	"\"poll-ctx\":\"WORKQUEUE\",\"adaptive-moderation\":false,\"comm\":\"ib_core\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"cqn\":1,\"cqe\":511,\"users\":2,"
	"\"adaptive-moderation\":false,\"ctxn\":1,\"pid\":387,\"comm\":\"ibv_rc_pingpong\","
	"\"process_pid\":387,\"process_comm\":\"ibv_rc_pingpong\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"cqn\":4,\"cqe\":63,\"users\":2,"
	"\"adaptive-moderation\":false,\"ctxn\":2,\"pid\":390,\"comm\":\"rping\","
	"\"process_pid\":390,\"process_comm\":\"rping\"},"
	"{\"ifindex\":1,\"ifname\":\"rxe1\",\"cqn\":0,\"cqe\":1023,\"users\":2,"
	"\"poll-ctx\":\"WORKQUEUE\",\"adaptive-moderation\":false,\"comm\":\"ib_core\"}],"
	/* rdma -j res show mr */
	"\"mrs\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"mrn\":0,\"rkey\":\"0\",\"lkey\":\"2a5\","
	"\"mrlen\":4096,\"pdn\":1,\"pid\":387,\"comm\":\"ibv_rc_pingpong\",\"process_pid\":387,"
	"\"process_comm\":\"ibv_rc_pingpong\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"mrn\":4,\"rkey\":\"696\",\"lkey\":\"696\","
	"\"mrlen\":1024,\"pdn\":5,\"pid\":393,\"comm\":\"rping\",\"process_pid\":393,"
	"\"process_comm\":\"rping\"}],"
	/* rdma -j res show pd */
	"\"pds\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"pdn\":0,\"local_dma_lkey\":\"1b7\","
	"\"users\":1,\"comm\":\"ib_core\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"pdn\":4,\"local_dma_lkey\":\"0\",\"users\":0,"
	"\"ctxn\":4,\"pid\":395,\"comm\":\"rping\",\"process_pid\":393,\"process_comm\":\"rping\"},"
	"{\"ifindex\":1,\"ifname\":\"rxe1\",\"pdn\":0,\"local_dma_lkey\":\"101\",\"users\":1,"
	"\"comm\":\"ib_core\"}],"
	/* rdma -j res show ctx */
	"\"ctxs\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"ctxn\":1,\"pid\":387,"
	"\"comm\":\"ibv_rc_pingpong\",\"process_pid\":387,\"process_comm\":\"ibv_rc_pingpong\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"ctxn\":4,\"pid\":395,\"comm\":\"rping\","
	"\"process_pid\":393,\"process_comm\":\"rping\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"ctxn\":9,\"pid\":4242}],"
	"\"srqs\":[],"
	"\"counters\":[{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"name\":\"sent_pkts\","
	"\"value\":180395,\"unit\":\"packets\",\"source\":\"hw\",\"class\":\"traffic\",\"class_by\":\"table\","
	"\"rate\":1500.5,\"delta\":1500},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"name\":\"rcvd_pkts\",\"value\":180395,"
	"\"unit\":\"packets\",\"source\":\"hw\",\"class\":\"traffic\",\"class_by\":\"table\"},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"name\":\"link_downed\",\"value\":0,"
	"\"unit\":\"events\",\"source\":\"hw\",\"class\":\"error\",\"class_by\":\"table\","
	"\"reset\":true},"
	"{\"ifindex\":0,\"ifname\":\"rxe0\",\"port\":1,\"name\":\"rx_bytes\",\"value\":9000000,"
	"\"unit\":\"bytes\",\"source\":\"netdev\",\"class\":\"traffic\",\"class_by\":\"table\","
	"\"rate\":1048576,\"delta\":1048576}],"
	"\"stat_qp\":[],\"stat_qp_mode\":[],\"optional_counters\":[],\"stat_mr\":[],"
	"\"processes\":["
	"{\"pid\":387,\"comm\":\"ibv_rc_pingpong\",\"uid\":1000,\"threads\":[387],\"n_threads\":1,"
	"\"qps\":1,\"qp_states\":{\"RTS\":1},\"cqs\":1,\"mrs\":1,\"mr_bytes\":4096,\"pds\":0,"
	"\"cm_ids\":0,\"ctxs\":1,\"srqs\":0,\"psn_per_sec\":4000.5},"
	"{\"pid\":389,\"comm\":\"ibv_rc_pingpong\",\"uid\":1000,\"threads\":[389],\"n_threads\":1,"
	"\"qps\":1,\"qp_states\":{\"RTS\":1},\"cqs\":0,\"mrs\":0,\"mr_bytes\":0,\"pds\":0,"
	"\"cm_ids\":0,\"ctxs\":0,\"srqs\":0},"
	"{\"pid\":390,\"comm\":\"rping\",\"uid\":1000,\"threads\":[390],\"n_threads\":1,"
	"\"qps\":1,\"qp_states\":{\"RTS\":1},\"cqs\":1,\"mrs\":0,\"mr_bytes\":0,\"pds\":0,"
	"\"cm_ids\":1,\"ctxs\":0,\"srqs\":0},"
	"{\"pid\":393,\"comm\":\"rping\",\"uid\":1000,\"threads\":[393,395],\"n_threads\":2,"
	"\"qps\":1,\"qp_states\":{\"RTS\":1},\"cqs\":0,\"mrs\":1,\"mr_bytes\":1024,\"pds\":1,"
	"\"cm_ids\":1,\"ctxs\":1,\"srqs\":0},"
	"{\"kernel\":true,\"comm\":\"ib_core\",\"qps\":2,\"qp_states\":{\"RTS\":2},\"cqs\":2,"
	"\"mrs\":0,\"mr_bytes\":0,\"pds\":2,\"cm_ids\":0,\"ctxs\":0,\"srqs\":0},"
	"{\"visible\":false,\"threads\":[4242],\"n_threads\":1,\"qps\":0,\"qp_states\":{},"
	"\"cqs\":0,\"mrs\":0,\"mr_bytes\":0,\"pds\":0,\"cm_ids\":0,\"ctxs\":1,\"srqs\":0}],"
	"\"groups\":["
	"{\"kind\":\"kernel\",\"name\":\"kernel\",\"n_processes\":1,\"pids\":[],\"qps\":2,"
	"\"qp_states\":{\"RTS\":2},\"cqs\":2,\"mrs\":0,\"mr_bytes\":0,\"pds\":2,\"cm_ids\":0,"
	"\"ctxs\":0,\"srqs\":0},"
	"{\"kind\":\"hidden\",\"name\":\"(not visible)\",\"n_processes\":1,\"pids\":[],\"qps\":0,"
	"\"qp_states\":{},\"cqs\":0,\"mrs\":0,\"mr_bytes\":0,\"pds\":0,\"cm_ids\":0,\"ctxs\":1,"
	"\"srqs\":0},"
	"{\"kind\":\"unknown\",\"name\":\"\",\"n_processes\":4,\"pids\":[387,389,390,393],"
	"\"qps\":4,\"qp_states\":{\"RTS\":4},\"cqs\":2,\"mrs\":2,\"mr_bytes\":5120,\"pds\":1,"
	"\"cm_ids\":2,\"ctxs\":2,\"srqs\":0,\"psn_per_sec\":4000.5}],"
	"\"events\":[],\"notes\":[{\"error\":\"EOPNOTSUPP\",\"ifname\":\"rxe1\","
	"\"message\":\"srq: not supported by this kernel\"},"
	"{\"error\":null,\"message\":\"keys hidden\"}]}\n";

static void test_json_61(void)
{
	struct snapshot s;
	char *out;

	build_61(&s);
	out = render(&s, NULL, true);
	CHECK_EQ_S(out, expect_61);
	if (out && strcmp(out, expect_61)) {
		size_t i = 0;

		while (out[i] && out[i] == expect_61[i])
			i++;
		fprintf(stderr, "differs at %zu: ...%.80s\n", i, out + (i > 20 ? i - 20 : 0));
	}
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
	d->res_other[0].name = snap_str(&s, "comp_cntr", 32);
	d->res_other[0].curr = 2;
	d->n_res_other = 1;
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
