/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The whole cluster through Prometheus (src/prom): the query set, the
 * parser of /api/v1/query answers, the cluster model built from them, the
 * HTTP client config (Prometheus's own format) and the client (libcurl's
 * multi interface on libev).  Data only: no curses here.
 *
 * Prometheus aggregates (sum by, count by, topk); rdmatop asks at most
 * PROM_Q_N queries per refresh, whatever the number of hosts.
 */
#ifndef RDMATOP_PROM_H
#define RDMATOP_PROM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

/* The queries of one refresh, in the order of the table (src/prom/query.c). */
enum prom_q {
	PROM_Q_UP,		/* the scrape's `up`, per instance */
	PROM_Q_HOST,		/* per instance: rx, tx, speed, devices, procs, age,
				 * pause_rx, pause_tx (label f) */
	PROM_Q_PORTSTATE,	/* ports per instance and state */
	PROM_Q_ERR,		/* counter rates per instance and class */
	PROM_Q_QPS,		/* QPs per instance and state */
	PROM_Q_HOSTGROUPS,	/* processes per instance and group */
	PROM_Q_JOBS,		/* per group: hosts, qps, qps_err, psn, err, cnp (label f) */
	PROM_Q_PORTS,		/* per port: rx, tx, speed, err, cong, state, pause_rx,
				 * pause_tx (label f) */
	PROM_Q_PROCS,		/* the open host's processes (only while one is open) */
	PROM_Q_STALLS,		/* the stalled and erred QPs and their other ends
				 * (label f: query_stall.c) */
	PROM_Q_N
};

#define PROM_Q_MAX 12	/* the promise: never more queries per refresh */
/* each query once, and the Ports query's first step */
_Static_assert(PROM_Q_N + 1 <= PROM_Q_MAX, "at most a dozen queries per refresh");

/* Bounds of one answer. */
#define PROM_ANSWER_MAX_DEFAULT (16u << 20)	/* bytes (each of the queries in flight) */
#define PROM_SERIES_MAX_DEFAULT 50000		/* series */
/* what parsing one answer may take (jansson's values, estimated from the
 * bytes before parsing): an answer past it is refused (parse.c) */
#define PROM_PARSE_MEMORY_MAX (128u << 20)
#define PROM_LABEL_MAX 128			/* bytes of a label value shown (whole: its identity) */
#define PROM_KEY_MAX 4096			/* bytes of an instance the screen keeps to open it */

/* One series of an instant vector: its labels and its value. */
struct prom_label {
	char *name, *value;
};

struct prom_series {
	/* the labels and, after them, their strings: one allocation */
	struct prom_label *labels;
	size_t n_labels;
	double value;		/* NaN when Prometheus said NaN or gave none */
	double ts;		/* the sample's time */
};

struct prom_vector {
	struct prom_series *s;
	size_t n;
};

/* A label's value, or "" when the series has none. */
const char *prom_label(const struct prom_series *s, const char *name);
void prom_vector_free(struct prom_vector *v);

/*
 * Parse one /api/v1/query answer (status, data.resultType "vector" or
 * "scalar", data.result) into v.  At most max_series series (a bigger
 * answer: -E2BIG).  0, or a negative errno after a one-line reason in err
 * (Prometheus's own "error" text where it gave one).
 */
int prom_parse_answer(const char *buf, size_t len, size_t max_series, struct prom_vector *v,
		      char *err, size_t errlen);
/* The same, given up (-ECANCELED) as soon as *stop turns true: the
 * worker's quit, which must not wait for a 10 MB answer's parse. */
int prom_parse_answer_stop(const char *buf, size_t len, size_t max_series,
			   struct prom_vector *v, char *err, size_t errlen, const bool *stop);
/* The same outcome and words, the answer parsed as one tree: the
 * reference the fuzz targets hold the series-at-a-time parse to. */
int prom_parse_answer_whole(const char *buf, size_t len, size_t max_series,
			    struct prom_vector *v, char *err, size_t errlen, const bool *stop);

/* The scrape interval from /api/v1/status/config's answer (the longest of
 * the global one and every job's): seconds, or 0 after a reason in err. */
double prom_parse_interval(const char *buf, size_t len, char *err, size_t errlen);

/* The query set (query.c): metric names live there, in one table. */
/*
 * What the Ports or Jobs query asks for: the top n rows by column col
 * (topk; asc: bottomk), and the top n of those a label of which holds
 * search, with the rows counted (label f="total"); n 0, or a column
 * Prometheus cannot rank (a text), asks for every row.  match: label
 * matchers of this table only (prom_q_filter), "" or NULL for none.
 */
