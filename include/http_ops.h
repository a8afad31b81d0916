/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What operators expect of an exporter's endpoint besides /metrics
 * (src/http/ops.c): the landing page, gzip (negotiated and made), the
 * socket systemd passes (LISTEN_FDS) and its readiness and watchdog
 * notifications (sd_notify).  The parser and the page are pure functions,
 * unit-tested and fuzzed.
 */
#ifndef RDMATOP_HTTP_OPS_H
#define RDMATOP_HTTP_OPS_H

#include <stdbool.h>
#include <stddef.h>

/* rdmatop's port: no exporter of Prometheus's port allocation list has it */
#define HTTP_DEFAULT_PORT 19101

/*
 * Whether an Accept-Encoding value takes gzip: "gzip" (or "x-gzip") with a
 * q above 0, or "*" with a q above 0 and gzip not refused by name.
 */
bool http_accept_gzip(const char *v, size_t len);
/* in[0..n) as one gzip member into a malloc'd *out; 0 or -ENOMEM. */
int http_gzip(const char *in, size_t n, char **out, size_t *out_len);
/* The landing page (HTML, no external resource) linking to path; a
 * malloc'd string, NULL when out of memory. */
char *http_landing_page(const char *path, const char *version);

/*
 * The listening socket systemd passed (socket activation: LISTEN_FDS and
 * LISTEN_PID, the variables then unset): its descriptor, -ENOENT when none
 * was passed, -EINVAL (reason in err) when more than one or not a
 * listening stream socket.
 */
int http_passed_socket(char *err, size_t errlen);
/* Tell systemd (Type=notify): READY=1 the first time, WATCHDOG=1 at most
 * every half of WatchdogSec= after that.  Without NOTIFY_SOCKET a no-op. */
void http_notify_alive(void);
/* Whether systemd watches us (WatchdogSec=), and its interval in seconds. */
double http_watchdog_interval(void);

#endif
