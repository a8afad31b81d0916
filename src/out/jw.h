/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The JSON writer's primitives, shared by json.c and json_res.c: a
 * one-line writer that puts commas between members, and the pieces every
 * rdma object has (ifindex/ifname, pid/comm).
 */
#ifndef RDMATOP_OUT_JW_H
#define RDMATOP_OUT_JW_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>

#include "fmt.h"
#include "out.h"
#include "view.h"

#define JW_DEPTH 8

struct jw {
	FILE *f;
	int depth;
	bool first[JW_DEPTH];
};

static inline void jw_sep(struct jw *w)
{
	if (!w->first[w->depth])
		fputc(',', w->f);
	w->first[w->depth] = false;
}

static inline void jw_key(struct jw *w, const char *k)
{
	jw_sep(w);
	if (k) {
		out_json_str(w->f, k);
		fputc(':', w->f);
	}
}

static inline void jw_open(struct jw *w, const char *k, char c)
{
	jw_key(w, k);
	fputc(c, w->f);
	if (w->depth + 1 < JW_DEPTH)
		w->depth++;
	w->first[w->depth] = true;
}

static inline void jw_close(struct jw *w, char c)
{
	fputc(c, w->f);
	if (w->depth > 0)
		w->depth--;
}

static inline void jw_u(struct jw *w, const char *k, uint64_t v)
{
	jw_key(w, k);
	fprintf(w->f, "%" PRIu64, v);
}

static inline void jw_d(struct jw *w, const char *k, double v)
{
	char buf[64];

	jw_key(w, k);
	fputs(fmt_num(buf, sizeof(buf), v), w->f);
}

static inline void jw_s(struct jw *w, const char *k, const char *v)
{
	jw_key(w, k);
	out_json_str(w->f, v);
}

static inline void jw_b(struct jw *w, const char *k, bool v)
{
	jw_key(w, k);
	fputs(v ? "true" : "false", w->f);
}

static inline void jw_hex(struct jw *w, const char *k, uint64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%" PRIx64, v);
	jw_s(w, k, buf);
}

static inline void jw_guid(struct jw *w, const char *k, uint64_t v)
{
	char buf[24];

	jw_s(w, k, fmt_guid(buf, sizeof(buf), v));
}

static inline void jw_caps(struct jw *w, const char *k, uint64_t caps,
		    const char *(*name)(unsigned int))
{
	unsigned int bit;

	jw_open(w, k, '[');
	for (bit = 0; caps; bit++, caps >>= 1) {
		const char *n;

		if (!(caps & 1))
			continue;
		n = name(bit);
		jw_s(w, NULL, n ? n : "UNKNOWN");
	}
	jw_close(w, ']');
}

#define HAS(x, bit) (((x)->valid & (bit)) != 0)

/* "ifindex","ifname" as rdma starts every object */
static inline void jw_dev(struct jw *w, const struct snapshot *s, uint32_t dev)
{
	const struct snap_dev *d = snap_dev_find(s, dev);

	jw_u(w, "ifindex", dev);
	if (d)
		jw_s(w, "ifname", d->name);
}

/* "pid","comm" as rdma, then our process_pid / process_comm */
static inline void jw_owner(struct jw *w, const struct snapshot *s, const struct snap_owner *o,
		     bool rdma_part)
{
	const char *comm = snap_owner_comm(s, o);
	uint32_t pid;

	if (rdma_part) {
		if (o->valid & SNAP_OWN_TID)
			jw_u(w, "pid", o->tid);
		if (*comm)
			jw_s(w, "comm", comm);
		return;
	}
	pid = snap_owner_pid(s, o);
	if (pid) {
		const char *pcomm = view_owner_pcomm(s, o);

		jw_u(w, "process_pid", pid);
		if (*pcomm)
			jw_s(w, "process_comm", pcomm);
	}
}

/* The objects of the resource tables (json_res.c); row is the element. */
void out_json_qp(struct jw *w, const struct snapshot *s, const void *row);
void out_json_cm_id(struct jw *w, const struct snapshot *s, const void *row);
void out_json_cq(struct jw *w, const struct snapshot *s, const void *row);
void out_json_mr(struct jw *w, const struct snapshot *s, const void *row);
void out_json_pd(struct jw *w, const struct snapshot *s, const void *row);
void out_json_ctx(struct jw *w, const struct snapshot *s, const void *row);
void out_json_srq(struct jw *w, const struct snapshot *s, const void *row);

#endif
