// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The endpoint's operator side: Accept-Encoding as Prometheus, curl and
 * browsers send it, gzip that zlib reads back, and the landing page.
 * (What systemd passes and hears is driven for real by tests/http/ops.sh.)
 */
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "http_ops.h"
#include "test.h"

static void test_accept_gzip(void)
{
	static const struct {
		const char *v;
		bool gz;
	} t[] = {
		{ "gzip", true },			/* Prometheus 2.42 */
		{ "deflate, gzip", true },		/* curl --compressed */
		{ "gzip, deflate, br", true },		/* browsers */
		{ "GZIP", true },
		{ "x-gzip", true },
		{ "gzip;q=0", false },
		{ "gzip; q=0.001", true },
		{ "gzip;q=0.0", false },
		{ "gzip;q=2", false },			/* not a qvalue: refused */
		{ "gzip;q=", false },
		{ "gzip;q=-1", false },
		{ "*", true },
		{ "*;q=0.5, gzip;q=0", false },
		{ "gzip;q=0, *", false },
		{ "*;q=0", false },
		{ "identity", false },
		{ "br, deflate", false },
		{ "", false },
		{ "gzipx", false },
		{ "xgzip", false },
		{ " gzip ", true },
		{ ",,gzip,,", true },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		if (http_accept_gzip(t[i].v, strlen(t[i].v)) != t[i].gz)
			fprintf(stderr, "Accept-Encoding '%s'\n", t[i].v);
		CHECK(http_accept_gzip(t[i].v, strlen(t[i].v)) == t[i].gz);
	}
	/* the length, not a NUL, ends the value */
	CHECK(!http_accept_gzip("gzip", 3));
}

static void test_gzip(void)
{
	static const char text[] = "# HELP rdma_up x\n# TYPE rdma_up gauge\nrdma_up 1\n";
	char *z, big[65536], *back;
	size_t zlen, i;
	uLongf blen;
	z_stream s = { 0 };

	for (i = 0; i < sizeof(big); i++)
		big[i] = "rdma_port_receive_bytes_total{device=\"rxe0\"} 1\n"[i % 48];
	CHECK_EQ_U(http_gzip(big, sizeof(big), &z, &zlen), 0);
	CHECK(zlen > 18 && zlen < sizeof(big) / 20);
	CHECK((unsigned char)z[0] == 0x1f && (unsigned char)z[1] == 0x8b);	/* gzip */
	back = malloc(sizeof(big));
	blen = sizeof(big);
	CHECK(inflateInit2(&s, 15 + 16) == Z_OK);
	s.next_in = (Bytef *)z;
	s.avail_in = (uInt)zlen;
	s.next_out = (Bytef *)back;
	s.avail_out = (uInt)blen;
	CHECK(inflate(&s, Z_FINISH) == Z_STREAM_END && s.total_out == sizeof(big));
	CHECK(!memcmp(back, big, sizeof(big)));
	inflateEnd(&s);
	free(back);
	free(z);
	CHECK_EQ_U(http_gzip(text, 0, &z, &zlen), 0);	/* empty: still a gzip member */
	CHECK(zlen >= 20);
	free(z);
}

static void test_landing_page(void)
{
	char *p = http_landing_page("/metrics", "1.2.3");

	CHECK(p && strstr(p, "<a href=\"/metrics\">") && strstr(p, "Version 1.2.3") &&
	      strstr(p, "/-/healthy") && strstr(p, "/-/ready") && !strstr(p, "://"));
	free(p);
	p = http_landing_page("/a\"><script>&'", "1");
	CHECK(p && !strstr(p, "<script>") && strstr(p, "/a&quot;&gt;&lt;script&gt;&amp;&#39;"));
	free(p);
}

TEST_MAIN(test_accept_gzip, test_gzip, test_landing_page)
