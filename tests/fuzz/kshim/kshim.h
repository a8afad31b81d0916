/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel side of the live source for fuzz_live (kshim.c, kshim_ioctl.c): libmnl's
 * socket calls, poll, socket and ioctl, linked in their place with
 * -Wl,--wrap, answered from the fuzz input.
 *
 * Input: records, each a key byte, a flags byte, a 16-bit little-endian
 * length and that many bytes (the last cut at the input's end).  A request
 * takes the first unused records of its key, up to one without KS_MORE:
 * each is one datagram of its answer (with an error before it, or instead
 * of it).  Keys: an NLDEV command (0x00..0x3f); KS_KEY_MON, notifications
 * (one answer a sample, read when the live source drains them);
 * KS_KEY_DCB (RTM_GETDCB); KS_KEY_FAMILY (CTRL_CMD_GETFAMILY);
 * KS_KEY_OPEN (a socket opened: its error); KS_KEY_GENL | an ethtool
 * netlink command; KS_KEY_IOCTL | an ethtool ioctl command (GSSET_INFO:
 * u32 count; GSTRINGS: u32 count, names; GSTATS: u32 count, values).
 * A request no record answers gets NLMSG_DONE (an NLDEV dump) or
 * -EOPNOTSUPP; a socket's receive with nothing queued gets EAGAIN, and
 * poll then times out at once.
 */
#ifndef RDMATOP_FUZZ_KSHIM_H
#define RDMATOP_FUZZ_KSHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
	KS_KEY_MON = 0x40,
	KS_KEY_DCB = 0x41,
	KS_KEY_FAMILY = 0x42,
	KS_KEY_OPEN = 0x43,
	KS_KEY_GENL = 0x80,
	KS_KEY_IOCTL = 0xc0,
};

enum {
	KS_MORE = 0x01, /* the answer goes on in the next record of the key */
	KS_RAW = 0x02, /* sequence and port id as given (not the request's);
				 * GSSET_INFO: the device has no ETH_SS_STATS set */
	KS_STALE = 0x04, /* the sequence number of the request before */
	KS_ERR = 0x38, /* an error first (3 bits, kshim.c's tables) */
	KS_NODATA = 0x40, /* the error alone */
	KS_SPLIT = 0x80, /* each message a datagram of its own */
};
#define KS_ERR_SHIFT 3

/* A new input: its records; each sample's start (notifications due). */
void kshim_start(const uint8_t *data, size_t size);
void kshim_sample(int i);
/* The input's end: every socket the live source opened is closed. */
void kshim_end(void);

/* What the live source feeds its parsers is what it just received:
 * an NLDEV datagram under the command last sent; a netdev's answer. */
void kshim_check_nl(uint16_t cmd, const void *buf, size_t len);
void kshim_check_net(unsigned int what, const char *ndev, int err, const void *buf, size_t len);

/* Between kshim.c and kshim_ioctl.c: an input's record; the first unused
 * one of a key (marked used), NULL when none is left; one call into the
 * kernel counted (abort past a bound); the error of the next socket
 * opened (a KS_KEY_OPEN record's); the ioctl side's start, end (its socket
 * closed) and check of an ethtool -S input. */
struct kshim_rec {
	uint8_t key, flags;
	const uint8_t *p;
	size_t len;
	bool used;
};
struct kshim_rec *kshim_take(uint8_t key);
void kshim_count_call(void);
int kshim_open_err(void);
void kshim_ioctl_start(void);
void kshim_ioctl_end(void);
void kshim_check_drv(const char *ndev, const void *buf, size_t len);

#endif
