// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cluster view's data layer (src/prom): answers of Prometheus's
 * /api/v1/query (the documented shape: "value": [<unix_time>,
 * "<sample_value>"]), the limits and their messages, the http_config
 * rules, the query text, the model's rows and its selection.
 */
#include <errno.h>
#include <math.h>
#include <time.h>

#include "fmt.h"
#include "prom.h"
#include "test.h"

static int parse(const char *json, size_t max, struct prom_vector *v, char *err)
{
	return prom_parse_answer(json, strlen(json), max, v, err, 256);
}

static void test_answer(void)
{
	struct prom_vector v;
	char err[256];

	CHECK_EQ_U(parse("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
			 "{\"metric\":{\"instance\":\"h1:19101\",\"job\":\"rdma\"},\"value\":[1764558720.5,\"1.5\"]},"
			 "{\"metric\":{\"instance\":\"h2:19101\"},\"value\":[1764558720.5,\"NaN\"]},"
			 "{\"metric\":{\"instance\":\"h3:19101\"},\"value\":[1764558720.5,\"+Inf\"]}]}}",
			 10, &v, err), 0);
	CHECK_EQ_U(v.n, 3);
	CHECK_EQ_S(prom_label(&v.s[0], "instance"), "h1:19101");
	CHECK_EQ_S(prom_label(&v.s[1], "job"), "");
	CHECK(v.s[0].value == 1.5 && v.s[0].ts == 1764558720.5);
	CHECK(isnan(v.s[1].value) && isinf(v.s[2].value));
	prom_vector_free(&v);
	/* the limit: more series than allowed is refused, with the count */
	CHECK_EQ_U(parse("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
			 "{\"metric\":{},\"value\":[1,\"1\"]},{\"metric\":{},\"value\":[1,\"2\"]}]}}",
			 1, &v, err), -E2BIG);
	CHECK(strstr(err, "2 series, more than the limit of 1") != NULL);
	CHECK(v.n == 0 && v.s == NULL);
	/* Prometheus's own error is said */
	CHECK_EQ_U(parse("{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error\"}",
			 10, &v, err), -EINVAL);
	CHECK_EQ_S(err, "Prometheus: bad_data: parse error");
	CHECK_EQ_U(parse("{\"status\":", 10, &v, err), -EINVAL);
	CHECK(strstr(err, "not JSON") != NULL);
	CHECK_EQ_U(parse("{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[]}}",
			 10, &v, err), -EINVAL);
	CHECK(strstr(err, "not an instant vector") != NULL);
	CHECK_EQ_U(parse("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
			 "{\"metric\":{},\"value\":[1,\"x\"]}]}}", 10, &v, err), -EINVAL);
	CHECK(strstr(err, "series 0") != NULL);
	/* duplicate keys: which one would count?  refused */
	CHECK(parse("{\"status\":\"success\",\"status\":\"error\"}", 10, &v, err) != 0);
	CHECK_EQ_U(parse("{\"status\":\"success\",\"data\":{\"resultType\":\"scalar\",\"result\":[1,\"2\"]}}",
			 10, &v, err), 0);
	CHECK(v.n == 1 && v.s[0].value == 2);
	prom_vector_free(&v);
}

static void test_interval(void)
{
	const char *a = "{\"status\":\"success\",\"data\":{\"yaml\":\"global:\\n  scrape_interval: 15s\\n"
			"scrape_configs:\\n- job_name: rdma\\n  scrape_interval: 1m30s\\n"
			"  static_configs:\\n  - targets: [a]\\n- job_name: x\\n  metrics_path: /scrape_interval\\n\"}}";
	char err[256];

	CHECK(prom_parse_interval(a, strlen(a), err, sizeof(err)) == 90);
	CHECK(prom_window(1) == 4 && prom_window(0.1) == 1);
	CHECK(prom_parse_interval("{}", 2, err, sizeof(err)) == 0);
	CHECK(strstr(err, "no data.yaml") != NULL);
}

static double interval_of(const char *v, char *err)
{
	char a[256];

	snprintf(a, sizeof(a), "{\"data\":{\"yaml\":\"global:\\n  scrape_interval: %s\\n\"}}", v);
	err[0] = '\0';
	return prom_parse_interval(a, strlen(a), err, 256);
}

/* Durations as Prometheus's model.ParseDuration takes them; anything else
 * refused by its key, never a window of [infs]. */
