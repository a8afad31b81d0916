// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A port's GID and P_Key tables from sysfs, in the formats of the kernel's
 * drivers/infiniband/core/sysfs.c (6.1 to 7.x): ports/N/gids/K "%pI6" (eight
 * groups of four hex digits), gid_attrs/types/K "IB/RoCE v1" or "RoCE v2"
 * (ib_cache_gid_type_str(); the RoCE GID files fail with EINVAL for an
 * empty entry), gid_attrs/ndevs/K the netdev's name, pkeys/K "0x%04x".
 * The port GUID is the interface id (low 64 bits) of GID 0; the VLAN id of
 * a GID whose netdev is a VLAN device comes from /proc/net/vlan/config.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sysfs.h"

static struct snap_gid *gid_find(struct snapshot *s, uint32_t dev, uint32_t port, uint32_t k)
{
	size_t i;

	/* the entries of a port come in order: look from the end */
	for (i = s->gids.n; i-- > 0;) {
		struct snap_gid *g = SNAP_AT(&s->gids, struct snap_gid, i);

		if (g->dev == dev && g->port == port && g->index == k)
			return g;
		if (g->dev != dev || g->port != port)
			break;
	}
	return NULL;
}

bool sysfs_gid_zero(const char *buf, size_t len)
{
	char text[64];
	uint8_t a[16];
	size_t i;

	sysfs_line(text, sizeof(text), buf, len);
	if (inet_pton(AF_INET6, text, a) != 1)
		return true;	/* not a GID: the table ends */
	for (i = 0; i < sizeof(a); i++)
		if (a[i])
			return false;
	return true;
}

int sysfs_port_table(struct snapshot *s, struct snap_port *p, const char *rest,
		     const char *buf, size_t len)
{
	char text[64], *end;
	const char *num;
	unsigned long k;
	struct snap_gid *g;
	int what;

	if (!strncmp(rest, "gids/", 5))
		what = 0, num = rest + 5;
	else if (!strncmp(rest, "gid_attrs/types/", 16))
		what = 1, num = rest + 16;
	else if (!strncmp(rest, "gid_attrs/ndevs/", 16))
		what = 2, num = rest + 16;
	else if (!strncmp(rest, "pkeys/", 6))
		what = 3, num = rest + 6;
	else
		return 0;
	k = strtoul(num, &end, 10);
	if (*end || !*num || k > 0xffff)
		return 1;
	sysfs_line(text, sizeof(text), buf, len);
	if (what == 3) {
		unsigned long v = strtoul(text, &end, 16);

		/* kept in order: the table is read from index 0 on */
		if (*end || !text[0] || !v || v > 0xffff || k != p->npkeys ||
		    p->npkeys == SNAP_PKEYS_MAX)
			return 1;
		p->pkeys[p->npkeys++] = (uint16_t)v;
		return 1;
	}
	if (what == 0) {
		uint8_t a[16];

		if (inet_pton(AF_INET6, text, a) != 1 || sysfs_gid_zero(buf, len) ||
		    gid_find(s, p->dev, p->port, (uint32_t)k))
			return 1;
		g = snap_push(&s->gids, sizeof(*g));
		if (!g)
			return -ENOMEM;
		g->dev = p->dev;
		g->port = p->port;
		g->index = (uint32_t)k;
		memcpy(g->gid, a, sizeof(a));
		if (k == 0) {
			uint64_t guid = 0;
			int i;

			for (i = 8; i < 16; i++)
				guid = guid << 8 | a[i];
			SNAP_SET(p, guid, SNAP_PORT_GUID, guid);
		}
		return 1;
	}
	g = gid_find(s, p->dev, p->port, (uint32_t)k);
	if (!g)
		return 1;
	if (what == 1) {
		bool ib = !strcmp(p->link_layer, "InfiniBand");

		g->has_type = true;
		if (!strcmp(text, "IB/RoCE v1"))
			g->type = ib ? SNAP_GID_IB : SNAP_GID_ROCE_V1;
		else if (!strcmp(text, "RoCE v2"))
			g->type = SNAP_GID_ROCE_V2;
		else
			g->type = SNAP_GID_UNKNOWN;
	} else {
		sysfs_line(g->ndev, sizeof(g->ndev), buf, len);
	}
	return 1;
}

/*
 * One device line of /proc/net/vlan/config, "%-15s| %d  | %s" (the VLAN
 * device, its id, the real device: net/8021q/vlanproc.c vlan_seq_show(),
 * the same from 2.6 to 7.x).  Netdev names have no blanks but may hold a
 * '|': the id is found from the last "  | ", before the real device's name.
 */
static int vlan_line(const char *l, char *name, size_t size, uint16_t *vid)
{
	const char *sep = NULL, *p, *bar;
	unsigned long v = 0, mul = 1;
	size_t n;

	/* the last one: the name's padding before "| " has blanks too */
	for (p = strstr(l, "  | "); p; p = strstr(p + 1, "  | "))
		sep = p;
	if (!sep || !sep[4])
		return -EBADMSG;
	p = sep;
	while (p > l && p[-1] >= '0' && p[-1] <= '9' && mul <= 1000) {
		p--;
		v += (unsigned long)(*p - '0') * mul;
		mul *= 10;
	}
	if (p == sep || v > 4095 || p - l < 2 || p[-1] != ' ' || p[-2] != '|')
		return -EBADMSG;
	bar = p - 2;
	for (n = (size_t)(bar - l); n && l[n - 1] == ' '; n--)
		;
	if (!n || n >= size || memchr(l, ' ', n))
		return -EBADMSG;
	memcpy(name, l, n);
	name[n] = '\0';
	*vid = (uint16_t)v;
	return 0;
}

int sysfs_vlan_parse(struct snapshot *s, int err, const char *buf, size_t len)
{
	size_t off = 0, i;
	int ret = 0;

	/* mode 0600: an unprivileged reader gets EACCES, and without the
	 * 8021q module there is no file; no VLAN ids then */
	if (err)
		return 0;
	while (off < len) {
		const char *nl = memchr(buf + off, '\n', len - off);
		size_t n = nl ? (size_t)(nl - (buf + off)) : len - off;
		char l[128], name[SNAP_IFNAME_MAX];
		uint16_t vid;

		sysfs_line(l, sizeof(l), buf + off, n);
		off += n + 1;
		/* the two header lines: "VLAN Dev name\t | VLAN ID", "Name-Type: ..." */
		if (!l[0] || !strncmp(l, "VLAN Dev name", 13) || !strncmp(l, "Name-Type:", 10))
			continue;
		if (n >= sizeof(l) || vlan_line(l, name, sizeof(name), &vid)) {
			ret = -EBADMSG;
			continue;
		}
		for (i = 0; i < s->gids.n; i++) {
			struct snap_gid *g = SNAP_AT(&s->gids, struct snap_gid, i);

			if (!strcmp(g->ndev, name)) {
				g->has_vlan = true;
				g->vlan = vid;
			}
		}
	}
	return ret;
}
