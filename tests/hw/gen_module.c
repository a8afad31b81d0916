// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Transceiver module EEPROM fixtures, laid out byte by byte from the public
 * specifications, for netshim_module.c to serve as MODULE_EEPROM_GET
 * answers: module.NDEV.ADDR.BANK.PAGE, 256 bytes each (the lower 128 bytes
 * the lower page, the upper 128 that page's upper half).
 *   gen_module DIR NDEV KIND     KIND: qsfp28 cmis sfp dac
 * qsfp28: SFF-8636 rev 2.10a, a 100GBASE-SR4 QSFP28, paged (page 03h's
 *         thresholds), lane 3's RX power under its low warning (latched)
 * cmis:   CMIS 5.0, a 400G QSFP-DD SR8 (pages 01h, 02h, bank 0's 11h), its
 *         temperature over its high alarm (latched)
 * sfp:    SFF-8472 rev 12.3, an SFP28 externally calibrated (A2h 56-91)
 * dac:    SFF-8636 QSFP28 passive copper cable, flat memory
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t pg[4][256];	/* lower+upper 00h, then upper halves */

static void w16(uint8_t *p, unsigned off, unsigned v)
{
	p[off] = (uint8_t)(v >> 8);
	p[off + 1] = (uint8_t)v;
}

/* an ASCII field padded with spaces, as SFF-8472 4.x and SFF-8636 6.3 say */
static void wstr(uint8_t *p, unsigned off, unsigned len, const char *s)
{
	memset(p + off, ' ', len);
	memcpy(p + off, s, strlen(s) < len ? strlen(s) : len);
}

/* four thresholds: high alarm, low alarm, high warning, low warning */
static void w4(uint8_t *p, unsigned off, unsigned ha, unsigned la, unsigned hw, unsigned lw)
{
	w16(p, off, ha);
	w16(p, off + 2, la);
	w16(p, off + 4, hw);
	w16(p, off + 6, lw);
}

static void put(const char *dir, const char *ndev, unsigned addr, unsigned bank, unsigned page,
		const uint8_t *b)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/module.%s.%02x.%u.%u", dir, ndev, addr, bank, page);
	if (!(f = fopen(path, "wb")) || fwrite(b, 1, 256, f) != 256) {
		perror(path);
		exit(1);
	}
	fclose(f);
}

/* SFF-8636 upper page 00h (table 6-15) */
static void sff8636_upper(uint8_t *p, uint8_t tech, const char *pn, const char *sn)
{
	p[128] = 0x11;		/* identifier: QSFP28 (SFF-8024 table 4-1) */
	p[129] = 0x10;		/* extended identifier: power class 1..4 */
	p[130] = tech >> 4 >= 0xa ? 0x23 : 0x0c;	/* connector: no separable / MPO 1x12 */
	p[131] = 0x80;		/* compliance: extended, byte 192 */
	p[139] = 0x05;		/* encoding: 64B/66B */
	p[140] = 0xff;		/* nominal rate: see byte 222 */
	p[147] = tech;		/* device technology: 7-4 transmitter */
	wstr(p, 148, 16, "ACME OPTICS");
	p[165] = 0x00, p[166] = 0x1b, p[167] = 0x21;	/* vendor OUI */
	wstr(p, 168, 16, pn);
	wstr(p, 184, 2, "A1");
	w16(p, 186, 850 * 20);	/* wavelength, 0.05 nm */
	w16(p, 188, 10 * 200);	/* tolerance, 0.005 nm */
	p[190] = 70;		/* max case temperature */
	p[192] = tech >> 4 >= 0xa ? 0x0b : 0x02;	/* 100GBASE-CR4 / -SR4 */
	wstr(p, 196, 16, sn);
	wstr(p, 212, 8, "201202");
	p[220] = 0x0c;		/* diagnostics: RX average power (3), TX power (2) */
	p[222] = 103;		/* nominal rate, 250 MBd: 25.75 Gb/s */
}

static void qsfp28(int copper)
{
	uint8_t *lo = pg[0], *p3 = pg[1];
	static const unsigned rx[4] = { 8000, 7500, 500, 9000 }, bias[4] = { 3750, 3800, 3700, 3775 },
			      tx[4] = { 8500, 8400, 8600, 8300 };
	unsigned i;

	/* lower page 00h (table 6-2): identifier, revision 2.5+ (0x07),
	 * status byte 2 (bit 2 flat memory) */
	lo[0] = 0x11;
	lo[1] = 0x07;
	lo[2] = copper ? 0x04 : 0x00;
	sff8636_upper(lo, copper ? 0xa0 : 0x00, copper ? "QSFP28-CU-3M" : "QSFP28-SR4-100G",
		      copper ? "ACM2050C0003" : "ACM2049X0001");
	if (copper)
		return;		/* a passive cable: no monitors, no page 03h */
	/* the latched flags (table 6-10): byte 10 bits 7-4 lane 3's RX power
	 * HA LA HW LW: its low warning */
	lo[10] = 0x10;
	/* free-side monitors (table 6-8): temperature 22, supply 26, RX power
	 * 34-41, TX bias 42-49, TX power 50-57 */
	w16(lo, 22, (unsigned)(38.5 * 256));
	w16(lo, 26, 33000);
	for (i = 0; i < 4; i++) {
		w16(lo, 34 + 2 * i, rx[i]);
		w16(lo, 42 + 2 * i, bias[i]);
		w16(lo, 50 + 2 * i, tx[i]);
	}
	/* upper page 03h (table 6-26): temperature 128 (75, -5, 70, 0 °C),
	 * supply 144 (3.63, 2.97, 3.465, 3.135 V), RX power 176, TX bias 184
	 * (15, 2, 13, 3 mA), TX power 192 */
	w4(p3, 128, 75 * 256, 0xfb00, 70 * 256, 0);
	w4(p3, 144, 36300, 29700, 34650, 31350);
	w4(p3, 176, 34674, 468, 17378, 933);
	w4(p3, 184, 7500, 1000, 6500, 1500);
	w4(p3, 192, 34674, 724, 17378, 1445);
}

static void cmis(void)
{
	uint8_t *lo = pg[0], *p1 = pg[1], *p2 = pg[2], *p11 = pg[3];
	unsigned i;

	/* lower page (CMIS 5.0 table 8-4): identifier QSFP-DD, revision 5.0,
	 * byte 2 bit 7 clear (paged), module state ready (3, bits 3-1);
	 * module flags byte 9: temperature high alarm (0) and high warning (2);
	 * temperature 14 (77.25 °C), supply 16 (3.29 V) (tables 8-9, 8-10) */
	lo[0] = 0x18;
	lo[1] = 0x50;
	lo[3] = 0x06;
	lo[9] = 0x05;
	w16(lo, 14, (unsigned)(77.25 * 256));
	w16(lo, 16, 32900);
	lo[85] = 0x01;		/* media type: MMF (table 8-23) */
	lo[86] = 0x0f, lo[87] = 0x1a, lo[88] = 0x88, lo[89] = 0x01;	/* 400GAUI-8, SR8 */
	lo[90] = 0xff;		/* the end of the applications */
	/* upper page 00h (table 8-24) */
	lo[128] = 0x18;
	wstr(lo, 129, 16, "ACME OPTICS");
	lo[145] = 0x00, lo[146] = 0x1b, lo[147] = 0x21;
	wstr(lo, 148, 16, "QDD-400G-SR8");
	wstr(lo, 164, 2, "B2");
	wstr(lo, 166, 16, "ACM2111Q0042");
	wstr(lo, 182, 8, "210315");
	lo[200] = 0x60;		/* power class */
	lo[201] = 48;		/* max power, 0.25 W */
	lo[203] = 0x0c;		/* connector: MPO 1x16 */
	lo[212] = 0x00;		/* media interface technology: 850 nm VCSEL */
	/* page 01h (tables 8-41, 8-43): banks 0 only (142 bits 1-0), RX
	 * power measured as an average (151 bit 4); module monitors:
	 * temperature, supply (159); lane monitors: TX bias, TX power, RX
	 * power (160), the bias multiplier 1 (160 bits 4-3) */
	p1[142] = 0x00;
	p1[151] = 0x10;
	p1[159] = 0x03;
	p1[160] = 0x07;
	/* page 02h (table 8-62) */
	w4(p2, 128, 75 * 256, 0xfb00, 70 * 256, 0);
	w4(p2, 136, 36300, 29700, 34650, 31350);
	w4(p2, 176, 34674, 724, 17378, 1445);
	w4(p2, 184, 7500, 1000, 6500, 1500);
	w4(p2, 192, 34674, 468, 17378, 933);
	/* bank 0 page 11h (tables 8-77, 8-78): TX power 154, bias 170, RX
	 * power 186, lanes 1..8; no lane flag latched */
	p11[128] = 0x44, p11[129] = 0x44, p11[130] = 0x44, p11[131] = 0x44;	/* DPActivated */
	for (i = 0; i < 8; i++) {
		w16(p11, 154 + 2 * i, 7000 + 100 * i);
		w16(p11, 170 + 2 * i, 3000 + 50 * i);
		w16(p11, 186 + 2 * i, 6000 + 200 * i);
	}
}

static void wfloat(uint8_t *p, unsigned off, float f)
{
	uint32_t v;

	memcpy(&v, &f, 4);
	w16(p, off, v >> 16);
	w16(p, off + 2, v & 0xffff);
}

static void sfp(void)
{
	uint8_t *a0 = pg[0], *a2 = pg[1];

	/* A0h (SFF-8472 table 4-1) */
	a0[0] = 0x03;		/* SFP/SFP+/SFP28 */
	a0[1] = 0x04;		/* defined by two-wire interface ID */
	a0[2] = 0x07;		/* LC */
	a0[3] = 0x10;		/* 10GBASE-SR */
	a0[11] = 0x06;		/* 64B/66B */
	a0[12] = 0xff;		/* nominal rate: see byte 66 */
	wstr(a0, 20, 16, "ACME OPTICS");
	a0[37] = 0x00, a0[38] = 0x1b, a0[39] = 0x21;
	wstr(a0, 40, 16, "SFP-25G-SR");
	wstr(a0, 56, 4, "1.0");
	w16(a0, 60, 850);	/* wavelength, nm */
	a0[66] = 103;		/* 25.78 Gb/s, 250 MBd */
	wstr(a0, 68, 16, "ACM1907S0007");
	wstr(a0, 84, 8, "190712");
	/* 92 (table 8-5): diagnostics implemented (6), externally
	 * calibrated (4), RX average power (3); 93: alarm/warning flags (7) */
	a0[92] = 0x58;
	a0[93] = 0xf0;
	a0[94] = 0x08;		/* SFF-8472 rev 12.3 */
	/* A2h thresholds (table 9-5), raw: each comes out as the reading
	 * plus the calibration offsets below (temperature +1 °C, supply
	 * +10 mV, bias +0.1 mA, TX power +10 µW, RX power +0.5 µW) */
	w4(a2, 0, 74 * 256, 0xfa00, 69 * 256, 0xff00);
	w4(a2, 8, 36200, 29600, 34550, 31250);
	w4(a2, 16, 5950, 950, 4950, 1450);
	w4(a2, 24, 12489, 1762, 9900, 2412);
	w4(a2, 32, 19948, 95, 12584, 195);
	/* external calibration constants (table 9-6): Rx_PWR(4..0) at 56,
	 * 60, 64, 68, 72 (IEEE single); slope (8.8) and offset: bias 76,
	 * TX power 80, temperature 84, supply 88 */
	wfloat(a2, 56, 0);
	wfloat(a2, 60, 0);
	wfloat(a2, 64, 0);
	wfloat(a2, 68, 1.0f);
	wfloat(a2, 72, 5.0f);
	w16(a2, 76, 0x100), w16(a2, 78, 50);
	w16(a2, 80, 0x100), w16(a2, 82, 100);
	w16(a2, 84, 0x100), w16(a2, 86, 256);
	w16(a2, 88, 0x100), w16(a2, 90, 100);
	/* readings (table 9-11), raw: 40.25 °C, 3.3 V, 6.5 mA, 0.6 mW, 0.5 mW */
	w16(a2, 96, (unsigned)(39.25 * 256));
	w16(a2, 98, 32900);
	w16(a2, 100, 3200);
	w16(a2, 102, 5900);
	w16(a2, 104, 4995);
	/* flags (table 9-12): 116 bit 5, the supply's high warning latched */
	a2[116] = 0x20;
}

int main(int argc, char **argv)
{
	const char *dir, *ndev, *kind;

	if (argc != 4) {
		fprintf(stderr, "usage: gen_module DIR NDEV qsfp28|cmis|sfp|dac\n");
		return 2;
	}
	dir = argv[1], ndev = argv[2], kind = argv[3];
	if (!strcmp(kind, "qsfp28") || !strcmp(kind, "dac")) {
		qsfp28(!strcmp(kind, "dac"));
		put(dir, ndev, 0x50, 0, 0, pg[0]);
		if (!strcmp(kind, "qsfp28")) {
			memcpy(pg[1], pg[0], 128);
			put(dir, ndev, 0x50, 0, 3, pg[1]);
		}
	} else if (!strcmp(kind, "cmis")) {
		cmis();
		put(dir, ndev, 0x50, 0, 0, pg[0]);
		put(dir, ndev, 0x50, 0, 1, pg[1]);
		put(dir, ndev, 0x50, 0, 2, pg[2]);
		put(dir, ndev, 0x50, 0, 0x11, pg[3]);
	} else if (!strcmp(kind, "sfp")) {
		sfp();
		put(dir, ndev, 0x50, 0, 0, pg[0]);
		put(dir, ndev, 0x51, 0, 0, pg[1]);
	} else {
		fprintf(stderr, "gen_module: no kind %s\n", kind);
		return 2;
	}
	return 0;
}
