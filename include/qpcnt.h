/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Changing a port's QP counter mode (src/nl/qpcnt_set.c). */
#ifndef RDMATOP_QPCNT_H
#define RDMATOP_QPCNT_H

#include <stddef.h>
#include <stdbool.h>

/*
 * `rdma statistic qp set link LINK auto MODE`: LINK is DEV/PORT, MODE
 * "type", "pid", "type,pid" or "off".  Reads the mode, does nothing when it
 * is already so, sets it, reads it back; explains a refusal.  Returns the
 * exit status (0 done or nothing to do, 1 refused or not verified, 2 bad
 * arguments); what happened, one line, in say (saylen bytes: the error when
 * not 0), which the caller prints.
 */
int qpcnt_mode_set(const char *link, const char *mode, char *say, size_t saylen);

/*
 * `rdma statistic qp bind link LINK lqpn N [cntn C]` (what "N" or "N:C")
 * and `rdma statistic qp unbind link LINK cntn C lqpn N` (what "N:C"
 * required): sends it, reads the bound counters back and says whether the
 * QP is in (or out of) the counter; explains a refusal.  The exit status
 * and say as qpcnt_mode_set's (src/nl/qpcnt_bind.c).
 */
int qpcnt_bind(const char *link, const char *what, bool unbind, char *say, size_t saylen);

/*
 * `rdma statistic set link LINK optional-counters A,B` (arg "LINK:A,B")
 * and `... unset link LINK optional-counters` ("LINK:off"): the named
 * optional counters on, every other off; read back.  The exit status and
 * say as qpcnt_mode_set's (src/nl/optcnt_set.c).
 */
int optcnt_set(const char *arg, char *say, size_t saylen);

#endif
