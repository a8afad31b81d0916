// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON batch output: one object per sample on one line (JSON Lines).
 * Objects of the resource tables carry `rdma -j -d`'s keys in rdma's order
 * and value formats (iproute2 rdma/dev.c, link.c, res-*.c), followed by our
 * own keys; doc/json.md is the schema.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cols.h"
#include "fmt.h"
#include "jw.h"
#include "names.h"

void jw_flush(struct jw *w)
{
	if (w->len)
		fwrite(w->buf, 1, w->len, w->f);
	w->len = 0;
}

void jw_write_slow(struct jw *w, const char *p, size_t n)
{
	jw_flush(w);
	if (n >= JW_BUF) {
		fwrite(p, 1, n, w->f);
		return;
	}
	memcpy(w->buf, p, n);
	w->len = n;
}

void jw_fields(struct jw *w, const void *row, uint32_t valid, const struct jw_field *f, size_t n)
{
	for (; n; n--, f++) {
		const char *p = (const char *)row + f->off;
		uint64_t u = 0;
		double d;

		if (!(valid & f->bit))
			continue;
		switch (f->size) {
		case 1: u = *(const uint8_t *)p; break;
		case 2: u = *(const uint16_t *)p; break;
		case 4: u = *(const uint32_t *)p; break;
		case 8: memcpy(&u, p, sizeof(u)); break;
		default: break;
		}
		switch (f->kind) {
		case JW_UINT: jw_u(w, f->key, u); break;
		case JW_DOUBLE:
			memcpy(&d, p, sizeof(d));
			jw_d(w, f->key, d);
			break;
		case JW_STR: jw_s(w, f->key, p); break;
		case JW_GUID: jw_guid(w, f->key, u); break;
		case JW_NAME8: jw_s(w, f->key, f->name8((uint8_t)u)); break;
		case JW_CAPS: jw_caps(w, f->key, u, f->cap); break;
		}
	}
}

void jw_uint(struct jw *w, uint64_t v)
{
	char tmp[24], *p = fmt_digits(tmp + sizeof(tmp), v);

	jw_write(w, p, (size_t)(tmp + sizeof(tmp) - p));
}

void jw_rows(struct jw *w, const char *key, const struct snapshot *s, const struct snap_vec *v,
	     size_t size, json_row_fn fn)
{
	size_t i;

	jw_open(w, key, '[');
	for (i = 0; i < v->n; i++) {
		jw_open(w, NULL, '{');
		fn(w, s, (const char *)v->v + i * size);
		jw_close(w, '}');
	}
	jw_close(w, ']');
}

/* printable ASCII but the quote and the backslash: written as it is */
static const unsigned char plain[256] = {
	[0x20 ... 0x21] = 1, [0x23 ... 0x5b] = 1, [0x5d ... 0x7e] = 1,
};

void jw_str(struct jw *w, const char *str)
{
	const unsigned char *s = (const unsigned char *)(str ? str : "");

	jw_putc(w, '"');
	while (*s) {
		const unsigned char *run = s;
		char esc[16];
		uint32_t cp;
		int n;

		/* plain printable ASCII goes out in one piece */
		while (plain[*s])
			s++;
		if (s > run)
			jw_write(w, (const char *)run, (size_t)(s - run));
		if (!*s)
			break;
		/* n >= 1 whatever s holds: the loop always advances */
		n = fmt_utf8(s, &cp);
		if (cp == FMT_UTF8_BAD) {
			/* not UTF-8: one U+FFFD per ill-formed unit */
			jw_write(w, "\\ufffd", 6);
			s += n;
			continue;
		}
		switch (cp) {
		case '"': jw_write(w, "\\\"", 2); break;
		case '\\': jw_write(w, "\\\\", 2); break;
		case '\n': jw_write(w, "\\n", 2); break;
		case '\r': jw_write(w, "\\r", 2); break;
		case '\t': jw_write(w, "\\t", 2); break;
		case '\b': jw_write(w, "\\b", 2); break;
		case '\f': jw_write(w, "\\f", 2); break;
		default:
			/* C0, DEL and C1 controls and the invisible
			 * characters escaped: inert on any terminal */
			if (cp > 0xffff && fmt_cp_invisible(cp)) {
				/* past the BMP: a UTF-16 surrogate pair (RFC 8259 7) */
				snprintf(esc, sizeof(esc), "\\u%04x\\u%04x",
					 0xd800u + ((cp - 0x10000) >> 10), 0xdc00u + (cp & 0x3ff));
				jw_write(w, esc, 12);
			} else if (fmt_cp_control(cp) || fmt_cp_invisible(cp)) {
				snprintf(esc, sizeof(esc), "\\u%04x", (unsigned int)cp);
				jw_write(w, esc, 6);
			} else {
				jw_write(w, (const char *)s, (size_t)n);
			}
		}
		s += n;
	}
	jw_putc(w, '"');
}

