/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Changing the RDMA network-namespace mode (src/nl/netns.c). */
#ifndef RDMATOP_NETNS_H
#define RDMATOP_NETNS_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Set the mode to shared or exclusive: read it first (nothing to do when it
 * matches), set it, read it back.  What happened, one line for a person,
 * goes to say (saylen bytes); the caller prints it.  Returns the exit
 * status: 0 done or nothing to do, 1 refused or failed (say: the error).
 */
int netns_mode_set(bool shared, char *say, size_t saylen);

/*
 * `rdma dev set DEV netns NAME`: arg is DEV:NETNS, NETNS a name under
 * /var/run/netns or a PID (its /proc/PID/ns/net).  Sends it, then the
 * device must be gone from this namespace; explains a refusal (shared
 * mode, a driver that cannot move, privilege).  The exit status and say
 * as netns_mode_set's, 2 for a bad arg (src/nl/dev_netns.c).
 */
int dev_netns_move(const char *arg, char *say, size_t saylen);

#endif
