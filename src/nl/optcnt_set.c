// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A port's optional counters on or off (`rdma statistic set link DEV/PORT
 * optional-counters A,B`, `rdma statistic unset link DEV/PORT
 * optional-counters`): the port's counters by STAT_GET_STATUS (name,
 * index, and for the optional ones whether each is on), then STAT_SET with
 * STAT_HWCOUNTERS holding the indices to have on (all others go off, as
 * nldev_stat_set_counter_dynamic_doit() sets every optional counter by
 * whether it is listed, 6.2+), in iproute2's layout; then read back.
 * The kernel refuses an index that is no optional counter (-EINVAL), and
 * without CAP_NET_ADMIN (-EPERM); kernels before 6.2 have neither command.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nl.h"
#include "nlset.h"
#include "qpcnt.h"

/* The port's optional counters: 0, or -errno; s holds them (optcnts). */
static int status(struct nl_sock *ns, uint32_t dev, uint32_t port, struct snapshot *s)
{
	struct nl_req req = { .cmd = RDMA_NLDEV_CMD_STAT_GET_STATUS, .dev = dev, .port = port };

	return nlset_ask(ns, &req, s);
}

/* Enabled optional counters as "a,b" (name order of the table). */
static void enabled(const struct snapshot *s, char *b, size_t len)
{
	size_t i, o = 0;

	b[0] = '\0';
	for (i = 0; i < s->optcnts.n && o < len; i++) {
		const struct snap_optcnt *c = SNAP_AT(&s->optcnts, struct snap_optcnt, i);

		if (c->enabled)
			o += (size_t)snprintf(b + o, len - o, "%s%s", o ? "," : "",
					      snap_s(s, c->name));
	}
	if (!b[0])
		snprintf(b, len, "none");
}

static const struct snap_optcnt *by_name(const struct snapshot *s, const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < s->optcnts.n; i++) {
		const struct snap_optcnt *c = SNAP_AT(&s->optcnts, struct snap_optcnt, i);
		const char *cn = snap_s(s, c->name);

		if (strlen(cn) == n && !memcmp(cn, name, n))
			return c;
	}
	return NULL;
}

/* A malformed argument: what it should be, in say; 2. */
static int usage(char *say, size_t saylen, const char *want, const char *arg)
{
	snprintf(say, saylen, "--optional-counters: %s, not '%s'", want, arg);
	return 2;
}

/*
 * arg's LINK (DEV/PORT) into link, its DEV into dev and PORT into *port,
 * *names to what follows the colon: 0, or usage()'s 2.
 */
static int parse_arg(const char *arg, char *link, size_t linklen, char *dev, size_t devlen,
		     unsigned long *port, const char **names, char *say, size_t saylen)
{
	const char *colon = strrchr(arg, ':'), *slash;
	char *end;

	if (!colon || colon == arg || (size_t)(colon - arg) >= linklen) {
		return usage(say, saylen, "LINK:NAMES (e.g. mlx5_0/1:cc_rx_ce_pkts) or LINK:off",
			     arg);
	}
	snprintf(link, linklen, "%.*s", (int)(colon - arg), arg);
	*names = colon + 1;
	slash = strchr(link, '/');
	if (!slash || slash == link || (size_t)(slash - link) >= devlen ||
	    (*port = strtoul(slash + 1, &end, 10)) == 0 || *end || *port > UINT32_MAX || !**names) {
		return usage(say, saylen, "LINK is DEV/PORT, NAMES a comma-separated list or off",
			     arg);
	}
	snprintf(dev, devlen, "%.*s", (int)(slash - link), link);
	return 0;
}

/* A name (p, length n) the port lacks, and the names it has, in say; 2. */
static int unknown(const struct snapshot *s, const char *link, const char *p, size_t n, char *say,
		   size_t saylen)
{
	size_t o = (size_t)snprintf(say, saylen, "%s has no optional counter '%.*s' (it has:", link,
				    (int)n, p);

	for (size_t i = 0; i < s->optcnts.n && o < saylen; i++)
		o += (size_t)snprintf(say + o, saylen - o, " %s",
				      snap_s(s, SNAP_AT(&s->optcnts, struct snap_optcnt, i)->name));
	if (o < saylen)
		snprintf(say + o, saylen - o, ")");
	return 2;
}

/*
 * The indices of names ("off": none) into nlh's STAT_HWCOUNTERS, and the
 * names as given into want ("none" for none): 0, or unknown()'s 2.
 */
static int put_names(struct nlmsghdr *nlh, const struct snapshot *s, const char *names,
		     const char *link, char *want, size_t wantlen, char *say, size_t saylen)
{
	struct nlattr *nest = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTERS);
	const char *p;

	for (p = strcmp(names, "off") ? names : ""; *p;) {
		size_t n = strcspn(p, ",");
		const struct snap_optcnt *c = by_name(s, p, n);

		if (!c)
			return unknown(s, link, p, n, say, saylen);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX, c->index);
		snprintf(want + strlen(want), wantlen - strlen(want), "%s%.*s", want[0] ? "," : "",
			 (int)n, p);
		p += n + (p[n] == ',');
	}
	mnl_attr_nest_end(nlh, nest);
	if (!want[0])
		snprintf(want, wantlen, "none");
	return 0;
}

/*
 * What the port has on (s, read back) is want: the same names, in the
 * same (table) order or want in another order.
 */
static bool same_on(const struct snapshot *s, const char *want)
{
	size_t i;
	bool same = true;
	char *w = strdup(want), *save = NULL, *t;
	unsigned int nw = 0, ne = 0;

	for (t = w && strcmp(want, "none") ? strtok_r(w, ",", &save) : NULL; t;
	     t = strtok_r(NULL, ",", &save)) {
		const struct snap_optcnt *c = by_name(s, t, strlen(t));

		nw++;
		same &= c && c->enabled;
	}
	for (i = 0; i < s->optcnts.n; i++)
		ne += SNAP_AT(&s->optcnts, struct snap_optcnt, i)->enabled != 0;
	free(w);
	return same && ne == nw;
}

int optcnt_set(const char *arg, char *say, size_t saylen)
{
	char link[256], dev[SNAP_DEV_NAME_MAX], now[512], after[512], want[512] = "";
	struct nlset_answer an = { 0 };
	unsigned char msg[1024];
	struct nlmsghdr *nlh;
	struct snapshot s;
	struct nl_sock ns;
	unsigned long port;
	const char *names;
	uint32_t index;
	int ret, rc = 1;

	ret = parse_arg(arg, link, sizeof(link), dev, sizeof(dev), &port, &names, say, saylen);
	if (ret)
		return ret;
	if (nlset_open_dev(&ns, dev, &index, say, saylen))
		return 1;
	snap_init(&s);
	ret = status(&ns, index, (uint32_t)port, &s);
	if (ret || !s.optcnts.n) {
		snprintf(say, saylen, "%s has no optional counters%s%s%s", link, ret ? ": " : "",
			 ret ? strerror(-ret) : " (the kernel lists none; 6.2+ and mlx5 have them)",
			 !ret && !strcmp(names, "off") ? ": none is on, nothing changed" : "");
		/* all off is what the port has (rdma statistic unset ... agrees) */
		rc = !ret && !strcmp(names, "off") ? 0 : 1;
		goto done;
	}
	enabled(&s, now, sizeof(now));
	nlh = nlset_request(&ns, msg, RDMA_NLDEV_CMD_STAT_SET);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_DEV_INDEX, index);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, (uint32_t)port);
	ret = put_names(nlh, &s, names, link, want, sizeof(want), say, saylen);
	if (ret) {
		rc = ret;
		goto done;
	}
	if (nlset_doit_say(&ns, nlh, &an, say, saylen,
			   "turning optional counters on or off needs CAP_NET_ADMIN (run as "
			   "root); nothing changed, %s has %s on",
			   link, now))
		goto done;
	if (an.err) {
		snprintf(say, saylen, "the kernel refused (%s)%s%s; %s has %s on",
			 strerror(-an.err), an.msg[0] ? ": " : "", an.msg, link, now);
		goto done;
	}
	snap_free(&s);
	snap_init(&s);
	ret = status(&ns, index, (uint32_t)port, &s);
	enabled(&s, after, sizeof(after));
	if (ret) {
		snprintf(say, saylen,
			 "the kernel accepted it, but the counters of %s could not be read "
			 "back",
			 link);
		goto done;
	}
	if (!same_on(&s, want)) {
		snprintf(say, saylen, "the kernel accepted %s, but reading it back says %s on",
			 want, after);
		goto done;
	}
	snprintf(say, saylen,
		 "optional counters of %s: %s on, the others off (verified; before: %s)", link,
		 after, now);
	rc = 0;
done:
	snap_free(&s);
	nl_close(&ns);
	return rc;
}
