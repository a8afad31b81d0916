// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Transceiver modules (src/model/module.c, src/net/module.c): the units
 * (1/256 °C, 100 µV, 2 µA, 0.1 µW), mW to dBm, the thresholds crossed, the
 * SFF-8472 external calibration, the CMIS bias multiplier, the pages'
 * bounds, the order of reads, and a request and its answer parsed back.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>

#include "module.h"
#include "net.h"
#include "test.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)

static void w16(uint8_t *p, unsigned off, unsigned v)
{
	p[off] = (uint8_t)(v >> 8);
	p[off + 1] = (uint8_t)v;
}

static void test_dbm(void)
{
	CHECK(NEAR(mod_dbm(1.0), 0));
	CHECK(NEAR(mod_dbm(0.1), -10));
	CHECK(fabs(mod_dbm(0.05) - -13.0103) < 1e-4); /* ethtool: -13.01 */
	CHECK(fabs(mod_dbm(3.4674) - 5.40) < 1e-3);
	CHECK(NEAR(mod_dbm(0), -40)); /* ethtool's floor */
	CHECK(NEAR(mod_dbm(-1), -40));
}

/* an SFF-8636 QSFP28: lower page and page 03h */
static void qsfp(struct mod_pages *pg, unsigned rx3)
{
	uint8_t lo[128] = { 0 }, up[128] = { 0 }, p3[128] = { 0 };

	memset(pg, 0, sizeof(*pg));
	lo[0] = 0x11;
	lo[7] = 0x80; /* supply high alarm (bit 7) */
	lo[10] = 0x10; /* lane 3's RX power low warning */
	w16(lo, 22, 0xff80); /* -0.5 °C: signed */
	w16(lo, 26, 33000); /* 3.3 V */
	w16(lo, 34, 8000);
	w16(lo, 36, 7500);
	w16(lo, 38, rx3);
	w16(lo, 40, 9000);
	w16(lo, 42, 3750); /* 7.5 mA */
	up[0] = 0x11;
	memcpy(up + 20, "VENDOR          ", 16);
	up[92] = 0x0c; /* byte 220: TX power measured */
	w16(p3, 48, 34674); /* 176: RX high alarm */
	w16(p3, 50, 468); /* 178: RX low alarm */
	w16(p3, 52, 17378);
	w16(p3, 54, 933); /* 182: RX low warning */
	CHECK_EQ_U(mod_put(pg, 0x50, 0, 0, 0, lo, 128), 0);
	CHECK_EQ_U(mod_put(pg, 0x50, 0, 0, 128, up, 128), 0);
	CHECK_EQ_U(mod_put(pg, 0x50, 0, 3, 128, p3, 128), 0);
}

static void test_sff8636(void)
{
	struct mod_pages pg;
	struct mod_info m;
	unsigned lane;
	double mw;

	qsfp(&pg, 500);
	CHECK_EQ_U(mod_decode(&pg, &m), 0);
	CHECK_EQ_U(m.map, MOD_MAP_SFF8636);
	CHECK_EQ_S(m.vendor, "VENDOR");
	CHECK(NEAR(m.temp, -0.5) && NEAR(m.vcc, 3.3) && NEAR(m.bias[0], 7.5));
	CHECK(NEAR(m.rxpwr[2], 0.05) && NEAR(m.thr[MOD_RXPWR][MOD_LWARN], 0.0933));
	CHECK(mod_rx_min(&m, &mw, &lane) && NEAR(mw, 0.05) && lane == 2);
	/* 0.05 mW: under the low warning 0.0933, over the low alarm 0.0468 */
	CHECK_EQ_U(mod_crossed(&m, MOD_RXPWR, mw), 1u << MOD_LWARN);
	CHECK_EQ_U(mod_crossed(&m, MOD_RXPWR, 0.04), 1u << MOD_LWARN | 1u << MOD_LALARM);
	CHECK_EQ_U(mod_crossed(&m, MOD_RXPWR, 0.0933), 0); /* at it: not under */
	CHECK_EQ_U(mod_flags(&m, MOD_RXPWR, 2), 1u << MOD_LWARN);
	CHECK_EQ_U(mod_flags(&m, MOD_VCC, 0), 1u << MOD_HALARM);
	CHECK((m.valid & (MOD_V_THR | MOD_V_TX)) == (MOD_V_THR | MOD_V_TX));
	/* no page 03h: no thresholds, nothing crossed */
	pg.n = 2;
	CHECK_EQ_U(mod_decode(&pg, &m), 0);
	CHECK(!(m.valid & MOD_V_THR) && !mod_crossed(&m, MOD_RXPWR, 0));
}

static void wfloat(uint8_t *p, unsigned off, float f)
{
	uint32_t v;

	memcpy(&v, &f, 4);
	w16(p, off, v >> 16);
	w16(p, off + 2, v & 0xffff);
}

