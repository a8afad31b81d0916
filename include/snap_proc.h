/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a process holding RDMA resources is: its command line, CPU and
 * memory, start time (/proc/PID/{stat,cmdline}, /proc/uptime).  stat is
 * read each sample for every process that holds resources; cmdline where
 * its /proc files are read again (the kept-owner rule: src/source/files.c),
 * else carried from the sample before (snap_pstats_keep).
 */
#ifndef RDMATOP_SNAP_PROC_H
#define RDMATOP_SNAP_PROC_H

#include <stdbool.h>
#include <stdint.h>

#include "snapshot.h"

struct snap_pci;

#define SNAP_UPTIME "/proc/uptime"

enum {
	SNAP_PST_STAT = 1 << 0,		/* ticks, start, rss, state */
	SNAP_PST_CMDLINE = 1 << 1,
	SNAP_PST_CPU = 1 << 2,		/* cpu: both samples had its stat */
	SNAP_PST_GPUS = 1 << 3,		/* gpus: its /proc/PID/fd was read */
	SNAP_PST_GPU_REL = 1 << 4,	/* rel[]: a GPU it has open is in s->pcis */
};

/*
 * Not a file: the GPU device nodes process PID has open, one a line,
 * sorted: the targets of its /proc/PID/fd links under /dev/nvidia and
 * /dev/dri/renderD (src/source/files.c; doc/recording.md).  Its error
 * where the directory cannot be read (another user's process).
 */
#define SNAP_PROC_FD "fd"	/* /proc/PID/fd */
#define SNAP_PROC_FD_MAX 4096	/* the record's bytes at most */

#define SNAP_PST_DEVS 16	/* RDMA devices a process's GPU relations cover */

struct snap_pstat {
	uint32_t pid;
	uint32_t valid;
	char state;		/* R, S, D, ... */
	uint64_t ticks;		/* utime + stime, clock ticks (USER_HZ) */
	uint64_t start;		/* starttime: ticks after boot */
	uint64_t rss;		/* resident pages */
	uint32_t cmdline;	/* string id: the arguments, NULs as spaces */
	double cpu;		/* percent of one CPU since the previous sample */
	uint32_t gpus;		/* string id: the SNAP_PROC_FD record's text */
	/*
	 * snap_pstats_gpus: for each RDMA device (its index), the relation
	 * (enum snap_topo) of the nearest GPU the process has open; and the
	 * farthest of those over the devices it has QPs on (SNAP_TOPO_N: none)
	 */
	uint8_t nrel;
	uint8_t qp_rel;
	uint8_t rel[SNAP_PST_DEVS];
	uint32_t rel_dev[SNAP_PST_DEVS];
};

/* /proc/PID/stat and /proc/PID/cmdline of a process (src/sysfs/proc_ctx.c),
 * and its SNAP_PROC_FD record: 0, -EBADMSG, -ENOMEM; file is "stat",
 * "cmdline" or "fd". */
int sysfs_pstat_parse(struct snapshot *s, uint32_t pid, const char *file, int err,
		      const char *buf, size_t len);
int sysfs_uptime_parse(struct snapshot *s, int err, const char *buf, size_t len);

/* ---- src/model/pstat.c ---- */
const struct snap_pstat *snap_pstat_find(const struct snapshot *s, uint32_t pid);
/* cmdline of the processes whose files this sample kept, from prev. */
void snap_pstats_keep(const struct snapshot *prev, struct snapshot *cur);
/* CPU % from the two samples' ticks (the same process: same start). */
void snap_pstats_rate(const struct snapshot *prev, struct snapshot *cur, double dt);
/* RSS in bytes (this machine's page size). */
uint64_t snap_pstat_rss_bytes(const struct snap_pstat *p);
/* Start time as seconds since the epoch, from the sample's uptime; 0. */
double snap_pstat_start_wall(const struct snapshot *s, const struct snap_pstat *p);

/* ---- src/model/pgpu.c ---- */
/* Each process's GPU relations (rel[], qp_rel) from its open GPUs, the PCI
 * walk and its QPs; sets SNAP_F_GPU_REL where any process has one. */
void snap_pstats_gpus(struct snapshot *s);
/* The GPUs p has open (rows of s->pcis), at most max: their count. */
unsigned int snap_pstat_gpus(const struct snapshot *s, const struct snap_pstat *p,
			     const struct snap_pci **gpus, unsigned int max);
/* The relation (enum snap_topo) of dev to the nearest GPU process pid has
 * open; SNAP_TOPO_N when it has none or it is not known. */
unsigned int snap_gpu_rel(const struct snapshot *s, uint32_t pid, uint32_t dev);

#endif
