// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The counter answers (tests/hw/gen.c): nldev_stat_get_doit/dumpit,
 * stat_get_doit_default_counter, stat_get_doit_qp, fill_res_counter_entry,
 * fill_stat_mr_entry and nldev_stat_get_counter_status_doit of
 * drivers/infiniband/core/nldev.c (7.x).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_priv.h"


uint64_t hw_value(const struct gdev *d, unsigned int port, unsigned int i)
{
	/* a value that names its counter: device, port and position */
	return (uint64_t)(d->index + 1) * 1000000 + (uint64_t)port * 10000 + (uint64_t)i * 37 + 5;
}

static void put_hwcounters(struct nlmsghdr *nlh, const char *const *names, const uint64_t *vals,
			   unsigned int n)
{
	struct nlattr *t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTERS), *e;

	for (unsigned int i = 0; i < n; i++) {
		e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);
		mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME, names[i]);
		mnl_attr_put_u64(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE, vals[i]);
		mnl_attr_nest_end(nlh, e);
	}
	mnl_attr_nest_end(nlh, t);
}

/* The counters a port shows: the table, then the optional ones enabled
 * (IB_STAT_FLAG_OPTIONAL descs are skipped unless enabled, 6.2+) */
unsigned int port_counters(const struct gdev *d, unsigned int port, const char **names, uint64_t *vals)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < d->nhw; i++) {
		names[n] = d->hw[i];
		vals[n++] = d->hw_max && !strcmp(d->hw[i], d->hw_max) ? UINT64_MAX :
			    hw_value(d, port, i);
	}
	for (unsigned int i = 0; i < d->nopt; i++)
		if (d->opt_enabled & (1u << i)) {
			names[n] = d->opt[i];
			vals[n++] = hw_value(d, port, d->nhw + i);
		}
	return n;
}

/* stat_get_doit_default_counter(): a port's value is its own plus what
 * the QPs bound to its counters counted (rdma_counter_get_hwstat_value);
 * a bound counter's values are in table order, enabled ones only */
static void add_bound(const struct gdev *d, unsigned int port, uint64_t *vals, unsigned int n)
{
	for (unsigned int c = 0; c < MAXN && d->counters[c].id; c++)
		if (d->counters[c].port == port)
			for (unsigned int k = 0; k < n && k < 64; k++)
				vals[k] += d->counters[c].vals[k];
}

/* stat_get_doit_default_counter(): handle, PORT_INDEX, HWCOUNTERS with
 * each counter's value summed over the port's bound counters as well
 * (rdma_counter_get_hwstat_value) */
