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

static void test_auth(void)
{
	struct http_auth *a;
	double t = 100;

	CHECK_EQ_U(http_auth_new(&a, users, 2), 0);
	CHECK_EQ_U(http_auth_check(a, "prometheus", "s3cret:x", t), HTTP_AUTH_OK);
	CHECK_EQ_U(http_auth_check(a, "alice", "wonderland", t), HTTP_AUTH_OK);
	CHECK_EQ_U(http_auth_check(a, "prometheus", "s3cret", t), HTTP_AUTH_DENIED);
	CHECK_EQ_U(http_auth_check(a, "prometheus", "s3cret:x ", t), HTTP_AUTH_DENIED);
	CHECK_EQ_U(http_auth_check(a, "alice", "s3cret:x", t), HTTP_AUTH_DENIED);
	/* an unknown user with a password that is another user's */
	CHECK_EQ_U(http_auth_check(a, "mallory", "s3cret:x", t), HTTP_AUTH_DENIED);
	CHECK_EQ_U(http_auth_check(a, "", "", t), HTTP_AUTH_DENIED);
	http_auth_free(a);
}

/* A stream of wrong passwords runs out of bcrypt checks; a scraper that
 * passed before still passes, from the cache; the budget refills. */
static void test_auth_budget(void)
{
	struct http_auth *a;
	double t = 100;
	int i, busy = 0, denied = 0;

	CHECK_EQ_U(http_auth_new(&a, users, 2), 0);
	CHECK_EQ_U(http_auth_check(a, "prometheus", "s3cret:x", t), HTTP_AUTH_OK);
	for (i = 0; i < 50; i++) {
		enum http_auth_result r = http_auth_check(a, "prometheus", "guess", t);

		busy += r == HTTP_AUTH_BUSY;
		denied += r == HTTP_AUTH_DENIED;
	}
	CHECK_EQ_U(denied, (int)HTTP_AUTH_BURST - 1);
	CHECK_EQ_U(busy, 50 - denied);
	CHECK_EQ_U(http_auth_check(a, "prometheus", "s3cret:x", t), HTTP_AUTH_OK);
	CHECK_EQ_U(http_auth_check(a, "alice", "wonderland", t), HTTP_AUTH_BUSY);
	t += 1;		/* HTTP_AUTH_RATE more */
	CHECK_EQ_U(http_auth_check(a, "alice", "wonderland", t), HTTP_AUTH_OK);
	CHECK_EQ_U(http_auth_check(a, "alice", "wonderland", t), HTTP_AUTH_OK);
	http_auth_free(a);
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

TEST_MAIN(test_accept, test_listen_spec, test_wildcard, test_auth, test_auth_budget, test_textfile)
