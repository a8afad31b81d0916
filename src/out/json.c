// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON batch output: one object per sample on one line (JSON Lines).
 * Objects of the resource tables carry `rdma -j -d`'s keys in rdma's order
 * and value formats (iproute2 rdma/dev.c, link.c, res-*.c), followed by our
 * own keys; doc/json.md is the schema.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "nl.h"
#include "out.h"
#include "view.h"

#define JW_DEPTH 8

struct jw {
	FILE *f;
	int depth;
	bool first[JW_DEPTH];
};

void out_json_str(FILE *f, const char *str)
{
	const unsigned char *s = (const unsigned char *)(str ? str : "");

	fputc('"', f);
	while (*s) {
		uint32_t cp;
		int n = fmt_utf8(s, &cp);

		if (!n) {
			fputs("\\ufffd", f);	/* not UTF-8: U+FFFD */
			s++;
			continue;
		}
		switch (cp) {
		case '"': fputs("\\\"", f); break;
		case '\\': fputs("\\\\", f); break;
		case '\n': fputs("\\n", f); break;
		case '\r': fputs("\\r", f); break;
		case '\t': fputs("\\t", f); break;
		case '\b': fputs("\\b", f); break;
		case '\f': fputs("\\f", f); break;
		default:
			/* C0, DEL and C1 controls escaped: inert on any terminal */
			if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
				fprintf(f, "\\u%04x", (unsigned int)cp);
			else
				fwrite(s, 1, (size_t)n, f);
		}
		s += n;
	}
	fputc('"', f);
}

static void jw_sep(struct jw *w)
{
	if (!w->first[w->depth])
		fputc(',', w->f);
	w->first[w->depth] = false;
}

static void jw_key(struct jw *w, const char *k)
{
	jw_sep(w);
	if (k) {
		out_json_str(w->f, k);
		fputc(':', w->f);
	}
}

static void jw_open(struct jw *w, const char *k, char c)
{
	jw_key(w, k);
	fputc(c, w->f);
	if (w->depth + 1 < JW_DEPTH)
		w->depth++;
	w->first[w->depth] = true;
}

static void jw_close(struct jw *w, char c)
{
	fputc(c, w->f);
	if (w->depth > 0)
		w->depth--;
}

static void jw_u(struct jw *w, const char *k, uint64_t v)
{
	jw_key(w, k);
	fprintf(w->f, "%" PRIu64, v);
}

static void jw_d(struct jw *w, const char *k, double v)
{
	char buf[64];

	jw_key(w, k);
	fputs(fmt_num(buf, sizeof(buf), v), w->f);
}

static void jw_s(struct jw *w, const char *k, const char *v)
{
	jw_key(w, k);
	out_json_str(w->f, v);
}

static void jw_b(struct jw *w, const char *k, bool v)
{
	jw_key(w, k);
	fputs(v ? "true" : "false", w->f);
}

static void jw_hex(struct jw *w, const char *k, uint64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "%" PRIx64, v);
	jw_s(w, k, buf);
}

static void jw_guid(struct jw *w, const char *k, uint64_t v)
{
	char buf[24];

	jw_s(w, k, fmt_guid(buf, sizeof(buf), v));
}