void answer_stat(const struct gdev *d)
{
	const char *names[256];
	uint64_t vals[256];
	char key[96];

	for (unsigned int p = 1; p <= d->nports; p++) {
		struct nlmsghdr *nlh;
		unsigned int n;

		if (!d->nhw) {
			/* no rdma_hw_stats: stat_get_doit_default_counter and
			 * the status doit answer -EINVAL */
			snprintf(key, sizeof(key), "stat_get dev=%u port=%u", d->index, p);
			rec_write(key, -EINVAL, NULL);
			snprintf(key, sizeof(key), "stat_get_status dev=%u port=%u", d->index, p);
			rec_write(key, -EINVAL, NULL);
			continue;
		}
		n = port_counters(d, p, names, vals);
		add_bound(d, p, vals, n);
		nlh = msg_start(RDMA_NLDEV_CMD_STAT_GET, false);
		put_handle(nlh, d);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, p);
		put_hwcounters(nlh, names, vals, n);
		msg_end(nlh);
		snprintf(key, sizeof(key), "stat_get dev=%u port=%u", d->index, p);
		rec_write(key, 0, NULL);
		exp_start("stat show", d);
		exp_u("port", p);
		for (unsigned int i = 0; i < n; i++)
			exp_u(names[i], vals[i]);
		exp_end();

		/* stat_get_doit_qp() without a counter id: the port's mode
		 * (rdma statistic qp mode): handle, PORT_INDEX, STAT_MODE,
		 * AUTO_MODE_MASK when auto (the request must carry a STAT_MODE,
		 * whose value is not read), then in auto mode (6.15+, "RDMA/core:
		 * Add support to optional-counters binding configuration")
		 * STAT_OPCOUNTER_ENABLED: rdma_counter_get_mode()'s bind_opcnt */
		nlh = msg_start(RDMA_NLDEV_CMD_STAT_GET, false);
		put_handle(nlh, d);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, p);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_MODE, d->ports[p - 1].mode);
		if (d->ports[p - 1].mode == RDMA_COUNTER_MODE_AUTO)
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_AUTO_MODE_MASK, d->ports[p - 1].auto_mask);
		if (d->ports[p - 1].mode == RDMA_COUNTER_MODE_AUTO && d->ports[p - 1].opcnt)
			mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_STAT_OPCOUNTER_ENABLED, d->ports[p - 1].opcnt == 2);
		msg_end(nlh);
		snprintf(key, sizeof(key), "stat_get dev=%u port=%u res=%u", d->index, p, RDMA_NLDEV_ATTR_RES_QP);
		rec_write(key, 0, NULL);

		/* nldev_stat_get_counter_status_doit(): handle, PORT_INDEX,
		 * HWCOUNTERS of every counter: NAME, INDEX, and DYNAMIC
		 * (enabled) for the optional ones */
		snprintf(key, sizeof(key), "stat_get_status dev=%u port=%u", d->index, p);
		nlh = msg_start(RDMA_NLDEV_CMD_STAT_GET_STATUS, false);
		put_handle(nlh, d);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, p);
		{
			struct nlattr *t = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTERS), *e;

			for (unsigned int i = 0; i < d->nhw + d->nopt; i++) {
				e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY);
				mnl_attr_put_strz(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME,
						  i < d->nhw ? d->hw[i] : d->opt[i - d->nhw]);
				mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_INDEX, i);
				if (i >= d->nhw)
					mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_STAT_HWCOUNTER_DYNAMIC,
							!!(d->opt_enabled & (1u << (i - d->nhw))));
				mnl_attr_nest_end(nlh, e);
			}
			mnl_attr_nest_end(nlh, t);
		}
		msg_end(nlh);
		rec_write(key, 0, NULL);
	}
}

/* nldev_stat_get_dumpit() with STAT_RES = RES_QP: res_get_common_dumpit
 * over RDMA_RESTRACK_COUNTER, fill_res_counter_entry(): PORT_INDEX,
 * STAT_COUNTER_ID, fill_stat_counter_mode (STAT_MODE; auto: RES_TYPE and
 * the owner, by the mask), fill_stat_counter_qps (RES_QP nest of
 * RES_QP_ENTRY: LQPN), fill_stat_counter_hwcounters (its own values) */
static void e_counter(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	const struct gcounter *c = &d->counters[i];
	const char *names[256];
	uint64_t vals[256];
	unsigned int n = port_counters(d, c->port, names, vals);
	struct nlattr *e, *q, *qe;

	(void)dd;
	e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER_ENTRY);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, c->port);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, c->id);
	/* fill_stat_counter_mode(): the owner is the counter's restrack
	 * entry's (fill_res_name_pid) */
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_MODE, c->mode);
	if (c->mode == RDMA_COUNTER_MODE_AUTO) {
		if (c->mask & RDMA_COUNTER_MASK_QP_TYPE)
			mnl_attr_put_u8(nlh, RDMA_NLDEV_ATTR_RES_TYPE, c->qp_type);
		if (c->mask & RDMA_COUNTER_MASK_PID)
			put_owner(nlh, c->pid, NULL);
	}
	q = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP);
	for (unsigned int k = 0; k < 4 && c->lqpn[k]; k++) {
		qe = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_QP_ENTRY);
		mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, c->lqpn[k]);
		mnl_attr_nest_end(nlh, qe);
	}
	mnl_attr_nest_end(nlh, q);
	for (unsigned int k = 0; k < n; k++)
		vals[k] = k < 64 ? c->vals[k] : 0;
	put_hwcounters(nlh, names, vals, n);
	mnl_attr_nest_end(nlh, e);
}