static void test_interval_edge(void)
{
	struct prom_qctx c = { .match = "", .window = INFINITY };
	char err[256], q[4096];

	CHECK(interval_of("1m30s", err) == 90);
	CHECK(interval_of("500ms", err) == 0.5);
	CHECK(interval_of("1h1ms", err) == 3600.001);
	CHECK(interval_of("1y", err) == 31536000 && !err[0]);
	CHECK(interval_of("1e308y", err) == 0);
	CHECK_EQ_S(err, "status/config: scrape_interval '1e308y' is not a duration (as 15s, 1m30s)");
	CHECK(interval_of("2y", err) == 0);
	CHECK_EQ_S(err, "status/config: scrape_interval '2y' is over a year");
	CHECK(interval_of("1.5s", err) == 0 && strstr(err, "'1.5s' is not a duration"));
	CHECK(interval_of("inf", err) == 0 && strstr(err, "'inf' is not a duration"));
	CHECK(interval_of("15s1m", err) == 0 && strstr(err, "is not a duration"));
	CHECK(interval_of("1s1s", err) == 0 && strstr(err, "is not a duration"));
	CHECK(interval_of("99999999999999999999s", err) == 0 && strstr(err, "is not a duration"));
	CHECK(interval_of("-15s", err) == 0 && strstr(err, "is not a duration"));
	/* a window PromQL cannot spell is never sent */
	CHECK_EQ_U(prom_q_text(PROM_Q_ERR, &c, q, sizeof(q)), -EINVAL);
	c.window = NAN;
	CHECK_EQ_U(prom_q_text(PROM_Q_ERR, &c, q, sizeof(q)), -EINVAL);
	c.window = 60;
	CHECK(prom_q_text(PROM_Q_ERR, &c, q, sizeof(q)) > 0 && strstr(q, "[60s]"));
}

/* Cells of numbers Prometheus may send: +Inf, -Inf, -0, past 1e15. */
static void test_cells(void)
{
	struct prom_host h = { .instance = "h" };
	size_t nc;
	const struct prom_col *c = prom_cols(PROM_T_HOSTS, &nc);
	char buf[64];
	int up = prom_col_find(PROM_T_HOSTS, "up"), rx = prom_col_find(PROM_T_HOSTS, "rx");
	int e = prom_col_find(PROM_T_HOSTS, "err"), u = prom_col_find(PROM_T_HOSTS, "util");
	int age = prom_col_find(PROM_T_HOSTS, "age");

	h.up = INFINITY;
	h.rx = -INFINITY;
	h.err[PROM_C_ERROR] = -0.0;
	h.util = 1.7e308;
	h.age = -0.0;
	CHECK_EQ_S(prom_cell(&c[up], &h, buf, sizeof(buf)), "+Inf");
	CHECK_EQ_S(prom_cell(&c[rx], &h, buf, sizeof(buf)), "-Inf");
	CHECK_EQ_S(prom_cell(&c[e], &h, buf, sizeof(buf)), "0");
	CHECK_EQ_S(prom_cell(&c[u], &h, buf, sizeof(buf)), "+Inf");	/* * 100 */
	CHECK_EQ_S(prom_cell(&c[age], &h, buf, sizeof(buf)), "0s");
	h.up = 1.7e308;
	h.rx = 1.7e308 / 8;
	h.err[PROM_C_ERROR] = 2e21;
	h.util = 5e13;
	h.age = -1e16;
	CHECK_EQ_S(prom_cell(&c[up], &h, buf, sizeof(buf)), "1.7e+308");
	CHECK_EQ_S(prom_cell(&c[rx], &h, buf, sizeof(buf)), "1.7e+308b");
	CHECK_EQ_S(prom_cell(&c[e], &h, buf, sizeof(buf)), "2e+21");
	CHECK_EQ_S(prom_cell(&c[u], &h, buf, sizeof(buf)), "5e+15%");
	CHECK_EQ_S(prom_cell(&c[age], &h, buf, sizeof(buf)), "-1e+16s");
	/* what fits is as it was: E is the last prefix */
	h.err[PROM_C_ERROR] = 1.5e20;
	h.up = 123456789012345;
	CHECK_EQ_S(prom_cell(&c[e], &h, buf, sizeof(buf)), "150.0E");
	CHECK_EQ_S(prom_cell(&c[up], &h, buf, sizeof(buf)), "123456789012345");
}

static int cfg(const char *text, struct prom_config *c, char *err)
{
	return prom_config_parse(c, text, strlen(text), err, 256);
}

