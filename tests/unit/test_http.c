// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The --listen endpoint's own decisions: Accept negotiation as Prometheus
 * and curl send it; listen addresses and the wildcard check; basic
 * authentication against hashes made by Apache's htpasswd (the tool the
 * exporter-toolkit documents), its cache and its budget; the atomic
 * textfile.  (The request head is libmicrohttpd's: tests/http drives it.)
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "export.h"
#include "http.h"
#include "test.h"

/* What Prometheus 2.42 sends (scrape.go acceptHeader). */
#define PROM_ACCEPT "application/openmetrics-text;version=1.0.0,application/openmetrics-text;" \
		    "version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1"

static void test_accept(void)
{
	static const struct {
		const char *v;
		bool om;
	} t[] = {
		{ PROM_ACCEPT, true },
		{ "application/openmetrics-text; version=1.0.0; charset=utf-8", true },
		{ "*/*", false },
		{ "", false },
		{ "text/plain;version=0.0.4", false },
		{ "text/plain;version=0.0.4;q=0.9,application/openmetrics-text;q=0.5", false },
		{ "application/openmetrics-text;q=0", false },
		{ "application/openmetrics-text;q=0.5, text/plain;q=0.5", true },
		{ "Application/OpenMetrics-Text", true },
		{ "application/openmetrics-textx", false },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		if (http_accept_openmetrics(t[i].v, strlen(t[i].v)) != t[i].om)
			fprintf(stderr, "Accept: %s\n", t[i].v);
		CHECK(http_accept_openmetrics(t[i].v, strlen(t[i].v)) == t[i].om);
	}
}

static void test_listen_spec(void)
{
	struct sockaddr_storage ss;
	struct sockaddr_in *in = (struct sockaddr_in *)&ss;
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&ss;
	static const char *const bad[] = {
		"", ":", "::1:9101", "[::1]9101", "[::1]:", ":99999", ":-1", "x:9101x", ":9101 ",
	};
	char err[128], ip[64];
	socklen_t len;
	size_t i;

	CHECK_EQ_U(http_parse_listen(":9101", &ss, &len, err, sizeof(err)), 0);
	CHECK(ss.ss_family == AF_INET && ntohs(in->sin_port) == 9101);
	CHECK_EQ_S(inet_ntop(AF_INET, &in->sin_addr, ip, sizeof(ip)), "127.0.0.1");
	CHECK_EQ_U(http_parse_listen("9102", &ss, &len, err, sizeof(err)), 0);
	CHECK(ss.ss_family == AF_INET && ntohs(in->sin_port) == 9102);
	CHECK_EQ_U(http_parse_listen("0.0.0.0:80", &ss, &len, err, sizeof(err)), 0);
	CHECK_EQ_S(inet_ntop(AF_INET, &in->sin_addr, ip, sizeof(ip)), "0.0.0.0");
	CHECK_EQ_U(http_parse_listen("[::1]:9101", &ss, &len, err, sizeof(err)), 0);
	CHECK(ss.ss_family == AF_INET6 && ntohs(in6->sin6_port) == 9101);
	CHECK_EQ_U(len, sizeof(struct sockaddr_in6));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		CHECK_EQ_U(http_parse_listen(bad[i], &ss, &len, err, sizeof(err)),
			   (uint64_t)-EINVAL);
		CHECK(err[0] != '\0');
	}
}

/* htpasswd -nbBC 4 prometheus 's3cret:x' and -nbBC 4 alice wonderland */
static const struct webcfg_user users[] = {
	{ "prometheus", "$2y$04$.GVO5OZy2CFRv/P5Ay2zSet9YH9Qqk0NnjaljTkJe78KNyYC2aoSu" },
	{ "alice", "$2y$04$gutOttwurhVst4Df31CUFemgv9q8Dxa9k0ST4C/gdnP7I9FLXTchG" },
};

/* What the server does, with the workers' part run here. */
static enum http_auth_result check(struct http_auth *a, const char *user, const char *pass,
				   const struct http_prefix *who, double t)
{
	struct http_auth_job *job;
	enum http_auth_result r = http_auth_begin(a, user, pass, who, t, &job);

	if (r != HTTP_AUTH_PENDING)
		return r;
	http_auth_run(job);
	return http_auth_finish(a, job);
}

static struct http_prefix client(const char *ip)
{
	struct sockaddr_storage ss = { 0 };
	struct http_prefix p;

	if (strchr(ip, ':')) {
		ss.ss_family = AF_INET6;
		inet_pton(AF_INET6, ip, &((struct sockaddr_in6 *)&ss)->sin6_addr);
	} else {
		ss.ss_family = AF_INET;
		inet_pton(AF_INET, ip, &((struct sockaddr_in *)&ss)->sin_addr);
	}
	http_prefix_of((struct sockaddr *)&ss, HTTP_PREFIX4, HTTP_PREFIX6, &p);
	return p;
}