struct prom_qtop {
	long n;
	const char *col;
	bool asc;
	const char *match;
	const char *search;
	/* the rows' hosts, as the Ports query's first step found them
	 * (prom_q_rows): a matcher in every selector but the count's; NULL
	 * or "" for none */
	const char *rows;
};

struct prom_qctx {
	const char *match;	/* --match: label matchers, "" for none */
	double window;		/* rate() window, seconds */
	const char *instance;	/* the open host (PROM_Q_PROCS), or NULL */
	struct prom_qtop ports, jobs;
	bool recorded;		/* the recording rules' series (prom_rules_say) */
};
const char *prom_q_name(enum prom_q q);
/* The PromQL of query q into buf; its length, or -ENOSPC. */
int prom_q_text(enum prom_q q, const struct prom_qctx *c, char *buf, size_t len);
/*
 * The Ports query in two steps: Prometheus ranks every port by the sort
 * column alone (prom_q_top_text: the top rows' labels), then computes
 * every field of the hosts those rows are on only (ports.rows, from
 * prom_q_rows), where one query computed every field of every port
 * before it kept the top ones (2.1 s of Prometheus's time at 1,000 hosts,
 * against 0.5 and 0.1 s).  prom_q_top_text: its length, -ENOENT when the
 * pane does not rank its rows in Prometheus (one step then), -ENOSPC.
 */
int prom_q_top_text(enum prom_q q, const struct prom_qctx *c, char *buf, size_t len);
/* instance=~"a|b|..." of the instances of v's series, into m: 0, -ENOSPC
 * (m then "": the rows unrestricted), -ENOMEM */
int prom_q_rows(const struct prom_vector *v, char *m, size_t len);
/* The Stalls query's template ($S as in prom_q_text), query_stall.c. */
#define PROM_STALL_ROWS 100	/* the stalled QPs asked for: the oldest */
const char *prom_q_stall_text(void);
/* Whether query q (Ports, Jobs) ranks its rows by column col in Prometheus. */
bool prom_q_top_col(enum prom_q q, const char *col);
/* A filter (key=val, key!=val, key~re, key!~re) on a label of query q's
 * rows as a label matcher, appended to m: 1, 0 when it cannot be one (the
 * rows are then all asked for and filtered here), or -ENOSPC. */
int prom_q_filter(enum prom_q q, const char *filter, char *m, size_t len);
/*
 * The recording rules of contrib/prometheus/rdmatop.rules.yml (group
 * rdmatop.cluster): the query that says whether Prometheus has them (one
 * series a rule file, whatever the fleet), the window of its answer v
 * (want when one of its series has that window, else the first's; 0: no
 * rules), and whether queries of rate window `window` take the recorded
 * series, with a line that says so (or why not) in why.
 */
#define PROM_RULES_RECHECK 60	/* seconds between two checks */
const char *prom_q_rules(void);
double prom_rules_window(const struct prom_vector *v, double want);
bool prom_rules_say(double rules_window, double window, char *why, size_t len);
/* The rate window for a scrape interval: four scrapes (never under 1 s). */
double prom_window(double scrape_interval);
/* Whether a selector is of the form Prometheus takes between braces
 * (name op "value", comma-separated); 0 or -EINVAL with a reason. */
int prom_match_check(const char *match, char *err, size_t len);

/* The counter classes summed per host (doc/counters.md). */
enum prom_class { PROM_C_ERROR, PROM_C_FLUSH, PROM_C_CONGESTION, PROM_C_N };

/* The cluster model (model.c).  NaN: Prometheus had no such series. */
/* An instance is kept whole (the model's own copy, freed with it): the
 * host's identity, what Enter opens and the processes query asks for. */
struct prom_host {
	const char *instance;
	char job[PROM_LABEL_MAX];
	double up, age;
	double devices, ports_up, ports;
	double rx, tx, speed, util;	/* bytes/s; util: max(rx, tx) / speed */
	double err[PROM_C_N];		/* events/s by class */
	double pause_rx, pause_tx;	/* pause frames/s, every port and priority */
	double health;			/* its worst port's verdict (rdma_port_health) */
	double qps, qps_err, procs;
	char top_group[PROM_LABEL_MAX + 40];	/* kind/group with most processes here */
	double top_group_procs;
};