void answer_stat_qp(const struct gdev *d, unsigned int port, bool dd)
{
	struct dumper w = { .d = d, .cmd = RDMA_NLDEV_CMD_STAT_GET, .nest = RDMA_NLDEV_ATTR_STAT_COUNTER };
	const char *names[256];
	uint64_t vals[256];
	char key[96];

	dumper_open(&w);
	for (unsigned int i = 0; i < N_OF(d, counters, id); i++) {
		const struct gcounter *c = &d->counters[i];
		unsigned int n = port_counters(d, c->port, names, vals);

		/* fill_res_counter_entry(): a port filter skips the others */
		if (port && c->port != port)
			continue;
		dumper_entry(&w, e_counter, i, dd);
		if (dd || port)
			continue;
		exp_start("stat qp show", d);
		exp_u("port", c->port);
		exp_u("cntn", c->id);
		for (unsigned int k = 0; k < n; k++)
			exp_u(names[k], k < 64 ? c->vals[k] : 0);
		exp_end();
	}
	dumper_close(&w);
	if (port)
		snprintf(key, sizeof(key), "stat_get dump dev=%u port=%u res=%u%s", d->index, port,
			 RDMA_NLDEV_ATTR_RES_QP, dd ? " dd=1" : "");
	else
		snprintf(key, sizeof(key), "stat_get dump dev=%u res=%u%s", d->index, RDMA_NLDEV_ATTR_RES_QP,
			 dd ? " dd=1" : "");
	rec_write(key, 0, NULL);
}

static void e_statmr(struct nlmsghdr *nlh, const struct gdev *d, unsigned int i, bool dd)
{
	const struct gmr *m = &d->mrs[i];
	struct nlattr *e = mnl_attr_nest_start(nlh, RDMA_NLDEV_ATTR_RES_MR_ENTRY);
	unsigned int n = 0;

	(void)dd;
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_MRN, m->mrn);
	while (n < 4 && m->stat_names[n])
		n++;
	if (n)
		put_hwcounters(nlh, m->stat_names, m->stat_vals, n);
	mnl_attr_nest_end(nlh, e);
}

/* nldev_stat_get_dumpit() with STAT_RES = RES_MR: fill_stat_mr_entry():
 * MRN, then the driver's fill_stat_mr_entry (mlx5: a HWCOUNTERS nest of
 * page_faults, page_invalidations, page_prefetch for ODP MRs) */
void answer_stat_mr(const struct gdev *d, bool dd)
{
	struct dumper w = { .d = d, .cmd = RDMA_NLDEV_CMD_STAT_GET, .nest = RDMA_NLDEV_ATTR_RES_MR };
	char key[96];

	dumper_open(&w);
	for (unsigned int i = 0; i < N_OF(d, mrs, mrn); i++) {
		const struct gmr *m = &d->mrs[i];

		dumper_entry(&w, e_statmr, i, dd);
		if (dd)
			continue;
		exp_start("stat mr", d);
		exp_u("mrn", m->mrn);
		for (unsigned int k = 0; k < 4 && m->stat_names[k]; k++)
			exp_u(m->stat_names[k], m->stat_vals[k]);
		exp_end();
	}
	dumper_close(&w);
	snprintf(key, sizeof(key), "stat_get dump dev=%u res=%u%s", d->index, RDMA_NLDEV_ATTR_RES_MR,
		 dd ? " dd=1" : "");
	rec_write(key, 0, NULL);
}

/*
 * nldev_stat_set_doit() with STAT_RES = RES_QP and STAT_MODE = AUTO
 * (nldev_stat_set_mode_doit, then rdma_counter_set_auto_mode() of
 * drivers/infiniband/core/counters.c, 6.x): a mask turns auto mode on,
 * -EBUSY while counters are bound on the port (__counter_set_mode); mask
 * 0 turns it off (manual while counters remain, -EINVAL when it was not
 * auto).  The answer: a STAT_SET message with the handle and port (the
 * reply nldev_stat_set_doit() builds, 6.1 to 7.3), then the ack.  The
 * shim keeps no state unless asked (nlshim_counters.c): a later read
 * still says the fixture's mode, which tests reading back.
 */
/* nldev_stat_set_doit()'s reply on success: the handle and the port */
static void set_reply(const struct gdev *d, unsigned int port, int err)
{
	struct nlmsghdr *nlh;

	if (err)
		return;
	nlh = msg_start(RDMA_NLDEV_CMD_STAT_SET, false);
	put_handle(nlh, d);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, port);
	msg_end(nlh);
}