static void jw_caps(struct jw *w, const char *k, uint64_t caps,
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
static void jw_dev(struct jw *w, const struct snapshot *s, uint32_t dev)
{
	const struct snap_dev *d = snap_dev_find(s, dev);

	jw_u(w, "ifindex", dev);
	if (d)
		jw_s(w, "ifname", d->name);
}

/* "pid","comm" as rdma, then our process_pid / process_comm */
static void jw_owner(struct jw *w, const struct snapshot *s, const struct snap_owner *o,
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

static void json_sys(struct jw *w, const struct snap_sys *y)
{
	jw_open(w, "system", '{');
	if (y->valid & SNAP_SYS_NETNS_MODE)
		jw_s(w, "netns", y->netns_shared ? "shared" : "exclusive");
	if (y->valid & SNAP_SYS_COPY_ON_FORK)
		jw_s(w, "copy-on-fork", y->copy_on_fork ? "on" : "off");
	if (y->valid & SNAP_SYS_PRIV_QKEY)
		jw_s(w, "privileged-qkey", y->privileged_qkey ? "on" : "off");
	if (y->valid & SNAP_SYS_MONITOR)
		jw_s(w, "monitor", y->monitor_mode ? "on" : "off");
	jw_close(w, '}');
}

static void json_dev(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_dev *d = row;
	(void)s;
	jw_u(w, "ifindex", d->index);
	jw_s(w, "ifname", d->name);
	if (HAS(d, SNAP_DEV_NODE_TYPE))
		jw_s(w, "node_type", nl_node_type_str(d->node_type));
	if (HAS(d, SNAP_DEV_PROTOCOL))
		jw_s(w, "protocol", d->protocol);
	if (HAS(d, SNAP_DEV_FW))
		jw_s(w, "fw", d->fw);
	if (HAS(d, SNAP_DEV_NODE_GUID))
		jw_guid(w, "node_guid", d->node_guid);
	if (HAS(d, SNAP_DEV_SYS_GUID))
		jw_guid(w, "sys_image_guid", d->sys_image_guid);
	if (HAS(d, SNAP_DEV_DIM) && d->dim <= 1)
		jw_b(w, "adaptive-moderation", d->dim);
	if (HAS(d, SNAP_DEV_CAPS))
		jw_caps(w, "caps", d->caps, nl_dev_cap_str);
}

static void json_link(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_port *p = row;
	static const char *const rk[] = {
		"rx_bytes_per_sec", "tx_bytes_per_sec", "rx_packets_per_sec", "tx_packets_per_sec",
	};
	struct view_link_rates lr;
	int k;

	jw_dev(w, s, p->dev);
	jw_u(w, "port", p->port);
	if (HAS(p, SNAP_PORT_SUBNET_PREFIX))
		jw_guid(w, "subnet_prefix", p->subnet_prefix);
	if (HAS(p, SNAP_PORT_LID))
		jw_u(w, "lid", p->lid);
	if (HAS(p, SNAP_PORT_SM_LID))
		jw_u(w, "sm_lid", p->sm_lid);
	if (HAS(p, SNAP_PORT_LMC))
		jw_u(w, "lmc", p->lmc);
	if (HAS(p, SNAP_PORT_STATE))
		jw_s(w, "state", nl_port_state_str(p->state));
	if (HAS(p, SNAP_PORT_PHYS_STATE))
		jw_s(w, "physical_state", nl_phys_state_str(p->phys_state));
	if (HAS(p, SNAP_PORT_NDEV)) {
		jw_s(w, "netdev", p->ndev);
		jw_u(w, "netdev_index", p->ndev_index);
	}
	if (HAS(p, SNAP_PORT_CAP_FLAGS))
		jw_caps(w, "caps", p->cap_flags, nl_port_cap_str);
	if (HAS(p, SNAP_PORT_RATE))
		jw_s(w, "rate", p->rate);
	if (HAS(p, SNAP_PORT_LINK_LAYER))
		jw_s(w, "link_layer", p->link_layer);
	view_link_rates(s, p->dev, p->port, &lr);
	for (k = 0; k < 4; k++)
		if (lr.valid[k])
			jw_d(w, rk[k], lr.v[k]);
}

static void json_summary(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_dev *d = row;
	int r;

	(void)s;
	jw_u(w, "ifindex", d->index);
	jw_s(w, "ifname", d->name);
	for (r = 0; r < SNAP_RES_N; r++)
		if (d->res_valid & (1u << r))
			jw_u(w, nl_res_name((enum snap_res)r), d->res[r]);
}

static void json_qp(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_qp *q = row;
	jw_dev(w, s, q->dev);
	if (HAS(q, SNAP_QP_PORT))
		jw_u(w, "port", q->port);
	jw_u(w, "lqpn", q->lqpn);
	if (HAS(q, SNAP_QP_RQPN))
		jw_u(w, "rqpn", q->rqpn);
	if (HAS(q, SNAP_QP_TYPE)) {
		jw_s(w, "type", nl_qp_type_str(q->type));
		if (q->type == 0xff && HAS(q, SNAP_QP_SUBTYPE))
			jw_s(w, "subtype", snap_s(s, q->subtype));
	}
	if (HAS(q, SNAP_QP_STATE))
		jw_s(w, "state", nl_qp_state_str(q->state));
	if (HAS(q, SNAP_QP_RQ_PSN))
		jw_u(w, "rq-psn", q->rq_psn);
	if (HAS(q, SNAP_QP_SQ_PSN))
		jw_u(w, "sq-psn", q->sq_psn);
	if (HAS(q, SNAP_QP_PMIG))
		jw_s(w, "path-mig-state", nl_pmig_str(q->pmig));
	if (HAS(q, SNAP_QP_PDN))
		jw_u(w, "pdn", q->pdn);
	jw_owner(w, s, &q->own, true);
	jw_owner(w, s, &q->own, false);
	if (HAS(q, SNAP_QP_PSN_RATE))
		jw_d(w, "sq_psn_per_sec", q->sq_psn_rate);
	if (HAS(q, SNAP_QP_RQ_PSN_RATE))
		jw_d(w, "rq_psn_per_sec", q->rq_psn_rate);
}

static void json_cm_id(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_cm_id *c = row;
	char buf[64];

	jw_dev(w, s, c->dev);
	if (HAS(c, SNAP_CM_PORT))
		jw_u(w, "port", c->port);
	if (HAS(c, SNAP_CM_IDN))
		jw_u(w, "cm-idn", c->cm_idn);
	if (HAS(c, SNAP_CM_LQPN))
		jw_u(w, "lqpn", c->lqpn);
	if (HAS(c, SNAP_CM_QP_TYPE))
		jw_s(w, "qp-type", nl_qp_type_str(c->qp_type));
	if (HAS(c, SNAP_CM_STATE))
		jw_s(w, "state", nl_cm_state_str(c->state));
	if (HAS(c, SNAP_CM_PS))
		jw_s(w, "ps", nl_ps_str(c->ps));
	jw_owner(w, s, &c->own, true);
	if (HAS(c, SNAP_CM_SRC) && fmt_addr(buf, sizeof(buf), &c->src))
		jw_s(w, "src-addr", buf);
	if (HAS(c, SNAP_CM_DST) && fmt_addr(buf, sizeof(buf), &c->dst))
		jw_s(w, "dst-addr", buf);
	jw_owner(w, s, &c->own, false);
}

static void json_cq(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_cq *c = row;
	jw_dev(w, s, c->dev);
	if (HAS(c, SNAP_CQ_CQN))
		jw_u(w, "cqn", c->cqn);
	if (HAS(c, SNAP_CQ_CQE))
		jw_u(w, "cqe", c->cqe);
	if (HAS(c, SNAP_CQ_USERS))
		jw_u(w, "users", c->users);
	if (HAS(c, SNAP_CQ_POLL_CTX))
		jw_s(w, "poll-ctx", nl_poll_ctx_str(c->poll_ctx));
	if (HAS(c, SNAP_CQ_DIM) && c->dim <= 1)
		jw_b(w, "adaptive-moderation", c->dim);
	if (HAS(c, SNAP_CQ_CTXN))
		jw_u(w, "ctxn", c->ctxn);
	jw_owner(w, s, &c->own, true);
	jw_owner(w, s, &c->own, false);
}

static void json_mr(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_mr *m = row;
	jw_dev(w, s, m->dev);
	if (HAS(m, SNAP_MR_MRN))
		jw_u(w, "mrn", m->mrn);
	if (HAS(m, SNAP_MR_RKEY))
		jw_hex(w, "rkey", m->rkey);
	if (HAS(m, SNAP_MR_LKEY))
		jw_hex(w, "lkey", m->lkey);
	if (HAS(m, SNAP_MR_IOVA))
		jw_hex(w, "iova", m->iova);
	if (HAS(m, SNAP_MR_LEN))
		jw_u(w, "mrlen", m->mrlen);
	if (HAS(m, SNAP_MR_PDN))
		jw_u(w, "pdn", m->pdn);
	jw_owner(w, s, &m->own, true);
	jw_owner(w, s, &m->own, false);
}

static void json_pd(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_pd *p = row;
	jw_dev(w, s, p->dev);
	if (HAS(p, SNAP_PD_PDN))
		jw_u(w, "pdn", p->pdn);
	if (HAS(p, SNAP_PD_LOCAL_DMA_LKEY))
		jw_hex(w, "local_dma_lkey", p->local_dma_lkey);
	if (HAS(p, SNAP_PD_USERS))
		jw_u(w, "users", p->users);
	if (HAS(p, SNAP_PD_UNSAFE_RKEY))
		jw_hex(w, "unsafe_global_rkey", p->unsafe_global_rkey);
	if (HAS(p, SNAP_PD_CTXN))
		jw_u(w, "ctxn", p->ctxn);
	jw_owner(w, s, &p->own, true);
	jw_owner(w, s, &p->own, false);
}

static void json_ctx(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_ctx *c = row;
	jw_dev(w, s, c->dev);
	jw_u(w, "ctxn", c->ctxn);
	jw_owner(w, s, &c->own, true);
	jw_owner(w, s, &c->own, false);
}

static void json_srq(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_srq *q = row;
	const char *l = HAS(q, SNAP_SRQ_LQPN) ? snap_s(s, q->lqpn) : "";

	jw_dev(w, s, q->dev);
	if (HAS(q, SNAP_SRQ_SRQN))
		jw_u(w, "srqn", q->srqn);
	/* rdma prints the type even when absent (as BASIC, type 0) */
	jw_s(w, "type", nl_srq_type_str(HAS(q, SNAP_SRQ_TYPE) ? q->type : 0));
	if (*l) {
		/* "3,5-7" -> ["3","5-7"], rdma's array of strings */
		jw_open(w, "lqpn", '[');
		while (*l) {
			size_t n = strcspn(l, ",");
			char part[32];

			snprintf(part, sizeof(part), "%.*s", (int)n, l);
			if (n)
				jw_s(w, NULL, part);
			l += n;
			l += *l == ',';
		}
		jw_close(w, ']');
	}
	if (HAS(q, SNAP_SRQ_PDN))
		jw_u(w, "pdn", q->pdn);
	if (HAS(q, SNAP_SRQ_CQN))
		jw_u(w, "cqn", q->cqn);
	jw_owner(w, s, &q->own, true);
	jw_owner(w, s, &q->own, false);
}

static void json_counter(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct snap_counter *c = row;
	static const char *const src[] = { "hw", "pma", "netdev" };
	static const char *const unit[] = { "events", "packets", "bytes" };

	jw_dev(w, s, c->dev);
	if (c->port)
		jw_u(w, "port", c->port);
	jw_s(w, "name", snap_s(s, c->name));
	jw_u(w, "value", c->value);
	jw_s(w, "unit", c->unit < SNAP_UNIT_N ? unit[c->unit] : "events");
	jw_s(w, "source", c->source < SNAP_SRC_N ? src[c->source] : "hw");
	if (c->rate_status == RATE_DATA) {
		jw_d(w, "rate", c->rate);
		jw_u(w, "delta", c->delta);
	} else if (c->rate_status == RATE_RESET) {
		jw_b(w, "reset", true);
	}
}

static void json_proc(struct jw *w, const struct snapshot *s, const void *row)
{
	const struct view_proc *p = row;
	static const char *const keys[SNAP_RES_N] = {
		[SNAP_RES_PD] = "pds", [SNAP_RES_CQ] = "cqs", [SNAP_RES_QP] = "qps",
		[SNAP_RES_CM_ID] = "cm_ids", [SNAP_RES_MR] = "mrs", [SNAP_RES_CTX] = "ctxs",
		[SNAP_RES_SRQ] = "srqs",
	};
	static const enum snap_res order[] = {
		SNAP_RES_QP, SNAP_RES_CQ, SNAP_RES_MR, SNAP_RES_PD, SNAP_RES_CM_ID,
		SNAP_RES_CTX, SNAP_RES_SRQ,
	};
	uint32_t i;
	size_t k;

	if (p->valid & VIEW_PROC_KERN)
		jw_b(w, "kernel", true);
	else if (p->valid & VIEW_PROC_HIDDEN)
		jw_b(w, "visible", false);
	else
		jw_u(w, "pid", p->pid);
	if (*snap_s(s, p->comm))
		jw_s(w, "comm", snap_s(s, p->comm));
	if (p->valid & VIEW_PROC_UID)
		jw_u(w, "uid", p->uid);
	if (!(p->valid & VIEW_PROC_KERN)) {
		jw_open(w, "threads", '[');
		for (i = 0; i < p->n_threads && i < VIEW_PROC_THREADS; i++)
			jw_u(w, NULL, p->threads[i]);
		jw_close(w, ']');
		jw_u(w, "n_threads", p->n_threads);
	}
	for (k = 0; k < sizeof(order) / sizeof(order[0]); k++) {
		enum snap_res r = order[k];

		jw_u(w, keys[r], p->res[r]);
		if (r == SNAP_RES_QP) {
			jw_open(w, "qp_states", '{');
			for (i = 0; i < 16; i++)
				if (p->qp_state[i])
					jw_u(w, nl_qp_state_str((uint8_t)i), p->qp_state[i]);
			jw_close(w, '}');
		} else if (r == SNAP_RES_MR) {
			jw_u(w, "mr_bytes", p->mr_bytes);
		}
	}
	if (p->valid & VIEW_PROC_PSN_RATE)
		jw_d(w, "psn_per_sec", p->psn_rate);
}

static void json_note(struct jw *w, const struct snapshot *s, const struct snap_note *n)
{
	const struct snap_dev *d = n->dev != SNAP_NONE ? snap_dev_find(s, n->dev) : NULL;
	const char *e = n->err ? strerrorname_np(-n->err) : NULL;
	char buf[16];

	if (n->err && !e) {
		snprintf(buf, sizeof(buf), "E%d", -n->err);
		e = buf;
	}
	jw_key(w, "error");
	if (e)
		out_json_str(w->f, e);
	else
		fputs("null", w->f);
	if (d)
		jw_s(w, "ifname", d->name);
	jw_s(w, "message", snap_s(s, n->text));
}

/* Does row match -p PID: its process id, or the thread id the kernel gave? */
static bool pid_match(const struct view_ctx *c, enum view_table t, size_t row, uint32_t pid)
{
	struct view_value v;
	int col;
	uint32_t i;

	if (t == VIEW_PROCS) {
		const struct view_proc *p = &c->procs[row];

		if (p->pid == pid)
			return true;
		for (i = 0; i < p->n_threads && i < VIEW_PROC_THREADS; i++)
			if (p->threads[i] == pid)
				return true;
		return false;
	}
	col = view_col_find(t, "pid");
	if (col < 0)
		return true;	/* devices, links, counters: not per process */
	view_get(c, t, row, col, &v);
	if (v.valid && v.u == pid)
		return true;
	view_get(c, t, row, view_col_find(t, "tid"), &v);
	return v.valid && v.u == pid;
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
		if (pid_match(c, t, (*rows)[i], o->pid))
			(*rows)[m++] = (*rows)[i];
	return (ssize_t)m;
}

typedef void (*json_row_fn)(struct jw *w, const struct snapshot *s, const void *row);

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
		if (vec)
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
	json_table(&w, &c, o, t, key, vec, sizeof(type), fn)

int out_json(FILE *f, const struct snapshot *s, const struct out_opts *o)
{
	struct out_opts none = { .sort_col = -1 };
	struct view_ctx c = { .s = s };
	struct view_proc *procs;
	struct jw w = { .f = f, .first = { true } };
	char buf[64];
	int np, err = 0;
	size_t i;

	if (!o)
		o = &none;
	np = view_procs(s, &procs);
	if (np < 0)
		return np;
	c.procs = procs;
	c.n_procs = (size_t)np;

	jw_open(&w, NULL, '{');
	jw_s(&w, "time", fmt_time(buf, sizeof(buf), &s->wall));
	jw_d(&w, "interval", s->interval);
	jw_s(&w, "host", s->host);
	jw_s(&w, "kernel", s->kernel);
	json_sys(&w, &s->sys);
	err = err ?: TABLE(VIEW_DEVS, "devices", &s->devs, struct snap_dev, json_dev);
	err = err ?: TABLE(VIEW_LINKS, "links", &s->ports, struct snap_port, json_link);
	err = err ?: TABLE(VIEW_DEVS, "resources", &s->devs, struct snap_dev, json_summary);
	err = err ?: TABLE(VIEW_QPS, "qps", &s->qps, struct snap_qp, json_qp);
	err = err ?: TABLE(VIEW_CM_IDS, "cm_ids", &s->cm_ids, struct snap_cm_id, json_cm_id);
	err = err ?: TABLE(VIEW_CQS, "cqs", &s->cqs, struct snap_cq, json_cq);
	err = err ?: TABLE(VIEW_MRS, "mrs", &s->mrs, struct snap_mr, json_mr);
	err = err ?: TABLE(VIEW_PDS, "pds", &s->pds, struct snap_pd, json_pd);
	err = err ?: TABLE(VIEW_CTXS, "ctxs", &s->ctxs, struct snap_ctx, json_ctx);
	err = err ?: TABLE(VIEW_SRQS, "srqs", &s->srqs, struct snap_srq, json_srq);
	err = err ?: TABLE(VIEW_COUNTERS, "counters", &s->counters, struct snap_counter,
			   json_counter);
	err = err ?: TABLE(VIEW_PROCS, "processes", NULL, struct view_proc, json_proc);
	jw_open(&w, "notes", '[');
	for (i = 0; i < s->notes.n; i++) {
		jw_open(&w, NULL, '{');
		json_note(&w, s, SNAP_AT(&s->notes, struct snap_note, i));
		jw_close(&w, '}');
	}
	jw_close(&w, ']');
	jw_close(&w, '}');
	fputc('\n', f);
	free(procs);
	if (!err && ferror(f))
		err = -EIO;
	return err;
}
