// SPDX-License-Identifier: GPL-2.0-or-later
/* Reading a fixture and keying a request (fixture.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rdma/rdma_netlink.h>

#include "fixture.h"

static const char *const cmd_names[] = {
	[RDMA_NLDEV_CMD_GET] = "get",
	[RDMA_NLDEV_CMD_SET] = "set",
	[RDMA_NLDEV_CMD_NEWLINK] = "newlink",
	[RDMA_NLDEV_CMD_DELLINK] = "dellink",
	[RDMA_NLDEV_CMD_PORT_GET] = "port_get",
	[RDMA_NLDEV_CMD_SYS_GET] = "sys_get",
	[RDMA_NLDEV_CMD_SYS_SET] = "sys_set",
	[RDMA_NLDEV_CMD_RES_GET] = "res_get",
	[RDMA_NLDEV_CMD_RES_QP_GET] = "res_qp_get",
	[RDMA_NLDEV_CMD_RES_CM_ID_GET] = "res_cm_id_get",
	[RDMA_NLDEV_CMD_RES_CQ_GET] = "res_cq_get",
	[RDMA_NLDEV_CMD_RES_MR_GET] = "res_mr_get",
	[RDMA_NLDEV_CMD_RES_PD_GET] = "res_pd_get",
	[RDMA_NLDEV_CMD_GET_CHARDEV] = "get_chardev",
	[RDMA_NLDEV_CMD_STAT_SET] = "stat_set",
	[RDMA_NLDEV_CMD_STAT_GET] = "stat_get",
	[RDMA_NLDEV_CMD_STAT_DEL] = "stat_del",
	[RDMA_NLDEV_CMD_RES_QP_GET_RAW] = "res_qp_get_raw",
	[RDMA_NLDEV_CMD_RES_CQ_GET_RAW] = "res_cq_get_raw",
	[RDMA_NLDEV_CMD_RES_MR_GET_RAW] = "res_mr_get_raw",
	[RDMA_NLDEV_CMD_RES_CTX_GET] = "res_ctx_get",
	[RDMA_NLDEV_CMD_RES_SRQ_GET] = "res_srq_get",
	[RDMA_NLDEV_CMD_STAT_GET_STATUS] = "stat_get_status",
	[RDMA_NLDEV_CMD_RES_SRQ_GET_RAW] = "res_srq_get_raw",
	[RDMA_NLDEV_CMD_NEWDEV] = "newdev",
	[RDMA_NLDEV_CMD_DELDEV] = "deldev",
	[RDMA_NLDEV_CMD_MONITOR] = "monitor",
	[RDMA_NLDEV_CMD_FRMR_POOLS_GET] = "frmr_pools_get",
};

const char *fix_cmd_name(unsigned int cmd)
{
	if (cmd < sizeof(cmd_names) / sizeof(cmd_names[0]) && cmd_names[cmd])
		return cmd_names[cmd];
	return NULL;
}

/* What nldev.c's get/dump handlers read from a request (7.x): the rest
 * (a device name; STAT_MODE, which only STAT_SET reads) changes nothing. */
static const struct {
	unsigned int type;
	const char *name;
} key_attrs[] = {
	{ RDMA_NLDEV_ATTR_DEV_INDEX, "dev" },
	{ RDMA_NLDEV_ATTR_PORT_INDEX, "port" },
	{ RDMA_NLDEV_ATTR_RES_LQPN, "lqpn" },
	{ RDMA_NLDEV_ATTR_RES_PDN, "pdn" },
	{ RDMA_NLDEV_ATTR_RES_CQN, "cqn" },
	{ RDMA_NLDEV_ATTR_RES_MRN, "mrn" },
	{ RDMA_NLDEV_ATTR_RES_CM_IDN, "cm_idn" },
	{ RDMA_NLDEV_ATTR_RES_CTXN, "ctxn" },
	{ RDMA_NLDEV_ATTR_STAT_RES, "res" },
	{ RDMA_NLDEV_ATTR_STAT_COUNTER_ID, "counter" },
	{ RDMA_NLDEV_ATTR_RES_SRQN, "srqn" },
	{ RDMA_NLDEV_ATTR_DRIVER_DETAILS, "dd" },
};

