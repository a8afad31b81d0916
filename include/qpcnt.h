/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Changing a port's QP counter mode (src/nl/qpcnt_set.c). */
#ifndef RDMATOP_QPCNT_H
#define RDMATOP_QPCNT_H

#include <stdio.h>

/*
 * `rdma statistic qp set link LINK auto MODE`: LINK is DEV/PORT, MODE
 * "type", "pid", "type,pid" or "off".  Reads the mode, does nothing when it
 * is already so, sets it, reads it back; explains a refusal.  Returns the
 * exit status (0 done or nothing to do, 1 refused or not verified, 2 bad
 * arguments); messages to out and err.
 */
int qpcnt_mode_set(const char *link, const char *mode, FILE *out, FILE *err);

#endif
