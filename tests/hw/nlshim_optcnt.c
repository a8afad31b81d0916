// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The shim applying the optional counters set it accepts (with
 * RDMATOP_HW_OPTCNT, a state file kept across processes: "DEV PORT
 * LIST" lines, LIST the indices turned on, "-" for none; without it the
 * answers are the fixture's alone).  The fixture decides each answer
 * (tests/hw/gen_stat.c answer_stat_opt, nldev_stat_set_counter_dynamic_
 * doit() of 6.2+); after an accepted one, the port's counter status
 * (stat_get_status dev=D port=P: nldev_stat_get_counter_status_doit())
 * says each optional counter on when listed, off else, as
 * rdma_counter_modify() leaves them (drivers/infiniband/core/counters.c,
 * 6.12).  The port's counter list (stat_get dev=D port=P) is left as the
 * fixture has it.  RDMATOP_HW_OPTCNT_TAMPER: acked, nothing applied.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rdma/rdma_netlink.h>

#include "nlshim.h"

#define LIST_MAX 200

/* the last list set on dev/port, into list; 0 when none was */
static int last_set(unsigned int dev, unsigned int port, char *list)
{
	const char *path = getenv("RDMATOP_HW_OPTCNT");
	char l[LIST_MAX];
	unsigned int d, p;
	int found = 0;
	FILE *fp;

	if (!path || !(fp = fopen(path, "re")))
		return 0;
	while (fscanf(fp, "%u %u %199s", &d, &p, l) == 3)
		if (d == dev && p == port) {
			strcpy(list, l);
			found = 1;
		}
	fclose(fp);
	return found;
}

static int listed(const char *list, unsigned int idx)
{
	const char *p = list;

	while (*p) {
		char *end;
		unsigned long v = strtoul(p, &end, 10);

		if (end == p)
			return 0;
		if (v == idx)
			return 1;
		p = *end == ',' ? end + 1 : end;
	}
	return 0;
}

void nlshim_optcnt_apply(const char *key, const struct fix_rec *r)
{
	const char *path = getenv("RDMATOP_HW_OPTCNT"), *h = strstr(key, " hwcnt=");
	unsigned int dev, port;
	FILE *fp;

	if (!path || !r || r->error || !h || sscanf(key, "stat_set dev=%u port=%u ", &dev, &port) != 2)
		return;
	h += 7;
	nlshim_log("RDMATOP_HW_TRACE", "optional counters: %u %u %s%s", dev, port, *h ? h : "-",
		   getenv("RDMATOP_HW_OPTCNT_TAMPER") ? " (tampered: not applied)" : "");
	if (getenv("RDMATOP_HW_OPTCNT_TAMPER") || !(fp = fopen(path, "ae")))
		return;
	fprintf(fp, "%u %u %s\n", dev, port, *h ? h : "-");
	fclose(fp);
}

const struct fix_rec *nlshim_optcnt_view(const char *key, const struct fix_rec *r)
{
	static struct fix_rec out;
	static struct fix_msg m;
	static unsigned char *buf;
	char list[LIST_MAX];
	unsigned int dev, port;
	unsigned char *p, *end;
	int used = 0;

	if (!getenv("RDMATOP_HW_OPTCNT") || !r || r->error || r->nmsgs != 1 ||
	    sscanf(key, "stat_get_status dev=%u port=%u%n", &dev, &port, &used) != 2 || key[used] ||
	    !last_set(dev, port, list))
		return r;
	free(buf);
	buf = malloc(r->msgs[0].len);
	if (!buf)
		return r;
	memcpy(buf, r->msgs[0].data, r->msgs[0].len);
	nlshim_log("RDMATOP_HW_TRACE", "optional counters as set: %s", list);
	p = buf + NLMSG_HDRLEN;
	end = buf + r->msgs[0].len;
	/* HWCOUNTERS { ENTRY { NAME, INDEX, [DYNAMIC u8] } ... } */
	for (; p + NLA_HDRLEN <= end; p += NLA_ALIGN(((struct nlattr *)p)->nla_len)) {
		struct nlattr *a = (struct nlattr *)p;
		unsigned char *e, *ae = p + a->nla_len;

		if (a->nla_len < NLA_HDRLEN || ae > end)
			break;
		if ((a->nla_type & NLA_TYPE_MASK) != RDMA_NLDEV_ATTR_STAT_HWCOUNTERS)
			continue;
		for (e = p + NLA_HDRLEN; e + NLA_HDRLEN <= ae; e += NLA_ALIGN(((struct nlattr *)e)->nla_len)) {
			struct nlattr *ent = (struct nlattr *)e;
			unsigned char *q, *qe = e + ent->nla_len, *dyn = NULL;
			long long idx = -1;
			uint32_t v;

			if (ent->nla_len < NLA_HDRLEN || qe > ae)
				break;
			for (q = e + NLA_HDRLEN; q + NLA_HDRLEN <= qe; q += NLA_ALIGN(((struct nlattr *)q)->nla_len)) {
				struct nlattr *x = (struct nlattr *)q;

				if (x->nla_len < NLA_HDRLEN || q + x->nla_len > qe)
					break;
				if ((x->nla_type & NLA_TYPE_MASK) == RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX &&
				    x->nla_len >= NLA_HDRLEN + 4) {
					memcpy(&v, q + NLA_HDRLEN, 4);
					idx = v;
				} else if ((x->nla_type & NLA_TYPE_MASK) == RDMA_NLDEV_ATTR_STAT_HWCOUNTER_DYNAMIC &&
					   x->nla_len >= NLA_HDRLEN + 1) {
					dyn = q + NLA_HDRLEN;
				}
			}
			if (dyn && idx >= 0)
				*dyn = (unsigned char)listed(list, (unsigned int)idx);
		}
	}
	out = *r;
	m.len = r->msgs[0].len;
	m.data = buf;
	out.msgs = &m;
	return &out;
}
