/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A port's transceiver module as its EEPROM pages say (src/model/module.c):
 * identity, the monitors per lane, the module's own alarm and warning
 * thresholds and its latched flags, for the three memory maps in use:
 * SFF-8472 (SFP, I2C addresses A0h/A2h), SFF-8636 (QSFP+/QSFP28) and CMIS
 * 4.0/5.x (QSFP-DD, OSFP).  The pages come from ethtool netlink's
 * MODULE_EEPROM_GET (src/net/module.c); the decoding is a pure function of
 * them.  No curses here.
 */
#ifndef RDMATOP_MODULE_H
#define RDMATOP_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MOD_LANES 8 /* CMIS bank 0; SFF-8636 has 4, SFF-8472 1 */
#define MOD_PAGES 8 /* pages a module's reading holds */
#define MOD_STR 17 /* vendor name, part, serial: 16 bytes */

/* the memory map (from the SFF-8024 identifier) */
enum mod_map { MOD_MAP_NONE, MOD_MAP_SFF8472, MOD_MAP_SFF8636, MOD_MAP_CMIS };

/* the readings, each against its own thresholds */
enum mod_q { MOD_TEMP, MOD_VCC, MOD_BIAS, MOD_TXPWR, MOD_RXPWR, MOD_Q_N };
/* the thresholds, in the specifications' order (high alarm first) */
enum mod_thr { MOD_HALARM, MOD_LALARM, MOD_HWARN, MOD_LWARN, MOD_THR_N };
/* flag bits: one per threshold crossed (1 << enum mod_thr) */

/* mod_info.valid */
enum {
	MOD_V_IDENT = 1 << 0, /* vendor, part, serial, revision */
	MOD_V_MON = 1 << 1, /* temperature and Vcc */
	MOD_V_LANES = 1 << 2, /* bias and TX power per lane */
	MOD_V_RX = 1 << 3, /* RX power per lane */
	MOD_V_THR = 1 << 4, /* the thresholds */
	MOD_V_FLAGS = 1 << 5, /* the latched flags */
	MOD_V_EXTCAL = 1 << 6, /* SFF-8472 external calibration applied */
	MOD_V_COPPER = 1 << 7, /* a copper cable: no optics to read */
	MOD_V_TX = 1 << 8, /* TX power (SFF-8636: page 00h byte 220 bit 2) */
};

struct mod_info {
	uint8_t map; /* enum mod_map */
	uint8_t id; /* SFF-8024 identifier (byte 0) */
	uint8_t lanes; /* lanes read */
	uint16_t valid;
	char vendor[MOD_STR], pn[MOD_STR], sn[MOD_STR], rev[MOD_STR];
	/* physical units: °C, V, mA, mW */
	double temp, vcc;
	double bias[MOD_LANES], txpwr[MOD_LANES], rxpwr[MOD_LANES];
	double thr[MOD_Q_N][MOD_THR_N];
	uint8_t flag_temp, flag_vcc; /* bits 1 << enum mod_thr */
	uint8_t flag[MOD_Q_N][MOD_LANES]; /* MOD_BIAS, MOD_TXPWR, MOD_RXPWR per lane */
};

/* A module's pages as read: 128-byte halves keyed by I2C address, bank
 * and page (the lower half of every page is the lower page, offset 0). */
struct mod_page {
	uint8_t addr, bank, page, upper; /* upper: bytes 128..255 */
	uint8_t have;
	uint8_t b[128];
};
struct mod_pages {
	struct mod_page p[MOD_PAGES];
	size_t n;
};

/* The byte at offset off (0..255) of (addr, bank, page), false where not read. */
bool mod_byte(const struct mod_pages *pg, uint8_t addr, uint8_t bank, uint8_t page, unsigned off,
	      uint8_t *v);
/* Store len bytes read at off (within one half) of (addr, bank, page). */
int mod_put(struct mod_pages *pg, uint8_t addr, uint8_t bank, uint8_t page, unsigned off,
	    const uint8_t *b, size_t len);

/* Decode the pages: 0, or -ENODATA where the lower page is missing,
 * -EPROTO where the identifier is one no map here knows. */
int mod_decode(const struct mod_pages *pg, struct mod_info *m);
/* The memory map of an identifier (SFF-8024 table 4-1) */
enum mod_map mod_map_of(uint8_t id);
/* "QSFP28", "SFP/SFP+/SFP28", ...: SFF-8024's name, "unknown" past it */
const char *mod_id_name(uint8_t id);
/* "temperature", "vcc", "bias", "tx_power", "rx_power" */
const char *mod_q_name(unsigned q);
/* "high_alarm", ... */
const char *mod_thr_name(unsigned t);

/* mW in dBm (10 log10 mW), -40 for 0 mW and below (ethtool's floor) */
double mod_dbm(double mw);
/* The lowest RX power over the lanes read, in mW; false where none. */
bool mod_rx_min(const struct mod_info *m, double *mw, unsigned *lane);
/* A lane's (or for temperature and Vcc the module's) latched flags of
 * reading q: bits 1 << enum mod_thr. */
uint8_t mod_flags(const struct mod_info *m, unsigned q, unsigned lane);
/* The thresholds crossed by value v of reading q (bits 1 << enum mod_thr). */
uint8_t mod_crossed(const struct mod_info *m, unsigned q, double v);

#endif