static void test_config(void)
{
	struct prom_config c;
	char err[256];

	CHECK_EQ_U(cfg("tls_config:\n  ca_file: /ca.crt\n  insecure_skip_verify: true\n"
		       "basic_auth:\n  username: ops\n  password: pw\n", &c, err), 0);
	CHECK_EQ_S(c.ca_file, "/ca.crt");
	CHECK(c.insecure_skip_verify && !c.credentials);
	CHECK_EQ_S(c.username, "ops");
	CHECK_EQ_S(c.password, "pw");
	prom_config_free(&c);
	CHECK_EQ_U(cfg("bearer_token: abc\n", &c, err), 0);
	CHECK_EQ_S(c.auth_type, "Bearer");
	CHECK_EQ_S(c.credentials, "abc");
	prom_config_free(&c);
	CHECK_EQ_U(cfg("authorization:\n  type: Token\n  credentials: t\n", &c, err), 0);
	CHECK_EQ_S(c.auth_type, "Token");
	prom_config_free(&c);
	/* a line break would end the Authorization header and start another */
	CHECK_EQ_U(cfg("bearer_token: \"a\\r\\nX-Evil: 1\"\n", &c, err), -EINVAL);
	CHECK(strstr(err, "control character") != NULL);
	CHECK_EQ_U(cfg("authorization:\n  type: \"Bearer\\nX-Evil: 1\"\n  credentials: t\n", &c, err),
		   -EINVAL);
	CHECK(strstr(err, "control character") != NULL);
	CHECK_EQ_U(cfg("", &c, err), 0);
	CHECK_EQ_U(cfg("tls_config:\n  ca_flie: x\n", &c, err), -EINVAL);
	CHECK_EQ_S(err, "line 2: unknown key 'ca_flie' (Prometheus's http_config keys only)");
	CHECK_EQ_U(cfg("basic_auth:\n  username: a\nbearer_token: b\n", &c, err), -EINVAL);
	CHECK(strstr(err, "exclusive") != NULL);
	CHECK_EQ_U(cfg("tls_config:\n  insecure_skip_verify: maybe\n", &c, err), -EINVAL);
	CHECK(strstr(err, "true or false") != NULL);
	CHECK_EQ_U(cfg("tls_config:\n  cert_file: a\n", &c, err), -EINVAL);
	CHECK(strstr(err, "go together") != NULL);
	CHECK_EQ_U(cfg("basic_auth:\n  password: x\n", &c, err), -EINVAL);
	CHECK(strstr(err, "without username") != NULL);
	CHECK_EQ_U(cfg("basic_auth:\n  username: a\n  password_file: /nonexistent/pw\n", &c, err),
		   -ENOENT);
	CHECK(strstr(err, "cannot read /nonexistent/pw") != NULL);
	CHECK_EQ_U(cfg("[1, 2]\n", &c, err), -EINVAL);
	CHECK_EQ_U(cfg("a: [\n", &c, err), -EINVAL);
	CHECK(strstr(err, "line ") != NULL);
}

/* parentheses balanced outside PromQL's strings: Prometheus would refuse
 * the query otherwise ("unclosed left parenthesis") */
static bool balanced(const char *q)
{
	int depth = 0;
	bool in = false;

	for (; *q; q++) {
		if (in && *q == '\\' && q[1])
			q++;
		else if (*q == '"')
			in = !in;
		else if (!in && (*q == '(' || *q == ')'))
			depth += *q == '(' ? 1 : -1;
		if (depth < 0)
			return false;
	}
	return depth == 0 && !in;
}

/* a $ of the templates left in a query: only label_replace's $1 may be */
static bool unsubstituted(const char *q)
{
	for (q = strchr(q, '$'); q; q = strchr(q + 1, '$'))
		if (q[1] != '1')
			return true;
	return false;
}

