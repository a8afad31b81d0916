// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Stalls pane's model (src/prom/stall.c) from a Stalls answer as
 * Prometheus gives it (the parts of query_stall.c, label f): each row's
 * other end, the suspects' order, the rows' order, the title's line.
 */
#include <math.h>
#include <string.h>

#include "prom.h"
#include "test.h"

#define V(m, v) "{\"metric\":{" m "},\"value\":[1,\"" v "\"]}"
#define ANS(...) \
	"{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[" __VA_ARGS__ "]}}"
/* a row's key labels: host h, QP n */
#define K(h, n) "\"instance\":\"" h "\",\"device\":\"mlx5_0\",\"port\":\"1\",\"lqpn\":\"" n "\","
#define PEER(h) "\"peer_instance\":\"" h "\",\"peer_device\":\"mlx5_0\","

static void set(struct prom_qstate *q, enum prom_q i, const char *json)
{
	char err[256];

	CHECK_EQ_U(prom_parse_answer(json, strlen(json), 100, &q[i].v, err, sizeof(err)), 0);
	q[i].have = true;
	q[i].series = q[i].v.n;
}

static const struct prom_stall *row(const struct prom_model *m, const char *h, const char *n)
{
	size_t i;

	for (i = 0; i < m->n_stalls; i++)
		if (!strcmp(m->stalls[i].instance, h) && !strcmp(m->stalls[i].lqpn, n))
			return &m->stalls[i];
	return NULL;
}

