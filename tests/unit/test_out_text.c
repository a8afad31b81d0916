// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <math.h>
#include <errno.h>
#include <sys/socket.h>
#include <unistd.h>

#include "classify.h"
#include "fmt.h"
#include "hostile.h"
#include "out.h"
#include "test.h"

static void build(struct snapshot *s)
{
	struct snap_dev *d;
	struct snap_port *p;
	struct snap_qp *q;
	struct snap_task *t;
	struct snap_counter *c;
	static const char *const names[] = { "rx_bytes", "tx_bytes", "rx_packets", "tx_packets" };
	static const double rates[] = { 1572864, 0, 1200, 999.6 };
	int i;

	snap_init(s);
	s->wall.tv_sec = 1796014800;
	s->wall.tv_nsec = 5000000;
	s->interval = 2;
	snprintf(s->host, sizeof(s->host), "h\x1b[2Jost");
	snprintf(s->kernel, sizeof(s->kernel), "6.12.95");
	s->sys.valid = SNAP_SYS_NETNS_MODE | SNAP_SYS_MONITOR;
	s->sys.monitor_mode = 1;
	d = snap_push(&s->devs, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "rxe0");
	snprintf(d->protocol, sizeof(d->protocol), "roce");
	d->node_type = 1;
	d->node_guid = 0x000000fffe000001ULL;
	d->num_ports = 1;
	d->valid = SNAP_DEV_NODE_TYPE | SNAP_DEV_PROTOCOL | SNAP_DEV_NODE_GUID | SNAP_DEV_NUM_PORTS;
	d->res[SNAP_RES_QP] = 2;
	d->res_valid = 1 << SNAP_RES_QP;
	p = snap_port_get(s, 0, 1);
	p->state = 4;
	p->phys_state = 5;
	snprintf(p->ndev, sizeof(p->ndev), "dummy0");
	snprintf(p->rate, sizeof(p->rate), "10 Gb/sec (1X QDR)");
	p->valid = SNAP_PORT_STATE | SNAP_PORT_PHYS_STATE | SNAP_PORT_NDEV | SNAP_PORT_RATE;
	for (i = 0; i < 4; i++) {
		c = snap_push(&s->counters, sizeof(*c));
		c->port = 1;
		c->source = SNAP_SRC_NETDEV;
		c->name = snap_str(s, names[i], 32);
		c->cls = cnt_classify(names[i], &c->cls_flags);
		c->rate = rates[i];
		c->rate_status = RATE_DATA;
	}
	t = snap_task_get(s, 900);
	t->pid = 900;
	t->comm = snap_str(s, "\x1b]0;pwn\x07", 64);
	t->valid = SNAP_TASK_PID | SNAP_TASK_COMM;
	q = snap_push(&s->qps, sizeof(*q));
	q->port = 1;
	q->lqpn = 17;
	q->type = 2;
	q->state = 3;
	q->sq_psn = 5;
	q->sq_psn_rate = 250;
	q->own.tid = 900;
	q->own.valid = SNAP_OWN_TID;
	q->valid = SNAP_QP_PORT | SNAP_QP_TYPE | SNAP_QP_STATE | SNAP_QP_SQ_PSN | SNAP_QP_PSN_RATE;
	q = snap_push(&s->qps, sizeof(*q));
	q->port = 1;
	q->lqpn = 1;
	q->type = 1;
	q->state = 3;
	q->sq_psn = 3;
	q->own.kern = snap_str(s, "ib_core", 64);
	q->own.valid = SNAP_OWN_KERN;
	q->valid = SNAP_QP_PORT | SNAP_QP_TYPE | SNAP_QP_STATE | SNAP_QP_SQ_PSN;
	snap_note(s, -EPERM, 0, "keys need CAP_NET_ADMIN");
}

static char *render(const struct snapshot *s, const struct out_opts *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK_EQ_U(out_text(f, s, o), 0);
	fclose(f);
	return buf;
}

static void test_golden(void)
{
	struct snapshot s;
	size_t golden_len;
	char *out;

	build(&s);
	out = render(&s, NULL);
	test_golden_file("text.txt", out, NULL, "build/tests/test_out_text");
	CHECK(out && !strchr(out, 0x1b) && !strchr(out, 0x07));
	golden_len = out ? strlen(out) : 0;
	free(out);
	/* --bytes: the link's throughput in bytes, nothing else changes */
	{
		struct out_opts o = { .sort_col = -1, .bytes = true };

		out = render(&s, &o);
		CHECK(out && strstr(out, "10 Gb/sec (1X QDR)    1.5 MiB/s       0 B/s   1.2K/s"));
		CHECK(out && !strstr(out, " b/s"));
		CHECK(out && strlen(out) == golden_len);
		free(out);
	}
	snap_free(&s);
}