static void test_query(void)
{
	struct prom_qctx c = { .match = "job=\"rdma\"", .window = 4, .instance = "h\"1" };
	char q[131072], err[256];
	int i;

	CHECK(prom_q_text(PROM_Q_UP, &c, q, sizeof(q)) > 0);
	CHECK_EQ_S(q, "up{job=\"rdma\",} and on (job) group by (job) (rdma_up{job=\"rdma\",})");
	CHECK(prom_q_text(PROM_Q_PROCS, &c, q, sizeof(q)) > 0);
	CHECK(strstr(q, "instance=\"h\\\"1\"") != NULL);	/* quoted */
	/* a newline or a control byte cannot end PromQL's string early */
	c.instance = "a\nb\\c\td\x01\x7f\r\xc3\xa9";
	CHECK(prom_q_text(PROM_Q_PROCS, &c, q, sizeof(q)) > 0);
	CHECK(strstr(q, "instance=\"a\\nb\\\\c\\td\\x01\\x7f\\r\xc3\xa9\"") != NULL);
	CHECK(!strpbrk(q, "\n\r\t\x01\x7f"));
	CHECK(prom_q_text(PROM_Q_ERR, &c, q, sizeof(q)) > 0);
	CHECK(strstr(q, "[4s]") != NULL);
	CHECK_EQ_U(prom_q_text(PROM_Q_HOST, &c, q, 64), -ENOSPC);
	/* Ports and Jobs: every row, or the top n by a column, with the count */
	CHECK(prom_q_text(PROM_Q_PORTS, &c, q, sizeof(q)) > 0 && !strstr(q, "topk"));
	c.ports = (struct prom_qtop){ .n = 60, .col = "util", .match = "device=\"mlx5_0\"" };
	CHECK(prom_q_text(PROM_Q_PORTS, &c, q, sizeof(q)) > 0);
	CHECK(strstr(q, "and on (instance, device, port) (topk(60, ") != NULL);
	CHECK(strstr(q, ") > 0)) or (group by (instance, device, port) (rdma_port_info{job=\"rdma\","
		     "device=\"mlx5_0\",})) * NaN)") != NULL);
	CHECK(strstr(q, "label_replace(count(group by") != NULL && !strstr(q, "$"));
	CHECK(strstr(q, "RX") == NULL && strstr(q, "SPEED") == NULL);	/* util's parts expanded */
	c.ports.asc = true;
	c.ports.search = "a.b\"";
	CHECK(prom_q_text(PROM_Q_PORTS, &c, q, sizeof(q)) > 0 && strstr(q, "bottomk(60, "));
	CHECK(strstr(q, "instance=~\".*a\\\\.b\\\".*\"") != NULL);	/* RE2-escaped, quoted */
	CHECK(balanced(q));
	c.jobs = (struct prom_qtop){ .n = 5, .col = "err", .search = "(x" };
	CHECK(prom_q_text(PROM_Q_JOBS, &c, q, sizeof(q)) > 0 && balanced(q));
	for (i = 0; i < PROM_Q_N; i++)
		CHECK(prom_q_text((enum prom_q)i, &c, q, sizeof(q)) > 0 && balanced(q));
	c.ports.col = "state";	/* a text: every row */
	CHECK(prom_q_text(PROM_Q_PORTS, &c, q, sizeof(q)) > 0 && !strstr(q, "bottomk"));
	CHECK(prom_q_top_col(PROM_Q_JOBS, "qps") && !prom_q_top_col(PROM_Q_JOBS, "group") &&
	      !prom_q_top_col(PROM_Q_HOST, "err") && prom_q_top_col(PROM_Q_PORTS, "util"));
	c.jobs = (struct prom_qtop){ .n = 50, .col = "qps" };
	CHECK(prom_q_text(PROM_Q_JOBS, &c, q, sizeof(q)) > 0 && strstr(q, "and on (kind, group) (topk(50, "));
	c.ports = c.jobs = (struct prom_qtop){ 0 };
	err[0] = '\0';
	CHECK_EQ_U(prom_q_filter(PROM_Q_PORTS, "instance=h\"1", err, sizeof(err)), 1);
	CHECK_EQ_U(prom_q_filter(PROM_Q_PORTS, "device!~mlx", err, sizeof(err)), 1);
	CHECK_EQ_S(err, "instance=\"h\\\"1\",device!~\".*(mlx).*\"");
	CHECK_EQ_U(prom_q_filter(PROM_Q_PORTS, "err=0", err, sizeof(err)), 0);
	CHECK_EQ_U(prom_q_filter(PROM_Q_PORTS, "state=ACTIVE", err, sizeof(err)), 0);
	CHECK_EQ_U(prom_q_filter(PROM_Q_JOBS, "group~train", err, sizeof(err)), 1);
	CHECK_EQ_U(prom_q_filter(PROM_Q_HOST, "instance=a", err, sizeof(err)), 0);
	CHECK_EQ_U(prom_q_filter(PROM_Q_JOBS, "kind=x", err, sizeof(err)), 1);
	i = (int)strlen(err);
	CHECK_EQ_U(prom_q_filter(PROM_Q_JOBS, "kind=x", err, (size_t)i + 4), -ENOSPC);
	CHECK_EQ_U(strlen(err), (size_t)i);	/* left as it was */
	c.match = "";
	for (i = 0; i < PROM_Q_N; i++)
		CHECK(prom_q_text((enum prom_q)i, &c, q, sizeof(q)) > 0 && !unsubstituted(q));
	/* the Stalls query's label_replace references stay, nothing else */
	CHECK(prom_q_text(PROM_Q_STALLS, &c, q, sizeof(q)) > 0 && strstr(q, "\"$1\""));
	CHECK(!unsubstituted("label_replace(x, \"a\", \"$1\", \"b\", \"(.*)\")"));
	CHECK(unsubstituted("up{$S}") && unsubstituted("x$"));
	CHECK_EQ_U(prom_match_check("job=\"rdma\", cluster=~\"a.*\"", err, sizeof(err)), 0);
	CHECK_EQ_U(prom_match_check("job=rdma", err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "bad selector") != NULL);
	CHECK_EQ_U(prom_match_check("job=\"x\"} or vector(1) or up{a=\"", err, sizeof(err)),
		   -EINVAL);
}