/* as iproute2 6.15+'s `rdma -j system show` (print_on_off: booleans in JSON) */
static void json_sys(struct jw *w, const struct snap_sys *y)
{
	jw_open(w, "system", '{');
	if (y->valid & SNAP_SYS_NETNS_MODE)
		jw_s(w, "netns", y->netns_shared ? "shared" : "exclusive");
	if (y->valid & SNAP_SYS_COPY_ON_FORK)
		jw_b(w, "copy-on-fork", y->copy_on_fork);
	if (y->valid & SNAP_SYS_PRIV_QKEY)
		jw_b(w, "privileged-qkey", y->privileged_qkey);
	if (y->valid & SNAP_SYS_MONITOR)
		jw_b(w, "monitor", y->monitor_mode);
	jw_close(w, '}');
}

static void json_dev(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_dev *d = row;
	const struct view_ctx c = { .s = s };

	jw_u(w, "ifindex", d->index);
	jw_s(w, "ifname", d->name);
	/* the fields with rdma's keys, as the device's table declares them */
	out_json_tab(w, &c, &view_devs_tab, d, NULL, 0);
	if (SNAP_HAS(d, SNAP_DEV_DIM) && d->dim <= 1)
		jw_b(w, "adaptive-moderation", d->dim);
	if (SNAP_HAS(d, SNAP_DEV_CAPS))
		jw_caps(w, "caps", d->caps, snap_dev_cap_str);
	out_json_dev_pci(w, s, d->name);
}

/* rdma's keys: the kernel's name, and NAME-max for the limit (7.x) */
static void json_res_entry(struct jw *w, const char *name, uint64_t curr, bool has_max,
			   uint64_t max)
{
	char key[48];

	jw_u(w, name, curr);
	if (has_max) {
		snprintf(key, sizeof(key), "%s-max", name);
		jw_u(w, key, max);
	}
}

static void json_summary(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_dev *d = row;
	int r;

	(void)s;	/* the row holds its names (snap_res_other) */
	jw_u(w, "ifindex", d->index);
	jw_s(w, "ifname", d->name);
	for (r = 0; r < SNAP_RES_N; r++)
		if (d->res_valid & (1u << r))
			json_res_entry(w, snap_res_name((enum snap_res)r), d->res[r],
				       d->res_max_valid & (1u << r), d->res_max[r]);
	for (r = 0; r < d->n_res_other; r++) {
		const char *n = d->res_other[r].name;

		/* a kernel's name that is one of the row's keys: not twice */
		if (!strcmp(n, "ifindex") || !strcmp(n, "ifname"))
			continue;
		json_res_entry(w, n, d->res_other[r].curr, d->res_other[r].max_valid,
			       d->res_other[r].max);
	}
}

static void json_note(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_note *n = row;
	const struct snap_dev *d = n->dev != SNAP_NONE ? snap_dev_find(s, n->dev) : NULL;
	const char *e = n->err ? strerrorname_np(-n->err) : NULL;
	char buf[16];

	if (n->err && !e) {
		snprintf(buf, sizeof(buf), "E%d", -n->err);
		e = buf;
	}
	jw_key(w, "error");
	if (e)
		jw_str(w, e);
	else
		jw_write(w, "null", 4);
	if (d)
		jw_s(w, "ifname", d->name);
	jw_s(w, "message", snap_s(s, n->text));
}

static void json_event(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_event *e = row;

	jw_s(w, "source", e->source == SNAP_EV_KERNEL ? "kernel" : "poll");
	jw_s(w, "type", snap_event_str(e->type));
	if (e->valid & SNAP_EV_DEV)
		jw_u(w, "ifindex", e->dev);
	if (e->valid & SNAP_EV_NAME)
		jw_s(w, "ifname", snap_s(s, e->name));
	if (e->valid & SNAP_EV_PORT)
		jw_u(w, "port", e->port);
	if (e->valid & SNAP_EV_NDEV_INDEX)
		jw_u(w, "netdev_index", e->ndev_index);
	if (e->valid & SNAP_EV_NDEV_NAME)
		jw_s(w, "netdev", snap_s(s, e->ndev));
	if (e->source == SNAP_EV_POLL && e->type != SNAP_EV_DEV_ADDED &&
	    e->type != SNAP_EV_DEV_REMOVED) {
		jw_s(w, "from", snap_s(s, e->from));
		jw_s(w, "to", snap_s(s, e->to));
	}
}

