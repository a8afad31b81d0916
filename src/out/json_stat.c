// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The JSON of counters of objects, with `rdma -j` keys and order:
 *   stat_qp        `rdma statistic qp show`: one object per bound counter
 *                  (counter values flat, then "lqpn"), plus ours: "mode",
 *                  "rates" (per second, by counter name);
 *   stat_qp_mode   `rdma statistic qp mode`: "mode" as rdma 6.1 prints it
 *                  (7.x's " optional-counters on|off" where the kernel sent
 *                  it), plus "counter_mode", "auto_mask", "optional_counters";
 *   optional_counters  `rdma statistic mode [supported]`: per port, each
 *                  optional counter and whether it is enabled;
 *   stat_mr        `rdma statistic mr`: per MR its driver stats;
 * and the counters table (the ports' counters, one object per counter).
 */
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "jw.h"
#include "names.h"
#include "out.h"

void out_json_counter(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_counter *c = row;

	jw_dev(w, s, c->dev);
	if (c->port)
		jw_u(w, "port", c->port);
	jw_s(w, "name", snap_s(s, c->name));
	jw_u(w, "value", c->value);
	jw_s(w, "unit", cnt_unit_name(c->unit));
	jw_s(w, "source", snap_src_name(c->source));
	if (c->optional)
		jw_b(w, "optional", true);
	jw_s(w, "class", cnt_class_name(c->cls));
	jw_s(w, "class_by", cnt_by_name(c->cls_flags));
	if (c->rate_status == RATE_DATA) {
		jw_d(w, "rate", c->rate);
		jw_u(w, "delta", c->delta);
	} else if (c->rate_status == RATE_RESET) {
		jw_b(w, "reset", true);
	}
	/* at its maximum: the value is a floor and a rate, where there is one,
	 * counts only up to it (doc/json.md) */
	if (snap_counter_saturated(c))
		jw_b(w, "saturated", true);
}

static const char *mode_str(uint8_t m)
{
	return m == SNAP_QPCNT_AUTO ? "auto" : m == SNAP_QPCNT_MANUAL ? "manual" : "none";
}

/* The values of one object (kind, dev, obj), then their rates. */
static void obj_values(struct jw *w, const struct snapshot *s, uint8_t kind, uint32_t dev,
		       uint32_t obj, bool rates)
{
	size_t i;

	for (i = 0; i < s->objcnts.n; i++) {
		const struct snap_counter *c = SNAP_AT(&s->objcnts, struct snap_counter, i);

		char num[64];

		if (c->kind != kind || c->dev != dev || c->obj != obj)
			continue;
		if (rates && c->rate_status != RATE_DATA)
			continue;
		/* the kernel's name as the key: escaped, unlike the program's
		 * own keys (jw_key); snap_dedup() made it unique here */
		jw_sep(w);
		jw_str(w, snap_s(s, c->name));
		jw_putc(w, ':');
		if (!rates) {
			jw_uint(w, c->value);
		} else {
			fmt_num(num, sizeof(num), c->rate);
			jw_write(w, num, strlen(num));
		}
	}
}

static void json_qpcnt(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_qpcnt *c = row;
	const char *p = snap_s(s, c->lqpns);

	jw_dev(w, s, c->dev);
	jw_u(w, "port", c->port);
	jw_u(w, "cntn", c->cntn);
	if (SNAP_HAS(c, SNAP_QPCNT_TYPE))
		jw_s(w, "qp-type", snap_qp_type_str(c->qp_type));
	jw_owner(w, s, &c->own, true);
	obj_values(w, s, SNAP_OBJ_QPCNT, c->dev, c->cntn, false);
	jw_open(w, "lqpn", '[');
	while (*p) {
		char *end;
		unsigned long v = strtoul(p, &end, 10);

		if (end == p)
			break;
		jw_u(w, NULL, v);
		p = *end == ',' ? end + 1 : end;
	}
	jw_close(w, ']');
	if (SNAP_HAS(c, SNAP_QPCNT_MODE))
		jw_s(w, "mode", mode_str(c->mode));
	jw_owner(w, s, &c->own, false);
	jw_open(w, "rates", '{');
	obj_values(w, s, SNAP_OBJ_QPCNT, c->dev, c->cntn, true);
	jw_close(w, '}');
}

static void json_qp_mode(struct jw *w, const struct snapshot *s, const struct snap_port *p)
{
	char buf[64];

	jw_dev(w, s, p->dev);
	jw_u(w, "port", p->port);
	/* rdma prints "qp auto off" for every mode but auto; 7.x adds the
	 * kernel's STAT_OPCOUNTER_ENABLED (6.15+), which rdma 6.1 cannot read:
	 * added where the kernel sent it */
	if (p->qp_mode != SNAP_QPCNT_AUTO)
		snprintf(buf, sizeof(buf), "qp auto off");
	else
		snprintf(buf, sizeof(buf), "qp auto %s%s%s on%s",
			 p->qp_mask & SNAP_QPCNT_BY_TYPE ? "type" : "",
			 (p->qp_mask & SNAP_QPCNT_BY_TYPE) && (p->qp_mask & SNAP_QPCNT_BY_PID) ? "," : "",
			 p->qp_mask & SNAP_QPCNT_BY_PID ? "pid" : "",
			 !SNAP_HAS(p, SNAP_PORT_QP_OPCNT) ? "" :
			 p->qp_opcnt ? " optional-counters on" : " optional-counters off");
	jw_s(w, "mode", buf);
	jw_s(w, "counter_mode", mode_str(p->qp_mode));
	jw_open(w, "auto_mask", '[');
	if (p->qp_mode == SNAP_QPCNT_AUTO && (p->qp_mask & SNAP_QPCNT_BY_TYPE))
		jw_s(w, NULL, "type");
	if (p->qp_mode == SNAP_QPCNT_AUTO && (p->qp_mask & SNAP_QPCNT_BY_PID))
		jw_s(w, NULL, "pid");
	jw_close(w, ']');
	if (SNAP_HAS(p, SNAP_PORT_QP_OPCNT))
		jw_b(w, "optional_counters", p->qp_opcnt);
}

static void json_optional(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_optcnt *o = row;

	jw_dev(w, s, o->dev);
	jw_u(w, "port", o->port);
	jw_s(w, "name", snap_s(s, o->name));
	jw_u(w, "index", o->index);
	jw_b(w, "enabled", o->enabled);
}

/* An MR's stats, one object per MR that has any (rdma lists the bare
 * ones too, with "mrn" alone: the MR table has those). */
static void json_mrs(struct jw *w, const struct snapshot *s)
{
	size_t i;

	jw_open(w, "stat_mr", '[');
	for (i = 0; i < s->objcnts.n; i++) {
		const struct snap_counter *c = SNAP_AT(&s->objcnts, struct snap_counter, i);
		const struct snap_counter *b = i ? c - 1 : NULL;

		if (c->kind != SNAP_OBJ_MR)
			continue;
		if (b && b->kind == SNAP_OBJ_MR && b->dev == c->dev && b->obj == c->obj)
			continue;	/* its values are written with the first */
		jw_open(w, NULL, '{');
		jw_dev(w, s, c->dev);
		jw_u(w, "mrn", c->obj);
		obj_values(w, s, SNAP_OBJ_MR, c->dev, c->obj, false);
		jw_open(w, "rates", '{');
		obj_values(w, s, SNAP_OBJ_MR, c->dev, c->obj, true);
		jw_close(w, '}');
		jw_close(w, '}');
	}
	jw_close(w, ']');
}

void out_json_stat(struct jw *w, const struct snapshot *s)
{
	size_t i;

	jw_rows(w, "stat_qp", s, &s->qpcnts, sizeof(struct snap_qpcnt), json_qpcnt);
	jw_open(w, "stat_qp_mode", '[');
	for (i = 0; i < s->ports.n; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);

		if (!SNAP_HAS(p, SNAP_PORT_QP_MODE))
			continue;
		jw_open(w, NULL, '{');
		json_qp_mode(w, s, p);
		jw_close(w, '}');
	}
	jw_close(w, ']');
	jw_rows(w, "optional_counters", s, &s->optcnts, sizeof(struct snap_optcnt), json_optional);
	json_mrs(w, s);
}