static void test_time(void)
{
	/* "today" is the UTC day of 2026-12-01T11:40:05Z */
	const double day = 1796125205;
	static const char *const bad[] = {
		"24:00", "12:60", "12:00:60", "99:99", "1:2:3:4", "3:12", "03:2", "03:12:5",
		"03:12:", ":03:12", "03:", "03:12:00:00", "03-12", " 03:12", "03:12Z", "",
	};
	char why[256];
	size_t i;
	double t;

	CHECK_EQ_U(prom_parse_time("2026-12-01T03:12:00Z", day, &t, why, sizeof(why)), 0);
	CHECK(t == 1796094720);
	CHECK_EQ_U(prom_parse_time("2026-12-01 03:12:00", day, &t, why, sizeof(why)), 0);
	CHECK(t == 1796094720);
	CHECK_EQ_U(prom_parse_time("1796094720.5", day, &t, why, sizeof(why)), 0);
	CHECK(t == 1796094720.5);
	/* a clock time: of the day of `day`, in UTC, whatever TZ says */
	CHECK_EQ_U(prom_parse_time("03:12", day, &t, why, sizeof(why)), 0);
	CHECK(t == 1796094720);
	CHECK_EQ_U(prom_parse_time("03:12:07", day, &t, why, sizeof(why)), 0);
	CHECK(t == 1796094727);
	CHECK_EQ_U(prom_parse_time("00:00", day, &t, why, sizeof(why)), 0);
	CHECK(t == 1796083200);
	CHECK_EQ_U(prom_parse_time("23:59:59", day, &t, why, sizeof(why)), 0);
	CHECK(t == 1796083200 + 86399);
	/* the same clock time a day later is 86400 s later */
	CHECK_EQ_U(prom_parse_time("03:12", day + 86400, &t, why, sizeof(why)), 0);
	CHECK(t == 1796094720 + 86400);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why[0] = '\0';
		t = -1;
		if (!prom_parse_time(bad[i], day, &t, why, sizeof(why)) || !why[0]) {
			test_failures++;
			fprintf(stderr, "%s: '%s' taken as %.0f, or refused without a reason\n",
				test_name, bad[i], t);
		}
	}
	/* the field out of range is named */
	CHECK_EQ_U(prom_parse_time("24:00", day, &t, why, sizeof(why)), -ERANGE);
	CHECK(strstr(why, "hour 24") != NULL);
	CHECK_EQ_U(prom_parse_time("12:60", day, &t, why, sizeof(why)), -ERANGE);
	CHECK(strstr(why, "minute 60") != NULL);
	CHECK_EQ_U(prom_parse_time("12:00:60", day, &t, why, sizeof(why)), -ERANGE);
	CHECK(strstr(why, "second 60") != NULL);
	CHECK_EQ_U(prom_parse_time("1:2:3:4", day, &t, why, sizeof(why)), -EINVAL);
	CHECK(strstr(why, "HH:MM") != NULL);
	CHECK(prom_parse_time("yesterday", day, &t, why, sizeof(why)) != 0);
	CHECK(prom_parse_time("2026-12-01T03:12:00+02:00", day, &t, why, sizeof(why)) != 0);
}

/* one answer into a query's state */
static void set(struct prom_qstate *q, enum prom_q i, const char *json)
{
	char err[256];

	CHECK_EQ_U(prom_parse_answer(json, strlen(json), 100, &q[i].v, err, sizeof(err)), 0);
	q[i].have = true;
	q[i].series = q[i].v.n;
}

#define V(m, v) "{\"metric\":{" m "},\"value\":[1,\"" v "\"]}"
#define ANS(...) "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[" \
	__VA_ARGS__ "]}}"