void answer_stat_set(const struct gdev *d)
{
	char key[128];

	for (unsigned int p = 1; p <= d->nports; p++) {
		unsigned int ncnt = 0;

		for (unsigned int c = 0; c < MAXN && d->counters[c].id; c++)
			ncnt += d->counters[c].port == p;
		for (unsigned int mask = 0; mask <= 3; mask++) {
			int err = d->set_err;

			if (!err && mask && ncnt)
				err = -EBUSY;
			if (!err && !mask && d->ports[p - 1].mode != RDMA_COUNTER_MODE_AUTO)
				err = -EINVAL;
			snprintf(key, sizeof(key), "stat_set dev=%u port=%u res=%u mode=%u mask=%u", d->index, p,
				 RDMA_NLDEV_ATTR_RES_QP, RDMA_COUNTER_MODE_AUTO, mask);
			set_reply(d, p, err);
			rec_write(key, err, NULL);
			/* with STAT_OPCOUNTER_ENABLED: read by 6.15+, which a port
			 * reporting it models (rdma_counter_set_auto_mode() with
			 * bind_opcnt: the same checks); refused by older kernels'
			 * strict nlmsg_parse() as beyond their ATTR_MAX */
			for (unsigned int o = 0; o <= 1; o++) {
				size_t kl = strlen(key);

				snprintf(key + kl, sizeof(key) - kl, " opcnt=%u", o);
				if (d->ports[p - 1].opcnt) {
					set_reply(d, p, err);
					rec_write(key, err, NULL);
				}
				else
					rec_write(key, -EINVAL, "Unknown attribute type");
				key[kl] = '\0';
			}
		}
	}
}

/*
 * Binding one QP to a counter by hand and unbinding it (rdma statistic qp
 * bind/unbind): nldev_stat_set_doit() with STAT_MODE = MANUAL and
 * RES_LQPN (nldev_stat_set_mode_doit: rdma_counter_bind_qpn_alloc()
 * without STAT_COUNTER_ID, rdma_counter_bind_qpn() with it), and
 * nldev_stat_del_doit() (rdma_counter_unbind_qpn()); counters.c, 6.12:
 * -ENOENT for no such QP (rdma_counter_get_qp) or counter
 * (rdma_get_counter_by_id), -EINVAL for a QP bound already
 * (__rdma_counter_bind_qp), for another process's counter
 * (rdma_counter_bind_qpn: counter->res.task != qp->res.task) and for an
 * unbind of a QP not in that counter; a driver without per-counter stats
 * (no counter_alloc_stats: rdma_counter_alloc() fails) -ENOMEM.  Both
 * answer a STAT_SET message with the device handle, port, counter id and
 * LQPN, then the ack.  Keys for every QP of a port and every counter of
 * it; the shim applies them only when asked (nlshim_counters.c).
 */
static const struct gcounter *bound_to(const struct gdev *d, uint32_t lqpn)
{
	for (unsigned int c = 0; c < MAXN && d->counters[c].id; c++)
		for (unsigned int k = 0; k < 4 && d->counters[c].lqpn[k]; k++)
			if (d->counters[c].lqpn[k] == lqpn)
				return &d->counters[c];
	return NULL;
}

static void bind_reply(const struct gdev *d, unsigned int port, uint32_t cntn, uint32_t lqpn)
{
	struct nlmsghdr *nlh = msg_start(RDMA_NLDEV_CMD_STAT_SET, false);

	put_handle(nlh, d);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, port);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, cntn);
	mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_RES_LQPN, lqpn);
	msg_end(nlh);
}

