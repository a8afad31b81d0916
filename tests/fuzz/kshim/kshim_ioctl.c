// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The SIOCETHTOOL side of kshim (kshim.h): the socket the live source asks
 * the driver statistics on, and ETHTOOL_GSSET_INFO, GSTRINGS and GSTATS
 * answered from the input's records.  The kernel writes the count the
 * driver has now, not the one asked for (net/ethtool/ioctl.c:
 * ethtool_get_strings, ethtool_get_stats), here at most as many entries as
 * the last GSSET_INFO announced: the ABI has no length, so a count that
 * grows past that overruns any buffer (ethtool itself has the race); what
 * is checked is what the program makes of a header that says more, or
 * less, than it asked for.
 */
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/ethtool.h>
#include <linux/sockios.h>

#include "kshim.h"

static int ioc_fd = -1;
static char ioc_ndev[IFNAMSIZ];
static uint32_t info_count; /* the last GSSET_INFO's count */

/* the errors of a record's KS_ERR bits */
static const int ioctl_errs[8] = { 0, EOPNOTSUPP, ENODEV, EINTR, ENOMEM, EIO, EPERM, EFAULT };

int __real_socket(int domain, int type, int proto);
int __real_ioctl(int fd, unsigned long req, ...);

void kshim_ioctl_start(void)
{
	info_count = 0;
}

int __wrap_socket(int domain, int type, int proto)
{
	int err;

	if (domain != AF_INET && domain != AF_NETLINK)
		return __real_socket(domain, type, proto);
	kshim_count_call();
	if ((err = kshim_open_err())) {
		errno = err;
		return -1;
	}
	if (ioc_fd >= 0)
		abort(); /* one ioctl socket */
	ioc_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	return ioc_fd;
}

static uint32_t le32(const struct kshim_rec *r, size_t off)
{
	uint8_t b[4] = { 0 };

	if (off < r->len)
		memcpy(b, r->p + off, r->len - off < 4 ? r->len - off : 4);
	return b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* n entries of size each from r at off into p, zeros past r's end */
static void copy_entries(void *p, const struct kshim_rec *r, size_t off, uint32_t n, size_t size)
{
	size_t want = (size_t)n * size, have = off < r->len ? r->len - off : 0;

	if (have > want)
		have = want;
	memcpy(p, r->p + off, have);
	memset((uint8_t *)p + have, 0, want - have);
}

static int ethtool_ioctl(void *data)
{
	uint32_t cmd;
	const struct kshim_rec *r;
	int code;

	memcpy(&cmd, data, sizeof(cmd));
	r = kshim_take(KS_KEY_IOCTL | (cmd & 0x3f));
	if (!r)
		return -EOPNOTSUPP;
	if ((code = (r->flags & KS_ERR) >> KS_ERR_SHIFT))
		return -ioctl_errs[code];
	if (cmd == ETHTOOL_GSSET_INFO) {
		struct ethtool_sset_info *si = data;
		uint64_t has = r->flags & KS_RAW ? 0 : 1ull << ETH_SS_STATS;

		si->sset_mask &= has;
		if (si->sset_mask) {
			info_count = le32(r, 0);
			memcpy(si->data, &info_count, sizeof(info_count));
		}
	} else if (cmd == ETHTOOL_GSTRINGS) {
		struct ethtool_gstrings *gs = data;
		uint32_t now = le32(r, 0);

		if (now > INT32_MAX / ETH_GSTRING_LEN)
			return -ENOMEM;
		gs->len = now;
		copy_entries(gs->data, r, 4, now < info_count ? now : info_count, ETH_GSTRING_LEN);
	} else if (cmd == ETHTOOL_GSTATS) {
		/* where the program has it: 4 past a multiple of 8 (net.c) */
		struct ethtool_stats st;
		uint32_t now = le32(r, 0);

		if (now > INT32_MAX / sizeof(uint64_t))
			return -ENOMEM;
		memcpy(&st, data, sizeof(st));
		st.n_stats = now;
		memcpy(data, &st, sizeof(st));
		copy_entries((uint8_t *)data + sizeof(st), r, 4,
			     now < info_count ? now : info_count, sizeof(uint64_t));
	} else {
		return -EOPNOTSUPP;
	}
	return 0;
}

int __wrap_ioctl(int fd, unsigned long req, ...)
{
	struct ifreq *ifr;
	va_list ap;
	int ret;

	va_start(ap, req);
	ifr = va_arg(ap, struct ifreq *);
	va_end(ap);
	if (fd != ioc_fd || fd < 0)
		return __real_ioctl(fd, req, ifr);
	kshim_count_call();
	if (req != SIOCETHTOOL) {
		errno = ENOTTY;
		return -1;
	}
	if (!memchr(ifr->ifr_name, 0, IFNAMSIZ)) {
		fprintf(stderr, "kshim: an interface name without its NUL\n");
		abort();
	}
	memcpy(ioc_ndev, ifr->ifr_name, IFNAMSIZ);
	ret = ethtool_ioctl(ifr->ifr_data);
	if (ret) {
		errno = -ret;
		return -1;
	}
	return 0;
}

/* ethtool -S's input: the names and the values of one count, of the
 * netdev last asked */
void kshim_check_drv(const char *ndev, const void *buf, size_t len)
{
	const struct ethtool_gstrings *gs = buf;
	struct ethtool_stats st;

	if (len < sizeof(*gs) ||
	    len - sizeof(*gs) < (size_t)gs->len * ETH_GSTRING_LEN + sizeof(st) ||
	    strncmp(ndev, ioc_ndev, IFNAMSIZ)) {
		fprintf(stderr, "kshim: ethtool -S of %s: %zu bytes\n", ndev, len);
		abort();
	}
	memcpy(&st, (const uint8_t *)buf + sizeof(*gs) + (size_t)gs->len * ETH_GSTRING_LEN,
	       sizeof(st));
	if (st.n_stats != gs->len || len != sizeof(*gs) + (size_t)gs->len * ETH_GSTRING_LEN +
						     sizeof(st) + (size_t)st.n_stats * 8) {
		fprintf(stderr, "kshim: ethtool -S of %s: %u names, %u values in %zu bytes\n", ndev,
			gs->len, st.n_stats, len);
		abort();
	}
}

void kshim_ioctl_end(void)
{
	/* closed with the source (net_live_close) */
	if (ioc_fd >= 0 && fcntl(ioc_fd, F_GETFD) >= 0) {
		fprintf(stderr, "kshim: the ioctl socket left open\n");
		abort();
	}
	ioc_fd = -1;
}