/* SFF-8472 9.3: slope 1.5, offsets; RX power a polynomial */
static void test_sff8472_calibration(void)
{
	uint8_t a0[128] = { 0 }, a2[128] = { 0 };
	struct mod_pages pg = { 0 };
	struct mod_info m;

	a0[0] = 0x03;
	a0[92] = 0x50; /* implemented, externally calibrated */
	w16(a2, 76, 0x180), w16(a2, 78, 10); /* bias: x 1.5 + 10 */
	w16(a2, 84, 0x100), w16(a2, 86, 0xff00); /* temperature: - 1 °C */
	wfloat(a2, 68, 2.0f);
	wfloat(a2, 72, 1.0f); /* RX: 1 + 2x */
	w16(a2, 96, 25 * 256);
	w16(a2, 100, 1000);
	w16(a2, 104, 100);
	w16(a2, 32, 1000); /* RX high alarm, raw */
	CHECK_EQ_U(mod_put(&pg, 0x50, 0, 0, 0, a0, 128), 0);
	CHECK_EQ_U(mod_put(&pg, 0x51, 0, 0, 0, a2, 128), 0);
	CHECK_EQ_U(mod_decode(&pg, &m), 0);
	CHECK(m.valid & MOD_V_EXTCAL);
	CHECK(NEAR(m.bias[0], 1510 * 0.002));
	CHECK(NEAR(m.temp, 24));
	CHECK(NEAR(m.rxpwr[0], 201 / 10000.0));
	CHECK(NEAR(m.thr[MOD_RXPWR][MOD_HALARM], 2001 / 10000.0));
	/* internally calibrated: the raw values */
	a0[92] = 0x60;
	CHECK_EQ_U(mod_put(&pg, 0x50, 0, 0, 0, a0, 128), 0);
	CHECK_EQ_U(mod_decode(&pg, &m), 0);
	CHECK(!(m.valid & MOD_V_EXTCAL) && NEAR(m.bias[0], 2.0) && NEAR(m.rxpwr[0], 0.01));
}

/* CMIS: page 01h byte 160 bits 4-3 multiply the bias by 2 */
static void test_cmis(void)
{
	uint8_t lo[128] = { 0 }, p1[128] = { 0 }, p2[128] = { 0 }, p11[128] = { 0 };
	struct mod_pages pg = { 0 };
	struct mod_info m;

	lo[0] = 0x18;
	lo[9] = 0x01; /* temperature high alarm */
	p1[32] = 0x0f; /* 160: bias, TX, RX; multiplier 2 */
	w16(p2, 56, 7500); /* 184: bias high alarm 15 mA */
	w16(p11, 42, 3000); /* 170: lane 1's bias */
	w16(p11, 58, 6000); /* 186: lane 1's RX power */
	p11[21] = 0x02; /* 149: lane 2's RX power high alarm */
	CHECK_EQ_U(mod_put(&pg, 0x50, 0, 0, 0, lo, 128), 0);
	CHECK_EQ_U(mod_put(&pg, 0x50, 0, 0, 128, lo, 128), 0);
	CHECK_EQ_U(mod_put(&pg, 0x50, 0, 1, 128, p1, 128), 0);
	CHECK_EQ_U(mod_put(&pg, 0x50, 0, 2, 128, p2, 128), 0);
	CHECK_EQ_U(mod_put(&pg, 0x50, 0, 0x11, 128, p11, 128), 0);
	CHECK_EQ_U(mod_decode(&pg, &m), 0);
	CHECK_EQ_U(m.map, MOD_MAP_CMIS);
	CHECK_EQ_U(m.lanes, 8);
	CHECK(NEAR(m.bias[0], 12.0) && NEAR(m.thr[MOD_BIAS][MOD_HALARM], 30.0));
	CHECK(NEAR(m.rxpwr[0], 0.6));
	CHECK_EQ_U(mod_flags(&m, MOD_TEMP, 0), 1u << MOD_HALARM);
	CHECK_EQ_U(mod_flags(&m, MOD_RXPWR, 1), 1u << MOD_HALARM);
	CHECK_EQ_U(mod_flags(&m, MOD_RXPWR, 0), 0);
}

