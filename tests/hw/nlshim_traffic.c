// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Traffic on a fixture's port: successive states of its hw counters.
 * With RDMATOP_HW_TRAFFIC (a state file) and RDMATOP_HW_TRAFFIC_STEPS
 * ("NAME=STEP,...": counter names of the driver's table), each answer to
 * a port's counters (stat_get dev=D port=P: nldev_stat_get_doit() ->
 * stat_get_doit_default_counter() of drivers/infiniband/core/nldev.c)
 * is the fixture's with every named counter advanced by its step once per
 * answer served before it, on that port, by any process: the state file
 * holds "DEV PORT N" lines, N the answers served so far.  So two reads
 * differ by one step, whoever reads them (rdma, rdmatop's samples), and
 * an oracle's two reads give the traffic of one interval.  The other
 * counters keep their values.  Without both variables nothing changes.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rdma/rdma_netlink.h>

#include "nlshim.h"

#define MAX_PORTS 64
#define MSG_MAX 65536

static struct {
	unsigned int dev, port;
	unsigned long long n;
} served[MAX_PORTS];
static size_t nserved;

static void load(const char *path)
{
	unsigned long long n;
	unsigned int dev, port;
	FILE *fp = fopen(path, "re");

	nserved = 0;
	if (!fp)
		return;
	while (nserved < MAX_PORTS && fscanf(fp, "%u %u %llu", &dev, &port, &n) == 3) {
		served[nserved].dev = dev;
		served[nserved].port = port;
		served[nserved++].n = n;
	}
	fclose(fp);
}

static void save(const char *path)
{
	FILE *fp = fopen(path, "we");

	if (!fp)
		return;
	for (size_t i = 0; i < nserved; i++)
		fprintf(fp, "%u %u %llu\n", served[i].dev, served[i].port, served[i].n);
	fclose(fp);
}

/* the answers served before this one on dev/port, counted */
static unsigned long long next_state(const char *path, unsigned int dev, unsigned int port)
{
	unsigned long long n = 0;
	size_t i;

	load(path);
	for (i = 0; i < nserved; i++)
		if (served[i].dev == dev && served[i].port == port)
			break;
	if (i == nserved && nserved < MAX_PORTS) {
		served[nserved].dev = dev;
		served[nserved].port = port;
		served[nserved++].n = 0;
	}
	if (i < nserved)
		n = served[i].n++;
	save(path);
	return n;
}

/* NAME's step in "NAME=STEP,...", 0 when not named */
static unsigned long long step_of(const char *steps, const char *name, size_t nlen)
{
	const char *p = steps;

	while (p && *p) {
		const char *eq = strchr(p, '='), *comma = strchr(p, ',');

		if (!eq || (comma && comma < eq))
			return 0;
		if ((size_t)(eq - p) == nlen && !memcmp(p, name, nlen))
			return strtoull(eq + 1, NULL, 10);
		p = comma ? comma + 1 : NULL;
	}
	return 0;
}

/* each entry of a HWCOUNTERS nest: NAME's value advanced by n steps */
static void advance(unsigned char *p, const unsigned char *end, const char *steps,
		    unsigned long long n)
{
	while (p + NLA_HDRLEN <= end) {
		struct nlattr *e = (struct nlattr *)p;
		unsigned char *q = p + NLA_HDRLEN, *qe = p + e->nla_len, *val = NULL;
		const char *name = NULL;
		size_t nlen = 0;

		if (e->nla_len < NLA_HDRLEN || p + e->nla_len > end)
			return;
		while (q + NLA_HDRLEN <= qe) {
			struct nlattr *a = (struct nlattr *)q;

			if (a->nla_len < NLA_HDRLEN || q + a->nla_len > qe)
				break;
			if ((a->nla_type & NLA_TYPE_MASK) == RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME) {
				name = (const char *)q + NLA_HDRLEN;
				nlen = strnlen(name, a->nla_len - NLA_HDRLEN);
			} else if ((a->nla_type & NLA_TYPE_MASK) ==
					   RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE &&
				   a->nla_len >= NLA_HDRLEN + 8) {
				val = q + NLA_HDRLEN;
			}
			q += NLA_ALIGN(a->nla_len);
		}
		if (name && val) {
			unsigned long long v, step = step_of(steps, name, nlen);

			memcpy(&v, val, 8);
			v += step * n;
			memcpy(val, &v, 8);
		}
		p += NLA_ALIGN(e->nla_len);
	}
}

const struct fix_rec *nlshim_traffic(const char *key, const struct fix_rec *r)
{
	static unsigned char buf[MSG_MAX];
	static struct fix_msg m;
	static struct fix_rec out;
	const char *path = getenv("RDMATOP_HW_TRAFFIC"), *steps = getenv("RDMATOP_HW_TRAFFIC_STEPS");
	unsigned int dev, port;
	unsigned long long n;
	unsigned char *p, *end;
	int used = 0;

	if (!path || !*path || !steps || !r || r->error || r->nmsgs != 1 || r->msgs[0].len > MSG_MAX ||
	    sscanf(key, "stat_get dev=%u port=%u%n", &dev, &port, &used) != 2 || key[used])
		return r;
	n = next_state(path, dev, port);
	nlshim_log("RDMATOP_HW_TRACE", "traffic dev=%u port=%u state=%llu", dev, port, n);
	memcpy(buf, r->msgs[0].data, r->msgs[0].len);
	p = buf + NLMSG_HDRLEN;
	end = buf + r->msgs[0].len;
	while (p + NLA_HDRLEN <= end) {
		struct nlattr *a = (struct nlattr *)p;

		if (a->nla_len < NLA_HDRLEN || p + a->nla_len > end)
			break;
		if ((a->nla_type & NLA_TYPE_MASK) == RDMA_NLDEV_ATTR_STAT_HWCOUNTERS)
			advance(p + NLA_HDRLEN, p + a->nla_len, steps, n);
		p += NLA_ALIGN(a->nla_len);
	}
	out = *r;
	m.len = r->msgs[0].len;
	m.data = buf;
	out.msgs = &m;
	return &out;
}
