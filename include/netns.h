/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Changing the RDMA network-namespace mode (src/nl/netns.c). */
#ifndef RDMATOP_NETNS_H
#define RDMATOP_NETNS_H

#include <stdbool.h>
#include <stdio.h>

/*
 * Set the mode to shared or exclusive: read it first (nothing to do when it
 * matches), set it, read it back.  Messages for a person go to out / err.
 * Returns the exit status: 0 done or nothing to do, 1 refused or failed.
 */
int netns_mode_set(bool shared, FILE *out, FILE *err);

#endif