static void test_auth(void)
{
	struct http_prefix me = client("127.0.0.1");
	struct http_auth *a;
	double t = 100;

	CHECK_EQ_U(http_auth_new(&a, users, 2), 0);
	CHECK_EQ_U(check(a, "prometheus", "s3cret:x", &me, t), HTTP_AUTH_OK);
	CHECK_EQ_U(check(a, "alice", "wonderland", &me, t), HTTP_AUTH_OK);
	t += 10;
	CHECK_EQ_U(check(a, "prometheus", "s3cret", &me, t), HTTP_AUTH_DENIED);
	CHECK_EQ_U(check(a, "prometheus", "s3cret:x ", &me, t), HTTP_AUTH_DENIED);
	t += 10;
	CHECK_EQ_U(check(a, "alice", "s3cret:x", &me, t), HTTP_AUTH_DENIED);
	/* an unknown user with a password that is another user's */
	CHECK_EQ_U(check(a, "mallory", "s3cret:x", &me, t), HTTP_AUTH_DENIED);
	t += 10;
	CHECK_EQ_U(check(a, "", "", &me, t), HTTP_AUTH_DENIED);
	http_auth_free(a);
}

/* A stream of wrong passwords from one client runs out of its bcrypt
 * checks; a scraper that passed before still passes, from the cache;
 * another client has its own budget; the budget refills. */
static void test_auth_budget(void)
{
	struct http_prefix me = client("127.0.0.1"), other = client("127.0.0.2");
	struct http_prefix near = client("2001:db8:1:2::7"), far = client("2001:db8:1:3::7");
	struct http_auth *a;
	double t = 100;
	int i, busy = 0, denied = 0;

	CHECK_EQ_U(http_auth_new(&a, users, 2), 0);
	CHECK_EQ_U(check(a, "prometheus", "s3cret:x", &me, t), HTTP_AUTH_OK);
	for (i = 0; i < 50; i++) {
		enum http_auth_result r = check(a, "prometheus", "guess", &me, t);

		busy += r == HTTP_AUTH_BUSY;
		denied += r == HTTP_AUTH_DENIED;
	}
	CHECK_EQ_U(denied, (int)HTTP_AUTH_BURST - 1);
	CHECK_EQ_U(busy, 50 - denied);
	CHECK_EQ_U(check(a, "prometheus", "s3cret:x", &me, t), HTTP_AUTH_OK);
	CHECK_EQ_U(check(a, "alice", "wonderland", &me, t), HTTP_AUTH_BUSY);
	/* another address: a budget of its own, the first login passes */
	CHECK_EQ_U(check(a, "alice", "wonderland", &other, t), HTTP_AUTH_OK);
	/* one /64 is one client; the next /64 is another */
	for (i = 0; i < 20; i++)
		check(a, "alice", "guess", &near, t);
	CHECK_EQ_U(check(a, "prometheus", "nope", &near, t), HTTP_AUTH_BUSY);
	CHECK_EQ_U(check(a, "prometheus", "nope", &far, t), HTTP_AUTH_DENIED);
	t += 1.0 / HTTP_AUTH_RATE;	/* one more */
	CHECK_EQ_U(check(a, "prometheus", "nope", &me, t), HTTP_AUTH_DENIED);
	CHECK_EQ_U(check(a, "prometheus", "nope", &me, t), HTTP_AUTH_BUSY);
	http_auth_free(a);
}

/* At most HTTP_AUTH_PER_CLIENT checks of one client wait at once, and the
 * one with more tokens left ranks first. */
static void test_auth_pending(void)
{
	struct http_prefix me = client("10.0.0.1"), other = client("10.0.0.2");
	struct http_auth_job *j[HTTP_AUTH_PER_CLIENT + 1], *o;
	struct http_auth *a;
	int i;

	CHECK_EQ_U(http_auth_new(&a, users, 2), 0);
	for (i = 0; i < HTTP_AUTH_PER_CLIENT; i++)
		CHECK_EQ_U(http_auth_begin(a, "alice", "x", &me, 1, &j[i]), HTTP_AUTH_PENDING);
	CHECK_EQ_U(http_auth_begin(a, "alice", "x", &me, 1, &j[i]), HTTP_AUTH_BUSY);
	CHECK_EQ_U(http_auth_begin(a, "alice", "x", &other, 1, &o), HTTP_AUTH_PENDING);
	CHECK(o->prio > j[HTTP_AUTH_PER_CLIENT - 1]->prio);
	http_auth_drop(a, j[0]);
	CHECK_EQ_U(http_auth_begin(a, "alice", "x", &me, 1, &j[0]), HTTP_AUTH_PENDING);
	for (i = 0; i < HTTP_AUTH_PER_CLIENT; i++)
		http_auth_drop(a, j[i]);
	http_auth_drop(a, o);
	http_auth_free(a);
}