ssize_t out_rows(const struct view_ctx *c, enum view_table t, const struct out_opts *o,
		 size_t **rows)
{
	bool qps = t == VIEW_QPS;
	ssize_t n = view_rows(c, t, o->filter, qps ? o->sort_col : -1, qps && o->reverse, rows);
	size_t i, m = 0;

	if (n <= 0 || !o->pid)
		return n;
	for (i = 0; i < (size_t)n; i++)
		if (view_pid_match(c, t, (*rows)[i], o->pid))
			(*rows)[m++] = (*rows)[i];
	return (ssize_t)m;
}

/* A cost: seconds to the microsecond (a request can take a few). */
static void jw_secs(struct jw *w, const char *k, double v)
{
	char buf[32];

	jw_key(w, k);
	snprintf(buf, sizeof(buf), "%.6g", v);
	jw_write(w, buf, strlen(buf));
}

/* What the sample cost rdmatop (samples that measured it). */
static void json_self(struct jw *w, const struct snapshot *s, const struct snap_self *m)
{
	int i;

	if (!(m->valid & SNAP_SELF_CPU))
		return;
	jw_open(w, "self", '{');
	if (m->valid & SNAP_SELF_RATE)
		jw_d(w, "cpu", m->cpu);
	jw_secs(w, "utime", m->utime);
	jw_secs(w, "stime", m->stime);
	jw_secs(w, "wall", m->wall);
	if (m->valid & SNAP_SELF_BUDGET)
		jw_secs(w, "budget", m->budget);
	if (m->hold > 0)	/* only where the budget held the samples apart */
		jw_secs(w, "hold", m->hold);
	jw_open(w, "requests", '{');
	for (i = 0; i < SNAP_COST_N; i++)
		/* net only where the sample read a netdev (src/net) */
		if ((i < SNAP_COST_RES || i >= SNAP_COST_RES + SNAP_RES_N ||
		     snap_res_seen(s, i - SNAP_COST_RES)) &&
		    (i != SNAP_COST_NET || m->cost[i] > 0))
			jw_secs(w, snap_cost_name[i], m->cost[i]);
	jw_close(w, '}');
	jw_open(w, "last_dump", '{');
	for (i = 0; i < SNAP_RES_N; i++)
		if (snap_res_seen(s, snap_res_dump((size_t)i)))
			jw_secs(w, snap_res_info[snap_res_dump((size_t)i)].table,
				m->dump[snap_res_dump((size_t)i)]);
	jw_close(w, '}');
	jw_close(w, '}');
}

/* "key": {"age": age, "devices": [...]}, each device's age: of table r,
 * or of the resource summary (r < 0) */
static void json_age(struct jw *w, const struct snapshot *s, const char *key, double age, int r)
{
	size_t k;

	jw_open(w, key, '{');
	jw_d(w, "age", age);
	jw_open(w, "devices", '[');
	for (k = 0; k < s->devs.n; k++) {
		const struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, k);

		jw_open(w, NULL, '{');
		jw_dev(w, s, d->index);
		jw_d(w, "age", r < 0 ? snap_sum_age(s, d) : snap_res_age(s, d, (enum snap_res)r));
		jw_close(w, '}');
	}
	jw_close(w, ']');
	jw_close(w, '}');
}

/*
 * Each object's age: seconds between the sample and its oldest rows (0
 * when every device's table was dumped in this sample), and per device.
 */
static void json_ages(struct jw *w, const struct snapshot *s)
{
	size_t i, k;

	jw_open(w, "tables", '{');
	for (i = 0; i < SNAP_RES_N; i++) {
		enum snap_res r = snap_res_dump(i);

		if (!snap_res_seen(s, r))
			continue;	/* a kernel without such objects */
		json_age(w, s, snap_res_info[r].table, snap_table_age(s, r), (int)r);
	}
	/* the resource summary, where a paced sample did not read it */
	for (k = 0; k < s->devs.n && !SNAP_AT(&s->devs, struct snap_dev, k)->sum_carried; k++)
		;
	if (k < s->devs.n) {
		double oldest = 0;

		for (k = 0; k < s->devs.n; k++)
			if (snap_sum_age(s, SNAP_AT(&s->devs, struct snap_dev, k)) > oldest)
				oldest = snap_sum_age(s, SNAP_AT(&s->devs, struct snap_dev, k));
		json_age(w, s, "summary", oldest, -1);
	}
	jw_close(w, '}');
}