struct prom_port {
	const char *instance;
	char device[PROM_LABEL_MAX], port[16], state[32];
	double rx, tx, speed, util, err, cong;
	double pause_rx, pause_tx;	/* pause frames/s, every priority */
	double health;			/* its verdict (rdma_port_health) */
};

struct prom_job {
	char kind[32], group[PROM_LABEL_MAX];
	double hosts, qps, qps_err, psn;
	double err, cnp;	/* events/s of the counters bound to its QPs: errors
				 * (retransmits among them), CNPs */
};

struct prom_hostgroup {
	const char *instance;
	char kind[32], group[PROM_LABEL_MAX];
	double procs;
};

struct prom_proc {
	char pid[32], comm[PROM_LABEL_MAX];
	double qps, qps_err;
	const struct prom_series *src;	/* while built: its labels whole */
};

/*
 * A stalled or erred QP of the fleet and its other end, as the Stalls
 * query joined it (query_stall.c); other says what the other end is doing
 * (prom_stall_other).  NaN: not known.
 */
struct prom_stall {
	const char *instance;		/* its host, whole */
	char device[PROM_LABEL_MAX], port[16], lqpn[16], rqpn[16];
	char state[16], stall[16];	/* the QP's state; stalled, err, sqe, gone */
	double age;			/* seconds stalled, or in ERR/SQE */
	char pid[32], comm[PROM_LABEL_MAX], job[PROM_LABEL_MAX];
	char peer[64], peer_lid[16];	/* the peer's address, LID, as exported */
	char by[8];			/* how the peer was found: gid, lid, job; "" */
	const char *peer_host;		/* its instance, whole; NULL: none found */
	char peer_device[PROM_LABEL_MAX];
	char peer_state[16], peer_stall[16];	/* the peer QP's, where listed */
	double peer_age, peer_up, peer_omitted;
	char other[24];			/* stalled, ERR, SQE, gone, not listed,
					 * host not scraped, no match */
	double health;			/* its host's worst port (rdma_port_health) */
	double blame;			/* listed QPs whose peer is on its host */
	double rank;			/* its host among the suspects, 1 first */
};

/* A host the Stalls pane suspects: the hosts of the listed QPs and of
 * their peers, most blamed first (prom_stall_build). */
struct prom_suspect {
	const char *instance;	/* the model's (a row's or a host's) */
	double blame;		/* listed QPs whose peer is on it */
	double health, up;	/* from the Hosts query; NaN: not there */
	double rows;		/* its own listed QPs */
};

/* What one query last said, so a failing Prometheus keeps its answers. */
struct prom_qstate {
	struct prom_vector v;	/* the last good answer */
	bool have;
	double at;		/* the time Prometheus evaluated it at (its samples'),
				 * in a replay the time it was recorded */
	size_t bytes;		/* its size */
	size_t series;		/* its series */
	int err;		/* the last try: 0 or a negative errno */
	char why[256];		/* and its reason */
	double took;		/* seconds the last try took */
	long http;		/* the HTTP version its answer came in (curl's
				 * CURL_HTTP_VERSION_*; 0: not known, a replay) */
};

struct prom_model {
	struct prom_host *hosts;
	size_t n_hosts;
	struct prom_port *ports;
	size_t n_ports;
	struct prom_job *jobs;
	size_t n_jobs;
	struct prom_hostgroup *hgroups;
	size_t n_hgroups;
	struct prom_proc *procs;
	size_t n_procs;
	struct prom_stall *stalls;	/* the rows, the most suspect host's first */
	size_t n_stalls;
	struct prom_suspect *suspects;
	size_t n_suspects;
	double stalls_total;		/* every stalled series (NaN: not asked) */
	double stalls_omitted;		/* past the exporters' caps */
	double window, interval;	/* rate window, scrape interval */
	double eval_at;			/* the time the queries were evaluated (0: now) */
	double answers_seconds;		/* from the refresh's start to its last answer */
	double build_seconds;		/* building this model and sorting its panes */
	double ports_total, jobs_total;	/* the rows Prometheus has, when it sent only
					 * the top ones (NaN: it sent every row) */
	int rules;			/* the queries took the recording rules' series:
					 * 1, 0, or -1 not known (a replay) */
	char rules_why[320];		/* whether they took them, or why not */
};

/* Build m from the answers q[PROM_Q_N] (those without one stay empty). */
int prom_model_build(struct prom_model *m, const struct prom_qstate *q);
/* The same, every table's rows selected and sorted as a pane does, the
 * whole timed into build_seconds (work.c: the worker's and a replay's) */
