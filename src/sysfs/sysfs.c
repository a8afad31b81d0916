// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sysfs inputs: IB PMA port counters, port rate and link layer, and the
 * statistics of the netdev a RoCE/iWARP port is bound to.  Parsed from the
 * bytes read, keyed by canonical path, so a recording replays identically.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "snap_pci.h"
#include "sysfs.h"

#define IB_CLASS "/sys/class/infiniband/"
#define NET_CLASS "/sys/class/net/"

/* Skip a path component: copies it to out, returns the rest after '/'. */
static const char *component(const char *p, char *out, size_t outlen)
{
	size_t n = strcspn(p, "/");

	if (!n || n >= outlen)
		return NULL;
	memcpy(out, p, n);
	out[n] = '\0';
	return p[n] == '/' ? p + n + 1 : p + n;
}

int sysfs_u64(const char *buf, size_t len, int base, uint64_t *v)
{
	char tmp[32], *end;
	size_t n = len < sizeof(tmp) - 1 ? len : sizeof(tmp) - 1;

	memcpy(tmp, buf, n);
	tmp[n] = '\0';
	if (!n || tmp[0] < '0' || tmp[0] > '9')
		return -EBADMSG;
	errno = 0;
	*v = strtoull(tmp, &end, base);
	if (errno || (*end && *end != '\n'))
		return -EBADMSG;
	return 0;
}

/* a counter file's value: decimal, or 0x hex as some drivers print */
static int parse_u64(const char *buf, size_t len, uint64_t *v)
{
	return sysfs_u64(buf, len, 0, v);
}

void sysfs_line(char *dst, size_t dstlen, const char *buf, size_t len)
{
	const char *nl = memchr(buf, '\n', len);
	size_t n = nl ? (size_t)(nl - buf) : len;

	if (n >= dstlen)
		n = dstlen - 1;
	memcpy(dst, buf, n);
	dst[n] = '\0';
}

enum snap_unit sysfs_pma_unit(const char *name, int *words)
{
	/* PortXmitData/PortRcvData count 4-octet words (IBA 16.1.3.5) */
	*words = !strcmp(name, "port_xmit_data") || !strcmp(name, "port_rcv_data") ||
		 !strcmp(name, "unicast_xmit_data") || !strcmp(name, "unicast_rcv_data");
	if (*words)
		return SNAP_UNIT_BYTES;
	if (strstr(name, "packets") || strstr(name, "pkts"))
		return SNAP_UNIT_PACKETS;
	return SNAP_UNIT_EVENTS;
}

enum snap_unit sysfs_netdev_unit(const char *name)
{
	if (strstr(name, "bytes"))
		return SNAP_UNIT_BYTES;
	if (strstr(name, "packets"))
		return SNAP_UNIT_PACKETS;
	return SNAP_UNIT_EVENTS;
}

static int push_counter(struct snapshot *s, uint32_t dev, uint32_t port,
			enum snap_src src, enum snap_unit unit, const char *name,
			uint64_t value)
{
	struct snap_counter *c = snap_push(&s->counters, sizeof(*c));

	if (!c)
		return -ENOMEM;
	c->dev = dev;
	c->port = port;
	c->name = snap_str(s, name, 64);
	c->source = (uint8_t)src;
	c->unit = (uint8_t)unit;
	c->bits = 64;
	c->value = value;
	snap_counter_class(c, snap_s(s, c->name));
	return 0;
}

static void pma_mark(struct snap_counter *c, const struct cnt_entry *e)
{
	/* a data or packet counter past 32 bits is PortCountersExtended's
	 * on a port without unicast_* (CAP_EXT_WIDTH_NOIETF); a fixed-width
	 * one past its width is no kernel's, and is not saturated */
	if (e->width == CNT_W_EXT && c->value > snap_counter_max(c))
		c->bits = 64;
	c->sat = SNAP_CNT_SATURATES;
	if (c->value == snap_counter_max(c))
		c->sat |= SNAP_CNT_SATURATED;
}