/* the display cells before byte off of line (the mark is one cell) */
static size_t cells_to(const char *line, size_t off)
{
	size_t w = 0;

	for (size_t i = 0; i < off; i++)
		w += ((unsigned char)line[i] & 0xc0) != 0x80;
	return w;
}

/* The screen's width rule in -b text: a name past the 40 cells its column
 * widens to is cut in the middle with the mark, a value past its column at
 * the end, and every column after it stays where its header is. */
static void test_width_rule(void)
{
	static const char dev[] = "rocep24s0f1_abcdefghijklmnopqrstuvwxyz_0123456789_p1";
	static const char cnt[] =
		"rx_prio0_discards_and_some_more_words_to_be_long_cnt";
	struct out_opts o = { .sort_col = -1 };
	struct snapshot s;
	struct snap_counter *c;
	char *out, *line, *hdr;
	int pass;

	build(&s);
	snprintf(SNAP_AT(&s.devs, struct snap_dev, 0)->name, SNAP_DEV_NAME_MAX, "%s", dev);
	c = SNAP_AT(&s.counters, struct snap_counter, 0);
	c->name = snap_str(&s, cnt, 64);
	for (pass = 0; pass < 2; pass++) {
		const char *mark = pass ? "~" : "\xe2\x80\xa6", *other = pass ? "\xe2\x80\xa6" : "~";
		char want[128];

		o.ascii = pass;
		out = render(&s, &o);
		CHECK(out != NULL);
		if (!out)
			break;
		/* 40 cells: 26 of the start, the mark, 13 of the end */
		snprintf(want, sizeof(want), "\n%.26s%s%s   0 ca ", dev, mark, dev + sizeof(dev) - 1 - 13);
		CHECK(strstr(out, want) != NULL);
		CHECK(!strstr(out, dev) && !strstr(out, other));
		/* the counter's name at its 40, the column after (DELTA)
		 * where its header ends */
		hdr = strstr(out, "\nCOUNTERS\n");
		hdr = hdr ? hdr + 9 : NULL;
		line = hdr ? strstr(hdr, "\nrocep24s0f1") : NULL;
		CHECK(line && strstr(line, mark));
		if (hdr && line) {
			const char *h = strstr(hdr, "DELTA"), *e = strchr(line + 1, '\n');
			size_t hw = cells_to(hdr + 1, (size_t)(h - hdr - 1)) + 5;
			char row[512];

			snprintf(row, sizeof(row), "%.*s", e ? (int)(e - line - 1) : 400, line + 1);
			CHECK(strstr(row, "rx_prio0_discards_and_s") != NULL);
			CHECK(strstr(row, mark) != NULL);
			/* the row's DELTA value "0" ends in the header's cell */
			{
				const char *z = strstr(row, " 0 n/a");

				CHECK(z && cells_to(row, (size_t)(z - row)) + 2 == hw);
			}
		}
		free(out);
	}
	snap_free(&s);
}

static void test_opts(void)
{
	struct snapshot s;
	struct view_filter *f = view_filter_new();
	struct out_opts o = { .filter = f, .sort_col = -1 };
	char err[64], *out;

	build(&s);
	CHECK_EQ_U(view_filter_add(f, "type=GSI", err, sizeof(err)), 0);
	out = render(&s, &o);
	CHECK(out && strstr(out, "pwn") != NULL);	/* the process row stays */
	CHECK(out && strstr(out, " RC ") == NULL);
	free(out);
	o.filter = NULL;
	o.pid = 900;
	out = render(&s, &o);
	CHECK(out && strstr(out, "[ib_core]") == NULL);
	CHECK(out && strstr(out, "    900 ") != NULL);
	free(out);
	view_filter_free(f);
	snap_free(&s);
}

