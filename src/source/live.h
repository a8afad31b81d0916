/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The live source's state and its file reads (src/source/live.c, files.c).
 * Private to src/source.
 */
#ifndef RDMATOP_SOURCE_LIVE_H
#define RDMATOP_SOURCE_LIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "nl.h"
#include "pace.h"
#include "source.h"

#define DD_REFUSALS 32		/* (device, command) pairs remembered */

struct live {
	struct nl_sock ns;
	bool open;
	struct nl_sock mon;	/* joined to the notify group, when the kernel has it */
	bool mon_open, mon_tried;
	char sysroot[256];
	unsigned char *buf;	/* NL_BUF_SIZE */
	char *fbuf;		/* file contents */
	size_t fcap;
	int last_err;		/* the kernel's answer to the last request: 0, -errno */
	/* requests a kernel refused DRIVER_DETAILS in, asked without it since */
	struct { uint32_t dev; uint16_t cmd; } dd_no[DD_REFUSALS];
	size_t n_dd_no;
	struct source_pace pace;
};

/* Read one file (sysroot-relative path) and feed it: its length, or -errno. */
ssize_t live_read_file(struct source *src, struct snapshot *s, const char *path);
/* A port's sysfs files: rate, link layer, GIDs, P_Keys, PMA counters, its netdev's. */
void live_read_port_files(struct source *src, struct snapshot *s,
			  const struct snap_dev *d, const struct snap_port *p);
/* /proc once per distinct owner id, then once per process not yet read. */
void live_read_tasks(struct source *src, struct snapshot *s);
/* /proc/net/vlan/config when a GID's netdev is not its port's. */
void live_read_vlans(struct source *src, struct snapshot *s);

#endif
