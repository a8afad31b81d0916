/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The HTTP client's insides, shared by client.c (the refresh: libcurl's
 * multi interface on libev, the answers) and request.c (one request's
 * options, oauth2's token, the proxy), and libcurl's side of Prometheus's
 * http_config (handle.c): the options of one transfer and what a failed
 * one says.
 */
#ifndef RDMATOP_PROM_CLIENT_H
#define RDMATOP_PROM_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

#include <curl/curl.h>
#include <ev.h>

#include "prom.h"

#define Q_STATUS PROM_Q_N /* the request for the scrape interval */
#define Q_TOKEN (PROM_Q_N + 1) /* oauth2's token request */
#define Q_RULES (PROM_Q_N + 2) /* whether Prometheus has the recording rules */
#define Q_PORTS_TOP (PROM_Q_N + 3) /* the Ports query's first step: the top rows */

/* the steps of a refresh, each once every request of the one before is in */
enum step { S_TOKEN, S_STATUS, S_RULES, S_QUERIES, S_DONE };

struct req {
	struct prom_client *c;
	CURL *e;
	int q;
	char *buf;
	size_t len, cap;
	bool over; /* past answer_max: refused or cut */
	bool unread; /* refused by its Content-Length, before its body */
	bool coded; /* Content-Encoding: its Content-Length is not the answer's */
	long long length; /* Content-Length, -1: none */
	size_t size; /* over: the Content-Length, or the bytes when cut */
	double t0;
	char errbuf[CURL_ERROR_SIZE];
};

struct prom_client {
	struct ev_loop *loop;
	CURLM *m;
	ev_timer timer;
	struct prom_client_opts o;
	char *url; /* without a trailing slash */
	struct curl_slist *headers;
	struct curl_slist *connect_list; /* tls_config.server_name: CURLOPT_CONNECT_TO */
	char *proxy; /* the proxy of c->url, or NULL */
	char *token_form; /* oauth2's token request */
	const char *proxy_from; /* the key or variable that named it */
	struct curl_slist *proxy_headers; /* proxy_connect_header */
	struct prom_token token; /* oauth2's, when there is one */
	double token_until; /* monotonic time it expires at */
	char token_why[256]; /* why there is none */
	enum step step;
	struct prom_qstate q[PROM_Q_N]; /* each query's last try, without its series */
	struct prom_raw raw[PROM_Q_N]; /* this refresh's answers, for the worker */
	struct req *reqs[PROM_Q_N + 4]; /* those in flight, by query */
	int timeouts[PROM_Q_N]; /* in a row, by query */
	int skip[PROM_Q_N]; /* refreshes it sits out (backed off) */
	struct prom_qctx ctx;
	bool want_procs;
	double interval;
	char interval_why[256];
	double rules_window; /* the recording rules' (0: none), -1 before asked */
	double rules_next; /* monotonic time of the next check */
	double rules_at; /* the evaluation time checked at */
	char rules_why[320]; /* whether the queries took them, or why not */
	char rows[32768]; /* the top ports' hosts (prom_q_rows), for the Ports query */
	double top_t0; /* when the Ports query's first step was sent */
	int pending;
	double at;
	prom_done_fn *done;
	void *arg;
};

/* request.c: request q, a POST of form (NULL: a GET) to c->url's path, or
 * oauth2's token request (Q_TOKEN): 0 or -errno */
int prom_req_start(struct prom_client *c, int q, const char *path, const char *form);
/* the curl write callback of a request (r), bounded by answer_max */
size_t prom_req_data(char *p, size_t size, size_t n, void *r);
/* its header callback: an answer whose Content-Length passes answer_max
 * is refused before its body is read */
size_t prom_req_header(char *p, size_t size, size_t n, void *r);
/* Authorization: TYPE CREDENTIALS on every request to Prometheus */
int prom_req_auth(struct prom_client *c, const char *type, const char *cred);
/* oauth2's token endpoint answered r (or did not, h says) */
void prom_req_token_in(struct prom_client *c, struct req *r, const struct prom_http *h);
/* the proxy of c->url, and proxy_connect_header: 0 or -ENOMEM */
int prom_req_proxy(struct prom_client *c);

/* TLS, redirects, HTTP/2 and the proxy (proxy: its URL, or NULL for
 * none; connect: proxy_connect_header's lines, sent with a CONNECT) */
void prom_handle_setup(CURL *e, const struct prom_config *cfg, bool tls, const char *proxy,
		       struct curl_slist *connect);
/* A failed transfer's reason (why, curl's) naming the proxy it went
 * through (from: the key or variable that named it) and the TLS versions
 * the config allows, into buf. */
void prom_handle_why(const struct prom_config *cfg, CURLcode rc, const char *proxy,
		     const char *from, const char *why, char *buf, size_t len);

/* The token request's options (oauth2): its own tls_config and proxy keys
 * are not taken, so the token endpoint is reached directly. */
void prom_handle_token(CURL *e, const struct prom_config *cfg);
/* proxy_connect_header as header lines, appended to *list: 0 or -ENOMEM */
int prom_handle_connect_headers(const struct prom_config *cfg, struct curl_slist **list);
/* tls_config.server_name: *url names it, *list has curl connect to the
 * URL's host (CURLOPT_CONNECT_TO); 0, or -errno with a reason in err. */
int prom_handle_server_name(char **url, const char *name, struct curl_slist **list, char *err,
			    size_t len);

#endif