static void test_fmt(void)
{
	static const struct {
		const char *(*fn)(char *, size_t, double);
		double v;
		const char *want;
	} scaled[] = {
		{ fmt_si, 0, "0" }, { fmt_si, 999, "999" }, { fmt_si, 999.7, "1.0K" },
		{ fmt_si, 1234, "1.2K" }, { fmt_si, 123456, "123K" }, { fmt_si, 3.4e9, "3.4G" },
		{ fmt_iec, 512, "512 B" }, { fmt_iec, 1536, "1.5 KiB" },
		{ fmt_iec, 3.4 * 1048576, "3.4 MiB" },
		/* a link's throughput in its rate's unit: bytes as bits, powers of 1000 */
		{ fmt_bits, 0, "0 b/s" }, { fmt_bits, 124, "992 b/s" }, { fmt_bits, 124.9, "999 b/s" },
		{ fmt_bits, 124.95, "1.0 Kb/s" }, { fmt_bits, 64125000, "513 Mb/s" },
		{ fmt_bits, 12.5e9, "100 Gb/s" }, { fmt_bits, 50e9, "400 Gb/s" },
		{ fmt_bits, 1.5e9, "12.0 Gb/s" }, { fmt_bits, -1, "0 b/s" },
		{ fmt_bits, 1.0 / 0.0, "n/a" },
	};
	char b[64];
	struct snap_addr a = { .family = AF_INET6, .port = 4791 };
	struct timespec ts = { .tv_sec = 0, .tv_nsec = 999999999 };

	for (size_t i = 0; i < sizeof(scaled) / sizeof(scaled[0]); i++) {
		const char *got = scaled[i].fn(b, sizeof(b), scaled[i].v);

		if (strcmp(got, scaled[i].want))
			fprintf(stderr, "case %zu: %g: \"%s\", want \"%s\"\n", i, scaled[i].v, got,
				scaled[i].want);
		CHECK_EQ_S(got, scaled[i].want);
	}
	CHECK_EQ_S(fmt_num(b, sizeof(b), 1234.5), "1234.5");
	CHECK_EQ_S(fmt_num(b, sizeof(b), 2), "2");
	CHECK_EQ_S(fmt_num(b, sizeof(b), 0.0001), "0");
	CHECK_EQ_S(fmt_num(b, sizeof(b), 1.0 / 3), "0.333");
	CHECK_EQ_S(fmt_guid(b, sizeof(b), 0x3cb3f2fffe36939eULL), "3cb3:f2ff:fe36:939e");
	CHECK_EQ_S(fmt_time(b, sizeof(b), &ts), "1970-01-01T00:00:00.999Z");
	inet_pton(AF_INET6, "fe80::1", a.addr);
	CHECK_EQ_S(fmt_addr(b, sizeof(b), &a), "fe80::1:4791");
	a.family = AF_UNIX;
	CHECK(fmt_addr(b, sizeof(b), &a) == NULL);
}

/* what fmt_si printed through printf before its own digits: the reference */
static const char *si_ref(char *buf, size_t len, double v)
{
	static const char *const u[] = { "", "K", "M", "G", "T", "P", "E" };
	size_t i = 0;

	if (v >= 999.5 && v < 1000)
		v = 1000;
	if (v < 0)
		v = 0;
	while (v >= 1000 && i + 1 < 7) {
		v /= 1000;
		i++;
	}
	if (!i)
		snprintf(buf, len, "%.0f", v);
	else if (v >= 99.95)
		snprintf(buf, len, "%.0f%s", v, u[i]);
	else
		snprintf(buf, len, "%.1f%s", v, u[i]);
	return buf;
}

static void test_fmt_digits(void)
{
	static const double edge[] = { 0, 0.04, 0.05, 0.15, 0.25, 0.5, 1.5, 2.5, 9.95, 99.95,
				       99.949999, 999.4999, 999.5, 1000, 1049.9, 1050, 1250,
				       2500, 99949, 99950, 123456789, 1e18, 1e21, 1e300 };
	char a[64], b[64];
	uint64_t x = 88172645463325252ULL;
	int i, bad = 0;

	for (i = 0; i < (int)(sizeof(edge) / sizeof(edge[0])); i++)
		CHECK_EQ_S(fmt_si(a, sizeof(a), edge[i]), si_ref(b, sizeof(b), edge[i]));
	/* every tenth up to 20000, then random magnitudes: the same digits as printf */
	for (i = 0; i < 200000 && bad < 5; i++) {
		double v;

		if (i < 200000 / 2) {
			v = i / 10.0;
		} else {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			v = (double)(x >> 11) / (double)(1ULL << 53) * pow(10, (double)(x % 19));
		}
		if (strcmp(fmt_si(a, sizeof(a), v), si_ref(b, sizeof(b), v))) {
			fprintf(stderr, "fmt_si(%.17g) = %s, printf %s\n", v, a, b);
			bad++;
		}
	}
	CHECK(bad == 0);
	/* truncated as snprintf truncates */
	CHECK_EQ_S(fmt_si(a, 3, 1234), "1.");
	CHECK_EQ_S(fmt_iec(a, 5, 1536), "1.5 ");
	CHECK_EQ_S(fmt_iec(a, 1, 1536), "");
}

