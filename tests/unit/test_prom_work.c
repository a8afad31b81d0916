// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cluster view's worker (src/prom/work.c) on a real libev loop and a
 * real thread: a refresh's bodies parsed and the model built off the
 * loop, handed back on it; a query that fails keeps its last answer; one
 * not asked any more drops it; a second refresh waits for the first; a
 * worker stopped in the middle of a refresh frees everything (ASan and
 * valgrind run this binary in tests/sanitize).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <ev.h>

#include "prom.h"
#include "test.h"

#define V(m, v) "{\"metric\":{" m "},\"value\":[1700000000.5,\"" v "\"]}"
#define ANS(...) \
	"{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[" __VA_ARGS__ "]}}"

struct got {
	struct prom_result *res;
	int calls;
};

static void on_result(void *arg, struct prom_result *res)
{
	struct got *g = arg;

	prom_result_free(g->res);
	g->res = res;
	g->calls++;
}

/* query i's answer this refresh: body json, HTTP status code */
static void answer(struct prom_raw *raw, enum prom_q i, const char *json, long code)
{
	raw[i].buf = strdup(json);
	raw[i].len = strlen(json);
	raw[i].code = code;
	snprintf(raw[i].type, sizeof(raw[i].type), "application/json");
}

/* run the loop until the worker hands back its result */
static void wait_result(struct ev_loop *loop, struct got *g, int calls)
{
	int spins = 0;

	while (g->calls < calls && spins++ < 100000)
		ev_run(loop, EVRUN_ONCE);
}

static void test_work(void)
{
	struct ev_loop *loop = ev_loop_new(EVFLAG_AUTO);
	struct prom_qstate q[PROM_Q_N] = { 0 };
	struct prom_raw raw[PROM_Q_N] = { 0 };
	struct prom_work *w;
	struct got g = { 0 };
	int i;

	CHECK_EQ_U(prom_work_new(&w, loop, 100, on_result, &g), 0);
	CHECK(!prom_work_busy(w));
	/* refresh 1: two hosts up, a's traffic */
	answer(raw, PROM_Q_UP,
	       ANS(V("\"instance\":\"a\",\"job\":\"rdma\"",
		     "1") "," V("\"instance\":\"b\",\"job\":\"rdma\"", "1")),
	       200);
	answer(raw, PROM_Q_HOST, ANS(V("\"instance\":\"a\",\"f\":\"rx\"", "100")), 200);
	q[PROM_Q_HOST].took = 0.25;
	CHECK_EQ_U(prom_work_submit(w, q, raw, 0), 0);
	/* the buffers are the worker's now */
	CHECK(raw[PROM_Q_UP].buf == NULL && raw[PROM_Q_HOST].buf == NULL);
	CHECK(prom_work_busy(w));
	CHECK(prom_work_submit(w, q, raw, 0) == -EBUSY);
	wait_result(loop, &g, 1);
	CHECK_EQ_U(g.calls, 1);
	CHECK(!prom_work_busy(w));
	CHECK(g.res != NULL);
	if (!g.res)
		goto out;
	CHECK_EQ_U(g.res->m.n_hosts, 2);
	CHECK(g.res->q[PROM_Q_UP].have && g.res->q[PROM_Q_UP].series == 2);
	CHECK(g.res->q[PROM_Q_UP].v.s == NULL && g.res->q[PROM_Q_UP].v.n == 0);
	CHECK_EQ_U(g.res->q[PROM_Q_HOST].bytes,
		   strlen(ANS(V("\"instance\":\"a\",\"f\":\"rx\"", "100"))));
	CHECK(g.res->q[PROM_Q_HOST].at == 1700000000.5 && g.res->q[PROM_Q_HOST].took == 0.25);
	CHECK(!g.res->q[PROM_Q_JOBS].have);
	for (i = 0; i < (int)g.res->m.n_hosts; i++)
		if (!strcmp(g.res->m.hosts[i].instance, "a"))
			CHECK(g.res->m.hosts[i].rx == 100);

	/* refresh 2: up refused by Prometheus (its reason kept), host's
	 * transfer failed (the client's reason), nothing else: both keep
	 * their last answer */
	answer(raw, PROM_Q_UP,
	       "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"nope\"}", 400);
	q[PROM_Q_HOST].err = -ETIMEDOUT;
	snprintf(q[PROM_Q_HOST].why, sizeof(q[PROM_Q_HOST].why), "timed out after 10.0 s");
	CHECK_EQ_U(prom_work_submit(w, q, raw, 0), 0);
	wait_result(loop, &g, 2);
	CHECK(g.res != NULL);
	if (!g.res)
		goto out;
	CHECK(g.res->q[PROM_Q_UP].err != 0 && strstr(g.res->q[PROM_Q_UP].why, "nope"));
	CHECK(g.res->q[PROM_Q_UP].have && g.res->q[PROM_Q_UP].series == 2);
	CHECK(g.res->q[PROM_Q_HOST].err == -ETIMEDOUT && g.res->q[PROM_Q_HOST].have);
	CHECK_EQ_S(g.res->q[PROM_Q_HOST].why, "timed out after 10.0 s");
	CHECK_EQ_U(g.res->m.n_hosts, 2);

	/* refresh 3: the host query not asked any more (drop), up answered
	 * with a proxy's 502 of Prometheus's shape: not taken */
	memset(q, 0, sizeof(q));
	raw[PROM_Q_HOST].drop = true;
	answer(raw, PROM_Q_UP, ANS(V("\"instance\":\"c\"", "1")), 502);
	CHECK_EQ_U(prom_work_submit(w, q, raw, 0), 0);
	memset(raw, 0, sizeof(raw));
	wait_result(loop, &g, 3);
	CHECK(g.res != NULL);
	if (!g.res)
		goto out;
	CHECK(!g.res->q[PROM_Q_HOST].have && g.res->q[PROM_Q_HOST].series == 0);
	CHECK(g.res->q[PROM_Q_UP].err == -EIO && g.res->q[PROM_Q_UP].series == 2);
	CHECK(strstr(g.res->q[PROM_Q_UP].why, "HTTP 502") != NULL);
out:
	/* a refresh in flight when the worker stops: nothing leaks, no
	 * result comes */
	answer(raw, PROM_Q_UP, ANS(V("\"instance\":\"a\"", "1")), 200);
	answer(raw, PROM_Q_JOBS, ANS(V("\"kind\":\"job\",\"group\":\"1\",\"f\":\"hosts\"", "1")),
	       200);
	CHECK_EQ_U(prom_work_submit(w, q, raw, 0), 0);
	i = g.calls;
	prom_work_free(w);
	ev_run(loop, EVRUN_NOWAIT);
	CHECK_EQ_U(g.calls, i);
	prom_result_free(g.res);
	ev_loop_destroy(loop);
}

