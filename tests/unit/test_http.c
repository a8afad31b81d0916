// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The --listen request parser: requests split anywhere, oversized heads,
 * too many headers, bad methods and malformed lines; Accept negotiation as
 * Prometheus and curl send it; listen addresses; the atomic textfile.
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

static ssize_t parse(const char *s, struct http_req *r)
{
	return http_parse(s, strlen(s), r);
}

static void test_whole(void)
{
	const char *req = "GET /metrics HTTP/1.1\r\nHost: x\r\nAccept: " PROM_ACCEPT "\r\n\r\n";
	struct http_req r;

	CHECK_EQ_U(parse(req, &r), strlen(req));
	CHECK(r.method == HTTP_GET && r.metrics && r.openmetrics);
	CHECK_EQ_U(parse("GET /metrics HTTP/1.0\n\n", &r), 23);
	CHECK(r.metrics && !r.openmetrics);
	CHECK_EQ_U(parse("\r\nHEAD /metrics?x=1 HTTP/1.1\r\n\r\n", &r), 32);
	CHECK(r.method == HTTP_HEAD && r.metrics);
	CHECK(parse("GET /metricsx HTTP/1.1\r\n\r\n", &r) > 0 && !r.metrics);
	CHECK(parse("GET / HTTP/1.1\r\n\r\n", &r) > 0 && !r.metrics);
	CHECK(parse("GET /metrics/ HTTP/1.1\r\n\r\n", &r) > 0 && !r.metrics);
	/* the head ends at the blank line; what follows is not ours to read */
	CHECK_EQ_U(parse("GET /metrics HTTP/1.1\r\n\r\nGET / HTTP/1.1\r\n\r\n", &r), 25);
}

/* Every split point: incomplete until the last byte, same result then. */
static void test_split(void)
{
	const char *req = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1:9101\r\n"
			  "User-Agent: Prometheus/2.42.0\r\nAccept: " PROM_ACCEPT "\r\n\r\n";
	size_t n = strlen(req), i;
	struct http_req r;

	for (i = 0; i < n; i++)
		if (http_parse(req, i, &r) != 0)
			fprintf(stderr, "split at %zu: not incomplete\n", i);
	for (i = 0; i < n; i++)
		CHECK_EQ_U(http_parse(req, i, &r), 0);
	CHECK_EQ_U(http_parse(req, n, &r), n);
	CHECK(r.metrics && r.openmetrics);
}

static void test_oversized(void)
{
	char *big = malloc(HTTP_HEAD_MAX + 64);
	struct http_req r;
	size_t n;

	n = (size_t)snprintf(big, HTTP_HEAD_MAX + 64, "GET /metrics HTTP/1.1\r\nX-Pad: ");
	memset(big + n, 'a', HTTP_HEAD_MAX + 64 - n);
	/* a full buffer without the blank line: no more waiting */
	CHECK_EQ_U(http_parse(big, HTTP_HEAD_MAX - 1, &r), 0);
	CHECK_EQ_U(http_parse(big, HTTP_HEAD_MAX, &r), (uint64_t)-E2BIG);
	/* a head that just fits */
	memcpy(big + HTTP_HEAD_MAX - 4, "\r\n\r\n", 4);
	CHECK_EQ_U(http_parse(big, HTTP_HEAD_MAX, &r), HTTP_HEAD_MAX);
	/* one byte more does not */
	memcpy(big + HTTP_HEAD_MAX - 4, "aaaa", 4);
	memcpy(big + HTTP_HEAD_MAX - 3, "\r\n\r\n", 4);
	CHECK_EQ_U(http_parse(big, HTTP_HEAD_MAX + 1, &r), (uint64_t)-E2BIG);
	free(big);
}

static void test_header_count(void)
{
	char buf[4096];
	struct http_req r;
	size_t n;
	int i;

	n = (size_t)snprintf(buf, sizeof(buf), "GET /metrics HTTP/1.1\r\n");
	for (i = 0; i < HTTP_HEADERS_MAX; i++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "X-%d: y\r\n", i);
	strcpy(buf + n, "\r\n");
	CHECK_EQ_U(parse(buf, &r), n + 2);
	strcpy(buf + n, "X-last: y\r\n\r\n");
	CHECK_EQ_U(parse(buf, &r), (uint64_t)-E2BIG);
	/* refused before the head is even complete */
	strcpy(buf + n, "X-a: 1\r\nX-b: 2\r\nX-c: 3\r\n");
	CHECK_EQ_U(parse(buf, &r), (uint64_t)-E2BIG);
}

static void test_methods_and_garbage(void)
{
	static const char *const bad[] = {
		"G@T /metrics HTTP/1.1\r\n\r\n",
		"GET /metrics\r\n\r\n",
		"GET  /metrics HTTP/1.1\r\n\r\n",
		"GET /metrics HTTP/2.0\r\n\r\n",
		"GET /metrics HTTP/1.1 \r\n\r\n",
		"GET /metrics HTTP/1.12\r\n\r\n",
		"GET /met\x01rics HTTP/1.1\r\n\r\n",
		"GET /metrics HTTP/1.1\r\nHost : x\r\n\r\n",
		"GET /metrics HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
		"GET /metrics HTTP/1.1\r\nNoColon\r\n\r\n",
		"GET /metrics HTTP/1.1\r\n: empty name\r\n\r\n",
		"GET /metrics HTTP/1.1\r\nX: a\x1b[2Jb\r\n\r\n",
		"\r\n\r\n",
		"\x16\x03\x01\x02\x01\x01\x01\x01\xfc\x03\x03\n\n",	/* TLS */
	};
	static const char *const other[] = {
		"POST /metrics HTTP/1.1\r\nContent-Length: 3\r\n\r\n",
		"PUT /metrics HTTP/1.1\r\n\r\n", "DELETE / HTTP/1.1\r\n\r\n",
		"get /metrics HTTP/1.1\r\n\r\n", "OPTIONS * HTTP/1.1\r\n\r\n",
	};
	struct http_req r;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (parse(bad[i], &r) != -EBADMSG)
			fprintf(stderr, "accepted: %zu\n", i);
		CHECK_EQ_U(parse(bad[i], &r), (uint64_t)-EBADMSG);
	}
	for (i = 0; i < sizeof(other) / sizeof(other[0]); i++) {
		CHECK_EQ_U(parse(other[i], &r), strlen(other[i]));
		CHECK(r.method == HTTP_OTHER);
	}
}

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

static void test_textfile(void)
{
	char dir[] = "/tmp/rdmatop-textfile-XXXXXX", path[128], *got;
	struct stat st;
	size_t len;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/rdma.prom", dir);
	CHECK_EQ_U(export_write_file(path, "a 1\n", 4), 0);
	CHECK_EQ_U(export_write_file(path, "b 2\n", 4), 0);
	got = test_slurp(path, &len);
	CHECK(got && len == 4 && !memcmp(got, "b 2\n", 4));
	free(got);
	CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0644);
	/* no temp file left behind */
	CHECK_EQ_U(rmdir(dir) == -1 && errno == ENOTEMPTY, 1);
	unlink(path);
	CHECK_EQ_U(rmdir(dir), 0);
	/* a directory that does not exist: an error, nothing written */
	CHECK_EQ_U(export_write_file("/nonexistent-dir/x.prom", "a", 1), (uint64_t)-ENOENT);
}

TEST_MAIN(test_whole, test_split, test_oversized, test_header_count, test_methods_and_garbage,
	  test_accept, test_listen_spec, test_textfile)
