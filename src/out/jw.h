/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The JSON writer's primitives, shared by the json*.c writers: a
 * one-line writer that puts commas between members, and the pieces every
 * rdma object has (ifindex/ifname, pid/comm).
 */
#ifndef RDMATOP_OUT_JW_H
#define RDMATOP_OUT_JW_H

#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "fmt.h"
#include "out.h"
#include "view.h"

#define JW_DEPTH 8
#define JW_BUF 16384

/*
 * Output is gathered in buf and handed to stdio in pieces of JW_BUF: a
 * sample of 20k QPs is 5 MB of JSON, and a call into stdio per token cost
 * more than the sample itself.
 */
struct jw {
	FILE *f;
	int depth;
	bool first[JW_DEPTH];
	size_t len;
	char buf[JW_BUF];
};

void jw_flush(struct jw *w);
void jw_write_slow(struct jw *w, const char *p, size_t n);
/* a JSON string, escaped (json.c) */
void jw_str(struct jw *w, const char *s);

static inline void jw_write(struct jw *w, const char *p, size_t n)
{
	if (n <= JW_BUF - w->len) {
		memcpy(w->buf + w->len, p, n);
		w->len += n;
	} else {
		jw_write_slow(w, p, n);
	}
}

static inline void jw_putc(struct jw *w, char c)
{
	if (w->len == JW_BUF)
		jw_flush(w);
	w->buf[w->len++] = c;
}

static inline void jw_sep(struct jw *w)
{
	if (!w->first[w->depth])
		jw_putc(w, ',');
	w->first[w->depth] = false;
}

/*
 * Keys are the program's own names (literals and its tables of kernel
 * enums: ASCII, nothing to escape), written without jw_str()'s scan.
 */
static inline void jw_key(struct jw *w, const char *k)
{
	size_t n;

	jw_sep(w);
	if (!k)
		return;
	n = strlen(k);
	if (n + 3 > JW_BUF - w->len)
		jw_flush(w);
	if (n + 3 > JW_BUF) {
		jw_str(w, k);
		jw_putc(w, ':');
		return;
	}
	w->buf[w->len++] = '"';
	memcpy(w->buf + w->len, k, n);
	w->len += n;
	w->buf[w->len++] = '"';
	w->buf[w->len++] = ':';
}

static inline void jw_open(struct jw *w, const char *k, char c)
{
	jw_key(w, k);
	jw_putc(w, c);
	if (w->depth + 1 < JW_DEPTH)
		w->depth++;
	w->first[w->depth] = true;
}

static inline void jw_close(struct jw *w, char c)
{
	jw_putc(w, c);
	if (w->depth > 0)
		w->depth--;
}

/* v in decimal (json.c) */
void jw_uint(struct jw *w, uint64_t v);

static inline void jw_u(struct jw *w, const char *k, uint64_t v)
{
	jw_key(w, k);
	jw_uint(w, v);
}

static inline void jw_d(struct jw *w, const char *k, double v)
{
	char buf[64];

	jw_key(w, k);
	fmt_num(buf, sizeof(buf), v);
	jw_write(w, buf, strlen(buf));
}

static inline void jw_s(struct jw *w, const char *k, const char *v)
{
	jw_key(w, k);
	jw_str(w, v);
}