static int u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* " hwcnt=A,B" (sorted) when the request has STAT_HWCOUNTERS, "" else */
static size_t hwcnt_key(const struct nlmsghdr *nlh, char *out, size_t len)
{
	const unsigned char *p = (const unsigned char *)nlh + NLMSG_HDRLEN;
	const unsigned char *end = (const unsigned char *)nlh + nlh->nlmsg_len;
	uint32_t idx[64];
	size_t n = 0, o = 0;
	int found = 0;

	while (p + NLA_HDRLEN <= end) {
		const struct nlattr *a = (const struct nlattr *)p;

		if (a->nla_len < NLA_HDRLEN || p + a->nla_len > end)
			break;
		if ((a->nla_type & NLA_TYPE_MASK) == RDMA_NLDEV_ATTR_STAT_HWCOUNTERS) {
			const unsigned char *q = p + NLA_HDRLEN, *qe = p + a->nla_len;

			found = 1;
			while (q + NLA_HDRLEN <= qe && n < 64) {
				const struct nlattr *b = (const struct nlattr *)q;

				if (b->nla_len < NLA_HDRLEN || q + b->nla_len > qe)
					break;
				if ((b->nla_type & NLA_TYPE_MASK) == RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX &&
				    b->nla_len >= NLA_HDRLEN + 4)
					idx[n++] = *(const uint32_t *)(q + NLA_HDRLEN);
				q += NLA_ALIGN(b->nla_len);
			}
		}
		p += NLA_ALIGN(a->nla_len);
	}
	if (!found || !len)
		return 0;
	qsort(idx, n, sizeof(idx[0]), u32_cmp);
	o += (size_t)snprintf(out + o, len - o, " hwcnt=");
	for (size_t i = 0; i < n && o < len; i++)
		o += (size_t)snprintf(out + o, len - o, "%s%u", i ? "," : "", idx[i]);
	return o < len ? o : len - 1;
}

/* A u32 attribute of a request, -1 when absent (0 for the mask: absent
 * is none, as nldev reads it). */
static long long set_val(const struct nlmsghdr *nlh, unsigned int want)
{
	const unsigned char *p = (const unsigned char *)nlh + NLMSG_HDRLEN;
	const unsigned char *end = (const unsigned char *)nlh + nlh->nlmsg_len;

	while (p + NLA_HDRLEN <= end) {
		const struct nlattr *a = (const struct nlattr *)p;

		if (a->nla_len < NLA_HDRLEN || p + a->nla_len > end)
			break;
		if ((a->nla_type & NLA_TYPE_MASK) == want && a->nla_len >= NLA_HDRLEN + 4)
			return *(const uint32_t *)(p + NLA_HDRLEN);
		if ((a->nla_type & NLA_TYPE_MASK) == want && a->nla_len >= NLA_HDRLEN + 1)
			return *(p + NLA_HDRLEN);	/* a u8 */
		p += NLA_ALIGN(a->nla_len);
	}
	return want == RDMA_NLDEV_ATTR_STAT_AUTO_MODE_MASK ? 0 : -1;
}

void fix_key(const struct nlmsghdr *nlh, char *key, size_t len, int *known_dev, const struct fix *f)
{
	unsigned int client = RDMA_NL_GET_CLIENT(nlh->nlmsg_type), op = RDMA_NL_GET_OP(nlh->nlmsg_type);
	const unsigned char *p = (const unsigned char *)nlh + NLMSG_HDRLEN;
	const unsigned char *end = (const unsigned char *)nlh + nlh->nlmsg_len;
	long long vals[sizeof(key_attrs) / sizeof(key_attrs[0])];
	size_t n = 0;
	int have_dev = 0;
	uint32_t dev = 0;

	*known_dev = 1;
	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
		vals[i] = -1;
	if (client == RDMA_NL_NLDEV && fix_cmd_name(op))
		n = (size_t)snprintf(key, len, "%s", fix_cmd_name(op));
	else
		n = (size_t)snprintf(key, len, "client%u_op%u", client, op);
	if (nlh->nlmsg_flags & NLM_F_DUMP)
		n += (size_t)snprintf(key + n, n < len ? len - n : 0, " dump");
	while (p + NLA_HDRLEN <= end) {
		const struct nlattr *a = (const struct nlattr *)p;
		unsigned int type = a->nla_type & NLA_TYPE_MASK;
		size_t alen = a->nla_len;

		if (alen < NLA_HDRLEN || p + alen > end)
			break;
		for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
			if (key_attrs[i].type != type)
				continue;
			if (alen >= NLA_HDRLEN + 4)
				vals[i] = *(const uint32_t *)(p + NLA_HDRLEN);
			else if (alen >= NLA_HDRLEN + 1)
				vals[i] = *(p + NLA_HDRLEN);
			else
				vals[i] = 0;
			if (type == RDMA_NLDEV_ATTR_DEV_INDEX) {
				have_dev = 1;
				dev = (uint32_t)vals[i];
			}
		}
		p += NLA_ALIGN(alen);
	}
	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
		if (vals[i] >= 0 && n < len)
			n += (size_t)snprintf(key + n, len - n, " %s=%lld", key_attrs[i].name, vals[i]);
	/* what STAT_SET sets (nldev_stat_set_mode_doit): the mode and mask,
	 * and (6.15+) whether auto mode binds the optional counters too */
	if (client == RDMA_NL_NLDEV && op == RDMA_NLDEV_CMD_STAT_SET && n < len)
		n += (size_t)snprintf(key + n, len - n, " mode=%lld mask=%lld",
				      set_val(nlh, RDMA_NLDEV_ATTR_STAT_MODE),
				      set_val(nlh, RDMA_NLDEV_ATTR_STAT_AUTO_MODE_MASK));
	if (client == RDMA_NL_NLDEV && op == RDMA_NLDEV_CMD_STAT_SET && n < len &&
	    set_val(nlh, RDMA_NLDEV_ATTR_STAT_OPCOUNTER_ENABLED) >= 0)
		n += (size_t)snprintf(key + n, len - n, " opcnt=%lld",
				      set_val(nlh, RDMA_NLDEV_ATTR_STAT_OPCOUNTER_ENABLED));
	/* STAT_SET's STAT_HWCOUNTERS (nldev_stat_set_counter_dynamic_doit):
	 * the optional counters to have on, their indices sorted */
	if (client == RDMA_NL_NLDEV && op == RDMA_NLDEV_CMD_STAT_SET && n < len)
		n += hwcnt_key(nlh, key + n, len - n);
	if (have_dev && f) {
		*known_dev = 0;
		for (size_t i = 0; i < f->ndevs; i++)
			if (f->devs[i] == dev)
				*known_dev = 1;
	}
}

