// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A transceiver module's EEPROM pages decoded (include/module.h).  The
 * offsets are the specifications': SFF-8472 rev 12.4 (A0h identity, A2h
 * diagnostics, section 9), SFF-8636 rev 2.10a (lower page 00h, upper pages
 * 00h and 03h) and CMIS 5.2 (lower page, upper pages 00h, 01h, 02h and
 * bank 0's 11h, section 8).  Units as the three define them: temperature a
 * signed 1/256 °C, supply 100 µV, bias 2 µA, optical power 0.1 µW.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "module.h"

#define A0 0x50 /* SFF-8472's first address; the others' only one */
#define A2 0x51

bool mod_byte(const struct mod_pages *pg, uint8_t addr, uint8_t bank, uint8_t page, unsigned off,
	      uint8_t *v)
{
	uint8_t upper = off >= 128;
	size_t i;

	if (off > 255)
		return false;
	/* the lower half is the same page whatever page or bank is selected */
	if (!upper)
		bank = page = 0;
	for (i = 0; i < pg->n && i < MOD_PAGES; i++) {
		const struct mod_page *p = &pg->p[i];

		if (p->addr == addr && p->bank == bank && p->page == page && p->upper == upper &&
		    p->have) {
			*v = p->b[off & 127];
			return true;
		}
	}
	return false;
}

int mod_put(struct mod_pages *pg, uint8_t addr, uint8_t bank, uint8_t page, unsigned off,
	    const uint8_t *b, size_t len)
{
	uint8_t upper = off >= 128;
	struct mod_page *p = NULL;
	size_t i;

	if (off > 255 || !len || (off & 127) + len > 128)
		return -EINVAL;
	if (!upper)
		bank = page = 0;
	for (i = 0; i < pg->n; i++)
		if (pg->p[i].addr == addr && pg->p[i].bank == bank && pg->p[i].page == page &&
		    pg->p[i].upper == upper)
			p = &pg->p[i];
	if (!p) {
		if (pg->n == MOD_PAGES)
			return -ENOSPC;
		p = &pg->p[pg->n++];
		memset(p, 0, sizeof(*p));
		p->addr = addr;
		p->bank = bank;
		p->page = page;
		p->upper = upper;
	}
	memcpy(p->b + (off & 127), b, len);
	p->have = 1;
	return 0;
}

/* reading the pages: byte or 16-bit big-endian word, ok cleared on a miss */
struct rd {
	const struct mod_pages *pg;
	uint8_t addr, bank, page;
	bool ok;
};

static uint8_t b8(struct rd *r, unsigned off)
{
	uint8_t v = 0;

	if (!mod_byte(r->pg, r->addr, r->bank, r->page, off, &v))
		r->ok = false;
	return v;
}

static uint16_t u16(struct rd *r, unsigned off)
{
	return (uint16_t)(b8(r, off) << 8 | b8(r, off + 1));
}

static void at(struct rd *r, uint8_t addr, uint8_t page)
{
	r->addr = addr;
	r->bank = 0;
	r->page = page;
	r->ok = true;
}

/* an ASCII field, its trailing spaces dropped (ethtool prints it so) */
static void str(struct rd *r, unsigned off, unsigned len, char *out)
{
	unsigned i, n = 0;

	for (i = 0; i < len && i < MOD_STR - 1; i++) {
		uint8_t c = b8(r, off + i);

		out[n++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	while (n && out[n - 1] == ' ')
		n--;
	out[n] = 0;
}

static double temp(uint16_t raw)
{
	return (int16_t)raw / 256.0;
}

#define VCC(raw) ((raw) / 10000.0) /* 100 µV in V */
#define BIAS(raw) ((raw)*0.002) /* 2 µA in mA */
#define PWR(raw) ((raw) / 10000.0) /* 0.1 µW in mW */

/* four thresholds from off: high alarm, low alarm, high warning, low warning */
static void thr4(struct rd *r, unsigned off, double *t, unsigned q)
{
	unsigned i;

	for (i = 0; i < MOD_THR_N; i++) {
		uint16_t v = u16(r, off + 2 * i);

		t[i] = q == MOD_TEMP ? temp(v) :
		       q == MOD_VCC  ? VCC(v) :
		       q == MOD_BIAS ? BIAS(v) :
				       PWR(v);
	}
}

/* SFF-8636's per-lane flags: two lanes a byte, bits 7..4 (HA LA HW LW)
 * the first, 3..0 the second (bytes 9-14, table 6-10) */
static void lane_flags(struct rd *r, unsigned off, uint8_t *out)
{
	unsigned i;

	for (i = 0; i < 4; i++) {
		uint8_t v = b8(r, off + i / 2), nib = i % 2 ? v & 0xf : v >> 4;

		/* bit 3 of a nibble is the high alarm: bit MOD_HALARM */
		out[i] = (uint8_t)((nib >> 3 & 1) | (nib >> 2 & 1) << 1 | (nib >> 1 & 1) << 2 |
				   (nib & 1) << 3);
	}
}

static uint8_t nib_flags(uint8_t v) /* bits 7..4 HA LA HW LW */
{
	return (uint8_t)((v >> 7 & 1) | (v >> 6 & 1) << 1 | (v >> 5 & 1) << 2 | (v >> 4 & 1) << 3);
}

static int sff8636(const struct mod_pages *pg, struct mod_info *m)
{
	struct rd r = { .pg = pg };
	unsigned i;
	bool flat;

	at(&r, A0, 0);
	m->lanes = 4;
	/* lower page 00h: temperature 22-23, supply 26-27, RX power 34-41,
	 * TX bias 42-49, TX power 50-57 (table 6-8); flat memory: byte 2 bit 2 */
	flat = b8(&r, 2) & 0x04;
	m->temp = temp(u16(&r, 22));
	m->vcc = VCC(u16(&r, 26));
	for (i = 0; i < 4; i++) {
		m->rxpwr[i] = PWR(u16(&r, 34 + 2 * i));
		m->bias[i] = BIAS(u16(&r, 42 + 2 * i));
		m->txpwr[i] = PWR(u16(&r, 50 + 2 * i));
	}
	/* the latched flags: 6 temperature, 7 supply (bits 7..4), 9-10 RX
	 * power, 11-12 TX bias, 13-14 TX power (table 6-10) */
	m->flag_temp = nib_flags(b8(&r, 6));
	m->flag_vcc = nib_flags(b8(&r, 7));
	lane_flags(&r, 9, m->flag[MOD_RXPWR]);
	lane_flags(&r, 11, m->flag[MOD_BIAS]);
	lane_flags(&r, 13, m->flag[MOD_TXPWR]);
	if (!r.ok)
		return 0;
	m->valid |= MOD_V_MON | MOD_V_LANES | MOD_V_RX | MOD_V_FLAGS;
	/* upper page 00h: vendor 148-163, part 168-183, revision 184-185,
	 * serial 196-211 (table 6-15); transmitter technology 147 bits 7-4
	 * (0xa-0xf: copper, table 6-19); diagnostic type 220 bit 2: TX power
	 * measured (table 6-24) */
	at(&r, A0, 0);
	str(&r, 148, 16, m->vendor);
	str(&r, 168, 16, m->pn);
	str(&r, 184, 2, m->rev);
	str(&r, 196, 16, m->sn);
	if (r.ok)
		m->valid |= MOD_V_IDENT;
	if (r.ok && b8(&r, 147) >> 4 >= 0xa)
		m->valid |= MOD_V_COPPER;
	if (r.ok && b8(&r, 220) & 0x04)
		m->valid |= MOD_V_TX;
	if (flat)
		return 0;
	/* upper page 03h: temperature 128-135, supply 144-151, RX power
	 * 176-183, TX bias 184-191, TX power 192-199 (table 6-26) */
	at(&r, A0, 3);
	thr4(&r, 128, m->thr[MOD_TEMP], MOD_TEMP);
	thr4(&r, 144, m->thr[MOD_VCC], MOD_VCC);
	thr4(&r, 176, m->thr[MOD_RXPWR], MOD_RXPWR);
	thr4(&r, 184, m->thr[MOD_BIAS], MOD_BIAS);
	thr4(&r, 192, m->thr[MOD_TXPWR], MOD_TXPWR);
	if (r.ok)
		m->valid |= MOD_V_THR;
	return 0;
}

static int cmis(const struct mod_pages *pg, struct mod_info *m)
{
	struct rd r = { .pg = pg };
	unsigned i, mult;
	uint8_t mon = 0, lanemon = 0;

	at(&r, A0, 0);
	/* lower page: flat memory byte 2 bit 7; module flags byte 9 (bits
	 * 0-3 temperature HA LA HW LW, 4-7 supply); temperature 14-15,
	 * supply 16-17 (table 8-4, 8-9, 8-10) */
	bool flat = b8(&r, 2) & 0x80;
	uint8_t f = b8(&r, 9);

	m->flag_temp = f & 0xf;
	m->flag_vcc = f >> 4;
	m->temp = temp(u16(&r, 14));
	m->vcc = VCC(u16(&r, 16));
	if (r.ok)
		m->valid |= MOD_V_MON | MOD_V_FLAGS;
	/* upper page 00h: vendor 129-144, part 148-163, revision 164-165,
	 * serial 166-181 (table 8-24); media interface technology 212
	 * (0x0a-0x0f: copper, SFF-8024 table 4-9 of CMIS's 8-36) */
	at(&r, A0, 0);
	str(&r, 129, 16, m->vendor);
	str(&r, 148, 16, m->pn);
	str(&r, 164, 2, m->rev);
	str(&r, 166, 16, m->sn);
	if (r.ok)
		m->valid |= MOD_V_IDENT;
	if (r.ok && b8(&r, 212) >= 0x0a && b8(&r, 212) <= 0x0f)
		m->valid |= MOD_V_COPPER;
	if (flat)
		return 0;
	/* page 01h: module monitors supported 159 (bit 0 temperature, 1
	 * supply), lane monitors 160 (bit 0 TX bias, 1 TX power, 2 RX power;
	 * bits 4-3 the bias multiplier: 1, 2, 4) (table 8-43) */
	at(&r, A0, 1);
	mon = b8(&r, 159);
	lanemon = b8(&r, 160);
	if (!r.ok)
		return 0;
	mult = 1u << (lanemon >> 3 & 3);
	(void)mon;
	/* page 02h: temperature 128-135, supply 136-143, TX power 176-183,
	 * TX bias 184-191, RX power 192-199 (table 8-62) */
	at(&r, A0, 2);
	thr4(&r, 128, m->thr[MOD_TEMP], MOD_TEMP);
	thr4(&r, 136, m->thr[MOD_VCC], MOD_VCC);
	thr4(&r, 176, m->thr[MOD_TXPWR], MOD_TXPWR);
	thr4(&r, 184, m->thr[MOD_BIAS], MOD_BIAS);
	thr4(&r, 192, m->thr[MOD_RXPWR], MOD_RXPWR);
	for (i = 0; i < MOD_THR_N; i++)
		m->thr[MOD_BIAS][i] *= mult;
	if (r.ok)
		m->valid |= MOD_V_THR;
	/* bank 0 page 11h: flags a lane a bit, TX power 139-142, TX bias
	 * 143-146, RX power 149-152 (HA LA HW LW); monitors TX power
	 * 154-169, TX bias 170-185, RX power 186-201 (tables 8-77, 8-78) */
	at(&r, A0, 0x11);
	m->lanes = MOD_LANES;
	for (i = 0; i < MOD_LANES; i++) {
		unsigned t;

		m->txpwr[i] = PWR(u16(&r, 154 + 2 * i));
		m->bias[i] = BIAS(u16(&r, 170 + 2 * i)) * mult;
		m->rxpwr[i] = PWR(u16(&r, 186 + 2 * i));
		for (t = 0; t < MOD_THR_N; t++) {
			m->flag[MOD_TXPWR][i] |= (uint8_t)((b8(&r, 139 + t) >> i & 1) << t);
			m->flag[MOD_BIAS][i] |= (uint8_t)((b8(&r, 143 + t) >> i & 1) << t);
			m->flag[MOD_RXPWR][i] |= (uint8_t)((b8(&r, 149 + t) >> i & 1) << t);
		}
	}
	if (!r.ok) {
		m->lanes = 0;
		return 0;
	}
	if (lanemon & 0x01)
		m->valid |= MOD_V_LANES;
	if (lanemon & 0x02)
		m->valid |= MOD_V_TX;
	if (lanemon & 0x04)
		m->valid |= MOD_V_RX;
	return 0;
}

/* SFF-8472 9.3: a big-endian IEEE single at off (the RX power constants) */
static double befloat(struct rd *r, unsigned off)
{
	uint32_t v = (uint32_t)u16(r, off) << 16 | u16(r, off + 2);
	float f;

	memcpy(&f, &v, sizeof(f));
	return isfinite(f) ? f : 0;
}

/* SFF-8472 9.3 external calibration: a reading (raw) of slope/offset at
 * off (unsigned 8.8 slope, signed offset), as ethtool's sfpdiag.c */
static uint16_t cal(struct rd *r, unsigned off, uint16_t raw)
{
	double v = raw * (u16(r, off) / 256.0) + (int16_t)u16(r, off + 2);

	return (uint16_t)(!(v >= 0) ? 0 : v > 65535 ? 65535 : v);
}

/* the same for the signed temperature, held within its 16 bits */
static uint16_t scal(struct rd *r, unsigned off, uint16_t raw)
{
	double v = (int16_t)raw * (u16(r, off) / 256.0) + (int16_t)u16(r, off + 2);

	v = !(v >= -32768) ? -32768 : v > 32767 ? 32767 : v;
	return (uint16_t)(int16_t)v;
}

/* Long for a reason: the fields in the order of SFF-8472's tables, each
 * beside the table it is read from. */
static int sff8472(const struct mod_pages *pg, struct mod_info *m)
{
	struct rd r = { .pg = pg };
	static const unsigned mon[MOD_Q_N] = { 96, 98, 100, 102, 104 };
	/* the alarm bit of each reading in bytes 112-113 (warnings: 116-117),
	 * its high then its low bit (table 9-12) */
	static const unsigned bit[MOD_Q_N] = { 15, 13, 11, 9, 7 };
	uint8_t diag;
	unsigned q, t;
	bool ext;

	at(&r, A0, 0);
	m->lanes = 1;
	/* A0h: vendor 20-35, part 40-55, revision 56-59, serial 68-83 (table
	 * 4-1); byte 8 bits 2-3: a passive or active cable (table 5-3); 92
	 * the diagnostic type (bit 6 implemented, 4 externally calibrated) */
	str(&r, 20, 16, m->vendor);
	str(&r, 40, 16, m->pn);
	str(&r, 56, 4, m->rev);
	str(&r, 68, 16, m->sn);
	if (!r.ok)
		return 0;
	m->valid |= MOD_V_IDENT;
	if (b8(&r, 8) & 0x0c)
		m->valid |= MOD_V_COPPER;
	diag = b8(&r, 92);
	if (!(diag & 0x40))
		return 0;
	ext = diag & 0x10;
	/* A2h: thresholds 0-39 (each reading HA LA HW LW), calibration
	 * constants 56-91, readings 96-105, flags 112-113 and 116-117
	 * (tables 9-5, 9-6, 9-11, 9-12) */
	at(&r, A2, 0);
	for (q = 0; q < MOD_Q_N; q++) {
		uint16_t raw[MOD_THR_N + 1];

		for (t = 0; t < MOD_THR_N; t++)
			raw[t] = u16(&r, q * 8 + t * 2);
		raw[MOD_THR_N] = u16(&r, mon[q]);
		for (t = 0; t <= MOD_THR_N; t++) {
			uint16_t v = raw[t];
			double d;

			if (ext && q == MOD_RXPWR) {
				/* Rx_PWR(4) at 56 .. Rx_PWR(0) at 72 */
				double x = v;

				d = befloat(&r, 72) + befloat(&r, 68) * x +
				    befloat(&r, 64) * x * x + befloat(&r, 60) * x * x * x +
				    befloat(&r, 56) * x * x * x * x;
				v = (uint16_t)(!(d >= 0) ? 0 : d > 65535 ? 65535 : d);
			} else if (ext) {
				/* slope/offset: bias 76, TX power 80, temperature 84, supply 88 */
				static const unsigned so[MOD_Q_N] = { 84, 88, 76, 80, 0 };

				v = q == MOD_TEMP ? scal(&r, 84, v) : cal(&r, so[q], v);
			}
			d = q == MOD_TEMP ? temp(v) :
			    q == MOD_VCC  ? VCC(v) :
			    q == MOD_BIAS ? BIAS(v) :
					    PWR(v);
			if (t < MOD_THR_N)
				m->thr[q][t] = d;
			else if (q == MOD_TEMP)
				m->temp = d;
			else if (q == MOD_VCC)
				m->vcc = d;
			else if (q == MOD_BIAS)
				m->bias[0] = d;
			else if (q == MOD_TXPWR)
				m->txpwr[0] = d;
			else
				m->rxpwr[0] = d;
		}
	}
	if (!r.ok)
		return 0;
	m->valid |= MOD_V_MON | MOD_V_LANES | MOD_V_TX | MOD_V_RX | MOD_V_THR;
	if (ext)
		m->valid |= MOD_V_EXTCAL;
	{
		uint16_t al = u16(&r, 112), wa = u16(&r, 116);

		for (q = 0; q < MOD_Q_N; q++) {
			uint8_t fl = (uint8_t)((al >> bit[q] & 1) << MOD_HALARM |
					       (al >> (bit[q] - 1) & 1) << MOD_LALARM |
					       (wa >> bit[q] & 1) << MOD_HWARN |
					       (wa >> (bit[q] - 1) & 1) << MOD_LWARN);

			if (q == MOD_TEMP)
				m->flag_temp = fl;
			else if (q == MOD_VCC)
				m->flag_vcc = fl;
			else
				m->flag[q][0] = fl;
		}
		if (r.ok)
			m->valid |= MOD_V_FLAGS;
	}
	return 0;
}

enum mod_map mod_map_of(uint8_t id)
{
	switch (id) {
	case 0x02: /* module soldered to the board */
	case 0x03: /* SFP/SFP+/SFP28 */
		return MOD_MAP_SFF8472;
	case 0x0c: /* QSFP */
	case 0x0d: /* QSFP+ */
	case 0x11: /* QSFP28 */
		return MOD_MAP_SFF8636;
	case 0x18: /* QSFP-DD */
	case 0x19: /* OSFP */
	case 0x1b: /* DSFP */
	case 0x1e: /* QSFP+ or later with CMIS */
	case 0x1f: /* SFP-DD with CMIS */
	case 0x20: /* SFP+ with CMIS */
		return MOD_MAP_CMIS;
	default:
		return MOD_MAP_NONE;
	}
}

const char *mod_id_name(uint8_t id)
{
	/* SFF-8024 rev 4.11 table 4-1 */
	static const char *const names[] = {
		[0x00] = "unknown",   [0x01] = "GBIC",	[0x02] = "soldered",   [0x03] = "SFP",
		[0x0c] = "QSFP",      [0x0d] = "QSFP+", [0x11] = "QSFP28",     [0x18] = "QSFP-DD",
		[0x19] = "OSFP",      [0x1b] = "DSFP",	[0x1e] = "QSFP+ CMIS", [0x1f] = "SFP-DD",
		[0x20] = "SFP+ CMIS",
	};

	return id < sizeof(names) / sizeof(names[0]) && names[id] ? names[id] : "unknown";
}

const char *mod_q_name(unsigned q)
{
	static const char *const n[MOD_Q_N] = { "temperature", "vcc", "bias", "tx_power",
						"rx_power" };

	return q < MOD_Q_N ? n[q] : "unknown";
}

const char *mod_thr_name(unsigned t)
{
	static const char *const n[MOD_THR_N] = { "high_alarm", "low_alarm", "high_warning",
						  "low_warning" };

	return t < MOD_THR_N ? n[t] : "unknown";
}

int mod_decode(const struct mod_pages *pg, struct mod_info *m)
{
	uint8_t id;

	memset(m, 0, sizeof(*m));
	if (!mod_byte(pg, A0, 0, 0, 0, &id))
		return -ENODATA;
	m->id = id;
	m->map = (uint8_t)mod_map_of(id);
	switch (m->map) {
	case MOD_MAP_SFF8472:
		return sff8472(pg, m);
	case MOD_MAP_SFF8636:
		return sff8636(pg, m);
	case MOD_MAP_CMIS:
		return cmis(pg, m);
	default:
		return -EPROTO;
	}
}

double mod_dbm(double mw)
{
	/* ethtool's convert_mw_to_dbm: 10 log10, -40.00 dBm for 0 */
	return mw > 0 ? 10.0 * log10(mw) : -40.0;
}

bool mod_rx_min(const struct mod_info *m, double *mw, unsigned *lane)
{
	unsigned i, best = 0;

	if (!(m->valid & MOD_V_RX) || (m->valid & MOD_V_COPPER) || !m->lanes)
		return false;
	for (i = 1; i < m->lanes && i < MOD_LANES; i++)
		if (m->rxpwr[i] < m->rxpwr[best])
			best = i;
	*mw = m->rxpwr[best];
	if (lane)
		*lane = best;
	return true;
}

uint8_t mod_flags(const struct mod_info *m, unsigned q, unsigned lane)
{
	if (!(m->valid & MOD_V_FLAGS) || q >= MOD_Q_N)
		return 0;
	if (q == MOD_TEMP)
		return m->flag_temp;
	if (q == MOD_VCC)
		return m->flag_vcc;
	return lane < MOD_LANES ? m->flag[q][lane] : 0;
}

uint8_t mod_crossed(const struct mod_info *m, unsigned q, double v)
{
	uint8_t f = 0;

	if (!(m->valid & MOD_V_THR) || q >= MOD_Q_N)
		return 0;
	if (v > m->thr[q][MOD_HALARM])
		f |= 1 << MOD_HALARM;
	if (v < m->thr[q][MOD_LALARM])
		f |= 1 << MOD_LALARM;
	if (v > m->thr[q][MOD_HWARN])
		f |= 1 << MOD_HWARN;
	if (v < m->thr[q][MOD_LWARN])
		f |= 1 << MOD_LWARN;
	return f;
}
