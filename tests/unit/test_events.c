// SPDX-License-Identifier: GPL-2.0-or-later
/* Kernel notifications (real 6.12 bytes) and changes found by polling. */
#include <errno.h>

#include "events.h"
#include "nl.h"
#include "test.h"

/* Feed every multicast datagram (seq 0, type MONITOR) of the capture. */
static void test_monitor_capture(void)
{
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_MONITOR, .dev = SNAP_NONE, .port = SNAP_NONE };
	size_t len;
	char *text = test_slurp(test_data("ref/linux-6.12-rxe/mon_strace.nlhex"), &len);
	char *expect = test_slurp(test_data("ref/linux-6.12-rxe/mon_json_out.txt"), &len);
	static unsigned char buf[65536];
	struct snapshot s;
	char *line, *save = NULL;
	size_t i, n_expect = 0;

	CHECK(text && expect);
	if (!text || !expect)
		return;
	snap_init(&s);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		static char hex[65536 * 2 + 1];
		long n;
		struct nl_result res = { 0 };

		if (sscanf(line, "%*s %*s %*s recv %*d %131072s", hex) != 1)
			continue;
		n = test_unhex(hex, buf, sizeof(buf));
		/* the monitor's datagrams: type 0x141c, sequence 0 */
		if (n < 16 || buf[4] != 0x1c || buf[5] != 0x14 || buf[8] || buf[9])
			continue;
		CHECK_EQ_U(nl_parse(&s, &req, buf, (size_t)n, &res), 0);
	}
	/* what rdma printed, one event per line: check each against ours */
	for (line = strtok_r(expect, "\n", &save), i = 0; line;
	     line = strtok_r(NULL, "\n", &save), i++) {
		const struct snap_event *e;
		char type[32], want[160];

		if (i >= s.events.n) {
			CHECK(!"fewer events than rdma printed");
			break;
		}
		e = SNAP_AT(&s.events, struct snap_event, i);
		n_expect++;
		snprintf(type, sizeof(type), "\"event_type\":\"[%s]\"", snap_event_str(e->type));
		CHECK(strstr(line, type) != NULL);
		snprintf(want, sizeof(want), "\"rdma_index\":%u,\"rdma_dev\":\"%s\"", e->dev,
			 snap_s(&s, e->name));
		CHECK(strstr(line, want) != NULL);
		if (e->valid & SNAP_EV_NDEV_NAME) {
			snprintf(want, sizeof(want), "\"port\":%u,\"netdev_idx\":%u,\"netdev_name\":\"%s\"",
				 e->port, e->ndev_index, snap_s(&s, e->ndev));
			CHECK(strstr(line, want) != NULL);
		} else {
			CHECK(strstr(line, "netdev_name") == NULL);
		}
		CHECK_EQ_U(e->source, SNAP_EV_KERNEL);
	}
	CHECK_EQ_U(n_expect, s.events.n);
	CHECK(n_expect >= 10);
	free(text);
	free(expect);
	snap_free(&s);
}

static struct snap_dev *dev(struct snapshot *s, uint32_t index, const char *name)
{
	struct snap_dev *d = snap_push(&s->devs, sizeof(*d));

	d->index = index;
	snprintf(d->name, sizeof(d->name), "%s", name);
	return d;
}

static struct snap_port *port(struct snapshot *s, uint32_t d, uint8_t state, const char *ndev)
{
	struct snap_port *p = snap_port_get(s, d, 1);

	p->state = state;
	p->phys_state = 5;
	p->valid = SNAP_PORT_STATE | SNAP_PORT_PHYS_STATE;
	if (ndev) {
		snprintf(p->ndev, sizeof(p->ndev), "%s", ndev);
		p->valid |= SNAP_PORT_NDEV;
	}
	return p;
}

static const struct snap_event *find(const struct snapshot *s, uint32_t type)
{
	size_t i;

	for (i = 0; i < s->events.n; i++)
		if (SNAP_AT(&s->events, struct snap_event, i)->type == type)
			return SNAP_AT(&s->events, struct snap_event, i);
	return NULL;
}

static void test_poll_diff(void)
{
	struct snapshot a, b;
	const struct snap_event *e;

	snap_init(&a);
	snap_init(&b);
	dev(&a, 0, "rxe0");
	dev(&a, 1, "rxe1");
	port(&a, 0, 4, "dummy0");	/* ACTIVE */
	port(&a, 1, 4, "veth0");
	dev(&b, 0, "rxe9");		/* renamed */
	dev(&b, 2, "rxe2");		/* rxe1 gone, rxe2 new */
	port(&b, 0, 1, "dummyR");	/* DOWN, netdev renamed */
	port(&b, 2, 4, "dummy1");
	CHECK_EQ_U(events_diff(NULL, &b), 0);
	CHECK_EQ_U(b.events.n, 0);
	CHECK_EQ_U(events_diff(&a, &b), 0);
	CHECK_EQ_U(b.events.n, 5);
	e = find(&b, SNAP_EV_DEV_RENAMED);
	CHECK(e && !strcmp(snap_s(&b, e->from), "rxe0") && !strcmp(snap_s(&b, e->to), "rxe9"));
	e = find(&b, SNAP_EV_DEV_ADDED);
	CHECK(e && e->dev == 2 && !strcmp(snap_s(&b, e->name), "rxe2"));
	e = find(&b, SNAP_EV_DEV_REMOVED);
	CHECK(e && e->dev == 1 && !strcmp(snap_s(&b, e->name), "rxe1"));
	e = find(&b, SNAP_EV_PORT_STATE);
	CHECK(e && !strcmp(snap_s(&b, e->from), "ACTIVE") && !strcmp(snap_s(&b, e->to), "DOWN"));
	e = find(&b, SNAP_EV_NETDEV);
	CHECK(e && !strcmp(snap_s(&b, e->from), "dummy0") && !strcmp(snap_s(&b, e->to), "dummyR"));
	CHECK_EQ_S(snap_event_str(SNAP_EV_PORT_STATE), "port_state");
	CHECK_EQ_S(snap_event_str(2), "NETDEV_ATTACH");
	CHECK_EQ_S(snap_event_str(77), "UNKNOWN");
	snap_free(&a);
	snap_free(&b);
}

TEST_MAIN(test_monitor_capture, test_poll_diff)