/* A user whose hash is cheaper than the dearest takes as long as it, and
 * so does an unknown user: the time does not tell who exists. */
static void test_auth_timing(void)
{
	static const struct webcfg_user mixed[] = {
		{ "cheap", "$2y$04$gutOttwurhVst4Df31CUFemgv9q8Dxa9k0ST4C/gdnP7I9FLXTchG" },
		/* htpasswd -nbBC 10 dear x */
		{ "dear", "$2y$10$VEkP0bvrNjwiHQ5tTSCYhOlzwsW0OH2a/8djHbCDUsq7LBxjXKFjO" },
	};
	struct http_prefix me = client("10.0.0.3");
	struct http_auth_job *job;
	struct http_auth *a;
	struct timespec t0, t1;
	double known, unknown;

	CHECK_EQ_U(http_auth_new(&a, mixed, 2), 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	CHECK_EQ_U(check(a, "mallory", "x", &me, 1), HTTP_AUTH_DENIED);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	unknown = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	CHECK_EQ_U(http_auth_begin(a, "cheap", "wonderland", &me, 2, &job), HTTP_AUTH_PENDING);
	CHECK(job->dear[0] && job->pad > 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	http_auth_run(job);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	known = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	CHECK_EQ_U(http_auth_finish(a, job), HTTP_AUTH_OK);
	/* cost 4 alone is ~1/64 of cost 10 */
	if (!(known > unknown / 2))
		fprintf(stderr, "cheap user %.4f s, unknown %.4f s\n", known, unknown);
	CHECK(known > unknown / 2);
	http_auth_free(a);
}

static void test_prefix(void)
{
	struct http_prefix a = client("2001:db8::1"), b = client("2001:db8::ffff:1");
	struct http_prefix c = client("2001:db8:0:1::1"), d = client("::ffff:127.0.0.1");
	struct http_prefix e = client("127.0.0.1"), f = client("127.0.0.2");
	struct sockaddr_in6 s6 = { .sin6_family = AF_INET6 };
	struct sockaddr_in s4 = { .sin_family = AF_INET };
	struct http_prefix x, y;

	CHECK(http_prefix_eq(&a, &b));
	CHECK(!http_prefix_eq(&a, &c));
	CHECK(http_prefix_eq(&d, &e));	/* IPv4-mapped is IPv4 */
	CHECK(!http_prefix_eq(&e, &f));
	/* other prefixes: /56 joins the two /64s, /128 parts two addresses,
	 * /24 joins 10.1.2.3 and 10.1.2.200, /0 is everyone */
	inet_pton(AF_INET6, "2001:db8:0:1::1", &s6.sin6_addr);
	http_prefix_of((struct sockaddr *)&s6, 32, 56, &x);
	inet_pton(AF_INET6, "2001:db8:0:ff::2", &s6.sin6_addr);
	http_prefix_of((struct sockaddr *)&s6, 32, 56, &y);
	CHECK(http_prefix_eq(&x, &y));
	http_prefix_of((struct sockaddr *)&s6, 32, 128, &x);
	inet_pton(AF_INET6, "2001:db8:0:ff::3", &s6.sin6_addr);
	http_prefix_of((struct sockaddr *)&s6, 32, 128, &y);
	CHECK(!http_prefix_eq(&x, &y));
	http_prefix_of((struct sockaddr *)&s6, 32, 127, &x);
	CHECK(http_prefix_eq(&x, &y) == false);
	inet_pton(AF_INET6, "2001:db8:0:ff::2", &s6.sin6_addr);
	http_prefix_of((struct sockaddr *)&s6, 32, 127, &y);
	CHECK(http_prefix_eq(&x, &y));
	inet_pton(AF_INET, "10.1.2.3", &s4.sin_addr);
	http_prefix_of((struct sockaddr *)&s4, 24, 64, &x);
	inet_pton(AF_INET, "10.1.2.200", &s4.sin_addr);
	http_prefix_of((struct sockaddr *)&s4, 24, 64, &y);
	CHECK(http_prefix_eq(&x, &y));
	CHECK_EQ_U(x.addr[2], 2);
	CHECK_EQ_U(x.addr[3], 0);
	http_prefix_of((struct sockaddr *)&s4, 0, 64, &x);
	CHECK_EQ_U(x.addr[0], 0);
}

static void test_budget_clients(void)
{
	static struct http_budget b;	/* 256 clients: not on the stack */
	struct sockaddr_in s4 = { .sin_family = AF_INET };
	struct http_prefix p, first;
	int i;

	/* more clients than remembered: the least recent is forgotten, each
	 * new one starts with a full budget */
	for (i = 0; i < HTTP_AUTH_CLIENTS + 10; i++) {
		s4.sin_addr.s_addr = htonl(0x0a000000u + (unsigned int)i);
		http_prefix_of((struct sockaddr *)&s4, 32, 64, &p);
		if (!i)
			first = p;
		CHECK(http_budget_take(&b, &p, 1 + i * 0.001) == HTTP_AUTH_BURST - 1);
		http_budget_done(&b, &p);
	}
	CHECK(http_budget_take(&b, &first, 2) == HTTP_AUTH_BURST - 1);
	/* the budget of a client with a check pending is kept */
	CHECK(http_budget_take(&b, &first, 2) == HTTP_AUTH_BURST - 2);
	CHECK(http_budget_take(&b, &first, 2) < 0);	/* HTTP_AUTH_PER_CLIENT */
}

static void test_bcrypt_cost(void)
{
	CHECK_EQ_U(webcfg_bcrypt_cost("$2y$10$VEkP0bvrNjwiHQ5tTSCYhOlzwsW0OH2a/8djHbCDUsq7LBxjXKFjO"), 10);
	CHECK_EQ_U(webcfg_bcrypt_cost("$2b$04$"), 4);
	CHECK_EQ_U(webcfg_bcrypt_cost("$2a$31$x"), 31);
	CHECK_EQ_U(webcfg_bcrypt_cost("$2y$1$x"), (uint64_t)-1);
	CHECK_EQ_U(webcfg_bcrypt_cost("$2y$"), (uint64_t)-1);
	CHECK_EQ_U(webcfg_bcrypt_cost("$1$10$"), (uint64_t)-1);
}

static void test_head(void)
{
	static const struct {
		const char *head;
		int want;
	} t[] = {
		{ "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n", 1 },
		{ "\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", 1 },
		{ "GET /metrics HTTP/1.1\r\nHost: x\r\n", 0 },
		{ "GET /metrics HTTP/1.1\r", 0 },
		{ "GET /metrics HTTP/1.1\nHost: x\n\n", -1 },
		{ "GET /metrics HTTP/1.1\r\nHost: x\n\r\n", -1 },
		{ "GET /metrics HTTP/1.1\r\nX-A: 1\r\n 2\r\n\r\n", -1 },
		{ "GET /metrics HTTP/1.1\r\nX-A: 1\r\n\t2\r\n\r\n", -1 },
		{ "GET /metrics HTTP/1.1\r\nX-A: 1\rX\r\n\r\n", -1 },
	};
	static const char nul[] = "GET / HTTP/1.1\r\nX-A: a\0b\r\n\r\n";
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		if (http_head_check(t[i].head, strlen(t[i].head)) != t[i].want)
			fprintf(stderr, "head %zu\n", i);
		CHECK(http_head_check(t[i].head, strlen(t[i].head)) == t[i].want);
	}
	CHECK_EQ_U(http_head_check(nul, sizeof(nul) - 1), (uint64_t)-1);
}

static void test_wildcard(void)
{
	static const struct {
		const char *spec;
		bool any;
	} t[] = {
		{ "0.0.0.0:9101", true }, { "[::]:9101", true }, { ":9101", false },
		{ "127.0.0.1:9101", false }, { "[::1]:9101", false }, { "10.1.2.3:1", false },
	};
	struct sockaddr_storage ss;
	char err[128];
	socklen_t len;
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		CHECK_EQ_U(http_parse_listen(t[i].spec, &ss, &len, err, sizeof(err)), 0);
		CHECK(http_addr_is_wildcard(&ss) == t[i].any);
	}
}

static void test_textfile(void)
{
	char dir[] = "/tmp/rdmatop-textfile-XXXXXX", path[128], *got;
	struct stat st;
	size_t len;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/rdma.prom", dir);
	CHECK_EQ_U(export_write_file(path, "# HELP rdma_a\n", 14), 0);
	CHECK_EQ_U(export_write_file(path, "# HELP rdma_b\n", 14), 0);
	got = test_slurp(path, &len);
	CHECK(got && len == 14 && !memcmp(got, "# HELP rdma_b\n", 14));
	free(got);
	CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0644);
	/* no temp file left behind */
	CHECK_EQ_U(rmdir(dir) == -1 && errno == ENOTEMPTY, 1);
	unlink(path);
	CHECK_EQ_U(rmdir(dir), 0);
	/* a directory that does not exist: an error, nothing written */
	CHECK_EQ_U(export_write_file("/nonexistent-dir/x.prom", "a", 1), (uint64_t)-ENOENT);
}

TEST_MAIN(test_accept, test_listen_spec, test_wildcard, test_auth, test_auth_budget,
	  test_auth_pending, test_auth_timing, test_prefix, test_budget_clients, test_bcrypt_cost,
	  test_head, test_textfile)
