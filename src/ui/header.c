// SPDX-License-Identifier: GPL-2.0-or-later
/* Header: identity, time, interval, system; totals; the status line. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "names.h"
#include "priv.h"

/* Put "label value" pairs left to right; returns the next x. */
static int pair(int y, int x, int end, const char *label, const char *value, int vrole)
{
	int lw = (int)strlen(label), vw = ui_width(value);

	if (x + lw + 1 + vw > end)
		return end;
	ui_put(y, x, lw, ROLE_HEADER, label);
	ui_put(y, x + lw + 1, vw, vrole, value);
	return x + lw + 1 + vw + 2;
}

static const char *onoff(uint32_t valid, uint32_t bit, uint8_t v)
{
	if (!(valid & bit))
		return "n/a";
	return v ? "on" : "off";
}

void ui_draw_header(struct ui *u, const struct ui_layout *l)
{
	const struct snapshot *s = u->s;
	int y = l->header.y, end = l->header.w, x = 0;
	char buf[128], when[32], line[320];
	size_t i, ports_up = 0, qps = 0, rts = 0, err = 0, outside = 0;
	int st;

	x = pair(y, x, end, "rdmatop", u->replay ? "replay" : "live", ROLE_TITLE);
	if (!s) {
		pair(y, x, end, "", "waiting for the first sample...", ROLE_HEADER_VALUE);
		return;
	}
	x = pair(y, x, end, "host", s->host, ROLE_HEADER_VALUE);
	x = pair(y, x, end, "kernel", s->kernel, ROLE_HEADER_VALUE);
	{
		struct tm tm;
		time_t t = s->wall.tv_sec;

		/* a recording's time may be past what struct tm holds */
		if (!localtime_r(&t, &tm) ||
		    !strftime(when, sizeof(when), u->replay ? "%Y-%m-%d %H:%M:%S" : "%H:%M:%S",
			      &tm))
			snprintf(when, sizeof(when), "n/a");
	}
	x = pair(y, x, end, "at", when, ROLE_HEADER_VALUE);
	if (u->replay && u->sample_no > 0) {
		snprintf(buf, sizeof(buf), "%ld", u->sample_no);
		x = pair(y, x, end, "sample", buf, ROLE_HEADER_VALUE);
	}
	snprintf(buf, sizeof(buf), "%.1fs%s%s", u->delay, u->stretched ? " (stretched)" : "",
		 u->paused ? " PAUSED" : "");
	x = pair(y, x, end, "every", buf, u->paused || u->stretched ? ROLE_STATUS_WARN :
		 ROLE_HEADER_VALUE);
	/* how changes are seen: the kernel's notifications (6.12+) or polling */
	x = pair(y, x, end, "changes", (s->sys.valid & SNAP_SYS_MONITOR) &&
		 s->sys.monitor_mode ? "events" : "polling", ROLE_HEADER_VALUE);
	if (s->sys.valid & SNAP_SYS_NETNS_MODE)
		x = pair(y, x, end, "netns", s->sys.netns_shared ? "shared" : "exclusive",
			 ROLE_HEADER_VALUE);
	x = pair(y, x, end, "copy-on-fork", onoff(s->sys.valid, SNAP_SYS_COPY_ON_FORK,
						  s->sys.copy_on_fork), ROLE_HEADER_VALUE);
	/* kernels 6.5+ (PRIVILEGED_QKEY_MODE), as -b and JSON show it */
	if (s->sys.valid & SNAP_SYS_PRIV_QKEY)
		pair(y, x, end, "privileged-qkey", onoff(s->sys.valid, SNAP_SYS_PRIV_QKEY,
							 s->sys.privileged_qkey),
		     ROLE_HEADER_VALUE);

	/* totals */
	y++;
	x = 0;
	for (i = 0; i < s->ports.n; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);

		if ((p->valid & SNAP_PORT_STATE) && !strcmp(snap_port_state_str(p->state), "ACTIVE"))
			ports_up++;
	}
	/*
	 * QPs by state from the per-process sums (every QP is in one entry):
	 * a screen costs the same at 100 QPs and at 100k.
	 */
	qps = s->qps.n;
	for (st = 0; st < 16; st++) {
		const char *name = snap_qp_state_str((uint8_t)st);
		bool is_rts = !strcmp(name, "RTS");
		bool is_err = !strcmp(name, "ERR") || !strcmp(name, "SQE");

		for (i = 0; (is_rts || is_err) && i < u->n_procs; i++) {
			if (is_rts)
				rts += u->procs[i].qp_state[st];
			else
				err += u->procs[i].qp_state[st];
		}
	}
	snprintf(buf, sizeof(buf), "%zu", s->devs.n);
	x = pair(y, x, end, "devices", buf, ROLE_HEADER_VALUE);
	snprintf(buf, sizeof(buf), "%zu/%zu up", ports_up, s->ports.n);
	x = pair(y, x, end, "ports", buf, ports_up < s->ports.n ? ROLE_STATE_WARN :
		 ROLE_HEADER_VALUE);
	/* owners the kernel gave no pid: outside our PID namespace (view.h) */
	for (i = 0; i < u->n_procs; i++)
		if ((u->procs[i].valid & VIEW_PROC_HIDDEN) && !u->procs[i].n_threads)
			outside += u->procs[i].res[SNAP_RES_QP];
	if (outside)
		snprintf(buf, sizeof(buf), "%zu (%zu RTS, %zu error, %zu outside this PID "
			 "namespace)", qps, rts, err, outside);
	else
		snprintf(buf, sizeof(buf), "%zu (%zu RTS, %zu error)", qps, rts, err);
	x = pair(y, x, end, "QPs", buf, err ? ROLE_STATE_BAD : ROLE_HEADER_VALUE);
	snprintf(buf, sizeof(buf), "%zu", u->n_procs);
	x = pair(y, x, end, "owners", buf, ROLE_HEADER_VALUE);
	snprintf(buf, sizeof(buf), "%zu", s->cm_ids.n);
	x = pair(y, x, end, "CM_IDs", buf, ROLE_HEADER_VALUE);
	snprintf(buf, sizeof(buf), "%zu", s->mrs.n);
	x = pair(y, x, end, "MRs", buf, ROLE_HEADER_VALUE);
	/* what rdmatop itself costs (samples that measured it: live, and
	 * recordings made since) */
	if (s->self.valid & SNAP_SELF_CPU) {
		char cpu[24] = "";

		if (s->self.valid & SNAP_SELF_RATE)
			snprintf(cpu, sizeof(cpu), "%.1f%% CPU, ", s->self.cpu);
		double ms = s->self.dump[SNAP_RES_QP] * 1e3;

		snprintf(buf, sizeof(buf), "%sQP dump %.*f ms", cpu, ms < 10 ? 1 : 0, ms);
		pair(y, x, end, "self", buf, ROLE_HEADER_VALUE);
	}

	/* status: the user's last message, else the sample's first note */
	if (u->status[0]) {
		ui_put(l->status.y, 0, l->status.w, u->status_role, u->status);
	} else if (s->notes.n) {
		const struct snap_note *n = SNAP_AT(&s->notes, struct snap_note, 0);

		snprintf(buf, sizeof(buf), "%s%s", snap_s(s, n->text),
			 s->notes.n > 1 ? " (+ more)" : "");
		ui_put(l->status.y, 0, l->status.w, n->err ? ROLE_STATUS_WARN : ROLE_STATUS_INFO,
		       buf);
	} else if (u->filter_text[0] || u->pid) {
		char pid[32] = "";

		if (u->pid)
			snprintf(pid, sizeof(pid), " process=%u", u->pid);
		snprintf(line, sizeof(line), "filter: %s%s", u->filter_text, pid);
		ui_put(l->status.y, 0, l->status.w, ROLE_STATUS_INFO, line);
	}
}