/*
 * An IB PMA counter: its width from the table (classify_tab.c), 64 for
 * the data and packet counters of a port with PortCountersExtended, which
 * the port's unicast_* and multicast_* files tell (they exist only then).
 * A port's counters/ files are read one after the other (files.c, and so
 * in recordings), so the port's other PMA counters are the last rows.
 */
static int push_pma(struct snapshot *s, uint32_t dev, uint32_t port, const char *name,
		    uint64_t raw)
{
	const struct cnt_entry *e = cnt_pma_lookup(name);
	struct snap_counter *c, *o;
	bool ext = false;
	size_t i;
	int words, ret;
	enum snap_unit unit = sysfs_pma_unit(name, &words);

	ret = push_counter(s, dev, port, SNAP_SRC_PMA, unit, name, words ? raw * 4 : raw);
	if (ret || !e)
		return ret;	/* a name the kernel's table lacks: 64 bits, wraps */
	c = SNAP_AT(&s->counters, struct snap_counter, s->counters.n - 1);
	for (i = s->counters.n - 1; i-- > 0;) {
		const struct cnt_entry *oe;

		o = SNAP_AT(&s->counters, struct snap_counter, i);
		if (o->dev != dev || o->port != port || o->source != SNAP_SRC_PMA)
			break;
		oe = cnt_pma_lookup(snap_s(s, o->name));
		if (!oe)
			continue;
		if (e->width == CNT_W_EXT_ONLY && oe->width == CNT_W_EXT && o->bits != 64) {
			o->bits = 64;
			pma_mark(o, oe);
		}
		if (oe->width == CNT_W_EXT_ONLY)
			ext = true;
	}
	c->bits = e->width == CNT_W_EXT_ONLY || (e->width == CNT_W_EXT && ext) ? 64 : e->bits;
	pma_mark(c, e);
	return 0;
}

/* /sys/class/infiniband/DEV/ports/N/{counters/NAME,rate,link_layer} */
static int parse_ib(struct snapshot *s, const char *rest, int err,
		    const char *buf, size_t len)
{
	char devname[SNAP_DEV_NAME_MAX], portstr[16], name[64];
	struct snap_dev *dev;
	struct snap_port *p;
	unsigned long port;
	uint64_t v;
	int ret;
	char *end;

	rest = component(rest, devname, sizeof(devname));
	if (!rest || strncmp(rest, "ports/", 6))
		return 0;
	rest = component(rest + 6, portstr, sizeof(portstr));
	if (!rest)
		return 0;
	port = strtoul(portstr, &end, 10);
	if (*end || port > UINT32_MAX)
		return 0;
	dev = snap_dev_by_name(s, devname);
	if (!dev || err)
		return 0;

	if (!strncmp(rest, "counters/", 9)) {
		if (!component(rest + 9, name, sizeof(name)))
			return 0;
		ret = parse_u64(buf, len, &v);
		if (ret)
			return ret;
		return push_pma(s, dev->index, (uint32_t)port, name, v);
	}
	p = snap_port_find(s, dev->index, (uint32_t)port);
	if (!p)
		return 0;
	ret = sysfs_port_table(s, p, rest, buf, len);
	if (ret)
		return ret < 0 ? ret : 0;
	if (!strcmp(rest, "rate")) {
		sysfs_line(p->rate, sizeof(p->rate), buf, len);
		p->valid |= SNAP_PORT_RATE;
	} else if (!strcmp(rest, "link_layer")) {
		sysfs_line(p->link_layer, sizeof(p->link_layer), buf, len);
		p->valid |= SNAP_PORT_LINK_LAYER;
	}
	return 0;
}