/* the kernel's bounds: no read across a half page, nothing past 255 */
static void test_bounds(void)
{
	struct mod_pages pg = { 0 };
	struct mod_info m;
	uint8_t b[128] = { 0x77 }, v;
	int i;

	CHECK_EQ_U(mod_put(&pg, 0x50, 0, 0, 100, b, 29), (uint64_t)-EINVAL);
	CHECK_EQ_U(mod_put(&pg, 0x50, 0, 0, 256, b, 1), (uint64_t)-EINVAL);
	CHECK_EQ_U(mod_put(&pg, 0x50, 0, 0, 0, b, 0), (uint64_t)-EINVAL);
	CHECK(!mod_byte(&pg, 0x50, 0, 0, 0, &v));
	CHECK_EQ_U(mod_decode(&pg, &m), (uint64_t)-ENODATA);
	for (i = 0; i < MOD_PAGES; i++)
		CHECK_EQ_U(mod_put(&pg, 0x50, 0, (uint8_t)i, 128, b, 1), 0);
	CHECK_EQ_U(mod_put(&pg, 0x50, 0, 9, 128, b, 1), (uint64_t)-ENOSPC);
	/* the lower half is page 0's whatever page is named */
	CHECK_EQ_U(mod_put(&pg, 0x51, 0, 0, 0, b, 1), (uint64_t)-ENOSPC);
	memset(&pg, 0, sizeof(pg));
	b[0] = 0x99;
	CHECK_EQ_U(mod_put(&pg, 0x50, 0, 0, 0, b, 1), 0);
	CHECK(mod_byte(&pg, 0x50, 0, 3, 0, &v) && v == 0x99);
	CHECK_EQ_U(mod_decode(&pg, &m), (uint64_t)-EPROTO);
	CHECK_EQ_U(m.id, 0x99);
}

/* the reads `ethtool -m` makes: lower, upper 00h, 03h (paged SFF-8636) */
static void test_next(void)
{
	struct mod_pages pg;
	struct net_module_ask a;
	uint8_t b[128] = { 0x11 };

	memset(&pg, 0, sizeof(pg));
	CHECK(net_module_next(&pg, &a) && a.addr == 0x50 && a.off == 0 && a.len == 128);
	mod_put(&pg, 0x50, 0, 0, 0, b, 128);
	CHECK(net_module_next(&pg, &a) && a.page == 0 && a.off == 128);
	mod_put(&pg, 0x50, 0, 0, 128, b, 128);
	CHECK(net_module_next(&pg, &a) && a.page == 3 && a.off == 128);
	mod_put(&pg, 0x50, 0, 3, 128, b, 128);
	CHECK(!net_module_next(&pg, &a));
	/* flat memory: no page 03h */
	b[2] = 0x04;
	mod_put(&pg, 0x50, 0, 0, 0, b, 128);
	pg.n = 2;
	CHECK(!net_module_next(&pg, &a));
	/* an SFP without diagnostics: A0h alone */
	memset(&pg, 0, sizeof(pg));
	memset(b, 0, sizeof(b));
	b[0] = 0x03;
	mod_put(&pg, 0x50, 0, 0, 0, b, 128);
	CHECK(!net_module_next(&pg, &a));
	b[92] = 0x40;
	mod_put(&pg, 0x50, 0, 0, 0, b, 128);
	CHECK(net_module_next(&pg, &a) && a.addr == 0x51 && a.off == 0);
}

/* a request, its answer, a refused page, parsed back */
static void test_netlink(void)
{
	unsigned char buf[2048], *p = buf;
	struct net_module_ask a = { .addr = 0x50, .off = 0, .len = 128 };
	struct mod_pages pg;
	struct nlmsghdr *h;
	struct genlmsghdr *g;
	uint8_t data[128] = { 0x11 }, v;
	size_t len;

	len = net_module_req(p, 512, 30, "eth0", &a, 1);
	CHECK(len > 0);
	p += MNL_ALIGN(len);
	h = mnl_nlmsg_put_header(p);
	h->nlmsg_type = 30;
	g = mnl_nlmsg_put_extra_header(h, sizeof(*g));
	g->cmd = ETHTOOL_MSG_MODULE_EEPROM_GET_REPLY;
	mnl_attr_put(h, ETHTOOL_A_MODULE_EEPROM_DATA, 128, data);
	p += MNL_ALIGN(h->nlmsg_len);
	CHECK_EQ_U(net_module_pages(buf, (size_t)(p - buf), &pg), 0);
	CHECK(mod_byte(&pg, 0x50, 0, 0, 0, &v) && v == 0x11);
	/* an answer shorter than asked is bad bytes */
	h->nlmsg_len -= 4;
	CHECK_EQ_U(net_module_pages(buf, (size_t)(p - buf) - 4, &pg), (uint64_t)-EBADMSG);
	/* an answer with no request before it */
	CHECK_EQ_U(net_module_pages(buf + MNL_ALIGN(len), (size_t)(p - buf) - MNL_ALIGN(len) - 4,
				    &pg),
		   (uint64_t)-EBADMSG);
	CHECK_EQ_S(net_module_why(-EPERM), "not permitted (MODULE_EEPROM_GET needs CAP_NET_ADMIN)");
}

TEST_MAIN(test_dbm, test_sff8636, test_sff8472_calibration, test_cmis, test_bounds, test_next,
	  test_netlink)