static void test_stalls(void)
{
	struct prom_qstate q[PROM_Q_N] = { 0 };
	struct prom_model m;
	const struct prom_stall *r;
	char line[256];
	int i;

	set(q, PROM_Q_UP,
	    ANS(V("\"instance\":\"a\"", "1") "," V("\"instance\":\"b\"", "1") "," V(
		    "\"instance\":\"c\"", "1") "," V("\"instance\":\"d\"", "0")));
	set(q, PROM_Q_HOST,
	    ANS(V("\"instance\":\"b\",\"f\":\"health\"",
		  "2") "," V("\"instance\":\"a\",\"f\":\"health\"", "0")));
	set(q, PROM_Q_STALLS,
	    ANS(V(K("a", "1") "\"f\":\"qp\",\"rqpn\":\"11\",\"stall\":\"stalled\","
			      "\"exported_job\":\"slurm/7\",\"peer\":\"10.0.0.2\"",
		  "50") "," V(K("a", "2") "\"f\":\"qp\",\"rqpn\":\"12\",\"stall\":\"stalled\"",
			      "40") "," V(K("a",
					    "3") "\"f\":\"qp\",\"rqpn\":\"13\",\"stall\":\"stalled\"",
					  "30") "," V(K("a",
							"4") "\"f\":\"qp\",\"rqpn\":\"14\",\"stall\":\"stalled\"",
						      "20") "," V(K("a",
								    "5") "\"f\":\"qp\",\"rqpn\":\"15\",\"stall\":\"stalled\"",
								  "10") "," V(K("b",
										"11") "\"f\":\"qp\",\"rqpn\":\"1\",\"stall\":\"err\",\"state\":\"ERR\"",
									      "5") ","
		/* a's 1: b's 11 in ERR; 2: b's 12 not listed; 3: d down; 4: b
		 * past its cap; 5: nobody */
		V(K("a", "1") "\"f\":\"peer\"," PEER("b") "\"by\":\"gid\"", "1") "," V(K("a", "1") "\"f\":\"peer_qp\",\"peer_state\":\"ERR\",\"peer_stall\":\"err\"", "5") "," V(
			K("a", "1") "\"f\":\"peer_up\"",
			"1") "," V(K("a", "2") "\"f\":\"peer\"," PEER("b") "\"by\":\"lid\"",
				   "1") "," V(K("a", "2") "\"f\":\"peer_up\"",
					      "1") "," V(K("a", "2") "\"f\":\"peer_omitted\"",
							 "0") "," V(K("a",
								      "3") "\"f\":\"peer\"," PEER("d") "\"by\":\"gid\"",
								    "1") "," V(K("a",
										 "3") "\"f\":\"peer_up\"",
									       "0") "," V(K("a",
											    "4") "\"f\":\"peer\"," PEER("e") "\"by\":\"job\"",
											  "1") "," V(K("a",
												       "4") "\"f\":\"peer_up\"",
												     "1") "," V(K("a",
														  "4") "\"f\":\"peer_omitted\"",
														"3") "," V(K("b",
															     "11") "\"f\":\"peer\"," PEER("a") "\"by\":\"gid\"",
															   "1") "," V(K("b",
																	"11") "\"f\":\"peer_qp\",\"peer_state\":\"RTS\",\"peer_stall\":\"stalled\"",
																      "50") "," V(K("b",
																		    "11") "\"f\":\"peer_up\"",
																		  "1") ","
		/* a part of a row not listed: dropped */
		V(K("z", "9") "\"f\":\"peer_up\"", "1") "," V(
			"\"instance\":\"b\",\"f\":\"blame\"",
			"2") "," V("\"instance\":\"a\",\"f\":\"blame\"",
				   "1") "," V("\"instance\":\"d\",\"f\":\"blame\"",
					      "1") "," V("\"instance\":\"e\",\"f\":\"blame\"",
							 "1") "," V("\"f\":\"total\"",
								    "7") "," V("\"f\":\"omitted\"",
									       "2")));
	CHECK_EQ_U(prom_model_build(&m, q), 0);
	CHECK_EQ_U(m.n_stalls, 6);
	CHECK(m.stalls_total == 7 && m.stalls_omitted == 2);
	CHECK((r = row(&m, "a", "1")) && !strcmp(r->other, "ERR") && !strcmp(r->peer_host, "b") &&
	      !strcmp(r->by, "gid") && r->peer_age == 5 && !strcmp(r->job, "slurm/7"));
	CHECK((r = row(&m, "a", "2")) && !strcmp(r->other, "gone") && !strcmp(r->by, "lid"));
	CHECK((r = row(&m, "a", "3")) && !strcmp(r->other, "host not scraped"));
	CHECK((r = row(&m, "a", "4")) && !strcmp(r->other, "not listed"));
	CHECK((r = row(&m, "a", "5")) && !strcmp(r->other, "no match") && !r->peer_host);
	CHECK((r = row(&m, "b", "11")) && !strcmp(r->other, "stalled"));
	CHECK(!row(&m, "z", "9"));
	/* b (blame 2, FAIL) first; a, d, e blamed once: a has rows, then by name */
	CHECK_EQ_U(m.n_suspects, 4);
	CHECK(!strcmp(m.suspects[0].instance, "b") && m.suspects[0].health == 2 &&
	      m.suspects[0].up == 1);
	CHECK(!strcmp(m.suspects[1].instance, "a") && m.suspects[1].rows == 5);
	CHECK(!strcmp(m.suspects[2].instance, "d") && m.suspects[2].up == 0);
	CHECK(!strcmp(m.suspects[3].instance, "e") && isnan(m.suspects[3].up));
	/* b's row first, then a's oldest first */
	CHECK(!strcmp(m.stalls[0].instance, "b") && m.stalls[0].rank == 1);
	for (i = 1; i < 6; i++)
		CHECK(!strcmp(m.stalls[i].instance, "a") && m.stalls[i].rank == 2 &&
		      (i == 1 || m.stalls[i].age < m.stalls[i - 1].age));
	CHECK(prom_stall_suspect_line(&m, line, sizeof(line)));
	CHECK_EQ_S(line, "suspect: b, the peer of 2 listed QPs, a port FAIL; 2 more past the "
			 "exporters' caps");
	prom_model_free(&m);
	/* no answer: n/a counts, no rows, nothing said */
	for (i = 0; i < PROM_Q_N; i++) {
		prom_vector_free(&q[i].v);
		q[i].have = false;
	}
	CHECK_EQ_U(prom_model_build(&m, q), 0);
	CHECK(m.n_stalls == 0 && isnan(m.stalls_total));
	CHECK(!prom_stall_suspect_line(&m, line, sizeof(line)));
	prom_model_free(&m);
}

TEST_MAIN(test_stalls)
