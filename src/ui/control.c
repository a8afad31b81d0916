// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * X, the controls `rdma` has, on the selected row, each typed before it is
 * done (as N and Q are): a QP's counter bound or unbound (`rdma statistic
 * qp bind/unbind`), a link's optional counters (`rdma statistic set link
 * ... optional-counters`), a device moved into a network namespace (`rdma
 * dev set DEV netns NS`).  The key says what it would do and asks for the
 * word; Enter hands it to the dashboard (UI_CONTROL), which runs it
 * (src/nl: read back and verified, a refusal explained) and shows what it
 * says on the status line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "priv.h"

/* The selected row of the pane, as an index into its table; -1: none. */
static long selected(const struct ui *u, enum ui_pane p)
{
	if (u->view.pane != p || u->view.detail.kind != DETAIL_NONE ||
	    u->view.panes[p].sel >= u->cache.n_rows)
		return -1;
	return (long)u->cache.rows[u->view.panes[p].sel];
}

/* The object a detail view shows (detail_key: the device's name, and the
 * QP's lqpn or the link's port), as an index into its table; -1: gone. */
static long shown(const struct ui *u, const struct snapshot *s, enum ui_detail want)
{
	const struct snap_dev *d =
		u->view.detail.kind == want ? snap_dev_by_name(s, u->view.detail.key.name) : NULL;
	size_t i;

	if (!d)
		return -1;
	if (want == DETAIL_DEV)
		return (long)(d - SNAP_AT(&s->devs, struct snap_dev, 0));
	for (i = 0; want == DETAIL_QP && i < s->qps.n; i++) {
		const struct snap_qp *q = SNAP_AT(&s->qps, struct snap_qp, i);

		if (q->dev == d->index && q->lqpn == u->view.detail.key.a)
			return (long)i;
	}
	for (i = 0; want == DETAIL_LINK && i < s->ports.n; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);

		if (p->dev == d->index && p->port == u->view.detail.key.a)
			return (long)i;
	}
	return -1;
}

/* The optional counters of a port, "a,b" of those on or of all. */
static void optcnts(const struct snapshot *s, uint32_t dev, uint32_t port, bool on, char *b,
		    size_t len)
{
	size_t i, o = 0;

	b[0] = '\0';
	for (i = 0; i < s->optcnts.n && o < len; i++) {
		const struct snap_optcnt *c = SNAP_AT(&s->optcnts, struct snap_optcnt, i);

		if (c->dev == dev && c->port == port && (!on || c->enabled))
			o += (size_t)snprintf(b + o, len - o, "%s%s", o ? "," : "",
					      snap_s(s, c->name));
	}
	if (!b[0])
		snprintf(b, len, "none");
}

static bool qp_control(struct ui *u, const struct snapshot *s, long row)
{
	const struct snap_qp *q = SNAP_AT(&s->qps, struct snap_qp, (size_t)row);
	const struct snap_dev *d = snap_dev_find(s, q->dev);
	const struct snap_qpcnt *c;

	if (!d || !SNAP_HAS(q, SNAP_QP_PORT)) {
		ui_set_status(u, ROLE_STATUS_WARN, "X: the QP is bound to no port yet");
		return false;
	}
	c = snap_qpcnt_of(s, q->dev, q->lqpn);
	snprintf(u->view.ctl.link, sizeof(u->view.ctl.link), "%s/%u", d->name, q->port);
	u->view.ctl.lqpn = q->lqpn;
	if (c) {
		u->view.ctl.kind = UI_CTL_UNBIND;
		u->view.ctl.cntn = c->cntn;
		snprintf(u->view.ctl.prompt, sizeof(u->view.ctl.prompt),
			 "QP %u of %s is in counter %u; type unbind to take it out: ", q->lqpn,
			 u->view.ctl.link, c->cntn);
	} else {
		u->view.ctl.kind = UI_CTL_BIND;
		snprintf(u->view.ctl.prompt, sizeof(u->view.ctl.prompt),
			 "QP %u of %s: no counter; type bind, or bind N for counter N: ", q->lqpn,
			 u->view.ctl.link);
		ui_set_status(u, ROLE_STATUS_INFO,
			      "bind: a new counter for QP %u (the port's "
			      "auto mode turns manual); bind N: into counter N",
			      q->lqpn);
	}
	return true;
}

static bool link_control(struct ui *u, const struct snapshot *s, long row)
{
	const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, (size_t)row);
	const struct snap_dev *d = snap_dev_find(s, p->dev);
	char on[160], all[320];

	optcnts(s, p->dev, p->port, false, all, sizeof(all));
	if (!d || !strcmp(all, "none")) {
		ui_set_status(u, ROLE_STATUS_WARN,
			      "X: this link has no optional counters "
			      "(6.2+; mlx5 has them)");
		return false;
	}
	optcnts(s, p->dev, p->port, true, on, sizeof(on));
	u->view.ctl.kind = UI_CTL_OPTCNT;
	snprintf(u->view.ctl.link, sizeof(u->view.ctl.link), "%s/%u", d->name, p->port);
	snprintf(u->view.ctl.prompt, sizeof(u->view.ctl.prompt),
		 "optional counters of %s on: type their names (a,b) or off: ", u->view.ctl.link);
	ui_set_status(u, ROLE_STATUS_INFO, "on: %.90s; the port has: %.140s", on, all);
	return true;
}

static bool dev_control(struct ui *u, const struct snapshot *s, long row)
{
	const struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, (size_t)row);

	if ((s->sys.valid & SNAP_SYS_NETNS_MODE) && s->sys.netns_shared) {
		ui_set_status(u, ROLE_STATUS_WARN,
			      "X: the RDMA netns mode is shared: every device "
			      "is in every namespace; N switches it to exclusive");
		return false;
	}
	u->view.ctl.kind = UI_CTL_NETNS;
	snprintf(u->view.ctl.link, sizeof(u->view.ctl.link), "%s", d->name);
	snprintf(u->view.ctl.prompt, sizeof(u->view.ctl.prompt),
		 "move %s to network namespace: type its name (ip netns) or a PID: ", d->name);
	ui_set_status(
		u, ROLE_STATUS_INFO,
		"%s leaves this namespace: the contexts its processes here hold are taken away",
		d->name);
	return true;
}

enum ui_action ui_control_key(struct ui *u, int key)
{
	const struct snapshot *s = u->run.s;
	bool ok = false;
	long row;

	(void)key;
	if (u->run.replay || !s) {
		ui_set_status(u, ROLE_STATUS_WARN, "X: %s",
			      u->run.replay ? "not while replaying" : "no sample yet");
		return UI_REDRAW;
	}
	memset(&u->view.ctl, 0, sizeof(u->view.ctl));
	/* the row selected, or the object of the detail view shown */
	if ((row = selected(u, UI_QPS)) >= 0 || (row = shown(u, s, DETAIL_QP)) >= 0)
		ok = qp_control(u, s, row);
	else if ((row = selected(u, UI_LINKS)) >= 0 || (row = shown(u, s, DETAIL_LINK)) >= 0)
		ok = link_control(u, s, row);
	else if ((row = selected(u, UI_DEVS)) >= 0 || (row = shown(u, s, DETAIL_DEV)) >= 0)
		ok = dev_control(u, s, row);
	else
		ui_set_status(
			u, ROLE_STATUS_WARN, "X: %s",
			u->view.detail.kind != DETAIL_NONE ?
				"the QP, link or device shown is gone, or this view has no control" :
				"select a QP (bind its counter), a link (its optional counters) "
				"or a device (move it to a namespace)");
	if (ok)
		ui_start_prompt(u, PROMPT_CONTROL, "");
	return UI_REDRAW;
}

/* What the typed word asks, checked; the argument the control takes. */
enum ui_action ui_control_typed(struct ui *u)
{
	struct ui_control *c = &u->view.ctl;
	const char *in = u->view.prompt.buf;
	char *end;

	switch (c->kind) {
	case UI_CTL_UNBIND:
		if (strcmp(in, "unbind"))
			break;
		snprintf(c->arg, sizeof(c->arg), "%u:%u", c->lqpn, c->cntn);
		return UI_CONTROL;
	case UI_CTL_BIND:
		if (!strcmp(in, "bind")) {
			snprintf(c->arg, sizeof(c->arg), "%u", c->lqpn);
			return UI_CONTROL;
		}
		if (strncmp(in, "bind ", 5) || in[5] < '0' || in[5] > '9')
			break;
		c->cntn = (uint32_t)strtoul(in + 5, &end, 10);
		if (*end)
			break;
		snprintf(c->arg, sizeof(c->arg), "%u:%u", c->lqpn, c->cntn);
		return UI_CONTROL;
	case UI_CTL_OPTCNT:
		if (!*in || strchr(in, ' '))
			break;
		snprintf(c->arg, sizeof(c->arg), "%s:%s", c->link, in);
		return UI_CONTROL;
	case UI_CTL_NETNS:
		if (!*in || strchr(in, ' ') || strchr(in, '/'))
			break;
		snprintf(c->arg, sizeof(c->arg), "%s:%s", c->link, in);
		return UI_CONTROL;
	default:
		break;
	}
	ui_set_status(u, ROLE_STATUS_INFO, "%s: nothing changed", c->link);
	return UI_REDRAW;
}