static void test_model(void)
{
	struct prom_qstate q[PROM_Q_N] = { 0 };
	struct prom_model m;
	struct prom_select s = { .sort = -1 };
	const char *f[] = { "err~^[1-9]" };
	size_t *idx;
	char err[256];
	long n;
	int i;

	set(q, PROM_Q_UP, ANS(V("\"instance\":\"a\",\"job\":\"rdma\"", "1") ","
			      V("\"instance\":\"b\",\"job\":\"rdma\"", "0")));
	set(q, PROM_Q_HOST, ANS(V("\"instance\":\"a\",\"f\":\"rx\"", "100") ","
				V("\"instance\":\"a\",\"f\":\"speed\"", "400") ","
				V("\"instance\":\"a\",\"f\":\"tx\"", "200") ","
				V("\"instance\":\"a\",\"f\":\"devices\"", "2") ","
				V("\"instance\":\"a\",\"f\":\"pause_rx\"", "3e5") ","
				V("\"instance\":\"a\",\"f\":\"pause_tx\"", "0")));
	set(q, PROM_Q_PORTSTATE, ANS(V("\"instance\":\"a\",\"state\":\"ACTIVE\"", "3") ","
				     V("\"instance\":\"a\",\"state\":\"DOWN\"", "1")));
	set(q, PROM_Q_ERR, ANS(V("\"instance\":\"a\",\"class\":\"error\"", "0.5") ","
			       V("\"instance\":\"b\",\"class\":\"error\"", "7")));
	set(q, PROM_Q_QPS, ANS(V("\"instance\":\"a\",\"state\":\"RTS\"", "5") ","
			       V("\"instance\":\"a\",\"state\":\"ERR\"", "2")));
	set(q, PROM_Q_HOSTGROUPS, ANS(V("\"instance\":\"a\",\"kind\":\"job\",\"group\":\"42\"", "3") ","
				      V("\"instance\":\"a\",\"kind\":\"unit\",\"group\":\"x\"", "1") ","
				      V("\"instance\":\"b\",\"kind\":\"job\",\"group\":\"42\"", "1")));
	set(q, PROM_Q_JOBS, ANS(V("\"kind\":\"job\",\"group\":\"42\",\"f\":\"hosts\"", "2") ","
				V("\"kind\":\"job\",\"group\":\"42\",\"f\":\"psn\"", "1e6") ","
				V("\"kind\":\"job\",\"group\":\"42\",\"f\":\"err\"", "12.5")));
	CHECK_EQ_U(prom_model_build(&m, q), 0);
	CHECK_EQ_U(m.n_hosts, 2);
	CHECK_EQ_S(m.hosts[0].instance, "a");
	CHECK(m.hosts[0].ports == 4 && m.hosts[0].ports_up == 3);
	CHECK(m.hosts[0].qps == 7 && m.hosts[0].qps_err == 2);
	CHECK(m.hosts[0].util == 0.5);	/* max(rx, tx) / speed */
	CHECK(isnan(m.hosts[1].rx) && isnan(m.hosts[1].util));
	CHECK_EQ_S(m.hosts[0].top_group, "job/42");
	CHECK(m.n_jobs == 1 && m.jobs[0].hosts == 2 && m.jobs[0].psn == 1e6 && isnan(m.jobs[0].qps));
	/* a job's errors, a host's pauses: n/a where no series said them */
	CHECK(m.jobs[0].err == 12.5 && isnan(m.jobs[0].cnp));
	CHECK(m.hosts[0].pause_rx == 3e5 && m.hosts[0].pause_tx == 0 && isnan(m.hosts[1].pause_rx));
	/* hosts sorted by ERR/s, busiest first */
	n = prom_select_rows(&m, PROM_T_HOSTS, &s, &idx, err, sizeof(err));
	CHECK(n == 2 && idx[0] == 1 && idx[1] == 0);
	free(idx);
	s.reverse = true;
	n = prom_select_rows(&m, PROM_T_HOSTS, &s, &idx, err, sizeof(err));
	CHECK(n == 2 && idx[0] == 0);
	free(idx);
	s.filters = f;
	s.n_filters = 1;
	n = prom_select_rows(&m, PROM_T_HOSTS, &s, &idx, err, sizeof(err));
	CHECK(n == 1 && idx[0] == 1);
	free(idx);
	s.n_filters = 0;
	s.job = "unit/x";	/* Enter on a job: its hosts */
	n = prom_select_rows(&m, PROM_T_HOSTS, &s, &idx, err, sizeof(err));
	CHECK(n == 1 && idx[0] == 0);
	free(idx);
	prom_model_free(&m);
	for (i = 0; i < PROM_Q_N; i++)
		prom_vector_free(&q[i].v);
}

/* A down host (up 0, nothing else known) first under a worst-first sort
 * and last the other way or under another; a host's processes one row
 * each, a process without QPs too (QPS 0), as PROCS counts them. */