/* what fmt_num printed through printf before its own digits: the reference */
static const char *num_ref(char *buf, size_t len, double v)
{
	char *p, *e;

	snprintf(buf, len, "%.3f", v);
	p = strchr(buf, '.');
	if (p) {
		e = buf + strlen(buf) - 1;
		while (e > p && *e == '0')
			*e-- = '\0';
		if (e == p)
			*e = '\0';
	}
	if (!strcmp(buf, "-0"))
		snprintf(buf, len, "0");
	return buf;
}

static void test_num_digits(void)
{
	static const double edge[] = { 0, 0.0004, 0.0005, 0.0015, 0.0025, 0.1, 0.3, 1.0 / 3,
				       2.0 / 3, 999.9995, 999999.9995, 999999.999, 1e6, 1e6 + 0.5,
				       -0.0001, -2.5, 1e300 };
	char a[64], b[64];
	uint64_t x = 88172645463325252ULL;
	int i, bad = 0;

	for (i = 0; i < (int)(sizeof(edge) / sizeof(edge[0])); i++)
		CHECK_EQ_S(fmt_num(a, sizeof(a), edge[i]), num_ref(b, sizeof(b), edge[i]));
	/* every thousandth and half-thousandth up to 100, then random magnitudes */
	for (i = 0; i < 400000 && bad < 5; i++) {
		double v;

		if (i < 200000) {
			v = i / 2000.0;
		} else {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			v = (double)(x >> 11) / (double)(1ULL << 53) * pow(10, (double)(x % 10) - 2);
		}
		if (strcmp(fmt_num(a, sizeof(a), v), num_ref(b, sizeof(b), v))) {
			fprintf(stderr, "fmt_num(%.17g) = %s, printf %s\n", v, a, b);
			bad++;
		}
	}
	CHECK(bad == 0);
}

static void test_escape(void)
{
	char b[64];

	CHECK_EQ_S(fmt_escape(b, sizeof(b), "rping"), "rping");
	/* a space that begins or ends a name by its code: "node1 " is not
	 * "node1" on screen; inside a name it stays */
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "node1 "), "node1\\x20");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), " node1"), "\\x20node1");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "a b"), "a b");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), " "), "\\x20");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "\x1b]0;pwn\x07"), "\\x1b]0;pwn\\x07");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "a\\b"), "a\\\\b");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "\x7f\t"), "\\x7f\\x09");
	/* UTF-8 passes, C1 controls (U+009B CSI) and stray bytes do not */
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "caf\xc3\xa9"), "caf\xc3\xa9");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "\xc2\x9b" "2J"), "\\xc2\\x9b2J");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "\xff\xe0\x80\x80"), "\\xff\\xe0\\x80\\x80");
	/* every byte of an ill-formed unit: overlong, surrogate, past
	 * U+10FFFF, cut short at the end */
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "\xc0\xaf\xed\xa0\x80"), "\\xc0\\xaf\\xed\\xa0\\x80");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "a\"\xe2\x82"), "a\"\\xe2\\x82");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "\\\xff\\"), "\\\\\\xff\\\\");
	/* bidi controls cannot reorder the line, shown by code point as JSON
	 * has them; U+202F next to them passes */
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "a\xe2\x80\xae" "b\xe2\x80\xaf"), "a\\u202e" "b\xe2\x80\xaf");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "\xe2\x81\xa6x\xe2\x81\xa9"), "\\u2066x\\u2069");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "\xd8\x9c\xe2\x80\x8f"), "\\u061c\\u200f");
	/* invisible characters cannot make one host pass for another:
	 * U+200B, U+00AD, U+FEFF, U+2060, a tag past the BMP */
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "node1\xe2\x80\x8b"), "node1\\u200b");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "no\xc2\xad" "de1\xef\xbb\xbf"), "no\\u00adde1\\ufeff");
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "n\xe2\x81\xa0" "1\xf3\xa0\x80\x81"), "n\\u2060" "1\\U000e0001");
	/* what is seen passes: a no-break space, CJK, an emoji */
	CHECK_EQ_S(fmt_escape(b, sizeof(b), "\xc2\xa0\xe4\xb8\xad\xf0\x9f\x98\x80"), "\xc2\xa0\xe4\xb8\xad\xf0\x9f\x98\x80");
	/* truncation never splits an escape */
	CHECK_EQ_S(fmt_escape(b, 6, "ab\x1b"), "ab");
	CHECK_EQ_S(fmt_escape(b, 1, "abc"), "");
	CHECK_EQ_S(fmt_escape(b, 8, "ab\xe2\x80\x8b"), "ab");
}