static int rd(const unsigned char **p, const unsigned char *end, void *out, size_t n)
{
	if ((size_t)(end - *p) < n)
		return -1;
	memcpy(out, *p, n);
	*p += n;
	return 0;
}

static void note_devs(struct fix *f, const char *key)
{
	const char *d = strstr(key, " dev=");
	uint32_t v;

	if (!d)
		return;
	v = (uint32_t)strtoul(d + 5, NULL, 10);
	for (size_t i = 0; i < f->ndevs; i++)
		if (f->devs[i] == v)
			return;
	if (f->ndevs < sizeof(f->devs) / sizeof(f->devs[0]))
		f->devs[f->ndevs++] = v;
}

int fix_load(struct fix *f, const char *path, char *err, size_t errlen)
{
	const unsigned char *p, *end;
	FILE *fp = fopen(path, "rb");
	long size;

	memset(f, 0, sizeof(*f));
	if (!fp) {
		snprintf(err, errlen, "cannot open");
		return -1;
	}
	if (fseek(fp, 0, SEEK_END) < 0 || (size = ftell(fp)) < 8 || fseek(fp, 0, SEEK_SET) < 0 ||
	    !(f->buf = malloc((size_t)size)) || fread(f->buf, 1, (size_t)size, fp) != (size_t)size) {
		fclose(fp);
		snprintf(err, errlen, "cannot read");
		return -1;
	}
	fclose(fp);
	if (memcmp(f->buf, FIX_MAGIC, 8)) {
		snprintf(err, errlen, "not a fixture (magic)");
		return -1;
	}
	p = f->buf + 8;
	end = f->buf + size;
	while (p < end) {
		struct fix_rec *r, *grown;
		uint16_t kl, tl;
		int32_t e;

		grown = realloc(f->recs, (f->nrec + 1) * sizeof(*f->recs));
		if (!grown)
			goto bad;
		f->recs = grown;
		r = &f->recs[f->nrec];
		memset(r, 0, sizeof(*r));
		if (rd(&p, end, &kl, 2) || kl >= FIX_KEY_MAX || rd(&p, end, r->key, kl) || rd(&p, end, &e, 4) ||
		    rd(&p, end, &r->flags, 4) || rd(&p, end, &tl, 2) || tl >= sizeof(r->text) || rd(&p, end, r->text, tl) ||
		    rd(&p, end, &r->nmsgs, 4) || r->nmsgs > 1u << 20)
			goto bad;
		r->error = e;
		r->msgs = calloc(r->nmsgs ? r->nmsgs : 1, sizeof(*r->msgs));
		if (!r->msgs)
			goto bad;
		for (uint32_t i = 0; i < r->nmsgs; i++) {
			if (rd(&p, end, &r->msgs[i].len, 4) || r->msgs[i].len < NLMSG_HDRLEN ||
			    (size_t)(end - p) < r->msgs[i].len)
				goto bad;
			r->msgs[i].data = p;
			p += r->msgs[i].len;
		}
		note_devs(f, r->key);
		f->nrec++;
	}
	return 0;
bad:
	snprintf(err, errlen, "truncated or malformed at byte %ld", (long)(p - f->buf));
	return -1;
}

const struct fix_rec *fix_find(const struct fix *f, const char *key)
{
	for (size_t i = 0; i < f->nrec; i++)
		if (!strcmp(f->recs[i].key, key))
			return &f->recs[i];
	return NULL;
}