/*
 * /sys/class/net/NDEV/carrier_{changes,up_count,down_count}
 * (net/core/net-sysfs.c: carrier_changes since 3.15, the up and down
 * counts since 4.16; changes is their sum, the same as rtnetlink's
 * IFLA_CARRIER_*): every port bound to NDEV gets them.  1 when rest is
 * one of them, 0 when not, -EBADMSG for contents not a number.
 */
static int parse_carrier(struct snapshot *s, const char *ndev, const char *rest,
			 const char *buf, size_t len)
{
	static const struct {
		const char *name;
		size_t off;
		uint32_t bit;
	} f[] = {
		{ "carrier_changes", offsetof(struct snap_port, carrier_changes),
		  SNAP_PORT_CARRIER_CHANGES },
		{ "carrier_up_count", offsetof(struct snap_port, carrier_up), SNAP_PORT_CARRIER_UP },
		{ "carrier_down_count", offsetof(struct snap_port, carrier_down),
		  SNAP_PORT_CARRIER_DOWN },
	};
	struct snap_port *p;
	size_t k, it = 0;
	uint64_t v;

	for (k = 0; k < sizeof(f) / sizeof(f[0]) && strcmp(rest, f[k].name); k++)
		;
	if (k == sizeof(f) / sizeof(f[0]))
		return 0;
	if (parse_u64(buf, len, &v) || v > UINT32_MAX)	/* atomic_t counts */
		return -EBADMSG;
	while ((p = snap_ndev_port(s, ndev, &it))) {
		*(uint32_t *)((char *)p + f[k].off) = (uint32_t)v;
		p->valid |= f[k].bit;
	}
	return 1;
}

/* /sys/class/net/NDEV/statistics/NAME: one row per port bound to NDEV */
static int parse_net(struct snapshot *s, const char *rest, int err,
		     const char *buf, size_t len)
{
	char ndev[SNAP_IFNAME_MAX], name[64];
	size_t it = 0;
	struct snap_port *p;
	uint64_t v;
	int ret;

	rest = component(rest, ndev, sizeof(ndev));
	if (rest && (ret = sysfs_lower_parse(s, ndev, rest, err, buf, len)))
		return ret < 0 ? ret : 0;
	if (!err && rest && (ret = parse_carrier(s, ndev, rest, buf, len)))
		return ret < 0 ? ret : 0;
	if (!err && rest && !strcmp(rest, "mtu") && !parse_u64(buf, len, &v) && v <= UINT32_MAX) {
		while ((p = snap_ndev_port(s, ndev, &it)))
			SNAP_SET(p, ndev_mtu, SNAP_PORT_NDEV_MTU, (uint32_t)v);
		return 0;
	}
	if (err || !rest || strncmp(rest, "statistics/", 11) ||
	    !component(rest + 11, name, sizeof(name)))
		return 0;
	ret = parse_u64(buf, len, &v);
	if (ret)
		return ret;
	while ((p = snap_ndev_port(s, ndev, &it))) {
		ret = push_counter(s, p->dev, p->port, SNAP_SRC_NETDEV,
				   sysfs_netdev_unit(name), name, v);
		if (ret)
			return ret;
	}
	return 0;
}

int sysfs_parse(struct snapshot *s, const char *path, int err,
		const char *buf, size_t len)
{
	if (!buf)
		len = 0;
	if (!strncmp(path, IB_CLASS, sizeof(IB_CLASS) - 1))
		return parse_ib(s, path + sizeof(IB_CLASS) - 1, err, buf, len);
	if (!strncmp(path, NET_CLASS, sizeof(NET_CLASS) - 1))
		return parse_net(s, path + sizeof(NET_CLASS) - 1, err, buf, len);
	if (!strcmp(path, SYSFS_VLAN_CONFIG))
		return sysfs_vlan_parse(s, err, buf, len);
	if (!strcmp(path, SYSFS_PCI))
		return sysfs_pci_parse(s, err, buf, len);
	if (!strncmp(path, "/proc/", 6))
		return sysfs_proc_parse(s, path + 6, err, buf, len);
	return 0;
}