struct all_out {
	FILE *f;
	int samples, bad;
};

static int text_sample(const struct snapshot *s, void *ctx)
{
	struct all_out *a = ctx;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK_EQ_U(out_text(f, s, NULL), 0);
	fclose(f);
	if (!hostile_utf8(buf, len) || !hostile_terminal_clean(buf, len))
		a->bad++;
	fwrite(buf, 1, len, a->f);
	a->samples++;
	free(buf);
	return a->bad;
}

/* A real recording with each hostile name: text with each one escaped. */
static void test_text_hostile_recording(void)
{
	struct all_out a = { 0 };
	char *buf = NULL;
	size_t len = 0;

	alarm(60);
	a.f = open_memstream(&buf, &len);
	CHECK(hostile_replay(text_sample, &a) > 0);
	fclose(a.f);
	alarm(0);
	CHECK_EQ_U(a.bad, 0);
	CHECK(a.samples >= (int)hostile_names_n() / 3);
	CHECK(buf && strstr(buf, " a\"\\xff\n"));
	CHECK(buf && strstr(buf, " \\u202egnp.exe\n"));
	CHECK(buf && strstr(buf, " \\\\\\xed\\xa0\\x80\\\\"));
	free(buf);
}

/* Every unit: its length, and whether it is UTF-8, by the standard's table. */
static void test_utf8(void)
{
	static const struct {
		const char *s;
		int n;
		uint32_t cp;
	} u[] = {
		{ "A", 1, 'A' },
		{ "\xc2\x80", 2, 0x80 },
		{ "\xdf\xbf", 2, 0x7ff },
		{ "\xe0\xa0\x80", 3, 0x800 },
		{ "\xed\x9f\xbf", 3, 0xd7ff },
		{ "\xee\x80\x80", 3, 0xe000 },
		{ "\xf0\x90\x80\x80", 4, 0x10000 },
		{ "\xf4\x8f\xbf\xbf", 4, 0x10ffff },
		{ "\x80", 1, FMT_UTF8_BAD },		/* stray continuation */
		{ "\xbf\xbf", 1, FMT_UTF8_BAD },
		{ "\xc0\x80", 1, FMT_UTF8_BAD },	/* overlong NUL */
		{ "\xc1\xbf", 1, FMT_UTF8_BAD },
		{ "\xe0\x9f\xbf", 1, FMT_UTF8_BAD },	/* overlong */
		{ "\xf0\x8f\xbf\xbf", 1, FMT_UTF8_BAD },
		{ "\xed\xa0\x80", 1, FMT_UTF8_BAD },	/* surrogate */
		{ "\xf4\x90\x80\x80", 1, FMT_UTF8_BAD },	/* past U+10FFFF */
		{ "\xf5\x80\x80\x80", 1, FMT_UTF8_BAD },
		{ "\xff", 1, FMT_UTF8_BAD },
		{ "\xc3", 1, FMT_UTF8_BAD },		/* cut short by the NUL */
		{ "\xe2\x82", 2, FMT_UTF8_BAD },
		{ "\xf0\x9f\x98", 3, FMT_UTF8_BAD },
		{ "\xe2\x82" "A", 2, FMT_UTF8_BAD },	/* cut short by a byte */
		{ "\xf0\x9f\x98\xc3\xa9", 3, FMT_UTF8_BAD },
	};
	size_t i;
	int c;

	for (i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
		uint32_t cp = 0;
		int n = fmt_utf8((const unsigned char *)u[i].s, &cp);

		if (n != u[i].n || cp != u[i].cp)
			fprintf(stderr, "unit %zu: %d U+%04" PRIx32 "\n", i, n, cp);
		CHECK(n == u[i].n && cp == u[i].cp);
	}
	/* each lone byte 80..FF: a unit of one, never 0 */
	for (c = 0x80; c <= 0xff; c++) {
		unsigned char one[2] = { (unsigned char)c, 0 };
		uint32_t cp = 0;

		CHECK_EQ_U(fmt_utf8(one, &cp), 1);
		CHECK_EQ_U(cp, FMT_UTF8_BAD);
	}
}

TEST_MAIN(test_golden, test_width_rule, test_opts, test_fmt, test_fmt_digits, test_num_digits, test_escape,
	  test_utf8, test_text_hostile_recording)