static int json_table(struct jw *w, const struct view_ctx *c, const struct out_opts *o,
		      enum view_table t, const char *key, const struct snap_vec *vec,
		      size_t size, json_row_fn fn)
{
	size_t *rows, i;
	ssize_t n = out_rows(c, t, o, &rows);

	if (n < 0)
		return (int)n;
	jw_open(w, key, '[');
	for (i = 0; i < (size_t)n; i++) {
		jw_open(w, NULL, '{');
		if (!fn)
			out_json_cols(w, c, t, rows[i]);
		else if (vec)
			fn(w, c->s, (const char *)vec->v + rows[i] * size);
		else
			fn(w, c->s, &c->procs[rows[i]]);
		jw_close(w, '}');
	}
	jw_close(w, ']');
	free(rows);
	return 0;
}

#define TABLE(t, key, vec, type, fn) \
	json_table(w, &c, o, t, key, vec, sizeof(type), fn)

int out_json(FILE *f, const struct snapshot *s, const struct out_opts *o)
{
	struct out_opts none = { .sort_col = -1 };
	struct view_ctx c = { .s = s };
	struct view_proc *procs;
	struct view_group *groups = NULL;
	uint32_t *member_of;
	struct jw *w;
	char buf[64];
	int np, ng, err = 0;
	size_t i;

	if (!o)
		o = &none;
	w = calloc(1, sizeof(*w));
	if (!w)
		return -ENOMEM;
	w->f = f;
	w->first[0] = true;
	np = view_procs(s, &procs);
	if (np < 0) {
		free(w);
		return np;
	}
	c.procs = procs;
	c.n_procs = (size_t)np;
	member_of = malloc((np ? (size_t)np : 1) * sizeof(*member_of));
	ng = member_of ? view_groups(s, procs, (size_t)np, &groups, member_of) : -ENOMEM;
	if (ng < 0) {
		free(member_of);
		free(procs);
		free(w);
		return ng;
	}
	c.groups = groups;
	c.n_groups = (size_t)ng;

	jw_open(w, NULL, '{');
	jw_s(w, "time", fmt_time(buf, sizeof(buf), &s->wall));
	jw_d(w, "interval", s->interval);
	jw_s(w, "host", s->host);
	jw_s(w, "kernel", s->kernel);
	json_sys(w, &s->sys);
	json_self(w, s, &s->self);
	err = err ?: TABLE(VIEW_DEVS, "devices", &s->devs, struct snap_dev, json_dev);
	if (!err)
		out_json_pci(w, s);
	err = err ?: TABLE(VIEW_LINKS, "links", &s->ports, struct snap_port, out_json_link);
	err = err ?: TABLE(VIEW_DEVS, "resources", &s->devs, struct snap_dev, json_summary);
	json_ages(w, s);
	for (i = 0; i < SNAP_RES_N && !err; i++) {
		enum snap_res r = snap_res_dump(i);

		if (!snap_res_seen(s, r))
			continue;	/* a kernel without such objects */
		err = json_table(w, &c, o, VIEW_RES + r, snap_res_info[r].table, &s->res[r],
				 snap_res_info[r].size, NULL);
	}
	err = err ?: out_json_stalls(w, &c);
	err = err ?: TABLE(VIEW_COUNTERS, "counters", &s->counters, struct snap_counter,
			   out_json_counter);
	if (!err)
		out_json_stat(w, s);
	err = err ?: TABLE(VIEW_PROCS, "processes", NULL, struct view_proc, out_json_proc);
	err = err ?: out_json_groups(w, &c, o, member_of);
	jw_rows(w, "events", s, &s->events, sizeof(struct snap_event), json_event);
	jw_rows(w, "notes", s, &s->notes, sizeof(struct snap_note), json_note);
	jw_close(w, '}');
	jw_putc(w, '\n');
	jw_flush(w);
	free(w);
	free(procs);
	free(groups);
	free(member_of);
	if (!err && ferror(f))
		err = -EIO;
	return err;
}