static inline void jw_b(struct jw *w, const char *k, bool v)
{
	jw_key(w, k);
	if (v)
		jw_write(w, "true", 4);
	else
		jw_write(w, "false", 5);
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

/*
 * An optional member of a row, written when the row's validity bits have
 * `bit`: a table of them writes a run of members in its order (jw_fields),
 * each as its kind says.  A field read as a number is an unsigned integer
 * of `size` bytes (JW_DOUBLE: a double).
 */
enum jw_kind { JW_UINT, JW_DOUBLE, JW_STR, JW_GUID, JW_NAME8, JW_CAPS };
struct jw_field {
	const char *key;
	uint32_t bit;
	uint16_t off;
	uint8_t size;
	uint8_t kind;
	const char *(*name8)(uint8_t);		/* JW_NAME8: the u8's name */
	const char *(*cap)(unsigned int);	/* JW_CAPS: a bit's name */
};
#define JW_FIELD(k, type, field, b, kd)                                        \
	{ .key = k, .bit = b, .off = offsetof(type, field),                    \
	  .size = sizeof(((type *)0)->field), .kind = kd }
#define JW_NAMED(k, type, field, b, fn)                                        \
	{ .key = k, .bit = b, .off = offsetof(type, field), .size = 1,         \
	  .kind = JW_NAME8, .name8 = fn }
#define JW_CAPS_OF(k, type, field, b, fn)                                      \
	{ .key = k, .bit = b, .off = offsetof(type, field),                    \
	  .size = sizeof(((type *)0)->field), .kind = JW_CAPS, .cap = fn }
#define JW_N(t) (sizeof(t) / sizeof((t)[0]))
/* the members of table f[0..n) that row's validity bits `valid` have (json.c) */
void jw_fields(struct jw *w, const void *row, uint32_t valid, const struct jw_field *f, size_t n);

/* "ifindex","ifname" as rdma starts every object */
static inline void jw_dev(struct jw *w, const struct snapshot *s, uint32_t dev)
{
	const struct snap_dev *d = snap_dev_find(s, dev);

	jw_u(w, "ifindex", dev);
	if (d)
		jw_s(w, "ifname", d->name);
}

/* "pid","comm" as rdma, then our process_pid / process_comm */
/* An object's driver attributes as rdma -j -dd prints them (json_res.c). */
void jw_driver(struct jw *w, const struct snapshot *s, const struct snap_owner *o);

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
		if (o->ndrv)
			jw_driver(w, s, o);
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
typedef void (*json_row_fn)(struct jw *w, const struct snapshot *s, const void *row);
/* "key": [ an object per element of v (each size bytes), written by fn ] */
void jw_rows(struct jw *w, const char *key, const struct snapshot *s, const struct snap_vec *v,
	     size_t size, json_row_fn fn);
/* One value under key, as its column's type and format say. */
void out_json_value(struct jw *w, const char *key, const struct view_col *col,
		    const struct view_value *v);
/* json_stall.c: "stalls", the stalled and erred QPs (stall.h) */
int out_json_stalls(struct jw *w, const struct view_ctx *c);
/* A row as its columns say: each valid one under its name, in their order. */
void out_json_cols(struct jw *w, const struct view_ctx *c, enum view_table t, size_t row);
/* The fields of row, a row of tb's table, that have a JSON key (cols.h),
 * in the table's order, or those of order[0..n) in its order. */
struct view_tab;
void out_json_tab(struct jw *w, const struct view_ctx *c, const struct view_tab *tb,
		  const void *row, const uint8_t *order, size_t n);
/* json_stat.c: stat_qp, stat_qp_mode, optional_counters, stat_mr */
void out_json_stat(struct jw *w, const struct snapshot *s);
/* json_link.c: one element of "links"; row is the struct snap_port */
void out_json_link(struct jw *w, const struct snapshot *s, const void *row);
/* a link's netdev: pfc, pause, fec, network (json_net.c) */
void out_json_link_net(struct jw *w, const struct snapshot *s, const struct snap_port *p);
/* json_module.c: a netdev's transceiver module (its "module" object) */
struct mod_info;
void out_json_module(struct jw *w, const struct mod_info *m);
/* "lowers": the devices beneath netdev n (json_lower.c); nothing if none */
void out_json_lowers(struct jw *w, const struct snapshot *s, uint32_t dev, uint32_t port,
		     const struct snap_net *n);
/* json_pci.c: a device's "pci" object, and the "pci" section */
void out_json_dev_pci(struct jw *w, const struct snapshot *s, const char *dev);
void out_json_pci(struct jw *w, const struct snapshot *s);
/* json_pctx.c: a process's command line, CPU, memory, start; a group's sums */
void out_json_pctx(struct jw *w, const struct snapshot *s, const struct view_proc *p);
void out_json_gctx(struct jw *w, const struct view_group *g);
/* a QP's device to its process's GPUs (src/out/json_pctx.c) */
/* json_stat.c: a row of the counters table (struct snap_counter) */
void out_json_counter(struct jw *w, const struct snapshot *s, const void *row);
/* json_procs.c: a row of the processes table (struct view_proc), and the
 * groups (member_of: each process's group, as view_groups() fills it) */
void out_json_proc(struct jw *w, const struct snapshot *s, const void *row);
int out_json_groups(struct jw *w, const struct view_ctx *c, const struct out_opts *o,
		    const uint32_t *member_of);

#endif
