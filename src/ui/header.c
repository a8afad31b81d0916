// SPDX-License-Identifier: GPL-2.0-or-later
/* Header: identity, time, interval, system; totals; the status line. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "names.h"
#include "priv.h"
#include "verdict.h"

/*
 * A header line: "label value" items left to right, two blanks apart.
 * When they do not fit, the line gives up what changes least first: the
 * steps of cut[] in their order take an item's brief value or leave it
 * out, so at 80 columns the mode, sample, interval and PAUSED stay.
 */
#define ITEMS_MAX 12
struct item {
	const char *label;
	char value[96], brief[64];	/* brief "": none */
	int role;
	bool out, use_brief;
};

struct line {
	struct item it[ITEMS_MAX];
	size_t n;
};

/* A step of the cut: item `label` takes its brief value, or with drop
 * leaves the line. */
struct cut {
	const char *label;
	bool drop;
};

static struct item *add(struct line *L, const char *label, int role, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static struct item *add(struct line *L, const char *label, int role, const char *fmt, ...)
{
	struct item *it = &L->it[L->n < ITEMS_MAX ? L->n++ : ITEMS_MAX - 1];
	va_list ap;

	memset(it, 0, sizeof(*it));
	it->label = label;
	it->role = role;
	va_start(ap, fmt);
	vsnprintf(it->value, sizeof(it->value), fmt, ap);
	va_end(ap);
	return it;
}

static int item_w(const struct item *it)
{
	const char *v = it->use_brief ? it->brief : it->value;

	return (int)strlen(it->label) + (it->label[0] ? 1 : 0) + ui_width(v);
}

static int line_w(const struct line *L)
{
	int w = 0;
	size_t i;

	for (i = 0; i < L->n; i++)
		if (!L->it[i].out)
			w += item_w(&L->it[i]) + (w ? 2 : 0);
	return w;
}

/* Apply the steps of cut[] until the line fits in w cells, then draw it. */
static void draw_line(struct line *L, const struct cut *cut, size_t n_cut, int y, int w)
{
	size_t i, c;
	int x = 0;

	for (c = 0; c < n_cut && line_w(L) > w; c++)
		for (i = 0; i < L->n; i++) {
			struct item *it = &L->it[i];

			if (strcmp(it->label, cut[c].label))
				continue;
			if (cut[c].drop)
				it->out = true;
			else if (it->brief[0])
				it->use_brief = true;
		}
	for (i = 0; i < L->n; i++) {
		const struct item *it = &L->it[i];
		int lw = (int)strlen(it->label), iw = item_w(it);

		if (it->out)
			continue;
		if (x + iw > w)
			break;	/* narrower than 80 columns: what fits */
		ui_put(y, x, lw, ROLE_HEADER, it->label);
		ui_put(y, x + lw + (lw ? 1 : 0), iw - lw, it->role,
		       it->use_brief ? it->brief : it->value);
		x += iw + 2;
	}
}

static const char *onoff(uint32_t valid, uint32_t bit, uint8_t v)
{
	if (!(valid & bit))
		return "n/a";
	return v ? "on" : "off";
}

/*
 * How many objects r the sample has: its table's rows when every device's
 * table is in it (dumped or carried: 2), else the resource summary's count
 * when every device has one (1), else nothing known (0).  Live, a table no
 * tab on screen shows is not dumped: its zero rows are no count.
 */
static int res_total(const struct snapshot *s, enum snap_res r, size_t *n)
{
	bool table = true, sum = true;
	size_t i, total = 0;

	for (i = 0; i < s->devs.n; i++) {
		const struct snap_dev *d = SNAP_AT(&s->devs, struct snap_dev, i);

		if (!((d->res_asked | d->res_carried) & (1u << r)) || d->tbl_err[SNAP_TBL_RES + r])
			table = false;
		if (d->res_valid & (1u << r))
			total += d->res[r];
		else
			sum = false;
	}
	*n = table ? s->res[r].n : total;
	return table ? 2 : sum ? 1 : 0;
}

/* The first line: what is shown (mode, time, sample, interval) and the system. */
static void identity(struct ui *u, const struct snapshot *s, int y, int w)
{
	static const struct cut cut[] = {
		{ "privileged-qkey", true }, { "copy-on-fork", true }, { "netns", true },
		{ "changes", true }, { "at", false }, { "kernel", false }, { "kernel", true },
		{ "host", true }, { "at", true },
	};
	struct line L = { .n = 0 };
	struct item *it;
	char when[32];
	struct tm tm;
	time_t t = s->wall.tv_sec;
	size_t k;

	add(&L, "rdmatop", ROLE_TITLE, "%s", u->run.replay ? "replay" : "live");
	add(&L, "host", ROLE_HEADER_VALUE, "%s", s->host);
	it = add(&L, "kernel", ROLE_HEADER_VALUE, "%s", s->kernel);
	/* the release without its build ("6.12.95+deb12-amd64": "6.12.95") */
	k = strcspn(it->value, "+-~ ");
	if (it->value[k])
		snprintf(it->brief, sizeof(it->brief), "%.*s", (int)k, it->value);
	/* a recording's time may be past what struct tm holds */
	if (!localtime_r(&t, &tm) ||
	    !strftime(when, sizeof(when), u->run.replay ? "%Y-%m-%d %H:%M:%S" : "%H:%M:%S", &tm))
		snprintf(when, sizeof(when), "n/a");
	it = add(&L, "at", ROLE_HEADER_VALUE, "%s", when);
	if (u->run.replay && strftime(when, sizeof(when), "%H:%M:%S", &tm))
		snprintf(it->brief, sizeof(it->brief), "%s", when);
	/* "sample 3 of 120": where in the recording (a file still growing
	 * may have more than counted when it was opened); its end said until
	 * playback moves (the status line's message goes at the next key) */
	if (u->run.replay && u->run.sample_no > 0 && u->run.sample_total >= u->run.sample_no)
		add(&L, "sample", ROLE_HEADER_VALUE, "%ld of %ld%s", u->run.sample_no, u->run.sample_total,
		    u->run.at_end ? " (end)" : "");
	else if (u->run.replay && u->run.sample_no > 0)
		add(&L, "sample", ROLE_HEADER_VALUE, "%ld", u->run.sample_no);
	add(&L, "every", u->run.paused || u->run.stretched ? ROLE_STATUS_WARN : ROLE_HEADER_VALUE,
	    "%.1fs%s%s", u->run.delay, u->run.stretched ? " (stretched)" : "", u->run.paused ? " PAUSED" : "");
	/* how changes are seen: the kernel's notifications (6.12+) or polling */
	add(&L, "changes", ROLE_HEADER_VALUE, "%s", (s->sys.valid & SNAP_SYS_MONITOR) &&
	    s->sys.monitor_mode ? "events" : "polling");
	if (s->sys.valid & SNAP_SYS_NETNS_MODE)
		add(&L, "netns", ROLE_HEADER_VALUE, "%s", s->sys.netns_shared ? "shared" :
		    "exclusive");
	add(&L, "copy-on-fork", ROLE_HEADER_VALUE, "%s",
	    onoff(s->sys.valid, SNAP_SYS_COPY_ON_FORK, s->sys.copy_on_fork));
	/* kernels 6.5+ (PRIVILEGED_QKEY_MODE), as -b and JSON show it */
	if (s->sys.valid & SNAP_SYS_PRIV_QKEY)
		add(&L, "privileged-qkey", ROLE_HEADER_VALUE, "%s",
		    onoff(s->sys.valid, SNAP_SYS_PRIV_QKEY, s->sys.privileged_qkey));
	draw_line(&L, cut, sizeof(cut) / sizeof(cut[0]), y, w);
}

/* The second line: totals. */
static void totals(struct ui *u, const struct snapshot *s, int y, int w)
{
	static const struct cut cut[] = { { "self", true }, { "QPs", false } };
	struct line L = { .n = 0 };
	struct item *it;
	size_t i, ports_up = 0, rts = 0, err = 0, outside = 0, n;
	bool all_owned = true;
	int st, how;

	for (i = 0; i < s->ports.n; i++) {
		const struct snap_port *p = SNAP_AT(&s->ports, struct snap_port, i);

		if ((p->valid & SNAP_PORT_STATE) && !strcmp(snap_port_state_str(p->state), "ACTIVE"))
			ports_up++;
	}
	add(&L, "devices", ROLE_HEADER_VALUE, "%zu", s->devs.n);
	add(&L, "ports", ports_up < s->ports.n ? ROLE_STATE_WARN : ROLE_HEADER_VALUE,
	    "%zu/%zu up", ports_up, s->ports.n);
	/*
	 * QPs by state from the per-process sums (every QP is in one entry):
	 * a screen costs the same at 100 QPs and at 100k.
	 */
	for (st = 0; st < 16; st++) {
		const char *name = snap_qp_state_str((uint8_t)st);
		bool is_rts = !strcmp(name, "RTS");
		bool is_err = !strcmp(name, "ERR") || !strcmp(name, "SQE");

		for (i = 0; (is_rts || is_err) && i < u->cache.n_procs; i++) {
			if (is_rts)
				rts += u->cache.procs[i].qp_state[st];
			else
				err += u->cache.procs[i].qp_state[st];
		}
	}
	/* owners the kernel gave no pid: outside our PID namespace (view.h) */
	for (i = 0; i < u->cache.n_procs; i++)
		if ((u->cache.procs[i].valid & VIEW_PROC_HIDDEN) && !u->cache.procs[i].n_threads)
			outside += u->cache.procs[i].res[SNAP_RES_QP];
	how = res_total(s, SNAP_RES_QP, &n);
	if (how == 2) {
		it = add(&L, "QPs", err ? ROLE_STATE_BAD : ROLE_HEADER_VALUE, "%zu (%zu RTS, %zu error",
			 n, rts, err);
		snprintf(it->brief, sizeof(it->brief), "%zu (%zu RTS, %zu err", n, rts, err);
		if (outside) {
			size_t k = strlen(it->value), b = strlen(it->brief);

			snprintf(it->value + k, sizeof(it->value) - k,
				 ", %zu outside this PID namespace", outside);
			snprintf(it->brief + b, sizeof(it->brief) - b, ", %zu outside", outside);
		}
		strcat(it->value, ")");
		strcat(it->brief, ")");
	} else if (how == 1) {
		add(&L, "QPs", ROLE_HEADER_VALUE, "%zu", n);	/* the summary's: no states */
	} else {
		add(&L, "QPs", ROLE_NA, "-");
	}
	/* owners of the tables read: at least that many ("+") while a table
	 * of owned objects is not */
	for (i = 0; i < SNAP_RES_N; i++)
		if (snap_res_owned((int)i) && snap_res_seen(s, (int)i) &&
		    res_total(s, (enum snap_res)i, &n) != 2)
			all_owned = false;
	add(&L, "owners", ROLE_HEADER_VALUE, "%zu%s", u->cache.n_procs, all_owned ? "" : "+");
	how = res_total(s, SNAP_RES_CM_ID, &n);
	add(&L, "CM_IDs", how ? ROLE_HEADER_VALUE : ROLE_NA, how ? "%zu" : "-", n);
	how = res_total(s, SNAP_RES_MR, &n);
	add(&L, "MRs", how ? ROLE_HEADER_VALUE : ROLE_NA, how ? "%zu" : "-", n);
	/* what rdmatop itself costs (samples that measured it: live, and
	 * recordings made since) */
	if (s->self.valid & SNAP_SELF_CPU) {
		char cpu[24] = "";
		double ms = s->self.dump[SNAP_RES_QP] * 1e3;

		if (s->self.valid & SNAP_SELF_RATE)
			snprintf(cpu, sizeof(cpu), "%.1f%% CPU, ", s->self.cpu);
		add(&L, "self", ROLE_HEADER_VALUE, "%sQP dump %.*f ms", cpu, ms < 10 ? 1 : 0, ms);
	}
	draw_line(&L, cut, sizeof(cut) / sizeof(cut[0]), y, w);
}

/*
 * The status line's text: the user's last message, else the sample's first
 * note, else the filter shown; its role in *role.  "" when there is none.
 */
static const char *status_text(const struct ui *u, char *buf, size_t len, int *role)
{
	const struct snapshot *s = u->run.s;

	*role = ROLE_STATUS_INFO;
	buf[0] = '\0';
	if (u->cache.status[0]) {
		*role = u->cache.status_role;
		return u->cache.status;
	}
	if (s && s->notes.n) {
		const struct snap_note *n = SNAP_AT(&s->notes, struct snap_note, 0);

		snprintf(buf, len, "%s%s", snap_s(s, n->text), s->notes.n > 1 ? " (+ more)" : "");
		*role = n->err ? ROLE_STATUS_WARN : ROLE_STATUS_INFO;
	} else if (s && (u->view.filter_text[0] || u->view.pid)) {
		char pid[32] = "";

		if (u->view.pid)
			snprintf(pid, sizeof(pid), " process=%u", u->view.pid);
		snprintf(buf, len, "filter: %s%s", u->view.filter_text, pid);
	}
	return buf;
}

/* the rows text wraps to at width w, at most max; where each ends in ends */
static int status_wrap(const char *text, int w, int max, const char **ends)
{
	int n = 0;

	while (*text && n < max) {
		size_t len = ui_wrap_at(text, w);

		if (ends)
			ends[n] = text + len;
		n++;
		text += len;
		while (*text == ' ')
			text++;
	}
	return n;
}

int ui_status_rows(const struct ui *u, int w)
{
	char buf[320];
	int role, n;

	n = status_wrap(status_text(u, buf, sizeof(buf), &role), w, 3, NULL);
	return n ? n : 1;
}

/* the status, wrapped over the rows it has; the last one cut with the mark */
static void status(const struct ui *u, const struct ui_layout *l)
{
	const char *ends[3], *text;
	char buf[320], part[320];
	int role, n, r;

	text = status_text(u, buf, sizeof(buf), &role);
	n = status_wrap(text, l->status.w, l->status.h < 3 ? l->status.h : 3, ends);
	for (r = 0; r < n; r++) {
		if (r + 1 < n)
			snprintf(part, sizeof(part), "%.*s", (int)(ends[r] - text), text);
		else
			snprintf(part, sizeof(part), "%s", text);	/* the rest, cut */
		ui_put(l->status.y + r, 0, l->status.w, role, part);
		text = ends[r];
		while (*text == ' ')
			text++;
	}
}

/*
 * The first screen's answer: the worst port and why ("FAIL mlx5_0/1
 * ens1f0np0: prio 3 paused 92%, discards 2.5K/s"), how many others are
 * not OK, or "network OK": never absent.  The reasons are cut with a mark.
 */
static void verdict_line(struct ui *u, const struct snapshot *s, int y, int w)
{
	char who[96], why[512], more[48] = "", line[700];
	const struct snap_port *p;
	const struct snap_dev *d;
	struct verdict v;
	size_t bad = 0;
	long worst;
	int role, x, room;

	(void)u;

	worst = verdict_worst(s, &v, &bad);
	if (worst < 0 || v.level <= VERDICT_OK) {
		snprintf(line, sizeof(line), worst < 0 ? "no RDMA ports" :
			 v.level == VERDICT_NONE ? "verdict: rates need a second sample" :
			 "network OK (%zu port%s)", s->ports.n, s->ports.n == 1 ? "" : "s");
		ui_put(y, 0, w, v.level == VERDICT_OK ? ROLE_STATE_GOOD : ROLE_NA, line);
		return;
	}
	p = SNAP_AT(&s->ports, struct snap_port, (size_t)worst);
	d = snap_dev_find(s, p->dev);
	if (bad > 1)
		snprintf(more, sizeof(more), " (+%zu port%s)", bad - 1, bad == 2 ? "" : "s");
	snprintf(who, sizeof(who), "%s %s/%u", verdict_level_name(v.level), d ? d->name : "?",
		 (unsigned)p->port);
	/* the netdev's name where it costs no reason */
	if (SNAP_HAS(p, SNAP_PORT_NDEV)) {
		int with = w - (int)(strlen(who) + 1 + strlen(p->ndev)) - (int)strlen(more) - 2;
		int without = w - (int)strlen(who) - (int)strlen(more) - 2;

		if (verdict_reasons_fit(s, &v, with > 0 ? with : 0) >=
		    verdict_reasons_fit(s, &v, without > 0 ? without : 0)) {
			size_t k = strlen(who);

			snprintf(who + k, sizeof(who) - k, " %s", p->ndev);
		}
	}
	role = v.level == VERDICT_FAIL ? ROLE_STATE_BAD : ROLE_STATE_WARN;
	/* the names as the kernel gave them: printable ASCII, one cell each
	 * (ui_put escapes anything else, which only makes them wider) */
	x = (int)strlen(who);
	ui_put(y, 0, w, role, who);
	room = w - x - (int)strlen(more) - 2;
	verdict_reasons_line(s, &v, room > 0 ? room : 0, u->view.ascii, why, sizeof(why));
	snprintf(line, sizeof(line), ": %s%s", why, more);
	if (x < w)
		ui_put(y, x, w - x, ROLE_HEADER_VALUE, line);
}

void ui_draw_header(struct ui *u, const struct ui_layout *l)
{
	const struct snapshot *s = u->run.s;
	int y = l->header.y, end = l->header.w;

	if (!s) {
		struct line L = { .n = 0 };

		add(&L, "rdmatop", ROLE_TITLE, "%s", u->run.replay ? "replay" : "live");
		add(&L, "", ROLE_HEADER_VALUE, "waiting for the first sample...");
		draw_line(&L, NULL, 0, y, end);
		return;
	}
	identity(u, s, y, end);
	if (l->header.h > 2)
		totals(u, s, y + 1, end);
	verdict_line(u, s, y + l->header.h - 1, end);

	status(u, l);
}
