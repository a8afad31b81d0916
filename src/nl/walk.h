/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The attribute walk's pieces, inline, for src/nl only: attr.c's table
 * walk, and parsers that read an entry's attributes straight into the
 * snapshot without a table (qp.c: a table costs clearing every slot for
 * each of 100k entries).  Both check each attribute against the same policy.
 */
#ifndef RDMATOP_NL_WALK_H
#define RDMATOP_NL_WALK_H

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "nl.h"

enum nl_kind {
	K_SKIP,		/* unknown to us: ignored */
	K_U8,
	K_U32,
	K_U64,
	K_STR,		/* NUL-terminated string */
	K_NEST,
	K_ADDR,		/* struct __kernel_sockaddr_storage, maybe shorter */
	K_BIN,		/* opaque (raw driver dumps) */
};

/* every NLDEV attribute type's kind (attr.c) */
extern const uint8_t nl_policy[RDMA_NLDEV_ATTR_MAX];

/* 0, or -EBADMSG when a is not of that kind (strings, nests, addresses...) */
int nl_kind_check(const struct nlattr *a, enum nl_kind kind);

/*
 * libmnl's accessors are calls into a shared library; on the walk every
 * attribute of 100k QP entries takes, the header is read here instead.
 */
static inline uint16_t a_type(const struct nlattr *a)
{
	return a->nla_type & NLA_TYPE_MASK;
}

static inline uint16_t a_len(const struct nlattr *a)
{
	return (uint16_t)(a->nla_len - MNL_ATTR_HDRLEN);
}

static inline const char *a_data(const struct nlattr *a)
{
	return (const char *)a + MNL_ATTR_HDRLEN;
}

/* mnl_attr_ok() */
static inline bool a_ok(const struct nlattr *a, size_t len)
{
	return len >= sizeof(*a) && a->nla_len >= sizeof(*a) && a->nla_len <= len;
}

static inline uint32_t a_u32(const struct nlattr *a)
{
	uint32_t v;

	memcpy(&v, a_data(a), sizeof(v));
	return v;
}

/* the bytes of a fixed-size kind's attribute (0: not one) */
static inline uint8_t nl_kind_size(uint8_t kind)
{
	static const uint8_t size[] = { [K_U8] = 1, [K_U32] = 4, [K_U64] = 8 };

	return kind < sizeof(size) ? size[kind] : 0;
}

/* attribute a of type `type` as the policy wants it: 0 or -EBADMSG */
static inline int a_check(const struct nlattr *a, uint16_t type)
{
	uint8_t kind = type < RDMA_NLDEV_ATTR_MAX ? nl_policy[type] : K_SKIP;

	if (kind == K_SKIP)
		return 0;
	/* the fixed-size kinds, most of what a QP entry holds */
	if (kind <= K_U64)
		return a_len(a) == nl_kind_size(kind) ? 0 : -EBADMSG;
	return nl_kind_check(a, (enum nl_kind)kind);
}

/*
 * The next attribute of the `*len` bytes at `*a`: 1 with it in *cur, 0 at
 * the end, -EBADMSG when the bytes left do not hold an attribute (a cut
 * message, a lying nla_len).
 */
static inline int a_next(const struct nlattr **a, size_t *len, const struct nlattr **cur)
{
	size_t step;

	if (!*len)
		return 0;
	if (!a_ok(*a, *len))
		return -EBADMSG;
	*cur = *a;
	step = MNL_ALIGN((*a)->nla_len);
	if (step >= *len) {
		*len = 0;	/* the last attribute may lack its padding */
	} else {
		*len -= step;
		*a = (const struct nlattr *)((const char *)*a + step);
	}
	return 1;
}

/* As nl_entries()/nl_res_table(), but cb gets each entry's nest unparsed. */
typedef int (*nl_nest_cb)(struct snapshot *s, const struct nlattr *entry, void *arg);
int nl_entries_nests(struct snapshot *s, const struct nlattr *table, uint16_t type,
		     nl_nest_cb cb, void *arg);
int nl_res_table_nests(const struct nlmsghdr *nlh, struct snapshot *s, uint16_t table,
		       uint16_t entry, nl_nest_cb cb);

#endif