void prom_model_timed(struct prom_model *m, const struct prom_qstate *q);
void prom_model_free(struct prom_model *m);
/* The Stalls rows and suspects of m from the Stalls answer (stall.c),
 * after the hosts; freed by prom_stall_free (prom_model_free calls it). */
int prom_stall_build(struct prom_model *m, const struct prom_vector *v, bool have);
void prom_stall_free(struct prom_model *m);
/* The Stalls pane's line on its suspect (the host most blamed, or a FAIL)
 * and the QPs left out by the exporters' caps: false when none. */
bool prom_stall_suspect_line(const struct prom_model *m, char *buf, size_t len);
/* What a row's other end is doing, from its joined fields. */
const char *prom_stall_other(const struct prom_stall *s);

/* The HTTP client's config (config.c): Prometheus's http_config. */
struct prom_kv {
	char *name, *value;
};

struct prom_config {
	char *ca_file, *cert_file, *key_file, *server_name;
	bool insecure_skip_verify;
	int tls_min, tls_max;		/* min_version, max_version: 10..13 (TLS10..TLS13), 0: any */
	char *username, *password;	/* basic_auth (username_file, password_file read in) */
	char *auth_type, *credentials;	/* authorization, bearer_token(_file) */
	char *proxy_url, *no_proxy;
	bool proxy_from_environment;
	struct prom_kv *connect_headers;	/* proxy_connect_header, one per value */
	size_t n_connect_headers;
	bool follow_redirects, enable_http2;	/* true unless the config says false */
	/* oauth2, client credentials (client_secret_file read in) */
	char *client_id, *client_secret, *token_url;
	char **scopes;
	size_t n_scopes;
	struct prom_kv *params;		/* endpoint_params */
	size_t n_params;
};

/* Parse a config's text: 0, or -EINVAL with "LINE: reason" in err.  Files
 * named (password_file, credentials_file, bearer_token_file) are read. */
int prom_config_parse(struct prom_config *c, const char *text, size_t len, char *err,
		      size_t errlen);
int prom_config_load(struct prom_config *c, const char *path, char *err, size_t errlen);
void prom_config_free(struct prom_config *c);

/*
 * The proxy of a request to url as Prometheus picks it (proxy.c): proxy_url
 * unless no_proxy names the host; the environment's (HTTP_PROXY,
 * HTTPS_PROXY, NO_PROXY or their lower case) only with
 * proxy_from_environment; localhost and loopback addresses never through
 * a proxy when no_proxy or the environment decides.  env reads a variable
 * (NULL: none set).  1 with the proxy's URL in buf and where it came from
 * (the key or the variable) in *from, or 0: none.
 */
int prom_proxy_for(const struct prom_config *c, const char *url, const char *(*env)(const char *),
		   char *buf, size_t len, const char **from);
/* Whether a no_proxy list (Go's NO_PROXY rules) exempts url's host. */
bool prom_no_proxy(const char *list, const char *url);
/* A URL for a message: a password in it as "xxxxx". */
const char *prom_url_redacted(const char *url, char *buf, size_t len);

/*
 * oauth2's client credentials grant (oauth2.c): the token request's form
 * (grant_type, scope, endpoint_params; malloc'd), and the token endpoint's
 * answer: 0 with the token, its type ("Bearer" when none) and its lifetime
 * (seconds, 0: none said), or -errno with a reason naming the endpoint's
 * error (invalid_client, ...).
 */
char *prom_oauth2_form(const struct prom_config *c);
/* A client id or secret as basic auth takes it (form-encoded; malloc'd). */
char *prom_oauth2_escape(const char *s);
struct prom_token {
	char *token, *type;
	double expires_in;
};
int prom_oauth2_answer(long code, const char *buf, size_t len, struct prom_token *t, char *why,
		       size_t whylen);
void prom_token_free(struct prom_token *t);

/* A time as --at and the `b` key take it: seconds since the epoch, RFC 3339
 * in UTC (2026-12-01T03:12:00Z), or HH:MM[:SS] in UTC on the UTC day of the
 * time day (seconds since the epoch); 0, or -EINVAL or -ERANGE with the
 * reason in why. */
int prom_parse_time(const char *s, double day, double *t, char *why, size_t len);

/* The client (client.c): one refresh = every query at once, on libev. */
struct ev_loop;
/*
 * An HTTP answer's meaning (http.c): the transfer's outcome (cut past
 * answer_max, a libcurl error, 401/403) as 0 or -errno with why; then the
 * body of a query (0, or -errno with a reason naming the HTTP status when
 * the answer is not Prometheus's own) or of status/config (the interval,
 * or <= 0 and why).
 */