static void test_model_down_procs(void)
{
	struct prom_qstate q[PROM_Q_N] = { 0 };
	struct prom_model m;
	struct prom_select s = { .sort = -1 };
	size_t *idx;
	char err[256];
	long n;
	int i;

	set(q, PROM_Q_UP, ANS(V("\"instance\":\"a\",\"job\":\"rdma\"", "1") ","
			      V("\"instance\":\"down\",\"job\":\"rdma\"", "0") ","
			      V("\"instance\":\"c\",\"job\":\"rdma\"", "1")));
	set(q, PROM_Q_HOST, ANS(V("\"instance\":\"a\",\"f\":\"age\"", "1") ","
				V("\"instance\":\"c\",\"f\":\"age\"", "2") ","
				V("\"instance\":\"a\",\"f\":\"rx\"", "5") ","
				V("\"instance\":\"c\",\"f\":\"rx\"", "9")));
	set(q, PROM_Q_ERR, ANS(V("\"instance\":\"a\",\"class\":\"error\"", "7") ","
			       V("\"instance\":\"c\",\"class\":\"error\"", "0")));
	set(q, PROM_Q_PROCS, ANS(V("\"pid\":\"10\",\"comm\":\"x\",\"f\":\"qps\"", "3") ","
				 V("\"pid\":\"11\",\"comm\":\"y\",\"f\":\"qps\"", "0") ","
				 V("\"pid\":\"10\",\"comm\":\"x\",\"f\":\"qps_err\"", "1")));
	CHECK_EQ_U(prom_model_build(&m, q), 0);
	CHECK_EQ_U(m.n_hosts, 3);
	CHECK_EQ_S(m.hosts[1].instance, "down");
	s.sort = prom_col_find(PROM_T_HOSTS, "err");
	n = prom_select_rows(&m, PROM_T_HOSTS, &s, &idx, err, sizeof(err));
	CHECK(n == 3 && idx[0] == 1 && idx[1] == 0 && idx[2] == 2);
	free(idx);
	s.sort = prom_col_find(PROM_T_HOSTS, "age");
	n = prom_select_rows(&m, PROM_T_HOSTS, &s, &idx, err, sizeof(err));
	CHECK(n == 3 && idx[0] == 1 && idx[1] == 2);
	free(idx);
	s.reverse = true;
	n = prom_select_rows(&m, PROM_T_HOSTS, &s, &idx, err, sizeof(err));
	CHECK(n == 3 && idx[0] == 0 && idx[2] == 1);
	free(idx);
	s.reverse = false;
	s.sort = prom_col_find(PROM_T_HOSTS, "rx");	/* busiest, not worst: n/a last */
	n = prom_select_rows(&m, PROM_T_HOSTS, &s, &idx, err, sizeof(err));
	CHECK(n == 3 && idx[0] == 2 && idx[2] == 1);
	free(idx);
	CHECK_EQ_U(m.n_procs, 2);
	CHECK_EQ_S(m.procs[0].pid, "10");
	CHECK(m.procs[0].qps == 3 && m.procs[0].qps_err == 1);
	CHECK_EQ_S(m.procs[1].comm, "y");
	CHECK(m.procs[1].qps == 0 && m.procs[1].qps_err == 0);
	prom_model_free(&m);
	for (i = 0; i < PROM_Q_N; i++)
		prom_vector_free(&q[i].v);
}

/* "B" * 127 then c, "A" * 126 then 37 x U+00E9 (200 bytes: byte 127 in a character) */
#define B127 "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"
#define E37 "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9" \
	"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9" \
	"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"

/* Long label values: identity by the whole value, shown cut where a
 * character ends and marked; Prometheus's error cut the same way. */
static void test_model_long(void)
{
	struct prom_qstate q[PROM_Q_N] = { 0 };
	struct prom_vector v;
	struct prom_model m;
	char err[256], a[200];
	int i;

	CHECK_EQ_U(sizeof(B127) - 1, 127);
	CHECK_EQ_U(sizeof(E37) - 1, 74);
	set(q, PROM_Q_UP, ANS(V("\"instance\":\"" B127 "1\"", "1") ","
			      V("\"instance\":\"" B127 "2\"", "2") ","
			      V("\"instance\":\"" B127 "1\"", "3") ","
			      V("\"instance\":\"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
				"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" E37
				"\",\"job\":\"" E37 "\"", "4")));
	set(q, PROM_Q_PORTS, ANS(V("\"instance\":\"h\",\"device\":\"d\",\"port\":\"11111111111111\xc3\xa9\","
				   "\"f\":\"rx\"", "5")));
	set(q, PROM_Q_JOBS, ANS(V("\"kind\":\"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkk\xc3\xa9\",\"group\":\"g\","
				  "\"f\":\"hosts\"", "6")));
	CHECK_EQ_U(prom_model_build(&m, q), 0);
	/* the two sharing 127 bytes are two, each instance whole; the
	 * first's second series is its own */
	CHECK_EQ_U(m.n_hosts, 3);
	CHECK(m.hosts[0].up == 3 && m.hosts[1].up == 2);
	CHECK_EQ_S(m.hosts[0].instance, B127 "1");
	CHECK_EQ_S(m.hosts[1].instance, B127 "2");
	CHECK(strlen(m.hosts[2].instance) == 200 && !strcmp(m.hosts[2].instance + 126, E37));
	CHECK_EQ_S(m.hosts[2].job, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
		   "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
		   "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
		   "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9");
	/* fixed fields: port[16], kind[32] */
	CHECK(m.n_ports == 1 && m.ports[0].rx == 5);
	CHECK_EQ_S(m.ports[0].port, "111111111111\xe2\x80\xa6");
	CHECK(m.n_jobs == 1 && m.jobs[0].hosts == 6);
	CHECK_EQ_S(m.jobs[0].kind, "kkkkkkkkkkkkkkkkkkkkkkkkkkkk\xe2\x80\xa6");
	prom_model_free(&m);
	for (i = 0; i < PROM_Q_N; i++)
		prom_vector_free(&q[i].v);
	/* an error text with a character across the end of err */
	CHECK_EQ_U(prom_parse_answer("{\"status\":\"error\",\"error\":\"" B127 B127 E37 "\"}",
				     sizeof("{\"status\":\"error\",\"error\":\"" B127 B127 E37 "\"}") - 1,
				     10, &v, err, 256), -EINVAL);
	CHECK_EQ_U(strlen(err), 255);
	CHECK(!strncmp(err, "Prometheus: error: BBB", 22));
	CHECK(!strcmp(err + 252, "\xe2\x80\xa6"));
	CHECK_EQ_S(fmt_cut(a, 8, "ab\xc3\xa9\xc3\xa9\xc3\xa9"), "ab\xc3\xa9\xe2\x80\xa6");
	CHECK_EQ_S(fmt_cut(a, 9, "ab\xc3\xa9\xc3\xa9"), "ab\xc3\xa9\xc3\xa9");
	CHECK_EQ_S(fmt_cut(a, 3, "abcd"), "ab");
}

