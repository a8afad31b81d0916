// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A link's changes in its drill-down: the kernel's flap counts (the
 * netdev's carrier counts, link_downed, link_error_recovery) and the
 * changes rdmatop saw between samples, newest first (src/model/flaps.c).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "flaps.h"
#include "fmt.h"
#include "names.h"
#include "priv.h"

struct out {
	ui_emit_fn emit;
	void *ctx;
	char line[256];
};

static void say(struct out *o, int role, int indent, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void say(struct out *o, int role, int indent, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(o->line, sizeof(o->line), fmt, ap);
	va_end(ap);
	o->emit(o->ctx, role, indent, o->line);
}

/* "ACTIVE", with "/LINK_UP" when the physical state changed too; n/a for
 * a state not known */
static const char *state_pair(char *buf, size_t len, uint8_t st, uint8_t ph, bool phys)
{
	snprintf(buf, len, "%s%s%s", st ? snap_port_state_str(st) : "n/a", phys ? "/" : "",
		 phys ? (ph ? snap_phys_state_str(ph) : "n/a") : "");
	return buf;
}

/* The kernel's flap counts and the link's changes seen, newest first. */
void ui_detail_flaps(const struct snapshot *s, const struct snap_port *p, ui_emit_fn emit,
		     void *ctx)
{
	struct out o = { .emit = emit, .ctx = ctx };
	char a[48], b[48], t[40], age[16];
	struct view_value v = { .type = VIEW_T_DOUBLE, .fmt = VIEW_F_AGE, .valid = true };
	uint64_t n;
	bool sat = false;
	int i;

	say(&o, ROLE_TITLE, 0, "%s", "link changes");
	if (SNAP_HAS(p, SNAP_PORT_CARRIER_CHANGES))
		say(&o, ROLE_DEFAULT, 2, "carrier changes %u (up %s, down %s)  netdev %s",
		    p->carrier_changes,
		    SNAP_HAS(p, SNAP_PORT_CARRIER_UP) ?
			    (snprintf(a, sizeof(a), "%u", p->carrier_up), a) :
			    "n/a",
		    SNAP_HAS(p, SNAP_PORT_CARRIER_DOWN) ?
			    (snprintf(b, sizeof(b), "%u", p->carrier_down), b) :
			    "n/a",
		    p->ndev);
	for (i = 0; i < 2; i++) {
		const char *name = i ? "link_error_recovery" : "link_downed";

		if (flaps_counter(s, p->dev, p->port, name, &n, &sat))
			say(&o, sat ? ROLE_STATUS_WARN : ROLE_DEFAULT, 2, "%s %" PRIu64 "%s", name,
			    n,
			    sat ? VIEW_SAT_MARK
				    " (saturated: only a PMA reset, perfquery -R, clears it)" :
				  "");
	}
	if (SNAP_HAS(p, SNAP_PORT_CARRIER_CHANGES) ||
	    flaps_counter(s, p->dev, p->port, "link_downed", &n, NULL))
		say(&o, ROLE_NA, 2, "%s",
		    "(the kernel's counts since boot or driver load, not since rdmatop started)");
	if (!flaps_age(s, p, &v.d)) {
		say(&o, ROLE_DEFAULT, 2, "%s", "no change seen since the first sample");
	} else {
		say(&o, ROLE_DEFAULT, 2, "last change %s ago", view_fmt(&v, age, sizeof(age)));
		for (i = p->nchanges - 1; i >= 0; i--) {
			const struct snap_link_change *c = &p->changes[i];
			bool ph = c->from_phys != c->phys;

			char ev[32] = "";

			if (c->down_known)
				snprintf(ev, sizeof(ev), " PHY downs +%u", c->down_events);
			say(&o, ROLE_DEFAULT, 4, "%s carrier +%u downed +%u%s %s -> %s in %.1fs",
			    fmt_time(t, sizeof(t), &c->when), c->carrier, c->downed, ev,
			    state_pair(a, sizeof(a), c->from_state, c->from_phys, ph),
			    state_pair(b, sizeof(b), c->state, c->phys, ph), (double)c->window);
		}
	}
	say(&o, ROLE_DEFAULT, 0, "%s", "");
}