struct prom_http {
	long code;		/* the HTTP status, 0: none */
	const char *type;	/* Content-Type, or NULL */
	const char *to;		/* a redirect's Location, or NULL */
	bool over;		/* the body passed answer_max: refused or cut */
	bool unread;		/* refused by its Content-Length, its body unread */
	size_t size;		/* over: the Content-Length, or the bytes when cut */
	int err;		/* the transfer's: 0, -ETIMEDOUT, -EIO */
	const char *err_why;	/* and its reason */
	size_t answer_max, series_max;
	const bool *stop;	/* its parse given up when it turns true, or NULL */
};
int prom_http_transfer(const struct prom_http *h, char *why, size_t len);
int prom_http_answer(const struct prom_http *h, const char *buf, size_t len,
		     struct prom_vector *v, char *why, size_t whylen);
double prom_http_interval(const struct prom_http *h, const char *buf, size_t len, char *why,
			  size_t whylen);

struct prom_client;
struct rec_writer;

struct prom_client_opts {
	const char *url;		/* http(s)://host:port[/prefix] */
	const struct prom_config *cfg;
	size_t answer_max, series_max;
	double timeout;			/* seconds per request */
	struct rec_writer *record;	/* -w: every refresh recorded, or NULL */
};

int prom_client_new(struct prom_client **c, struct ev_loop *loop,
		    const struct prom_client_opts *o, char *err, size_t errlen);
void prom_client_free(struct prom_client *c);
/*
 * One query's answer of a refresh as the client got it: the body of a
 * transfer that succeeded (HTTP's status and headers), to be parsed off
 * the loop (work.c).
 */
struct prom_raw {
	char *buf;		/* owned; NULL: no answer this refresh */
	size_t len;
	long code;		/* the HTTP status */
	char type[96], to[160];	/* Content-Type, a redirect's Location ("": none) */
	bool drop;		/* not asked any more: its last answer goes */
};
void prom_raw_clear(struct prom_raw *r);

/*
 * Ask for the scrape interval (status/config), then whenever asked, one
 * refresh: the queries of ctx evaluated at `at` (0: now).  done() runs on
 * the loop once every answer is in (or failed): q[] holds each query's
 * last try (its series are not read: v is empty), raw[] their answers,
 * whose buffers done() may take (set to NULL).  A refresh asked while one
 * runs is refused (-EBUSY).
 */
typedef void prom_done_fn(void *arg, const struct prom_qstate *q, struct prom_raw *raw,
			  double interval);
int prom_client_refresh(struct prom_client *c, const struct prom_qctx *ctx, double at,
			bool want_procs, prom_done_fn *done, void *arg);
bool prom_client_busy(const struct prom_client *c);
/* The scrape interval read, or 0 when not (yet), and why not. */
double prom_client_interval(const struct prom_client *c);
const char *prom_client_interval_why(const struct prom_client *c);
/* Whether the last refresh's queries took the recording rules' series,
 * or why not ("" before the first refresh). */
const char *prom_client_rules(const struct prom_client *c);
/* whether the refresh under way or last answered took the recorded series */
bool prom_client_rules_used(const struct prom_client *c);
/*
 * The worker (work.c): a refresh's answers parsed and the model built on a
 * thread of their own, so that keys and redraws never wait for a large
 * fleet's JSON.  One refresh at a time: submit() while busy is refused
 * (-EBUSY).  The result comes back on the loop, to done(), which owns it.
 */
struct prom_result {
	struct prom_qstate q[PROM_Q_N];	/* each query's state; its series stay
					 * with the worker (v is empty) */
	struct prom_model m;
};
struct prom_work;
typedef void prom_work_fn(void *arg, struct prom_result *res);
int prom_work_new(struct prom_work **w, struct ev_loop *loop, size_t series_max,
		  prom_work_fn *done, void *arg);
/* q: the client's states of the refresh; raw: its answers (the buffers
 * taken); at: the time asked for (0: now) */
int prom_work_submit(struct prom_work *w, const struct prom_qstate *q, struct prom_raw *raw,
		     double at);
bool prom_work_busy(const struct prom_work *w);
/* stops the worker, at once between two answers, and waits for it */
void prom_work_free(struct prom_work *w);
void prom_result_free(struct prom_result *r);

/* a query's prom_qstate.http as HTTP names the version: "1.1", "2" */
const char *prom_http_version(long v);