/* n series, each with labels k1=v1[,k2=v2] where v1 is "host-%d" of i */
static void vec_of(struct prom_vector *v, size_t n, const char *k1, const char *k2, const char *v2)
{
	size_t i;

	v->s = calloc(n, sizeof(*v->s));
	v->n = n;
	for (i = 0; v->s && i < n; i++) {
		struct prom_series *s = &v->s[i];
		char name[32];

		snprintf(name, sizeof(name), "host-%zu", i);
		/* one allocation, as the parser makes it (prom_vector_free) */
		s->labels = calloc(1, 2 * sizeof(*s->labels) + 4 * 64);
		if (!s->labels)
			continue;
		s->labels[0].name = (char *)(s->labels + 2);
		s->labels[0].value = s->labels[0].name + 64;
		s->labels[1].name = s->labels[0].name + 128;
		s->labels[1].value = s->labels[0].name + 192;
		snprintf(s->labels[0].name, 64, "%s", k1);
		snprintf(s->labels[0].value, 64, "%s", name);
		s->n_labels = 1;
		if (k2) {
			snprintf(s->labels[1].name, 64, "%s", k2);
			snprintf(s->labels[1].value, 64, "%s", v2);
			s->n_labels = 2;
		}
		s->value = (double)i;
	}
}

/* 20,000 hosts, five answers each, a group and a port each: found by a
 * hash, not by looking through every row (27 s of CPU before; 200 s at
 * 50,000) */
static void test_model_scale(void)
{
	static struct prom_qstate q[PROM_Q_N];
	const size_t n = 20000;
	struct prom_select s = { .sort = -1, .job = "/g" };
	struct timespec t0, t1;
	struct prom_model m;
	size_t *idx;
	char err[256];
	double cpu;
	int i;

	vec_of(&q[PROM_Q_UP].v, n, "instance", "job", "rdma");
	vec_of(&q[PROM_Q_HOST].v, n, "instance", "f", "rx");
	vec_of(&q[PROM_Q_PORTSTATE].v, n, "instance", "state", "ACTIVE");
	vec_of(&q[PROM_Q_ERR].v, n, "instance", "class", "error");
	vec_of(&q[PROM_Q_QPS].v, n, "instance", "state", "RTS");
	vec_of(&q[PROM_Q_HOSTGROUPS].v, n, "instance", "group", "g");
	vec_of(&q[PROM_Q_PORTS].v, n, "instance", "f", "tx");
	vec_of(&q[PROM_Q_JOBS].v, n, "group", "kind", "job");
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
	CHECK_EQ_U(prom_model_build(&m, q), 0);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
	cpu = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	CHECK(cpu < 5);	/* 0.2 s here, 27 s before; room for ASan */
	CHECK(m.n_hosts == n && m.n_ports == n && m.n_jobs == n && m.n_hgroups == n);
	CHECK_EQ_S(m.hosts[12345].instance, "host-12345");
	CHECK(m.hosts[12345].rx == 12345 && m.hosts[12345].ports_up == 12345);
	CHECK_EQ_S(m.hosts[12345].top_group, "/g");
	CHECK(m.ports[777].tx == 777 && isnan(m.jobs[4242].hosts));
	/* Enter on a job: its hosts, each found among the groups by bsearch */
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
	CHECK_EQ_U(prom_select_rows(&m, PROM_T_HOSTS, &s, &idx, err, sizeof(err)), n);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
	cpu = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	CHECK(cpu < 5);	/* 0.05 s here, 44 s before */
	free(idx);
	s.job = "/h";
	CHECK_EQ_U(prom_select_rows(&m, PROM_T_HOSTS, &s, &idx, err, sizeof(err)), 0);
	free(idx);
	prom_model_free(&m);
	for (i = 0; i < PROM_Q_N; i++)
		prom_vector_free(&q[i].v);
}

TEST_MAIN(test_answer, test_interval, test_interval_edge, test_cells, test_config, test_query,
	  test_time, test_model, test_model_down_procs, test_model_long, test_model_scale)