void answer_stat_bind(const struct gdev *d)
{
	char key[160];
	uint32_t next = 1;

	for (unsigned int c = 0; c < MAXN && d->counters[c].id; c++)
		if (d->counters[c].id >= next)
			next = d->counters[c].id + 1;
	/* no such QP (rdma_counter_get_qp): LQPN 57005 on every port */
	for (unsigned int p = 1; p <= d->nports; p++) {
		snprintf(key, sizeof(key), "stat_set dev=%u port=%u lqpn=57005 res=%u mode=%u mask=0", d->index, p,
			 RDMA_NLDEV_ATTR_RES_QP, RDMA_COUNTER_MODE_MANUAL);
		rec_write(key, d->set_err ? d->set_err : -ENOENT, NULL);
	}
	for (unsigned int i = 0; i < MAXN && d->qps[i].lqpn; i++) {
		const struct gqp *q = &d->qps[i];
		const struct gcounter *in = bound_to(d, q->lqpn);
		int err = d->set_err;

		if (!q->port || q->dd)
			continue;
		if (!err && in)
			err = -EINVAL;
		if (!err && !d->counters[0].id && !d->nhw)
			err = -ENOMEM;
		snprintf(key, sizeof(key), "stat_set dev=%u port=%u lqpn=%u res=%u mode=%u mask=0", d->index,
			 q->port, q->lqpn, RDMA_NLDEV_ATTR_RES_QP, RDMA_COUNTER_MODE_MANUAL);
		if (!err)
			bind_reply(d, q->port, next, q->lqpn);
		rec_write(key, err, NULL);
		for (unsigned int c = 0; c < MAXN && d->counters[c].id; c++) {
			const struct gcounter *g = &d->counters[c];

			if (g->port != q->port)
				continue;
			err = d->set_err;
			/* a counter of a process counts that process's QPs only */
			if (!err && (in || ((g->mask & RDMA_COUNTER_MASK_PID) && g->pid != q->pid)))
				err = -EINVAL;
			snprintf(key, sizeof(key), "stat_set dev=%u port=%u lqpn=%u res=%u counter=%u mode=%u mask=0",
				 d->index, q->port, q->lqpn, RDMA_NLDEV_ATTR_RES_QP, g->id, RDMA_COUNTER_MODE_MANUAL);
			if (!err)
				bind_reply(d, q->port, g->id, q->lqpn);
			rec_write(key, err, NULL);
			err = d->set_err;
			if (!err && in != g)
				err = -EINVAL;
			snprintf(key, sizeof(key), "stat_del dev=%u port=%u lqpn=%u res=%u counter=%u", d->index,
				 q->port, q->lqpn, RDMA_NLDEV_ATTR_RES_QP, g->id);
			if (!err)
				bind_reply(d, q->port, g->id, q->lqpn);
			rec_write(key, err, NULL);
		}
	}
}

/*
 * Optional counters on and off (rdma statistic set/unset link ...
 * optional-counters): nldev_stat_set_doit() with STAT_HWCOUNTERS,
 * nldev_stat_set_counter_dynamic_doit() (6.2+): each index must be an
 * optional counter's (-EINVAL else); every optional counter is then set
 * on or off by whether it is listed (rdma_counter_modify).  The answer: a
 * STAT_SET message with the handle and port, then the ack.  Keys for every
 * subset of the port's optional counters, and one with a counter that is
 * not optional (index 0).
 */
void answer_stat_opt(const struct gdev *d)
{
	char key[256];

	if (!d->nopt || d->nopt > 6)
		return;
	for (unsigned int p = 1; p <= d->nports; p++) {
		for (unsigned int set = 0; set < (1u << d->nopt); set++) {
			size_t k = (size_t)snprintf(key, sizeof(key), "stat_set dev=%u port=%u mode=-1 mask=0 hwcnt=",
						    d->index, p);
			struct nlmsghdr *nlh;
			bool first = true;

			for (unsigned int i = 0; i < d->nopt; i++)
				if (set & (1u << i)) {
					k += (size_t)snprintf(key + k, sizeof(key) - k, "%s%u", first ? "" : ",", d->nhw + i);
					first = false;
				}
			if (d->set_err) {
				rec_write(key, d->set_err, NULL);
				continue;
			}
			nlh = msg_start(RDMA_NLDEV_CMD_STAT_SET, false);
			put_handle(nlh, d);
			mnl_attr_put_u32(nlh, RDMA_NLDEV_ATTR_PORT_INDEX, p);
			msg_end(nlh);
			rec_write(key, 0, NULL);
		}
		snprintf(key, sizeof(key), "stat_set dev=%u port=%u mode=-1 mask=0 hwcnt=0", d->index, p);
		rec_write(key, d->set_err ? d->set_err : -EINVAL, NULL);
	}
}