/* the answers at the time asked for when they carry none */
static void test_work_at(void)
{
	struct ev_loop *loop = ev_loop_new(EVFLAG_AUTO);
	struct prom_qstate q[PROM_Q_N] = { 0 };
	struct prom_raw raw[PROM_Q_N] = { 0 };
	struct prom_work *w;
	struct got g = { 0 };

	CHECK_EQ_U(prom_work_new(&w, loop, 1, on_result, &g), 0);
	answer(raw, PROM_Q_UP, ANS(), 200);
	/* two series past a series_max of 1: refused, the reason said */
	answer(raw, PROM_Q_HOST,
	       ANS(V("\"instance\":\"a\",\"f\":\"rx\"",
		     "1") "," V("\"instance\":\"b\",\"f\":\"rx\"", "1")),
	       200);
	CHECK_EQ_U(prom_work_submit(w, q, raw, 1600000000), 0);
	wait_result(loop, &g, 1);
	CHECK(g.res && g.res->q[PROM_Q_UP].at == 1600000000 && g.res->q[PROM_Q_UP].have);
	CHECK(g.res && g.res->q[PROM_Q_HOST].err == -E2BIG && !g.res->q[PROM_Q_HOST].have);
	prom_work_free(w);
	prom_result_free(g.res);
	ev_loop_destroy(loop);
}

/* a parse given up once asked to stop: no series, the reason said */
static void test_parse_stop(void)
{
	const char *json = ANS(V("\"instance\":\"a\"", "1") "," V("\"instance\":\"b\"", "1"));
	struct prom_vector v;
	bool stop = true;
	char err[256];

	CHECK(prom_parse_answer_stop(json, strlen(json), 10, &v, err, sizeof(err), &stop) ==
	      -ECANCELED);
	CHECK(v.n == 0 && v.s == NULL);
	CHECK_EQ_S(err, "stopped");
	stop = false;
	CHECK_EQ_U(prom_parse_answer_stop(json, strlen(json), 10, &v, err, sizeof(err), &stop), 0);
	CHECK_EQ_U(v.n, 2);
	prom_vector_free(&v);
}

TEST_MAIN(test_work, test_work_at, test_parse_stop)