/*
 * Replay of a cluster view's recording (-w: src/record's REC_PROM
 * records, one frame per refresh; replay.c).  Frames are indexed as they
 * are read, so a replay steps back (T) and jumps to a time (b).
 */
struct prom_replay;
/* Whether path is a recording of the cluster view (its first sample). */
bool prom_replay_is(const char *path);
int prom_replay_open(struct prom_replay **r, const char *path, char *err, size_t errlen);
void prom_replay_close(struct prom_replay *r);
/*
 * Sample `no` (0-based; -1: the next) into q[PROM_Q_N], the scrape
 * interval read with it in *interval, its wall time and --at in *wall and
 * *at: 1, 0 past the end, or -errno with a reason in err.
 */
int prom_replay_read(struct prom_replay *r, long no, struct prom_qstate *q, double *interval,
		     double *wall, double *at, char *err, size_t errlen);
/* The number of the sample read last (0-based), and the first sample at
 * or after wall time t (-ERANGE: none). */
long prom_replay_tell(const struct prom_replay *r);
long prom_replay_find(struct prom_replay *r, double t);

/*
 * The tables of the cluster view and their columns (cols.c), shared by
 * the screen, the batch text and JSON: one row per column, its value read
 * from the model; sorting and filtering work on them.
 */
enum prom_table { PROM_T_HOSTS, PROM_T_PORTS, PROM_T_JOBS, PROM_T_HOSTGROUPS, PROM_T_PROCS,
		  PROM_T_STALLS, PROM_T_N };
/* PROM_K_BITS: a byte rate shown in bits, as a link's speed is spelt
 * (12.3Gb under RX/s, 100.0Gb under SPEED) */
enum prom_kind {
	PROM_K_STR, PROM_K_NUM, PROM_K_RATE, PROM_K_PCT, PROM_K_AGE, PROM_K_BITS,
	PROM_K_HEALTH,	/* rdma_port_health: 0 OK, 1 WARN, 2 FAIL */
};

#define PROM_COLS_MAX 32	/* the most columns a table has */
struct prom_col {
	const char *name;	/* for --sort, filters, JSON */
	const char *title;	/* on screen */
	int width;
	enum prom_kind kind;
	bool desc;		/* sorts busiest first */
	bool is_str;		/* a char[] at off, else a double at off */
	size_t off;
	bool is_ptr;		/* is_str: a const char * at off (NULL: "") */
	bool worst;		/* desc is worst first: a down host goes first */
};
const char *prom_col_str(const struct prom_col *c, const void *row);
double prom_col_num(const struct prom_col *c, const void *row);

const char *prom_table_name(enum prom_table t);
const struct prom_col *prom_cols(enum prom_table t, size_t *n);
int prom_col_find(enum prom_table t, const char *name);
/* The rows of table t in m: base and count and stride. */
const void *prom_rows(const struct prom_model *m, enum prom_table t, size_t *n, size_t *stride);
/* A cell as text ("n/a" for NaN). */
const char *prom_cell(const struct prom_col *c, const void *row, char *buf, size_t len);
/*
 * The rows to show: those matching every filter (key=val, key!=val,
 * key~regex, key!~regex on the table's columns; a key no column has is
 * -EINVAL with a reason) and search (a substring of any text column),
 * sorted by column sort (-1: the table's default), into idx; their count.
 * A host filter (instance=...) limits ports, groups and processes too.
 */
struct prom_select {
	const char *const *filters;
	int n_filters;
	const char *search;
	int sort;
	bool reverse;
	const char *instance;	/* only this host's rows (Enter on a host) */
	const char *job;	/* only this job's hosts ("kind/group") */
};
/* A filter that some table's column takes: 0, or -EINVAL with a reason. */
int prom_filter_check(const char *expr, char *err, size_t len);
long prom_select_rows(const struct prom_model *m, enum prom_table t, const struct prom_select *s,
		      size_t **idx, char *err, size_t errlen);
int prom_default_sort(enum prom_table t);
/* the column that takes the width to spare (its rows' names: INSTANCE) */
int prom_grow_col(enum prom_table t);

/* Batch output of the model (out.c): text tables or one JSON object,
 * the rows as s selects them (its sort for the Hosts table; NULL: all,
 * in each table's default order). */
int prom_out_text(FILE *f, const struct prom_model *m, const struct prom_qstate *q,
		  const struct prom_select *s);
int prom_out_json(FILE *f, const struct prom_model *m, const struct prom_qstate *q,
		  const struct prom_select *s);

#endif
